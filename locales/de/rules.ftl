# The rules pages: the list of games (templates/rules_index.html), a game's page
# (templates/rules_variant.html, pages/rules.rs) and each game's own text
# (templates/rules/*.html). Keys ending in -html are printed unescaped: keep their markup.
# Piece names in the prose: use the names players of your language use for these pieces
# (the pieces' table on each page takes its names from the games' registry).

## The list of games (/rules)
rules-index-title = Regeln
# $count is the number of games.
rules-index-heading = { $count ->
    [4] Die vier Spiele
   *[other] Die { $count } Spiele
}
# A game's board and players: "9 by 9, 2 players".
rules-index-game = { $files } × { $ranks } Felder, { $players } Spieler

## A game's page (/rules/<game>)
# The page's title; $game is the game's name.
rules-page-title = { $game }: Regeln
# Shown under every game's name: the English text is the reference. The link goes to the
# language menu at the foot of the page.
rules-translation-note-html = Maßgeblich sind die englischen Regeln; diese Übersetzung dient nur der Bequemlichkeit (das englische Original erhältst du über das <a href="#footer-language">Sprachmenü</a>).
rules-start-heading = Ausgangsstellung
rules-try-analysis = Probiere die Züge auf dem Analysebrett aus
rules-pieces-heading = Die Figuren
rules-pieces-intro = Jedes Diagramm zeigt eine Figur, blau umrandet, und markiert jedes Feld, auf das die Regel-Engine sie von dort ziehen lässt: ein Punkt für ein leeres Feld, ein Ring für einen Schlagzug, ein gestrichelter Ring für ein Opfer.
# Before the list of a piece's moves in its diagram.
rules-moves = Züge:
rules-notation-heading = Notation
rules-notation-html = Die Zugliste der Partieseite schreibt jeden Zug mit dem Buchstaben der ziehenden Figur, ihrem Ausgangsfeld, <code>-</code> (oder <code>x</code>, wenn sie eine Figur schlägt), ihrem Zielfeld, bei einer Umwandlung <code>=</code> und dem Buchstaben der neuen Figur, sowie <code>+</code>, wenn der Zug einen Spieler im Schach lässt. Bauern haben keinen Buchstaben. Zum Spielen gibst du nur Ausgangs- und Zielfeld ein (<code>e2e3</code>, bei einer Umwandlung dazu den Buchstaben der neuen Figur: <code>c9c10q</code>).
# $typed is a move as typed (b1c3), $written the same move as the move list writes it (H b1-c3).
rules-notation-example-html = Zum Beispiel wird der Eröffnungszug, eingegeben als <code>{ $typed }</code>, als <code>{ $written }</code> geschrieben.
# The notation table's columns, and the letter cell of the pawns (which have none).
rules-letter = Buchstabe
rules-piece = Figur
rules-no-letter = (keiner)
rules-scoring-heading = Punkte und Wertungen
# $game is the game's name; $scoring its scoring in words from help.ftl (help-scoring-*),
# starting with a small letter ("a win scores 1-0 and counts ... .").
rules-scoring-html = Im Spiel { $game } gilt: { $scoring } Eine gewertete Partie ändert die Glicko-2-Wertungen beider Seiten in { $game } um das, was sie zählt (<a href="/help/ratings">wie Wertungen funktionieren</a>).

## Headings every game's text uses
rules-in-brief-heading = Das Spiel in Kürze
rules-special-heading = Besondere Regeln
rules-end-heading = Ende der Partie
rules-reconstructed-heading = Was rekonstruiert ist

