//! The in-process fan-out of wake-ups: "game X has new events, go and read them".
//!
//! The hub never carries event data. Subscribers always read events from the database
//! after a wake-up (by per-game sequence number), so a wake-up that is lost, doubled or
//! late can delay a delivery but never lose or duplicate one. Wake-ups come from the
//! storage layer's own commits ([`crate::storage::Db`] owns the hub and wakes it after
//! every write that changes a game), and from the PostgreSQL `LISTEN` task or the SQLite
//! tailer for other instances and processes (see [`crate::api::live::source`]).
//!
//! It sits below the storage layer and imports nothing from the crate.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{Notify, broadcast, watch};

/// The PostgreSQL NOTIFY channel wake-ups travel on between instances (the migration's
/// trigger sends on it too). A mark is `game:seq` for events, `~game:seq` for chat,
/// `!user` for a user's cut credentials and `^hash` for one ended session or token.
pub const NOTIFY_CHANNEL: &str = "herald_events";

/// A wake-up on the hub-wide channel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wake {
    /// The game has events up to at least this sequence number.
    Game(String, i64),
    /// Anything may have changed (the listener reconnected): re-read everything.
    All,
}

/// Work for this instance's background workers. A `Notify` keeps at most one pending
/// wake-up, so a burst of queued work costs each worker one pass, and events nobody is
/// notified of wake no worker at all.
#[derive(Debug, Default)]
pub struct Work {
    /// Events were queued in the outbox (the fan-out worker).
    pub outbox: Notify,
    /// Webhook deliveries were queued (the delivery worker).
    pub webhooks: Notify,
    /// E-mails were queued (the e-mail worker).
    pub email: Notify,
    /// Push notifications were queued (the Web Push worker).
    pub push: Notify,
}

/// A committed move, as the storage layer reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Committed {
    /// The game's last event seq after the move.
    pub last_seq: i64,
    /// The database did not announce the events to other instances: the committing
    /// instance must (see [`crate::api::live::source`]).
    pub announce: bool,
    /// The events were queued for fan-out (someone in the game is notified).
    pub queued: bool,
}

/// Events of a game this instance committed and must announce to the others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub game_id: String,
    pub seq: i64,
    /// Queued for fan-out.
    pub queued: bool,
}

/// Per-game watch channels, a hub-wide broadcast, and counts of who watches what.
#[derive(Debug)]
pub struct Hub {
    games: Mutex<HashMap<String, watch::Sender<i64>>>,
    /// Per-game chat channels: the last message seq posted (chat is not in the event log,
    /// so a team's private channel never reaches an event reader).
    chats: Mutex<HashMap<String, watch::Sender<i64>>>,
    /// Every wake-up, for subscribers spanning many games (a user's stream).
    all: broadcast::Sender<Wake>,
    /// Bumped on every "re-read everything".
    epoch: watch::Sender<u64>,
    /// Logged-in users holding a live stream of a game, counted per (game, user).
    watchers: Mutex<HashMap<(String, i64), usize>>,
    /// Asks the SQLite tailer to look now instead of at its next poll.
    poke: Notify,
    /// Set at shutdown: streams end so graceful shutdown does not wait for them.
    closing: watch::Sender<bool>,
    /// Credentials that stopped working: a user's (suspended, banned, deleted, password
    /// reset) or one session or token (logged out, revoked). The streams held with them end.
    cuts: broadcast::Sender<Cut>,
    /// Wakes the background workers when there is something for them.
    pub work: Work,
    /// Where events this instance must announce to the others go (PostgreSQL only).
    announcer: std::sync::OnceLock<tokio::sync::mpsc::UnboundedSender<Announcement>>,
}

impl Default for Hub {
    fn default() -> Hub {
        Hub {
            games: Mutex::default(),
            chats: Mutex::default(),
            all: broadcast::channel(4096).0,
            epoch: watch::channel(0).0,
            watchers: Mutex::default(),
            poke: Notify::new(),
            closing: watch::channel(false).0,
            cuts: broadcast::channel(256).0,
            work: Work::default(),
            announcer: std::sync::OnceLock::new(),
        }
    }
}

/// Credentials that stopped working.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cut {
    /// Every credential of this user.
    User(i64),
    /// One session or API token, by its stored hash (SHA-256 of the secret, so the two
    /// kinds never share a value).
    Credential(String),
}

/// Who holds a live stream: the user and the hash of the session or token it was opened
/// with, both `None` for an anonymous stream.
#[derive(Debug, Clone, Default)]
pub struct StreamHolder {
    pub user: Option<i64>,
    pub credential: Option<String>,
}

/// A stream's ear for its holder's credentials being cut.
#[derive(Debug)]
pub struct CutWatch {
    cuts: broadcast::Receiver<Cut>,
    holder: StreamHolder,
}

