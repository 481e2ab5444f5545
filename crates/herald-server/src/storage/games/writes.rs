//! Writes to a game: a move with the state after it, the end of a game (also by an
//! administrator), draw offers and joining a seat, each with its events in one transaction.

use herald_rules::Variant;
use sqlx::{Any, Row, Transaction};

use super::{FirstTurn, GameRow, SEAT_QUERY, SeatRow, encode, typed};
use crate::events::NewEvent;
use crate::hub::Committed;
use crate::states::{EndReason, GameStatus};
use crate::storage::conditionals::{LinesWrite, write_lines};
use crate::storage::ratings::{
    RatingUpdate, ReadRating, SeatRating, end_event_with, open_first_ratings, rated_players,
};
use crate::storage::{Appended, Backend, Db, NewChat, insert_event, is_unique_violation};

/// Prometheus counter: rated games a move ended on PostgreSQL, by how the ratings were
/// written (`path`: `statement`, in the move's one statement; `transaction`, the locked way).
pub const RATED_ENDINGS: &str = "herald_rated_endings_total";

/// How a game ends (or is aborted).
#[derive(Debug, Clone)]
pub struct Finish {
    /// `Finished` or `Aborted`.
    pub status: GameStatus,
    pub winner_team: Option<i64>,
    pub result: Option<String>,
    pub reason: Option<EndReason>,
}

impl Finish {
    /// What the end is worth to each team in half points, by the game's own scoring (a
    /// Nowan stalemate 1, a checkmate 2); `None` for an aborted game.
    #[must_use]
    pub fn points(&self, variant: Variant) -> Option<[i64; 2]> {
        if self.status != GameStatus::Finished {
            return None;
        }
        let winner = self.winner_team.and_then(|t| u8::try_from(t).ok());
        let reason = match self.reason {
            Some(EndReason::Rules(reason)) => Some(reason),
            _ => None,
        };
        let points = variant.spec().scoring.points(winner, reason);
        Some(points.map(|p| i64::from(p.halves())))
    }

    /// The event announcing this end.
    #[must_use]
    pub fn event(&self) -> NewEvent {
        NewEvent::ended(self.status, self.winner_team, self.result.as_deref(), self.reason)
    }
}

/// A move to commit, with the game state after it.
#[derive(Debug, Clone)]
pub struct MoveCommit {
    pub game_id: String,
    /// The game's kind: its scoring, when the move ends the game.
    pub variant: Variant,
    /// The ply the move is played at (= the number of moves before it).
    pub ply: i64,
    pub seat: i64,
    pub text: String,
    pub now: i64,
    pub next_turn: i64,
    pub fen: String,
    pub move_by: Option<i64>,
    /// When the sweeper next looks at the game: the next turn's 80 % warning.
    pub sweep_at: Option<i64>,
    pub draw_offers: i64,
    pub finish: Option<Finish>,
    /// Who the game's end rates, if the move ends a game that counts
    /// ([`crate::storage::rated_players`]).
    pub rated_players: Option<Vec<(i64, i64)>>,
    /// Those players' ratings as read with the game, if each had one: a move that ends
    /// the game writes the new ones in its one statement if they are still as read.
    pub read_ratings: Option<Vec<ReadRating>>,
    /// What the move changed, in order: the move, then perhaps the end of the game (at most
    /// two events).
    pub events: Vec<NewEvent>,
    /// For a move: the game's conditional-lines mask as read (the update is guarded by it)
    /// and as it is after the move. `None`: neither checked nor changed.
    pub lines: Option<LinesGuard>,
}

/// What a move expects of the game's `conditional_seats`, and leaves there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinesGuard {
    pub expected: i64,
    pub after: i64,
}

impl MoveCommit {
    /// `$1` guarded (1) or not (0), `$2` the mask after, `$3` the mask expected.
    fn lines_binds(&self) -> (i64, i64, i64) {
        self.lines.map_or((0, 0, 0), |g| (1, g.after, g.expected))
    }
}

