# El perfil de un jugador (templates/user.html), la lista de jugadores (players.html) y la
# clasificación (leaderboard.html).
people-member-since = Miembro desde el { $date }
people-last-seen = visto por última vez { $when }
people-challenge = Desafiar a { $name }
people-you-block = Bloqueas las invitaciones de { $name }.
people-unblock = Desbloquear
people-block = Bloquear las invitaciones de { $name }
people-report = Denunciar a { $name }
people-report-reason = ¿Qué pasa?
people-report-reason-hint = lo leen los administradores
people-report-send = Enviar la denuncia
people-ratings = Puntuaciones
people-no-rated-games = { $name } aún no ha terminado ninguna partida puntuable.
people-ratings-caption-html = Glicko-2, una por juego (<a href="/help/ratings">cómo funcionan las puntuaciones</a>)
people-game = Juego
people-rating = Puntuación
people-rated-games = Partidas puntuables
people-chart-caption = Puntuación en { $game } tras cada partida puntuable
people-chart-last = { $count ->
   *[other] las últimas { $count }
}
people-chart-all = todas
people-chart-table = Lo mismo en una tabla
people-date = Fecha
people-chart-month-year = { $month } { $year }
people-chart-day-month = { $day } { $month }
people-chart-day-month-time = { $day } { $month } { $time }
people-results = Resultados
people-results-caption = Partidas terminadas de { $name }, por juego
people-played = Jugadas
people-won = Ganadas
people-lost = Perdidas
people-drawn = Tablas
people-team-result = En { $game } cada jugador comparte el resultado de su equipo.
people-seat-caption = Los mismos resultados según el puesto jugado
people-seat = Puesto
people-current-games = Partidas en curso
people-no-current-games = No hay partidas en curso.
people-tournaments = Torneos
people-tour-invited = invitado
people-tour-withdrew = se retiró
people-tour-entered = inscrito; sin empezar
people-tour-playing = jugando
people-tour-finished = terminado
people-tour-cancelled = cancelado
people-recent-games = Partidas recientes
people-no-recent-games = Aún no hay partidas terminadas.
people-all-finished = Todas las partidas terminadas de { $name }
people-no-such-player = No hay ningún jugador llamado { $name }
people-players = Jugadores
people-find-player = Buscar un jugador
people-name-starts = El nombre empieza por
people-find = Buscar
people-no-match = Ningún nombre de jugador empieza por «{ $q }».
people-player = Jugador
people-member-since-column = Miembro desde
people-pages = Páginas
people-more-players = Más jugadores →
people-leaderboard-title = Clasificación de { $game }
people-leaderboard = Clasificación
people-games = Juegos
people-bots-listed = Se muestran los bots.
people-players-only-link = Solo jugadores
people-players-only = Solo jugadores.
people-list-bots = Mostrar también los bots
people-see-bots-html = (ver <a href="/bots">los bots</a>)
people-no-ratings = Aún no hay puntuaciones consolidadas en { $game }. Una puntuación entra en la clasificación cuando deja de ser provisional (tras unas cuantas partidas puntuables) y su jugador ha jugado una partida puntuable { $days ->
    [one] en el último día
   *[other] en los últimos { $days } días
}.
people-leaderboard-caption = { $count ->
    [one] Puntuaciones consolidadas de los jugadores activos en el último día, de mejor a peor
   *[other] Puntuaciones consolidadas de los jugadores activos en los últimos { $count } días, de mejor a peor
}
people-ratings-note-html = Las puntuaciones son Glicko-2, una por juego: consulta <a href="/help/ratings">cómo funcionan las puntuaciones</a>.
people-no-such-game = No hay ningún juego llamado { $name }
