//! Where wake-ups come from. PostgreSQL: a `LISTEN herald_events` task per instance (the
//! `game_events` trigger NOTIFYs `game_id:seq` at commit, from any instance and any insert
//! path). SQLite (one instance): a tailer that reads new event rows by id, which on SQLite
//! are in commit order (one writer at a time); it looks when poked after a commit and
//! once a second in case a writer forgot to poke.

use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;

use super::hub::Hub;
use crate::storage::{Backend, Db};

/// The NOTIFY channel the migration's trigger sends on.
pub const CHANNEL: &str = "herald_events";

/// Starts the wake-up source for this database; the task ends when the hub is dropped.
pub fn start(hub: &Arc<Hub>, db: &Db, database_url: &str) {
    let weak = Arc::downgrade(hub);
    match db.backend() {
        Backend::Postgres => {
            let url = database_url.to_owned();
            tokio::spawn(async move { listen(weak, url).await });
        }
        Backend::Sqlite => {
            let db = db.clone();
            tokio::spawn(async move { tail(weak, db).await });
        }
    }
}

/// A NOTIFY payload: `game:seq`, with `:q` appended when the event was queued for
/// fan-out (game ids are alphanumeric, so the suffix cannot be part of one).
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
                    match parse(notification.payload()) {
                        Some((game, seq, queued)) => {
                            hub.publish(game, seq);
                            if queued {
                                hub.work.outbox.notify_one();
                            }
                        }
                        None => hub.wake_all(),
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
                        hub.publish(&mark.game_id, mark.seq);
                        if mark.queued {
                            hub.work.outbox.notify_one();
                        }
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
}
