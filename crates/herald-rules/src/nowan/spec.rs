//! Nowan chess in the registry: what the rest of Herald knows about it.

use super::pieces::{ARCHER, ELEPHANT, GENERAL, HORSE, KING, SCOUT, WARRIOR};
use crate::outcome::EndReason;
use crate::registry::Points;
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

/// Nowan chess.
pub(crate) const SPEC: GameSpec = GameSpec {
    variant: Variant::Nowan,
    id: "nowan",
    name: "Nowan chess",
    blurb: "A 9×9 board in three zones. Check is optional: you win by capturing the King, who may once make a sacrifice.",
    files: 9,
    ranks: 9,
    seats: &two_seats(("Black", "black"), ("Red", "red")),
    teams: &["Black", "Red"],
    // Values: the Warrior (one step forward, no diagonal capture) is the 100 yardstick. The
    // Elephant is a rook on 9x9 (500); the Horse a knight (300). The Archer is a bishop that
    // no piece blocks: always its full diagonals, checks through walls, but bound to one
    // colour (450). The General reaches 8 squares two away, is stopped by a piece between
    // and lives on a quarter of the board (250). The Scout steps four ways and becomes a
    // gold general in the Enemy Zone (200). The King is 0: its capture ends the game.
    pieces: &[
        piece(KING, 'K', "King", &["king"], 0),
        piece(GENERAL, 'G', "General", &["general"], 250),
        piece(ARCHER, 'A', "Archer", &["archer"], 450),
        piece(HORSE, 'H', "Horse", &["horse"], 300),
        piece(ELEPHANT, 'E', "Elephant", &["elephant"], 500),
        piece(WARRIOR, 'W', "Warrior", &["warrior"], 100),
        piece(SCOUT, 'S', "Scout", &["scout"], 200),
    ],
    checkered: false,
    // Black's Home Zone, the Battle Zone, Red's Home Zone (spec section 2).
    areas: &[
        Area {
            class: "zone-first",
            files: (0, 8),
            ranks: (0, 2),
        },
        Area {
            class: "zone-battle",
            files: (0, 8),
            ranks: (3, 5),
        },
        Area {
            class: "zone-second",
            files: (0, 8),
            ranks: (6, 8),
        },
    ],
    lines: &[3, 6],
    options: &[],
    start: super::START_FEN,
    // Spec section 9: a win 2-0, a stalemate 1-0 for the stalemating side, a draw 0-0.
    scoring: Scoring {
        win: Points::whole(2),
        loss: Points::whole(0),
        draw: Points::whole(0),
        stalemate_win: Some(Points::whole(1)),
    },
    draw_by_agreement: true,
    endings: &[
        ending(EndReason::KingCaptured, "by capturing the King", "king captured"),
        ending(EndReason::Checkmate, "by checkmate", "checkmate"),
        ending(EndReason::Stalemate, "by stalemate", "stalemate"),
        ending(EndReason::OnlyKingsLeft, "with only the Kings left", "only kings left"),
    ],
    diagrams: DIAGRAMS,
};

/// The rules page's diagrams (each checked against the engine by the server's tests).
const DIAGRAMS: &[Diagram] = &[
    diagram("King", "One step in any direction.", "8k/9/9/9/4K4/9/9/9/9 b - 1", "e5"),
    diagram(
        "King: the sacrifice",
        "Once per game, not in check, inside its own Home Zone, the King may jump onto one of its own pieces there, which leaves the game. The Elephant on a5 is outside the zone.",
        "4k4/9/9/9/E8/9/1S7/4W4/3GK4 b K 1",
        "e1",
    ),
    diagram(
        "General",
        "Exactly two squares in a straight line, never one; the square between must be empty (the Red Warrior on e6 blocks e7).",
        "8k/9/9/4w4/4G4/9/9/9/K8 b - 1",
        "e5",
    ),
    diagram(
        "Archer",
        "Any distance diagonally, leaping over every piece in the way; it lands on an empty square or takes an enemy.",
        "8k/9/9/5w3/4A4/3W5/9/9/K8 b - 1",
        "e5",
    ),
    diagram("Horse", "The knight's leap.", "8k/9/9/9/4H4/9/9/9/K8 b - 1", "e5"),
    diagram(
        "Elephant",
        "Any distance straight, stopped by the first piece.",
        "8k/9/9/9/4E4/9/9/9/K8 b - 1",
        "e5",
    ),
    diagram(
        "Warrior",
        "One step straight forward; it also takes that way.",
        "8k/9/9/9/4W4/9/9/9/K8 b - 1",
        "e5",
    ),
    diagram(
        "Warrior in the Enemy Zone",
        "Standing in the Enemy Zone it may also step sideways.",
        "8k/9/4W4/9/9/9/9/9/K8 b - 1",
        "e7",
    ),
    diagram(
        "Scout",
        "One step forward, backward or diagonally forward.",
        "8k/9/9/9/4S4/9/9/9/K8 b - 1",
        "e5",
    ),
    diagram(
        "Scout in the Enemy Zone",
        "In the Enemy Zone it also steps sideways, and loses that again when it steps back out.",
        "8k/9/4S4/9/9/9/9/9/K8 b - 1",
        "e7",
    ),
];
