//! The database's health as the server needs it: which errors mean "unavailable, try
//! again" rather than a bug, whether the database can take a write, connections left in a
//! transaction the database has already ended, start-up errors that name what failed, and
//! the lock that keeps a second server off one SQLite file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use sqlx::Connection;

use super::{Backend, Db};

/// Whether `error` means the database cannot serve right now (unreachable, restarting,
/// out of space, read-only, locked), so the request may succeed later: answered 503 with
/// `Retry-After`, not 500.
#[must_use]
pub fn is_unavailable(error: &sqlx::Error) -> bool {
    match error {
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::WorkerCrashed => true,
        sqlx::Error::Database(db) => {
            db.code().is_some_and(|code| unavailable_code(&code))
                // PostgreSQL refusing connections to a database (`ALLOW_CONNECTIONS false`,
                // during maintenance) says so under a general-purpose code.
                || (db.code().as_deref() == Some("55000") && db.message().contains("not currently accepting connections"))
        }
        _ => false,
    }
}

/// Whether `error` is PostgreSQL giving up one of two transactions that conflict: a
/// deadlock (`40P01`) or a serialisation failure (`40001`). Nothing was written, and the
/// same request may pass when sent again: answered 503 with `Retry-After`, not 500.
#[must_use]
pub fn is_transaction_conflict(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if matches!(db.code().as_deref(), Some("40P01" | "40001")))
}

/// SQLSTATE classes and SQLite result codes of a database that cannot serve for now.
fn unavailable_code(code: &str) -> bool {
    // A PostgreSQL SQLSTATE is always five characters (and may be all digits: `08006`);
    // SQLite's extended result codes have at most four digits.
    if let (true, Ok(sqlite)) = (code.len() < 5, code.parse::<i32>()) {
        // The primary code is the low byte of SQLite's extended result code.
        return matches!(
            sqlite & 0xff,
            // BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, PROTOCOL
            5 | 6 | 7 | 8 | 10 | 13 | 14 | 15
        );
    }
    // PostgreSQL: connection exceptions (08), insufficient resources (53: disk full, out
    // of memory, too many connections), operator intervention (57P01 terminated by an
    // administrator, 57P02 crash shutdown, 57P03 cannot connect now, 57014 excepted: a
    // cancelled statement), system errors (58), and a read-only transaction on a standby
    // (25006).
    code.starts_with("08")
        || code.starts_with("53")
        || code.starts_with("58")
        || matches!(code, "57P01" | "57P02" | "57P03" | "57P04" | "25006")
}

/// Whether a connection going back to the pool may be used again. A transaction the
/// database ended by itself (SQLite rolls back on some errors, e.g. a full disk) leaves
/// sqlx counting one open transaction: its rollback then fails, and the connection's next
/// BEGIN and COMMIT would become a SAVEPOINT and RELEASE inside a transaction that never
/// commits (moves acknowledged but never stored, the write lock held for ever). Such a
/// connection is closed instead.
pub(super) async fn reusable(conn: &mut sqlx::AnyConnection) -> Result<bool, sqlx::Error> {
    if !conn.is_in_transaction() {
        return Ok(true);
    }
    // A dropped transaction's rollback is queued on the connection: wait for it, then look.
    conn.ping().await?;
    if conn.is_in_transaction() {
        tracing::warn!("closing a database connection left inside a failed transaction");
        return Ok(false);
    }
    Ok(true)
}

/// The free space a SQLite database's disk must have for Herald to say it is ready: room
/// for the write-ahead log to grow by a few hundred moves and for a checkpoint to grow the
/// file.
pub const MIN_FREE_BYTES: u64 = 8 << 20;

/// Refuses when the disk holding `file` has less than [`MIN_FREE_BYTES`] free for an
/// unprivileged writer.
fn free_space(file: &Path) -> Result<(), String> {
    let dir = match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let stats =
        rustix::fs::statvfs(dir).map_err(|e| format!("cannot read the free space of {}: {e}", dir.display()))?;
    let free = stats.f_bavail.saturating_mul(stats.f_frsize);
    if free < MIN_FREE_BYTES {
        return Err(format!(
            "the disk holding {} has {} KiB free, less than the {} MiB a write may need",
            file.display(),
            free / 1024,
            MIN_FREE_BYTES >> 20
        ));
    }
    Ok(())
}

