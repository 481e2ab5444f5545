//! The players of `herald match`: Herald's engine in-process, or an external UCI engine
//! run as a child process and spoken to over its stdin/stdout, with timeouts.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use herald_engine::matchplay::{self, Budget, EngineSpec};
use herald_engine::{Engine, Level, Limits, Settings};
use herald_rules::AnyGame;

/// The text that starts a timeout's error, so that the match can score it as a loss on time.
pub const TIMEOUT: &str = "no answer within";

/// One move an engine chose, with what it cost.
#[derive(Debug)]
pub struct Choice {
    /// The move as the engine wrote it (`None`: it said it has none).
    pub text: Option<String>,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// An engine in a seat of one game.
#[derive(Debug)]
pub enum Player {
    Herald { engine: Engine, budget: Budget, seed: u64 },
    Random { seed: u64 },
    Uci(UciEngine),
}

impl Player {
    /// Starts the engine `spec` for `game` (its id is the default `UCI_Variant`).
    pub fn start(spec: &EngineSpec, game: &AnyGame, hash_mib: usize, seed: u64) -> Result<Player, String> {
        match spec {
            EngineSpec::Herald(budget) => Ok(Player::Herald {
                engine: Engine::new(hash_mib),
                budget: budget.clone(),
                seed,
            }),
            EngineSpec::Random => Ok(Player::Random { seed }),
            EngineSpec::Uci {
                path,
                args,
                variant,
                ini,
                budget,
            } => {
                let variant = variant.clone().unwrap_or_else(|| game.variant().id().to_owned());
                UciEngine::start(path, args, &variant, ini.as_deref(), budget.clone()).map(Player::Uci)
            }
        }
    }

    /// Chooses a move in `game` (played from the start by the moves in `game.moves()`);
    /// an external engine may be confined to the moves `only` (UCI `searchmoves`).
    pub fn choose(&mut self, game: &AnyGame, only: Option<&[String]>) -> Result<Choice, String> {
        match self {
            Player::Herald { engine, budget, seed } => {
                let mut limits = match budget.movetime_or_default() {
                    Some(ms) => Limits::movetime(ms),
                    None => Limits::default(),
                };
                limits.nodes = budget.nodes;
                limits.depth = budget.depth;
                let level = budget.level.and_then(Level::new);
                // A different seed each move, so that a level's noise varies within a game.
                *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let settings = Settings {
                    limits,
                    level,
                    seed: *seed,
                    noise: 0,
                };
                let started = Instant::now();
                let found = engine.think(game, &settings, &mut |_| {});
                Ok(Choice {
                    text: found.as_ref().map(|f| f.best.to_string()),
                    nodes: found.as_ref().map_or(0, |f| f.nodes),
                    elapsed: found.map_or_else(|| started.elapsed(), |f| f.elapsed),
                })
            }
            Player::Random { seed } => {
                let started = Instant::now();
                *seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let moves = game.legal_moves();
                let pick = usize::try_from(*seed >> 33).unwrap_or(0) % moves.len().max(1);
                Ok(Choice {
                    text: moves.get(pick).map(|m| m.to_string()),
                    nodes: 0,
                    elapsed: started.elapsed(),
                })
            }
            Player::Uci(uci) => uci.choose(game, only),
        }
    }

    /// The engine's own list of legal moves, for engines that can say it cheaply
    /// (`go perft 1`); `None` for Herald, whose rules are the arbiter anyway.
    pub fn legal_moves(&mut self, game: &AnyGame) -> Result<Option<Vec<String>>, String> {
        match self {
            Player::Herald { .. } | Player::Random { .. } => Ok(None),
            Player::Uci(uci) => uci.perft_moves(game).map(Some),
        }
    }
}

/// An external UCI engine: the child process, its input, and its output lines as they
/// arrive (read on a thread, so that waiting can time out).
#[derive(Debug)]
pub struct UciEngine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    budget: Budget,
}

const HANDSHAKE: Duration = Duration::from_secs(20);

impl UciEngine {
    fn start(
        path: &str,
        args: &[String],
        variant: &str,
        ini: Option<&str>,
        budget: Budget,
    ) -> Result<UciEngine, String> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {path}: {e}"))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = child.stdout.take().ok_or("no stdout")?;
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            input,
            lines,
            budget,
        };
        engine.send("uci")?;
        engine.wait_for(|l| l == "uciok", HANDSHAKE)?;
        if let Some(ini) = ini {
            engine.send(&format!("setoption name VariantPath value {ini}"))?;
        }
        engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        engine.send("ucinewgame")?;
        engine.send("isready")?;
        engine.wait_for(|l| l == "readyok", HANDSHAKE)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("engine input: {e}"))
    }

    /// Lines up to and including the first that `done` accepts.
    fn wait_for(&mut self, done: impl Fn(&str) -> bool, timeout: Duration) -> Result<Vec<String>, String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let last = done(&line);
                    seen.push(line);
                    if last {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(format!("{TIMEOUT} {timeout:?}")),
                Err(RecvTimeoutError::Disconnected) => return Err("the engine exited".into()),
            }
        }
    }

    fn set_position(&mut self, game: &AnyGame) -> Result<(), String> {
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        if moves.is_empty() {
            self.send("position startpos")
        } else {
            self.send(&format!("position startpos moves {}", moves.join(" ")))
        }
    }

    fn choose(&mut self, game: &AnyGame, only: Option<&[String]>) -> Result<Choice, String> {
        self.set_position(game)?;
        let mut go = String::from("go");
        if let Some(ms) = self.budget.movetime_or_default() {
            go.push_str(&format!(" movetime {ms}"));
        }
        if let Some(nodes) = self.budget.nodes {
            go.push_str(&format!(" nodes {nodes}"));
        }
        if let Some(depth) = self.budget.depth {
            go.push_str(&format!(" depth {depth}"));
        }
        // `searchmoves` takes the rest of the line, so it comes last.
        if let Some(only) = only.filter(|m| !m.is_empty()) {
            go.push_str(" searchmoves ");
            go.push_str(&only.join(" "));
        }
        // A move far beyond its time loses on time (the match scores it so).
        let timeout = Duration::from_millis(self.budget.movetime.unwrap_or(1000) * 20) + Duration::from_secs(10);
        let started = Instant::now();
        self.send(&go)?;
        let lines = self.wait_for(|l| l.starts_with("bestmove"), timeout)?;
        let elapsed = started.elapsed();
        let nodes = lines.iter().rev().find_map(|l| info_field(l, "nodes")).unwrap_or(0);
        let best = lines
            .last()
            .and_then(|l| l.split_whitespace().nth(1))
            .filter(|m| *m != "(none)" && *m != "0000")
            .map(str::to_owned);
        Ok(Choice {
            text: best,
            nodes,
            elapsed,
        })
    }

    fn perft_moves(&mut self, game: &AnyGame) -> Result<Vec<String>, String> {
        self.set_position(game)?;
        self.send("go perft 1")?;
        let lines = self.wait_for(|l| l.starts_with("Nodes searched"), HANDSHAKE)?;
        Ok(matchplay::perft_moves(lines.iter().map(String::as_str)))
    }
}

/// The number after `key` in an `info` line.
fn info_field(line: &str, key: &str) -> Option<u64> {
    if !line.starts_with("info") {
        return None;
    }
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()?.parse().ok()
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
