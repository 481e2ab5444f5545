//! The engine a caller holds: its transposition table kept between moves, and `think`.

use herald_rules::AnyGame;

use crate::eval::Evaluate;
use crate::search;
use crate::settings::{Found, Settings};
use crate::table::Table;

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
