//! The board component: a view model of a game's position as one viewer sees it (pure,
//! no I/O), built from the rules seam's typed pieces and the game's registry entry, and
//! drawn by `templates/board.html` through [`html`]. Also the generated piece-move
//! diagrams of the rules pages ([`diagram`]).

pub mod diagram;
pub mod html;
pub mod mini;
pub mod notation;
pub mod pieces;

use herald_rules::{GameSpec, MoveText, PieceKind, Player, Team, Variant};

pub use pieces::Army;

use fluent_templates::fluent_bundle::FluentValue;

use crate::domain::rules::GameState;
use crate::infra::i18n::Lang;

/// A piece standing on a square.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceView {
    pub seat: Player,
    pub kind: &'static PieceKind,
    /// The drawing in `static/pieces.svg`.
    pub glyph: &'static str,
    pub army: Army,
    /// "black warrior", "Player 3's pil (gold, White team)".
    pub label: String,
}

/// One square, in the order it is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareView {
    /// Canonical name (`e4`, `j10`).
    pub name: String,
    /// 0-based file and rank on the board.
    pub file: u8,
    pub rank: u8,
    /// 0-based row (from the top) and column (from the left) on screen.
    pub row: u8,
    pub col: u8,
    pub dark: bool,
    /// Extra CSS classes: zones, palaces, the centre line, last move, check.
    pub marks: Vec<&'static str>,
    pub piece: Option<PieceView>,
    /// The coordinate letters drawn in this square's corners (left column, bottom row).
    pub rank_label: Option<String>,
    pub file_label: Option<char>,
}

impl SquareView {
    /// What a screen reader says: "e4, white knight", "e5, empty".
    #[must_use]
    pub fn label(&self) -> String {
        let mut text = match &self.piece {
            Some(piece) => format!("{}, {}", self.name, piece.label),
            None => format!("{}, empty", self.name),
        };
        if self.marks.contains(&"check") {
            text.push_str(", in check");
        }
        if self.marks.contains(&"last") {
            text.push_str(", last move");
        }
        text
    }

    /// [`SquareView::label`] in `lang`, with its piece's words (`piece_words`, which the
    /// caller makes once per kind of piece rather than once per square).
    #[must_use]
    pub fn label_in(&self, lang: &Lang, piece_words: Option<&str>) -> String {
        let square = FluentValue::from(self.name.as_str());
        let mut text = match piece_words {
            Some(words) => lang.plain_with(
                "board-square-piece",
                &[("square", square), ("piece", FluentValue::from(words))],
            ),
            None => lang.plain_with("board-square-empty", &[("square", square)]),
        };
        if self.marks.contains(&"check") {
            text.push_str(&lang.text("board-mark-check"));
        }
        if self.marks.contains(&"last") {
            text.push_str(&lang.text("board-mark-last"));
        }
        text
    }

    /// Every class of the square's element.
    #[must_use]
    pub fn classes(&self) -> String {
        let mut classes = String::from("sq");
        classes.push_str(if self.dark { " dark" } else { " light" });
        for mark in &self.marks {
            classes.push(' ');
            classes.push_str(mark);
        }
        classes
    }
}

/// A whole board as one viewer sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardView {
    pub variant: Variant,
    pub files: u8,
    pub ranks: u8,
    /// True when the board is turned so the second team sits at the bottom.
    pub flipped: bool,
    /// Squares in drawing order: the top row first, each row left to right.
    pub squares: Vec<SquareView>,
}

/// Why a board could not be drawn (a position the rules do not accept).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot draw this position: {0}")]
pub struct BoardError(pub String);

fn square_name(file: u8, rank: u8) -> String {
    format!("{}{}", char::from(b'a' + file), rank + 1)
}

/// Lines and areas the game draws on its board, for a square, in board terms.
fn board_marks(spec: &GameSpec, file: u8, rank: u8, flipped: bool) -> Vec<&'static str> {
    let mut marks: Vec<&'static str> = spec.areas_at(file, rank).collect();
    if spec.line_below(rank) {
        // A rule line on a square's side toward rank 1 shows at its bottom, or its top when turned.
        marks.push(if flipped { "rule-top" } else { "rule-bottom" });
    }
    marks
}

