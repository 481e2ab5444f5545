//! Nowan's evaluation.

use herald_rules::Nowan;

use super::Evaluate;

impl Evaluate for Nowan {
    fn evaluate(&self) -> i32 {
        0
    }
}
