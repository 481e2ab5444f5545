# The Atom feed (in the account's language) and tournament notices' headlines (feed titles, e-mail subjects).
feed-title = Herald: { $user }'s games
feed-your-move-title = Your move in { $game } game { $id }
feed-your-move = { $count ->
    [one] It is your move, after { $count } move.
   *[other] It is your move, after { $count } moves.
}
feed-move-by = Move by { $deadline }.
feed-finished-title = Game { $id } finished: { $result }
feed-finished = The { $game } game ended: { $result }.
feed-chat-title = { $author } in game { $id }
feed-chat-team-title = { $author } to your team in game { $id }
feed-deleted-user = a deleted user
feed-notice-round = Your games of the round have started.
feed-notice-finished = The final table is on the tournament's page.
feed-notice-cancelled = Its unfinished games ended without a result.
notice-started = The tournament “{ $name }” has started
notice-round-started = Round { $round } of “{ $name }” has started
notice-finished = The tournament “{ $name }” is over
notice-cancelled = The tournament “{ $name }” was cancelled
# A tournament notice's text (e-mail body). $points: "1½ points"; $halves: the points in halves.
notice-body-all-rounds = All { $rounds } rounds of “{ $event }” start now, as in a correspondence league.
notice-body-round = Round { $round } of { $rounds } of “{ $event }” starts now.
notice-body-event-link = The event: { $link }
notice-body-place = { $place ->
    [one] { $place }st
    [two] { $place }nd
    [few] { $place }rd
   *[other] { $place }th
}
notice-body-your-place = You finished { notice-body-place } of { $count } with { $points }.
notice-body-winner = Winner: { $players }.
notice-body-over = “{ $event }” is over.
notice-body-final-table = The final table: { $link }
notice-body-cancelled = The organiser called off “{ $event }”; its unfinished games ended without a result.
notice-body-game = Round { $round }: { $first } v { $second } ({ $link })
notice-body-bye = Round { $round }: a bye, no game this round
notice-body-bye-worth = Round { $round }: a bye worth { $points }, no game this round
notice-body-points = { $halves ->
    [1] { $points } point
    [2] { $points } point
   *[other] { $points } points
}