impl Db {
    /// Checks that the database takes writes, as a move would: a row of `write_probe` is
    /// written and committed (a read-only file, a standby or a journal that cannot be
    /// written fails it). On SQLite a new table is also filled with more pages than the file
    /// has free, in a transaction that is rolled back: a file that cannot grow refuses.
    ///
    /// # Errors
    /// Why the database cannot take a write: unreachable, read-only or full.
    pub async fn check_writable(&self) -> Result<(), String> {
        let _turn = self.write_turn().await;
        let probe = async {
            if self.backend == Backend::Sqlite {
                let mut tx = self.pool.begin().await?;
                sqlx::query("CREATE TABLE herald_write_probe (x BLOB)")
                    .execute(&mut *tx)
                    .await?;
                // More pages than the file has free, so that only a file that can grow
                // takes them (a free page or two would pass a write that needs more).
                let free: i64 = sqlx::query_scalar("PRAGMA freelist_count").fetch_one(&mut *tx).await?;
                let page: i64 = sqlx::query_scalar("PRAGMA page_size").fetch_one(&mut *tx).await?;
                sqlx::query("INSERT INTO herald_write_probe (x) VALUES (zeroblob($1))")
                    .bind((free + 2) * page)
                    .execute(&mut *tx)
                    .await?;
                tx.rollback().await?;
            }
            sqlx::query(
                "INSERT INTO write_probe (id, probes) VALUES (1, 1) \
                 ON CONFLICT (id) DO UPDATE SET probes = write_probe.probes + 1",
            )
            .execute(&self.pool)
            .await
            .map(drop)
        };
        probe.await.map_err(|e| describe_error(&e))
    }

    /// Whether to take traffic (`/readyz`): [`Db::check_writable`], and on SQLite the disk
    /// holding the file has [`MIN_FREE_BYTES`] free. A committed write alone cannot see a
    /// full disk: SQLite rewrites its write-ahead log in place, so small commits pass while
    /// a move that needs the log or the file to grow fails.
    ///
    /// # Errors
    /// Why the database cannot take a write.
    pub async fn check_ready(&self) -> Result<(), String> {
        if let Some(file) = &self.sqlite_file {
            free_space(file)?;
        }
        self.check_writable().await
    }
}

/// What a database URL points at, for messages: the SQLite file, or PostgreSQL's host and
/// port (never the password).
#[must_use]
pub fn describe_target(url: &str) -> String {
    match Backend::of_url(url) {
        Some(Backend::Sqlite) => match super::sqlite_file(url) {
            Some(path) => format!("the SQLite database {}", path.display()),
            None => "the in-memory SQLite database".to_owned(),
        },
        Some(Backend::Postgres) => match url::Url::parse(url) {
            Ok(parsed) => {
                let host = parsed.host_str().filter(|h| !h.is_empty()).map_or_else(
                    || {
                        // No host in the URL: libpq's `host=` query parameter or a socket.
                        parsed
                            .query_pairs()
                            .find(|(k, _)| k == "host")
                            .map_or_else(|| "localhost".to_owned(), |(_, v)| v.into_owned())
                    },
                    str::to_owned,
                );
                let port = parsed.port().unwrap_or(5432);
                let name = parsed.path().trim_start_matches('/');
                if name.is_empty() {
                    format!("PostgreSQL at {host}:{port}")
                } else {
                    format!("PostgreSQL database {name} at {host}:{port}")
                }
            }
            Err(_) => "PostgreSQL".to_owned(),
        },
        None => "the database".to_owned(),
    }
}

/// The reason in an error, without sqlx's generic prefixes: "connection refused (os error
/// 111)", "unable to open database file".
#[must_use]
pub fn describe_error(error: &sqlx::Error) -> String {
    let text = match error {
        sqlx::Error::Io(io) => io.to_string(),
        sqlx::Error::Database(db) => db.message().to_owned(),
        sqlx::Error::PoolTimedOut => "no connection within the time allowed".to_owned(),
        other => other.to_string(),
    };
    lower_first(&text)
}

fn lower_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if !chars.clone().next().is_some_and(char::is_uppercase) => {
            first.to_lowercase().chain(chars).collect()
        }
        _ => text.to_owned(),
    }
}

/// Why the pool could not connect: the pool retries refused connections until its
/// timeout and then says only "pool timed out", so one direct attempt tells the real cause.
pub(super) async fn connect_failure(url: &str, error: sqlx::Error) -> String {
    if !matches!(error, sqlx::Error::PoolTimedOut) {
        return describe_error(&error);
    }
    match tokio::time::timeout(Duration::from_secs(5), sqlx::AnyConnection::connect(url)).await {
        Ok(Err(direct)) => describe_error(&direct),
        Ok(Ok(conn)) => {
            let _ = conn.close().await;
            "no connection within the time allowed (the server answers now)".to_owned()
        }
        Err(_) => "no answer within the time allowed".to_owned(),
    }
}

