//! What an operator does from the command line (`herald admin …`): create users, grant
//! administrator rights, reset passwords, list games and end one by hand, create and set
//! up bots. The same checks
//! as the API apply (username and password rules, Argon2 hashing), and every change is
//! written to the audit log with the actor `cli` (no administrator account).

use std::fmt::Write;

use serde_json::json;

use crate::api::accounts::{validate_password, validate_username};
use crate::api::admin::audit::{AuditAction, AuditTarget, entry};
use crate::api::bots::{BotChanges, NewBot};
use crate::domain::game_states::GameStatus;
use crate::infra::config::PasswordCost;
use crate::storage::{AdminEnd, AdminGameRow, AdminUserRow, BotRow, Db};
use crate::web::auth::hash_password;
use crate::web::error::ApiError;

/// Why an admin command failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// The request cannot be carried out: bad input, unknown user or game, game over.
    #[error("{0}")]
    Refused(String),
    #[error("database error: {0}")]
    Db(#[from] sqlx::Error),
}

impl From<ApiError> for AdminError {
    fn from(error: ApiError) -> AdminError {
        AdminError::Refused(error.to_string())
    }
}

fn user_key(username: &str) -> Result<String, AdminError> {
    Ok(validate_username(username)?)
}

fn no_user(username: &str) -> AdminError {
    AdminError::Refused(format!("no user `{}`", username.escape_debug()))
}

/// Creates an account (an administrator with `admin`); returns its id.
///
/// # Errors
/// Invalid name or password, name taken, or a database failure.
pub async fn create_user(db: &Db, username: &str, password: String, admin: bool, now: i64) -> Result<i64, AdminError> {
    let key = user_key(username)?;
    validate_password(&password, username)?;
    let hash = hash_password(PasswordCost::Standard, password).await?;
    let id = db
        .create_user(username, &key, &hash, now)
        .await?
        .ok_or_else(|| AdminError::Refused(format!("the username `{username}` is taken")))?;
    if admin {
        db.set_admin(&key, true).await?;
    }
    let mut audit = entry(None, now, AuditAction::CreateUser, user_target(id, username));
    audit.after = Some(json!({ "username": username, "is_admin": admin }));
    db.write_audit(&audit).await?;
    Ok(id)
}

fn user_target(id: i64, name: &str) -> AuditTarget {
    AuditTarget::User {
        id,
        name: name.to_owned(),
    }
}

async fn existing(db: &Db, username: &str) -> Result<AdminUserRow, AdminError> {
    let key = user_key(username).map_err(|_| no_user(username))?;
    db.admin_user_by_key(&key).await?.ok_or_else(|| no_user(username))
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Grants (or with `admin == false`, withdraws) administrator rights.
///
/// # Errors
/// Unknown user or a database failure.
pub async fn make_admin(db: &Db, username: &str, admin: bool) -> Result<(), AdminError> {
    let row = existing(db, username).await?;
    if !db.set_admin(&row.username_key, admin).await? {
        return Err(no_user(username));
    }
    let action = if admin {
        AuditAction::GrantAdmin
    } else {
        AuditAction::RevokeAdmin
    };
    let mut audit = entry(None, now_ms(), action, user_target(row.id, &row.username));
    audit.before = Some(json!({ "is_admin": row.is_admin }));
    audit.after = Some(json!({ "is_admin": admin }));
    db.write_audit(&audit).await?;
    Ok(())
}

/// Sets a new password, logs the user out everywhere and revokes their API tokens; returns
/// the numbers of sessions ended and tokens revoked.
///
/// # Errors
/// Unknown user, invalid password, or a database failure.
pub async fn reset_password(db: &Db, username: &str, password: String) -> Result<(u64, u64), AdminError> {
    let row = existing(db, username).await?;
    validate_password(&password, username)?;
    let hash = hash_password(PasswordCost::Standard, password).await?;
    let mut audit = entry(
        None,
        now_ms(),
        AuditAction::ResetPassword,
        user_target(row.id, &row.username),
    );
    audit.after = Some(json!({ "generated": false }));
    db.admin_set_password(row.id, &hash, &audit)
        .await?
        .ok_or_else(|| no_user(username))
}

/// The games, most recently changed first, as text lines (a header first).
///
/// # Errors
/// Unknown status or a database failure.
pub async fn list_games(db: &Db, status: Option<&str>, limit: i64) -> Result<Vec<String>, AdminError> {
    let status = status
        .map(|text| {
            text.parse::<GameStatus>().map_err(|_| {
                let known: Vec<&str> = GameStatus::ALL.iter().map(|s| s.as_str()).collect();
                AdminError::Refused(format!(
                    "unknown status `{}` (expected one of: {})",
                    text.escape_debug(),
                    known.join(", ")
                ))
            })
        })
        .transpose()?;
    let rows = db.admin_games(status, limit.clamp(1, 10_000)).await?;
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let seats = db.seats_of(&ids).await?;
    let mut lines = vec![format!(
        "{:<12} {:<10} {:<9} {:>4}  {:<24} {:<15} {}",
        "id", "variant", "status", "ply", "updated (UTC)", "reason", "players"
    )];
    for row in rows {
        let players: Vec<&str> = seats
            .iter()
            .filter(|s| s.game_id == row.id)
            .map(|s| {
                s.username
                    .as_deref()
                    .or(s.invited_username.as_deref())
                    .unwrap_or("(open)")
            })
            .collect();
        lines.push(line(&row, &players.join(",")));
    }
    Ok(lines)
}

fn line(row: &AdminGameRow, players: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "{:<12} {:<10} {:<9} {:>4}  {:<24} {:<15} {}",
        row.id,
        row.variant.id(),
        row.status.as_str(),
        row.ply,
        iso_time(row.updated_at),
        row.reason.map_or("-", |r| r.as_str()),
        players
    );
    out
}

