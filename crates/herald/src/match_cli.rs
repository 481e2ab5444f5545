//! `herald match`: two engines play each opening with both sides, Herald's rules judging
//! every move; the tally, Elo difference, rules mismatches and speeds are reported. The
//! arithmetic and openings are `herald_engine::matchplay`; the players `match_player`.

use std::fmt::Write as _;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use herald_engine::matchplay::{self, EngineSpec, Result3, Tally};
use herald_rules::{AnyGame, Move, Outcome, Team};

use crate::match_player::{Player, TIMEOUT};

/// What `herald match` was asked to do.
#[derive(Debug)]
pub struct MatchConfig {
    pub start: AnyGame,
    pub a: EngineSpec,
    pub b: EngineSpec,
    pub a_text: String,
    pub b_text: String,
    pub openings: Vec<Vec<Move>>,
    /// How the openings were made, for the report.
    pub openings_text: String,
    /// Plies after which a game is adjudicated a draw.
    pub max_plies: usize,
    pub concurrency: usize,
    pub hash_mib: usize,
    /// How external engines' legal moves are compared with Herald's.
    pub compare: Compare,
    pub log: Option<std::path::PathBuf>,
}

/// How much of an external engine's idea of the legal moves must agree with Herald's
/// (asked at every ply with `go perft 1`). Herald's rules check every move in all modes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compare {
    /// The lists must be equal at every ply.
    Strict,
    /// Every move played must be legal for the external engines too (so that their
    /// positions stay Herald's); where the lists differ, an external engine to move is
    /// confined to Herald's moves (`go ... searchmoves`), and the ply is counted.
    Played,
    /// No comparison.
    Off,
}

/// How one game ended.
#[derive(Debug)]
enum End {
    Rules(Outcome),
    /// The move cap: a draw by adjudication.
    Cap,
    /// An external engine gave no move within its hard time limit: it loses on time.
    Forfeit {
        loser: Team,
        detail: String,
    },
    /// Not scored: the engines and the rules disagree, or an engine failed.
    Unscored {
        kind: &'static str,
        detail: String,
    },
}

/// One finished game.
#[derive(Debug)]
struct Record {
    index: usize,
    a_team: Team,
    moves: Vec<String>,
    end: End,
    /// Nodes, thinking time and moves of engine A, then B.
    work: [(u64, Duration, usize); 2],
    /// Each engine's longest move and the position it was thought in.
    longest: [(Duration, String); 2],
    /// Plies compared with an external engine's list, and how many of them differed.
    compared: (usize, usize),
}

/// Runs the match and prints its report; `Err` is a usage or I/O error.
pub fn run(config: &MatchConfig) -> Result<(), String> {
    let total = config.openings.len() * 2;
    let next = AtomicUsize::new(0);
    let records = Mutex::new(Vec::with_capacity(total));
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let record = play(config, index);
                    let _ = writeln!(std::io::stderr().lock(), "{}", progress_line(config, &record, total));
                    if let Ok(mut records) = records.lock() {
                        records.push(record);
                    }
                }
            });
        }
    });
    let mut records = records.into_inner().map_err(|_| "a game thread failed".to_owned())?;
    records.sort_by_key(|r| r.index);
    if let Some(path) = &config.log {
        std::fs::write(path, game_log(config, &records)).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let _ = write!(std::io::stdout().lock(), "{}", report(config, &records));
    Ok(())
}

