//! The board's HTML: one `<button>` per square (focusable, labelled, a submit button of
//! the game page's board form so play works without JavaScript), pieces drawn from the
//! SVG sprite, and the classes the stylesheet and `board.js` read.

use std::fmt::Write;

use herald_rules::MoveText;

use super::BoardView;

/// Where the piece drawings are served.
pub const PIECES_URL: &str = "/static/pieces.svg";

/// Escapes text for HTML content and quoted attribute values.
#[must_use]
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

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
}

/// The origin and destination of a canonical move, if it has squares.
fn ends(text: &str) -> Option<(String, String)> {
    match text.parse::<MoveText>().ok()? {
        MoveText::Squares { from, to, .. } => Some((from.to_string(), to.to_string())),
        MoveText::Pass => None,
    }
}

fn piece_svg(out: &mut String, symbol: &str, army: &str) {
    let _ = write!(
        out,
        r##"<svg class="pc {army}" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href="{PIECES_URL}#{symbol}"/></svg>"##
    );
}

/// Renders the board. Each square carries `data-sq`; the board carries the legal moves
/// (`data-legal`) so the script can highlight destinations without asking the server.
#[must_use]
pub fn render(board: &BoardView, play: &Play<'_>) -> String {
    let mut out = String::with_capacity(24 * 1024);
    let legal = play.legal.join(" ");
    let _ = write!(
        out,
        r#"<div class="board board-{variant}" style="--files:{files};--ranks:{ranks}" data-files="{files}" data-legal="{legal}">"#,
        variant = board.variant.id(),
        files = board.files,
        ranks = board.ranks,
        legal = escape(&legal),
    );
    if play.interactive {
        let _ = write!(
            out,
            r#"<div class="board-grid" role="group" aria-label="{}">"#,
            escape(&board.caption)
        );
    } else {
        let _ = write!(
            out,
            r#"<div class="board-grid" role="img" aria-label="{}">"#,
            escape(&board.caption)
        );
    }
    let pairs: Vec<(String, String)> = play.legal.iter().map(String::as_str).filter_map(ends).collect();
    for square in &board.squares {
        let mut classes = square.classes();
        let mut label = square.label();
        let name = square.name.as_str();
        if pairs.iter().any(|(from, _)| from == name) {
            classes.push_str(" movable");
        }
        if play.selected == Some(name) {
            classes.push_str(" selected");
            label.push_str(", selected");
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
            label.push_str(if own { ", sacrifice this piece" } else { ", move here" });
        }
        for (_, class) in play.extra.iter().filter(|(sq, _)| sq == name) {
            classes.push(' ');
            classes.push_str(class);
        }
        if play.interactive {
            let _ = write!(
                out,
                r#"<button type="submit" name="sq" value="{name}" class="{classes}" data-sq="{name}" aria-label="{}">"#,
                escape(&label)
            );
        } else {
            let _ = write!(
                out,
                r#"<span class="{classes}" data-sq="{name}" title="{}">"#,
                escape(&label)
            );
        }
        if let Some(piece) = &square.piece {
            piece_svg(&mut out, piece.kind.symbol, piece.army.class);
        }
        if let Some(rank) = &square.rank_label {
            let _ = write!(
                out,
                r#"<span class="coord coord-rank" aria-hidden="true">{rank}</span>"#
            );
        }
        if let Some(file) = square.file_label {
            let _ = write!(
                out,
                r#"<span class="coord coord-file" aria-hidden="true">{file}</span>"#
            );
        }
        out.push_str(if play.interactive { "</button>" } else { "</span>" });
    }
    out.push_str("</div></div>");
    out
}

#[cfg(test)]
mod tests {
    use herald_rules::{AnyGame, Options, Variant};

    use super::*;

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
        let game = AnyGame::new(Variant::Nowan, Options::NONE, None).unwrap();
        let board = BoardView::new(Variant::Nowan, Options::NONE, &game.fen(), Some(0), None).unwrap();
        let legal: Vec<String> = game.legal_moves().iter().map(ToString::to_string).collect();
        let html = render(
            &board,
            &Play {
                interactive: true,
                legal: &legal,
                selected: Some("e1"),
                extra: &[],
            },
        );
        assert_eq!(html.matches("<button").count(), 81);
        assert!(html.contains(r#"aria-label="e1, black king, selected""#));
        // The King's 19 sacrifices land on its own pieces.
        assert_eq!(html.matches("dest sacrifice").count(), 19);
        assert!(html.contains(r#"aria-label="d1, black general, sacrifice this piece""#));
        assert!(html.contains("#king\""));
    }

    #[test]
    fn labels_are_escaped() {
        let game = AnyGame::new(Variant::Chatrang, Options::NONE, None).unwrap();
        let board = BoardView::new(Variant::Chatrang, Options::NONE, &game.fen(), None, None).unwrap();
        let html = render(&board, &Play::default());
        assert!(html.contains("Player 1&#39;s shah"));
        assert!(!html.contains("<button"));
    }
}
