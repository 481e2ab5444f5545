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
