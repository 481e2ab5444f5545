//! Playing levels 1-8: how deep, how many nodes and how much seeded noise each may use.

use herald_rules::Variant;

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

/// A row: depth 0 means none (as deep as the nodes allow).
const fn row(depth: u32, nodes: u64, noise: i32) -> LevelLimits {
    LevelLimits {
        depth: if depth == 0 { None } else { Some(depth) },
        nodes,
        noise,
    }
}

// One table per game, because the same budget is worth different amounts in each: in Not
// Chess a doubled node count wins four games in five, in drawish Nowan it takes four times
// the nodes for two in three. Each table was fitted with `examples/ladder.rs` so that every
// level scores 60-85 % against the one below; the crate README prints them with the measured
// ladder. The band caps the whole ladder's span (seven steps of at most 85 %), so level 8 is
// the strongest *level*, not the engine's full strength, which a caller gets with
// `Settings::limits` and no level. Low levels differ by noise, a depth cap only at the
// bottom: in Not Chess one ply against two decides nearly every game. Level 1 searches one
// ply with wide noise and still beats a random mover nearly always.

const NOWAN: [LevelLimits; 8] = [
    row(1, 1_000, 400),
    row(0, 1_500, 280),
    row(0, 1_500, 170),
    row(0, 2_000, 0),
    row(0, 5_000, 0),
    row(0, 14_000, 0),
    row(0, 45_000, 0),
    row(0, 250_000, 0),
];

const NOT_CHESS: [LevelLimits; 8] = [
    row(1, 1_000, 400),
    row(1, 1_000, 220),
    row(1, 1_000, 100),
    row(0, 1_500, 100),
    row(0, 2_200, 70),
    row(0, 3_000, 50),
    row(0, 5_000, 0),
    row(0, 10_000, 0),
];

const CHATRANG: [LevelLimits; 8] = [
    row(1, 1_000, 300),
    row(0, 350, 220),
    row(0, 550, 165),
    row(0, 900, 130),
    row(0, 1_300, 95),
    row(0, 2_000, 60),
    row(0, 3_000, 25),
    row(0, 5_500, 0),
];

const ANCIENT: [LevelLimits; 8] = [
    row(1, 1_000, 300),
    row(0, 500, 220),
    row(0, 700, 170),
    row(0, 950, 140),
    row(0, 1_500, 100),
    row(0, 2_400, 65),
    row(0, 4_500, 15),
    row(0, 10_000, 0),
];

/// A game's level table, weakest first.
#[must_use]
pub const fn table(variant: Variant) -> &'static [LevelLimits; 8] {
    match variant {
        Variant::Nowan => &NOWAN,
        Variant::NotChess => &NOT_CHESS,
        Variant::Chatrang => &CHATRANG,
        Variant::Ancient => &ANCIENT,
    }
}

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

    /// This level's row of `variant`'s table.
    #[must_use]
    pub const fn limits(self, variant: Variant) -> LevelLimits {
        table(variant)[(self.0 as usize - 1) % 8]
    }

    /// The search limits of one move at this level in `variant`.
    #[must_use]
    pub fn search_limits(self, variant: Variant) -> Limits {
        let row = self.limits(variant);
        Limits {
            depth: row.depth,
            nodes: Some(row.nodes),
            ..Limits::default()
        }
    }
}
