//! The position string (section 3): placement, side to move, General-unmoved
//! flags, full-move number; reading with precise errors, and writing.

use super::attacks::{Rules, attacked, facing};
use super::geometry::{in_own_half, rank};
use super::pieces::{self, BLACK, FERZ, GENERAL, KINDS, PAWN, START_COUNT, WHITE};
use crate::board::{Board, Cell, piece};
use crate::error::PositionError;
use crate::fen::{parse_number, parse_placement, split_fields, write_placement};
use crate::square::Square;
use crate::variant::{GameOption, Options};

const FIELDS: [&str; 4] = ["placement", "side to move", "General-unmoved flags", "full-move number"];

const SIDE_NAMES: [&str; 2] = ["White", "Black"];

/// The fields of a valid position string.
#[derive(Debug)]
pub(crate) struct Parts {
    pub(crate) board: Board,
    pub(crate) turn: u8,
    pub(crate) unmoved: u8,
    pub(crate) fullmove: u32,
}

fn read_piece(bytes: &[u8]) -> Result<(Cell, usize), String> {
    let byte = bytes.first().copied().unwrap_or(b' ');
    let side = if byte.is_ascii_lowercase() { BLACK } else { WHITE };
    match pieces::kind_of_letter(byte.to_ascii_uppercase()) {
        Some(kind) => Ok((piece(kind, side), 1)),
        None => Err(format!(
            "`{}` is not a piece letter (G F E H C P for White, g f e h c p for Black)",
            char::from(byte).escape_debug()
        )),
    }
}

/// Reads and validates a position string.
pub(crate) fn parse(text: &str, options: Options) -> Result<Parts, PositionError> {
    let fields = split_fields(text, &FIELDS)?;
    let board = parse_placement(fields[0], 8, 8, &read_piece)?;
    let turn = match fields[1] {
        "w" => WHITE,
        "b" => BLACK,
        other => {
            return Err(PositionError::new(
                "field 2 (side to move)",
                format!("`{}` is neither `w` nor `b`", other.escape_debug()),
            ));
        }
    };
    let unmoved = match fields[2] {
        "-" => 0,
        "G" => 1,
        "g" => 2,
        "Gg" => 3,
        other => {
            return Err(PositionError::new(
                "field 3 (General-unmoved flags)",
                format!("`{}` is not one of `Gg`, `G`, `g`, `-`", other.escape_debug()),
            ));
        }
    };
    let fullmove = parse_number(fields[3], "full-move number", 3, u32::MAX)?;
    if fullmove == 0 {
        return Err(PositionError::new("field 4 (full-move number)", "it starts at 1"));
    }
    validate(&board, turn, unmoved, options)?;
    Ok(Parts {
        board,
        turn,
        unmoved,
        fullmove,
    })
}

