# The help pages (templates/help_time.html, help_takebacks.html, help_engine.html,
# help_analysis.html, help_ratings.html) and the scoring sentences built in pages/help.rs.
# Keys ending in -html are printed unescaped: keep their markup as it is.

## How the clock works (/help/time)
help-time-title = Wie die Bedenkzeit funktioniert
help-time-lead = Auf Herald wird per Fernschach gespielt: Es gibt keine tickende Uhr, nur eine Frist für jeden Zug.
help-time-days-heading = Tage pro Zug
# $max and $default are numbers of days.
help-time-days = Jede Partie hat eine feste Zahl von Tagen pro Zug, die beim Erstellen gewählt wird: von 1 bis { $max }, { $default }, wenn der Ersteller nichts anderes wählt. Jeder Spieler hat für jeden Zug so viel Zeit.
help-time-turn-heading = Wann dein Zug beginnt und endet
help-time-start-term = Beginn
help-time-start = Dein Zug beginnt in dem Moment, in dem der vorige Zug gespeichert ist. Der erste Zug einer Partie beginnt, sobald der letzte Platz besetzt ist.
help-time-deadline-term = Frist
help-time-deadline-html = Die Frist ist der Beginn plus die Tage pro Zug, auf die Minute genau (24 Stunden pro Tag). Herald zeigt sie in deiner Zeitzone (einzustellen unter <a href="/settings#preferences">Einstellungen</a>) und als verbleibende Zeit an, etwa „noch 2 Tage 4 Stunden“.
help-time-no-saving-term = Kein Ansparen
help-time-no-saving = Bei Tagen pro Zug wird nicht genutzte Zeit nicht übertragen: Ein schneller Zug bringt dir später keine zusätzliche Zeit. Die beiden anderen Uhren führen ein Guthaben.
help-time-kinds-heading = Fischer-Tage und ICCF-Uhren
help-time-kinds = Der Ersteller einer Partie oder der Veranstalter eines Turniers kann statt Tagen pro Zug eine von zwei Uhren wählen, die ein Zeitguthaben führen. Die Partieseite zeigt das Guthaben jedes Spielers, und die API gibt die Zeit jedes Platzes als remaining_ms an.
help-time-fischer-term = Fischer-Tage
help-time-fischer = Jeder Spieler beginnt mit einem Guthaben an Tagen (1 bis { $max_bank }). Die Zeit, die du für einen Zug brauchst, wird auf die Millisekunde genau von deinem Guthaben abgezogen; nach jedem Zug kommt der Zeitzuschlag (0 bis { $max_increment } Stunden) hinzu, aber das Guthaben wächst nie über seine Obergrenze hinaus. Deine Frist ist der Beginn deines Zuges plus dein ganzes Guthaben. Eine bedingte Antwort, die im Augenblick gespielt wird, in dem ihr Zug beginnt, verbraucht keine Zeit und bringt trotzdem den Zeitzuschlag.
help-time-iccf-term = ICCF: Züge in Tagen
help-time-iccf = Wie in den Fernschachturnieren der ICCF (ihre Spielregeln, Artikel 2.4.2): Du hast D Tage für je M Züge, etwa 10 Züge in 50 Tagen, und nicht genutzte Zeit wird übertragen. Nach deinem M-ten Zug (und deinem 2M-ten und so weiter) kommen weitere D Tage zu deiner Restzeit hinzu.
help-time-iccf-whole-days-term = Ganze Tage
help-time-iccf-whole-days = Herald rechnet jedem Zug die ganzen 24-Stunden-Zeiträume an, die verstrichen sind, während du am Zug warst: Eine Antwort innerhalb von 24 Stunden kostet nichts, eine Antwort nach 3 Tagen und 5 Stunden kostet 3 Tage. Stunden nach dem letzten ganzen Tag werden nicht angerechnet, und Zeit im Urlaub zählt nicht.
help-time-iccf-double-term = Doppelte Zeit
help-time-iccf-double = Braucht ein einzelner Zug mehr als 20 ganze Tage, wird jeder Tag nach dem 20. doppelt angerechnet: 23 Tage kosten 26.
help-time-iccf-flag-term = Zeitüberschreitung
help-time-iccf-flag = Du überschreitest die Zeit, sobald die für deinen laufenden Zug angerechneten Tage die in deinem Guthaben verbleibenden Tage übersteigen würden; die Partieseite zeigt diesen Moment als deine Frist. Ein Zug danach, bevor jemand den Sieg beansprucht, lässt dir ein leeres Guthaben.
help-time-iccf-not-term = Was Herald nicht übernimmt
help-time-iccf-not = Die 40-Tage-Regel der ICCF für ausbleibende Antworten und ihre eigenen Urlaubsregeln: Das Urlaubskontingent von Herald und der unten beschriebene Anspruch gelten für jede Art von Uhr.
help-time-timeout-heading = Wenn ein Spieler die Zeit überschreitet
help-time-claim-html = Ist eine Frist abgelaufen, kann der Gegner, der auf den säumigen Spieler wartet, <strong>den Sieg beanspruchen</strong> (bei Chatrang jeder der beiden Spieler des anderen Teams). Solange niemand den Sieg beansprucht, darf der säumige Spieler noch ziehen, und dieser Zug beendet den Anspruch.
help-time-claim-ends = Ein Anspruch beendet die Partie: Der säumige Spieler verliert durch Zeitüberschreitung. Bei Chatrang scheidet der säumige Spieler aus, als hätte er aufgegeben, und die Partie geht weiter, solange sein Partner noch spielt. Hat der säumige Spieler in der Partie noch keinen einzigen Zug gemacht, wird die Partie stattdessen abgebrochen und hat kein Ergebnis.
help-time-automatic = Manche Partien werden so erstellt, dass sie bei Fristablauf automatisch enden, statt auf einen Anspruch zu warten. Und keine Partie wartet ewig: Eine Partie, in der der Sieg schon lange hätte beansprucht werden können (30 Tage, sofern der Server nichts anderes festlegt), wird von Herald beendet.
help-time-warning = Herald warnt einen Spieler einmal, wenn 80 % seiner Zugzeit verbraucht sind: 80 % der Zeit, die er zu Beginn des Zuges hatte (die Tage pro Zug, das Fischer-Guthaben oder die ICCF-Tage bis zur Zeitüberschreitung).
help-time-takeback-html = In einer ungewerteten Partie gibt eine angenommene <a href="/help/takebacks">Zugrücknahme</a> dem Spieler, dessen Zug zurückgenommen wurde, eine neue Frist ab dem Moment der Annahme: die vollen Tage pro Zug oder bei Fischer- und ICCF-Uhren das Guthaben, wie es gerade steht (bereits verbrauchte Zeit wird nicht zurückgegeben).
help-time-vacation-heading = Urlaub
help-time-vacation = Jedes Konto hat ein jährliches Kontingent an Urlaubstagen (30, sofern der Server nichts anderes festlegt). Solange dein Urlaub läuft, verschieben sich die Fristen deiner Züge um die verstrichene Zeit, und deine Gegner sehen, dass du im Urlaub bist. Er endet, wenn du ihn ausschaltest oder einen Zug machst.

