//! Confirming a notification address (`notification_settings.email_confirmed`) and queueing
//! the confirmation mail on the e-mail outbox.

use super::{Db, NewEmail};

impl Db {
    /// Marks `email` confirmed for `user_id` if it is still the user's address; whether it was.
    pub async fn confirm_email(&self, user_id: i64, email: &str, now: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE notification_settings SET email_confirmed = email, updated_at = $3 \
             WHERE user_id = $1 AND email = $2",
        )
        .bind(user_id)
        .bind(email)
        .bind(now)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Queues a confirmation mail (once per user and address); whether it was queued.
    pub async fn queue_confirmation(&self, email: &NewEmail, now: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        let queued = Db::queue_email(&mut tx, email, now).await?;
        tx.commit().await?;
        Ok(queued)
    }
}
