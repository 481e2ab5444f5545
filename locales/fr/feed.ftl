# The Atom feed (in the account's language) and tournament notices' headlines (feed titles, e-mail subjects).
feed-title = Herald : parties de { $user }
feed-your-move-title = À vous de jouer : { $game }, partie { $id }
feed-your-move = { $count ->
    [one] À vous de jouer, après { $count } coup.
   *[other] À vous de jouer, après { $count } coups.
}
feed-move-by = À jouer avant le { $deadline }.
feed-finished-title = Partie { $id } terminée : { $result }
feed-finished = La partie de { $game } est terminée : { $result }.
feed-chat-title = { $author } dans la partie { $id }
feed-chat-team-title = { $author } à votre équipe dans la partie { $id }
feed-deleted-user = un compte supprimé
feed-notice-round = Vos parties de la ronde ont commencé.
feed-notice-finished = Le classement final est sur la page du tournoi.
feed-notice-cancelled = Ses parties inachevées se sont terminées sans résultat.
notice-started = Le tournoi « { $name } » a commencé
notice-round-started = La ronde { $round } de « { $name } » a commencé
notice-finished = Le tournoi « { $name } » est terminé
notice-cancelled = Le tournoi « { $name } » a été annulé
