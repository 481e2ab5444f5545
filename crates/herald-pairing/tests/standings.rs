//! Tables and tie-breaks on hand-computed examples, Nowan's points included, FIDE's tie-break
//! exercise, and unplayed rounds (byes, forfeits, absences, withdrawals, late entries) as
//! C.07 article 16 counts them. Scores are half points: a win 2, a draw 1 unless said.
//!
//! The bye, forfeit, withdrawal, late-entry and requested-bye cases below were also run
//! through FIDE's reference tie-break calculator (TieBreakServer 1.9.57, rules V2024 and
//! V2026), which gave the same values.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use herald_pairing::{
    Encounter, Format, Regulations, Results, Scoring, Standing, TieBreak, Unplayed, UnplayedKind, missing_rounds,
    standings,
};

const CHESS: Scoring = Scoring { win: 2, draw: 1 };

fn game(round: u32, first: usize, second: usize, first_points: u32, second_points: u32) -> Encounter {
    Encounter {
        round,
        first,
        second,
        first_points,
        second_points,
        forfeit: false,
    }
}

fn forfeit(round: u32, winner: usize, loser: usize) -> Encounter {
    Encounter {
        round,
        first: winner,
        second: loser,
        first_points: 2,
        second_points: 0,
        forfeit: true,
    }
}

fn unplayed(round: u32, entrant: usize, kind: UnplayedKind, points: u32) -> Unplayed {
    Unplayed {
        round,
        entrant,
        kind,
        points,
    }
}

struct Event {
    entrants: Vec<usize>,
    games: Vec<Encounter>,
    unplayed: Vec<Unplayed>,
    scoring: Scoring,
    format: Format,
    regulations: Regulations,
}

impl Event {
    fn swiss(entrants: usize, games: Vec<Encounter>, unplayed: Vec<Unplayed>) -> Event {
        Event {
            entrants: (1..=entrants).collect(),
            games,
            unplayed,
            scoring: CHESS,
            format: Format::Swiss,
            regulations: Regulations::Fide2023,
        }
    }

    fn table(&self, order: &[TieBreak]) -> Vec<Standing> {
        standings(
            &Results {
                entrants: &self.entrants,
                encounters: &self.games,
                unplayed: &self.unplayed,
                scoring: self.scoring,
                format: self.format,
                regulations: self.regulations,
            },
            order,
        )
    }

    /// Each entrant's values of one tie-break, by entrant number.
    fn values(&self, tie_break: TieBreak) -> Vec<f64> {
        let table = self.table(&[tie_break]);
        self.entrants
            .iter()
            .map(|e| table.iter().find(|s| s.entrant == *e).unwrap().tie_breaks[0])
            .collect()
    }
}

fn line(table: &[Standing], entrant: usize) -> &Standing {
    table.iter().find(|s| s.entrant == entrant).unwrap()
}

/// A four-player round robin: 1 beats 2 and 3, loses to 4; 2 beats 3 and 4; 3 draws 4.
/// Points: 1 and 2 have 4, 4 has 3, 3 has 1.
fn four_players() -> Event {
    let games = vec![
        game(1, 1, 2, 2, 0),
        game(1, 3, 4, 1, 1),
        game(2, 1, 3, 2, 0),
        game(2, 2, 4, 2, 0),
        game(3, 4, 1, 2, 0),
        game(3, 2, 3, 2, 0),
    ];
    Event {
        format: Format::RoundRobin,
        ..Event::swiss(4, games, Vec::new())
    }
}