/// The lock file that marks a SQLite database as served: `<file>.lock` next to it.
#[must_use]
pub fn lock_path(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Failure to take the SQLite file for this server.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    #[error(
        "another Herald server is using the SQLite database {0} (its lock {1} is held); \
         SQLite serves one instance: stop the other one, or use PostgreSQL for several"
    )]
    Held(String, String),
    #[error("cannot create the lock file {0}: {1}")]
    Io(String, std::io::Error),
}

/// Holds the lock on a SQLite database's lock file for as long as it lives (the operating
/// system releases it when the process ends, however it ends).
#[derive(Debug)]
pub struct InstanceLock {
    _file: std::fs::File,
}

/// Takes the lock that keeps a second `herald serve` off the same SQLite file (its write
/// queue is in-process, and two servers would both run the deadline sweeper and the
/// notification workers). `None` for PostgreSQL and in-memory databases.
///
/// # Errors
/// Another process holds the lock, or the lock file cannot be created.
pub fn lock_instance(url: &str) -> Result<Option<InstanceLock>, LockError> {
    if Backend::of_url(url) != Some(Backend::Sqlite) {
        return Ok(None);
    }
    let Some(database) = super::sqlite_file(url) else {
        return Ok(None);
    };
    // A first start on a fresh machine: the data directory does not exist yet, and the lock
    // is taken before the database is opened (which would create it).
    if let Some(dir) = database.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| LockError::Io(dir.display().to_string(), e))?;
    }
    let path = lock_path(&database);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| LockError::Io(path.display().to_string(), e))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(InstanceLock { _file: file })),
        Err(std::fs::TryLockError::WouldBlock) => Err(LockError::Held(
            database.display().to_string(),
            path.display().to_string(),
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(LockError::Io(path.display().to_string(), e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_a_database_that_cannot_serve_now() {
        for code in [
            "13", "5", "517", "8", "1032", "10", "3338", "14", "57P01", "57P03", "08006", "53100",
        ] {
            assert!(unavailable_code(code), "{code}");
        }
        for code in ["1", "19", "2067", "1555", "23505", "42P01", "40001", "57014", "22P02"] {
            assert!(!unavailable_code(code), "{code}");
        }
    }

    #[test]
    fn targets_name_the_file_or_the_host_never_the_password() {
        assert_eq!(
            describe_target("sqlite://data/herald.db?mode=rwc"),
            "the SQLite database data/herald.db"
        );
        let pg = describe_target("postgres://herald:s3cret@127.0.0.1:5433/herald");
        assert_eq!(pg, "PostgreSQL database herald at 127.0.0.1:5433");
        assert!(!pg.contains("s3cret"));
        assert_eq!(
            describe_target("postgres:///herald?host=/run/postgresql"),
            "PostgreSQL database herald at /run/postgresql:5432"
        );
    }

    #[test]
    fn errors_read_as_reasons() {
        let refused = sqlx::Error::Io(std::io::Error::from(std::io::ErrorKind::ConnectionRefused));
        assert_eq!(describe_error(&refused), "connection refused");
        assert_eq!(lower_first("Unable to open"), "unable to open");
        assert_eq!(lower_first("IO error"), "IO error");
    }

    #[test]
    fn a_second_server_on_one_sqlite_file_is_refused() {
        let path = std::env::temp_dir().join(format!("herald-lock-{}.db", std::process::id()));
        let url = format!("sqlite://{}?mode=rwc", path.display());
        let first = lock_instance(&url).unwrap();
        assert!(first.is_some());
        let second = lock_instance(&url).unwrap_err();
        assert!(matches!(second, LockError::Held(..)), "{second}");
        assert!(second.to_string().contains(&path.display().to_string()), "{second}");
        drop(first);
        assert!(lock_instance(&url).unwrap().is_some(), "released with its holder");
        let _ = std::fs::remove_file(lock_path(&path));
        assert!(lock_instance("postgres://h/db").unwrap().is_none());
    }

    #[test]
    fn the_lock_creates_a_missing_data_directory() {
        let dir = std::env::temp_dir().join(format!("herald-lockdir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let url = format!("sqlite://{}/nested/herald.db?mode=rwc", dir.display());
        let lock = lock_instance(&url).unwrap();
        assert!(lock.is_some());
        assert!(dir.join("nested/herald.db.lock").exists());
        drop(lock);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
