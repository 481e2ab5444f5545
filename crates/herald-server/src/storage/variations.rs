//! The `game_variations` table: a user's saved analysis variations on a game (one tree per
//! user and game, as validated JSON text), and which of a finished game's trees its players
//! published.

use sqlx::{Any, FromRow, Transaction};

use super::Db;

/// A user's saved variations on the game, rewritten by a takeback (the lines branching
/// from the position that was taken back are gone), guarded by when they were last saved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariationsWrite {
    pub user_id: i64,
    /// The `updated_at` read: the rewrite happens only if it is unchanged.
    pub updated_at: i64,
    /// The tree left (`None`: nothing left, the row is deleted).
    pub tree: Option<String>,
}

/// A user's variation tree on a game.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct VariationRow {
    /// The tree as JSON text (`crate::api::games::variations` reads and writes it).
    pub tree: String,
    pub updated_at: i64,
    pub published_at: Option<i64>,
}

/// A published tree with its author, for the game record.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct PublishedVariation {
    pub username: String,
    pub tree: String,
}

/// User `$2`'s variations on game `$1`.
pub(crate) const VARIATIONS: &str =
    "SELECT tree, updated_at, published_at FROM game_variations WHERE game_id = $1 AND user_id = $2";

/// Every user's variations on game `$1` (a takeback prunes them), by user.
pub(crate) const VARIATIONS_OF_GAME: &str =
    "SELECT user_id, tree, updated_at FROM game_variations WHERE game_id = $1 ORDER BY user_id";

/// A user's tree on a game, as a takeback reads it.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct UserVariations {
    pub user_id: i64,
    pub tree: String,
    pub updated_at: i64,
}

/// Game `$1`'s published variations, by author.
pub(crate) const PUBLISHED_VARIATIONS: &str = "SELECT u.username, v.tree FROM game_variations v \
     JOIN users u ON u.id = v.user_id WHERE v.game_id = $1 AND v.published_at IS NOT NULL \
     ORDER BY u.username";

impl Db {
    /// Every user's variation tree on `game_id`.
    pub async fn variations_of_game(&self, game_id: &str) -> Result<Vec<UserVariations>, sqlx::Error> {
        sqlx::query_as(VARIATIONS_OF_GAME)
            .bind(game_id)
            .fetch_all(self.pool())
            .await
    }

    /// `user_id`'s variation tree on `game_id`, if any.
    pub async fn variations(&self, game_id: &str, user_id: i64) -> Result<Option<VariationRow>, sqlx::Error> {
        sqlx::query_as(VARIATIONS)
            .bind(game_id)
            .bind(user_id)
            .fetch_optional(self.pool())
            .await
    }

    /// Replaces `user_id`'s tree on `game_id` (`None` removes it). A tree saved again is
    /// private again until it is published anew.
    pub async fn save_variations(
        &self,
        game_id: &str,
        user_id: i64,
        tree: Option<&str>,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        let Some(tree) = tree else {
            sqlx::query("DELETE FROM game_variations WHERE game_id = $1 AND user_id = $2")
                .bind(game_id)
                .bind(user_id)
                .execute(self.pool())
                .await?;
            return Ok(());
        };
        sqlx::query(
            "INSERT INTO game_variations (game_id, user_id, tree, updated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, user_id) DO UPDATE SET tree = excluded.tree, \
             updated_at = excluded.updated_at, published_at = NULL",
        )
        .bind(game_id)
        .bind(user_id)
        .bind(tree)
        .bind(now)
        .execute(self.pool())
        .await
        .map(|_| ())
    }

    /// Publishes (or with `false` withdraws) `user_id`'s tree on `game_id`; whether there
    /// is one.
    pub async fn publish_variations(
        &self,
        game_id: &str,
        user_id: i64,
        publish: bool,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE game_variations SET published_at = $1 WHERE game_id = $2 AND user_id = $3")
            .bind(publish.then_some(now))
            .bind(game_id)
            .bind(user_id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// A game's published trees, by author.
    pub async fn published_variations(&self, game_id: &str) -> Result<Vec<PublishedVariation>, sqlx::Error> {
        sqlx::query_as(PUBLISHED_VARIATIONS)
            .bind(game_id)
            .fetch_all(self.pool())
            .await
    }
}

/// Applies a takeback's rewrites of users' trees, inside its transaction; `false` when a
/// tree was saved since it was read (the caller rolls back: the takeback is refused as a
/// conflict and tried again by the player).
pub(crate) async fn write_variations(
    tx: &mut Transaction<'_, Any>,
    game_id: &str,
    writes: &[VariationsWrite],
    now: i64,
) -> Result<bool, sqlx::Error> {
    for write in writes {
        let done = match &write.tree {
            Some(tree) => {
                sqlx::query(
                    "UPDATE game_variations SET tree = $1, updated_at = $2 \
                     WHERE game_id = $3 AND user_id = $4 AND updated_at = $5",
                )
                .bind(tree)
                .bind(now)
                .bind(game_id)
                .bind(write.user_id)
                .bind(write.updated_at)
                .execute(&mut **tx)
                .await?
            }
            None => {
                sqlx::query("DELETE FROM game_variations WHERE game_id = $1 AND user_id = $2 AND updated_at = $3")
                    .bind(game_id)
                    .bind(write.user_id)
                    .bind(write.updated_at)
                    .execute(&mut **tx)
                    .await?
            }
        };
        if done.rows_affected() == 0 {
            return Ok(false);
        }
    }
    Ok(true)
}
