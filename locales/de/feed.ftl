# The Atom feed (in the account's language) and tournament notices' headlines (feed titles, e-mail subjects).
feed-title = Herald: Partien von { $user }
feed-your-move-title = Du bist am Zug: { $game }, Partie { $id }
feed-your-move = { $count ->
    [one] Du bist am Zug, nach { $count } Zug.
   *[other] Du bist am Zug, nach { $count } Zügen.
}
feed-move-by = Zug bis { $deadline }.
feed-finished-title = Partie { $id } beendet: { $result }
feed-finished = Die Partie { $game } ist beendet: { $result }.
feed-chat-title = { $author } in Partie { $id }
feed-chat-team-title = { $author } an dein Team in Partie { $id }
feed-deleted-user = ein gelöschtes Konto
feed-notice-round = Deine Partien der Runde haben begonnen.
feed-notice-finished = Die Abschlusstabelle steht auf der Seite des Turniers.
feed-notice-cancelled = Seine unbeendeten Partien endeten ohne Ergebnis.
notice-started = Das Turnier „{ $name }“ hat begonnen
notice-round-started = Runde { $round } von „{ $name }“ hat begonnen
notice-finished = Das Turnier „{ $name }“ ist beendet
notice-cancelled = Das Turnier „{ $name }“ wurde abgesagt
# A tournament notice's text (e-mail body). $points: "1½ points"; $halves: the points in halves.
notice-body-all-rounds = Alle { $rounds } Runden von „{ $event }“ beginnen jetzt, wie in einer Fernschach-Liga.
notice-body-round = Runde { $round } von { $rounds } in „{ $event }“ beginnt jetzt.
notice-body-event-link = Das Turnier: { $link }
notice-body-place = { $place }.
notice-body-your-place = Du belegst Platz { $place } von { $count } ({ $points }).
notice-body-winner = Sieger: { $players }.
notice-body-over = „{ $event }“ ist beendet.
notice-body-final-table = Die Abschlusstabelle: { $link }
notice-body-cancelled = Die Turnierleitung hat „{ $event }“ abgesagt; die nicht beendeten Partien endeten ohne Ergebnis.
notice-body-game = Runde { $round }: { $first } – { $second } ({ $link })
notice-body-bye = Runde { $round }: spielfrei, keine Partie in dieser Runde
notice-body-bye-worth = Runde { $round }: spielfrei mit { $points }, keine Partie in dieser Runde
notice-body-points = { $halves ->
    [2] { $points } Punkt
   *[other] { $points } Punkte
}