/// Binds `$1`-`$13` of a move's guarded update: the state after the move, the guard, and
/// the next sweep (computed by the clock rules, `games::clock`, not in SQL).
fn bind_move_update<'q>(
    query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>>,
    commit: &'q MoveCommit,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments<'q>> {
    let finish = commit.finish.as_ref();
    query
        .bind(commit.next_turn)
        .bind(&commit.fen)
        .bind(commit.move_by)
        .bind(commit.now)
        .bind(commit.draw_offers)
        .bind(finish.map_or(GameStatus::Active, |f| f.status).as_str())
        .bind(finish.and_then(|f| f.winner_team))
        .bind(finish.and_then(|f| f.result.as_deref()))
        .bind(finish.and_then(|f| f.reason).map(EndReason::as_str))
        .bind(finish.map(|_| commit.now))
        .bind(&commit.game_id)
        .bind(commit.ply)
        .bind(commit.sweep_at)
}

/// What a join did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Joined {
    pub seat: i64,
    pub started: bool,
}

/// What ending a game by hand did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminEnd {
    /// The game was waiting or active and is now aborted.
    Ended,
    NoSuchGame,
    /// The game was already over, with this status.
    AlreadyOver(GameStatus),
}

impl Db {
    /// Commits a move and the new game state atomically, then wakes the hub (and, on
    /// PostgreSQL, has it announce the events to the other instances).
    ///
    /// Returns `None` (nothing written) when the game is no longer at `commit.ply` or no
    /// longer active: the optimistic check in the `UPDATE` and the `(game_id, ply)` primary
    /// key of `moves` each make a second move for the same ply impossible.
    pub async fn commit_move(&self, commit: &MoveCommit) -> Result<Option<Vec<SeatRating>>, sqlx::Error> {
        let committed = if self.backend == Backend::Postgres && commit.events.len() <= 2 {
            if commit.finish.is_none() {
                commit_move_combined(&self.pool, commit, &commit.events, None)
                    .await?
                    .map(|c| (c, Vec::new()))
            } else {
                self.commit_finishing_move(commit).await?
            }
        } else {
            self.commit_chain_in_transaction(std::slice::from_ref(commit), &[], None)
                .await?
        };
        Ok(committed.map(|(committed, ratings)| {
            self.hub.move_committed(&commit.game_id, committed);
            ratings
        }))
    }

    /// Commits a move followed by the conditional replies it triggered (`commits`, in
    /// order) and the rewrites of the lines they followed, all or nothing; then wakes the
    /// hub. `None` (nothing written) when the game moved on or the lines changed meanwhile.
    pub async fn commit_moves(
        &self,
        commits: &[MoveCommit],
        lines: &[LinesWrite],
        message: Option<&NewChat<'_>>,
    ) -> Result<Option<Vec<SeatRating>>, sqlx::Error> {
        let Some(last) = commits.last() else {
            return Ok(Some(Vec::new()));
        };
        let postgres = self.backend == Backend::Postgres;
        // A message sent with the move commits with it (the one-statement paths have no
        // room for it): both or neither.
        let committed = if message.is_some() {
            self.commit_chain_in_transaction(commits, lines, message).await?
        } else if postgres && last.finish.is_none() {
            super::chain::commit_chain_statement(&self.pool, commits, lines)
                .await?
                .map(|c| (c, Vec::new()))
        } else if postgres && commits.iter().all(|c| c.events.len() <= 2) {
            self.commit_chain_combined(commits, lines).await?
        } else {
            self.commit_chain_in_transaction(commits, lines, None).await?
        };
        Ok(committed.map(|(committed, ratings)| {
            self.hub.move_committed(&last.game_id, committed);
            ratings
        }))
    }

