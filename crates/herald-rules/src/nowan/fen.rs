//! The position string of section 3: board, side to move, sacrifice rights, move number.

use super::pieces::{BLACK, KING, RED, START_COUNT, from_letter, letter, name};
use super::{Event, MAX_PIECES, Nowan};
use crate::board::{self, Board};
use crate::error::PositionError;
use crate::fen::{parse_number, parse_placement, split_fields, write_placement};

const FIELDS: [&str; 4] = ["board", "side to move", "sacrifice rights", "move number"];

/// Largest move number accepted; far beyond any real game, small enough to never overflow.
const MAX_MOVE_NUMBER: u32 = 999_999_999;

pub(super) fn parse(text: &str) -> Result<Nowan, PositionError> {
    let fields = split_fields(text, &FIELDS)?;
    let read_piece = |bytes: &[u8]| -> Result<(u8, usize), String> {
        let byte = bytes.first().copied().unwrap_or(b' ');
        from_letter(byte).map(|cell| (cell, 1)).ok_or_else(|| {
            format!(
                "`{}` is not a piece letter (K G A H E W S: uppercase for Black, lowercase for Red)",
                byte.escape_ascii()
            )
        })
    };
    let board = parse_placement(fields[0], 9, 9, &read_piece)?;
    let kings = check_material(&board)?;
    let turn = match fields[1] {
        "b" => BLACK,
        "r" => RED,
        other => {
            return Err(PositionError::new(
                "field 2 (side to move)",
                format!("`{}` is neither `b` (Black) nor `r` (Red)", other.escape_debug()),
            ));
        }
    };
    let rights = match fields[2] {
        "-" => 0,
        "K" => 1,
        "k" => 2,
        "Kk" => 3,
        other => {
            return Err(PositionError::new(
                "field 3 (sacrifice rights)",
                format!(
                    "`{}` is not one of `Kk`, `K`, `k` or `-` (K = Black may still sacrifice, k = Red)",
                    other.escape_debug()
                ),
            ));
        }
    };
    let fullmove = parse_number(fields[3], FIELDS[3], 3, MAX_MOVE_NUMBER)?;
    if fullmove == 0 {
        return Err(PositionError::new(
            "field 4 (move number)",
            "the move number starts at 1",
        ));
    }
    let mut squares = [[0u8; MAX_PIECES]; 2];
    let mut counts = [0u8; 2];
    for (square, cell) in board.pieces() {
        let side = usize::from(board::owner(cell) & 1);
        if let Some(slot) = squares[side].get_mut(usize::from(counts[side])) {
            *slot = square.index() as u8;
            counts[side] += 1;
        }
    }
    let mut position = Nowan {
        board,
        turn,
        rights,
        fullmove,
        kings,
        squares,
        counts,
        event: Event::None,
        hash: 0,
    };
    position.hash = position.compute_hash();
    Ok(position)
}

/// Exactly one King per side, and no more of any kind than a side starts with
/// (nothing in Nowan adds a piece). Returns the Kings' grid indices.
fn check_material(board: &Board) -> Result<[u8; 2], PositionError> {
    let mut counts = [[0u8; 8]; 2];
    let mut kings = [0u8; 2];
    for (square, cell) in board.pieces() {
        let side = usize::from(board::owner(cell));
        let kind = usize::from(board::kind(cell));
        counts[side][kind] = counts[side][kind].saturating_add(1);
        if kind == usize::from(KING) {
            kings[side] = square.index() as u8;
        }
    }
    for (side, side_name) in [(0, "Black"), (1, "Red")] {
        for kind in 1..8u8 {
            let count = counts[side][usize::from(kind)];
            let most = START_COUNT[usize::from(kind)];
            if kind == KING && count == 0 {
                return Err(PositionError::new("board", format!("{side_name} has no King")));
            }
            if count > most {
                return Err(PositionError::new(
                    "board",
                    format!(
                        "{side_name} has {count} pieces of kind {} (`{}`), but a side starts with {most} and never gains any",
                        name(kind),
                        char::from(letter(kind | ((side as u8) << 4)))
                    ),
                ));
            }
        }
    }
    Ok(kings)
}

pub(super) fn write(position: &Nowan) -> String {
    let mut out = write_placement(&position.board, &|cell, out: &mut String| {
        out.push(char::from(letter(cell)))
    });
    out.push(' ');
    out.push(if position.turn == BLACK { 'b' } else { 'r' });
    out.push(' ');
    out.push_str(match position.rights {
        0 => "-",
        1 => "K",
        2 => "k",
        _ => "Kk",
    });
    out.push(' ');
    out.push_str(&position.fullmove.to_string());
    out
}
