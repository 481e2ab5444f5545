//! The evaluation seam: each game's position type scores itself for the team to move.
//!
//! Each game has its own file; `common` holds the registry's material as a table, the
//! mailbox every evaluation reads the board into, and the switches that turn terms off
//! for tuning matches (`examples/eval_duel.rs`) and tests.
//!
//! Measured on 2026-12-04 with `eval_duel` (random 4-ply openings, 8 for Chatrang, each
//! played with both colours). Full evaluation against material alone, 20,000 nodes a move,
//! 40 games: Ancient 96% (+38 =1 -1), Not Chess 82.5% (+33 -7), Chatrang 72.5% (+27 =4 -9),
//! Nowan 66% (+22 =9 -9). Each term left out, 10,000 nodes, only 16 games (about ±170 Elo,
//! so only large effects show): placement and mobility pay in Not Chess (75%, 72%) and
//! Chatrang (66%, 69%); no removal measured clearly better than the full evaluation, so
//! every term stays until longer matches say otherwise.

use herald_rules::Position;

mod ancient;
mod chatrang;
mod common;
mod not_chess;
mod nowan;

pub use common::Terms;

/// A static evaluation in centipawns, from the point of view of the team to move
/// (positive: that team stands better). Never called on a finished position.
pub trait Evaluate: Position {
    /// The evaluation with only some of its terms, so that a tuning match can pit one set
    /// of terms against another.
    fn evaluate_terms(&self, terms: Terms) -> i32;

    /// The whole evaluation.
    fn evaluate(&self) -> i32 {
        self.evaluate_terms(Terms::ALL)
    }

    /// A piece kind's value for ordering captures: the registry's material, a royal piece
    /// above any army (a table built at compile time for each game).
    fn piece_value(kind: u8) -> i32 {
        let table = const { common::capture_values(Self::VARIANT) };
        table[usize::from(kind & 15)]
    }
}
