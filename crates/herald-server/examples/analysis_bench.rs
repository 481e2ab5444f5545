//! Server time of the analysis endpoint's work for one position, uncached: the position
//! string read, every legal move generated, played and its result written, and the answer
//! serialised. Positions come from seeded random games of each game (up to 80 plies).
//!
//! `cargo run --release -p herald-server --example analysis_bench`

#![allow(clippy::expect_used, clippy::unwrap_used)]

#[path = "support/allocator.rs"]
mod allocator;

use std::time::Instant;

use herald_rules::{AnyGame, Options, Variant};
use herald_server::api::analysis::analyse;
use herald_server::domain::rules::{HeraldRules, Rules};

fn main() {
    let mut seed = 0x0a11_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let games: [(Variant, &[&str]); 5] = [
        (Variant::Nowan, &[]),
        (Variant::NotChess, &[]),
        (Variant::Chatrang, &[]),
        (Variant::Ancient, &[]),
        (Variant::Ancient, &["ferz-forward", "jumping", "promotion"]),
    ];
    println!("game (options)                 positions   p50 µs   p99 µs   max µs");
    for (variant, ids) in games {
        let options = Options::parse(variant, ids.iter().copied()).expect("options");
        let mut fens = Vec::new();
        for _ in 0..40 {
            let mut game = AnyGame::new(variant, options, None).expect("start");
            for _ in 0..80 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                fens.push(game.fen());
                let pick = usize::try_from(next() % moves.len() as u64).unwrap_or(0);
                game.play_text(&moves[pick].to_string()).expect("legal");
            }
        }
        let mut micros = Vec::with_capacity(fens.len());
        for fen in &fens {
            let start = Instant::now();
            let game = HeraldRules.setup(variant, options, fen).expect("position");
            let analysis = analyse(variant, options, game.as_ref()).expect("analysis");
            let body = serde_json::to_string(&analysis).expect("json");
            std::hint::black_box(body);
            micros.push(start.elapsed().as_secs_f64() * 1e6);
        }
        micros.sort_by(f64::total_cmp);
        let at = |q: f64| micros[((micros.len() - 1) as f64 * q) as usize];
        println!(
            "{:<30} {:>9} {:>8.0} {:>8.0} {:>8.0}",
            format!("{} ({})", variant.id(), ids.join(",")),
            micros.len(),
            at(0.5),
            at(0.99),
            micros[micros.len() - 1]
        );
    }
}
