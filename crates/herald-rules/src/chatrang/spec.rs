//! Chatrang in the registry: what the rest of Herald knows about it.

use super::kind::{ASB, PIL, RUKH, SARBAZ, SHAH};
use crate::outcome::{EndReason, Team};
use crate::registry::{Diagram, GameSpec, PieceKind, Scoring, Seat, diagram, ending};
use crate::variant::Variant;

const fn piece(code: u8, letter: char, name: &'static str, glyphs: &'static [&'static str], value: i32) -> PieceKind {
    PieceKind {
        code,
        letter,
        name,
        glyphs,
        value,
        royal: code == SHAH,
    }
}

const fn seat(name: &'static str, team: u8, colour: &'static str) -> Seat {
    Seat {
        name,
        team: Team::new(team),
        colour,
    }
}

/// Chatrang.
pub(crate) const SPEC: GameSpec = GameSpec {
    variant: Variant::Chatrang,
    id: "chatrang",
    name: "Chatrang",
    blurb: "Four players in two teams on an 8×8 board; partners share the result.",
    files: 8,
    ranks: 8,
    // Four clearly different armies: light for the White team, dark for the Black team.
    seats: &[
        seat("Player 1", 0, "ivory"),
        seat("Player 2", 1, "ebony"),
        seat("Player 3", 0, "gold"),
        seat("Player 4", 1, "crimson"),
    ],
    teams: &["White", "Black"],
    // Values: the chessmen's (Sarbaz 100, Asb 300, Pil 325, Rukh 500). The Sarbaz never
    // promotes, but every man counts for the baring rules (S2-S4), which the evaluation
    // adds near the end. The Shah is 0: its loss costs its owner's whole army and turns,
    // which the evaluation counts by seat.
    pieces: &[
        piece(SHAH, 'K', "Shah", &["king"], 0),
        piece(RUKH, 'R', "Rukh", &["rook"], 500),
        piece(PIL, 'B', "Pil", &["bishop"], 325),
        piece(ASB, 'N', "Asb", &["horse"], 300),
        piece(SARBAZ, 'P', "Sarbaz", &["pawn"], 100),
    ],
    checkered: true,
    areas: &[],
    lines: &[],
    options: &[],
    start: "r4n4b4k4k2b2n2r2/p4p4p4p4p2p2p2p2/8/8/8/8/P1P1P1P1P3P3P3P3/R1N1B1K1K3B3N3R3 1 - - 0",
    // Spec section 9: win / loss / draw per team, 1 / 0 / ½, both partners alike.
    scoring: Scoring::CHESS,
    draw_by_agreement: true,
    endings: &[
        ending(EndReason::BothShahsGone, "with both Shahs taken", "both shahs gone"),
        ending(EndReason::BareShahs, "with only Shahs left", "bare shahs"),
        ending(EndReason::Bared, "by baring", "bared"),
        ending(EndReason::BaringReplyUsed, "by baring", "baring reply used"),
        ending(EndReason::NobodyCanMove, "as nobody could move", "nobody can move"),
    ],
    diagrams: DIAGRAMS,
};

/// The rules page's diagrams (each checked against the engine by the server's tests).
const DIAGRAMS: &[Diagram] = &[
    diagram(
        "Shah",
        "One step in any direction.",
        "k26k4/8/8/8/3K14/8/8/7K3 1 - - 0",
        "d4",
    ),
    diagram(
        "Rukh",
        "Any distance straight, stopped by the first piece.",
        "1k46/k27/8/8/3R14/8/7K3/7K1 1 - - 0",
        "d4",
    ),
    diagram(
        "Pil",
        "Any distance diagonally.",
        "8/8/8/k47/3B14/7k2/K37/7K1 1 - - 0",
        "d4",
    ),
    diagram("Asb", "The knight's leap.", "8/8/8/k47/3N14/7k2/K37/7K1 1 - - 0", "d4"),
    diagram(
        "Sarbaz",
        "One step forward to an empty square; takes one step diagonally forward. It may take either enemy, never the partner's men.",
        "k26k4/8/8/8/8/3n21n42/4P13/K16K3 1 - - 0",
        "e2",
    ),
];
