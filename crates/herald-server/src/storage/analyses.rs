//! The computer-analysis queue (`game_analyses`): a request per game, claimed by one worker
//! under a lease, and the stored result. A claim is one statement that marks the row
//! running (PostgreSQL skips rows another instance is claiming), so two instances never
//! analyse the same game at once; a worker that dies leaves a lease that expires, and the row
//! is due again.

use sqlx::Row;

use super::Db;
use super::decode::typed;
use crate::domain::game_states::AnalysisState;

/// A request's place in the queue, and the result once done.
#[derive(Debug, Clone)]
pub struct AnalysisRow {
    pub state: AnalysisState,
    pub result: Option<String>,
}

/// A row a worker claimed: the game, and which attempt this is (finishing checks it, so a
/// worker whose lease was taken over cannot overwrite the newer attempt).
#[derive(Debug, Clone)]
pub struct Claimed {
    pub game_id: String,
    pub attempt: i64,
}

/// Why a request was not queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Requested {
    /// Queued now.
    Queued,
    /// The game was requested before (by anyone): nothing new.
    Already,
    /// The user reached the day's cap.
    Capped,
}

impl Db {
    /// Queues `game_id` for analysis for `user`, unless it was requested before or `user`
    /// made `cap` requests since `day_start`.
    ///
    /// # Errors
    /// The database fails.
    pub async fn request_analysis(
        &self,
        game_id: &str,
        user: i64,
        now: i64,
        day_start: i64,
        cap: i64,
    ) -> Result<Requested, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let exists = sqlx::query("SELECT 1 FROM game_analyses WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&mut *tx)
            .await?;
        if exists.is_some() {
            return Ok(Requested::Already);
        }
        let used: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM game_analyses WHERE requested_by = $1 AND requested_at >= $2")
                .bind(user)
                .bind(day_start)
                .fetch_one(&mut *tx)
                .await?;
        if used >= cap {
            return Ok(Requested::Capped);
        }
        // Two requests at once: the primary key lets one in; the other sees "already".
        let inserted = sqlx::query(
            "INSERT INTO game_analyses (game_id, requested_by, requested_at, state) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id) DO NOTHING",
        )
        .bind(game_id)
        .bind(user)
        .bind(now)
        .bind(AnalysisState::Queued.as_str())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(if inserted.rows_affected() == 1 {
            Requested::Queued
        } else {
            Requested::Already
        })
    }

    /// The analysis of `game_id`, if ever requested.
    ///
    /// # Errors
    /// The database fails, or a stored state is unknown.
    pub async fn analysis(&self, game_id: &str) -> Result<Option<AnalysisRow>, sqlx::Error> {
        let row = sqlx::query("SELECT state, result FROM game_analyses WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|row| {
            Ok(AnalysisRow {
                state: typed(&row, "game_analyses", game_id, "state")?,
                result: row.try_get("result")?,
            })
        })
        .transpose()
    }

    /// Claims the oldest due request (queued, or running with a lease ended before `now`)
    /// until `lease_until`; `None` when nothing is due.
    ///
    /// # Errors
    /// The database fails.
    pub async fn claim_analysis(&self, now: i64, lease_until: i64) -> Result<Option<Claimed>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let select = format!(
            "SELECT game_id FROM game_analyses WHERE state = $1 OR (state = $2 AND lease_until < $3) \
             ORDER BY requested_at, game_id LIMIT 1{}",
            self.backend().skip_locked()
        );
        let due: Option<String> = sqlx::query_scalar(&select)
            .bind(AnalysisState::Queued.as_str())
            .bind(AnalysisState::Running.as_str())
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(game_id) = due else {
            return Ok(None);
        };
        let attempt: i64 = sqlx::query_scalar(
            "UPDATE game_analyses SET state = $1, lease_until = $2, attempts = attempts + 1 \
             WHERE game_id = $3 RETURNING attempts",
        )
        .bind(AnalysisState::Running.as_str())
        .bind(lease_until)
        .bind(&game_id)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(Claimed { game_id, attempt }))
    }

    /// Stores the result of `claimed` (`Done` with JSON, or `Failed`), if its lease is still
    /// this attempt's; returns whether it was stored.
    ///
    /// # Errors
    /// The database fails.
    pub async fn finish_analysis(
        &self,
        claimed: &Claimed,
        state: AnalysisState,
        result: Option<&str>,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE game_analyses SET state = $1, result = $2, finished_at = $3, lease_until = NULL \
             WHERE game_id = $4 AND attempts = $5 AND state = $6",
        )
        .bind(state.as_str())
        .bind(result)
        .bind(now)
        .bind(&claimed.game_id)
        .bind(claimed.attempt)
        .bind(AnalysisState::Running.as_str())
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }
}
