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
