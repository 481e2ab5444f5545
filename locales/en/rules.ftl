# The rules pages: the list of games (templates/rules_index.html), a game's page
# (templates/rules_variant.html, pages/rules.rs) and each game's own text
# (templates/rules/*.html). Keys ending in -html are printed unescaped: keep their markup.
# Piece names in the prose: use the names players of your language use for these pieces
# (the pieces' table on each page takes its names from the games' registry).

## The list of games (/rules)
rules-index-title = Rules
# $count is the number of games.
rules-index-heading = { $count ->
    [4] The four games
   *[other] The { $count } games
}
# A game's board and players: "9 by 9, 2 players".
rules-index-game = { $files } by { $ranks }, { $players } players

## A game's page (/rules/<game>)
# The page's title; $game is the game's name.
rules-page-title = { $game }: rules
# Shown under every game's name: the English text is the reference. The link goes to the
# language menu at the foot of the page.
rules-translation-note-html = These rules are written in English, and the English text is the reference for every translation (other languages: <a href="#footer-language">the language menu</a>).
rules-start-heading = Starting position
rules-try-analysis = Try the moves on the analysis board
rules-pieces-heading = The pieces
rules-pieces-intro = Each diagram shows one piece, ringed in blue, and marks every square the rules engine lets it move to from there: a dot for an empty square, a ring for a capture, a dashed ring for a sacrifice.
# Before the list of a piece's moves in its diagram.
rules-moves = Moves:
rules-notation-heading = Notation
rules-notation-html = The game page's move list writes each move with the moving piece's letter, its origin, <code>-</code> (or <code>x</code> when it takes a piece), its destination, <code>=</code> and the new piece's letter for a promotion, and <code>+</code> when the move leaves a player in check. Pawns have no letter. To play, type the origin and destination only (<code>e2e3</code>, and the new piece's letter for a promotion: <code>c9c10q</code>).
# $typed is a move as typed (b1c3), $written the same move as the move list writes it (H b1-c3).
rules-notation-example-html = For example, the opening move typed <code>{ $typed }</code> is written <code>{ $written }</code>.
# The notation table's columns, and the letter cell of the pawns (which have none).
rules-letter = Letter
rules-piece = Piece
rules-no-letter = (none)
rules-scoring-heading = Scoring and ratings
# $game is the game's name; $scoring its scoring in words from help.ftl (help-scoring-*),
# starting with a small letter ("a win scores 1-0 and counts ... .").
rules-scoring-html = In { $game }, { $scoring } A rated game changes both sides' Glicko-2 ratings in { $game } by what it counts for (<a href="/help/ratings">how ratings work</a>).

## Headings every game's text uses
rules-in-brief-heading = The game in brief
rules-special-heading = Special rules
rules-end-heading = End of the game
rules-reconstructed-heading = What is reconstructed

