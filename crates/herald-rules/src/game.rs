//! A game record: the starting position, the moves played and the history the
//! repetition rule needs, replayable from the start.

use core::fmt;

use crate::ancient::Ancient;
use crate::board::Board;
use crate::chatrang::Chatrang;
use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveText, ParseMoveError};
use crate::not_chess::NotChess;
use crate::nowan::Nowan;
use crate::outcome::{Outcome, Player};
use crate::perft;
use crate::position::Position;
use crate::variant::{Options, Variant};

/// Why a move given as text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The text is not a move in canonical form.
    Syntax(ParseMoveError),
    /// The move is well formed but not legal here.
    Illegal(IllegalMove),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Syntax(error) => fmt::Display::fmt(error, f),
            PlayError::Illegal(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for PlayError {}

/// A move of a recorded game that could not be replayed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ReplayError {
    /// 0-based index of the move in the record.
    pub ply: usize,
    pub error: PlayError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} of the record: {}", self.ply + 1, self.error)
    }
}

impl std::error::Error for ReplayError {}

/// One game of one variant: where it started and everything played since.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game<P: Position> {
    initial: P,
    position: P,
    moves: Vec<Move>,
    history: Vec<u64>,
}

impl<P: Position> Game<P> {
    /// A game starting at `initial`.
    #[must_use]
    pub fn new(initial: P) -> Game<P> {
        Game {
            position: initial.clone(),
            initial,
            moves: Vec::new(),
            history: Vec::new(),
        }
    }

    /// Replays a record of canonical moves from `initial`.
    ///
    /// # Errors
    /// The first move that cannot be played, with its index.
    pub fn replay<'a>(initial: P, moves: impl IntoIterator<Item = &'a str>) -> Result<Game<P>, ReplayError> {
        let mut game = Game::new(initial);
        for (ply, text) in moves.into_iter().enumerate() {
            game.play_text(text).map_err(|error| ReplayError { ply, error })?;
        }
        Ok(game)
    }

    #[must_use]
    pub fn initial(&self) -> &P {
        &self.initial
    }

    #[must_use]
    pub fn position(&self) -> &P {
        &self.position
    }

    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Keys of the positions before the current one.
    #[must_use]
    pub fn history(&self) -> &[u64] {
        &self.history
    }

    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        self.position.legal_moves(&self.history)
    }

    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome(&self.history)
    }

    /// Plays a move given as canonical text.
    ///
    /// # Errors
    /// The text is malformed, or the move is illegal (and nothing changes).
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        let parsed: MoveText = text.parse().map_err(PlayError::Syntax)?;
        self.play(parsed).map_err(PlayError::Illegal)
    }

    /// Plays a move; on error the game is unchanged.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play(&mut self, text: MoveText) -> Result<Move, IllegalMove> {
        let m = self.position.resolve(text, &self.history)?;
        let next = self.position.play_unchecked(m);
        self.history.push(self.position.key());
        self.position = next;
        self.moves.push(m);
        Ok(m)
    }
}

/// A game of any of the four variants, for callers that choose the game at run time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Nowan(Game<Nowan>),
    NotChess(Game<NotChess>),
    Chatrang(Game<Chatrang>),
    Ancient(Game<Ancient>),
}

macro_rules! dispatch {
    ($self:expr, $game:ident => $body:expr) => {
        match $self {
            AnyGame::Nowan($game) => $body,
            AnyGame::NotChess($game) => $body,
            AnyGame::Chatrang($game) => $body,
            AnyGame::Ancient($game) => $body,
        }
    };
}

impl AnyGame {
    /// A new game from the standard start, or from a position string.
    ///
    /// # Errors
    /// The position string is invalid.
    pub fn new(variant: Variant, options: Options, fen: Option<&str>) -> Result<AnyGame, PositionError> {
        fn start<P: Position>(options: Options, fen: Option<&str>) -> Result<Game<P>, PositionError> {
            let initial = match fen {
                Some(fen) => P::from_fen(fen, options)?,
                None => P::start(options),
            };
            Ok(Game::new(initial))
        }
        Ok(match variant {
            Variant::Nowan => AnyGame::Nowan(start(options, fen)?),
            Variant::NotChess => AnyGame::NotChess(start(options, fen)?),
            Variant::Chatrang => AnyGame::Chatrang(start(options, fen)?),
            Variant::Ancient => AnyGame::Ancient(start(options, fen)?),
        })
    }

    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            AnyGame::Nowan(_) => Variant::Nowan,
            AnyGame::NotChess(_) => Variant::NotChess,
            AnyGame::Chatrang(_) => Variant::Chatrang,
            AnyGame::Ancient(_) => Variant::Ancient,
        }
    }

    #[must_use]
    pub fn options(&self) -> Options {
        dispatch!(self, g => g.position().options())
    }

    /// The current position string.
    #[must_use]
    pub fn fen(&self) -> String {
        dispatch!(self, g => g.position().fen())
    }

    /// The starting position string.
    #[must_use]
    pub fn initial_fen(&self) -> String {
        dispatch!(self, g => g.initial().fen())
    }

    #[must_use]
    pub fn board(&self) -> &Board {
        dispatch!(self, g => g.position().board())
    }

    #[must_use]
    pub fn turn(&self) -> Player {
        dispatch!(self, g => g.position().turn())
    }

    #[must_use]
    pub fn in_check(&self, player: Player) -> bool {
        dispatch!(self, g => g.position().in_check(player))
    }

    #[must_use]
    pub fn moves(&self) -> &[Move] {
        dispatch!(self, g => g.moves())
    }

    #[must_use]
    pub fn legal_moves(&self) -> Vec<Move> {
        dispatch!(self, g => g.legal_moves())
    }

    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(self, g => g.outcome())
    }

    /// Plays a move given as canonical text.
    ///
    /// # Errors
    /// The text is malformed or the move is illegal; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        dispatch!(self, g => g.play_text(text))
    }

    /// Perft from the current position (its game history counts for repetition).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(self, g => perft::perft(g.position(), depth, &mut g.history().to_vec()))
    }

    /// Perft split by the first move.
    #[must_use]
    pub fn divide(&self, depth: u32) -> Vec<(Move, u64)> {
        dispatch!(self, g => perft::divide(g.position(), depth, &mut g.history().to_vec()))
    }
}