fn play(config: &MatchConfig, index: usize) -> Record {
    let a_team = matchplay::team_of_a(index);
    let mut game = config.start.clone();
    let mut record = Record {
        index,
        a_team,
        moves: Vec::new(),
        end: End::Cap,
        work: [(0, Duration::ZERO, 0); 2],
        longest: [(Duration::ZERO, String::new()), (Duration::ZERO, String::new())],
        compared: (0, 0),
    };
    for m in &config.openings[index / 2] {
        if let Err(e) = game.play_text(&m.to_string()) {
            record.end = unscored("bad opening", &game, &m.to_string(), &e.to_string());
            return record;
        }
        record.moves.push(m.to_string());
    }
    // One player per seat: in Chatrang each engine fields a team of two.
    let seats = game.spec().seats;
    let mut players = Vec::with_capacity(seats.len());
    for (seat, info) in seats.iter().enumerate() {
        let (spec, side) = if info.team == a_team {
            (&config.a, "A")
        } else {
            (&config.b, "B")
        };
        let seed = (index as u64) << 8 | seat as u64;
        match Player::start(spec, &game, config.hash_mib, seed) {
            Ok(player) => players.push((player, usize::from(side == "B"))),
            Err(e) => {
                record.end = unscored("engine failure", &game, "", &format!("engine {side}: {e}"));
                return record;
            }
        }
    }
    record.end = 'game: loop {
        if let Some(outcome) = game.outcome() {
            break End::Rules(outcome);
        }
        if game.moves().len() >= config.max_plies {
            break End::Cap;
        }
        let mut ours: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
        ours.sort();
        // Every external engine's list, whoever is to move: a move it thinks illegal
        // would put its position out of step with Herald's.
        let mut theirs = Vec::new();
        if config.compare != Compare::Off {
            for (other, other_side) in &mut players {
                match other.legal_moves(&game) {
                    Ok(Some(list)) => theirs.push((["A", "B"][*other_side], list)),
                    Ok(None) => {}
                    Err(e) => break 'game unscored("engine failure", &game, "", &e),
                }
            }
        }
        let Some((player, side)) = players.get_mut(game.turn().index()) else {
            break unscored("engine failure", &game, "", "no player for the seat to move");
        };
        let name = ["A", "B"][*side];
        let mut only = None;
        if let Some(detail) = list_difference(&ours, &theirs) {
            record.compared.1 += 1;
            if config.compare == Compare::Strict {
                break unscored("rules mismatch", &game, "", &detail);
            }
            // Confine the engine to move only if its own list is not Herald's.
            if theirs
                .iter()
                .any(|(who, list)| *who == name && list_difference(&ours, &[(who, list.clone())]).is_some())
            {
                only = Some(ours.as_slice());
            }
        }
        record.compared.0 += usize::from(!theirs.is_empty());
        let choice = match player.choose(&game, only) {
            Ok(choice) => choice,
            Err(e) if e.starts_with(TIMEOUT) => {
                let loser = if *side == 0 { a_team } else { a_team.other() };
                let detail = format!("engine {name}: {e} at {}", game.fen());
                break End::Forfeit { loser, detail };
            }
            Err(e) => break unscored("engine failure", &game, "", &format!("engine {name}: {e}")),
        };
        record.work[*side].0 += choice.nodes;
        record.work[*side].1 += choice.elapsed;
        record.work[*side].2 += 1;
        if choice.elapsed > record.longest[*side].0 {
            record.longest[*side] = (choice.elapsed, game.fen());
        }
        let Some(text) = choice.text else {
            break unscored(
                "rules mismatch",
                &game,
                "",
                &format!("engine {name} has no move; Herald has {}", ours.len()),
            );
        };
        if ours.contains(&text)
            && let Some((other, _)) = theirs.iter().find(|(_, list)| !list.contains(&text))
        {
            break unscored(
                "rules mismatch",
                &game,
                &text,
                &format!("engine {other} holds this legal move illegal"),
            );
        }
        if let Err(e) = game.play_text(&text) {
            break unscored(
                "rules mismatch",
                &game,
                &text,
                &format!("engine {name}'s move is refused: {e}"),
            );
        }
        record.moves.push(text);
    };
    record
}

/// Describes how external engines' lists differ from Herald's, if they do.
fn list_difference(ours: &[String], theirs: &[(&str, Vec<String>)]) -> Option<String> {
    theirs.iter().find_map(|(name, list)| {
        let (only_ours, only_theirs) = matchplay::compare_moves(ours, list);
        (!only_ours.is_empty() || !only_theirs.is_empty()).then(|| {
            format!(
                "engine {name}'s legal moves differ: only Herald has [{}], only the engine has [{}]",
                only_ours.join(" "),
                only_theirs.join(" ")
            )
        })
    })
}

fn unscored(kind: &'static str, game: &AnyGame, mv: &str, detail: &str) -> End {
    let at = if mv.is_empty() {
        String::new()
    } else {
        format!(" move {mv}:")
    };
    End::Unscored {
        kind,
        detail: format!("ply {} fen {}{at} {detail}", game.moves().len() + 1, game.fen()),
    }
}

fn result_of(record: &Record) -> Option<Result3> {
    match &record.end {
        End::Rules(outcome) => Some(Result3::from_outcome(Some(*outcome), record.a_team)),
        End::Cap => Some(Result3::Draw),
        End::Forfeit { loser, .. } => Some(if *loser == record.a_team {
            Result3::Loss
        } else {
            Result3::Win
        }),
        End::Unscored { .. } => None,
    }
}

fn end_text(end: &End) -> String {
    match end {
        End::Rules(outcome) => match outcome.winner() {
            Some(team) => format!("team {} wins: {}", team.get() + 1, outcome.reason().describe()),
            None => format!("draw: {}", outcome.reason().describe()),
        },
        End::Cap => "draw: adjudicated at the move cap".into(),
        End::Forfeit { loser, detail } => format!("team {} loses on time: {detail}", loser.get() + 1),
        End::Unscored { kind, detail } => format!("{kind}: {detail}"),
    }
}

fn progress_line(config: &MatchConfig, record: &Record, total: usize) -> String {
    let result = match result_of(record) {
        Some(Result3::Win) => "A wins",
        Some(Result3::Draw) => "draw",
        Some(Result3::Loss) => "B wins",
        None => "unscored",
    };
    format!(
        "game {}/{total} (opening {}, A plays team {}): {result} after {} plies ({})",
        record.index + 1,
        record.index / 2 + 1,
        record.a_team.get() + 1,
        record.moves.len(),
        end_text(&record.end).chars().take(200).collect::<String>()
    ) + if config.concurrency > 1 { " [parallel]" } else { "" }
}

