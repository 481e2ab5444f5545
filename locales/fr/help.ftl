# The help pages (templates/help_time.html, help_takebacks.html, help_engine.html,
# help_analysis.html, help_ratings.html) and the scoring sentences built in pages/help.rs.
# Keys ending in -html are printed unescaped: keep their markup as it is.

## How the clock works (/help/time)
help-time-title = Comment fonctionne la pendule
help-time-lead = Sur Herald, on joue par correspondance : il n’y a pas de pendule qui tourne, seulement un délai pour chaque coup.
help-time-days-heading = Jours par coup
# $max and $default are numbers of days.
help-time-days = Chaque partie a un nombre fixe de jours par coup, choisi à sa création : de 1 à { $max }, { $default } si son créateur n’a rien choisi d’autre. Chaque joueur dispose de ce temps pour chaque coup.
help-time-turn-heading = Quand votre tour commence et se termine
help-time-start-term = Début
help-time-start = Votre tour commence dès que le coup précédent est enregistré. Le premier tour d’une partie commence quand la dernière place est prise.
help-time-deadline-term = Délai
help-time-deadline-html = Le délai est le début plus les jours par coup, à la minute près (24 heures par jour). Herald l’affiche dans votre fuseau horaire (à régler dans <a href="/settings#preferences">Réglages</a>) et en temps restant, par exemple « encore 2 jours 4 heures ».
help-time-no-saving-term = Pas de réserve
help-time-no-saving = Avec les jours par coup, le temps que vous n’utilisez pas n’est pas reporté : jouer vite ne vous donne pas plus de temps plus tard. Les deux autres pendules tiennent une réserve.
help-time-kinds-heading = Jours Fischer et pendules ICCF
help-time-kinds = Le créateur d’une partie, ou l’organisateur d’un tournoi, peut choisir, au lieu des jours par coup, l’une de deux pendules qui tiennent une réserve de temps. La page de la partie affiche la réserve de chaque joueur, et l’API donne le temps de chaque place sous la forme remaining_ms.
help-time-fischer-term = Jours Fischer
help-time-fischer = Chaque joueur commence avec une réserve de jours (de 1 à { $max_bank }). Le temps que vous prenez pour un coup est retiré de votre réserve, à la milliseconde près ; après chaque coup, l’incrément (de 0 à { $max_increment } heures) est ajouté, mais la réserve ne dépasse jamais son plafond. Votre délai est le début de votre tour plus toute votre réserve. Une réponse conditionnelle, jouée à l’instant où son tour commence, ne consomme pas de temps et reçoit quand même l’incrément.
help-time-iccf-term = ICCF : des coups en jours
help-time-iccf = Comme dans les compétitions par correspondance de l’ICCF (son règlement du jeu, article 2.4.2) : vous avez D jours pour chaque série de M coups, par exemple 10 coups en 50 jours, et le temps que vous n’utilisez pas est reporté. Après votre M-ième coup (puis votre 2M-ième, et ainsi de suite), D jours de plus s’ajoutent à ce qui vous reste.
help-time-iccf-whole-days-term = Jours entiers
help-time-iccf-whole-days = Herald décompte pour chaque coup les périodes entières de 24 heures écoulées pendant que vous aviez le trait : une réponse en moins de 24 heures ne coûte rien, une réponse après 3 jours et 5 heures coûte 3 jours. Les heures au-delà du dernier jour entier ne sont pas décomptées, et le temps passé en congé ne compte pas.
help-time-iccf-double-term = Temps double
help-time-iccf-double = Un seul coup qui prend plus de 20 jours entiers est décompté double pour chaque jour au-delà du 20e : 23 jours en coûtent 26.
help-time-iccf-flag-term = Temps épuisé
help-time-iccf-flag = Votre temps est épuisé quand les jours décomptés pour votre coup en cours dépasseraient les jours qui restent dans votre réserve ; la page de la partie affiche ce moment comme votre délai. Un coup joué après, avant que quiconque ne réclame, vous laisse une réserve vide.
help-time-iccf-not-term = Ce que Herald ne reprend pas
help-time-iccf-not = La règle des 40 jours de silence de l’ICCF et ses propres règles de congé : le quota de congés de Herald et la réclamation décrite ci-dessous s’appliquent à tous les types de pendule.
help-time-timeout-heading = Quand un joueur dépasse son temps
help-time-claim-html = Quand un délai est dépassé, l’adversaire qui attend le joueur en retard peut <strong>réclamer la victoire</strong> (au Chatrang, l’un ou l’autre joueur de l’autre équipe). Tant que personne ne réclame, le joueur en retard peut encore jouer, et ce coup met fin à la réclamation.
help-time-claim-ends = Une réclamation termine la partie : le joueur en retard perd au temps. Au Chatrang, le joueur en retard est éliminé comme s’il avait abandonné, et la partie continue tant que son partenaire joue encore. Si le joueur en retard n’avait encore joué aucun coup de la partie, celle-ci est annulée à la place et n’a pas de résultat.
help-time-automatic = Certaines parties sont créées pour se terminer automatiquement à l’expiration du délai au lieu d’attendre une réclamation. Et aucune partie n’attend indéfiniment : une partie où la victoire aurait pu être réclamée depuis longtemps (30 jours, sauf indication contraire du serveur) est terminée par Herald.
help-time-warning = Herald avertit un joueur une fois, quand 80 % de son temps pour le coup est écoulé : 80 % du temps dont il disposait au début du tour (les jours par coup, la réserve Fischer ou les jours ICCF avant que le temps soit épuisé).
help-time-takeback-html = Dans une partie amicale, une <a href="/help/takebacks">reprise</a> acceptée donne au joueur dont le coup a été repris un nouveau délai, à compter du moment où elle a été acceptée : tous les jours par coup ou, avec les pendules Fischer et ICCF, la réserve telle qu’elle est (le temps déjà écoulé n’est pas rendu).
help-time-vacation-heading = Congés
help-time-vacation = Chaque compte dispose chaque année d’un quota de jours de congé (30, sauf indication contraire du serveur). Pendant vos congés, les délais de vos coups sont repoussés du temps écoulé, et vos adversaires voient que vous êtes en congé. Ils prennent fin quand vous les désactivez ou jouez un coup.

