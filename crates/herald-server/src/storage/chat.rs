//! `chat_messages` and `game_chats`: a game's conversation and its teams' private
//! channels, numbered per game in commit order without revealing one channel's messages to
//! another's readers ([`CONVERSATION_STRIDE`]), read by channel so that what a reader may
//! not see is never fetched.

use herald_rules::Player;
use sqlx::{Any, FromRow, Row, Transaction};

use super::chat_notices::{ChatReader, insert_notices};
use super::{AuditEntry, Backend, Db, SeatColumn};

/// A stored message.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ChatRow {
    pub seq: i64,
    /// 0: the game's conversation; 1 + team: that team's channel.
    pub channel: i64,
    #[sqlx(try_from = "SeatColumn")]
    pub seat: Player,
    pub user_id: Option<i64>,
    /// The author's name (`None` once the account is deleted).
    pub username: Option<String>,
    /// The game's ply after the move the message was sent with.
    pub ply: Option<i64>,
    pub body: String,
    pub created_at: i64,
}

/// A message about to be written.
#[derive(Debug, Clone)]
pub struct NewChat<'a> {
    pub game_id: &'a str,
    pub channel: i64,
    pub seat: Player,
    pub user_id: i64,
    pub ply: Option<i64>,
    pub body: &'a str,
    pub now: i64,
    /// Who is told of it through their notification channels.
    pub readers: &'a [ChatReader],
}

/// The messages of game `$1` after seq `$2` on the channels in the mask `$3` (bit c:
/// channel c), without hidden ones and without those by users `$4` blocks, oldest first,
/// at most `$5`.
pub(crate) const CHAT_AFTER: &str = "SELECT m.seq, m.channel, m.seat, m.user_id, u.username, m.ply, m.body, \
     m.created_at FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id \
     WHERE m.game_id = $1 AND m.seq > $2 AND ((CAST($3 AS BIGINT) >> CAST(m.channel AS INTEGER)) & 1) = 1 \
     AND m.hidden_at IS NULL \
     AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.user_id = $4 AND b.blocked_id = m.user_id) \
     ORDER BY m.seq LIMIT $5";

/// How many messages user `$1` posted at or after `$2`.
pub(crate) const CHAT_POSTED_SINCE: &str = "SELECT COUNT(*) FROM chat_messages WHERE user_id = $1 AND created_at >= $2";

