//! The seam between the server and the rules crate.
//!
//! The server stores a game as its variant, options and move list, and rebuilds the
//! position by replaying the moves. [`Rules`] is injected into the state (like the clock)
//! so tests can run whole games with a scripted stand-in while the real engines are built.
//! Every caller that needs a position (services, the game page, the board, the rules
//! pages' diagrams) goes through it; what a game *is* (names, seats, pieces) is data in
//! the rules crate's registry (`Variant::spec`).

use std::fmt::Debug;
use std::sync::Arc;

use herald_rules::{AnyGame, Options, Outcome, Placed, PlayError, Player, Team, Variant, WithdrawError};

/// The team a seat plays for, as the game's registry entry says (in Chatrang seats 0 and
/// 2 against 1 and 3, elsewhere each seat is its own side).
#[must_use]
pub fn team_of(variant: Variant, seat: Player) -> Team {
    variant.spec().team_of(seat)
}

/// Why a move text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveRejection {
    /// Not a move in canonical notation (HTTP 400).
    Syntax(String),
    /// Well formed but not legal here (HTTP 422), with the rules crate's stable code.
    Illegal { code: &'static str, message: String },
}

/// A game rebuilt from its record.
pub trait GameState: Send + Sync {
    /// Plays a move given as text and returns its canonical form.
    ///
    /// # Errors
    /// The move is malformed or illegal; the state is unchanged.
    fn play(&mut self, text: &str) -> Result<String, MoveRejection>;
    /// The seat to move (0-based, in turn order).
    fn turn(&self) -> Player;
    /// The current position string.
    fn fen(&self) -> String;
    /// The legal moves of the player to move, in canonical notation, sorted.
    fn legal_moves(&self) -> Vec<String>;
    /// The result, once the rules end the game.
    fn outcome(&self) -> Option<Outcome>;
    /// A copy (the position cache hands out copies).
    fn boxed_clone(&self) -> Box<dyn GameState>;
    /// Seats out of the game (Chatrang eliminations); empty for two-player games.
    fn eliminated(&self) -> Vec<Player> {
        Vec::new()
    }
    /// The pieces on the board (square, kind, owner); empty for a stand-in without a board.
    fn pieces(&self) -> Vec<Placed> {
        Vec::new()
    }
    /// Whether `seat`'s royal piece is attacked now.
    fn in_check(&self, _seat: Player) -> bool {
        false
    }
    /// Records that `seat` leaves a game that goes on without it (a Chatrang player
    /// resigning) and returns the record entry to store. `None` when leaving simply ends
    /// the game (two-player games); `Some(Err)` when the seat cannot leave.
    fn withdraw(&mut self, _seat: Player) -> Option<Result<String, String>> {
        None
    }
    /// The rules crate's game behind this state, for the engine to think about; `None` for
    /// stand-in rules (tests), which no engine can search.
    fn any_game(&self) -> Option<AnyGame> {
        None
    }
    /// Whether `seat` has made a move in this game (a withdrawal is not one); `None` from
    /// a stand-in that does not keep track.
    fn has_moved(&self, _seat: Player) -> Option<bool> {
        None
    }
    /// The seat whose move is the record's last entry: who may ask to take it back. `None`
    /// before the first entry, after a withdrawal, and from a stand-in that does not keep
    /// track.
    fn last_mover(&self) -> Option<Player> {
        None
    }
}

/// Rebuilt positions by game id, valid for one version of the game: a takeback removes a
/// move, so a ply may be reached twice by different moves, but every change to a game bumps
/// its version, so `(id, version)` names one position (on every instance). Bounded,
/// evicting the games least recently used (a miss only costs a replay).
pub struct PositionCache {
    entries: quick_cache::sync::Cache<String, Arc<CachedGame>>,
}

struct CachedGame {
    version: i64,
    moves: Vec<String>,
    state: Box<dyn GameState>,
}

impl Default for PositionCache {
    fn default() -> PositionCache {
        PositionCache::with_capacity(PositionCache::CAPACITY)
    }
}

impl std::fmt::Debug for PositionCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PositionCache")
            .field("len", &self.entries.len())
            .finish_non_exhaustive()
    }
}

impl PositionCache {
    const CAPACITY: usize = 20_000;

    /// A cache of at most `capacity` games.
    #[must_use]
    pub fn with_capacity(capacity: usize) -> PositionCache {
        PositionCache {
            entries: quick_cache::sync::Cache::new(capacity.max(1)),
        }
    }

