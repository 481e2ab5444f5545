//! Ancient chess in the registry: what the rest of Herald knows about it.

use super::pieces::{CHARIOT, ELEPHANT, FERZ, GENERAL, HORSE, PAWN};
use crate::outcome::EndReason;
use crate::registry::{Diagram, GameSpec, PieceKind, Scoring, diagram, ending, two_seats};
use crate::variant::{GameOption, Variant};

const fn piece(code: u8, letter: char, name: &'static str, glyphs: &'static [&'static str], value: i32) -> PieceKind {
    PieceKind {
        code,
        letter,
        name,
        glyphs,
        value,
        royal: code == GENERAL,
    }
}

/// Ancient chess.
pub(crate) const SPEC: GameSpec = GameSpec {
    variant: Variant::Ancient,
    id: "ancient",
    name: "Ancient chess",
    blurb: "An 8×8 game whose General stays in his own half, with Xiangqi-like pieces and three optional rules.",
    files: 8,
    ranks: 8,
    seats: &two_seats(("White", "white"), ("Black", "black")),
    teams: &["White", "Black"],
    // Values (standard rules; the evaluation adjusts for options): the pawn is 100, and
    // is worth more once across the centre line. The Chariot is a rook (500). The Horse is
    // blocked only when both paths are (300, nearly a knight). The Elephant reaches eight
    // squares two away through lame paths, a little above a lame alibaba (250). The Ferz
    // steps diagonally or straight back (150). The General is 0: it is never captured,
    // and a bare General has already lost.
    pieces: &[
        piece(GENERAL, 'G', "General", &["general"], 0),
        piece(FERZ, 'F', "Ferz", &["ferz"], 150),
        piece(ELEPHANT, 'E', "Elephant", &["elephant"], 250),
        piece(HORSE, 'H', "Horse", &["horse"], 300),
        piece(CHARIOT, 'C', "Chariot", &["chariot"], 500),
        piece(PAWN, 'P', "Pawn", &["pawn"], 100),
    ],
    checkered: true,
    areas: &[],
    // The centre line between ranks 4 and 5, which the General never crosses.
    lines: &[4],
    options: &[GameOption::FerzForward, GameOption::Jumping, GameOption::Promotion],
    start: super::Ancient::START_FEN,
    scoring: Scoring::CHESS,
    // "Completely drawless" (spec section 9, A14/A20).
    draw_by_agreement: false,
    endings: &[
        ending(EndReason::Checkmate, "by checkmate", "checkmate"),
        ending(EndReason::Stalemate, "by stalemate", "stalemate"),
        ending(
            EndReason::RepetitionBlocked,
            "as every move would repeat a position",
            "repetition blocked",
        ),
        ending(EndReason::BareGeneral, "by baring the General", "bare general"),
    ],
    diagrams: DIAGRAMS,
};

/// The rules page's diagrams (each checked against the engine by the server's tests).
const DIAGRAMS: &[Diagram] = &[
    diagram(
        "General",
        "One step straight, never across the centre line; once, unmoved and not in check, a Horse move to an empty square.",
        "7g/8/8/8/8/8/8/4G3 w G 1",
        "e1",
    ),
    diagram(
        "Ferz",
        "One step diagonally, or one step straight back.",
        "6g1/8/8/8/3F4/8/8/1G6 w - 1",
        "d4",
    ),
    Diagram {
        title: "Ferz (optional rule: Ferz forward)",
        text: "With this option it steps straight forward instead of back.",
        fen: "6g1/8/8/8/3F4/8/8/1G6 w - 1",
        square: "d4",
        options: &[GameOption::FerzForward],
    },
    diagram(
        "Elephant",
        "Two squares diagonally or straight, without jumping; a straight move has three possible paths (the pawns on c5 and d5 take away only b6).",
        "6g1/8/8/2PP4/3E4/8/8/1G6 w - 1",
        "d4",
    ),
    diagram(
        "Horse",
        "To a knight's square by either of two paths; it is stopped only when both are blocked (c6 here).",
        "6g1/8/8/2PP4/3H4/8/8/1G6 w - 1",
        "d4",
    ),
    diagram(
        "Chariot",
        "Any distance straight, as a rook.",
        "6g1/8/8/8/3C4/8/8/1G6 w - 1",
        "d4",
    ),
    diagram(
        "Pawn, across the centre line",
        "One step forward; once across the centre line also sideways. It takes the way it moves, never diagonally.",
        "6g1/8/4hp2/3cP3/8/8/8/1G6 w - 1",
        "e5",
    ),
];
