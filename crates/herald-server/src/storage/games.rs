//! Games, seats and moves.

use std::sync::LazyLock;

use herald_rules::Variant;
use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};

use super::{Appended, Backend, Db, insert_event, is_unique_violation};
use crate::events::NewEvent;
pub use crate::hub::Committed;
use crate::states::{EndReason, GameStatus, OptionIds, TimeoutPolicy, UnknownState, parse_variant};

/// A game as stored.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: String,
    pub variant: Variant,
    pub options: OptionIds,
    pub status: GameStatus,
    pub created_by: i64,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub updated_at: i64,
    pub days_per_move: i64,
    pub ply: i64,
    pub version: i64,
    pub turn: i64,
    pub fen: String,
    pub move_by: Option<i64>,
    pub winner_team: Option<i64>,
    pub result: Option<String>,
    pub reason: Option<EndReason>,
    pub draw_offers: i64,
    pub open_seats: i64,
    pub timeout_policy: TimeoutPolicy,
    /// When the sweeper next looks at this game (warning, deadline, claimable cap).
    pub sweep_at: Option<i64>,
    /// The deadline that passed, once the sweeper marked the game claimable.
    pub claimable_since: Option<i64>,
    /// The ply whose turn already got its 80 % warning.
    pub warned_ply: Option<i64>,
    /// Time left in a turn paused by the mover's vacation (then `move_by` is NULL).
    pub paused_ms: Option<i64>,
}

/// Reads a typed column of the row whose id is `id`: an unknown value is a decode error
/// naming the table, the row and the value (logged by the caller), never a default.
pub(crate) fn typed<T>(row: &AnyRow, table: &str, id: &str, column: &str) -> Result<T, sqlx::Error>
where
    T: TryFrom<String, Error = UnknownState>,
{
    let text: String = row.try_get(column)?;
    T::try_from(text).map_err(|e| unknown(table, id, column, &e))
}

/// [`typed`] for a nullable column.
pub(crate) fn typed_opt<T>(row: &AnyRow, table: &str, id: &str, column: &str) -> Result<Option<T>, sqlx::Error>
where
    T: TryFrom<String, Error = UnknownState>,
{
    let text: Option<String> = row.try_get(column)?;
    text.map(T::try_from)
        .transpose()
        .map_err(|e| unknown(table, id, column, &e))
}

fn unknown(table: &str, id: &str, column: &str, error: &UnknownState) -> sqlx::Error {
    sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("{table} row {id}: {error}").into(),
    }
}

/// The variant and options of the game row `id`.
pub(crate) fn variant_and_options(row: &AnyRow, id: &str) -> Result<(Variant, OptionIds), sqlx::Error> {
    let text: String = row.try_get("variant")?;
    let variant = parse_variant(&text).map_err(|e| unknown("games", id, "variant", &e))?;
    let options: String = row.try_get("options")?;
    let options = OptionIds::parse_stored(variant, &options).map_err(|e| unknown("games", id, "options", &e))?;
    Ok((variant, options))
}