    /// The moves and a copy of the position of game `id` at its `version`, if cached.
    #[must_use]
    pub fn get(&self, id: &str, version: i64) -> Option<(Vec<String>, Box<dyn GameState>)> {
        let cached = self.entries.get(id).filter(|c| c.version == version)?;
        Some((cached.moves.clone(), cached.state.boxed_clone()))
    }

    /// A copy of the cached position of game `id` if it is the one after exactly `moves`.
    #[must_use]
    pub fn get_after(&self, id: &str, moves: &[String]) -> Option<Box<dyn GameState>> {
        let cached = self.entries.get(id).filter(|c| c.moves == moves)?;
        Some(cached.state.boxed_clone())
    }

    /// Remembers the position of game `id` at its `version`, after `moves`.
    pub fn put(&self, id: &str, version: i64, moves: &[String], state: &dyn GameState) {
        self.entries.insert(
            id.to_owned(),
            Arc::new(CachedGame {
                version,
                moves: moves.to_vec(),
                state: state.boxed_clone(),
            }),
        );
    }
}

/// A failure to rebuild a stored game (a record the rules no longer accept).
#[derive(Debug, Clone, thiserror::Error)]
#[error("{0}")]
pub struct RulesError(pub String);

/// Builds games: the real engines in production, a stand-in in some tests.
pub trait Rules: Send + Sync + Debug {
    /// A game of `variant` with `options`, with `moves` replayed from the start.
    ///
    /// # Errors
    /// The start cannot be built or a recorded move no longer plays.
    fn load(&self, variant: Variant, options: Options, moves: &[String]) -> Result<Box<dyn GameState>, RulesError>;

    /// A game of `variant` set up at a position string (the rules pages' diagrams).
    ///
    /// # Errors
    /// The position string is not a valid position of this game (stand-ins have none).
    fn setup(&self, variant: Variant, options: Options, fen: &str) -> Result<Box<dyn GameState>, RulesError> {
        let _ = (options, fen);
        Err(RulesError(format!(
            "these rules cannot set up a {} position",
            variant.name()
        )))
    }
}

/// The rules crate's four engines.
#[derive(Debug, Default, Clone, Copy)]
pub struct HeraldRules;

#[derive(Clone)]
struct RealGame(AnyGame);

impl GameState for RealGame {
    fn play(&mut self, text: &str) -> Result<String, MoveRejection> {
        match self.0.play_text(text) {
            Ok(m) => Ok(m.to_string()),
            Err(PlayError::Syntax(e)) => Err(MoveRejection::Syntax(e.to_string())),
            Err(PlayError::Illegal(e)) => Err(MoveRejection::Illegal {
                code: e.code(),
                message: e.to_string(),
            }),
        }
    }

    fn turn(&self) -> Player {
        self.0.turn()
    }

    fn fen(&self) -> String {
        self.0.fen()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves: Vec<String> = self.0.legal_moves().into_iter().map(|m| m.to_string()).collect();
        moves.sort();
        moves
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }

    fn boxed_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }

    fn eliminated(&self) -> Vec<Player> {
        self.0.eliminated()
    }

    fn pieces(&self) -> Vec<Placed> {
        self.0.pieces().collect()
    }

    fn in_check(&self, seat: Player) -> bool {
        self.0.in_check(seat)
    }

    fn has_moved(&self, seat: Player) -> Option<bool> {
        Some(self.0.has_moved(seat))
    }

    fn last_mover(&self) -> Option<Player> {
        self.0.last_mover()
    }
    fn any_game(&self) -> Option<AnyGame> {
        Some(self.0.clone())
    }

    fn withdraw(&mut self, seat: Player) -> Option<Result<String, String>> {
        match self.0.withdraw(seat) {
            Ok(()) => Some(Ok(format!("withdraw:{}", u16::from(seat.get()) + 1))),
            Err(WithdrawError::EndsTheGame) => None,
            Err(e) => Some(Err(e.to_string())),
        }
    }
}

impl Rules for HeraldRules {
    fn load(&self, variant: Variant, options: Options, moves: &[String]) -> Result<Box<dyn GameState>, RulesError> {
        let mut game = AnyGame::new(variant, options, None).map_err(|e| RulesError(e.to_string()))?;
        for (ply, text) in moves.iter().enumerate() {
            game.apply_text(text)
                .map_err(|e| RulesError(format!("entry {} ({text}) of the record: {e}", ply + 1)))?;
        }
        Ok(Box::new(RealGame(game)))
    }

    fn setup(&self, variant: Variant, options: Options, fen: &str) -> Result<Box<dyn GameState>, RulesError> {
        let game = AnyGame::new(variant, options, Some(fen)).map_err(|e| RulesError(e.to_string()))?;
        Ok(Box::new(RealGame(game)))
    }
}
