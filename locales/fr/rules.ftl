# The rules pages: the list of games (templates/rules_index.html), a game's page
# (templates/rules_variant.html, pages/rules.rs) and each game's own text
# (templates/rules/*.html). Keys ending in -html are printed unescaped: keep their markup.
# Piece names in the prose: use the names players of your language use for these pieces
# (the pieces' table on each page takes its names from the games' registry).

## The list of games (/rules)
rules-index-title = Règles
# $count is the number of games.
rules-index-heading = { $count ->
    [4] Les quatre jeux
   *[other] Les { $count } jeux
}
# A game's board and players: "9 by 9, 2 players".
rules-index-game = { $files } sur { $ranks }, { $players } joueurs

## A game's page (/rules/<game>)
# The page's title; $game is the game's name.
rules-page-title = { $game } : règles
# Shown under every game's name: the English text is the reference. The link goes to the
# language menu at the foot of the page.
rules-translation-note-html = Les règles en anglais font foi ; cette traduction n’est fournie que par commodité (l’original anglais est accessible depuis le <a href="#footer-language">menu des langues</a>).
rules-start-heading = Position de départ
rules-try-analysis = Essayez les coups sur l’échiquier d’analyse
rules-pieces-heading = Les pièces
rules-pieces-intro = Chaque diagramme montre une pièce, cerclée de bleu, et marque chaque case où le moteur de règles lui permet d’aller depuis là : un point pour une case vide, un anneau pour une prise, un anneau en pointillés pour un sacrifice.
# Before the list of a piece's moves in its diagram.
rules-moves = Coups :
rules-notation-heading = Notation
rules-notation-html = La liste des coups de la page de partie écrit chaque coup avec la lettre de la pièce jouée, sa case de départ, <code>-</code> (ou <code>x</code> quand elle prend une pièce), sa case d’arrivée, <code>=</code> et la lettre de la nouvelle pièce pour une promotion, et <code>+</code> quand le coup laisse un joueur en échec. Les pions n’ont pas de lettre. Pour jouer, tapez seulement la case de départ et la case d’arrivée (<code>e2e3</code>, et la lettre de la nouvelle pièce pour une promotion : <code>c9c10q</code>).
# $typed is a move as typed (b1c3), $written the same move as the move list writes it (H b1-c3).
rules-notation-example-html = Par exemple, le premier coup tapé <code>{ $typed }</code> s’écrit <code>{ $written }</code>.
# The notation table's columns, and the letter cell of the pawns (which have none).
rules-letter = Lettre
rules-piece = Pièce
rules-no-letter = (aucune)
rules-scoring-heading = Points et classement
# $game is the game's name; $scoring its scoring in words from help.ftl (help-scoring-*),
# starting with a small letter ("a win scores 1-0 and counts ... .").
rules-scoring-html = Dans ce jeu, { $scoring } Une partie classée y modifie les classements Glicko-2 des deux camps selon ce qu’elle compte (<a href="/help/ratings">comment fonctionne le classement</a>).

## Headings every game's text uses
rules-in-brief-heading = Le jeu en bref
rules-special-heading = Règles particulières
rules-end-heading = Fin de la partie
rules-reconstructed-heading = Ce qui est reconstitué

