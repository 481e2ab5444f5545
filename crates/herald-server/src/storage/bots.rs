//! Bot accounts and their work: the `bots` rows that make a user a bot, the games where a
//! bot is to move, is invited, may take an open challenge or fill a seat, the lease
//! (`bot_turns`) that lets one instance take a bot's turn at a time, and each instance's
//! short-lived copy of the bots' names (for the BOT badge on every page).

use std::collections::BTreeSet;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use sqlx::Row;
use sqlx::any::AnyRow;

use super::administration::{AuditEntry, insert_audit};
use super::decode::typed;
use super::{Db, is_unique_violation};
use crate::domain::bots::BotSettings;
use crate::domain::club_states::AuditTarget;

/// A bot as the worker and the pages see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotRow {
    pub user_id: i64,
    pub username: String,
    pub settings: BotSettings,
    /// Games it sits in that are waiting or in progress.
    pub current_games: i64,
    pub created_at: i64,
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

/// A waiting game a bot may take a seat in (reserved for it, or open long enough).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotInvitation {
    pub game_id: String,
    pub user_id: i64,
    pub username: String,
}

/// A waiting game whose open seats are due to be filled with bots near `level`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotFill {
    pub game_id: String,
    pub level: i64,
}

/// A password hash no password matches: a bot never logs in.
pub const NO_PASSWORD: &str = "!bot";

/// How long an instance trusts its copy of the bots' names: a bot made on another
/// instance shows its badge there within this.
const NAMES_FRESH_FOR: Duration = Duration::from_secs(5);

/// One instance's copy of the bots' names.
#[derive(Debug, Default)]
pub struct BotNamesCache(RwLock<Option<(Arc<BTreeSet<String>>, Instant)>>);

impl BotNamesCache {
    fn fresh(&self) -> Option<Arc<BTreeSet<String>>> {
        let guard = self.0.read().ok()?;
        let (names, at) = guard.as_ref()?;
        (at.elapsed() < NAMES_FRESH_FOR).then(|| Arc::clone(names))
    }

    fn put(&self, names: Option<Arc<BTreeSet<String>>>) {
        if let Ok(mut guard) = self.0.write() {
            *guard = names.map(|n| (n, Instant::now()));
        }
    }
}

const BOT_COLUMNS: &str = "b.user_id, u.username, b.level, b.description, b.variants, b.min_days, b.max_days, \
     b.rated, b.paused, b.max_games, b.open_after_minutes, b.created_at, \
     (SELECT COUNT(*) FROM game_seats s WHERE s.user_id = b.user_id AND s.finished_at IS NULL) AS current_games";

fn bot_row(row: &AnyRow) -> Result<BotRow, sqlx::Error> {
    let user_id: i64 = row.try_get("user_id")?;
    let id = user_id.to_string();
    Ok(BotRow {
        user_id,
        username: row.try_get("username")?,
        settings: BotSettings {
            level: u8::try_from(row.try_get::<i64, _>("level")?).map_err(|e| sqlx::Error::Decode(Box::new(e)))?,
            description: row.try_get("description")?,
            variants: BotSettings::parse_variants(&row.try_get::<String, _>("variants")?),
            min_days: row.try_get("min_days")?,
            max_days: row.try_get("max_days")?,
            rated: typed(row, "bots", &id, "rated")?,
            paused: row.try_get::<i64, _>("paused")? != 0,
            max_games: row.try_get("max_games")?,
            open_after_minutes: row.try_get("open_after_minutes")?,
        },
        current_games: row.try_get("current_games")?,
        created_at: row.try_get("created_at")?,
    })
}

fn invitation(row: &AnyRow) -> Result<BotInvitation, sqlx::Error> {
    Ok(BotInvitation {
        game_id: row.try_get(0)?,
        user_id: row.try_get(1)?,
        username: row.try_get(2)?,
    })
}