/// Epoch milliseconds as `YYYY-MM-DDTHH:MM:SSZ`.
pub(crate) fn iso_time(ms: i64) -> String {
    let at = crate::infra::clock::utc(ms);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        at.year(),
        at.month(),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

/// Ends a waiting or active game by hand: it is aborted with reason `admin` and no result.
///
/// # Errors
/// Unknown game, game already over, or a database failure.
pub async fn end_game(db: &Db, id: &str, now: i64) -> Result<(), AdminError> {
    let mut audit = entry(None, now, AuditAction::EndGame, AuditTarget::Game(id.to_owned()));
    audit.after = Some(json!({ "status": "aborted", "reason": "admin" }));
    match db.admin_end_game(id, now, None, Some(&audit)).await? {
        AdminEnd::Ended => Ok(()),
        AdminEnd::NoSuchGame => Err(AdminError::Refused(format!("no game `{}`", id.escape_debug()))),
        AdminEnd::AlreadyOver(status) => Err(AdminError::Refused(format!("game `{id}` is already over ({status})"))),
    }
}

/// Creates a bot account with `settings` (the CLI's flags; what they leave out keeps its
/// default). Audited with the actor `cli`.
///
/// # Errors
/// Invalid name or settings, name taken, or a database failure.
pub async fn create_bot(db: &Db, username: &str, settings: BotChanges, now: i64) -> Result<String, AdminError> {
    let bot = NewBot {
        username: username.to_owned(),
        settings,
    };
    let row = crate::api::bots::create(db, None, now, &bot).await?;
    Ok(bot_line(&row))
}

/// Changes a bot's settings (pause, level, games, limits). Audited with the actor `cli`.
///
/// # Errors
/// No such bot, invalid settings, or a database failure.
pub async fn update_bot(db: &Db, username: &str, changes: BotChanges, now: i64) -> Result<String, AdminError> {
    let row = crate::api::bots::update(db, None, now, username, &changes).await?;
    Ok(bot_line(&row))
}

/// Every bot, one line each.
///
/// # Errors
/// A database failure.
pub async fn list_bots(db: &Db) -> Result<Vec<String>, AdminError> {
    Ok(db.bots().await?.iter().map(bot_line).collect())
}

/// `Vizier level 5, every game, 1-14 days, both, 3/20 games, open challenges after 10 min`.
fn bot_line(row: &BotRow) -> String {
    let s = &row.settings;
    let games = if s.variants.is_empty() {
        "every game".to_owned()
    } else {
        s.variants_text()
    };
    let open = s.open_after_minutes.map_or_else(
        || "no open challenges".to_owned(),
        |m| format!("open challenges after {m} min"),
    );
    format!(
        "{} level {}, {games}, {}-{} days, {}, {}/{} games, {open}{}",
        row.username,
        s.level,
        s.min_days,
        s.max_days,
        s.rated,
        row.current_games,
        s.max_games,
        if s.paused { ", paused" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn times_read_as_utc() {
        assert_eq!(super::iso_time(0), "1970-01-01T00:00:00Z");
        assert_eq!(super::iso_time(1_700_000_000_123), "2023-11-14T22:13:20Z");
        assert_eq!(super::iso_time(-1), "1969-12-31T23:59:59Z");
        assert_eq!(super::iso_time(951_868_799_999), "2000-02-29T23:59:59Z");
    }
}
