//! The seam between notifications and the ways they reach a player: the [`Channel`] trait
//! that e-mail, webhooks, the Atom feed and Web Push implement (listed in [`super::registry`]), the
//! kinds of notification a channel can be switched on or off for, a user's switches, and
//! the retry delay channels share.
//!
//! A channel is told, inside the transaction that takes the work off its queue, of each
//! game event, tournament notice and chat message; it queues its own deliveries there, so
//! each goes exactly once however many instances run, and its own worker sends them with
//! its retries. The settings API and page are generated from the registry: a channel's
//! switches are the settings `<channel>_<kind>`.

use futures_util::future::BoxFuture;
use sqlx::{Any, Transaction};

use super::NotifyError;
use crate::api::tournaments::notices::NoticeMessage;
use crate::domain::events::GameEvent;
use crate::infra::hub::Hub;
use crate::storage::{ChatNoticeRow, NoticeRow};
use crate::web::state::AppState;

/// A transaction that takes work off a queue, and in which the channels queue theirs.
pub type Tx = Transaction<'static, Any>;

/// What a channel queued (deliveries, e-mails): a count, to know whether to wake its worker.
pub type Queued<'a> = BoxFuture<'a, Result<usize, NotifyError>>;

/// A kind of notification a player may want or not, through each channel that offers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// It is the player's move.
    YourMove,
    /// 80 % of the time for a move is used.
    TimeWarning,
    /// The opponent's time ran out: the win can be claimed.
    Claimable,
    /// A game ended (or a rematch was offered).
    GameOver,
    /// An opponent offers a draw or asks to take back a move.
    Offer,
    /// A tournament one plays in started a round or ended.
    Tournament,
    /// A chat message in one's games.
    Chat,
}

impl Kind {
    /// The stored name, and the end of the setting's name (`email_your_move`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::YourMove => "your_move",
            Kind::TimeWarning => "time_warning",
            Kind::Claimable => "claimable",
            Kind::GameOver => "game_over",
            Kind::Offer => "offer",
            Kind::Tournament => "tournament",
            Kind::Chat => "chat",
        }
    }

    /// Whether the settings page gathers this kind's switches of every channel in one
    /// group (chat: "by e-mail", "in my feed"…) rather than under each channel.
    #[must_use]
    pub const fn grouped(self) -> bool {
        matches!(self, Kind::Chat)
    }

    /// A grouped kind's legend and hint on the settings page.
    #[must_use]
    pub const fn group_legend(self) -> (&'static str, &'static str) {
        match self {
            Kind::Chat => ("Chat messages in my games", "never those of players I block"),
            _ => ("", ""),
        }
    }

    /// Every kind, in the settings page's order of groups.
    pub const ALL: [Kind; 7] = [
        Kind::YourMove,
        Kind::TimeWarning,
        Kind::Claimable,
        Kind::GameOver,
        Kind::Offer,
        Kind::Tournament,
        Kind::Chat,
    ];
}

/// A channel's switch for one kind, with the settings page's text for it.
#[derive(Debug, Clone, Copy)]
pub struct Switch {
    pub kind: Kind,
    /// The checkbox's label ("when it is my move", or for a grouped kind "by e-mail").
    pub label: &'static str,
    /// A hint after the label; empty for none.
    pub hint: &'static str,
    /// The API document's description of the setting.
    pub doc: &'static str,
}

/// One way notifications reach a player. Implementations are unit values listed in
/// [`super::registry::REGISTRY`]; the default methods do nothing, so a channel implements what it takes
/// part in (the feed is read when its reader asks and queues nothing).
pub trait Channel: Send + Sync {
    /// The stored name and the settings' prefix (`email`, `webhook`, `feed`, `push`).
    fn name(&self) -> &'static str;

    /// The legend over the channel's switches on the settings page ("Send me an e-mail").
    fn legend(&self) -> &'static str;

