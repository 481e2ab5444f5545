# A player's profile (templates/user.html), the players list (players.html) and the
# leaderboard (leaderboard.html). $name is a player's username.
# $date is a date ("30 Nov 2025").
people-member-since = Member since { $date }
# $when is how long ago ("5 hours ago", "yesterday").
people-last-seen = last seen { $when }
people-challenge = Challenge { $name }
people-you-block = You block invitations from { $name }.
people-unblock = Unblock
people-block = Block invitations from { $name }
people-report = Report { $name }
people-report-reason = What is wrong?
people-report-reason-hint = the administrators read it
people-report-send = Send the report
people-ratings = Ratings
people-no-rated-games = { $name } has not finished a rated game yet.
people-ratings-caption-html = Glicko-2, one per game (<a href="/help/ratings">how ratings work</a>)
people-game = Game
people-rating = Rating
people-rated-games = Rated games
# The caption of a rating chart; $game is the game's name.
people-chart-caption = { $game } rating after each rated game
# When the chart shows only the last games: "(the last 100; all of them)", "all of them" a link.
people-chart-last = { $count ->
   *[other] the last { $count }
}
people-chart-all = all of them
people-chart-table = The same as a table
people-date = Date
# The dates under the chart: "Jan 2026", "1 Jan", "1 Jan 14:00" ($month from time.ftl's month).
people-chart-month-year = { $month } { $year }
people-chart-day-month = { $day } { $month }
people-chart-day-month-time = { $day } { $month } { $time }
people-results = Results
people-results-caption = Finished games of { $name }, by game
people-played = Played
people-won = Won
people-lost = Lost
people-drawn = Drawn
# $game is the name of the team game (Chatrang).
people-team-result = In { $game } a player shares the result of their team.
people-seat-caption = The same results by the seat played
people-seat = Seat
people-current-games = Current games
people-no-current-games = No games in play.
people-tournaments = Tournaments
# A player's part in a tournament, in brackets after its name.
people-tour-invited = invited
people-tour-withdrew = withdrew
people-tour-entered = entered; not started
people-tour-playing = playing
people-tour-finished = finished
people-tour-cancelled = cancelled
people-recent-games = Recent games
people-no-recent-games = No finished games yet.
people-all-finished = All finished games of { $name }
people-no-such-player = There is no player called { $name }
# The players list.
people-players = Players
people-find-player = Find a player
people-name-starts = Name starts with
people-find = Find
# $q is what was typed.
people-no-match = No player's name starts with “{ $q }”.
people-player = Player
people-member-since-column = Member since
people-pages = Pages
people-more-players = More players →
# The leaderboard. $game is a game's name.
people-leaderboard-title = { $game } leaderboard
people-leaderboard = Leaderboard
people-games = Games
people-bots-listed = Bots are listed.
people-players-only-link = Players only
people-players-only = Players only.
people-list-bots = List the bots too
people-see-bots-html = (see <a href="/bots">the bots</a>)
# $days: a player must have played a rated game within this many days.
people-no-ratings = No established { $game } ratings yet. A rating joins the leaderboard once it is no longer provisional (after a few rated games) while its player has played a rated game in the last { $days ->
    [one] day
   *[other] { $days } days
}.
people-leaderboard-caption = { $count ->
    [one] Established ratings of players active in the last day, best first
   *[other] Established ratings of players active in the last { $count } days, best first
}
people-ratings-note-html = Ratings are Glicko-2, one per game: see <a href="/help/ratings">how ratings work</a>.
people-no-such-game = There is no game called { $name }
