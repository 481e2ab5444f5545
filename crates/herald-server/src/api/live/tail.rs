//! Followers of the event log: one game (by seq) or all of a user's games (by a cursor of
//! per-game seqs). Both read events from the database after every wake-up, so what they
//! yield is exactly the committed events, in order, each once.

use std::collections::{HashMap, HashSet, VecDeque};
use std::time::Duration;

use tokio::sync::broadcast::error::RecvError;

use crate::domain::events::{EventKind, GameEvent};
use crate::infra::hub::{CutWatch, GameWatch, StreamHolder, Wake};
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

const BATCH: i64 = 256;

/// What a follower produces next.
#[derive(Debug)]
pub enum Step {
    Event(GameEvent),
    /// Nothing happened for a keep-alive interval.
    KeepAlive,
    /// The stream is over (shutdown, game over for streams that stop there, or a failure).
    End,
}

/// Counts an open game stream in the metrics for as long as it lives.
#[derive(Debug)]
struct Counted;

impl Counted {
    fn new() -> Counted {
        crate::web::telemetry::stream_subscribers(1);
        Counted
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        crate::web::telemetry::stream_subscribers(-1);
    }
}

/// Follows one game from a seq.
#[derive(Debug)]
pub struct GameTail {
    state: AppState,
    watch: GameWatch,
    cut: CutWatch,
    _counted: Counted,
    game_id: String,
    after: i64,
    queue: VecDeque<GameEvent>,
    must_read: bool,
    /// Stop after the game ends (the ndjson stream does, like lichess; SSE stays open).
    stop_at_end: bool,
    ended: bool,
}

impl GameTail {
    /// Subscribes first, then reads: an event committed in between is read, not missed.
    #[must_use]
    pub fn new(state: &AppState, game_id: &str, after: i64, holder: &StreamHolder, stop_at_end: bool) -> GameTail {
        GameTail {
            watch: state.hub().watch_game(game_id, holder.user),
            cut: state.hub().watch_cuts(holder.clone()),
            _counted: Counted::new(),
            state: state.clone(),
            game_id: game_id.to_owned(),
            after,
            queue: VecDeque::new(),
            must_read: true,
            stop_at_end,
            ended: false,
        }
    }

    /// Marks the game as already over (its stream ends once the backlog is sent).
    pub fn game_over(&mut self) {
        self.ended = true;
    }

    pub async fn next(&mut self) -> Step {
        let keepalive = self.state.config.keepalive();
        loop {
            if let Some(event) = self.queue.pop_front() {
                self.after = event.seq;
                if matches!(event.kind, EventKind::Finished | EventKind::Aborted) {
                    self.ended = true;
                }
                return Step::Event(event);
            }
            if self.must_read {
                match self.state.db.events_after(&self.game_id, self.after, BATCH).await {
                    Ok(events) => {
                        // A full batch (or more): there may be more to read.
                        self.must_read = !matches!(i64::try_from(events.len()), Ok(n) if n < BATCH);
                        if !events.is_empty() {
                            self.queue.extend(events);
                            continue;
                        }
                    }
                    Err(error) => {
                        tracing::warn!(%error, game = %self.game_id, "stream cannot read events");
                        return Step::End;
                    }
                }
            }
            if self.ended && self.stop_at_end {
                return Step::End;
            }
            let epoch = *self.watch.epoch.borrow();
            tokio::select! {
                () = self.watch.changed() => {
                    // Read only when there is something beyond what we have (or everyone
                    // must re-read): 10,000 idle streams cost nothing.
                    self.must_read = *self.watch.seq.borrow() > self.after || *self.watch.epoch.borrow() != epoch;
                }
                () = tokio::time::sleep(keepalive) => return Step::KeepAlive,
                () = self.cut.cut() => return Step::End,
                () = self.state.hub().closed() => return Step::End,
            }
        }
    }
}

/// How far back a resumed user stream looks for games missing from its cursor, and how
/// long an event may take between getting its `created_at` and committing.
pub const SLACK_MS: i64 = 5 * 60 * 1000;

/// The resume cursor of a user's stream: `T,game:seq,game:seq…`.
///
/// Row ids are not in commit order on PostgreSQL (a transaction that took id 7 can commit
/// after one that took id 8), so a single "last id" could skip events. Per-game seqs are
/// in commit order (the update of `games.event_seq` serialises a game's writers), so the
/// cursor holds the last seq delivered for every game that had events since `T`, and for
/// any other game of the user, events created at or after `T` are delivered. `T` trails
/// the clock by [`SLACK_MS`], which covers transactions in flight and clock differences
/// between instances: an event is skipped only if its transaction took longer than that.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cursor {
    pub since_ms: i64,
    /// game → (last seq delivered, its time)
    pub seen: HashMap<String, (i64, i64)>,
}

