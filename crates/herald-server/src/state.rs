//! The shared state every handler receives.

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::rules::Rules;
use crate::storage::Db;

/// Database, clock, rules and configuration: cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub rules: Arc<dyn Rules>,
    pub config: Arc<Config>,
}

impl AppState {
    /// The current time in epoch milliseconds, from the injected clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }
}
