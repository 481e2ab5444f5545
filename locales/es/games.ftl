game-line-your-move = Te toca
game-line-days-per-move = { $count ->
    [one] 1 día por jugada
   *[other] { $count } días por jugada
}
game-line-options = opciones: { $options }
game-line-until = hasta el
game-state-waiting = Esperando jugadores
game-state-your-move = Te toca mover
game-state-to-move = Mueve { $player }
game-state-in-play = En juego