    /// The kinds this channel can be switched on or off for (all on until switched off).
    fn switches(&self) -> &'static [Switch];

    /// Whether this server delivers through the channel at all (e-mail: SMTP is set up).
    fn available(&self, _state: &AppState) -> bool {
        true
    }

    /// Starts the channel's sender, if it has one (called once per instance).
    ///
    /// # Errors
    /// The sender cannot be set up: the server does not start.
    fn start(&self, _state: &AppState) -> Result<(), super::StartError> {
        Ok(())
    }

    /// Queues what a committed game event means for this channel, on `tx`.
    fn game_event<'a>(&'a self, _state: &'a AppState, _tx: &'a mut Tx, _event: &'a GameEvent, _now: i64) -> Queued<'a> {
        Box::pin(async { Ok(0) })
    }

    /// Queues a tournament notice's message to one player, on `tx`.
    fn tournament_notice<'a>(
        &'a self,
        _state: &'a AppState,
        _tx: &'a mut Tx,
        _notice: &'a NoticeRow,
        _message: &'a NoticeMessage,
        _now: i64,
    ) -> Queued<'a> {
        Box::pin(async { Ok(0) })
    }

    /// Queues a chat message to one reader (not hidden, and the reader's switch for this
    /// channel is on), on `tx`, as soon as it is posted.
    fn chat_message<'a>(
        &'a self,
        _state: &'a AppState,
        _tx: &'a mut Tx,
        _notice: &'a ChatNoticeRow,
        _now: i64,
    ) -> Queued<'a> {
        Box::pin(async { Ok(0) })
    }

    /// Wakes the channel's sender after a commit that queued something for it.
    fn wake(&self, _hub: &Hub) {}
}

/// The setting's name of `kind` through `channel` (`email_your_move`, `webhook_chat`).
#[must_use]
pub fn setting(channel: &dyn Channel, kind: Kind) -> String {
    format!("{}_{}", channel.name(), kind.as_str())
}

/// Delay before retry number `attempt` (1-based): `base * 2^(attempt-1)`, at most a day.
#[must_use]
pub fn backoff_ms(base_ms: u64, attempt: i64) -> i64 {
    let shift = u32::try_from(attempt.saturating_sub(1).clamp(0, 20)).unwrap_or(20);
    let ms = base_ms.saturating_mul(1_u64 << shift).min(86_400_000);
    i64::try_from(ms).unwrap_or(86_400_000)
}

/// A user's switches: the saved ones, every other one on.
#[derive(Debug, Clone, Default)]
pub struct Switches {
    off: Vec<(String, String)>,
}

impl Switches {
    /// `user_id`'s switches.
    ///
    /// # Errors
    /// The database fails.
    pub async fn of(state: &AppState, user_id: i64) -> Result<Switches, sqlx::Error> {
        let rows = state.db.notification_switches(user_id).await?;
        Ok(Switches {
            off: rows
                .into_iter()
                .filter(|r| r.enabled == 0)
                .map(|r| (r.channel, r.kind))
                .collect(),
        })
    }

    /// Whether the user wants `kind` through the channel named `channel`.
    #[must_use]
    pub fn on(&self, channel: &str, kind: Kind) -> bool {
        !self.off.iter().any(|(c, k)| c == channel && k == kind.as_str())
    }

    /// Sets one switch (before saving).
    pub fn set(&mut self, channel: &str, kind: Kind, on: bool) {
        self.off.retain(|(c, k)| !(c == channel && k == kind.as_str()));
        if !on {
            self.off.push((channel.to_owned(), kind.as_str().to_owned()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_switch_is_on_until_switched_off() {
        let mut switches = Switches::default();
        assert!(switches.on("email", Kind::Chat));
        switches.set("email", Kind::Chat, false);
        assert!(!switches.on("email", Kind::Chat));
        assert!(switches.on("feed", Kind::Chat));
        switches.set("email", Kind::Chat, true);
        assert!(switches.on("email", Kind::Chat));
    }
}