impl<'r> FromRow<'r, AnyRow> for GameRow {
    fn from_row(row: &'r AnyRow) -> Result<GameRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        let (variant, options) = variant_and_options(row, &id)?;
        Ok(GameRow {
            variant,
            options,
            status: typed(row, "games", &id, "status")?,
            created_by: row.try_get("created_by")?,
            created_at: row.try_get("created_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            updated_at: row.try_get("updated_at")?,
            days_per_move: row.try_get("days_per_move")?,
            ply: row.try_get("ply")?,
            version: row.try_get("version")?,
            turn: row.try_get("turn")?,
            fen: row.try_get("fen")?,
            move_by: row.try_get("move_by")?,
            winner_team: row.try_get("winner_team")?,
            result: row.try_get("result")?,
            reason: typed_opt(row, "games", &id, "reason")?,
            draw_offers: row.try_get("draw_offers")?,
            open_seats: row.try_get("open_seats")?,
            timeout_policy: typed(row, "games", &id, "timeout_policy")?,
            sweep_at: row.try_get("sweep_at")?,
            claimable_since: row.try_get("claimable_since")?,
            warned_ply: row.try_get("warned_ply")?,
            paused_ms: row.try_get("paused_ms")?,
            id,
        })
    }
}

pub(crate) const GAME_COLUMNS: &str = "g.id, g.variant, g.options, g.status, g.created_by, g.created_at, g.started_at, \
     g.finished_at, g.updated_at, g.days_per_move, g.ply, g.version, g.turn, g.fen, g.move_by, \
     g.winner_team, g.result, g.reason, g.draw_offers, g.open_seats, g.timeout_policy, g.sweep_at, \
     g.claimable_since, g.warned_ply, g.paused_ms";

/// A game with one row per seat (the seat's player and invitee: usernames, vacation),
/// optionally joined with who asks (`caller`: a one-row subquery on `$2`, `$3`). Built
/// once: the move path runs it on every move.
fn game_with_seats_sql(caller: Option<&str>) -> String {
    let (columns, join) = caller.map_or((String::new(), String::new()), |who| {
        (
            ", c.id AS caller_id, c.username AS caller_name".to_owned(),
            format!(" LEFT JOIN {who} c ON 1 = 1"),
        )
    });
    format!(
        "SELECT {GAME_COLUMNS}, s.game_id, s.seat, s.user_id, u.username, s.invited_user_id, \
         i.username AS invited_username, u.vacation_since, u.vacation_until{columns} \
         FROM games g{join} JOIN game_seats s ON s.game_id = g.id \
         LEFT JOIN users u ON u.id = s.user_id LEFT JOIN users i ON i.id = s.invited_user_id \
         WHERE g.id = $1 ORDER BY s.seat"
    )
}

static GAME_WITH_SEATS: LazyLock<String> = LazyLock::new(|| game_with_seats_sql(None));
static GAME_WITH_SEATS_BY_TOKEN: LazyLock<String> = LazyLock::new(|| {
    game_with_seats_sql(Some(
        "(SELECT cu.id, cu.username FROM api_tokens t JOIN users cu ON cu.id = t.user_id \
         WHERE t.token_hash = $2)",
    ))
});
static GAME_WITH_SEATS_BY_SESSION: LazyLock<String> = LazyLock::new(|| {
    game_with_seats_sql(Some(
        "(SELECT cu.id, cu.username FROM sessions x JOIN users cu ON cu.id = x.user_id \
         WHERE x.id_hash = $2 AND x.expires_at > $3)",
    ))
});

/// Who asks, for [`Db::game_with_seats_as`].
#[derive(Debug, Clone, Copy)]
pub enum Caller<'a> {
    /// The SHA-256 of an API token.
    Token(&'a str),
    /// The SHA-256 of a session cookie, valid at `now`.
    Session { hash: &'a str, now: i64 },
}

/// A game, its seats, and who asked (user id and name) when the query looked that up.
pub type GameSeatsCaller = (GameRow, Vec<SeatRow>, Option<(i64, String)>);

fn game_and_seats(rows: &[sqlx::any::AnyRow]) -> Result<Option<GameSeatsCaller>, sqlx::Error> {
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let game = GameRow::from_row(first)?;
    let seats = rows.iter().map(SeatRow::from_row).collect::<Result<Vec<_>, _>>()?;
    let caller = match first.try_get::<Option<i64>, _>("caller_id") {
        Ok(Some(id)) => Some((id, first.try_get::<String, _>("caller_name")?)),
        _ => None,
    };
    Ok(Some((game, seats, caller)))
}

/// A seat with its player and invitee.
#[derive(Debug, Clone, FromRow)]
pub struct SeatRow {
    pub game_id: String,
    pub seat: i64,
    pub user_id: Option<i64>,
    pub username: Option<String>,
    pub invited_user_id: Option<i64>,
    pub invited_username: Option<String>,
    /// The player's vacation, if on: since when, and when it ends by itself.
    pub vacation_since: Option<i64>,
    pub vacation_until: Option<i64>,
}

pub(crate) const SEAT_QUERY: &str = "SELECT s.game_id, s.seat, s.user_id, u.username, s.invited_user_id, \
     i.username AS invited_username, u.vacation_since, u.vacation_until FROM game_seats s \
     LEFT JOIN users u ON u.id = s.user_id LEFT JOIN users i ON i.id = s.invited_user_id";

/// A user's waiting and active games (seated or invited), their move first, then by
/// deadline: ranges of `game_seats_user` and `game_seats_invited` (`$1` user, `$2` limit).
/// The seats' `finished_at` (kept by a trigger) alone says "current": no status filter,
/// so a game whose stored state is unknown is read and fails loudly instead of vanishing.
pub(super) static USER_CURRENT: LazyLock<String> = LazyLock::new(|| {
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

/// A user's `$2` most recently ended games (seated, or invited and never seated).
pub(super) static USER_ENDED: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {GAME_COLUMNS} FROM (\
         SELECT * FROM (SELECT game_id, finished_at FROM game_seats \
         WHERE user_id = $1 AND finished_at IS NOT NULL ORDER BY finished_at DESC, game_id LIMIT $2) p \
         UNION ALL SELECT * FROM (SELECT game_id, finished_at FROM game_seats \
         WHERE invited_user_id = $1 AND user_id IS NULL AND finished_at IS NOT NULL \
         ORDER BY finished_at DESC, game_id LIMIT $2) i) mine \
         CROSS JOIN games g WHERE g.id = mine.game_id \
         ORDER BY mine.finished_at DESC, mine.game_id LIMIT $2"
    )
});

/// Open challenges, newest first (`$1` limit): the partial index `games_challenges`.
pub(super) static CHALLENGES: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {GAME_COLUMNS} FROM games g WHERE g.status = 'waiting' AND g.open_seats > 0 \
         ORDER BY g.created_at DESC, g.id LIMIT $1"
    )
});

