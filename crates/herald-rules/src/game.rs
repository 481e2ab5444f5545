//! A game record: the starting position, the moves played and the history the
//! repetition rule needs, replayable from the start. Generic over the position type;
//! [`AnyGame`](crate::AnyGame) picks the game at run time.

use core::fmt;

use crate::error::{IllegalMove, WithdrawError};
use crate::moves::{Move, MoveText, ParseMoveError};
use crate::outcome::{Outcome, Player};
use crate::position::Position;

/// Why a move given as text was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The text is not a move in canonical form.
    Syntax(ParseMoveError),
    /// The move is well formed but not legal here.
    Illegal(IllegalMove),
}

/// Why a record entry (a move or `withdraw:N`) was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// The move could not be played.
    Play(PlayError),
    /// The withdrawal cannot happen here.
    Withdraw(WithdrawError),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Play(error) => fmt::Display::fmt(error, f),
            RecordError::Withdraw(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for RecordError {}

/// One entry of a game record: a move, or a player leaving a game that goes on.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Entry {
    Move(Move),
    /// The player (0-based) resigned or lost on time and is out (Chatrang).
    Withdrawal(Player),
}

impl Entry {
    /// The prefix of a withdrawal's text: `withdraw:3` is Player 3 (1-based) leaving.
    pub const WITHDRAW_PREFIX: &'static str = "withdraw:";

    /// Reads a record entry: a canonical move or `withdraw:N`.
    fn parse(text: &str) -> Result<Result<MoveText, Player>, RecordError> {
        if let Some(number) = text.strip_prefix(Entry::WITHDRAW_PREFIX) {
            return match number.parse::<u8>() {
                Ok(n @ 1..=4) => Ok(Err(Player::new(n - 1))),
                _ => Err(RecordError::Withdraw(WithdrawError::NoSuchPlayer(Player::new(
                    number.parse().unwrap_or(u8::MAX),
                )))),
            };
        }
        text.parse()
            .map(Ok)
            .map_err(|e| RecordError::Play(PlayError::Syntax(e)))
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entry::Move(m) => fmt::Display::fmt(m, f),
            Entry::Withdrawal(player) => write!(f, "{}{}", Entry::WITHDRAW_PREFIX, u16::from(player.get()) + 1),
        }
    }
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
    pub error: RecordError,
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
    record: Vec<Entry>,
    history: Vec<u64>,
    /// Bit `p` set: player `p` has made a move (a pass counts; a withdrawal does not).
    movers: u8,
    /// The player whose move is the record's last entry (`None`: no entry yet, or the last
    /// one is a withdrawal): who may ask to take it back.
    last_mover: Option<Player>,
}

impl<P: Position> Game<P> {
    /// A game starting at `initial`.
    #[must_use]
    pub fn new(initial: P) -> Game<P> {
        Game {
            position: initial.clone(),
            initial,
            moves: Vec::new(),
            record: Vec::new(),
            history: Vec::new(),
            movers: 0,
            last_mover: None,
        }
    }

    /// Replays a record from `initial`: canonical moves, and `withdraw:N` entries.
    ///
    /// # Errors
    /// The first entry that cannot be played, with its index.
    pub fn replay<'a>(initial: P, entries: impl IntoIterator<Item = &'a str>) -> Result<Game<P>, ReplayError> {
        let mut game = Game::new(initial);
        for (ply, text) in entries.into_iter().enumerate() {
            game.apply_text(text).map_err(|error| ReplayError { ply, error })?;
        }
        Ok(game)
    }

    /// Applies one record entry given as text: a move or `withdraw:N`.
    ///
    /// # Errors
    /// The entry is malformed or cannot happen here; the game is unchanged.
    pub fn apply_text(&mut self, text: &str) -> Result<Entry, RecordError> {
        match Entry::parse(text)? {
            Ok(m) => self
                .play(m)
                .map(Entry::Move)
                .map_err(|e| RecordError::Play(PlayError::Illegal(e))),
            Err(player) => self
                .withdraw(player)
                .map(|()| Entry::Withdrawal(player))
                .map_err(RecordError::Withdraw),
        }
    }

    /// Records that `player` left a game that goes on without him (Chatrang).
    ///
    /// # Errors
    /// `EndsTheGame` in two-player games, or why this player cannot leave.
    pub fn withdraw(&mut self, player: Player) -> Result<(), WithdrawError> {
        let next = self.position.withdraw(player)?;
        self.history.push(self.position.key());
        self.position = next;
        self.record.push(Entry::Withdrawal(player));
        self.last_mover = None;
        Ok(())
    }

    /// Every entry in order: moves and withdrawals.
    #[must_use]
    pub fn record(&self) -> &[Entry] {
        &self.record
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

    /// Whether `player` has made a move in this game (a Chatrang pass is his turn played;
    /// a withdrawal is not a move).
    #[must_use]
    pub fn has_moved(&self, player: Player) -> bool {
        player.get() < 8 && self.movers & (1 << player.get()) != 0
    }

    /// The player whose move is the record's last entry; `None` before the first entry and
    /// when the last entry is a withdrawal (a Chatrang resignation or loss on time).
    #[must_use]
    pub fn last_mover(&self) -> Option<Player> {
        self.last_mover
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
        self.movers |= 1_u8.checked_shl(u32::from(self.position.turn().get())).unwrap_or(0);
        self.last_mover = Some(self.position.turn());
        self.history.push(self.position.key());
        self.position = next;
        self.moves.push(m);
        self.record.push(Entry::Move(m));
        Ok(m)
    }
}
