game-line-your-move = À vous
game-line-days-per-move = { $count ->
    [one] 1 jour par coup
   *[other] { $count } jours par coup
}
game-line-options = options : { $options }
game-line-until = jusqu’au
game-state-waiting = En attente de joueurs
game-state-your-move = À vous de jouer
game-state-to-move = Au tour de { $player }
game-state-in-play = En cours
