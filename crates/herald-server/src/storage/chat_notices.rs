//! `chat_notices`: which readers are told of which chat message, through which channels
//! it has gone (webhooks, the e-mail digest), and the feed's latest messages per reader.

use herald_rules::Player;
use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};

use super::Db;
use super::queue::{QueueBatch, Queued};

/// A reader of a new message, to be told of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChatReader {
    pub user_id: i64,
    /// Watching the game live when it was posted: they saw it, no e-mail follows.
    pub watching: bool,
}

/// A message as a reader is told of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatNoticeRow {
    pub id: i64,
    pub user_id: i64,
    pub game_id: String,
    pub seq: i64,
    /// 0: the game's conversation; 1 + team: that team's channel.
    pub channel: i64,
    pub seat: Player,
    /// The author's name (`None` once the account is deleted).
    pub author: Option<String>,
    pub ply: Option<i64>,
    pub body: String,
    pub created_at: i64,
    /// Hidden by a moderator since: told to nobody.
    pub hidden: bool,
    /// The reader's chat switch of the channel taking the notice (the e-mail digest); true
    /// when the notice is taken for every channel, each heeding its own switch.
    pub wanted: bool,
}

impl<'r> FromRow<'r, AnyRow> for ChatNoticeRow {
    fn from_row(row: &'r AnyRow) -> Result<ChatNoticeRow, sqlx::Error> {
        Ok(ChatNoticeRow {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            game_id: row.try_get("game_id")?,
            seq: row.try_get("seq")?,
            channel: row.try_get("channel")?,
            seat: super::decode::seat(row, "seat")?,
            author: row.try_get("username")?,
            ply: row.try_get("ply")?,
            body: row.try_get("body")?,
            created_at: row.try_get("created_at")?,
            hidden: row.try_get::<Option<i64>, _>("hidden_at")?.is_some(),
            wanted: row.try_get::<i64, _>("wanted")? != 0,
        })
    }
}

/// The notice's message, its author and the reader's chat switch of `channel` (a name
/// from `notify::channel`, never user input; on without a row), or `1` for none.
fn notice_select(channel: Option<&str>) -> String {
    let (wanted, join) = match channel {
        Some(channel) => (
            "COALESCE(s.enabled, 1)",
            format!(
                " LEFT JOIN notification_switches s ON s.user_id = n.user_id AND s.channel = '{channel}' \
                 AND s.kind = 'chat'"
            ),
        ),
        None => ("1", String::new()),
    };
    format!(
        "SELECT n.id, n.user_id, n.game_id, n.seq, m.channel, m.seat, u.username, m.ply, m.body, m.created_at, \
         m.hidden_at, {wanted} AS wanted FROM chat_notices n \
         JOIN chat_messages m ON m.game_id = n.game_id AND m.seq = n.seq \
         LEFT JOIN users u ON u.id = m.user_id{join}"
    )
}

/// The latest messages reader `$1` was told of and may still see (not hidden), newest
/// first, at most `$2`, when they want chat in their feed.
pub(crate) const CHAT_NOTICES_OF_READER: &str = "SELECT n.id, n.user_id, n.game_id, n.seq, m.channel, m.seat, \
     u.username, m.ply, m.body, m.created_at, m.hidden_at, 1 AS wanted FROM chat_notices n \
     JOIN chat_messages m ON m.game_id = n.game_id AND m.seq = n.seq LEFT JOIN users u ON u.id = m.user_id \
     WHERE n.user_id = $1 AND m.hidden_at IS NULL ORDER BY n.id DESC LIMIT $2";

/// The readers of the oldest notices not yet in a digest, posted at or before `$1`; at
/// most `$2` notices (a reader appears once per notice).
pub(crate) const CHAT_DIGESTS_DUE: &str = "SELECT user_id FROM chat_notices \
     WHERE mailed_at IS NULL AND created_at <= $1 ORDER BY created_at LIMIT $2";

