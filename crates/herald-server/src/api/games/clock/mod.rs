//! The correspondence clock's rules as pure functions of stored state and `now`: the
//! effective deadline of a turn (vacation pauses it), who may claim, when the 80 % warning
//! and the server's own timeout fall due. The service ([`super::timeout`]), the sweeper and
//! the game object all decide with these, so they never disagree.

pub mod control;

use herald_rules::{Player, Variant};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::rules::team_of;
use crate::domain::time_controls::{SeatClocks, TimeControl};
use crate::infra::clock::DAY_MS;
use crate::storage::{FirstTurn, GameRow, SeatRow};

pub use self::control::{charge, seat_window_ms, turn_deadline, window_ms};
pub use crate::domain::game_states::TimeoutPolicy;

/// The clock of a game's first turn, starting at `now` (every seat starts with the same
/// bank, so whoever moves first has the same window).
#[must_use]
pub fn first_turn(control: TimeControl, now: i64) -> FirstTurn {
    let window = window_ms(control, control.initial_clocks(1).of(0));
    let move_by = now.saturating_add(window);
    FirstTurn {
        move_by,
        sweep_at: warn_at(move_by, window),
    }
}

/// The window of the game's current turn: how long the seat to move has from the turn's
/// start ([`control::window_ms`]).
#[must_use]
pub fn turn_window(row: &GameRow) -> i64 {
    seat_window_ms(row.time_control, &row.clocks, row.turn)
}

/// How much of its turn the seat to move has used at `now`: its window less what is left
/// (a vacation's pause is not used time). Never negative.
#[must_use]
pub fn used_ms(row: &GameRow, seats: &[SeatRow], now: i64) -> i64 {
    let left = match game_deadline(row, seats, now) {
        Deadline::Running(move_by) => move_by - now,
        Deadline::Paused { left_ms } => left_ms,
        Deadline::None => return 0,
    };
    (turn_window(row) - left).max(0)
}

/// Every seat's clocks once `seat`, to move in `row`, moves at `now` (`None` under days
/// per move).
#[must_use]
pub fn after_move(row: &GameRow, seats: &[SeatRow], seat: Player, now: i64) -> Option<SeatClocks> {
    charge(row.time_control, &row.clocks, seat, used_ms(row, seats, now))
}

/// The claimable cap (a server setting in days) in ms: how long a passed deadline may
/// stay claimable before the server ends the game itself.
#[must_use]
pub fn cap_ms(claimable_cap_days: i64) -> i64 {
    claimable_cap_days.saturating_mul(DAY_MS)
}

/// When the server ends a turn running out at `move_by` by itself, if nobody moves or
/// claims first: at the deadline under `auto`, at the deadline plus the cap under `claim`.
#[must_use]
pub fn server_timeout_at(policy: TimeoutPolicy, move_by: i64, cap_ms: i64) -> i64 {
    match policy {
        TimeoutPolicy::Auto => move_by,
        TimeoutPolicy::Claim => move_by.saturating_add(cap_ms),
    }
}

/// Why the server ends a turn by itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServerTimeout {
    /// The deadline of an `auto` game passed.
    Auto,
    /// A `claim` game stayed claimable longer than the cap.
    Cap,
}

/// Whether the server ends a turn running out at `move_by` at `now`, and why.
#[must_use]
pub fn server_timeout(policy: TimeoutPolicy, move_by: i64, cap_ms: i64, now: i64) -> Option<ServerTimeout> {
    (server_timeout_at(policy, move_by, cap_ms) <= now).then_some(match policy {
        TimeoutPolicy::Auto => ServerTimeout::Auto,
        TimeoutPolicy::Claim => ServerTimeout::Cap,
    })
}

/// When the 80 % warning of a turn ending at `move_by` falls due, the turn having had
/// `window_ms` from its start: 80 % of the days per move, of the Fischer bank, or of the
/// ICCF days left.
#[must_use]
pub fn warn_at(move_by: i64, window_ms: i64) -> i64 {
    move_by - window_ms / 5
}

/// When the sweeper must next look at a running turn ending at `move_by`: at its 80 %
/// warning, then at the deadline, then (claim policy, once marked claimable) at the cap.
#[must_use]
pub fn next_sweep(
    move_by: i64,
    window_ms: i64,
    warned: bool,
    claimable_marked: bool,
    policy: TimeoutPolicy,
    cap_ms: i64,
) -> i64 {
    if !warned {
        warn_at(move_by, window_ms)
    } else if !claimable_marked || policy == TimeoutPolicy::Auto {
        move_by
    } else {
        move_by.saturating_add(cap_ms)
    }
}

