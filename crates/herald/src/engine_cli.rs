//! `herald engine` (one search, printed) and `herald uci` (the UCI loop on stdin/stdout,
//! the search on its own thread so that `stop` is heard); the protocol text itself is
//! `herald_engine::uci`.

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::thread::JoinHandle;
use std::time::Duration;

use herald_engine::uci::{self, Reply, Session};
use herald_engine::{Engine, Found, Level, Limits, Settings, Stop};
use herald_rules::{AnyGame, Variant};

/// The transposition table of `herald engine`, in MiB.
pub const ENGINE_HASH_MIB: usize = 64;

/// How `herald engine` limits its search: exactly one of these.
#[derive(Debug, Clone, Copy)]
pub enum Strength {
    Level(u8),
    Movetime(u64),
    Depth(u32),
    Nodes(u64),
}

impl Strength {
    fn settings(self) -> Result<Settings, String> {
        Ok(match self {
            Strength::Level(n) => Settings::level(
                Level::new(n).ok_or_else(|| format!("invalid level `{n}`: expected 1 to 8"))?,
                0,
            ),
            Strength::Movetime(ms) => Settings::limits(Limits::movetime(ms)),
            Strength::Depth(d) if (1..=64).contains(&d) => Settings::limits(Limits::depth(d)),
            Strength::Depth(d) => return Err(format!("invalid depth `{d}`: expected 1 to 64")),
            Strength::Nodes(n) => Settings::limits(Limits::nodes(n)),
        })
    }
}

/// `herald engine`: searches `game` and prints, one item a line,
/// `bestmove <move>`, `score <+0.35 | win in N | loss in N>`, `pv <moves>` and
/// `depth D seldepth S nodes N time MS`; a finished game prints `bestmove (none)` and
/// `result <why>`. `Err` is a usage error (status 2).
pub fn engine(game: &AnyGame, strength: Strength) -> Result<(), String> {
    let settings = strength.settings()?;
    let mut engine = Engine::new(ENGINE_HASH_MIB);
    let found = engine.think(game, &settings, &mut |_| {});
    let mut out = std::io::stdout().lock();
    let _ = match found {
        Some(found) => writeln!(out, "{}", engine_report(&found)),
        None => {
            let why = game.outcome().map_or("no legal move", |o| o.reason().describe());
            writeln!(out, "bestmove (none)\nresult {why}")
        }
    };
    Ok(())
}

/// The four lines of `herald engine`'s answer.
fn engine_report(found: &Found) -> String {
    let pv: Vec<String> = found.pv.iter().map(ToString::to_string).collect();
    format!(
        "bestmove {}\nscore {}\npv {}\ndepth {} seldepth {} nodes {} time {}",
        found.best,
        found.score,
        pv.join(" "),
        found.depth,
        found.seldepth,
        found.nodes,
        found.elapsed.as_millis()
    )
}

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// A search running on its own thread; joining it gives the engine back.
struct Running {
    stop: Stop,
    handle: JoinHandle<Engine>,
}

impl Running {
    fn finish(self) -> Option<Engine> {
        self.stop.raise();
        self.handle.join().ok()
    }
}

/// `herald uci`: runs the UCI loop until `quit` or the end of input.
pub fn uci_loop(variant: Variant) -> ExitCode {
    let mut session = match Session::new(variant) {
        Ok(session) => session,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "herald: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut hash = session.hash_mib();
    let mut engine = Some(Engine::new(hash));
    let mut running: Option<Running> = None;
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let command = match uci::parse(&line) {
            Ok(Some(command)) => command,
            Ok(None) => continue,
            Err(e) => {
                say(&uci::info_string(&e.0));
                continue;
            }
        };
        match session.handle(command) {
            Reply::Lines(lines) => lines.iter().for_each(|l| say(l)),
            Reply::Stop => {
                if let Some(back) = running.take().and_then(Running::finish) {
                    engine = Some(back);
                }
            }
            Reply::NewGame { hash_mib } => {
                if let Some(back) = running.take().and_then(Running::finish) {
                    engine = Some(back);
                }
                if hash_mib != hash || engine.is_none() {
                    hash = hash_mib;
                    engine = Some(Engine::new(hash));
                } else if let Some(engine) = engine.as_mut() {
                    engine.clear();
                }
            }
            Reply::Think {
                game,
                mut settings,
                infinite,
            } => {
                if let Some(back) = running.take().and_then(Running::finish) {
                    engine = Some(back);
                }
                let mut searcher = match engine.take() {
                    Some(e) if session.hash_mib() == hash => e,
                    _ => {
                        hash = session.hash_mib();
                        Engine::new(hash)
                    }
                };
                let stop = Stop::new();
                settings.limits.stop = Some(stop.clone());
                let flag = stop.clone();
                let handle = std::thread::spawn(move || {
                    let found = searcher.think(&game, &settings, &mut |f| say(&uci::info_line(f)));
                    // `go infinite` keeps its answer until the GUI says stop.
                    while infinite && !flag.is_raised() {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                    say(&uci::bestmove_line(found.map(|f| f.best)));
                    searcher
                });
                running = Some(Running { stop, handle });
            }
            Reply::Quit => break,
        }
    }
    if let Some(running) = running.take() {
        let _ = running.finish();
    }
    ExitCode::SUCCESS
}
