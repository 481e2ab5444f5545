# Texts the browser's scripts show (pages/script_texts.rs hands them over). An argument
# written { $name } reaches the script as a place it fills in.
js-title-your-move = (your move)
js-title-new-message = (new message)
js-scroll-hint = Wider than the screen: swipe the table sideways for every column →
js-offline-copy-at = You are offline: this is the page as it was at { $date }. Moves and messages cannot be sent until you are back online.
js-offline-copy = You are offline: this is the page as it was when you last opened it. Moves and messages cannot be sent until you are back online.
js-offline = You are offline. Moves and messages cannot be sent until you are back online.
# A square's spoken name ("e4, white Pawn") with what a click on it would do.
js-square-selected = { $square }, selected
js-square-sacrifice = { $square }, sacrifice this piece
js-square-move-here = { $square }, move here
js-square-piece = { $square }, { $piece }
js-square-empty = { $square }, empty
js-square-in-check = { $square }, in check
js-square-last-move = { $square }, last move
js-promote-to = Promote to { $piece }
js-that-piece = that piece
js-cannot-move-there = The { $piece } cannot move to { $square }.
js-move-not-accepted = The move was not accepted.
js-opponent-moved = Your opponent has moved: the board now shows the current position. Choose your move again.
js-move-unreachable = The server could not be reached: your move was not sent.
js-move-offline = You are offline: your move was not sent. Make it again when you are back online.
js-chat-deleted-user = a deleted user
js-chat-with-move = with move { $ply }
js-chat-new-messages = { $count ->
    [one] { $count } new chat message
   *[other] { $count } new chat messages
}
js-chat-not-sent = The message was not sent.
js-chat-unreachable = The server could not be reached; your message was not sent.
js-push-on = This device gets notifications.
js-push-blocked = Notifications are blocked for this site in this browser's settings: allow them there first.
js-push-off = This device gets no notifications.
js-push-failed = That did not work: { $error }
js-push-not-allowed = notifications were not allowed
js-push-unavailable = This browser cannot receive notifications from a site (on an iPhone or iPad: add Herald to the home screen, then open it from there).
js-push-asking = Asking the browser…
js-analysis-refused = The position was refused.
js-analysis-cannot-set-up = The service cannot set up this position.
js-analysis-not-legal = { $move } is not a legal move in that position.
js-analysis-game-start = Game start
js-analysis-game-after = Game, after move { $ply }
js-analysis-start = Start
js-analysis-start-position = Start position
js-analysis-moves-from-start = { $count ->
    [one] Analysis, { $count } move from the start
   *[other] Analysis, { $count } moves from the start
}
js-analysis-drawn = Drawn
js-analysis-wins = { $team } wins
js-analysis-game-over = Game over: { $who } ({ $reason }), { $result }.
js-analysis-to-move = { $seat } to move.
js-analysis-player = Player { $number }
js-analysis-save = Save my variations
js-analysis-save-unsaved = Save my variations (unsaved changes)
js-analysis-engine-failed = The engine could not answer.
js-analysis-engine-unreachable = The engine could not be reached.
js-analysis-rules-unreachable = The rules service could not be reached.
js-analysis-wins-in = wins in { $moves }
js-analysis-loses-in = loses in { $moves }
js-analysis-game-over-short = game over
js-analysis-thinking = thinking…
# "+0.35 for the side to move; best e2-e3 (e2-e3 d7-d6) · depth 9"; $best is empty or the next message.
js-analysis-evaluation = { $score } for the side to move{ $best } · depth { $depth }
js-analysis-best = ; best { $move }{ $line }
js-analysis-saved = { $count ->
    [0] Saved: no variations kept.
    [one] Saved: { $count } move.
   *[other] Saved: { $count } moves.
}
js-analysis-not-saved = Your variations were not saved.
js-analysis-save-unreachable = The server could not be reached; your variations were not saved.
js-analysis-added-conditional = Added to your conditional moves: { $moves }. Submit that form to keep it.