/// A player's vacation: on since `since`, ending by itself at `until`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vacation {
    pub since: i64,
    pub until: i64,
}

impl Vacation {
    #[must_use]
    pub fn of(seat: &SeatRow) -> Option<Vacation> {
        Some(Vacation {
            since: seat.vacation_since?,
            until: seat.vacation_until?,
        })
    }
}

/// The deadline of the current turn as it stands at `now`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deadline {
    /// The turn runs out at this instant (epoch ms); it may already have passed.
    Running(i64),
    /// The player to move is on vacation: the turn has `left_ms` left once it ends.
    Paused { left_ms: i64 },
    /// No turn is running (the game is not active).
    None,
}

/// The effective deadline of a turn stored as (`move_by`, `paused_ms`) whose player has
/// `vacation`. A vacation that began before the deadline pauses the turn from its start
/// (or from the turn's start, if later); after it ends the deadline is its end plus the
/// time that was left. A vacation that began after the deadline changes nothing.
#[must_use]
pub fn deadline(
    move_by: Option<i64>,
    paused_ms: Option<i64>,
    window_ms: i64,
    vacation: Option<Vacation>,
    now: i64,
) -> Deadline {
    let left = match (paused_ms, move_by) {
        (Some(left), _) => left,
        (None, Some(move_by)) => match vacation {
            Some(v) if v.since < move_by => (move_by - v.since).min(window_ms),
            _ => return Deadline::Running(move_by),
        },
        (None, None) => return Deadline::None,
    };
    match vacation {
        Some(v) if now < v.until => Deadline::Paused { left_ms: left },
        Some(v) => Deadline::Running(v.until + left),
        // Paused but the vacation is over and not yet applied: count from now.
        None => Deadline::Running(now + left),
    }
}

/// The seat row of `seat`.
#[must_use]
pub fn seat_row(seats: &[SeatRow], seat: Player) -> Option<&SeatRow> {
    seats.iter().find(|s| s.seat == seat)
}

/// The effective deadline of an active game's current turn.
#[must_use]
pub fn game_deadline(row: &GameRow, seats: &[SeatRow], now: i64) -> Deadline {
    if row.status != crate::domain::game_states::GameStatus::Active {
        return Deadline::None;
    }
    let vacation = seat_row(seats, row.turn).and_then(Vacation::of);
    deadline(row.move_by, row.paused_ms, turn_window(row), vacation, now)
}

/// Seats that may claim a win on time against `late`: the other player, or in Chatrang
/// the players of the other team still in the game.
#[must_use]
pub fn claimers(variant: Variant, late: Player, eliminated: &[Player]) -> Vec<Player> {
    let late_team = team_of(variant, late);
    (0..variant.players())
        .map(Player::new)
        .filter(|s| team_of(variant, *s) != late_team && !eliminated.contains(s))
        .collect()
}

/// The clock part of the game object.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
pub struct TimeView {
    /// The kind of clock and its fields.
    pub time_control: TimeControl,
    /// Time each seat has, by seat (ms): the seat to move until its flag falls (as
    /// `time_left_ms`), the others for their next turn (the days per move, the Fischer
    /// bank, or ICCF's days until the charge exceeds the bank).
    pub remaining_ms: Vec<i64>,
    /// Under ICCF, the moves each seat still has to make before its time control, by
    /// seat; empty for the other kinds.
    pub moves_to_control: Vec<i64>,
    /// `claim` (default) or `auto`.
    pub timeout_policy: TimeoutPolicy,
    /// The current turn's deadline has passed: the waiting side may claim (`claim` policy;
    /// under `auto` the server ends the game at its next sweep).
    pub claimable: bool,
    /// Seats that may claim now (empty unless `claimable`).
    #[schema(value_type = Vec<u8>)]
    pub claimable_by: Vec<Player>,
    /// The deadline that passed, while claimable.
    pub claimable_since: Option<i64>,
    /// The player to move is on vacation: the turn's clock is stopped.
    pub paused: bool,
    /// Time left in the current turn (ms, 0 once passed); while paused, what will be left
    /// when the vacation ends.
    pub time_left_ms: Option<i64>,
    /// When the server ends the game on time by itself if nobody moves or claims first:
    /// the deadline under `auto`, the deadline plus the claimable cap under `claim`.
    pub timeout_at: Option<i64>,
}