#[test]
fn sonneborn_berger_counts_beaten_opponents_fully_and_drawn_ones_half() {
    let table = four_players().table(&[TieBreak::SonnebornBerger]);
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
    let table = four_players().table(&[TieBreak::DirectEncounter]);
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
        game(1, 1, 2, 4, 0),
        game(1, 3, 4, 0, 0),
        game(2, 2, 3, 2, 0),
        game(2, 4, 1, 2, 0),
        game(3, 3, 1, 4, 0),
        game(3, 2, 4, 4, 0),
    ];
    let event = Event {
        scoring: Scoring { win: 4, draw: 0 },
        format: Format::RoundRobin,
        ..Event::swiss(4, games, Vec::new())
    };
    let table = event.table(&[TieBreak::SonnebornBerger, TieBreak::Wins]);
    let by = |e: usize| line(&table, e);
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
    // A Swiss-like field of six after three rounds, every game played.
    let games = vec![
        game(1, 1, 4, 2, 0),
        game(1, 2, 5, 1, 1),
        game(1, 3, 6, 2, 0),
        game(2, 1, 3, 1, 1),
        game(2, 2, 4, 2, 0),
        game(2, 5, 6, 2, 0),
        game(3, 1, 2, 2, 0),
        game(3, 3, 5, 0, 2),
        game(3, 4, 6, 1, 1),
    ];
    let table = Event::swiss(6, games, Vec::new()).table(&[TieBreak::Buchholz, TieBreak::MedianBuchholz]);
    let by = |e: usize| line(&table, e);
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

/// FIDE's tie-break exercise for the 2023 regulations (TEC, 18 March 2024), a five-round
/// Swiss of 16 as its crosstable: `+W9` won with white against 9, `=BYE` a half-point bye,
/// `+BYE` the pairing-allocated bye, `+F11`/`-F11` a forfeit won/lost against 11, `--` not
/// paired (12 withdrew after round 3; 14 was away in round 4).
const FIDE_EXERCISE: [&str; 16] = [
    "+W9 =B13 =W2 +B15 =W4",
    "+B10 +W7 =B1 +W16 =B3",
    "=W11 +B6 +W8 =B4 =W2",
    "+B12 =BYE +W13 =W3 =B1",
    "-W13 -B15 +W11 =B7 +W10",
    "-B14 -W3 +BYE +W10 +B8",
    "+W15 -B2 -B16 =W5 -B11",
    "=B16 +W14 -B3 +W13 -W6",
    "-B1 -W10 =BYE -F11 +BYE",
    "-W2 +B9 -W15 -B6 -B5",
    "=B3 -W16 -B5 +F9 +W7",
    "-W4 +BYE +F14 -- --",
    "+B5 =W1 -B4 -B8 -W14",
    "+W6 -B8 -F12 -- +B13",
    "-B7 +W5 +B10 -W1 -B16",
    "=W8 +B11 +W7 -B2 +W15",
];

fn fide_exercise(regulations: Regulations) -> Event {
    let mut games = Vec::new();
    let mut byes = Vec::new();
    for (i, row) in FIDE_EXERCISE.iter().enumerate() {
        let me = i + 1;
        for (r, cell) in row.split(' ').enumerate() {
            let round = r as u32 + 1;
            if cell == "--" {
                // The `missing_rounds` helper names these; see the check below.
                continue;
            }
            let points = match &cell[..1] {
                "+" => 2,
                "=" => 1,
                _ => 0,
            };
            if &cell[1..] == "BYE" {
                let kind = if points == 2 {
                    UnplayedKind::PairingAllocatedBye
                } else {
                    UnplayedKind::HalfPointBye
                };
                byes.push(unplayed(round, me, kind, points));
                continue;
            }
            let other: usize = cell[2..].parse().unwrap();
            if me < other {
                games.push(Encounter {
                    round,
                    first: me,
                    second: other,
                    first_points: points,
                    second_points: 2 - points,
                    forfeit: &cell[1..2] == "F",
                });
            }
        }
    }
    let entrants: Vec<usize> = (1..=16).collect();
    let missing = missing_rounds(&entrants, 5, &games, &byes);
    assert_eq!(
        missing,
        vec![
            unplayed(4, 12, UnplayedKind::Withdrawn, 0),
            unplayed(5, 12, UnplayedKind::Withdrawn, 0),
            unplayed(4, 14, UnplayedKind::Absent, 0),
        ]
    );
    byes.extend(missing);
    Event {
        regulations,
        ..Event::swiss(16, games, byes)
    }
}

