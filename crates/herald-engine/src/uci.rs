//! The UCI protocol as text: reading a GUI's command lines, keeping the session's state
//! (game, options, position) and writing the engine's replies. No I/O and no threads: the
//! caller feeds lines in, prints what comes back and runs the searches it is handed.

use core::fmt::Write as _;

use herald_rules::{AnyGame, GameOption, Move, Options, Variant};

use crate::level::Level;
use crate::limits::Limits;
use crate::score::Score;
use crate::settings::{Found, Settings};

/// The name the engine gives in `id name`.
pub const ENGINE_NAME: &str = "Herald";
/// The default transposition table size in MiB (`Hash`).
pub const DEFAULT_HASH_MIB: usize = 16;
const MAX_HASH_MIB: usize = 4096;

/// A command from the GUI, as far as this engine acts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Uci,
    IsReady,
    /// `setoption name <name> [value <value>]`; the name may contain spaces.
    SetOption {
        name: String,
        value: String,
    },
    NewGame,
    /// `position startpos|fen <fen> [moves ...]`; `fen: None` is the start.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(Go),
    /// `go perft N`: count the legal-move tree (Fairy-Stockfish's extension, so that a
    /// match tool can compare move lists).
    Perft(u32),
    Stop,
    Quit,
}

/// The limits of a `go` command, in the GUI's units (milliseconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub wtime: Option<u64>,
    pub btime: Option<u64>,
    pub winc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u64>,
    pub infinite: bool,
}

/// A line the engine cannot act on; UCI says to ignore it, so the caller may report it
/// as an `info string` and carry on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UciError(pub String);

impl core::fmt::Display for UciError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UciError {}

/// Reads one line from the GUI. Blank lines and commands this engine ignores
/// (`debug`, `ponderhit`, `register`) are `Ok(None)`.
///
/// # Errors
/// An unknown command or a malformed argument.
pub fn parse(line: &str) -> Result<Option<Command>, UciError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(None);
    };
    let command = match first {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "debug" | "ponderhit" | "register" => return Ok(None),
        "setoption" => parse_setoption(rest)?,
        "position" => parse_position(rest)?,
        "go" => match rest {
            ["perft", depth] => Command::Perft(
                depth
                    .parse()
                    .ok()
                    .filter(|d| *d <= 16)
                    .ok_or_else(|| UciError(format!("go perft: `{}` is not 0-16", depth.escape_debug())))?,
            ),
            _ => Command::Go(parse_go(rest)?),
        },
        other => return Err(UciError(format!("unknown command `{}`", other.escape_debug()))),
    };
    Ok(Some(command))
}

fn parse_setoption(words: &[&str]) -> Result<Command, UciError> {
    let Some(("name", rest)) = words.split_first().map(|(w, r)| (*w, r)) else {
        return Err(UciError("setoption: expected `name`".into()));
    };
    let split = rest.iter().position(|w| *w == "value").unwrap_or(rest.len());
    let name = rest[..split].join(" ");
    if name.is_empty() {
        return Err(UciError("setoption: the option's name is missing".into()));
    }
    let value = rest.get(split + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Ok(Command::SetOption { name, value })
}

fn parse_position(words: &[&str]) -> Result<Command, UciError> {
    let split = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let moves = words
        .get(split + 1..)
        .unwrap_or_default()
        .iter()
        .map(|m| (*m).to_owned())
        .collect();
    let fen = match words[..split].split_first() {
        Some((&"startpos", [])) => None,
        Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
        _ => return Err(UciError("position: expected `startpos` or `fen <position>`".into())),
    };
    Ok(Command::Position { fen, moves })
}

fn parse_go(words: &[&str]) -> Result<Go, UciError> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        if word == "ponder" {
            continue;
        }
        // `searchmoves` takes the rest of the line. Herald searches its own legal moves
        // only, so the list is accepted and not used.
        if word == "searchmoves" {
            break;
        }
        let value = words
            .next()
            .ok_or_else(|| UciError(format!("go: `{word}` needs a number")))?;
        let number = || -> Result<u64, UciError> {
            // GUIs send negative clocks when a player is already out of time.
            if let Ok(negative) = value.parse::<i64>()
                && negative < 0
            {
                return Ok(0);
            }
            value
                .parse::<u64>()
                .map_err(|_| UciError(format!("go: `{word} {}` is not a number", value.escape_debug())))
        };
        match word {
            "depth" => go.depth = Some(u32::try_from(number()?).unwrap_or(u32::MAX)),
            "nodes" => go.nodes = Some(number()?),
            "movetime" => go.movetime = Some(number()?),
            "wtime" => go.wtime = Some(number()?),
            "btime" => go.btime = Some(number()?),
            "winc" => go.winc = Some(number()?),
            "binc" => go.binc = Some(number()?),
            "movestogo" => go.movestogo = Some(number()?),
            // `mate N` and `searchmoves` are not supported; their arguments are skipped.
            "mate" => {}
            other => return Err(UciError(format!("go: unknown limit `{}`", other.escape_debug()))),
        }
    }
    Ok(go)
}