## Takebacks (/help/takebacks)
help-takebacks-title = Reprendre un coup
help-takebacks-lead = Un clic de travers ? Dans une partie amicale, vous pouvez demander à reprendre votre coup, et votre adversaire décide.
help-takebacks-when-heading = Quand vous pouvez le demander
help-takebacks-when-casual-html = Seulement dans les parties <strong>amicales</strong> qui ne font pas partie d’un tournoi. Les parties classées et les parties de tournoi n’autorisent jamais les reprises.
help-takebacks-when-in-progress = La partie est en cours, vous y jouez et vous y êtes encore (au Chatrang, vous n’êtes pas éliminé).
help-takebacks-when-own-move-html = Le coup est <strong>votre propre dernier coup</strong>, et c’est encore le dernier coup de la partie : personne n’a joué depuis. Au Chatrang, c’est le joueur suivant au trait qui répond à votre demande.
help-takebacks-when-one-request = Une demande à la fois : tant qu’une demande attend sa réponse, personne ne peut en faire une autre.
help-takebacks-answering-heading = La réponse
help-takebacks-answering = Le joueur au trait (votre adversaire ou, au Chatrang, le joueur suivant) voit la demande sur la page de la partie et l’accepte ou la refuse. Un bot accepte aussitôt. Vous pouvez retirer votre demande tant qu’elle n’a pas reçu de réponse.
help-takebacks-lapses = Une demande devient caduque dès qu’un coup est joué (si votre adversaire joue au lieu de répondre, c’est un non) et quand la partie se termine.
help-takebacks-accepted-heading = Ce que fait une reprise acceptée
help-takebacks-accepted-removed = Votre coup est supprimé : l’échiquier, la liste des coups, la mise en évidence du dernier coup, le relevé de la partie (et son PGN) reviennent un coup en arrière, exactement comme s’il n’avait jamais été joué. Tout ce que comptent les règles (échecs consécutifs, zones, sacrifice déjà utilisé, joueurs éliminés) est recalculé à partir des coups restants.
help-takebacks-accepted-clock-html = <strong>La pendule :</strong> c’est de nouveau à vous de jouer, avec un nouveau délai : tous les jours par coup de la partie, comptés à partir du moment où la reprise a été acceptée (comme si votre adversaire venait de jouer). Un avertissement déjà envoyé pour votre tour précédent ne compte pas : vous êtes averti de nouveau à 80 %.
help-takebacks-accepted-draws = Les propositions de nulle en attente deviennent caduques : elles portaient sur une position qui n’existe plus. Proposez de nouveau la nulle si vous la voulez toujours.
help-takebacks-accepted-conditional = Les coups conditionnels enregistrés après votre coup (par n’importe quel joueur) sont supprimés, avec une notification : ils suivaient une position qui n’existe plus. Les notes sur la position après votre coup, et les variantes d’analyse enregistrées qui en partent, sont supprimées aussi.
help-takebacks-accepted-log = Le journal des événements de la partie garde toute l’histoire : le coup, la demande et la réponse.
help-takebacks-declined = Une demande refusée ne change rien : votre coup est maintenu et la pendule continue comme avant.

