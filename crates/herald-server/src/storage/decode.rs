//! Reading typed states out of rows: an unknown stored value is a decode error naming the
//! table, the row and the value, never a default. Seats and teams are integer columns; the
//! one conversion between them and the rules crate's [`Player`] and [`Team`] is here.

use herald_rules::{Player, Team, Variant};
use sqlx::any::{AnyRow, AnyTypeInfo};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Any, Database, Decode, Encode, Row, Type};

use crate::domain::game_states::UnknownState;
use crate::domain::time_controls::{SeatClocks, TimeControl};

/// A stored seat or team number past every game's table.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} {value} is out of range (0 to {last})")]
pub struct OutOfRange {
    pub what: &'static str,
    pub value: i64,
    pub last: u8,
}

/// The most seats and teams any game has: a stored number must index them.
fn bounds() -> (u8, u8) {
    Variant::ALL.iter().fold((0, 0), |(seats, teams), v| {
        let spec = v.spec();
        let team_count = u8::try_from(spec.teams.len()).unwrap_or(u8::MAX);
        (seats.max(spec.players()), teams.max(team_count))
    })
}

/// A seat number read from a column, or why it is no seat of any game.
///
/// # Errors
/// Negative, or past the largest table.
pub fn seat_from(value: i64) -> Result<Player, OutOfRange> {
    let count = bounds().0;
    u8::try_from(value)
        .ok()
        .filter(|&s| s < count)
        .map(Player::new)
        .ok_or(OutOfRange {
            what: "seat",
            value,
            last: count.saturating_sub(1),
        })
}

/// A team number read from a column, or why it is no team of any game.
///
/// # Errors
/// Negative, or past the number of teams.
pub fn team_from(value: i64) -> Result<Team, OutOfRange> {
    let count = bounds().1;
    u8::try_from(value)
        .ok()
        .filter(|&t| t < count)
        .map(Team::new)
        .ok_or(OutOfRange {
            what: "team",
            value,
            last: count.saturating_sub(1),
        })
}

/// A seat as its integer column holds it: bound in queries, and decoded with the range
/// check (`#[sqlx(try_from = "SeatColumn")]` on a derived row's [`Player`] field).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeatColumn(pub Player);

/// A team as its integer column holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamColumn(pub Team);

impl From<SeatColumn> for Player {
    fn from(column: SeatColumn) -> Player {
        column.0
    }
}

impl From<TeamColumn> for Team {
    fn from(column: TeamColumn) -> Team {
        column.0
    }
}

macro_rules! integer_column {
    ($column:ident, $from:ident) => {
        impl Type<Any> for $column {
            fn type_info() -> AnyTypeInfo {
                <i64 as Type<Any>>::type_info()
            }

            fn compatible(ty: &AnyTypeInfo) -> bool {
                <i64 as Type<Any>>::compatible(ty)
            }
        }

        impl<'q> Encode<'q, Any> for $column {
            fn encode_by_ref(&self, buf: &mut <Any as Database>::ArgumentBuffer<'q>) -> Result<IsNull, BoxDynError> {
                <i64 as Encode<'q, Any>>::encode_by_ref(&i64::from(self.0.get()), buf)
            }
        }

        impl<'r> Decode<'r, Any> for $column {
            fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<$column, BoxDynError> {
                let number = <i64 as Decode<'r, Any>>::decode(value)?;
                Ok($column($from(number)?))
            }
        }
    };
}

integer_column!(SeatColumn, seat_from);
integer_column!(TeamColumn, team_from);

/// The seat in `column` (an out-of-range number is a decode error naming the column).
pub(crate) fn seat(row: &AnyRow, column: &str) -> Result<Player, sqlx::Error> {
    row.try_get::<SeatColumn, _>(column).map(Player::from)
}

/// The team in a nullable `column`.
pub(crate) fn team_opt(row: &AnyRow, column: &str) -> Result<Option<Team>, sqlx::Error> {
    Ok(row.try_get::<Option<TeamColumn>, _>(column)?.map(Team::from))
}

/// Reads a typed column of the row whose id is `id`: an unknown value is a decode error
/// naming the table, the row and the value (logged by the caller), never a default.
pub(crate) fn typed<T>(row: &AnyRow, table: &str, id: &str, column: &str) -> Result<T, sqlx::Error>
where
    T: TryFrom<String, Error = UnknownState>,
{
    let text: String = row.try_get(column)?;
    T::try_from(text).map_err(|e| unknown(table, id, column, &e))
}

/// [`typed`] for a nullable column.
pub(crate) fn typed_opt<T>(row: &AnyRow, table: &str, id: &str, column: &str) -> Result<Option<T>, sqlx::Error>
where
    T: TryFrom<String, Error = UnknownState>,
{
    let text: Option<String> = row.try_get(column)?;
    text.map(T::try_from)
        .transpose()
        .map_err(|e| unknown(table, id, column, &e))
}

pub(crate) fn unknown(table: &str, id: &str, column: &str, error: &UnknownState) -> sqlx::Error {
    sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("{table} row {id}: {error}").into(),
    }
}

/// A row's time control: its `time_control` column, a `NULL` one being days per move with
/// the row's `days_per_move`.
pub(crate) fn time_control(row: &AnyRow, table: &str, id: &str) -> Result<TimeControl, sqlx::Error> {
    let column: Option<String> = row.try_get("time_control")?;
    TimeControl::from_column(column.as_deref(), row.try_get("days_per_move")?)
        .map_err(|e| defect(table, id, "time_control", &e))
}

/// A game row's seat clocks (`clocks`).
pub(crate) fn seat_clocks(row: &AnyRow, table: &str, id: &str) -> Result<SeatClocks, sqlx::Error> {
    let column: Option<String> = row.try_get("clocks")?;
    SeatClocks::from_column(column.as_deref()).map_err(|e| defect(table, id, "clocks", &e))
}

fn defect(table: &str, id: &str, column: &str, error: &str) -> sqlx::Error {
    sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: format!("{table} row {id}: {error}").into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_past_every_table_are_refused_not_clamped() {
        for seat in 0..4 {
            assert_eq!(seat_from(seat).map(Player::get), Ok(u8::try_from(seat).unwrap()));
        }
        for bad in [4, 255, 256, -1, i64::MIN, i64::MAX] {
            let error = seat_from(bad).unwrap_err();
            assert_eq!(error.value, bad);
            assert_eq!(error.to_string(), format!("seat {bad} is out of range (0 to 3)"));
        }
        assert_eq!(team_from(0), Ok(Team::FIRST));
        assert_eq!(team_from(1), Ok(Team::SECOND));
        for bad in [2, -1, 256] {
            assert_eq!(
                team_from(bad).unwrap_err().to_string(),
                format!("team {bad} is out of range (0 to 1)")
            );
        }
    }
}
