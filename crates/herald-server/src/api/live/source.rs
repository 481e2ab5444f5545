//! Where wake-ups come from. PostgreSQL: a `LISTEN herald_events` task per instance (the
//! `game_events` trigger NOTIFYs `game_id:seq` at commit, from any instance and any insert
//! path), and an announcer for moves: their statement asks the trigger not to NOTIFY,
//! because a NOTIFY holds a database-wide lock until its commit is flushed to disk, which
//! puts every notifying commit in single file (capacity measured 2,300 moves/s with it,
//! 3,900 without). The committing instance wakes its own streams at once and the announcer
//! NOTIFYs the others with every mark queued meanwhile in one payload. SQLite (one
//! instance): a tailer that reads new event rows by id, which on SQLite are in commit
//! order (one writer at a time); it looks when poked after a commit and once a second in
//! case a writer forgot to poke.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use sqlx::postgres::PgListener;

use crate::infra::hub::{Announcement, Hub};
use crate::storage::{Backend, Db};

pub use crate::infra::hub::NOTIFY_CHANNEL as CHANNEL;

/// Starts the wake-up source for this database; the task ends when the hub is dropped.
pub fn start(hub: &Arc<Hub>, db: &Db, database_url: &str) {
    let weak = Arc::downgrade(hub);
    match db.backend() {
        Backend::Postgres => {
            let url = database_url.to_owned();
            tokio::spawn(async move { listen(weak, url).await });
            let (queue, marks) = mpsc::unbounded_channel();
            hub.set_announcer(queue);
            let db = db.clone();
            tokio::spawn(async move { announce(marks, db).await });
        }
        Backend::Sqlite => {
            let db = db.clone();
            tokio::spawn(async move { tail(weak, db).await });
        }
    }
}

/// How long the announcer gathers marks after the first before it NOTIFYs. A NOTIFY is a
/// transaction whose commit is flushed to disk: sent as soon as one was queued, at 1,000
/// moves/s they were 620 a second, each also read back by every instance's listener. Other
/// instances' streams hear of a move at most this much later.
const GATHER: Duration = Duration::from_millis(10);

/// Payloads stay under PostgreSQL's 8,000-byte limit.
const PAYLOAD_BYTES: usize = 7_000;

