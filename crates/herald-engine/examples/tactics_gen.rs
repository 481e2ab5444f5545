//! Generates the tactics suite of one game: seeded semi-random games, and at sampled
//! positions an exhaustive proof search (rules crate only) for the shortest forced win in at
//! most 3 of the winner's moves. Prints the data file on stdout, progress on stderr.
//!
//! `cargo run --release -p herald-engine --example tactics_gen -- <game> <count> <seed> [budget]`

use std::collections::HashSet;
use std::error::Error;
use std::time::Instant;

use herald_rules::{AnyGame, EndReason, Move, Options, Position, Variant};

#[path = "../tests/support/tactics.rs"]
mod tactics;

use tactics::{MAX_MOVES, OutOfBudget, Solution};

/// Interior proof nodes per tested position unless told otherwise.
const DEFAULT_BUDGET: u64 = 400_000;
/// A random game stops here if it has not ended.
const MAX_PLIES: usize = 220;
/// Positions kept from one game, so that no game dominates the suite.
const PER_GAME: usize = 3;
/// Gives up (printing what it has) if the quotas are not filled after this many games.
const MAX_GAMES: u64 = 5_000;
/// Plies between two positions kept from one game.
const SPACING: usize = 6;
/// Out of 100: how often a position is tested (the rest are just played through).
const TEST_PERCENT: u64 = 45;
/// Phases by the share of the start's pieces still on the board (in %): at least
/// `PHASES[0]` is the opening, at least `PHASES[1]` the middlegame, the rest the ending.
const PHASES: [usize; 2] = [60, 30];
const PHASE_NAMES: [&str; 3] = ["opening", "middlegame", "ending"];

/// SplitMix64: small, seeded, and the same everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn percent(&mut self, p: u64) -> bool {
        self.next() % 100 < p
    }
}

/// How a game's move is chosen at one position, in the position's own type.
struct Choice {
    /// Legal moves that do not end the game (a game that ended gives no more positions).
    quiet: Vec<Move>,
    /// Of those, the ones after which the next player has no immediate win.
    safe: Vec<Move>,
    /// Of the safe ones, the captures.
    safe_captures: Vec<Move>,
}

fn choice<P: Position>(position: &P, history: &mut Vec<u64>) -> Choice {
    let moves = position.legal_moves(history);
    let team = P::team_of(position.turn());
    let board = position.board();
    let mut out = Choice {
        quiet: Vec::new(),
        safe: Vec::new(),
        safe_captures: Vec::new(),
    };
    history.push(position.key());
    for m in moves {
        let child = position.play_unchecked(m);
        if child.outcome(history).is_some() {
            continue;
        }
        out.quiet.push(m);
        let capture = board
            .piece_at(m.to())
            .is_some_and(|(_, owner)| P::team_of(owner) != team);
        let replies = child.legal_moves(history);
        history.push(child.key());
        let next_team = P::team_of(child.turn());
        let loses = replies.iter().any(|&r| {
            child
                .play_unchecked(r)
                .outcome(history)
                .is_some_and(|o| o.winner() == Some(next_team))
        });
        history.pop();
        if !loses {
            out.safe.push(m);
            if capture {
                out.safe_captures.push(m);
            }
        }
    }
    history.pop();
    out
}

fn choose(game: &AnyGame, rng: &mut Rng) -> Option<Move> {
    let c = match game {
        AnyGame::Nowan(g) => choice(g.position(), &mut g.history().to_vec()),
        AnyGame::NotChess(g) => choice(g.position(), &mut g.history().to_vec()),
        AnyGame::Chatrang(g) => choice(g.position(), &mut g.history().to_vec()),
        AnyGame::Ancient(g) => choice(g.position(), &mut g.history().to_vec()),
    };
    // Mostly careful play (no move that lets the next player win at once), capture-hungry,
    // with some blunders so that positions of every kind come up.
    let pool = if !c.safe_captures.is_empty() && rng.percent(45) {
        &c.safe_captures
    } else if !c.safe.is_empty() && rng.percent(85) {
        &c.safe
    } else {
        &c.quiet
    };
    pool.get(rng.below(pool.len())).copied()
}