fn nps(work: (u64, Duration, usize)) -> String {
    let ms = work.1.as_millis();
    if work.0 == 0 || ms == 0 {
        "n/a".into()
    } else {
        format!("{}", u128::from(work.0) * 1000 / ms)
    }
}

fn report(config: &MatchConfig, records: &[Record]) -> String {
    let mut tally = Tally::default();
    let mut work = [(0, Duration::ZERO, 0); 2];
    let mut longest = [(Duration::ZERO, String::new()), (Duration::ZERO, String::new())];
    let mut unscored = Vec::new();
    let mut plies = 0;
    let mut compared = (0, 0);
    let mut forfeits = Vec::new();
    for record in records {
        if matches!(record.end, End::Forfeit { .. }) {
            forfeits.push(record);
        }
        compared.0 += record.compared.0;
        compared.1 += record.compared.1;
        match result_of(record) {
            Some(result) => {
                tally.add(result);
                plies += record.moves.len();
            }
            None => {
                tally.unscored += 1;
                unscored.push(record);
            }
        }
        for (total, game) in work.iter_mut().zip(record.work) {
            total.0 += game.0;
            total.1 += game.1;
            total.2 += game.2;
        }
        for (most, game) in longest.iter_mut().zip(&record.longest) {
            if game.0 > most.0 {
                *most = game.clone();
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "match {}: A = {} vs B = {}",
        config.start.variant(),
        config.a_text,
        config.b_text
    );
    let _ = writeln!(
        out,
        "openings {} ({}), each played with both sides; move cap {} plies (adjudicated draw)",
        config.openings.len(),
        config.openings_text,
        config.max_plies
    );
    let _ = writeln!(
        out,
        "games {}: scored {} (A wins {}, draws {}, A losses {}), unscored {}",
        tally.games(),
        tally.scored(),
        tally.wins,
        tally.draws,
        tally.losses,
        tally.unscored
    );
    match (tally.score(), tally.elo()) {
        (Some(score), Some(elo)) => {
            let _ = writeln!(out, "score A {:.1}%  Elo A-B {elo}", score * 100.0);
        }
        _ => {
            let _ = writeln!(out, "score n/a (no scored games)");
        }
    }
    let average = if tally.scored() > 0 {
        plies / tally.scored() as usize
    } else {
        0
    };
    let _ = writeln!(out, "average length {average} plies (scored games)");
    let _ = writeln!(out, "nodes/s A {}  B {}", nps(work[0]), nps(work[1]));
    for (name, (total, most)) in ["A", "B"].iter().zip(work.iter().zip(&longest)) {
        let average = total.1.as_millis() / (total.2 as u128).max(1);
        let _ = writeln!(
            out,
            "time per move {name}: average {average} ms over {} moves, longest {} ms ({})",
            total.2,
            most.0.as_millis(),
            most.1
        );
    }
    if config.compare != Compare::Off && compared.0 > 0 {
        let _ = writeln!(
            out,
            "legal-move lists compared with the external engine at {} plies ({:?} mode): {} differed",
            compared.0, config.compare, compared.1
        );
    }
    let _ = writeln!(out, "losses on time (scored) {}:", forfeits.len());
    for record in forfeits {
        let _ = writeln!(out, "  game {}: {}", record.index + 1, end_text(&record.end));
    }
    let _ = writeln!(out, "unscored games {}:", unscored.len());
    for record in unscored {
        let _ = writeln!(out, "  game {}: {}", record.index + 1, end_text(&record.end));
    }
    out
}

/// A PGN-like record of every game: tags, then the moves in canonical text.
fn game_log(config: &MatchConfig, records: &[Record]) -> String {
    let mut out = String::new();
    for record in records {
        let result = match result_of(record) {
            Some(Result3::Win) => "A",
            Some(Result3::Loss) => "B",
            Some(Result3::Draw) => "draw",
            None => "unscored",
        };
        let _ = writeln!(out, "[Variant \"{}\"]", config.start.variant());
        let _ = writeln!(out, "[Game \"{}\"]", record.index + 1);
        let _ = writeln!(out, "[Opening \"{}\"]", record.index / 2 + 1);
        let _ = writeln!(out, "[A \"{}\"]\n[B \"{}\"]", config.a_text, config.b_text);
        let _ = writeln!(out, "[ATeam \"{}\"]", record.a_team.get() + 1);
        let _ = writeln!(out, "[Result \"{result}\"]");
        let _ = writeln!(out, "[End \"{}\"]", end_text(&record.end).replace('"', "'"));
        let _ = writeln!(out, "\n{}\n", record.moves.join(" "));
    }
    out
}
