//! An account's standing: active, suspended until a date, or banned. Checked where every
//! credential is resolved (tokens, sessions, pages, log-in), so a suspension or ban stops a
//! user's existing sessions and API tokens on their next request. Below `auth` and the
//! services, which both check it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::web::error::ApiError;

/// Epoch milliseconds as `YYYY-MM-DD HH:MM:SS` (UTC).
fn utc_time(ms: i64) -> String {
    jiff::Timestamp::from_millisecond(ms)
        .map_or_else(|_| ms.to_string(), |t| t.strftime("%Y-%m-%d %H:%M:%S").to_string())
}

/// Whether a user may act.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Standing {
    Active,
    /// Until `until` (UTC epoch ms); it lapses by itself.
    Suspended {
        until: i64,
    },
    /// Since `since`, until an administrator unbans.
    Banned {
        since: i64,
    },
}

impl Standing {
    /// The standing at `now` from the stored columns: a ban outweighs a suspension, and a
    /// suspension in the past has lapsed.
    #[must_use]
    pub fn of(suspended_until: Option<i64>, banned_at: Option<i64>, now: i64) -> Standing {
        match (banned_at, suspended_until) {
            (Some(since), _) => Standing::Banned { since },
            (None, Some(until)) if until > now => Standing::Suspended { until },
            _ => Standing::Active,
        }
    }

    /// The 403 that refuses a restricted user (`account_suspended` / `account_banned`).
    #[must_use]
    pub fn refusal(self) -> Option<ApiError> {
        match self {
            Standing::Active => None,
            Standing::Suspended { until } => Some(ApiError::forbidden(
                "account_suspended",
                format!(
                    "your account is suspended until {} UTC; it works again from then",
                    utc_time(until)
                ),
            )),
            Standing::Banned { .. } => Some(ApiError::forbidden(
                "account_banned",
                "your account is banned from this server; ask its administrators if you think this is a mistake",
            )),
        }
    }

    /// Refuses a restricted user.
    ///
    /// # Errors
    /// 403 `account_suspended` or `account_banned`.
    pub fn check(suspended_until: Option<i64>, banned_at: Option<i64>, now: i64) -> Result<(), ApiError> {
        match Standing::of(suspended_until, banned_at, now).refusal() {
            Some(error) => Err(error),
            None => Ok(()),
        }
    }
}

/// Refuses a muted user's chat post: 403 `muted`, saying until when. For the chat (issue 19):
/// call it before storing a message.
///
/// # Errors
/// 403 `muted` while `users.muted_until` is in the future; the database fails.
pub async fn check_not_muted(state: &crate::web::state::AppState, user_id: i64) -> Result<(), ApiError> {
    match state.db.muted_until(user_id).await? {
        Some(until) if until > state.now() => Err(ApiError::forbidden(
            "muted",
            format!(
                "an administrator muted you until {} UTC: you cannot post in chat until then",
                utc_time(until)
            ),
        )),
        _ => Ok(()),
    }
}
