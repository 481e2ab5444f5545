//! The variant registry: everything the rest of Herald knows about a game, as data.
//!
//! Each game module declares one [`GameSpec`] (its name, board, seats and teams, pieces,
//! marked areas, options, start position, scoring and blurb); [`Variant::spec`] finds it.
//! Servers, pages and exports read these instead of keeping their own per-game tables,
//! and [`AnyGame::pieces`](crate::AnyGame::pieces) walks a board as typed pieces, so no
//! caller re-parses position strings. Modelled on scalachess's one object per variant and
//! shakmaty's typed `Role`/`Piece` board iteration.

use core::fmt;

use crate::board::{self, Board};
use crate::outcome::{EndReason, Player, Team};
use crate::square::Square;
use crate::variant::{GameOption, Variant};

/// One kind of piece of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceKind {
    /// The kind code the game's board stores (the kind `Board::piece_at` gives).
    pub code: u8,
    /// Uppercase letter in the position string and in promotion suffixes (lowercase there).
    pub letter: char,
    /// The piece's name in this game ("Sarbaz").
    pub name: &'static str,
    /// The artwork key (`<symbol id>` in `static/pieces.svg`) per owner; one entry when
    /// every owner shares the drawing and only the army's colours differ.
    pub glyphs: &'static [&'static str],
    /// Losing it loses the game (the piece a check attacks).
    pub royal: bool,
    /// What the piece is worth in play, in centipawns (the game's weakest forward-stepping
    /// man is 100): the engines' material table. A royal piece is 0: losing it ends the
    /// game, which no material count expresses. Each game's spec says why its values are
    /// what they are.
    pub value: i32,
}

impl PieceKind {
    /// The artwork key of this kind for a piece of `owner`.
    #[must_use]
    pub fn glyph(&self, owner: Player) -> &'static str {
        let index = owner.index().min(self.glyphs.len().saturating_sub(1));
        self.glyphs.get(index).copied().unwrap_or("")
    }
}

/// One seat at the table, in turn order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// "Black", "Red", "Player 3".
    pub name: &'static str,
    /// The team the seat plays for (team 0 moves first).
    pub team: Team,
    /// The colour of the seat's army, for words ("red warrior") and styles (`army-red`).
    pub colour: &'static str,
}

/// A rectangle of squares the board marks (a zone, a palace), both ends inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Area {
    /// Its name as a style class (`zone-first`, `palace`).
    pub class: &'static str,
    pub files: (u8, u8),
    pub ranks: (u8, u8),
}

impl Area {
    /// Whether the square on 0-based `file` and `rank` lies inside.
    #[must_use]
    pub const fn contains(&self, file: u8, rank: u8) -> bool {
        file >= self.files.0 && file <= self.files.1 && rank >= self.ranks.0 && rank <= self.ranks.1
    }
}

/// Points in half-points, so `½` is exact: `Points::from_halves(1)` is a half point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(u16);

impl Points {
    #[must_use]
    pub const fn whole(points: u16) -> Points {
        Points(points * 2)
    }

    #[must_use]
    pub const fn from_halves(halves: u16) -> Points {
        Points(halves)
    }

    /// The value in half-points.
    #[must_use]
    pub const fn halves(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Points {
    /// `2`, `1`, `0`, `½`, `1½`: the notation of crosstables.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0 / 2, self.0 % 2) {
            (0, 1) => f.write_str("½"),
            (whole, 1) => write!(f, "{whole}½"),
            (whole, _) => write!(f, "{whole}"),
        }
    }
}

/// What a finished game is worth to each side (tournaments, crosstables). In team games
/// every member of a team scores the team's points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    pub win: Points,
    pub loss: Points,
    /// Each side's points for a draw.
    pub draw: Points,
    /// Nowan: a stalemate is worth less than a win to the stalemating side (the other
    /// side scores `loss`). `None` where a stalemate win is a plain win.
    pub stalemate_win: Option<Points>,
}

impl Scoring {
    /// Two-player chess scoring: 1, ½, 0.
    pub const CHESS: Scoring = Scoring {
        win: Points::whole(1),
        loss: Points::whole(0),
        draw: Points::from_halves(1),
        stalemate_win: None,
    };