## The engine and fair play (/help/engine)
help-engine-title = Le moteur et le fair-play
help-engine-lead = Herald a son propre moteur pour ses quatre jeux : il évalue les positions sur l’échiquier d’analyse, et ce même moteur joue à huit niveaux.
help-engine-eval-heading = L’évaluation sur l’échiquier d’analyse
# $budget is a number of milliseconds.
help-engine-eval-html = Activez <b>Moteur</b> sous l’échiquier d’analyse et chaque position où vous allez est évaluée : un nombre de pions (un centième de pion est un centipion ; +1,00 correspond à peu près à un pion d’avance) du point de vue du camp au trait, ou « gagne en N » quand il voit un gain forcé à N coups de ce camp, avec son meilleur coup et la ligne qu’il attend. Le moteur réfléchit au plus { $budget } millisecondes par position sur le serveur : son jugement est rapide, pas profond. Servez-vous-en pour vérifier la tactique, pas comme le dernier mot.
help-engine-fair-play-heading = Le fair-play dans les parties en cours
help-engine-allowed-html = Sur ce site, <b>l’aide du moteur est autorisée</b> dans les parties en cours, comme dans les échecs par correspondance de l’ICCF : chaque joueur peut interroger le moteur sur les positions de ses propres parties.
help-engine-not-allowed-html = Sur ce site, <b>l’aide du moteur n’est pas autorisée</b> dans les parties en cours, comme sur lichess : le serveur refuse d’évaluer une position de l’une de vos parties en cours, ou une position un coup plus loin. Les spectateurs peuvent évaluer n’importe quelle position, et une fois la partie terminée, ses joueurs peuvent l’étudier avec le moteur comme tout le monde. L’échiquier d’analyse libre évalue toujours les positions qui ne sont pas dans vos parties en cours.
help-engine-rule = Les administrateurs du site choisissent cette règle (l’ICCF autorise les moteurs par correspondance ; lichess non).
help-engine-bots-heading = Bots
help-engine-bots-html = Ce même moteur fait jouer les <a href="/bots">bots</a> du club : des comptes marqués d’un badge BOT, chacun à l’un des huit niveaux du moteur, du niveau 1 (le premier adversaire d’un débutant, à peine meilleur que des coups au hasard) au niveau 8. Chaque niveau marque entre 60 % et 85 % contre le niveau inférieur, dans chaque jeu. Un bot répond quelques secondes après son tour, ne réclame jamais de victoire au temps (il vous attend) et peut prendre les places libres d’une table de Chatrang, où il joue pour l’équipe de son partenaire. Les classements laissent les bots de côté, sauf si vous le demandez (<a href="/leaderboard?bots=1">avec les bots</a>).

