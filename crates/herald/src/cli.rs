//! Command-line parsing and the rules commands, exactly as `shared/rules/README.md` fixes them,
//! plus `herald serve` (also the default with no command) and the operator's commands
//! (`migrate`, `admin`, `backup`, in [`crate::ops`]).

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use herald_rules::{AnyGame, Options, Variant};
use herald_server::infra::config::DatabaseArgs;

use crate::ops::{self, AdminCommand};

/// Herald: correspondence play of rare chess variants.
#[derive(Debug, Parser)]
#[command(name = "herald", version, about)]
struct Cli {
    /// With no command, Herald serves (configured by environment variables).
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree.
    Perft {
        #[command(flatten)]
        game: GameArgs,
        /// Depth in plies.
        depth: String,
        /// Print each legal move with its count first.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one per line, in byte order.
    Moves {
        #[command(flatten)]
        game: GameArgs,
    },
    /// Run the web server (the default with no command).
    Serve(Box<herald_server::Config>),
    /// Apply pending database migrations, then exit (serving applies them too).
    Migrate(DatabaseArgs),
    /// Manage users and games.
    Admin {
        #[command(flatten)]
        database: DatabaseArgs,
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Copy the SQLite database to a new file while Herald runs (PostgreSQL: use pg_dump).
    Backup {
        /// The backup file to create (must not exist).
        file: PathBuf,
        #[command(flatten)]
        database: DatabaseArgs,
    },
}

/// `herald` with no command: the server settings from the environment only.
#[derive(Debug, Parser)]
#[command(name = "herald")]
struct ServeDefaults {
    #[command(flatten)]
    config: herald_server::Config,
}

#[derive(Debug, Args)]
struct GameArgs {
    /// Game id: nowan, not-chess, chatrang or ancient.
    variant: String,
    /// Position string (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// An optional rule (Ancient chess: ferz-forward, jumping, promotion).
    #[arg(long = "option")]
    options: Vec<String>,
}

/// A failure the contract reports as one line on stderr and exit status 2.
struct UsageError(String);

impl GameArgs {
    fn load(&self) -> Result<AnyGame, UsageError> {
        let variant: Variant = self.variant.parse().map_err(|e| UsageError(format!("{e}")))?;
        let options =
            Options::parse(variant, self.options.iter().map(String::as_str)).map_err(|e| UsageError(format!("{e}")))?;
        AnyGame::new(variant, options, self.fen.as_deref()).map_err(|e| UsageError(format!("{e}")))
    }
}

/// Runs the command line and returns the process status.
pub fn run(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            if !error.use_stderr() {
                // --help and --version go to stdout and succeed.
                let _ = error.print();
                return ExitCode::SUCCESS;
            }
            let text = error.to_string();
            let line = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments");
            return fail(line.trim_start_matches("error: "));
        }
    };
    let result = match cli.command {
        Some(Command::Perft { game, depth, divide }) => perft(&game, &depth, divide),
        Some(Command::Moves { game }) => moves(&game),
        Some(Command::Serve(config)) => return serve(*config),
        Some(Command::Migrate(database)) => return ops::migrate(&database),
        Some(Command::Admin { database, command }) => return ops::admin(&database, command),
        Some(Command::Backup { file, database }) => return ops::backup(&database, &file),
        None => match ServeDefaults::try_parse_from(["herald"]) {
            Ok(defaults) => return serve(defaults.config),
            Err(error) => return fail(error.to_string().lines().next().unwrap_or("invalid settings")),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(UsageError(message)) => fail(&message),
    }
}

/// Runs the server until Ctrl-C or SIGTERM; exit status 1 if it cannot start or fails.
fn serve(config: herald_server::Config) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "herald: cannot start the runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(herald_server::serve(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "herald: {error}");
            ExitCode::FAILURE
        }
    }
}

fn fail(message: &str) -> ExitCode {
    let line = message.replace('\n', " ");
    let _ = writeln!(std::io::stderr(), "herald: {line}");
    ExitCode::from(2)
}

fn perft(args: &GameArgs, depth: &str, divide: bool) -> Result<(), UsageError> {
    let depth: u32 = depth.parse().ok().filter(|d| *d <= 64).ok_or_else(|| {
        UsageError(format!(
            "invalid depth `{}`: expected a whole number from 0 to 64",
            depth.escape_debug()
        ))
    })?;
    let game = args.load()?;
    let mut out = std::io::stdout().lock();
    let total = if divide {
        let mut counts: Vec<(String, u64)> = game
            .divide(depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        counts.sort();
        for (m, n) in &counts {
            let _ = writeln!(out, "{m} {n}");
        }
        if depth == 0 {
            1
        } else {
            counts.iter().map(|(_, n)| n).sum()
        }
    } else {
        game.perft(depth)
    };
    let _ = writeln!(out, "{total}");
    Ok(())
}

fn moves(args: &GameArgs) -> Result<(), UsageError> {
    let game = args.load()?;
    let mut texts: Vec<String> = game.legal_moves().into_iter().map(|m| m.to_string()).collect();
    texts.sort();
    let mut out = std::io::stdout().lock();
    for text in texts {
        let _ = writeln!(out, "{text}");
    }
    Ok(())
}
