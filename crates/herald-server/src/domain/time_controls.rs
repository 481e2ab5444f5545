//! A game's time control and its players' clocks as stored: the kind with its fields and
//! each seat's bank. The arithmetic (deadlines, charges, increments) is the clock rule's,
//! in `api::games::clock`; this module only says what the values are and which are valid.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::game_states::MAX_DAYS_PER_MOVE;
use crate::infra::clock::DAY_MS;
use crate::infra::i18n::Lang;

/// Milliseconds in an hour, the unit of a Fischer increment.
pub const HOUR_MS: i64 = DAY_MS / 24;

/// The longest Fischer starting bank and bank cap, in days.
pub const MAX_BANK_DAYS: i64 = 90;
/// The longest Fischer increment, in hours (a fortnight).
pub const MAX_INCREMENT_HOURS: i64 = 14 * 24;
/// The most moves of an ICCF time control's period.
pub const MAX_PERIOD_MOVES: i64 = 50;
/// The longest ICCF period, in days.
pub const MAX_PERIOD_DAYS: i64 = 180;

/// How a game's clock runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// `days` for every move; time left over is not kept.
    Days { days: i64 },
    /// Fischer days: a starting bank, `increment_hours` added after every move, the bank
    /// never above `cap_days`.
    Fischer {
        initial_days: i64,
        increment_hours: i64,
        cap_days: i64,
    },
    /// ICCF: `moves` moves in `days` days, time left carried over to the next period,
    /// charged in whole days (a reply within 24 hours costs nothing), with ICCF's double
    /// time for a move beyond 20 days.
    Iccf { moves: i64, days: i64 },
}

/// Why a time control is refused, with a sentence naming the field and its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InvalidTimeControl {
    /// Days per move out of range (the API's `invalid_days_per_move`).
    DaysPerMove(String),
    /// A Fischer or ICCF field out of range (`invalid_time_control`).
    Field(String),
}

impl TimeControl {
    /// Whether every field is within Herald's limits.
    ///
    /// # Errors
    /// The field out of range, with a sentence naming it and its range.
    pub fn check(self) -> Result<Self, InvalidTimeControl> {
        let refuse = |message: String| Err(InvalidTimeControl::Field(message));
        match self {
            Self::Days { days } if !(1..=MAX_DAYS_PER_MOVE).contains(&days) => Err(InvalidTimeControl::DaysPerMove(
                format!("days_per_move must be 1 to {MAX_DAYS_PER_MOVE}"),
            )),
            Self::Fischer {
                initial_days,
                increment_hours,
                cap_days,
            } => {
                if !(1..=MAX_BANK_DAYS).contains(&initial_days) {
                    refuse(format!("initial_days must be 1 to {MAX_BANK_DAYS}"))
                } else if !(0..=MAX_INCREMENT_HOURS).contains(&increment_hours) {
                    refuse(format!("increment_hours must be 0 to {MAX_INCREMENT_HOURS}"))
                } else if !(initial_days..=MAX_BANK_DAYS).contains(&cap_days) {
                    refuse(format!(
                        "cap_days must be at least initial_days and at most {MAX_BANK_DAYS}"
                    ))
                } else {
                    Ok(self)
                }
            }
            Self::Iccf { moves, days } => {
                if !(1..=MAX_PERIOD_MOVES).contains(&moves) {
                    refuse(format!("moves must be 1 to {MAX_PERIOD_MOVES}"))
                } else if !(1..=MAX_PERIOD_DAYS).contains(&days) {
                    refuse(format!("days must be 1 to {MAX_PERIOD_DAYS}"))
                } else {
                    Ok(self)
                }
            }
            Self::Days { .. } => Ok(self),
        }
    }

    /// Days per move on average, rounded up (at least 1), for what still compares clocks
    /// by one number: a bot's accepted range, the stored `days_per_move`. Fischer averages
    /// its bank over 40 moves; ICCF divides a period by its moves.
    #[must_use]
    pub fn nominal_days(self) -> i64 {
        let days = match self {
            Self::Days { days } => days,
            Self::Fischer {
                initial_days,
                increment_hours,
                ..
            } => ceil_div(initial_days * 24 + 40 * increment_hours, 40 * 24),
            Self::Iccf { moves, days } => ceil_div(days, moves.max(1)),
        };
        days.max(1)
    }

