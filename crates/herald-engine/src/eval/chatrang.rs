//! Chatrang's evaluation.

use herald_rules::Chatrang;

use super::Evaluate;

impl Evaluate for Chatrang {
    fn evaluate(&self) -> i32 {
        0
    }
}
