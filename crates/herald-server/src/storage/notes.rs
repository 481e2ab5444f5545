//! The `game_notes` table: a user's private notes on a game (as a whole, or on the position
//! after one of its moves), and which of a finished game's notes its players published.

use sqlx::{Any, FromRow, Transaction};

use super::Db;

/// One note.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct NoteRow {
    /// 0: the game as a whole; n: the position after move n.
    pub ply: i64,
    pub text: String,
    pub updated_at: i64,
    pub published_at: Option<i64>,
}

/// A published note with its author, for the game record.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PublishedNote {
    pub ply: i64,
    pub username: String,
    pub text: String,
}

/// User `$2`'s notes on game `$1`, by ply.
pub(crate) const NOTES: &str = "SELECT ply, text, updated_at, published_at FROM game_notes \
     WHERE game_id = $1 AND user_id = $2 ORDER BY ply";

/// Game `$1`'s published notes, by ply and author.
pub(crate) const PUBLISHED_NOTES: &str = "SELECT n.ply, u.username, n.text FROM game_notes n \
     JOIN users u ON u.id = n.user_id WHERE n.game_id = $1 AND n.published_at IS NOT NULL \
     ORDER BY n.ply, u.username";

impl Db {
    /// `user_id`'s notes on `game_id`, by ply.
    pub async fn notes(&self, game_id: &str, user_id: i64) -> Result<Vec<NoteRow>, sqlx::Error> {
        sqlx::query_as(NOTES)
            .bind(game_id)
            .bind(user_id)
            .fetch_all(self.pool())
            .await
    }

    /// Writes a note (an empty `text` removes it). A note written again is private again
    /// until it is published anew.
    pub async fn save_note(
        &self,
        game_id: &str,
        user_id: i64,
        ply: i64,
        text: &str,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        if text.is_empty() {
            sqlx::query("DELETE FROM game_notes WHERE game_id = $1 AND user_id = $2 AND ply = $3")
                .bind(game_id)
                .bind(user_id)
                .bind(ply)
                .execute(self.pool())
                .await?;
            return Ok(());
        }
        sqlx::query(
            "INSERT INTO game_notes (game_id, user_id, ply, text, updated_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, user_id, ply) DO UPDATE SET text = excluded.text, \
             updated_at = excluded.updated_at, published_at = NULL",
        )
        .bind(game_id)
        .bind(user_id)
        .bind(ply)
        .bind(text)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }

    /// Publishes (or with `false` withdraws) all of `user_id`'s notes on `game_id`; how
    /// many there are.
    pub async fn publish_notes(
        &self,
        game_id: &str,
        user_id: i64,
        publish: bool,
        now: i64,
    ) -> Result<u64, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE game_notes SET published_at = $1 WHERE game_id = $2 AND user_id = $3")
            .bind(publish.then_some(now))
            .bind(game_id)
            .bind(user_id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected())
    }

    /// A game's published notes, by ply and author.
    pub async fn published_notes(&self, game_id: &str) -> Result<Vec<PublishedNote>, sqlx::Error> {
        sqlx::query_as(PUBLISHED_NOTES)
            .bind(game_id)
            .fetch_all(self.pool())
            .await
    }
}

/// Forgets every user's notes on the positions from ply `ply` on of `game_id`, inside the
/// transaction of the takeback that removed those positions from the game.
pub(crate) async fn forget_from(tx: &mut Transaction<'_, Any>, game_id: &str, ply: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM game_notes WHERE game_id = $1 AND ply >= $2")
        .bind(game_id)
        .bind(ply)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
