//! What one change to a game writes, as one value: a [`GameUpdate`] says what a move (with
//! the conditional replies it triggered), a resignation, a claim, a sweep, an end by hand,
//! a draw offer or a takeback (asked, answered, or accepted: the last entry removed)
//! changes. The game's columns it sets are named here once, in the `SET` list
//! both backends run ([`game_set!`]) and in [`GameUpdate::apply_to`], the same change made
//! to a row in memory: a new column is added here, nowhere else.

use herald_rules::{Player, Team, Variant};
use sqlx::Any;
use sqlx::any::AnyArguments;
use sqlx::query::Query;

use super::{GameRow, TakebackRequest};
use crate::domain::events::{EventKind, NewEvent};
use crate::domain::game_states::{EndReason, GameResult, GameStatus};
use crate::domain::time_controls::SeatClocks;
use crate::storage::conditionals::LinesWrite;
use crate::storage::ratings::{ReadRating, SeatRating, end_event_with};
use crate::storage::{SeatColumn, TeamColumn};

/// How a game ends (or is aborted).
#[derive(Debug, Clone)]
pub struct Finish {
    /// `Finished` or `Aborted`.
    pub status: GameStatus,
    /// `None` for an aborted game; the stored `winner_team` is the result's winner.
    pub result: Option<GameResult>,
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
        let winner = self.winner_team();
        let reason = match self.reason {
            Some(EndReason::Rules(reason)) => Some(reason),
            _ => None,
        };
        let points = variant.spec().scoring.points(winner, reason);
        Some(points.map(|p| i64::from(p.halves())))
    }

    /// The winning team, `None` for a draw or an aborted game.
    #[must_use]
    pub fn winner_team(&self) -> Option<Team> {
        self.result.and_then(GameResult::winner)
    }

    /// The event announcing this end.
    #[must_use]
    pub fn event(&self) -> NewEvent {
        NewEvent::ended(self.status, self.result, self.reason)
    }
}

/// What a change expects of the game's `conditional_seats`, and leaves there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinesGuard {
    pub expected: i64,
    pub after: i64,
}

/// An entry appended to the game's record (a move, `withdraw:2`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The ply it is played at (= the number of entries before it).
    pub ply: i64,
    pub seat: Player,
    pub text: String,
}

/// The turn after the change's entries, with its clock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextTurn {
    pub turn: Player,
    pub fen: String,
    /// `None` once the game is over.
    pub move_by: Option<i64>,
    /// When the sweeper next looks at the game: the next turn's 80 % warning.
    pub sweep_at: Option<i64>,
    /// Every seat's clocks after the entries (`None`: unchanged, as under days per move).
    pub clocks: Option<SeatClocks>,
}

/// The end a change makes.
#[derive(Debug, Clone)]
pub struct End {
    pub finish: Finish,
    /// What the end is worth to each team ([`Finish::points`]).
    pub points: Option<[i64; 2]>,
    /// The administrator's note shown with an end by hand.
    pub note: Option<String>,
}

/// Who a game's end rates, and their ratings if they were read with the game.
#[derive(Debug, Clone)]
pub struct RatedEnd {
    pub variant: Variant,
    /// `(seat, user)` in seat order ([`crate::storage::rated_players`]).
    pub players: Vec<(Player, i64)>,
    /// Those players' ratings as read with the game, if each had one: a move that ends
    /// the game writes the new ones in its one statement if they are still as read.
    pub read: Option<Vec<ReadRating>>,
}

/// What a change does to the game's pending takeback request. Left out, the request stays
/// as it is unless the change adds an entry or ends the game, which clears it (a request
/// lapses with any move and with the end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TakebackChange {
    /// A player asks to take back their move.
    Ask(TakebackRequest),
    /// The request is answered or withdrawn.
    Clear,
}

pub use crate::storage::variations::VariationsWrite;