/// The exercise's answers (in points; here doubled into half points). Each was worked
/// by hand as well, e.g. 4's Buchholz: 12 counts 3 for his opponents (0 + 1 + 1, and his
/// two rounds after withdrawing as draws, 16.3.2), the half-point bye counts 4's own 3½
/// (16.4), 13 has 1½, 3 and 1 have 3½ each: 3 + 3½ + 1½ + 3½ + 3½ = 15.
#[test]
fn fide_exercise_buchholz() {
    let event = fide_exercise(Regulations::Fide2023);
    let bh = event.values(TieBreak::Buchholz);
    for (entrant, points) in [
        (1, 12.5),
        (2, 13.0),
        (3, 15.5),
        (4, 15.0),
        (5, 8.5),
        (8, 13.5),
        (11, 13.5),
        (16, 12.5),
    ] {
        assert_eq!(bh[entrant - 1], points * 2.0, "Buchholz of {entrant}");
    }
}

/// Buchholz Cut-1 cuts a voluntary unplayed round first (16.5): 9 (1½ points) met 1 (3½)
/// and 10 (1), and has a half-point bye, a forfeit loss and the pairing-allocated bye, each
/// against a dummy of his own 1½: Buchholz 9; the cut takes a voluntary round's 1½ rather
/// than 10's 1: 7½. 12 (2 points) withdrew after round 3: rounds 4 and 5 are dummies of 2,
/// voluntary: 3½ + 2 + 2 + 2 + 2 less 2 = 9½. 11 has no voluntary unplayed round: his
/// forfeit win's dummy (2½) stays and the cut takes 7's 1½: 12.
#[test]
fn fide_exercise_buchholz_cut_1() {
    let event = fide_exercise(Regulations::Fide2023);
    let cut = event.values(TieBreak::BuchholzCut1);
    for (entrant, points) in [
        (1, 11.0),
        (3, 13.0),
        (4, 11.5),
        (5, 7.5),
        (7, 12.5),
        (8, 12.0),
        (9, 7.5),
        (11, 12.0),
        (12, 9.5),
        (13, 12.0),
        (14, 9.0),
        (15, 11.0),
        (16, 11.0),
    ] {
        assert_eq!(cut[entrant - 1], points * 2.0, "Buchholz Cut-1 of {entrant}");
    }
}

/// The 2026 text caps the dummy. 4's half-point bye: his 3½, but no more than a draw in
/// each of the 5 rounds, 2½: Buchholz 15 - 1 = 14. 11's forfeit win over 9: his 2½, but no
/// more than 9's score for tie-breaks, 1½ (9's half-point bye is followed by a pairing-
/// allocated bye, so it counts as scored): 13½ - 1 = 12½.
#[test]
fn fide_2026_caps_the_dummy() {
    let event = fide_exercise(Regulations::Fide2026);
    let bh = event.values(TieBreak::Buchholz);
    assert_eq!(bh[3], 28.0);
    assert_eq!(bh[10], 25.0);
    // 2 had no unplayed round and met nobody who did after a withdrawal: unchanged.
    assert_eq!(bh[1], 26.0);
}

/// The whole exercise as FIDE's reference tie-break calculator (the TEC's TieBreakServer,
/// 1.9.57, `-s -t PTS BH BH/C1 BH/M1 SB WIN WON`, rules `V2024` and `V2026`) computes it, in
/// points: Buchholz, Cut-1, Median-1, Sonneborn-Berger, wins with or without playing, wins
/// over the board, entrants 1 to 16.
const REFERENCE_2024: [[f64; 6]; 16] = [
    [12.5, 11.0, 7.0, 8.00, 2.0, 2.0],
    [13.0, 12.0, 8.5, 9.50, 3.0, 3.0],
    [15.5, 13.0, 9.0, 10.50, 2.0, 2.0],
    [15.0, 11.5, 8.0, 9.75, 2.0, 2.0],
    [8.5, 7.5, 5.0, 4.25, 2.0, 2.0],
    [12.0, 11.0, 7.5, 6.50, 3.0, 2.0],
    [14.5, 12.5, 8.5, 3.25, 1.0, 1.0],
    [13.5, 12.0, 8.5, 5.25, 2.0, 2.0],
    [9.0, 7.5, 4.0, 2.25, 1.0, 0.0],
    [13.0, 11.5, 7.5, 1.50, 1.0, 1.0],
    [13.5, 12.0, 8.5, 5.75, 2.0, 1.0],
    [11.5, 9.5, 6.0, 4.00, 2.0, 0.0],
    [14.0, 12.0, 8.5, 4.25, 1.0, 1.0],
    [11.0, 9.0, 6.0, 4.50, 2.0, 2.0],
    [12.0, 11.0, 7.5, 3.50, 2.0, 2.0],
    [12.5, 11.0, 7.0, 7.25, 3.0, 3.0],
];