/// A new game with its seats.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub id: String,
    pub variant: Variant,
    pub options: OptionIds,
    pub created_by: i64,
    pub now: i64,
    pub days_per_move: i64,
    pub timeout_policy: TimeoutPolicy,
    pub fen: String,
    /// One entry per seat: (player, invitee).
    pub seats: Vec<(Option<i64>, Option<i64>)>,
}

/// How a game ends (or is aborted).
#[derive(Debug, Clone)]
pub struct Finish {
    /// `Finished` or `Aborted`.
    pub status: GameStatus,
    pub winner_team: Option<i64>,
    pub result: Option<String>,
    pub reason: Option<EndReason>,
}

impl Finish {
    /// The event announcing this end.
    #[must_use]
    pub fn event(&self) -> NewEvent {
        NewEvent::ended(self.status, self.winner_team, self.result.as_deref(), self.reason)
    }
}

/// A move to commit, with the game state after it.
#[derive(Debug, Clone)]
pub struct MoveCommit {
    pub game_id: String,
    /// The ply the move is played at (= the number of moves before it).
    pub ply: i64,
    pub seat: i64,
    pub text: String,
    pub now: i64,
    pub next_turn: i64,
    pub fen: String,
    pub move_by: Option<i64>,
    /// When the sweeper next looks at the game: the next turn's 80 % warning.
    pub sweep_at: Option<i64>,
    pub draw_offers: i64,
    pub finish: Option<Finish>,
    /// What the move changed, in order: the move, then perhaps the end of the game (at most
    /// two events).
    pub events: Vec<NewEvent>,
}

/// Binds `$1`-`$13` of a move's guarded update: the state after the move, the guard, and
/// the next sweep (computed by the clock rules, `games::clock`, not in SQL).
fn bind_move_update<'q>(
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    commit: &'q MoveCommit,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    let finish = commit.finish.as_ref();
    query
        .bind(commit.next_turn)
        .bind(&commit.fen)
        .bind(commit.move_by)
        .bind(commit.now)
        .bind(commit.draw_offers)
        .bind(finish.map_or(GameStatus::Active, |f| f.status).as_str())
        .bind(finish.and_then(|f| f.winner_team))
        .bind(finish.and_then(|f| f.result.as_deref()))
        .bind(finish.and_then(|f| f.reason).map(EndReason::as_str))
        .bind(finish.map(|_| commit.now))
        .bind(&commit.game_id)
        .bind(commit.ply)
        .bind(commit.sweep_at)
}

