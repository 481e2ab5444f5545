//! Tables and tie-breaks on hand-computed examples, Nowan's points included.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_pairing::{Encounter, TieBreak, standings};

fn game(first: usize, second: usize, first_points: u32, second_points: u32) -> Encounter {
    Encounter {
        first,
        second,
        first_points,
        second_points,
    }
}

/// A four-player round robin (half points, a win 2): 1 beats 2 and 3, loses to 4; 2 beats
/// 3 and 4; 3 draws 4. Points: 1 and 2 have 4, 4 has 3, 3 has 1.
fn four_players() -> Vec<Encounter> {
    vec![
        game(1, 2, 2, 0),
        game(1, 3, 2, 0),
        game(4, 1, 2, 0),
        game(2, 3, 2, 0),
        game(2, 4, 2, 0),
        game(3, 4, 1, 1),
    ]
}

#[test]
fn sonneborn_berger_counts_beaten_opponents_fully_and_drawn_ones_half() {
    let table = standings(&[1, 2, 3, 4], &four_players(), &[], 2, &[TieBreak::SonnebornBerger]);
    let order: Vec<usize> = table.iter().map(|s| s.entrant).collect();
    // 1: beat 2 (4) and 3 (1): SB 5. 2: beat 3 (1) and 4 (3): SB 4. So 1 before 2.
    assert_eq!(order, vec![1, 2, 4, 3]);
    assert_eq!(table[0].tie_breaks, vec![5.0]);
    assert_eq!(table[1].tie_breaks, vec![4.0]);
    // 4: beat 1 (4), drew 3 (1, half): 4.5. 3: drew 4 (3, half): 1.5.
    assert_eq!(table[2].tie_breaks, vec![4.5]);
    assert_eq!(table[3].tie_breaks, vec![1.5]);
    assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), vec![1, 2, 3, 4]);
}

#[test]
fn direct_encounter_separates_players_who_met() {
    let table = standings(&[1, 2, 3, 4], &four_players(), &[], 2, &[TieBreak::DirectEncounter]);
    // 1 and 2 are tied on 4; 1 beat 2.
    assert_eq!(table[0].entrant, 1);
    assert_eq!(table[0].tie_breaks, vec![2.0]);
    assert_eq!(table[1].entrant, 2);
    assert_eq!(table[1].tie_breaks, vec![0.0]);
}

#[test]
fn nowan_points_weigh_a_stalemate_win_at_half_a_checkmate() {
    // Nowan (half points, a checkmate 4, a stalemate win 2, a draw 0 each): 1 mates 2,
    // 2 stalemates 3, 3 mates 1, 3 and 4 draw, 4 stalemates 1, 2 mates 4.
    let games = vec![
        game(1, 2, 4, 0),
        game(2, 3, 2, 0),
        game(3, 1, 4, 0),
        game(3, 4, 0, 0),
        game(4, 1, 2, 0),
        game(2, 4, 4, 0),
    ];
    let table = standings(
        &[1, 2, 3, 4],
        &games,
        &[],
        4,
        &[TieBreak::SonnebornBerger, TieBreak::Wins],
    );
    let by = |e: usize| table.iter().find(|s| s.entrant == e).unwrap();
    assert_eq!((by(1).points, by(2).points, by(3).points, by(4).points), (4, 6, 4, 2));
    // SB = Σ opponent's points × my share of the game: 2 mated 4 (2 × 1) and stalemated
    // 3 (4 × ½): 4. 1 mated 2 (6 × 1): 6. 3 mated 1 (4 × 1): 4. 4 stalemated 1 (4 × ½): 2.
    assert_eq!(by(2).tie_breaks, vec![4.0, 2.0]);
    assert_eq!(by(1).tie_breaks, vec![6.0, 1.0]);
    assert_eq!(by(3).tie_breaks, vec![4.0, 1.0]);
    assert_eq!(by(4).tie_breaks, vec![2.0, 1.0]);
    let order: Vec<usize> = table.iter().map(|s| s.entrant).collect();
    assert_eq!(order, vec![2, 1, 3, 4]);
}

#[test]
fn buchholz_and_median_buchholz_sum_the_opponents() {
    // A Swiss-like field of six after three rounds (a win 2, a draw 1).
    let games = vec![
        game(1, 4, 2, 0),
        game(2, 5, 1, 1),
        game(3, 6, 2, 0),
        game(1, 3, 1, 1),
        game(2, 4, 2, 0),
        game(5, 6, 2, 0),
        game(1, 2, 2, 0),
        game(3, 5, 0, 2),
        game(4, 6, 1, 1),
    ];
    let table = standings(
        &[1, 2, 3, 4, 5, 6],
        &games,
        &[],
        2,
        &[TieBreak::Buchholz, TieBreak::MedianBuchholz],
    );
    let by = |e: usize| table.iter().find(|s| s.entrant == e).unwrap();
    // Points: 1: 5, 2: 3, 3: 3, 4: 1, 5: 5, 6: 1.
    let points: Vec<u32> = (1..=6).map(|e| by(e).points).collect();
    assert_eq!(points, vec![5, 3, 3, 1, 5, 1]);
    // 1 met 4 (1), 3 (3), 2 (3): Buchholz 7, median (drop 1 and 3) 3.
    assert_eq!(by(1).tie_breaks, vec![7.0, 3.0]);
    // 5 met 2 (3), 6 (1), 3 (3): 7 and 3: level with 1, who comes first by number.
    assert_eq!(by(5).tie_breaks, vec![7.0, 3.0]);
    assert_eq!((by(1).rank, by(5).rank), (1, 1));
    // 2 met 5 (5), 4 (1), 1 (5): 11, median 5; 3 met 6 (1), 1 (5), 5 (5): 11, 5.
    assert_eq!(by(2).tie_breaks, vec![11.0, 5.0]);
    assert_eq!(by(3).rank, by(2).rank);
}

#[test]
fn a_bye_scores_its_points_but_no_opponent() {
    let table = standings(&[1, 2, 3], &[game(1, 2, 2, 0)], &[(3, 2)], 2, &[TieBreak::Buchholz]);
    let by = |e: usize| table.iter().find(|s| s.entrant == e).unwrap();
    assert_eq!(by(3).points, 2);
    assert_eq!(by(3).games, 0);
    assert_eq!(by(3).tie_breaks, vec![0.0]);
    assert_eq!(by(1).tie_breaks, vec![0.0]);
}
