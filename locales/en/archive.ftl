# The archive of finished games.
archive-title = Archive of finished games
archive-heading = Finished games
archive-filter = Filter games
archive-game = Game
archive-all-games = All games
archive-player = Player
archive-result = Result
archive-any-result = Any result
archive-show = Show games
archive-more-than = More than { $count } games (narrow them with the filters)
archive-total = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
# Follows the count: ", page 2 of 5" is archive-page then archive-of-pages.
archive-page = , page { $page }
archive-of-pages = of { $pages }
archive-none = No finished games match.
archive-pages = Pages
archive-newer = ← Newer games
archive-older = Older games →
# The result filter: "First side won (White, Player 1 and Player 3 in Chatrang)".
archive-result-first = First side won ({ $who })
archive-result-second = Second side won ({ $who })
archive-result-drawn = Drawn
archive-team-in-games = { $team } in { $games }
archive-note-no-game = Herald has no game by that name, so no games match.
archive-note-no-player = No player has that name, so no games match.
