//! Each entrant's rounds, read from the games and the unplayed rounds, and the scores C.07's
//! article 16 gives them: the entrant's own score, the score opponents count for them
//! (16.3), and the dummy opponent's score for their own unplayed rounds (16.4).

use std::collections::{BTreeMap, BTreeSet};

use super::{Encounter, Format, Regulations, Results, Scoring, Unplayed, UnplayedKind};

/// How a round went for one entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    Played,
    ForfeitWon,
    ForfeitLost,
    Bye(UnplayedKind),
}

/// One round of one entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Slot {
    pub round: u32,
    /// The opponent met or scheduled; none for a bye.
    pub opponent: Option<usize>,
    /// Half points the round gave the entrant.
    pub points: u32,
    /// Half points it gave the opponent; none for a bye.
    pub opponent_points: u32,
    pub outcome: Outcome,
}

impl Slot {
    /// A voluntary unplayed round (16.1): a requested bye or a forfeit loss.
    pub(super) fn is_voluntary_unplayed(&self) -> bool {
        match self.outcome {
            Outcome::ForfeitLost => true,
            Outcome::Bye(kind) => kind.is_requested(),
            Outcome::Played | Outcome::ForfeitWon => false,
        }
    }

    fn is_requested_bye(&self) -> bool {
        matches!(self.outcome, Outcome::Bye(kind) if kind.is_requested())
    }
}

/// Every entrant's rounds, and the scores the tie-breaks read.
#[derive(Debug)]
pub(super) struct Histories {
    slots: BTreeMap<usize, Vec<Slot>>,
    scores: BTreeMap<usize, u32>,
    adjusted: BTreeMap<usize, u32>,
    /// The latest round anyone has a result for: the rounds played so far.
    rounds: u32,
    pub(super) scoring: Scoring,
    pub(super) format: Format,
    regulations: Regulations,
}

impl Histories {
    pub(super) fn new(results: &Results<'_>) -> Self {
        let mut slots: BTreeMap<usize, Vec<Slot>> = results.entrants.iter().map(|&e| (e, Vec::new())).collect();
        for game in results.encounters {
            for (me, other, mine, theirs) in [
                (game.first, game.second, game.first_points, game.second_points),
                (game.second, game.first, game.second_points, game.first_points),
            ] {
                let outcome = match (game.forfeit, mine > theirs) {
                    (false, _) => Outcome::Played,
                    (true, true) => Outcome::ForfeitWon,
                    (true, false) => Outcome::ForfeitLost,
                };
                slots.entry(me).or_default().push(Slot {
                    round: game.round,
                    opponent: Some(other),
                    points: mine,
                    opponent_points: theirs,
                    outcome,
                });
            }
        }
        for bye in results.unplayed {
            slots.entry(bye.entrant).or_default().push(Slot {
                round: bye.round,
                opponent: None,
                points: bye.points,
                opponent_points: 0,
                outcome: Outcome::Bye(bye.kind),
            });
        }
        for rounds in slots.values_mut() {
            rounds.sort_by_key(|s| s.round);
        }
        let rounds = slots.values().flatten().map(|s| s.round).max().unwrap_or(0);
        let scores = slots
            .iter()
            .map(|(&e, rounds)| (e, rounds.iter().map(|s| s.points).sum()))
            .collect();
        let adjusted = slots
            .iter()
            .map(|(&e, rounds)| (e, adjusted_score(rounds, results.format, results.scoring)))
            .collect();
        Histories {
            slots,
            scores,
            adjusted,
            rounds,
            scoring: results.scoring,
            format: results.format,
            regulations: results.regulations,
        }
    }

