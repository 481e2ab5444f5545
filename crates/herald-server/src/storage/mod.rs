//! All SQL lives in this module: the pool and migrations here, one file per area
//! ([`users`]: accounts, tokens, sessions; [`games`]: games, seats, moves). One query set
//! serves SQLite and PostgreSQL through `sqlx::Any` (`$n` placeholders, BIGINT
//! epoch-millisecond times, TEXT ids); the schemas differ only in identity columns.

use std::path::Path;
use std::time::Duration;

use sqlx::AnyPool;
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::migrate::Migrator;

/// Migrations for SQLite.
pub static SQLITE_MIGRATOR: Migrator = sqlx::migrate!("../../migrations/sqlite");
/// Migrations for PostgreSQL.
pub static POSTGRES_MIGRATOR: Migrator = sqlx::migrate!("../../migrations/postgres");

/// Which database is behind the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend a database URL names, if supported.
    #[must_use]
    pub fn of_url(url: &str) -> Option<Backend> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else {
            None
        }
    }
}

/// The database: a pool and the backend it talks to.
#[derive(Debug, Clone)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    /// SQLite has one writer at a time; queueing game writes here instead of in SQLite's
    /// busy handler (which sleeps and retries) keeps latency tails short.
    sqlite_writer: std::sync::Arc<tokio::sync::Mutex<()>>,
    /// Woken after every commit that changes a game (see [`Db::commit_events`]).
    hub: std::sync::Arc<crate::infra::hub::Hub>,
    /// What the URL points at, for messages (never the password).
    target: String,
    /// The SQLite file, whose disk's free space decides readiness ([`Db::check_writable`]).
    sqlite_file: Option<std::path::PathBuf>,
    /// Who this instance recently marked as seen ([`Db::seen`]).
    presence: presence::Recent,
    /// This instance's copy of the site settings ([`Db::site_settings`]).
    site: std::sync::Arc<site::SiteCache>,
    /// This instance's copy of the bots' names ([`Db::bot_names`]).
    bot_names: std::sync::Arc<bots::BotNamesCache>,
}

/// Failure to open or migrate the database.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("unsupported database URL `{0}` (expected postgres://… or sqlite://…)")]
    UnsupportedUrl(String),
    #[error("cannot create the data directory {0}: {1}")]
    DataDir(String, std::io::Error),
    /// `target` names the SQLite file or PostgreSQL's host and port.
    #[error("cannot connect to {target}: {reason}")]
    Connect { target: String, reason: String },
    #[error("migrating {target} failed: {source}")]
    Migrate {
        target: String,
        source: sqlx::migrate::MigrateError,
    },
    #[error(
        "{target} cannot be written ({reason}): check the permissions of the file and its directory, and the free space"
    )]
    NotWritable { target: String, reason: String },
    #[error(transparent)]
    Lock(#[from] health::LockError),
}

mod account_data;
mod administration;
mod analyses;
mod blocks;
mod bots;
mod chat;
mod chat_notices;
mod conditionals;
mod decode;
mod dialect;
mod email_confirm;
mod email_outbox;
mod event_outbox;
mod events;
mod games;
mod health;
mod invitations;
mod maintenance;
mod notes;
mod notification_settings;
mod presence;
mod push;
mod queue;
mod ratings;
mod reports;
mod scores;
mod server_keys;
mod site;
mod tournament_notices;
mod tournaments;
mod user_settings;
mod users;
mod vacations;
mod variations;
mod warnings;
mod webhook_deliveries;
mod webhooks;

#[cfg(feature = "bench-support")]
mod bench_support;
#[cfg(feature = "bench-support")]
pub use bench_support::{ListPlan, Synthetic};

