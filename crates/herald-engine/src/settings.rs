//! What a search is asked (`Settings`) and what it answers (`Found`).

use std::time::Duration;

use herald_rules::Move;

use crate::level::Level;
use crate::limits::Limits;
use crate::score::Score;

/// How one move is chosen.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The caller's limits; a level's own limits apply too (the tighter wins).
    pub limits: Limits,
    /// Play at this level (`None`: full strength within `limits`).
    pub level: Option<Level>,
    /// Seeds the level's noise: the same seed, position and settings give the same move.
    pub seed: u64,
    /// Noise in centipawns without a level (a level brings its own): for tuning the table.
    pub noise: i32,
}

impl Settings {
    /// Full strength within `limits`.
    #[must_use]
    pub fn limits(limits: Limits) -> Settings {
        Settings {
            limits,
            level: None,
            seed: 0,
            noise: 0,
        }
    }

    /// A level's limits and noise, seeded.
    #[must_use]
    pub fn level(level: Level, seed: u64) -> Settings {
        Settings {
            limits: Limits::default(),
            level: Some(level),
            seed,
            noise: 0,
        }
    }
}

/// The result of a search, also reported after each completed iteration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The move to play (the first of `pv`).
    pub best: Move,
    pub score: Score,
    /// The principal variation, `best` first.
    pub pv: Vec<Move>,
    /// The last completed iteration's depth in plies.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    pub nodes: u64,
    pub elapsed: Duration,
}
