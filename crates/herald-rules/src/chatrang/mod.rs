//! Chatrang, the four-handed two-team game (`shared/rules/chatrang.md`): the position type and its `Position` impl.
//!
//! Players are owners 0..=3 (Players 1..4), team = player & 1. A `Chatrang` value is
//! always the start of a live player's turn: a player checkmated at the start of his
//! turn has already been eliminated (with S1-S5 applied) when the value is built.

mod bitboards;
mod explain;
mod fen;
mod movegen;
mod rules;
mod spec;

pub(crate) use spec::SPEC;

use crate::board::{self, Board, Cell, EMPTY};
use crate::error::{IllegalMove, PositionError};
use crate::moves::{Move, MoveText};
use crate::outcome::{Outcome, Player};
use crate::position::{History, Position};
use crate::square::Square;
use crate::variant::{Options, Variant};
use crate::zobrist;

use bitboards::{Bits, bit, grid, pop};

pub use rules::{EliminateError, Elimination, EliminationCause};

/// Piece kinds as stored in the board cells (`board::kind(cell)`), for drawing the board.
pub mod kind {
    /// The Shah (king), letter K.
    pub const SHAH: u8 = 1;
    /// The Rukh (rook), letter R.
    pub const RUKH: u8 = 2;
    /// The Pil (modern bishop), letter B.
    pub const PIL: u8 = 3;
    /// The Asb (knight), letter N.
    pub const ASB: u8 = 4;
    /// The Sarbaz (pawn, no double step, no promotion), letter P.
    pub const SARBAZ: u8 = 5;
}

/// Marks a player whose Shah is off the board (he is eliminated).
const NO_SQUARE: u8 = 64;

/// The royal piece's name in error messages.
const ROYAL: &str = "Shah";

/// A position of Chatrang: the start of a turn, or a finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chatrang {
    board: Board,
    /// Squares of each player's pieces.
    by_owner: [Bits; 4],
    /// Squares of each kind of piece (index = kind, 0 unused).
    by_kind: [Bits; 6],
    /// Each player's Shah square, `NO_SQUARE` once eliminated.
    shah: [u8; 4],
    /// The seat to move, raw, as the bitboard tables index it.
    turn: u8,
    /// Bit `p` set: player `p` is eliminated.
    eliminated: u8,
    /// The player who owes the baring reply (rule S4).
    owed: Option<u8>,
    /// Consecutive passes since the last move (rule S5).
    passes: u8,
    outcome: Option<Outcome>,
    /// Zobrist hash of the pieces on their squares, kept up to date by every change.
    pieces_key: u64,
}

impl Chatrang {
    /// An empty board with nobody eliminated and Player 1 to move (setup helper).
    fn empty() -> Chatrang {
        let (files, ranks) = (SPEC.files, SPEC.ranks);
        Chatrang {
            board: Board::empty(files, ranks),
            by_owner: [0; 4],
            by_kind: [0; 6],
            shah: [NO_SQUARE; 4],
            turn: 0,
            eliminated: 0,
            owed: None,
            passes: 0,
            outcome: None,
            pieces_key: 0,
        }
    }

    /// Puts a piece on an empty square (setup helper).
    fn put(&mut self, sq: u8, cell: Cell) {
        let owner = usize::from(board::owner(cell));
        let kind = board::kind(cell);
        self.board.set(bitboards::square(sq), cell);
        self.pieces_key ^= zobrist::piece_square(cell, bitboards::square(sq));
        self.by_owner[owner] |= bit(sq);
        self.by_kind[usize::from(kind)] |= bit(sq);
        if kind == kind::SHAH {
            self.shah[owner] = sq;
        }
    }

    /// The piece on a bit square, or `EMPTY`.
    #[inline(always)]
    fn cell(&self, sq: u8) -> Cell {
        self.board.cell(grid(sq))
    }

    /// Whether `player` is out of the game.
    #[must_use]
    pub fn is_eliminated(&self, player: Player) -> bool {
        player.get() < 4 && self.eliminated & (1 << player.get()) != 0
    }

    /// The eliminated players, in turn order.
    #[must_use]
    pub fn eliminated(&self) -> Vec<Player> {
        (0..4).map(Player::new).filter(|&p| self.is_eliminated(p)).collect()
    }

    /// The players still in the game, in turn order.
    #[must_use]
    pub fn active_players(&self) -> Vec<Player> {
        (0..4).map(Player::new).filter(|&p| !self.is_eliminated(p)).collect()
    }

    /// The player who owes the bared team's one reply (rule S4), if any.
    #[must_use]
    pub fn owed_reply(&self) -> Option<Player> {
        self.owed.map(Player::new)
    }

    /// Consecutive turns passed since the last move (rule S5).
    #[must_use]
    pub fn pass_counter(&self) -> u8 {
        self.passes
    }

    /// The players whose Shah is attacked now, in turn order (shown after every turn).
    #[must_use]
    pub fn players_in_check(&self) -> Vec<Player> {
        (0..4).filter(|&p| self.seat_in_check(p)).map(Player::new).collect()
    }