/// As above under the 2026 text: only 4, 6 and 11 change (their dummies are capped).
const REFERENCE_2026_CHANGES: [(usize, [f64; 6]); 3] = [
    (4, [14.0, 11.5, 8.0, 9.25, 2.0, 2.0]),
    (6, [11.5, 10.5, 7.0, 6.00, 3.0, 2.0]),
    (11, [12.5, 11.0, 7.5, 4.75, 2.0, 1.0]),
];

#[test]
fn fide_exercise_agrees_with_fides_reference_calculator() {
    let order = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::MedianBuchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
        TieBreak::WinsOverTheBoard,
    ];
    // Points to half points, but for the two counts of wins.
    let halves = |row: [f64; 6]| -> Vec<f64> {
        row.iter()
            .enumerate()
            .map(|(i, v)| if i < 4 { v * 2.0 } else { *v })
            .collect()
    };
    for regulations in [Regulations::Fide2023, Regulations::Fide2026] {
        let table = fide_exercise(regulations).table(&order);
        for (i, row) in REFERENCE_2024.iter().enumerate() {
            let entrant = i + 1;
            let expected = match regulations {
                Regulations::Fide2026 => REFERENCE_2026_CHANGES
                    .iter()
                    .find(|(e, _)| *e == entrant)
                    .map_or(*row, |(_, changed)| *changed),
                Regulations::Fide2023 => *row,
            };
            assert_eq!(
                line(&table, entrant).tie_breaks,
                halves(expected),
                "{regulations:?}, entrant {entrant}"
            );
        }
    }
}

/// A pairing-allocated bye counts as a game against a dummy with the receiver's own score
/// (16.4), for Buchholz and for Sonneborn-Berger (weighted by the bye's win).
#[test]
fn a_pairing_allocated_bye_counts_a_dummy_with_the_receivers_score() {
    // Three players, two rounds. Round 1: 1 beats 2, 3 has the bye (a win). Round 2: 3
    // beats 1, 2 has the bye. Points: 1: 2, 2: 2, 3: 4.
    let event = Event::swiss(
        3,
        vec![game(1, 1, 2, 2, 0), game(2, 3, 1, 2, 0)],
        vec![
            unplayed(1, 3, UnplayedKind::PairingAllocatedBye, 2),
            unplayed(2, 2, UnplayedKind::PairingAllocatedBye, 2),
        ],
    );
    // Buchholz: 1: 2 (2) + 3 (4) = 6. 2: 1 (2) + dummy (own 2) = 4. 3: dummy (own 4) + 1
    // (2) = 6.
    assert_eq!(event.values(TieBreak::Buchholz), vec![6.0, 4.0, 6.0]);
    // Sonneborn-Berger: 1 beat 2 (2 × 1) = 2. 2: the bye, a win, against a dummy of 2 =
    // 2. 3: the bye against a dummy of 4, plus beating 1 (2) = 6.
    assert_eq!(event.values(TieBreak::SonnebornBerger), vec![2.0, 2.0, 6.0]);
    // Wins (7.1) count the byes; wins over the board do not.
    assert_eq!(event.values(TieBreak::Wins), vec![1.0, 1.0, 2.0]);
    assert_eq!(event.values(TieBreak::WinsOverTheBoard), vec![1.0, 0.0, 1.0]);
    let table = event.table(&[]);
    assert_eq!((line(&table, 3).games, line(&table, 3).wins), (1, 1));
}