/// Games in progress where a bot is to move and no instance holds the turn (`$1` now,
/// `$2` limit), most urgent first: the bots' unfinished seats first (`game_seats_user`,
/// materialized so that neither planner reads every active game by deadline instead; the
/// bots' games are few, all active games are not), then each one's game by key.
pub(in crate::storage) const DUE_BOT_TURNS: &str = "WITH mine AS MATERIALIZED (\
             SELECT s.game_id, s.seat, b.user_id, b.level FROM bots b \
             CROSS JOIN game_seats s WHERE s.user_id = b.user_id AND s.finished_at IS NULL) \
             SELECT g.id, g.ply, m.user_id, u.username, m.level \
             FROM mine m CROSS JOIN games g JOIN users u ON u.id = m.user_id \
             WHERE g.id = m.game_id AND g.turn = m.seat AND g.status = 'active' \
             AND NOT EXISTS (SELECT 1 FROM bot_turns t WHERE t.game_id = g.id AND t.ply = g.ply AND t.expires_at > $1) \
             ORDER BY g.move_by LIMIT $2";

/// Waiting games with a seat reserved for a bot that would take it (`$1` rated bot games
/// allowed, `$2` limit): the bots' reserved seats first (`game_seats_invited`, materialized
/// as in [`DUE_BOT_TURNS`]), then each one's game by key.
pub(in crate::storage) const BOT_INVITATIONS: &str = "WITH invited AS MATERIALIZED (\
             SELECT s.game_id, b.user_id, b.variants, b.min_days, b.max_days, b.rated, b.max_games FROM bots b \
             CROSS JOIN game_seats s WHERE s.invited_user_id = b.user_id AND s.user_id IS NULL \
             AND s.finished_at IS NULL AND b.paused = 0) \
             SELECT g.id, v.user_id, u.username FROM invited v \
             CROSS JOIN games g JOIN users u ON u.id = v.user_id \
             WHERE g.id = v.game_id AND g.status = 'waiting' \
             AND (v.variants = '' OR ',' || v.variants || ',' LIKE '%,' || g.variant || ',%') \
             AND g.days_per_move BETWEEN v.min_days AND v.max_days \
             AND (g.rated = 0 OR ($1 = 1 AND v.rated <> 'casual')) AND (g.rated = 1 OR v.rated <> 'rated') \
             AND (SELECT COUNT(*) FROM game_seats x WHERE x.user_id = v.user_id AND x.finished_at IS NULL) < v.max_games \
             ORDER BY g.created_at LIMIT $2";

/// Open challenges one bot would take (`$1` bot, `$2` its name, `$3` the latest creation
/// time, `$4` its games, `$5`-`$6` its days, `$7` rated allowed, `$8` its rated rule, `$9`
/// limit): a range of `games_challenges`, newest first.
pub(in crate::storage) const OPEN_FOR_BOT: &str = "SELECT g.id, $1, $2 FROM games g \
                 WHERE g.status = 'waiting' AND g.open_seats > 0 AND g.created_at <= $3 \
                 AND ($4 = '' OR ',' || $4 || ',' LIKE '%,' || g.variant || ',%') \
                 AND g.days_per_move BETWEEN $5 AND $6 \
                 AND (g.rated = 0 OR ($7 = 1 AND $8 <> 'casual')) AND (g.rated = 1 OR $8 <> 'rated') \
                 AND NOT EXISTS (SELECT 1 FROM game_seats x WHERE x.game_id = g.id AND x.user_id = $1) \
                 AND NOT EXISTS (SELECT 1 FROM bots c WHERE c.user_id = g.created_by) \
                 ORDER BY g.created_at DESC, g.id LIMIT $9";

/// Fills that are due (`$1` now, `$2` limit): a range of `bot_fills_due`.
pub(in crate::storage) const DUE_BOT_FILLS: &str =
    "SELECT game_id, level FROM bot_fills WHERE fill_at <= $1 ORDER BY fill_at LIMIT $2";

