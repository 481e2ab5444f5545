# The help pages (templates/help_time.html, help_takebacks.html, help_engine.html,
# help_analysis.html, help_ratings.html) and the scoring sentences built in pages/help.rs.
# Keys ending in -html are printed unescaped: keep their markup as it is.

## How the clock works (/help/time)
help-time-title = How the clock works
help-time-lead = Herald is played by correspondence: there is no ticking clock, only a deadline for each move.
help-time-days-heading = Days per move
# $max and $default are numbers of days.
help-time-days = Each game has a fixed number of days per move, chosen when it is created: from 1 to { $max }, { $default } unless the creator chose otherwise. Every player gets that much time for every move.
help-time-turn-heading = When your turn starts and ends
help-time-start-term = Start
help-time-start = Your turn starts the moment the previous move is saved. The first turn of a game starts when the last seat is filled.
help-time-deadline-term = Deadline
help-time-deadline-html = The deadline is the start plus the days per move, to the minute (24 hours a day). Herald shows it in your time zone (set it in <a href="/settings#preferences">Settings</a>) and as time left, such as “2 days 4 hours left”.
help-time-no-saving-term = No saving up
help-time-no-saving = Under days per move, time you do not use is not carried over: a quick move does not give you more time later. The two other clocks keep a bank.
help-time-kinds-heading = Fischer days and ICCF clocks
help-time-kinds = A game's creator, or a tournament's organiser, may choose one of two clocks that keep a bank of time instead of days per move. The game page shows each player's bank, and the API gives every seat's time as remaining_ms.
help-time-fischer-term = Fischer days
help-time-fischer = Each player starts with a bank of days (1 to { $max_bank }). The time you take for a move is taken from your bank, to the millisecond; after each move the increment (0 to { $max_increment } hours) is added, but the bank never grows beyond its cap. Your deadline is the start of your turn plus your whole bank. A conditional reply, played the instant its turn begins, uses no time and still earns the increment.
help-time-iccf-term = ICCF: moves in days
help-time-iccf = As in ICCF's correspondence events (their Playing Rules, article 2.4.2): you have D days for every M moves, such as 10 moves in 50 days, and time you do not use is carried over. After your M-th move (and your 2M-th, and so on) another D days are added to what you have left.
help-time-iccf-whole-days-term = Whole days
help-time-iccf-whole-days = Herald charges each move the whole 24-hour periods that passed while you had the move: a reply within 24 hours costs nothing, a reply after 3 days and 5 hours costs 3 days. Hours after the last whole day are not charged, and time on vacation does not count.
help-time-iccf-double-term = Double time
help-time-iccf-double = A single move that takes more than 20 whole days is charged double for every day beyond the 20th: 23 days cost 26.
help-time-iccf-flag-term = Running out
help-time-iccf-flag = You run out of time when the days charged for your current move would exceed the days left in your bank; the game page shows that moment as your deadline. A move made after it, before anyone claims, leaves you an empty bank.
help-time-iccf-not-term = What Herald does not copy
help-time-iccf-not = ICCF's 40-day silence rule and its own leave rules: Herald's vacation allowance and the claim below apply to every kind of clock.
help-time-timeout-heading = When a player runs out of time
help-time-claim-html = When a deadline passes, the opponent waiting for the late player can <strong>claim the win</strong> (in Chatrang, either player of the other team). Until somebody claims, the late player may still move, and that move ends the claim.
help-time-claim-ends = A claim ends the game: the late player loses on time. In Chatrang the late player drops out as if they had resigned, and the game goes on while their partner still plays. If the late player never moved in the game at all, the game is aborted instead and has no result.
help-time-automatic = Some games are created to end automatically at the deadline instead of waiting for a claim. And no game waits for ever: a game that could have been claimed for a long time (30 days unless the server says otherwise) is ended by Herald.
help-time-warning = Herald warns a player once when 80 % of a turn is used up: 80 % of the time the player had when the turn began (the days per move, the Fischer bank, or the ICCF days before running out).
help-time-takeback-html = In a casual game, an accepted <a href="/help/takebacks">takeback</a> gives the player whose move was taken back a fresh deadline from the moment it was accepted: the full days per move, or under Fischer and ICCF clocks the bank as it stands (time already spent is not given back).
help-time-vacation-heading = Vacation
help-time-vacation = Every account has a yearly allowance of vacation days (30 unless the server says otherwise). While your vacation is on, the deadlines of your turns move forward by the time spent, and your opponents see that you are on vacation. It ends when you switch it off or make a move.

