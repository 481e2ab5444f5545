//! The correspondence clock's SQL: leasing due games to one sweeper, guarded clock
//! updates with their events, vacations, the "has this seat moved" check and expired
//! sessions. Every write that depends on what was read is guarded by the game's `ply` and
//! `event_seq` (every change to a game bumps one of them), so a concurrent move, claim or
//! second sweeper makes it match no row instead of overwriting.

use sqlx::{FromRow, Row};

use super::{Appended, Db, GameRow};
use crate::events::NewEvent;

/// A game with the counter that guards clock updates.
#[derive(Debug, Clone, FromRow)]
pub struct ClockRow {
    #[sqlx(flatten)]
    pub game: GameRow,
    pub event_seq: i64,
}

/// New clock state of an active game, written only if nothing changed since it was read.
#[derive(Debug, Clone)]
pub struct ClockUpdate {
    pub game_id: String,
    /// The `ply` and `event_seq` that were read.
    pub ply: i64,
    pub event_seq: i64,
    pub move_by: Option<i64>,
    pub paused_ms: Option<i64>,
    pub sweep_at: Option<i64>,
    pub claimable_since: Option<i64>,
    pub warned_ply: Option<i64>,
    pub events: Vec<NewEvent>,
    pub now: i64,
}

/// A user's vacation as stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VacationRow {
    pub since: Option<i64>,
    pub until: Option<i64>,
    pub used_ms: i64,
    pub year: i64,
}

/// A game whose turn belongs to a user coming back from vacation.
#[derive(Debug, Clone, FromRow)]
pub struct TurnRow {
    pub id: String,
    pub ply: i64,
    pub move_by: Option<i64>,
    pub paused_ms: Option<i64>,
    pub days_per_move: i64,
    pub warned_ply: Option<i64>,
    pub claimable_since: Option<i64>,
    pub timeout_policy: String,
}

/// The new clock of one of those games.
#[derive(Debug, Clone)]
pub struct TurnResume {
    pub id: String,
    pub move_by: i64,
    pub sweep_at: i64,
}

/// How a vacation ends: the stored state after it, and per game of the player's turns the
/// resumed clock (computed by the caller from the [`TurnRow`]s).
pub type ResumePlan = dyn FnOnce(&VacationRow, &[TurnRow]) -> (VacationRow, Vec<TurnResume>) + Send;

