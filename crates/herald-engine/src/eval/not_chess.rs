//! Not Chess's evaluation: material, pawns' march to promotion (passed ones most), the
//! pieces' centralisation and reach, a King shut in its palace (its guards, Advisors near
//! it, the enemies around it), and the two counters that end games: the twenty-move
//! clock draws a lead away and the seventh check loses.

use herald_rules::{NotChess, Player, Position, Variant};

use super::Evaluate;
use super::common::{self, Mailbox, OFF, Tally, Terms, centrality, distance, file, kind, owner, rank, step};

const VALUES: [i32; common::KINDS] = common::values(Variant::NotChess);
const KING: u8 = common::code(Variant::NotChess, 'K');
const QUEEN: u8 = common::code(Variant::NotChess, 'Q');
const ROOK: u8 = common::code(Variant::NotChess, 'R');
const BISHOP: u8 = common::code(Variant::NotChess, 'B');
const ADVISOR: u8 = common::code(Variant::NotChess, 'A');
const HORSE: u8 = common::code(Variant::NotChess, 'H');
const CANNON: u8 = common::code(Variant::NotChess, 'C');
const ELEPHANT: u8 = common::code(Variant::NotChess, 'E');
const PAWN: u8 = common::code(Variant::NotChess, 'P');

/// By rank counted from the owner's side (pawns start on the third, promote on the tenth).
const PAWN_ADVANCE: [i32; 10] = [0, 0, 0, 6, 12, 20, 32, 50, 75, 0];
/// Added when no enemy pawn stands ahead on its own or a neighbouring file.
const PASSED: [i32; 10] = [0, 0, 8, 12, 20, 32, 50, 75, 110, 0];
/// The Horse's camel leaps (three one way, one the other).
const CAMEL: [i16; 8] = [49, 47, -47, -49, 19, 13, -13, -19];
/// How much an enemy piece within three squares of the King threatens it, by kind.
const NEAR_KING: [i32; common::KINDS] = {
    let mut t = [0; common::KINDS];
    t[QUEEN as usize] = 30;
    t[ROOK as usize] = 20;
    t[BISHOP as usize] = 14;
    t[ADVISOR as usize] = 10;
    t[HORSE as usize] = 16;
    t[CANNON as usize] = 18;
    t[ELEPHANT as usize] = 14;
    t[PAWN as usize] = 8;
    t
};
/// Plies without capture or pawn move that draw (spec 9.3).
const DRAW_PLIES: i32 = 40;
/// From this clock on, the score shrinks toward the coming draw.
const CLOCK_FADES: i32 = 16;

impl Evaluate for NotChess {
    fn evaluate_terms(&self, terms: Terms) -> i32 {
        let board = Mailbox::new(self.board());
        let mut tally = Tally::default();
        let mut kings = [None; 2];
        // Per side and file, its least advanced pawn's rank in its own view, for passers.
        let mut least = [[u8::MAX; 10]; 2];
        for &at in board.pieces() {
            let cell = board.cells[usize::from(at)];
            let side = owner(cell) & 1;
            if kind(cell) == KING {
                kings[usize::from(side)] = Some(at);
            } else if kind(cell) == PAWN {
                let slot = &mut least[usize::from(side)][usize::from(file(at).min(9))];
                *slot = (*slot).min(ahead(rank(at), side));
            }
        }
        for &at in board.pieces() {
            let cell = board.cells[usize::from(at)];
            let (kind, side) = (kind(cell), owner(cell) & 1);
            if terms.has(Terms::MATERIAL) {
                tally.add(side, VALUES[usize::from(kind)]);
            }
            if terms.has(Terms::PLACEMENT) {
                tally.add(side, placement(kind, at, side, &least));
            }
            if terms.has(Terms::MOBILITY) {
                tally.add(side, mobility(&board, kind, at, side));
            }
        }
        if terms.has(Terms::KING_SAFETY) {
            for side in 0..2u8 {
                if let Some(king) = kings[usize::from(side)] {
                    tally.add(side, king_safety(&board, king, side));
                }
            }
        }
        if terms.has(Terms::RULES) {
            for side in 0..2u8 {
                // A long run of checks narrows the checker's choices: the seventh loses.
                let run = i32::from(self.consecutive_checks(Player::new(side)));
                tally.add(side, -8 * (run - 3).max(0) * (run - 3).max(0));
            }
        }
        let score = tally.for_team(self.turn().get());
        if terms.has(Terms::RULES) {
            let clock = i32::from(self.halfmove_clock()).min(DRAW_PLIES);
            if clock > CLOCK_FADES {
                return score * (DRAW_PLIES - clock) / (DRAW_PLIES - CLOCK_FADES);
            }
        }
        score
    }
}

