//! Chatrang's evaluation, team against team: material and each seat still in play (a
//! lost seat takes its army and its turns), Sarbaz advance (they never promote), the
//! pieces' reach, each Shah's guards and nearby enemies, the baring rules (S2-S4) that
//! make the last men count far beyond their value, and checks read in turn order:
//! whose Shah hangs depends on who moves before its owner.

use herald_rules::{Chatrang, Player, Position, Variant};

use super::Evaluate;
use super::common::{self, Mailbox, OFF, Tally, Terms, centrality, distance, kind, owner, rank, step};

const VALUES: [i32; common::KINDS] = common::values(Variant::Chatrang);
const SHAH: u8 = common::code(Variant::Chatrang, 'K');
const RUKH: u8 = common::code(Variant::Chatrang, 'R');
const PIL: u8 = common::code(Variant::Chatrang, 'B');
const ASB: u8 = common::code(Variant::Chatrang, 'N');
const SARBAZ: u8 = common::code(Variant::Chatrang, 'P');
const SEATS: usize = 4;

/// Each seat's team, from the registry.
const TEAM: [u8; SEATS] = {
    let seats = Variant::Chatrang.spec().seats;
    let mut t = [0; SEATS];
    let mut i = 0;
    while i < SEATS && i < seats.len() {
        t[i] = seats[i].team.get();
        i += 1;
    }
    t
};

/// A seat still playing: its Shah on the board and its turns (a partner alone moves half
/// as often as the enemy pair).
const SEAT: i32 = 200;
/// By rank counted from the team's edge (Sarbaz start on the second): a Sarbaz on the
/// last rank never moves again, though it still counts as a man.
const SARBAZ_ADVANCE: [i32; 8] = [0, 0, 6, 12, 18, 22, 16, -8];
/// How much an enemy piece within two squares of a Shah threatens it, by kind.
const NEAR_SHAH: [i32; common::KINDS] = {
    let mut t = [0; common::KINDS];
    t[RUKH as usize] = 22;
    t[PIL as usize] = 14;
    t[ASB as usize] = 18;
    t[SARBAZ as usize] = 8;
    t
};
/// A partner's Shah attacked at our turn with an enemy moving before him: that enemy
/// may take it unless we parry now.
const PARTNER_CHECKED: i32 = 80;
/// An enemy's Shah attacked with our partner moving before him: the enemy's partner
/// must save it or lose a seat.
const ENEMY_CHECKED: i32 = 60;
/// A Shah attacked whose owner moves before any enemy: he answers it, at a turn's cost.
const CHECK_ANSWERED: i32 = 25;

impl Evaluate for Chatrang {
    fn evaluate_terms(&self, terms: Terms) -> i32 {
        let board = Mailbox::new(self.board());
        let mut tally = Tally::default();
        let mut shahs = [None; SEATS];
        let mut men = [0usize; 2];
        for &at in board.pieces() {
            let cell = board.cells[usize::from(at)];
            let (kind, seat) = (kind(cell), usize::from(owner(cell)) % SEATS);
            let team = TEAM[seat];
            if kind == SHAH {
                shahs[seat] = Some(at);
                if terms.has(Terms::MATERIAL) {
                    tally.add(team, SEAT);
                }
                continue;
            }
            men[usize::from(team)] += 1;
            if terms.has(Terms::MATERIAL) {
                tally.add(team, VALUES[usize::from(kind)]);
            }
            if terms.has(Terms::PLACEMENT) {
                let ahead = if team == 0 {
                    rank(at)
                } else {
                    7u8.saturating_sub(rank(at))
                };
                tally.add(
                    team,
                    match kind {
                        SARBAZ => SARBAZ_ADVANCE[usize::from(ahead.min(7))],
                        ASB => 4 * centrality(at, 8, 8),
                        PIL => 2 * centrality(at, 8, 8),
                        _ => 0,
                    },
                );
            }
            if terms.has(Terms::MOBILITY) {
                tally.add(team, mobility(&board, kind, at, team));
            }
        }
        if terms.has(Terms::KING_SAFETY) {
            for (seat, shah) in shahs.iter().enumerate() {
                if let Some(shah) = *shah {
                    tally.add(TEAM[seat], shah_safety(&board, shah, TEAM[seat]));
                }
            }
        }
        let us = TEAM[self.turn().index() % SEATS];
        if terms.has(Terms::RULES) {
            for team in 0..2u8 {
                let (mine, theirs) = (men[usize::from(team)], men[usize::from(team ^ 1)]);
                tally.add(team, baring(mine, theirs));
            }
            tally.add(us, checks_in_turn_order(self, &shahs));
        }
        tally.for_team(us)
    }
}

