//! The operator's commands: `herald migrate`, `herald admin …` and `herald backup`. Each
//! opens the database named by the same settings as `herald serve`, does one thing, and
//! exits 0, or 1 with one line on stderr.

use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use herald_server::api::bots::BotChanges;
use herald_server::domain::bots::BotRated;
use herald_server::infra::clock::{Clock, SystemClock};
use herald_server::infra::config::DatabaseArgs;
use herald_server::operator::{self, AdminError};
use herald_server::storage::{Backend, Db, OpenError};

/// What `herald admin` can do.
#[derive(Debug, clap::Subcommand)]
pub enum AdminCommand {
    /// Create an account. The password is read from standard input (prompted for on a terminal).
    CreateUser {
        username: String,
        /// Make the new user an administrator.
        #[arg(long)]
        admin: bool,
    },
    /// Make a user an administrator (or, with --revoke, no longer one).
    MakeAdmin {
        username: String,
        #[arg(long)]
        revoke: bool,
    },
    /// Set a new password (read like create-user's) and end the user's sessions.
    ResetPassword { username: String },
    /// List games, most recently changed first.
    ListGames {
        /// Only games with this status: waiting, active, finished or aborted.
        #[arg(long)]
        status: Option<String>,
        /// At most this many games.
        #[arg(long, default_value_t = 50)]
        limit: i64,
    },
    /// End a waiting or active game: it is aborted with reason `admin` and no result.
    EndGame { id: String },
    /// Create a bot: an account the server plays with its engine (it never logs in).
    CreateBot {
        username: String,
        #[command(flatten)]
        settings: BotFlags,
    },
    /// Change a bot's settings; what is not given stays as it is.
    SetBot {
        username: String,
        #[command(flatten)]
        settings: BotFlags,
    },
    /// List the bots with their settings.
    ListBots,
}

/// A bot's settings on the command line.
#[derive(Debug, Clone, clap::Args)]
pub struct BotFlags {
    /// The engine's level, 1 (weakest) to 8.
    #[arg(long)]
    level: Option<u8>,
    /// One line shown on /bots.
    #[arg(long)]
    description: Option<String>,
    /// The games it takes, comma-separated ids (e.g. `nowan,chatrang`); empty: every game.
    #[arg(long, value_delimiter = ',', num_args = 0..)]
    games: Option<Vec<String>>,
    /// The fewest days per move it accepts.
    #[arg(long)]
    min_days: Option<i64>,
    /// The most days per move it accepts.
    #[arg(long)]
    max_days: Option<i64>,
    /// `casual`, `rated` or `both`.
    #[arg(long)]
    rated: Option<String>,
    /// Games waiting or in progress at once.
    #[arg(long)]
    max_games: Option<i64>,
    /// Take open challenges nobody took after this many minutes.
    #[arg(long, conflicts_with = "no_open_challenges")]
    open_after_minutes: Option<i64>,
    /// Never take open challenges.
    #[arg(long)]
    no_open_challenges: bool,
    /// Take no new games (it finishes those it plays).
    #[arg(long, conflicts_with = "resume")]
    pause: bool,
    /// Take new games again.
    #[arg(long)]
    resume: bool,
}

impl BotFlags {
    fn changes(self) -> Result<BotChanges, Failed> {
        let rated = self
            .rated
            .map(|r| {
                r.parse::<BotRated>()
                    .map_err(|e| Failed(format!("--rated: {e} (casual, rated or both)")))
            })
            .transpose()?;
        Ok(BotChanges {
            level: self.level,
            description: self.description,
            games: self
                .games
                .map(|g| g.into_iter().filter(|id| !id.trim().is_empty()).collect()),
            min_days: self.min_days,
            max_days: self.max_days,
            rated,
            paused: (self.pause || self.resume).then_some(self.pause),
            max_games: self.max_games,
            takes_open_challenges: if self.no_open_challenges {
                Some(false)
            } else {
                self.open_after_minutes.map(|_| true)
            },
            open_after_minutes: self.open_after_minutes,
        })
    }
}

/// A failure: one line on stderr, exit status 1.
struct Failed(String);

impl From<AdminError> for Failed {
    fn from(error: AdminError) -> Failed {
        Failed(error.to_string())
    }
}

impl From<OpenError> for Failed {
    fn from(error: OpenError) -> Failed {
        Failed(error.to_string())
    }
}

fn finish(result: Result<(), Failed>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failed(message)) => {
            let _ = writeln!(std::io::stderr(), "herald: {}", message.replace('\n', " "));
            ExitCode::FAILURE
        }
    }
}

fn block_on<F: Future<Output = Result<(), Failed>>>(future: F) -> ExitCode {
    match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => finish(runtime.block_on(future)),
        Err(error) => finish(Err(Failed(format!("cannot start the runtime: {error}")))),
    }
}

