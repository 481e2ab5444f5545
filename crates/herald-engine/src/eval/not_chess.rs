//! NotChess's evaluation.

use herald_rules::NotChess;

use super::Evaluate;

impl Evaluate for NotChess {
    fn evaluate(&self) -> i32 {
        0
    }
}
