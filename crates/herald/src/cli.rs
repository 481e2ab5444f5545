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

use crate::engine_cli::{self, Strength};
use crate::match_cli::{self, Compare, MatchConfig};
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
    /// Search a position and print the best move, its score and the principal variation.
    Engine {
        #[command(flatten)]
        game: GameArgs,
        #[command(flatten)]
        strength: StrengthArgs,
    },
    /// Speak UCI on stdin/stdout (the game is chosen with `setoption name UCI_Variant`).
    Uci {
        /// The game to start with (default: not-chess).
        #[arg(default_value = "not-chess")]
        variant: String,
    },
    /// Play a match between two engines from a set of openings, Herald's rules judging.
    Match(Box<MatchArgs>),
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

/// Exactly one limit for `herald engine`.
#[derive(Debug, Args)]
#[group(required = true, multiple = false)]
struct StrengthArgs {
    /// Play at this level (1-8).
    #[arg(long)]
    level: Option<u8>,
    /// Think this many milliseconds.
    #[arg(long)]
    movetime: Option<u64>,
    /// Search this many plies deep.
    #[arg(long)]
    depth: Option<u32>,
    /// Search this many nodes.
    #[arg(long)]
    nodes: Option<u64>,
}

#[derive(Debug, Args)]
struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Engine A: herald:level=N, herald:movetime=MS, herald:nodes=N, or
    /// uci:<path>[:variant=<name>][:ini=<path>][:movetime=MS].
    engine_a: String,
    /// Engine B, written the same way.
    engine_b: String,
    /// How many random openings to generate (each is played twice).
    #[arg(long, default_value_t = 10)]
    openings: usize,
    /// Random plies in each generated opening.
    #[arg(long, default_value_t = 4)]
    plies: usize,
    /// Seed of the generated openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Read the openings from a file instead: one line of moves each.
    #[arg(long)]
    openings_file: Option<PathBuf>,
    /// Adjudicate a game still running after this many plies as a draw.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    concurrency: usize,
    /// Transposition table of each Herald engine, in MiB.
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// How external engines' legal moves must agree with Herald's at each ply: strict
    /// (equal lists), played (the moves played are legal for both), off.
    #[arg(long, default_value = "strict", value_parser = ["strict", "played", "off"])]
    compare: String,
    /// Write a PGN-like record of every game to this file.
    #[arg(long)]
    log: Option<PathBuf>,
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
        Some(Command::Engine { game, strength }) => engine(&game, &strength),
        Some(Command::Uci { variant }) => match variant.parse() {
            Ok(variant) => return engine_cli::uci_loop(variant),
            Err(e) => return fail(&format!("{e}")),
        },
        Some(Command::Match(args)) => play_match(&args),
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

fn engine(args: &GameArgs, strength: &StrengthArgs) -> Result<(), UsageError> {
    let game = args.load()?;
    let strength = match (strength.level, strength.movetime, strength.depth, strength.nodes) {
        (Some(n), ..) => Strength::Level(n),
        (_, Some(ms), ..) => Strength::Movetime(ms),
        (_, _, Some(d), _) => Strength::Depth(d),
        (.., Some(n)) => Strength::Nodes(n),
        _ => return Err(UsageError("give one of --level, --movetime, --depth or --nodes".into())),
    };
    engine_cli::engine(&game, strength).map_err(UsageError)
}

fn play_match(args: &MatchArgs) -> Result<(), UsageError> {
    let start = args.game.load()?;
    let spec = |text: &str| herald_engine::matchplay::EngineSpec::parse(text).map_err(UsageError);
    let (openings, openings_text) = match &args.openings_file {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| UsageError(format!("{}: {e}", path.display())))?;
            let openings = herald_engine::matchplay::parse_openings(&text, &start).map_err(UsageError)?;
            (openings, format!("from {}", path.display()))
        }
        None => (
            herald_engine::matchplay::random_openings(&start, args.openings, args.plies, args.seed),
            format!("{} random plies, seed {}", args.plies, args.seed),
        ),
    };
    if openings.is_empty() {
        return Err(UsageError("no openings to play".into()));
    }
    let config = MatchConfig {
        a: spec(&args.engine_a)?,
        b: spec(&args.engine_b)?,
        a_text: args.engine_a.clone(),
        b_text: args.engine_b.clone(),
        start,
        openings,
        openings_text,
        max_plies: args.max_plies,
        concurrency: args.concurrency,
        hash_mib: args.hash.max(1),
        compare: match args.compare.as_str() {
            "played" => Compare::Played,
            "off" => Compare::Off,
            _ => Compare::Strict,
        },
        log: args.log.clone(),
    };
    match_cli::run(&config).map_err(UsageError)
}
