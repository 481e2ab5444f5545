# The archive of finished games.
archive-title = Archives des parties terminées
archive-heading = Parties terminées
archive-filter = Filtrer les parties
archive-game = Jeu
archive-all-games = Tous les jeux
archive-player = Joueur
archive-result = Résultat
archive-any-result = Tout résultat
archive-show = Afficher les parties
archive-more-than = Plus de { $count } parties (affinez avec les filtres)
archive-total = { $count ->
    [one] { $count } partie
   *[other] { $count } parties
}
archive-page = , page { $page }
archive-of-pages = sur { $pages }
archive-none = Aucune partie terminée ne correspond.
archive-pages = Pages
archive-newer = ← Parties plus récentes
archive-older = Parties plus anciennes →
# The result filter: "First side won (White, Player 1 and Player 3 in Chatrang)".
archive-result-first = Victoire du premier camp ({ $who })
archive-result-second = Victoire du second camp ({ $who })
archive-result-drawn = Nulle
archive-team-in-games = { $team } en { $games }
archive-note-no-game = Herald n’a aucun jeu de ce nom : aucune partie ne correspond.
archive-note-no-player = Aucun joueur ne porte ce nom : aucune partie ne correspond.
