# The bots: the public list (/bots) and the administrators' page (/admin/bots).
bots-title = Bots
bots-intro-html = Bots are computer players run by this server's engine, one level each from 1 (a beginner's first opponent) to 8 (<a href="/help/engine">the levels</a>). Challenge one from its line below and it takes the game within seconds and answers every move in seconds; most also take open challenges nobody took for a while. A bot never claims a win on time: it waits for you.
# Whether games with bots may be rated is a site setting: on, then off.
bots-rated-on-html = Games against bots are rated when you ask for a rated game and the bot plays rated games, and leaderboards leave bots out (<a href="/leaderboard?bots=1">list them</a>).
bots-rated-off-html = Games against bots are casual on this site, and leaderboards leave bots out (<a href="/leaderboard?bots=1">list them</a>).
bots-none = This site has no bots yet: an administrator creates them.
# The engine's level, 1 to 8.
bots-level = level { $level }
# $games: the games' names or bots-every-game; $min, $max: days; $rated: bots-rated-….
bots-plays = Plays { $games }, { $min }-{ $max } days per move, { $rated }.
bots-plays-open = Plays { $games }, { $min }-{ $max } days per move, { $rated }; takes open challenges nobody took after { $minutes ->
        [one] 1 minute
       *[other] { $minutes } minutes
    }.
# The games a bot plays now, out of the most it takes at once.
bots-games-now = { $max ->
    [one] { $current } of 1 game now
   *[other] { $current } of { $max } games now
}
bots-no-rating = No rating yet.
bots-paused-now = This bot is paused: it takes no new games.
bots-busy = Busy: all its games are taken.
bots-challenge = Challenge { $name }
bots-every-game = every game
# Which games a bot takes by their rating.
bots-rated-both = rated or casual
bots-rated-casual = casual only
bots-rated-rated = rated only

## The administrators' page.
bots-admin-intro-html = A bot is an account the server plays with its engine (it never logs in). It takes the challenges sent to it within its settings, open challenges nobody took after the wait you set, and seats creators fill with bots. Its thinking runs on the engine's worker threads (<code>--engine-threads</code>), never slowing people's moves.
bots-admin-rated-on-html = Whether games with bots may be rated is a <a href="/admin">site setting</a> (on).
bots-admin-rated-off-html = Whether games with bots may be rated is a <a href="/admin">site setting</a> (off: they are casual).
bots-admin-create = Create a bot
bots-admin-name = Name
bots-admin-name-hint = 3-20 letters, digits, - and _
bots-admin-create-submit = Create the bot
bots-admin-none = No bots yet.
bots-admin-paused = (paused)
# $name: the bot's name.
bots-admin-save = Save { $name }
bots-admin-level = Level
bots-admin-level-hint = 1-8, the engine's levels
bots-admin-description = Description
bots-admin-description-hint = one line, shown on /bots
bots-admin-games = Games it takes
bots-admin-games-hint = none ticked: every game
# "Days per move, from [1] to [14]": two fields.
bots-admin-days-from = Days per move, from
bots-admin-days-to = to
bots-admin-rated = Rated or casual
bots-admin-max-games = Games at once
bots-admin-takes-open = Takes open challenges nobody took
# Follows bots-admin-takes-open: the wait, in minutes.
bots-admin-open-after = after minutes
bots-admin-paused-label = Paused
bots-admin-paused-hint = takes no new games; finishes those it plays
