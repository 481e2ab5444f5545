//! Rows taken from a queue table (tournament notices, chat notices) in a transaction: the
//! caller queues what they call for on the batch's transaction, then marks them done and
//! commits in one go, so each row is handled once however many instances take at once.

use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Transaction};

use super::Db;

/// A queued row, known by its id.
pub trait Queued {
    fn queue_id(&self) -> i64;
}

/// Rows taken from a queue, with the transaction that marks them done.
#[derive(Debug)]
pub struct QueueBatch<'a, R> {
    _turn: Option<tokio::sync::MutexGuard<'a, ()>>,
    pub tx: Transaction<'static, Any>,
    pub rows: Vec<R>,
    /// `UPDATE <table> SET <done column> = $1 WHERE id = $2`.
    mark_done: &'static str,
}

impl<R: Queued> QueueBatch<'_, R> {
    /// Marks the batch done at `now` and commits; returns how many rows it held.
    ///
    /// # Errors
    /// The database fails (nothing is marked then).
    pub async fn finish(mut self, now: i64) -> Result<usize, sqlx::Error> {
        for row in &self.rows {
            sqlx::query(self.mark_done)
                .bind(now)
                .bind(row.queue_id())
                .execute(&mut *self.tx)
                .await?;
        }
        self.tx.commit().await?;
        Ok(self.rows.len())
    }
}

impl Db {
    /// Takes the rows `select` finds (its one parameter `key`) in a new transaction: each
    /// is taken by one instance (`select` ends `FOR UPDATE … SKIP LOCKED` on PostgreSQL;
    /// on SQLite the write queue serialises takers); a failure rolls the batch back for a
    /// retry.
    pub(super) async fn take_queue<R>(
        &self,
        select: &str,
        key: i64,
        mark_done: &'static str,
    ) -> Result<QueueBatch<'_, R>, sqlx::Error>
    where
        R: for<'r> FromRow<'r, AnyRow> + Send + Unpin,
    {
        let turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let rows = sqlx::query_as(select).bind(key).fetch_all(&mut *tx).await?;
        Ok(QueueBatch {
            _turn: turn,
            tx,
            rows,
            mark_done,
        })
    }
}
