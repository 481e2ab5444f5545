# Die Verwaltungsseiten unter /admin und die Antwort auf eine Meldung.
admin-title = Verwaltung
admin-nav-site = Website
admin-nav-users = Benutzer
admin-nav-games = Partien
admin-nav-reports = Meldungen
admin-nav-invitations = Einladungen
admin-nav-bots = Bots
admin-nav-audit = Protokoll
admin-yes = ja
admin-no = nein

## Übersicht: die Einstellungen der Website.
admin-no-open-reports = Keine offenen Meldungen.
admin-open-reports = { $count ->
    [one] 1 offene Meldung
   *[other] { $count } offene Meldungen
}
admin-site-settings = Einstellungen der Website
admin-site-name = Name der Website
admin-site-name-hint = in Seitentiteln und in der Kopfzeile
admin-notice = Hinweis
admin-notice-hint = reiner Text auf jeder Seite; leer für keinen
admin-signup = Registrierung
admin-signup-open = Offen für alle
admin-signup-closed = Geschlossen
admin-signup-invite-only = Nur mit Einladung
admin-suspended-games = Partien vorübergehend oder dauerhaft gesperrter Spieler
admin-suspended-games-hint = Uhren laufen weiter: Gegner können den Sieg durch Zeitüberschreitung beanspruchen; unterbrochen: ihre Uhren stehen, bis die Sperre endet
admin-suspended-games-clock-runs = Uhren laufen weiter
admin-suspended-games-adjourned = Unterbrochen
admin-deleted-chat = Chatnachrichten gelöschter Konten
admin-deleted-chat-hint = anonymisieren: sie bleiben unter „deleted user N“ stehen; entfernen: ihr Text wird gelöscht
admin-deleted-chat-anonymise = Anonymisieren
admin-deleted-chat-remove = Entfernen
admin-member-invites = Mitglieder dürfen Einladungslinks erstellen
admin-analysis-cap = Computeranalysen pro Benutzer und Tag
admin-analysis-cap-hint = 0 schaltet Anfragen ab
admin-engine-in-running-games = Spieler dürfen die Engine zu ihren laufenden Partien befragen
admin-engine-in-running-games-hint = aus: Das Analysebrett verweigert die Bewertung einer Stellung aus einer eigenen laufenden Partie (wie bei lichess); an: Hilfe durch die Engine ist erlaubt (wie bei der ICCF)
admin-rated-bot-games = Partien gegen Bots dürfen gewertet sein
admin-rated-bot-games-hint = aus: Jede Partie mit einem Bot ist ungewertet; an: gewertet, wenn jeder Mensch darin eine gewertete Partie wollte und der Bot gewertete Partien annimmt
admin-save-settings = Einstellungen speichern

## Benutzer.
admin-users-title = Benutzer
admin-users-prefix = Name beginnt mit
admin-users-search = Suchen
admin-users-nobody = Niemand.
admin-users-user = Benutzer
admin-users-standing = Status
admin-users-admin = Admin
admin-users-muted = stummgeschaltet
admin-users-next = Nächste Seite
admin-standing-active = aktiv
admin-standing-suspended = vorübergehend gesperrt bis { $until }
admin-standing-banned = gesperrt seit { $since }

## Ein Benutzer.
admin-user-chat = Chat
admin-user-muted-until = stummgeschaltet bis { $until }
admin-user-not-muted = nicht stummgeschaltet
admin-user-administrator = Administrator
admin-user-member-since = Mitglied seit
admin-user-games = Partien
admin-user-sessions = Sitzungen
admin-user-sessions-live = { $count ->
    [one] 1 aktiv
   *[other] { $count } aktiv
}
admin-user-api-tokens = { $count ->
    [one] 1 API-Token
   *[other] { $count } API-Tokens
}
admin-user-public-profile = Öffentliches Profil
admin-user-actions = Maßnahmen
admin-user-unsuspend = Vorübergehende Sperre aufheben
admin-user-suspend-days = Dauer der Sperre (Tage)
admin-user-why = Grund
admin-user-suspend = Vorübergehend sperren
admin-user-unban = Dauerhafte Sperre aufheben
admin-user-ban = Dauerhaft sperren
admin-user-unmute = Stummschaltung aufheben
admin-user-mute-days = Stummschaltung im Chat (Tage)
admin-user-mute = Stummschalten
admin-user-new-password = Neues Passwort
admin-user-new-password-hint = leer: eines erzeugen
admin-user-reset-password = Passwort zurücksetzen
admin-user-revoke-admin = Administratorrechte entziehen
admin-user-grant-admin = Zum Administrator machen
admin-user-delete-confirm-html = Gib <strong>{ $name }</strong> ein, um das Konto zu löschen
admin-user-delete = Konto löschen
admin-user-history = Verlauf
admin-user-nothing-recorded = Nichts aufgezeichnet.
admin-password-reset-title = Passwort zurückgesetzt
admin-password-reset = Das Passwort von { $name } ist zurückgesetzt: { $sessions ->
        [one] 1 Sitzung beendet
       *[other] { $sessions } Sitzungen beendet
    } und { $tokens ->
        [one] 1 API-Token widerrufen
       *[other] { $tokens } API-Tokens widerrufen
    }.

