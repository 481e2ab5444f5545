//! The engine a caller holds: its transposition table kept between moves, and `think`.

use std::time::Duration;

use herald_rules::{AnyGame, Move};

use crate::eval::Evaluate;
use crate::level::Level;
use crate::limits::Limits;
use crate::score::Score;
use crate::search;
use crate::table::Table;

/// How one move is chosen.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// The caller's limits; a level's own limits apply too (the tighter wins).
    pub limits: Limits,
    /// Play at this level (`None`: full strength within `limits`).
    pub level: Option<Level>,
    /// Seeds the level's noise: the same seed, position and settings give the same move.
    pub seed: u64,
}

impl Settings {
    /// Full strength within `limits`.
    #[must_use]
    pub fn limits(limits: Limits) -> Settings {
        Settings {
            limits,
            level: None,
            seed: 0,
        }
    }

    /// A level's limits and noise, seeded.
    #[must_use]
    pub fn level(level: Level, seed: u64) -> Settings {
        Settings {
            limits: Limits::default(),
            level: Some(level),
            seed,
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

/// A search engine for any of the four games. Keep one per game being played: its table
/// carries what it learnt from one move to the next.
#[derive(Debug)]
pub struct Engine {
    table: Table,
}

impl Engine {
    /// An engine whose transposition table takes about `table_mib` MiB.
    #[must_use]
    pub fn new(table_mib: usize) -> Engine {
        Engine {
            table: Table::new(table_mib),
        }
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// Chooses a move in `game`'s current position; `report` hears every completed
    /// iteration. `None` when the game is over.
    pub fn think(&mut self, game: &AnyGame, settings: &Settings, report: &mut dyn FnMut(&Found)) -> Option<Found> {
        match game {
            AnyGame::Nowan(g) => self.think_position(g.position(), g.history(), settings, report),
            AnyGame::NotChess(g) => self.think_position(g.position(), g.history(), settings, report),
            AnyGame::Chatrang(g) => self.think_position(g.position(), g.history(), settings, report),
            AnyGame::Ancient(g) => self.think_position(g.position(), g.history(), settings, report),
        }
    }

    /// Chooses a move in `position`, reached after the positions whose keys `history` holds
    /// (oldest first, as `Game::history` gives them).
    pub fn think_position<P: Evaluate>(
        &mut self,
        position: &P,
        history: &[u64],
        settings: &Settings,
        report: &mut dyn FnMut(&Found),
    ) -> Option<Found> {
        search::run(&mut self.table, position, history, settings, report)
    }
}