/// What a team risks by having `mine` men against the other's `theirs` (rules S2-S4): a
/// team left with no men loses once the other has two, so the last few are precious.
const fn baring(mine: usize, theirs: usize) -> i32 {
    match (mine, theirs) {
        (_, 0) => 0,
        (0, _) => -250,
        (1, 1) => -40,
        (1, _) => -200,
        (2, _) => -70,
        (3, _) => -25,
        _ => 0,
    }
}

/// Shahs in check other than the mover's, for the mover's team. A check means most when a
/// member of the checking team moves before the checked Shah's owner can answer it (the
/// owner's partner may still parry in between); a Shah whose owner moves first is merely
/// a tempo spent.
fn checks_in_turn_order(position: &Chatrang, shahs: &[Option<u8>; SEATS]) -> i32 {
    let mover = position.turn().index() % SEATS;
    let mut score = 0;
    let (mut ours_between, mut theirs_between) = (false, false);
    for offset in 1..SEATS {
        let seat = (mover + offset) % SEATS;
        if shahs[seat].is_none() {
            continue;
        }
        let partner = TEAM[seat] == TEAM[mover];
        if position.in_check(Player::new(seat as u8)) {
            score += match (partner, partner && theirs_between || !partner && ours_between) {
                (true, true) => -PARTNER_CHECKED,
                (true, false) => -CHECK_ANSWERED,
                (false, true) => ENEMY_CHECKED,
                (false, false) => CHECK_ANSWERED,
            };
        }
        if partner {
            ours_between = true;
        } else {
            theirs_between = true;
        }
    }
    score
}

/// Squares reached by the Rukh's and Pil's lines and the Asb's leaps; a partner's man is
/// as much in the way as one's own.
fn mobility(board: &Mailbox, kind: u8, at: u8, team: u8) -> i32 {
    let enemy = |cell: u8| TEAM[usize::from(owner(cell)) % SEATS] != team;
    let rays = |dirs: &[i16]| dirs.iter().map(|&d| board.ray(at, d, enemy)).sum::<i32>();
    match kind {
        RUKH => 3 * rays(&step::ORTHOGONAL) - 21,
        PIL => 3 * rays(&step::DIAGONAL) - 21,
        ASB => {
            let open = |cell: u8| cell == common::EMPTY || (cell != OFF && enemy(cell));
            3 * step::KNIGHT.iter().filter(|&&d| open(board.at(at, d))).count() as i32 - 12
        }
        _ => 0,
    }
}

/// A Shah's guards (its team's men beside it) and the enemies within two squares.
fn shah_safety(board: &Mailbox, shah: u8, team: u8) -> i32 {
    let ours = |cell: u8| cell != common::EMPTY && cell != OFF && TEAM[usize::from(owner(cell)) % SEATS] == team;
    let guards = step::KING.iter().filter(|&&d| ours(board.at(shah, d))).count() as i32;
    let mut pressure = 0;
    let mut attackers = 0;
    for &at in board.pieces() {
        let cell = board.cells[usize::from(at)];
        if !ours(cell) && distance(at, shah) <= 2 {
            pressure += NEAR_SHAH[usize::from(kind(cell))];
            attackers += 1;
        }
    }
    5 * guards.min(4) - pressure * (2 + attackers.min(4)) / 4
}

#[cfg(test)]
mod tests {
    use herald_rules::{Options, Position};

    use super::*;

