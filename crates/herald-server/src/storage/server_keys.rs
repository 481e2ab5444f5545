//! The `server_keys` table: the server's own secrets (e.g. the key signing unsubscribe
//! links), created once and shared by every instance.

use super::Db;

impl Db {
    /// A server key, if it was created.
    pub async fn server_key(&self, name: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT value FROM server_keys WHERE name = $1")
            .bind(name)
            .fetch_optional(self.pool())
            .await
    }

    /// Stores `fresh` as the key `name` unless another instance stored one first; returns
    /// the key in force.
    pub async fn create_server_key(&self, name: &str, fresh: &str) -> Result<String, sqlx::Error> {
        sqlx::query("INSERT INTO server_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING")
            .bind(name)
            .bind(fresh)
            .execute(self.pool())
            .await?;
        sqlx::query_scalar("SELECT value FROM server_keys WHERE name = $1")
            .bind(name)
            .fetch_one(self.pool())
            .await
    }
}