    /// Ends a game if it is still at `version` and not over, with its events (the end itself
    /// is added as the last one); `false` if it changed meanwhile. A rated game is rated
    /// only if `every_seat_moved` ([`rated_players`]).
    pub async fn finish_game(
        &self,
        game: &GameRow,
        seats: &[SeatRow],
        finish: &Finish,
        every_seat_moved: bool,
        now: i64,
        before: &[NewEvent],
    ) -> Result<bool, sqlx::Error> {
        let id = game.id.as_str();
        let points = finish.points(game.variant);
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let players = rated_players(game.rated, every_seat_moved, seats.iter().map(|s| (s.seat, s.user_id)));
        let update = prepare_rating(&mut tx, game.variant, points, players, now).await?;
        let done = sqlx::query(
            "UPDATE games SET status = $1, winner_team = $2, result = $3, reason = $4, finished_at = $5, \
             updated_at = $5, move_by = NULL, open_seats = 0, version = version + 1, \
             points_team0 = $8, points_team1 = $9 \
             WHERE id = $6 AND version = $7 AND status IN ('waiting', 'active')",
        )
        .bind(finish.status.as_str())
        .bind(finish.winner_team)
        .bind(finish.result.clone())
        .bind(finish.reason.map(EndReason::as_str))
        .bind(now)
        .bind(id)
        .bind(game.version)
        .bind(points.map(|p| p[0]))
        .bind(points.map(|p| p[1]))
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        let changes = match &update {
            Some(update) => {
                update.write(&mut tx, self.backend, id, game.variant, now).await?;
                update.changes()
            }
            None => Vec::new(),
        };
        let end = end_event_with(&finish.event(), points, &changes);
        for event in before.iter().chain(std::iter::once(&end)) {
            appended.insert(&mut tx, id, event, now).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Sets the draw-offer mask if the game is still at `version` and active, with the
    /// event saying why.
    pub async fn set_draw_offers(
        &self,
        id: &str,
        version: i64,
        offers: i64,
        now: i64,
        event: &NewEvent,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE games SET draw_offers = $1, updated_at = $2, version = version + 1 \
             WHERE id = $3 AND version = $4 AND status = 'active'",
        )
        .bind(offers)
        .bind(now)
        .bind(id)
        .bind(version)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        appended.insert(&mut tx, id, event, now).await?;
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Seats a user; if that fills the game, it starts with `first_turn`'s clock. The
    /// first statement locks the game row (both databases), so joins of
    /// one game are serialised and exactly one of them starts it. `choose` picks the seat
    /// from the current seats, or refuses with the caller's error.
    ///
    /// Returns `Ok(None)` when the game is not waiting for players.
    pub async fn join<E>(
        &self,
        game_id: &str,
        user_id: i64,
        now: i64,
        first_turn: FirstTurn,
        choose: impl FnOnce(&[SeatRow]) -> Result<i64, E>,
    ) -> Result<Option<Result<Joined, E>>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx: Transaction<'_, Any> = self.pool.begin().await?;
        let mut appended = Appended::default();
        let locked =
            sqlx::query("UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2 AND status = 'waiting'")
                .bind(now)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        if locked.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let seats: Vec<SeatRow> = sqlx::query_as(&format!("{SEAT_QUERY} WHERE s.game_id = $1 ORDER BY s.seat"))
            .bind(game_id)
            .fetch_all(&mut *tx)
            .await?;
        let seat = match choose(&seats) {
            Ok(seat) => seat,
            Err(e) => {
                tx.rollback().await?;
                return Ok(Some(Err(e)));
            }
        };
        sqlx::query("UPDATE game_seats SET user_id = $1 WHERE game_id = $2 AND seat = $3 AND user_id IS NULL")
            .bind(user_id)
            .bind(game_id)
            .bind(seat)
            .execute(&mut *tx)
            .await?;
        let filled = seats.iter().filter(|s| s.user_id.is_some() || s.seat == seat).count();
        let open = seats
            .iter()
            .filter(|s| s.user_id.is_none() && s.invited_user_id.is_none() && s.seat != seat)
            .count();
        let started = filled == seats.len();
        appended
            .insert(&mut tx, game_id, &NewEvent::joined(seat, user_id), now)
            .await?;
        if started {
            sqlx::query(
                "UPDATE games SET status = 'active', started_at = $1, move_by = $2, sweep_at = $3, open_seats = 0 \
                 WHERE id = $4",
            )
            .bind(now)
            .bind(first_turn.move_by)
            .bind(first_turn.sweep_at)
            .bind(game_id)
            .execute(&mut *tx)
            .await?;
            open_first_ratings(&mut tx, game_id, now).await?;
            appended
                .insert(&mut tx, game_id, &NewEvent::started(first_turn.move_by), now)
                .await?;
        } else {
            sqlx::query("UPDATE games SET open_seats = $1 WHERE id = $2")
                .bind(i64::try_from(open).map_err(encode)?)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(Some(Ok(Joined { seat, started })))
    }

    /// Aborts a waiting or active game with reason `admin` (no result: nobody won), with its
    /// `aborted` event, the administrator's `note` (shown on its page) and, from an
    /// administrator, the `audit` entry, in one transaction.
    pub async fn admin_end_game(
        &self,
        id: &str,
        now: i64,
        note: Option<&str>,
        audit: Option<&crate::storage::AuditEntry>,
    ) -> Result<AdminEnd, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let mut appended = Appended::default();
        let done = sqlx::query(
            "UPDATE games SET status = 'aborted', winner_team = NULL, result = NULL, reason = 'admin', \
             finished_at = $1, updated_at = $1, move_by = NULL, open_seats = 0, draw_offers = 0, \
             version = version + 1, end_note = $3 WHERE id = $2 AND status IN ('waiting', 'active')",
        )
        .bind(now)
        .bind(id)
        .bind(note)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            let status = sqlx::query("SELECT status FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return Ok(match status {
                Some(row) => AdminEnd::AlreadyOver(typed(&row, "games", id, "status")?),
                None => AdminEnd::NoSuchGame,
            });
        }
        let event = NewEvent::ended(GameStatus::Aborted, None, None, Some(EndReason::Admin));
        appended.insert(&mut tx, id, &event, now).await?;
        if let Some(audit) = audit {
            crate::storage::administration::insert_audit(&mut tx, audit).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(AdminEnd::Ended)
    }

