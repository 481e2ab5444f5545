//! The Chatrang position string (section 4): pieces as letter + owner digit, then
//! player to move, eliminated players, owed-reply player and pass counter.

use super::bitboards::{KING, index_of};
use super::{Chatrang, kind};
use crate::board::{self, Cell};
use crate::error::PositionError;
use crate::fen::{parse_placement, split_fields, write_placement};

const FIELDS: [&str; 5] = [
    "board",
    "player to move",
    "eliminated players",
    "owed reply",
    "pass counter",
];

/// Letters in kind order (index = kind).
const LETTERS: [u8; 6] = *b"?KRBNP";
/// The most pieces of each kind one player can have (there is no promotion).
const MOST: [u32; 6] = [0, 1, 1, 1, 1, 4];
const NAMES: [&str; 6] = ["", "Shah", "Rukh", "Pil", "Asb", "Sarbaz"];

fn read_piece(bytes: &[u8]) -> Result<(Cell, usize), String> {
    let letter = bytes[0];
    let Some(kind) = LETTERS.iter().skip(1).position(|&l| l == letter.to_ascii_uppercase()) else {
        return Err(format!(
            "`{}` is not a piece letter (K, R, B, N, P; lowercase for players 2 and 4)",
            char::from(letter).escape_debug()
        ));
    };
    let kind = kind as u8 + 1;
    let owner = match bytes.get(1) {
        Some(digit @ b'1'..=b'4') => digit - b'1',
        _ => {
            return Err(format!(
                "the piece letter `{}` must be followed by its owner's digit 1-4",
                char::from(letter)
            ));
        }
    };
    let white = owner & 1 == 0;
    if white != letter.is_ascii_uppercase() {
        return Err(format!(
            "`{}{}`: player {}'s pieces are written in {} (the case must match the team)",
            char::from(letter),
            owner + 1,
            owner + 1,
            if white { "uppercase" } else { "lowercase" }
        ));
    }
    Ok((board::piece(kind, owner), 2))
}

