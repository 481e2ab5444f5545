game-line-your-move = Te toca
game-line-options = opciones: { $options }
game-line-until = hasta el
game-state-waiting = Esperando jugadores
game-state-your-move = Te toca mover
game-state-to-move = Mueve { $player }
game-state-in-play = En juego
my-games-title = Mis partidas
my-games-your-move = Te toca ({ $count })
my-games-nothing-to-play = Ahora no tienes nada que jugar.
my-games-waiting = Esperando a otros ({ $count })
my-games-none-waiting = Ninguna partida espera a otros. Crea una en el salón.
my-games-recently-finished = Terminadas hace poco
my-games-finished = Terminadas ({ $count })
my-games-none-finished = Aún no hay partidas terminadas.
my-games-all-finished = Todas tus partidas terminadas están en el archivo.
# Between the sides of a game in a list ("alice vs bob"), spaces included.
game-line-versus = {" "}contra{" "}
