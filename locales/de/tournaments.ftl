# Turniere: die Liste (/tournaments), das Formular für ein neues Turnier (/tournaments/new),
# die Seite eines Turniers (/tournaments/<id>) und die Einladungslinks eines Mitglieds (/invitations).

## Die Liste
tour-list-title = Turniere
tour-create = Ein Turnier anlegen
tour-list-tabs = Turniere nach Stand
tour-tab-registering = Anmeldung offen
tour-tab-running = Laufend
tour-tab-finished = Beendet
tour-list-empty = Hier gibt es noch keine Turniere.
tour-col-tournament = Turnier
tour-col-game = Spiel
tour-col-format = Modus
tour-col-players = Spieler
tour-col-round = Runde
tour-col-organiser = Veranstalter
tour-list-casual = ungewertet

## Modi und Feinwertungen
tour-format-round-robin = Rundenturnier
tour-format-double-round-robin = Doppelrundenturnier
tour-format-swiss = Schweizer System
tour-tie-direct-encounter = Direkter Vergleich
tour-tie-sonneborn-berger = Sonneborn-Berger
tour-tie-buchholz = Buchholz
tour-tie-median-buchholz = Mittlere Buchholz
tour-tie-wins = Siege
tour-tie-buchholz-cut1 = Buchholz Cut-1
tour-tie-wins-over-the-board = Siege am Brett

## Die Seite eines Turniers: die Angaben
tour-fact-game = Spiel
tour-fact-format = Modus
tour-rounds = { $count ->
    [one] { $count } Runde
   *[other] { $count } Runden
}
tour-fact-state = Stand
tour-status-registering = Anmeldung offen
tour-status-running = Läuft
tour-status-finished = Beendet
tour-status-cancelled = Abgesagt
tour-status-running-round = Läuft: Runde { $round } von { $rounds }
tour-fact-clock = Bedenkzeit
tour-clock-auto = der Server beendet eine Partie bei Fristablauf
tour-clock-claim = der wartende Spieler kann den Sieg durch Zeitüberschreitung beanspruchen
tour-fact-games = Partien
tour-games-rated = gewertet
tour-games-casual = ungewertet
tour-vacation-allowed = Urlaub erlaubt
tour-vacation-not-allowed = Urlaub nicht erlaubt
tour-fact-entry = Teilnahme
tour-entry-invitation = nur eingeladene Spieler
tour-entry-open = offen
tour-entrants-players = { $min } bis { $max } Spieler
tour-entrants-teams = { $min } bis { $max } Zweierteams
tour-rating-at-least = Wertung ab { $rating }
tour-rating-at-most = Wertung bis { $rating }
tour-fact-bye = Freilos
tour-bye-points = { $halves ->
    [1] { $points } Punkt
    [2] { $points } Punkt
   *[other] { $points } Punkte
}
tour-fact-tie-breaks = Feinwertungen
tour-fact-organiser = Veranstalter
tour-fact-starts = Beginn
tour-starts-by-itself = { $count ->
    [one] (von selbst, mit mindestens { $count } Teilnehmer)
   *[other] (von selbst, mit mindestens { $count } Teilnehmern)
}
tour-fact-started = Begonnen
tour-fact-ended = Beendet

## Die Seite eines Turniers: was Spieler tun können
tour-your-actions = Deine Möglichkeiten
tour-you-are-invited = Du bist eingeladen.
tour-accept-invitation = Einladung annehmen
tour-decline = Ablehnen
tour-you-are-entered = Du bist angemeldet.
tour-leave = Vom Turnier abmelden
tour-partner = Dein Partner
tour-partner-hint = sein Benutzername; er nimmt an, indem er sich ebenfalls anmeldet
tour-enter = Zum Turnier anmelden
tour-invited-only = Zu diesem Turnier sind nur eingeladene Spieler zugelassen.
tour-enter-late = Nachträglich anmelden (ab der nächsten Runde gepaart)
tour-sure = Ich bin sicher
tour-withdraw-self = Zurückziehen (deine unbeendeten Partien gehen kampflos verloren)

## Die Seite eines Turniers: die Werkzeuge des Veranstalters
tour-organiser-tools = Werkzeuge des Veranstalters
tour-invite-label = Einladen
tour-invite-button = Einladen
tour-username-placeholder = Benutzername
tour-start-now = Jetzt starten
tour-withdraw-player = Spieler zurückziehen
tour-withdraw-button = Zurückziehen
tour-pause-player = Spieler pausieren (Urlaub: alle seine Uhren stehen)
tour-pause = Pausieren
tour-resume = Fortsetzen
tour-hand-over-to = Übergeben an
tour-hand-over = Übergeben
tour-cancel = Turnier absagen

## Die Seite eines Turniers: Tabelle, Kreuztabelle, Runden, Anmeldungen
tour-standings = Tabelle
tour-col-team = Team
tour-col-player = Spieler
tour-col-points = Punkte
tour-col-games = Partien
tour-paused-title = im Urlaub: Uhren angehalten
tour-paused = (pausiert)
tour-withdrew = (zurückgezogen)
tour-crosstable = Kreuztabelle
tour-col-number = Nr.
tour-rounds-heading = Runden
tour-round = Runde { $round }
tour-in-play = läuft
tour-aborted = abgebrochen
tour-bye = Freilos: { $name }
tour-entries = Anmeldungen
tour-no-entries = Noch hat sich niemand angemeldet.
tour-team-of = Team mit { $name }
tour-invited = (eingeladen)

