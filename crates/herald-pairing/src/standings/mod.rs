//! An event's table: points by the game's own scoring, then the tie-breaks in the order the
//! event names them, unplayed rounds counted as FIDE's Tie-Break Regulations (Handbook C.07,
//! article 16) count them. Scores are in half points (a Nowan win is 4, a Nowan stalemate
//! win 2, a draw in the other games 1), so every sum is exact.
//!
//! `history` reads each entrant's rounds (played, forfeited, sat out) and scores them for
//! article 16; `values` turns those rounds into tie-break values.

mod history;
mod values;

use std::cmp::Ordering;
use std::collections::BTreeMap;

pub use history::missing_rounds;

/// A game two entrants (players, or teams in Chatrang) were paired for, with what each
/// scored in half points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encounter {
    /// The round (1 up) the game was paired in.
    pub round: u32,
    pub first: usize,
    pub second: usize,
    /// What each side was given, in half points, played or not.
    pub first_points: u32,
    pub second_points: u32,
    /// The game was not played over the board (C.07 16: a forfeit): one side, or both,
    /// did not play it. The side given more points than the other won it by forfeit; the
    /// other (both, at 0-0) lost it by forfeit.
    pub forfeit: bool,
}

/// Why an entrant had no game in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnplayedKind {
    /// The bye the pairing gave the one entrant left over (C.07 16.2.1), with the points
    /// the event gives it (a win's in a Swiss, none in a round robin).
    PairingAllocatedBye,
    /// A full-point bye the event granted (16.2.1), scored like a win.
    FullPointBye,
    /// A bye the entrant asked for, worth a draw's points (a requested bye, 16.1).
    HalfPointBye,
    /// A bye the entrant asked for, worth nothing (a requested bye, 16.1).
    ZeroPointBye,
    /// Not paired for the round because the entrant said they would be away: a zero-point
    /// bye (C.04.2 3.3), so a requested bye for the tie-breaks.
    Absent,
    /// A round after the entrant withdrew: "any round after a participant withdraws is a
    /// zero-point-bye" (16.1), so a requested bye.
    Withdrawn,
    /// A round before a late entrant joined: a zero-point bye unless the event gives it
    /// points (C.04.2 2.4), so a requested bye.
    NotYetEntered,
}

impl UnplayedKind {
    /// A requested bye (16.1): a half- or zero-point bye, an absence, a round after a
    /// withdrawal or before a late entry. With forfeit losses, the voluntary unplayed rounds.
    #[must_use]
    pub const fn is_requested(self) -> bool {
        !matches!(self, UnplayedKind::PairingAllocatedBye | UnplayedKind::FullPointBye)
    }
}

/// A round an entrant had no game in, and the half points it gave them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unplayed {
    /// The round, 1 up.
    pub round: u32,
    pub entrant: usize,
    pub kind: UnplayedKind,
    /// Half points the event gave for it (a pairing-allocated bye in a Swiss: a win's; a
    /// half-point bye: a draw's; the rest usually 0).
    pub points: u32,
}

/// What a game gives, in half points: Nowan 4 a win and 0 each a draw, the others 2 and 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    /// A win's points: the whole of a game's points for Sonneborn-Berger's weights, and the
    /// bar a bye must reach to count as won.
    pub win: u32,
    /// Each side's points for a draw: what a round counted "as a draw" is worth (C.07
    /// 16.3.2) and, with [`Regulations::Fide2026`], the dummy's cap per round (16.4.2).
    pub draw: u32,
}

/// How the event pairs its rounds, which decides how unplayed rounds count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Swiss: an entrant's own unplayed rounds count as games against a dummy opponent
    /// (16.4), and an opponent's unplayed rounds count as 16.3 says.
    Swiss,
    /// Round robin (single or double): a forfeit counts as a game against the scheduled
    /// opponent, and a round with no scheduled opponent (the bye of an odd field, an
    /// absence) counts for no tie-break (FIDE's reference calculator treats unplayed games
    /// of a round robin as played).
    RoundRobin,
}

/// Which text of C.07's article 16 scores the dummy opponent of a Swiss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Regulations {
    /// The text of 1 September 2023 to 28 February 2026: the dummy's score is the
    /// entrant's own final score.
    Fide2023,
    /// The text in force from 1 March 2026: the same, but no more than the scheduled
    /// opponent's score (for tie-breaks) after a forfeit (16.4.1), and no more than a draw
    /// in every round so far for any other unplayed round (16.4.2).
    Fide2026,
}