## Nowan chess (templates/rules/nowan.html, nowan_special.html)
rules-nowan-brief-html = Nowan chess is a two-player game on a 9 by 9 board, told of as the chess of the island of Pan. Its pieces are red and black, and <strong>Black moves first</strong>. It is a cousin of Chinese chess with Japanese touches: the board is split into three bands of three ranks, and two of the pieces gain power while they stand deep in enemy ground.
rules-nowan-goal-html = You win by <strong>capturing the enemy King</strong>. Check is not binding: you may leave your King attacked, or even walk into an attack, and your opponent may then simply take it. To save pointless moves, Herald ends the game at once when a player's King is attacked and no move keeps it safe (checkmate).
rules-nowan-zones-heading = The board and its zones
rules-nowan-zones-html = Files a to i run left to right and ranks 1 to 9 upward, both from Black's side. Ranks 1 to 3 are Black's <em>Home Zone</em> and Red's <em>Enemy Zone</em>; ranks 7 to 9 are the other way round; ranks 4 to 6 are the <em>Battle Zone</em>. The board below marks the zone lines with heavy rules.
rules-nowan-sacrifice-heading = The sacrifice
rules-nowan-sacrifice-html = Once per game, instead of an ordinary move, a player may move his King straight onto one of his own pieces, at any distance and whatever is in between. That piece leaves the game. Both the King and the piece must stand in the player's own Home Zone, and the King must not be in check at that moment. The King may land on an attacked square. The move is written from the King's square to the piece's square, for example <code>e1d1</code>. On Herald's board, the King's sacrifice targets are ringed with a dashed line when you pick up the King (see the King diagram above).
rules-nowan-zone-powers-heading = Zone powers
rules-nowan-zone-powers = A Warrior or Scout standing in its Enemy Zone may also step one square sideways, and may capture that way. The power belongs to the square: a Scout that steps back out loses it, and gets it back on returning. No piece is ever promoted or replaced.
rules-nowan-end-king-html = <strong>King captured</strong>: the capturer wins (2 points to 0).
rules-nowan-end-kings-html = <strong>Only the two Kings left</strong>: a draw at once, worth nothing to either side.
rules-nowan-end-checkmate-html = <strong>Checkmate</strong>: the player to move is in check and has no safe move; the other side wins 2 to 0.
rules-nowan-end-stalemate-html = <strong>Stalemate</strong>: the player to move is not in check but every move would expose his King; the game ends and the stalemating player scores 1 point, the other 0.
rules-nowan-end-agreement = Draws by agreement score 0 to 0. There is no repetition or move-count rule.
rules-nowan-example = Example: Black King on a1, Red Elephants on a9 and b8, Red King on i9, Black to move. The Black King is attacked along the a-file and a2, b1 and b2 are all covered: checkmate, Red wins.
rules-nowan-reconstructed = Herald's rules rest on an incomplete copy of the original description; the article it came from has not been found. Three points are our reading rather than a recorded fact: the Scouts' starting squares (b3 and h3, b7 and h7, where Chinese chess keeps its cannons), the General's move (exactly two squares, unable to jump), and the zone powers (the text breaks off after saying that "several pieces" change in the enemy zone; we give the Warrior and the Scout a sideways step there). If the original turns up, these are the rules that may change.

## Not Chess (templates/rules/not-chess.html, not-chess_special.html)
rules-not-chess-brief-html = Not Chess mixes the chess army with pieces from Chinese chess on a 10 by 10 board. <strong>White moves first</strong>. The aim is to <strong>capture the enemy King</strong>: moves that leave your own King attacked are allowed, so watch your back. Each King lives in a <em>palace</em> of 4 by 3 squares (shaded on the board) and may never leave it, and the two Kings may never face each other on an open file.
rules-not-chess-facing-heading = Facing Kings
rules-not-chess-facing = After any move, the two Kings may not stand on the same file with nothing between them. This forbids not only King moves but also moving away the last piece between them. Capturing the King is always allowed.
rules-not-chess-pawns-heading = Pawns and promotion
rules-not-chess-pawns = All pawns start on their third rank and may step two squares from there. There is no en passant. A pawn reaching the last rank must become a Queen, Elephant, Horse or Cannon; Herald asks which when you make the move.
rules-not-chess-checks-heading = Seven checks lose
rules-not-chess-checks-html = A player who gives check with seven non-capturing moves in a row, with no capture by either side in between, <strong>loses</strong> on the seventh. A capture by anyone clears both counts.
rules-not-chess-twenty-heading = Twenty moves
rules-not-chess-twenty = Twenty moves by each side (40 plies) without a capture or a pawn move end the game as a draw, unless that last move was also a seventh check, which loses.
rules-not-chess-end-king = Capturing the King wins.
rules-not-chess-end-no-move = A player with no legal move at all loses (it almost never happens).
rules-not-chess-end-other = Seven checks lose; twenty quiet moves draw; resignation and agreed draws as usual.
rules-not-chess-reconstructed = The moves of every piece and the special rules come from the original Not Chess rules page. Its pictures did not survive: the starting position, the board width and the palace shape are Herald's reconstruction. We chose 10 files (the only width on which a 4-file palace can be centred), palaces on files d to g, and a starting array in the style of Capablanca's and Grand chess, with the Cannons behind the pawns. If the original setup is ever recovered, Herald will switch to it.