/// Writes a message in `tx` with the game's next seq and its notices; the seq. The
/// caller commits, then calls [`Db::chat_committed`].
pub(super) async fn insert_chat(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    message: &NewChat<'_>,
) -> Result<i64, sqlx::Error> {
    // The upsert locks the game's counter row until commit: a game's messages commit in
    // seq order, so a follower reading "after seq" cannot skip one.
    let (last_seq, base, published): (i64, i64, i64) = sqlx::query_as(
        "INSERT INTO game_chats (game_id, last_seq) VALUES ($1, 0) \
         ON CONFLICT (game_id) DO UPDATE SET last_seq = game_chats.last_seq \
         RETURNING last_seq, chat_base, published_seats",
    )
    .bind(message.game_id)
    .fetch_one(&mut **tx)
    .await?;
    let seq = if message.channel == 0 {
        conversation_seq(last_seq)
    } else if published != 0 {
        // A team channel published after the game is read with the other one: numbered
        // in commit order among all, as a reader following both needs (nothing is secret
        // any more).
        last_seq + 1
    } else {
        let earlier: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM chat_messages WHERE game_id = $1 AND seq > $2 AND channel = $3")
                .bind(message.game_id)
                .bind(base)
                .bind(message.channel)
                .fetch_one(&mut **tx)
                .await?;
        team_seq(base, message.channel, earlier)
            .ok_or_else(|| sqlx::Error::Protocol("too many team messages since the game's last public one".into()))?
    };
    sqlx::query("UPDATE game_chats SET last_seq = $2, chat_base = $3 WHERE game_id = $1")
        .bind(message.game_id)
        .bind(seq.max(last_seq))
        .bind(if message.channel == 0 { seq } else { base })
        .execute(&mut **tx)
        .await?;
    sqlx::query(
        "INSERT INTO chat_messages (game_id, seq, channel, seat, user_id, ply, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(message.game_id)
    .bind(seq)
    .bind(message.channel)
    .bind(SeatColumn(message.seat))
    .bind(message.user_id)
    .bind(message.ply)
    .bind(message.body)
    .bind(message.now)
    .execute(&mut **tx)
    .await?;
    insert_notices(tx, message.game_id, seq, message.user_id, message.readers, message.now).await?;
    if backend == Backend::Postgres {
        // Other instances' followers are woken by the commit itself (`~` marks chat).
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(crate::infra::hub::NOTIFY_CHANNEL)
            .bind(format!("~{}:{seq}", message.game_id))
            .execute(&mut **tx)
            .await?;
    }
    Ok(seq)
}

/// The stride of the game's conversation in message numbers. A message is numbered in
/// commit order, but a reader sees only some channels: with one counter for all, the gaps
/// between the conversation's numbers would count the teams' private messages. So the
/// conversation's messages take multiples of this stride, whatever the teams wrote between
/// them, and a team's messages take every second number above the conversation's last one
/// (team 0 the even ones, team 1 the odd ones): every reader sees numbers that grow in
/// commit order with gaps that depend only on what that reader can read. Once a team's
/// channel is published after the game, team messages take the next number of all.
pub const CONVERSATION_STRIDE: i64 = 1 << 20;

/// The number of the game's next conversation message, after `last_seq` (the game's last
/// message of any channel).
#[must_use]
pub fn conversation_seq(last_seq: i64) -> i64 {
    (last_seq / CONVERSATION_STRIDE + 1) * CONVERSATION_STRIDE
}

/// The number of a message on team channel `channel` (1 or 2) after `earlier` messages of
/// that channel above `base` (the conversation's last message, or where the numbering
/// began); `None` past the stride's room (half a million team messages between two public
/// ones).
#[must_use]
pub fn team_seq(base: i64, channel: i64, earlier: i64) -> Option<i64> {
    let offset = 2 * (earlier + 1) + (channel - 1);
    (matches!(channel, 1 | 2) && offset < CONVERSATION_STRIDE).then_some(base + offset)
}

/// The per-user chat limit: at most `max` messages posted at or after `since`.
#[derive(Debug, Clone, Copy)]
pub struct ChatLimit {
    pub since: i64,
    pub max: i64,
}

/// Whether `user_id` may post one more message under `limit`, counted in `tx` under a
/// lock on the author's row (PostgreSQL; SQLite's writes take turns), so posts sent at
/// once cannot all pass it. Taken before any game row is locked: users, then games, as
/// a vacation change does.
pub(super) async fn within_limit(
    tx: &mut Transaction<'static, Any>,
    backend: Backend,
    user_id: i64,
    limit: ChatLimit,
) -> Result<bool, sqlx::Error> {
    // `NO KEY`: other writers' foreign keys to the user (`FOR KEY SHARE`) pass.
    let lock = backend.for_no_key_update();
    sqlx::query(&format!("SELECT id FROM users WHERE id = $1{lock}"))
        .bind(user_id)
        .fetch_optional(&mut **tx)
        .await?;
    let posted: i64 = sqlx::query_scalar(CHAT_POSTED_SINCE)
        .bind(user_id)
        .bind(limit.since)
        .fetch_one(&mut **tx)
        .await?;
    Ok(posted < limit.max)
}

impl Db {
    /// Writes a message with the game's next seq, and who is told of it; the seq, or
    /// `None` when its author already posted `limit.max` messages since `limit.since`
    /// (counted as [`within_limit`] says).
    pub async fn post_chat(&self, message: &NewChat<'_>, limit: ChatLimit) -> Result<Option<i64>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        if !within_limit(&mut tx, self.backend, message.user_id, limit).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        let seq = insert_chat(&mut tx, self.backend, message).await?;
        tx.commit().await?;
        self.chat_committed(message.game_id);
        Ok(Some(seq))
    }

    /// Wakes this instance's followers of a game's chat, and the notification worker,
    /// once a message is committed.
    pub(super) fn chat_committed(&self, game_id: &str) {
        self.hub.chat_posted(game_id);
        self.hub.work.outbox.notify_one();
    }

    /// Messages of `game_id` after `after` on the `channels` mask, as `viewer` may read
    /// them (without the authors `viewer` blocks), oldest first.
    pub async fn chat_after(
        &self,
        game_id: &str,
        after: i64,
        channels: i64,
        viewer: Option<i64>,
        limit: i64,
    ) -> Result<Vec<ChatRow>, sqlx::Error> {
        sqlx::query_as(CHAT_AFTER)
            .bind(game_id)
            .bind(after)
            .bind(channels)
            .bind(viewer.unwrap_or(0))
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }

    /// The seats that published their team channel after the game.
    pub async fn chat_published(&self, game_id: &str) -> Result<i64, sqlx::Error> {
        let published: Option<i64> = sqlx::query_scalar("SELECT published_seats FROM game_chats WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(self.pool())
            .await?;
        Ok(published.unwrap_or(0))
    }

    /// The number of the game's last message on the channels in the mask `channels` (bit c:
    /// channel c), hidden ones included; 0 before the first. What a follower that only
    /// wants new messages starts after: a later message on those channels is numbered above
    /// it (numbers of other channels may be higher, and later ones lower).
    pub async fn chat_last_seq(&self, game_id: &str, channels: i64) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(
            "SELECT COALESCE(MAX(seq), 0) FROM chat_messages WHERE game_id = $1 \
             AND ((CAST($2 AS BIGINT) >> CAST(channel AS INTEGER)) & 1) = 1",
        )
        .bind(game_id)
        .bind(channels)
        .fetch_one(self.pool())
        .await
    }

    /// Marks `seat`'s team channel as published by that seat; the seats that published.
    pub async fn publish_team_chat(&self, game_id: &str, seat: Player) -> Result<i64, sqlx::Error> {
        let _turn = self.write_turn().await;
        sqlx::query_scalar(
            "INSERT INTO game_chats (game_id, last_seq, published_seats) VALUES ($1, 0, $2) \
             ON CONFLICT (game_id) DO UPDATE SET published_seats = game_chats.published_seats | $2 \
             RETURNING published_seats",
        )
        .bind(game_id)
        .bind(1_i64 << seat.get())
        .fetch_one(self.pool())
        .await
    }

    /// How many messages `user_id` posted since `since` (the per-user chat limit; counted
    /// in the database, so it holds across instances).
    pub async fn chat_posted_since(&self, user_id: i64, since: i64) -> Result<i64, sqlx::Error> {
        sqlx::query_scalar(CHAT_POSTED_SINCE)
            .bind(user_id)
            .bind(since)
            .fetch_one(self.pool())
            .await
    }

    /// One message, whoever may read it, and whether it is hidden (moderation, reports).
    pub async fn chat_message(&self, game_id: &str, seq: i64) -> Result<Option<(ChatRow, bool)>, sqlx::Error> {
        let row = sqlx::query(
            "SELECT m.seq, m.channel, m.seat, m.user_id, u.username, m.ply, m.body, m.created_at, m.hidden_at \
             FROM chat_messages m LEFT JOIN users u ON u.id = m.user_id WHERE m.game_id = $1 AND m.seq = $2",
        )
        .bind(game_id)
        .bind(seq)
        .fetch_optional(self.pool())
        .await?;
        row.map(|row| {
            let hidden = row.try_get::<Option<i64>, _>("hidden_at")?.is_some();
            Ok((ChatRow::from_row(&row)?, hidden))
        })
        .transpose()
    }

    /// Hides a message from every reader (moderation), with its audit entry in the same
    /// transaction; whether it was shown.
    pub async fn hide_chat(
        &self,
        game_id: &str,
        seq: i64,
        by: i64,
        now: i64,
        audit: &AuditEntry,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE chat_messages SET hidden_at = $1, hidden_by = $2 \
             WHERE game_id = $3 AND seq = $4 AND hidden_at IS NULL",
        )
        .bind(now)
        .bind(by)
        .bind(game_id)
        .bind(seq)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        super::administration::insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    /// Numbers messages on `channels` in commit order as `insert_chat` does.
    fn number(channels: &[i64]) -> Vec<i64> {
        let (mut last, mut base) = (0, 0);
        let mut out: Vec<(i64, i64)> = Vec::new();
        for &channel in channels {
            let seq = if channel == 0 {
                conversation_seq(last)
            } else {
                let earlier = out.iter().filter(|&&(c, s)| c == channel && s > base).count();
                team_seq(base, channel, i64::try_from(earlier).unwrap()).unwrap()
            };
            last = last.max(seq);
            if channel == 0 {
                base = seq;
            }
            out.push((channel, seq));
        }
        out.into_iter().map(|(_, s)| s).collect()
    }

    /// What a reader of `channels` sees of `all` (numbered together).
    fn seen(all: &[i64], numbers: &[i64], reads: &[i64]) -> Vec<i64> {
        all.iter()
            .zip(numbers)
            .filter(|(c, _)| reads.contains(c))
            .map(|(_, s)| *s)
            .collect()
    }

    #[test]
    fn numbers_grow_in_commit_order_and_hide_the_channels_a_reader_cannot_see() {
        // Every sequence of up to 7 messages on the conversation and both team channels.
        for len in 0..=7_u32 {
            for code in 0..3_u32.pow(len) {
                let all: Vec<i64> = (0..len).map(|i| i64::from(code / 3_u32.pow(i) % 3)).collect();
                let numbers = number(&all);
                let mut distinct = numbers.clone();
                distinct.sort_unstable();
                distinct.dedup();
                assert_eq!(distinct.len(), numbers.len(), "{all:?} -> {numbers:?}");
                for reads in [&[0][..], &[0, 1], &[0, 2]] {
                    // Each reader's numbers grow in commit order (no one reads both team
                    // channels before they are published, when numbering follows commits).
                    let view = seen(&all, &numbers, reads);
                    assert!(
                        view.windows(2).all(|w| w[0] < w[1]),
                        "{all:?} read as {reads:?}: {view:?}"
                    );
                    // The reader's numbers are those of a game where nobody else wrote.
                    let alone: Vec<i64> = all.iter().copied().filter(|c| reads.contains(c)).collect();
                    assert_eq!(seen(&all, &numbers, reads), number(&alone), "{all:?} read as {reads:?}");
                }
            }
        }
    }

    #[test]
    fn a_team_channel_has_room_for_half_a_million_messages_between_public_ones() {
        assert_eq!(team_seq(0, 1, 0), Some(2));
        assert_eq!(team_seq(0, 2, 0), Some(3));
        assert_eq!(team_seq(CONVERSATION_STRIDE, 1, 1), Some(CONVERSATION_STRIDE + 4));
        assert!(team_seq(0, 1, CONVERSATION_STRIDE / 2 - 2).is_some());
        assert_eq!(team_seq(0, 1, CONVERSATION_STRIDE / 2), None);
        assert_eq!(team_seq(0, 3, 0), None);
        assert_eq!(conversation_seq(0), CONVERSATION_STRIDE);
        assert_eq!(conversation_seq(CONVERSATION_STRIDE + 5), 2 * CONVERSATION_STRIDE);
    }
}
