push-your-move-title = Du bist am Zug gegen { $opponents }
push-started-body = Die Partie { $game } hat begonnen: Du ziehst zuerst.
push-your-move-body = { $game }: Du bist am Zug.
push-time-warning-title = Die Zeit wird knapp gegen { $opponents }
push-time-warning-body = { $game }: 80 % deiner Bedenkzeit für diesen Zug sind verbraucht.
push-claimable-title = Du kannst den Sieg beanspruchen
push-claimable-body = { $game } gegen { $opponents }: Die Frist ist abgelaufen.
push-game-over-title = Partie beendet
push-declined-body = Deine Einladung zu einer Partie { $game } wurde abgelehnt.
push-game-over-body = { $game } gegen { $opponents }: { $result }.
push-rematch-title = Revanche angeboten
push-rematch-body = { $opponents } bietet eine Revanche in { $game } an.
push-draw-title = Remis angeboten
push-draw-body = { $game } gegen { $opponents }: Remis wird angeboten.
push-takeback-title = Zugrücknahme erbeten
push-takeback-body = { $game } gegen { $opponents }: Dein Gegner möchte einen Zug zurücknehmen.
push-chat-title = { $author } in Partie { $game }
push-chat-team-title = { $author } (Team) in Partie { $game }
push-deleted-player = Ein gelöschter Spieler
push-yourself = dich selbst
email-your-move-subject = Du bist am Zug in Partie { $game }
email-your-move-body = In Partie { $game } bist du am Zug.
email-time-warning-subject = Die Zeit wird knapp in Partie { $game }
email-time-warning-body = Du hast 80 % deiner Bedenkzeit für diesen Zug in Partie { $game } verbraucht.
email-claimable-subject = Du kannst Partie { $game } gewinnen
email-claimable-body = Dein Gegner hat die Frist in Partie { $game } verstreichen lassen: Du kannst den Sieg beanspruchen.
email-game-over-subject = Partie { $game } ist beendet
email-declined-body = Deine Einladung zu Partie { $game } wurde abgelehnt.
email-game-over-body = Partie { $game } ist beendet ({ $result }).
email-rating-now = Deine Wertung in diesem Spiel ist jetzt { $rating } ({ $change }).
email-rematch-subject = Revanche angeboten nach Partie { $game }
email-rematch-body = Dein Gegner bietet eine Revanche für Partie { $game } an. Nimm sie hier an oder lehne sie ab:
# The mail that confirms a notification address.
email-confirm-subject = Bestätige deine E-Mail-Adresse für Herald
email-confirm-body =
    Jemand (hoffentlich du) hat Herald gebeten, Benachrichtigungen zu Partien an diese Adresse zu senden.

    Zum Bestätigen öffne: { $link }

    Wenn du das nicht warst, ignoriere diese E-Mail: Dir wird nichts geschickt.
# The e-mail digest of unread chat messages.
chat-digest-one = Eine neue Nachricht in Partie { $game }
chat-digest-in-game = { $count ->
    [one] { $count } neue Nachricht in Partie { $game }
   *[other] { $count } neue Nachrichten in Partie { $game }
}
chat-digest-in-games = { $count } neue Nachrichten in { $games } Partien
chat-digest-game = Partie { $game }:
chat-digest-deleted-user = ein gelöschtes Konto
chat-digest-to-team = (an dein Team)
chat-digest-with-move = mit Zug { $move }
chat-digest-answer = Antworten: { $link }
