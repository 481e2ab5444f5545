//! Choosing the game at run time: [`AnyGame`], and the spec table that maps each
//! [`Variant`] to its game module's registry entry (with everything derived from it: ids,
//! names, parsing). Both dispatch over the four game modules, so they sit here, above
//! them: `variant` (the bare ids) and `registry` (the entry's types) stay below the game
//! modules that use them, and nothing below imports a game module.

use core::fmt;
use core::str::FromStr;

use crate::ancient::{self, Ancient};
use crate::board::Board;
use crate::chatrang::{self, Chatrang};
use crate::error::{PositionError, WithdrawError};
use crate::game::{Entry, Game, PlayError, RecordError};
use crate::moves::Move;
use crate::not_chess::{self, NotChess};
use crate::nowan::{self, Nowan};
use crate::outcome::{Outcome, Player};
use crate::perft;
use crate::position::Position;
use crate::registry::{GameSpec, Placed};
use crate::variant::{GameOption, Options, UnknownOption, UnknownVariant, Variant};

impl Variant {
    /// The game's registry entry.
    #[must_use]
    pub const fn spec(self) -> &'static GameSpec {
        match self {
            Variant::Nowan => &nowan::SPEC,
            Variant::NotChess => &not_chess::SPEC,
            Variant::Chatrang => &chatrang::SPEC,
            Variant::Ancient => &ancient::SPEC,
        }
    }

    /// The id used by the CLI, the API and the database.
    #[must_use]
    pub const fn id(self) -> &'static str {
        self.spec().id
    }

    /// The game's name for people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// Number of seats.
    #[must_use]
    pub const fn players(self) -> u8 {
        self.spec().players()
    }

    /// Names of the seats in turn order.
    #[must_use]
    pub fn seat_names(self) -> Vec<&'static str> {
        self.spec().seats.iter().map(|s| s.name).collect()
    }

    /// Names of the teams (team 0 moves first).
    #[must_use]
    pub const fn team_names(self) -> &'static [&'static str] {
        self.spec().teams
    }

    /// Board size as (files, ranks).
    #[must_use]
    pub const fn board_size(self) -> (u8, u8) {
        (self.spec().files, self.spec().ranks)
    }

    /// The options this game accepts.
    #[must_use]
    pub const fn options(self) -> &'static [GameOption] {
        self.spec().options
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    fn from_str(text: &str) -> Result<Variant, UnknownVariant> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == text)
            .ok_or_else(|| UnknownVariant(text.chars().take(40).collect()))
    }
}

impl fmt::Display for UnknownVariant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown variant `{}` (expected one of: ", self.0.escape_debug())?;
        for (i, variant) in Variant::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(variant.id())?;
        }
        f.write_str(")")
    }
}

impl Options {
    /// Reads option ids for a game, rejecting ids the game does not have.
    pub fn parse<'a>(variant: Variant, ids: impl IntoIterator<Item = &'a str>) -> Result<Options, UnknownOption> {
        let mut options = Options::NONE;
        for id in ids {
            let option = variant
                .options()
                .iter()
                .find(|o| o.id() == id)
                .ok_or_else(|| UnknownOption {
                    variant,
                    id: id.chars().take(40).collect(),
                })?;
            options = options.with(*option);
        }
        Ok(options)
    }
}

impl fmt::Display for UnknownOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known: Vec<&str> = self.variant.options().iter().map(|o| o.id()).collect();
        if known.is_empty() {
            write!(
                f,
                "unknown option `{}`: {} has no options",
                self.id.escape_debug(),
                self.variant.name()
            )
        } else {
            write!(
                f,
                "unknown option `{}` for {} (expected one of: {})",
                self.id.escape_debug(),
                self.variant.name(),
                known.join(", ")
            )
        }
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

    /// The game's registry entry.
    #[must_use]
    pub fn spec(&self) -> &'static GameSpec {
        self.variant().spec()
    }

    /// Every piece on the board now, with its kind and owner, rank 1 first.
    pub fn pieces(&self) -> impl Iterator<Item = Placed> + '_ {
        self.spec().pieces_on(self.board())
    }

    /// Players out of a game that goes on without them (Chatrang); empty elsewhere.
    #[must_use]
    pub fn eliminated(&self) -> Vec<Player> {
        match self {
            AnyGame::Chatrang(game) => game.position().eliminated(),
            _ => Vec::new(),
        }
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

    /// Whether `player` has made a move in this game (see [`Game::has_moved`]).
    #[must_use]
    pub fn has_moved(&self, player: Player) -> bool {
        dispatch!(self, g => g.has_moved(player))
    }

    /// The player whose move is the record's last entry (see [`Game::last_mover`]).
    #[must_use]
    pub fn last_mover(&self) -> Option<Player> {
        dispatch!(self, g => g.last_mover())
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

    /// Applies a record entry given as text: a move or `withdraw:N`.
    ///
    /// # Errors
    /// The entry is malformed or cannot happen here; the game is unchanged.
    pub fn apply_text(&mut self, text: &str) -> Result<Entry, RecordError> {
        dispatch!(self, g => g.apply_text(text))
    }

    /// Records that `player` left a game that goes on without him (Chatrang).
    ///
    /// # Errors
    /// `EndsTheGame` in two-player games, or why this player cannot leave.
    pub fn withdraw(&mut self, player: Player) -> Result<(), WithdrawError> {
        dispatch!(self, g => g.withdraw(player))
    }

    /// Every entry in order: moves and withdrawals.
    #[must_use]
    pub fn record(&self) -> &[Entry] {
        dispatch!(self, g => g.record())
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