    /// PostgreSQL, a move that ends the game: one statement, as any other move, when it is
    /// unrated or when its players' ratings, read with the game, are still as read (the
    /// statement checks; a rated game opens its new players' first ratings when it starts).
    /// Otherwise (another of their games ended meanwhile, or a game started before ratings
    /// were opened at the start) the ratings are read and locked, then the move with its
    /// events and the new ratings written, in a transaction of four round trips.
    async fn commit_finishing_move(
        &self,
        commit: &MoveCommit,
    ) -> Result<Option<(Committed, Vec<SeatRating>)>, sqlx::Error> {
        let points = commit.finish.as_ref().and_then(|f| f.points(commit.variant));
        let (Some(rated_points), Some(players)) = (points, commit.rated_players.clone()) else {
            let events = events_with_end(commit, points, &[]);
            let committed = commit_move_combined(&self.pool, commit, &events, None).await?;
            return Ok(committed.map(|c| (c, Vec::new())));
        };
        if let Some(read) = &commit.read_ratings {
            let update = RatingUpdate::from_read(commit.variant, players.clone(), rated_points, commit.now, read)?;
            let changes = update.changes();
            let events = events_with_end(commit, points, &changes);
            if let Some(committed) = commit_move_combined(&self.pool, commit, &events, Some(&update)).await? {
                metrics::counter!(RATED_ENDINGS, "path" => "statement").increment(1);
                return Ok(Some((committed, changes)));
            }
            // Nothing was written: the game or a rating moved on. The transaction decides.
        }
        let mut tx = self.pool.begin().await?;
        let update = RatingUpdate::prepare(&mut tx, commit.variant, players, rated_points, commit.now).await?;
        let changes = update.changes();
        let events = events_with_end(commit, points, &changes);
        let Some(committed) = commit_move_combined(&mut *tx, commit, &events, Some(&update)).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        tx.commit().await?;
        metrics::counter!(RATED_ENDINGS, "path" => "transaction").increment(1);
        Ok(Some((committed, changes)))
    }