/// Filters of the finished-games archive. Empty fields do not filter.
#[derive(Debug, Clone, Default)]
pub struct ArchiveFilter {
    pub variant: Option<String>,
    /// A player's username key (lower case).
    pub player: Option<String>,
    /// A stored result text: `1-0`, `0-1` or `1/2-1/2`.
    pub result: Option<String>,
}

/// A finished game a user sat in, and their seat.
#[derive(Debug, Clone)]
pub struct PlayedGame {
    pub game: GameRow,
    pub seat: i64,
}

/// A value that does not fit its column (a count past `i64`): refused, not stored as 0.
fn encode(error: std::num::TryFromIntError) -> sqlx::Error {
    sqlx::Error::Encode(Box::new(error))
}

/// What a join did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Joined {
    pub seat: i64,
    pub started: bool,
}

impl Db {
    /// Inserts a game and its seats in one transaction.
    pub async fn create_game(&self, game: &NewGame) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let open_seats =
            i64::try_from(game.seats.iter().filter(|(u, i)| u.is_none() && i.is_none()).count()).map_err(encode)?;
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, variant, options, status, created_by, created_at, updated_at, days_per_move, \
             fen, open_seats, timeout_policy) VALUES ($1, $2, $3, 'waiting', $4, $5, $5, $6, $7, $8, $9)",
        )
        .bind(&game.id)
        .bind(game.variant.id())
        .bind(game.options.stored())
        .bind(game.created_by)
        .bind(game.now)
        .bind(game.days_per_move)
        .bind(&game.fen)
        .bind(open_seats)
        .bind(game.timeout_policy.as_str())
        .execute(&mut *tx)
        .await?;
        for (seat, (user, invited)) in game.seats.iter().enumerate() {
            sqlx::query("INSERT INTO game_seats (game_id, seat, user_id, invited_user_id) VALUES ($1, $2, $3, $4)")
                .bind(&game.id)
                .bind(i64::try_from(seat).map_err(encode)?)
                .bind(*user)
                .bind(*invited)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A game and its seats in one round trip (the move path reads both on every move).
    pub async fn game_with_seats(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, sqlx::Error> {
        let rows = sqlx::query(GAME_WITH_SEATS.as_str())
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok(game_and_seats(&rows)?.map(|(game, seats, _)| (game, seats)))
    }

    /// The game and its seats, and in the same query who `caller` is (none when the
    /// token or session names nobody).
    pub async fn game_with_seats_as(
        &self,
        id: &str,
        caller: Caller<'_>,
    ) -> Result<Option<GameSeatsCaller>, sqlx::Error> {
        let query = match caller {
            Caller::Token(hash) => sqlx::query(GAME_WITH_SEATS_BY_TOKEN.as_str()).bind(id).bind(hash),
            Caller::Session { hash, now } => sqlx::query(GAME_WITH_SEATS_BY_SESSION.as_str())
                .bind(id)
                .bind(hash)
                .bind(now),
        };
        let rows = query.fetch_all(&self.pool).await?;
        game_and_seats(&rows)
    }

    pub async fn seats(&self, game_id: &str) -> Result<Vec<SeatRow>, sqlx::Error> {
        sqlx::query_as(&format!("{SEAT_QUERY} WHERE s.game_id = $1 ORDER BY s.seat"))
            .bind(game_id)
            .fetch_all(&self.pool)
            .await
    }

    /// Seats of several games, ordered by game and seat.
    pub async fn seats_of(&self, game_ids: &[String]) -> Result<Vec<SeatRow>, sqlx::Error> {
        if game_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "{SEAT_QUERY} WHERE s.game_id IN ({}) ORDER BY s.game_id, s.seat",
            super::placeholders(game_ids.len())
        );
        let mut query = sqlx::query_as(&sql);
        for id in game_ids {
            query = query.bind(id);
        }
        query.fetch_all(&self.pool).await
    }

    /// The move list, in order.
    pub async fn moves(&self, game_id: &str) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query("SELECT text FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get::<String, _>(0)).collect()
    }

    /// The move times, in order (epoch ms).
    pub async fn move_times(&self, game_id: &str) -> Result<Vec<(String, i64, i64)>, sqlx::Error> {
        let rows = sqlx::query("SELECT text, seat, played_at FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
    }

    /// Commits a move and the new game state atomically, then wakes the hub (and, on
    /// PostgreSQL, has it announce the events to the other instances).
    ///
    /// Returns `None` (nothing written) when the game is no longer at `commit.ply` or no
    /// longer active: the optimistic check in the `UPDATE` and the `(game_id, ply)` primary
    /// key of `moves` each make a second move for the same ply impossible.
    pub async fn commit_move(&self, commit: &MoveCommit) -> Result<Option<Committed>, sqlx::Error> {
        let committed = if self.backend == Backend::Postgres && commit.events.len() <= 2 {
            self.commit_move_combined(commit).await?
        } else {
            self.commit_move_in_transaction(commit).await?
        };
        if let Some(committed) = committed {
            self.hub.move_committed(&commit.game_id, committed);
        }
        Ok(committed)
    }

    /// PostgreSQL: one statement is one transaction, and one round trip: the move and its
    /// events are inserted only if the guarded update matched. It queues its events for
    /// fan-out itself (deciding once, not per event) and tells the events trigger to leave
    /// them alone, NOTIFY included: a NOTIFY holds a database-wide lock from commit until the
    /// commit is on disk, which would put every move in single file; the instance announces
    /// the events itself, batched (`live::source`).
    async fn commit_move_combined(&self, commit: &MoveCommit) -> Result<Option<Committed>, sqlx::Error> {
        const COMBINED: &str = "WITH moved AS (UPDATE games SET ply = ply + 1, version = version + 1, \
            turn = $1, fen = $2, move_by = $3, updated_at = $4, draw_offers = $5, status = $6, winner_team = $7, \
            result = $8, reason = $9, finished_at = $10, claimable_since = NULL, paused_ms = NULL, sweep_at = $13, \
            event_seq = event_seq + $16 \
            WHERE id = $11 AND ply = $12 AND status = 'active' \
            AND set_config('herald.notify_deferred', '1', true) = '1' RETURNING id, event_seq), \
            inserted AS (INSERT INTO moves (game_id, ply, seat, text, played_at) \
            SELECT id, $12, $14, $15, $4 FROM moved), \
            events AS (INSERT INTO game_events (game_id, seq, kind, data, created_at) \
            SELECT moved.id, moved.event_seq - $16 + e.n, e.kind, e.data, $4 FROM moved, \
            (VALUES (1, $17, $18), (2, $19, $20)) AS e (n, kind, data) WHERE e.n <= $16 \
            RETURNING id, seq), \
            notified AS (SELECT herald_game_notified($11) AS queued), \
            outbox AS (INSERT INTO event_outbox (event_id) \
            SELECT events.id FROM events, notified WHERE notified.queued) \
            SELECT events.seq, CASE WHEN notified.queued THEN 1 ELSE 0 END AS queued FROM events, notified";
        let event = |i: usize| {
            commit.events.get(i).map_or((String::new(), String::new()), |e| {
                (e.kind.as_str().to_owned(), e.data.to_string())
            })
        };
        let (kind1, data1) = event(0);
        let (kind2, data2) = event(1);
        let count = i64::try_from(commit.events.len()).map_err(encode)?;
        let result = bind_move_update(sqlx::query(COMBINED), commit)
            .bind(commit.seat)
            .bind(&commit.text)
            .bind(count)
            .bind(kind1)
            .bind(data1)
            .bind(kind2)
            .bind(data2)
            .fetch_all(&self.pool)
            .await;
        match result {
            // The update matched iff its events (at least the move's) were inserted.
            Ok(rows) if !commit.events.is_empty() && rows.len() == commit.events.len() => {
                let (mut last_seq, mut queued) = (0, false);
                for row in &rows {
                    last_seq = last_seq.max(row.try_get::<i64, _>("seq")?);
                    queued |= row.try_get::<i32, _>("queued")? != 0;
                }
                Ok(Some(Committed {
                    last_seq,
                    announce: true,
                    queued,
                }))
            }
            Ok(_) => Ok(None),
            Err(e) if is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// SQLite (and PostgreSQL with more than two events): the guarded update, the move
    /// and its events in one transaction.
    async fn commit_move_in_transaction(&self, commit: &MoveCommit) -> Result<Option<Committed>, sqlx::Error> {
        const UPDATE: &str = "UPDATE games SET ply = ply + 1, version = version + 1, turn = $1, fen = $2, \
            move_by = $3, updated_at = $4, draw_offers = $5, status = $6, winner_team = $7, result = $8, \
            reason = $9, finished_at = $10, claimable_since = NULL, paused_ms = NULL, sweep_at = $13 \
            WHERE id = $11 AND ply = $12 AND status = 'active'";
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let updated = bind_move_update(sqlx::query(UPDATE), commit).execute(&mut *tx).await?;
        if updated.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let inserted =
            sqlx::query("INSERT INTO moves (game_id, ply, seat, text, played_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&commit.game_id)
                .bind(commit.ply)
                .bind(commit.seat)
                .bind(&commit.text)
                .bind(commit.now)
                .execute(&mut *tx)
                .await;
        match inserted {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => {
                tx.rollback().await?;
                return Ok(None);
            }
            Err(e) => return Err(e),
        }
        let mut last_seq = 0;
        for event in &commit.events {
            last_seq = insert_event(&mut tx, &commit.game_id, event, commit.now).await?;
        }
        tx.commit().await?;
        // The trigger announced the events (PostgreSQL), or the tailer will (SQLite).
        Ok(Some(Committed {
            last_seq,
            announce: false,
            queued: false,
        }))
    }

    /// Ends a game if it is still at `version` and not over, with its events (the end itself
    /// is added as the last one); `false` if it changed meanwhile.
    pub async fn finish_game(
        &self,
        id: &str,
        version: i64,
        finish: &Finish,
        now: i64,
        before: &[NewEvent],
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE games SET status = $1, winner_team = $2, result = $3, reason = $4, finished_at = $5, \
             updated_at = $5, move_by = NULL, open_seats = 0, version = version + 1 \
             WHERE id = $6 AND version = $7 AND status IN ('waiting', 'active')",
        )
        .bind(finish.status.as_str())
        .bind(finish.winner_team)
        .bind(finish.result.clone())
        .bind(finish.reason.map(EndReason::as_str))
        .bind(now)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        for event in before.iter().chain(std::iter::once(&finish.event())) {
            appended.insert(&mut tx, id, event, now).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Sets the draw-offer mask if the game is still at `version` and active, with the
    /// event saying why.
    pub async fn set_draw_offers(
        &self,
        id: &str,
        version: i64,
        offers: i64,
        now: i64,
        event: &NewEvent,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE games SET draw_offers = $1, updated_at = $2, version = version + 1 \
             WHERE id = $3 AND version = $4 AND status = 'active'",
        )
        .bind(offers)
        .bind(now)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        appended.insert(&mut tx, id, event, now).await?;
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Seats a user. The first statement locks the game row (both databases), so joins of
    /// one game are serialised and exactly one of them starts it. `choose` picks the seat
    /// from the current seats, or refuses with the caller's error.
    ///
    /// Returns `Ok(None)` when the game is not waiting for players.
    pub async fn join<E>(
        &self,
        game_id: &str,
        user_id: i64,
        now: i64,
        choose: impl FnOnce(&[SeatRow]) -> Result<i64, E>,
    ) -> Result<Option<Result<Joined, E>>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx: Transaction<'_, Any> = self.pool.begin().await?;
        let mut appended = Appended::default();
        let locked =
            sqlx::query("UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2 AND status = 'waiting'")
                .bind(now)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        if locked.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let seats: Vec<SeatRow> = sqlx::query_as(&format!("{SEAT_QUERY} WHERE s.game_id = $1 ORDER BY s.seat"))
            .bind(game_id)
            .fetch_all(&mut *tx)
            .await?;
        let seat = match choose(&seats) {
            Ok(seat) => seat,
            Err(e) => {
                tx.rollback().await?;
                return Ok(Some(Err(e)));
            }
        };
        sqlx::query("UPDATE game_seats SET user_id = $1 WHERE game_id = $2 AND seat = $3 AND user_id IS NULL")
            .bind(user_id)
            .bind(game_id)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        let filled = seats.iter().filter(|s| s.user_id.is_some() || s.seat == seat).count();
        let open = seats
            .iter()
            .filter(|s| s.user_id.is_none() && s.invited_user_id.is_none() && s.seat != seat)
            .count();
        let started = filled == seats.len();
        appended
            .insert(&mut tx, game_id, &NewEvent::joined(seat, user_id), now)
            .await?;
        if started {
            let move_by: i64 = sqlx::query_scalar(
                "UPDATE games SET status = 'active', started_at = $1, move_by = $1 + days_per_move * 86400000, \
                 sweep_at = $1 + days_per_move * 69120000, open_seats = 0 WHERE id = $2 RETURNING move_by",
            )
            .bind(now)
            .bind(game_id)
            .fetch_one(&mut *tx)
            .await?;
            appended
                .insert(&mut tx, game_id, &NewEvent::started(move_by), now)
                .await?;
        } else {
            sqlx::query("UPDATE games SET open_seats = $1 WHERE id = $2")
                .bind(i64::try_from(open).map_err(encode)?)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(Some(Ok(Joined { seat, started })))
    }

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

    /// Open challenges: waiting games with a seat anyone may take, newest first.
    pub async fn challenges(&self, limit: i64) -> Result<Vec<GameRow>, sqlx::Error> {
        sqlx::query_as(CHALLENGES.as_str())
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    /// A user's id by name key.
    pub async fn user_id_by_key(&self, key: &str) -> Result<Option<i64>, sqlx::Error> {
        let row = sqlx::query("SELECT id FROM users WHERE username_key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| r.try_get::<i64, _>(0)).transpose()
    }
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
pub(super) struct ArchiveSql {
    pub count: String,
    pub list: String,
    pub binds: Vec<String>,
}

impl ArchiveSql {
    pub(super) fn new(filter: &ArchiveFilter) -> ArchiveSql {
        let mut clauses = vec!["g.status = 'finished'".to_owned()];
        let mut binds: Vec<String> = Vec::new();
        if let Some(variant) = &filter.variant {
            binds.push(variant.clone());
            clauses.push(format!("g.variant = ${}", binds.len()));
        }
        if let Some(result) = &filter.result {
            binds.push(result.clone());
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
            for (column, value) in [("s.game_variant", &filter.variant), ("s.game_result", &filter.result)] {
                if value.is_some() {
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

/// How many finished games a user played in one game from one seat with one outcome.
#[derive(Debug, Clone, FromRow)]
pub struct ResultCount {
    pub variant: String,
    pub seat: i64,
    pub result: Option<String>,
    pub winner_team: Option<i64>,
    pub games: i64,
}

/// A user's finished games per game, seat and outcome: one range of `game_seats_user`.
pub(super) const RESULTS_OF: &str = "SELECT s.game_variant AS variant, s.seat, s.game_result AS result, \
     s.game_winner_team AS winner_team, COUNT(*) AS games FROM game_seats s \
     WHERE s.user_id = $1 AND s.finished_at IS NOT NULL AND s.game_status = 'finished' \
     GROUP BY s.game_variant, s.seat, s.game_result, s.game_winner_team";

/// A user's `$2` most recently finished games, with their seat.
pub(super) static FINISHED_OF: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {GAME_COLUMNS}, s.seat AS my_seat FROM game_seats s CROSS JOIN games g \
         WHERE s.user_id = $1 AND s.finished_at IS NOT NULL AND s.game_status = 'finished' AND g.id = s.game_id \
         ORDER BY s.finished_at DESC, s.game_id LIMIT $2"
    )
});

impl Db {
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
        sqlx::query_as(RESULTS_OF).bind(user_id).fetch_all(&self.pool).await
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
                    seat: row.try_get("my_seat")?,
                })
            })
            .collect()
    }
}
