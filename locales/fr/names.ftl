# Names from the games' registry (keyed by its ids) and the words for a game's result.
game-name-nowan = Échecs Nowan
game-name-not-chess = Not Chess
game-name-chatrang = Chatrang
game-name-ancient = Échecs anciens
# The sides' names, keyed by the registry's English name in lower case.
team-name-white = Blancs
team-name-black = Noirs
team-name-red = Rouges
# After "White won": how the game ended, by the stored end reason.
ending-king_captured = par la prise du roi
ending-checkmate = par échec et mat
ending-stalemate = par pat
ending-only_kings_left = avec les seuls rois sur l’échiquier
ending-seven_checks = après sept échecs consécutifs
ending-twenty_move_rule = par la règle des vingt coups
ending-no_legal_move = faute de coup légal
ending-repetition_blocked = car tout coup répéterait une position
ending-bare_general = en dépouillant le général
ending-both_shahs_gone = après la prise des deux shahs
ending-bare_shahs = avec les seuls shahs restants
ending-bared = par dépouillement
ending-baring_reply_used = par dépouillement
ending-nobody_can_move = car personne ne pouvait jouer
ending-resignation = par abandon
ending-withdrawal = par forfait (retrait du tournoi)
ending-draw_agreed = d’un commun accord
ending-aborted = annulée
ending-timeout_before_first_move = annulée
ending-declined = refusée
ending-admin = par l’administrateur
ending-timeout = au temps
result-won = Victoire des { $team }
result-won-how = Victoire des { $team } { $how }
result-drawn = Nulle
result-drawn-how = Nulle { $how }
result-declined = Invitation refusée
result-aborted = Annulée

# A seat without a colour of its own (Chatrang's four players).
seat-name-player = Joueur { $n }
# An army's colour, as the registry names it.
colour-white = blanc
colour-black = noir
colour-red = rouge
colour-ivory = ivoire
colour-ebony = ébène
colour-gold = or
colour-crimson = cramoisi
# Pieces by game and letter (the same letter is another piece in another game).
piece-nowan-k = Roi
piece-nowan-g = Général
piece-nowan-a = Archer
piece-nowan-h = Cheval
piece-nowan-e = Éléphant
piece-nowan-w = Guerrier
piece-nowan-s = Éclaireur
piece-not-chess-k = Roi
piece-not-chess-q = Dame
piece-not-chess-r = Tour
piece-not-chess-b = Fou
piece-not-chess-a = Conseiller
piece-not-chess-h = Cheval
piece-not-chess-c = Canon
piece-not-chess-e = Éléphant
piece-not-chess-p = Pion
piece-ancient-g = Général
piece-ancient-f = Fierge
piece-ancient-e = Éléphant
piece-ancient-h = Cheval
piece-ancient-c = Char
piece-ancient-p = Pion
piece-chatrang-k = Shah
piece-chatrang-r = Roukh
piece-chatrang-b = Pil
piece-chatrang-n = Asb
piece-chatrang-p = Sarbaz
# Game options: a short label, and what the option changes (a phrase).
option-ferz-forward = Fierge en avant
option-describe-ferz-forward = la Fierge avance tout droit au lieu de reculer
option-jumping = Saut
option-describe-jumping = le Cheval et l’Éléphant sautent par-dessus les pièces
option-promotion = Promotion
option-describe-promotion = un pion qui atteint la dernière rangée est promu
