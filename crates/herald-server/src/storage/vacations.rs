//! Vacations: a user's stored allowance (columns of `users`) and the clocks of their games
//! that stop and resume with it.

use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::games::typed;
use super::{Appended, Db};
use crate::domain::events::NewEvent;
use crate::domain::game_states::TimeoutPolicy;
use crate::domain::time_controls::{SeatClocks, TimeControl};
use herald_rules::Player;

/// A user's vacation as stored.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VacationRow {
    pub since: Option<i64>,
    pub until: Option<i64>,
    pub used_ms: i64,
    pub year: i64,
    /// The running vacation is a club adjournment (a suspension or ban under the rule
    /// `suspended_games = adjourned`): it is not charged to the allowance.
    pub adjourned: bool,
}

/// A game whose turn belongs to a user coming back from vacation.
#[derive(Debug, Clone)]
pub struct TurnRow {
    pub id: String,
    pub ply: i64,
    pub move_by: Option<i64>,
    pub paused_ms: Option<i64>,
    pub warned_ply: Option<i64>,
    /// The game's clock, the seat to move and every seat's bank: what the turn's window
    /// is made of.
    pub time_control: TimeControl,
    pub turn: Player,
    pub clocks: SeatClocks,
    pub claimable_since: Option<i64>,
    pub timeout_policy: TimeoutPolicy,
}

impl<'r> FromRow<'r, AnyRow> for TurnRow {
    fn from_row(row: &'r AnyRow) -> Result<TurnRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        Ok(TurnRow {
            ply: row.try_get("ply")?,
            move_by: row.try_get("move_by")?,
            paused_ms: row.try_get("paused_ms")?,
            time_control: super::decode::time_control(row, "games", &id)?,
            turn: super::decode::seat(row, "turn")?,
            clocks: super::decode::seat_clocks(row, "games", &id)?,
            warned_ply: row.try_get("warned_ply")?,
            claimable_since: row.try_get("claimable_since")?,
            timeout_policy: typed(row, "games", &id, "timeout_policy")?,
            id,
        })
    }
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
    /// A user's vacation state.
    pub async fn vacation(&self, user_id: i64) -> Result<VacationRow, sqlx::Error> {
        let row = sqlx::query(
            "SELECT vacation_since, vacation_until, vacation_used_ms, vacation_year, vacation_adjourned FROM users \
             WHERE id = $1",
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
                adjourned: r.try_get::<i64, _>(4)? != 0,
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
        // `FOR NO KEY UPDATE`, not `FOR UPDATE`: a rated ending locks its game and then
        // checks the rating rows' foreign keys to this row (`FOR KEY SHARE`), while this
        // transaction goes on to write the player's games; a full update lock here made
        // the two wait on each other (PostgreSQL deadlocked, answered 500).
        let lock = self.backend.for_no_key_update();
        let row = sqlx::query(&format!(
            "SELECT vacation_since, vacation_until, vacation_used_ms, vacation_year, vacation_adjourned FROM users \
             WHERE id = $1{lock}"
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
            adjourned: row.try_get::<i64, _>(4)? != 0,
        };
        if stored.since.is_none() {
            tx.rollback().await?;
            return Ok(false);
        }
        let lock = self.backend.for_update_of_games();
        let turns: Vec<TurnRow> = sqlx::query_as(&format!(
            "SELECT g.id, g.ply, g.move_by, g.paused_ms, g.days_per_move, g.time_control, g.clocks, g.turn, \
             g.warned_ply, g.claimable_since, g.timeout_policy FROM games g JOIN game_seats s ON s.game_id = g.id AND s.seat = g.turn \
             WHERE s.user_id = $1 AND g.status = 'active' ORDER BY g.id{lock}"
        ))
        .bind(user_id)
        .fetch_all(&mut *tx)
        .await?;
        let (after, resumed) = plan(&stored, &turns);
        sqlx::query(
            "UPDATE users SET vacation_since = $1, vacation_until = $2, vacation_used_ms = $3, vacation_year = $4, \
             vacation_adjourned = 0 WHERE id = $5",
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
}