/// Everything the table is made from.
#[derive(Debug, Clone, Copy)]
pub struct Results<'a> {
    /// Every entrant's pairing number, withdrawn ones included.
    pub entrants: &'a [usize],
    /// The games paired so far whose result is known, forfeits included.
    pub encounters: &'a [Encounter],
    /// The rounds entrants had no game in. A round an entrant has neither a game nor an
    /// unplayed round for counts for nothing at all (as for a game still being played);
    /// [`missing_rounds`] fills in absences, withdrawals and late entries.
    pub unplayed: &'a [Unplayed],
    pub scoring: Scoring,
    pub format: Format,
    pub regulations: Regulations,
}

/// The tie-breaks an event may order its table by, after points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// C.07 6: the points scored in the games among the tied entrants when each of them
    /// met every other (else it separates nobody). In a Swiss only games played over the
    /// board count; in a round robin forfeits count too.
    DirectEncounter,
    /// C.07 9.1: for each round, the opponent's score times the share of the game's points
    /// won in it (a win counts the opponent's score fully, a draw half), unplayed rounds
    /// counted as article 16 says.
    SonnebornBerger,
    /// C.07 8.1: the sum of the opponents' scores, unplayed rounds counted as article 16
    /// says.
    Buchholz,
    /// C.07 8.1 with 14's Cut-1: Buchholz without its least significant value, a voluntary
    /// unplayed round's first (16.5).
    BuchholzCut1,
    /// C.07 8.1 with 14's Median-1: Buchholz without its least significant value (a
    /// voluntary unplayed round's first, 16.5) and its most significant one.
    MedianBuchholz,
    /// C.07 7.1: the rounds won, with or without playing: games won, forfeits won, and
    /// byes worth a win.
    Wins,
    /// C.07 7.2: the games won over the board.
    WinsOverTheBoard,
}

/// One line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub entrant: usize,
    /// 1 up; entrants that no tie-break separates share a rank.
    pub rank: usize,
    /// Half points from every round, played or not.
    pub points: u32,
    /// Games played over the board.
    pub games: u32,
    /// Games won over the board.
    pub wins: u32,
    /// The tie-break values in the event's order, in half points (Sonneborn-Berger in
    /// half points of opponents' scores times the share won, as a fraction of a win's
    /// points: `scoring.win` half points make a whole share).
    pub tie_breaks: Vec<f64>,
}

/// The table of the event, ordered by points, then `order`, then pairing number.
#[must_use]
pub fn standings(results: &Results<'_>, order: &[TieBreak]) -> Vec<Standing> {
    let histories = history::Histories::new(results);
    let mut lines: Vec<Standing> = histories
        .entrants()
        .map(|entrant| {
            let tie_breaks = order
                .iter()
                .map(|tb| match tb {
                    // Filled in once the tied groups are known.
                    TieBreak::DirectEncounter => 0.0,
                    _ => values::value(&histories, entrant, *tb),
                })
                .collect();
            Standing {
                entrant,
                rank: 0,
                points: histories.score(entrant),
                games: histories.games_played(entrant),
                wins: histories.wins_over_the_board(entrant),
                tie_breaks,
            }
        })
        .collect();
    // Each tie-break in turn separates only entrants equal on everything before it: direct
    // encounter is worked out within those groups.
    for (k, tb) in order.iter().enumerate() {
        if *tb != TieBreak::DirectEncounter {
            continue;
        }
        let key = |s: &Standing| {
            (
                s.points,
                s.tie_breaks[..k].iter().map(|v| v.to_bits()).collect::<Vec<_>>(),
            )
        };
        let mut groups: BTreeMap<(u32, Vec<u64>), Vec<usize>> = BTreeMap::new();
        for line in &lines {
            groups.entry(key(line)).or_default().push(line.entrant);
        }
        for group in groups.values().filter(|g| g.len() > 1) {
            if let Some(scores) = values::direct_encounter(&histories, group) {
                for (e, s) in group.iter().zip(scores) {
                    if let Some(line) = lines.iter_mut().find(|l| l.entrant == *e) {
                        line.tie_breaks[k] = f64::from(s);
                    }
                }
            }
        }
    }
    let compare = |a: &Standing, b: &Standing| -> Ordering {
        b.points.cmp(&a.points).then_with(|| {
            a.tie_breaks
                .iter()
                .zip(&b.tie_breaks)
                .map(|(x, y)| y.total_cmp(x))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        })
    };
    lines.sort_by(|a, b| compare(a, b).then(a.entrant.cmp(&b.entrant)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && compare(&lines[i - 1], &lines[i]).is_eq() {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}