## Takebacks (/help/takebacks)
help-takebacks-title = Takebacks
help-takebacks-lead = Misclicked? In a casual game you may ask to take back your move, and your opponent decides.
help-takebacks-when-heading = When you may ask
help-takebacks-when-casual-html = Only in <strong>casual</strong> games that are not part of a tournament. Rated games and tournament games never allow takebacks.
help-takebacks-when-in-progress = The game is in progress, you play in it and you are still in it (in Chatrang, not out of the game).
help-takebacks-when-own-move-html = The move is <strong>your own last move</strong>, and it is still the game's last move: nobody has moved since. In Chatrang the next player to move answers your request.
help-takebacks-when-one-request = One request at a time: while a request waits for its answer, nobody can ask another.
help-takebacks-answering-heading = Answering
help-takebacks-answering = The player to move (your opponent, or in Chatrang the next player) sees the request on the game page and accepts or declines it. A bot accepts at once. You can withdraw your request until it is answered.
help-takebacks-lapses = A request lapses when any move is made (if your opponent moves instead of answering, that is a no) and when the game ends.
help-takebacks-accepted-heading = What an accepted takeback does
help-takebacks-accepted-removed = Your move is removed: the board, the move list, the last-move highlight, the game's record (and its PGN) go back one move, exactly as if it had never been played. Everything the rules count (checks in a row, zones, a sacrifice already used, players out) is worked out again from the remaining moves.
help-takebacks-accepted-clock-html = <strong>The clock:</strong> it is your move again, with a fresh deadline: the game's full days per move, counted from the moment the takeback was accepted (as if your opponent had just moved). A warning already sent for your earlier turn does not count: you are warned again at 80 %.
help-takebacks-accepted-draws = Standing draw offers lapse: they were made on a position that is gone. Offer again if you still want a draw.
help-takebacks-accepted-conditional = Conditional moves saved after your move (by any player) are dropped, with a notice: they followed a position that is gone. Notes on the position after your move, and saved analysis variations that branch from it, are removed too.
help-takebacks-accepted-log = The game's event log keeps the whole story: the move, the request and the answer.
help-takebacks-declined = A declined request changes nothing: your move stands and the clock runs on as before.

