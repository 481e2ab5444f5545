//! The `conditional_lines` table and the games' `conditional_seats` mask: a player's
//! conditional moves in a game, saved (guarded by the game's ply), rewritten by the move
//! that follows them (guarded by their version, inside the move's transaction:
//! `games::statement` and `games::transaction`), and the lines players chose to reveal after the game.

use herald_rules::Player;
use sqlx::{Any, FromRow, Transaction};

use super::{Db, SeatColumn};

/// One seat's conditional lines in a game.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct ConditionalRow {
    #[sqlx(try_from = "SeatColumn")]
    pub seat: Player,
    pub user_id: i64,
    /// The game ply the tree starts from; once the game has left it, the tree is stale.
    pub ply: i64,
    /// The tree of moves still to come (JSON, `games::conditional_tree`).
    pub tree: String,
    /// Bumped by every rewrite: what a move's rewrite is guarded by.
    pub version: i64,
    pub reveal: i64,
    /// Why the lines were last dropped unplayed.
    pub notice: Option<String>,
    /// The lines as last saved by the player, from `saved_ply`.
    pub saved_ply: i64,
    pub saved_tree: String,
    pub updated_at: i64,
}

/// A revealed set of lines of a finished game, with its player.
#[derive(Debug, Clone, PartialEq, Eq, FromRow)]
pub struct RevealedLines {
    #[sqlx(try_from = "SeatColumn")]
    pub seat: Player,
    pub username: String,
    pub saved_ply: i64,
    pub saved_tree: String,
}

/// A rewrite of one seat's lines by a move that followed them (or left them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinesWrite {
    pub seat: Player,
    /// The version read before the move: the rewrite happens only if it is unchanged.
    pub version: i64,
    /// The ply the remaining tree starts from.
    pub ply: i64,
    pub tree: String,
    /// Set when the lines were dropped because a reply was no longer legal.
    pub notice: Option<String>,
}

/// Game `$1`'s lines, every seat.
pub(crate) const CONDITIONALS_OF_GAME: &str = "SELECT seat, user_id, ply, tree, version, reveal, notice, \
     saved_ply, saved_tree, updated_at FROM conditional_lines WHERE game_id = $1 ORDER BY seat";

/// Game `$1`'s lines their players chose to reveal, with the players' names.
pub(crate) const REVEALED_CONDITIONALS: &str = "SELECT c.seat, u.username, c.saved_ply, c.saved_tree \
     FROM conditional_lines c JOIN users u ON u.id = c.user_id \
     WHERE c.game_id = $1 AND c.reveal = 1 ORDER BY c.seat";

impl Db {
    /// Every seat's lines in `game_id`.
    pub async fn conditionals(&self, game_id: &str) -> Result<Vec<ConditionalRow>, sqlx::Error> {
        sqlx::query_as(CONDITIONALS_OF_GAME)
            .bind(game_id)
            .fetch_all(self.pool())
            .await
    }

    /// The revealed lines of `game_id`.
    pub async fn revealed_conditionals(&self, game_id: &str) -> Result<Vec<RevealedLines>, sqlx::Error> {
        sqlx::query_as(REVEALED_CONDITIONALS)
            .bind(game_id)
            .fetch_all(self.pool())
            .await
    }

    /// Replaces `seat`'s lines in `game_id` with `tree` from `ply` (an empty tree: none),
    /// only if the game is still active at `ply`; `false` (nothing written) otherwise.
    /// The game row is written first, so the save and a move of the same game are
    /// serialised: a move either sees these lines or made this save fail.
    #[allow(clippy::too_many_arguments)]
    pub async fn save_conditionals(
        &self,
        game_id: &str,
        seat: Player,
        user_id: i64,
        ply: i64,
        tree: &str,
        holds_lines: bool,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let bit = 1_i64 << seat.get();
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mask = if holds_lines {
            "conditional_seats | $1"
        } else {
            "conditional_seats & ~$1"
        };
        let locked = sqlx::query(&format!(
            "UPDATE games SET conditional_seats = {mask} WHERE id = $2 AND ply = $3 AND status = 'active'"
        ))
        .bind(bit)
        .bind(game_id)
        .bind(ply)
        .execute(&mut *tx)
        .await?;
        if locked.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO conditional_lines (game_id, seat, user_id, ply, tree, version, notice, saved_ply, \
             saved_tree, updated_at) VALUES ($1, $2, $3, $4, $5, 1, NULL, $4, $5, $6) \
             ON CONFLICT (game_id, seat) DO UPDATE SET user_id = excluded.user_id, ply = excluded.ply, \
             tree = excluded.tree, version = conditional_lines.version + 1, notice = NULL, \
             saved_ply = excluded.saved_ply, saved_tree = excluded.saved_tree, updated_at = excluded.updated_at",
        )
        .bind(game_id)
        .bind(SeatColumn(seat))
        .bind(user_id)
        .bind(ply)
        .bind(tree)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Whether `seat`'s lines in `game_id` are revealed with the record after the game;
    /// `false` when the seat never saved any.
    pub async fn reveal_conditionals(&self, game_id: &str, seat: Player, reveal: bool) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE conditional_lines SET reveal = $1 WHERE game_id = $2 AND seat = $3")
            .bind(i64::from(reveal))
            .bind(game_id)
            .bind(SeatColumn(seat))
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }
}

/// Applies a move's rewrites of the lines it followed, inside its transaction; `false`
/// when some lines changed since they were read (the caller rolls back and retries).
pub(super) async fn write_lines(
    tx: &mut Transaction<'_, Any>,
    game_id: &str,
    writes: &[LinesWrite],
    now: i64,
) -> Result<bool, sqlx::Error> {
    for write in writes {
        let done = sqlx::query(
            "UPDATE conditional_lines SET ply = $1, tree = $2, notice = COALESCE($3, notice), \
             version = version + 1, updated_at = $4 WHERE game_id = $5 AND seat = $6 AND version = $7",
        )
        .bind(write.ply)
        .bind(&write.tree)
        .bind(write.notice.as_deref())
        .bind(now)
        .bind(game_id)
        .bind(SeatColumn(write.seat))
        .bind(write.version)
        .execute(&mut **tx)
        .await?;
        if done.rows_affected() == 0 {
            return Ok(false);
        }
    }
    Ok(true)
}
