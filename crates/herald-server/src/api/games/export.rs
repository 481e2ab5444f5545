//! Exports: PGN for the two-player games, a JSON record for every game.

use serde::Serialize;
use utoipa::ToSchema;

use super::service::Record;
use super::variations::VariationNode;
use super::view::{SeatView, seat_views};
use crate::domain::game_states::{EndReason, GameResult, GameStatus, OptionIds, VariantId};
use crate::domain::time_controls::TimeControl;
use crate::storage::PublishedNote;
use herald_rules::{Player, Variant};

/// A finished or ongoing game as data.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameRecord {
    pub id: String,
    #[schema(value_type = VariantId)]
    pub variant: Variant,
    pub options: OptionIds,
    pub status: GameStatus,
    #[schema(value_type = Option<String>)]
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
    /// Each team's points, team 0 first (see `GameView.points`).
    pub points: Option<[f64; 2]>,
    pub seats: Vec<SeatView>,
    /// The days of a days-per-move clock; for the other kinds the average days per move.
    pub days_per_move: i64,
    /// The clock's kind and fields.
    pub time_control: TimeControl,
    pub initial_fen: String,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub moves: Vec<RecordedMove>,
}

/// One move with who played it and when.
#[derive(Debug, Serialize, ToSchema)]
pub struct RecordedMove {
    pub ply: usize,
    #[schema(value_type = i64)]
    pub seat: Player,
    #[serde(rename = "move")]
    pub text: String,
    /// Epoch milliseconds.
    pub played_at: i64,
}

#[must_use]
pub fn json_record(record: Record) -> GameRecord {
    GameRecord {
        id: record.row.id.clone(),
        variant: record.variant,
        options: record.row.options,
        status: record.row.status,
        result: record.row.result,
        reason: record.row.reason,
        points: super::view::points_of(&record.row),
        // A record shows no live clock state (no turn deadline, nobody on vacation).
        seats: seat_views(record.variant, &record.seats, None, None, i64::MAX),
        days_per_move: record.row.days_per_move,
        time_control: record.row.time_control,
        initial_fen: record.initial_fen,
        created_at: record.row.created_at,
        started_at: record.row.started_at,
        finished_at: record.row.finished_at,
        moves: record
            .moves
            .into_iter()
            .enumerate()
            .map(|(ply, (text, seat, played_at))| RecordedMove {
                ply,
                seat,
                text,
                played_at,
            })
            .collect(),
    }
}

/// A UTC calendar date `YYYY.MM.DD` from epoch milliseconds.
#[must_use]
pub fn pgn_date(ms: i64) -> String {
    let date = crate::infra::clock::utc(ms).date();
    format!("{:04}.{:02}.{:02}", date.year(), date.month(), date.day())
}

fn tag_value(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The PGN `Termination` tag's standard value for a stored reason, and the reason in
/// words for the comment after the moves.
fn termination(variant: Variant, reason: Option<EndReason>, finished: bool) -> (&'static str, Option<String>) {
    let Some(reason) = reason else {
        return (if finished { "normal" } else { "unterminated" }, None);
    };
    let (value, words) = match reason {
        EndReason::Timeout => ("time forfeit", "on time".to_owned()),
        EndReason::Aborted => ("abandoned", "aborted".to_owned()),
        EndReason::TimeoutBeforeFirstMove => ("abandoned", "aborted: a player never moved".to_owned()),
        EndReason::Declined => ("abandoned", "invitation declined".to_owned()),
        EndReason::Admin => ("adjudication", "ended by an administrator".to_owned()),
        EndReason::Resignation => ("normal", "by resignation".to_owned()),
        EndReason::Withdrawal => ("rules infraction", "forfeited: withdrew from the tournament".to_owned()),
        EndReason::DrawAgreed => ("normal", "by agreement".to_owned()),
        EndReason::Rules(rules) => ("normal", variant.spec().ending(rules).term.to_owned()),
    };
    (value, Some(words))
}

/// Half points as PGN writes scores: `2`, `1/2`, `1.5`.
fn pgn_points(halves: i64) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "1/2".to_owned(),
        (whole, 0) => whole.to_string(),
        (whole, _) => format!("{whole}.5"),
    }
}