## Partien.
admin-games-title = Partien
admin-games-intro = Die zuletzt geänderten Partien. Beenden bricht eine Partie ohne Ergebnis ab; der Grund steht auf ihrer Seite.
admin-games-line = { $status }, Zug { $ply }, { $players } · geändert { $at }
admin-games-open-seat = (frei)
admin-game-status-waiting = wartet
admin-game-status-active = läuft
admin-game-status-finished = beendet
admin-game-status-aborted = abgebrochen
admin-games-reason = Grund für das Beenden
admin-games-end = Partie beenden
admin-games-none = Noch keine Partien.

## Meldungen.
admin-reports-title = Meldungen
admin-reports-open = Offen
admin-reports-by-at = Von { $reporter }, { $at }
admin-reports-action = Maßnahme
admin-report-action-dismiss = Verwerfen
admin-report-action-warn = Benutzer verwarnen
admin-report-action-suspend = Benutzer vorübergehend sperren
admin-report-action-ban = Benutzer dauerhaft sperren
admin-reports-user = Betroffener Benutzer
admin-reports-user-hint = für Verwarnung und Sperren
admin-reports-days = Tage der Sperre
admin-reports-note = Notiz
admin-reports-resolve = Erledigen
admin-reports-resolved = Erledigt
admin-reports-none-resolved = Noch keine.
admin-reports-reported = { $target }, gemeldet von { $reporter }: { $reason }
admin-reports-resolved-by = von { $name }
admin-reports-older = Ältere
admin-report-target-user = Benutzer { $name }
admin-report-target-game = Partie { $id }
admin-report-target-message = Chatnachricht { $seq } der Partie { $game }
admin-report-sent-title = Meldung gesendet
admin-report-sent = Danke: Die Administratoren sehen sich das an.

## Einladungen.
admin-invitations-title = Einladungen
admin-invitations-uses = Verwendungen
admin-invitations-expires-in-days = Gültig (Tage)
admin-invitations-note = Notiz
admin-invitations-note-hint = für wen sie ist
admin-invitations-create = Einladungslink erstellen
admin-invitations-none = Noch keine Einladungen.
admin-invitations-by = Von
admin-invitations-used = Verwendet
admin-invitations-expires = Läuft ab
admin-invitations-revoked = widerrufen
admin-invitations-revoke = Widerrufen
admin-invitations-spent = verbraucht
admin-invitation-created-title = Einladung erstellt
admin-invitation-created = { $count ->
    [one] Schick diesen Link an die Person, die du einlädst (1 Verwendung). Er wird nur jetzt angezeigt: Herald speichert nur einen Hash davon.
   *[other] Schick diesen Link an die Personen, die du einlädst ({ $count } Verwendungen). Er wird nur jetzt angezeigt: Herald speichert nur einen Hash davon.
}

## Das Protokoll der Verwaltung.
admin-audit-title = Protokoll
admin-audit-empty = Noch nichts aufgezeichnet.
admin-audit-older = Ältere Einträge
admin-audit-by = von { $actor }, { $at }
admin-audit-by-note = von { $actor }, { $at }: { $note }
admin-audit-target-user = Benutzer { $target }
admin-audit-target-game = Partie { $target }
admin-audit-target-report = Meldung { $target }
admin-audit-target-invitation = Einladung { $target }
admin-audit-target-site = Einstellungen der Website
admin-audit-action-create-user = Konto angelegt
admin-audit-action-suspend = Vorübergehend gesperrt
admin-audit-action-unsuspend = Vorübergehende Sperre aufgehoben
admin-audit-action-ban = Dauerhaft gesperrt
admin-audit-action-unban = Dauerhafte Sperre aufgehoben
admin-audit-action-mute = Stummgeschaltet
admin-audit-action-unmute = Stummschaltung aufgehoben
admin-audit-action-reset-password = Passwort zurückgesetzt
admin-audit-action-grant-admin = Zum Administrator gemacht
admin-audit-action-revoke-admin = Administratorrechte entzogen
admin-audit-action-delete-user = Konto gelöscht
admin-audit-action-end-game = Partie beendet
admin-audit-action-hide-message = Chatnachricht ausgeblendet
admin-audit-action-resolve-report = Meldung erledigt
admin-audit-action-update-site = Einstellungen der Website geändert
admin-audit-action-create-invitation = Einladung erstellt
admin-audit-action-revoke-invitation = Einladung widerrufen
admin-audit-action-create-bot = Bot angelegt
admin-audit-action-update-bot = Bot geändert
