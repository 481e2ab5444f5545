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
