# Tournaments: the list (/tournaments), the creation form (/tournaments/new), an event's
# page (/tournaments/<id>), and a member's invitation links (/invitations).

## The list
tour-list-title = Tournaments
tour-create = Create a tournament
tour-list-tabs = Tournaments by state
tour-tab-registering = Taking entries
tour-tab-running = Running
tour-tab-finished = Finished
tour-list-empty = No tournaments here yet.
tour-col-tournament = Tournament
tour-col-game = Game
tour-col-format = Format
tour-col-players = Players
tour-col-round = Round
tour-col-organiser = Organiser
# After the format in the list: a casual (unrated) event.
tour-list-casual = casual

## Formats and tie-breaks
tour-format-round-robin = Round robin
tour-format-double-round-robin = Double round robin
tour-format-swiss = Swiss
# Column headings of the standings, and the list of tie-breaks.
tour-tie-direct-encounter = Direct encounter
tour-tie-sonneborn-berger = Sonneborn-Berger
tour-tie-buchholz = Buchholz
tour-tie-median-buchholz = Median Buchholz
tour-tie-wins = Wins
tour-tie-buchholz-cut1 = Buchholz Cut-1
tour-tie-wins-over-the-board = Wins over the board

## An event's page: its facts
tour-fact-game = Game
tour-fact-format = Format
tour-rounds = { $count ->
    [one] { $count } round
   *[other] { $count } rounds
}
tour-fact-state = State
tour-status-registering = Taking entries
tour-status-running = Running
tour-status-finished = Finished
tour-status-cancelled = Cancelled
# A running Swiss: which round is being played.
tour-status-running-round = Running: round { $round } of { $rounds }
tour-fact-clock = Clock
tour-clock-auto = the server ends a game at its deadline
tour-clock-claim = the waiting player may claim a win on time
tour-fact-games = Games
tour-games-rated = rated
tour-games-casual = casual
tour-vacation-allowed = vacation allowed
tour-vacation-not-allowed = vacation not allowed
tour-fact-entry = Entry
tour-entry-invitation = invited players only
tour-entry-open = open
# How many may enter: $min and $max are numbers (at least 3).
tour-entrants-players = { $min } to { $max } players
tour-entrants-teams = { $min } to { $max } teams of two
tour-rating-at-least = rated { $rating } or more
tour-rating-at-most = rated { $rating } or less
tour-fact-bye = Bye
# What a bye is worth: $points as read ("1", "½", "1½"), $halves the same in half points.
tour-bye-points = { $halves ->
    [2] { $points } point
   *[other] { $points } points
}
tour-fact-tie-breaks = Tie-breaks
tour-fact-organiser = Organiser
tour-fact-starts = Starts
# After the start time.
tour-starts-by-itself = { $count ->
    [one] (by itself, with at least { $count } entrant)
   *[other] (by itself, with at least { $count } entrants)
}
tour-fact-started = Started
tour-fact-ended = Ended

## An event's page: the players' actions
tour-your-actions = Your actions
tour-you-are-invited = You are invited.
tour-accept-invitation = Accept the invitation
tour-decline = Decline
tour-you-are-entered = You are entered.
tour-leave = Leave the tournament
tour-partner = Your partner
tour-partner-hint = their username; they accept by entering too
tour-enter = Enter the tournament
tour-invited-only = This tournament takes invited players only.
tour-enter-late = Enter late (paired from the next round)
tour-sure = I am sure
tour-withdraw-self = Withdraw (your unfinished games are forfeited)

## An event's page: the organiser's tools
tour-organiser-tools = Organiser tools
tour-invite-label = Invite
tour-invite-button = Invite
tour-username-placeholder = username
tour-start-now = Start now
tour-withdraw-player = Withdraw player
tour-withdraw-button = Withdraw
tour-pause-player = Pause player (vacation: all their clocks stop)
tour-pause = Pause
tour-resume = Resume
tour-hand-over-to = Hand over to
tour-hand-over = Hand over
tour-cancel = Cancel the tournament

