//! The solving benchmark: full strength on every committed tactics position with a time
//! limit; per game, the share solved and the time to solution.
//!
//! `cargo run --release -p herald-engine --example tactics_bench -- [game …] [--ms 1000] [--mib 64] [-v]`
//!
//! A position is solved when the move the engine returns is one of its winning first moves;
//! the time to solution is when the reported best move became winning and stayed so (the
//! `report` callback hears every completed iteration).
//!
//! Each position runs in a child process of this program (`--one <game> <line>`), killed if it
//! has not answered within `3 × ms + 3 s`: a search that never completes its first iteration
//! (no limit stops it before that) is then reported as such instead of stalling the run.

use std::error::Error;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use herald_engine::{Engine, Found, Limits, Settings};
use herald_rules::Variant;

#[path = "../tests/support/tactics.rs"]
mod tactics;

struct Args {
    games: Vec<Variant>,
    millis: u64,
    mib: usize,
    /// Each position's result on stderr as it comes.
    verbose: bool,
    /// Child mode: run this one position (game, data line) and print its result.
    one: Option<(Variant, usize)>,
}

fn args() -> Result<Args, Box<dyn Error>> {
    let mut out = Args {
        games: Vec::new(),
        millis: 1000,
        mib: 64,
        verbose: false,
        one: None,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--ms" => out.millis = words.next().ok_or("--ms needs a number")?.parse()?,
            "--mib" => out.mib = words.next().ok_or("--mib needs a number")?.parse()?,
            "-v" | "--verbose" => out.verbose = true,
            "--one" => {
                let game = words.next().ok_or("--one needs a game")?.parse()?;
                let line = words.next().ok_or("--one needs a line")?.parse()?;
                out.one = Some((game, line));
            }
            id => out.games.push(id.parse()?),
        }
    }
    if out.games.is_empty() {
        out.games = Variant::ALL.to_vec();
    }
    Ok(out)
}

/// The value at `fraction` of a sorted list (nearest rank).
fn percentile(sorted: &[Duration], fraction: f64) -> Option<Duration> {
    let rank = ((sorted.len() as f64 * fraction).ceil() as usize).max(1);
    sorted.get(rank - 1).copied()
}

fn millis(d: Option<Duration>) -> String {
    d.map_or_else(|| "-".to_string(), |d| format!("{:.0} ms", d.as_secs_f64() * 1000.0))
}

/// One position's run, as the child reports it.
struct Run {
    /// When the reported best move became winning and stayed so.
    solved_at: Option<Duration>,
    total: Duration,
    depth: u32,
    best: Option<String>,
    score: String,
}

fn run_one(engine: &mut Engine, tactic: &tactics::Tactic, millis: u64) -> Result<Run, Box<dyn Error>> {
    let game = tactic.game()?;
    engine.clear();
    let mut solved_at: Option<Duration> = None;
    let started = Instant::now();
    let settings = Settings::limits(Limits::movetime(millis));
    let found = engine.think(&game, &settings, &mut |found: &Found| {
        if !tactic.is_winning(&found.best.text().to_string()) {
            solved_at = None;
        } else if solved_at.is_none() {
            solved_at = Some(started.elapsed());
        }
    });
    let total = started.elapsed();
    let best = found.as_ref().map(|f| f.best.text().to_string());
    if best.as_deref().is_some_and(|b| tactic.is_winning(b)) && solved_at.is_none() {
        solved_at = Some(total);
    }
    Ok(Run {
        solved_at: solved_at.filter(|_| best.as_deref().is_some_and(|b| tactic.is_winning(b))),
        total,
        depth: found.as_ref().map_or(0, |f| f.depth),
        best,
        score: found.map_or_else(|| "-".to_string(), |f| f.score.to_string()),
    })
}

/// The child's one line: `<solved µs or -> <total µs> <depth> <best or -> <score…>`.
fn child(variant: Variant, line: usize, args: &Args) -> Result<(), Box<dyn Error>> {
    let suite = tactics::load(variant)?;
    let tactic = suite
        .iter()
        .find(|t| t.line == line)
        .ok_or("no position on that line")?;
    let mut engine = Engine::new(args.mib);
    let run = run_one(&mut engine, tactic, args.millis)?;
    println!(
        "{} {} {} {} {}",
        run.solved_at
            .map_or_else(|| "-".to_string(), |d| d.as_micros().to_string()),
        run.total.as_micros(),
        run.depth,
        run.best.as_deref().unwrap_or("-"),
        run.score
    );
    Ok(())
}

