//! `user_blocks` (who accepts no invitations from whom) and the count of a user's pending
//! invitations, which caps how many one account can have outstanding.

use sqlx::Row;

use super::Db;

impl Db {
    /// `user_id` blocks `blocked_id` (again: no change).
    pub async fn block_user(&self, user_id: i64, blocked_id: i64, now: i64) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO user_blocks (user_id, blocked_id, created_at) VALUES ($1, $2, $3) \
             ON CONFLICT (user_id, blocked_id) DO NOTHING",
        )
        .bind(user_id)
        .bind(blocked_id)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }

    /// Lifts a block; whether there was one.
    pub async fn unblock_user(&self, user_id: i64, blocked_id: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("DELETE FROM user_blocks WHERE user_id = $1 AND blocked_id = $2")
            .bind(user_id)
            .bind(blocked_id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// The usernames `user_id` blocks, alphabetically.
    pub async fn blocked_users(&self, user_id: i64) -> Result<Vec<String>, sqlx::Error> {
        sqlx::query(
            "SELECT u.username FROM user_blocks b JOIN users u ON u.id = b.blocked_id \
             WHERE b.user_id = $1 ORDER BY u.username_key",
        )
        .bind(user_id)
        .fetch_all(self.pool())
        .await?
        .iter()
        .map(|r| r.try_get::<String, _>(0))
        .collect()
    }

    /// Whether `user_id` blocks `other`.
    pub async fn blocks(&self, user_id: i64, other: i64) -> Result<bool, sqlx::Error> {
        let row = sqlx::query("SELECT 1 FROM user_blocks WHERE user_id = $1 AND blocked_id = $2")
            .bind(user_id)
            .bind(other)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.is_some())
    }
}

/// Invitations `$1` sent that are still unanswered (seats reserved for someone in their
/// waiting games); counted inside the transaction that adds more (`Db::create_game`).
pub(super) const PENDING_INVITATIONS_SENT: &str = "SELECT COUNT(*) FROM games g JOIN game_seats s ON s.game_id = g.id \
     WHERE g.created_by = $1 AND g.status = 'waiting' AND s.invited_user_id IS NOT NULL AND s.user_id IS NULL";
