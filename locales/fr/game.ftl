# La page de partie (templates/game.html, game_takeback.html).
game-page-accept-invitation = Accepter l’invitation
game-page-decline = Refuser
game-page-join = Rejoindre cette partie
game-page-offer-rematch = Proposer une revanche
game-page-accept-draw = Accepter la nulle
game-page-decline-draw = Refuser la nulle
game-page-you-offered-draw = Vous avez proposé la nulle.
game-page-offer-draw = Proposer la nulle
game-page-abort = Annuler la partie
game-page-resign-sure = J’en suis sûr
game-page-resign = Abandonner
game-page-type-move = Saisir un coup
game-page-play = Jouer
game-page-takeback-accept = Accepter de reprendre le coup
game-page-takeback-decline = Refuser de reprendre le coup
game-page-takeback-withdraw = Retirer la demande
game-page-takeback-ask = Demander à reprendre le coup
game-page-takeback-help = Comment reprendre un coup
# L’échiquier, pour les lecteurs d’écran et les infobulles.
board-caption = Échiquier ({ $game }), { $side } en bas
board-side-team = l’équipe des { $team }
board-square-piece = { $square }, { $piece }
board-square-empty = { $square }, vide
# Une pièce sur l’échiquier : son nom et la couleur de son armée (« Pion (blanc) »).
board-piece = { $piece } ({ $colour })
# Une pièce dans une partie par équipes (Chatrang) : « Pil de Joueur 3 (or, équipe des Blancs) ».
board-piece-in-team = { $piece } de { $seat } ({ $colour }, équipe des { $team })
# Ajouté après le nom de la case et la pièce, séparateur compris.
board-mark-check = , en échec
board-mark-last = , dernier coup
board-mark-selected = , sélectionnée
board-mark-sacrifice = , sacrifier cette pièce
board-mark-move-here = , jouer ici
# Le reste de la page de partie (templates/game.html).
# Le titre et l’en-tête de la page : « Partie de Chatrang » suivi du numéro de la partie.
game-page-title = Partie de { $game }
game-page-replay-position = Position après le coup { $at } sur { $ply }.
game-page-you-play = Votre camp :
# Une place dans une partie par équipes : « or, équipe des Blancs ».
game-page-team-words = { $colour }, équipe des { $team }
game-page-next-game = Partie suivante
game-page-waiting = { $count } en attente
game-page-new-chat = Nouveau message dans la discussion
game-page-ended-by-admin = Terminée par un administrateur : { $why }
# Avant le coup qu’un joueur doit confirmer (« Jouer ce coup ? e2-e4 »).
game-page-confirm-play = Jouer ce coup ?
game-page-confirm-move = Confirmer le coup
game-page-cancel = Annuler
game-page-promote-to = Promouvoir en :
game-page-choose-piece = Choisissez la nouvelle pièce :
game-page-confirm-your-move = Confirmez votre coup :
game-page-choice-promote = Promouvoir en { $piece }
game-page-choice-play = Jouer { $move }
game-page-must-pass = Vous n’avez aucun coup légal et votre Shah n’est pas attaqué : vous passez votre tour.
game-page-pass = Passer
game-page-flip = Retourner l’échiquier
game-page-sound = Son quand votre adversaire joue
game-page-replay = Relecture
game-page-start-position = Position initiale
game-page-previous-move = Coup précédent
game-page-move = Coup
game-page-back-to-game = retour à la partie
game-page-next-move = Coup suivant
game-page-current-position = Position actuelle
game-page-rated = Classée
game-page-casual = Amicale
game-page-rules = Règles
game-page-open-to = Ouverte aux joueurs selon leur classement : { $range }.
game-page-bots-fill = Compléter les places libres avec des bots
game-page-bots-rated = Cette partie est classée, et les parties avec des bots sont amicales sur ce site : les bots ne peuvent pas y prendre de place.
game-page-bots-scheduled = Des bots de niveau { $level } prendront les places encore libres le { $when }.
game-page-bots-level = Niveau
game-page-bots-seat = Place
game-page-bots-every-seat = toutes les places libres
game-page-bots-when = Quand
game-page-bots-now = maintenant
game-page-bots-in-an-hour = dans une heure si personne ne vient
game-page-bots-in-a-day = dans un jour si personne ne vient
game-page-bots-seat-them = Placer les bots
game-page-bots-link = les bots
game-page-rematch-of-html = Une revanche de la <a href="/games/{ $game }">partie { $game }</a>.
game-page-of-tournament = Une partie du tournoi
game-page-rematch-offered = { $who } a proposé une revanche :
game-page-rematch-you-offered = Vous avez proposé une revanche :
game-page-rematch-someone-offered = Un joueur a proposé une revanche :
game-page-rematch-waiting = en attente d’une réponse
game-page-rematch-accepted = acceptée : en cours
game-page-rematch-declined = refusée
game-page-rematch-aborted = annulée
game-page-rematch-played = jouée
game-page-accept-rematch = Accepter la revanche
game-page-players = Joueurs
game-page-you-mark = (vous)
game-page-invited = { $who } (invité)
game-page-open-seat = place libre
game-page-out = hors de la partie
game-page-offers-draw = propose la nulle
game-page-vacation = en vacances
game-page-vacation-clock-stopped = en vacances : la pendule est arrêtée
game-page-to-move = au trait
# Avant l’échéance : « au trait jusqu’au lun. 30 nov. 2026, 14:00 UTC ».
game-page-by = jusqu’au
game-page-claim-aborts = Le joueur au trait a dépassé son temps sans jamais avoir joué : réclamer annule la partie, sans vainqueur.
game-page-claim-abort = Annuler la partie au temps
game-page-out-of-time = Le joueur au trait a dépassé son temps.
game-page-claim-win = Réclamer la victoire
game-page-moves = Coups
game-page-no-moves = Pas encore de coup.
game-page-moves-label = Coups (choisissez-en un pour voir sa position ; les flèches gauche et droite avancent pas à pas)
# Pour les lecteurs d’écran, avant chaque coup de la liste : « coup 3, Blancs ».
game-page-move-label = coup { $round }, { $seat }
game-page-pieces = Pièces
game-page-notation-written = Les coups s’écrivent avec la lettre de la pièce (les pions n’en ont pas)
game-page-notation-signs-html = <code>x</code> prend, <code>=</code> suivi d’une lettre promeut, <code>+</code> donne échec.
game-page-notation-typed = Saisissez les coups par case de départ et case d’arrivée
game-page-notation = Notation
game-page-move-message = Message avec le coup
game-page-move-message-hint = (facultatif ; envoyé aussi avec un coup joué sur l’échiquier)
game-page-draw-declined = { $who } a refusé la proposition de nulle.
game-page-draw-declined-you = Vous avez refusé la proposition de nulle.
game-page-status-waiting = En attente que les joueurs prennent leur place.
game-page-status-your-move = À vous de jouer.
game-page-status-to-move = { $seat } au trait ({ $player }).
game-page-status-next-move = En attente du prochain coup.
game-page-conditionals = Mes coups conditionnels
game-page-conditionals-pending = { $count ->
    [one] { $count } ligne en attente
   *[other] { $count } lignes en attente
}
game-page-conditionals-private = personne d’autre ne les voit
game-page-conditionals-help = À partir de la position actuelle : les coups des autres joueurs, puis votre réponse (puis leur coup suivant, votre réponse suivante…) ; si c’est votre tour, une ligne commence par votre propre coup. Quand un coup correspond à une ligne, votre réponse est jouée aussitôt ; les lignes qui ne correspondent pas sont abandonnées. L’échiquier d’analyse ci-dessous peut ajouter une ligne ici.
game-page-conditionals-lines = Lignes, une par ligne de texte, coups séparés par des espaces
game-page-conditionals-limits = Au plus { $lines } lignes de { $moves } coups ; chaque coup est vérifié à l’enregistrement. Une zone vide les annule toutes.
game-page-conditionals-reveal = Montrer ces lignes avec la feuille de partie une fois celle-ci terminée
game-page-conditionals-save = Enregistrer les coups conditionnels
game-page-conditionals-hide = Retirer mes lignes conditionnelles de la feuille de partie
game-page-conditionals-show = Montrer mes lignes conditionnelles avec la feuille de partie
game-page-conditionals-none = Vous n’avez saisi aucun coup conditionnel dans cette partie.
game-page-computer = Analyse par ordinateur
game-page-computer-request = Demander une analyse par ordinateur
game-page-computer-sign-in = Connectez-vous pour demander une analyse par ordinateur de cette partie.
game-page-computer-chart = Chances de gain du camp de la première place après chaque coup (cliquez sur un point pour voir la position).
game-page-computer-accuracy = Précision :
game-page-computer-move = Coup
game-page-computer-played = Joué
game-page-computer-eval = Évaluation
game-page-computer-line = Ligne du moteur avant ce coup
game-page-computer-queued = Analyse en file d’attente : rechargez la page dans une minute.
game-page-computer-running = Analyse en cours : rechargez la page dans une minute.
game-page-computer-failed = L’analyse a échoué.
game-page-computer-done = Analyse terminée.
game-page-computer-how = Comment les coups sont jugés
# À qui appartient une précision quand la place est inconnue.
game-page-computer-seat = place { $seat }
game-page-revealed = Lignes conditionnelles dévoilées
game-page-revealed-from = à partir du coup { $move } :
game-page-notes = Mes notes
game-page-notes-private = privées
game-page-notes-published = privées ; publiées avec la partie
game-page-notes-game = Sur la partie
game-page-notes-position = Sur la position après le coup { $move }
game-page-notes-after = Après le coup { $move }
game-page-notes-save = Enregistrer
game-page-notes-unpublish = Retirer mes notes de la feuille de partie
game-page-notes-publish = Publier mes notes avec la partie (commentaires PGN et mes variantes enregistrées)
game-page-report = Signaler cette partie
game-page-report-what = Quel est le problème ?
game-page-report-hint = les administrateurs le liront
game-page-report-send = Envoyer le signalement
game-page-analysis-board = Échiquier d’analyse
# Un coup ou une action refusés, affichés au-dessus de l’échiquier.
game-page-refused-stale = Votre adversaire a joué : l’échiquier montre maintenant la position actuelle. Choisissez de nouveau votre coup.
game-page-refused-illegal = Ce coup n’est pas légal : { $reason }.
# La plage de classement d’un défi ouvert.
game-range-between = { $min }-{ $max }
game-range-at-least = au moins { $min }
game-range-at-most = au plus { $max }
# La discussion de la partie (templates/game_chat.html).
chat-title = Discussion
chat-spectators-read = Les spectateurs peuvent lire cette conversation.
chat-players-only = Seuls les joueurs lisent cette conversation.
chat-team-private = Les messages d’équipe ne sont vus que par votre partenaire.
chat-team-tag = équipe
chat-with-move = au coup { $move }
chat-actions = actions sur ce message
chat-report-label = Signaler ce message
chat-report-what = Quel est le problème ?
chat-report = Signaler
chat-hide-why = Pourquoi (conservé dans le journal d’audit)
chat-hide-why-label = Pourquoi le masquer
chat-hide = Masquer pour tous
chat-empty = Pas encore de message.
chat-message = Message
chat-to = À
chat-to-everyone = Tous les participants de la partie
chat-to-partner = Mon partenaire seulement (équipe)
chat-send = Envoyer
chat-published-by-you = Vous avez publié votre canal d’équipe ; il deviendra public quand votre partenaire le publiera aussi.
chat-publish = Publier notre canal d’équipe avec la partie (public une fois que les deux partenaires sont d’accord)
# L’échiquier d’analyse (templates/analysis_board.html).
analysis-intro = Déplacez librement les pièces selon leurs coups légaux, construisez des variantes et parcourez-les ; les coups et les résultats sont ceux du moteur de règles ; le moteur n’évalue une position que si vous l’activez.
analysis-intro-game = Déplacez librement les pièces selon leurs coups légaux depuis n’importe quelle position de la partie, construisez des variantes et parcourez-les ; les coups et les résultats sont ceux du moteur de règles ; le moteur n’évalue une position que si vous l’activez. Votre échiquier principal et vos coups dans la partie ne sont pas touchés.
analysis-needs-js = L’échiquier d’analyse nécessite JavaScript.
analysis-engine = Moteur
analysis-step = Parcourir l’analyse
analysis-first = Première position
analysis-first-key = Première position (Début)
analysis-back = Reculer d’un coup
analysis-back-key = Reculer d’un coup (flèche gauche)
analysis-forward = Avancer d’un coup
analysis-forward-key = Avancer d’un coup (flèche droite)
analysis-last = Fin de cette ligne
analysis-last-key = Fin de cette ligne (Fin)
analysis-flip = Retourner
analysis-tree = Coups et variantes
analysis-delete = Supprimer ce coup et la suite
analysis-go-to-game = Aller à cette position sur l’échiquier de la partie
analysis-add-conditional = Ajouter cette ligne à mes coups conditionnels
analysis-save = Enregistrer mes variantes
analysis-saved-hint = Les variantes enregistrées ne sont visibles que par vous ; après la partie, vous pouvez les publier avec vos notes, et le PGN de la partie les contient alors.
# L’échiquier d’analyse autonome (templates/analysis.html).
analysis-heading-start = { $game } : la position initiale
analysis-heading-set-up = { $game } : la position mise en place
analysis-page-intro = Mettez en place n’importe quelle position de n’importe quel jeu de Herald et déplacez les pièces selon leurs coups légaux, comme le dit le moteur de règles. Rien n’est conservé ici : pour garder des variantes sur une partie, utilisez l’échiquier d’analyse de la page de la partie.
analysis-page-game = Jeu
analysis-page-position = Chaîne de position
analysis-page-position-empty = vide : la position initiale
analysis-page-position-hint-html = Telle que la définit la <a href="/rules">page des règles</a> du jeu.
analysis-page-options = Options de { $game }
analysis-page-set-up = Mettre en place l’échiquier
# The takeback panel's news (templates/game_takeback.html).
takeback-you-asked = Vous avez demandé à reprendre votre coup { $move } ; { $answer } répond.
takeback-asks-you = { $asker } demande à reprendre le coup { $move }.
takeback-asks = { $asker } demande à reprendre le coup { $move } ; { $answer } répond.
takeback-declined-you = Vous avez refusé la reprise du coup.
takeback-declined = { $who } a refusé la reprise du coup.
takeback-accepted-you = Vous avez accepté la reprise : { $move } a été repris.
takeback-accepted = { $who } a accepté la reprise : { $move } a été repris.
# In the move list, where a player of a team game withdrew: "Player 2 resigned".
game-page-withdrew = { $seat } a abandonné
# The computer analysis chart's title and each point's.
game-page-computer-chart-title = Évaluation après chaque coup
game-page-computer-chart-point = Coup { $move }
# A conditional reply the rules refused (the notice above the lines).
game-page-conditional-dropped = Votre réponse conditionnelle { $reply } n’était plus légale et n’a pas été jouée ; vos lignes ont été abandonnées.
