//! The shared state every handler receives.

use std::sync::Arc;

use crate::clock::Clock;
use crate::config::Config;
use crate::live::hub::Hub;
use crate::rules::{PositionCache, Rules};
use crate::storage::Db;

/// Database, clock, rules and configuration: cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub rules: Arc<dyn Rules>,
    pub config: Arc<Config>,
    /// Positions rebuilt recently, so a move does not replay the whole game.
    pub positions: Arc<PositionCache>,
    /// Wakes live streams when events are committed.
    pub hub: Arc<Hub>,
}

impl AppState {
    /// The current time in epoch milliseconds, from the injected clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Starts the background tasks: the hub's wake-up source and the notification
    /// workers (call once per state).
    pub fn start_live(&self) {
        crate::live::source::start(&self.hub, &self.db, &self.config.effective_database_url());
        crate::notify::start(self);
    }
}
