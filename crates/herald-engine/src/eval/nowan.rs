//! Nowan chess's evaluation: material, Warriors' and Scouts' march to the Enemy Zone
//! (where they gain the sideways step), mobility of the Elephant, Horse, General and
//! Archer, and a King whose capture ends the game: its guards, the enemies near it, its
//! Home Zone and its once-a-game sacrifice.

use herald_rules::{Nowan, Player, Position, Variant};

use super::Evaluate;
use super::common::{self, Mailbox, Tally, Terms, centrality, distance, kind, owner, rank, step};

const VALUES: [i32; common::KINDS] = common::values(Variant::Nowan);
const KING: u8 = common::code(Variant::Nowan, 'K');
const GENERAL: u8 = common::code(Variant::Nowan, 'G');
const ARCHER: u8 = common::code(Variant::Nowan, 'A');
const HORSE: u8 = common::code(Variant::Nowan, 'H');
const ELEPHANT: u8 = common::code(Variant::Nowan, 'E');
const WARRIOR: u8 = common::code(Variant::Nowan, 'W');
const SCOUT: u8 = common::code(Variant::Nowan, 'S');

/// By rank counted from the owner's side: a Warrior is worth most in the Enemy Zone
/// (ranks 6-8), where it also steps sideways; on the last rank it only steps sideways.
const WARRIOR_ADVANCE: [i32; 9] = [0, 0, 4, 10, 16, 24, 45, 55, 50];
/// A Scout in the Enemy Zone moves as a shogi gold general.
const SCOUT_ADVANCE: [i32; 9] = [0, 0, 4, 8, 12, 18, 40, 45, 40];
/// How much an enemy piece within two squares of the King threatens it, by kind.
const NEAR_KING: [i32; common::KINDS] = {
    let mut t = [0; common::KINDS];
    t[GENERAL as usize] = 14;
    t[ARCHER as usize] = 16;
    t[HORSE as usize] = 18;
    t[ELEPHANT as usize] = 22;
    t[WARRIOR as usize] = 8;
    t[SCOUT as usize] = 12;
    t
};

impl Evaluate for Nowan {
    fn evaluate_terms(&self, terms: Terms) -> i32 {
        let board = Mailbox::new(self.board());
        let mut tally = Tally::default();
        let mut kings = [None; 2];
        for &at in board.pieces() {
            let cell = board.cells[usize::from(at)];
            let (kind, side) = (kind(cell), owner(cell) & 1);
            let ahead = if side == 0 {
                rank(at)
            } else {
                8u8.saturating_sub(rank(at))
            };
            if terms.has(Terms::MATERIAL) {
                tally.add(side, VALUES[usize::from(kind)]);
            }
            if kind == KING {
                kings[usize::from(side)] = Some(at);
            }
            if terms.has(Terms::PLACEMENT) {
                tally.add(side, placement(kind, at, ahead));
            }
            if terms.has(Terms::MOBILITY) {
                tally.add(side, mobility(&board, kind, at, side));
            }
        }
        if terms.has(Terms::KING_SAFETY) {
            for side in 0..2u8 {
                if let Some(king) = kings[usize::from(side)] {
                    tally.add(side, king_safety(self, &board, king, side));
                }
            }
        }
        tally.for_team(self.turn().get())
    }
}

/// Men's advance and pieces' centralisation (the Archer's counts its diagonals, which
/// no piece can block).
fn placement(kind: u8, at: u8, ahead: u8) -> i32 {
    let ahead = usize::from(ahead.min(8));
    match kind {
        WARRIOR => WARRIOR_ADVANCE[ahead],
        SCOUT => SCOUT_ADVANCE[ahead],
        HORSE => 3 * centrality(at, 9, 9),
        GENERAL => 2 * centrality(at, 9, 9),
        ARCHER => 2 * centrality(at, 9, 9),
        _ => 0,
    }
}

/// Squares reached, for the pieces whose reach the position changes: the Elephant's
/// rook lines, the Horse's leaps and the General's lame two-steps (not onto own men);
/// the Archer jumps, so only its own men on its diagonals take squares from it.
fn mobility(board: &Mailbox, kind: u8, at: u8, side: u8) -> i32 {
    let enemy = |cell: u8| owner(cell) & 1 != side;
    let open = |cell: u8| cell == common::EMPTY || (cell != common::OFF && enemy(cell));
    match kind {
        ELEPHANT => 3 * step::ORTHOGONAL.iter().map(|&d| board.ray(at, d, enemy)).sum::<i32>() - 24,
        HORSE => 4 * step::KNIGHT.iter().filter(|&&d| open(board.at(at, d))).count() as i32 - 16,
        GENERAL => {
            let reach = step::KING
                .iter()
                .filter(|&&d| board.at(at, d) == common::EMPTY && open(board.at(at, 2 * d)))
                .count() as i32;
            4 * reach - 12
        }
        ARCHER => {
            let mut own = 0;
            for d in step::DIAGONAL {
                let mut next = i16::from(at) + d;
                while (0..256).contains(&next) && board.cells[next as usize] != common::OFF {
                    let cell = board.cells[next as usize];
                    if cell != common::EMPTY && !enemy(cell) {
                        own += 1;
                    }
                    next += d;
                }
            }
            -2 * own
        }
        _ => 0,
    }
}