pub use administration::{Adjourn, AdminChange, AdminUserRow, AuditEntry, AuditRow, Moderation, deleted_name};
pub use analyses::{AnalysisRow, Claimed, Requested};
pub use bots::{BotFill, BotInvitation, BotRow, BotTurn, NO_PASSWORD};
pub use chat::{ChatLimit, ChatRow, NewChat};
pub use chat_notices::{ChatNoticeBatch, ChatNoticeRow, ChatReader};
pub use conditionals::{ConditionalRow, LinesWrite, RevealedLines};
pub use decode::{OutOfRange, SeatColumn, TeamColumn, seat_from, team_from};
pub use email_outbox::{EmailRow, NewEmail};
pub use event_outbox::{GameBrief, OutboxBatch};
pub(crate) use events::Appended;
pub use events::EventMark;
pub use events::insert_event;
pub use games::{
    ARCHIVE_COUNT_CAP, AdminEnd, AdminGameRow, ArchiveFilter, Caller, ClockRow, ClockUpdate, Commit, Committed,
    CreateRefused, End, Entry, Expect, Finish, FirstTurn, GameRow, GameSeats, GameUpdate, Joined, LinesGuard,
    ListCursor, NewGame, NextTurn, PlayedGame, RATED_ENDINGS, RatedEnd, RatingRange, RematchExists, RematchOf,
    ResultCount, SeatRow, Start, TakebackChange, TakebackRequest, TooManyInvitations, VariationsWrite,
};
pub use health::{InstanceLock, LockError, describe_target, is_transaction_conflict, is_unavailable, lock_instance};
pub use invitations::{InvitationRow, InviteRefused, InvitedSignup, NewInvitation};
pub use notes::{NoteRow, PublishedNote};
pub use notification_settings::{NotificationSettingsRow, SwitchRow};
pub use presence::PRESENCE_GRANULARITY_MS;
pub use push::{ClaimedPush, NewPush, PushDeliveryRow, PushRecipient, PushSubscriptionRow};
pub use queue::{QueueBatch, Queued};
pub use ratings::{HistoryPoint, RatingRow, ReadRating, SeatRating, rated_players, ratings_read_with};
pub use reports::ReportRow;
pub use tournament_notices::{NoticeBatch, NoticeRow};
pub use tournaments::{
    AddRefused, Advance, EventGameRow, EventPlayerRow, GameSetup, NewTournament, RoundGame, RoundPlan, TournamentRow,
};
pub use user_settings::{SessionUserRow, SettingsRow};
pub use users::{CredentialUser, PlayerRow, TokenRow, UserRow};
pub use vacations::{ResumePlan, TurnResume, TurnRow, VacationRow};
pub use variations::{PublishedVariation, UserVariations, VariationRow};
pub use warnings::WarningRow;
pub use webhook_deliveries::{ClaimedDelivery, DeliveryRow};
pub use webhooks::WebhookRow;

pub(crate) use dialect::placeholders;

pub(crate) fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.is_unique_violation())
}

/// Whether a pool's connections are opened and warmed ahead of use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Warmth {
    /// Opened when a query needs one; each statement prepared at its first use.
    OnDemand,
    /// All opened at once and kept, each warmed first ([`Db::open_serving`]).
    Warm,
}

