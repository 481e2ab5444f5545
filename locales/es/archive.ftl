# The archive of finished games.
archive-title = Archivo de partidas terminadas
archive-heading = Partidas terminadas
archive-filter = Filtrar partidas
archive-game = Juego
archive-all-games = Todos los juegos
archive-player = Jugador
archive-result = Resultado
archive-any-result = Cualquier resultado
archive-show = Mostrar partidas
archive-more-than = Más de { $count } partidas (acótelas con los filtros)
archive-total = { $count ->
    [one] { $count } partida
   *[other] { $count } partidas
}
archive-page = , página { $page }
archive-of-pages = de { $pages }
archive-none = Ninguna partida terminada coincide.
archive-pages = Páginas
archive-newer = ← Partidas más recientes
archive-older = Partidas más antiguas →
# The result filter: "First side won (White, Player 1 and Player 3 in Chatrang)".
archive-result-first = Ganó el primer bando ({ $who })
archive-result-second = Ganó el segundo bando ({ $who })
archive-result-drawn = Tablas
archive-team-in-games = { $team } en { $games }
archive-note-no-game = Herald no tiene ningún juego con ese nombre, así que ninguna partida coincide.
archive-note-no-player = Ningún jugador tiene ese nombre, así que ninguna partida coincide.
