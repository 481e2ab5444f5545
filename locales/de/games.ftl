game-line-your-move = Du bist am Zug
game-line-options = Optionen: { $options }
game-line-until = bis
game-state-waiting = Wartet auf Spieler
game-state-your-move = Du bist am Zug
game-state-to-move = { $player } ist am Zug
game-state-in-play = Läuft
my-games-title = Meine Partien
my-games-your-move = Du bist am Zug ({ $count })
my-games-nothing-to-play = Gerade ist nichts zu spielen.
my-games-waiting = Warten auf andere ({ $count })
my-games-none-waiting = Keine Partie wartet auf andere. Eröffne eine in der Lobby.
my-games-recently-finished = Kürzlich beendet
my-games-finished = Beendet ({ $count })
my-games-none-finished = Noch keine beendeten Partien.
my-games-all-finished = Alle deine beendeten Partien stehen im Archiv.
# Between the sides of a game in a list ("alice vs bob"), spaces included.
game-line-versus = {" "}gegen{" "}