## An event's page: standings, crosstable, rounds, entries
tour-standings = Standings
tour-col-team = Team
tour-col-player = Player
tour-col-points = Points
tour-col-games = Games
tour-paused-title = on vacation: clocks stopped
tour-paused = (paused)
tour-withdrew = (withdrew)
tour-crosstable = Crosstable
# Short for "number": the entrants' pairing numbers.
tour-col-number = No.
tour-rounds-heading = Rounds
tour-round = Round { $round }
# A board's result while its game is played, and of an aborted game.
tour-in-play = in play
tour-aborted = aborted
tour-bye = Bye: { $name }
tour-entries = Entries
tour-no-entries = Nobody has entered yet.
# After a player's name: their Chatrang partner, who entered the team.
tour-team-of = team of { $name }
tour-invited = (invited)

## The creation form
tour-name = Name
tour-description = Rules and notes for players
tour-optional = optional
tour-game = Game
tour-chatrang-hint = Chatrang events are for teams of two: each team registers together.
# Legend above a game's options, and its hint.
tour-options = { $game } options
tour-options-only-for = only for { $game }
tour-format = Format
tour-format-hint = round robins start every game at once; a Swiss pairs each round when the one before ends
tour-rounds-label = Rounds
tour-rounds-hint = Swiss only: 1 to 20 (default 5)
tour-entrants-from = Entrants from
tour-to = to
tour-entrants-hint = round robins 3 to 30 (default 3 to 12), Swiss 3 to 1,000 (default 3 to 100)
tour-timeout = When time runs out
tour-timeout-claim = The waiting player may claim the win
tour-timeout-auto = The server ends the game at the deadline
tour-rated-or-casual = Rated or casual
tour-rated = Rated
tour-casual = Casual
tour-who-may-enter = Who may enter
tour-entry-anyone = Anyone (within the rating limits)
tour-entry-invited = Invited players only
tour-ratings-from = Ratings from
tour-ratings-hint = optional; a new player counts as 1500
tour-bye-worth = A Swiss bye is worth
tour-bye-win = A win
tour-bye-draw = A draw
tour-bye-nothing = Nothing
tour-start-time = Start time
# $zone: the time zone's name (Europe/Berlin).
tour-start-time-hint = optional, { $zone }; the event starts by itself then if it has its minimum of entrants. Without it you start it from its page.
tour-vacation = Vacation during the event
tour-vacation-hint = a player on vacation stops the clocks of their games
tour-allowed = Allowed
tour-not-allowed = Not allowed
tour-scoring-note = Points follow each game's own scoring (Nowan chess: 2 for a win, 1 for a stalemate win). Ties are broken by direct encounter, Sonneborn-Berger and wins in round robins, by Buchholz, median Buchholz, Sonneborn-Berger and wins in a Swiss (the API can set another order).
tour-create-button = Create the tournament

## The creation form's errors (shown as sentences above the form)
tour-error-choose = Choose from the list.
tour-error-choose-format = Choose a format from the list.
tour-error-rounds = The number of rounds is a whole number.
tour-error-min-entrants = The minimum of entrants is a whole number.
tour-error-max-entrants = The maximum of entrants is a whole number.
tour-error-rating-min = The minimum rating is a whole number.
tour-error-rating-max = The maximum rating is a whole number.
tour-error-bye = A bye's points is a whole number.
tour-error-starts-at = The start time is a date and a time, e.g. 2026-12-24 18:00.
tour-error-confirm-withdraw = Tick “I am sure” to withdraw.
tour-error-confirm-cancel = Tick “I am sure” to cancel the tournament.

## A member's invitation links (/invitations)
tour-invitations-title = Invitations
tour-invitations-heading = Your invitations
tour-invitation-uses = Uses
tour-invitation-expires-in = Expires in days
tour-invitation-note = Note
tour-invitation-note-hint = who it is for
tour-invitation-create = Create an invitation link
tour-invitations-empty = No invitations yet.
tour-invitation-used = Used
tour-invitation-expires = Expires
tour-invitation-revoked = revoked
tour-invitation-revoke = Revoke
tour-invitation-spent = spent
tour-invitation-created = Invitation created
tour-invitation-created-text = { $count ->
    [one] Send this link to whom you invite ({ $count } use). It is shown only now: Herald keeps only a hash of it.
   *[other] Send this link to whom you invite ({ $count } uses). It is shown only now: Herald keeps only a hash of it.
}

## The event's news (its notices, live)
tour-news-heading = News
tour-news-reload = reload for the new pairings and standings
tour-news-none = No news yet: notices appear here when the event starts, when each round is paired and when it ends.
