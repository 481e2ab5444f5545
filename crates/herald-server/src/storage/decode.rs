//! Reading typed states out of rows: an unknown stored value is a decode error naming the
//! table, the row and the value, never a default.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::states::UnknownState;

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