impl Db {
    /// Leases up to `limit` games due at `now` (oldest first) to the caller by moving their
    /// `sweep_at` to `lease_until`, and returns their ids. On PostgreSQL rows another
    /// sweeper is leasing are skipped (`FOR UPDATE SKIP LOCKED`), and a row leased and
    /// committed meanwhile is no longer due: each due game goes to one sweeper. If the
    /// sweeper dies, the lease runs out and the game is due again.
    pub async fn lease_due_games(&self, now: i64, lease_until: i64, limit: i64) -> Result<Vec<String>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let lock = self.backend.skip_locked();
        let sql = format!(
            "UPDATE games SET sweep_at = $1 WHERE id IN (SELECT id FROM games \
             WHERE status = 'active' AND sweep_at <= $2 ORDER BY sweep_at LIMIT $3{lock}) RETURNING id"
        );
        sqlx::query_scalar(&sql)
            .bind(lease_until)
            .bind(now)
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }

    /// A game with its `event_seq`.
    pub async fn clock_row(&self, id: &str) -> Result<Option<ClockRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {}, g.event_seq FROM games g WHERE g.id = $1",
            super::games::GAME_COLUMNS
        ))
        .bind(id)
        .fetch_optional(self.pool())
        .await
    }

    /// Writes a clock update and its events in one transaction; `false` (nothing written)
    /// if the game moved on, changed, or ended since it was read.
    pub async fn update_clock(&self, update: &ClockUpdate) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE games SET move_by = $1, paused_ms = $2, sweep_at = $3, claimable_since = $4, warned_ply = $5 \
             WHERE id = $6 AND ply = $7 AND event_seq = $8 AND status = 'active'",
        )
        .bind(update.move_by)
        .bind(update.paused_ms)
        .bind(update.sweep_at)
        .bind(update.claimable_since)
        .bind(update.warned_ply)
        .bind(&update.game_id)
        .bind(update.ply)
        .bind(update.event_seq)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        for event in &update.events {
            appended.insert(&mut tx, &update.game_id, event, update.now).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Whether `seat` has played a move (not a withdrawal) in the game.
    pub async fn has_moved(&self, game_id: &str, seat: i64) -> Result<bool, sqlx::Error> {
        let row =
            sqlx::query("SELECT 1 FROM moves WHERE game_id = $1 AND seat = $2 AND text NOT LIKE 'withdraw:%' LIMIT 1")
                .bind(game_id)
                .bind(seat)
                .fetch_optional(self.pool())
                .await?;
        Ok(row.is_some())
    }

    /// A user's vacation state.
    pub async fn vacation(&self, user_id: i64) -> Result<VacationRow, sqlx::Error> {
        let row = sqlx::query(
            "SELECT vacation_since, vacation_until, vacation_used_ms, vacation_year FROM users WHERE id = $1",
        )
        .bind(user_id)
        .fetch_optional(self.pool())
        .await?;
        match row {
            None => Ok(VacationRow::default()),
            Some(r) => Ok(VacationRow {
                since: r.try_get(0)?,
                until: r.try_get(1)?,
                used_ms: r.try_get(2)?,
                year: r.try_get(3)?,
            }),
        }
    }

    /// Ids of the active games a user plays in.
    async fn active_games_of(conn: &mut sqlx::AnyConnection, user_id: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT g.id FROM games g JOIN game_seats s ON s.game_id = g.id \
             WHERE s.user_id = $1 AND g.status = 'active' ORDER BY g.id",
        )
        .bind(user_id)
        .fetch_all(conn)
        .await
    }

    /// Switches a vacation on (from `now` until `until`) unless it already is, with `event`
    /// in each of the user's active games. Returns whether it switched.
    pub async fn start_vacation(
        &self,
        user_id: i64,
        now: i64,
        until: i64,
        event: &NewEvent,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE users SET vacation_since = $1, vacation_until = $2 WHERE id = $3 AND vacation_since IS NULL",
        )
        .bind(now)
        .bind(until)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        for game in Db::active_games_of(&mut tx, user_id).await? {
            appended.insert(&mut tx, &game, event, now).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Ends a user's vacation: `plan` gets the stored vacation and the games where it is the
    /// user's turn, and returns the new vacation state and the resumed deadlines; all of it
    /// and `event` (in each of the user's active games) commit together. Returns `false`
    /// when the vacation was not on (or someone else ended it first).
    pub async fn end_vacation(
        &self,
        user_id: i64,
        now: i64,
        event: &NewEvent,
        plan: Box<ResumePlan>,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let mut appended = Appended::default();
        let lock = self.backend.for_update();
        let row = sqlx::query(&format!(
            "SELECT vacation_since, vacation_until, vacation_used_ms, vacation_year FROM users WHERE id = $1{lock}"
        ))
        .bind(user_id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(row) = row else {
            tx.rollback().await?;
            return Ok(false);
        };
        let stored = VacationRow {
            since: row.try_get(0)?,
            until: row.try_get(1)?,
            used_ms: row.try_get(2)?,
            year: row.try_get(3)?,
        };
        if stored.since.is_none() {
            tx.rollback().await?;
            return Ok(false);
        }
        let lock = self.backend.for_update_of_games();
        let turns: Vec<TurnRow> = sqlx::query_as(&format!(
            "SELECT g.id, g.ply, g.move_by, g.paused_ms, g.days_per_move, g.warned_ply, g.claimable_since, \
             g.timeout_policy FROM games g JOIN game_seats s ON s.game_id = g.id AND s.seat = g.turn \
             WHERE s.user_id = $1 AND g.status = 'active' ORDER BY g.id{lock}"
        ))
        .bind(user_id)
        .fetch_all(&mut *tx)
        .await?;
        let (after, resumed) = plan(&stored, &turns);
        sqlx::query(
            "UPDATE users SET vacation_since = $1, vacation_until = $2, vacation_used_ms = $3, vacation_year = $4 \
             WHERE id = $5",
        )
        .bind(after.since)
        .bind(after.until)
        .bind(after.used_ms)
        .bind(after.year)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        for game in &resumed {
            sqlx::query(
                "UPDATE games SET move_by = $1, paused_ms = NULL, claimable_since = NULL, sweep_at = $2 \
                 WHERE id = $3 AND status = 'active'",
            )
            .bind(game.move_by)
            .bind(game.sweep_at)
            .bind(&game.id)
            .execute(&mut *tx)
            .await?;
        }
        for game in Db::active_games_of(&mut tx, user_id).await? {
            appended.insert(&mut tx, &game, event, now).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Users whose vacation ran out by `now` (their allowance is used up), oldest first.
    pub async fn vacations_due(&self, now: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT id FROM users WHERE vacation_until <= $1 ORDER BY vacation_until LIMIT $2")
            .bind(now)
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }

    /// Deletes up to `limit` sessions expired by `now`; returns how many.
    pub async fn delete_expired_sessions(&self, now: i64, limit: i64) -> Result<u64, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "DELETE FROM sessions WHERE id_hash IN (SELECT id_hash FROM sessions WHERE expires_at <= $1 LIMIT $2)",
        )
        .bind(now)
        .bind(limit)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }
}
