//! The computer-analysis worker: takes one queued finished game at a time (per instance),
//! has the engine pool evaluate every position with a fixed node budget, marks the moves and
//! stores the result. The claim is a lease in the database, so a crash loses nothing: the
//! lease ends and the game is taken again, by this instance or another.

use std::time::Duration;

use herald_engine::{Limits, Settings};
use herald_rules::{AnyGame, Team};

use crate::domain::analysis_marks::{self, Eval, GameAnalysis, PlyAnalysis, SeatAccuracy};
use crate::domain::game_states::AnalysisState;
use crate::domain::rules::team_of;
use crate::web::state::AppState;

/// How long a claim lasts: longer than a long game takes at the default budget (300 plies
/// at about a second each), short enough that a crashed instance's game is soon retaken.
pub const LEASE: Duration = Duration::from_secs(15 * 60);

/// Takes one due game and analyses it; returns whether there was one.
///
/// # Errors
/// The database fails (the claim then expires and the game is retaken).
pub async fn take_once(state: &AppState) -> Result<bool, sqlx::Error> {
    let now = state.now();
    let lease = i64::try_from(LEASE.as_millis()).unwrap_or(i64::MAX);
    let Some(claimed) = state.db.claim_analysis(now, now + lease).await? else {
        return Ok(false);
    };
    let (outcome, json) = match analyse(state, &claimed.game_id).await {
        Ok(analysis) => match serde_json::to_string(&analysis) {
            Ok(json) => (AnalysisState::Done, Some(json)),
            Err(error) => {
                tracing::warn!(%error, game = %claimed.game_id, "analysis not serialisable");
                (AnalysisState::Failed, None)
            }
        },
        Err(why) => {
            tracing::warn!(game = %claimed.game_id, %why, "analysis failed");
            (AnalysisState::Failed, None)
        }
    };
    state
        .db
        .finish_analysis(&claimed, outcome, json.as_deref(), state.now())
        .await?;
    Ok(true)
}

/// Evaluates every position of game `id` on the engine pool.
///
/// # Errors
/// The game cannot be loaded or replayed, or the pool refused (said as text, logged).
pub async fn analyse(state: &AppState, id: &str) -> Result<GameAnalysis, String> {
    let record = crate::api::games::load::record(state, id)
        .await
        .map_err(|e| format!("{e:?}"))?;
    let variant = record.variant;
    let mut game = AnyGame::new(variant, record.row.options.0, None).map_err(|e| format!("{e:?}"))?;
    let nodes = state.config.analysis_nodes.max(1);
    let settings = || {
        Settings::limits(Limits {
            nodes: Some(nodes),
            ..Limits::default()
        })
    };
    let first = |seat| team_of(variant, seat) == Team::FIRST;
    // The position before each move, then the final one.
    let mut evals: Vec<(Eval, Option<String>, Vec<String>)> = Vec::with_capacity(record.moves.len() + 1);
    for index in 0..=record.moves.len() {
        let turn = game.turn();
        let thought = state
            .engine
            .think(game.clone(), settings())
            .await
            .map_err(|e| e.to_string())?;
        let entry = match thought.found {
            Some(found) => (
                Eval::from_score(found.score, first(turn)),
                Some(found.best.to_string()),
                found.pv.iter().map(ToString::to_string).collect(),
            ),
            // The game is over here: the last evaluation stands (the final move gains or
            // loses nothing more by this measure).
            None => (evals.last().map_or(Eval::Centipawns(0), |e| e.0), None, Vec::new()),
        };
        evals.push(entry);
        if let Some((text, _, _)) = record.moves.get(index) {
            game.apply_text(text).map_err(|e| format!("move {text}: {e:?}"))?;
        }
    }
    let mut plies = Vec::with_capacity(record.moves.len());
    let mut per_seat: std::collections::BTreeMap<u8, Vec<f64>> = std::collections::BTreeMap::new();
    for (index, (text, seat, _)) in record.moves.iter().enumerate() {
        let (before, best, line) = &evals[index];
        let after = evals[index + 1].0;
        let mover_first = first(*seat);
        let accuracy = analysis_marks::move_accuracy(*before, after, mover_first);
        let seat_no = u8::try_from(seat.index()).unwrap_or(u8::MAX);
        per_seat.entry(seat_no).or_default().push(accuracy);
        let (cp, mate) = match after {
            Eval::Centipawns(cp) => (Some(cp), None),
            Eval::Mate(n) => (None, Some(n)),
        };
        plies.push(PlyAnalysis {
            ply: index + 1,
            played: text.clone(),
            seat: seat_no,
            cp,
            mate,
            best: best.clone(),
            line: line.clone(),
            mark: analysis_marks::mark(*before, after, mover_first),
            accuracy: (accuracy * 10.0).round() / 10.0,
        });
    }
    let accuracy = per_seat
        .into_iter()
        .filter_map(|(seat, moves)| {
            analysis_marks::seat_accuracy(&moves).map(|a| SeatAccuracy {
                seat,
                accuracy: (a * 10.0).round() / 10.0,
            })
        })
        .collect();
    Ok(GameAnalysis { nodes, plies, accuracy })
}

/// Starts this instance's worker: one analysis at a time, polling when idle.
pub fn start(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            match take_once(&state).await {
                Ok(true) => continue,
                Ok(false) => {}
                Err(error) => tracing::warn!(%error, "analysis queue failed"),
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
        }
    });
}
