push-your-move-title = Te toca contra { $opponents }
push-started-body = Ha empezado la partida de { $game }: mueves tú primero.
push-your-move-body = { $game }: te toca mover.
push-time-warning-title = Se te acaba el tiempo contra { $opponents }
push-time-warning-body = { $game }: has usado el 80 % de tu tiempo para esta jugada.
push-claimable-title = Puedes reclamar la victoria
push-claimable-body = { $game } contra { $opponents }: venció el plazo.
push-game-over-title = Partida terminada
push-declined-body = Han rechazado tu invitación a una partida de { $game }.
push-game-over-body = { $game } contra { $opponents }: { $result }.
push-rematch-title = Revancha ofrecida
push-rematch-body = { $opponents } ofrece la revancha de { $game }.
push-draw-title = Tablas ofrecidas
push-draw-body = { $game } contra { $opponents }: te ofrecen tablas.
push-takeback-title = Piden deshacer una jugada
push-takeback-body = { $game } contra { $opponents }: tu rival pide deshacer una jugada.
push-chat-title = { $author } en la partida { $game }
push-chat-team-title = { $author } (equipo) en la partida { $game }
push-deleted-player = Un jugador eliminado
push-yourself = ti mismo
email-your-move-subject = Te toca en la partida { $game }
email-your-move-body = Te toca mover en la partida { $game }.
email-time-warning-subject = Se te acaba el tiempo en la partida { $game }
email-time-warning-body = Has usado el 80 % de tu tiempo para esta jugada en la partida { $game }.
email-claimable-subject = Puedes reclamar la partida { $game }
email-claimable-body = Tu rival dejó vencer el plazo en la partida { $game }: puedes reclamar la victoria.
email-game-over-subject = La partida { $game } ha terminado
email-declined-body = Han rechazado tu invitación a la partida { $game }.
email-game-over-body = La partida { $game } ha terminado ({ $result }).
email-rating-now = Tu puntuación en este juego es ahora { $rating } ({ $change }).
email-rematch-subject = Revancha ofrecida tras la partida { $game }
email-rematch-body = Tu rival ofrece la revancha de la partida { $game }. Acéptala o recházala aquí:
# The mail that confirms a notification address.
email-confirm-subject = Confirma tu dirección de correo para Herald
email-confirm-body =
    Alguien (esperamos que tú) pidió a Herald que envíe avisos de partidas a esta dirección.

    Para confirmarlo, abre: { $link }

    Si no fuiste tú, ignora este correo: no se te enviará nada.
# The e-mail digest of unread chat messages.
chat-digest-one = Un mensaje nuevo en la partida { $game }
chat-digest-in-game = { $count ->
    [one] { $count } mensaje nuevo en la partida { $game }
   *[other] { $count } mensajes nuevos en la partida { $game }
}
chat-digest-in-games = { $count } mensajes nuevos en { $games } partidas
chat-digest-game = Partida { $game }:
chat-digest-deleted-user = un usuario eliminado
chat-digest-to-team = (a tu equipo)
chat-digest-with-move = con la jugada { $move }
chat-digest-answer = Responder: { $link }
