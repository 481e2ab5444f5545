//! The evaluation seam: each game's position type scores itself for the team to move.

use herald_rules::Position;

mod ancient;
mod chatrang;
mod not_chess;
mod nowan;

/// A static evaluation in centipawns, from the point of view of the team to move
/// (positive: that team stands better). Never called on a finished position.
pub trait Evaluate: Position {
    fn evaluate(&self) -> i32;

    /// A piece kind's material value in centipawns, for ordering captures.
    fn piece_value(kind: u8) -> i32 {
        let _ = kind;
        100
    }
}
