//! Moves: the compact form the engines play, and the canonical text form.

use core::fmt;
use core::str::FromStr;

use crate::square::Square;

/// What sort of move this is, beyond "a piece goes from one square to another".
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum MoveKind {
    /// A piece moves, capturing whatever enemy stands on the destination.
    Normal = 0,
    /// Nowan: the King moves onto one of its own pieces, removing it.
    Sacrifice = 1,
    /// Chatrang: a player with no legal move and an unattacked Shah passes.
    Pass = 2,
}

/// A move as the engines play it: four bytes, copied freely.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    /// Lowercase letter of the promotion piece, or 0.
    promotion: u8,
    kind: MoveKind,
}

impl Move {
    /// An ordinary move.
    #[must_use]
    pub const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: 0,
            kind: MoveKind::Normal,
        }
    }

    /// A promoting move; `letter` is the piece's lowercase letter.
    #[must_use]
    pub const fn promoting(from: Square, to: Square, letter: u8) -> Move {
        Move {
            from,
            to,
            promotion: letter.to_ascii_lowercase(),
            kind: MoveKind::Normal,
        }
    }

    /// A Nowan sacrifice: the King on `from` replaces its own piece on `to`.
    #[must_use]
    pub const fn sacrifice(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: 0,
            kind: MoveKind::Sacrifice,
        }
    }

    /// A Chatrang pass.
    #[must_use]
    pub const fn pass() -> Move {
        let origin = match Square::new(0, 0) {
            Some(square) => square,
            None => Square::from_index(0),
        };
        Move {
            from: origin,
            to: origin,
            promotion: 0,
            kind: MoveKind::Pass,
        }
    }

    #[must_use]
    pub const fn from(self) -> Square {
        self.from
    }

    #[must_use]
    pub const fn to(self) -> Square {
        self.to
    }

    #[must_use]
    pub const fn kind(self) -> MoveKind {
        self.kind
    }

    /// The promotion piece's lowercase letter, if the move promotes.
    #[must_use]
    pub const fn promotion(self) -> Option<u8> {
        if self.promotion == 0 {
            None
        } else {
            Some(self.promotion)
        }
    }

    #[must_use]
    pub const fn is_pass(self) -> bool {
        matches!(self.kind, MoveKind::Pass)
    }

    /// The canonical text of this move (`e2e3`, `c9c10q`, `pass`).
    #[must_use]
    pub fn text(self) -> MoveText {
        if self.is_pass() {
            MoveText::Pass
        } else {
            MoveText::Squares {
                from: self.from,
                to: self.to,
                promotion: self.promotion(),
            }
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.text(), f)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.text(), f)
    }
}

/// A move in canonical text form, checked for syntax only.
///
/// Which engine move it means depends on the position: the same `e1d1` is a
/// King step or a Nowan sacrifice. `Position::parse_move` resolves it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveText {
    /// Origin, destination and an optional promotion letter.
    Squares {
        from: Square,
        to: Square,
        promotion: Option<u8>,
    },
    /// The word `pass`.
    Pass,
}

/// Why a move's text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseMoveError {
    text: String,
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a move: write the origin and destination squares, like e2e3 or a10a9, \
             with the promotion piece's letter after a promoting move (c9c10q), or `pass`",
            self.text.escape_debug()
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for MoveText {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<MoveText, ParseMoveError> {
        let error = || ParseMoveError {
            text: text.chars().take(40).collect(),
        };
        if text == "pass" {
            return Ok(MoveText::Pass);
        }
        if text.len() > 7 || !text.is_ascii() {
            return Err(error());
        }
        // A square is a letter then one or two digits; split on the second letter.
        let bytes = text.as_bytes();
        let second = bytes
            .iter()
            .skip(1)
            .position(u8::is_ascii_lowercase)
            .map(|i| i + 1)
            .ok_or_else(error)?;
        let from = Square::parse(&text[..second]).ok_or_else(error)?;
        let rest = &text[second..];
        let digits_end = rest
            .bytes()
            .skip(1)
            .position(|b| !b.is_ascii_digit())
            .map_or(rest.len(), |i| i + 1);
        let to = Square::parse(&rest[..digits_end]).ok_or_else(error)?;
        let promotion = match &rest.as_bytes()[digits_end..] {
            [] => None,
            [letter] if letter.is_ascii_lowercase() => Some(*letter),
            _ => return Err(error()),
        };
        Ok(MoveText::Squares { from, to, promotion })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Pass => f.write_str("pass"),
            MoveText::Squares { from, to, promotion } => {
                write!(f, "{from}{to}")?;
                if let Some(letter) = promotion {
                    write!(f, "{}", char::from(*letter))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_texts_round_trip() {
        for text in ["e2e3", "a10a9", "c9c10q", "pass", "j10a1", "e1d1", "c7c8f"] {
            let parsed: Result<MoveText, _> = text.parse();
            assert_eq!(parsed.map(|m| m.to_string()).as_deref(), Ok(text));
        }
    }

    #[test]
    fn malformed_texts_are_rejected() {
        for text in [
            "", "e2", "e2e", "e2-e3", "E2E3", "e2e3qq", "e0e1", "e2e11", "passs", "e2e3Q", "é2e3", "e2e3 ",
        ] {
            assert!(text.parse::<MoveText>().is_err(), "{text}");
        }
    }
}
