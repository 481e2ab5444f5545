//! Lists of games: a user's current and ended games, open challenges, the finished-games
//! archive, a player's results, and the operator's list and counts. Each reads a range of
//! an index (their plans are tested in `tests/api/plans.rs`).

use std::sync::LazyLock;

use herald_rules::{Player, Team, Variant};
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::{GAME_COLUMNS, GameRow, seat, typed, typed_opt};
use crate::domain::game_states::{EndReason, GameResult, GameStatus, parse_variant};
use crate::storage::Db;
use crate::storage::decode::team_opt;

/// A user's waiting and active games (seated or invited), their move first, then by
/// deadline: ranges of `game_seats_user` and `game_seats_invited` (`$1` user, `$2` limit).
/// The seats' `finished_at` (kept by a trigger) alone says "current": no status filter,
/// so a game whose stored state is unknown is read and fails loudly instead of vanishing.
pub(in crate::storage) static USER_CURRENT: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {GAME_COLUMNS} FROM (\
         SELECT game_id, seat, user_id FROM game_seats WHERE user_id = $1 AND finished_at IS NULL \
         UNION ALL SELECT game_id, seat, user_id FROM game_seats \
         WHERE invited_user_id = $1 AND user_id IS NULL AND finished_at IS NULL) mine \
         CROSS JOIN games g WHERE g.id = mine.game_id \
         ORDER BY CASE WHEN g.status = 'active' AND g.turn = mine.seat AND mine.user_id = $1 THEN 0 ELSE 1 END, \
         COALESCE(g.move_by, 9223372036854775807), g.updated_at DESC, g.id LIMIT $2"
    )
});

/// The games where it is user `$1`'s move, most urgent deadline first (no deadline last),
/// at most `$2`: a range of `game_seats_user` (current seats only), each game read by key.
/// Every page's my-move count and the "next game" button read it.
pub(in crate::storage) const MY_MOVE: &str = "SELECT g.id, g.move_by FROM game_seats s CROSS JOIN games g \
     WHERE s.user_id = $1 AND s.finished_at IS NULL AND g.id = s.game_id AND g.status = 'active' AND g.turn = s.seat \
     ORDER BY COALESCE(g.move_by, 9223372036854775807), g.id LIMIT $2";

/// A user's `$2` most recently ended games (seated, or invited and never seated); with a
/// cursor, those listed after game `$4` (which ended at `$3`). The cursor's time bounds the
/// index range (`<=`), the id only breaks the tie.
fn user_ended_sql(after_cursor: bool) -> String {
    let cursor = if after_cursor {
        " AND finished_at <= $3 AND (finished_at < $3 OR game_id > $4)"
    } else {
        ""
    };
    format!(
        "SELECT {GAME_COLUMNS} FROM (\
         SELECT * FROM (SELECT game_id, finished_at FROM game_seats \
         WHERE user_id = $1 AND finished_at IS NOT NULL{cursor} ORDER BY finished_at DESC, game_id LIMIT $2) p \
         UNION ALL SELECT * FROM (SELECT game_id, finished_at FROM game_seats \
         WHERE invited_user_id = $1 AND user_id IS NULL AND finished_at IS NOT NULL{cursor} \
         ORDER BY finished_at DESC, game_id LIMIT $2) i) mine \
         CROSS JOIN games g WHERE g.id = mine.game_id \
         ORDER BY mine.finished_at DESC, mine.game_id LIMIT $2"
    )
}

/// The first page of a user's ended games (`$1` user, `$2` limit).
pub(in crate::storage) static USER_ENDED: LazyLock<String> = LazyLock::new(|| user_ended_sql(false));
/// A later page: the games that ended after the cursor `($3, $4)` in list order.
pub(in crate::storage) static USER_ENDED_AFTER: LazyLock<String> = LazyLock::new(|| user_ended_sql(true));

