# Names from the games' registry (keyed by its ids) and the words for a game's result.
game-name-nowan = Nowan-Schach
game-name-not-chess = Not Chess
game-name-chatrang = Chatrang
game-name-ancient = Altes Schach
# The sides' names, keyed by the registry's English name in lower case.
team-name-white = Weiß
team-name-black = Schwarz
team-name-red = Rot
# After "White won": how the game ended, by the stored end reason.
ending-king_captured = durch Schlagen des Königs
ending-checkmate = durch Schachmatt
ending-stalemate = durch Patt
ending-only_kings_left = mit nur noch den Königen auf dem Brett
ending-seven_checks = nach sieben Schachgeboten in Folge
ending-twenty_move_rule = nach der Zwanzig-Züge-Regel
ending-no_legal_move = ohne legalen Zug
ending-repetition_blocked = weil jeder Zug eine Stellung wiederholen würde
ending-bare_general = durch Entblößen des Generals
ending-both_shahs_gone = nach dem Schlagen beider Schahs
ending-bare_shahs = mit nur noch den Schahs
ending-bared = durch Entblößen
ending-baring_reply_used = durch Entblößen
ending-nobody_can_move = weil niemand mehr ziehen konnte
ending-resignation = durch Aufgabe
ending-withdrawal = kampflos (Rückzug aus dem Turnier)
ending-draw_agreed = durch Vereinbarung
ending-aborted = abgebrochen
ending-timeout_before_first_move = abgebrochen
ending-declined = abgelehnt
ending-admin = durch den Betreiber
ending-timeout = durch Zeitüberschreitung
result-won = { $team } gewann
result-won-how = { $team } gewann { $how }
result-drawn = Remis
result-drawn-how = Remis { $how }
result-declined = Einladung abgelehnt
result-aborted = Abgebrochen

# A seat without a colour of its own (Chatrang's four players).
seat-name-player = Spieler { $n }
# An army's colour, as the registry names it.
colour-white = weiß
colour-black = schwarz
colour-red = rot
colour-ivory = elfenbein
colour-ebony = ebenholz
colour-gold = gold
colour-crimson = karmesin
# Pieces by game and letter (the same letter is another piece in another game).
piece-nowan-k = König
piece-nowan-g = General
piece-nowan-a = Bogenschütze
piece-nowan-h = Pferd
piece-nowan-e = Elefant
piece-nowan-w = Krieger
piece-nowan-s = Späher
piece-not-chess-k = König
piece-not-chess-q = Dame
piece-not-chess-r = Turm
piece-not-chess-b = Läufer
piece-not-chess-a = Berater
piece-not-chess-h = Pferd
piece-not-chess-c = Kanone
piece-not-chess-e = Elefant
piece-not-chess-p = Bauer
piece-ancient-g = General
piece-ancient-f = Fers
piece-ancient-e = Elefant
piece-ancient-h = Pferd
piece-ancient-c = Wagen
piece-ancient-p = Bauer
piece-chatrang-k = Schah
piece-chatrang-r = Ruch
piece-chatrang-b = Pil
piece-chatrang-n = Asb
piece-chatrang-p = Sarbaz
# Game options: a short label, and what the option changes (a phrase).
option-ferz-forward = Fers vorwärts
option-describe-ferz-forward = der Fers zieht gerade vorwärts statt rückwärts
option-jumping = Springen
option-describe-jumping = Pferd und Elefant springen über Figuren
option-promotion = Umwandlung
option-describe-promotion = ein Bauer, der die letzte Reihe erreicht, wird umgewandelt