## Takebacks (/help/takebacks)
help-takebacks-title = Zugrücknahmen
help-takebacks-lead = Verklickt? In einer ungewerteten Partie kannst du bitten, deinen Zug zurückzunehmen, und dein Gegner entscheidet.
help-takebacks-when-heading = Wann du darum bitten kannst
help-takebacks-when-casual-html = Nur in <strong>ungewerteten</strong> Partien, die nicht zu einem Turnier gehören. Gewertete Partien und Turnierpartien erlauben nie Zugrücknahmen.
help-takebacks-when-in-progress = Die Partie läuft, du spielst darin mit und bist noch dabei (bei Chatrang: nicht ausgeschieden).
help-takebacks-when-own-move-html = Der Zug ist <strong>dein eigener letzter Zug</strong> und noch immer der letzte Zug der Partie: Seitdem hat niemand gezogen. Bei Chatrang beantwortet der nächste Spieler am Zug deine Bitte.
help-takebacks-when-one-request = Immer nur eine Bitte: Solange eine Bitte auf Antwort wartet, kann niemand eine weitere stellen.
help-takebacks-answering-heading = Die Antwort
help-takebacks-answering = Der Spieler am Zug (dein Gegner oder bei Chatrang der nächste Spieler) sieht die Bitte auf der Partieseite und nimmt sie an oder lehnt sie ab. Ein Bot nimmt sofort an. Du kannst deine Bitte zurückziehen, bis sie beantwortet ist.
help-takebacks-lapses = Eine Bitte verfällt, sobald irgendein Zug gemacht wird (zieht dein Gegner, statt zu antworten, ist das ein Nein), und wenn die Partie endet.
help-takebacks-accepted-heading = Was eine angenommene Zugrücknahme bewirkt
help-takebacks-accepted-removed = Dein Zug wird entfernt: Brett, Zugliste, die Markierung des letzten Zuges und die Aufzeichnung der Partie (samt PGN) gehen einen Zug zurück, genau so, als wäre er nie gespielt worden. Alles, was die Regeln zählen (Schachgebote in Folge, Zonen, ein bereits genutztes Opfer, ausgeschiedene Spieler), wird aus den verbleibenden Zügen neu ermittelt.
help-takebacks-accepted-clock-html = <strong>Die Bedenkzeit:</strong> Du bist wieder am Zug, mit einer neuen Frist: den vollen Tagen pro Zug der Partie, gezählt ab dem Moment, in dem die Zugrücknahme angenommen wurde (als hätte dein Gegner gerade gezogen). Eine schon verschickte Warnung für deinen früheren Zug zählt nicht: Bei 80 % wirst du erneut gewarnt.
help-takebacks-accepted-draws = Offene Remisangebote verfallen: Sie galten einer Stellung, die es nicht mehr gibt. Biete erneut Remis an, wenn du es noch willst.
help-takebacks-accepted-conditional = Bedingte Züge, die nach deinem Zug gespeichert wurden (von welchem Spieler auch immer), werden mit einem Hinweis verworfen: Sie folgten auf eine Stellung, die es nicht mehr gibt. Notizen zur Stellung nach deinem Zug und gespeicherte Analysevarianten, die von ihr abzweigen, werden ebenfalls entfernt.
help-takebacks-accepted-log = Das Ereignisprotokoll der Partie bewahrt den ganzen Verlauf: den Zug, die Bitte und die Antwort.
help-takebacks-declined = Eine abgelehnte Bitte ändert nichts: Dein Zug bleibt stehen, und die Bedenkzeit läuft weiter wie zuvor.

