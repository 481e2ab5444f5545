//! The move list's readable notation: the moving piece's letter (from the game's piece
//! letters; pawns have none), origin, `-` or `x` for a capture, destination, `=Q` for a
//! promotion and `+` when a player is left in check (`H b1-c3`, `c9xc10=Q`). It is for
//! reading only: the canonical `e2e3` stays the API's and the forms' input.

use herald_rules::{AnyGame, MoveText, Options, Variant};

use super::{pieces, placement};

/// One entry of a game's record, written for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    pub text: String,
    /// A pass or a player leaving: not a move on the board.
    pub pass: bool,
}

/// The letter written for a piece: none for a pawn (the kind written `P`).
fn letter(variant: Variant, code: char) -> Option<char> {
    pieces::by_letter(variant, code).map(|k| k.letter).filter(|&l| l != 'P')
}

/// Every entry of a record in readable notation. An entry the rules refuse (which a
/// stored game never has) and everything after it keep their canonical text.
#[must_use]
pub fn record(variant: Variant, options: Options, entries: &[String]) -> Vec<Written> {
    let mut game = AnyGame::new(variant, options, None).ok();
    entries
        .iter()
        .map(|text| {
            if text == "pass" {
                if let Some(g) = game.as_mut()
                    && g.apply_text(text).is_err()
                {
                    game = None;
                }
                return Written {
                    text: "pass".to_owned(),
                    pass: true,
                };
            }
            if let Some(n) = text.strip_prefix("withdraw:") {
                if let Some(g) = game.as_mut()
                    && g.apply_text(text).is_err()
                {
                    game = None;
                }
                return Written {
                    text: format!("Player {n} resigned"),
                    pass: true,
                };
            }
            let written = game.as_mut().and_then(|g| write_move(variant, g, text));
            if written.is_none() {
                game = None;
            }
            Written {
                text: written.unwrap_or_else(|| text.clone()),
                pass: false,
            }
        })
        .collect()
}

/// Writes `text` as played in `game`, and plays it.
fn write_move(variant: Variant, game: &mut AnyGame, text: &str) -> Option<String> {
    let MoveText::Squares { from, to, promotion } = text.parse::<MoveText>().ok()? else {
        return None;
    };
    let on_board = placement(variant, &game.fen()).ok()?;
    let at = |square: herald_rules::Square| {
        on_board
            .iter()
            .find(|(f, r, _, _)| *f == square.file() && *r == square.rank())
            .copied()
    };
    let (_, _, mover, kind) = at(from)?;
    let capture = at(to).is_some();
    game.apply_text(text).ok()?;
    let mut out = String::new();
    if let Some(l) = letter(variant, kind.letter) {
        out.push(l);
        out.push(' ');
    }
    out.push_str(&from.to_string());
    out.push(if capture { 'x' } else { '-' });
    out.push_str(&to.to_string());
    if let Some(p) = promotion {
        out.push('=');
        out.push(char::from(p).to_ascii_uppercase());
    }
    if (0..variant.players()).any(|p| p != mover && game.in_check(p)) {
        out.push('+');
    }
    Some(out)
}

/// The letters of a game's pieces as the notation writes them (for the rules page and
/// the game page's legend): `(letter or None for pawns, name)`.
#[must_use]
pub fn letters(variant: Variant) -> Vec<(Option<char>, &'static str)> {
    pieces::kinds(variant)
        .iter()
        .map(|k| (letter(variant, k.letter), k.name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(variant: Variant, moves: &[&str]) -> Vec<String> {
        let moves: Vec<String> = moves.iter().map(|m| (*m).to_owned()).collect();
        record(variant, Options::NONE, &moves)
            .into_iter()
            .map(|w| w.text)
            .collect()
    }

    #[test]
    fn pieces_have_letters_and_pawns_none() {
        assert_eq!(texts(Variant::NotChess, &["e3e5", "e8e6"]), ["e3-e5", "e8-e6"]);
        assert_eq!(texts(Variant::Nowan, &["e2e3"]), ["W e2-e3"]);
        // A refused entry keeps its text, and so does everything after it.
        assert_eq!(texts(Variant::Nowan, &["e2e9", "e2e3"]), ["e2e9", "e2e3"]);
    }

    #[test]
    fn passes_and_withdrawals_are_words() {
        let moves = vec!["withdraw:2".to_owned()];
        let written = record(Variant::Chatrang, Options::NONE, &moves);
        assert_eq!(written[0].text, "Player 2 resigned");
        assert!(written[0].pass);
    }
}
