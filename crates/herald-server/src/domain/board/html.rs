//! The board's HTML model: what `templates/board.html` draws for each square (classes,
//! label, piece drawing, coordinates), decided here from a [`BoardView`] and what the
//! viewer can do. Pages include the template with a `board` of this type in scope.

use askama::Template;
use herald_rules::MoveText;

use herald_rules::Player;

use super::{BoardView, PieceView};
use crate::infra::i18n::Lang;

/// Where the piece drawings are served.
pub const PIECES_URL: &str = "/static/pieces.svg";

/// What the viewer can do with the board.
#[derive(Debug, Clone, Copy, Default)]
pub struct Play<'a> {
    /// Whether squares are buttons (a game page) or a picture (a rules diagram).
    pub interactive: bool,
    /// The viewer's legal moves now, in canonical notation; empty when it is not their move.
    pub legal: &'a [String],
    /// The origin square chosen without JavaScript (`?from=e2`).
    pub selected: Option<&'a str>,
    /// Extra classes for some squares (rules diagrams mark destinations with `dest`).
    pub extra: &'a [(String, &'static str)],
    /// The language of the squares' names and the caption (English where none is given).
    pub lang: Option<&'a Lang>,
}

/// A piece as drawn: the sprite's symbol and the army class that colours it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceHtml {
    pub glyph: &'static str,
    pub army: String,
}

/// One square as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareHtml {
    pub name: String,
    pub classes: String,
    /// The accessible name (a button's `aria-label`, a picture square's `title`).
    pub label: String,
    /// The piece's words alone (`data-piece`), which the board's script puts in its
    /// messages ("The white Pawn cannot move there").
    pub piece_name: Option<String>,
    pub piece: Option<PieceHtml>,
    pub rank_label: Option<String>,
    pub file_label: Option<char>,
}

/// A board ready for `templates/board.html`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardHtml {
    /// The game id (`board-nowan`).
    pub variant: &'static str,
    /// More classes of the board element (`board-plain`: squares not checkered).
    pub classes: Vec<&'static str>,
    pub files: u8,
    pub ranks: u8,
    /// The legal moves, space-separated, for `board.js` to highlight destinations.
    pub legal: String,
    pub caption: String,
    pub interactive: bool,
    /// Interactive squares are plain buttons for a script (the analysis board), not the
    /// submit buttons of a board form.
    pub script_only: bool,
    pub squares: Vec<SquareHtml>,
}

/// The board alone, as an HTML string (tests; pages include `board.html` instead).
#[derive(Template)]
#[template(source = r#"{% include "board.html" %}"#, ext = "html")]
struct Fragment<'a> {
    board: &'a BoardHtml,
}

/// The origin and destination of a canonical move, if it has squares.
fn ends(text: &str) -> Option<(String, String)> {
    match text.parse::<MoveText>().ok()? {
        MoveText::Squares { from, to, .. } => Some((from.to_string(), to.to_string())),
        MoveText::Pass => None,
    }
}