## The engine and fair play (/help/engine)
help-engine-title = The engine and fair play
help-engine-lead = Herald has its own engine for its four games: it evaluates positions on the analysis board, and the same engine plays at eight levels.
help-engine-eval-heading = The evaluation on the analysis board
# $budget is a number of milliseconds.
help-engine-eval-html = Switch on <b>Engine</b> under the analysis board and each position you step to is evaluated: a number of pawns (a hundredth of a pawn is a centipawn; +1.00 is about a pawn up) from the point of view of the side to move, or “wins in N” when it sees a forced win N of that side's moves away, with its best move and the line it expects. The engine thinks for at most { $budget } milliseconds a position on the server, so its judgement is quick, not deep: use it to check tactics, not as the last word.
help-engine-fair-play-heading = Fair play in running games
help-engine-allowed-html = On this site <b>engine help is allowed</b> in running games, as in ICCF correspondence chess: every player may ask the engine about the positions of their own games.
help-engine-not-allowed-html = On this site <b>engine help is not allowed</b> in running games, as on lichess: the server refuses to evaluate a position of one of your own running games, or a position one move after it. Spectators may evaluate any position, and once a game has ended its players may study it with the engine like anyone else. The free analysis board always evaluates positions that are not in your running games.
help-engine-rule = The site's administrators choose this rule (ICCF allows engines in correspondence play; lichess does not).
help-engine-bots-heading = Bots
help-engine-bots-html = The same engine plays the club's <a href="/bots">bots</a>: accounts marked with a BOT badge, each at one of the engine's eight levels, from level 1 (a beginner's first opponent, barely better than random moves) to level 8. Each level scores between 60 % and 85 % against the one below it in every game. A bot answers within seconds of its turn, never claims a win on time (it waits for you), and can take the empty seats of a Chatrang table, where it plays for its partner's team. Leaderboards leave bots out unless you ask (<a href="/leaderboard?bots=1">with bots</a>).

## Computer analysis (/help/analysis)
help-analysis-title = Computer analysis
help-analysis-lead-html = Any signed-in member may ask for the computer analysis of a finished game (every game on this site is public): the button is under the game, or <code>POST /api/v1/games/{"{"}id{"}"}/analysis</code>. A game is analysed once; asking again shows the same analysis.
help-analysis-queue-heading = The queue and the daily cap
# $cap is a number of analyses.
help-analysis-queue-html = Requests wait in a queue: each server works on one game at a time, on the engine's own threads, so moves answer as fast while it thinks. Each member may ask for at most <strong>{ $cap }</strong> analyses a day (UTC); administrators set the cap in <a href="/admin">the administration page</a> (0 turns requests off). While the game waits or is being analysed the page says so and the API answers 202; once done, 200.
help-analysis-computed-heading = What is computed
# $nodes is a number of positions searched.
help-analysis-computed-html = The engine searches every position of the game for a fixed number of nodes ({ $nodes } on this server). Each move gets the evaluation after it, in pawns (or a forced end, <code>#n</code>, in moves), always from the point of view of the side that moves first (in Chatrang: the team of the first seat); the engine's best move and line in the position before it; and a mark.
help-analysis-marks-heading = Inaccuracies, mistakes and blunders
help-analysis-chances-html = An evaluation is turned into <em>winning chances</em> from −1 (lost) to +1 (won) with the curve lichess fitted to its players' results: chances = 2 / (1 + e<sup>−0.00368·cp</sup>) − 1, with centipawns capped at ±10 pawns and a forced win or loss counting as ±1. A move is judged by the chances its mover's side gave away (in Chatrang, the mover's team):
help-analysis-inaccuracy = a drop of 0.1 or more: inaccuracy (?!, NAG $6);
help-analysis-mistake = 0.2 or more: mistake (?, $2);
help-analysis-blunder = 0.3 or more: blunder (??, $4).
help-analysis-example = For example, from a level position (0.00) to −0.50 is a drop of 0.09: no mark; to −0.60 a drop of 0.11: an inaccuracy; from +1.00 to −1.00 a drop of 0.36: a blunder. Chances rather than plain centipawns, because losing one pawn matters in a level game and hardly at all when already nine pawns up or down.
help-analysis-accuracy-heading = Accuracy
help-analysis-accuracy-html = Each move's accuracy is 103.1668 · e<sup>−0.04354·d</sup> − 3.1669, between 0 and 100, where <em>d</em> is the drop in the mover's win percentage (50 + 50 × chances) caused by the move (0 if the move did not lose anything). A move that keeps the chances scores 100; losing 10 points of win percentage about 64. A player's accuracy is the plain average over their moves.
help-analysis-pgn-heading = PGN
help-analysis-pgn-html = Once analysed, the game's PGN carries the evaluation after each move as <code>{"{"}[%eval 0.35]{"}"}</code> and the marks as NAGs.
help-analysis-fair-play-heading = Engine help during a game
help-analysis-fair-play-allowed-html = The analysis board of a free position (<a href="/analysis">/analysis</a>) may always ask the engine. In a running game the engine's evaluation is off for its players unless the administrators allow engine help in running games (ICCF correspondence chess allows engines; lichess does not). This site: <strong>allowed</strong>.
help-analysis-fair-play-not-allowed-html = The analysis board of a free position (<a href="/analysis">/analysis</a>) may always ask the engine. In a running game the engine's evaluation is off for its players unless the administrators allow engine help in running games (ICCF correspondence chess allows engines; lichess does not). This site: <strong>not allowed</strong>.

## How ratings work (/help/ratings)
help-ratings-title = How ratings work
help-ratings-lead = Every player has one rating per game (Ancient chess with or without its options counts as one game), computed with Glicko-2, the system lichess and pychess use.
help-ratings-rated-heading = Rated and casual games
help-ratings-rated = Whoever creates a game chooses: rated or casual. A game is rated unless its creator says otherwise, except for an account younger than a day, whose games are casual unless it asks for rated (so a fresh account cannot farm ratings by accident or on purpose). Only a rated game that finished after every player moved at least once changes ratings: in Chatrang that means all four players, not one of each team, so a game that ends (by resignations, say) before each of the four has made a move is not rated, whichever team wins. A pass counts as a move; resigning or running out of time does not. Aborted games, declined invitations and games ended by an administrator never change ratings either.
help-ratings-deviation-heading = A rating and its deviation
# $deviation is the deviation above which a rating is provisional, $days a number of days.
help-ratings-deviation-html = A rating comes with a deviation: how sure Herald is of it. Everyone starts at 1500 ± 350, and a first rated game rates from exactly that, however long the game took. The deviation shrinks with every rated game and grows again, week by week, while a player is away, so that a returning player's rating moves quickly to where they now stand. A rating with a deviation above { $deviation } is provisional: it is shown with a question mark (1523?) and kept off the <a href="/leaderboard">leaderboard</a>, which lists players who played a rated game in the last { $days } days. The leaderboard judges the deviation as it stands today, as it shows it: an established player whose deviation has grown past { $deviation } while away is provisional again and leaves the list until their next rated game.
help-ratings-result-heading = What a result counts for
help-ratings-result-html = Each game's own scoring decides: a result counts for ½ + (your points − your opponent's points) ÷ (2 × the points of a win).
help-ratings-chatrang-heading = Chatrang: two teams of two
# Printed unescaped (no markup inside).
help-ratings-chatrang-html = A team's rating is the mean of its two partners' ratings. Each player is rated as if in a two-player game against a composite opponent: the other team's mean rating, shifted by how far the player stands from their own team's mean, with a deviation that is the root mean square of the two opponents' deviations (the square root of the mean of their squares: 60 and 300 give 216, more than their mean, 180, so an uncertain opponent weighs more). So what a game is expected to give depends on the two teams' ratings, not on who sat where, and each player's rating moves by their own deviation: a new partner's moves a lot, an established one's little.
help-ratings-tiebreaks-heading = Tournament tables and tie-breaks
help-ratings-tiebreaks = An event's table counts each game's own points (Nowan chess: 2 for a win, 1 for a stalemate win). Ties are broken in the order the event names:
help-ratings-tiebreak-direct = Direct encounter: the points scored in the games among the tied players, when each of them met every other.
help-ratings-tiebreak-sonneborn = Sonneborn-Berger: for each game, the opponent's final points times the share of that game's points you won (all of them for a win, half for a draw; in Nowan chess half for a stalemate win).
help-ratings-tiebreak-buchholz = Buchholz: the sum of the opponents' final points; median Buchholz leaves out the best and the worst opponent.
help-ratings-tiebreak-wins = Wins: games won.
help-ratings-tiebreak-unplayed = A round without a game (a bye, a forfeit, a round after a withdrawal or before a late entry) counts as FIDE's tie-break regulations say: as a game against an opponent with the player's own score (capped as the 2026 rules cap it), and in Buchholz Cut-1 and median Buchholz such rounds are the first left out. Buchholz Cut-1 leaves out only the lowest term; wins count forfeits and byes worth a win, wins over the board only games played.
# Printed unescaped (no markup inside).
help-ratings-units-html = The event page shows points and tie-breaks in points. The API gives every tie-break but wins in half points, the unit of its points: twice the page's figures. Measured against the usual definitions, which multiply by the points scored in each game, the API's Buchholz is always doubled and its Sonneborn-Berger is doubled in games scored 1, ½, 0, but not in Nowan chess, where a win is already worth 2.

## A game's scoring in words (the ratings help and each rules page), joined in this order and
## ended with help-scoring-end. $win, $loss, $draw and $stalemate are points ("2", "½");
## $winner, $loser, $share, $giver and $other what they count for in a rating ("1", "¾").
help-scoring-win = a win scores { $win }-{ $loss } and counts { $winner } to the winner, { $loser } to the loser
help-scoring-draw = ; a draw scores { $draw }-{ $draw }, { $share } each
help-scoring-no-draws = ; there are no draws
help-scoring-stalemate = ; a stalemate scores { $stalemate }-{ $loss } and counts { $giver } to the side that gave it, { $other } to the other, less than a win
help-scoring-end = .
