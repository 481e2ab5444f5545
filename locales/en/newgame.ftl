# The new-game form (/lobby/new). Game names come as $game.
newgame-heading = Create a game of { $game }
newgame-game = Game
newgame-rules = Rules:
newgame-timeout = When time runs out
# Followed by the link newgame-timeout-clock.
newgame-timeout-see = see
newgame-timeout-clock = how the clock works
newgame-timeout-claim = The waiting player may claim the win
newgame-timeout-auto = The server ends the game at the deadline
newgame-rated-or-casual = Rated or casual
newgame-rated-hint = a rated game changes both players' ratings in this game
newgame-spectator-chat = Spectators may read the game's chat
newgame-spectator-chat-hint = they never write; Chatrang team channels stay private
newgame-rating-range = Rating range of the open seats
newgame-rating-range-hint = optional; only players rated inside it see the challenge and can take a seat. Invited players can always join. A new player counts as 1500.
newgame-from = From
newgame-to = to
newgame-your-seat = Your seat
newgame-random = Random
newgame-moves-first = (moves first)
newgame-options = { $game } options
newgame-invite-players = Invite players
newgame-invite-players-hint = Name a player for each seat you want to reserve; seats left empty are open to anyone. If you invite someone, choose your own seat above so it is not taken.
newgame-invite-player = Invite a player
newgame-invite-player-hint = their username; leave empty for an open challenge anyone can accept
newgame-bots = Bots
# Followed by " (see them)" as a link, then newgame-bots-hint.
newgame-bots-intro = Bots are computer players
newgame-bots-see = see them
newgame-bots-hint = ; games with bots are casual unless this site allows rated ones. Seats you leave open can be filled by the nearest free bot of the level you choose, at once or if nobody comes.
newgame-bot-level = Fill the open seats with bots
newgame-bot-none = No, wait for people
# $level: a number.
newgame-bot-level-n = Bots of level { $level }
newgame-bot-when = When
newgame-bot-at-once = at once
newgame-bot-after-hour = after an hour without people
newgame-bot-after-six-hours = after six hours without people
newgame-bot-after-day = after a day without people
newgame-bot-after-three-days = after three days without people
newgame-create = Create the game
# Games of partners: "Player 1 and Player 3 play together against Player 2 and Player 4."
newgame-teams-note = { $first } play together against { $second }.