## Nowan chess (templates/rules/nowan.html, nowan_special.html)
rules-nowan-brief-html = Nowan-Schach ist ein Spiel für zwei auf einem Brett von 9 × 9 Feldern, überliefert als das Schach der Insel Pan. Seine Figuren sind rot und schwarz, und <strong>Schwarz zieht zuerst</strong>. Es ist ein Verwandter des chinesischen Schachs mit japanischem Einschlag: Das Brett ist in drei Bänder zu je drei Reihen geteilt, und zwei der Figuren gewinnen an Kraft, solange sie tief im feindlichen Gebiet stehen.
rules-nowan-goal-html = Du gewinnst, indem du <strong>den feindlichen König schlägst</strong>. Schach ist nicht bindend: Du darfst deinen König angegriffen lassen oder sogar in einen Angriff ziehen, und dein Gegner darf ihn dann einfach schlagen. Um sinnlose Züge zu sparen, beendet Herald die Partie sofort, wenn der König eines Spielers angegriffen ist und kein Zug ihn in Sicherheit bringt (Schachmatt).
rules-nowan-zones-heading = Das Brett und seine Zonen
rules-nowan-zones-html = Die Linien a bis i verlaufen von links nach rechts und die Reihen 1 bis 9 nach oben, beides von der Seite von Schwarz aus gesehen. Die Reihen 1 bis 3 sind die <em>Heimatzone</em> von Schwarz und die <em>Feindzone</em> von Rot; bei den Reihen 7 bis 9 ist es umgekehrt; die Reihen 4 bis 6 sind die <em>Kampfzone</em>. Das Brett unten markiert die Zonengrenzen mit dicken Linien.
rules-nowan-sacrifice-heading = Das Opfer
rules-nowan-sacrifice-html = Einmal pro Partie darf ein Spieler statt eines gewöhnlichen Zuges seinen König geradewegs auf eine seiner eigenen Figuren ziehen, in beliebiger Entfernung und gleich, was dazwischen steht. Diese Figur scheidet aus der Partie aus. Der König und die Figur müssen beide in der eigenen Heimatzone des Spielers stehen, und der König darf in diesem Moment nicht im Schach stehen. Der König darf auf einem angegriffenen Feld landen. Der Zug wird vom Feld des Königs zum Feld der Figur geschrieben, zum Beispiel <code>e1d1</code>. Auf Heralds Brett sind die Opferziele des Königs gestrichelt umrandet, wenn du den König aufnimmst (siehe das Diagramm des Königs oben).
rules-nowan-zone-powers-heading = Zonenkräfte
rules-nowan-zone-powers = Ein Krieger oder Späher, der in seiner Feindzone steht, darf zusätzlich ein Feld seitwärts ziehen und auf diese Weise auch schlagen. Die Kraft gehört zum Feld: Ein Späher, der wieder hinauszieht, verliert sie und erhält sie bei der Rückkehr zurück. Keine Figur wird je umgewandelt oder ersetzt.
rules-nowan-end-king-html = <strong>König geschlagen</strong>: Wer ihn schlägt, gewinnt (2 Punkte zu 0).
rules-nowan-end-kings-html = <strong>Nur noch die beiden Könige</strong>: sofort Remis, für keine Seite etwas wert.
rules-nowan-end-checkmate-html = <strong>Schachmatt</strong>: Der Spieler am Zug steht im Schach und hat keinen sicheren Zug; die andere Seite gewinnt 2 zu 0.
rules-nowan-end-stalemate-html = <strong>Patt</strong>: Der Spieler am Zug steht nicht im Schach, aber jeder Zug würde seinen König preisgeben; die Partie endet, und der Spieler, der das Patt gesetzt hat, erhält 1 Punkt, der andere 0.
rules-nowan-end-agreement = Remis durch Vereinbarung zählt 0 zu 0. Es gibt keine Regel für Stellungswiederholung oder Zuganzahl.
rules-nowan-example = Beispiel: schwarzer König auf a1, rote Elefanten auf a9 und b8, roter König auf i9, Schwarz am Zug. Der schwarze König wird entlang der a-Linie angegriffen, und a2, b1 und b2 sind alle gedeckt: Schachmatt, Rot gewinnt.
rules-nowan-reconstructed = Heralds Regeln beruhen auf einer unvollständigen Kopie der ursprünglichen Beschreibung; der Artikel, aus dem sie stammt, wurde nicht gefunden. Drei Punkte sind unsere Lesart und keine überlieferte Tatsache: die Ausgangsfelder der Späher (b3 und h3, b7 und h7, wo das chinesische Schach seine Kanonen hat), der Zug des Generals (genau zwei Felder, ohne springen zu können) und die Zonenkräfte (der Text bricht ab, nachdem er sagt, dass sich „mehrere Figuren“ in der Feindzone verändern; wir geben dem Krieger und dem Späher dort einen Schritt seitwärts). Taucht das Original auf, sind dies die Regeln, die sich ändern können.

