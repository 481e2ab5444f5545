//! The deadline sweeper: a background task started by `herald serve` that, every
//! `HERALD_SWEEP_INTERVAL` seconds, ends vacations whose allowance ran out, then handles
//! the games whose `sweep_at` has come (80 % warning, claimable mark, `auto` timeout,
//! claimable cap, vacation pause), then deletes expired sessions and takes the next step of
//! tournaments whose round is over or whose start time came. Each step takes a bounded
//! batch found through an index, so a sweep costs in proportion to what is due, not to the
//! number of games. Time comes from the injected clock only.
//!
//! Several Herald instances may sweep one PostgreSQL database: a game is leased to one
//! sweeper (`FOR UPDATE SKIP LOCKED`), and every write is guarded by the game's `ply` and
//! `event_seq`, so each expiry is handled (and announced) once. SQLite runs one instance.

use std::time::Duration;

use serde_json::json;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::api::games::clock::{
    Deadline, cap_ms, game_deadline, next_sweep, seat_row, server_timeout, turn_window, warn_at,
};
use crate::api::games::service;
use crate::api::games::timeout::{How, TimedOut, time_out};
use crate::domain::events::{EventKind, NewEvent};
use crate::domain::game_states::GameStatus;
use crate::storage::ClockUpdate;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// How long a leased game stays with its sweeper before another may take it (covers a
/// sweeper that died mid-batch).
const LEASE_MS: i64 = 5 * 60 * 1000;

/// What one sweep did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SweepReport {
    /// Games that were due and leased by this sweep.
    pub games: u64,
    pub warnings: u64,
    /// Games newly marked claimable.
    pub claimable: u64,
    /// Games the server ended on time (`auto` policy or the claimable cap).
    pub finished: u64,
    /// Games aborted because the late player never moved.
    pub aborted: u64,
    /// Chatrang players eliminated on time (the game went on).
    pub eliminated: u64,
    /// Turns paused because their player is on vacation.
    pub paused: u64,
    pub vacations_ended: u64,
    pub sessions_deleted: u64,
    /// Old notices, deliveries and e-mails pruned (past `retention_days`).
    pub pruned: u64,
    /// Games that failed and will be retried when their lease runs out.
    pub failed: u64,
}

impl SweepReport {
    /// Whether a batch was full, i.e. more may be due right now.
    #[must_use]
    pub fn full(&self, batch: i64) -> bool {
        let batch = u64::try_from(batch).unwrap_or(0);
        self.games >= batch || self.vacations_ended >= batch || self.sessions_deleted >= batch
    }
}

/// One sweep at the clock's current time.
///
/// # Errors
/// The database fails while finding due work (a single game failing is counted in
/// `failed` and retried later instead).
pub async fn sweep_once(state: &AppState) -> Result<SweepReport, ApiError> {
    let mut report = SweepReport::default();
    let batch = state.config.sweep_batch.max(1);
    let now = state.now();
    for user in state.db.vacations_due(now, batch).await? {
        if crate::api::games::vacation::end(state, user, now).await? {
            report.vacations_ended += 1;
        }
    }
    let leased = state.db.lease_due_games(now, now + LEASE_MS, batch).await?;
    report.games = u64::try_from(leased.len()).unwrap_or(0);
    for id in &leased {
        if let Err(e) = sweep_game(state, id, &mut report).await {
            report.failed += 1;
            tracing::warn!(game = %id, error = %e, "sweeping a game failed; retried when its lease runs out");
        }
    }
    report.sessions_deleted = state.db.delete_expired_sessions(now, batch).await?;
    if state.config.retention_days > 0 {
        let cutoff = now.saturating_sub(state.config.retention_days.saturating_mul(86_400_000));
        report.pruned = state.db.prune_old(cutoff, batch).await?.total();
    }
    crate::api::tournaments::rounds::advance_due(state).await?;
    crate::web::telemetry::sweeper_run(report.finished + report.aborted + report.eliminated);
    Ok(report)
}

