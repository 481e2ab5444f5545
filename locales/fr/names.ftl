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
