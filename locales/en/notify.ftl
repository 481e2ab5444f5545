# Push notifications. $game is the game's name, $opponents the other players ("alice and bob").
push-your-move-title = Your move against { $opponents }
push-started-body = The game of { $game } has started: you move first.
push-your-move-body = { $game }: it is your move.
push-time-warning-title = Time is running out against { $opponents }
push-time-warning-body = { $game }: 80 % of your time for this move is used.
push-claimable-title = You can claim the win
push-claimable-body = { $game } against { $opponents }: the deadline passed.
push-game-over-title = Game over
push-declined-body = Your invitation to a game of { $game } was declined.
# $result: "White won by checkmate".
push-game-over-body = { $game } against { $opponents }: { $result }.
push-rematch-title = Rematch offered
push-rematch-body = { $opponents } offers a rematch of { $game }.
push-draw-title = Draw offered
push-draw-body = { $game } against { $opponents }: a draw is offered.
push-takeback-title = Takeback asked
push-takeback-body = { $game } against { $opponents }: your opponent asks to take back a move.
# A chat line's title: its author and the game's id.
push-chat-title = { $author } in game { $game }
push-chat-team-title = { $author } (team) in game { $game }
push-deleted-player = A deleted player
# When nobody else plays the game.
push-yourself = yourself
# Game e-mails (plain text; the link follows the body). $game is the game's id.
email-your-move-subject = Your move in game { $game }
email-your-move-body = It is your move in game { $game }.
email-time-warning-subject = Time is running out in game { $game }
email-time-warning-body = You have used 80 % of your time for this move in game { $game }.
email-claimable-subject = You can claim game { $game }
email-claimable-body = Your opponent let the deadline pass in game { $game }: you may claim the win.
email-game-over-subject = Game { $game } is over
email-declined-body = Your invitation to game { $game } was declined.
email-game-over-body = Game { $game } has ended ({ $result }).
# $change is signed: "+12", "-8".
email-rating-now = Your rating in this game is now { $rating } ({ $change }).
email-rematch-subject = Rematch offered after game { $game }
email-rematch-body = Your opponent offers a rematch of game { $game }. Accept or decline it here:
# The mail that confirms a notification address.
email-confirm-subject = Confirm your e-mail address for Herald
email-confirm-body =
    Someone (we hope you) asked Herald to send game notifications to this address.

    To confirm, open: { $link }

    If it was not you, ignore this mail: nothing will be sent to you.
# The e-mail digest of unread chat messages.
chat-digest-one = A new message in game { $game }
chat-digest-in-game = { $count ->
    [one] { $count } new message in game { $game }
   *[other] { $count } new messages in game { $game }
}
chat-digest-in-games = { $count } new messages in { $games } games
chat-digest-game = Game { $game }:
chat-digest-deleted-user = a deleted user
chat-digest-to-team = (to your team)
chat-digest-with-move = with move { $move }
chat-digest-answer = Answer: { $link }