/// Reads a position string exactly as written (no start-of-turn processing).
pub(super) fn parse(text: &str) -> Result<Chatrang, PositionError> {
    let fields = split_fields(text, &FIELDS)?;
    let place = |i: usize| format!("field {} ({})", i + 1, FIELDS[i]);
    let board = parse_placement(fields[0], 8, 8, &read_piece)?;

    let mut position = Chatrang::empty();
    let mut counts = [[0u32; 6]; 4];
    for (square, cell) in board.pieces() {
        let Some(sq) = index_of(square) else {
            continue;
        };
        let owner = board::owner(cell);
        let kind = board::kind(cell);
        counts[usize::from(owner)][usize::from(kind)] += 1;
        let home_rank = if owner & 1 == 0 { 0 } else { 7 };
        if kind == kind::SARBAZ && square.rank() == home_rank {
            return Err(PositionError::new(
                format!("board, {square}"),
                format!(
                    "player {}'s Sarbaz cannot stand on rank {} (Sarbaz only move forward)",
                    owner + 1,
                    home_rank + 1
                ),
            ));
        }
        position.put(sq, cell);
    }

    let turn = match fields[1].as_bytes() {
        [digit @ b'1'..=b'4'] => digit - b'1',
        _ => {
            return Err(PositionError::new(
                place(1),
                format!("`{}` is not a player 1-4", fields[1].escape_debug()),
            ));
        }
    };

    let mut eliminated = 0u8;
    if fields[2] != "-" {
        let mut last = 0;
        for byte in fields[2].bytes() {
            if !(b'1'..=b'4').contains(&byte) || byte <= last {
                return Err(PositionError::new(
                    place(2),
                    format!(
                        "`{}` is not `-` or a list of players 1-4 in increasing order",
                        fields[2].escape_debug()
                    ),
                ));
            }
            last = byte;
            eliminated |= 1 << (byte - b'1');
        }
    }
    for team in 0..2 {
        let both = (1 << team) | (1 << (team + 2));
        if eliminated & both == both {
            return Err(PositionError::new(
                place(2),
                format!(
                    "players {} and {} are both eliminated: the game would already be over",
                    team + 1,
                    team + 3
                ),
            ));
        }
    }
    for (player, count) in counts.iter().enumerate() {
        let out = eliminated & (1 << player) != 0;
        let total: u32 = count.iter().sum();
        if out && total > 0 {
            return Err(PositionError::new(
                "board",
                format!("player {} is eliminated but still has pieces on the board", player + 1),
            ));
        }
        if !out && count[usize::from(kind::SHAH)] == 0 {
            return Err(PositionError::new(
                "board",
                format!(
                    "player {} has no Shah but is not listed as eliminated (field 3)",
                    player + 1
                ),
            ));
        }
        for kind in 1..6 {
            if count[kind] > MOST[kind] {
                return Err(PositionError::new(
                    "board",
                    format!(
                        "player {} has {} {}s; there are at most {} (no promotion)",
                        player + 1,
                        count[kind],
                        NAMES[kind],
                        MOST[kind]
                    ),
                ));
            }
        }
    }
    // A Shah never moves next to an enemy Shah (that square is attacked), and
    // nothing else moves a Shah: adjacent enemy Shahs cannot arise.
    for a in 0..4 {
        for b in [a ^ 1, a ^ 3] {
            let (sa, sb) = (position.shah[a], position.shah[b]);
            if a < b && sa < 64 && sb < 64 && KING[usize::from(sa)] & (1u64 << sb) != 0 {
                return Err(PositionError::new(
                    "board",
                    format!(
                        "the Shahs of players {} and {} stand next to each other, which no legal move can produce",
                        a + 1,
                        b + 1
                    ),
                ));
            }
        }
    }
    if eliminated & (1 << turn) != 0 {
        return Err(PositionError::new(
            place(1),
            format!("player {} is to move but is eliminated", turn + 1),
        ));
    }

    let owed = match fields[3].as_bytes() {
        [b'-'] => None,
        [digit @ b'1'..=b'4'] => Some(digit - b'1'),
        _ => {
            return Err(PositionError::new(
                place(3),
                format!("`{}` is not `-` or a player 1-4", fields[3].escape_debug()),
            ));
        }
    };
    if let Some(owing) = owed {
        if owing != turn {
            return Err(PositionError::new(
                place(3),
                format!(
                    "player {} owes the reply but player {} is to move (the reply is owed by the player to move)",
                    owing + 1,
                    turn + 1
                ),
            ));
        }
        let shahs = position.by_kind[usize::from(kind::SHAH)];
        let team = usize::from(owing & 1);
        let own_men = (position.by_owner[team] | position.by_owner[team + 2]) & !shahs;
        let other_men = (position.by_owner[team ^ 1] | position.by_owner[(team ^ 1) + 2]) & !shahs;
        if own_men != 0 || other_men.count_ones() != 1 {
            return Err(PositionError::new(
                place(3),
                format!(
                    "a reply is owed only when player {}'s team has no men and the other team exactly one",
                    owing + 1
                ),
            ));
        }
    }

    let active = (!eliminated & 15).count_ones();
    let passes = crate::fen::parse_number(fields[4], FIELDS[4], 4, active - 1)?;

    position.turn = turn;
    position.eliminated = eliminated;
    position.owed = owed;
    position.passes = passes as u8;
    Ok(position)
}

/// Writes the position string.
pub(super) fn write(position: &Chatrang) -> String {
    let mut out = write_placement(&position.board, &|cell, out: &mut String| {
        let letter = LETTERS[usize::from(board::kind(cell)).min(5)];
        let owner = board::owner(cell);
        out.push(char::from(if owner & 1 == 0 {
            letter
        } else {
            letter.to_ascii_lowercase()
        }));
        out.push(char::from(b'1' + owner));
    });
    out.push(' ');
    out.push(char::from(b'1' + position.turn));
    out.push(' ');
    if position.eliminated == 0 {
        out.push('-');
    } else {
        for p in 0..4u8 {
            if position.eliminated & (1 << p) != 0 {
                out.push(char::from(b'1' + p));
            }
        }
    }
    out.push(' ');
    match position.owed {
        Some(p) => out.push(char::from(b'1' + p)),
        None => out.push('-'),
    }
    out.push(' ');
    out.push_str(&position.passes.to_string());
    out
}