/// Records who is told of message `seq` of `game_id`, in the message's transaction:
/// `readers` except those who block `author`.
pub(super) async fn insert_notices(
    tx: &mut Transaction<'static, Any>,
    game_id: &str,
    seq: i64,
    author: i64,
    readers: &[ChatReader],
    now: i64,
) -> Result<(), sqlx::Error> {
    for reader in readers {
        sqlx::query(
            "INSERT INTO chat_notices (user_id, game_id, seq, created_at, mailed_at) \
             SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS \
             (SELECT 1 FROM user_blocks b WHERE b.user_id = $1 AND b.blocked_id = $6)",
        )
        .bind(reader.user_id)
        .bind(game_id)
        .bind(seq)
        .bind(now)
        .bind(reader.watching.then_some(now))
        .bind(author)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// Chat notices taken from a queue (webhooks or e-mail), with the transaction that marks
/// them done.
pub type ChatNoticeBatch<'a> = QueueBatch<'a, ChatNoticeRow>;

impl Queued for ChatNoticeRow {
    fn queue_id(&self) -> i64 {
        self.id
    }
}

impl Db {
    /// Takes up to `limit` notices not yet handed to the channels: the caller queues
    /// deliveries on `batch.tx` and calls [`QueueBatch::finish`].
    pub async fn take_chat_pushes(&self, limit: i64) -> Result<ChatNoticeBatch<'_>, sqlx::Error> {
        let lock = self.backend().locking(" FOR UPDATE OF n SKIP LOCKED");
        let select = format!(
            "{} WHERE n.pushed_at IS NULL ORDER BY n.id LIMIT $1{lock}",
            notice_select(None)
        );
        self.take_queue(&select, limit, "UPDATE chat_notices SET pushed_at = $1 WHERE id = $2")
            .await
    }

    /// Readers whose oldest message not yet in a digest was posted at or before `cutoff`,
    /// oldest first, each once (those of the `limit` oldest notices).
    pub async fn chat_digests_due(&self, cutoff: i64, limit: i64) -> Result<Vec<i64>, sqlx::Error> {
        let readers: Vec<i64> = sqlx::query_scalar(CHAT_DIGESTS_DUE)
            .bind(cutoff)
            .bind(limit)
            .fetch_all(self.pool())
            .await?;
        let mut due = Vec::new();
        for reader in readers {
            if !due.contains(&reader) {
                due.push(reader);
            }
        }
        Ok(due)
    }

    /// Takes every message `user_id` has not had in a digest, oldest first, with their
    /// chat switch of `channel` (the e-mail digest's); finished as [`Db::take_chat_pushes`]' batch.
    pub async fn take_chat_digest(&self, user_id: i64, channel: &str) -> Result<ChatNoticeBatch<'_>, sqlx::Error> {
        let lock = self.backend().locking(" FOR UPDATE OF n SKIP LOCKED");
        let select = format!(
            "{} WHERE n.user_id = $1 AND n.mailed_at IS NULL ORDER BY n.id LIMIT 500{lock}",
            notice_select(Some(channel))
        );
        self.take_queue(&select, user_id, "UPDATE chat_notices SET mailed_at = $1 WHERE id = $2")
            .await
    }

    /// The latest messages `user_id` was told of (for the feed), newest first.
    pub async fn chat_notices_of(&self, user_id: i64, limit: i64) -> Result<Vec<ChatNoticeRow>, sqlx::Error> {
        sqlx::query_as(CHAT_NOTICES_OF_READER)
            .bind(user_id)
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }

    /// Queues one delivery of a chat notice per enabled webhook of its reader.
    pub async fn queue_chat_deliveries(
        tx: &mut Transaction<'static, Any>,
        notice: &ChatNoticeRow,
        payload: &str,
        now: i64,
    ) -> Result<u64, sqlx::Error> {
        let done = sqlx::query(
            "INSERT INTO webhook_deliveries (webhook_id, chat_notice_id, game_id, seq, kind, payload, status, \
             attempts, next_attempt_at, created_at, updated_at) \
             SELECT w.id, $1, $2, $3, 'chat_message', $4, 'pending', 0, $5, $5, $5 FROM webhooks w \
             WHERE w.enabled = 1 AND w.user_id = $6 \
             ON CONFLICT (webhook_id, chat_notice_id) DO NOTHING",
        )
        .bind(notice.id)
        .bind(&notice.game_id)
        .bind(notice.seq)
        .bind(payload)
        .bind(now)
        .bind(notice.user_id)
        .execute(&mut **tx)
        .await?;
        Ok(done.rows_affected())
    }
}