impl BoardHtml {
    /// The board as `play` lets the viewer use it: movable pieces, the chosen origin and
    /// its destinations (a dashed ring where the move sacrifices an own piece).
    #[must_use]
    pub fn new(board: &BoardView, play: &Play<'_>) -> BoardHtml {
        let english = Lang::english();
        let lang = play.lang.unwrap_or(&english);
        let (added_selected, added_sacrifice, added_move_here) = (
            lang.text("board-mark-selected"),
            lang.text("board-mark-sacrifice"),
            lang.text("board-mark-move-here"),
        );
        let pairs: Vec<(String, String)> = play.legal.iter().map(String::as_str).filter_map(ends).collect();
        // A piece's words depend on its owner and kind only: made once each, not per square.
        let mut words: Vec<((Player, char), String)> = Vec::new();
        let mut words_for = |piece: &PieceView| -> String {
            let key = (piece.seat, piece.kind.letter);
            if let Some((_, known)) = words.iter().find(|(k, _)| *k == key) {
                return known.clone();
            }
            let made = super::pieces::describe_in(lang, board.variant, piece.seat, piece.kind);
            words.push((key, made.clone()));
            made
        };
        let squares = board
            .squares
            .iter()
            .map(|square| {
                let mut classes = square.classes();
                let piece_name = square.piece.as_ref().map(&mut words_for);
                let mut label = square.label_in(lang, piece_name.as_deref());
                let name = square.name.as_str();
                if pairs.iter().any(|(from, _)| from == name) {
                    classes.push_str(" movable");
                }
                if play.selected == Some(name) {
                    classes.push_str(" selected");
                    label.push_str(&added_selected);
                }
                if let Some(from) = play.selected
                    && pairs.iter().any(|(f, t)| f == from && t == name)
                {
                    let own = square
                        .piece
                        .as_ref()
                        .zip(board.square(from).and_then(|s| s.piece.as_ref()))
                        .is_some_and(|(here, mover)| here.seat == mover.seat);
                    classes.push_str(if own { " dest sacrifice" } else { " dest" });
                    label.push_str(if own { &added_sacrifice } else { &added_move_here });
                }
                for (_, class) in play.extra.iter().filter(|(sq, _)| sq == name) {
                    classes.push(' ');
                    classes.push_str(class);
                }
                SquareHtml {
                    name: square.name.clone(),
                    classes,
                    label,
                    piece_name,
                    piece: square.piece.as_ref().map(|p| PieceHtml {
                        glyph: p.glyph,
                        army: p.army.class.clone(),
                    }),
                    rank_label: square.rank_label.clone(),
                    file_label: square.file_label,
                }
            })
            .collect();
        BoardHtml {
            variant: board.variant.id(),
            classes: if board.variant.spec().checkered {
                Vec::new()
            } else {
                vec!["board-plain"]
            },
            files: board.files,
            ranks: board.ranks,
            legal: play.legal.join(" "),
            caption: board.caption_in(lang),
            interactive: play.interactive,
            script_only: false,
            squares,
        }
    }

    /// The board's markup on its own.
    ///
    /// # Errors
    /// The template failed to render (a formatting error).
    pub fn to_html(&self) -> askama::Result<String> {
        Fragment { board: self }.render()
    }
}

#[cfg(test)]
mod tests {
    use herald_rules::{Options, Variant};

    use super::*;
    use crate::domain::rules::{HeraldRules, Rules};

    #[test]
    fn move_ends_handle_two_digit_ranks_and_promotions() {
        let pair = |a: &str, b: &str| Some((a.to_owned(), b.to_owned()));
        assert_eq!(ends("e2e4"), pair("e2", "e4"));
        assert_eq!(ends("a10a9"), pair("a10", "a9"));
        assert_eq!(ends("c9c10q"), pair("c9", "c10"));
        assert_eq!(ends("pass"), None);
    }

    #[test]
    fn every_square_is_a_labelled_button_and_destinations_show() {
        let game = HeraldRules.load(Variant::Nowan, Options::NONE, &[]).unwrap();
        let board = BoardView::new(Variant::Nowan, game.as_ref(), Some(herald_rules::Player::new(0)), None);
        let legal = game.legal_moves();
        let html = BoardHtml::new(
            &board,
            &Play {
                interactive: true,
                legal: &legal,
                selected: Some("e1"),
                extra: &[],
                lang: None,
            },
        )
        .to_html()
        .unwrap();
        assert_eq!(html.matches("<button").count(), 81);
        assert!(html.contains(r#"aria-label="e1, black King, selected""#));
        // The King's 19 sacrifices land on its own pieces.
        assert_eq!(html.matches("dest sacrifice").count(), 19);
        assert!(html.contains(r#"aria-label="d1, black General, sacrifice this piece""#));
        assert!(html.contains("#king\""));
        assert!(html.starts_with(r#"<div class="board board-nowan board-plain" style="--files:9;--ranks:9""#));
        assert!(html.ends_with("</button></div></div>"), "{}", &html[html.len() - 40..]);
        assert!(!html.contains(">\n"), "no whitespace between the grid's items");
    }

    #[test]
    fn labels_are_escaped() {
        let game = HeraldRules.load(Variant::Chatrang, Options::NONE, &[]).unwrap();
        let board = BoardView::new(Variant::Chatrang, game.as_ref(), None, None);
        let html = BoardHtml::new(&board, &Play::default()).to_html().unwrap();
        assert!(html.contains("Player 1&#39;s Shah"));
        assert!(!html.contains("<button"));
    }
}