## Nowan chess (templates/rules/nowan.html, nowan_special.html)
rules-nowan-brief-html = Les Échecs Nowan sont un jeu à deux sur un échiquier de 9 sur 9, présenté comme les échecs de l’île de Pan. Ses pièces sont rouges et noires, et <strong>les Noirs jouent en premier</strong>. C’est un cousin des échecs chinois avec des touches japonaises : l’échiquier est divisé en trois bandes de trois rangées, et deux des pièces gagnent en puissance tant qu’elles se trouvent au cœur du territoire ennemi.
rules-nowan-goal-html = Vous gagnez en <strong>prenant le roi adverse</strong>. L’échec n’est pas contraignant : vous pouvez laisser votre roi attaqué, voire le placer sous une attaque, et votre adversaire peut alors tout simplement le prendre. Pour épargner des coups inutiles, Herald termine la partie aussitôt quand le roi d’un joueur est attaqué et qu’aucun coup ne le met à l’abri (échec et mat).
rules-nowan-zones-heading = L’échiquier et ses zones
rules-nowan-zones-html = Les colonnes a à i vont de gauche à droite et les rangées 1 à 9 vers le haut, toutes deux vues du côté des Noirs. Les rangées 1 à 3 sont la <em>zone du camp</em> des Noirs et la <em>zone ennemie</em> des Rouges ; pour les rangées 7 à 9, c’est l’inverse ; les rangées 4 à 6 sont la <em>zone de bataille</em>. L’échiquier ci-dessous marque les limites des zones par des traits épais.
rules-nowan-sacrifice-heading = Le sacrifice
rules-nowan-sacrifice-html = Une fois par partie, au lieu d’un coup ordinaire, un joueur peut déplacer son roi en ligne droite sur l’une de ses propres pièces, à n’importe quelle distance et quoi qu’il y ait entre les deux. Cette pièce quitte la partie. Le roi et la pièce doivent se trouver tous deux dans la zone du camp du joueur, et le roi ne doit pas être en échec à ce moment-là. Le roi peut arriver sur une case attaquée. Le coup s’écrit de la case du roi à celle de la pièce, par exemple <code>e1d1</code>. Sur l’échiquier de Herald, les cibles de sacrifice du roi sont cerclées de pointillés quand vous prenez le roi (voir le diagramme du roi ci-dessus).
rules-nowan-zone-powers-heading = Pouvoirs de zone
rules-nowan-zone-powers = Un guerrier ou un éclaireur qui se trouve dans sa zone ennemie peut aussi se déplacer d’une case sur le côté, et prendre de cette façon. Le pouvoir appartient à la case : un éclaireur qui en ressort le perd, et le retrouve en y revenant. Aucune pièce n’est jamais promue ni remplacée.
rules-nowan-end-king-html = <strong>Roi pris</strong> : celui qui le prend gagne (2 points à 0).
rules-nowan-end-kings-html = <strong>Il ne reste que les deux rois</strong> : nulle immédiate, qui ne rapporte rien à aucun camp.
rules-nowan-end-checkmate-html = <strong>Échec et mat</strong> : le joueur au trait est en échec et n’a aucun coup sûr ; l’autre camp gagne 2 à 0.
rules-nowan-end-stalemate-html = <strong>Pat</strong> : le joueur au trait n’est pas en échec mais chaque coup exposerait son roi ; la partie s’arrête et le joueur qui a infligé le pat marque 1 point, l’autre 0.
rules-nowan-end-agreement = Les nulles par accord valent 0 à 0. Il n’y a pas de règle de répétition ni de nombre de coups.
rules-nowan-example = Exemple : roi noir en a1, éléphants rouges en a9 et b8, roi rouge en i9, les Noirs au trait. Le roi noir est attaqué sur la colonne a, et a2, b1 et b2 sont toutes contrôlées : échec et mat, les Rouges gagnent.
rules-nowan-reconstructed = Les règles de Herald reposent sur une copie incomplète de la description originale ; l’article dont elle provient n’a pas été retrouvé. Trois points relèvent de notre interprétation et non d’un fait attesté : les cases de départ des éclaireurs (b3 et h3, b7 et h7, là où les échecs chinois placent leurs canons), le déplacement du général (exactement deux cases, sans pouvoir sauter) et les pouvoirs de zone (le texte s’interrompt après avoir dit que « plusieurs pièces » changent dans la zone ennemie ; nous y donnons au guerrier et à l’éclaireur un pas latéral). Si l’original refait surface, ce sont ces règles qui pourront changer.