    /// Points per team (index by team) for a result: the winning team, or `None` for a
    /// draw, and why the game ended when the rules ended it.
    #[must_use]
    pub fn points(&self, winner: Option<Team>, reason: Option<EndReason>) -> [Points; 2] {
        match winner {
            None => [self.draw; 2],
            Some(team) => {
                let win = match (reason, self.stalemate_win) {
                    (Some(EndReason::Stalemate), Some(points)) => points,
                    _ => self.win,
                };
                if team == Team::FIRST {
                    [win, self.loss]
                } else {
                    [self.loss, win]
                }
            }
        }
    }
}

impl Scoring {
    /// What a result counts for in a rating (0 to 1 per team, the two adding up to 1):
    /// `½ + (mine − theirs) / (2 × a win)`. A plain win is 1 and a draw ½ as in chess; a
    /// Nowan stalemate (1-0 where a checkmate is 2-0) is ¾ to ¼, so it counts less than a
    /// checkmate; a Nowan draw (0-0) is ½ each.
    #[must_use]
    pub fn rating_scores(&self, points: [Points; 2]) -> [f64; 2] {
        let win = f64::from(self.win.halves().max(1));
        let diff = f64::from(points[0].halves()) - f64::from(points[1].halves());
        let first = (0.5 + diff / (2.0 * win)).clamp(0.0, 1.0);
        [first, 1.0 - first]
    }
}

/// A position chosen to show one piece (or one rule) at work on the rules page; the
/// squares it marks are the legal moves the engine gives the piece there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Diagram {
    pub title: &'static str,
    /// What to look for, in a sentence.
    pub text: &'static str,
    pub fen: &'static str,
    /// The square of the piece whose moves are shown.
    pub square: &'static str,
    pub options: &'static [GameOption],
}

/// A diagram played with the standard rules.
pub(crate) const fn diagram(
    title: &'static str,
    text: &'static str,
    fen: &'static str,
    square: &'static str,
) -> Diagram {
    Diagram {
        title,
        text,
        fen,
        square,
        options: &[],
    }
}

/// One way a game of this kind ends by its rules, in words: what pages, exports and
/// notifications say, so a server names no game's endings itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ending {
    pub reason: EndReason,
    /// After "White won" on a page: `by checkmate`, `after seven checks in a row`.
    pub phrase: &'static str,
    /// The short term a record uses (a PGN comment): `checkmate`, `seven checks`.
    pub term: &'static str,
}

/// An ending of a game's spec.
pub(crate) const fn ending(reason: EndReason, phrase: &'static str, term: &'static str) -> Ending {
    Ending { reason, phrase, term }
}

/// Everything Herald needs to know about one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameSpec {
    pub variant: Variant,
    /// The id used by the CLI, the API, URLs, style classes and the database.
    pub id: &'static str,
    /// The game's name for people.
    pub name: &'static str,
    /// One or two sentences for the home page.
    pub blurb: &'static str,
    pub files: u8,
    pub ranks: u8,
    /// The seats in turn order.
    pub seats: &'static [Seat],
    /// Team names, team 0 (which moves first) first.
    pub teams: &'static [&'static str],
    /// The piece kinds, royal piece first.
    pub pieces: &'static [PieceKind],
    /// Whether the squares alternate light and dark (Nowan's board is plain).
    pub checkered: bool,
    /// Areas drawn on the board (zones, palaces).
    pub areas: &'static [Area],
    /// Ranks (0-based) with a rule line along their side toward rank 1 (Nowan's zone
    /// borders, Ancient chess's centre line).
    pub lines: &'static [u8],
    /// The options a game of this kind may be created with.
    pub options: &'static [GameOption],
    /// The standard starting position (no options).
    pub start: &'static str,
    pub scoring: Scoring,
    /// Whether players may agree a draw (Ancient chess is drawless).
    pub draw_by_agreement: bool,
    /// Every way its rules end a game, with the words for it.
    pub endings: &'static [Ending],
    /// The rules page's piece diagrams, piece by piece.
    pub diagrams: &'static [Diagram],
}

impl GameSpec {
    /// Number of seats.
    #[must_use]
    pub const fn players(&self) -> u8 {
        self.seats.len() as u8
    }

    /// The team a seat plays for (in two-player games, the seat itself).
    #[must_use]
    pub fn team_of(&self, seat: Player) -> Team {
        self.seats.get(seat.index()).map_or(Team::new(seat.get()), |s| s.team)
    }

    /// Whether teams have more than one member (Chatrang).
    #[must_use]
    pub const fn has_partners(&self) -> bool {
        self.seats.len() > self.teams.len()
    }

