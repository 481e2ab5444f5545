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
# A tournament notice's text (e-mail body). $points: "1½ points"; $halves: the points in halves.
notice-body-all-rounds = Les { $rounds } rondes de « { $event } » commencent maintenant, comme dans une ligue par correspondance.
notice-body-round = La ronde { $round } sur { $rounds } de « { $event } » commence maintenant.
notice-body-event-link = Le tournoi : { $link }
notice-body-place = { $place ->
    [one] { $place }er
   *[other] { $place }e
}
notice-body-your-place = Vous terminez { notice-body-place } sur { $count } avec { $points }.
notice-body-winner = Vainqueur : { $players }.
notice-body-over = « { $event } » est terminé.
notice-body-final-table = Le classement final : { $link }
notice-body-cancelled = L’organisation a annulé « { $event } » ; ses parties inachevées se sont terminées sans résultat.
notice-body-game = Ronde { $round } : { $first } contre { $second } ({ $link })
notice-body-bye = Ronde { $round } : exempt, pas de partie cette ronde
notice-body-bye-worth = Ronde { $round } : exempt, ce qui vaut { $points }, pas de partie cette ronde
notice-body-points = { $halves ->
    [1] { $points } point
    [2] { $points } point
    [3] { $points } point
   *[other] { $points } points
}
