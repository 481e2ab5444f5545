game-line-your-move = Du bist am Zug
game-line-days-per-move = { $count ->
    [one] 1 Tag pro Zug
   *[other] { $count } Tage pro Zug
}
game-line-options = Optionen: { $options }
game-line-until = bis
game-state-waiting = Wartet auf Spieler
game-state-your-move = Du bist am Zug
game-state-to-move = { $player } ist am Zug
game-state-in-play = Läuft
