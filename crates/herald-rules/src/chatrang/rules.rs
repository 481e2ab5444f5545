//! Events and the end of the game: the turn advance, checkmate at the start of a
//! turn (Decision 8), and the checks S1-S5 run after every event (section 12).

use core::fmt;

use super::{Chatrang, kind, movegen};
use crate::outcome::{EndReason, Outcome, Player, Team};

/// Why a player left the game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum EliminationCause {
    /// An enemy (`by`) captured his Shah.
    ShahCaptured { by: Player },
    /// His Shah was attacked at the start of his turn and he had no legal move.
    Checkmated,
    /// He resigned or lost on time (Decision 14).
    Resigned,
}

/// A player eliminated by an event.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Elimination {
    pub player: Player,
    pub cause: EliminationCause,
}

/// Why [`Chatrang::eliminate`] refused.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum EliminateError {
    /// The game is already over.
    GameOver,
    /// Players are 0..=3.
    NoSuchPlayer(Player),
    /// That player is already out.
    AlreadyEliminated(Player),
}

impl fmt::Display for EliminateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EliminateError::GameOver => f.write_str("the game is over"),
            EliminateError::NoSuchPlayer(p) => write!(f, "there is no player {}", u16::from(p.get()) + 1),
            EliminateError::AlreadyEliminated(p) => {
                write!(f, "player {} is already out of the game", u16::from(p.get()) + 1)
            }
        }
    }
}

impl std::error::Error for EliminateError {}

/// Where eliminations are reported; perft uses the no-op.
pub(super) trait Log {
    fn record(&mut self, elimination: Elimination);
}

pub(super) struct NoLog;

impl Log for NoLog {
    #[inline(always)]
    fn record(&mut self, _elimination: Elimination) {}
}

impl Log for Vec<Elimination> {
    fn record(&mut self, elimination: Elimination) {
        self.push(elimination);
    }
}

impl Chatrang {
    /// The first player after `player` in turn order who is still in the game.
    pub(super) fn next_active_after(&self, player: u8) -> u8 {
        (1..=4)
            .map(|i| (player + i) & 3)
            .find(|&p| self.eliminated & (1 << p) == 0)
            .unwrap_or(player)
    }

    /// Runs S1-S5 after an event. `actor` is the player whose turn the event was
    /// (None for a resignation out of turn); `due` is the next player due to move.
    /// Sets the outcome, or the owed reply and the player to move.
    pub(super) fn settle(&mut self, actor: Option<u8>, due: u8) {
        let shahs = self.by_kind[usize::from(kind::SHAH)];
        let team_pieces = [self.by_owner[0] | self.by_owner[2], self.by_owner[1] | self.by_owner[3]];
        self.turn = due;
        // A reply is owed only for the turn that follows the baring; whatever this event
        // decides, the old debt is settled here, so a finished game's string never names a
        // debtor who is not to move (the parser rightly refuses that).
        let owed = self.owed.take();
        // S1: a team with no Shah left loses.
        for (team, pieces) in team_pieces.iter().enumerate() {
            if shahs & pieces == 0 {
                self.outcome = Some(Outcome::Win {
                    team: Team::new(1 - team as u8),
                    reason: EndReason::BothShahsGone,
                });
                return;
            }
        }
        // S2: only Shahs left anywhere.
        let men = [team_pieces[0] & !shahs, team_pieces[1] & !shahs];
        if men[0] | men[1] == 0 {
            self.outcome = Some(Outcome::Draw {
                reason: EndReason::BareShahs,
            });
            return;
        }
        // S3: the owed reply has been used without taking the last man.
        if let Some(owing) = owed
            && actor == Some(owing)
        {
            self.outcome = Some(Outcome::Win {
                team: Team::new(1 - (owing & 1)),
                reason: EndReason::BaringReplyUsed,
            });
            return;
        }
        // S4: exactly one team still has men.
        if men[0] == 0 || men[1] == 0 {
            let baring = u8::from(men[0] == 0);
            if men[usize::from(baring)].count_ones() >= 2 || due & 1 == baring {
                self.outcome = Some(Outcome::Win {
                    team: Team::new(baring),
                    reason: EndReason::Bared,
                });
                return;
            }
            self.owed = Some(due);
        }
        // S5: every remaining player has passed in turn.
        if u32::from(self.passes) >= (!self.eliminated & 15).count_ones() {
            self.outcome = Some(Outcome::Draw {
                reason: EndReason::NobodyCanMove,
            });
        }
    }

    /// Eliminates the player to move while he is checkmated (an event each time,
    /// followed by S1-S5), until someone can play or the game is over.
    pub(super) fn start_turn<L: Log>(&mut self, log: &mut L) {
        while self.outcome.is_none() && self.seat_in_check(self.turn) && movegen::count(self) == 0 {
            let mated = self.turn;
            self.remove_player(mated);
            log.record(Elimination {
                player: Player::new(mated),
                cause: EliminationCause::Checkmated,
            });
            let due = self.next_active_after(mated);
            self.settle(Some(mated), due);
        }
    }
}