## Computer analysis (/help/analysis)
help-analysis-title = Analyse par ordinateur
help-analysis-lead-html = Tout membre connecté peut demander l’analyse par ordinateur d’une partie terminée (toutes les parties de ce site sont publiques) : le bouton est sous la partie, ou <code>POST /api/v1/games/{"{"}id{"}"}/analysis</code>. Une partie est analysée une seule fois ; la redemander affiche la même analyse.
help-analysis-queue-heading = La file d’attente et la limite quotidienne
# $cap is a number of analyses.
help-analysis-queue-html = Les demandes attendent dans une file : chaque serveur traite une partie à la fois, sur les propres threads du moteur, si bien que les coups reçoivent une réponse aussi rapide pendant qu’il réfléchit. Chaque membre peut demander au plus <strong>{ $cap }</strong> analyses par jour (UTC) ; les administrateurs fixent la limite sur <a href="/admin">la page d’administration</a> (0 désactive les demandes). Tant que la partie attend ou est en cours d’analyse, la page l’indique et l’API répond 202 ; une fois terminé, 200.
help-analysis-computed-heading = Ce qui est calculé
# $nodes is a number of positions searched.
help-analysis-computed-html = Le moteur explore chaque position de la partie sur un nombre fixe de nœuds ({ $nodes } sur ce serveur). Chaque coup reçoit l’évaluation qui le suit, en pions (ou une fin forcée, <code>#n</code>, en coups), toujours du point de vue du camp qui joue en premier (au Chatrang : l’équipe de la première place) ; le meilleur coup et la ligne du moteur dans la position précédente ; et une annotation.
help-analysis-marks-heading = Imprécisions, erreurs et gaffes
help-analysis-chances-html = Une évaluation est convertie en <em>chances de gain</em> de −1 (perdu) à +1 (gagné) avec la courbe que lichess a ajustée aux résultats de ses joueurs : chances = 2 / (1 + e<sup>−0.00368·cp</sup>) − 1, les centipions étant plafonnés à ±10 pions et un gain ou une perte forcés comptant pour ±1. Un coup est jugé d’après les chances que le camp de son auteur a perdues (au Chatrang, son équipe) :
help-analysis-inaccuracy = une baisse de 0,1 ou plus : imprécision (?!, NAG $6) ;
help-analysis-mistake = 0,2 ou plus : erreur (?, $2) ;
help-analysis-blunder = 0,3 ou plus : gaffe (??, $4).
help-analysis-example = Par exemple, passer d’une position égale (0,00) à −0,50 est une baisse de 0,09 : pas d’annotation ; à −0,60, une baisse de 0,11 : une imprécision ; de +1,00 à −1,00, une baisse de 0,36 : une gaffe. Des chances plutôt que de simples centipions, car perdre un pion compte dans une partie égale et presque pas quand on a déjà neuf pions d’avance ou de retard.
help-analysis-accuracy-heading = Précision
help-analysis-accuracy-html = La précision de chaque coup vaut 103.1668 · e<sup>−0.04354·d</sup> − 3.1669, entre 0 et 100, où <em>d</em> est la baisse du pourcentage de gain de son auteur (50 + 50 × chances) causée par le coup (0 si le coup n’a rien perdu). Un coup qui conserve les chances obtient 100 ; perdre 10 points de pourcentage de gain, environ 64. La précision d’un joueur est la simple moyenne de ses coups.
help-analysis-pgn-heading = PGN
help-analysis-pgn-html = Une fois la partie analysée, son PGN porte l’évaluation après chaque coup sous la forme <code>{"{"}[%eval 0.35]{"}"}</code> et les annotations sous forme de NAG.
help-analysis-fair-play-heading = L’aide du moteur pendant une partie
help-analysis-fair-play-allowed-html = L’échiquier d’analyse d’une position libre (<a href="/analysis">/analysis</a>) peut toujours interroger le moteur. Dans une partie en cours, l’évaluation du moteur est désactivée pour ses joueurs, sauf si les administrateurs autorisent l’aide du moteur dans les parties en cours (les échecs par correspondance de l’ICCF autorisent les moteurs ; lichess non). Sur ce site : <strong>autorisée</strong>.
help-analysis-fair-play-not-allowed-html = L’échiquier d’analyse d’une position libre (<a href="/analysis">/analysis</a>) peut toujours interroger le moteur. Dans une partie en cours, l’évaluation du moteur est désactivée pour ses joueurs, sauf si les administrateurs autorisent l’aide du moteur dans les parties en cours (les échecs par correspondance de l’ICCF autorisent les moteurs ; lichess non). Sur ce site : <strong>non autorisée</strong>.

## How ratings work (/help/ratings)
help-ratings-title = Comment fonctionne le classement
help-ratings-lead = Chaque joueur a un classement par jeu (les Échecs anciens, avec ou sans leurs options, comptent pour un seul jeu), calculé avec Glicko-2, le système qu’utilisent lichess et pychess.
help-ratings-rated-heading = Parties classées et amicales
help-ratings-rated = Qui crée une partie choisit : classée ou amicale. Une partie est classée sauf si son créateur en décide autrement, sauf pour un compte de moins d’un jour, dont les parties sont amicales sauf s’il demande une partie classée (ainsi un nouveau compte ne peut pas gonfler un classement, ni par accident ni exprès). Seule une partie classée terminée après que chaque joueur a joué au moins un coup modifie les classements : au Chatrang, cela veut dire les quatre joueurs, pas un de chaque équipe, si bien qu’une partie qui se termine (par abandons, par exemple) avant que chacun des quatre ait joué un coup n’est pas classée, quelle que soit l’équipe gagnante. Passer compte comme un coup ; abandonner ou dépasser son temps, non. Les parties annulées, les invitations refusées et les parties terminées par un administrateur ne modifient jamais non plus les classements.
help-ratings-deviation-heading = Un classement et son écart
# $deviation is the deviation above which a rating is provisional, $days a number of days.
help-ratings-deviation-html = Un classement s’accompagne d’un écart : le degré de certitude de Herald à son sujet. Tout le monde commence à 1500 ± 350, et une première partie classée se calcule exactement à partir de là, quelle qu’ait été sa durée. L’écart diminue à chaque partie classée et augmente de nouveau, semaine après semaine, pendant l’absence d’un joueur, pour que le classement de celui qui revient rejoigne vite son niveau actuel. Un classement dont l’écart dépasse { $deviation } est provisoire : il est affiché avec un point d’interrogation (1523?) et exclu du <a href="/leaderboard">classement général</a>, qui liste les joueurs ayant joué une partie classée au cours des { $days } derniers jours. Le classement général juge l’écart tel qu’il est aujourd’hui, tel qu’il l’affiche : un joueur établi dont l’écart a dépassé { $deviation } pendant son absence redevient provisoire et quitte la liste jusqu’à sa prochaine partie classée.
help-ratings-result-heading = Ce que compte un résultat
help-ratings-result-html = C’est le décompte propre à chaque jeu qui décide : un résultat compte pour ½ + (vos points − les points de votre adversaire) ÷ (2 × les points d’une victoire).
help-ratings-chatrang-heading = Chatrang : deux équipes de deux
# Printed unescaped (no markup inside).
help-ratings-chatrang-html = Le classement d’une équipe est la moyenne des classements de ses deux partenaires. Chaque joueur est classé comme dans une partie à deux contre un adversaire composite : le classement moyen de l’autre équipe, décalé de l’écart entre le joueur et la moyenne de sa propre équipe, avec un écart qui est la moyenne quadratique des écarts des deux adversaires (la racine carrée de la moyenne de leurs carrés : 60 et 300 donnent 216, plus que leur moyenne, 180, si bien qu’un adversaire incertain pèse davantage). Ce qu’on attend d’une partie dépend donc des classements des deux équipes, pas de qui était assis où, et le classement de chaque joueur bouge selon son propre écart : beaucoup pour un nouveau partenaire, peu pour un joueur établi.
help-ratings-tiebreaks-heading = Tableaux de tournoi et départages
help-ratings-tiebreaks = Le tableau d’un tournoi compte les points propres à chaque jeu (Échecs Nowan : 2 pour une victoire, 1 pour une victoire par pat). Les égalités sont départagées dans l’ordre que fixe le tournoi :
help-ratings-tiebreak-direct = Confrontation directe : les points marqués dans les parties entre les joueurs à égalité, quand chacun d’eux a rencontré tous les autres.
help-ratings-tiebreak-sonneborn = Sonneborn-Berger : pour chaque partie, les points finaux de l’adversaire multipliés par la part des points de cette partie que vous avez gagnée (tous pour une victoire, la moitié pour une nulle ; aux Échecs Nowan, la moitié pour une victoire par pat).
help-ratings-tiebreak-buchholz = Buchholz : la somme des points finaux des adversaires ; le Buchholz médian écarte le meilleur et le moins bon adversaire.
help-ratings-tiebreak-wins = Victoires : parties gagnées.
help-ratings-tiebreak-unplayed = Une ronde sans partie (un bye, un forfait, une ronde après un retrait ou avant une inscription tardive) compte comme le disent les règles de départage de la FIDE : comme une partie contre un adversaire ayant le score du joueur lui-même (plafonné comme le plafonnent les règles de 2026), et dans le Buchholz Cut-1 et le Buchholz médian ces rondes sont les premières écartées. Le Buchholz Cut-1 n'écarte que le terme le plus bas ; les victoires comptent les forfaits et les byes valant une victoire, les victoires sur l’échiquier seulement les parties jouées.
# Printed unescaped (no markup inside).
help-ratings-units-html = La page du tournoi affiche les points et les départages en points. L’API donne tous les départages sauf les victoires en demi-points, l’unité de ses points : le double des chiffres de la page. Par rapport aux définitions habituelles, qui multiplient par les points marqués dans chaque partie, le Buchholz de l’API est toujours doublé et son Sonneborn-Berger est doublé dans les jeux où l’on marque 1, ½, 0, mais pas aux Échecs Nowan, où une victoire vaut déjà 2.

## A game's scoring in words (the ratings help and each rules page), joined in this order and
## ended with help-scoring-end. $win, $loss, $draw and $stalemate are points ("2", "½");
## $winner, $loser, $share, $giver and $other what they count for in a rating ("1", "¾").
help-scoring-win = une victoire vaut { $win }-{ $loss } et compte { $winner } pour le vainqueur, { $loser } pour le perdant
help-scoring-draw = ; une nulle vaut { $draw }-{ $draw }, { $share } chacun
help-scoring-no-draws = ; il n’y a pas de nulle
help-scoring-stalemate = ; un pat vaut { $stalemate }-{ $loss } et compte { $giver } pour le camp qui l’a infligé, { $other } pour l’autre, moins qu’une victoire
help-scoring-end = .