    /// PostgreSQL, a move followed by conditional replies (or rewriting lines): the ratings
    /// read and locked if the last move ends the game, then each move as the one-statement
    /// write of [`commit_move_combined`] (the last with the ratings) and the lines, in one transaction of
    /// a few round trips whose events the instance announces itself, as for a single move.
    async fn commit_chain_combined(
        &self,
        commits: &[MoveCommit],
        lines: &[LinesWrite],
    ) -> Result<Option<(Committed, Vec<SeatRating>)>, sqlx::Error> {
        let Some(last) = commits.last() else {
            return Ok(None);
        };
        let points = last.finish.as_ref().and_then(|f| f.points(last.variant));
        let mut tx = self.pool.begin().await?;
        let update = prepare_rating(&mut tx, last.variant, points, last.rated_players.clone(), last.now).await?;
        let changes = update.as_ref().map(RatingUpdate::changes).unwrap_or_default();
        let mut all = Committed {
            last_seq: 0,
            announce: true,
            queued: false,
        };
        for commit in commits {
            let points = commit.finish.as_ref().and_then(|f| f.points(commit.variant));
            let events = events_with_end(commit, points, &changes);
            // Only the last move may end the game: it writes the ratings.
            let rating = update.as_ref().filter(|_| std::ptr::eq(commit, last));
            let Some(committed) = commit_move_combined(&mut *tx, commit, &events, rating).await? else {
                tx.rollback().await?;
                return Ok(None);
            };
            all.last_seq = all.last_seq.max(committed.last_seq);
            all.queued |= committed.queued;
        }
        if !write_lines(&mut tx, &last.game_id, lines, last.now).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        tx.commit().await?;
        Ok(Some((all, changes)))
    }

    /// SQLite (and PostgreSQL with more than two events, or a move followed by conditional
    /// replies): the ratings read, then for each move in order the guarded update, the move
    /// and its events, then the ratings and the lines the moves followed written, all in one
    /// transaction. Only the last move may end the game.
    async fn commit_chain_in_transaction(
        &self,
        commits: &[MoveCommit],
        lines: &[LinesWrite],
        message: Option<&NewChat<'_>>,
    ) -> Result<Option<(Committed, Vec<SeatRating>)>, sqlx::Error> {
        const UPDATE: &str = "UPDATE games SET ply = ply + 1, version = version + 1, turn = $1, fen = $2, \
            move_by = $3, updated_at = $4, draw_offers = $5, status = $6, winner_team = $7, result = $8, \
            reason = $9, finished_at = $10, claimable_since = NULL, paused_ms = NULL, sweep_at = $13, \
            points_team0 = $14, points_team1 = $15, \
            conditional_seats = CASE WHEN $16 = 1 THEN $17 ELSE conditional_seats END \
            WHERE id = $11 AND ply = $12 AND status = 'active' AND ($16 = 0 OR conditional_seats = $18)";
        let Some(last) = commits.last() else {
            return Ok(None);
        };
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let points = last.finish.as_ref().and_then(|f| f.points(last.variant));
        let update = prepare_rating(&mut tx, last.variant, points, last.rated_players.clone(), last.now).await?;
        for commit in commits {
            let points = commit.finish.as_ref().and_then(|f| f.points(commit.variant));
            let (guarded, after, expected) = commit.lines_binds();
            let updated = bind_move_update(sqlx::query(UPDATE), commit)
                .bind(points.map(|p| p[0]))
                .bind(points.map(|p| p[1]))
                .bind(guarded)
                .bind(after)
                .bind(expected)
                .execute(&mut *tx)
                .await?;
            if updated.rows_affected() == 0 {
                tx.rollback().await?;
                return Ok(None);
            }
            let inserted =
                sqlx::query("INSERT INTO moves (game_id, ply, seat, text, played_at) VALUES ($1, $2, $3, $4, $5)")
                    .bind(&commit.game_id)
                    .bind(commit.ply)
                    .bind(commit.seat)
                    .bind(&commit.text)
                    .bind(commit.now)
                    .execute(&mut *tx)
                    .await;
            match inserted {
                Ok(_) => {}
                Err(e) if is_unique_violation(&e) => {
                    tx.rollback().await?;
                    return Ok(None);
                }
                Err(e) => return Err(e),
            }
        }
        if !write_lines(&mut tx, &last.game_id, lines, last.now).await? {
            tx.rollback().await?;
            return Ok(None);
        }
        let changes = match &update {
            Some(update) => {
                update
                    .write(&mut tx, self.backend, &last.game_id, last.variant, last.now)
                    .await?;
                update.changes()
            }
            None => Vec::new(),
        };
        let mut last_seq = 0;
        for commit in commits {
            let points = commit.finish.as_ref().and_then(|f| f.points(commit.variant));
            for event in events_with_end(commit, points, &changes) {
                last_seq = insert_event(&mut tx, &commit.game_id, &event, commit.now).await?;
            }
        }
        let chat_seq = match message {
            Some(message) => Some(crate::storage::chat::insert_chat(&mut tx, self.backend, message).await?),
            None => None,
        };
        tx.commit().await?;
        if let (Some(seq), Some(message)) = (chat_seq, message) {
            self.chat_committed(message.game_id, seq);
        }
        // The trigger announced the events (PostgreSQL), or the tailer will (SQLite).
        let committed = Committed {
            last_seq,
            announce: false,
            queued: false,
        };
        Ok(Some((committed, changes)))
    }
}

