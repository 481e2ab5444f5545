//! Berger tables: the published FIDE tables, and for every field of 3 to 16 players each
//! pair meets once, colours stay balanced within one, and an odd field gives each player
//! one bye.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use herald_pairing::{Pairing, berger_rounds, double_round_robin};

/// Rounds written as the Handbook prints them: "1-6 2-5 3-4", white first.
fn table(rounds: &[&str]) -> Vec<Vec<Pairing>> {
    rounds
        .iter()
        .map(|round| {
            round
                .split_whitespace()
                .map(|board| {
                    let (white, black) = board.split_once('-').unwrap();
                    Pairing {
                        white: white.parse().unwrap(),
                        black: Some(black.parse().unwrap()),
                    }
                })
                .collect()
        })
        .collect()
}

#[test]
fn four_six_and_eight_players_follow_the_published_tables() {
    assert_eq!(berger_rounds(4), table(&["1-4 2-3", "4-3 1-2", "2-4 3-1"]));
    assert_eq!(
        berger_rounds(6),
        table(&[
            "1-6 2-5 3-4",
            "6-4 5-3 1-2",
            "2-6 3-1 4-5",
            "6-5 1-4 2-3",
            "3-6 4-2 5-1"
        ])
    );
    assert_eq!(
        berger_rounds(8),
        table(&[
            "1-8 2-7 3-6 4-5",
            "8-5 6-4 7-3 1-2",
            "2-8 3-1 4-7 5-6",
            "8-6 7-5 1-4 2-3",
            "3-8 4-2 5-1 6-7",
            "8-7 1-6 2-5 3-4",
            "4-8 5-3 6-2 7-1",
        ])
    );
}

#[test]
fn an_odd_field_plays_the_next_even_table_with_the_last_number_as_the_bye() {
    let five = berger_rounds(5);
    let six = berger_rounds(6);
    assert_eq!(five.len(), 5);
    for (odd, even) in five.iter().zip(&six) {
        for (o, e) in odd.iter().zip(even) {
            match (e.white, e.black) {
                (6, Some(p)) | (p, Some(6)) => assert_eq!(*o, Pairing { white: p, black: None }),
                _ => assert_eq!(o, e),
            }
        }
    }
}

#[test]
fn every_field_from_3_to_16_meets_once_with_balanced_colours() {
    for n in 3..=16 {
        let rounds = berger_rounds(n);
        assert_eq!(rounds.len(), n - 1 + n % 2, "{n} players");
        let mut met = HashSet::new();
        let mut whites = vec![0_i32; n + 1];
        let mut byes = vec![0; n + 1];
        for round in &rounds {
            let mut seen = HashSet::new();
            for p in round {
                assert!(seen.insert(p.white), "{n}: {} twice in a round", p.white);
                match p.black {
                    Some(b) => {
                        assert!(seen.insert(b), "{n}: {b} twice in a round");
                        let pair = (p.white.min(b), p.white.max(b));
                        assert!(met.insert(pair), "{n}: {pair:?} met twice");
                        whites[p.white] += 1;
                        whites[b] -= 1;
                    }
                    None => byes[p.white] += 1,
                }
            }
            assert_eq!(seen.len(), n, "{n}: everyone plays or sits out each round");
        }
        assert_eq!(met.len(), n * (n - 1) / 2, "{n}: every pair meets");
        for p in 1..=n {
            assert!(whites[p].abs() <= 1, "{n}: player {p} colour balance {}", whites[p]);
            assert_eq!(byes[p], n % 2, "{n}: player {p} byes");
        }
    }
}

#[test]
fn a_double_round_robin_plays_each_pairing_once_with_each_colour() {
    for n in 3..=12 {
        let rounds = double_round_robin(n);
        let mut games = HashSet::new();
        for p in rounds.iter().flatten() {
            if let Some(b) = p.black {
                assert!(games.insert((p.white, b)), "{n}: {}-{b} twice", p.white);
            }
        }
        assert_eq!(games.len(), n * (n - 1), "{n}");
    }
    assert!(berger_rounds(1).is_empty());
}