    /// The bank each seat starts with (empty under days per move, which keeps none).
    #[must_use]
    pub fn initial_clocks(self, seats: usize) -> SeatClocks {
        let bank_ms = match self {
            Self::Days { .. } => return SeatClocks::default(),
            Self::Fischer { initial_days, .. } => initial_days * DAY_MS,
            Self::Iccf { days, .. } => days * DAY_MS,
        };
        SeatClocks(vec![SeatClock { bank_ms, moves: 0 }; seats])
    }

    /// The stored column: `NULL` for days per move (whose days are `days_per_move`).
    #[must_use]
    pub fn column(self) -> Option<String> {
        match self {
            Self::Days { .. } => None,
            other => Some(other.to_string()),
        }
    }

    /// Reads the stored column back, `days_per_move` being the days of a `NULL` column.
    ///
    /// # Errors
    /// The column's text when it is not a time control.
    pub fn from_column(column: Option<&str>, days_per_move: i64) -> Result<Self, String> {
        match column {
            None | Some("") => Ok(Self::Days { days: days_per_move }),
            Some(text) => text.parse(),
        }
    }

    /// The control in words, in `lang`: "3 days per move", "10 moves in 50 days".
    #[must_use]
    pub fn label(self, lang: &Lang) -> String {
        use fluent_templates::fluent_bundle::FluentValue;
        match self {
            Self::Days { days } => lang.count("time-control-days", days),
            Self::Fischer {
                initial_days,
                increment_hours,
                cap_days,
            } => lang.plain_with(
                "time-control-fischer",
                &[
                    ("initial", FluentValue::from(initial_days)),
                    ("increment", FluentValue::from(increment_hours)),
                    ("cap", FluentValue::from(cap_days)),
                ],
            ),
            Self::Iccf { moves, days } => lang.plain_with(
                "time-control-iccf",
                &[("moves", FluentValue::from(moves)), ("days", FluentValue::from(days))],
            ),
        }
    }
}

/// `n / d` rounded up, for non-negative `n` and positive `d`.
fn ceil_div(n: i64, d: i64) -> i64 {
    (n + d - 1) / d
}

impl Default for TimeControl {
    fn default() -> Self {
        Self::Days { days: 4 }
    }
}

/// `days:3`, `fischer:3:24:10` (initial days, increment hours, cap days), `iccf:10:50`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Days { days } => write!(f, "days:{days}"),
            Self::Fischer {
                initial_days,
                increment_hours,
                cap_days,
            } => write!(f, "fischer:{initial_days}:{increment_hours}:{cap_days}"),
            Self::Iccf { moves, days } => write!(f, "iccf:{moves}:{days}"),
        }
    }
}

impl FromStr for TimeControl {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let bad = || format!("not a time control: {text:?}");
        let mut parts = text.split(':');
        let kind = parts.next().ok_or_else(bad)?;
        let numbers: Vec<i64> = parts.map(str::parse).collect::<Result<_, _>>().map_err(|_| bad())?;
        match (kind, numbers.as_slice()) {
            ("days", &[days]) => Ok(Self::Days { days }),
            ("fischer", &[initial_days, increment_hours, cap_days]) => Ok(Self::Fischer {
                initial_days,
                increment_hours,
                cap_days,
            }),
            ("iccf", &[moves, days]) => Ok(Self::Iccf { moves, days }),
            _ => Err(bad()),
        }
    }
}

/// One seat's clock: the time it has banked and the moves it has made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SeatClock {
    /// Time banked (ms), not counting the turn running now: under ICCF a whole number of
    /// days, under Fischer what was left after the seat's last move plus its increments.
    pub bank_ms: i64,
    /// Moves the seat has made (a period of ICCF ends every `moves` of them).
    pub moves: i64,
}

