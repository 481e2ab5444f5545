//! Our Dutch pairings against bbpPairings', the FIDE-endorsed engine (2025 Dutch rules),
//! the way FIDE checks a pairing program (Handbook C.04.A, the A.7 test): 200 tournaments
//! its Random Tournament Generator played (`tests/data/bbp_dutch_2025.trf`, made with
//! `tools/compare_bbp.py`'s recipe: 5-30 players, 4-7 rounds, 30 % draws), each round
//! re-paired here from the same players and history and compared game by game, colours and
//! bye included.
//!
//! Every round must agree, with each player's float history and the round's place in the
//! event (the last round brings in the topscorer rules) read from the file as the server
//! records them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet, HashSet};

use herald_pairing::{Colour, Float, RoundInfo, SwissPlayer, pair_round_with};

/// One round of one player: opponent (0: none), colour (`w`, `b`, `-`), result code.
type Slot = (usize, char, char);

/// A tournament's players: pairing number -> rounds.
type Players = BTreeMap<usize, Vec<Slot>>;

fn wins(result: char) -> bool {
    matches!(result, '1' | '+' | 'W' | 'U' | 'F')
}

fn halves(result: char) -> u32 {
    if wins(result) {
        2
    } else if matches!(result, '=' | 'D' | 'H') {
        1
    } else {
        0
    }
}

/// The tournaments of the file: pairing number -> rounds, and the round count its XXR line
/// gives, if any. A tournament whose top player
/// began with black (the generator draws the initial colour; ours is white) is read with
/// every colour swapped, which the rules treat alike.
fn tournaments(text: &str) -> Vec<(Players, Option<usize>)> {
    let mut all = Vec::new();
    for block in text.split("\n012 ").map(|b| b.trim_start_matches("012 ")) {
        let mut players = BTreeMap::new();
        for line in block.lines().filter(|l| l.starts_with("001")) {
            let number: usize = line[4..8].trim().parse().unwrap();
            let mut rounds = Vec::new();
            let mut at = 91;
            while at + 8 <= line.len() {
                let chunk: Vec<char> = line[at..].chars().take(10).collect();
                let opponent: String = chunk[0..4].iter().collect();
                rounds.push((opponent.trim().parse().unwrap_or(0), chunk[5], chunk[7]));
                at += 10;
            }
            players.insert(number, rounds);
        }
        if players
            .get(&1)
            .is_some_and(|r: &Vec<Slot>| r.first().is_some_and(|s| s.1 == 'b'))
        {
            for rounds in players.values_mut() {
                for slot in rounds.iter_mut() {
                    slot.1 = match slot.1 {
                        'w' => 'b',
                        'b' => 'w',
                        other => other,
                    };
                }
            }
        }
        if !players.is_empty() {
            // The event's round count (XXR), when the file says it.
            let total = block
                .lines()
                .find_map(|l| l.strip_prefix("XXR"))
                .and_then(|n| n.trim().parse().ok());
            all.push((players, total));
        }
    }
    all
}

/// A player's score before round `k` (0-based).
fn score(players: &BTreeMap<usize, Vec<Slot>>, number: usize, k: usize) -> u32 {
    players[&number][..k].iter().map(|s| halves(s.2)).sum()
}

/// Whether the slot is a game actually played.
fn played(slot: &Slot) -> bool {
    slot.0 != 0 && matches!(slot.2, '1' | '0' | '=')
}

/// A player's float in round `k` (0-based), as the server records it: against a lower
/// score down, a higher one up; without a game, down when it scored more than a loss.
fn float(players: &BTreeMap<usize, Vec<Slot>>, number: usize, k: usize) -> Float {
    let slot = players[&number][k];
    if !played(&slot) {
        return if halves(slot.2) > 0 { Float::Down } else { Float::None };
    }
    let (own, theirs) = (score(players, number, k), score(players, slot.0, k));
    match own.cmp(&theirs) {
        std::cmp::Ordering::Greater => Float::Down,
        std::cmp::Ordering::Less => Float::Up,
        std::cmp::Ordering::Equal => Float::None,
    }
}

