//! Playing levels 1-8: how deep, how many nodes and how much seeded noise each may use.

use crate::limits::Limits;

/// A playing strength from 1 (a beginner who blunders believably) to 8 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// One row of the level table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelLimits {
    /// Deepest iteration in plies (`None`: as deep as the nodes allow).
    pub depth: Option<u32>,
    /// Most nodes per move.
    pub nodes: u64,
    /// Largest noise added to the evaluation, in centipawns (deterministic for a seed).
    pub noise: i32,
}

/// The level table; the crate README prints it.
const TABLE: [LevelLimits; 8] = [
    LevelLimits {
        depth: Some(1),
        nodes: 1_000,
        noise: 400,
    },
    LevelLimits {
        depth: Some(2),
        nodes: 3_000,
        noise: 250,
    },
    LevelLimits {
        depth: Some(2),
        nodes: 8_000,
        noise: 150,
    },
    LevelLimits {
        depth: Some(3),
        nodes: 20_000,
        noise: 90,
    },
    LevelLimits {
        depth: Some(4),
        nodes: 50_000,
        noise: 50,
    },
    LevelLimits {
        depth: Some(5),
        nodes: 100_000,
        noise: 25,
    },
    LevelLimits {
        depth: Some(8),
        nodes: 200_000,
        noise: 10,
    },
    LevelLimits {
        depth: None,
        nodes: 400_000,
        noise: 0,
    },
];

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(8);

    /// The level numbered `n` (1-8), if there is one.
    #[must_use]
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 { Some(Level(n)) } else { None }
    }

    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    /// This level's row of the table.
    #[must_use]
    pub const fn limits(self) -> LevelLimits {
        TABLE[(self.0 as usize - 1) % TABLE.len()]
    }

    /// The search limits of one move at this level.
    #[must_use]
    pub fn search_limits(self) -> Limits {
        let row = self.limits();
        Limits {
            depth: row.depth,
            nodes: Some(row.nodes),
            ..Limits::default()
        }
    }
}