## Chatrang (templates/rules/chatrang.html, chatrang_special.html)
rules-chatrang-brief-html = Chatrang is chess for <strong>four players in two teams</strong>, as it was seen played near Peshawar around 1900. Players 1 and 3 form the White team, Players 2 and 4 the Black team. Each team plays one colour of an ordinary set, each partner commanding one wing of it: Player 1 the a to d files, Player 3 the e to h files (and for Black, Player 2 e to h, Player 4 a to d). Partners sit opposite one another, so turns go <strong>Player 1, Player 2, Player 3, Player 4</strong>, alternating between the teams.
rules-chatrang-colours = On Herald's board the four armies have four colours: ivory (Player 1) and gold (Player 3) for the White team, ebony (Player 2) and crimson (Player 4) for the Black team.
rules-chatrang-partners-heading = Partners
rules-chatrang-partners = You move only your own men. Your partner's men block you like your own, cannot be captured by you and never check you. You must keep your own Shah safe; you may leave your partner's exposed, and an enemy may then take it.
rules-chatrang-check-heading = Check, checkmate and elimination
rules-chatrang-check = A player whose Shah is attacked must get it out of attack. Checkmate is judged only at the start of the checked player's own turn, so the players moving in between, above all the partner, can still come to the rescue. A player who is checkmated, whose Shah is captured, or who resigns or runs out of time is out: his Shah and all his men leave the board and his turns are skipped. His partner plays on alone.
rules-chatrang-passing-heading = Passing
rules-chatrang-passing-html = A player who has no legal move but is not in check passes; Herald shows it as <em>pass</em> in the move list. If every remaining player passes in a row, the game is drawn.
rules-chatrang-promotion-heading = No promotion
rules-chatrang-promotion = A Sarbaz that reaches the far rank stays there as a Sarbaz.
rules-chatrang-end-shahs = A team whose two Shahs are both gone loses.
rules-chatrang-end-bared = A team that strips the other of all its men (leaving only Shahs) wins, but if it has just one man left and the bared team moves next, that player gets one reply: capturing the last man leaves only bare Shahs, a draw.
rules-chatrang-end-bare-shahs = Only Shahs left on the board: a draw.
rules-chatrang-end-agreement = Draws by agreement need every player still in the game.
rules-chatrang-reconstructed = The only record of this game is a short eyewitness report passed on by H. J. R. Murray in 1913. It names the pieces and the three ways a game ended but not every detail, so Herald fills the gaps: the exact arrangement of the men (as in the Ludii implementation), the turn order, checkmate being judged at the victim's own turn, passing when a player cannot move, and the one reply a bared team gets. These are our readings, chosen to make every ending in the report reachable.

## Ancient chess (templates/rules/ancient.html, ancient_special.html)
rules-ancient-brief-html = Ancient chess is the last game of a series by Andy Maxson that works back through chess history, with pieces borrowed from Chinese chess. It is played by two on an 8 by 8 board divided by a <em>centre line</em> between ranks 4 and 5 (drawn heavily on the board). <strong>White moves first</strong>. It is completely drawless: win by checkmate, by stalemating your opponent, or by capturing all his men but the General.
rules-ancient-general-heading = The General
rules-ancient-general = The General steps one square straight and may never cross the centre line. Once per game, if it has never moved and is not in check, it may instead make a Horse move to an empty square on its own side. The two Generals may never face each other along a file or a diagonal with nothing between them, and adjacent Generals count as facing.
rules-ancient-repetition-heading = Repetition is forbidden
rules-ancient-repetition = No move may create a position that has already occurred twice. A player whose every move is forbidden this way has no legal move, and loses.
rules-ancient-end-no-move = A player with no legal move loses, whether in check (checkmate) or not (stalemate).
rules-ancient-end-bare = A player left with nothing but his General loses at once: the capture that bares him wins.
rules-ancient-end-no-draws = There are no draws.
rules-ancient-options-heading = Optional rules
rules-ancient-options = A game may be created with any mix of three options:
rules-ancient-option-ferz-html = <strong>Ferz forward</strong>: the Ferz steps straight forward instead of back.
rules-ancient-option-jumping-html = <strong>Jumping</strong>: the Horse and Elephant (and the General's Horse move) jump over pieces.
rules-ancient-option-promotion-html = <strong>Promotion</strong>: a pawn reaching the last rank must promote, to a Ferz, or to a Chariot, Horse or Elephant if fewer of that kind remain than at the start.
rules-ancient-reconstructed = The original page gives every piece move and rule, but its Setup diagram was lost. Herald's board (8 by 8) and starting position (the shatranj back rank with the Ferz on d1 and the General on e1, an empty second rank, and pawns on the third) are our reconstruction. Two readings are also ours: the Elephant's three paths for a straight two-step move, and pawns capturing the way they move.
