//! Not Chess in the registry: what the rest of Herald knows about it.

use super::kind::{ADVISOR, BISHOP, CANNON, ELEPHANT, HORSE, KING, PAWN, QUEEN, ROOK};
use crate::outcome::EndReason;
use crate::registry::{Area, Diagram, GameSpec, PieceKind, Scoring, diagram, ending, two_seats};
use crate::variant::Variant;

const fn piece(code: u8, letter: char, name: &'static str, glyphs: &'static [&'static str], value: i32) -> PieceKind {
    PieceKind {
        code,
        letter,
        name,
        glyphs,
        value,
        royal: code == KING,
    }
}

/// Not Chess.
pub(crate) const SPEC: GameSpec = GameSpec {
    variant: Variant::NotChess,
    id: "not-chess",
    name: "Not Chess",
    blurb: "A 10×10 board where each King stays in his palace, the King is captured to win, and seven checks in a row lose.",
    files: 10,
    ranks: 10,
    seats: &two_seats(("White", "white"), ("Black", "black")),
    teams: &["White", "Black"],
    // Values: the pawn is 100. Long lines on 10x10 lift the sliders over their chess worth
    // (Queen 1000, Rook 550, Bishop 350). The Advisor is a non-royal king, slow on a big
    // board (275). The Horse's camel leap keeps to one colour, but its quiet step frees it
    // (300). The Cannon hops one screen in eight directions and only its hop takes (275).
    // The Elephant is a silver general plus four forward knight squares (300). The King
    // is 0: its capture ends the game.
    pieces: &[
        piece(KING, 'K', "King", &["king"], 0),
        piece(QUEEN, 'Q', "Queen", &["queen"], 1000),
        piece(ROOK, 'R', "Rook", &["rook"], 550),
        piece(BISHOP, 'B', "Bishop", &["bishop"], 350),
        piece(ADVISOR, 'A', "Advisor", &["advisor"], 275),
        piece(HORSE, 'H', "Horse", &["horse"], 300),
        piece(CANNON, 'C', "Cannon", &["cannon"], 275),
        piece(ELEPHANT, 'E', "Elephant", &["elephant"], 300),
        piece(PAWN, 'P', "Pawn", &["pawn"], 100),
    ],
    checkered: true,
    // The two palaces: files d-g, three ranks at each end.
    areas: &[
        Area {
            class: "palace",
            files: (3, 6),
            ranks: (0, 2),
        },
        Area {
            class: "palace",
            files: (3, 6),
            ranks: (7, 9),
        },
    ],
    lines: &[],
    options: &[],
    start: super::START,
    scoring: Scoring::CHESS,
    draw_by_agreement: true,
    endings: &[
        ending(EndReason::KingCaptured, "by capturing the King", "king captured"),
        ending(EndReason::SevenChecks, "after seven checks in a row", "seven checks"),
        ending(EndReason::TwentyMoveRule, "by the twenty-move rule", "twenty move rule"),
        ending(EndReason::NoLegalMove, "with no legal move left", "no legal move"),
    ],
    diagrams: DIAGRAMS,
};

/// The rules page's diagrams (each checked against the engine by the server's tests).
const DIAGRAMS: &[Diagram] = &[
    diagram(
        "King",
        "One step in any direction, never leaving its palace, and never facing the other King on an open file.",
        "6k3/10/10/10/10/10/10/10/4K5/10 w 0 0 0 1",
        "e2",
    ),
    diagram(
        "Queen",
        "As in chess.",
        "6k3/10/10/10/10/4Q5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Rook",
        "As in chess.",
        "6k3/10/10/10/10/4R5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Bishop",
        "As in chess.",
        "6k3/10/10/10/10/4B5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Advisor",
        "One step in any direction, anywhere on the board.",
        "6k3/10/10/10/10/4A5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Horse",
        "Leaps three squares one way and one the other, or steps one square straight without taking (it cannot take the pawn on e6 by stepping, but takes the rook on f8 by leaping).",
        "6k3/10/5r4/10/4p5/4H5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Cannon",
        "Steps one square without taking, or hops over the first piece in a line and lands just beyond it, taking an enemy there.",
        "6k3/10/4r5/4P5/10/4C5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Elephant",
        "One step forward or diagonally, or on through an empty forward-diagonal square one more step forward or outward.",
        "6k3/10/10/10/10/4E5/10/10/10/3K6 w 0 0 0 1",
        "e5",
    ),
    diagram(
        "Pawn",
        "One step forward, two from its starting rank; takes diagonally forward.",
        "6k3/10/10/10/10/10/3p6/2P7/10/3K6 w 0 0 0 1",
        "c3",
    ),
    diagram(
        "Pawn promotion",
        "On the last rank it must become a Queen, Elephant, Horse or Cannon.",
        "6k3/2P7/10/10/10/10/10/10/10/3K6 w 0 0 0 1",
        "c9",
    ),
];