/// What the game must still be for a change to apply (else nothing is written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expect {
    /// At this ply (a move: the optimistic check against a second move for the same ply).
    pub ply: Option<i64>,
    /// At this version (an action decided on the game as loaded).
    pub version: Option<i64>,
    /// Waiting for players is as good as active (an end, not a move).
    pub waiting: bool,
}

/// One change to a game: everything it writes, in one value. Fields left `None` (or empty)
/// leave the game's columns as they are.
#[derive(Debug, Clone)]
pub struct GameUpdate {
    pub game_id: String,
    pub now: i64,
    pub expect: Expect,
    /// The entries appended, in order (a move, then the conditional replies it triggered);
    /// the ply advances by their number.
    pub entries: Vec<Entry>,
    /// The entries taken off the end of the record (an accepted takeback), last first; the
    /// ply goes back by their number. Each must still be stored as given (else nothing is
    /// written). The notes on the positions after them go with them.
    pub removed: Vec<Entry>,
    /// The turn after the entries (set with them).
    pub next: Option<NextTurn>,
    /// The draw offers standing after the change.
    pub draw_offers: Option<i64>,
    pub end: Option<End>,
    /// The game's conditional-lines mask as read (the change is guarded by it) and as it is
    /// after. `None`: neither checked nor changed.
    pub lines: Option<LinesGuard>,
    /// The rewrites of the lines the entries followed or left, each guarded by its version.
    pub rewrites: Vec<LinesWrite>,
    /// The events, in order; the end's last.
    pub events: Vec<NewEvent>,
    /// Who the end rates, if the change ends a game that counts.
    pub rated: Option<RatedEnd>,
    /// What becomes of the pending takeback request ([`TakebackChange`]).
    pub takeback: Option<TakebackChange>,
    /// Saved variations rewritten with a takeback.
    pub variations: Vec<VariationsWrite>,
}

impl GameUpdate {
    /// A change of `game_id` at `now` that writes nothing yet but `updated_at` and the
    /// version, expecting `expect`.
    #[must_use]
    pub fn new(game_id: &str, now: i64, expect: Expect) -> GameUpdate {
        GameUpdate {
            game_id: game_id.to_owned(),
            now,
            expect,
            entries: Vec::new(),
            next: None,
            draw_offers: None,
            end: None,
            lines: None,
            rewrites: Vec::new(),
            events: Vec::new(),
            rated: None,
            removed: Vec::new(),
            takeback: None,
            variations: Vec::new(),
        }
    }

    /// How far the ply moves: the entries added less those taken back.
    fn ply_delta(&self) -> i64 {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        count(self.entries.len()) - count(self.removed.len())
    }

    /// The pending request after the change, `Some(None)` when it is cleared, `None` when
    /// left as it is.
    fn takeback_after(&self) -> Option<Option<TakebackRequest>> {
        match self.takeback {
            Some(TakebackChange::Ask(request)) => Some(Some(request)),
            Some(TakebackChange::Clear) => Some(None),
            None if self.ply_delta() != 0 || self.end.is_some() => Some(None),
            None => None,
        }
    }

    /// This change followed by `later` (a conditional reply after the move), as one: the
    /// entries and events of both, the state after `later`; guarded as this one is.
    #[must_use]
    pub fn then(mut self, later: GameUpdate) -> GameUpdate {
        self.entries.extend(later.entries);
        self.events.extend(later.events);
        self.rewrites.extend(later.rewrites);
        self.next = later.next.or(self.next);
        self.draw_offers = later.draw_offers.or(self.draw_offers);
        self.end = later.end;
        self.rated = later.rated;
        self
    }

    /// The points of the end, if the change ends the game with a score.
    #[must_use]
    pub fn points(&self) -> Option<[i64; 2]> {
        self.end.as_ref().and_then(|e| e.points)
    }