/// The squares a move's text names (nothing for `pass` and `withdraw:N`).
fn move_squares(text: &str) -> Option<(String, String)> {
    match text.parse::<MoveText>().ok()? {
        MoveText::Squares { from, to, .. } => Some((from.to_string(), to.to_string())),
        MoveText::Pass => None,
    }
}

impl BoardView {
    /// The board of `game` (a position of `variant`) as seen by the player in seat
    /// `viewer` (spectators: `None`, who see the first team's side), with `last_move`
    /// highlighted and every attacked royal piece marked in check.
    #[must_use]
    pub fn new(variant: Variant, game: &dyn GameState, viewer: Option<Player>, last_move: Option<&str>) -> BoardView {
        let spec = variant.spec();
        let (files, ranks) = (spec.files, spec.ranks);
        let flipped = viewer.is_some_and(|seat| spec.team_of(seat) == Team::SECOND);
        let pieces = game.pieces();
        let in_check: Vec<Player> = (0..spec.players())
            .map(Player::new)
            .filter(|&p| game.in_check(p))
            .collect();
        let last = last_move.and_then(move_squares);
        let mut squares = Vec::with_capacity(usize::from(files) * usize::from(ranks));
        for row in 0..ranks {
            for col in 0..files {
                let (file, rank) = if flipped {
                    (files - 1 - col, row)
                } else {
                    (col, ranks - 1 - row)
                };
                let name = square_name(file, rank);
                let piece = pieces
                    .iter()
                    .find(|p| p.square.file() == file && p.square.rank() == rank)
                    .map(|p| PieceView {
                        seat: p.owner,
                        kind: p.kind,
                        glyph: p.kind.glyph(p.owner),
                        army: pieces::army(spec, p.owner),
                        label: pieces::describe(spec, p.owner, p.kind),
                    });
                let mut marks = board_marks(spec, file, rank, flipped);
                if let Some((from, to)) = &last
                    && (*from == name || *to == name)
                {
                    marks.push("last");
                }
                if piece
                    .as_ref()
                    .is_some_and(|p| p.kind.royal && in_check.contains(&p.seat))
                {
                    marks.push("check");
                }
                squares.push(SquareView {
                    dark: spec.is_dark(file, rank),
                    rank_label: (col == 0).then(|| (rank + 1).to_string()),
                    file_label: (row == ranks - 1).then(|| char::from(b'a' + file)),
                    name,
                    file,
                    rank,
                    row,
                    col,
                    marks,
                    piece,
                });
            }
        }
        BoardView {
            variant,
            files,
            ranks,
            flipped,
            squares,
        }
    }

    /// What the board is, in `lang`: "Nowan chess board, seen from Red".
    #[must_use]
    pub fn caption_in(&self, lang: &Lang) -> String {
        let spec = self.variant.spec();
        let bottom = u8::from(self.flipped);
        let side = if spec.has_partners() {
            lang.plain_with(
                "board-side-team",
                &[(
                    "team",
                    FluentValue::from(lang.team_name(spec.team_name(Team::new(bottom)))),
                )],
            )
        } else {
            lang.seat_name(spec.seat_name(Player::new(bottom)))
        };
        lang.plain_with(
            "board-caption",
            &[
                ("game", FluentValue::from(lang.game_name(self.variant))),
                ("side", FluentValue::from(side)),
            ],
        )
    }

    /// The square called `name`.
    #[must_use]
    pub fn square(&self, name: &str) -> Option<&SquareView> {
        self.squares.iter().find(|s| s.name == name)
    }
}

#[cfg(test)]
mod tests {
    use herald_rules::Options;

    use super::*;
    use crate::domain::rules::{HeraldRules, Rules};

    fn start(variant: Variant, viewer: Option<u8>) -> BoardView {
        let game = HeraldRules.load(variant, Options::NONE, &[]).unwrap();
        BoardView::new(variant, game.as_ref(), viewer.map(Player::new), None)
    }

