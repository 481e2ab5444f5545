//! The site settings row (`site_settings`, id 1) and its cache: every page reads the site
//! name and notice, so each instance keeps the row for a few seconds, and replaces it at once
//! when it writes a change itself.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use sqlx::Row;

use super::Db;
use super::administration::{AuditEntry, insert_audit};
use super::decode::typed;
use crate::domain::club_states::SiteSettings;

/// How long an instance trusts its copy: a change made on another instance shows within this.
const FRESH_FOR: Duration = Duration::from_secs(5);

/// One instance's copy of the settings.
#[derive(Debug, Default)]
pub struct SiteCache(RwLock<Option<(Arc<SiteSettings>, Instant)>>);

impl SiteCache {
    fn fresh(&self) -> Option<Arc<SiteSettings>> {
        let guard = self.0.read().ok()?;
        let (settings, at) = guard.as_ref()?;
        (at.elapsed() < FRESH_FOR).then(|| Arc::clone(settings))
    }

    fn put(&self, settings: Arc<SiteSettings>) {
        if let Ok(mut guard) = self.0.write() {
            *guard = Some((settings, Instant::now()));
        }
    }
}

impl Db {
    /// The site settings, from this instance's cache when fresh.
    pub async fn site_settings(&self) -> Result<Arc<SiteSettings>, sqlx::Error> {
        if let Some(settings) = self.site.fresh() {
            return Ok(settings);
        }
        let row = sqlx::query(
            "SELECT signup, site_name, notice, suspended_games, member_invites, deleted_chat, analysis_daily_cap, \
             engine_in_running_games, rated_bot_games FROM site_settings WHERE id = 1",
        )
        .fetch_optional(&self.pool)
        .await?;
        let settings = Arc::new(match row {
            Some(row) => SiteSettings {
                signup: typed(&row, "site_settings", "1", "signup")?,
                site_name: row.try_get("site_name")?,
                notice: row.try_get("notice")?,
                suspended_games: typed(&row, "site_settings", "1", "suspended_games")?,
                member_invites: row.try_get::<i64, _>("member_invites")? != 0,
                deleted_chat: typed(&row, "site_settings", "1", "deleted_chat")?,
                analysis_daily_cap: u32::try_from(row.try_get::<i64, _>("analysis_daily_cap")?).unwrap_or(0),
                engine_in_running_games: row.try_get::<i64, _>("engine_in_running_games")? != 0,
                rated_bot_games: row.try_get::<i64, _>("rated_bot_games")? != 0,
            },
            None => SiteSettings::default(),
        });
        self.site.put(Arc::clone(&settings));
        Ok(settings)
    }

    /// Saves the settings with `audit`, and replaces this instance's copy.
    pub async fn save_site_settings(&self, settings: &SiteSettings, audit: &AuditEntry) -> Result<(), sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "UPDATE site_settings SET signup = $1, site_name = $2, notice = $3, suspended_games = $4, \
             member_invites = $5, deleted_chat = $7, analysis_daily_cap = $8, engine_in_running_games = $9, rated_bot_games = $10, version = version + 1, updated_at = $6 WHERE id = 1",
        )
        .bind(settings.signup.as_str())
        .bind(&settings.site_name)
        .bind(&settings.notice)
        .bind(settings.suspended_games.as_str())
        .bind(i64::from(settings.member_invites))
        .bind(audit.at)
        .bind(settings.deleted_chat.as_str())
        .bind(i64::from(settings.analysis_daily_cap))
        .bind(i64::from(settings.engine_in_running_games))
        .bind(i64::from(settings.rated_bot_games))
        .execute(&mut *tx)
        .await?;
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        self.site.put(Arc::new(settings.clone()));
        Ok(())
    }
}
