# Die Partieseite (templates/game.html, game_takeback.html).
game-page-accept-invitation = Einladung annehmen
game-page-decline = Ablehnen
game-page-join = Dieser Partie beitreten
game-page-offer-rematch = Revanche anbieten
game-page-accept-draw = Remis annehmen
game-page-decline-draw = Remis ablehnen
game-page-you-offered-draw = Du hast Remis angeboten.
game-page-offer-draw = Remis anbieten
game-page-abort = Partie abbrechen
game-page-resign-sure = Ich bin sicher
game-page-resign = Aufgeben
game-page-type-move = Zug eingeben
game-page-play = Ziehen
game-page-takeback-accept = Zugrücknahme annehmen
game-page-takeback-decline = Zugrücknahme ablehnen
game-page-takeback-withdraw = Bitte zurückziehen
game-page-takeback-ask = Zugrücknahme erbitten
game-page-takeback-help = Wie Zugrücknahmen funktionieren
# Das Brett, für Screenreader und Tooltips.
board-caption = Brett ({ $game }), aus Sicht von { $side }
board-side-team = Team { $team }
board-square-piece = { $square }, { $piece }
board-square-empty = { $square }, leer
# Eine Figur auf dem Brett: ihr Name und die Farbe ihrer Armee („Bauer (weiß)“).
board-piece = { $piece } ({ $colour })
# Eine Figur in einer Teampartie (Chatrang): „Pil von Spieler 3 (gold, Team Weiß)“.
board-piece-in-team = { $piece } von { $seat } ({ $colour }, Team { $team })
# Wird nach Feldname und Figur angehängt, samt Trennzeichen.
board-mark-check = , im Schach
board-mark-last = , letzter Zug
board-mark-selected = , ausgewählt
board-mark-sacrifice = , diese Figur opfern
board-mark-move-here = , hierhin ziehen
# Der Rest der Partieseite (templates/game.html).
# Titel und Überschrift der Seite: „Nowan-Schach-Partie“, gefolgt von der Nummer der Partie.
game-page-title = { $game }-Partie
game-page-replay-position = Stellung nach Zug { $at } von { $ply }.
game-page-you-play = Du spielst
# Ein Platz in einer Teampartie: „gold, Team Weiß“.
game-page-team-words = { $colour }, Team { $team }
game-page-next-game = Nächste Partie
game-page-waiting = { $count } wartend
game-page-new-chat = Neue Chatnachricht
game-page-ended-by-admin = Von einem Administrator beendet: { $why }
# Vor dem Zug, den ein Spieler bestätigen soll („e2-e4 spielen?“).
game-page-confirm-play = Diesen Zug spielen?
game-page-confirm-move = Zug bestätigen
game-page-cancel = Abbrechen
game-page-promote-to = Umwandeln in:
game-page-choose-piece = Wähle die neue Figur:
game-page-confirm-your-move = Bestätige deinen Zug:
game-page-choice-promote = Umwandeln in { $piece }
game-page-choice-play = { $move } spielen
game-page-must-pass = Du hast keinen legalen Zug, und dein Schah wird nicht angegriffen: Du setzt in dieser Runde aus.
game-page-pass = Aussetzen
game-page-flip = Brett drehen
game-page-sound = Ton, wenn dein Gegner zieht
game-page-replay = Nachspielen
game-page-start-position = Ausgangsstellung
game-page-previous-move = Vorheriger Zug
game-page-move = Zug
game-page-back-to-game = zurück zur Partie
game-page-next-move = Nächster Zug
game-page-current-position = Aktuelle Stellung
game-page-rated = Gewertet
game-page-casual = Ungewertet
game-page-rules = Regeln
game-page-open-to = Offen für Spieler mit einer Wertung von { $range }.
game-page-bots-fill = Offene Plätze mit Bots füllen
game-page-bots-rated = Diese Partie ist gewertet, und Partien mit Bots sind auf dieser Seite ungewertet: Bots können hier keinen Platz einnehmen.
game-page-bots-scheduled = Bots der Stufe { $level } besetzen am { $when } die noch offenen Plätze.
game-page-bots-level = Stufe
game-page-bots-seat = Platz
game-page-bots-every-seat = alle offenen Plätze
game-page-bots-when = Wann
game-page-bots-now = sofort
game-page-bots-in-an-hour = in einer Stunde, wenn niemand kommt
game-page-bots-in-a-day = in einem Tag, wenn niemand kommt
game-page-bots-seat-them = Bots einsetzen
game-page-bots-link = die Bots
game-page-rematch-of-html = Eine Revanche für <a href="/games/{ $game }">Partie { $game }</a>.
game-page-of-tournament = Eine Partie des Turniers
game-page-rematch-offered = { $who } hat eine Revanche angeboten:
game-page-rematch-you-offered = Du hast eine Revanche angeboten:
game-page-rematch-someone-offered = Ein Spieler hat eine Revanche angeboten:
game-page-rematch-waiting = wartet auf Antwort
game-page-rematch-accepted = angenommen: läuft
game-page-rematch-declined = abgelehnt
game-page-rematch-aborted = abgebrochen
game-page-rematch-played = gespielt
game-page-accept-rematch = Revanche annehmen
game-page-players = Spieler
game-page-you-mark = (du)
game-page-invited = { $who } (eingeladen)
game-page-open-seat = offener Platz
game-page-out = ausgeschieden
game-page-offers-draw = bietet Remis an
game-page-vacation = im Urlaub
game-page-vacation-clock-stopped = im Urlaub: die Uhr steht
game-page-to-move = am Zug
# Vor der Frist: „am Zug bis Mo 30 Nov 2026, 14:00 UTC“.
game-page-by = bis
game-page-claim-aborts = Der Spieler am Zug hat seine Bedenkzeit überschritten, ohne je gezogen zu haben: Ein Anspruch bricht die Partie ohne Sieger ab.
game-page-claim-abort = Partie wegen Zeitüberschreitung abbrechen
game-page-out-of-time = Der Spieler am Zug hat seine Bedenkzeit überschritten.
game-page-claim-win = Sieg beanspruchen
game-page-moves = Züge
game-page-no-moves = Noch keine Züge.
game-page-moves-label = Züge (wähle einen, um seine Stellung zu sehen; mit den Pfeiltasten links und rechts gehst du schrittweise)
# Für Screenreader, vor jedem Zug der Liste: „Zug 3, Weiß“.
game-page-move-label = Zug { $round }, { $seat }
game-page-pieces = Figuren
game-page-notation-written = Züge werden mit dem Buchstaben der Figur geschrieben (Bauern haben keinen)
game-page-notation-signs-html = <code>x</code> schlägt, <code>=</code> mit einem Buchstaben wandelt um, <code>+</code> bietet Schach.
game-page-notation-typed = Gib Züge als Start- und Zielfeld ein
game-page-notation = Notation
game-page-move-message = Nachricht zum Zug
game-page-move-message-hint = (optional; wird auch mit einem auf dem Brett gemachten Zug gesendet)
game-page-draw-declined = { $who } hat das Remisangebot abgelehnt.
game-page-draw-declined-you = Du hast das Remisangebot abgelehnt.
game-page-status-waiting = Warten, bis die Spieler ihre Plätze einnehmen.
game-page-status-your-move = Du bist am Zug.
game-page-status-to-move = { $seat } ist am Zug ({ $player }).
game-page-status-next-move = Warten auf den nächsten Zug.
game-page-conditionals = Meine bedingten Züge
game-page-conditionals-pending = { $count ->
    [one] { $count } Zugfolge offen
   *[other] { $count } Zugfolgen offen
}
game-page-conditionals-private = niemand sonst sieht sie
game-page-conditionals-help = Von der aktuellen Stellung aus: die Züge der anderen Spieler, dann deine Antwort (dann ihr nächster Zug, deine nächste Antwort …); bist du am Zug, beginnt eine Zugfolge mit deinem eigenen Zug. Passt ein Zug zu einer Zugfolge, wird deine Antwort sofort gespielt; Zugfolgen, die nicht passen, werden verworfen. Das Analysebrett unten kann hier eine Zugfolge hinzufügen.
game-page-conditionals-lines = Zugfolgen, eine pro Zeile, Züge durch Leerzeichen getrennt
game-page-conditionals-limits = Höchstens { $lines } Zugfolgen mit je { $moves } Zügen; jeder Zug wird beim Speichern geprüft. Ein leeres Feld hebt alle auf.
game-page-conditionals-reveal = Diese Zugfolgen nach Partieende mit der Partieaufzeichnung zeigen
game-page-conditionals-save = Bedingte Züge speichern
game-page-conditionals-hide = Meine bedingten Zugfolgen in der Partieaufzeichnung verbergen
game-page-conditionals-show = Meine bedingten Zugfolgen mit der Partieaufzeichnung zeigen
game-page-conditionals-none = Du hast in dieser Partie keine bedingten Züge eingegeben.
game-page-computer = Computeranalyse
game-page-computer-request = Computeranalyse anfordern
game-page-computer-sign-in = Melde dich an, um eine Computeranalyse dieser Partie anzufordern.
game-page-computer-chart = Gewinnchancen der Seite des ersten Platzes nach jedem Zug (klicke auf einen Punkt, um die Stellung zu sehen).
game-page-computer-accuracy = Genauigkeit:
game-page-computer-move = Zug
game-page-computer-played = Gespielt
game-page-computer-eval = Bewertung
game-page-computer-line = Variante der Engine davor
game-page-computer-queued = Analyse in der Warteschlange: Lade die Seite in einer Minute neu.
game-page-computer-running = Analyse läuft: Lade die Seite in einer Minute neu.
game-page-computer-failed = Analyse fehlgeschlagen.
game-page-computer-done = Analyse abgeschlossen.
game-page-computer-how = Wie Züge beurteilt werden
# Wem eine Genauigkeit gehört, wenn der Platz unbekannt ist.
game-page-computer-seat = Platz { $seat }
game-page-revealed = Aufgedeckte bedingte Zugfolgen
game-page-revealed-from = ab Zug { $move }:
game-page-notes = Meine Notizen
game-page-notes-private = privat
game-page-notes-published = privat; mit der Partie veröffentlicht
game-page-notes-game = Zur Partie
game-page-notes-position = Zur Stellung nach Zug { $move }
game-page-notes-after = Nach Zug { $move }
game-page-notes-save = Speichern
game-page-notes-unpublish = Meine Notizen aus der Partieaufzeichnung zurückziehen
game-page-notes-publish = Meine Notizen mit der Partie veröffentlichen (PGN-Kommentare und meine gespeicherten Varianten)
game-page-report = Diese Partie melden
game-page-report-what = Was ist falsch?
game-page-report-hint = die Administratoren lesen es
game-page-report-send = Meldung senden
game-page-analysis-board = Analysebrett
# Ein abgelehnter Zug oder eine abgelehnte Aktion, über dem Brett angezeigt.
game-page-refused-stale = Dein Gegner hat gezogen: Das Brett zeigt jetzt die aktuelle Stellung. Wähle deinen Zug erneut.
game-page-refused-illegal = Dieser Zug ist nicht legal: { $reason }.
# Der Wertungsbereich einer offenen Herausforderung.
game-range-between = { $min }-{ $max }
game-range-at-least = mindestens { $min }
game-range-at-most = höchstens { $max }
# Der Chat der Partie (templates/game_chat.html).
chat-title = Chat
chat-spectators-read = Zuschauer können dieses Gespräch lesen.
chat-players-only = Nur die Spieler lesen dieses Gespräch.
chat-team-private = Teamnachrichten sieht nur dein Partner.
chat-team-tag = Team
chat-with-move = zu Zug { $move }
chat-actions = Aktionen für diese Nachricht
chat-report-label = Diese Nachricht melden
chat-report-what = Was ist falsch?
chat-report = Melden
chat-hide-why = Warum (wird im Prüfprotokoll festgehalten)
chat-hide-why-label = Warum ausblenden
chat-hide = Für alle ausblenden
chat-empty = Noch keine Nachrichten.
chat-message = Nachricht
chat-to = An
chat-to-everyone = Alle in der Partie
chat-to-partner = Nur mein Partner (Team)
chat-send = Senden
chat-published-by-you = Du hast euren Teamkanal veröffentlicht; er wird öffentlich, sobald dein Partner das auch tut.
chat-publish = Unseren Teamkanal mit der Partie veröffentlichen (öffentlich, sobald beide Partner zustimmen)
# Das Analysebrett (templates/analysis_board.html).
analysis-intro = Ziehe die Figuren frei nach ihren legalen Zügen, baue Varianten auf und gehe sie schrittweise durch; Züge und Ergebnisse stammen von der Regel-Engine; die Engine bewertet eine Stellung nur, wenn du sie einschaltest.
analysis-intro-game = Ziehe die Figuren von jeder Stellung der Partie aus frei nach ihren legalen Zügen, baue Varianten auf und gehe sie schrittweise durch; Züge und Ergebnisse stammen von der Regel-Engine; die Engine bewertet eine Stellung nur, wenn du sie einschaltest. Dein Hauptbrett und deine Züge in der Partie bleiben unberührt.
analysis-needs-js = Das Analysebrett braucht JavaScript.
analysis-engine = Engine
analysis-step = Die Analyse durchgehen
analysis-first = Erste Stellung
analysis-first-key = Erste Stellung (Pos1)
analysis-back = Einen Zug zurück
analysis-back-key = Einen Zug zurück (Pfeil nach links)
analysis-forward = Einen Zug vor
analysis-forward-key = Einen Zug vor (Pfeil nach rechts)
analysis-last = Ende dieser Variante
analysis-last-key = Ende dieser Variante (Ende)
analysis-flip = Drehen
analysis-tree = Züge und Varianten
analysis-delete = Diesen Zug und alles Folgende löschen
analysis-go-to-game = Zu dieser Stellung auf dem Partiebrett gehen
analysis-add-conditional = Diese Zugfolge zu meinen bedingten Zügen hinzufügen
analysis-save = Meine Varianten speichern
analysis-saved-hint = Gespeicherte Varianten gehören nur dir; nach der Partie kannst du sie mit deinen Notizen veröffentlichen, und das PGN der Partie enthält sie dann.
# Das eigenständige Analysebrett (templates/analysis.html).
analysis-heading-start = { $game }: die Ausgangsstellung
analysis-heading-set-up = { $game }: die aufgebaute Stellung
analysis-page-intro = Baue eine beliebige Stellung aus einem der Spiele von Herald auf und ziehe die Figuren nach ihren legalen Zügen, wie die Regel-Engine es vorgibt. Hier wird nichts gespeichert: Um Varianten zu einer Partie zu behalten, nutze das Analysebrett auf der Seite der Partie.
analysis-page-game = Spiel
analysis-page-position = Stellungscode
analysis-page-position-empty = leer: die Ausgangsstellung
analysis-page-position-hint-html = Wie die <a href="/rules">Regelseite</a> des Spiels ihn festlegt.
analysis-page-options = Optionen für { $game }
analysis-page-set-up = Brett aufbauen
# The takeback panel's news (templates/game_takeback.html).
takeback-you-asked = Du hast gebeten, deinen Zug { $move } zurückzunehmen; { $answer } antwortet.
takeback-asks-you = { $asker } bittet darum, den Zug { $move } zurückzunehmen.
takeback-asks = { $asker } bittet darum, den Zug { $move } zurückzunehmen; { $answer } antwortet.
takeback-declined-you = Du hast die Zugrücknahme abgelehnt.
takeback-declined = { $who } hat die Zugrücknahme abgelehnt.
takeback-accepted-you = Du hast die Zugrücknahme angenommen: { $move } wurde zurückgenommen.
takeback-accepted = { $who } hat die Zugrücknahme angenommen: { $move } wurde zurückgenommen.
# In the move list, where a player of a team game withdrew: "Player 2 resigned".
game-page-withdrew = { $seat } hat aufgegeben
# The computer analysis chart's title and each point's.
game-page-computer-chart-title = Bewertung nach jedem Zug
game-page-computer-chart-point = Zug { $move }
# A conditional reply the rules refused (the notice above the lines).
game-page-conditional-dropped = Deine bedingte Antwort { $reply } war nicht mehr regelgemäß und wurde nicht gespielt; deine Zugfolgen wurden verworfen.
