//! When each player was last seen: `users.last_seen_at`, to the hour. Every request that
//! names its user reports it here; a small per-instance memory of who was written when keeps
//! that to one write per player and hour, off the request's path.

use std::sync::Arc;

use super::Db;

/// How fresh `last_seen_at` is kept: a profile says "today", "3 hours ago", never minutes.
pub const PRESENCE_GRANULARITY_MS: i64 = 60 * 60 * 1000;

/// Players written recently by this instance: user id → when.
pub(crate) type Recent = Arc<quick_cache::sync::Cache<i64, i64>>;

/// A memory of 100,000 players: beyond that, the least recently seen are written again.
pub(crate) fn recent() -> Recent {
    Arc::new(quick_cache::sync::Cache::new(100_000))
}

impl Db {
    /// `user_id` was seen at `now`. Writes in the background, at most once an hour per
    /// player (and instance); a failed write is logged and retried on a later request.
    pub fn seen(&self, user_id: i64, now: i64) {
        if self
            .presence
            .get(&user_id)
            .is_some_and(|at| now - at < PRESENCE_GRANULARITY_MS)
        {
            return;
        }
        self.presence.insert(user_id, now);
        let db = self.clone();
        tokio::spawn(async move {
            // In SQLite's write queue like every other write: a writer outside it would make
            // the queued ones meet a busy database.
            let _turn = db.write_turn().await;
            let written = sqlx::query(
                "UPDATE users SET last_seen_at = $1 WHERE id = $2 AND (last_seen_at IS NULL OR last_seen_at < $3)",
            )
            .bind(now)
            .bind(user_id)
            .bind(now - PRESENCE_GRANULARITY_MS)
            .execute(&db.pool)
            .await;
            if let Err(error) = written {
                tracing::warn!(%error, user_id, "could not record when a player was last seen");
                db.presence.remove(&user_id);
            }
        });
    }

    /// When `user_id`'s account was made and when they were last seen.
    pub async fn user_dates(&self, user_id: i64) -> Result<Option<(i64, Option<i64>)>, sqlx::Error> {
        sqlx::query_as("SELECT created_at, last_seen_at FROM users WHERE id = $1")
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await
    }
}
