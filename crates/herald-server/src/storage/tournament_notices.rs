//! The `tournament_notices` table: what an event's players are told (it started, a round
//! started, it finished or was cancelled), written with the change itself and taken once by
//! the outbox worker.

use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};

use super::Db;
use super::games::typed;
use super::queue::{QueueBatch, Queued};
use crate::domain::tournament_states::NoticeKind;

/// One notice, with its event's name.
#[derive(Debug, Clone)]
pub struct NoticeRow {
    pub id: i64,
    pub tournament_id: String,
    pub tournament_name: String,
    pub kind: NoticeKind,
    pub round: i64,
    pub created_at: i64,
}

impl<'r> FromRow<'r, AnyRow> for NoticeRow {
    fn from_row(row: &'r AnyRow) -> Result<NoticeRow, sqlx::Error> {
        let id: i64 = row.try_get("id")?;
        Ok(NoticeRow {
            kind: typed(row, "tournament_notices", &id.to_string(), "kind")?,
            id,
            tournament_id: row.try_get("tournament_id")?,
            tournament_name: row.try_get("name")?,
            round: row.try_get("round")?,
            created_at: row.try_get("created_at")?,
        })
    }
}

/// The notices of the events player `$1` plays or played in (not those of events they only
/// were invited to), newest first, at most `$2`.
pub(crate) const NOTICES_OF_PLAYER: &str = "SELECT n.id, n.tournament_id, t.name, n.kind, n.round, n.created_at \
     FROM tournament_players p JOIN tournament_notices n ON n.tournament_id = p.tournament_id \
     JOIN tournaments t ON t.id = n.tournament_id \
     WHERE p.user_id = $1 AND p.state <> 'invited' ORDER BY n.id DESC LIMIT $2";

/// The notices of event `$1` after notice `$2`, oldest first, at most `$3` (the event's
/// page and its live feed).
pub(crate) const NOTICES_OF_EVENT: &str = "SELECT n.id, n.tournament_id, t.name, n.kind, n.round, n.created_at \
     FROM tournament_notices n JOIN tournaments t ON t.id = n.tournament_id \
     WHERE n.tournament_id = $1 AND n.id > $2 ORDER BY n.id LIMIT $3";

/// Notices taken from the queue, with the transaction that marks them sent.
pub type NoticeBatch<'a> = QueueBatch<'a, NoticeRow>;

impl Queued for NoticeRow {
    fn queue_id(&self) -> i64 {
        self.id
    }
}

impl Db {
    /// Takes up to `limit` unsent notices in a transaction: the caller queues what they
    /// call for on `batch.tx` and calls [`NoticeBatch::finish`]. Each notice is taken by
    /// one instance (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the write queue on SQLite);
    /// a failure rolls the batch back for a retry.
    /// [`NOTICES_OF_EVENT`].
    pub async fn notices_of_event(&self, id: &str, after: i64, limit: i64) -> Result<Vec<NoticeRow>, sqlx::Error> {
        sqlx::query_as(NOTICES_OF_EVENT)
            .bind(id)
            .bind(after)
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }

    pub async fn take_tournament_notices(&self, limit: i64) -> Result<NoticeBatch<'_>, sqlx::Error> {
        let lock = self.backend().locking(" FOR UPDATE OF n SKIP LOCKED");
        self.take_queue(
            &format!(
                "SELECT n.id, n.tournament_id, t.name, n.kind, n.round, n.created_at FROM tournament_notices n \
                 JOIN tournaments t ON t.id = n.tournament_id WHERE n.sent_at IS NULL ORDER BY n.id LIMIT $1{lock}"
            ),
            limit,
            "UPDATE tournament_notices SET sent_at = $1 WHERE id = $2",
        )
        .await
    }

    /// The notices of the events `user_id` plays or played in, newest first.
    pub async fn notices_of_player(&self, user_id: i64, limit: i64) -> Result<Vec<NoticeRow>, sqlx::Error> {
        sqlx::query_as(NOTICES_OF_PLAYER)
            .bind(user_id)
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }
}

/// Records a notice in the transaction that made it happen (once per event, kind and round).
pub(super) async fn insert_notice(
    tx: &mut Transaction<'static, Any>,
    tournament_id: &str,
    kind: NoticeKind,
    round: i64,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO tournament_notices (tournament_id, kind, round, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (tournament_id, kind, round) DO NOTHING",
    )
    .bind(tournament_id)
    .bind(kind.as_str())
    .bind(round)
    .bind(now)
    .execute(&mut **tx)
    .await
    .map(|_| ())
}