    /// Where a player's Shah stands, if he is still in the game.
    #[must_use]
    pub fn shah_square(&self, player: Player) -> Option<Square> {
        let sq = *self.shah.get(player.index())?;
        (sq != NO_SQUARE).then(|| bitboards::square(sq))
    }

    /// [`Position::in_check`] on a raw seat, for the move generator and the turn start.
    #[inline]
    fn seat_in_check(&self, player: u8) -> bool {
        let p = usize::from(player & 3);
        let sq = self.shah[p];
        if player > 3 || sq == NO_SQUARE {
            return false;
        }
        Chatrang::attackers(&self.by_kind, sq, self.occupied(), self.enemies_of(p), p & 1) != 0
    }

    /// Whether the player to move has no legal move but `pass`.
    #[must_use]
    pub fn must_pass(&self) -> bool {
        self.outcome.is_none() && movegen::count(self) == 0
    }

    /// Attackers of `sq` among `enemies` (one team's pieces), the occupied squares being `occ`.
    #[inline(always)]
    fn attackers(by_kind: &[Bits; 6], sq: u8, occ: Bits, enemies: Bits, defending_team: usize) -> Bits {
        let s = usize::from(sq);
        let mut found = enemies
            & ((bitboards::KNIGHT[s] & by_kind[usize::from(kind::ASB)])
                | (bitboards::KING[s] & by_kind[usize::from(kind::SHAH)])
                | (bitboards::PAWN_CAPTURES[defending_team][s] & by_kind[usize::from(kind::SARBAZ)]));
        // Slider rays are traced only when an enemy slider stands on an open-board line.
        let straight = by_kind[usize::from(kind::RUKH)] & enemies;
        if bitboards::ROOK_EMPTY[s] & straight != 0 {
            found |= bitboards::rook_attacks(sq, occ) & straight;
        }
        let diagonal = by_kind[usize::from(kind::PIL)] & enemies;
        if bitboards::BISHOP_EMPTY[s] & diagonal != 0 {
            found |= bitboards::bishop_attacks(sq, occ) & diagonal;
        }
        found
    }

    /// The pieces of the two opponents of `player`.
    #[inline(always)]
    fn enemies_of(&self, player: usize) -> Bits {
        self.by_owner[player ^ 1] | self.by_owner[player ^ 3]
    }

    #[inline(always)]
    fn occupied(&self) -> Bits {
        self.by_owner[0] | self.by_owner[1] | self.by_owner[2] | self.by_owner[3]
    }

    /// Removes every piece of `player` and marks him eliminated (Decision 9).
    fn remove_player(&mut self, player: u8) {
        let p = usize::from(player);
        let mut pieces = self.by_owner[p];
        while pieces != 0 {
            let sq = pop(&mut pieces);
            self.pieces_key ^= zobrist::piece_square(self.cell(sq), bitboards::square(sq));
            self.board.set(bitboards::square(sq), EMPTY);
        }
        for set in &mut self.by_kind {
            *set &= !self.by_owner[p];
        }
        self.by_owner[p] = 0;
        self.shah[p] = NO_SQUARE;
        self.eliminated |= 1 << player;
    }

    /// Moves a piece, capturing what stands on `to`; a captured Shah eliminates its owner.
    /// Returns the owner of a captured Shah.
    fn move_piece(&mut self, from: u8, to: u8) -> Option<u8> {
        let moving = self.cell(from);
        let target = self.cell(to);
        let mut shah_taken = None;
        if target != EMPTY {
            let owner = board::owner(target);
            self.pieces_key ^= zobrist::piece_square(target, bitboards::square(to));
            self.by_owner[usize::from(owner)] &= !bit(to);
            self.by_kind[usize::from(board::kind(target))] &= !bit(to);
            if board::kind(target) == kind::SHAH {
                self.remove_player(owner);
                shah_taken = Some(owner);
            }
        }
        let owner = usize::from(board::owner(moving));
        let mask = bit(from) | bit(to);
        self.by_owner[owner] ^= mask;
        self.by_kind[usize::from(board::kind(moving))] ^= mask;
        self.board.set(bitboards::square(from), EMPTY);
        self.board.set(bitboards::square(to), moving);
        self.pieces_key ^= zobrist::piece_square(moving, bitboards::square(from))
            ^ zobrist::piece_square(moving, bitboards::square(to));
        if board::kind(moving) == kind::SHAH {
            self.shah[owner] = to;
        }
        shah_taken
    }

    /// Plays a legal move and reports who was eliminated on the way, in order: the
    /// owner of a captured Shah, then any player checkmated at the start of his turn.
    #[must_use]
    pub fn play_reporting(&self, m: Move) -> (Chatrang, Vec<Elimination>) {
        let mut log = Vec::new();
        let next = self.play_logged(m, &mut log);
        (next, log)
    }