/// Every seat's clock, by seat; empty under days per move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SeatClocks(pub Vec<SeatClock>);

impl SeatClocks {
    /// The clock of seat `index` (a zero clock for a seat the list lacks).
    #[must_use]
    pub fn of(&self, index: usize) -> SeatClock {
        self.0.get(index).copied().unwrap_or_default()
    }

    /// The list with seat `index` set to `clock`.
    #[must_use]
    pub fn with(&self, index: usize, clock: SeatClock) -> Self {
        let mut clocks = self.0.clone();
        if clocks.len() <= index {
            clocks.resize(index + 1, SeatClock::default());
        }
        if let Some(slot) = clocks.get_mut(index) {
            *slot = clock;
        }
        Self(clocks)
    }

    /// The stored column: `bank/moves` by seat, comma-separated; `NULL` when empty.
    #[must_use]
    pub fn column(&self) -> Option<String> {
        (!self.0.is_empty()).then(|| {
            self.0
                .iter()
                .map(|c| format!("{}/{}", c.bank_ms, c.moves))
                .collect::<Vec<_>>()
                .join(",")
        })
    }

    /// Reads the stored column back.
    ///
    /// # Errors
    /// The column's text when it is not a list of clocks.
    pub fn from_column(column: Option<&str>) -> Result<Self, String> {
        let Some(text) = column.filter(|t| !t.is_empty()) else {
            return Ok(Self::default());
        };
        text.split(',')
            .map(|one| {
                let (bank, moves) = one.split_once('/')?;
                Some(SeatClock {
                    bank_ms: bank.parse().ok()?,
                    moves: moves.parse().ok()?,
                })
            })
            .collect::<Option<Vec<_>>>()
            .map(Self)
            .ok_or_else(|| format!("not a list of seat clocks: {text:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_clocks_read_back_what_they_write() {
        for control in [
            TimeControl::Days { days: 3 },
            TimeControl::Fischer {
                initial_days: 3,
                increment_hours: 24,
                cap_days: 10,
            },
            TimeControl::Iccf { moves: 10, days: 50 },
        ] {
            assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
            let days = if let TimeControl::Days { days } = control {
                days
            } else {
                99
            };
            assert_eq!(TimeControl::from_column(control.column().as_deref(), days), Ok(control));
        }
        assert!("fischer:3:24".parse::<TimeControl>().is_err());
        assert!("hourglass:3".parse::<TimeControl>().is_err());
        let clocks = SeatClocks(vec![
            SeatClock { bank_ms: 5, moves: 1 },
            SeatClock { bank_ms: -2, moves: 0 },
        ]);
        assert_eq!(SeatClocks::from_column(clocks.column().as_deref()), Ok(clocks));
        assert_eq!(SeatClocks::from_column(None), Ok(SeatClocks::default()));
        assert!(SeatClocks::from_column(Some("1/2,x")).is_err());
    }

    #[test]
    fn limits_and_nominal_days() {
        assert!(TimeControl::Days { days: 0 }.check().is_err());
        assert!(
            TimeControl::Fischer {
                initial_days: 5,
                increment_hours: 24,
                cap_days: 4
            }
            .check()
            .is_err(),
            "a cap below the starting bank"
        );
        assert!(TimeControl::Iccf { moves: 0, days: 50 }.check().is_err());
        assert_eq!(TimeControl::Iccf { moves: 10, days: 50 }.nominal_days(), 5);
        // 30 days + 3 days a move: (720 + 40 * 72) / 960 h = 3.75, rounded up.
        let iccf_fischer = TimeControl::Fischer {
            initial_days: 30,
            increment_hours: 72,
            cap_days: 90,
        };
        assert_eq!(iccf_fischer.nominal_days(), 4);
        assert_eq!(iccf_fischer.initial_clocks(2).of(1).bank_ms, 30 * DAY_MS);
        assert!(TimeControl::Days { days: 3 }.initial_clocks(2).0.is_empty());
    }
}
