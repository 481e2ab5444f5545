# Error and message pages.
errors-status = Fehler { $status }
errors-log-out = Abmelden
errors-home = Zur Startseite
errors-copy-secret = Jetzt kopieren: Es wird nicht noch einmal angezeigt.
errors-back = Zurück
errors-title-did-not-work = Das hat nicht geklappt
errors-title-log-in = Bitte melde dich an
errors-title-not-allowed = Nicht erlaubt
errors-title-not-found = Seite nicht gefunden
errors-title-not-possible = Hier nicht möglich
errors-title-changed = Etwas hat sich geändert
errors-title-busy = Herald ist ausgelastet
errors-title-too-much = Zu viel auf einmal
errors-title-slow-down = Langsamer, bitte
errors-title-went-wrong = Etwas ist schiefgegangen
errors-title-banned = Dein Konto ist gesperrt
errors-title-suspended = Dein Konto ist vorübergehend gesperrt
