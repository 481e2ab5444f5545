# Die Einstellungsseite (templates/settings.html), das Zustellprotokoll eines Webhooks
# (webhook.html) und die Abmeldeseite für E-Mails (unsubscribe.html).
settings-title = Einstellungen
settings-new-token-html = <strong>Dein neues Token „{ $name }“.</strong> Kopiere es jetzt: Herald zeigt es nur dieses eine Mal.
settings-token = Token
settings-new-feed-html = <strong>Deine Feed-URL.</strong> Kopiere sie jetzt: Herald zeigt sie nur dieses eine Mal. Wer sie hat, kann deinen Feed lesen.
settings-feed-url = Feed-URL
settings-new-webhook-html = <strong>Webhook für { $url } hinzugefügt.</strong> Kopiere jetzt sein Signaturgeheimnis: Herald zeigt es nur dieses eine Mal.
settings-signing-secret = Signaturgeheimnis
settings-preferences = Präferenzen
settings-time-zone = Zeitzone
settings-time-zone-hint = Fristen werden in dieser Zone angezeigt
settings-language = Sprache
settings-language-hint = der Seiten, E-Mails und Benachrichtigungen
settings-language-browser = Sprache deines Browsers
settings-confirm-moves = Jeden Zug bestätigen
settings-confirm-moves-hint = der Zug wird auf dem Brett gezeigt und erst nach „Bestätigen“ gesendet – gegen Fehlgriffe
settings-confirm-touch = auf Touchscreens (und ohne JavaScript)
settings-confirm-always = immer
settings-confirm-never = nie
settings-save-preferences = Präferenzen speichern
settings-password = Passwort
settings-password-about = Eine Änderung meldet deine anderen Geräte ab und widerruft alle API-Tokens unten.
settings-current-password = Aktuelles Passwort
settings-new-password = Neues Passwort
settings-new-password-hint = mindestens 8 Zeichen
settings-new-password-again = Neues Passwort wiederholen
settings-change-password = Passwort ändern
settings-tokens = API-Tokens
settings-tokens-about-html = Mit einem Token kann ein Programm (ein Bot, ein Skript, eine Handy-App) über die <a href="/api/v1/openapi.json">API</a> für dich spielen; es wird als <code>Authorization: Bearer &lt;Token&gt;</code> gesendet.
settings-no-tokens = Du hast keine Tokens.
settings-your-tokens = Deine Tokens
settings-name = Name
settings-created = Erstellt
settings-action = Aktion
settings-actions = Aktionen
settings-revoke = Widerrufen
settings-revoke-label = Token { $name } widerrufen
settings-token-name = Name des neuen Tokens
settings-token-name-hint = um es später wiederzuerkennen, z. B. „mein Bot“
settings-create-token = Token erstellen
settings-notifications = Benachrichtigungen
settings-notifications-about = Herald kann dir Bescheid geben, wenn du am Zug bist, wenn deine Bedenkzeit knapp wird, wenn du einen Sieg beanspruchen kannst und wenn eine Partie endet.
settings-devices = Auf deinem Handy und in deinem Browser
settings-devices-about = Herald kann diesem Gerät Benachrichtigungen schicken, auch wenn die Seite geschlossen ist: dein Zug, knappe Bedenkzeit, Angebote, Chat und Turnierrunden (was genau, wählst du unten unter „Meine Geräte benachrichtigen“). Jeder Browser, in dem du sie einschaltest, steht hier.
settings-push-unavailable = Benachrichtigungen auf diesem Gerät brauchen JavaScript und einen Browser, der sie unterstützt (auf iPhone oder iPad: füge Herald zuerst zum Home-Bildschirm hinzu).
settings-push-enable = Dieses Gerät benachrichtigen
settings-push-disable = Dieses Gerät nicht mehr benachrichtigen
settings-no-devices = Noch bekommt kein Gerät Benachrichtigungen.
settings-devices-caption = Geräte, die Benachrichtigungen bekommen
settings-device = Gerät
settings-added = Hinzugefügt
settings-last-notification = Letzte Benachrichtigung
settings-device-via = über { $service }
settings-this-device = (dieses Gerät)
settings-last-attempt-failed = Letzter Versuch fehlgeschlagen: { $error }
settings-none-yet = noch keine
settings-device-remove-label = { $device } nicht mehr benachrichtigen (hinzugefügt { $added })
settings-remove = Entfernen
settings-send-test = Testbenachrichtigung senden
settings-email-heading = E-Mail, und worüber dich jeder Weg informiert
settings-no-smtp = Dieser Server ist nicht für den E-Mail-Versand eingerichtet (sein Administrator hat kein SMTP konfiguriert). Deine Auswahl bleibt gespeichert, bis er es ist.
settings-email = E-Mail-Adresse
settings-email-hint = leer lassen für keine E-Mails
settings-email-unconfirmed = Noch nicht bestätigt: Folge dem Link, den wir an diese Adresse geschickt haben. Bis dahin geht keine Benachrichtigung an sie.
settings-group-email = Schick mir eine E-Mail
settings-group-push = Benachrichtige meine Geräte (Handys und Browser, in denen ich Benachrichtigungen eingeschaltet habe)
settings-group-feed = Schreib es in meinen Feed
settings-group-webhook = Sende es an meine Webhooks
settings-group-chat = Chatnachrichten in meinen Partien
settings-group-chat-hint = nie die von Spielern, die ich blockiere
settings-switch-your-move = wenn ich am Zug bin
settings-switch-email-your-move-hint = einmal pro Zug, nicht während ich die Partie offen habe
settings-switch-push-your-move-hint = eine Benachrichtigung pro Partie, nicht während ich die Partie offen habe
settings-switch-time-warning = wenn 80 % meiner Bedenkzeit für einen Zug verbraucht sind
settings-switch-email-claimable = wenn die Bedenkzeit meines Gegners abgelaufen ist und ich den Sieg beanspruchen kann
settings-switch-push-claimable = wenn ich einen Sieg wegen Zeitüberschreitung beanspruchen kann
settings-switch-email-game-over = wenn eine Partie endet
settings-switch-push-game-over = wenn eine Partie endet oder eine Revanche angeboten wird
settings-switch-push-offer = wenn ein Gegner Remis anbietet oder um eine Zugrücknahme bittet
settings-switch-email-tournament = wenn eine Runde eines Turniers, in dem ich spiele, beginnt, und wenn das Turnier endet
settings-switch-push-tournament = wenn eine Runde eines Turniers, in dem ich spiele, beginnt, und wenn es endet
settings-switch-email-chat = per E-Mail
settings-switch-email-chat-hint = eine Zusammenfassung der Nachrichten, die ich nicht innerhalb von 30 Minuten gesehen habe
settings-switch-push-chat = auf meinen Geräten
settings-switch-push-chat-hint = jede Nachricht, nicht während ich die Partie offen habe
settings-switch-feed-chat = in meinem Feed
settings-switch-webhook-chat = an meine Webhooks
settings-save-notifications = Benachrichtigungen speichern
settings-feed = Feed
settings-feed-about = Ein privater Atom-Feed der Partien, in denen du am Zug bist, der beendeten Partien und der Chatnachrichten, für einen Feedreader.
settings-feed-new = Neue Feed-URL erstellen
settings-feed-make = Feed-URL erstellen
settings-feed-remove = Feed-URL entfernen
settings-feed-exists = Es gibt eine Feed-URL. Eine neue ersetzt die alte, die dann nicht mehr funktioniert.
settings-webhooks = Webhooks
settings-webhooks-about-html = Ein Webhook erhält für jedes Ereignis deiner Partien und jede Chatnachricht an dich einen signierten JSON-POST (für Bots und Hausautomation). Das Format steht in der <a href="/api/v1/openapi.json">API</a>; der Header <code>X-Herald-Signature: sha256=&lt;HMAC-SHA256 des Inhalts&gt;</code> ist mit dem Geheimnis des Webhooks geschlüsselt.
settings-no-webhooks = Du hast keine Webhooks.
settings-your-webhooks = Deine Webhooks
settings-url = URL
settings-state = Status
settings-webhook-on = aktiv
settings-webhook-on-failing = { $count ->
    [one] aktiv, { $count } Fehlschlag in Folge
   *[other] aktiv, { $count } Fehlschläge in Folge
}
settings-webhook-off = aus
settings-webhook-off-after = { $count ->
    [one] nach { $count } Fehlschlag
   *[other] nach { $count } Fehlschlägen
}
settings-webhook-pause = Pausieren
settings-webhook-pause-label = Webhook { $url } pausieren
settings-webhook-turn-on = Einschalten
settings-webhook-turn-on-label = Webhook { $url } einschalten
settings-webhook-delete = Löschen
settings-webhook-delete-label = Webhook { $url } löschen
settings-webhook-url = URL des neuen Webhooks
settings-webhook-url-hint = http:// oder https://
settings-webhook-url-example = https://example.org/herald
settings-add-webhook = Webhook hinzufügen
settings-vacation = Urlaub
settings-vacation-about-html = { $count ->
    [one] Während dein Urlaub läuft, stehen die Uhren deiner Züge still, niemand kann einen Sieg gegen dich beanspruchen, und deine Gegner sehen, dass du abwesend bist. Er endet, wenn du ihn ausschaltest, wenn du einen Zug machst oder wenn der einzige Urlaubstag dieses Jahres verbraucht ist (<a href="/help/time#vacation">so funktioniert der Urlaub</a>).
   *[other] Während dein Urlaub läuft, stehen die Uhren deiner Züge still, niemand kann einen Sieg gegen dich beanspruchen, und deine Gegner sehen, dass du abwesend bist. Er endet, wenn du ihn ausschaltest, wenn du einen Zug machst oder wenn die { $count } Urlaubstage dieses Jahres verbraucht sind (<a href="/help/time#vacation">so funktioniert der Urlaub</a>).
}
settings-vacation-on-html = <strong>Urlaub ist eingeschaltet</strong> seit { $since }; er endet von selbst am { $ends }.
settings-vacation-used = In diesem Jahr genommen: { $used }. Übrig: { $left }.
settings-vacation-switch-off = Urlaub ausschalten
settings-vacation-switch-on = Urlaub einschalten
settings-vacation-none-left = Kein Urlaub mehr übrig in diesem Jahr
settings-your-data = Deine Daten
settings-export-html = <a href="/api/v1/me/export" download>Alles herunterladen, was Herald über dich speichert</a> (JSON: Konto, Partien, Wertungen, Notizen, Varianten, bedingte Züge, Chatnachrichten, Tokens, Sitzungen, Webhooks, Benachrichtigungseinstellungen, Blockierungen, Meldungen und Verwarnungen).
settings-delete-about = Das Löschen deines Kontos kann nicht rückgängig gemacht werden. Deine Partien bleiben im Archiv (mit deinen Chatnachrichten darin) unter dem Namen „gelöschter Benutzer“ und einer Nummer; dein Passwort, deine Sitzungen, Tokens, Webhooks, deine E-Mail-Adresse, Einstellungen und Blockierungen werden entfernt.
settings-delete-password = Dein Passwort, zur Bestätigung
settings-delete-account = Mein Konto löschen
settings-saved-preferences = Deine Präferenzen sind gespeichert.
settings-saved-password = Dein Passwort ist geändert. Andere Geräte wurden abgemeldet und deine API-Tokens widerrufen: Erstelle neue Tokens für deine Programme.
settings-saved-revoked = Das Token ist widerrufen: Programme, die es benutzen, können nicht mehr für dich handeln.
settings-saved-notifications = Deine Benachrichtigungen sind gespeichert.
settings-saved-email-confirmed = Deine E-Mail-Adresse ist bestätigt: Benachrichtigungen gehen jetzt an sie.
settings-saved-feed-removed = Die Feed-URL ist entfernt: Feedreader, die sie benutzen, bekommen nichts mehr.
settings-saved-webhook-changed = Der Webhook ist geändert.
settings-saved-webhook-removed = Der Webhook und sein Zustellprotokoll sind entfernt.
settings-saved-device-removed = Dieses Gerät bekommt keine Benachrichtigungen mehr.
settings-saved-push-test = Eine Testbenachrichtigung ist an jedes deiner Geräte unterwegs.
settings-saved-vacation-on = Urlaub ist eingeschaltet: Deine Uhren stehen, bis du ziehst oder ihn ausschaltest.
settings-saved-vacation-off = Urlaub ist ausgeschaltet: Deine Uhren laufen wieder.
settings-error-time-zone = Wähle eine Zeitzone aus der Liste.
settings-error-confirmation = Wähle, wann Züge auf Bestätigung warten: auf Touchscreens, immer oder nie.
settings-error-language = Wähle eine Sprache aus der Liste.
settings-error-current-password = Dein aktuelles Passwort stimmt nicht.
settings-error-passwords-differ = Die beiden neuen Passwörter stimmen nicht überein.
settings-login-wrong = Falscher Benutzername oder falsches Passwort.
settings-signup-passwords-differ = Die beiden Passwörter stimmen nicht überein.
settings-webhook-log-title = Webhook-Zustellungen
settings-back = ← Zurück zu den Einstellungen
settings-webhook-log-to-html = An <code>{ $url }</code>:
settings-webhook-log-failures = { $count ->
    [one] , { $count } fehlgeschlagener Versuch in Folge
   *[other] , { $count } fehlgeschlagene Versuche in Folge
}
settings-webhook-log-empty = Noch wurde nichts gesendet: Zustellungen erscheinen hier, sobald in einer deiner Partien etwas passiert.
settings-webhook-log-caption = { $count ->
    [one] Die letzte Zustellung
   *[other] Die letzten { $count } Zustellungen, neueste zuerst
}
settings-when = Wann
settings-game = Partie
settings-event = Ereignis
settings-attempts = Versuche
settings-last-answer = Letzte Antwort
settings-delivery-tournament = Turnier { $id }
settings-delivery-pending = ausstehend
settings-delivery-pending-next = ausstehend, nächster Versuch { $at }
settings-delivery-delivered = zugestellt
settings-delivery-failed = fehlgeschlagen
settings-http-status = HTTP { $code }
settings-unsubscribe-title = E-Mails abbestellen
settings-unsubscribe-heading = E-Mails von Herald abbestellen
settings-unsubscribe-done-html = Erledigt: Herald schickt dir keine E-Mails mehr. Du kannst E-Mails in deinen <a href="/settings#notifications">Benachrichtigungseinstellungen</a> wieder einschalten.
settings-unsubscribe-about = Drücke den Knopf, um alle E-Mails abzuschalten, die Herald dir schickt (dein Zug, Zeitwarnungen, beanspruchbare Partien, Partieergebnisse).
settings-unsubscribe-button = Alle E-Mails abbestellen
settings-unsubscribe-invalid-html = Dieser Abmeldelink ist ungültig: Vielleicht wurde er beim Kopieren abgeschnitten. Öffne den Link aus der E-Mail noch einmal oder ändere deine Auswahl in deinen <a href="/settings#notifications">Benachrichtigungseinstellungen</a>.
