//! The Not Chess position string (spec 3): placement, side, half-move clock,
//! White's and Black's consecutive checks, full-move number; and its validation.

use super::movegen::in_palace;
use super::{DRAW_PLIES, LOSING_CHECKS, NotChess, kind};
use crate::board::{self, Board, Cell};
use crate::error::PositionError;
use crate::fen;
use crate::square::Square;

/// The reconstructed starting position (Decisions N3, N4).
pub const START: &str = "rhebqkbehr/1c2aa2c1/pppppppppp/10/10/10/10/PPPPPPPPPP/1C2AA2C1/RHEBQKBEHR w 0 0 0 1";

const FIELDS: [&str; 6] = [
    "placement",
    "side to move",
    "half-move clock",
    "White's checks",
    "Black's checks",
    "full-move number",
];

const LETTERS: &[u8; 9] = b"kqrbahcep";

pub(super) fn start() -> NotChess {
    // The constant is valid by construction; the fallback only keeps the engine panic-free.
    parse(START).unwrap_or_else(|_| NotChess {
        board: Board::empty(10, 10),
        turn: 0,
        halfmove_clock: 0,
        checks: [0, 0],
        fullmove: 1,
        kings: [Square::from_index(0), Square::from_index(0)],
        ended: None,
    })
}

fn read_piece(bytes: &[u8]) -> Result<(Cell, usize), String> {
    let letter = bytes.first().copied().unwrap_or(b' ');
    let lower = letter.to_ascii_lowercase();
    let index = LETTERS.iter().position(|&l| l == lower).ok_or_else(|| {
        format!(
            "`{}` is not a Not Chess piece (expected one of KQRBAHCEP)",
            char::from(letter)
        )
    })?;
    let owner = u8::from(letter.is_ascii_lowercase());
    Ok((board::piece(index as u8 + 1, owner), 1))
}

fn write_piece(cell: Cell, out: &mut String) {
    let letter = LETTERS[usize::from(board::kind(cell) - 1) % LETTERS.len()];
    out.push(char::from(if board::owner(cell) == 0 {
        letter.to_ascii_uppercase()
    } else {
        letter
    }));
}

pub(super) fn parse(text: &str) -> Result<NotChess, PositionError> {
    let fields = fen::split_fields(text, &FIELDS)?;
    let board = fen::parse_placement(fields[0], 10, 10, &read_piece)?;
    let turn = match fields[1] {
        "w" => 0,
        "b" => 1,
        other => {
            return Err(PositionError::new(
                "field 2 (side to move)",
                format!("`{}` is neither w nor b", other.escape_debug()),
            ));
        }
    };
    let halfmove_clock = fen::parse_number(fields[2], FIELDS[2], 2, u32::from(DRAW_PLIES) - 1)? as u8;
    let white_checks = fen::parse_number(fields[3], FIELDS[3], 3, u32::from(LOSING_CHECKS) - 1)? as u8;
    let black_checks = fen::parse_number(fields[4], FIELDS[4], 4, u32::from(LOSING_CHECKS) - 1)? as u8;
    let fullmove = fen::parse_number(fields[5], FIELDS[5], 5, 1_000_000)?;
    if fullmove == 0 {
        return Err(PositionError::new("field 6 (full-move number)", "it starts at 1"));
    }
    let kings = [find_king(&board, 0)?, find_king(&board, 1)?];
    check_pawns(&board)?;
    let position = NotChess {
        board,
        turn,
        halfmove_clock,
        checks: [white_checks, black_checks],
        fullmove,
        kings,
        ended: None,
    };
    if position.kings_facing() {
        return Err(PositionError::new(
            "board",
            "the Kings face each other on an open file, which no legal move allows",
        ));
    }
    Ok(position)
}

fn find_king(board: &Board, owner: u8) -> Result<Square, PositionError> {
    let name = if owner == 0 { "White" } else { "Black" };
    let king = board::piece(kind::KING, owner);
    let mut found = board.squares().filter(|&s| board.at(s) == king);
    let square = found
        .next()
        .ok_or_else(|| PositionError::new("board", format!("{name} has no King")))?;
    if let Some(extra) = found.next() {
        return Err(PositionError::new(
            "board",
            format!("{name} has a second King on {extra}"),
        ));
    }
    if !in_palace(square, owner) {
        return Err(PositionError::new(
            "board",
            format!("{name}'s King on {square} is outside its palace (files d-g, its three home ranks)"),
        ));
    }
    Ok(square)
}

/// A pawn on its last rank must have promoted. (A pawn behind its starting rank
/// cannot arise either, but the spec's own test 16 uses one, so it is accepted.)
fn check_pawns(board: &Board) -> Result<(), PositionError> {
    for (square, cell) in board.pieces() {
        if board::kind(cell) != kind::PAWN {
            continue;
        }
        let on_last = if board::owner(cell) == 0 {
            square.rank() == 9
        } else {
            square.rank() == 0
        };
        if on_last {
            return Err(PositionError::new(
                format!("board, {square}"),
                "a pawn on its last rank must have promoted",
            ));
        }
    }
    Ok(())
}

pub(super) fn write(position: &NotChess) -> String {
    format!(
        "{} {} {} {} {} {}",
        fen::write_placement(&position.board, &write_piece),
        if position.turn == 0 { 'w' } else { 'b' },
        position.halfmove_clock,
        position.checks[0],
        position.checks[1],
        position.fullmove
    )
}

impl NotChess {
    /// True if the Kings share a file with nothing between them.
    pub(super) fn kings_facing(&self) -> bool {
        let [a, b] = self.kings;
        a.file() == b.file()
            && self
                .board
                .squares()
                .filter(|s| {
                    s.file() == a.file() && s.rank() > a.rank().min(b.rank()) && s.rank() < a.rank().max(b.rank())
                })
                .all(|s| self.board.at(s) == board::EMPTY)
    }
}