/// The rating update of a game ending with `points`, if it ends (not aborted) and counts:
/// read first, before the game's row is written, so every path that ends a game locks
/// ratings, then the game (one order: no deadlock between a move and a claim).
async fn prepare_rating(
    tx: &mut Transaction<'_, Any>,
    variant: Variant,
    points: Option<[i64; 2]>,
    players: Option<Vec<(i64, i64)>>,
    now: i64,
) -> Result<Option<RatingUpdate>, sqlx::Error> {
    match (points, players) {
        (Some(points), Some(players)) => Ok(Some(RatingUpdate::prepare(tx, variant, players, points, now).await?)),
        _ => Ok(None),
    }
}

/// The move's events, the game-over one carrying the points and rating changes.
fn events_with_end(commit: &MoveCommit, points: Option<[i64; 2]>, changes: &[SeatRating]) -> Vec<NewEvent> {
    commit
        .events
        .iter()
        .map(|event| {
            if event.kind == crate::events::EventKind::Finished {
                end_event_with(event, points, changes)
            } else {
                event.clone()
            }
        })
        .collect()
}

/// PostgreSQL: the move, the game's new state and its events in one statement (alone, one
/// transaction and one round trip): the move and its events are inserted only if the
/// guarded update matched, and so are the ratings of a rated game it ends (`rating`). It
/// queues its events for fan-out itself (deciding once, not per event) and tells the events trigger to leave
/// them alone, NOTIFY included: a NOTIFY holds a database-wide lock from commit until the
/// commit is on disk, which would put every move in single file; the instance announces
/// the events itself, batched (`live::source`).
async fn commit_move_combined<'e>(
    executor: impl sqlx::Executor<'e, Database = Any>,
    commit: &MoveCommit,
    events: &[NewEvent],
    rating: Option<&RatingUpdate>,
) -> Result<Option<Committed>, sqlx::Error> {
    // The writes, with a condition the game's update adds (`$guard`).
    macro_rules! writes {
        ($guard:literal) => {
            concat!(
                "moved AS (UPDATE games SET ply = ply + 1, version = version + 1, \
                turn = $1, fen = $2, move_by = $3, updated_at = $4, draw_offers = $5, status = $6, winner_team = $7, \
                result = $8, reason = $9, finished_at = $10, claimable_since = NULL, paused_ms = NULL, sweep_at = $13, \
                event_seq = event_seq + $16, points_team0 = $21, points_team1 = $22, \
                conditional_seats = CASE WHEN $23 = 1 THEN $24 ELSE conditional_seats END \
                WHERE id = $11 AND ply = $12 AND status = 'active' AND ($23 = 0 OR conditional_seats = $25)",
                $guard,
                " AND set_config('herald.notify_deferred', '1', true) = '1' RETURNING id, event_seq), \
                inserted AS (INSERT INTO moves (game_id, ply, seat, text, played_at) \
                SELECT id, $12, $14, $15, $4 FROM moved), \
                events AS (INSERT INTO game_events (game_id, seq, kind, data, created_at) \
                SELECT moved.id, moved.event_seq - $16 + e.n, e.kind, e.data, $4 FROM moved, \
                (VALUES (1, $17, $18), (2, $19, $20)) AS e (n, kind, data) WHERE e.n <= $16 \
                RETURNING id, seq), \
                notified AS (SELECT herald_game_notified($11) AS queued), \
                outbox AS (INSERT INTO event_outbox (event_id) \
                SELECT events.id FROM events, notified WHERE notified.queued)"
            )
        };
    }
    macro_rules! answer {
        () => {
            " SELECT events.seq, CASE WHEN notified.queued THEN 1 ELSE 0 END AS queued FROM events, notified"
        };
    }
    const COMBINED: &str = concat!("WITH ", writes!(""), answer!());
    // A rated game's last move also writes the ratings, if it was played ($26 on). Read
    // with the game (unlocked), they are locked and checked here: the game is updated only
    // if every player's rating is still as read, so a move costs one round trip, rated or
    // not. Read and locked by the transaction, they are written as they are.
    let rated_sql = rating.map(|update| match update.postgres_guard(26) {
        Some((guard, next)) => format!(
            "WITH {guard}, {}, {}{}",
            writes!(" AND (SELECT COUNT(*) FROM rating_guard) = $26"),
            update.postgres_ctes(next, "$11", "$4", Some("moved")),
            answer!()
        ),
        None => format!(
            "WITH {}, {}{}",
            writes!(""),
            update.postgres_ctes(26, "$11", "$4", Some("moved")),
            answer!()
        ),
    });
    let event = |i: usize| {
        events.get(i).map_or((String::new(), String::new()), |e| {
            (e.kind.as_str().to_owned(), e.data.to_string())
        })
    };
    let (kind1, data1) = event(0);
    let (kind2, data2) = event(1);
    let count = i64::try_from(events.len()).map_err(encode)?;
    let points = commit.finish.as_ref().and_then(|f| f.points(commit.variant));
    let (guarded, after, expected) = commit.lines_binds();
    let query = bind_move_update(sqlx::query(rated_sql.as_deref().unwrap_or(COMBINED)), commit)
        .bind(commit.seat)
        .bind(&commit.text)
        .bind(count)
        .bind(kind1)
        .bind(data1)
        .bind(kind2)
        .bind(data2)
        .bind(points.map(|p| p[0]))
        .bind(points.map(|p| p[1]))
        .bind(guarded)
        .bind(after)
        .bind(expected);
    let query = match rating {
        Some(update) => update.bind_postgres(update.bind_guard(query), commit.variant),
        None => query,
    };
    let result = query.fetch_all(executor).await;
    match result {
        Ok(rows) => announced(&rows, events.len()),
        Err(e) if is_unique_violation(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// What a one-statement write returned (a `seq` and `queued` per inserted event): the
/// update matched iff all `expected` events (at least the move's) were inserted; the
/// instance announces them itself.
pub(super) fn announced(rows: &[sqlx::any::AnyRow], expected: usize) -> Result<Option<Committed>, sqlx::Error> {
    if expected == 0 || rows.len() != expected {
        return Ok(None);
    }
    let (mut last_seq, mut queued) = (0, false);
    for row in rows {
        last_seq = last_seq.max(row.try_get::<i64, _>("seq")?);
        queued |= row.try_get::<i32, _>("queued")? != 0;
    }
    Ok(Some(Committed {
        last_seq,
        announce: true,
        queued,
    }))
}
