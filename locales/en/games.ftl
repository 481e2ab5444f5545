# Lists of games (home page, my games, lobby): each game's line.
game-line-your-move = Your move
game-line-options = options: { $options }
# Before the deadline's date: "until Mon 30 Nov 2026, 00:00 UTC".
game-line-until = until
game-state-waiting = Waiting for players
game-state-your-move = Your move
game-state-to-move = { $player } to move
game-state-in-play = In play
# The "My games" page.
my-games-title = My games
my-games-your-move = Your move ({ $count })
my-games-nothing-to-play = Nothing to play right now.
my-games-waiting = Waiting for others ({ $count })
my-games-none-waiting = No games waiting for others. Start one in the lobby.
my-games-recently-finished = Recently finished
my-games-finished = Finished ({ $count })
my-games-none-finished = No finished games yet.
my-games-all-finished = All your finished games are in the archive.
# Between the sides of a game in a list ("alice vs bob"), spaces included.
game-line-versus = {" "}vs{" "}