    /// The players the end rates, with the points they scored, if it rates anyone.
    pub(in crate::storage) fn rating(&self) -> Option<(&RatedEnd, [i64; 2])> {
        Some((self.rated.as_ref()?, self.points()?))
    }

    /// The events as written: the end's carries the points and the rating `changes`.
    pub(in crate::storage) fn events_with(&self, changes: &[SeatRating]) -> Vec<NewEvent> {
        let points = self.points();
        self.events
            .iter()
            .map(|event| {
                if event.kind == EventKind::Finished {
                    end_event_with(event, points, changes)
                } else {
                    event.clone()
                }
            })
            .collect()
    }

    /// Makes the change to `row`, a copy of the game in memory, as the `SET` list makes it
    /// to the stored row (`end_note` is not in [`GameRow`]).
    pub fn apply_to(&self, row: &mut GameRow) {
        let entries = i64::try_from(self.entries.len()).unwrap_or(i64::MAX);
        row.ply += self.ply_delta();
        row.version += entries.max(1);
        row.updated_at = self.now;
        if let Some(request) = self.takeback_after() {
            row.takeback = request;
        }
        if self.ply_delta() < 0 {
            row.warned_ply = None;
        }
        if let Some(next) = &self.next {
            row.turn = next.turn;
            row.fen.clone_from(&next.fen);
            row.move_by = next.move_by;
            row.sweep_at = next.sweep_at;
            if let Some(clocks) = &next.clocks {
                row.clocks.clone_from(clocks);
            }
            row.claimable_since = None;
            row.paused_ms = None;
        }
        if let Some(end) = &self.end {
            row.move_by = None;
            row.status = end.finish.status;
            row.result = end.finish.result;
            row.reason = end.finish.reason;
            row.finished_at = Some(self.now);
            row.points = end.points;
            row.open_seats = 0;
        }
        if let Some(offers) = self.draw_offers {
            row.draw_offers = offers;
        }
        if let Some(lines) = self.lines {
            row.conditional_seats = lines.after;
        }
    }

    /// Binds `$1`-`$29`, the parameters of [`game_set!`] and [`game_guard!`], in order.
    pub(in crate::storage) fn bind_game<'q>(
        &'q self,
        query: Query<'q, Any, AnyArguments<'q>>,
    ) -> Query<'q, Any, AnyArguments<'q>> {
        let entries = i64::try_from(self.entries.len()).unwrap_or(i64::MAX);
        let next = self.next.as_ref();
        let end = self.end.as_ref();
        let finish = end.map(|e| &e.finish);
        let lines = self.lines;
        let takeback = self.takeback.map(|change| match change {
            TakebackChange::Ask(request) => Some(request),
            TakebackChange::Clear => None,
        });
        query
            .bind(self.ply_delta())
            .bind(entries.max(1))
            .bind(self.now)
            .bind(i64::from(next.is_some()))
            .bind(next.map(|n| SeatColumn(n.turn)))
            .bind(next.map(|n| n.fen.as_str()))
            .bind(next.and_then(|n| n.move_by))
            .bind(next.and_then(|n| n.sweep_at))
            .bind(i64::from(end.is_some()))
            .bind(finish.map(|f| f.status.as_str()))
            .bind(finish.and_then(Finish::winner_team).map(TeamColumn))
            .bind(finish.and_then(|f| f.result).map(GameResult::as_str))
            .bind(finish.and_then(|f| f.reason).map(EndReason::as_str))
            .bind(end.and_then(|e| e.points).map(|p| p[0]))
            .bind(end.and_then(|e| e.points).map(|p| p[1]))
            .bind(end.and_then(|e| e.note.as_deref()))
            .bind(i64::from(self.draw_offers.is_some()))
            .bind(self.draw_offers)
            .bind(i64::from(lines.is_some()))
            .bind(lines.map(|l| l.after))
            .bind(lines.map(|l| l.expected))
            .bind(self.game_id.as_str())
            .bind(self.expect.ply)
            .bind(self.expect.version)
            .bind(i64::from(self.expect.waiting))
            .bind(i64::from(takeback.is_some()))
            .bind(takeback.flatten().map(|r| SeatColumn(r.seat)))
            .bind(takeback.flatten().map(|r| r.ply))
            .bind(next.and_then(|n| n.clocks.as_ref()).and_then(SeatClocks::column))
    }
}