impl CutWatch {
    /// Resolves once the holder's user or the credential the stream was opened with is cut,
    /// or when some cuts were missed (the stream ends and the client, reconnecting, is
    /// checked again); never for an anonymous stream.
    pub async fn cut(&mut self) {
        if self.holder.user.is_none() && self.holder.credential.is_none() {
            return std::future::pending().await;
        }
        loop {
            match self.cuts.recv().await {
                Ok(Cut::User(user)) if Some(user) == self.holder.user => return,
                Ok(Cut::Credential(hash)) if self.holder.credential.as_deref() == Some(hash.as_str()) => return,
                Ok(_) => {}
                Err(broadcast::error::RecvError::Lagged(_)) => return,
                Err(broadcast::error::RecvError::Closed) => return std::future::pending().await,
            }
        }
    }
}

/// A subscription to one game; dropping it releases the game's channel when it was the
/// last one.
#[derive(Debug)]
pub struct GameWatch {
    hub: Arc<Hub>,
    game_id: String,
    viewer: Option<i64>,
    pub seq: watch::Receiver<i64>,
    pub epoch: watch::Receiver<u64>,
}

impl GameWatch {
    /// Waits for the next wake-up (a new seq or a "re-read everything").
    pub async fn changed(&mut self) {
        tokio::select! {
            r = self.seq.changed() => if r.is_err() { std::future::pending::<()>().await },
            r = self.epoch.changed() => if r.is_err() { std::future::pending::<()>().await },
        }
    }
}

impl Drop for GameWatch {
    fn drop(&mut self) {
        if let Some(user) = self.viewer {
            let mut watchers = self.hub.watchers.lock().unwrap_or_else(PoisonError::into_inner);
            let key = (self.game_id.clone(), user);
            if let Some(n) = watchers.get_mut(&key) {
                *n -= 1;
                if *n == 0 {
                    watchers.remove(&key);
                }
            }
        }
        release(&self.hub.games, &self.game_id);
    }
}

/// A subscription to one game's chat; dropping it releases the channel when it was the
/// last one.
#[derive(Debug)]
pub struct ChatWatch {
    hub: Arc<Hub>,
    game_id: String,
    /// Bumped by every message posted (a count, not a message number).
    pub seq: watch::Receiver<i64>,
    pub epoch: watch::Receiver<u64>,
}

impl ChatWatch {
    /// Waits for the next message or a "re-read everything".
    pub async fn changed(&mut self) {
        tokio::select! {
            r = self.seq.changed() => if r.is_err() { std::future::pending::<()>().await },
            r = self.epoch.changed() => if r.is_err() { std::future::pending::<()>().await },
        }
    }
}

impl Drop for ChatWatch {
    fn drop(&mut self) {
        release(&self.hub.chats, &self.game_id);
    }
}

/// Removes a game's channel from `map` once only the dropping subscriber holds it.
fn release(map: &Mutex<HashMap<String, watch::Sender<i64>>>, game_id: &str) {
    let mut channels = map.lock().unwrap_or_else(PoisonError::into_inner);
    // The dropping receiver is still alive here, so "1" means it is the last one.
    if channels.get(game_id).is_some_and(|tx| tx.receiver_count() <= 1) {
        channels.remove(game_id);
    }
}

/// Subscribes to a game's channel in `map`, creating it.
fn subscribe(map: &Mutex<HashMap<String, watch::Sender<i64>>>, game_id: &str) -> watch::Receiver<i64> {
    let mut channels = map.lock().unwrap_or_else(PoisonError::into_inner);
    channels
        .entry(game_id.to_owned())
        .or_insert_with(|| watch::channel(0).0)
        .subscribe()
}

/// Raises a game's channel in `map` to `seq` (never lowers it).
fn raise(map: &Mutex<HashMap<String, watch::Sender<i64>>>, game_id: &str, seq: i64) {
    let channels = map.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(tx) = channels.get(game_id) {
        tx.send_if_modified(|current| {
            if seq > *current {
                *current = seq;
                true
            } else {
                false
            }
        });
    }
}

impl Hub {
    /// Subscribes to one game's chat messages.
    #[must_use]
    pub fn watch_chat(self: &Arc<Hub>, game_id: &str) -> ChatWatch {
        ChatWatch {
            hub: Arc::clone(self),
            game_id: game_id.to_owned(),
            seq: subscribe(&self.chats, game_id),
            epoch: self.epoch.subscribe(),
        }
    }

