//! The rule of each kind of time control: how long a seat's turn may run from its start
//! (its window), what a move costs the seat's bank, and what it earns (a Fischer increment,
//! a new ICCF period). Everything else (vacations, warnings, claims, the sweeper) works on
//! the deadline these give, the same for every kind.

use herald_rules::Player;

use crate::domain::time_controls::{HOUR_MS, SeatClock, SeatClocks, TimeControl};
use crate::infra::clock::DAY_MS;

/// ICCF charges the days of one reply single up to this many, then double (Playing Rules
/// 2.4.2: "the whole number of days reflection time used by the player, up to 20 days,
/// plus twice the whole number of days of reflection time used beyond 20 days").
pub const ICCF_SINGLE_DAYS: i64 = 20;

/// The days ICCF charges for a reply after `used_days` whole days of reflection.
#[must_use]
pub fn iccf_charge_days(used_days: i64) -> i64 {
    let used = used_days.max(0);
    used.min(ICCF_SINGLE_DAYS) + 2 * (used - ICCF_SINGLE_DAYS).max(0)
}

/// The fewest whole days of reflection whose charge exceeds a bank of `bank_days`: the
/// reply is late once that many days have passed since the turn began.
#[must_use]
pub fn iccf_flag_days(bank_days: i64) -> i64 {
    let bank = bank_days.max(0);
    if bank < ICCF_SINGLE_DAYS {
        bank + 1
    } else {
        (bank + ICCF_SINGLE_DAYS) / 2 + 1
    }
}

/// How long a turn of a seat with `clock` may run from its start before the seat's flag
/// falls: the days per move, the Fischer bank, or ICCF's whole days until the charge would
/// exceed the bank.
#[must_use]
pub fn window_ms(control: TimeControl, clock: SeatClock) -> i64 {
    match control {
        TimeControl::Days { days } => days.saturating_mul(DAY_MS),
        TimeControl::Fischer { .. } => clock.bank_ms.max(0),
        TimeControl::Iccf { .. } => iccf_flag_days(clock.bank_ms / DAY_MS).saturating_mul(DAY_MS),
    }
}

/// The window of `seat`'s turn with `clocks`.
#[must_use]
pub fn seat_window_ms(control: TimeControl, clocks: &SeatClocks, seat: Player) -> i64 {
    window_ms(control, clocks.of(seat.index()))
}

/// The deadline of `seat`'s turn starting at `now`.
#[must_use]
pub fn turn_deadline(control: TimeControl, clocks: &SeatClocks, seat: Player, now: i64) -> i64 {
    now.saturating_add(seat_window_ms(control, clocks, seat))
}

/// A seat's clock after a move that took `used_ms` of its turn: Fischer takes the time
/// used and adds the increment (never above the cap); ICCF charges whole days (double
/// beyond 20) and opens a new period of `days` after every `moves` moves, the time left
/// carried over. A move made after the flag fell (allowed until someone claims) leaves an
/// empty bank, never a negative one.
#[must_use]
pub fn after_move(control: TimeControl, clock: SeatClock, used_ms: i64) -> SeatClock {
    let used = used_ms.max(0);
    let moves = clock.moves + 1;
    let bank_ms = match control {
        TimeControl::Days { .. } => clock.bank_ms,
        TimeControl::Fischer {
            increment_hours,
            cap_days,
            ..
        } => ((clock.bank_ms - used).max(0) + increment_hours * HOUR_MS).min(cap_days * DAY_MS),
        TimeControl::Iccf {
            moves: period_moves,
            days,
        } => {
            let left_days = (clock.bank_ms / DAY_MS - iccf_charge_days(used / DAY_MS)).max(0);
            let period = if moves % period_moves.max(1) == 0 { days } else { 0 };
            (left_days + period) * DAY_MS
        }
    };
    SeatClock { bank_ms, moves }
}

/// Every seat's clocks after `seat` moved, having used `used_ms` of its turn; `None` under
/// days per move, which keeps no bank.
#[must_use]
pub fn charge(control: TimeControl, clocks: &SeatClocks, seat: Player, used_ms: i64) -> Option<SeatClocks> {
    if matches!(control, TimeControl::Days { .. }) {
        return None;
    }
    let index = seat.index();
    Some(clocks.with(index, after_move(control, clocks.of(index), used_ms)))
}

