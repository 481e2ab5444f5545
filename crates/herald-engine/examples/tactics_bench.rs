//! The solving benchmark: full strength on every committed tactics position with a time
//! limit; per game, the share solved and the time to solution.
//!
//! `cargo run --release -p herald-engine --example tactics_bench -- [game …] [--ms 1000] [--mib 64]`
//!
//! A position is solved when the move the engine returns is one of its winning first moves;
//! the time to solution is when the reported best move became winning and stayed so (the
//! `report` callback hears every completed iteration).

use std::error::Error;
use std::time::{Duration, Instant};

use herald_engine::{Engine, Found, Limits, Settings};
use herald_rules::Variant;

#[path = "../tests/support/tactics.rs"]
mod tactics;

struct Args {
    games: Vec<Variant>,
    millis: u64,
    mib: usize,
}

fn args() -> Result<Args, Box<dyn Error>> {
    let mut out = Args {
        games: Vec::new(),
        millis: 1000,
        mib: 64,
    };
    let mut words = std::env::args().skip(1);
    while let Some(word) = words.next() {
        match word.as_str() {
            "--ms" => out.millis = words.next().ok_or("--ms needs a number")?.parse()?,
            "--mib" => out.mib = words.next().ok_or("--mib needs a number")?.parse()?,
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

fn main() -> Result<(), Box<dyn Error>> {
    let args = args()?;
    let mut engine = Engine::new(args.mib);
    let mut summary = Vec::new();
    for &variant in &args.games {
        let suite = tactics::load(variant)?;
        let mut times: Vec<Duration> = Vec::new();
        let mut by_n = [(0_usize, 0_usize); tactics::MAX_MOVES as usize];
        let mut unsolved = Vec::new();
        for tactic in &suite {
            let game = tactic.game()?;
            engine.clear();
            let mut solved_since: Option<Duration> = None;
            let started = Instant::now();
            let settings = Settings::limits(Limits::movetime(args.millis));
            let found = engine.think(&game, &settings, &mut |found: &Found| {
                let winning = tactic.is_winning(&found.best.text().to_string());
                if !winning {
                    solved_since = None;
                } else if solved_since.is_none() {
                    solved_since = Some(started.elapsed());
                }
            });
            let total = started.elapsed();
            let slot = by_n.get_mut(tactic.moves as usize - 1).ok_or("bad N")?;
            slot.1 += 1;
            let best = found.as_ref().map(|f| f.best.text().to_string());
            match best.as_deref() {
                Some(best) if tactic.is_winning(best) => {
                    slot.0 += 1;
                    times.push(solved_since.unwrap_or(total));
                }
                _ => unsolved.push(format!(
                    "  line {} (win in {}): played {}, depth {}, score {}; wins: {}",
                    tactic.line,
                    tactic.moves,
                    best.as_deref().unwrap_or("nothing"),
                    found.as_ref().map_or(0, |f| f.depth),
                    found.as_ref().map_or_else(|| "-".to_string(), |f| f.score.to_string()),
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
