//! A bot's think time per level and game: each level's search (its node budget, depth cap
//! and noise, as the bot worker runs it) from the start and every perft position of the
//! rules crate, with a fresh 16 MiB table each time (the bot worker keeps one per game). Prints
//! the median and the slowest move in milliseconds and the median nodes. A benchmark: run it
//! in release on a quiet machine
//! (`cargo run --release -p herald-engine --example think_times`).

use std::error::Error;
use std::path::Path;
use std::time::Duration;

use herald_engine::{Engine, Level, Settings};
use herald_rules::{AnyGame, Options, Variant};

/// The start, then the game's perft positions that are not over.
fn positions(variant: Variant) -> Result<Vec<AnyGame>, Box<dyn Error>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../herald-rules/tests/data/{}.perft", variant.id()));
    let mut games = vec![AnyGame::new(variant, Options::NONE, None)?];
    for line in std::fs::read_to_string(path)?.lines() {
        if let Some(fen) = line.trim().strip_prefix("fen ") {
            let fen = fen.split('#').next().unwrap_or("").trim();
            if let Ok(game) = AnyGame::new(variant, Options::NONE, Some(fen))
                && game.outcome().is_none()
            {
                games.push(game);
            }
        }
    }
    Ok(games)
}

fn median<T: Copy + Ord>(mut values: Vec<T>) -> Option<T> {
    values.sort_unstable();
    values.get(values.len() / 2).copied()
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("game          level  positions  median ms  slowest ms  median nodes");
    for variant in Variant::ALL.iter().copied() {
        let games = positions(variant)?;
        for level in Level::all() {
            let mut times: Vec<Duration> = Vec::new();
            let mut nodes: Vec<u64> = Vec::new();
            for (seed, game) in (1u64..).zip(&games) {
                let mut engine = Engine::new(16);
                if let Some(found) = engine.think(game, &Settings::level(level, seed), &mut |_| {}) {
                    times.push(found.elapsed);
                    nodes.push(found.nodes);
                }
            }
            let slowest = times.iter().max().copied().unwrap_or_default();
            println!(
                "{:<13} {:>5}  {:>9}  {:>9.1}  {:>10.1}  {:>12}",
                variant.id(),
                level.get(),
                times.len(),
                median(times).unwrap_or_default().as_secs_f64() * 1_000.0,
                slowest.as_secs_f64() * 1_000.0,
                median(nodes).unwrap_or_default(),
            );
        }
    }
    Ok(())
}