/// Open challenges, newest first: the partial index `games_challenges`. The first page
/// (`$1` limit), or with a cursor the challenges listed after game `$4` (created at `$3`).
/// A challenge with a rating range is listed only to its creator and to viewers (`$2`, NULL
/// for nobody) whose rating in its game, or the starting 1500, is inside the range. A
/// challenge where a banned player, or one suspended at the time `$3` (first page) or `$5`
/// (with a cursor), is seated is not listed: it cannot be joined.
fn challenges_sql(after_cursor: bool) -> String {
    let (cursor, now) = if after_cursor {
        (" AND g.created_at <= $3 AND (g.created_at < $3 OR g.id > $4)", "$5")
    } else {
        ("", "$3")
    };
    format!(
        "SELECT {GAME_COLUMNS} FROM games g WHERE g.status = 'waiting' AND g.open_seats > 0{cursor} \
         AND NOT EXISTS (SELECT 1 FROM game_seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id \
         AND (u.banned_at IS NOT NULL OR u.suspended_until > {now})) \
         AND (g.rating_min IS NULL AND g.rating_max IS NULL OR g.created_by = $2 \
         OR COALESCE((SELECT ROUND(r.rating) FROM ratings r WHERE r.user_id = $2 AND r.variant = g.variant), 1500) \
         BETWEEN COALESCE(g.rating_min, 0) AND COALESCE(g.rating_max, 4000)) \
         ORDER BY g.created_at DESC, g.id LIMIT $1"
    )
}

pub(in crate::storage) static CHALLENGES: LazyLock<String> = LazyLock::new(|| challenges_sql(false));
pub(in crate::storage) static CHALLENGES_AFTER: LazyLock<String> = LazyLock::new(|| challenges_sql(true));

/// Where a page of a list sorted newest first resumes: after the game `id`, whose sort time
/// (created or finished) is `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListCursor {
    pub at: i64,
    pub id: String,
}

/// Filters of the finished-games archive. Empty fields do not filter.
#[derive(Debug, Clone, Default)]
pub struct ArchiveFilter {
    pub variant: Option<String>,
    /// A player's username key (lower case).
    pub player: Option<String>,
    pub result: Option<GameResult>,
}

/// A finished game a user sat in, and their seat.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    pub game: GameRow,
    pub seat: Player,
}

/// The archive counts matching games up to this many (and says "more" beyond): an exact
/// count of a million finished games would cost more than the page itself.
pub const ARCHIVE_COUNT_CAP: i64 = 10_000;

/// The archive's two queries for a filter: the capped count and a page (its last two
/// parameters are the limit and the offset), and the values bound before those.
///
/// Every form is a range of one index read newest first (`games_finished*`, or with a
/// player that player's `game_seats_user` range), so a page costs the same with a million
/// games. With a player, the seats lead: `CROSS JOIN` keeps SQLite from reordering.
pub(in crate::storage) struct ArchiveSql {
    pub count: String,
    pub list: String,
    pub binds: Vec<String>,
}

impl ArchiveSql {
    pub(in crate::storage) fn new(filter: &ArchiveFilter) -> ArchiveSql {
        let mut clauses = vec!["g.status = 'finished'".to_owned()];
        let mut binds: Vec<String> = Vec::new();
        if let Some(variant) = &filter.variant {
            binds.push(variant.clone());
            clauses.push(format!("g.variant = ${}", binds.len()));
        }
        if let Some(result) = &filter.result {
            binds.push(result.as_str().to_owned());
            clauses.push(format!("g.result = ${}", binds.len()));
        }
        let (count_from, list_from, order) = if let Some(player) = &filter.player {
            // The player's seats say how each game ended: filter and count them alone,
            // and look up only the games of the page.
            clauses = vec![
                "s.game_status = 'finished'".to_owned(),
                "s.finished_at IS NOT NULL".to_owned(),
            ];
            let mut i = 0;
            for (column, filtered) in [
                ("s.game_variant", filter.variant.is_some()),
                ("s.game_result", filter.result.is_some()),
            ] {
                if filtered {
                    i += 1;
                    clauses.push(format!("{column} = ${i}"));
                }
            }
            binds.push(player.clone());
            clauses.push(format!(
                "s.user_id = (SELECT id FROM users WHERE username_key = ${})",
                binds.len()
            ));
            (
                "game_seats s",
                "game_seats s CROSS JOIN games g",
                "s.finished_at DESC, s.game_id",
            )
        } else {
            ("games g", "games g", "g.finished_at DESC, g.id")
        };
        let filter_sql = clauses.join(" AND ");
        let join = if filter.player.is_some() {
            " AND g.id = s.game_id"
        } else {
            ""
        };
        ArchiveSql {
            count: format!(
                "SELECT COUNT(*) FROM (SELECT 1 FROM {count_from} WHERE {filter_sql} LIMIT {}) counted",
                ARCHIVE_COUNT_CAP + 1
            ),
            // Without a player the page's ids come from the index alone (an offset skips
            // index entries, not rows), then only those games are read.
            list: if filter.player.is_some() {
                format!(
                    "SELECT {GAME_COLUMNS} FROM {list_from} WHERE {filter_sql}{join} ORDER BY {order} LIMIT ${} OFFSET ${}",
                    binds.len() + 1,
                    binds.len() + 2
                )
            } else {
                format!(
                    "SELECT {GAME_COLUMNS} FROM games g WHERE g.id IN (SELECT g.id FROM games g WHERE {filter_sql} \
                     ORDER BY {order} LIMIT ${} OFFSET ${}) ORDER BY {order}",
                    binds.len() + 1,
                    binds.len() + 2
                )
            },
            binds,
        }
    }
}