/// A forfeit: both sides count it against a dummy of their own score; for everyone else
/// it counts as scored (16.3.1). Direct encounter ignores it in a Swiss; wins count the
/// forfeit won, wins over the board do not.
#[test]
fn a_forfeit_won_and_lost() {
    // Four players, two rounds. Round 1: 1 beats 2, 3 draws 4. Round 2: 1 wins against 3 by
    // forfeit, 2 beats 4. Points: 1: 4, 2: 2, 3: 1, 4: 1.
    let event = Event::swiss(
        4,
        vec![
            game(1, 1, 2, 2, 0),
            game(1, 3, 4, 1, 1),
            forfeit(2, 1, 3),
            game(2, 2, 4, 2, 0),
        ],
        Vec::new(),
    );
    // Buchholz: 1: 2 (2) + dummy (own 4) = 6. 3: 4 (1) + dummy (own 1) = 2 — not 1's 4,
    // the game was not played. 2: 1 (4) + 4 (1) = 5. 4: 3 (1) + 2 (2) = 3.
    assert_eq!(event.values(TieBreak::Buchholz), vec![6.0, 5.0, 2.0, 3.0]);
    // Sonneborn-Berger: 1: beat 2 (2) + forfeit won against a dummy of 4 = 6. 3: drew 4
    // (1 × ½) + forfeit lost (× 0) = 0.5.
    assert_eq!(event.values(TieBreak::SonnebornBerger), vec![6.0, 1.0, 0.5, 0.5]);
    assert_eq!(event.values(TieBreak::Wins), vec![2.0, 1.0, 0.0, 0.0]);
    assert_eq!(event.values(TieBreak::WinsOverTheBoard), vec![1.0, 1.0, 0.0, 0.0]);
    // Cut-1: 3's forfeit loss is voluntary and cut first (its 1 against 4's 1: either way
    // 1); 1's forfeit win is not voluntary, so the lowest opponent (2's 2) goes: 4.
    assert_eq!(event.values(TieBreak::BuchholzCut1), vec![4.0, 4.0, 1.0, 2.0]);
    // 2026: 1's dummy is capped at 3's score for tie-breaks (1): Buchholz 2 + 1 = 3; 3's
    // dummy at 1's (4): stays 1.
    let capped = Event {
        regulations: Regulations::Fide2026,
        ..event
    };
    assert_eq!(capped.values(TieBreak::Buchholz), vec![3.0, 5.0, 2.0, 3.0]);
}

#[test]
fn direct_encounter_of_a_swiss_ignores_a_forfeit() {
    // 1 and 2 both end on 2: 1 won their meeting by forfeit, so in a Swiss they never met
    // over the board and direct encounter separates nobody. In a round robin it counts.
    // Round 1: 1 beats 2 by forfeit, 3 beats 4. Round 2: 2 beats 4, 3 beats 1.
    let games = vec![
        forfeit(1, 1, 2),
        game(1, 3, 4, 2, 0),
        game(2, 2, 4, 2, 0),
        game(2, 3, 1, 2, 0),
    ];
    let mut event = Event::swiss(4, games, Vec::new());
    let table = event.table(&[TieBreak::DirectEncounter]);
    assert_eq!(line(&table, 1).points, line(&table, 2).points);
    assert_eq!(line(&table, 1).tie_breaks, vec![0.0]);
    assert_eq!(line(&table, 1).rank, line(&table, 2).rank);
    event.format = Format::RoundRobin;
    let table = event.table(&[TieBreak::DirectEncounter]);
    assert_eq!(line(&table, 1).tie_breaks, vec![2.0]);
    assert!(line(&table, 1).rank < line(&table, 2).rank);
}

