//! Reads for live streams: the event log's tail (SQLite tailer), a user's games and events.

use sqlx::Row;

use super::Db;
use super::events::event_from_row;
use crate::events::GameEvent;

impl Db {
    /// The highest event row id (0 with no events).
    pub async fn last_event_id(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM game_events")
            .fetch_one(self.pool())
            .await
    }

    /// (row id, game, seq) of events with row id above `after_id`, by row id. Only used on
    /// SQLite, where row ids are in commit order.
    pub async fn event_marks_after(&self, after_id: i64, limit: i64) -> Result<Vec<(i64, String, i64)>, sqlx::Error> {
        let rows = sqlx::query("SELECT id, game_id, seq FROM game_events WHERE id > $1 ORDER BY id LIMIT $2")
            .bind(after_id)
            .bind(limit)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get("id")?, r.try_get("game_id")?, r.try_get("seq")?)))
            .collect()
    }

    /// The last event seq of a game, `None` for an unknown game.
    pub async fn event_seq(&self, game_id: &str) -> Result<Option<i64>, sqlx::Error> {
        sqlx::query_scalar("SELECT event_seq FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(self.pool())
            .await
    }

    /// Whether `user_id` plays in, or is invited to, `game_id`.
    pub async fn is_member(&self, game_id: &str, user_id: i64) -> Result<bool, sqlx::Error> {
        let n: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM game_seats WHERE game_id = $1 AND (user_id = $2 OR invited_user_id = $2)",
        )
        .bind(game_id)
        .bind(user_id)
        .fetch_one(self.pool())
        .await?;
        Ok(n > 0)
    }

    /// Events of every game `user_id` plays in or is invited to, created at or after
    /// `since_ms`, by game and seq.
    pub async fn user_events_since(
        &self,
        user_id: i64,
        since_ms: i64,
        limit: i64,
    ) -> Result<Vec<GameEvent>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT e.id, e.game_id, e.seq, e.kind, e.data, e.created_at FROM game_events e \
             WHERE e.created_at >= $2 AND e.game_id IN \
             (SELECT game_id FROM game_seats WHERE user_id = $1 OR invited_user_id = $1) \
             ORDER BY e.game_id, e.seq LIMIT $3",
        )
        .bind(user_id)
        .bind(since_ms)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(event_from_row).collect()
    }
}
