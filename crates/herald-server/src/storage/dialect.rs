//! The SQL that differs between SQLite and PostgreSQL, in one place. Both run the same
//! statements through `sqlx::Any` (`$n` placeholders); only row locks differ: PostgreSQL
//! takes them, SQLite needs none (one writer at a time, queued by `Db::write_turn`).

use super::Backend;

impl Backend {
    /// ` FOR UPDATE` (PostgreSQL): the rows read stay locked until the transaction ends.
    #[must_use]
    pub(crate) fn for_update(self) -> &'static str {
        self.locking(" FOR UPDATE")
    }

    /// ` FOR NO KEY UPDATE` (PostgreSQL): serialises writers of the row like `FOR UPDATE`,
    /// but lets other transactions check foreign keys to it (`FOR KEY SHARE`). Locking a
    /// user's row for update would make two users inviting each other at once deadlock:
    /// each seat row's foreign key waits for the other's lock.
    #[must_use]
    pub(crate) fn for_no_key_update(self) -> &'static str {
        self.locking(" FOR NO KEY UPDATE")
    }

    /// ` FOR UPDATE OF g` (PostgreSQL): locks only the `games g` rows of a join.
    #[must_use]
    pub(crate) fn for_update_of_games(self) -> &'static str {
        self.locking(" FOR UPDATE OF g")
    }

    /// ` FOR UPDATE SKIP LOCKED` (PostgreSQL): takes only rows nobody else is taking, so
    /// several workers share one queue without waiting on each other.
    #[must_use]
    pub(crate) fn skip_locked(self) -> &'static str {
        self.locking(" FOR UPDATE SKIP LOCKED")
    }

    /// `clause` (a row lock) on PostgreSQL, nothing on SQLite.
    #[must_use]
    pub(crate) fn locking(self, clause: &'static str) -> &'static str {
        match self {
            Backend::Postgres => clause,
            Backend::Sqlite => "",
        }
    }
}

/// `$1, $2, … $n`: the placeholders of an `IN (…)` list of `n` values (`sqlx::Any` binds no
/// arrays).
pub(crate) fn placeholders(n: usize) -> String {
    placeholders_from(1, n)
}

/// `$from, $from+1, …`: `count` placeholders, for a list bound after other parameters.
pub(crate) fn placeholders_from(from: usize, count: usize) -> String {
    (from..from + count)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locks_only_on_postgres() {
        assert_eq!(Backend::Sqlite.skip_locked(), "");
        assert_eq!(Backend::Postgres.skip_locked(), " FOR UPDATE SKIP LOCKED");
        assert_eq!(Backend::Postgres.for_update_of_games(), " FOR UPDATE OF g");
        assert_eq!(placeholders(3), "$1, $2, $3");
    }
}
