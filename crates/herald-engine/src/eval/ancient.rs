//! Ancient's evaluation.

use herald_rules::Ancient;

use super::Evaluate;

impl Evaluate for Ancient {
    fn evaluate(&self) -> i32 {
        0
    }
}
