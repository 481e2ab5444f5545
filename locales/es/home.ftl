home-title = Ajedrez por correspondencia en { $count ->
    [4] cuatro
   *[other] { $count }
} variantes raras
home-welcome = Hola de nuevo, { $name }
home-your-move = Te toca mover
home-none-to-move = Ninguna partida espera tu jugada.
home-waiting-for-others = { $count ->
    [one] 1 partida más espera a los demás:
   *[other] { $count } partidas más esperan a los demás:
}
home-all-my-games = todas mis partidas
home-find-a-game = Buscar o crear una partida
home-lead = Juega { $count ->
    [4] cuatro
   *[other] { $count }
} variantes raras de ajedrez por correspondencia: una jugada al día (o a la semana) a tu ritmo, en el móvil o en el ordenador. Herald es software libre que puedes instalar tú mismo.
home-create-account = Crear una cuenta
home-the-games = Los juegos
home-players = { $count ->
    [one] 1 jugador
   *[other] { $count } jugadores
}
home-rules-of = Reglas de { $game }
home-play = Jugar
home-how-it-works = Cómo funciona
home-how-the-clock-works = Cada jugador tiene un número fijo de días para cada jugada (4, salvo que la partida diga otra cosa). Si a un jugador se le acaba el tiempo, el rival puede reclamar la victoria.
home-more-about-the-clock = Más sobre el reloj
