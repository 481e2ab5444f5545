//! Bot accounts and their turns: the `bots` rows that make a user a bot, the games where a
//! bot is to move or is invited, and the lease (`bot_turns`) that lets one instance take a
//! bot's turn at a time.

use sqlx::Row;

use super::Db;

/// A bot as the worker and the admin pages see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotRow {
    pub user_id: i64,
    pub username: String,
    pub level: i64,
    pub description: String,
    pub paused: bool,
    pub max_games: i64,
}

/// A game where a bot is to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotTurn {
    pub game_id: String,
    pub ply: i64,
    pub user_id: i64,
    pub username: String,
    pub level: i64,
}

/// A waiting game with a seat reserved for a bot that may still take a game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotInvitation {
    pub game_id: String,
    pub user_id: i64,
    pub username: String,
}

/// A password hash no password matches: a bot never logs in.
pub const NO_PASSWORD: &str = "!bot";

impl Db {
    /// Creates a bot account; `Ok(None)` when the name is taken.
    pub async fn create_bot(
        &self,
        username: &str,
        key: &str,
        level: i64,
        description: &str,
        now: i64,
    ) -> Result<Option<i64>, sqlx::Error> {
        let Some(id) = self.create_user(username, key, NO_PASSWORD, now).await? else {
            return Ok(None);
        };
        let _turn = self.write_turn().await;
        sqlx::query("INSERT INTO bots (user_id, level, description) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(level)
            .bind(description)
            .execute(&self.pool)
            .await?;
        Ok(Some(id))
    }

    /// Every bot, by name.
    pub async fn bots(&self) -> Result<Vec<BotRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT b.user_id, u.username, b.level, b.description, b.paused, b.max_games \
             FROM bots b JOIN users u ON u.id = b.user_id ORDER BY u.username_key",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BotRow {
                    user_id: r.try_get(0)?,
                    username: r.try_get(1)?,
                    level: r.try_get(2)?,
                    description: r.try_get(3)?,
                    paused: r.try_get::<i64, _>(4)? != 0,
                    max_games: r.try_get(5)?,
                })
            })
            .collect()
    }

    /// Pauses or resumes a bot and sets how many games it may have at once; false when
    /// `user_id` is no bot.
    pub async fn set_bot(&self, user_id: i64, paused: bool, max_games: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE bots SET paused = $1, max_games = $2 WHERE user_id = $3")
            .bind(i64::from(paused))
            .bind(max_games)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Active games where an unpaused bot is to move and no instance holds the turn
    /// (`games_move_by` bounds the scan to active games).
    pub async fn due_bot_turns(&self, now: i64, limit: i64) -> Result<Vec<BotTurn>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT g.id, g.ply, b.user_id, u.username, b.level \
             FROM games g \
             JOIN game_seats s ON s.game_id = g.id AND s.seat = g.turn \
             JOIN bots b ON b.user_id = s.user_id \
             JOIN users u ON u.id = b.user_id \
             WHERE g.status = 'active' AND b.paused = 0 \
             AND NOT EXISTS (SELECT 1 FROM bot_turns t WHERE t.game_id = g.id AND t.ply = g.ply AND t.expires_at > $1) \
             ORDER BY g.move_by LIMIT $2",
        )
        .bind(now)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BotTurn {
                    game_id: r.try_get(0)?,
                    ply: r.try_get(1)?,
                    user_id: r.try_get(2)?,
                    username: r.try_get(3)?,
                    level: r.try_get(4)?,
                })
            })
            .collect()
    }

    /// Takes the bot's turn at `ply` of `game_id` until `now + lease_ms`: true for exactly
    /// one caller while the lease runs (the upsert's condition is checked under the row's
    /// lock on PostgreSQL; SQLite has one writer). A lease of an earlier ply, or one that
    /// expired, is taken over.
    pub async fn claim_bot_turn(&self, game_id: &str, ply: i64, now: i64, lease_ms: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "INSERT INTO bot_turns (game_id, ply, expires_at) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET ply = excluded.ply, expires_at = excluded.expires_at \
             WHERE bot_turns.ply <> excluded.ply OR bot_turns.expires_at <= $4",
        )
        .bind(game_id)
        .bind(ply)
        .bind(now + lease_ms)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Waiting games with a seat reserved for an unpaused bot that is under its game limit,
    /// within its settings (variants, days per move, rated or casual).
    pub async fn bot_invitations(&self, limit: i64) -> Result<Vec<BotInvitation>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT g.id, b.user_id, u.username FROM games g \
             JOIN game_seats s ON s.game_id = g.id AND s.user_id IS NULL \
             JOIN bots b ON b.user_id = s.invited_user_id \
             JOIN users u ON u.id = b.user_id \
             WHERE g.status = 'waiting' AND b.paused = 0 \
             AND (b.variants = '' OR ',' || b.variants || ',' LIKE '%,' || g.variant || ',%') \
             AND g.days_per_move BETWEEN b.min_days AND b.max_days \
             AND (b.rated = 2 OR b.rated = g.rated) \
             AND (SELECT COUNT(*) FROM game_seats x JOIN games y ON y.id = x.game_id \
                  WHERE x.user_id = b.user_id AND y.status = 'active') < b.max_games \
             ORDER BY g.created_at LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BotInvitation {
                    game_id: r.try_get(0)?,
                    user_id: r.try_get(1)?,
                    username: r.try_get(2)?,
                })
            })
            .collect()
    }
}