/// Moves `clock` still has to make before its ICCF time control (the end of its period);
/// `None` for the other kinds.
#[must_use]
pub fn moves_to_control(control: TimeControl, clock: SeatClock) -> Option<i64> {
    match control {
        TimeControl::Iccf { moves, .. } => Some(moves - clock.moves.rem_euclid(moves.max(1))),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: i64 = DAY_MS;
    const H: i64 = HOUR_MS;

    fn clock(bank_ms: i64, moves: i64) -> SeatClock {
        SeatClock { bank_ms, moves }
    }

    #[test]
    fn iccf_double_time_worked_example() {
        // ICCF Playing Rules 2.4.2: "a player who used at least 23 days of reflection time,
        // but not 24 days, will be charged 26 days against the player's clock".
        assert_eq!(iccf_charge_days(23), 26);
        assert_eq!(iccf_charge_days(20), 20);
        assert_eq!(iccf_charge_days(0), 0);
        // "A player will have 24 hours of reflection time to respond to a move before one
        // day of time is charged": 23 h 59 min costs nothing, 24 h one day.
        let iccf = TimeControl::Iccf { moves: 10, days: 50 };
        assert_eq!(after_move(iccf, clock(50 * D, 0), D - 60_000).bank_ms, 50 * D);
        assert_eq!(after_move(iccf, clock(50 * D, 0), D).bank_ms, 49 * D);
        // 23 days and a half on one move, from a 50-day bank: 50 - 26 = 24 days left.
        assert_eq!(after_move(iccf, clock(50 * D, 0), 23 * D + 12 * H).bank_ms, 24 * D);
    }

    #[test]
    fn iccf_flag_falls_when_the_charge_would_exceed_the_bank() {
        for bank in 0..80 {
            let flag = iccf_flag_days(bank);
            assert!(iccf_charge_days(flag) > bank, "bank {bank}");
            assert!(iccf_charge_days(flag - 1) <= bank, "bank {bank}");
        }
        let iccf = TimeControl::Iccf { moves: 10, days: 50 };
        // 50 days banked: 35 days cost 50 (20 + 2 * 15), 36 cost 52.
        assert_eq!(window_ms(iccf, clock(50 * D, 0)), 36 * D);
        // An empty bank still has its first day free.
        assert_eq!(window_ms(iccf, clock(0, 7)), D);
    }

    #[test]
    fn iccf_periods_carry_time_over() {
        // 10 moves in 50 days: each of the first ten moves takes 3 days (30 in all), so
        // the period ends with 20 days left, carried into the next: 70 days for moves
        // 11 to 20.
        let iccf = TimeControl::Iccf { moves: 10, days: 50 };
        let mut seat = iccf_clock(iccf);
        for n in 1..=10 {
            assert_eq!(moves_to_control(iccf, seat), Some(11 - n));
            seat = after_move(iccf, seat, 3 * D + 5 * H);
        }
        assert_eq!(seat, clock(70 * D, 10));
        assert_eq!(moves_to_control(iccf, seat), Some(10));
        // Move 11 uses 10 days: 60 left, no new period until move 20.
        seat = after_move(iccf, seat, 10 * D);
        assert_eq!(seat, clock(60 * D, 11));
    }

    fn iccf_clock(control: TimeControl) -> SeatClock {
        control.initial_clocks(2).of(0)
    }

    #[test]
    fn fischer_adds_the_increment_and_keeps_the_cap() {
        // The ICCF jubilee events' Fischer clock: 30 days plus 3 days every move.
        let fischer = TimeControl::Fischer {
            initial_days: 30,
            increment_hours: 72,
            cap_days: 90,
        };
        let start = fischer.initial_clocks(2).of(0);
        assert_eq!(window_ms(fischer, start), 30 * D);
        // "First 10 moves: 30 + 3 * 10 = 60": ten instant replies bank 60 days.
        let mut seat = start;
        for _ in 0..10 {
            seat = after_move(fischer, seat, 0);
        }
        assert_eq!(seat.bank_ms, 60 * D);
        // A move of 2 days 6 hours from 60 days: 57 d 18 h + 3 d.
        assert_eq!(
            after_move(fischer, seat, 2 * D + 6 * H).bank_ms,
            60 * D - 2 * D - 6 * H + 3 * D
        );
        // Never above the cap.
        assert_eq!(after_move(fischer, clock(89 * D, 40), 0).bank_ms, 90 * D);
        // A late move (nobody claimed) leaves only the increment.
        assert_eq!(after_move(fischer, clock(D, 3), 2 * D).bank_ms, 3 * D);
    }

    #[test]
    fn days_per_move_keeps_no_bank() {
        let days = TimeControl::Days { days: 3 };
        assert_eq!(window_ms(days, SeatClock::default()), 3 * D);
        assert_eq!(charge(days, &SeatClocks::default(), Player::new(0), D), None);
        assert_eq!(moves_to_control(days, SeatClock::default()), None);
        assert_eq!(
            turn_deadline(days, &SeatClocks::default(), Player::new(1), 10),
            10 + 3 * D
        );
    }
}