    /// Wakes the chat followers of `game_id`: a message was committed. Every post wakes
    /// them, whatever its number: numbers grow in commit order only within what one reader
    /// may read (`storage::chat::CONVERSATION_STRIDE`), so a later message can have a
    /// smaller number than an earlier one on another team's channel.
    pub fn chat_posted(&self, game_id: &str) {
        let channels = self.chats.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tx) = channels.get(game_id) {
            tx.send_modify(|posts| *posts += 1);
        }
    }

    /// Subscribes to one game's wake-ups; `viewer` is the logged-in user, if any, so
    /// notifications can be skipped for players who are watching live.
    #[must_use]
    pub fn watch_game(self: &Arc<Hub>, game_id: &str, viewer: Option<i64>) -> GameWatch {
        let seq = subscribe(&self.games, game_id);
        if let Some(user) = viewer {
            let mut watchers = self.watchers.lock().unwrap_or_else(PoisonError::into_inner);
            *watchers.entry((game_id.to_owned(), user)).or_default() += 1;
        }
        GameWatch {
            hub: Arc::clone(self),
            game_id: game_id.to_owned(),
            viewer,
            seq,
            epoch: self.epoch.subscribe(),
        }
    }

    /// Subscribes to every wake-up (user streams).
    #[must_use]
    pub fn subscribe_all(&self) -> broadcast::Receiver<Wake> {
        self.all.subscribe()
    }

    /// Whether `user` holds a live stream of `game_id` on this instance.
    #[must_use]
    pub fn is_watching(&self, game_id: &str, user: i64) -> bool {
        let watchers = self.watchers.lock().unwrap_or_else(PoisonError::into_inner);
        watchers.contains_key(&(game_id.to_owned(), user))
    }

    /// Number of games with at least one live subscriber on this instance.
    #[must_use]
    pub fn watched_games(&self) -> usize {
        self.games.lock().unwrap_or_else(PoisonError::into_inner).len()
    }

    /// Wakes the subscribers of `game_id`: it has events up to at least `seq`.
    pub fn publish(&self, game_id: &str, seq: i64) {
        raise(&self.games, game_id, seq);
        let _ = self.all.send(Wake::Game(game_id.to_owned(), seq));
    }

    /// Wakes everyone to re-read from the database (after the listener reconnects, or
    /// when wake-ups may have been missed).
    pub fn wake_all(&self) {
        self.epoch.send_modify(|e| *e = e.wrapping_add(1));
        let _ = self.all.send(Wake::All);
        self.work.outbox.notify_one();
    }

    /// Tells the SQLite tailer that something was committed (no-op on PostgreSQL, where
    /// the trigger's NOTIFY does this).
    pub fn committed(&self) {
        self.poke.notify_one();
    }

    /// After a move's commit: wakes this instance's streams at once and, when the database
    /// left it to us, has the announcer tell the other instances.
    pub fn move_committed(&self, game_id: &str, committed: Committed) {
        self.event_committed(game_id, committed.last_seq, committed.queued);
        if committed.announce
            && let Some(announcer) = self.announcer.get()
        {
            let _ = announcer.send(Announcement {
                game_id: game_id.to_owned(),
                seq: committed.last_seq,
                queued: committed.queued,
            });
        }
        self.committed();
    }

    /// A game has events up to `seq`, `queued` for fan-out or not: wakes its followers,
    /// and the fan-out worker when there is something for it.
    pub fn event_committed(&self, game_id: &str, seq: i64, queued: bool) {
        self.publish(game_id, seq);
        if queued {
            self.work.outbox.notify_one();
        }
    }

    /// Installs the announcer's queue (once, by the PostgreSQL event source).
    pub(crate) fn set_announcer(&self, queue: tokio::sync::mpsc::UnboundedSender<Announcement>) {
        let _ = self.announcer.set(queue);
    }

    /// Ends every stream (server shutdown).
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// Ends the live streams `user_id` holds on this instance (their credentials were cut;
    /// the other instances hear it from the database, see `live::source`).
    pub fn credentials_cut(&self, user_id: i64) {
        let _ = self.cuts.send(Cut::User(user_id));
    }

    /// Ends the live streams opened on this instance with the session or token whose hash
    /// is `hash` (logged out, revoked); the other instances hear it from the database.
    pub fn credential_ended(&self, hash: &str) {
        let _ = self.cuts.send(Cut::Credential(hash.to_owned()));
    }

    /// What a stream held by `holder` listens to for its end by [`Hub::credentials_cut`]
    /// or [`Hub::credential_ended`].
    #[must_use]
    pub fn watch_cuts(&self, holder: StreamHolder) -> CutWatch {
        CutWatch {
            cuts: self.cuts.subscribe(),
            holder,
        }
    }

    /// Resolves once [`Hub::close`] was called.
    pub async fn closed(&self) {
        let mut rx = self.closing.subscribe();
        let _ = rx.wait_for(|closing| *closing).await;
    }

    pub(crate) async fn poked(&self) {
        self.poke.notified().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn publish_wakes_only_that_game_and_releases_channels() {
        let hub = Arc::new(Hub::default());
        let mut a = hub.watch_game("a", Some(7));
        let mut b = hub.watch_game("b", None);
        assert!(hub.is_watching("a", 7));
        hub.publish("a", 3);
        tokio::time::timeout(std::time::Duration::from_secs(1), a.changed())
            .await
            .unwrap();
        assert_eq!(*a.seq.borrow(), 3);
        assert!(!b.seq.has_changed().unwrap());
        // An older seq does not wake anyone.
        hub.publish("a", 2);
        assert!(!a.seq.has_changed().unwrap());
        hub.wake_all();
        tokio::time::timeout(std::time::Duration::from_secs(1), b.changed())
            .await
            .unwrap();
        drop(a);
        assert!(!hub.is_watching("a", 7));
        assert_eq!(hub.watched_games(), 1);
        drop(b);
        assert_eq!(hub.watched_games(), 0);
    }
}