fn say(line: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// `herald migrate`: applies pending migrations and says which.
pub fn migrate(args: &DatabaseArgs) -> ExitCode {
    block_on(async {
        let db = Db::connect(&args.effective_database_url(), 1).await?;
        let before = db.applied_migrations().await.map_err(|e| Failed(e.to_string()))?;
        db.migrate().await?;
        let after = db.applied_migrations().await.map_err(|e| Failed(e.to_string()))?;
        for migration in db.migrator().iter() {
            if after.contains(&migration.version) && !before.contains(&migration.version) {
                say(&format!("applied {:04} {}", migration.version, migration.description));
            }
        }
        say(&format!("database is up to date ({} migrations applied)", after.len()));
        db.close().await;
        Ok(())
    })
}

/// Reads a password: prompted for twice on a terminal, else the first line of standard input.
fn read_password(username: &str) -> Result<String, Failed> {
    if std::io::stdin().is_terminal() {
        let first = rpassword::prompt_password(format!("Password for {username}: "))
            .map_err(|e| Failed(format!("cannot read the password: {e}")))?;
        let again =
            rpassword::prompt_password("Again: ").map_err(|e| Failed(format!("cannot read the password: {e}")))?;
        if first != again {
            return Err(Failed("the passwords differ".to_owned()));
        }
        return Ok(first);
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut line)
        .map_err(|e| Failed(format!("cannot read the password from standard input: {e}")))?;
    let password = line.trim_end_matches(['\n', '\r']).to_owned();
    if password.is_empty() {
        return Err(Failed("no password on standard input".to_owned()));
    }
    Ok(password)
}

/// `herald admin …`.
pub fn admin(args: &DatabaseArgs, command: AdminCommand) -> ExitCode {
    // Read the password before opening the database, so a prompt is not kept waiting on it.
    let password = match &command {
        AdminCommand::CreateUser { username, .. } | AdminCommand::ResetPassword { username } => {
            match read_password(username) {
                Ok(p) => Some(p),
                Err(failed) => return finish(Err(failed)),
            }
        }
        _ => None,
    };
    block_on(async move {
        let db = Db::open(&args.effective_database_url(), 2).await?;
        let now = SystemClock.now_ms();
        // The commands that need a password got one above (or stopped there).
        let needs_password = || Failed("this command needs a password on standard input".to_owned());
        match command {
            AdminCommand::CreateUser { username, admin } => {
                let password = password.ok_or_else(needs_password)?;
                let id = operator::create_user(&db, &username, password, admin, now).await?;
                let role = if admin { "administrator" } else { "user" };
                say(&format!("created {role} {username} (id {id})"));
            }
            AdminCommand::MakeAdmin { username, revoke } => {
                operator::make_admin(&db, &username, !revoke).await?;
                let verb = if revoke { "is no longer" } else { "is now" };
                say(&format!("{username} {verb} an administrator"));
            }
            AdminCommand::ResetPassword { username } => {
                let password = password.ok_or_else(needs_password)?;
                let (ended, revoked) = operator::reset_password(&db, &username, password).await?;
                say(&format!(
                    "password of {username} changed; {ended} session(s) ended, {revoked} API token(s) revoked"
                ));
            }
            AdminCommand::ListGames { status, limit } => {
                for line in operator::list_games(&db, status.as_deref(), limit).await? {
                    say(&line);
                }
            }
            AdminCommand::EndGame { id } => {
                operator::end_game(&db, &id, now).await?;
                say(&format!("game {id} ended (aborted, reason admin)"));
            }
            AdminCommand::CreateBot { username, settings } => {
                let line = operator::create_bot(&db, &username, settings.changes()?, now).await?;
                say(&format!("created bot {line}"));
            }
            AdminCommand::SetBot { username, settings } => {
                let line = operator::update_bot(&db, &username, settings.changes()?, now).await?;
                say(&format!("bot {line}"));
            }
            AdminCommand::ListBots => {
                for line in operator::list_bots(&db).await? {
                    say(&line);
                }
            }
        }
        db.close().await;
        Ok(())
    })
}

/// `herald backup <file>`: a consistent copy of the SQLite database, taken while Herald runs.
pub fn backup(args: &DatabaseArgs, file: &Path) -> ExitCode {
    let url = args.effective_database_url();
    if Backend::of_url(&url) == Some(Backend::Postgres) {
        return finish(Err(Failed(
            "herald backup copies SQLite databases only; back up PostgreSQL with pg_dump, e.g. \
             pg_dump --format=custom --file=herald.dump \"$DATABASE_URL\" \
             (restore into an empty database: pg_restore --no-owner --dbname=\"$DATABASE_URL\" herald.dump)"
                .to_owned(),
        )));
    }
    if let Some(source) = herald_server::storage::sqlite_file(&url)
        && !source.exists()
    {
        return finish(Err(Failed(format!(
            "no database at {}: nothing to back up",
            source.display()
        ))));
    }
    if file.exists() {
        return finish(Err(Failed(format!(
            "{} exists already: choose a new file name",
            file.display()
        ))));
    }
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty())
        && !dir.is_dir()
    {
        return finish(Err(Failed(format!("no directory {}", dir.display()))));
    }
    let target = file.to_string_lossy().into_owned();
    block_on(async move {
        let db = Db::connect(&url, 1).await?;
        if db
            .applied_migrations()
            .await
            .map_err(|e| Failed(e.to_string()))?
            .is_empty()
        {
            return Err(Failed(
                "the database has no Herald schema: nothing to back up".to_owned(),
            ));
        }
        db.backup_sqlite(&target)
            .await
            .map_err(|e| Failed(format!("backup failed: {e}")))?;
        db.close().await;
        say(&format!("backed up to {target}"));
        Ok(())
    })
}
