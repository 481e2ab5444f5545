//! Our Dutch pairings against bbpPairings', the FIDE-endorsed engine (2025 Dutch rules),
//! the way FIDE checks a pairing program (Handbook C.04.A, the A.7 test): 200 tournaments
//! its Random Tournament Generator played (`tests/data/bbp_dutch_2025.trf`, made with
//! `tools/compare_bbp.py`'s recipe: 5-30 players, 4-7 rounds, 30 % draws), each round
//! re-paired here from the same players and history and compared game by game, colours and
//! bye included.
//!
//! We leave out the float criteria (C.12-C.19, and C.7), so rounds after a float may pair
//! differently; rounds where nobody floated in the two rounds before must agree as an
//! endorsed program does (A.7 allows 10 differences in 5,000 tournaments).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::{BTreeMap, BTreeSet, HashSet};

use herald_pairing::{Colour, SwissPlayer, pair_round};

/// One round of one player: opponent (0: none), colour (`w`, `b`, `-`), result code.
type Slot = (usize, char, char);

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

/// The tournaments of the file: pairing number -> rounds. A tournament whose top player
/// began with black (the generator draws the initial colour; ours is white) is read with
/// every colour swapped, which the rules treat alike.
fn tournaments(text: &str) -> Vec<BTreeMap<usize, Vec<Slot>>> {
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
            all.push(players);
        }
    }
    all
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
                points: past.iter().map(|s| halves(s.2)).sum(),
                colours: past
                    .iter()
                    .filter(|s| s.0 != 0 && matches!(s.2, '1' | '0' | '='))
                    .map(|s| if s.1 == 'w' { Colour::White } else { Colour::Black })
                    .collect(),
                opponents: past
                    .iter()
                    .filter(|s| s.0 != 0 && matches!(s.2, '1' | '0' | '='))
                    .map(|s| s.0)
                    .collect::<HashSet<_>>(),
                had_bye: past.iter().any(|s| matches!(s.2, 'U' | '+' | 'F')),
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
/// rounds before round `r`: only then do the float criteria we leave out come into play.
fn floats_before(players: &BTreeMap<usize, Vec<Slot>>, r: usize) -> bool {
    let score = |n: usize, k: usize| -> u32 { players[&n][..k].iter().map(|s| halves(s.2)).sum() };
    (r.saturating_sub(2)..r).any(|k| {
        players.iter().any(|(&n, rounds)| {
            rounds
                .get(k)
                .is_some_and(|&(opp, _, res)| res == 'U' || (opp != 0 && score(opp, k) != score(n, k)))
        })
    })
}

#[test]
fn our_dutch_pairings_agree_with_the_fide_endorsed_engine_where_floats_do_not_decide() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bbp_dutch_2025.trf"))
        .unwrap()
        .replace("\r\n", "\n");
    let events = tournaments(&text);
    assert_eq!(events.len(), 200);
    // (agreeing, rounds) for: round one, rounds after two without a float, the others.
    let mut first = (0, 0);
    let mut calm = (0, 0);
    let mut floated = (0, 0);
    let mut calm_differences = Vec::new();
    for (event, players) in events.iter().enumerate() {
        let played = players.values().map(Vec::len).max().unwrap();
        for r in 0..played {
            let round = pair_round(&before(players, r)).expect("bbpPairings paired this round");
            let ours: BTreeSet<(usize, usize)> = round.games.iter().map(|g| (g.white, g.black)).collect();
            let same = (ours, round.bye) == actual(players, r);
            let bucket = if r == 0 {
                &mut first
            } else if floats_before(players, r) {
                &mut floated
            } else {
                &mut calm
            };
            bucket.0 += usize::from(same);
            bucket.1 += 1;
            if !same && r > 0 && !floats_before(players, r) {
                calm_differences.push((event, r + 1));
            }
        }
    }
    println!(
        "agreement with bbpPairings: round one {}/{}; after two rounds without a float {}/{}; \
         after a float {}/{}",
        first.0, first.1, calm.0, calm.1, floated.0, floated.1
    );
    assert_eq!(first.0, first.1, "round one is the Handbook's table");
    // As measured when this fixture was made: all 136 (on 500 other tournaments, 862 of 864).
    assert!(calm.1 >= 100, "{calm:?}");
    assert_eq!(
        calm.0, calm.1,
        "float-free rounds disagree: (event, round) {calm_differences:?}"
    );
    // Rounds after floats follow fewer criteria than the Handbook's (403 of 737 agreed when
    // the fixture was made); a drop means a regression in the rules we do implement.
    assert!(floated.0 * 100 >= floated.1 * 52, "after floats: {floated:?}");
}
