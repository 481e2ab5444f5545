//! The search finds the forced wins of a small committed set (from the tactics suite) at a
//! fixed depth, and names them as wins. The depth is the win's own length plus one ply: late
//! quiet moves are searched a ply shallower first (reductions), so a quiet first move of a
//! win can need one ply more than the bare line.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_engine::{Engine, Limits, Score, Settings};
use herald_rules::Variant;

#[path = "support/tactics.rs"]
mod tactics;

#[test]
fn the_search_finds_forced_wins_at_the_depth_they_need() {
    for variant in Variant::ALL.iter().copied() {
        for moves in 1..=3 {
            for tactic in tactics::pick(variant, moves, 5).unwrap() {
                let game = tactic.game().unwrap();
                let depth = tactic.max_plies() + 1;
                let found = Engine::new(16)
                    .think(&game, &Settings::limits(Limits::depth(depth)), &mut |_| {})
                    .unwrap();
                let at = format!("{} line {} (win in {moves}, depth {depth})", variant.id(), tactic.line);
                assert!(
                    tactic.is_winning(&found.best.text().to_string()),
                    "{at}: played {} ({}), winning: {:?}",
                    found.best.text(),
                    found.score,
                    tactic.winning
                );
                assert!(
                    matches!(found.score, Score::Win { plies } if plies <= depth),
                    "{at}: scored {}",
                    found.score
                );
            }
        }
    }
}
