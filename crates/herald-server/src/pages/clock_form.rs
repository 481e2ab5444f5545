//! The clock fields every form that starts games shares (a challenge, a tournament): the
//! kind of time control and each kind's fields, read into the service's [`Clock`].

use serde::Deserialize;

use crate::api::games::service::{Clock, DEFAULT_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE};
use crate::domain::time_controls::{
    MAX_BANK_DAYS, MAX_INCREMENT_HOURS, MAX_PERIOD_DAYS, MAX_PERIOD_MOVES, TimeControl,
};
use crate::infra::i18n::Lang;
use crate::web::error::ApiError;

/// The fields as typed (strings, so a bad value is shown again with the error).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct ClockFields {
    /// `days` (the default), `fischer` or `iccf`.
    pub clock_kind: String,
    pub days_per_move: String,
    pub fischer_initial_days: String,
    pub fischer_increment_hours: String,
    pub fischer_cap_days: String,
    pub iccf_moves: String,
    pub iccf_days: String,
}

/// What the form shows: the fields as typed, or each kind's suggestion, and the limits.
#[derive(Debug, Clone)]
pub struct ClockForm {
    pub kind: String,
    pub days_per_move: String,
    pub fischer_initial_days: String,
    pub fischer_increment_hours: String,
    pub fischer_cap_days: String,
    pub iccf_moves: String,
    pub iccf_days: String,
    pub max_days: i64,
    pub max_bank_days: i64,
    pub max_increment_hours: i64,
    pub max_period_moves: i64,
    pub max_period_days: i64,
}

fn or(typed: &str, suggestion: i64) -> String {
    if typed.trim().is_empty() {
        suggestion.to_string()
    } else {
        typed.trim().to_owned()
    }
}

impl ClockFields {
    /// The form to show, with suggestions where nothing was typed: 4 days per move, 7 days
    /// plus a day a move up to 14 (Fischer), ICCF's own 10 moves in 50 days.
    #[must_use]
    pub fn form(&self) -> ClockForm {
        ClockForm {
            kind: match self.clock_kind.trim() {
                "fischer" => "fischer",
                "iccf" => "iccf",
                _ => "days",
            }
            .to_owned(),
            days_per_move: or(&self.days_per_move, DEFAULT_DAYS_PER_MOVE),
            fischer_initial_days: or(&self.fischer_initial_days, 7),
            fischer_increment_hours: or(&self.fischer_increment_hours, 24),
            fischer_cap_days: or(&self.fischer_cap_days, 14),
            iccf_moves: or(&self.iccf_moves, 10),
            iccf_days: or(&self.iccf_days, 50),
            max_days: MAX_DAYS_PER_MOVE,
            max_bank_days: MAX_BANK_DAYS,
            max_increment_hours: MAX_INCREMENT_HOURS,
            max_period_moves: MAX_PERIOD_MOVES,
            max_period_days: MAX_PERIOD_DAYS,
        }
    }

    /// The clock the form asks for (the service checks its limits).
    ///
    /// # Errors
    /// 400 `invalid_time_control` (or `invalid_days_per_move`) when a field the chosen
    /// kind needs is not a whole number.
    pub fn clock(&self, lang: &Lang) -> Result<Clock, ApiError> {
        let form = self.form();
        let refused = || ApiError::bad_request("invalid_time_control", lang.text("clock-error-whole-number"));
        let whole = |text: &str| -> Result<i64, ApiError> { text.parse::<i64>().map_err(|_| refused()) };
        let control = match form.kind.as_str() {
            "fischer" => TimeControl::Fischer {
                initial_days: whole(&form.fischer_initial_days)?,
                increment_hours: whole(&form.fischer_increment_hours)?,
                cap_days: whole(&form.fischer_cap_days)?,
            },
            "iccf" => TimeControl::Iccf {
                moves: whole(&form.iccf_moves)?,
                days: whole(&form.iccf_days)?,
            },
            _ => TimeControl::Days {
                days: form.days_per_move.parse::<i64>().map_err(|_| {
                    ApiError::bad_request("invalid_days_per_move", lang.text("clock-error-whole-number"))
                })?,
            },
        };
        Ok(Clock {
            days_per_move: None,
            time_control: Some(control),
        })
    }
}
