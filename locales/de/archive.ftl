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