/// NOTIFYs the marks of moves this instance committed, all those queued since the last
/// NOTIFY in one payload (`game:seq,game:seq…`); ends when the hub is dropped.
async fn announce(mut marks: mpsc::UnboundedReceiver<Announcement>, db: Db) {
    // game -> (last seq, queued for fan-out)
    let mut pending: HashMap<String, (i64, bool)> = HashMap::new();
    let merge = |pending: &mut HashMap<String, (i64, bool)>, mark: Announcement| {
        let entry = pending.entry(mark.game_id).or_insert((mark.seq, mark.queued));
        *entry = (entry.0.max(mark.seq), entry.1 || mark.queued);
    };
    loop {
        if pending.is_empty() {
            let Some(mark) = marks.recv().await else { return };
            merge(&mut pending, mark);
            tokio::time::sleep(GATHER).await;
        }
        while let Ok(mark) = marks.try_recv() {
            merge(&mut pending, mark);
        }
        match db.notify_events(CHANNEL, &payloads(&pending)).await {
            Ok(()) => pending.clear(),
            Err(error) => {
                // Kept and retried: a mark only says "read from the database".
                tracing::warn!(%error, "cannot announce events to other instances; retrying");
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

/// The marks as NOTIFY payloads of at most [`PAYLOAD_BYTES`].
fn payloads(marks: &HashMap<String, (i64, bool)>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (game, (seq, queued)) in marks {
        let mark = format!("{game}:{seq}{}", if *queued { ":q" } else { "" });
        match out.last_mut() {
            Some(payload) if payload.len() + 1 + mark.len() <= PAYLOAD_BYTES => {
                payload.push(',');
                payload.push_str(&mark);
            }
            _ => out.push(mark),
        }
    }
    out
}

/// One mark of a NOTIFY payload: `game:seq`, with `:q` appended when the event was queued
/// for fan-out (game ids are alphanumeric, so the suffix cannot be part of one). A payload
/// holds one mark or several separated by commas.
fn parse(payload: &str) -> Option<(&str, i64, bool)> {
    let (rest, queued) = payload.strip_suffix(":q").map_or((payload, false), |rest| (rest, true));
    let (game, seq) = rest.rsplit_once(':')?;
    Some((game, seq.parse().ok()?, queued))
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

async fn listen(hub: std::sync::Weak<Hub>, url: String) {
    let mut backoff = Duration::from_millis(100);
    loop {
        let mut listener = match connect(&url).await {
            Ok(listener) => {
                backoff = Duration::from_millis(100);
                listener
            }
            Err(error) => {
                tracing::warn!(%error, retry_in = ?backoff, "event listener cannot connect");
                if hub.strong_count() == 0 {
                    return;
                }
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(30));
                continue;
            }
        };
        // Notifications sent while we were not listening are lost: everyone re-reads.
        match hub.upgrade() {
            Some(hub) => hub.wake_all(),
            None => return,
        }
        loop {
            // `try_recv` answers `None` when the connection dropped: we reconnect ourselves,
            // so that we know when to make everyone re-read.
            match listener.try_recv().await {
                Ok(Some(notification)) => {
                    let Some(hub) = hub.upgrade() else { return };
                    for mark in notification.payload().split(',') {
                        if let Some(user) = mark.strip_prefix('!') {
                            // A user's credentials were cut: their streams here end too.
                            if let Ok(user) = user.parse() {
                                hub.credentials_cut(user);
                            }
                            continue;
                        }
                        if let Some(hash) = mark.strip_prefix('^') {
                            // A session was logged out or a token revoked: the streams
                            // opened with it here end too.
                            hub.credential_ended(hash);
                            continue;
                        }
                        if let Some(chat) = mark.strip_prefix('~') {
                            match parse(chat) {
                                Some((game, _, _)) => hub.chat_posted(game),
                                None => hub.wake_all(),
                            }
                            continue;
                        }
                        match parse(mark) {
                            Some((game, seq, queued)) => hub.event_committed(game, seq, queued),
                            None => hub.wake_all(),
                        }
                    }
                }
                Ok(None) => {
                    tracing::warn!("event listener lost its connection; reconnecting");
                    break;
                }
                Err(error) => {
                    tracing::warn!(%error, "event listener failed; reconnecting");
                    break;
                }
            }
        }
    }
}

async fn tail(hub: std::sync::Weak<Hub>, db: Db) {
    let mut last = loop {
        match db.last_event_id().await {
            Ok(id) => break id,
            Err(error) => {
                tracing::warn!(%error, "event tailer cannot read the event log");
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    loop {
        {
            let Some(strong) = hub.upgrade() else { return };
            tokio::select! {
                () = strong.poked() => {}
                () = tokio::time::sleep(Duration::from_secs(1)) => {}
            }
        }
        let Some(hub) = hub.upgrade() else { return };
        loop {
            match db.event_marks_after(last, 1000).await {
                Ok(marks) => {
                    let full = marks.len() >= 1000;
                    for mark in marks {
                        hub.event_committed(&mark.game_id, mark.seq, mark.queued);
                        last = mark.id;
                    }
                    if !full {
                        break;
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "event tailer cannot read the event log");
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn payloads() {
        assert_eq!(super::parse("abc:12"), Some(("abc", 12, false)));
        assert_eq!(super::parse("abc:12:q"), Some(("abc", 12, true)));
        assert_eq!(super::parse("abc"), None);
        assert_eq!(super::parse("abc:x"), None);
        assert_eq!(super::parse("abc:q"), None);
    }

    #[test]
    fn announcements_are_split_under_the_payload_limit() {
        let marks: std::collections::HashMap<String, (i64, bool)> = (0..2_000)
            .map(|i| (format!("game{i:06}"), (i64::from(i), i % 3 == 0)))
            .collect();
        let payloads = super::payloads(&marks);
        assert!(payloads.len() > 1);
        assert!(
            payloads
                .iter()
                .all(|p| p.len() <= super::PAYLOAD_BYTES && !p.is_empty())
        );
        let mut seen: Vec<(String, (i64, bool))> = payloads
            .iter()
            .flat_map(|p| p.split(','))
            .map(|m| {
                let (game, seq, queued) = super::parse(m).unwrap();
                (game.to_owned(), (seq, queued))
            })
            .collect();
        seen.sort();
        let mut expected: Vec<(String, (i64, bool))> = marks.into_iter().collect();
        expected.sort();
        assert_eq!(seen, expected);
    }
}
