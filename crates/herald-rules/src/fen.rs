//! The board field shared by every game's position string: ranks from the top,
//! separated by `/`, digits for runs of empty squares (`10` is ten).

use crate::board::{Board, Cell, EMPTY};
use crate::error::PositionError;
use crate::square::Square;

/// Reads one piece at the start of `rest` (Chatrang pieces are a letter and an
/// owner digit); returns the cell and the number of bytes it used.
pub(crate) type PieceReader<'a> = &'a dyn Fn(&[u8]) -> Result<(Cell, usize), String>;

/// Parses the placement field onto an empty board of the given size.
pub(crate) fn parse_placement(
    field: &str,
    files: u8,
    ranks: u8,
    read_piece: PieceReader<'_>,
) -> Result<Board, PositionError> {
    let mut board = Board::empty(files, ranks);
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != usize::from(ranks) {
        return Err(PositionError::new(
            "board",
            format!(
                "{} ranks separated by `/` were given, the board has {ranks}",
                rows.len()
            ),
        ));
    }
    for (row, text) in rows.iter().enumerate() {
        let rank = ranks - 1 - row as u8;
        let place = || format!("board, rank {}", rank + 1);
        let bytes = text.as_bytes();
        let mut file: u16 = 0;
        let mut at = 0;
        while at < bytes.len() {
            let byte = bytes[at];
            if byte.is_ascii_digit() {
                let end = bytes[at..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(bytes.len(), |n| at + n);
                let run: u16 = text[at..end].parse().unwrap_or(u16::MAX);
                if run == 0 || byte == b'0' {
                    return Err(PositionError::new(
                        place(),
                        format!("`{}` is not a run of empty squares", &text[at..end]),
                    ));
                }
                file = file.saturating_add(run);
                at = end;
            } else {
                let (cell, used) = read_piece(&bytes[at..]).map_err(|problem| PositionError::new(place(), problem))?;
                if file < u16::from(files)
                    && let Some(square) = Square::new(file as u8, rank)
                {
                    board.set(square, cell);
                }
                file += 1;
                at += used.max(1);
            }
            if file > u16::from(files) {
                return Err(PositionError::new(place(), format!("more than {files} squares")));
            }
        }
        if file != u16::from(files) {
            return Err(PositionError::new(place(), format!("{file} squares, expected {files}")));
        }
    }
    Ok(board)
}

/// Writes the placement field; `write_piece` gives a piece's text.
pub(crate) fn write_placement(board: &Board, write_piece: &dyn Fn(Cell, &mut String)) -> String {
    let mut out = String::with_capacity(96);
    for rank in (0..board.ranks()).rev() {
        let mut empty = 0;
        for file in 0..board.files() {
            let cell = Square::new(file, rank).map_or(EMPTY, |square| board.at(square));
            if cell == EMPTY {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                write_piece(cell, &mut out);
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// Splits a position string into exactly `names.len()` space-separated fields.
pub(crate) fn split_fields<'a>(text: &'a str, names: &[&str]) -> Result<Vec<&'a str>, PositionError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    if fields.len() != names.len() {
        return Err(PositionError::new(
            "string",
            format!(
                "{} fields were given, expected {} ({})",
                fields.len(),
                names.len(),
                names.join(", ")
            ),
        ));
    }
    Ok(fields)
}

/// Reads a decimal field no larger than `max`.
pub(crate) fn parse_number(field: &str, name: &str, index: usize, max: u32) -> Result<u32, PositionError> {
    let place = || format!("field {} ({name})", index + 1);
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) || field.len() > 9 {
        return Err(PositionError::new(
            place(),
            format!("`{}` is not a number", field.escape_debug()),
        ));
    }
    let value: u32 = field.parse().map_err(|_| PositionError::new(place(), "not a number"))?;
    if value > max {
        return Err(PositionError::new(place(), format!("{value} is larger than {max}")));
    }
    Ok(value)
}