/// A withdrawal: the rounds after it are zero-point byes (16.1), voluntary; for the
/// withdrawn player's opponents they count as draws (16.2.5, 16.3.2).
#[test]
fn a_withdrawal() {
    // Four players, three rounds. Round 1: 1 beats 2, 3 beats 4. Round 2: 1 beats 3, 4
    // beats 2. 2 withdraws; round 3: 1 draws 4, 3 has the pairing-allocated bye.
    let games = vec![
        game(1, 1, 2, 2, 0),
        game(1, 3, 4, 2, 0),
        game(2, 1, 3, 2, 0),
        game(2, 4, 2, 2, 0),
        game(3, 1, 4, 1, 1),
    ];
    let byes = vec![unplayed(3, 3, UnplayedKind::PairingAllocatedBye, 2)];
    let entrants: Vec<usize> = (1..=4).collect();
    let missing = missing_rounds(&entrants, 3, &games, &byes);
    assert_eq!(missing, vec![unplayed(3, 2, UnplayedKind::Withdrawn, 0)]);
    let event = Event::swiss(4, games, [byes, missing].concat());
    // Points: 1: 5, 2: 0, 3: 4, 4: 3. 2's score for tie-breaks: 0 + 0 + a draw = 1.
    // Buchholz: 1: 2 (1) + 3 (4) + 4 (3) = 8. 2: 1 (5) + 4 (3) + dummy (own 0) = 8. 3: 4
    // (3) + 1 (5) + dummy (own 4) = 12. 4: 3 (4) + 2 (1) + 1 (5) = 10.
    assert_eq!(event.values(TieBreak::Buchholz), vec![8.0, 8.0, 12.0, 10.0]);
    // Cut-1 cuts 2's withdrawn round (0, voluntary) first; the others lose their lowest:
    // 1 drops 2's 1, 3 drops 4's 3 (his bye is not voluntary), 4 drops 2's 1.
    assert_eq!(event.values(TieBreak::BuchholzCut1), vec![7.0, 8.0, 9.0, 9.0]);
}

/// A late entry: the rounds before it are zero-point byes, voluntary, followed by games,
/// so opponents count them as scored (16.3.1: nothing).
#[test]
fn a_late_entry() {
    // Three players, with 3 joining in round 2. Round 1: 1 beats 2. Round 2: 1 beats 3, 2
    // has the bye. Round 3: 3 beats 2, 1 has the bye.
    let games = vec![game(1, 1, 2, 2, 0), game(2, 1, 3, 2, 0), game(3, 3, 2, 2, 0)];
    let byes = vec![
        unplayed(2, 2, UnplayedKind::PairingAllocatedBye, 2),
        unplayed(3, 1, UnplayedKind::PairingAllocatedBye, 2),
    ];
    let entrants: Vec<usize> = (1..=3).collect();
    let missing = missing_rounds(&entrants, 3, &games, &byes);
    assert_eq!(missing, vec![unplayed(1, 3, UnplayedKind::NotYetEntered, 0)]);
    let event = Event::swiss(3, games, [byes, missing].concat());
    // Points: 1: 6, 2: 2, 3: 2. Buchholz: 1: 2 (2) + 3 (2) + dummy (own 6) = 10. 2: 1 (6)
    // + dummy (own 2) + 3 (2) = 10. 3: dummy (own 2) + 1 (6) + 2 (2) = 10.
    assert_eq!(event.values(TieBreak::Buchholz), vec![10.0, 10.0, 10.0]);
    // Median: 1 drops 2 (lowest) and his dummy 6: 2. 2 drops a 2 and 6: 2. 3's late round
    // is voluntary and goes first (2), then 1's 6: 2.
    assert_eq!(event.values(TieBreak::MedianBuchholz), vec![2.0, 2.0, 2.0]);
    // The 2026 cap (a draw a round: 3) lowers 1's bye dummy from 6 to 3.
    let capped = Event {
        regulations: Regulations::Fide2026,
        ..event
    };
    assert_eq!(capped.values(TieBreak::Buchholz), vec![7.0, 10.0, 10.0]);
}

/// A requested bye followed only by voluntary rounds counts as a draw for opponents
/// (16.3.2); followed by a game it counts as scored.
#[test]
fn a_requested_bye_counts_as_a_draw_only_at_the_end() {
    // Round 1: 1 beats 2, 3 beats 4. Round 2: 2 takes a zero-point bye; 1 beats 3, 4 has
    // the pairing-allocated bye.
    let mut event = Event::swiss(
        4,
        vec![game(1, 1, 2, 2, 0), game(1, 3, 4, 2, 0), game(2, 1, 3, 2, 0)],
        vec![
            unplayed(2, 2, UnplayedKind::ZeroPointBye, 0),
            unplayed(2, 4, UnplayedKind::PairingAllocatedBye, 2),
        ],
    );
    // 2's bye is his last round: he counts 1 (a draw) for 1. Buchholz of 1: 1 + 3 (2) = 3.
    assert_eq!(event.values(TieBreak::Buchholz)[0], 3.0);
    // Round 3: 2 plays (and loses to 4): the bye now counts as scored, 0. 3 draws 1.
    event.games.push(game(3, 4, 2, 2, 0));
    event.games.push(game(3, 3, 1, 1, 1));
    // Buchholz of 1: 2 (0) + 3 (3) + 3 again (3) = 6.
    assert_eq!(event.values(TieBreak::Buchholz)[0], 6.0);
}

