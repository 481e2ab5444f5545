//! Rules engines for Herald's four games: Nowan chess, Not Chess, Chatrang and
//! Ancient chess. Pure computation: no I/O, no async, no global state.
//!
//! Each game has a validated position type implementing [`Position`]; a
//! [`Game`] records the moves played from a start (the history Ancient chess
//! needs for its repetition rule), and [`AnyGame`] picks the game at run time.
//!
//! ```
//! use herald_rules::{AnyGame, Options, Player, Variant};
//!
//! let mut game = AnyGame::new(Variant::NotChess, Options::NONE, None)?;
//! assert_eq!(game.legal_moves().len(), 44);
//! game.play_text("e3e4")?;
//! assert_eq!(game.turn(), Player::new(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod ancient;
mod any_game;
mod board;
pub mod chatrang;
mod error;
mod fen;
mod game;
mod moves;
pub mod not_chess;
pub mod nowan;
mod outcome;
pub mod perft;
mod position;
pub mod registry;
mod square;
mod variant;
mod zobrist;

pub use ancient::Ancient;
pub use any_game::AnyGame;
pub use board::Board;
pub use chatrang::Chatrang;
pub use error::{IllegalMove, PositionError, WithdrawError};
pub use game::{Entry, Game, PlayError, RecordError, ReplayError};
pub use moves::{Move, MoveKind, MoveText, ParseMoveError};
pub use not_chess::NotChess;
pub use nowan::Nowan;
pub use outcome::{EndReason, Outcome, Player, Team};
pub use position::{History, Position};
pub use registry::{Area, Diagram, Ending, GameSpec, PieceKind, Placed, Points, Scoring, Seat};
pub use square::Square;
pub use variant::{GameOption, Options, UnknownOption, UnknownVariant, Variant};