/// How many finished games a user played in one game from one seat with one outcome
/// (`winner_team` `None`: drawn).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultCount {
    pub variant: Variant,
    pub seat: Player,
    pub winner_team: Option<Team>,
    pub games: i64,
}

/// A user's finished games per game, seat and outcome: their tallies, kept by the trigger that
/// finishes a game (a handful of rows, however many games).
pub(in crate::storage) const RESULTS_OF: &str = "SELECT variant, seat, NULLIF(winner_team, -1) AS winner_team, \
     games FROM player_results WHERE user_id = $1 ORDER BY variant, seat, winner_team";

/// A user's `$2` most recently finished games, with their seat.
pub(in crate::storage) static FINISHED_OF: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {GAME_COLUMNS}, s.seat AS my_seat FROM game_seats s CROSS JOIN games g \
         WHERE s.user_id = $1 AND s.finished_at IS NOT NULL AND s.game_status = 'finished' AND g.id = s.game_id \
         ORDER BY s.finished_at DESC, s.game_id LIMIT $2"
    )
});

/// A game as `herald admin list-games` shows it.
#[derive(Debug, Clone)]
pub struct AdminGameRow {
    pub id: String,
    pub variant: Variant,
    pub status: GameStatus,
    pub ply: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub move_by: Option<i64>,
    pub reason: Option<EndReason>,
}

impl<'r> FromRow<'r, AnyRow> for AdminGameRow {
    fn from_row(row: &'r AnyRow) -> Result<AdminGameRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        let variant: String = row.try_get("variant")?;
        Ok(AdminGameRow {
            variant: parse_variant(&variant).map_err(|e| sqlx::Error::ColumnDecode {
                index: "variant".to_owned(),
                source: format!("games row {id}: {e}").into(),
            })?,
            status: typed(row, "games", &id, "status")?,
            ply: row.try_get("ply")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
            move_by: row.try_get("move_by")?,
            reason: typed_opt(row, "games", &id, "reason")?,
            id,
        })
    }
}

