//! Herald's practice engine: one game-independent search over `herald-rules` positions and a
//! per-game evaluation. Pure computation: no I/O, no threads of its own, no global state.
//!
//! ```
//! use herald_engine::{Engine, Limits, Settings};
//! use herald_rules::{AnyGame, Options, Variant};
//!
//! let game = AnyGame::new(Variant::NotChess, Options::NONE, None)?;
//! let mut engine = Engine::new(16);
//! let found = engine.think(&game, &Settings::limits(Limits::depth(3)), &mut |_| {});
//! assert!(found.is_some_and(|f| game.legal_moves().contains(&f.best)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod engine;
pub mod eval;
pub mod level;
mod limits;
pub mod matchplay;
mod ordering;
mod score;
mod search;
mod settings;
mod table;
pub mod uci;

pub use engine::Engine;
pub use eval::Evaluate;
pub use level::{Level, LevelLimits};
pub use limits::{Limits, Stop};
pub use score::Score;
pub use settings::{Found, Settings};