#[test]
fn a_round_robin_bye_counts_for_no_tie_break() {
    // Three players, a single round robin: every round one sits out with no points.
    let event = Event {
        format: Format::RoundRobin,
        ..Event::swiss(
            3,
            vec![game(1, 1, 2, 2, 0), game(2, 3, 1, 1, 1), game(3, 2, 3, 2, 0)],
            vec![
                unplayed(1, 3, UnplayedKind::PairingAllocatedBye, 0),
                unplayed(2, 2, UnplayedKind::PairingAllocatedBye, 0),
                unplayed(3, 1, UnplayedKind::PairingAllocatedBye, 0),
            ],
        )
    };
    // Points: 1: 3, 2: 2, 3: 1. Buchholz: 1: 2 + 1 = 3; 2: 3 + 1 = 4; 3: 3 + 2 = 5.
    assert_eq!(event.values(TieBreak::Buchholz), vec![3.0, 4.0, 5.0]);
}

mod properties {
    use super::*;
    use herald_pairing::berger_rounds;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    /// The table as it was computed before unplayed rounds counted: played opponents only.
    fn old_values(entrants: &[usize], games: &[Encounter], win: u32) -> BTreeMap<usize, [f64; 4]> {
        let mut points: BTreeMap<usize, u32> = entrants.iter().map(|&e| (e, 0)).collect();
        let mut played: BTreeMap<usize, Vec<(usize, u32, u32)>> = entrants.iter().map(|&e| (e, Vec::new())).collect();
        for g in games {
            *points.get_mut(&g.first).unwrap() += g.first_points;
            *points.get_mut(&g.second).unwrap() += g.second_points;
            played
                .get_mut(&g.first)
                .unwrap()
                .push((g.second, g.first_points, g.second_points));
            played
                .get_mut(&g.second)
                .unwrap()
                .push((g.first, g.second_points, g.first_points));
        }
        played
            .iter()
            .map(|(&e, gs)| {
                let sb = gs
                    .iter()
                    .map(|(o, mine, _)| f64::from(points[o]) * f64::from(*mine))
                    .sum::<f64>()
                    / f64::from(win);
                let bh = gs.iter().map(|(o, _, _)| f64::from(points[o])).sum();
                let mut scores: Vec<u32> = gs.iter().map(|(o, _, _)| points[o]).collect();
                scores.sort_unstable();
                let median = if scores.len() > 2 {
                    scores[1..scores.len() - 1].iter().map(|s| f64::from(*s)).sum()
                } else {
                    0.0
                };
                let wins = gs.iter().filter(|(_, mine, theirs)| mine > theirs).count() as f64;
                (e, [sb, bh, median, wins])
            })
            .collect()
    }

    /// Rounds of an even round robin with random results (a win, a draw or a loss each).
    fn played_rounds(players: usize, rounds: usize, results: &[u8]) -> Vec<Encounter> {
        berger_rounds(players)
            .into_iter()
            .take(rounds)
            .enumerate()
            .flat_map(|(r, boards)| boards.into_iter().map(move |b| (r as u32 + 1, b)))
            .zip(results.iter().cycle())
            .filter_map(|((round, board), result)| {
                let black = board.black?;
                let (a, b) = match result % 3 {
                    0 => (2, 0),
                    1 => (1, 1),
                    _ => (0, 2),
                };
                Some(game(round, board.white, black, a, b))
            })
            .collect()
    }