## The engine and fair play (/help/engine)
help-engine-title = Die Engine und Fairplay
help-engine-lead = Herald hat eine eigene Engine für seine vier Spiele: Sie bewertet Stellungen auf dem Analysebrett, und dieselbe Engine spielt auf acht Stufen.
help-engine-eval-heading = Die Bewertung auf dem Analysebrett
# $budget is a number of milliseconds.
help-engine-eval-html = Schalte unter dem Analysebrett die <b>Engine</b> ein, und jede Stellung, zu der du gehst, wird bewertet: in Bauerneinheiten (ein hundertstel Bauer ist ein Centipawn; +1,00 ist etwa ein Bauer mehr) aus der Sicht der Seite am Zug, oder „gewinnt in N“, wenn sie einen erzwungenen Gewinn in N Zügen dieser Seite sieht, dazu ihr bester Zug und die Variante, die sie erwartet. Die Engine rechnet auf dem Server höchstens { $budget } Millisekunden pro Stellung, ihr Urteil ist also schnell, nicht tief: Nutze sie, um Taktik zu prüfen, nicht als letztes Wort.
help-engine-fair-play-heading = Fairplay in laufenden Partien
help-engine-allowed-html = Auf dieser Seite ist <b>Engine-Hilfe in laufenden Partien erlaubt</b>, wie im ICCF-Fernschach: Jeder Spieler darf die Engine zu den Stellungen seiner eigenen Partien befragen.
help-engine-not-allowed-html = Auf dieser Seite ist <b>Engine-Hilfe in laufenden Partien nicht erlaubt</b>, wie auf lichess: Der Server weigert sich, eine Stellung aus einer deiner eigenen laufenden Partien zu bewerten, ebenso eine Stellung einen Zug danach. Zuschauer dürfen jede Stellung bewerten lassen, und sobald eine Partie beendet ist, dürfen ihre Spieler sie wie alle anderen mit der Engine untersuchen. Das freie Analysebrett bewertet immer Stellungen, die nicht aus deinen laufenden Partien stammen.
help-engine-rule = Die Administratoren der Seite legen diese Regel fest (die ICCF erlaubt Engines im Fernschach, lichess nicht).
help-engine-bots-heading = Bots
help-engine-bots-html = Dieselbe Engine spielt die <a href="/bots">Bots</a> des Clubs: Konten mit einem BOT-Abzeichen, jedes auf einer der acht Stufen der Engine, von Stufe 1 (der erste Gegner eines Anfängers, kaum besser als Zufallszüge) bis Stufe 8. Jede Stufe erzielt in jedem Spiel zwischen 60 % und 85 % gegen die Stufe darunter. Ein Bot antwortet wenige Sekunden, nachdem er am Zug ist, beansprucht nie einen Sieg durch Zeitüberschreitung (er wartet auf dich) und kann die freien Plätze eines Chatrang-Tisches einnehmen, wo er für das Team seines Partners spielt. Ranglisten lassen Bots weg, außer du willst sie sehen (<a href="/leaderboard?bots=1">mit Bots</a>).