    /// The seat's name, or "?" past the table.
    #[must_use]
    pub fn seat_name(&self, seat: Player) -> &'static str {
        self.seats.get(seat.index()).map_or("?", |s| s.name)
    }

    /// The team's name, or "?" for no such team.
    #[must_use]
    pub fn team_name(&self, team: Team) -> &'static str {
        self.teams.get(team.index()).copied().unwrap_or("?")
    }

    /// The words for a rules ending of this game; a reason its spec does not list (which
    /// its tests rule out) falls back to the reason's generic description.
    #[must_use]
    pub fn ending(&self, reason: EndReason) -> Ending {
        self.endings
            .iter()
            .find(|e| e.reason == reason)
            .copied()
            .unwrap_or(Ending {
                reason,
                phrase: reason.describe(),
                term: reason.describe(),
            })
    }

    /// The kind with this letter (either case).
    #[must_use]
    pub fn piece_by_letter(&self, letter: char) -> Option<&'static PieceKind> {
        let upper = letter.to_ascii_uppercase();
        self.pieces.iter().find(|k| k.letter == upper)
    }

    /// The kind with this board code.
    #[must_use]
    pub fn piece_by_code(&self, code: u8) -> Option<&'static PieceKind> {
        self.pieces.iter().find(|k| k.code == code)
    }

    /// Whether the square on 0-based `file` and `rank` is a dark one.
    #[must_use]
    pub const fn is_dark(&self, file: u8, rank: u8) -> bool {
        self.checkered && (file + rank).is_multiple_of(2)
    }

    /// The classes of the areas the square lies in.
    pub fn areas_at(&self, file: u8, rank: u8) -> impl Iterator<Item = &'static str> + 'static {
        self.areas
            .iter()
            .filter(move |a| a.contains(file, rank))
            .map(|a| a.class)
    }

    /// Whether a rule line runs along the square's side toward rank 1.
    #[must_use]
    pub fn line_below(&self, rank: u8) -> bool {
        self.lines.contains(&rank)
    }

    /// Every piece on a board, with its kind and owner, rank 1 first.
    pub fn pieces_on<'a>(&self, board: &'a Board) -> impl Iterator<Item = Placed> + 'a {
        let kinds = self.pieces;
        board.pieces().filter_map(move |(square, cell)| {
            let code = board::kind(cell);
            kinds.iter().find(|k| k.code == code).map(|kind| Placed {
                square,
                kind,
                owner: Player::new(board::owner(cell)),
            })
        })
    }
}

/// A piece standing on a square: where, what, whose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placed {
    pub square: Square,
    pub kind: &'static PieceKind,
    pub owner: Player,
}

