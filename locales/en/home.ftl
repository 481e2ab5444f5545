# The home page.
# $count is how many games Herald plays (4).
home-title = Correspondence play of { $count ->
    [4] four
   *[other] { $count }
} rare chess games
home-welcome = Welcome back, { $name }
home-your-move = Your move
home-none-to-move = No game is waiting for your move.
home-waiting-for-others = { $count ->
    [one] 1 more game is waiting for others:
   *[other] { $count } more games are waiting for others:
}
home-all-my-games = all my games
home-find-a-game = Find or start a game
home-lead = Play { $count ->
    [4] four
   *[other] { $count }
} rare chess games by correspondence: a move a day (or a week) at your own pace, on your phone or your desktop. Herald is free software you can run yourself.
home-create-account = Create an account
home-the-games = The games
home-players = { $count ->
    [one] 1 player
   *[other] { $count } players
}
home-rules-of = Rules of { $game }
home-play = Play
home-how-it-works = How it works
home-how-the-clock-works = Each player has a fixed number of days for every move (4 unless the game says otherwise). When a player runs out of time, the opponent can claim the win.
home-more-about-the-clock = More about the clock
