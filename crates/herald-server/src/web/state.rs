//! The shared state every handler receives.

use std::sync::Arc;

use crate::domain::rules::{PositionCache, Rules};
use crate::infra::clock::Clock;
use crate::infra::config::Config;
use crate::infra::engine_pool::EnginePool;
use crate::infra::hub::Hub;
use crate::storage::Db;

/// Database, clock, rules, configuration and the engine pool: cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    pub db: Db,
    pub clock: Arc<dyn Clock>,
    pub rules: Arc<dyn Rules>,
    pub config: Arc<Config>,
    /// Positions rebuilt recently, so a move does not replay the whole game.
    pub positions: Arc<PositionCache>,
    /// The engine's worker threads (bots and analysis think there, never on the runtime).
    pub engine: Arc<EnginePool>,
}

impl AppState {
    /// The current time in epoch milliseconds, from the injected clock.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.clock.now_ms()
    }

    /// Wakes live streams and background workers. The database owns it, so every write
    /// that changes a game wakes it from the storage layer's commit.
    #[must_use]
    pub fn hub(&self) -> &Arc<Hub> {
        self.db.hub()
    }
}

impl axum::extract::FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Db {
        state.db.clone()
    }
}