/// Rank `rank` counted from `side`'s own edge.
const fn ahead(rank: u8, side: u8) -> u8 {
    if side == 0 { rank } else { 9u8.saturating_sub(rank) }
}

fn placement(kind: u8, at: u8, side: u8, least: &[[u8; 10]; 2]) -> i32 {
    match kind {
        PAWN => {
            let mine = ahead(rank(at), side).min(9);
            let f = usize::from(file(at).min(9));
            // An enemy pawn ahead on this file or a neighbour blocks or guards the path:
            // its least advanced one is the one nearest our side.
            let enemy = &least[usize::from(side ^ 1)];
            let blocked = (f.saturating_sub(1)..=(f + 1).min(9)).any(|g| enemy[g] != u8::MAX && 9 - enemy[g] > mine);
            let mine = usize::from(mine);
            PAWN_ADVANCE[mine] + if blocked { 0 } else { PASSED[mine] }
        }
        HORSE | ELEPHANT => 3 * centrality(at, 10, 10),
        ADVISOR | CANNON => 2 * centrality(at, 10, 10),
        QUEEN => centrality(at, 10, 10),
        _ => 0,
    }
}

/// Squares reached: the sliders' lines, the Horse's camel leaps and the Cannon's hops
/// (the quiet one-steps of Horse and Cannon hardly differ from place to place).
fn mobility(board: &Mailbox, kind: u8, at: u8, side: u8) -> i32 {
    let enemy = |cell: u8| owner(cell) & 1 != side;
    let open = |cell: u8| cell == common::EMPTY || (cell != OFF && enemy(cell));
    let rays = |dirs: &[i16]| dirs.iter().map(|&d| board.ray(at, d, enemy)).sum::<i32>();
    match kind {
        QUEEN => 2 * (rays(&step::ORTHOGONAL) + rays(&step::DIAGONAL)) - 40,
        ROOK => 3 * rays(&step::ORTHOGONAL) - 30,
        BISHOP => 3 * rays(&step::DIAGONAL) - 21,
        HORSE => 3 * CAMEL.iter().filter(|&&d| open(board.at(at, d))).count() as i32 - 12,
        CANNON => {
            let mut hops = 0;
            for d in step::KING {
                let mut next = i16::from(at) + d;
                while board.at(0, next) == common::EMPTY {
                    next += d;
                }
                if board.at(0, next) != OFF && open(board.at(0, next + d)) {
                    hops += 1;
                }
            }
            4 * hops - 8
        }
        _ => 0,
    }
}

/// The King cannot leave its palace, so it lives by its guards: men beside it, Advisors
/// near it; every enemy within three squares counts against it, more when several come.
fn king_safety(board: &Mailbox, king: u8, side: u8) -> i32 {
    let mut guards = 0;
    for d in step::KING {
        let cell = board.at(king, d);
        if cell != common::EMPTY && cell != OFF && owner(cell) & 1 == side {
            guards += 1;
        }
    }
    let mut score = 6 * guards.min(4);
    let mut advisors = 0;
    let mut pressure = 0;
    let mut attackers = 0;
    for &at in board.pieces() {
        let cell = board.cells[usize::from(at)];
        let near = distance(at, king);
        if owner(cell) & 1 == side {
            if kind(cell) == ADVISOR && near <= 2 {
                advisors += 1;
            }
        } else if near <= 3 && kind(cell) != KING {
            pressure += NEAR_KING[usize::from(kind(cell))];
            attackers += 1;
        }
    }
    score += 12 * advisors.min(2);
    score - pressure * (2 + attackers.min(5)) / 4
}

#[cfg(test)]
mod tests {
    use herald_rules::{Options, Position};

