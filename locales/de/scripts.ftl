# Texts the browser's scripts show (pages/script_texts.rs hands them over).
js-title-your-move = (du bist am Zug)
js-title-new-message = (neue Nachricht)
js-scroll-hint = Breiter als der Bildschirm: Wische die Tabelle seitwärts, um alle Spalten zu sehen →
js-offline-copy-at = Du bist offline: Dies ist die Seite, wie sie am { $date } war. Züge und Nachrichten können erst gesendet werden, wenn du wieder online bist.
js-offline-copy = Du bist offline: Dies ist die Seite, wie sie beim letzten Öffnen war. Züge und Nachrichten können erst gesendet werden, wenn du wieder online bist.
js-offline = Du bist offline. Züge und Nachrichten können erst gesendet werden, wenn du wieder online bist.
js-square-selected = { $square }, ausgewählt
js-square-sacrifice = { $square }, diese Figur opfern
js-square-move-here = { $square }, hierhin ziehen
js-square-piece = { $square }, { $piece }
js-square-empty = { $square }, leer
js-square-in-check = { $square }, im Schach
js-square-last-move = { $square }, letzter Zug
js-promote-to = Umwandeln in { $piece }
js-that-piece = diese Figur
js-cannot-move-there = { $piece } kann nicht nach { $square } ziehen.
js-move-not-accepted = Der Zug wurde nicht angenommen.
js-opponent-moved = Dein Gegner hat gezogen: Das Brett zeigt jetzt die aktuelle Stellung. Wähle deinen Zug erneut.
js-move-unreachable = Der Server war nicht erreichbar: Dein Zug wurde nicht gesendet.
js-move-offline = Du bist offline: Dein Zug wurde nicht gesendet. Ziehe erneut, wenn du wieder online bist.
js-chat-deleted-user = ein gelöschtes Konto
js-chat-with-move = zu Zug { $ply }
js-chat-new-messages = { $count ->
    [one] { $count } neue Chatnachricht
   *[other] { $count } neue Chatnachrichten
}
js-chat-not-sent = Die Nachricht wurde nicht gesendet.
js-chat-unreachable = Der Server war nicht erreichbar; deine Nachricht wurde nicht gesendet.
js-push-on = Dieses Gerät erhält Benachrichtigungen.
js-push-blocked = Benachrichtigungen sind für diese Seite in den Einstellungen dieses Browsers blockiert: Erlaube sie zuerst dort.
js-push-off = Dieses Gerät erhält keine Benachrichtigungen.
js-push-failed = Das hat nicht geklappt: { $error }
js-push-not-allowed = Benachrichtigungen wurden nicht erlaubt
js-push-unavailable = Dieser Browser kann keine Benachrichtigungen von Websites empfangen (auf iPhone oder iPad: Füge Herald zum Home-Bildschirm hinzu und öffne es von dort).
js-push-asking = Der Browser wird gefragt …
js-analysis-refused = Die Stellung wurde abgelehnt.
js-analysis-cannot-set-up = Der Dienst kann diese Stellung nicht aufbauen.
js-analysis-not-legal = { $move } ist in dieser Stellung kein legaler Zug.
js-analysis-game-start = Partiebeginn
js-analysis-game-after = Partie, nach Zug { $ply }
js-analysis-start = Anfang
js-analysis-start-position = Ausgangsstellung
js-analysis-moves-from-start = { $count ->
    [one] Analyse, { $count } Zug nach dem Anfang
   *[other] Analyse, { $count } Züge nach dem Anfang
}
js-analysis-drawn = Remis
js-analysis-wins = { $team } gewinnt
js-analysis-game-over = Partie beendet: { $who } ({ $reason }), { $result }.
js-analysis-to-move = { $seat } ist am Zug.
js-analysis-player = Spieler { $number }
js-analysis-save = Meine Varianten speichern
js-analysis-save-unsaved = Meine Varianten speichern (ungespeicherte Änderungen)
js-analysis-engine-failed = Die Engine konnte nicht antworten.
js-analysis-engine-unreachable = Die Engine war nicht erreichbar.
js-analysis-rules-unreachable = Der Regeldienst war nicht erreichbar.
js-analysis-wins-in = gewinnt in { $moves }
js-analysis-loses-in = verliert in { $moves }
js-analysis-game-over-short = Partie beendet
js-analysis-thinking = rechnet …
js-analysis-evaluation = { $score } für die Seite am Zug{ $best } · Tiefe { $depth }
js-analysis-best = ; bester Zug { $move }{ $line }
js-analysis-saved = { $count ->
    [0] Gespeichert: keine Varianten behalten.
    [one] Gespeichert: { $count } Zug.
   *[other] Gespeichert: { $count } Züge.
}
js-analysis-not-saved = Deine Varianten wurden nicht gespeichert.
js-analysis-save-unreachable = Der Server war nicht erreichbar; deine Varianten wurden nicht gespeichert.
js-analysis-added-conditional = Zu deinen bedingten Zügen hinzugefügt: { $moves }. Sende das Formular ab, um sie zu behalten.
