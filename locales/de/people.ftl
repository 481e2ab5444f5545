# Das Profil eines Spielers (templates/user.html), die Spielerliste (players.html) und die
# Rangliste (leaderboard.html).
people-member-since = Mitglied seit { $date }
people-last-seen = zuletzt gesehen { $when }
people-challenge = { $name } herausfordern
people-you-block = Du blockierst Einladungen von { $name }.
people-unblock = Blockierung aufheben
people-block = Einladungen von { $name } blockieren
people-report = { $name } melden
people-report-reason = Was ist los?
people-report-reason-hint = die Administratoren lesen es
people-report-send = Meldung senden
people-ratings = Wertungen
people-no-rated-games = { $name } hat noch keine gewertete Partie beendet.
people-ratings-caption-html = Glicko-2, eine pro Spiel (<a href="/help/ratings">so funktionieren Wertungen</a>)
people-game = Spiel
people-rating = Wertung
people-rated-games = Gewertete Partien
people-chart-caption = Wertung in { $game } nach jeder gewerteten Partie
people-chart-last = { $count ->
   *[other] die letzten { $count }
}
people-chart-all = alle
people-chart-table = Dasselbe als Tabelle
people-date = Datum
people-chart-month-year = { $month } { $year }
people-chart-day-month = { $day }. { $month }
people-chart-day-month-time = { $day }. { $month } { $time }
people-results = Ergebnisse
people-results-caption = Beendete Partien von { $name }, nach Spiel
people-played = Gespielt
people-won = Gewonnen
people-lost = Verloren
people-drawn = Remis
people-team-result = In { $game } teilt ein Spieler das Ergebnis seines Teams.
people-seat-caption = Dieselben Ergebnisse nach gespieltem Platz
people-seat = Platz
people-current-games = Laufende Partien
people-no-current-games = Keine laufenden Partien.
people-tournaments = Turniere
people-tour-invited = eingeladen
people-tour-withdrew = zurückgezogen
people-tour-entered = angemeldet; noch nicht begonnen
people-tour-playing = spielt
people-tour-finished = beendet
people-tour-cancelled = abgesagt
people-recent-games = Letzte Partien
people-no-recent-games = Noch keine beendeten Partien.
people-all-finished = Alle beendeten Partien von { $name }
people-no-such-player = Es gibt keinen Spieler namens { $name }
people-players = Spieler
people-find-player = Spieler suchen
people-name-starts = Name beginnt mit
people-find = Suchen
people-no-match = Kein Spielername beginnt mit „{ $q }“.
people-player = Spieler
people-member-since-column = Mitglied seit
people-pages = Seiten
people-more-players = Weitere Spieler →
people-leaderboard-title = Rangliste { $game }
people-leaderboard = Rangliste
people-games = Spiele
people-bots-listed = Bots werden mit aufgeführt.
people-players-only-link = Nur Spieler
people-players-only = Nur Spieler.
people-list-bots = Bots auch aufführen
people-see-bots-html = (siehe <a href="/bots">die Bots</a>)
people-no-ratings = Noch keine gefestigten Wertungen in { $game }. Eine Wertung kommt in die Rangliste, sobald sie nicht mehr vorläufig ist (nach einigen gewerteten Partien) und ihr Spieler { $days ->
    [one] am letzten Tag
   *[other] in den letzten { $days } Tagen
} eine gewertete Partie gespielt hat.
people-leaderboard-caption = { $count ->
    [one] Gefestigte Wertungen der Spieler, die am letzten Tag aktiv waren, die beste zuerst
   *[other] Gefestigte Wertungen der Spieler, die in den letzten { $count } Tagen aktiv waren, die beste zuerst
}
people-ratings-note-html = Wertungen sind Glicko-2, eine pro Spiel: siehe <a href="/help/ratings">so funktionieren Wertungen</a>.
people-no-such-game = Es gibt kein Spiel namens { $name }
