//! Reads for live streams: the event log's tail (SQLite tailer), a user's games and events.

use sqlx::Row;

use super::Db;
use super::events::event_from_row;
use crate::events::GameEvent;

/// Where an event sits in the log, without its data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventMark {
    pub id: i64,
    pub game_id: String,
    pub seq: i64,
    /// Still in the outbox, waiting to be fanned out.
    pub queued: bool,
}

impl Db {
    /// The highest event row id (0 with no events).
    pub async fn last_event_id(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM game_events")
            .fetch_one(self.pool())
            .await
    }

    /// Events with row id above `after_id`, by row id, as marks. Only used on SQLite, where
    /// row ids are in commit order.
    pub async fn event_marks_after(&self, after_id: i64, limit: i64) -> Result<Vec<EventMark>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT e.id, e.game_id, e.seq, CASE WHEN o.event_id IS NULL THEN 0 ELSE 1 END AS queued \
             FROM game_events e LEFT JOIN event_outbox o ON o.event_id = e.id WHERE e.id > $1 ORDER BY e.id LIMIT $2",
        )
        .bind(after_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(EventMark {
                    id: r.try_get("id")?,
                    game_id: r.try_get("game_id")?,
                    seq: r.try_get("seq")?,
                    queued: r.try_get::<i64, _>("queued")? != 0,
                })
            })
            .collect()
    }

    /// Sends each payload on the NOTIFY `channel` (PostgreSQL).
    pub async fn notify_events(&self, channel: &str, payloads: &[String]) -> Result<(), sqlx::Error> {
        for payload in payloads {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(payload)
                .execute(self.pool())
                .await?;
        }
        Ok(())
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
