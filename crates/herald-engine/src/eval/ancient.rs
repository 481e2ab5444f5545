//! Ancient chess's evaluation: material (with the options' changes to the pieces),
//! pawns crossing the centre line, the lame pieces' reach, a General that must keep a
//! square to step to (stalemate loses) and its guards, and the bare-General rule that
//! makes each of the last few men worth far more than its value.

use herald_rules::{Ancient, GameOption, Position, Variant};

use super::Evaluate;
use super::common::{self, Mailbox, OFF, Tally, Terms, centrality, distance, kind, owner, rank, step};

const VALUES: [i32; common::KINDS] = common::values(Variant::Ancient);
const GENERAL: u8 = common::code(Variant::Ancient, 'G');
const FERZ: u8 = common::code(Variant::Ancient, 'F');
const ELEPHANT: u8 = common::code(Variant::Ancient, 'E');
const HORSE: u8 = common::code(Variant::Ancient, 'H');
const CHARIOT: u8 = common::code(Variant::Ancient, 'C');
const PAWN: u8 = common::code(Variant::Ancient, 'P');

/// By rank counted from the owner's side (pawns start on the third): across the centre
/// line a pawn also steps sideways; on the last rank it only steps sideways.
const PAWN_ADVANCE: [i32; 8] = [0, 0, 0, 8, 45, 55, 60, 40];
/// With promotion (option #3) the last ranks are the way to a new piece.
const PAWN_ADVANCE_PROMOTING: [i32; 8] = [0, 0, 0, 8, 45, 65, 110, 0];
/// A side with this many men left (index) is that near to being bared: the opponent
/// wins by taking the last one, so each of the last men is worth much more.
const FEW_MEN: [i32; 5] = [0, -250, -120, -50, -15];
/// How much an enemy piece within two squares of the General threatens it, by kind.
const NEAR_GENERAL: [i32; common::KINDS] = {
    let mut t = [0; common::KINDS];
    t[FERZ as usize] = 10;
    t[ELEPHANT as usize] = 15;
    t[HORSE as usize] = 20;
    t[CHARIOT as usize] = 25;
    t[PAWN as usize] = 12;
    t
};
/// The Horse's knight squares, each with its two paths' first steps (either open will do).
const HORSE_PATHS: [(i16, i16, i16); 8] = [
    (33, 16, 17),
    (31, 16, 15),
    (-31, -16, -15),
    (-33, -16, -17),
    (18, 1, 17),
    (-14, 1, -15),
    (14, -1, 15),
    (-18, -1, -17),
];
/// The Elephant's orthogonal two-steps, each with its three possible first steps.
const ELEPHANT_STRAIGHT: [(i16, [i16; 3]); 4] = [
    (32, [16, 15, 17]),
    (-32, [-16, -15, -17]),
    (2, [1, 17, -15]),
    (-2, [-1, 15, -17]),
];

/// The options' changes to the pieces: the forward-stepping Ferz (#1) is a silver
/// general, and jumping (#2) frees the Horse a little and the Elephant a lot.
fn values(options: herald_rules::Options) -> [i32; common::KINDS] {
    let mut values = VALUES;
    if options.contains(GameOption::FerzForward) {
        values[usize::from(FERZ)] += 25;
    }
    if options.contains(GameOption::Jumping) {
        values[usize::from(HORSE)] += 20;
        values[usize::from(ELEPHANT)] += 60;
    }
    values
}

