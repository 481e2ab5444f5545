//! The committed tactics suite (`tests/data/tactics/`) re-proved with the rules crate alone:
//! every position reads back, every listed first move wins within N, none wins sooner, and no
//! unlisted move wins; a plain minimax with no cache or move ordering agrees (on every win in 1
//! or 2 and a sample of the wins in 3).

use std::error::Error;
use std::time::Instant;

use herald_rules::{AnyGame, Move, MoveText, Position, Team, Variant};

#[path = "support/tactics.rs"]
mod tactics;

use tactics::{Depth, Tactic};

/// The floor: at least this many positions per game.
const LEAST: usize = 100;
/// Interior nodes a re-proof may take; the generator kept nothing near it.
const BUDGET: u64 = 20_000_000;
/// The plain minimax re-checks every win in 1 or 2, and every this-many-th win in 3 (it is
/// slow by design: no cache, no ordering).
const NAIVE_EVERY_3: usize = 8;

fn check_game(variant: Variant) -> Result<(), Box<dyn Error>> {
    let started = Instant::now();
    let suite = tactics::load(variant)?;
    if suite.len() < LEAST {
        return Err(format!("{}: {} positions, fewer than {LEAST}", variant.id(), suite.len()).into());
    }
    for n in 1..=tactics::MAX_MOVES {
        if !suite.iter().any(|t| t.moves == n) {
            return Err(format!("{}: no win in {n}", variant.id()).into());
        }
    }
    let mut fens: Vec<&str> = suite.iter().map(|t| t.fen.as_str()).collect();
    fens.sort_unstable();
    fens.dedup();
    if fens.len() != suite.len() {
        return Err(format!("{}: a position is listed twice", variant.id()).into());
    }
    for tactic in &suite {
        tactics::check(tactic, Depth::Complete, BUDGET)?;
    }
    let threes = suite.iter().filter(|t| t.moves == 3).step_by(NAIVE_EVERY_3);
    for tactic in suite.iter().filter(|t| t.moves <= 2).chain(threes) {
        naive_check(tactic)?;
    }
    eprintln!(
        "{}: {} positions re-proved in {:?}",
        variant.id(),
        suite.len(),
        started.elapsed()
    );
    Ok(())
}

#[test]
fn nowan_tactics_hold() -> Result<(), Box<dyn Error>> {
    check_game(Variant::Nowan)
}

#[test]
fn not_chess_tactics_hold() -> Result<(), Box<dyn Error>> {
    check_game(Variant::NotChess)
}

#[test]
fn chatrang_tactics_hold() -> Result<(), Box<dyn Error>> {
    check_game(Variant::Chatrang)
}

#[test]
fn ancient_tactics_hold() -> Result<(), Box<dyn Error>> {
    check_game(Variant::Ancient)
}

#[test]
fn the_format_is_read_as_documented() -> Result<(), Box<dyn Error>> {
    let text = "# a comment\n\n\
                7k1/9/9/9/9/9/9/9/K8 b - 1;-;win in 2;a1a2 a1b2\n\
                8/8/8/8/8/8/8/8 w - 1;jumping,promotion;win in 3;b1c3\n";
    let read = tactics::parse(Variant::Ancient, text)?;
    assert_eq!(read.len(), 2);
    assert_eq!((read[0].line, read[0].moves, read[0].winning.len()), (3, 2, 2));
    assert!(read[0].is_winning("a1b2") && !read[0].is_winning("a1b1"));
    assert_eq!(tactics::options_text(read[1].options), "jumping,promotion");
    let line = tactics::format_line(&read[1].fen, read[1].options, 3, &read[1].winning);
    assert_eq!(line, "8/8/8/8/8/8/8/8 w - 1;jumping,promotion;win in 3;b1c3");
    for bad in [
        "a;-;win in 2",
        "a;-;win in 4;e2e3",
        "a;-;win in 1;",
        "a;flying;win in 1;e2e3",
    ] {
        assert!(tactics::parse(Variant::Ancient, bad).is_err(), "{bad}");
    }
    Ok(())
}

/// The same claims by a plain minimax: the winning first moves are exactly the listed ones,
/// and nothing wins within N - 1.
fn naive_check(tactic: &Tactic) -> Result<(), Box<dyn Error>> {
    let game = tactic.game()?;
    let (winning, sooner) = match &game {
        AnyGame::Nowan(g) => naive_root(g.position(), tactic.moves),
        AnyGame::NotChess(g) => naive_root(g.position(), tactic.moves),
        AnyGame::Chatrang(g) => naive_root(g.position(), tactic.moves),
        AnyGame::Ancient(g) => naive_root(g.position(), tactic.moves),
    };
    let mut listed = tactic.winning.clone();
    listed.sort_unstable();
    let mut found: Vec<String> = winning.iter().map(|m| m.text().to_string()).collect();
    found.sort_unstable();
    if found != listed || sooner {
        return Err(format!(
            "{} line {}: plain minimax finds {found:?} (a shorter win: {sooner}), the file lists {listed:?}",
            tactic.variant.id(),
            tactic.line
        )
        .into());
    }
    Ok(())
}

/// The moves that win within `n`, and whether some move wins within `n - 1`.
fn naive_root<P: Position>(position: &P, n: u32) -> (Vec<Move>, bool) {
    let team = P::team_of(position.turn());
    let mut history = vec![position.key()];
    let mut winning = Vec::new();
    let mut sooner = false;
    for m in position.legal_moves(&[]) {
        let child = position.play_unchecked(m);
        if naive_after(&child, &mut history, team, n - 1) {
            winning.push(m);
            sooner |= n > 1 && naive_after(&child, &mut history, team, n - 2);
        }
    }
    (winning, sooner)
}

/// After one of the team's moves, with `left` of its moves to come: is the game won by force?
fn naive_after<P: Position>(position: &P, history: &mut Vec<u64>, team: Team, left: u32) -> bool {
    if let Some(outcome) = position.outcome(history) {
        return tactics::full_win::<P>(outcome, team);
    }
    let ours = P::team_of(position.turn()) == team;
    if left == 0 {
        return false;
    }
    let moves = position.legal_moves(history);
    history.push(position.key());
    let won = if ours {
        moves
            .iter()
            .any(|&m| naive_after(&position.play_unchecked(m), history, team, left - 1))
    } else {
        !moves.is_empty()
            && moves
                .iter()
                .all(|&m| naive_after(&position.play_unchecked(m), history, team, left))
    };
    history.pop();
    won
}

/// `MoveText` is what the data file's moves parse as; a listed move that does not parse
/// fails `tactics::check`, so this only pins the canonical spelling the files use.
#[test]
fn listed_moves_are_canonical() -> Result<(), Box<dyn Error>> {
    for variant in Variant::ALL {
        for tactic in tactics::load(variant)? {
            for text in &tactic.winning {
                let parsed: MoveText = text.parse()?;
                assert_eq!(&parsed.to_string(), text, "{} line {}", variant.id(), tactic.line);
            }
        }
    }
    Ok(())
}
