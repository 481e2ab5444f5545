game-line-your-move = À vous
game-line-options = options : { $options }
game-line-until = jusqu’au
game-state-waiting = En attente de joueurs
game-state-your-move = À vous de jouer
game-state-to-move = Au tour de { $player }
game-state-in-play = En cours
my-games-title = Mes parties
my-games-your-move = À vous de jouer ({ $count })
my-games-nothing-to-play = Rien à jouer pour l’instant.
my-games-waiting = En attente des autres ({ $count })
my-games-none-waiting = Aucune partie n’attend les autres. Lancez-en une au salon.
my-games-recently-finished = Terminées récemment
my-games-finished = Terminées ({ $count })
my-games-none-finished = Pas encore de partie terminée.
my-games-all-finished = Toutes vos parties terminées sont dans les archives.
# Between the sides of a game in a list ("alice vs bob"), spaces included.
game-line-versus = {" "}contre{" "}
