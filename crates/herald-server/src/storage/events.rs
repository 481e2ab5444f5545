//! The `game_events` table: events appended inside the transaction of the change they
//! describe, read in order by games, users and the live streams' wake-up sources (the
//! SQLite tailer reads the log's tail; PostgreSQL instances NOTIFY each other).

use sqlx::{AnyConnection, Row};

use super::Db;
use crate::domain::events::{EventKind, GameEvent, NewEvent};

/// Appends `event` to `game_id`'s events and returns its sequence number. Call it on the
/// transaction that makes the change, so both commit or neither does.
///
/// # Errors
/// The game does not exist, or the database fails.
pub async fn insert_event(
    conn: &mut AnyConnection,
    game_id: &str,
    event: &NewEvent,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let seq: i64 = sqlx::query_scalar("UPDATE games SET event_seq = event_seq + 1 WHERE id = $1 RETURNING event_seq")
        .bind(game_id)
        .fetch_one(&mut *conn)
        .await?;
    sqlx::query("INSERT INTO game_events (game_id, seq, kind, data, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(game_id)
        .bind(seq)
        .bind(event.kind.as_str())
        .bind(event.data.to_string())
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(seq)
}

/// The events one transaction appended, to announce once it commits
/// ([`Db::commit_events`]).
#[derive(Debug, Default)]
pub(crate) struct Appended(Vec<(String, i64)>);

impl Appended {
    /// [`insert_event`], remembering the event for the wake-up after the commit.
    pub(crate) async fn insert(
        &mut self,
        conn: &mut AnyConnection,
        game_id: &str,
        event: &NewEvent,
        now: i64,
    ) -> Result<i64, sqlx::Error> {
        let seq = insert_event(conn, game_id, event, now).await?;
        self.0.push((game_id.to_owned(), seq));
        Ok(seq)
    }
}

pub(super) fn event_from_row(row: &sqlx::any::AnyRow) -> Result<GameEvent, sqlx::Error> {
    let id: i64 = row.try_get("id")?;
    let kind: String = row.try_get("kind")?;
    let data: String = row.try_get("data")?;
    let decode = |column: &str, what: String| sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("game_events row {id}: {what}").into(),
    };
    Ok(GameEvent {
        id,
        game_id: row.try_get("game_id")?,
        seq: row.try_get("seq")?,
        kind: EventKind::parse(&kind).ok_or_else(|| decode("kind", format!("unknown event kind `{kind}`")))?,
        data: serde_json::from_str(&data).map_err(|e| decode("data", format!("not JSON: {e}")))?,
        at: row.try_get("created_at")?,
    })
}

impl Db {
    /// Commits a transaction that appended game events, then wakes this instance's hub:
    /// the streams of each game written read their new events now, and the SQLite tailer
    /// looks at once (for the fan-out). Every write that changes a game ends here (moves:
    /// in [`Db::commit_update`]), so no caller has to remember to wake anyone.
    pub(crate) async fn commit_events(
        &self,
        tx: sqlx::Transaction<'_, sqlx::Any>,
        appended: Appended,
    ) -> Result<(), sqlx::Error> {
        tx.commit().await?;
        for (game_id, seq) in appended.0 {
            self.hub.publish(&game_id, seq);
        }
        self.hub.committed();
        Ok(())
    }

    /// A game's events after sequence number `after_seq`, oldest first.
    pub async fn events_after(&self, game_id: &str, after_seq: i64, limit: i64) -> Result<Vec<GameEvent>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT id, game_id, seq, kind, data, created_at FROM game_events \
             WHERE game_id = $1 AND seq > $2 ORDER BY seq LIMIT $3",
        )
        .bind(game_id)
        .bind(after_seq)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(event_from_row).collect()
    }

    /// A game's latest event (what the game page reports as news: a declined draw offer).
    pub async fn last_event(&self, game_id: &str) -> Result<Option<GameEvent>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT id, game_id, seq, kind, data, created_at FROM game_events \
             WHERE game_id = $1 ORDER BY seq DESC LIMIT 1",
        )
        .bind(game_id)
        .fetch_optional(self.pool())
        .await?;
        row.as_ref().map(event_from_row).transpose()
    }

    /// Events of every game `user_id` plays in, with row id above `after_id`, by row id.
    /// Row ids are not in commit order on PostgreSQL: a live stream must not use this
    /// cursor alone to resume.
    pub async fn user_events_after(
        &self,
        user_id: i64,
        after_id: i64,
        limit: i64,
    ) -> Result<Vec<GameEvent>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT e.id, e.game_id, e.seq, e.kind, e.data, e.created_at FROM game_events e \
             WHERE e.id > $2 AND e.game_id IN (SELECT game_id FROM game_seats WHERE user_id = $1) \
             ORDER BY e.id LIMIT $3",
        )
        .bind(user_id)
        .bind(after_id)
        .bind(limit)
        .fetch_all(self.pool())
        .await?;
        rows.iter().map(event_from_row).collect()
    }
}

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
