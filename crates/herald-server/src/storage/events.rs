//! Game events: appended inside the transaction of the change they describe, read in order.

use sqlx::{AnyConnection, Row};

use super::Db;
use crate::events::{EventKind, GameEvent, NewEvent};

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