/// The game's columns a [`GameUpdate`] sets, bound by [`GameUpdate::bind_game`]: `$1` the
/// ply's move (entries added less entries taken back), `$4` a new turn (`$5`-`$8`), `$9` an
/// end (`$10`-`$16`), `$17` draw offers (`$18`), `$19` the lines mask (`$20` after, `$21`
/// expected), `$26` the takeback request (`$27` seat, `$28` ply; both NULL: cleared), `$29` the seats'
/// clocks (NULL: unchanged). A
/// column a change leaves keeps its value, except that an entry or an end clears a pending
/// takeback request, and a takeback forgets the turn's 80 % warning (the turn is new).
macro_rules! game_set {
    () => {
        "ply = ply + $1, version = version + $2, updated_at = $3, \
         turn = CASE WHEN $4 = 1 THEN $5 ELSE turn END, \
         fen = CASE WHEN $4 = 1 THEN $6 ELSE fen END, \
         move_by = CASE WHEN $9 = 1 THEN NULL WHEN $4 = 1 THEN $7 ELSE move_by END, \
         sweep_at = CASE WHEN $4 = 1 THEN $8 ELSE sweep_at END, \
         claimable_since = CASE WHEN $4 = 1 THEN NULL ELSE claimable_since END, \
         paused_ms = CASE WHEN $4 = 1 THEN NULL ELSE paused_ms END, \
         status = CASE WHEN $9 = 1 THEN $10 ELSE status END, \
         winner_team = CASE WHEN $9 = 1 THEN $11 ELSE winner_team END, \
         result = CASE WHEN $9 = 1 THEN $12 ELSE result END, \
         reason = CASE WHEN $9 = 1 THEN $13 ELSE reason END, \
         finished_at = CASE WHEN $9 = 1 THEN $3 ELSE finished_at END, \
         points_team0 = CASE WHEN $9 = 1 THEN $14 ELSE points_team0 END, \
         points_team1 = CASE WHEN $9 = 1 THEN $15 ELSE points_team1 END, \
         open_seats = CASE WHEN $9 = 1 THEN 0 ELSE open_seats END, \
         end_note = CASE WHEN $9 = 1 THEN $16 ELSE end_note END, \
         draw_offers = CASE WHEN $17 = 1 THEN $18 ELSE draw_offers END, \
         conditional_seats = CASE WHEN $19 = 1 THEN $20 ELSE conditional_seats END, \
         takeback_seat = CASE WHEN $26 = 1 THEN $27 WHEN $1 <> 0 OR $9 = 1 THEN NULL ELSE takeback_seat END, \
         takeback_ply = CASE WHEN $26 = 1 THEN $28 WHEN $1 <> 0 OR $9 = 1 THEN NULL ELSE takeback_ply END, \
         warned_ply = CASE WHEN $1 < 0 THEN NULL ELSE warned_ply END, \
         clocks = COALESCE($29, clocks)"
    };
}

/// The condition a [`GameUpdate`] applies under: game `$22`, at ply `$23` and version `$24`
/// if given, active (or waiting, `$25`), its lines mask as read (`$19`, `$21`).
macro_rules! game_guard {
    () => {
        "id = $22 AND ($23 IS NULL OR ply = $23) AND ($24 IS NULL OR version = $24) \
         AND (status = 'active' OR ($25 = 1 AND status = 'waiting')) \
         AND ($19 = 0 OR conditional_seats = $21)"
    };
}

pub(super) use {game_guard, game_set};