## Not Chess (templates/rules/not-chess.html, not-chess_special.html)
rules-not-chess-brief-html = Not Chess mischt die Schacharmee mit Figuren aus dem chinesischen Schach auf einem Brett von 10 × 10 Feldern. <strong>Weiß zieht zuerst</strong>. Ziel ist es, <strong>den feindlichen König zu schlagen</strong>: Züge, die den eigenen König angegriffen lassen, sind erlaubt, also pass auf deinen Rücken auf. Jeder König wohnt in einem <em>Palast</em> von 4 × 3 Feldern (auf dem Brett schattiert), den er nie verlassen darf, und die beiden Könige dürfen einander nie auf einer offenen Linie gegenüberstehen.
rules-not-chess-facing-heading = Sich gegenüberstehende Könige
rules-not-chess-facing = Nach keinem Zug dürfen die beiden Könige auf derselben Linie stehen, ohne dass etwas zwischen ihnen steht. Das verbietet nicht nur Königszüge, sondern auch das Wegziehen der letzten Figur zwischen ihnen. Den König zu schlagen ist immer erlaubt.
rules-not-chess-pawns-heading = Bauern und Umwandlung
rules-not-chess-pawns = Alle Bauern beginnen auf ihrer dritten Reihe und dürfen von dort zwei Felder ziehen. Es gibt kein en passant. Ein Bauer, der die letzte Reihe erreicht, muss zur Dame, zum Elefanten, zum Pferd oder zur Kanone werden; Herald fragt beim Ziehen, zu welcher Figur.
rules-not-chess-checks-heading = Sieben Schachgebote verlieren
rules-not-chess-checks-html = Ein Spieler, der mit sieben nicht schlagenden Zügen in Folge Schach bietet, ohne dass dazwischen eine Seite schlägt, <strong>verliert</strong> mit dem siebten. Ein Schlagzug, gleich von wem, setzt beide Zählungen zurück.
rules-not-chess-twenty-heading = Zwanzig Züge
rules-not-chess-twenty = Zwanzig Züge jeder Seite (40 Halbzüge) ohne Schlagzug oder Bauernzug beenden die Partie remis, außer dieser letzte Zug war zugleich ein siebtes Schachgebot, das verliert.
rules-not-chess-end-king = Wer den König schlägt, gewinnt.
rules-not-chess-end-no-move = Ein Spieler ohne jeden legalen Zug verliert (das kommt fast nie vor).
rules-not-chess-end-other = Sieben Schachgebote verlieren; zwanzig ruhige Züge ergeben Remis; Aufgabe und vereinbartes Remis wie üblich.
rules-not-chess-reconstructed = Die Züge aller Figuren und die besonderen Regeln stammen von der ursprünglichen Regelseite von Not Chess. Ihre Bilder sind nicht erhalten: Ausgangsstellung, Brettbreite und Palastform sind Heralds Rekonstruktion. Wir haben 10 Linien gewählt (die einzige Breite, auf der sich ein Palast von 4 Linien mittig setzen lässt), Paläste auf den Linien d bis g und eine Grundaufstellung im Stil von Capablanca- und Grand-Schach, mit den Kanonen hinter den Bauern. Sollte die ursprüngliche Aufstellung je wiedergefunden werden, stellt Herald darauf um.

## Chatrang (templates/rules/chatrang.html, chatrang_special.html)
rules-chatrang-brief-html = Chatrang ist Schach für <strong>vier Spieler in zwei Teams</strong>, wie man es um 1900 bei Peschawar spielen sah. Die Spieler 1 und 3 bilden das weiße Team, die Spieler 2 und 4 das schwarze. Jedes Team spielt eine Farbe eines gewöhnlichen Spiels, und jeder Partner befehligt einen Flügel davon: Spieler 1 die Linien a bis d, Spieler 3 die Linien e bis h (und bei Schwarz Spieler 2 e bis h, Spieler 4 a bis d). Partner sitzen einander gegenüber, daher ziehen <strong>Spieler 1, Spieler 2, Spieler 3, Spieler 4</strong> nacheinander, abwechselnd zwischen den Teams.
rules-chatrang-colours = Auf Heralds Brett haben die vier Armeen vier Farben: Elfenbein (Spieler 1) und Gold (Spieler 3) für das weiße Team, Ebenholz (Spieler 2) und Karmesin (Spieler 4) für das schwarze Team.
rules-chatrang-partners-heading = Partner
rules-chatrang-partners = Du ziehst nur deine eigenen Steine. Die Steine deines Partners blockieren dich wie deine eigenen, können von dir nicht geschlagen werden und bieten dir nie Schach. Du musst deinen eigenen Schah in Sicherheit halten; den deines Partners darfst du ungeschützt lassen, und ein Gegner darf ihn dann schlagen.
rules-chatrang-check-heading = Schach, Schachmatt und Ausscheiden
rules-chatrang-check = Ein Spieler, dessen Schah angegriffen ist, muss ihn aus dem Angriff bringen. Schachmatt wird erst zu Beginn des eigenen Zuges des Spielers im Schach festgestellt, sodass die dazwischen ziehenden Spieler, vor allem der Partner, noch zu Hilfe kommen können. Ein Spieler, der schachmatt gesetzt wird, dessen Schah geschlagen wird oder der aufgibt oder die Zeit überschreitet, scheidet aus: Sein Schah und alle seine Steine verlassen das Brett, und seine Züge werden übersprungen. Sein Partner spielt allein weiter.
rules-chatrang-passing-heading = Passen
rules-chatrang-passing-html = Ein Spieler, der keinen legalen Zug hat, aber nicht im Schach steht, passt; Herald zeigt das in der Zugliste als <em>pass</em> an. Passen alle verbliebenen Spieler nacheinander, endet die Partie remis.
rules-chatrang-promotion-heading = Keine Umwandlung
rules-chatrang-promotion = Ein Sarbaz, der die gegnerische Grundreihe erreicht, bleibt dort ein Sarbaz.
rules-chatrang-end-shahs = Ein Team, dessen beide Schahs verschwunden sind, verliert.
rules-chatrang-end-bared = Ein Team, das dem anderen alle Steine nimmt (sodass nur die Schahs bleiben), gewinnt; hat es aber selbst nur noch einen Stein und ist das entblößte Team als Nächstes am Zug, bekommt dieser Spieler eine Antwort: Schlägt er den letzten Stein, bleiben nur blanke Schahs, und das ist Remis.
rules-chatrang-end-bare-shahs = Nur noch Schahs auf dem Brett: Remis.
rules-chatrang-end-agreement = Ein Remis durch Vereinbarung braucht alle Spieler, die noch im Spiel sind.
rules-chatrang-reconstructed = Die einzige Quelle zu diesem Spiel ist ein kurzer Augenzeugenbericht, den H. J. R. Murray 1913 weitergab. Er nennt die Figuren und die drei Arten, auf die eine Partie endete, aber nicht jede Einzelheit, daher füllt Herald die Lücken: die genaue Aufstellung der Steine (wie in der Ludii-Umsetzung), die Zugreihenfolge, die Feststellung des Schachmatts im eigenen Zug des Opfers, das Passen, wenn ein Spieler nicht ziehen kann, und die eine Antwort, die ein entblößtes Team bekommt. Das sind unsere Lesarten, so gewählt, dass jedes im Bericht genannte Partieende erreichbar ist.