impl Go {
    /// The time to spend on this move in milliseconds, if the command limits time:
    /// `movetime` as given, or a share of the mover's clock (`first` is the team that
    /// moves first, UCI's "white").
    #[must_use]
    pub fn budget_ms(&self, first: bool) -> Option<u64> {
        if let Some(movetime) = self.movetime {
            return Some(movetime);
        }
        let (time, inc) = if first {
            (self.wtime, self.winc)
        } else {
            (self.btime, self.binc)
        };
        let time = time?;
        let inc = inc.unwrap_or(0);
        // An even share of the clock over the moves left (30 if unknown) plus most of the
        // increment; never more than half the clock, so one slow move cannot lose on time.
        let moves_left = self.movestogo.unwrap_or(30).clamp(1, 30);
        let share = time / moves_left + inc * 3 / 4;
        Some(share.min(time / 2).max(1))
    }

    /// The search limits this command sets.
    #[must_use]
    pub fn limits(&self, first: bool) -> Limits {
        let mut limits = match self.budget_ms(first) {
            Some(ms) if !self.infinite => Limits::movetime(ms),
            _ => Limits::default(),
        };
        limits.depth = self.depth;
        limits.nodes = self.nodes;
        limits
    }
}

/// What the caller must do after a command.
#[derive(Debug)]
pub enum Reply {
    /// Print these lines (possibly none).
    Lines(Vec<String>),
    /// Search `game` with `settings` on another thread, printing [`info_line`] for each
    /// report and [`bestmove_line`] at the end. With `infinite`, hold `bestmove` back
    /// until `stop` even if the search ends first.
    Think {
        game: Box<AnyGame>,
        settings: Settings,
        infinite: bool,
    },
    /// Stop the running search, if any.
    Stop,
    /// Forget what the engine learnt (a new game); the table is `hash_mib` MiB.
    NewGame {
        hash_mib: usize,
    },
    Quit,
}

/// The state of one UCI session: the chosen game and options, and the current position.
#[derive(Debug, Clone)]
pub struct Session {
    variant: Variant,
    options: Vec<GameOption>,
    hash_mib: usize,
    level: Option<Level>,
    seed: u64,
    game: AnyGame,
}

impl Session {
    /// A session playing `variant` from its start.
    ///
    /// # Errors
    /// The game cannot be set up (a rules-crate bug).
    pub fn new(variant: Variant) -> Result<Session, UciError> {
        Ok(Session {
            variant,
            options: Vec::new(),
            hash_mib: DEFAULT_HASH_MIB,
            level: None,
            seed: 0,
            game: start(variant, Options::NONE)?,
        })
    }

    /// The current position's game.
    #[must_use]
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    #[must_use]
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Acts on one command.
    pub fn handle(&mut self, command: Command) -> Reply {
        match command {
            Command::Uci => Reply::Lines(self.identify()),
            Command::IsReady => Reply::Lines(vec!["readyok".into()]),
            Command::SetOption { name, value } => Reply::Lines(match self.set_option(&name, &value) {
                Ok(()) => Vec::new(),
                Err(e) => vec![info_string(&e.0)],
            }),
            Command::NewGame => {
                if let Ok(game) = start(self.variant, self.game_options()) {
                    self.game = game;
                }
                Reply::NewGame {
                    hash_mib: self.hash_mib,
                }
            }
            Command::Position { fen, moves } => Reply::Lines(match self.set_position(fen.as_deref(), &moves) {
                Ok(()) => Vec::new(),
                Err(e) => vec![info_string(&e.0)],
            }),
            Command::Go(go) => {
                let first = self.game.spec().seats[self.game.turn().index()].team.index() == 0;
                let settings = Settings {
                    limits: go.limits(first),
                    level: self.level,
                    seed: self.seed,
                    noise: 0,
                };
                Reply::Think {
                    game: Box::new(self.game.clone()),
                    settings,
                    infinite: go.infinite,
                }
            }
            Command::Perft(depth) => Reply::Lines(perft_lines(&self.game, depth)),
            Command::Stop => Reply::Stop,
            Command::Quit => Reply::Quit,
        }
    }

