//! Keyset paging of the long lists (open challenges, a player's ended games): the `limit`
//! and `before` parameters, the opaque cursor, and the API's `Link: <…>; rel="next"` header.
//!
//! A cursor names the last game of a page (its sort time and id), so the next page is an
//! index range read from there: it costs the same on page 1 and page 1,000, and a game that
//! starts or ends meanwhile neither repeats nor skips one.

use axum::http::HeaderValue;

use crate::storage::ListCursor;
use crate::web::error::ApiError;

/// Games per page when the client does not say.
pub const DEFAULT_LIMIT: i64 = 50;
/// The most games one page holds.
pub const MAX_LIMIT: i64 = 100;

/// The page size asked for, checked.
///
/// # Errors
/// 400 `bad_query` outside 1..=[`MAX_LIMIT`].
pub fn limit(asked: Option<i64>) -> Result<i64, ApiError> {
    match asked {
        None => Ok(DEFAULT_LIMIT),
        Some(n) if (1..=MAX_LIMIT).contains(&n) => Ok(n),
        Some(n) => Err(ApiError::bad_request(
            "bad_query",
            format!("limit must be between 1 and {MAX_LIMIT} (it was {n})"),
        )),
    }
}

/// Reads a `before` cursor as [`cursor_text`] wrote it.
///
/// # Errors
/// 400 `bad_query` for anything else.
pub fn parse_cursor(text: &str) -> Result<ListCursor, ApiError> {
    let bad = || ApiError::bad_request("bad_query", "before must be a cursor from a previous page's next link");
    let (at, id) = text.split_once('-').ok_or_else(bad)?;
    // At most 18 digits, as the document's pattern says: any such number fits an i64.
    if at.len() > 18 {
        return Err(bad());
    }
    let at: i64 = at.parse().map_err(|_| bad())?;
    let id_ok = !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric());
    if at < 0 || !id_ok {
        return Err(bad());
    }
    Ok(ListCursor { at, id: id.to_owned() })
}

/// The cursor as a query-parameter value (URL-safe as it stands).
#[must_use]
pub fn cursor_text(cursor: &ListCursor) -> String {
    format!("{}-{}", cursor.at, cursor.id)
}

/// Cuts `rows`, read with one more than `limit`, to `limit`, and says where the next page
/// starts when there is one.
pub fn next_page<T>(rows: &mut Vec<T>, limit: i64, key: impl Fn(&T) -> ListCursor) -> Option<ListCursor> {
    let limit = usize::try_from(limit).unwrap_or(0);
    if rows.len() <= limit {
        return None;
    }
    rows.truncate(limit);
    rows.last().map(key)
}

/// `Link: <path?query&before=…>; rel="next"` (a relative reference, resolved against the
/// request's URL).
#[must_use]
pub fn next_link(path: &str, query: &str, cursor: &ListCursor) -> Option<HeaderValue> {
    let separator = if query.is_empty() { "" } else { "&" };
    HeaderValue::from_str(&format!(
        "<{path}?{query}{separator}before={}>; rel=\"next\"",
        cursor_text(cursor)
    ))
    .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_what_was_written_and_nothing_else() {
        let cursor = ListCursor {
            at: 1_733_000_000_123,
            id: "aB3x".to_owned(),
        };
        assert_eq!(parse_cursor(&cursor_text(&cursor)).unwrap(), cursor);
        for bad in [
            "",
            "12",
            "-abc",
            "x-abc",
            "12-",
            "12-a b",
            "12-a-b",
            "-5-abc",
            &format!("1-{}", "a".repeat(33)),
        ] {
            assert!(parse_cursor(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_default_and_stay_in_range() {
        assert_eq!(limit(None).unwrap(), DEFAULT_LIMIT);
        assert_eq!(limit(Some(1)).unwrap(), 1);
        assert_eq!(limit(Some(MAX_LIMIT)).unwrap(), MAX_LIMIT);
        assert!(limit(Some(0)).is_err());
        assert!(limit(Some(MAX_LIMIT + 1)).is_err());
        assert!(limit(Some(-3)).is_err());
    }

    #[test]
    fn the_extra_row_becomes_the_next_cursor() {
        let key = |n: &i64| ListCursor {
            at: *n,
            id: format!("g{n}"),
        };
        let mut rows = vec![5, 4, 3];
        assert_eq!(next_page(&mut rows, 2, key).map(|c| c.at), Some(4));
        assert_eq!(rows, [5, 4]);
        let mut rows = vec![5, 4];
        assert_eq!(next_page(&mut rows, 2, key), None);
        assert_eq!(rows, [5, 4]);
    }
}
