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