/// The players of round `r` (0-based) as they stood before it.
fn before(players: &BTreeMap<usize, Vec<Slot>>, r: usize) -> Vec<SwissPlayer> {
    players
        .iter()
        .filter(|(_, rounds)| rounds.get(r).is_some_and(|&(opp, _, res)| opp != 0 || res == 'U'))
        .map(|(&number, rounds)| {
            let past = &rounds[..r];
            SwissPlayer {
                number,
                points: score(players, number, r),
                colours: past
                    .iter()
                    .filter(|s| played(s))
                    .map(|s| if s.1 == 'w' { Colour::White } else { Colour::Black })
                    .collect(),
                opponents: past.iter().filter(|s| played(s)).map(|s| s.0).collect::<HashSet<_>>(),
                had_bye: past.iter().any(|s| matches!(s.2, 'U' | '+' | 'F')),
                floats: (0..r).map(|k| float(players, number, k)).collect(),
            }
        })
        .collect()
}

/// The round bbpPairings paired: (white, black) games and the bye.
fn actual(players: &BTreeMap<usize, Vec<Slot>>, r: usize) -> (BTreeSet<(usize, usize)>, Option<usize>) {
    let mut games = BTreeSet::new();
    let mut bye = None;
    for (&number, rounds) in players {
        match rounds.get(r) {
            Some(&(opp, 'w', _)) if opp != 0 => {
                games.insert((number, opp));
            }
            Some(&(_, _, 'U')) => bye = Some(number),
            _ => {}
        }
    }
    (games, bye)
}

/// Whether anyone floated (met an opponent with another score, or had the bye) in the two
/// rounds before round `r`: the float criteria (C.14-C.21) matter only then.
fn floats_before(players: &BTreeMap<usize, Vec<Slot>>, r: usize) -> bool {
    (r.saturating_sub(2)..r).any(|k| {
        players
            .keys()
            .any(|&n| players[&n].len() > k && float(players, n, k) != Float::None)
    })
}

#[test]
fn our_dutch_pairings_agree_with_the_fide_endorsed_engine() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bbp_dutch_2025.trf"))
        .unwrap()
        .replace("\r\n", "\n");
    let events = tournaments(&text);
    assert_eq!(events.len(), 200);
    // (agreeing, rounds) for: round one, rounds after two without a float, the others.
    let mut first = (0, 0);
    let mut calm = (0, 0);
    let mut floated = (0, 0);
    let mut last = (0, 0);
    let mut differences = Vec::new();
    for (event, (players, total)) in events.iter().enumerate() {
        // Rounds played; the event's count from XXR, else the rounds played (the generator
        // plays them all).
        let rounds = players.values().map(Vec::len).max().unwrap();
        let total_rounds = total.unwrap_or(rounds);
        for r in 0..rounds {
            let info = RoundInfo {
                round: r as u32 + 1,
                total_rounds: total_rounds as u32,
                points_for_win: 2,
            };
            let round = pair_round_with(&before(players, r), Some(&info)).expect("bbpPairings paired this round");
            let ours: BTreeSet<(usize, usize)> = round.games.iter().map(|g| (g.white, g.black)).collect();
            let theirs = actual(players, r);
            let same = (&ours, round.bye) == (&theirs.0, theirs.1);
            let bucket = if r == 0 {
                &mut first
            } else if floats_before(players, r) {
                &mut floated
            } else {
                &mut calm
            };
            bucket.0 += usize::from(same);
            bucket.1 += 1;
            if r + 1 == rounds {
                last.0 += usize::from(same);
                last.1 += 1;
            }
            if !same {
                let only_ours: Vec<_> = ours.difference(&theirs.0).collect();
                let only_theirs: Vec<_> = theirs.0.difference(&ours).collect();
                differences.push(format!(
                    "event {event} round {}/{rounds}: ours {only_ours:?} bye {:?}, bbpPairings {only_theirs:?} bye {:?}",
                    r + 1,
                    round.bye,
                    theirs.1
                ));
            }
        }
    }
    println!(
        "agreement with bbpPairings: round one {}/{}; after two rounds without a float {}/{}; \
         after a float {}/{}; last rounds {}/{}",
        first.0, first.1, calm.0, calm.1, floated.0, floated.1, last.0, last.1
    );
    for d in &differences {
        println!("{d}");
    }
    assert!(calm.1 >= 100 && floated.1 >= 500, "{calm:?} {floated:?}");
    assert!(
        differences.is_empty(),
        "{} rounds disagree:\n{}",
        differences.len(),
        differences.join("\n")
    );
}