    #[inline]
    fn play_logged<L: rules::Log>(&self, m: Move, log: &mut L) -> Chatrang {
        let mut next = self.clone();
        if next.outcome.is_some() {
            return next;
        }
        let mover = self.turn;
        if m.is_pass() {
            next.passes = next.passes.saturating_add(1);
        } else {
            let (Some(from), Some(to)) = (bitboards::index_of(m.from()), bitboards::index_of(m.to())) else {
                return next;
            };
            if let Some(victim) = next.move_piece(from, to) {
                log.record(Elimination {
                    player: Player::new(victim),
                    cause: EliminationCause::ShahCaptured { by: Player::new(mover) },
                });
            }
            next.passes = 0;
        }
        let due = next.next_active_after(mover);
        next.settle(Some(mover), due);
        next.start_turn(log);
        next
    }

    /// Eliminates a player who resigns or loses on time (Decision 14): his pieces are
    /// removed, S1-S5 apply, and if it was his turn the next player is to move.
    ///
    /// # Errors
    /// The game is over, or the player is unknown or already out.
    pub fn eliminate(&self, player: Player) -> Result<Chatrang, EliminateError> {
        self.eliminate_reporting(player).map(|(next, _)| next)
    }

    /// [`Chatrang::eliminate`], also reporting every elimination in order (the
    /// withdrawn player first, then any checkmate at the start of the next turn).
    ///
    /// # Errors
    /// The game is over, or the player is unknown or already out.
    pub fn eliminate_reporting(&self, player: Player) -> Result<(Chatrang, Vec<Elimination>), EliminateError> {
        if self.outcome.is_some() {
            return Err(EliminateError::GameOver);
        }
        if player.get() > 3 {
            return Err(EliminateError::NoSuchPlayer(player));
        }
        if self.is_eliminated(player) {
            return Err(EliminateError::AlreadyEliminated(player));
        }
        let mut log = vec![Elimination {
            player,
            cause: EliminationCause::Resigned,
        }];
        let player = player.get();
        let mut next = self.clone();
        next.remove_player(player);
        let (actor, due) = if player == self.turn {
            (Some(player), next.next_active_after(player))
        } else {
            (None, self.turn)
        };
        next.settle(actor, due);
        next.start_turn(&mut log);
        Ok((next, log))
    }
}

impl Position for Chatrang {
    const VARIANT: Variant = Variant::Chatrang;

    fn start(_options: Options) -> Self {
        const START: &str = "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0";
        Chatrang::from_fen(START, Options::NONE).unwrap_or_else(|_| Chatrang::empty())
    }

    fn from_fen(text: &str, options: Options) -> Result<Self, PositionError> {
        if options != Options::NONE {
            return Err(PositionError::new("options", "Chatrang has no options"));
        }
        let mut position = fen::parse(text)?;
        position.start_turn(&mut rules::NoLog);
        Ok(position)
    }

    fn fen(&self) -> String {
        fen::write(self)
    }

    fn options(&self) -> Options {
        Options::NONE
    }

    fn board(&self) -> &Board {
        &self.board
    }

    fn turn(&self) -> Player {
        Player::new(self.turn)
    }

    fn in_check(&self, player: Player) -> bool {
        self.seat_in_check(player.get())
    }

    fn key(&self) -> u64 {
        let mut key = self.pieces_key ^ zobrist::FLAGS[usize::from(self.turn & 3)];
        for p in 0..4 {
            if self.eliminated & (1 << p) != 0 {
                key ^= zobrist::FLAGS[4 + p];
            }
        }
        if let Some(owed) = self.owed {
            key ^= zobrist::FLAGS[8 + usize::from(owed & 3)];
        }
        key ^ zobrist::FLAGS[12 + usize::from(self.passes & 3)]
    }

    fn legal_moves_into(&self, _history: &History, moves: &mut Vec<Move>) {
        if self.outcome.is_some() {
            return;
        }
        let before = moves.len();
        movegen::generate(self, &mut movegen::Lister(moves));
        if moves.len() == before && !self.seat_in_check(self.turn) {
            moves.push(Move::pass());
        }
    }

    fn count_legal(&self, _history: &History, _scratch: &mut Vec<Move>) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        match movegen::count(self) {
            // A live position's player is never checkmated (he was eliminated), so no move means pass.
            0 => u64::from(!self.seat_in_check(self.turn)),
            n => u64::from(n),
        }
    }

    #[inline]
    fn play_unchecked(&self, m: Move) -> Self {
        self.play_logged(m, &mut rules::NoLog)
    }

    fn outcome(&self, _history: &History) -> Option<Outcome> {
        self.outcome
    }

    fn explain_illegal(&self, text: MoveText, history: &History) -> IllegalMove {
        explain::explain(self, text, history)
    }

    fn withdraw(&self, player: Player) -> Result<Chatrang, crate::error::WithdrawError> {
        use crate::error::WithdrawError;
        self.eliminate(player).map_err(|error| match error {
            EliminateError::GameOver => WithdrawError::GameOver,
            EliminateError::NoSuchPlayer(p) => WithdrawError::NoSuchPlayer(p),
            EliminateError::AlreadyEliminated(p) => WithdrawError::AlreadyOut(p),
        })
    }
}
