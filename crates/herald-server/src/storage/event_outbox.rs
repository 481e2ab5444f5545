//! The `event_outbox` table: events committed and not yet fanned out to webhooks and
//! e-mail, taken in batches by one instance at a time.

use herald_rules::Player;
use sqlx::{Any, Row, Transaction};

use super::Db;
use super::decode::unknown;
use super::events::event_from_row;
use super::games::{seat, typed};
use crate::domain::events::GameEvent;
use crate::domain::game_states::{GameStatus, parse_variant};

/// A game's state as the notifier needs it: who is to move, who plays.
#[derive(Debug, Clone)]
pub struct GameBrief {
    pub status: GameStatus,
    pub variant: herald_rules::Variant,
    pub turn: Player,
    pub ply: i64,
    /// (seat, user id, username)
    pub players: Vec<(Player, i64, String)>,
}

/// Events taken from the outbox, with the transaction that will delete them.
#[derive(Debug)]
pub struct OutboxBatch<'a> {
    _turn: Option<tokio::sync::MutexGuard<'a, ()>>,
    pub tx: Transaction<'static, Any>,
    pub events: Vec<GameEvent>,
    ids: Vec<i64>,
}

impl OutboxBatch<'_> {
    /// Deletes the batch from the outbox and commits; returns how many events it held.
    ///
    /// # Errors
    /// The database fails (nothing is deleted then).
    pub async fn finish(mut self) -> Result<usize, sqlx::Error> {
        if !self.ids.is_empty() {
            let sql = format!(
                "DELETE FROM event_outbox WHERE event_id IN ({})",
                super::placeholders(self.ids.len())
            );
            let mut delete = sqlx::query(&sql);
            for id in &self.ids {
                delete = delete.bind(id);
            }
            delete.execute(&mut *self.tx).await?;
        }
        self.tx.commit().await?;
        Ok(self.ids.len())
    }
}

impl Db {
    /// Events committed and not yet fanned out to webhooks and e-mail.
    pub async fn outbox_backlog(&self) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar("SELECT COUNT(*) FROM event_outbox")
            .fetch_one(self.pool())
            .await
    }

    /// Takes up to `limit` events from the outbox in a transaction: the caller fans them
    /// out on `batch.tx` and calls [`OutboxBatch::finish`], which deletes them and commits.
    /// Each event is fanned out exactly once, by one instance (`FOR UPDATE SKIP LOCKED` on
    /// PostgreSQL, the write queue on SQLite); a failure rolls the batch back for a retry.
    pub async fn take_outbox(&self, limit: i64) -> Result<OutboxBatch<'_>, sqlx::Error> {
        let turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        // One read for the whole batch. An outbox row whose event is gone (its game was
        // deleted) is taken too, so that it is deleted rather than left behind for ever.
        let sql = take_outbox_sql(self.backend().locking(" FOR UPDATE OF o SKIP LOCKED"));
        let rows = sqlx::query(&sql).bind(limit).fetch_all(&mut *tx).await?;
        let mut ids = Vec::with_capacity(rows.len());
        let mut events = Vec::with_capacity(rows.len());
        for row in &rows {
            ids.push(row.try_get("outbox_id")?);
            if row.try_get::<Option<i64>, _>("id")?.is_some() {
                events.push(event_from_row(row)?);
            }
        }
        Ok(OutboxBatch {
            _turn: turn,
            tx,
            events,
            ids,
        })
    }

    /// Status, turn and players of a game, read inside `tx`.
    pub async fn game_brief(
        tx: &mut Transaction<'static, Any>,
        game_id: &str,
    ) -> Result<Option<GameBrief>, sqlx::Error> {
        let Some(row) = sqlx::query("SELECT status, turn, ply, variant FROM games WHERE id = $1")
            .bind(game_id)
            .fetch_optional(&mut **tx)
            .await?
        else {
            return Ok(None);
        };
        let players = sqlx::query(
            "SELECT s.seat, s.user_id, u.username FROM game_seats s JOIN users u ON u.id = s.user_id \
             WHERE s.game_id = $1 ORDER BY s.seat",
        )
        .bind(game_id)
        .fetch_all(&mut **tx)
        .await?
        .iter()
        .map(|r| Ok((seat(r, "seat")?, r.try_get("user_id")?, r.try_get("username")?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
        let variant: String = row.try_get("variant")?;
        Ok(Some(GameBrief {
            variant: parse_variant(&variant).map_err(|e| unknown("games", game_id, "variant", &e))?,
            status: typed(&row, "games", game_id, "status")?,
            turn: seat(&row, "turn")?,
            ply: row.try_get("ply")?,
            players,
        }))
    }
}

fn take_outbox_sql(lock: &str) -> String {
    format!(
        "SELECT o.event_id AS outbox_id, e.id, e.game_id, e.seq, e.kind, e.data, e.created_at \
         FROM event_outbox o LEFT JOIN game_events e ON e.id = o.event_id ORDER BY o.event_id LIMIT $1{lock}"
    )
}
