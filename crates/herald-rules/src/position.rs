//! The contract every game's position type fulfils.

use core::fmt::Debug;

use crate::board::{self, Board};
use crate::error::{IllegalMove, PositionError, WithdrawError};
use crate::moves::{Move, MoveText};
use crate::outcome::{Outcome, Player, Team};
use crate::variant::{Options, Variant};

/// Keys of the positions that came before the current one in this game, oldest
/// first. Only Ancient chess reads it (threefold repetition is illegal there).
pub type History = [u64];

/// A validated position of one game: the start of a turn.
///
/// Positions are values: `play_unchecked` returns the next position and leaves
/// this one as it was. A position whose game is over has no legal moves.
pub trait Position: Clone + Debug + PartialEq + Eq + Send + Sync + Sized + 'static {
    /// The game this position belongs to.
    const VARIANT: Variant;

    /// The starting position with these options.
    fn start(options: Options) -> Self;

    /// Reads a position string (see the game's spec for its fields).
    ///
    /// # Errors
    /// A malformed string, or one that describes a position that cannot arise
    /// in play (a missing King, counters past their limits, …).
    fn from_fen(fen: &str, options: Options) -> Result<Self, PositionError>;

    /// Writes the position string; `from_fen(fen())` gives back an equal position.
    fn fen(&self) -> String;

    /// The options this game is played with.
    fn options(&self) -> Options;

    /// The board.
    fn board(&self) -> &Board;

    /// The player to move.
    fn turn(&self) -> Player;

    /// The team of a player.
    fn team_of(player: Player) -> Team {
        Self::VARIANT.spec().team_of(player)
    }

    /// Whether a player's royal piece is attacked now.
    fn in_check(&self, player: Player) -> bool;

    /// The key this position has in a repetition history.
    fn key(&self) -> u64;

    /// The key of this position for a search's tables: `key` plus every counter that can
    /// change what follows (Not Chess's check and move counters), so that two positions
    /// with the same key have the same future.
    fn search_key(&self) -> u64 {
        self.key()
    }

    /// The position with the turn handed to the other side and nothing moved, for a
    /// search's null-move test (never a move of the game). `None` where the game cannot
    /// say what that would mean (the default; Chatrang's four seats, Nowan's zugzwangs).
    fn pass_turn(&self) -> Option<Self> {
        None
    }

    /// Appends the legal moves to `moves` (nothing when the game is over).
    fn legal_moves_into(&self, history: &History, moves: &mut Vec<Move>);

    /// The number of legal moves; perft counts its last ply with it.
    fn count_legal(&self, history: &History, scratch: &mut Vec<Move>) -> u64 {
        scratch.clear();
        self.legal_moves_into(history, scratch);
        scratch.len() as u64
    }

    /// Plays a move known to be legal here and returns the next position.
    fn play_unchecked(&self, m: Move) -> Self;

    /// How the game ended, if it has.
    fn outcome(&self, history: &History) -> Option<Outcome>;

    /// Explains why `text` is not among the legal moves; called only then.
    fn explain_illegal(&self, text: MoveText, history: &History) -> IllegalMove {
        default_explanation(self, text, history)
    }

    /// The position after `player` leaves a game that goes on without him (in
    /// Chatrang a resignation or time forfeit eliminates only that player).
    ///
    /// # Errors
    /// `EndsTheGame` in games where a player leaving ends the game (the default),
    /// or why this player cannot leave.
    fn withdraw(&self, player: Player) -> Result<Self, WithdrawError> {
        let _ = player;
        Err(WithdrawError::EndsTheGame)
    }

    /// The legal moves as a new vector.
    fn legal_moves(&self, history: &History) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.legal_moves_into(history, &mut moves);
        moves
    }

    /// Finds the legal move written as `text`, or says why there is none.
    ///
    /// # Errors
    /// The reason the move is illegal here.
    fn resolve(&self, text: MoveText, history: &History) -> Result<Move, IllegalMove> {
        let moves = self.legal_moves(history);
        moves
            .into_iter()
            .find(|m| m.text() == text)
            .ok_or_else(|| self.explain_illegal(text, history))
    }
}

/// The reasons every game shares: game over, off board, no piece, not yours, pass.
pub(crate) fn default_explanation<P: Position>(position: &P, text: MoveText, history: &History) -> IllegalMove {
    if position.outcome(history).is_some() {
        return IllegalMove::GameOver;
    }
    let (from, to) = match text {
        MoveText::Pass => return IllegalMove::PassNotAllowed,
        MoveText::Squares { from, to, .. } => (from, to),
    };
    let board = position.board();
    for square in [from, to] {
        if !board.contains(square) {
            return IllegalMove::OffBoard(square);
        }
    }
    let cell = board.at(from);
    if cell == board::EMPTY {
        return IllegalMove::NoPieceThere(from);
    }
    if board::owner(cell) != position.turn().get() {
        return IllegalMove::NotYourPiece(from);
    }
    let target = board.at(to);
    if board::is_piece(target) && P::team_of(Player::new(board::owner(target))) == P::team_of(position.turn()) {
        return IllegalMove::OwnPieceThere(to);
    }
    IllegalMove::CannotMoveThere {
        piece: "piece",
        from,
        to,
    }
}
