//! Searches a game's start (or a given position) to a depth and prints each iteration.

use std::error::Error;

use herald_engine::{Engine, Limits, Settings};
use herald_rules::{AnyGame, Options, Variant};

fn main() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let id = args.next().unwrap_or_else(|| "not-chess".to_owned());
    let depth: u32 = args.next().map_or(Ok(6), |d| d.parse())?;
    let fen = args.next();
    let variant: Variant = id.parse()?;
    let game = AnyGame::new(variant, Options::NONE, fen.as_deref())?;
    let mut engine = Engine::new(64);
    let found = engine.think(&game, &Settings::limits(Limits::depth(depth)), &mut |f| {
        let nps = f.nodes as f64 / f.elapsed.as_secs_f64().max(1e-9);
        let pv: Vec<String> = f.pv.iter().map(|m| m.text().to_string()).collect();
        println!(
            "depth {} seldepth {} score {} nodes {} nps {:.0} time {} ms pv {}",
            f.depth,
            f.seldepth,
            f.score,
            f.nodes,
            nps,
            f.elapsed.as_millis(),
            pv.join(" ")
        );
    });
    match found {
        Some(f) => println!("bestmove {}", f.best.text()),
        None => println!("game over"),
    }
    Ok(())
}