/// The position alone, as the data file will give it (no history).
fn standalone(game: &AnyGame) -> Result<AnyGame, Box<dyn Error>> {
    Ok(AnyGame::new(game.variant(), game.options(), Some(&game.fen()))?)
}

fn options_for(variant: Variant, rng: &mut Rng) -> Options {
    let mut options = Options::NONE;
    for &option in variant.options() {
        if rng.percent(50) {
            options = options.with(option);
        }
    }
    options
}

/// How many positions of each length to keep: about 30 % wins in 1, 35 % in 2 and 3.
fn quotas(count: usize) -> [usize; 3] {
    let one = count * 30 / 100;
    let two = (count - one) / 2;
    [one, two, count - one - two]
}

/// The phase of a position with `pieces` of the start's `start` pieces.
fn phase(pieces: usize, start: usize) -> usize {
    let share = 100 * pieces / start.max(1);
    PHASES.iter().position(|&p| share >= p).unwrap_or(PHASES.len())
}

struct Kept {
    line: String,
    moves: u32,
    ply: usize,
    phase: usize,
    /// How a win in 1 ends.
    reason: Option<EndReason>,
    winning: usize,
    legal: usize,
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: tactics_gen <game> <count> <seed> [budget]";
    let [game_id, count, seed, rest @ ..] = &args[..] else {
        return Err(usage.into());
    };
    let variant: Variant = game_id.parse()?;
    let count: usize = count.parse()?;
    let seed: u64 = seed.parse()?;
    let budget: u64 = match rest.first() {
        Some(b) => b.parse()?,
        None => DEFAULT_BUDGET,
    };
    let mut rng = Rng(seed);
    let quota = quotas(count);
    let mut found = [0_usize; 3];
    // Random games shed material fast, so endings would crowd out the rest: no phase may
    // take more than half of a length's quota.
    let mut by_phase = [[0_usize; 3]; 3];
    let start_pieces = AnyGame::new(variant, Options::NONE, None)?.pieces().count();
    let mut kept: Vec<Kept> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let (mut tested, mut over_budget, mut trivial, mut games) = (0_u64, 0_u64, 0_u64, 0_u64);
    let started = Instant::now();

    while found.iter().zip(quota).any(|(f, q)| *f < q) && games < MAX_GAMES {
        games += 1;
        let options = options_for(variant, &mut rng);
        let mut game = AnyGame::new(variant, options, None)?;
        let mut from_game = 0;
        let mut last_kept: Option<usize> = None;
        for ply in 0..MAX_PLIES {
            if game.outcome().is_some() || from_game >= PER_GAME {
                break;
            }
            let spaced = last_kept.is_none_or(|k| ply >= k + SPACING);
            if ply >= 2 && spaced && rng.percent(TEST_PERCENT) && seen.insert(game.fen()) {
                // Only look as deep as some quota still wants.
                let deepest = (1..=MAX_MOVES)
                    .rev()
                    .find(|n| found[*n as usize - 1] < quota[*n as usize - 1]);
                let position = standalone(&game)?;
                tested += 1;
                match deepest.map(|d| tactics::solve_game(&position, d, budget)) {
                    Some(Ok(Some(solution))) => {
                        let n = solution.moves as usize - 1;
                        let phase = phase(position.pieces().count(), start_pieces);
                        let reason = first_reason(&position, &solution)?;
                        let cap = reason_cap(variant, reason, quota[0]);
                        let same = kept.iter().filter(|k| reason.is_some() && k.reason == reason).count();
                        let room = by_phase[n][phase] < quota[n].div_ceil(2) && (reason.is_none() || same < cap);
                        if room && keep(&solution, &found, &quota) {
                            found[n] += 1;
                            by_phase[n][phase] += 1;
                            from_game += 1;
                            last_kept = Some(ply);
                            let line =
                                tactics::format_line(&position.fen(), options, solution.moves, &solution.winning);
                            eprintln!(
                                "[{:>6.1}s] game {games} ply {ply} ({}): win in {} ({} of {} moves win, {} nodes) found {found:?}",
                                started.elapsed().as_secs_f64(),
                                PHASE_NAMES[phase],
                                solution.moves,
                                solution.winning.len(),
                                solution.legal,
                                solution.nodes
                            );
                            kept.push(Kept {
                                line,
                                moves: solution.moves,
                                ply,
                                phase,
                                reason,
                                winning: solution.winning.len(),
                                legal: solution.legal,
                            });
                        } else {
                            trivial += 1;
                        }
                    }
                    Some(Err(OutOfBudget)) => over_budget += 1,
                    Some(Ok(None)) | None => {}
                }
            }
            let Some(m) = choose(&game, &mut rng) else { break };
            game.play_text(&m.text().to_string())?;
        }
    }