## Computer analysis (/help/analysis)
help-analysis-title = Computeranalyse
help-analysis-lead-html = Jedes angemeldete Mitglied kann die Computeranalyse einer beendeten Partie anfordern (jede Partie auf dieser Seite ist öffentlich): Der Knopf steht unter der Partie, oder <code>POST /api/v1/games/{"{"}id{"}"}/analysis</code>. Eine Partie wird einmal analysiert; eine erneute Anfrage zeigt dieselbe Analyse.
help-analysis-queue-heading = Die Warteschlange und das Tageslimit
# $cap is a number of analyses.
help-analysis-queue-html = Anfragen warten in einer Warteschlange: Jeder Server bearbeitet eine Partie nach der anderen, auf den eigenen Threads der Engine, sodass Züge genauso schnell beantwortet werden, während sie rechnet. Jedes Mitglied darf höchstens <strong>{ $cap }</strong> Analysen pro Tag (UTC) anfordern; die Administratoren legen das Limit auf <a href="/admin">der Verwaltungsseite</a> fest (0 schaltet Anfragen ab). Solange die Partie wartet oder analysiert wird, sagt die Seite das, und die API antwortet mit 202; danach mit 200.
help-analysis-computed-heading = Was berechnet wird
# $nodes is a number of positions searched.
help-analysis-computed-html = Die Engine durchsucht jede Stellung der Partie mit einer festen Zahl von Knoten ({ $nodes } auf diesem Server). Jeder Zug erhält die Bewertung nach ihm, in Bauerneinheiten (oder ein erzwungenes Ende, <code>#n</code>, in Zügen), immer aus der Sicht der Seite, die zuerst zieht (bei Chatrang: des Teams des ersten Platzes); dazu den besten Zug und die Hauptvariante der Engine in der Stellung davor; und eine Markierung.
help-analysis-marks-heading = Ungenauigkeiten, Fehler und Patzer
help-analysis-chances-html = Eine Bewertung wird in <em>Gewinnchancen</em> von −1 (verloren) bis +1 (gewonnen) umgerechnet, mit der Kurve, die lichess an die Ergebnisse seiner Spieler angepasst hat: Chancen = 2 / (1 + e<sup>−0.00368·cp</sup>) − 1, wobei Centipawns bei ±10 Bauern gedeckelt sind und ein erzwungener Gewinn oder Verlust als ±1 zählt. Ein Zug wird nach den Chancen beurteilt, die die Seite des Ziehenden dadurch hergegeben hat (bei Chatrang: sein Team):
help-analysis-inaccuracy = ein Verlust von 0,1 oder mehr: Ungenauigkeit (?!, NAG $6);
help-analysis-mistake = 0,2 oder mehr: Fehler (?, $2);
help-analysis-blunder = 0,3 oder mehr: Patzer (??, $4).
help-analysis-example = Zum Beispiel ist der Schritt von einer ausgeglichenen Stellung (0,00) nach −0,50 ein Verlust von 0,09: keine Markierung; nach −0,60 ein Verlust von 0,11: eine Ungenauigkeit; von +1,00 nach −1,00 ein Verlust von 0,36: ein Patzer. Chancen statt bloßer Centipawns, weil ein Bauer weniger in einer ausgeglichenen Partie zählt und kaum noch, wenn man schon neun Bauern vorn oder hinten liegt.
help-analysis-accuracy-heading = Genauigkeit
help-analysis-accuracy-html = Die Genauigkeit eines Zuges ist 103.1668 · e<sup>−0.04354·d</sup> − 3.1669, zwischen 0 und 100, wobei <em>d</em> der Rückgang der Gewinnprozente des Ziehenden (50 + 50 × Chancen) durch den Zug ist (0, wenn der Zug nichts verloren hat). Ein Zug, der die Chancen hält, erhält 100; wer 10 Punkte Gewinnprozent verliert, etwa 64. Die Genauigkeit eines Spielers ist der einfache Durchschnitt über seine Züge.
help-analysis-pgn-heading = PGN
help-analysis-pgn-html = Nach der Analyse enthält die PGN der Partie die Bewertung nach jedem Zug als <code>{"{"}[%eval 0.35]{"}"}</code> und die Markierungen als NAGs.
help-analysis-fair-play-heading = Engine-Hilfe während einer Partie
help-analysis-fair-play-allowed-html = Das Analysebrett einer freien Stellung (<a href="/analysis">/analysis</a>) darf die Engine immer befragen. In einer laufenden Partie ist die Bewertung der Engine für deren Spieler abgeschaltet, außer die Administratoren erlauben Engine-Hilfe in laufenden Partien (das ICCF-Fernschach erlaubt Engines, lichess nicht). Auf dieser Seite: <strong>erlaubt</strong>.
help-analysis-fair-play-not-allowed-html = Das Analysebrett einer freien Stellung (<a href="/analysis">/analysis</a>) darf die Engine immer befragen. In einer laufenden Partie ist die Bewertung der Engine für deren Spieler abgeschaltet, außer die Administratoren erlauben Engine-Hilfe in laufenden Partien (das ICCF-Fernschach erlaubt Engines, lichess nicht). Auf dieser Seite: <strong>nicht erlaubt</strong>.

## How ratings work (/help/ratings)
help-ratings-title = Wie Wertungen funktionieren
help-ratings-lead = Jeder Spieler hat eine Wertung pro Spiel (Altes Schach mit oder ohne seine Optionen zählt als ein Spiel), berechnet mit Glicko-2, dem System, das lichess und pychess verwenden.
help-ratings-rated-heading = Gewertete und ungewertete Partien
help-ratings-rated = Wer eine Partie erstellt, wählt: gewertet oder ungewertet. Eine Partie ist gewertet, sofern ihr Ersteller nichts anderes sagt, außer bei einem Konto, das jünger als ein Tag ist: Dessen Partien sind ungewertet, sofern es nicht ausdrücklich eine gewertete verlangt (so kann ein neues Konto weder versehentlich noch absichtlich Wertungspunkte sammeln). Nur eine gewertete Partie, die endete, nachdem jeder Spieler mindestens einmal gezogen hat, ändert Wertungen: Bei Chatrang heißt das alle vier Spieler, nicht einer pro Team, sodass eine Partie, die (etwa durch Aufgaben) endet, bevor jeder der vier einen Zug gemacht hat, nicht gewertet wird, gleich welches Team gewinnt. Ein Passen zählt als Zug, Aufgeben oder Zeitüberschreitung nicht. Abgebrochene Partien, abgelehnte Einladungen und von einem Administrator beendete Partien ändern Wertungen ebenfalls nie.
help-ratings-deviation-heading = Eine Wertung und ihre Abweichung
# $deviation is the deviation above which a rating is provisional, $days a number of days.
help-ratings-deviation-html = Zu einer Wertung gehört eine Abweichung: wie sicher sich Herald ihrer ist. Alle beginnen bei 1500 ± 350, und eine erste gewertete Partie wird genau davon ausgehend gewertet, wie lange die Partie auch dauerte. Die Abweichung schrumpft mit jeder gewerteten Partie und wächst Woche für Woche wieder, solange ein Spieler fort ist, damit sich die Wertung eines Rückkehrers rasch dorthin bewegt, wo er jetzt steht. Eine Wertung mit einer Abweichung über { $deviation } ist vorläufig: Sie wird mit einem Fragezeichen angezeigt (1523?) und erscheint nicht in der <a href="/leaderboard">Rangliste</a>, die Spieler aufführt, die in den letzten { $days } Tagen eine gewertete Partie gespielt haben. Die Rangliste beurteilt die Abweichung so, wie sie heute steht und wie sie sie anzeigt: Ein etablierter Spieler, dessen Abweichung während seiner Abwesenheit über { $deviation } gestiegen ist, ist wieder vorläufig und verlässt die Liste bis zu seiner nächsten gewerteten Partie.
help-ratings-result-heading = Was ein Ergebnis zählt
help-ratings-result-html = Es entscheidet die Punktwertung des jeweiligen Spiels: Ein Ergebnis zählt ½ + (deine Punkte − die Punkte deines Gegners) ÷ (2 × die Punkte eines Sieges).
help-ratings-chatrang-heading = Chatrang: zwei Teams zu zweit
# Printed unescaped (no markup inside).
help-ratings-chatrang-html = Die Wertung eines Teams ist der Mittelwert der Wertungen seiner beiden Partner. Jeder Spieler wird gewertet, als spielte er eine Zweierpartie gegen einen zusammengesetzten Gegner: die mittlere Wertung des anderen Teams, verschoben um den Abstand des Spielers zum Mittel seines eigenen Teams, mit einer Abweichung, die das quadratische Mittel der Abweichungen der beiden Gegner ist (die Wurzel aus dem Mittel ihrer Quadrate: 60 und 300 ergeben 216, mehr als ihr Mittelwert 180, sodass ein unsicherer Gegner stärker ins Gewicht fällt). Was eine Partie erwarten lässt, hängt also von den Wertungen der beiden Teams ab, nicht davon, wer wo saß, und die Wertung jedes Spielers bewegt sich nach seiner eigenen Abweichung: die eines neuen Partners stark, die eines etablierten wenig.
help-ratings-tiebreaks-heading = Turniertabellen und Feinwertungen
help-ratings-tiebreaks = Die Tabelle eines Turniers zählt die Punkte des jeweiligen Spiels (Nowan-Schach: 2 für einen Sieg, 1 für einen Sieg durch Patt). Gleichstände werden in der Reihenfolge aufgelöst, die das Turnier festlegt:
help-ratings-tiebreak-direct = Direkter Vergleich: die Punkte aus den Partien der punktgleichen Spieler untereinander, sofern jeder von ihnen gegen jeden anderen gespielt hat.
help-ratings-tiebreak-sonneborn = Sonneborn-Berger: für jede Partie die Endpunktzahl des Gegners mal den Anteil der Punkte dieser Partie, den du gewonnen hast (alle bei einem Sieg, die Hälfte bei einem Remis; im Nowan-Schach die Hälfte bei einem Sieg durch Patt).
help-ratings-tiebreak-buchholz = Buchholz: die Summe der Endpunktzahlen der Gegner; die mittlere Buchholz-Wertung lässt den besten und den schwächsten Gegner weg.
help-ratings-tiebreak-wins = Siege: gewonnene Partien.
help-ratings-tiebreak-unplayed = Eine Runde ohne Partie (ein Freilos, eine kampflose Partie, eine Runde nach dem Rückzug oder vor dem späten Einstieg) zählt, wie es die FIDE-Feinwertungsregeln sagen: als Partie gegen einen Gegner mit der eigenen Punktzahl (begrenzt wie in den Regeln von 2026), und bei Buchholz Cut-1 und mittlerer Buchholz fallen solche Runden zuerst weg. Buchholz Cut-1 lässt nur den niedrigsten Wert weg; Siege zählen kampflose Siege und Freilose im Wert eines Sieges mit, Siege am Brett nur gespielte Partien.
# Printed unescaped (no markup inside).
help-ratings-units-html = Die Turnierseite zeigt Punkte und Feinwertungen in Punkten. Die API gibt jede Feinwertung außer den Siegen in halben Punkten an, der Einheit ihrer Punkte: das Doppelte der Zahlen auf der Seite. Gemessen an den üblichen Definitionen, die mit den in jeder Partie erzielten Punkten multiplizieren, ist die Buchholz-Wertung der API immer verdoppelt und ihre Sonneborn-Berger-Wertung in Spielen mit der Punktwertung 1, ½, 0 verdoppelt, nicht aber im Nowan-Schach, wo ein Sieg ohnehin 2 wert ist.

## A game's scoring in words (the ratings help and each rules page), joined in this order and
## ended with help-scoring-end. $win, $loss, $draw and $stalemate are points ("2", "½");
## $winner, $loser, $share, $giver and $other what they count for in a rating ("1", "¾").
help-scoring-win = ein Sieg ergibt { $win }-{ $loss } und zählt { $winner } für den Sieger, { $loser } für den Verlierer
help-scoring-draw = ; ein Remis ergibt { $draw }-{ $draw }, { $share } für jeden
help-scoring-no-draws = ; Remis gibt es nicht
help-scoring-stalemate = ; ein Patt ergibt { $stalemate }-{ $loss } und zählt { $giver } für die Seite, die es gesetzt hat, { $other } für die andere, weniger als ein Sieg
help-scoring-end = .