    const ORDER: [TieBreak; 4] = [
        TieBreak::SonnebornBerger,
        TieBreak::Buchholz,
        TieBreak::MedianBuchholz,
        TieBreak::Wins,
    ];

    proptest! {
        #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

        /// With every round played, the table is what it always was, in a Swiss and in a
        /// round robin, under either text.
        #[test]
        fn no_unplayed_rounds_give_the_old_values(
            half in 2usize..6,
            rounds in 1usize..6,
            results in proptest::collection::vec(any::<u8>(), 1..40),
            round_robin in any::<bool>(),
            fide_2026 in any::<bool>(),
        ) {
            let players = half * 2;
            let games = played_rounds(players, rounds, &results);
            let event = Event {
                format: if round_robin { Format::RoundRobin } else { Format::Swiss },
                regulations: if fide_2026 { Regulations::Fide2026 } else { Regulations::Fide2023 },
                ..Event::swiss(players, games.clone(), Vec::new())
            };
            let table = event.table(&ORDER);
            let old = old_values(&event.entrants, &games, 2);
            for line in &table {
                prop_assert_eq!(&line.tie_breaks[..], &old[&line.entrant][..]);
            }
        }

        /// Renumbering the entrants renumbers the table: every entrant keeps their values
        /// and rank, with byes, forfeits and absences in the field.
        #[test]
        fn renumbering_permutes_the_table(
            half in 2usize..5,
            rounds in 1usize..6,
            results in proptest::collection::vec(any::<u8>(), 1..40),
            unplayed_rounds in proptest::collection::vec((0usize..10, 0u8..5), 0..6),
            shift in 1usize..10,
            fide_2026 in any::<bool>(),
        ) {
            let players = half * 2;
            let mut games = played_rounds(players, rounds, &results);
            let mut byes = Vec::new();
            // Turn some games into forfeits, and take some entrants out of a round.
            for (k, (pick, what)) in unplayed_rounds.iter().enumerate() {
                let i = (pick + k) % games.len();
                match what {
                    0 => games[i].forfeit = true,
                    _ => {
                        let g = games.remove(i);
                        let kind = [
                            UnplayedKind::HalfPointBye,
                            UnplayedKind::ZeroPointBye,
                            UnplayedKind::Absent,
                            UnplayedKind::PairingAllocatedBye,
                        ][usize::from(*what) - 1];
                        let points = match kind {
                            UnplayedKind::HalfPointBye => 1,
                            UnplayedKind::PairingAllocatedBye => 2,
                            _ => 0,
                        };
                        byes.push(unplayed(g.round, g.first, kind, points));
                        byes.push(unplayed(g.round, g.second, UnplayedKind::ZeroPointBye, 0));
                    }
                }
                if games.is_empty() {
                    break;
                }
            }
            let regulations = if fide_2026 { Regulations::Fide2026 } else { Regulations::Fide2023 };
            let order = [
                TieBreak::DirectEncounter,
                TieBreak::SonnebornBerger,
                TieBreak::Buchholz,
                TieBreak::BuchholzCut1,
                TieBreak::MedianBuchholz,
                TieBreak::Wins,
                TieBreak::WinsOverTheBoard,
            ];
            let event = Event { regulations, ..Event::swiss(players, games.clone(), byes.clone()) };
            // Entrant e becomes (e + shift) mod players, 1 up.
            let renumber = |e: usize| (e - 1 + shift) % players + 1;
            let renumbered = Event {
                regulations,
                ..Event::swiss(
                    players,
                    games
                        .iter()
                        .map(|g| Encounter { first: renumber(g.first), second: renumber(g.second), ..*g })
                        .collect(),
                    byes.iter().map(|b| Unplayed { entrant: renumber(b.entrant), ..*b }).collect(),
                )
            };
            let before = event.table(&order);
            let after = renumbered.table(&order);
            for was in &before {
                let moved = line(&after, renumber(was.entrant));
                prop_assert_eq!(&moved.tie_breaks, &was.tie_breaks);
                prop_assert_eq!(moved.rank, was.rank);
                prop_assert_eq!((moved.points, moved.games, moved.wins), (was.points, was.games, was.wins));
            }
        }
    }
}