/// One author's published variation tree, indexed for writing.
struct Tree<'a> {
    nodes: &'a [VariationNode],
    /// Each node's following moves, in order (the first is the main continuation).
    children: Vec<Vec<usize>>,
    /// The first moves from the game's position after each ply.
    roots: std::collections::BTreeMap<i64, Vec<usize>>,
}

impl<'a> Tree<'a> {
    fn new(nodes: &'a [VariationNode]) -> Tree<'a> {
        let mut children = vec![Vec::new(); nodes.len()];
        let mut roots: std::collections::BTreeMap<i64, Vec<usize>> = std::collections::BTreeMap::new();
        for (index, node) in nodes.iter().enumerate() {
            match (node.at, node.parent) {
                (Some(at), _) => roots.entry(at).or_default().push(index),
                // Validated when saved: a parent comes first.
                (None, Some(parent)) if parent < index => {
                    if let Some(list) = children.get_mut(parent) {
                        list.push(index);
                    }
                }
                _ => {}
            }
        }
        Tree { nodes, children, roots }
    }

    fn text(&self, index: usize) -> &str {
        self.nodes.get(index).map_or("?", |n| n.text.as_str())
    }

    fn after(&self, index: usize) -> &[usize] {
        self.children.get(index).map_or(&[], Vec::as_slice)
    }

    /// The moves from `siblings` on (the first one's line, the others as `( … )`), the
    /// first of them played after `ply` moves; `numbered` writes the first move's number
    /// even for the second side.
    fn line(&self, siblings: &[usize], mut ply: i64, mut numbered: bool, out: &mut Vec<String>) {
        let mut siblings = siblings;
        while let Some((&main, others)) = siblings.split_first() {
            out.extend(move_number(ply, numbered));
            out.push(self.text(main).to_owned());
            for &other in others {
                let mut inner: Vec<String> = move_number(ply, true).into_iter().collect();
                inner.push(self.text(other).to_owned());
                self.line(self.after(other), ply + 1, false, &mut inner);
                out.push(format!("({})", inner.join(" ")));
            }
            numbered = !others.is_empty();
            siblings = self.after(main);
            ply += 1;
        }
    }
}

/// A move's number before the move played after `ply` moves: `3.` for the first side,
/// `3...` for the second when `numbered` (after a comment or a variation).
fn move_number(ply: i64, numbered: bool) -> Option<String> {
    if ply % 2 == 0 {
        Some(format!("{}.", ply / 2 + 1))
    } else {
        numbered.then(|| format!("{}...", ply / 2 + 1))
    }
}

/// PGN text, or `None` for games with more than two players. The Seven Tag Roster comes
/// first, in its order: `[White]` is the side that moves first and `[Black]` the other, as
/// every PGN reader credits a `1-0` to White, whatever the game calls its colours. A game
/// whose colours have other names keeps them in tags of their own, after the roster
/// (Nowan: `[BlackPlayer]` for the first seat, `[RedPlayer]` for the second); `[Variant]`
/// is the game's id and `[SetUp "1"]`/`[FEN]` give the start, as
/// pychess and Fairy-Stockfish read variant games; `[Termination]` takes a standard value
/// and the reason follows the moves as a comment. Published notes are comments; published
/// variations (`(author, tree)`) are variations `( … )` after the game's move they replace,
/// each opened by a comment naming its author; a line that goes on from the game's last
/// position (no move to replace) is a comment after it.
#[must_use]
pub fn pgn(
    record: &Record,
    base_url: &str,
    notes: &[PublishedNote],
    variations: &[(String, Vec<VariationNode>)],
    analysis: Option<&crate::domain::analysis_marks::GameAnalysis>,
) -> Option<String> {
    let spec = record.variant.spec();
    if spec.players() != 2 {
        return None;
    }
    let name = |seat: Player| {
        record
            .seats
            .iter()
            .find(|s| s.seat == seat)
            .and_then(|s| s.username.clone())
            .unwrap_or_else(|| "?".to_owned())
    };
    let finished = record.row.status == GameStatus::Finished;
    let result = record.row.result.filter(|_| finished);
    let result_tag = result.map_or("*", GameResult::as_str);
    let mut out = String::new();
    let mut tag = |k: &str, v: &str| out.push_str(&format!("[{k} \"{}\"]\n", tag_value(v)));
    tag("Event", "Herald correspondence game");
    tag(
        "Site",
        &format!("{}/games/{}", base_url.trim_end_matches('/'), record.row.id),
    );
    tag(
        "Date",
        &pgn_date(record.row.started_at.unwrap_or(record.row.created_at)),
    );
    tag("Round", "-");
    tag("White", &name(Player::new(0)));
    tag("Black", &name(Player::new(1)));
    tag("Result", result_tag);
    if spec.seats.iter().map(|s| s.name).ne(["White", "Black"]) {
        for (seat, info) in (0..).map(Player::new).zip(spec.seats) {
            tag(&format!("{}Player", info.name), &name(seat));
        }
    }
    if let Some(points) = record.row.points.filter(|_| finished) {
        // The game's own score (Nowan: 2-0, or 1-0 for a stalemate), beside the
        // conventional result.
        tag(
            "Points",
            &format!("{}-{}", pgn_points(points[0]), pgn_points(points[1])),
        );
    }
    tag("Variant", spec.id);
    if !record.row.options.is_empty() {
        tag("Options", &record.row.options.stored());
    }
    tag("SetUp", "1");
    tag("FEN", &record.initial_fen);
    let (time_control, clock_comment) = pgn_time_control(record.row.time_control);
    tag("TimeControl", &time_control);
    let (termination, reason) = termination(record.variant, record.row.reason, finished);
    tag("Termination", termination);
    out.push('\n');
    let mut line = String::new();
    // Published notes are comments: on the game before the moves, on a position after the
    // move that reached it (braces become parentheses: a comment ends at the first `}`).
    let comments = |ply: i64| -> String {
        notes
            .iter()
            .filter(|n| n.ply == ply)
            .map(|n| {
                format!(
                    "{{{}: {}}} ",
                    n.username,
                    n.text.replace('{', "(").replace('}', ")").replace(['\r', '\n'], " ")
                )
            })
            .collect()
    };
    let trees: Vec<(&str, Tree<'_>)> = variations
        .iter()
        .map(|(author, nodes)| (author.as_str(), Tree::new(nodes)))
        .collect();
    // The variations replacing the game's move played after `ply` moves.
    let alternatives = |ply: i64| -> String {
        let mut out = String::new();
        for (author, tree) in &trees {
            for &first in tree.roots.get(&ply).map_or(&[][..], Vec::as_slice) {
                let mut words = vec![format!("({{{author}}}")];
                tree.line(&[first], ply, true, &mut words);
                out.push_str(&words.join(" "));
                out.push_str(") ");
            }
        }
        out
    };
    if let Some(comment) = &clock_comment {
        line.push_str(&format!("{{{comment}}} "));
    }
    line.push_str(&comments(0));
    let mut numbered = clock_comment.is_some() || !comments(0).is_empty();
    for (ply, (text, _, _)) in (1_i64..).zip(record.moves.iter()) {
        // After a comment or a variation, the second side's move says its number again.
        line.push_str(&move_number(ply - 1, numbered).map(|n| n + " ").unwrap_or_default());
        line.push_str(text);
        line.push(' ');
        // The computer analysis: the mark as a NAG ($6 ?!, $2 ?, $4 ??), then the
        // evaluation after the move as lichess writes it, `{[%eval 0.35]}` (White's view).
        let judged = analysis
            .and_then(|a| a.plies.get(usize::try_from(ply - 1).ok()?))
            .map(|p| {
                let nag = p.mark.map(|m| format!("{} ", m.nag())).unwrap_or_default();
                format!("{nag}{{[%eval {}]}} ", p.eval().pgn())
            })
            .unwrap_or_default();
        let after = format!("{judged}{}{}", comments(ply), alternatives(ply - 1));
        numbered = !after.is_empty();
        line.push_str(&after);
    }
    // Lines going on from the game's last position: no game move to replace.
    let last = i64::try_from(record.moves.len()).unwrap_or(i64::MAX);
    for (author, tree) in &trees {
        if let Some(firsts) = tree.roots.get(&last) {
            let mut words = Vec::new();
            tree.line(firsts, last, true, &mut words);
            line.push_str(&format!("{{{author}, going on: {}}} ", words.join(" ")));
        }
    }
    if let Some(reason) = reason {
        let head = match result {
            Some(GameResult::Draw) => "Drawn".to_owned(),
            Some(won) => won
                .winner()
                .map_or_else(String::new, |team| format!("{} won", spec.team_name(team))),
            None => String::new(),
        };
        let mut comment = format!("{head} {reason}").trim().replace('}', ")");
        if let Some(first) = comment.get(..1) {
            comment.replace_range(..1, &first.to_uppercase());
        }
        line.push_str(&format!("{{{comment}}} "));
    }
    line.push_str(result_tag);
    // Wrap at 79 columns as PGN export format asks.
    let mut width = 0;
    for word in line.split(' ') {
        if width > 0 && width + word.len() + 1 > 79 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(word);
        width += word.len();
    }
    out.push('\n');
    Some(out)
}

/// A clock as PGN's `TimeControl` tag writes it (the standard's section 9.6.1, in seconds),
/// with a comment for what the tag cannot say. Days per move is one move per N days
/// (`1/259200`); Fischer days is `initial+increment` (its cap is in the comment); ICCF is
/// one period's `moves/seconds`, and the comment says that periods repeat with time
/// carried over and whole days charged, which the standard has no form for.
#[must_use]
pub fn pgn_time_control(control: TimeControl) -> (String, Option<String>) {
    const DAY_S: i64 = 86_400;
    match control {
        TimeControl::Days { days } => (format!("1/{}", days * DAY_S), None),
        TimeControl::Fischer {
            initial_days,
            increment_hours,
            cap_days,
        } => (
            format!("{}+{}", initial_days * DAY_S, increment_hours * 3_600),
            Some(format!(
                "Fischer clock: {initial_days} days, {increment_hours} hours added per move, bank capped at {cap_days} days"
            )),
        ),
        TimeControl::Iccf { moves, days } => (
            format!("{moves}/{}", days * DAY_S),
            Some(format!(
                "ICCF clock: {moves} moves in {days} days, repeated, time carried over; whole days charged, double beyond 20 days for one move"
            )),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(pgn_date(0), "1970.01.01");
        assert_eq!(pgn_date(1_764_460_800_000), "2025.11.30");
        assert_eq!(pgn_date(951_782_400_000), "2000.02.29");
        // What the hand-written conversion gave (checked against Python's calendar): day
        // boundaries, before 1970, leap days and the century rules, the last day jiff knows
        // (its range ends on 9999-12-30 at 22:00 UTC).
        for (ms, date) in [
            (-1, "1969.12.31"),
            (86_399_999, "1970.01.01"),
            (86_400_000, "1970.01.02"),
            (-2_207_520_000_001, "1900.01.17"),
            (-2_203_891_200_000, "1900.03.01"),
            (951_868_799_999, "2000.02.29"),
            (951_868_800_000, "2000.03.01"),
            (1_709_164_800_000, "2024.02.29"),
            (4_107_542_400_000, "2100.03.01"),
            (253_402_200_000_000, "9999.12.30"),
        ] {
            assert_eq!(pgn_date(ms), date, "{ms}");
        }
        // Past jiff's range the date is clamped instead of failing.
        assert_eq!(pgn_date(i64::MAX), "9999.12.30");
        assert_eq!(pgn_date(i64::MIN), pgn_date(jiff::Timestamp::MIN.as_millisecond()));
    }

    fn node(at: Option<i64>, parent: Option<usize>, text: &str) -> VariationNode {
        VariationNode {
            at,
            parent,
            text: text.to_owned(),
        }
    }

    #[test]
    fn a_tree_is_written_with_numbers_and_nested_variations() {
        // From the position after 3 moves (the second side to move): d7d5, then c2c4 with
        // e2e4 as its alternative, and after c2c4 e7e6.
        let nodes = [
            node(Some(3), None, "d7d5"),
            node(None, Some(0), "c2c4"),
            node(None, Some(0), "e2e4"),
            node(None, Some(1), "e7e6"),
            node(None, Some(2), "d5e4"),
        ];
        let tree = Tree::new(&nodes);
        let mut words = Vec::new();
        tree.line(&tree.roots[&3], 3, true, &mut words);
        assert_eq!(words.join(" "), "2... d7d5 3. c2c4 (3. e2e4 d5e4) 3... e7e6");
        let mut words = Vec::new();
        tree.line(&[1], 4, false, &mut words);
        assert_eq!(
            words.join(" "),
            "3. c2c4 e7e6",
            "no number again without a variation between"
        );
    }
}
