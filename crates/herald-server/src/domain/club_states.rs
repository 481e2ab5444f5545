//! The club's typed states, below storage and the services: audit actions and targets,
//! report states and actions, and the site settings. Plain data (no I/O, no errors), so the
//! storage layer and the administration services can both name them.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::game_states::stored_state;

stored_state! {
    /// What an administrator (or `herald admin`) did.
    AuditAction, "audit action" {
        CreateUser,
        Suspend,
        Unsuspend,
        Ban,
        Unban,
        Mute,
        Unmute,
        ResetPassword,
        GrantAdmin,
        RevokeAdmin,
        DeleteUser,
        EndGame,
        /// A chat message was hidden (its text is kept in the entry's `before`).
        HideMessage,
        ResolveReport,
        UpdateSite,
        CreateInvitation,
        RevokeInvitation,
        CreateBot,
        UpdateBot,
    }
}

stored_state! {
    /// When a move made on the page waits for "Confirm" before it is sent.
    MoveConfirmation, "move confirmation" {
        /// On touch screens (where a slip of the finger plays a move), and on the page
        /// without JavaScript, which cannot tell: the default.
        Touch,
        /// Always.
        Always,
        /// Never: a move is sent as soon as it is made.
        Never,
    }
}

impl MoveConfirmation {
    /// The settings page's words for each choice.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            MoveConfirmation::Touch => "on touch screens (and without JavaScript)",
            MoveConfirmation::Always => "always",
            MoveConfirmation::Never => "never",
        }
    }
}

/// What an action was done to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AuditTarget {
    /// A user, by id, with their name at the time.
    User {
        id: i64,
        name: String,
    },
    Game(String),
    Report(i64),
    Invitation(i64),
    /// The site settings.
    Site,
}

impl AuditTarget {
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            AuditTarget::User { .. } => "user",
            AuditTarget::Game(_) => "game",
            AuditTarget::Report(_) => "report",
            AuditTarget::Invitation(_) => "invitation",
            AuditTarget::Site => "site",
        }
    }

    #[must_use]
    pub fn id(&self) -> Option<String> {
        match self {
            AuditTarget::User { id, .. } | AuditTarget::Report(id) | AuditTarget::Invitation(id) => {
                Some(id.to_string())
            }
            AuditTarget::Game(id) => Some(id.clone()),
            AuditTarget::Site => None,
        }
    }

    #[must_use]
    pub fn name(&self) -> Option<String> {
        match self {
            AuditTarget::User { name, .. } => Some(name.clone()),
            _ => None,
        }
    }

    /// The target of a stored (kind, id); `None` for a kind this version does not know.
    #[must_use]
    pub fn from_stored(kind: &str, id: Option<&str>) -> Option<AuditTarget> {
        let number = || id.and_then(|i| i.parse::<i64>().ok());
        Some(match kind {
            "user" => AuditTarget::User {
                id: number()?,
                name: String::new(),
            },
            "game" => AuditTarget::Game(id?.to_owned()),
            "report" => AuditTarget::Report(number()?),
            "invitation" => AuditTarget::Invitation(number()?),
            "site" => AuditTarget::Site,
            _ => return None,
        })
    }
}

/// What is reported, as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReportSubject {
    User(i64),
    Game(String),
    Message(String, i64),
}

impl ReportSubject {
    /// The stored kind.
    #[must_use]
    pub fn kind(&self) -> &'static str {
        match self {
            ReportSubject::User(_) => "user",
            ReportSubject::Game(_) => "game",
            ReportSubject::Message(..) => "message",
        }
    }
}

stored_state! {
    /// Where a report is.
    ReportState, "report state", derive(Default) {
        #[default]
        Open,
        Resolved,
    }
}

stored_state! {
    /// What an administrator did about a report.
    ReportAction, "report action" {
        /// Nothing to act on.
        Dismiss,
        /// The user was warned (recorded; tell them by your club's usual means).
        Warn,
        /// The user is suspended for `days`.
        Suspend,
        /// The user is banned.
        Ban,
    }
}

stored_state! {
    /// Who may create an account.
    SignupMode, "sign-up mode", derive(Default) {
        /// Anyone.
        #[default]
        Open,
        /// Nobody (accounts come from `herald admin create-user`).
        Closed,
        /// Only with a valid invitation code.
        InviteOnly,
    }
}

stored_state! {
    /// What happens to the running games of a suspended or banned player.
    SuspendedGames, "suspended games rule", derive(Default) {
        /// Their clocks keep running: their opponents may claim on time as usual.
        #[default]
        ClockRuns,
        /// Their clocks stop (as on vacation, without using the allowance) until the
        /// suspension ends or the ban is lifted.
        Adjourned,
    }
}

stored_state! {
    /// What a deleted account's chat messages become.
    DeletedChat, "deleted chat rule", derive(Default) {
        /// They stay, under the account's stable name "deleted user N".
        #[default]
        Anonymise,
        /// Their text is erased and they are shown to nobody.
        Remove,
    }
}

/// The site settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SiteSettings {
    pub signup: SignupMode,
    /// Shown in page titles and the header (1 to 40 characters).
    #[schema(min_length = 1, max_length = 40)]
    pub site_name: String,
    /// Plain text shown on every page (empty: none; at most 500 characters).
    #[schema(max_length = 500)]
    pub notice: String,
    pub suspended_games: SuspendedGames,
    /// Whether members (not only administrators) may create invitation links.
    pub member_invites: bool,
    /// What a deleted account's chat messages become (default `anonymise`).
    #[serde(default)]
    pub deleted_chat: DeletedChat,
    /// Whether the players of a running game may ask the analysis board's engine about
    /// its positions (default off; the free analysis board always may).
    #[serde(default)]
    pub engine_in_running_games: bool,
    /// Computer analyses one user may request per day (UTC); 0 turns requests off.
    #[serde(default = "default_analysis_cap")]
    #[schema(maximum = 1000)]
    pub analysis_daily_cap: u32,
    /// Whether games between bots and people may be rated (when every person asked for a
    /// rated game). Default off: games with bots are casual.
    #[serde(default)]
    pub rated_bot_games: bool,
}

fn default_analysis_cap() -> u32 {
    10
}

impl Default for SiteSettings {
    fn default() -> SiteSettings {
        SiteSettings {
            signup: SignupMode::Open,
            site_name: "Herald".to_owned(),
            notice: String::new(),
            suspended_games: SuspendedGames::ClockRuns,
            member_invites: false,
            deleted_chat: DeletedChat::Anonymise,
            analysis_daily_cap: default_analysis_cap(),
            rated_bot_games: false,
            engine_in_running_games: false,
        }
    }
}

impl ReportAction {
    /// What the administration pages' selects show (the stored names are for the API and
    /// the database).
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ReportAction::Dismiss => "Dismiss",
            ReportAction::Warn => "Warn the user",
            ReportAction::Suspend => "Suspend the user",
            ReportAction::Ban => "Ban the user",
        }
    }
}

impl SignupMode {
    /// The administration page's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SignupMode::Open => "Open to anyone",
            SignupMode::Closed => "Closed",
            SignupMode::InviteOnly => "By invitation only",
        }
    }
}

impl SuspendedGames {
    /// The administration page's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            SuspendedGames::ClockRuns => "Clocks keep running",
            SuspendedGames::Adjourned => "Adjourned",
        }
    }
}

impl DeletedChat {
    /// The administration page's label.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            DeletedChat::Anonymise => "Anonymise",
            DeletedChat::Remove => "Remove",
        }
    }
}