impl Db {
    /// Creates a bot account with `audit` (its target is set to the new account), in one
    /// transaction; `Ok(None)` when the name is taken.
    pub async fn create_bot(
        &self,
        username: &str,
        key: &str,
        settings: &BotSettings,
        mut audit: AuditEntry,
    ) -> Result<Option<i64>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let inserted = sqlx::query(
            "INSERT INTO users (username, username_key, password_hash, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
        )
        .bind(username)
        .bind(key)
        .bind(NO_PASSWORD)
        .bind(audit.at)
        .fetch_one(&mut *tx)
        .await;
        let id: i64 = match inserted {
            Ok(row) => row.try_get(0)?,
            Err(e) if is_unique_violation(&e) => return Ok(None),
            Err(e) => return Err(e),
        };
        sqlx::query(
            "INSERT INTO bots (user_id, level, description, variants, min_days, max_days, rated, paused, max_games, \
             open_after_minutes, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        )
        .bind(id)
        .bind(i64::from(settings.level))
        .bind(&settings.description)
        .bind(settings.variants_text())
        .bind(settings.min_days)
        .bind(settings.max_days)
        .bind(settings.rated.as_str())
        .bind(i64::from(settings.paused))
        .bind(settings.max_games)
        .bind(settings.open_after_minutes)
        .bind(audit.at)
        .execute(&mut *tx)
        .await?;
        audit.target = AuditTarget::User {
            id,
            name: username.to_owned(),
        };
        insert_audit(&mut tx, &audit).await?;
        tx.commit().await?;
        self.bot_names.put(None);
        Ok(Some(id))
    }

    /// Replaces a bot's settings with `audit`; false when `user_id` is no bot.
    pub async fn update_bot(
        &self,
        user_id: i64,
        settings: &BotSettings,
        audit: &AuditEntry,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE bots SET level = $1, description = $2, variants = $3, min_days = $4, max_days = $5, rated = $6, \
             paused = $7, max_games = $8, open_after_minutes = $9 WHERE user_id = $10",
        )
        .bind(i64::from(settings.level))
        .bind(&settings.description)
        .bind(settings.variants_text())
        .bind(settings.min_days)
        .bind(settings.max_days)
        .bind(settings.rated.as_str())
        .bind(i64::from(settings.paused))
        .bind(settings.max_games)
        .bind(settings.open_after_minutes)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Every bot, by level then name.
    pub async fn bots(&self) -> Result<Vec<BotRow>, sqlx::Error> {
        let rows = sqlx::query(&format!(
            "SELECT {BOT_COLUMNS} FROM bots b JOIN users u ON u.id = b.user_id ORDER BY b.level, u.username_key"
        ))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(bot_row).collect()
    }

