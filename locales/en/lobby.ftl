# The lobby: invitations, your challenges, open challenges.
lobby-create-game = Create a game
lobby-play-a-bot = Play a bot
lobby-invitations = Invitations for you
lobby-no-invitations = No invitations right now.
lobby-rated = Rated
lobby-casual = Casual
# $range: "1400-1700".
lobby-rated-range = rated { $range } only
lobby-accept = Accept
lobby-decline = Decline
lobby-your-challenges = Your challenges
lobby-no-challenges = You have no open challenges.
lobby-cancel = Cancel
lobby-open-challenges = Open challenges
lobby-older-open-challenges = Older open challenges
lobby-no-open-challenges = No open challenges.
lobby-create-one = Create one, and others can accept it here.
# $seats: the open seats' names.
lobby-open-seats = open: { $seats }
lobby-seat = Seat
lobby-any-seat = any open seat
lobby-log-in-to-accept = Log in to accept
lobby-pages = Pages
# The arrows point the way the page reads.
lobby-newest = ← Newest challenges
lobby-older = Older challenges →
