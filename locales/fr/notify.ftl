push-your-move-title = À vous de jouer contre { $opponents }
push-started-body = La partie de { $game } a commencé : vous jouez le premier coup.
push-your-move-body = { $game } : c’est à vous de jouer.
push-time-warning-title = Le temps presse contre { $opponents }
push-time-warning-body = { $game } : vous avez utilisé 80 % de votre temps pour ce coup.
push-claimable-title = Vous pouvez réclamer la victoire
push-claimable-body = { $game } contre { $opponents } : le délai est dépassé.
push-game-over-title = Partie terminée
push-declined-body = Votre invitation à une partie de { $game } a été déclinée.
push-game-over-body = { $game } contre { $opponents } : { $result }.
push-rematch-title = Revanche proposée
push-rematch-body = { $opponents } propose une revanche de { $game }.
push-draw-title = Nulle proposée
push-draw-body = { $game } contre { $opponents } : la nulle est proposée.
push-takeback-title = Reprise de coup demandée
push-takeback-body = { $game } contre { $opponents } : votre adversaire demande à reprendre un coup.
push-chat-title = { $author } dans la partie { $game }
push-chat-team-title = { $author } (équipe) dans la partie { $game }
push-deleted-player = Un joueur supprimé
push-yourself = vous-même
email-your-move-subject = À vous de jouer dans la partie { $game }
email-your-move-body = C’est à vous de jouer dans la partie { $game }.
email-time-warning-subject = Le temps presse dans la partie { $game }
email-time-warning-body = Vous avez utilisé 80 % de votre temps pour ce coup dans la partie { $game }.
email-claimable-subject = Vous pouvez réclamer la partie { $game }
email-claimable-body = Votre adversaire a laissé passer le délai dans la partie { $game } : vous pouvez réclamer la victoire.
email-game-over-subject = La partie { $game } est terminée
email-declined-body = Votre invitation à la partie { $game } a été déclinée.
email-game-over-body = La partie { $game } est terminée ({ $result }).
email-rating-now = Votre classement dans ce jeu est maintenant de { $rating } ({ $change }).
email-rematch-subject = Revanche proposée après la partie { $game }
email-rematch-body = Votre adversaire propose une revanche de la partie { $game }. Acceptez-la ou déclinez-la ici :
# The mail that confirms a notification address.
email-confirm-subject = Confirmez votre adresse e-mail pour Herald
email-confirm-body =
    Quelqu’un (vous, espérons-le) a demandé à Herald d’envoyer des notifications de parties à cette adresse.

    Pour confirmer, ouvrez : { $link }

    Si ce n’était pas vous, ignorez ce message : rien ne vous sera envoyé.
# The e-mail digest of unread chat messages.
chat-digest-one = Un nouveau message dans la partie { $game }
chat-digest-in-game = { $count ->
    [one] { $count } nouveau message dans la partie { $game }
   *[other] { $count } nouveaux messages dans la partie { $game }
}
chat-digest-in-games = { $count } nouveaux messages dans { $games } parties
chat-digest-game = Partie { $game } :
chat-digest-deleted-user = un compte supprimé
chat-digest-to-team = (à votre équipe)
chat-digest-with-move = avec le coup { $move }
chat-digest-answer = Répondre : { $link }
