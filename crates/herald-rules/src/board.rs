//! The mailbox board: one byte per cell, a piece's kind and owner packed together. The
//! packed `Cell` is the engines' own: outside the crate a board is read through
//! [`Board::piece_at`] and the registry's typed pieces (`AnyGame::pieces`).

use crate::outcome::Player;
use crate::square::{GRID, MAX_SIDE, Square};

/// A cell value: empty, off the board, or `owner << 4 | kind` with `kind` in 1..=15.
pub(crate) type Cell = u8;

/// An empty playable square.
pub(crate) const EMPTY: Cell = 0;
/// A cell outside the board.
pub(crate) const OFF: Cell = 0xFF;

/// Packs a piece kind (1..=15, each game names its own) and its owner (0..=3).
#[must_use]
pub(crate) const fn piece(kind: u8, owner: u8) -> Cell {
    (owner << 4) | kind
}

/// The kind of a piece cell.
#[must_use]
pub(crate) const fn kind(cell: Cell) -> u8 {
    cell & 15
}

/// The owner of a piece cell.
#[must_use]
pub(crate) const fn owner(cell: Cell) -> u8 {
    cell >> 4
}

/// True for a cell that holds a piece.
#[must_use]
pub(crate) const fn is_piece(cell: Cell) -> bool {
    cell != EMPTY && cell != OFF
}

/// Cells of a board of `files` x `ranks` squares inside the padded grid.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Cell; GRID],
    files: u8,
    ranks: u8,
}

impl Board {
    /// An empty board; sizes are clamped to `MAX_SIDE`.
    #[must_use]
    pub fn empty(files: u8, ranks: u8) -> Board {
        let files = files.min(MAX_SIDE);
        let ranks = ranks.min(MAX_SIDE);
        let mut cells = [OFF; GRID];
        for rank in 0..ranks {
            for file in 0..files {
                if let Some(square) = Square::new(file, rank) {
                    cells[square.index()] = EMPTY;
                }
            }
        }
        Board { cells, files, ranks }
    }

    #[must_use]
    pub fn files(&self) -> u8 {
        self.files
    }

    #[must_use]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The cell at a grid index (off-board indices read `OFF`).
    #[inline(always)]
    #[must_use]
    pub(crate) fn cell(&self, index: usize) -> Cell {
        self.cells[index & (GRID - 1)]
    }

    /// The cell on a square.
    #[inline(always)]
    #[must_use]
    pub(crate) fn at(&self, square: Square) -> Cell {
        self.cell(square.index())
    }

    /// The piece on a square: its kind (the registry's `PieceKind::code`) and its owner's
    /// seat; `None` for an empty square or one off the board.
    #[must_use]
    pub fn piece_at(&self, square: Square) -> Option<(u8, Player)> {
        let cell = self.at(square);
        is_piece(cell).then_some((kind(cell), Player::new(owner(cell))))
    }

    /// True if the square is on this board.
    #[must_use]
    pub fn contains(&self, square: Square) -> bool {
        square.file() < self.files && square.rank() < self.ranks
    }

    /// Puts a cell value on a playable square.
    #[inline(always)]
    pub(crate) fn set(&mut self, square: Square, cell: Cell) {
        self.cells[square.index()] = cell;
    }

    /// All squares of the board, rank 1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |rank| (0..self.files).filter_map(move |file| Square::new(file, rank)))
    }

    /// Squares holding a piece, with the piece.
    pub(crate) fn pieces(&self) -> impl Iterator<Item = (Square, Cell)> + '_ {
        self.squares().filter_map(|square| {
            let cell = self.at(square);
            (cell != EMPTY).then_some((square, cell))
        })
    }

    /// The raw cells, for tight loops in the move generators.
    #[inline(always)]
    #[must_use]
    pub(crate) fn cells(&self) -> &[Cell; GRID] {
        &self.cells
    }
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for rank in (0..self.ranks).rev() {
            for file in 0..self.files {
                let cell = Square::new(file, rank).map_or(OFF, |s| self.at(s));
                write!(f, "{cell:02x} ")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