## Ancient chess (templates/rules/ancient.html, ancient_special.html)
rules-ancient-brief-html = Altes Schach ist das letzte Spiel einer Reihe von Andy Maxson, die sich rückwärts durch die Geschichte des Schachs bewegt, mit Figuren, die dem chinesischen Schach entlehnt sind. Es wird zu zweit auf einem Brett von 8 × 8 Feldern gespielt, das eine <em>Mittellinie</em> zwischen den Reihen 4 und 5 teilt (auf dem Brett dick gezeichnet). <strong>Weiß zieht zuerst</strong>. Es kennt überhaupt kein Remis: Man gewinnt durch Schachmatt, indem man den Gegner patt setzt oder indem man alle seine Steine außer dem General schlägt.
rules-ancient-general-heading = Der General
rules-ancient-general = Der General zieht ein Feld waagerecht oder senkrecht und darf die Mittellinie nie überschreiten. Einmal pro Partie darf er, wenn er noch nie gezogen hat und nicht im Schach steht, stattdessen einen Pferdezug auf ein leeres Feld seiner eigenen Hälfte machen. Die beiden Generäle dürfen einander nie auf einer Linie oder Diagonale gegenüberstehen, ohne dass etwas zwischen ihnen steht, und benachbarte Generäle gelten als einander gegenüberstehend.
rules-ancient-repetition-heading = Wiederholung ist verboten
rules-ancient-repetition = Kein Zug darf eine Stellung herbeiführen, die schon zweimal vorgekommen ist. Ein Spieler, dem auf diese Weise jeder Zug verboten ist, hat keinen legalen Zug und verliert.
rules-ancient-end-no-move = Ein Spieler ohne legalen Zug verliert, ob er im Schach steht (Schachmatt) oder nicht (Patt).
rules-ancient-end-bare = Ein Spieler, dem nur noch sein General bleibt, verliert sofort: Der Schlagzug, der ihn entblößt, gewinnt.
rules-ancient-end-no-draws = Es gibt kein Remis.
rules-ancient-options-heading = Wahlregeln
rules-ancient-options = Eine Partie kann mit jeder Kombination von drei Optionen erstellt werden:
rules-ancient-option-ferz-html = <strong>Fers vorwärts</strong>: Der Fers macht seinen geraden Schritt vorwärts statt rückwärts.
rules-ancient-option-jumping-html = <strong>Springen</strong>: Pferd und Elefant (und der Pferdezug des Generals) springen über Figuren.
rules-ancient-option-promotion-html = <strong>Umwandlung</strong>: Ein Bauer, der die letzte Reihe erreicht, muss umgewandelt werden, in einen Fers oder in einen Wagen, ein Pferd oder einen Elefanten, wenn von dieser Art weniger übrig sind als zu Beginn.
rules-ancient-reconstructed = Die ursprüngliche Seite nennt jeden Figurenzug und jede Regel, aber ihr Aufstellungsdiagramm ist verloren. Heralds Brett (8 × 8) und Ausgangsstellung (die Grundreihe des Schatrandsch mit dem Fers auf d1 und dem General auf e1, eine leere zweite Reihe und Bauern auf der dritten) sind unsere Rekonstruktion. Auch zwei Lesarten stammen von uns: die drei Wege des Elefanten bei einem geraden Zug über zwei Felder und dass Bauern so schlagen, wie sie ziehen.
