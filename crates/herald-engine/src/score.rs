//! Search scores: centipawns, or a forced win or loss a number of plies away.

use core::fmt;

/// The internal score of a won position at the root; a win `p` plies away is `WIN - p`.
pub(crate) const WIN: i32 = 30_000;
/// Scores beyond this are wins or losses, not evaluations.
pub(crate) const WIN_BOUND: i32 = WIN - 1_000;
/// Above every score, for windows.
pub(crate) const INFINITY: i32 = WIN + 1;

/// What a search concluded, for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// An evaluation in hundredths of a pawn (positive: the side to move stands better).
    Centipawns(i32),
    /// The side to move wins by force; the game ends `plies` plies from now.
    Win { plies: u32 },
    /// The side to move loses by force in `plies` plies.
    Loss { plies: u32 },
}

impl Score {
    pub(crate) fn from_internal(value: i32) -> Score {
        if value > WIN_BOUND {
            Score::Win {
                plies: (WIN - value).unsigned_abs(),
            }
        } else if value < -WIN_BOUND {
            Score::Loss {
                plies: (WIN + value).unsigned_abs(),
            }
        } else {
            Score::Centipawns(value)
        }
    }

    /// The winner's own moves to the end (a win in 1 is the winning move itself).
    #[must_use]
    pub fn moves(plies: u32) -> u32 {
        plies.div_ceil(2).max(1)
    }
}

/// `+0.35`, `win in 3`, `loss in 2` (in the winner's moves).
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Centipawns(cp) => {
                let sign = if cp < 0 { '-' } else { '+' };
                write!(f, "{sign}{}.{:02}", cp.unsigned_abs() / 100, cp.unsigned_abs() % 100)
            }
            Score::Win { plies } => write!(f, "win in {}", Score::moves(plies)),
            Score::Loss { plies } => write!(f, "loss in {}", (plies / 2).max(1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_players_say_them() {
        assert_eq!(Score::from_internal(35).to_string(), "+0.35");
        assert_eq!(Score::from_internal(-120).to_string(), "-1.20");
        assert_eq!(Score::from_internal(WIN - 1), Score::Win { plies: 1 });
        assert_eq!(Score::from_internal(WIN - 1).to_string(), "win in 1");
        assert_eq!(Score::from_internal(WIN - 5).to_string(), "win in 3");
        assert_eq!(Score::from_internal(-(WIN - 2)), Score::Loss { plies: 2 });
        assert_eq!(Score::from_internal(-(WIN - 2)).to_string(), "loss in 1");
        assert_eq!(Score::from_internal(-(WIN - 4)).to_string(), "loss in 2");
    }
}
