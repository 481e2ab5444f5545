# Texts the browser's scripts show (pages/script_texts.rs hands them over).
js-title-your-move = (à vous de jouer)
js-title-new-message = (nouveau message)
js-scroll-hint = Plus large que l’écran : faites glisser le tableau de côté pour voir toutes les colonnes →
js-offline-copy-at = Vous êtes hors ligne : voici la page telle qu’elle était le { $date }. Les coups et les messages ne pourront être envoyés qu’une fois de retour en ligne.
js-offline-copy = Vous êtes hors ligne : voici la page telle qu’elle était lors de votre dernière visite. Les coups et les messages ne pourront être envoyés qu’une fois de retour en ligne.
js-offline = Vous êtes hors ligne. Les coups et les messages ne pourront être envoyés qu’une fois de retour en ligne.
js-square-selected = { $square }, sélectionnée
js-square-sacrifice = { $square }, sacrifier cette pièce
js-square-move-here = { $square }, jouer ici
js-square-piece = { $square }, { $piece }
js-square-empty = { $square }, vide
js-square-in-check = { $square }, en échec
js-square-last-move = { $square }, dernier coup
js-promote-to = Promouvoir en { $piece }
js-that-piece = cette pièce
js-cannot-move-there = { $piece } ne peut pas aller en { $square }.
js-move-not-accepted = Le coup n’a pas été accepté.
js-opponent-moved = Votre adversaire a joué : l’échiquier montre maintenant la position actuelle. Choisissez de nouveau votre coup.
js-move-unreachable = Le serveur est injoignable : votre coup n’a pas été envoyé.
js-move-offline = Vous êtes hors ligne : votre coup n’a pas été envoyé. Rejouez-le une fois de retour en ligne.
js-chat-deleted-user = un compte supprimé
js-chat-with-move = au coup { $ply }
js-chat-new-messages = { $count ->
    [one] { $count } nouveau message
   *[other] { $count } nouveaux messages
}
js-chat-not-sent = Le message n’a pas été envoyé.
js-chat-unreachable = Le serveur est injoignable ; votre message n’a pas été envoyé.
js-push-on = Cet appareil reçoit les notifications.
js-push-blocked = Les notifications de ce site sont bloquées dans les réglages de ce navigateur : autorisez-les d’abord là.
js-push-off = Cet appareil ne reçoit pas de notifications.
js-push-failed = Cela n’a pas fonctionné : { $error }
js-push-not-allowed = les notifications n’ont pas été autorisées
js-push-unavailable = Ce navigateur ne peut pas recevoir de notifications d’un site (sur iPhone ou iPad : ajoutez Herald à l’écran d’accueil, puis ouvrez-le depuis là).
js-push-asking = Demande au navigateur…
js-analysis-refused = La position a été refusée.
js-analysis-cannot-set-up = Le service ne peut pas mettre en place cette position.
js-analysis-not-legal = { $move } n’est pas un coup légal dans cette position.
js-analysis-game-start = Début de la partie
js-analysis-game-after = Partie, après le coup { $ply }
js-analysis-start = Début
js-analysis-start-position = Position initiale
js-analysis-moves-from-start = { $count ->
    [one] Analyse, { $count } coup depuis le début
   *[other] Analyse, { $count } coups depuis le début
}
js-analysis-drawn = Nulle
js-analysis-wins = { $team } gagne
js-analysis-game-over = Partie terminée : { $who } ({ $reason }), { $result }.
js-analysis-to-move = { $seat } au trait.
js-analysis-player = Joueur { $number }
js-analysis-save = Enregistrer mes variantes
js-analysis-save-unsaved = Enregistrer mes variantes (modifications non enregistrées)
js-analysis-engine-failed = Le moteur n’a pas pu répondre.
js-analysis-engine-unreachable = Le moteur est injoignable.
js-analysis-rules-unreachable = Le service des règles est injoignable.
js-analysis-wins-in = gagne en { $moves }
js-analysis-loses-in = perd en { $moves }
js-analysis-game-over-short = partie terminée
js-analysis-thinking = réflexion…
js-analysis-evaluation = { $score } pour le camp au trait{ $best } · profondeur { $depth }
js-analysis-best = ; meilleur coup { $move }{ $line }
js-analysis-saved = { $count ->
    [0] Enregistré : aucune variante conservée.
    [one] Enregistré : { $count } coup.
   *[other] Enregistré : { $count } coups.
}
js-analysis-not-saved = Vos variantes n’ont pas été enregistrées.
js-analysis-save-unreachable = Le serveur est injoignable ; vos variantes n’ont pas été enregistrées.
js-analysis-added-conditional = Ajouté à vos coups conditionnels : { $moves }. Envoyez ce formulaire pour le conserver.
