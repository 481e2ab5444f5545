# The game page (templates/game.html, game_takeback.html).
game-page-accept-invitation = Accept the invitation
game-page-decline = Decline
game-page-join = Join this game
game-page-offer-rematch = Offer a rematch
game-page-accept-draw = Accept the draw
game-page-decline-draw = Decline the draw
game-page-you-offered-draw = You offered a draw.
game-page-offer-draw = Offer a draw
game-page-abort = Abort the game
game-page-resign-sure = I am sure
game-page-resign = Resign
game-page-type-move = Type a move
game-page-play = Play
game-page-takeback-accept = Accept the takeback
game-page-takeback-decline = Decline the takeback
game-page-takeback-withdraw = Withdraw the request
game-page-takeback-ask = Ask to take back
game-page-takeback-help = How takebacks work
# The board, for screen readers and tooltips.
board-caption = { $game } board, seen from { $side }
board-side-team = the { $team } team
board-square-piece = { $square }, { $piece }
board-square-empty = { $square }, empty
# A piece on the board: its army's colour and its name ("white Pawn").
board-piece = { $colour } { $piece }
# A piece in a team game (Chatrang): "Player 3's Pil (gold, White team)".
board-piece-in-team = { $seat }'s { $piece } ({ $colour }, { $team } team)
# Added after a square's name and piece, separator included.
board-mark-check = , in check
board-mark-last = , last move
board-mark-selected = , selected
board-mark-sacrifice = , sacrifice this piece
board-mark-move-here = , move here
# The rest of the game page (templates/game.html).
# The page's title and heading: "Nowan chess game" followed by the game's id.
game-page-title = { $game } game
game-page-replay-position = Position after move { $at } of { $ply }.
game-page-you-play = You play
# A seat in a team game: "gold, White team".
game-page-team-words = { $colour }, { $team } team
game-page-next-game = Next game
game-page-waiting = { $count } waiting
game-page-new-chat = New chat message
game-page-ended-by-admin = Ended by an administrator: { $why }
# Before the move a player is asked to confirm ("Play e2-e4?").
game-page-confirm-play = Play this move?
game-page-confirm-move = Confirm move
game-page-cancel = Cancel
game-page-promote-to = Promote to:
game-page-choose-piece = Choose the new piece:
game-page-confirm-your-move = Confirm your move:
game-page-choice-promote = Promote to { $piece }
game-page-choice-play = Play { $move }
game-page-must-pass = You have no legal move and your Shah is not attacked: you pass this turn.
game-page-pass = Pass
game-page-flip = Flip board
game-page-sound = Sound when your opponent moves
game-page-replay = Replay
game-page-start-position = Start position
game-page-previous-move = Previous move
game-page-move = Move
game-page-back-to-game = back to the game
game-page-next-move = Next move
game-page-current-position = Current position
game-page-rated = Rated
game-page-casual = Casual
game-page-rules = Rules
game-page-open-to = Open to players rated { $range }.
game-page-bots-fill = Fill open seats with bots
game-page-bots-rated = This game is rated, and games with bots are casual on this site: bots cannot take its seats.
game-page-bots-scheduled = Bots of level { $level } take the seats still open at { $when }.
game-page-bots-level = Level
game-page-bots-seat = Seat
game-page-bots-every-seat = every open seat
game-page-bots-when = When
game-page-bots-now = now
game-page-bots-in-an-hour = in an hour if nobody comes
game-page-bots-in-a-day = in a day if nobody comes
game-page-bots-seat-them = Seat bots
game-page-bots-link = the bots
game-page-rematch-of-html = A rematch of <a href="/games/{ $game }">game { $game }</a>.
game-page-of-tournament = A game of the tournament
game-page-rematch-offered = { $who } offered a rematch:
game-page-rematch-you-offered = You offered a rematch:
game-page-rematch-someone-offered = A player offered a rematch:
game-page-rematch-waiting = waiting for an answer
game-page-rematch-accepted = accepted: in play
game-page-rematch-declined = declined
game-page-rematch-aborted = aborted
game-page-rematch-played = played
game-page-accept-rematch = Accept the rematch
game-page-players = Players
game-page-you-mark = (you)
game-page-invited = { $who } (invited)
game-page-open-seat = open seat
game-page-out = out of the game
game-page-offers-draw = offers a draw
game-page-vacation = on vacation
game-page-vacation-clock-stopped = on vacation: the clock is stopped
game-page-to-move = to move
# Before the deadline: "to move by Mon 30 Nov 2026, 14:00 UTC".
game-page-by = by
game-page-claim-aborts = The player to move has run out of time without ever moving: claiming aborts the game, with no winner.
game-page-claim-abort = Abort the game on time
game-page-out-of-time = The player to move has run out of time.
game-page-claim-win = Claim the win
game-page-moves = Moves
game-page-no-moves = No moves yet.
game-page-moves-label = Moves (choose one to see its position; left and right arrow keys step)
# For screen readers, before each move of the list: "move 3, White".
game-page-move-label = move { $round }, { $seat }
game-page-pieces = Pieces
game-page-notation-written = Moves are written with the piece's letter (pawns have none)
game-page-notation-signs-html = <code>x</code> takes, <code>=</code> and a letter promotes, <code>+</code> gives check.
game-page-notation-typed = Type moves as origin and destination
game-page-notation = Notation
game-page-move-message = Message with the move
game-page-move-message-hint = (optional; also sent with a move made on the board)
game-page-draw-declined = { $who } declined the draw offer.
game-page-draw-declined-you = You declined the draw offer.
game-page-status-waiting = Waiting for players to take their seats.
game-page-status-your-move = Your move.
game-page-status-to-move = { $seat } to move ({ $player }).
game-page-status-next-move = Waiting for the next move.
game-page-conditionals = My conditional moves
game-page-conditionals-pending = { $count ->
    [one] { $count } line pending
   *[other] { $count } lines pending
}
game-page-conditionals-private = nobody else sees them
game-page-conditionals-help = From the current position: the other players' moves, then your reply (then their next move, your next reply…); on your turn a line starts with your own move. When a move matches a line, your reply is played at once; lines that do not match are dropped. The analysis board below can add a line here.
game-page-conditionals-lines = Lines, one per row, moves separated by spaces
game-page-conditionals-limits = At most { $lines } lines of { $moves } moves; every move is checked when you save. An empty box cancels them all.
game-page-conditionals-reveal = Show these lines with the game record once it is over
game-page-conditionals-save = Save conditional moves
game-page-conditionals-hide = Hide my conditional lines from the record
game-page-conditionals-show = Show my conditional lines with the record
game-page-conditionals-none = You entered no conditional moves in this game.
game-page-computer = Computer analysis
game-page-computer-request = Request computer analysis
game-page-computer-sign-in = Sign in to request a computer analysis of this game.
game-page-computer-chart = Winning chances of the first seat's side after each move (click a point for the position).
game-page-computer-accuracy = Accuracy:
game-page-computer-move = Move
game-page-computer-played = Played
game-page-computer-eval = Evaluation
game-page-computer-line = Engine's line before it
game-page-computer-queued = Analysis queued: reload the page in a minute.
game-page-computer-running = Analysis running: reload the page in a minute.
game-page-computer-failed = Analysis failed.
game-page-computer-done = Analysis done.
game-page-computer-how = How moves are judged
# Who an accuracy belongs to when the seat is unknown.
game-page-computer-seat = seat { $seat }
game-page-revealed = Conditional lines revealed
game-page-revealed-from = from move { $move }:
game-page-notes = My notes
game-page-notes-private = private
game-page-notes-published = private; published with the game
game-page-notes-game = On the game
game-page-notes-position = On the position after move { $move }
game-page-notes-after = After move { $move }
game-page-notes-save = Save
game-page-notes-unpublish = Take my notes back from the game record
game-page-notes-publish = Publish my notes with the game (PGN comments, and my saved variations)
game-page-report = Report this game
game-page-report-what = What is wrong?
game-page-report-hint = the administrators read it
game-page-report-send = Send the report
game-page-analysis-board = Analysis board
# A refused move or action, shown above the board.
game-page-refused-stale = Your opponent has moved: the board now shows the current position. Choose your move again.
game-page-refused-illegal = That move is not legal: { $reason }.
# An open challenge's rating range.
game-range-between = { $min }-{ $max }
game-range-at-least = at least { $min }
game-range-at-most = at most { $max }
# The game's chat (templates/game_chat.html).
chat-title = Chat
chat-spectators-read = Spectators can read this conversation.
chat-players-only = Only the players read this conversation.
chat-team-private = Team messages are seen by your partner only.
chat-team-tag = team
chat-with-move = with move { $move }
chat-actions = actions on this message
chat-report-label = Report this message
chat-report-what = What is wrong?
chat-report = Report
chat-hide-why = Why (kept in the audit log)
chat-hide-why-label = Why hide it
chat-hide = Hide for everyone
chat-empty = No messages yet.
chat-message = Message
chat-to = To
chat-to-everyone = Everyone in the game
chat-to-partner = My partner only (team)
chat-send = Send
chat-published-by-you = You published your team channel; it becomes public when your partner does too.
chat-publish = Publish our team channel with the game (public once both partners agree)
# The analysis board (templates/analysis_board.html).
analysis-intro = Move the pieces freely along their legal moves, build variations and step through them; the moves and results are the rules engine's; the engine evaluates a position only when you switch it on.
analysis-intro-game = Move the pieces freely along their legal moves from any position of the game, build variations and step through them; the moves and results are the rules engine's; the engine evaluates a position only when you switch it on. Your main board and your moves in the game are not touched.
analysis-needs-js = The analysis board needs JavaScript.
analysis-engine = Engine
analysis-step = Step through the analysis
analysis-first = First position
analysis-first-key = First position (Home)
analysis-back = Back one move
analysis-back-key = Back one move (left arrow)
analysis-forward = Forward one move
analysis-forward-key = Forward one move (right arrow)
analysis-last = End of this line
analysis-last-key = End of this line (End)
analysis-flip = Flip
analysis-tree = Moves and variations
analysis-delete = Delete this move and what follows
analysis-go-to-game = Go to the position on the game board
analysis-add-conditional = Add this line to my conditional moves
analysis-save = Save my variations
analysis-saved-hint = Saved variations are yours alone; after the game you may publish them with your notes, and the game's PGN then carries them.
# The standalone analysis board (templates/analysis.html).
analysis-heading-start = { $game }: the start position
analysis-heading-set-up = { $game }: the position set up
analysis-page-intro = Set up any position of any of Herald's games and move the pieces along their legal moves, as the rules engine says. Nothing is kept here: to keep variations on a game, use the analysis board on the game's page.
analysis-page-game = Game
analysis-page-position = Position string
analysis-page-position-empty = empty: the start position
analysis-page-position-hint-html = As the game's <a href="/rules">rules page</a> defines it.
analysis-page-options = { $game } options
analysis-page-set-up = Set up the board
# The takeback panel's news (templates/game_takeback.html).
takeback-you-asked = You asked to take back your move { $move }; { $answer } answers.
takeback-asks-you = { $asker } asks to take back the move { $move }.
takeback-asks = { $asker } asks to take back the move { $move }; { $answer } answers.
takeback-declined-you = You declined the takeback.
takeback-declined = { $who } declined the takeback.
takeback-accepted-you = You accepted the takeback: { $move } was taken back.
takeback-accepted = { $who } accepted the takeback: { $move } was taken back.
# In the move list, where a player of a team game withdrew: "Player 2 resigned".
game-page-withdrew = { $seat } resigned
# The computer analysis chart's title and each point's.
game-page-computer-chart-title = Evaluation after each move
game-page-computer-chart-point = Move { $move }
# A conditional reply the rules refused (the notice above the lines).
game-page-conditional-dropped = Your conditional reply { $reply } was no longer legal and was not played; your lines were dropped.