## Not Chess (templates/rules/not-chess.html, not-chess_special.html)
rules-not-chess-brief-html = Not Chess mêle l’armée des échecs à des pièces des échecs chinois sur un échiquier de 10 sur 10. <strong>Les Blancs jouent en premier</strong>. Le but est de <strong>prendre le roi adverse</strong> : les coups qui laissent votre propre roi attaqué sont permis, alors surveillez vos arrières. Chaque roi vit dans un <em>palais</em> de 4 sur 3 cases (ombré sur l’échiquier) qu’il ne peut jamais quitter, et les deux rois ne peuvent jamais se faire face sur une colonne ouverte.
rules-not-chess-facing-heading = Rois face à face
rules-not-chess-facing = Après chaque coup, les deux rois ne peuvent pas se trouver sur la même colonne sans rien entre eux. Cela interdit non seulement des coups de roi, mais aussi de retirer la dernière pièce qui les sépare. Prendre le roi est toujours permis.
rules-not-chess-pawns-heading = Pions et promotion
rules-not-chess-pawns = Tous les pions commencent sur leur troisième rangée et peuvent avancer de deux cases depuis celle-ci. Il n’y a pas de prise en passant. Un pion qui atteint la dernière rangée doit devenir dame, éléphant, cheval ou canon ; Herald vous demande laquelle quand vous jouez le coup.
rules-not-chess-checks-heading = Sept échecs font perdre
rules-not-chess-checks-html = Un joueur qui donne échec avec sept coups consécutifs sans prise, sans aucune prise de l’un ou l’autre camp entre-temps, <strong>perd</strong> au septième. Une prise, par qui que ce soit, remet les deux compteurs à zéro.
rules-not-chess-twenty-heading = Vingt coups
rules-not-chess-twenty = Vingt coups de chaque camp (40 demi-coups) sans prise ni coup de pion terminent la partie par une nulle, sauf si ce dernier coup était aussi un septième échec, qui fait perdre.
rules-not-chess-end-king = Prendre le roi fait gagner.
rules-not-chess-end-no-move = Un joueur qui n’a plus aucun coup légal perd (cela n’arrive presque jamais).
rules-not-chess-end-other = Sept échecs font perdre ; vingt coups tranquilles font nulle ; abandon et nulle par accord comme d’habitude.
rules-not-chess-reconstructed = Les déplacements de toutes les pièces et les règles particulières viennent de la page de règles originale de Not Chess. Ses images n’ont pas survécu : la position de départ, la largeur de l’échiquier et la forme du palais sont une reconstitution de Herald. Nous avons choisi 10 colonnes (la seule largeur sur laquelle un palais de 4 colonnes peut être centré), des palais sur les colonnes d à g, et une disposition initiale dans le style des échecs Capablanca et des Grand Chess, avec les canons derrière les pions. Si la disposition originale est un jour retrouvée, Herald l’adoptera.

## Chatrang (templates/rules/chatrang.html, chatrang_special.html)
rules-chatrang-brief-html = Le Chatrang est un jeu d’échecs pour <strong>quatre joueurs en deux équipes</strong>, tel qu’on l’a vu jouer près de Peshawar vers 1900. Les joueurs 1 et 3 forment l’équipe blanche, les joueurs 2 et 4 l’équipe noire. Chaque équipe joue une couleur d’un jeu ordinaire, chaque partenaire commandant une aile : le joueur 1 les colonnes a à d, le joueur 3 les colonnes e à h (et chez les Noirs, le joueur 2 de e à h, le joueur 4 de a à d). Les partenaires sont assis l’un en face de l’autre, si bien que les tours s’enchaînent <strong>joueur 1, joueur 2, joueur 3, joueur 4</strong>, en alternant entre les équipes.
rules-chatrang-colours = Sur l’échiquier de Herald, les quatre armées ont quatre couleurs : ivoire (joueur 1) et or (joueur 3) pour l’équipe blanche, ébène (joueur 2) et cramoisi (joueur 4) pour l’équipe noire.
rules-chatrang-partners-heading = Partenaires
rules-chatrang-partners = Vous ne jouez que vos propres pièces. Les pièces de votre partenaire vous bloquent comme les vôtres, vous ne pouvez pas les prendre et elles ne vous mettent jamais en échec. Vous devez garder votre propre shah à l’abri ; vous pouvez laisser celui de votre partenaire exposé, et un ennemi peut alors le prendre.
rules-chatrang-check-heading = Échec, échec et mat et élimination
rules-chatrang-check = Un joueur dont le shah est attaqué doit le soustraire à l’attaque. Le mat n’est constaté qu’au début du tour du joueur en échec, si bien que les joueurs qui jouent entre-temps, surtout le partenaire, peuvent encore venir à la rescousse. Un joueur qui est mat, dont le shah est pris, ou qui abandonne ou dépasse son temps, est éliminé : son shah et toutes ses pièces quittent l’échiquier et ses tours sont sautés. Son partenaire continue seul.
rules-chatrang-passing-heading = Passer
rules-chatrang-passing-html = Un joueur qui n’a aucun coup légal mais n’est pas en échec passe ; Herald l’indique par <em>pass</em> dans la liste des coups. Si tous les joueurs restants passent à la suite, la partie est nulle.
rules-chatrang-promotion-heading = Pas de promotion
rules-chatrang-promotion = Un sarbaz qui atteint la dernière rangée y reste un sarbaz.
rules-chatrang-end-shahs = Une équipe dont les deux shahs ont disparu perd.
rules-chatrang-end-bared = Une équipe qui dépouille l’autre de toutes ses pièces (ne lui laissant que ses shahs) gagne, mais s’il ne lui reste qu’une seule pièce et que l’équipe dépouillée joue ensuite, ce joueur a droit à une réponse : prendre la dernière pièce ne laisse que des shahs nus, et c’est nulle.
rules-chatrang-end-bare-shahs = Seulement des shahs sur l’échiquier : nulle.
rules-chatrang-end-agreement = Une nulle par accord demande l’accord de tous les joueurs encore dans la partie.
rules-chatrang-reconstructed = Le seul témoignage sur ce jeu est un bref récit de témoin transmis par H. J. R. Murray en 1913. Il nomme les pièces et les trois façons dont une partie se terminait, mais pas tous les détails ; Herald comble donc les lacunes : la disposition exacte des pièces (comme dans l’implémentation de Ludii), l’ordre des tours, le mat constaté au tour de la victime, le passe quand un joueur ne peut pas jouer, et la réponse unique accordée à une équipe dépouillée. Ce sont nos interprétations, choisies pour que chaque fin de partie du récit soit possible.

