//! Each game's pieces as the board shows them: the letter in the position string, the
//! name, the drawing in `static/pieces.svg`, and each seat's army colours.

use herald_rules::Variant;

/// One kind of piece of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceKind {
    /// Uppercase letter in the position string.
    pub letter: char,
    /// The piece's name in this game.
    pub name: &'static str,
    /// The `<symbol>` id in `static/pieces.svg`.
    pub symbol: &'static str,
    /// Whether losing it loses the game (it is the piece a check attacks).
    pub royal: bool,
}

const fn kind(letter: char, name: &'static str, symbol: &'static str) -> PieceKind {
    PieceKind {
        letter,
        name,
        symbol,
        royal: false,
    }
}

const fn royal(letter: char, name: &'static str, symbol: &'static str) -> PieceKind {
    PieceKind {
        letter,
        name,
        symbol,
        royal: true,
    }
}

const NOWAN: &[PieceKind] = &[
    royal('K', "King", "king"),
    kind('G', "General", "general"),
    kind('A', "Archer", "archer"),
    kind('H', "Horse", "horse"),
    kind('E', "Elephant", "elephant"),
    kind('W', "Warrior", "warrior"),
    kind('S', "Scout", "scout"),
];

const NOT_CHESS: &[PieceKind] = &[
    royal('K', "King", "king"),
    kind('Q', "Queen", "queen"),
    kind('R', "Rook", "rook"),
    kind('B', "Bishop", "bishop"),
    kind('A', "Advisor", "advisor"),
    kind('H', "Horse", "horse"),
    kind('C', "Cannon", "cannon"),
    kind('E', "Elephant", "elephant"),
    kind('P', "Pawn", "pawn"),
];

const CHATRANG: &[PieceKind] = &[
    royal('K', "Shah", "king"),
    kind('R', "Rukh", "rook"),
    kind('B', "Pil", "bishop"),
    kind('N', "Asb", "horse"),
    kind('P', "Sarbaz", "pawn"),
];

const ANCIENT: &[PieceKind] = &[
    royal('G', "General", "general"),
    kind('F', "Ferz", "ferz"),
    kind('E', "Elephant", "elephant"),
    kind('H', "Horse", "horse"),
    kind('C', "Chariot", "chariot"),
    kind('P', "Pawn", "pawn"),
];

/// Every symbol the sprite must define (the test of `static/pieces.svg` reads this).
pub const SYMBOLS: [&str; 15] = [
    "king", "queen", "general", "archer", "horse", "elephant", "warrior", "scout", "rook", "bishop", "advisor",
    "cannon", "pawn", "ferz", "chariot",
];

/// The piece kinds of a game, royal piece first.
#[must_use]
pub fn kinds(variant: Variant) -> &'static [PieceKind] {
    match variant {
        Variant::Nowan => NOWAN,
        Variant::NotChess => NOT_CHESS,
        Variant::Chatrang => CHATRANG,
        Variant::Ancient => ANCIENT,
    }
}

/// The kind written with `letter` (either case).
#[must_use]
pub fn by_letter(variant: Variant, letter: char) -> Option<PieceKind> {
    let upper = letter.to_ascii_uppercase();
    kinds(variant).iter().copied().find(|k| k.letter == upper)
}

/// An army's look: the CSS class that colours its pieces and the colour's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Army {
    pub class: &'static str,
    pub colour: &'static str,
}

/// The army a seat commands. Chatrang's four armies have four colours, light for the
/// White team (ivory, gold) and dark for the Black team (ebony, crimson).
#[must_use]
pub fn army(variant: Variant, seat: u8) -> Army {
    let (class, colour) = match (variant, seat) {
        (Variant::Nowan, 0) => ("army-black", "black"),
        (Variant::Nowan, _) => ("army-red", "red"),
        (Variant::Chatrang, 0) => ("army-ivory", "ivory"),
        (Variant::Chatrang, 1) => ("army-ebony", "ebony"),
        (Variant::Chatrang, 2) => ("army-gold", "gold"),
        (Variant::Chatrang, _) => ("army-crimson", "crimson"),
        (_, 0) => ("army-white", "white"),
        (_, _) => ("army-black", "black"),
    };
    Army { class, colour }
}

/// Words for a piece, for screen readers and tooltips: "black warrior",
/// "Player 3's pil (gold, White team)".
#[must_use]
pub fn describe(variant: Variant, seat: u8, kind: PieceKind) -> String {
    let army = army(variant, seat);
    let name = kind.name.to_lowercase();
    if variant == Variant::Chatrang {
        let team = variant.team_names()[usize::from(seat % 2)];
        format!("Player {}'s {name} ({}, {team} team)", seat + 1, army.colour)
    } else {
        format!("{} {name}", army.colour)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_drawing_and_one_royal_piece() {
        for variant in Variant::ALL {
            let kinds = kinds(variant);
            assert_eq!(kinds.iter().filter(|k| k.royal).count(), 1, "{variant}");
            for k in kinds {
                assert!(SYMBOLS.contains(&k.symbol), "{variant} {}", k.name);
            }
        }
    }

    #[test]
    fn chatrang_armies_differ_and_pair_by_team() {
        let classes: Vec<_> = (0..4).map(|s| army(Variant::Chatrang, s).class).collect();
        let mut unique = classes.clone();
        unique.dedup();
        assert_eq!(unique.len(), 4);
        assert_eq!(
            describe(Variant::Chatrang, 2, CHATRANG[2]),
            "Player 3's pil (gold, White team)"
        );
        assert_eq!(describe(Variant::Nowan, 1, NOWAN[5]), "red warrior");
    }
}
