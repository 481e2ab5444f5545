//! The clock columns of a game: leasing due games to one sweeper and guarded clock updates
//! with their events. Every write that depends on what was read is guarded by the game's
//! `ply` and `event_seq` (every change to a game bumps one of them), so a concurrent move,
//! claim or second sweeper makes it match no row instead of overwriting.

use herald_rules::Player;
use sqlx::FromRow;

use super::{GAME_COLUMNS, GameRow};
use crate::domain::events::NewEvent;
use crate::storage::{Appended, Db, SeatColumn};

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
            GAME_COLUMNS
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
    pub async fn has_moved(&self, game_id: &str, seat: Player) -> Result<bool, sqlx::Error> {
        let row =
            sqlx::query("SELECT 1 FROM moves WHERE game_id = $1 AND seat = $2 AND text NOT LIKE 'withdraw:%' LIMIT 1")
                .bind(game_id)
                .bind(SeatColumn(seat))
                .fetch_optional(self.pool())
                .await?;
        Ok(row.is_some())
    }
}
