# Names from the games' registry (keyed by its ids) and the words for a game's result.
game-name-nowan = Nowan chess
game-name-not-chess = Not Chess
game-name-chatrang = Chatrang
game-name-ancient = Ancient chess
# The sides' names, keyed by the registry's English name in lower case.
team-name-white = White
team-name-black = Black
team-name-red = Red
# After "White won": how the game ended, by the stored end reason.
ending-king_captured = by capturing the King
ending-checkmate = by checkmate
ending-stalemate = by stalemate
ending-only_kings_left = with only the Kings left
ending-seven_checks = after seven checks in a row
ending-twenty_move_rule = by the twenty-move rule
ending-no_legal_move = with no legal move left
ending-repetition_blocked = as every move would repeat a position
ending-bare_general = by baring the General
ending-both_shahs_gone = with both Shahs taken
ending-bare_shahs = with only Shahs left
ending-bared = by baring
ending-baring_reply_used = by baring
ending-nobody_can_move = as nobody could move
ending-resignation = by resignation
ending-withdrawal = by forfeit (withdrew from the tournament)
ending-draw_agreed = by agreement
ending-aborted = aborted
ending-timeout_before_first_move = aborted
ending-declined = declined
ending-admin = by the operator
ending-timeout = on time
result-won = { $team } won
result-won-how = { $team } won { $how }
result-drawn = Drawn
result-drawn-how = Drawn { $how }
result-declined = Invitation declined
result-aborted = Aborted

# A seat without a colour of its own (Chatrang's four players).
seat-name-player = Player { $n }
# An army's colour, as the registry names it.
colour-white = white
colour-black = black
colour-red = red
colour-ivory = ivory
colour-ebony = ebony
colour-gold = gold
colour-crimson = crimson
# Pieces by game and letter (the same letter is another piece in another game).
piece-nowan-k = King
piece-nowan-g = General
piece-nowan-a = Archer
piece-nowan-h = Horse
piece-nowan-e = Elephant
piece-nowan-w = Warrior
piece-nowan-s = Scout
piece-not-chess-k = King
piece-not-chess-q = Queen
piece-not-chess-r = Rook
piece-not-chess-b = Bishop
piece-not-chess-a = Advisor
piece-not-chess-h = Horse
piece-not-chess-c = Cannon
piece-not-chess-e = Elephant
piece-not-chess-p = Pawn
piece-ancient-g = General
piece-ancient-f = Ferz
piece-ancient-e = Elephant
piece-ancient-h = Horse
piece-ancient-c = Chariot
piece-ancient-p = Pawn
piece-chatrang-k = Shah
piece-chatrang-r = Rukh
piece-chatrang-b = Pil
piece-chatrang-n = Asb
piece-chatrang-p = Sarbaz
# Game options: a short label, and what the option changes (a phrase).
option-ferz-forward = Ferz forward
option-describe-ferz-forward = the Ferz steps straight forward instead of back
option-jumping = Jumping
option-describe-jumping = the Horse and Elephant jump over pieces
option-promotion = Promotion
option-describe-promotion = a pawn reaching the last rank promotes