## Das Formular
tour-name = Name
tour-description = Regeln und Hinweise für die Spieler
tour-optional = optional
tour-game = Spiel
tour-chatrang-hint = Chatrang-Turniere sind für Zweierteams: Jedes Team meldet sich gemeinsam an.
tour-options = Optionen für { $game }
tour-options-only-for = nur für { $game }
tour-format = Modus
tour-format-hint = Rundenturniere starten alle Partien auf einmal; das Schweizer System lost jede Runde aus, sobald die vorige beendet ist
tour-rounds-label = Runden
tour-rounds-hint = nur Schweizer System: 1 bis 20 (Standard 5)
tour-entrants-from = Teilnehmer von
tour-to = bis
tour-entrants-hint = Rundenturniere 3 bis 30 (Standard 3 bis 12), Schweizer System 3 bis 1000 (Standard 3 bis 100)
tour-timeout = Wenn die Bedenkzeit abläuft
tour-timeout-claim = Der wartende Spieler kann den Sieg beanspruchen
tour-timeout-auto = Der Server beendet die Partie bei Fristablauf
tour-rated-or-casual = Gewertet oder ungewertet
tour-rated = Gewertet
tour-casual = Ungewertet
tour-who-may-enter = Wer teilnehmen darf
tour-entry-anyone = Alle (innerhalb der Wertungsgrenzen)
tour-entry-invited = Nur eingeladene Spieler
tour-ratings-from = Wertung von
tour-ratings-hint = optional; ein neuer Spieler zählt als 1500
tour-bye-worth = Ein Freilos im Schweizer System zählt
tour-bye-win = Wie ein Sieg
tour-bye-draw = Wie ein Remis
tour-bye-nothing = Nichts
tour-start-time = Beginn
tour-start-time-hint = optional, { $zone }; das Turnier beginnt dann von selbst, wenn es seine Mindestzahl an Teilnehmern hat. Ohne Angabe startest du es auf seiner Seite.
tour-vacation = Urlaub während des Turniers
tour-vacation-hint = ein Spieler im Urlaub hält die Uhren seiner Partien an
tour-allowed = Erlaubt
tour-not-allowed = Nicht erlaubt
tour-scoring-note = Die Punkte folgen der Wertung des jeweiligen Spiels (Nowan-Schach: 2 für einen Sieg, 1 für einen Patt-Sieg). Bei Gleichstand entscheiden im Rundenturnier direkter Vergleich, Sonneborn-Berger und Anzahl der Siege, im Schweizer System Buchholz, Mittlere Buchholz, Sonneborn-Berger und Anzahl der Siege (über die API lässt sich eine andere Reihenfolge festlegen).
tour-create-button = Turnier anlegen

## Fehler im Formular
tour-error-choose = Wähle aus der Liste.
tour-error-choose-format = Wähle einen Modus aus der Liste.
tour-error-rounds = Die Zahl der Runden muss eine ganze Zahl sein.
tour-error-min-entrants = Die Mindestzahl an Teilnehmern muss eine ganze Zahl sein.
tour-error-max-entrants = Die Höchstzahl an Teilnehmern muss eine ganze Zahl sein.
tour-error-rating-min = Die Mindestwertung muss eine ganze Zahl sein.
tour-error-rating-max = Die Höchstwertung muss eine ganze Zahl sein.
tour-error-bye = Die Punkte für ein Freilos müssen eine ganze Zahl sein.
tour-error-starts-at = Der Beginn ist ein Datum mit Uhrzeit, z. B. 2026-12-24 18:00.
tour-error-confirm-withdraw = Kreuze „Ich bin sicher“ an, um dich zurückzuziehen.
tour-error-confirm-cancel = Kreuze „Ich bin sicher“ an, um das Turnier abzusagen.

## Einladungslinks eines Mitglieds (/invitations)
tour-invitations-title = Einladungen
tour-invitations-heading = Deine Einladungen
tour-invitation-uses = Nutzungen
tour-invitation-expires-in = Läuft ab in Tagen
tour-invitation-note = Notiz
tour-invitation-note-hint = für wen sie ist
tour-invitation-create = Einladungslink erstellen
tour-invitations-empty = Noch keine Einladungen.
tour-invitation-used = Genutzt
tour-invitation-expires = Läuft ab
tour-invitation-revoked = widerrufen
tour-invitation-revoke = Widerrufen
tour-invitation-spent = aufgebraucht
tour-invitation-created = Einladung erstellt
tour-invitation-created-text = { $count ->
    [one] Schicke diesen Link an die Person, die du einlädst ({ $count } Nutzung). Er wird nur jetzt angezeigt: Herald speichert nur einen Hash davon.
   *[other] Schicke diesen Link an die Person, die du einlädst ({ $count } Nutzungen). Er wird nur jetzt angezeigt: Herald speichert nur einen Hash davon.
}

## The event's news (its notices, live)
tour-news-heading = Neuigkeiten
tour-news-reload = neu laden für die neuen Paarungen und den Tabellenstand
tour-news-none = Noch keine Neuigkeiten: Hier erscheinen Meldungen, wenn das Turnier beginnt, jede Runde gepaart wird und wenn es endet.