/// Brings one game's clock up to date; retries a few times if the game changes meanwhile.
async fn sweep_game(state: &AppState, id: &str, report: &mut SweepReport) -> ApiResult<()> {
    let cap = cap_ms(state.config.claimable_cap_days);
    for _ in 0..3 {
        let now = state.now();
        let Some(current) = state.db.clock_row(id).await? else {
            return Ok(());
        };
        let row = current.game;
        if row.status != GameStatus::Active {
            return Ok(());
        }
        let seats = state.db.seats(id).await?;
        let mover = seat_row(&seats, row.turn);
        if let Some(user) = mover.and_then(|s| s.user_id)
            && mover.and_then(|s| s.vacation_until).is_some_and(|until| until <= now)
        {
            // The mover's vacation ran out but is not closed yet: close it first, so the
            // deadline it moved is stored once.
            crate::api::games::vacation::end(state, user, now).await?;
            continue;
        }
        let policy = row.timeout_policy;
        let mut update = ClockUpdate {
            game_id: row.id.clone(),
            ply: row.ply,
            event_seq: current.event_seq,
            move_by: row.move_by,
            paused_ms: row.paused_ms,
            sweep_at: None,
            claimable_since: row.claimable_since,
            warned_ply: row.warned_ply,
            events: Vec::new(),
            now,
        };
        let mut counts = SweepReport::default();
        match game_deadline(&row, &seats, now) {
            Deadline::None => {}
            Deadline::Paused { left_ms } => {
                counts.paused = u64::from(row.paused_ms.is_none());
                update.move_by = None;
                update.paused_ms = Some(left_ms);
            }
            Deadline::Running(move_by) => {
                let user = mover.and_then(|s| s.user_id);
                let mut warned = row.warned_ply == Some(row.ply);
                if !warned && now >= warn_at(move_by, turn_window(&row)) {
                    warned = true;
                    // Too late to warn once the deadline has passed.
                    if now < move_by {
                        counts.warnings = 1;
                        update.events.push(NewEvent::new(
                            EventKind::TimeWarning,
                            json!({ "seat": row.turn, "user_id": user, "move_by": move_by }),
                        ));
                    }
                }
                if move_by <= now {
                    if let Some(why) = server_timeout(policy, move_by, cap, now) {
                        let how = How::from(why);
                        let game = service::load(state, id).await?;
                        if game.row.ply != row.ply || game.row.status != GameStatus::Active {
                            continue;
                        }
                        match time_out(state, &game, how).await {
                            Ok(TimedOut::Finished) => report.finished += 1,
                            Ok(TimedOut::Aborted) => report.aborted += 1,
                            Ok(TimedOut::Eliminated) => report.eliminated += 1,
                            Err(ApiError::Conflict { code: "conflict", .. }) => continue,
                            Err(e) => return Err(e),
                        }
                        return Ok(());
                    }
                    if row.claimable_since.is_none() {
                        counts.claimable = 1;
                        update.events.push(NewEvent::new(
                            EventKind::Claimable,
                            json!({ "seat": row.turn, "user_id": user, "move_by": move_by }),
                        ));
                    }
                    update.claimable_since = Some(move_by);
                }
                update.move_by = Some(move_by);
                update.paused_ms = None;
                update.warned_ply = if warned { Some(row.ply) } else { row.warned_ply };
                update.sweep_at = Some(next_sweep(
                    move_by,
                    turn_window(&row),
                    warned,
                    update.claimable_since.is_some(),
                    policy,
                    cap,
                ));
            }
        }
        if state.db.update_clock(&update).await? {
            report.warnings += counts.warnings;
            report.claimable += counts.claimable;
            report.paused += counts.paused;
            return Ok(());
        }
    }
    Err(ApiError::conflict(
        "conflict",
        "the game kept changing during the sweep",
    ))
}

/// Starts the sweeper: one sweep every `sweep_interval_secs` (the first right away), until
/// `stop` is cancelled; a sweep in progress finishes first. A failed sweep is logged and
/// the next one runs on schedule; a full batch is followed at once by another sweep.
#[must_use]
pub fn spawn(state: AppState, stop: CancellationToken) -> JoinHandle<()> {
    tokio::spawn(async move {
        let period = Duration::from_secs(state.config.sweep_interval_secs.max(1));
        let mut tick = tokio::time::interval(period);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut again = false;
        loop {
            if !again {
                tokio::select! {
                    () = stop.cancelled() => break,
                    _ = tick.tick() => {}
                }
            } else if stop.is_cancelled() {
                break;
            }
            again = false;
            match sweep_once(&state).await {
                Ok(report) => {
                    if report != SweepReport::default() {
                        tracing::info!(?report, "sweep");
                    }
                    again = report.full(state.config.sweep_batch.max(1));
                }
                Err(e) => tracing::warn!(error = %e, "sweep failed; retrying at the next interval"),
            }
        }
        tracing::info!("sweeper stopped");
    })
}