    #[test]
    fn start_positions_name_every_piece() {
        let nowan = start(Variant::Nowan, None);
        assert_eq!(nowan.squares.len(), 81);
        assert_eq!(nowan.square("e1").unwrap().label(), "e1, black king");
        assert_eq!(nowan.square("b7").unwrap().label(), "b7, red scout");
        let not_chess = start(Variant::NotChess, None);
        assert_eq!(not_chess.squares.len(), 100);
        assert_eq!(not_chess.square("b2").unwrap().label(), "b2, white cannon");
        assert_eq!(not_chess.square("j10").unwrap().label(), "j10, black rook");
        let chatrang = start(Variant::Chatrang, None);
        assert_eq!(
            chatrang.square("e1").unwrap().label(),
            "e1, Player 3's shah (gold, White team)"
        );
        assert_eq!(
            chatrang.square("a7").unwrap().label(),
            "a7, Player 4's sarbaz (crimson, Black team)"
        );
        let ancient = start(Variant::Ancient, None);
        assert_eq!(ancient.square("d1").unwrap().label(), "d1, white ferz");
        assert_eq!(ancient.square("e4").unwrap().label(), "e4, empty");
    }

    #[test]
    fn orientation_follows_the_viewer_team() {
        let white = start(Variant::NotChess, Some(0));
        assert_eq!(white.squares[0].name, "a10");
        assert_eq!(white.squares[99].name, "j1");
        let black = start(Variant::NotChess, Some(1));
        assert_eq!(black.squares[0].name, "j1");
        assert_eq!(black.squares[99].name, "a10");
        assert!(black.caption_in(&Lang::english()).ends_with("seen from Black"));
        // Chatrang: Players 2 and 4 share the Black team's side of the table.
        assert!(start(Variant::Chatrang, Some(3)).flipped);
        assert!(!start(Variant::Chatrang, Some(2)).flipped);
        assert_eq!(start(Variant::Nowan, Some(1)).squares[0].name, "i1");
    }

    #[test]
    fn zones_palaces_and_centre_line() {
        let nowan = start(Variant::Nowan, None);
        assert!(nowan.square("e4").unwrap().marks.contains(&"rule-bottom"));
        assert!(nowan.square("e7").unwrap().marks.contains(&"rule-bottom"));
        assert!(nowan.square("e2").unwrap().marks.contains(&"zone-first"));
        let red = start(Variant::Nowan, Some(1));
        assert!(red.square("e4").unwrap().marks.contains(&"rule-top"));
        let not_chess = start(Variant::NotChess, None);
        let palace: Vec<_> = not_chess
            .squares
            .iter()
            .filter(|s| s.marks.contains(&"palace"))
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(palace.len(), 24);
        assert!(palace.contains(&"d1") && palace.contains(&"g10") && !palace.contains(&"h1"));
        let ancient = start(Variant::Ancient, None);
        let line: Vec<_> = ancient
            .squares
            .iter()
            .filter(|s| s.marks.contains(&"rule-bottom"))
            .map(|s| s.rank)
            .collect();
        assert_eq!(line, vec![4; 8]);
    }

    #[test]
    fn last_move_and_check_are_marked() {
        // The white Queen on e5 attacks the black King on e9 along the open e-file.
        let fen = "10/4k5/10/10/10/4Q5/10/10/10/3K6 b 0 0 0 1";
        let game = HeraldRules.setup(Variant::NotChess, Options::NONE, fen).unwrap();
        let board = BoardView::new(Variant::NotChess, game.as_ref(), Some(Player::new(1)), Some("a5e5"));
        let king = board.square("e9").unwrap();
        assert!(king.marks.contains(&"check"), "{king:?}");
        assert!(king.label().ends_with("in check"));
        assert!(board.square("e5").unwrap().marks.contains(&"last"));
        assert!(board.square("a5").unwrap().marks.contains(&"last"));
        assert!(!board.square("d1").unwrap().marks.contains(&"check"));
    }

    #[test]
    fn coordinates_sit_on_the_left_column_and_bottom_row() {
        let black = start(Variant::Ancient, Some(1));
        let top_left = &black.squares[0];
        assert_eq!(top_left.rank_label.as_deref(), Some("1"));
        let bottom_right = black.squares.last().unwrap();
        assert_eq!(bottom_right.file_label, Some('a'));
        assert_eq!(bottom_right.name, "a8");
    }

    #[test]
    fn a_broken_position_is_an_error_not_a_panic() {
        let rules = HeraldRules;
        assert!(rules.setup(Variant::Nowan, Options::NONE, "9/9 b Kk 1").is_err());
        assert!(
            rules
                .setup(Variant::Chatrang, Options::NONE, "K8/8/8/8/8/8/8/8 1 - - 0")
                .is_err()
        );
    }
}