/// Clock facts of a game at `now`, with the claimable cap in ms.
#[must_use]
pub fn time_view(
    variant: Variant,
    row: &GameRow,
    seats: &[SeatRow],
    eliminated: &[Player],
    now: i64,
    cap_ms: i64,
) -> (TimeView, Option<i64>) {
    let policy = row.timeout_policy;
    let control = row.time_control;
    let seats_count = usize::from(variant.players());
    let mut view = TimeView {
        timeout_policy: policy,
        time_control: control,
        remaining_ms: (0..seats_count).map(|s| window_ms(control, row.clocks.of(s))).collect(),
        moves_to_control: (0..seats_count)
            .filter_map(|s| control::moves_to_control(control, row.clocks.of(s)))
            .collect(),
        ..TimeView::default()
    };
    let move_by = match game_deadline(row, seats, now) {
        Deadline::None => None,
        Deadline::Paused { left_ms } => {
            view.paused = true;
            view.time_left_ms = Some(left_ms);
            set_remaining(&mut view, row.turn, left_ms);
            None
        }
        Deadline::Running(move_by) => {
            view.time_left_ms = Some((move_by - now).max(0));
            set_remaining(&mut view, row.turn, (move_by - now).max(0));
            view.timeout_at = Some(server_timeout_at(policy, move_by, cap_ms));
            if move_by <= now {
                view.claimable = true;
                view.claimable_since = Some(move_by);
                view.claimable_by = claimers(variant, row.turn, eliminated);
            }
            Some(move_by)
        }
    };
    (view, move_by)
}

fn set_remaining(view: &mut TimeView, seat: Player, left_ms: i64) {
    if let Some(slot) = view.remaining_ms.get_mut(seat.index()) {
        *slot = left_ms;
    }
}

/// The UTC calendar year of an instant (epoch ms), for the yearly vacation allowance.
#[must_use]
pub fn utc_year(ms: i64) -> i64 {
    i64::from(crate::infra::clock::utc(ms).year())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years() {
        assert_eq!(utc_year(0), 1970);
        assert_eq!(utc_year(1_795_996_800_000), 2026); // 2026-11-30
        assert_eq!(utc_year(1_764_460_800_000), 2025); // 2025-11-30
        assert_eq!(utc_year(1_798_761_599_999), 2026); // 2026-12-31T23:59:59.999
        assert_eq!(utc_year(1_798_761_600_000), 2027); // 2027-01-01
        assert_eq!(utc_year(951_782_400_000), 2000); // 2000-02-29
        assert_eq!(utc_year(-1), 1969);
    }

    #[test]
    fn vacation_pauses_from_its_start_and_extends_by_its_length() {
        let day = DAY_MS;
        // Turn of 4 days from 0; vacation from day 1 to day 3.
        let v = Vacation {
            since: day,
            until: 3 * day,
        };
        assert_eq!(
            deadline(Some(4 * day), None, 4 * day, Some(v), 2 * day),
            Deadline::Paused { left_ms: 3 * day }
        );
        assert_eq!(
            deadline(Some(4 * day), None, 4 * day, Some(v), 5 * day),
            Deadline::Running(6 * day)
        );
        // A vacation begun before the turn pauses all of it.
        assert_eq!(
            deadline(
                Some(4 * day),
                None,
                4 * day,
                Some(Vacation {
                    since: -day,
                    until: 9 * day
                }),
                0
            ),
            Deadline::Paused { left_ms: 4 * day }
        );
        // Begun after the deadline: no effect.
        let late = Vacation {
            since: 5 * day,
            until: 9 * day,
        };
        assert_eq!(
            deadline(Some(4 * day), None, 4 * day, Some(late), 6 * day),
            Deadline::Running(4 * day)
        );
        assert_eq!(
            deadline(Some(4 * day), None, 4 * day, None, 0),
            Deadline::Running(4 * day)
        );
        assert_eq!(warn_at(4 * day, 4 * day), 4 * day - 4 * day / 5);
    }

    #[test]
    fn chatrang_claimers_are_the_other_team_still_playing() {
        let seats = |numbers: &[u8]| numbers.iter().copied().map(Player::new).collect::<Vec<_>>();
        assert_eq!(claimers(Variant::Chatrang, Player::new(0), &[]), seats(&[1, 3]));
        assert_eq!(claimers(Variant::Chatrang, Player::new(0), &seats(&[3])), seats(&[1]));
        assert_eq!(claimers(Variant::NotChess, Player::new(1), &[]), seats(&[0]));
    }
}