/// Runs one position in a child process; `None` if it had to be killed.
fn isolated(variant: Variant, tactic: &tactics::Tactic, args: &Args) -> Result<Option<Run>, Box<dyn Error>> {
    let mut command = Command::new(std::env::current_exe()?);
    command
        .args(["--one", variant.id(), &tactic.line.to_string()])
        .args(["--ms", &args.millis.to_string(), "--mib", &args.mib.to_string()])
        .stdout(Stdio::piped());
    let mut process = command.spawn()?;
    let limit = Duration::from_millis(3 * args.millis + 3000);
    let started = Instant::now();
    while process.try_wait()?.is_none() {
        if started.elapsed() > limit {
            process.kill()?;
            process.wait()?;
            return Ok(None);
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let output = process.wait_with_output()?;
    let text = String::from_utf8(output.stdout)?;
    let mut fields = text.trim().splitn(5, ' ');
    let mut next = || fields.next().ok_or("short child output");
    let solved_at = next()?.parse::<u64>().ok().map(Duration::from_micros);
    let total = Duration::from_micros(next()?.parse()?);
    let depth = next()?.parse()?;
    let best = Some(next()?.to_string()).filter(|b| b != "-");
    let score = next()?.to_string();
    Ok(Some(Run {
        solved_at,
        total,
        depth,
        best,
        score,
    }))
}

fn main() -> Result<(), Box<dyn Error>> {
    let args = args()?;
    if let Some((variant, line)) = args.one {
        return child(variant, line, &args);
    }
    let mut summary = Vec::new();
    for &variant in &args.games {
        let suite = tactics::load(variant)?;
        let mut times: Vec<Duration> = Vec::new();
        let mut by_n = [(0_usize, 0_usize); tactics::MAX_MOVES as usize];
        let mut unsolved = Vec::new();
        for tactic in &suite {
            let run = isolated(variant, tactic, &args)?;
            if args.verbose {
                eprintln!(
                    "{} line {}: {}",
                    variant.id(),
                    tactic.line,
                    run.as_ref().map_or_else(
                        || "killed".to_string(),
                        |r| format!("{:?} depth {} {} in {:?}", r.best, r.depth, r.score, r.total)
                    )
                );
            }
            let slot = by_n.get_mut(tactic.moves as usize - 1).ok_or("bad N")?;
            slot.1 += 1;
            match run {
                Some(Run {
                    solved_at: Some(at), ..
                }) => {
                    slot.0 += 1;
                    times.push(at);
                }
                Some(run) => unsolved.push(format!(
                    "  line {} (win in {}): played {} after {} ms, depth {}, score {}; wins: {}",
                    tactic.line,
                    tactic.moves,
                    run.best.as_deref().unwrap_or("nothing"),
                    run.total.as_millis(),
                    run.depth,
                    run.score,
                    tactic.winning.join(" ")
                )),
                None => unsolved.push(format!(
                    "  line {} (win in {}): no move within {} ms, killed (the first iteration never completed); wins: {}",
                    tactic.line,
                    tactic.moves,
                    3 * args.millis + 3000,
                    tactic.winning.join(" ")
                )),
            }
        }
        times.sort_unstable();
        let solved = times.len();
        let share = 100.0 * solved as f64 / suite.len().max(1) as f64;
        let per_n: Vec<String> = by_n
            .iter()
            .enumerate()
            .map(|(n, (s, t))| format!("in {}: {s}/{t}", n + 1))
            .collect();
        let line = format!(
            "{:<10} solved {solved}/{} ({share:.1} %) [{}]; time to solution: median {}, p90 {}, max {}",
            variant.id(),
            suite.len(),
            per_n.join(", "),
            millis(percentile(&times, 0.5)),
            millis(percentile(&times, 0.9)),
            millis(times.last().copied())
        );
        println!("{line}");
        for u in &unsolved {
            println!("{u}");
        }
        summary.push(line);
    }
    println!("--- {} ms per position, {} MiB table", args.millis, args.mib);
    for line in summary {
        println!("{line}");
    }
    Ok(())
}