/// The King's guards, the enemies within two squares, and its Home Zone: outside it,
/// while the enemy still has pieces to hunt with, the King is exposed and has lost
/// its sacrifice (the escape onto an own piece that only the Home Zone allows).
fn king_safety(position: &Nowan, board: &Mailbox, king: u8, side: u8) -> i32 {
    let mut score = 0;
    let mut guards = 0;
    for d in step::KING {
        let cell = board.at(king, d);
        if cell != common::EMPTY && cell != common::OFF && owner(cell) & 1 == side {
            guards += 1;
        }
    }
    score += 6 * guards.min(4);
    let mut pressure = 0;
    let mut attackers = 0;
    let mut hunters = 0;
    for &at in board.pieces() {
        let cell = board.cells[usize::from(at)];
        if owner(cell) & 1 == side || kind(cell) == KING {
            continue;
        }
        if kind(cell) != WARRIOR {
            hunters += VALUES[usize::from(kind(cell))];
        }
        if distance(at, king) <= 2 {
            pressure += NEAR_KING[usize::from(kind(cell))];
            attackers += 1;
        } else if kind(cell) == ARCHER && (common::file(at) + rank(at)) % 2 == (common::file(king) + rank(king)) % 2 {
            // A same-coloured Archer is one move from checking through everything.
            pressure += 10;
            attackers += 1;
        }
    }
    score -= pressure * (2 + attackers.min(4)) / 4;
    let ahead = if side == 0 {
        rank(king)
    } else {
        8u8.saturating_sub(rank(king))
    };
    // Hunting material: the start's pieces are about 3,400 beyond the Warriors.
    let phase = hunters.min(3400);
    if ahead > 2 {
        score -= i32::from(ahead - 2) * 30 * phase / 3400;
    } else if position.sacrifice_rights(Player::new(side)) {
        score += 20 * phase / 3400;
    }
    score
}

#[cfg(test)]
mod tests {
    use herald_rules::{Options, Position};

    use super::*;

    fn at(fen: &str) -> Nowan {
        Nowan::from_fen(fen, Options::NONE).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Ranks reversed and colours swapped: Black's position becomes Red's.
    fn mirror(fen: &str) -> String {
        let mut fields: Vec<String> = fen.split(' ').map(str::to_string).collect();
        let swap = |s: &str| {
            s.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect::<String>()
        };
        let ranks: Vec<&str> = fields[0].split('/').rev().collect();
        fields[0] = swap(&ranks.join("/"));
        if fields[2] != "-" {
            let mut rights: Vec<char> = swap(&fields[2]).chars().collect();
            rights.sort_unstable();
            fields[2] = rights.into_iter().collect();
        }
        fields.join(" ")
    }

    const POSITIONS: [&str; 4] = [
        herald_rules::nowan::START_FEN,
        "ehagkgahe/wwww1wwww/1s5s1/4w4/9/2W6/1S5S1/WW1WWWWWW/EHAGKGAHE b Kk 2",
        "e2gkg1he/ww2w1www/1s3a1s1/3w5/2A1W4/9/1S3H1S1/WW1W1WWWW/EH1GKG2E r K 9",
        "4k4/9/2W6/9/4E4/9/9/5s3/3K5 b - 30",
    ];

    #[test]
    fn a_colour_mirrored_position_scores_the_negation() {
        for fen in POSITIONS {
            let mirrored = mirror(fen);
            assert_eq!(at(fen).evaluate(), -at(&mirrored).evaluate(), "{fen} / {mirrored}");
        }
        assert_eq!(at(herald_rules::nowan::START_FEN).evaluate(), 0);
    }

    #[test]
    fn removing_an_enemy_piece_raises_the_score() {
        let base = at(POSITIONS[0]).evaluate();
        for fen in [
            "e1agkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "ehagkga1e/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "eh1gkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "ehagkgahe/wwww1wwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
            "ehagkgahe/wwwwwwwww/1s7/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1",
        ] {
            assert!(at(fen).evaluate() > base, "{fen}");
        }
    }

    #[test]
    fn warriors_gain_by_marching_into_the_enemy_zone() {
        let score = |fen| at(fen).evaluate_terms(Terms::PLACEMENT);
        let home = score("4k4/9/9/9/9/9/9/4W4/4K4 b - 20");
        let battle = score("4k4/9/9/9/4W4/9/9/9/4K4 b - 20");
        let zone = score("4k4/9/4W4/9/9/9/9/9/4K4 b - 20");
        assert!(home < battle && battle < zone, "{home} {battle} {zone}");
        let red = score("4k4/9/9/9/9/9/4w4/9/4K4 r - 20");
        assert_eq!(red, zone, "Red marches down the board");
    }

    #[test]
    fn the_king_is_safer_at_home_guarded_and_with_its_sacrifice() {
        let safety = |fen: &str| at(fen).evaluate_terms(Terms::KING_SAFETY);
        let home = safety(herald_rules::nowan::START_FEN);
        let walked = safety("ehagkgahe/wwwwwwwww/1s5s1/9/4K4/9/1S5S1/WWWWWWWWW/EHAG1GAHE b Kk 1");
        assert!(home > walked, "{home} {walked}");
        let rights = safety("ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b Kk 1");
        let spent = safety("ehagkgahe/wwwwwwwww/1s5s1/9/9/9/1S5S1/WWWWWWWWW/EHAGKGAHE b k 1");
        assert!(rights > spent, "{rights} {spent}");
        let far = safety("4k4/e8/9/9/9/9/9/9/4K4 b - 9");
        let near = safety("4k4/9/9/9/9/9/4e4/9/4K4 b - 9");
        assert!(far > near, "{far} {near}");
    }
}
