# The archive of finished games.
archive-title = Archiv beendeter Partien
archive-heading = Beendete Partien
archive-filter = Partien filtern
archive-game = Spiel
archive-all-games = Alle Spiele
archive-player = Spieler
archive-result = Ergebnis
archive-any-result = Jedes Ergebnis
archive-show = Partien zeigen
archive-more-than = Mehr als { $count } Partien (mit den Filtern eingrenzen)
archive-total = { $count ->
    [one] { $count } Partie
   *[other] { $count } Partien
}
archive-page = , Seite { $page }
archive-of-pages = von { $pages }
archive-none = Keine beendete Partie passt.
archive-pages = Seiten
archive-newer = ← Neuere Partien
archive-older = Ältere Partien →
# The result filter: "First side won (White, Player 1 and Player 3 in Chatrang)".
archive-result-first = Erste Seite gewann ({ $who })
archive-result-second = Zweite Seite gewann ({ $who })
archive-result-drawn = Remis
archive-team-in-games = { $team } in { $games }
archive-note-no-game = Herald hat kein Spiel dieses Namens, daher passt keine Partie.
archive-note-no-player = Kein Spieler hat diesen Namen, daher passt keine Partie.
