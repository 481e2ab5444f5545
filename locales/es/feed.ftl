# The Atom feed (in the account's language) and tournament notices' headlines (feed titles, e-mail subjects).
feed-title = Herald: partidas de { $user }
feed-your-move-title = Te toca mover en la partida { $id } de { $game }
feed-your-move = { $count ->
    [one] Te toca mover, tras { $count } jugada.
   *[other] Te toca mover, tras { $count } jugadas.
}
feed-move-by = Mueve antes del { $deadline }.
feed-finished-title = Partida { $id } terminada: { $result }
feed-finished = La partida de { $game } terminó: { $result }.
feed-chat-title = { $author } en la partida { $id }
feed-chat-team-title = { $author } a tu equipo en la partida { $id }
feed-deleted-user = una cuenta eliminada
feed-notice-round = Tus partidas de la ronda han comenzado.
feed-notice-finished = La clasificación final está en la página del torneo.
feed-notice-cancelled = Sus partidas sin terminar acabaron sin resultado.
notice-started = El torneo «{ $name }» ha comenzado
notice-round-started = La ronda { $round } de «{ $name }» ha comenzado
notice-finished = El torneo «{ $name }» ha terminado
notice-cancelled = El torneo «{ $name }» se ha cancelado
# A tournament notice's text (e-mail body). $points: "1½ points"; $halves: the points in halves.
notice-body-all-rounds = Las { $rounds } rondas de «{ $event }» empiezan ahora, como en una liga por correspondencia.
notice-body-round = Empieza la ronda { $round } de { $rounds } de «{ $event }».
notice-body-event-link = El torneo: { $link }
notice-body-place = { $place }.º
notice-body-your-place = Terminaste en { notice-body-place } lugar de { $count } con { $points }.
notice-body-winner = Ganador: { $players }.
notice-body-over = «{ $event }» ha terminado.
notice-body-final-table = La clasificación final: { $link }
notice-body-cancelled = La organización canceló «{ $event }»; sus partidas sin terminar acabaron sin resultado.
notice-body-game = Ronda { $round }: { $first } contra { $second } ({ $link })
notice-body-bye = Ronda { $round }: descanso, sin partida en esta ronda
notice-body-bye-worth = Ronda { $round }: descanso que vale { $points }, sin partida en esta ronda
notice-body-points = { $halves ->
    [2] { $points } punto
   *[other] { $points } puntos
}