## Ancient chess (templates/rules/ancient.html, ancient_special.html)
rules-ancient-brief-html = Les Échecs anciens sont le dernier jeu d’une série d’Andy Maxson qui remonte l’histoire des échecs, avec des pièces empruntées aux échecs chinois. Ils se jouent à deux sur un échiquier de 8 sur 8 divisé par une <em>ligne médiane</em> entre les rangées 4 et 5 (tracée en gras sur l’échiquier). <strong>Les Blancs jouent en premier</strong>. Il n’y a aucune nulle possible : on gagne par échec et mat, en mettant l’adversaire pat ou en prenant toutes ses pièces sauf le général.
rules-ancient-general-heading = Le général
rules-ancient-general = Le général se déplace d’une case en ligne droite et ne peut jamais franchir la ligne médiane. Une fois par partie, s’il n’a jamais bougé et n’est pas en échec, il peut à la place faire un saut de cheval vers une case vide de son propre côté. Les deux généraux ne peuvent jamais se faire face sur une colonne ou une diagonale sans rien entre eux, et deux généraux adjacents comptent comme se faisant face.
rules-ancient-repetition-heading = La répétition est interdite
rules-ancient-repetition = Aucun coup ne peut créer une position qui s’est déjà produite deux fois. Un joueur dont tous les coups sont ainsi interdits n’a aucun coup légal, et perd.
rules-ancient-end-no-move = Un joueur sans coup légal perd, qu’il soit en échec (mat) ou non (pat).
rules-ancient-end-bare = Un joueur à qui il ne reste que son général perd aussitôt : la prise qui le dépouille fait gagner.
rules-ancient-end-no-draws = Il n’y a pas de nulle.
rules-ancient-options-heading = Règles optionnelles
rules-ancient-options = Une partie peut être créée avec n’importe quelle combinaison de trois options :
rules-ancient-option-ferz-html = <strong>Fers en avant</strong> : le fers fait son pas droit vers l’avant au lieu de l’arrière.
rules-ancient-option-jumping-html = <strong>Sauts</strong> : le cheval et l’éléphant (ainsi que le saut de cheval du général) sautent par-dessus les pièces.
rules-ancient-option-promotion-html = <strong>Promotion</strong> : un pion qui atteint la dernière rangée doit être promu, en fers, ou en char, cheval ou éléphant s’il en reste moins de ce type qu’au départ.
rules-ancient-reconstructed = La page originale donne tous les déplacements de pièces et toutes les règles, mais son diagramme de mise en place a été perdu. L’échiquier de Herald (8 sur 8) et sa position de départ (la première rangée du shatranj avec le fers en d1 et le général en e1, une deuxième rangée vide et les pions sur la troisième) sont notre reconstitution. Deux interprétations sont aussi les nôtres : les trois chemins de l’éléphant pour un déplacement droit de deux cases, et des pions qui prennent comme ils se déplacent.
