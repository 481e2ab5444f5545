# Die Bots: die öffentliche Liste (/bots) und die Verwaltungsseite (/admin/bots).
bots-title = Bots
bots-intro-html = Bots sind Computerspieler, die von der Engine dieses Servers gesteuert werden, jeder mit einer Stufe von 1 (der erste Gegner eines Anfängers) bis 8 (<a href="/help/engine">die Stufen</a>). Fordere einen in seiner Zeile unten heraus: Er nimmt die Partie binnen Sekunden an und beantwortet jeden Zug in Sekunden; die meisten nehmen auch offene Herausforderungen an, die eine Weile niemand angenommen hat. Ein Bot beansprucht nie den Sieg durch Zeitüberschreitung: Er wartet auf dich.
bots-rated-on-html = Partien gegen Bots sind gewertet, wenn du eine gewertete Partie wünschst und der Bot gewertete Partien spielt, und die Ranglisten lassen Bots weg (<a href="/leaderboard?bots=1">mit Bots anzeigen</a>).
bots-rated-off-html = Partien gegen Bots sind auf dieser Website ungewertet, und die Ranglisten lassen Bots weg (<a href="/leaderboard?bots=1">mit Bots anzeigen</a>).
bots-none = Diese Website hat noch keine Bots: Ein Administrator legt sie an.
bots-level = Stufe { $level }
bots-plays = Spielt { $games }, { $min }-{ $max } Tage pro Zug, { $rated }.
bots-plays-open = Spielt { $games }, { $min }-{ $max } Tage pro Zug, { $rated }; nimmt nach { $minutes ->
        [one] 1 Minute
       *[other] { $minutes } Minuten
    } offene Herausforderungen an, die niemand angenommen hat.
bots-games-now = { $max ->
    [one] Derzeit { $current } von 1 Partie
   *[other] Derzeit { $current } von { $max } Partien
}
bots-no-rating = Noch keine Wertung.
bots-paused-now = Dieser Bot pausiert: Er nimmt keine neuen Partien an.
bots-busy = Ausgelastet: Alle seine Partien sind vergeben.
bots-challenge = { $name } herausfordern
bots-every-game = alle Spiele
bots-rated-both = gewertet oder ungewertet
bots-rated-casual = nur ungewertet
bots-rated-rated = nur gewertet

## Die Verwaltungsseite.
bots-admin-intro-html = Ein Bot ist ein Konto, mit dem der Server über seine Engine spielt (es meldet sich nie an). Er nimmt die an ihn gerichteten Herausforderungen an, die zu seinen Einstellungen passen, offene Herausforderungen, die nach der eingestellten Wartezeit niemand angenommen hat, und Plätze, die Ersteller mit Bots füllen. Er rechnet in den Worker-Threads der Engine (<code>--engine-threads</code>) und bremst nie die Züge von Menschen.
bots-admin-rated-on-html = Ob Partien mit Bots gewertet sein dürfen, ist eine <a href="/admin">Einstellung der Website</a> (an).
bots-admin-rated-off-html = Ob Partien mit Bots gewertet sein dürfen, ist eine <a href="/admin">Einstellung der Website</a> (aus: sie sind ungewertet).
bots-admin-create = Bot anlegen
bots-admin-name = Name
bots-admin-name-hint = 3-20 Buchstaben, Ziffern, - und _
bots-admin-create-submit = Bot anlegen
bots-admin-none = Noch keine Bots.
bots-admin-paused = (pausiert)
bots-admin-save = { $name } speichern
bots-admin-level = Stufe
bots-admin-level-hint = 1-8, die Stufen der Engine
bots-admin-description = Beschreibung
bots-admin-description-hint = eine Zeile, angezeigt auf /bots
bots-admin-games = Spiele, die er annimmt
bots-admin-games-hint = keins angekreuzt: alle Spiele
bots-admin-days-from = Tage pro Zug, von
bots-admin-days-to = bis
bots-admin-rated = Gewertet oder ungewertet
bots-admin-max-games = Partien gleichzeitig
bots-admin-takes-open = Nimmt offene Herausforderungen an, die niemand angenommen hat
bots-admin-open-after = nach (Minuten)
bots-admin-paused-label = Pausiert
bots-admin-paused-hint = nimmt keine neuen Partien an; spielt die laufenden zu Ende