/// Rejects placements that cannot arise in play.
fn validate(board: &Board, turn: u8, unmoved: u8, options: Options) -> Result<(), PositionError> {
    let mut counts = [[0u32; KINDS]; 2];
    let mut generals: [Option<Square>; 2] = [None, None];
    for (sq, cell) in board.pieces() {
        let side = cell >> 4;
        let kind = cell & 15;
        let place = || format!("board, {sq}");
        let name = SIDE_NAMES[usize::from(side)];
        counts[usize::from(side)][usize::from(kind)] += 1;
        let index = sq.index() as u8;
        match kind {
            GENERAL => {
                if generals[usize::from(side)].is_some() {
                    return Err(PositionError::new(place(), format!("{name} has a second General")));
                }
                generals[usize::from(side)] = Some(sq);
                if !in_own_half(index, side) {
                    return Err(PositionError::new(
                        place(),
                        format!("{name}'s General stands outside its own half, which it may never leave"),
                    ));
                }
            }
            PAWN => {
                // Pawns start on rank 3 (6 for Black) and never move backward.
                let behind = if side == WHITE {
                    rank(index) < 2
                } else {
                    rank(index) > 5
                };
                if behind {
                    return Err(PositionError::new(
                        place(),
                        format!("a {name} pawn cannot stand behind its starting rank: pawns never move backward"),
                    ));
                }
                let last = if side == WHITE { 7 } else { 0 };
                if options.contains(GameOption::Promotion) && rank(index) == last {
                    return Err(PositionError::new(
                        place(),
                        format!("with promotion, a {name} pawn on its last rank would have promoted"),
                    ));
                }
            }
            _ => {}
        }
    }
    for side in [WHITE, BLACK] {
        let name = SIDE_NAMES[usize::from(side)];
        let Some(general) = generals[usize::from(side)] else {
            return Err(PositionError::new("board", format!("{name} has no General")));
        };
        let start = Square::new(4, if side == WHITE { 0 } else { 7 });
        if unmoved & (1 << side) != 0 && Some(general) != start {
            return Err(PositionError::new(
                "field 3 (General-unmoved flags)",
                format!(
                    "`{}` says {name}'s General has never moved, but it is on {general}, not {}",
                    if side == WHITE { 'G' } else { 'g' },
                    if side == WHITE { "e1" } else { "e8" }
                ),
            ));
        }
        let own = &counts[usize::from(side)];
        let pawns = own[usize::from(PAWN)];
        if pawns > u32::from(START_COUNT[usize::from(PAWN)]) {
            return Err(PositionError::new(
                "board",
                format!("{name} has {pawns} pawns, more than 8"),
            ));
        }
        // Extra pieces can only come from promotions, one pawn each; only a
        // Ferz may exceed its starting count (Decision A18).
        let mut extra = 0;
        for kind in 2..KINDS as u8 - 1 {
            let have = own[usize::from(kind)];
            let start = u32::from(START_COUNT[usize::from(kind)]);
            if have > start {
                if !options.contains(GameOption::Promotion) || kind != FERZ {
                    return Err(PositionError::new(
                        "board",
                        format!(
                            "{name} has {have} {}s, more than the {start} of the starting array{}",
                            pieces::name(kind),
                            if options.contains(GameOption::Promotion) {
                                " (promotion gives one only while fewer remain)"
                            } else {
                                " (there is no promotion without the `promotion` option)"
                            }
                        ),
                    ));
                }
                extra += have - start;
            }
        }
        if pawns + extra > u32::from(START_COUNT[usize::from(PAWN)]) {
            return Err(PositionError::new(
                "board",
                format!("{name} has {pawns} pawns and {extra} promoted Ferzes: more than its 8 pawns"),
            ));
        }
    }
    let (Some(white), Some(black)) = (generals[0], generals[1]) else {
        return Err(PositionError::new("board", "a General is missing"));
    };
    let cells = board.cells();
    let (white, black) = (white.index() as u8, black.index() as u8);
    if facing(cells, white, black) {
        return Err(PositionError::new(
            "board",
            "the two Generals face each other on an open line, which no legal move allows",
        ));
    }
    let rules = Rules {
        ferz_forward: options.contains(GameOption::FerzForward),
        jumping: options.contains(GameOption::Jumping),
        promotion: options.contains(GameOption::Promotion),
    };
    let waiting = turn ^ 1;
    let waiting_general = if waiting == WHITE { white } else { black };
    if attacked(cells, waiting_general, turn, rules) {
        return Err(PositionError::new(
            "board",
            format!(
                "{}'s General is attacked although {} is to move: the last move left it in check",
                SIDE_NAMES[usize::from(waiting)],
                SIDE_NAMES[usize::from(turn)]
            ),
        ));
    }
    Ok(())
}

/// Writes the position string.
pub(crate) fn write(board: &Board, turn: u8, unmoved: u8, fullmove: u32) -> String {
    let mut out = write_placement(board, &|cell, out: &mut String| {
        let letter = pieces::letter(cell & 15);
        out.push(char::from(if cell >> 4 == BLACK {
            letter.to_ascii_lowercase()
        } else {
            letter
        }));
    });
    out.push(' ');
    out.push(if turn == WHITE { 'w' } else { 'b' });
    out.push(' ');
    out.push_str(match unmoved {
        1 => "G",
        2 => "g",
        3 => "Gg",
        _ => "-",
    });
    out.push(' ');
    out.push_str(&fullmove.to_string());
    out
}
