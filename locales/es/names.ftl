# Names from the games' registry (keyed by its ids) and the words for a game's result.
game-name-nowan = Ajedrez Nowan
game-name-not-chess = Not Chess
game-name-chatrang = Chatrang
game-name-ancient = Ajedrez antiguo
# The sides' names, keyed by the registry's English name in lower case.
team-name-white = Blancas
team-name-black = Negras
team-name-red = Rojas
# After "White won": how the game ended, by the stored end reason.
ending-king_captured = por captura del rey
ending-checkmate = por jaque mate
ending-stalemate = por ahogado
ending-only_kings_left = con solo los reyes en el tablero
ending-seven_checks = tras siete jaques seguidos
ending-twenty_move_rule = por la regla de las veinte jugadas
ending-no_legal_move = sin ninguna jugada legal
ending-repetition_blocked = porque toda jugada repetiría una posición
ending-bare_general = por dejar solo al general
ending-both_shahs_gone = con ambos shahs capturados
ending-bare_shahs = con solo los shahs en el tablero
ending-bared = por despojo
ending-baring_reply_used = por despojo
ending-nobody_can_move = porque nadie podía mover
ending-resignation = por abandono
ending-withdrawal = por incomparecencia (se retiró del torneo)
ending-draw_agreed = por acuerdo
ending-aborted = anulada
ending-timeout_before_first_move = anulada
ending-declined = rechazada
ending-admin = por el administrador
ending-timeout = por tiempo
result-won = Ganaron las { $team }
result-won-how = Ganaron las { $team } { $how }
result-drawn = Tablas
result-drawn-how = Tablas { $how }
result-declined = Invitación rechazada
result-aborted = Anulada

# A seat without a colour of its own (Chatrang's four players).
seat-name-player = Jugador { $n }
# An army's colour, as the registry names it.
colour-white = blanco
colour-black = negro
colour-red = rojo
colour-ivory = marfil
colour-ebony = ébano
colour-gold = oro
colour-crimson = carmesí
# Pieces by game and letter (the same letter is another piece in another game).
piece-nowan-k = Rey
piece-nowan-g = General
piece-nowan-a = Arquero
piece-nowan-h = Caballo
piece-nowan-e = Elefante
piece-nowan-w = Guerrero
piece-nowan-s = Explorador
piece-not-chess-k = Rey
piece-not-chess-q = Dama
piece-not-chess-r = Torre
piece-not-chess-b = Alfil
piece-not-chess-a = Consejero
piece-not-chess-h = Caballo
piece-not-chess-c = Cañón
piece-not-chess-e = Elefante
piece-not-chess-p = Peón
piece-ancient-g = General
piece-ancient-f = Alferza
piece-ancient-e = Elefante
piece-ancient-h = Caballo
piece-ancient-c = Carro
piece-ancient-p = Peón
piece-chatrang-k = Sha
piece-chatrang-r = Ruj
piece-chatrang-b = Pil
piece-chatrang-n = Asb
piece-chatrang-p = Sarbaz
# Game options: a short label, and what the option changes (a phrase).
option-ferz-forward = Alferza hacia delante
option-describe-ferz-forward = la Alferza avanza en línea recta en lugar de retroceder
option-jumping = Salto
option-describe-jumping = el Caballo y el Elefante saltan sobre las piezas
option-promotion = Coronación
option-describe-promotion = un peón que llega a la última fila corona