/// Seats of a two-player game whose army colours are the seats' names in lowercase.
pub(crate) const fn two_seats(first: (&'static str, &'static str), second: (&'static str, &'static str)) -> [Seat; 2] {
    [
        Seat {
            name: first.0,
            team: Team::FIRST,
            colour: first.1,
        },
        Seat {
            name: second.0,
            team: Team::SECOND,
            colour: second.1,
        },
    ]
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::{AnyGame, Options};

    /// Every rules ending is worded by a game that has it, once per game, and a record's
    /// term is the reason's id in words (what exports have always written).
    #[test]
    fn every_ending_is_worded_by_its_games() {
        let mut worded = HashSet::new();
        for variant in Variant::ALL {
            let spec = variant.spec();
            let mut own = HashSet::new();
            for e in spec.endings {
                assert!(own.insert(e.reason), "{variant}: {:?} listed twice", e.reason);
                assert!(!e.phrase.is_empty(), "{variant}: {:?} has no words", e.reason);
                assert_eq!(e.term, e.reason.id().replace('_', " "));
                assert_eq!(spec.ending(e.reason), *e);
                worded.insert(e.reason);
            }
        }
        for reason in EndReason::ALL {
            assert!(worded.contains(reason), "no game words {reason:?}");
        }
    }

    #[test]
    fn every_game_has_one_entry_reachable_from_its_id() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            assert_eq!(spec.variant, variant);
            assert_eq!(spec.id.parse::<Variant>(), Ok(variant));
        }
        let ids: HashSet<_> = Variant::ALL.iter().map(|v| v.spec().id).collect();
        assert_eq!(ids.len(), Variant::ALL.len());
    }

    #[test]
    fn piece_letters_and_codes_are_unique_and_one_piece_is_royal() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            let letters: HashSet<_> = spec.pieces.iter().map(|k| k.letter).collect();
            let codes: HashSet<_> = spec.pieces.iter().map(|k| k.code).collect();
            assert_eq!(letters.len(), spec.pieces.len(), "{variant}");
            assert_eq!(codes.len(), spec.pieces.len(), "{variant}");
            assert!(spec.pieces.iter().all(|k| k.letter.is_ascii_uppercase()), "{variant}");
            assert!(spec.pieces.iter().all(|k| !k.glyphs.is_empty()), "{variant}");
            assert_eq!(spec.pieces.iter().filter(|k| k.royal).count(), 1, "{variant}");
            assert!(spec.pieces[0].royal, "{variant}: royal piece first");
        }
    }

    /// The engines' material: the royal piece is 0, every other kind is worth something,
    /// and no game's pawn-like man is worth more than its pieces.
    #[test]
    fn piece_values_are_sane() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            for kind in spec.pieces {
                if kind.royal {
                    assert_eq!(kind.value, 0, "{variant}: {}", kind.name);
                } else {
                    assert!((100..=1000).contains(&kind.value), "{variant}: {}", kind.name);
                }
            }
            let least = spec.pieces.iter().filter(|k| !k.royal).map(|k| k.value).min();
            assert_eq!(least, Some(100), "{variant}: the yardstick man is 100");
        }
    }

    #[test]
    fn the_start_position_is_the_engines_and_uses_only_registered_pieces() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            let game = AnyGame::new(variant, Options::NONE, None).unwrap();
            assert_eq!(game.fen(), spec.start, "{variant}");
            assert_eq!((game.board().files(), game.board().ranks()), (spec.files, spec.ranks));
            let mut count = 0;
            for (_, cell) in game.board().pieces() {
                count += 1;
                assert!(spec.piece_by_code(board::kind(cell)).is_some(), "{variant}: {cell:02x}");
                assert!(board::owner(cell) < spec.players(), "{variant}: {cell:02x}");
            }
            assert_eq!(game.pieces().count(), count, "{variant}");
            // Every kind is in the start position, and every seat has pieces.
            for kind in spec.pieces {
                assert!(game.pieces().any(|p| p.kind == kind), "{variant}: {}", kind.name);
            }
            for seat in (0..spec.players()).map(Player::new) {
                assert!(game.pieces().any(|p| p.owner == seat), "{variant}: seat {seat}");
            }
            // The position string's letters are the registry's letters.
            let placement = spec.start.split(' ').next().unwrap();
            for c in placement.chars().filter(char::is_ascii_alphabetic) {
                assert!(spec.piece_by_letter(c).is_some(), "{variant}: `{c}`");
            }
        }
    }

    #[test]
    fn seats_and_teams_are_consistent() {
        for variant in Variant::ALL {
            let spec = variant.spec();
            assert_eq!(spec.teams.len(), 2, "{variant}");
            assert!(spec.players() >= 2);
            for (i, seat) in spec.seats.iter().enumerate() {
                assert!(seat.team.index() < spec.teams.len(), "{variant}");
                assert_eq!(spec.team_of(Player::new(u8::try_from(i).unwrap())), seat.team);
            }
            // Turns alternate between the teams, team 0 first.
            assert_eq!(spec.seats[0].team, Team::FIRST);
            for pair in spec.seats.windows(2) {
                assert_ne!(pair[0].team, pair[1].team, "{variant}");
            }
            let names: HashSet<_> = spec.seats.iter().map(|s| s.name).collect();
            let colours: HashSet<_> = spec.seats.iter().map(|s| s.colour).collect();
            assert_eq!(names.len(), spec.seats.len());
            assert_eq!(colours.len(), spec.seats.len(), "{variant}: one army colour per seat");
        }
        assert!(Variant::Chatrang.spec().has_partners());
        assert_eq!(Variant::Chatrang.spec().team_of(Player::new(2)), Team::new(0));
        assert_eq!(Variant::Chatrang.spec().team_of(Player::new(3)), Team::new(1));
        assert!(!Variant::Nowan.spec().has_partners());
    }

    #[test]
    fn nowan_scores_as_its_spec_says() {
        // nowan-chess.md section 9: win 2-0, stalemate 1-0, draw 0-0.
        let nowan = Variant::Nowan.spec().scoring;
        let (two, one, zero) = (Points::whole(2), Points::whole(1), Points::whole(0));
        assert_eq!(
            nowan.points(Some(Team::new(0)), Some(EndReason::KingCaptured)),
            [two, zero]
        );
        assert_eq!(
            nowan.points(Some(Team::new(1)), Some(EndReason::Checkmate)),
            [zero, two]
        );
        assert_eq!(nowan.points(Some(Team::new(1)), None), [zero, two], "resignation, time");
        assert_eq!(
            nowan.points(Some(Team::new(0)), Some(EndReason::Stalemate)),
            [one, zero]
        );
        assert_eq!(
            nowan.points(Some(Team::new(1)), Some(EndReason::Stalemate)),
            [zero, one]
        );
        assert_eq!(nowan.points(None, Some(EndReason::OnlyKingsLeft)), [zero, zero]);
        assert_eq!(nowan.points(None, None), [zero, zero], "agreement");
    }

    #[test]
    fn ratings_count_a_nowan_stalemate_less_than_a_checkmate() {
        let nowan = Variant::Nowan.spec().scoring;
        let score = |winner, reason| nowan.rating_scores(nowan.points(winner, reason));
        assert_eq!(score(Some(Team::new(0)), Some(EndReason::Checkmate)), [1.0, 0.0]);
        assert_eq!(score(Some(Team::new(1)), Some(EndReason::KingCaptured)), [0.0, 1.0]);
        assert_eq!(score(Some(Team::new(0)), Some(EndReason::Stalemate)), [0.75, 0.25]);
        assert_eq!(score(Some(Team::new(1)), Some(EndReason::Stalemate)), [0.25, 0.75]);
        assert_eq!(score(None, None), [0.5, 0.5], "a 0-0 draw");
        for variant in [Variant::NotChess, Variant::Chatrang, Variant::Ancient] {
            let scoring = variant.spec().scoring;
            let score = |winner, reason| scoring.rating_scores(scoring.points(winner, reason));
            assert_eq!(
                score(Some(Team::new(0)), Some(EndReason::Stalemate)),
                [1.0, 0.0],
                "{variant}"
            );
            assert_eq!(score(Some(Team::new(1)), None), [0.0, 1.0], "{variant}");
            assert_eq!(score(None, None), [0.5, 0.5], "{variant}");
        }
    }

    #[test]
    fn other_games_score_one_half_zero_by_team() {
        let half = Points::from_halves(1);
        for variant in [Variant::NotChess, Variant::Chatrang, Variant::Ancient] {
            let scoring = variant.spec().scoring;
            assert_eq!(scoring.points(None, None), [half, half], "{variant}");
            assert_eq!(
                scoring.points(Some(Team::new(1)), Some(EndReason::Stalemate)),
                [Points::whole(0), Points::whole(1)],
                "{variant}"
            );
        }
        assert_eq!(half.to_string(), "½");
        assert_eq!(Points::from_halves(3).to_string(), "1½");
        assert_eq!(Points::whole(2).to_string(), "2");
    }

    #[test]
    fn only_ancient_chess_is_drawless() {
        for variant in Variant::ALL {
            assert_eq!(variant.spec().draw_by_agreement, variant != Variant::Ancient);
        }
    }

    #[test]
    fn marked_areas_match_the_rules() {
        let nowan = Variant::Nowan.spec();
        let zones: Vec<Vec<_>> = (0..9).map(|rank| nowan.areas_at(4, rank).collect()).collect();
        assert_eq!(zones[0], ["zone-first"]);
        assert_eq!(zones[4], ["zone-battle"]);
        assert_eq!(zones[8], ["zone-second"]);
        assert_eq!(nowan.lines, [3, 6]);
        assert!(!nowan.checkered);
        let not_chess = Variant::NotChess.spec();
        let palace = (0..10)
            .flat_map(|rank| (0..10).map(move |file| (file, rank)))
            .filter(|&(file, rank)| not_chess.areas_at(file, rank).any(|c| c == "palace"))
            .count();
        assert_eq!(palace, 24);
        assert_eq!(Variant::Ancient.spec().lines, [4]);
        assert!(Variant::Ancient.spec().is_dark(0, 0) && !Variant::Ancient.spec().is_dark(1, 0));
    }

    #[test]
    fn options_belong_to_games_that_list_them() {
        assert_eq!(Variant::Ancient.spec().options, GameOption::ALL);
        for variant in [Variant::Nowan, Variant::NotChess, Variant::Chatrang] {
            assert!(variant.spec().options.is_empty());
        }
    }
}