impl Db {
    /// Games a user plays in or is invited to: those where it is their move first, then by
    /// deadline, then most recently changed; then (unless `current`) finished and aborted
    /// games, most recently ended first. At most `limit` games.
    ///
    /// Each part is a range of the seat indexes (`game_seats.finished_at` is NULL exactly
    /// while the game is waiting or active), so the cost follows `limit` and the user's
    /// current games, not every game they ever played.
    pub async fn games_of_user(&self, user_id: i64, current: bool, limit: i64) -> Result<Vec<GameRow>, sqlx::Error> {
        let mut rows: Vec<GameRow> = sqlx::query_as(USER_CURRENT.as_str())
            .bind(user_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let left = limit - i64::try_from(rows.len()).unwrap_or(limit);
        if !current && left > 0 {
            let ended: Vec<GameRow> = sqlx::query_as(USER_ENDED.as_str())
                .bind(user_id)
                .bind(left)
                .fetch_all(&self.pool)
                .await?;
            rows.extend(ended);
        }
        Ok(rows)
    }

    /// The ids of the games where it is `user_id`'s move, most urgent deadline first (at
    /// most `limit`).
    pub async fn games_to_move(&self, user_id: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar::<_, String>(MY_MOVE)
            .bind(user_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    /// A user's `limit` most recently ended games (finished or aborted), newest first: the
    /// second range of [`Db::games_of_user`] alone; after `before`, the next page.
    pub async fn ended_games_of_user(
        &self,
        user_id: i64,
        limit: i64,
        before: Option<&ListCursor>,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        let sql = if before.is_some() {
            &USER_ENDED_AFTER
        } else {
            &USER_ENDED
        };
        let mut query = sqlx::query_as(sql.as_str()).bind(user_id).bind(limit);
        if let Some(cursor) = before {
            query = query.bind(cursor.at).bind(cursor.id.as_str());
        }
        query.fetch_all(&self.pool).await
    }

    /// Open challenges `viewer` may take (anyone's, without a viewer, unless a rating range
    /// excludes a new player): waiting games with a seat anyone may take, newest first;
    /// after `before`, the next page.
    pub async fn challenges(
        &self,
        viewer: Option<i64>,
        limit: i64,
        before: Option<&ListCursor>,
        now: i64,
    ) -> Result<Vec<GameRow>, sqlx::Error> {
        let sql = if before.is_some() {
            &CHALLENGES_AFTER
        } else {
            &CHALLENGES
        };
        let mut query = sqlx::query_as(sql.as_str()).bind(limit).bind(viewer);
        if let Some(cursor) = before {
            query = query.bind(cursor.at).bind(cursor.id.as_str());
        }
        query.bind(now).fetch_all(&self.pool).await
    }

    /// Finished games, newest first, `limit` from `offset`, and the number matching, counted
    /// up to [`ARCHIVE_COUNT_CAP`] + 1 (so a count above the cap means "more than that").
    /// `offset` is bounded by the caller (pages beyond the counted ones are not served).
    pub async fn archive(
        &self,
        filter: &ArchiveFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<GameRow>, i64), sqlx::Error> {
        let sql = ArchiveSql::new(filter);
        let mut count = sqlx::query(&sql.count);
        for b in &sql.binds {
            count = count.bind(b);
        }
        let total: i64 = count.fetch_one(&self.pool).await?.try_get(0)?;
        let mut list = sqlx::query_as::<_, GameRow>(&sql.list);
        for b in &sql.binds {
            list = list.bind(b);
        }
        let rows = list.bind(limit).bind(offset).fetch_all(&self.pool).await?;
        Ok((rows, total))
    }

    /// A user's results: finished games counted per game, seat, result and winning team.
    pub async fn results_of(&self, user_id: i64) -> Result<Vec<ResultCount>, sqlx::Error> {
        let rows = sqlx::query(RESULTS_OF).bind(user_id).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let variant: String = row.try_get("variant")?;
                Ok(ResultCount {
                    variant: parse_variant(&variant).map_err(|e| sqlx::Error::ColumnDecode {
                        index: "game_variant".to_owned(),
                        source: format!("game_seats rows of user {user_id}: {e}").into(),
                    })?,
                    seat: seat(row, "seat")?,
                    winner_team: team_opt(row, "winner_team")?,
                    games: row.try_get("games")?,
                })
            })
            .collect()
    }

    /// The `limit` most recently finished games a user played, with their seat.
    pub async fn finished_games_of(&self, user_id: i64, limit: i64) -> Result<Vec<PlayedGame>, sqlx::Error> {
        let rows = sqlx::query(FINISHED_OF.as_str())
            .bind(user_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(PlayedGame {
                    game: GameRow::from_row(row)?,
                    seat: seat(row, "my_seat")?,
                })
            })
            .collect()
    }

    /// Games, most recently changed first; `status` filters (`waiting`, `active`, …).
    pub async fn admin_games(&self, status: Option<GameStatus>, limit: i64) -> Result<Vec<AdminGameRow>, sqlx::Error> {
        const COLUMNS: &str = "SELECT id, variant, status, ply, created_at, updated_at, move_by, reason FROM games";
        match status {
            Some(status) => {
                sqlx::query_as(&format!(
                    "{COLUMNS} WHERE status = $1 ORDER BY updated_at DESC, id LIMIT $2"
                ))
                .bind(status.as_str())
                .bind(limit)
                .fetch_all(&self.pool)
                .await
            }
            None => {
                sqlx::query_as(&format!("{COLUMNS} ORDER BY updated_at DESC, id LIMIT $1"))
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
            }
        }
    }

    /// (waiting, active) game counts over the whole database.
    pub async fn open_game_counts(&self) -> Result<(i64, i64), sqlx::Error> {
        let rows =
            sqlx::query("SELECT status, COUNT(*) FROM games WHERE status IN ('waiting', 'active') GROUP BY status")
                .fetch_all(&self.pool)
                .await?;
        let (mut waiting, mut active) = (0, 0);
        for row in rows {
            let status: String = row.try_get(0)?;
            let count: i64 = row.try_get(1)?;
            match status.as_str() {
                "waiting" => waiting = count,
                _ => active = count,
            }
        }
        Ok((waiting, active))
    }
}