    use super::*;

    fn at(fen: &str) -> NotChess {
        NotChess::from_fen(fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Ranks reversed and colours swapped, the check counters swapped with them.
    fn mirror(fen: &str) -> String {
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        let swapped: String = fields[0]
            .split('/')
            .rev()
            .collect::<Vec<_>>()
            .join("/")
            .chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect();
        fields[0] = swapped;
        fields.swap(3, 4);
        fields.join(" ")
    }

    const POSITIONS: [&str; 4] = [
        herald_rules::not_chess::START,
        "rhebqkbehr/1c2aa2c1/pppp1ppppp/4p5/10/10/3P6/PPP1PPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 2",
        "r1eb1kbehr/1c2aa2c1/pp1p1ppppp/2h1p5/4Q5/10/3P6/PPP1PPPPPP/1C2AA2C1/RHEB1KBEHR b 3 1 0 6",
        "5k4/10/2P7/10/10/10/10/4p5/10/4K5 w 20 0 2 50",
    ];

    #[test]
    fn a_colour_mirrored_position_scores_the_negation() {
        for fen in POSITIONS {
            let mirrored = mirror(fen);
            assert_eq!(at(fen).evaluate(), -at(&mirrored).evaluate(), "{fen} / {mirrored}");
        }
    }

    #[test]
    fn removing_an_enemy_piece_raises_the_score() {
        let base = at(POSITIONS[0]).evaluate();
        for fen in [
            "rhebqkbeh1/1c2aa2c1/pppppppppp/10/10/10/10/PPPPPPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 1",
            "rheb1kbehr/1c2aa2c1/pppppppppp/10/10/10/10/PPPPPPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 1",
            "rhebqkbehr/1c2aa4/pppppppppp/10/10/10/10/PPPPPPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 1",
            "rhebqkbehr/1c2a3c1/pppppppppp/10/10/10/10/PPPPPPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 1",
            "rhebqkbehr/1c2aa2c1/ppppp1pppp/10/10/10/10/PPPPPPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 1",
        ] {
            assert!(at(fen).evaluate() > base, "{fen}");
        }
    }

    #[test]
    fn pawns_gain_as_they_near_promotion() {
        let score = |fen| at(fen).evaluate_terms(Terms::PLACEMENT);
        let start = score("5k4/10/10/10/10/10/10/2P7/10/4K5 w 0 0 0 1");
        let middle = score("5k4/10/10/10/2P7/10/10/10/10/4K5 w 0 0 0 1");
        let near = score("5k4/2P7/10/10/10/10/10/10/10/4K5 w 0 0 0 1");
        assert!(start < middle && middle < near, "{start} {middle} {near}");
        // Both pawns pass when two files apart; beside each other neither does.
        let passers = score("5k4/10/p9/10/10/2P7/10/10/10/4K5 w 0 0 0 1");
        let blocked = score("5k4/10/3p6/10/10/2P7/10/10/10/4K5 w 0 0 0 1");
        assert!(blocked < passers, "{blocked} {passers}");
    }

    #[test]
    fn the_palace_needs_guards_and_fears_nearby_enemies() {
        let safety = |fen| at(fen).evaluate_terms(Terms::KING_SAFETY);
        let guarded = safety("5k4/10/10/10/10/10/10/10/4AA4/4K5 w 0 0 0 1");
        let bare = safety("5k4/10/10/10/10/10/10/10/10/4K5 w 0 0 0 1");
        assert!(guarded > bare, "{guarded} {bare}");
        let far = safety("q4k4/10/10/10/10/10/10/10/10/4K5 w 0 0 0 1");
        let near = safety("5k4/10/10/10/10/10/4q5/10/10/4K5 w 0 0 0 1");
        assert!(far > near, "{far} {near}");
    }

    #[test]
    fn the_twenty_move_clock_fades_a_lead() {
        let fresh = at("5k4/10/10/10/10/10/10/10/10/Q3K5 w 0 0 0 40").evaluate();
        let late = at("5k4/10/10/10/10/10/10/10/10/Q3K5 w 34 0 0 40").evaluate();
        assert!(fresh > late && late > 0, "{fresh} {late}");
    }
}