    /// The bot whose username key is `key`, if that account is a bot.
    pub async fn bot_by_key(&self, key: &str) -> Result<Option<BotRow>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {BOT_COLUMNS} FROM bots b JOIN users u ON u.id = b.user_id WHERE u.username_key = $1"
        ))
        .bind(key)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(bot_row).transpose()
    }

    /// The bot with account `user_id`, if that account is a bot.
    pub async fn bot_by_id(&self, user_id: i64) -> Result<Option<BotRow>, sqlx::Error> {
        let row = sqlx::query(&format!(
            "SELECT {BOT_COLUMNS} FROM bots b JOIN users u ON u.id = b.user_id WHERE b.user_id = $1"
        ))
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(bot_row).transpose()
    }

    /// The bots' usernames, from this instance's copy when fresh (every page asks, for
    /// the BOT badge; bots are few).
    pub async fn bot_names(&self) -> Result<Arc<BTreeSet<String>>, sqlx::Error> {
        if let Some(names) = self.bot_names.fresh() {
            return Ok(names);
        }
        let rows = sqlx::query("SELECT u.username FROM bots b JOIN users u ON u.id = b.user_id")
            .fetch_all(&self.pool)
            .await?;
        let names: BTreeSet<String> = rows.iter().map(|r| r.try_get(0)).collect::<Result<_, _>>()?;
        let names = Arc::new(names);
        self.bot_names.put(Some(Arc::clone(&names)));
        Ok(names)
    }

    /// Games in progress where a bot is to move and no instance holds the turn, most
    /// urgent first. Driven from the few bots through `game_seats_user` (their unfinished
    /// seats), never a scan of the games. A paused bot still plays the games it has.
    pub async fn due_bot_turns(&self, now: i64, limit: i64) -> Result<Vec<BotTurn>, sqlx::Error> {
        let rows = sqlx::query(DUE_BOT_TURNS)
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

    /// Waiting games with a seat reserved for an unpaused bot under its game limit, within
    /// its settings (games, days per move, rated or casual; rated only if `rated_allowed`).
    /// Driven from the bots through `game_seats_invited`.
    pub async fn bot_invitations(&self, rated_allowed: bool, limit: i64) -> Result<Vec<BotInvitation>, sqlx::Error> {
        let rows = sqlx::query(BOT_INVITATIONS)
            .bind(i64::from(rated_allowed))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(invitation).collect()
    }

    /// Open challenges (nobody invited to the seat) that waited at least each bot's
    /// `open_after_minutes`, that the bot would take, newest first, at most `limit`: one
    /// query per taking bot (bots are few), each a range of `games_challenges`. A bot
    /// never takes a seat in a game it already sits in or one a bot created.
    pub async fn open_challenges_for_bots(
        &self,
        now: i64,
        rated_allowed: bool,
        limit: i64,
    ) -> Result<Vec<BotInvitation>, sqlx::Error> {
        let mut found = Vec::new();
        for bot in self.bots().await? {
            let s = &bot.settings;
            let Some(minutes) = s.open_after_minutes else { continue };
            if s.paused || bot.current_games >= s.max_games {
                continue;
            }
            let rows = sqlx::query(OPEN_FOR_BOT)
                .bind(bot.user_id)
                .bind(&bot.username)
                .bind(now - minutes * 60_000)
                .bind(s.variants_text())
                .bind(s.min_days)
                .bind(s.max_days)
                .bind(i64::from(rated_allowed))
                .bind(s.rated.as_str())
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
            for row in &rows {
                found.push(invitation(row)?);
            }
        }
        Ok(found)
    }

    /// Schedules (or replaces) the filling of `game_id`'s open seats with bots near `level`
    /// at `fill_at`.
    pub async fn schedule_bot_fill(&self, game_id: &str, fill_at: i64, level: u8) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        sqlx::query(
            "INSERT INTO bot_fills (game_id, fill_at, level) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET fill_at = excluded.fill_at, level = excluded.level",
        )
        .bind(game_id)
        .bind(fill_at)
        .bind(i64::from(level))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The scheduled fill of `game_id`: (when, level).
    pub async fn bot_fill(&self, game_id: &str) -> Result<Option<(i64, u8)>, sqlx::Error> {
        let row = sqlx::query("SELECT fill_at, level FROM bot_fills WHERE game_id = $1")
            .bind(game_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|r| {
            let level = u8::try_from(r.try_get::<i64, _>(1)?).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
            Ok((r.try_get(0)?, level))
        })
        .transpose()
    }

    /// Cancels `game_id`'s scheduled fill; true when there was one.
    pub async fn cancel_bot_fill(&self, game_id: &str) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("DELETE FROM bot_fills WHERE game_id = $1")
            .bind(game_id)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Fills that are due, oldest first (`bot_fills_due`).
    pub async fn due_bot_fills(&self, now: i64, limit: i64) -> Result<Vec<BotFill>, sqlx::Error> {
        let rows = sqlx::query(DUE_BOT_FILLS)
            .bind(now)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(BotFill {
                    game_id: r.try_get(0)?,
                    level: r.try_get(1)?,
                })
            })
            .collect()
    }
}