    kept.sort_by_key(|k| (k.moves, k.phase, k.ply));
    let by_n: Vec<usize> = (1..=MAX_MOVES)
        .map(|n| kept.iter().filter(|k| k.moves == n).count())
        .collect();
    println!("# Tactics suite: {} ({} positions).", variant.name(), kept.len());
    println!(
        "# Generated by: cargo run --release -p herald-engine --example tactics_gen -- {game_id} {count} {seed} {budget}"
    );
    println!(
        "# {games} seeded semi-random games, {tested} positions proof-searched, {over_budget} over the node budget, \
         {trivial} found but not kept (trivial or over quota)."
    );
    println!("# Wins in 1/2/3: {}/{}/{}.", by_n[0], by_n[1], by_n[2]);
    for (n, phases) in by_phase.iter().enumerate() {
        println!(
            "# Wins in {}: {} opening, {} middlegame, {} ending (at least {}/{}% of the start's pieces on the board).",
            n + 1,
            phases[0],
            phases[1],
            phases[2],
            PHASES[0],
            PHASES[1]
        );
    }
    println!("# Format: <fen>;<options or ->;win in <N>;<every winning first move> (README of tests/data/tactics).");
    for k in &kept {
        let ends = k.reason.map(|r| format!(", ends by {}", r.id())).unwrap_or_default();
        println!(
            "# ply {}, {}, {} of {} legal moves win{ends}",
            k.ply, PHASE_NAMES[k.phase], k.winning, k.legal
        );
        println!("{}", k.line);
    }
    eprintln!(
        "done in {:.1}s: {games} games, {tested} tested, {over_budget} over budget, kept {by_n:?}",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// How many wins in 1 may end the same way, so that one kind does not crowd out the others:
/// a King left en prise (the dullest) a third of them at most, any other ending two thirds.
/// In Not Chess a win in 1 is a King capture (its other wins need the loser's own move), so
/// there is no cap there.
fn reason_cap(variant: Variant, reason: Option<EndReason>, quota: usize) -> usize {
    match reason {
        _ if variant == Variant::NotChess => quota,
        Some(EndReason::KingCaptured) => quota / 3,
        _ => 2 * quota / 3,
    }
}

/// How a win in 1 ends (its first winning move's outcome); `None` for longer wins.
fn first_reason(position: &AnyGame, solution: &Solution) -> Result<Option<EndReason>, Box<dyn Error>> {
    match solution.winning.first() {
        Some(first) if solution.moves == 1 => {
            let mut game = position.clone();
            game.play_text(first)?;
            Ok(game.outcome().map(|o| o.reason()))
        }
        _ => Ok(None),
    }
}

/// Whether a found win is worth keeping: its length's quota is open, and it is not one
/// where most moves win anyway.
fn keep(solution: &Solution, found: &[usize; 3], quota: &[usize; 3]) -> bool {
    let n = solution.moves as usize - 1;
    let open = found.get(n).zip(quota.get(n)).is_some_and(|(f, q)| f < q);
    open && !solution.winning.is_empty() && 2 * solution.winning.len() <= solution.legal
}