impl Evaluate for Ancient {
    fn evaluate_terms(&self, terms: Terms) -> i32 {
        let options = self.options();
        let values = values(options);
        let jumping = options.contains(GameOption::Jumping);
        let advance = if options.contains(GameOption::Promotion) {
            &PAWN_ADVANCE_PROMOTING
        } else {
            &PAWN_ADVANCE
        };
        let board = Mailbox::new(self.board());
        let mut tally = Tally::default();
        let mut generals = [None; 2];
        let mut men = [0usize; 2];
        for &at in board.pieces() {
            let cell = board.cells[usize::from(at)];
            let (kind, side) = (kind(cell), owner(cell) & 1);
            if kind == GENERAL {
                generals[usize::from(side)] = Some(at);
            } else {
                men[usize::from(side)] += 1;
            }
            if terms.has(Terms::MATERIAL) {
                tally.add(side, values[usize::from(kind)]);
            }
            if terms.has(Terms::PLACEMENT) {
                tally.add(
                    side,
                    match kind {
                        PAWN => advance[usize::from(ahead(rank(at), side).min(7))],
                        HORSE | ELEPHANT => 3 * centrality(at, 8, 8),
                        FERZ => 2 * centrality(at, 8, 8),
                        _ => 0,
                    },
                );
            }
            if terms.has(Terms::MOBILITY) {
                tally.add(side, mobility(&board, kind, at, side, jumping));
            }
        }
        if terms.has(Terms::KING_SAFETY) {
            for side in 0..2u8 {
                if let Some(general) = generals[usize::from(side)] {
                    let unmoved = self.general_unmoved(herald_rules::Player::new(side));
                    tally.add(side, general_safety(&board, general, side, unmoved));
                }
            }
        }
        if terms.has(Terms::RULES) {
            for side in 0..2u8 {
                tally.add(side, FEW_MEN.get(men[usize::from(side)]).copied().unwrap_or(0));
            }
        }
        tally.for_team(self.turn().get())
    }
}

/// Rank `rank` counted from `side`'s own edge.
const fn ahead(rank: u8, side: u8) -> u8 {
    if side == 0 { rank } else { 7u8.saturating_sub(rank) }
}

/// Squares reached by the Chariot's lines and by the Horse's and Elephant's lame moves
/// (a path needs its first step empty unless the pieces jump).
fn mobility(board: &Mailbox, kind: u8, at: u8, side: u8, jumping: bool) -> i32 {
    let enemy = |cell: u8| owner(cell) & 1 != side;
    let open = |cell: u8| cell == common::EMPTY || (cell != OFF && enemy(cell));
    let empty = |d: i16| jumping || board.at(at, d) == common::EMPTY;
    match kind {
        CHARIOT => 3 * step::ORTHOGONAL.iter().map(|&d| board.ray(at, d, enemy)).sum::<i32>() - 21,
        HORSE => {
            let reach = HORSE_PATHS
                .iter()
                .filter(|&&(to, a, b)| open(board.at(at, to)) && (empty(a) || empty(b)))
                .count() as i32;
            4 * reach - 16
        }
        ELEPHANT => {
            let diagonal = step::DIAGONAL
                .iter()
                .filter(|&&d| open(board.at(at, 2 * d)) && empty(d))
                .count();
            let straight = ELEPHANT_STRAIGHT
                .iter()
                .filter(|&&(to, firsts)| open(board.at(at, to)) && firsts.iter().any(|&d| empty(d)))
                .count();
            3 * (diagonal + straight) as i32 - 12
        }
        _ => 0,
    }
}

/// The General stays in its own half and steps orthogonally: it needs free squares (no
/// legal move loses), guards near it and the enemy far; its unused Horse move is one more
/// escape.
fn general_safety(board: &Mailbox, general: u8, side: u8, unmoved: bool) -> i32 {
    let own_half = |at: u8| ahead(rank(at), side) < 4;
    let mut free = 0;
    for d in step::ORTHOGONAL {
        let to = i16::from(general) + d;
        let cell = board.at(general, d);
        if (0..256).contains(&to)
            && own_half(to as u8)
            && (cell == common::EMPTY || (cell != OFF && owner(cell) & 1 != side))
        {
            free += 1;
        }
    }
    let mut score = match free {
        0 => -40,
        1 => -15,
        _ => 0,
    };
    if unmoved {
        score += 12;
    }
    score -= 6 * i32::from(ahead(rank(general), side));
    let mut guards = 0;
    let mut pressure = 0;
    let mut attackers = 0;
    for &at in board.pieces() {
        let cell = board.cells[usize::from(at)];
        if kind(cell) == GENERAL {
            continue;
        }
        let near = distance(at, general);
        if owner(cell) & 1 == side {
            if near <= 2 && matches!(kind(cell), FERZ | ELEPHANT | HORSE) {
                guards += 1;
            }
        } else if near <= 2 {
            pressure += NEAR_GENERAL[usize::from(kind(cell))];
            attackers += 1;
        } else if kind(cell) == CHARIOT && (common::file(at) == common::file(general) || rank(at) == rank(general)) {
            pressure += 10;
            attackers += 1;
        }
    }
    score + 8 * guards.min(3) - pressure * (2 + attackers.min(4)) / 4
}

