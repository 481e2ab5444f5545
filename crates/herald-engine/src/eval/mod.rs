//! The evaluation seam: each game's position type scores itself for the team to move.
//!
//! Each game has its own file; `common` holds the registry's material as a table, the
//! mailbox every evaluation reads the board into, and the switches that turn terms off
//! for tuning matches (`examples/eval_duel.rs`) and tests.

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
    fn evaluate(&self) -> i32;

    /// The evaluation with only some of its terms (`Terms::ALL` is [`Evaluate::evaluate`]),
    /// so that a tuning match can pit one set of terms against another.
    fn evaluate_terms(&self, terms: Terms) -> i32 {
        let _ = terms;
        self.evaluate()
    }

    /// A piece kind's material value in centipawns, for ordering captures.
    fn piece_value(kind: u8) -> i32 {
        let _ = kind;
        100
    }
}