    pub(super) fn entrants(&self) -> impl Iterator<Item = usize> + '_ {
        self.slots.keys().copied()
    }

    pub(super) fn slots(&self, entrant: usize) -> &[Slot] {
        self.slots.get(&entrant).map(Vec::as_slice).unwrap_or_default()
    }

    /// The entrant's points from every round.
    pub(super) fn score(&self, entrant: usize) -> u32 {
        self.scores.get(&entrant).copied().unwrap_or(0)
    }

    /// The entrant's score as their opponents' tie-breaks count it (16.3).
    pub(super) fn adjusted_score(&self, entrant: usize) -> u32 {
        self.adjusted.get(&entrant).copied().unwrap_or(0)
    }

    pub(super) fn games_played(&self, entrant: usize) -> u32 {
        self.slots(entrant)
            .iter()
            .filter(|s| s.outcome == Outcome::Played)
            .count() as u32
    }

    pub(super) fn wins_over_the_board(&self, entrant: usize) -> u32 {
        self.slots(entrant)
            .iter()
            .filter(|s| s.outcome == Outcome::Played && s.points > s.opponent_points)
            .count() as u32
    }

    /// The score of the dummy opponent an unplayed round of `entrant` is evaluated against
    /// (16.4): the entrant's own score; from 2026 capped by the scheduled opponent's score
    /// for tie-breaks after a forfeit (16.4.1), and by a draw in every round so far for any
    /// other unplayed round (16.4.2).
    pub(super) fn dummy_score(&self, entrant: usize, slot: &Slot) -> u32 {
        let own = self.score(entrant);
        match self.regulations {
            Regulations::Fide2023 => own,
            Regulations::Fide2026 => match slot.opponent {
                Some(opponent) => own.min(self.adjusted_score(opponent)),
                None => own.min(self.scoring.draw.saturating_mul(self.rounds)),
            },
        }
    }
}

/// The score an entrant's opponents count for them (16.3): every round as it was scored
/// (16.3.1), except, in a Swiss, a requested bye followed only by voluntary unplayed rounds
/// (or in the last round: 16.2.5), which counts as a draw (16.3.2). A withdrawn entrant's
/// remaining rounds are such byes. A round robin counts rounds as they were scored.
fn adjusted_score(rounds: &[Slot], format: Format, scoring: Scoring) -> u32 {
    rounds
        .iter()
        .map(|slot| {
            let only_voluntary_after = rounds
                .iter()
                .filter(|later| later.round > slot.round)
                .all(Slot::is_voluntary_unplayed);
            if format == Format::Swiss && slot.is_requested_bye() && only_voluntary_after {
                scoring.draw
            } else {
                slot.points
            }
        })
        .sum()
}

/// The rounds up to `rounds` that an entrant has neither a game nor an unplayed round for,
/// as zero-point unplayed rounds: before their first recorded round, not yet entered; after
/// their last, withdrawn; in between, absent. An entrant with nothing recorded is taken as
/// not yet entered. Pass the rounds whose games are all finished, so a game still being
/// played is not taken for an absence.
#[must_use]
pub fn missing_rounds(
    entrants: &[usize],
    rounds: u32,
    encounters: &[Encounter],
    unplayed: &[Unplayed],
) -> Vec<Unplayed> {
    let mut recorded: BTreeMap<usize, BTreeSet<u32>> = entrants.iter().map(|&e| (e, BTreeSet::new())).collect();
    for game in encounters {
        recorded.entry(game.first).or_default().insert(game.round);
        recorded.entry(game.second).or_default().insert(game.round);
    }
    for bye in unplayed {
        recorded.entry(bye.entrant).or_default().insert(bye.round);
    }
    let mut missing = Vec::new();
    for (&entrant, seen) in &recorded {
        let first = seen.first().copied();
        let last = seen.last().copied();
        for round in (1..=rounds).filter(|r| !seen.contains(r)) {
            let kind = match (first, last) {
                (Some(first), _) if round < first => UnplayedKind::NotYetEntered,
                (_, Some(last)) if round > last => UnplayedKind::Withdrawn,
                (Some(_), Some(_)) => UnplayedKind::Absent,
                _ => UnplayedKind::NotYetEntered,
            };
            missing.push(Unplayed {
                round,
                entrant,
                kind,
                points: 0,
            });
        }
    }
    missing
}