impl Cursor {
    /// Parses a cursor sent back by a client.
    ///
    /// # Errors
    /// 400 `bad_cursor` for anything that is not a cursor.
    pub fn parse(text: &str) -> ApiResult<Cursor> {
        let bad = || ApiError::bad_request("bad_cursor", "a cursor is `T,game:seq,…` as sent in `cursor`");
        let mut parts = text.split(',');
        let since_ms = parts.next().and_then(|t| t.trim().parse().ok()).ok_or_else(bad)?;
        let mut seen = HashMap::new();
        for part in parts.filter(|p| !p.is_empty()) {
            let (game, seq) = part.split_once(':').ok_or_else(bad)?;
            if game.is_empty() || game.len() > 32 || !game.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(bad());
            }
            let seq: i64 = seq.parse().map_err(|_| bad())?;
            seen.insert(game.to_owned(), (seq, since_ms));
        }
        if seen.len() > 10_000 {
            return Err(bad());
        }
        Ok(Cursor { since_ms, seen })
    }

    /// Moves `T` up to `now - SLACK_MS` and forgets games quiet since then.
    pub fn advance(&mut self, now: i64) {
        let horizon = now - SLACK_MS;
        if horizon > self.since_ms {
            self.since_ms = horizon;
            self.seen.retain(|_, (_, at)| *at >= horizon);
        }
    }

    fn wants(&self, event: &GameEvent) -> bool {
        match self.seen.get(&event.game_id) {
            Some((seq, _)) => event.seq > *seq,
            None => event.at >= self.since_ms,
        }
    }

    /// The cursor as text, games in a stable order.
    #[must_use]
    pub fn render(&self) -> String {
        let mut games: Vec<_> = self.seen.iter().collect();
        games.sort();
        let mut out = self.since_ms.to_string();
        for (game, (seq, _)) in games {
            out.push(',');
            out.push_str(game);
            out.push(':');
            out.push_str(&seq.to_string());
        }
        out
    }
}

/// Follows every game of one user.
#[derive(Debug)]
pub struct UserTail {
    state: AppState,
    user_id: i64,
    pub cursor: Cursor,
    wakes: tokio::sync::broadcast::Receiver<Wake>,
    cut: CutWatch,
    member_of: HashSet<String>,
    queue: VecDeque<GameEvent>,
    must_read: bool,
}

impl UserTail {
    /// Starts from `cursor`, or (with none) from now: the events already committed are
    /// taken as seen.
    ///
    /// # Errors
    /// The database fails.
    pub async fn new(
        state: &AppState,
        user_id: i64,
        holder: StreamHolder,
        cursor: Option<Cursor>,
    ) -> ApiResult<UserTail> {
        let wakes = state.hub().subscribe_all();
        let mut tail = UserTail {
            state: state.clone(),
            user_id,
            cursor: cursor.clone().unwrap_or_default(),
            wakes,
            cut: state.hub().watch_cuts(holder),
            member_of: HashSet::new(),
            queue: VecDeque::new(),
            must_read: true,
        };
        if cursor.is_none() {
            tail.cursor.since_ms = state.now() - SLACK_MS;
            let recent = tail.read().await?;
            for event in recent {
                tail.cursor.seen.insert(event.game_id, (event.seq, event.at));
            }
            tail.must_read = false;
        }
        Ok(tail)
    }

    async fn read(&mut self) -> ApiResult<Vec<GameEvent>> {
        let events = self
            .state
            .db
            .user_events_since(self.user_id, self.cursor.since_ms, 10_000)
            .await?;
        for event in &events {
            self.member_of.insert(event.game_id.clone());
        }
        Ok(events.into_iter().filter(|e| self.cursor.wants(e)).collect())
    }

    async fn concerns_me(&mut self, game_id: &str) -> bool {
        if self.member_of.contains(game_id) {
            return true;
        }
        match self.state.db.is_member(game_id, self.user_id).await {
            Ok(true) => {
                self.member_of.insert(game_id.to_owned());
                true
            }
            Ok(false) => false,
            // Unsure: reading again costs little and loses nothing.
            Err(_) => true,
        }
    }

    pub async fn next(&mut self) -> Step {
        let keepalive = self.state.config.keepalive();
        loop {
            if let Some(event) = self.queue.pop_front() {
                self.cursor.seen.insert(event.game_id.clone(), (event.seq, event.at));
                self.cursor.advance(self.state.now());
                return Step::Event(event);
            }
            if self.must_read {
                self.must_read = false;
                match self.read().await {
                    Ok(events) if !events.is_empty() => {
                        self.queue.extend(events);
                        continue;
                    }
                    Ok(_) => {}
                    Err(error) => {
                        tracing::warn!(%error, user = self.user_id, "user stream cannot read events");
                        return Step::End;
                    }
                }
            }
            let deadline = tokio::time::sleep(keepalive);
            tokio::pin!(deadline);
            loop {
                tokio::select! {
                    wake = self.wakes.recv() => match wake {
                        Ok(Wake::Game(game, seq)) => {
                            let known = self.cursor.seen.get(&game).is_some_and(|(s, _)| *s >= seq);
                            if !known && self.concerns_me(&game).await {
                                self.must_read = true;
                                break;
                            }
                        }
                        Ok(Wake::All) | Err(RecvError::Lagged(_)) => {
                            self.must_read = true;
                            break;
                        }
                        Err(RecvError::Closed) => return Step::End,
                    },
                    () = &mut deadline => return Step::KeepAlive,
                    () = self.cut.cut() => return Step::End,
                    () = self.state.hub().closed() => return Step::End,
                }
            }
        }
    }
}

/// Keep-alive interval default (the API promises a line at least every 10 s).
pub const KEEPALIVE: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_advance() {
        let c = Cursor::parse("1000,abc:3,xyz:7").unwrap();
        assert_eq!(c.since_ms, 1000);
        assert_eq!(c.render(), "1000,abc:3,xyz:7");
        assert!(Cursor::parse("x,abc:3").is_err());
        assert!(Cursor::parse("1,a-b:3").is_err());
        assert!(Cursor::parse("1,abc").is_err());
        let mut c = Cursor::parse("1000,abc:3").unwrap();
        c.seen.insert("new".into(), (1, 1000 + SLACK_MS + 10));
        c.advance(1000 + 2 * SLACK_MS);
        assert_eq!(c.render(), format!("{},new:1", 1000 + SLACK_MS));
    }
}
