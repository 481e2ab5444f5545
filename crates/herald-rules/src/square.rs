//! Squares on a padded mailbox grid shared by every board size up to 10x10.
//!
//! A square is an index into a 16x16 grid whose outer three rows and columns are
//! off the board, so that a leap of up to three squares from any real square
//! lands on a cell that exists and reads as "off board": move generators never
//! check bounds by arithmetic.

use core::fmt;

/// Width of the padded grid; one rank up is `+STRIDE`.
pub const STRIDE: i16 = 16;
/// Off-board rows and columns on each side of the playable area.
pub const PADDING: u8 = 3;
/// Number of cells in the padded grid.
pub const GRID: usize = 256;
/// Largest number of files or ranks a board may have.
pub const MAX_SIDE: u8 = 10;

/// A square, identified by its file and rank (both counted from 0).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank`, both 0-based, or `None` past `MAX_SIDE`.
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square((rank + PADDING) * STRIDE as u8 + file + PADDING))
        } else {
            None
        }
    }

    /// 0-based file (`a` is 0).
    #[must_use]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - PADDING
    }

    /// 0-based rank (`1` is 0).
    #[must_use]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - PADDING
    }

    /// Index into the padded grid.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The square for a grid index; callers guarantee it is a playable cell.
    #[must_use]
    pub(crate) const fn from_index(index: usize) -> Square {
        Square(index as u8)
    }

    /// The grid cell `delta` steps away (may be off the board: check the board).
    #[must_use]
    pub(crate) const fn offset(self, delta: i16) -> usize {
        (self.0 as i16 + delta) as usize
    }

    /// Parses `e2`, `a10`: a file letter then a rank number from 1.
    #[must_use]
    pub fn parse(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if digits[0] == b'0' || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let rank = digits.iter().fold(0u8, |acc, d| acc * 10 + (d - b'0'));
        Square::new(letter - b'a', rank.checked_sub(1)?)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Grid offsets of the common step directions (each game uses its own subset).
pub mod dir {
    use super::STRIDE;
    pub const N: i16 = STRIDE;
    pub const S: i16 = -STRIDE;
    pub const E: i16 = 1;
    pub const W: i16 = -1;
    pub const NE: i16 = STRIDE + 1;
    pub const NW: i16 = STRIDE - 1;
    pub const SE: i16 = -STRIDE + 1;
    pub const SW: i16 = -STRIDE - 1;
    pub const ORTHOGONAL: [i16; 4] = [N, E, S, W];
    pub const DIAGONAL: [i16; 4] = [NE, SE, SW, NW];
    pub const ALL: [i16; 8] = [N, NE, E, SE, S, SW, W, NW];
    pub const KNIGHT: [i16; 8] = [
        2 * STRIDE + 1,
        2 * STRIDE - 1,
        -2 * STRIDE + 1,
        -2 * STRIDE - 1,
        STRIDE + 2,
        STRIDE - 2,
        -STRIDE + 2,
        -STRIDE - 2,
    ];
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        for text in ["a1", "e2", "j10", "c9", "i9"] {
            let square = Square::parse(text);
            assert_eq!(square.map(|s| s.to_string()).as_deref(), Some(text));
        }
        for bad in ["", "a", "a0", "a11", "A1", "k1x", "a01", "1a", "e-1"] {
            assert_eq!(Square::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn padding_holds_a_three_square_leap() {
        let corner = Square::new(0, 0).map(Square::index);
        assert_eq!(corner, Some(3 * 16 + 3));
        let far = Square::new(9, 9).map(Square::index);
        assert_eq!(far, Some(12 * 16 + 12));
        const { assert!(12 * 16 + 12 + 3 * 16 + 3 < GRID) };
    }
}
