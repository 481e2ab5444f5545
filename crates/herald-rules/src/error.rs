//! Errors: a position string that cannot be read, and a move that cannot be played.

use core::fmt;

use crate::outcome::Player;
use crate::square::Square;

/// A position string that is malformed or describes a position that cannot arise.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    place: String,
    problem: String,
}

impl PositionError {
    /// `place` says where (`board, rank 7`, `field 3 (sacrifice rights)`), `problem` what.
    pub(crate) fn new(place: impl Into<String>, problem: impl Into<String>) -> PositionError {
        PositionError {
            place: place.into(),
            problem: problem.into(),
        }
    }

    /// Where in the string the problem is.
    #[must_use]
    pub fn place(&self) -> &str {
        &self.place
    }

    /// What is wrong.
    #[must_use]
    pub fn problem(&self) -> &str {
        &self.problem
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid position: {}: {}", self.place, self.problem)
    }
}

impl std::error::Error for PositionError {}

/// Why a move cannot be played in a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// The game is over: nobody may move.
    GameOver,
    /// A square of the move is not on this game's board.
    OffBoard(Square),
    /// Nothing stands on the origin square.
    NoPieceThere(Square),
    /// The piece on the origin belongs to someone else (an opponent or a partner).
    NotYourPiece(Square),
    /// The piece cannot reach the destination by its moves.
    CannotMoveThere {
        piece: &'static str,
        from: Square,
        to: Square,
    },
    /// The destination holds one of the mover's own (or his partner's) pieces.
    OwnPieceThere(Square),
    /// The move would leave the mover's royal piece attacked.
    LeavesRoyalAttacked { royal: &'static str },
    /// The move would leave the two royal pieces facing each other on an open line.
    RoyalsFacing { royal: &'static str },
    /// A royal piece would leave its palace or its half of the board.
    RoyalConfined { royal: &'static str, area: &'static str },
    /// The move would create a position for the third time (Ancient chess).
    RepeatsPosition,
    /// A pawn reaching the last rank must promote: the move needs a piece letter.
    PromotionRequired { choices: String },
    /// That promotion piece is not allowed here.
    PromotionNotAllowed { letter: char, choices: String },
    /// The move adds a promotion letter where nothing promotes.
    NoPromotionHere,
    /// `pass` is only for a Chatrang player with no legal move.
    PassNotAllowed,
    /// The player must pass: he has no other legal move.
    MustPass,
    /// A Nowan sacrifice that the rules forbid, and why.
    SacrificeNotAllowed { why: &'static str },
}

impl IllegalMove {
    /// A stable identifier for the API.
    #[must_use]
    pub const fn code(&self) -> &'static str {
        match self {
            IllegalMove::GameOver => "game_over",
            IllegalMove::OffBoard(_) => "off_board",
            IllegalMove::NoPieceThere(_) => "no_piece_there",
            IllegalMove::NotYourPiece(_) => "not_your_piece",
            IllegalMove::CannotMoveThere { .. } => "cannot_move_there",
            IllegalMove::OwnPieceThere(_) => "own_piece_there",
            IllegalMove::LeavesRoyalAttacked { .. } => "leaves_royal_attacked",
            IllegalMove::RoyalsFacing { .. } => "royals_facing",
            IllegalMove::RoyalConfined { .. } => "royal_confined",
            IllegalMove::RepeatsPosition => "repeats_position",
            IllegalMove::PromotionRequired { .. } => "promotion_required",
            IllegalMove::PromotionNotAllowed { .. } => "promotion_not_allowed",
            IllegalMove::NoPromotionHere => "no_promotion_here",
            IllegalMove::PassNotAllowed => "pass_not_allowed",
            IllegalMove::MustPass => "must_pass",
            IllegalMove::SacrificeNotAllowed { .. } => "sacrifice_not_allowed",
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::GameOver => f.write_str("the game is over"),
            IllegalMove::OffBoard(square) => write!(f, "{square} is not on this board"),
            IllegalMove::NoPieceThere(square) => write!(f, "there is no piece on {square}"),
            IllegalMove::NotYourPiece(square) => write!(f, "the piece on {square} is not yours"),
            IllegalMove::CannotMoveThere { piece, from, to } => {
                write!(f, "the {piece} on {from} cannot move to {to}")
            }
            IllegalMove::OwnPieceThere(square) => {
                write!(f, "{square} is occupied by a piece of your own side")
            }
            IllegalMove::LeavesRoyalAttacked { royal } => {
                write!(f, "that move leaves your {royal} in check")
            }
            IllegalMove::RoyalsFacing { royal } => {
                write!(f, "that move leaves the two {royal}s facing each other on an open line")
            }
            IllegalMove::RoyalConfined { royal, area } => {
                write!(f, "your {royal} may not leave {area}")
            }
            IllegalMove::RepeatsPosition => f.write_str("that move would repeat a position for the third time"),
            IllegalMove::PromotionRequired { choices } => write!(
                f,
                "a pawn reaching the last rank must promote: add the letter of the new piece ({choices})"
            ),
            IllegalMove::PromotionNotAllowed { letter, choices } => {
                write!(f, "promotion to `{letter}` is not allowed here (choose from {choices})")
            }
            IllegalMove::NoPromotionHere => f.write_str("that move does not promote"),
            IllegalMove::PassNotAllowed => f.write_str("you may pass only when you have no legal move"),
            IllegalMove::MustPass => f.write_str("you have no legal move and must pass"),
            IllegalMove::SacrificeNotAllowed { why } => {
                write!(f, "the sacrifice is not allowed: {why}")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Why a player cannot withdraw from a game that would go on without him.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum WithdrawError {
    /// In this game a player leaving ends the game: the caller records a loss instead.
    EndsTheGame,
    /// The game is already over.
    GameOver,
    /// There is no such seat.
    NoSuchPlayer(Player),
    /// That player is already out.
    AlreadyOut(Player),
}

impl fmt::Display for WithdrawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WithdrawError::EndsTheGame => f.write_str("in this game a player leaving ends the game"),
            WithdrawError::GameOver => f.write_str("the game is over"),
            WithdrawError::NoSuchPlayer(p) => write!(f, "there is no player {}", u16::from(p.get()) + 1),
            WithdrawError::AlreadyOut(p) => write!(f, "player {} is already out of the game", u16::from(p.get()) + 1),
        }
    }
}

impl std::error::Error for WithdrawError {}