impl Db {
    /// Holds the SQLite write queue (no-op on PostgreSQL) for the life of the guard.
    pub(crate) async fn write_turn(&self) -> Option<tokio::sync::MutexGuard<'_, ()>> {
        match self.backend {
            Backend::Sqlite => Some(self.sqlite_writer.lock().await),
            Backend::Postgres => None,
        }
    }

    /// Opens (creating a SQLite file if needed) and migrates the database.
    ///
    /// # Errors
    /// The URL is not supported, the database is unreachable, or a migration fails.
    pub async fn open(url: &str, max_connections: u32) -> Result<Db, OpenError> {
        let db = Db::connect(url, max_connections).await?;
        db.migrate().await?;
        // SQLite opens a file it may not write read-only without a word: every write
        // would fail later, behind a server that says it is ready.
        db.check_writable().await.map_err(|reason| OpenError::NotWritable {
            target: describe_target(url),
            reason,
        })?;
        Ok(db)
    }

    /// [`Db::open`] for a serving instance. On PostgreSQL the pool then keeps all its
    /// connections open, each warmed before its first use ([`games::warm`]): a pool that
    /// opened them on demand, and planned each statement five times on each, started
    /// every server under load with a fifth of a second of moves queued behind that (issue
    /// 32, item 11: in the `load` benchmark at 1,000 moves/s with Herald's default pool,
    /// a p99 of 11-14 ms over whole runs, 7.9-8.5 ms with the pool warmed). A connection
    /// replaced later (sqlx closes each after 30 minutes) is warmed too.
    ///
    /// # Errors
    /// As [`Db::open`].
    pub async fn open_serving(url: &str, max_connections: u32) -> Result<Db, OpenError> {
        if Backend::of_url(url) != Some(Backend::Postgres) {
            return Db::open(url, max_connections).await;
        }
        // Migrated first by a pool of its own, so that every connection of the serving
        // pool is warmed against the tables as they are.
        Db::open(url, 1).await?.pool.close().await;
        Db::connect_with(url, max_connections, Warmth::Warm).await
    }

    /// Opens the database (creating a SQLite file if needed) without migrating it, e.g. to
    /// back it up before an upgrade.
    ///
    /// # Errors
    /// The URL is not supported or the database is unreachable.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Db, OpenError> {
        Db::connect_with(url, max_connections, Warmth::OnDemand).await
    }

    async fn connect_with(url: &str, max_connections: u32, warmth: Warmth) -> Result<Db, OpenError> {
        install_default_drivers();
        let Some(backend) = Backend::of_url(url) else {
            return Err(OpenError::UnsupportedUrl(url.chars().take(60).collect()));
        };
        if backend == Backend::Sqlite
            && let Some(dir) = sqlite_parent_dir(url)
        {
            std::fs::create_dir_all(&dir).map_err(|e| OpenError::DataDir(dir.display().to_string(), e))?;
        }
        // No ping before each use (sqlx's default): it doubled the round trips of every
        // query. A connection broken meanwhile (a database restart) fails its next query with
        // an I/O error, answered 503 "try again", and the pool drops it.
        let warm = warmth == Warmth::Warm && backend == Backend::Postgres;
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections.max(1))
            .min_connections(if warm { max_connections.max(1) } else { 0 })
            .test_before_acquire(false)
            .acquire_timeout(Duration::from_secs(10))
            .after_release(|conn, _| Box::pin(health::reusable(conn)))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Postgres {
                        // Herald's working set (recent games, seats, users, ratings) is in
                        // memory or on SSD, where an index probe costs about a sequential
                        // page: at the default 4 the planner hashed all 10,000 users and
                        // 40,000 ratings to join a busy player's 382 seats (41 ms, 8 ms
                        // probing them by index).
                        sqlx::query("SET random_page_cost = 1.1").execute(&mut *conn).await?;
                    }
                    if warm && let Err(error) = games::warm(conn).await {
                        // A cold connection still serves: it is only slower at first.
                        tracing::warn!(error = %health::describe_error(&error), "could not warm a database connection");
                    }
                    Ok(())
                })
            })
            .connect(url)
            .await;
        let connect_error = |reason| OpenError::Connect {
            target: describe_target(url),
            reason,
        };
        let pool = match pool {
            Ok(pool) => pool,
            Err(error) => return Err(connect_error(health::connect_failure(url, error).await)),
        };
        if backend == Backend::Sqlite {
            // WAL is a property of the file: set once, it stays.
            sqlx::query("PRAGMA journal_mode = WAL")
                .execute(&pool)
                .await
                .map_err(|e| connect_error(health::describe_error(&e)))?;
        }
        Ok(Db {
            pool,
            backend,
            sqlite_writer: std::sync::Arc::default(),
            hub: std::sync::Arc::default(),
            sqlite_file: sqlite_file(url),
            target: describe_target(url),
            presence: presence::recent(),
            site: std::sync::Arc::default(),
            bot_names: std::sync::Arc::default(),
        })
    }

    /// The migrations for this database.
    #[must_use]
    pub fn migrator(&self) -> &'static Migrator {
        match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATOR,
            Backend::Postgres => &POSTGRES_MIGRATOR,
        }
    }

    /// Applies the migrations not yet applied.
    ///
    /// # Errors
    /// A migration fails, or the database has migrations this binary does not know.
    pub async fn migrate(&self) -> Result<(), OpenError> {
        let failed = |source| OpenError::Migrate {
            target: self.target.clone(),
            source,
        };
        self.migrator().run(&self.pool).await.map_err(failed)?;
        // The data half of migration 0011: points for games finished before it.
        let scored = self
            .score_unscored_games()
            .await
            .map_err(|e| failed(sqlx::migrate::MigrateError::Execute(e)))?;
        if scored > 0 {
            tracing::info!(games = scored, "scored the finished games recorded without points");
        }
        if scored >= 10_000 && self.backend == Backend::Postgres {
            // Every scored row left a dead version behind and cleared its page from the
            // visibility map: until autovacuum comes by, the archive's index-only reads
            // visit the table for every entry (at a million games, 45 ms pages instead of
            // 5 ms). Clean up now, once.
            sqlx::query("VACUUM (ANALYZE) games")
                .execute(&self.pool)
                .await
                .map_err(|e| failed(sqlx::migrate::MigrateError::Execute(e)))?;
        }
        Ok(())
    }

    #[must_use]
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The hub this database wakes after its commits.
    #[must_use]
    pub fn hub(&self) -> &std::sync::Arc<crate::infra::hub::Hub> {
        &self.hub
    }

    #[must_use]
    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    /// Closes the pool (waits for connections to be returned).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Checks that the database answers.
    ///
    /// # Errors
    /// The database is unreachable.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

/// The file a `sqlite://path` URL names (`None` for an in-memory database).
#[must_use]
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    if path.is_empty() || path == ":memory:" {
        return None;
    }
    Some(Path::new(path).to_path_buf())
}

/// The directory of a `sqlite://path` URL, if it names a file in a directory.
fn sqlite_parent_dir(url: &str) -> Option<std::path::PathBuf> {
    sqlite_file(url)?
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sqlite_dirs() {
        assert_eq!(
            sqlite_parent_dir("sqlite://data/herald.db?mode=rwc"),
            Some("data".into())
        );
        assert_eq!(sqlite_parent_dir("sqlite::memory:"), None);
        assert_eq!(sqlite_parent_dir("sqlite://herald.db"), None);
    }
}