    fn identify(&self) -> Vec<String> {
        let mut lines = vec![
            format!("id name {ENGINE_NAME} {}", env!("CARGO_PKG_VERSION")),
            "id author the Herald authors".into(),
        ];
        let mut variants = format!("option name UCI_Variant type combo default {}", self.variant.id());
        for v in Variant::ALL {
            let _ = write!(variants, " var {}", v.id());
        }
        lines.push(variants);
        lines.push(format!(
            "option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"
        ));
        lines.push("option name Level type spin default 0 min 0 max 8".into());
        lines.push("option name Seed type spin default 0 min 0 max 2147483647".into());
        for option in GameOption::ALL {
            lines.push(format!("option name {} type check default false", option.id()));
        }
        lines.push("uciok".into());
        lines
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        let number = |max: u64| {
            value
                .parse::<u64>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| UciError(format!("option {name}: `{}` is not 0-{max}", value.escape_debug())))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let variant: Variant = value.parse().map_err(|e| UciError(format!("{e}")))?;
                self.variant = variant;
                self.game = start(variant, self.game_options())?;
            }
            "hash" => self.hash_mib = usize::try_from(number(MAX_HASH_MIB as u64)?.max(1)).unwrap_or(1),
            "level" => {
                let n = u8::try_from(number(8)?).unwrap_or(0);
                self.level = Level::new(n);
            }
            "seed" => self.seed = number(u64::MAX)?,
            lower => {
                let option = GameOption::ALL
                    .into_iter()
                    .find(|o| o.id() == lower)
                    .ok_or_else(|| UciError(format!("unknown option `{}`", name.escape_debug())))?;
                let on = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(UciError(format!("option {name}: expected true or false"))),
                };
                self.options.retain(|o| *o != option);
                if on {
                    self.options.push(option);
                }
                self.game = start(self.variant, self.game_options())?;
            }
        }
        Ok(())
    }

    /// The chosen options that this game has (the others wait for a game that has them).
    fn game_options(&self) -> Options {
        self.options
            .iter()
            .filter(|o| self.variant.options().contains(o))
            .fold(Options::NONE, |all, o| all.with(*o))
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) -> Result<(), UciError> {
        let mut game = AnyGame::new(self.variant, self.game_options(), fen).map_err(|e| UciError(format!("{e}")))?;
        for text in moves {
            if let Err(e) = game.play_text(text) {
                // Keep the position up to the refused move, as a GUI would see it.
                self.game = game;
                return Err(UciError(format!("move {text}: {e}")));
            }
        }
        self.game = game;
        Ok(())
    }
}

fn start(variant: Variant, options: Options) -> Result<AnyGame, UciError> {
    AnyGame::new(variant, options, None).map_err(|e| UciError(format!("{e}")))
}

/// `<move>: <count>` for each legal move, a blank line and `Nodes searched: <total>`.
fn perft_lines(game: &AnyGame, depth: u32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut total = u64::from(depth == 0);
    if depth > 0 {
        for (m, count) in game.divide(depth) {
            lines.push(format!("{m}: {count}"));
            total += count;
        }
    }
    lines.push(String::new());
    lines.push(format!("Nodes searched: {total}"));
    lines
}

/// `info string <text>` on one line.
#[must_use]
pub fn info_string(text: &str) -> String {
    format!("info string {}", text.replace(['\n', '\r'], " "))
}

/// The UCI score: `cp N`, or `mate N` in the winner's moves (negative: being mated).
#[must_use]
pub fn score_text(score: Score) -> String {
    match score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Win { plies } => format!("mate {}", Score::moves(plies)),
        Score::Loss { plies } => format!("mate -{}", (plies / 2).max(1)),
    }
}

/// `info depth .. seldepth .. score .. nodes .. nps .. time .. pv ..` for one report.
#[must_use]
pub fn info_line(found: &Found) -> String {
    let millis = found.elapsed.as_millis();
    let nps = u128::from(found.nodes) * 1000 / millis.max(1);
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {nps} time {millis}",
        found.depth,
        found.seldepth,
        score_text(found.score),
        found.nodes
    );
    if !found.pv.is_empty() {
        line.push_str(" pv");
        for m in &found.pv {
            let _ = write!(line, " {m}");
        }
    }
    line
}

/// `bestmove <move>`, or `bestmove (none)` when the game is over.
#[must_use]
pub fn bestmove_line(best: Option<Move>) -> String {
    match best {
        Some(m) => format!("bestmove {m}"),
        None => "bestmove (none)".into(),
    }
}

#[cfg(test)]
#[path = "uci_tests.rs"]
mod tests;