    /// A position from pieces written `K1d1` (kind, seat 1-4, square), `to_move` 1-4.
    fn setup(pieces: &str, to_move: u8) -> Chatrang {
        let mut grid = [[None::<(char, char)>; 8]; 8];
        for piece in pieces.split_whitespace() {
            let bytes: Vec<char> = piece.chars().collect();
            let (file, rank) = (bytes[2] as usize - 'a' as usize, bytes[3] as usize - '1' as usize);
            let letter = if matches!(bytes[1], '1' | '3') {
                bytes[0]
            } else {
                bytes[0].to_ascii_lowercase()
            };
            grid[rank][file] = Some((letter, bytes[1]));
        }
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut gap = 0;
                for cell in grid[rank] {
                    match cell {
                        None => gap += 1,
                        Some((letter, seat)) => {
                            if gap > 0 {
                                row += &gap.to_string();
                                gap = 0;
                            }
                            row.push(letter);
                            row.push(seat);
                        }
                    }
                }
                if gap > 0 {
                    row += &gap.to_string();
                }
                row
            })
            .collect();
        // Seats without a Shah are out of the game.
        let out: String = ('1'..='4')
            .filter(|&seat| !pieces.contains(&format!("K{seat}")))
            .collect();
        let out = if out.is_empty() { "-".to_string() } else { out };
        let fen = format!("{} {to_move} {out} - 0", rows.join("/"));
        Chatrang::from_fen(&fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Ranks reversed and teams swapped: seat 1 takes seat 4's men and 3 takes 2's.
    fn mirror(pieces: &str) -> String {
        pieces
            .split_whitespace()
            .map(|p| {
                let c: Vec<char> = p.chars().collect();
                let seat = match c[1] {
                    '1' => '4',
                    '2' => '3',
                    '3' => '2',
                    _ => '1',
                };
                let rank = char::from(b'1' + (b'8' - c[3] as u8));
                format!("{}{seat}{}{rank}", c[0], c[2])
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    const START: &str = "R1a1 N1b1 B1c1 K1d1 K3e1 B3f1 N3g1 R3h1 P1a2 P1b2 P1c2 P1d2 P3e2 P3f2 P3g2 P3h2 \
                         R4a8 N4b8 B4c8 K4d8 K2e8 B2f8 N2g8 R2h8 P4a7 P4b7 P4c7 P4d7 P2e7 P2f7 P2g7 P2h7";

    const POSITIONS: [&str; 3] = [
        START,
        "R1a1 B1c1 K1d1 K3e1 B3f1 N3g1 R3h1 P1a2 P1b2 N1c3 P1d3 P3e2 P3f4 P3g2 P3h2 \
         R4a8 N4b8 B4c8 K4d8 K2e8 B2f8 N2f6 R2h8 P4a7 P4b6 P4c7 P4d7 P2e5 P2f7 P2g7 P2h7",
        "K1a1 R1d4 K3h1 P3g2 K4a8 P4a7 K2h8 N2e6 P2b6",
    ];

    #[test]
    fn a_colour_mirrored_position_scores_the_negation() {
        for pieces in POSITIONS {
            for to_move in 1..=4 {
                let (a, b) = (setup(pieces, to_move), setup(&mirror(pieces), to_move));
                assert_eq!(a.evaluate(), -b.evaluate(), "{pieces}, {to_move} to move");
            }
        }
        assert_eq!(setup(START, 1).evaluate(), 0);
    }

    #[test]
    fn partners_score_alike_and_removing_an_enemy_piece_raises_the_score() {
        let base = setup(START, 1).evaluate();
        assert_eq!(setup(START, 3).evaluate(), base);
        for gone in ["R4a8", "N2g8", "B2f8", "P4c7"] {
            let fewer = START.replace(gone, "");
            assert!(setup(&fewer, 1).evaluate() > base, "{gone}");
            assert!(setup(&fewer, 2).evaluate() < -base, "{gone}");
        }
    }

    #[test]
    fn a_lost_seat_costs_more_than_its_army() {
        let full = setup("K1a1 K3h1 P1a2 P3h2 K2a8 K4h8 P2a7 P4h7", 1).evaluate();
        let lost = setup("K1a1 K3h1 P1a2 P3h2 K2a8 P2a7", 1).evaluate();
        assert!(lost > full + SEAT + VALUES[usize::from(SARBAZ)], "{lost} {full}");
    }

    #[test]
    fn the_last_men_count_for_baring() {
        let rules = |pieces| setup(pieces, 1).evaluate_terms(Terms::RULES);
        assert_eq!(rules("K1a1 K3h1 P1a2 P3h2 P3g2 K2a8 K4h8 P2a7 P4h7 P4g7"), 0);
        assert!(
            rules("K1a1 K3h1 P1a2 P3h2 P3g2 K2a8 K4h8 P2a7") > 150,
            "they have one man against three"
        );
    }

    #[test]
    fn checks_are_read_in_turn_order() {
        let rules = |pieces, to_move| setup(pieces, to_move).evaluate_terms(Terms::RULES);
        // Player 4's Shah on d8 is attacked by Player 1's Rukh on d4.
        let checked = "K1a1 R1d4 K3h1 K2h8 K4d8 P1a2 P2a7";
        let quiet = "K1a1 R1a4 K3h1 K2h8 K4d8 P1a2 P2a7";
        // Player 1 to move: Player 4 moves after Player 3, who may take the Shah.
        assert_eq!(rules(checked, 1) - rules(quiet, 1), ENEMY_CHECKED);
        // Player 3 to move: Player 4 moves next and answers it himself.
        assert_eq!(rules(checked, 3) - rules(quiet, 3), CHECK_ANSWERED);
        // Player 2 to move: his partner's Shah hangs unless he helps.
        assert_eq!(rules(checked, 2) - rules(quiet, 2), -PARTNER_CHECKED);
        // With Player 3 out, nobody of White moves between Player 1 and Player 4.
        let alone = "K1a1 R1d4 K2h8 K4d8 P1a2 P2a7";
        let alone_quiet = "K1a1 R1a4 K2h8 K4d8 P1a2 P2a7";
        assert_eq!(rules(alone, 1) - rules(alone_quiet, 1), CHECK_ANSWERED);
    }
}
