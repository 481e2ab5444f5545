//! Search speed beside move-generation speed, per game: the search's nodes per second
//! (quiescence included, evaluation included) next to perft's leaves per second, from
//! the start and the rules crate's perft positions. A benchmark: run it in release on a
//! quiet machine (`cargo run --release -p herald-engine --example speed`).

use std::error::Error;
use std::path::Path;
use std::time::Instant;

use herald_engine::{Engine, Limits, Settings};
use herald_rules::{AnyGame, Options, Variant};

/// Positions of a game's perft file: the start first.
fn positions(variant: Variant) -> Result<Vec<AnyGame>, Box<dyn Error>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../herald-rules/tests/data/{}.perft", variant.id()));
    let mut games = vec![AnyGame::new(variant, Options::NONE, None)?];
    for line in std::fs::read_to_string(path)?.lines() {
        if let Some(fen) = line.trim().strip_prefix("fen ") {
            let game = AnyGame::new(variant, Options::NONE, Some(fen.split('#').next().unwrap_or("").trim()));
            if let Ok(game) = game
                && game.outcome().is_none()
            {
                games.push(game);
            }
        }
    }
    Ok(games)
}

fn main() -> Result<(), Box<dyn Error>> {
    let millis: u64 = std::env::args().nth(1).map_or(Ok(1_000), |a| a.parse())?;
    println!("game          positions  search nodes/s  perft leaves/s  ratio");
    for variant in Variant::ALL.iter().copied() {
        let games = positions(variant)?;
        let (mut nodes, mut search_time) = (0u64, 0f64);
        for game in &games {
            let mut engine = Engine::new(64);
            let found = engine.think(game, &Settings::limits(Limits::movetime(millis)), &mut |_| {});
            if let Some(found) = found {
                nodes += found.nodes;
                search_time += found.elapsed.as_secs_f64();
            }
        }
        let (mut leaves, mut perft_time) = (0u64, 0f64);
        for game in &games {
            // The deepest perft that fits in about the same time.
            let mut depth = 1;
            loop {
                let began = Instant::now();
                let count = game.perft(depth);
                let spent = began.elapsed().as_secs_f64();
                if spent * 8.0 > millis as f64 / 1_000.0 || depth >= 8 {
                    leaves += count;
                    perft_time += spent;
                    break;
                }
                depth += 1;
            }
        }
        let search = nodes as f64 / search_time.max(1e-9);
        let perft = leaves as f64 / perft_time.max(1e-9);
        println!(
            "{:<13} {:>9}  {:>14.0}  {:>14.0}  {:>5.2}",
            variant.id(),
            games.len(),
            search,
            perft,
            search / perft
        );
    }
    Ok(())
}