#[cfg(test)]
mod tests {
    use herald_rules::{Options, Position};

    use super::*;

    fn at(fen: &str) -> Ancient {
        Ancient::from_fen(fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Ranks reversed and colours swapped, the General flags with them.
    fn mirror(fen: &str) -> String {
        let swap = |s: &str| -> String {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        fields[0] = swap(&fields[0].split('/').rev().collect::<Vec<_>>().join("/"));
        if fields[2] != "-" {
            let mut flags: Vec<char> = swap(&fields[2]).chars().collect();
            flags.sort_unstable();
            fields[2] = flags.into_iter().collect();
        }
        fields.join(" ")
    }

    const POSITIONS: [&str; 4] = [
        Ancient::START_FEN,
        "chefgehc/8/ppp1pppp/3p4/4P3/PPPP1PPP/8/CHEFGEHC w Gg 2",
        "c1efge1c/3h4/pp2pphp/2pP4/8/P1P1PFPP/3H4/C1E1GE1C b G 9",
        "6g1/8/2P5/8/3p4/8/8/2G5 w - 30",
    ];

    #[test]
    fn a_colour_mirrored_position_scores_the_negation() {
        for fen in POSITIONS {
            let mirrored = mirror(fen);
            assert_eq!(at(fen).evaluate(), -at(&mirrored).evaluate(), "{fen} / {mirrored}");
        }
        assert_eq!(at(Ancient::START_FEN).evaluate(), 0);
    }

    #[test]
    fn removing_an_enemy_piece_raises_the_score() {
        let base = at(Ancient::START_FEN).evaluate();
        for fen in [
            "1hefgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1",
            "c1efgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1",
            "ch1fgehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1",
            "che1gehc/8/pppppppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1",
            "chefgehc/8/ppp1pppp/8/8/PPPPPPPP/8/CHEFGEHC w Gg 1",
        ] {
            assert!(at(fen).evaluate() > base, "{fen}");
        }
    }

    #[test]
    fn pawns_gain_by_crossing_the_centre_line() {
        let score = |fen| at(fen).evaluate_terms(Terms::PLACEMENT);
        let home = score("6g1/8/8/8/8/2P5/8/1G6 w - 1");
        let line = score("6g1/8/8/8/2P5/8/8/1G6 w - 1");
        let crossed = score("6g1/8/8/2P5/8/8/8/1G6 w - 1");
        assert!(home < line && line + 25 < crossed, "{home} {line} {crossed}");
    }

    #[test]
    fn the_last_men_are_worth_more_than_their_value() {
        let rules = |fen| at(fen).evaluate_terms(Terms::RULES);
        assert!(rules("6g1/8/7p/8/8/P7/8/1G6 w - 1") == 0);
        assert!(
            rules("6g1/8/5ppp/8/8/P7/8/1G6 w - 1") < -100,
            "they have three men, we one"
        );
    }

    #[test]
    fn the_general_wants_room_guards_and_no_enemy_near() {
        let safety = |fen| at(fen).evaluate_terms(Terms::KING_SAFETY);
        let open = safety("6g1/8/8/8/8/8/8/3G4 w - 1");
        let boxed = safety("6g1/8/8/8/8/8/3F4/2EGH3 w - 1");
        assert!(open > boxed, "{open} {boxed}");
        let far = safety("h5g1/8/8/8/8/8/8/3G4 w - 1");
        let near = safety("6g1/8/8/8/8/4h3/8/3G4 w - 1");
        assert!(far > near, "{far} {near}");
        let unmoved = safety("6g1/8/8/8/8/8/8/4G3 w G 1");
        let moved = safety("6g1/8/8/8/8/8/8/4G3 w - 1");
        assert!(unmoved > moved, "{unmoved} {moved}");
    }
}
