//! An event's table: standings by the game's own points and the event's tie-breaks, the
//! crosstable of a round robin, and the rounds with their boards, built from the stored
//! players, games and byes.

use std::collections::BTreeMap;

use herald_pairing::{
    Encounter, Format as PairingFormat, Regulations, Results, Scoring, Unplayed, UnplayedKind, missing_rounds,
    standings,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::game_states::GameStatus;
use crate::domain::tournament_states::PlayerState;
use crate::storage::{EventGameRow, EventPlayerRow, TournamentRow};

/// A number of half points as people read it (`2½`, `0`, `½`): the registry's notation.
#[must_use]
pub fn points_text(halves: i64) -> String {
    herald_rules::Points::from_halves(u16::try_from(halves).unwrap_or(u16::MAX)).to_string()
}

/// One line of the standings.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StandingLine {
    /// 1 up; entrants no tie-break separates share a rank.
    pub rank: usize,
    /// The entrant's pairing number.
    pub number: i64,
    /// The entrant's players (two for a Chatrang team).
    pub players: Vec<String>,
    /// Points in half points (Nowan: 4 a win, 2 a stalemate win; elsewhere 2 a win, 1 a draw).
    pub points_halves: i64,
    /// The same as people read it: `3½`.
    pub points: String,
    pub games: u32,
    pub wins: u32,
    /// The tie-break values in the event's order (half points where they count points).
    pub tie_breaks: Vec<f64>,
    /// Withdrew from the event.
    pub withdrawn: bool,
}

/// One board of a round.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Board {
    pub board: i64,
    pub game_id: String,
    /// Team 0's entrant (who moves first) and team 1's.
    pub first: i64,
    pub second: i64,
    pub status: GameStatus,
    /// The result as points, `1-0`, `½-½`, `2-0` (Nowan); none while it is played.
    pub result: Option<String>,
}

/// A round: its boards and who sat it out.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Round {
    pub round: i64,
    pub boards: Vec<Board>,
    /// Entrants who sat the round out.
    pub byes: Vec<Bye>,
}

/// A bye: the entrant, and what it gave them in half points (0 in round robins).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Bye {
    pub entrant: i64,
    pub points_halves: i64,
}

/// The entrants of an event by pairing number: their players' names, and whether they
/// withdrew.
#[must_use]
pub fn entrants(players: &[EventPlayerRow]) -> BTreeMap<i64, (Vec<String>, bool)> {
    let mut map: BTreeMap<i64, (Vec<String>, bool)> = BTreeMap::new();
    for p in players {
        if let Some(n) = p.number {
            let entry = map.entry(n).or_default();
            entry.0.push(p.username.clone());
            entry.1 |= p.state == PlayerState::Withdrawn;
        }
    }
    map
}

/// The standings after the finished games and the byes so far.
#[must_use]
pub fn standings_of(
    event: &TournamentRow,
    players: &[EventPlayerRow],
    games: &[EventGameRow],
    byes: &[(i64, i64, i64)],
) -> Vec<StandingLine> {
    let names = entrants(players);
    let as_usize = |n: i64| usize::try_from(n).unwrap_or(0);
    let numbers: Vec<usize> = names.keys().map(|&n| as_usize(n)).collect();
    let as_round = |r: i64| u32::try_from(r).unwrap_or(0);
    let encounters: Vec<Encounter> = games
        .iter()
        .filter(|g| g.status == GameStatus::Finished)
        .filter_map(|g| {
            let [first, second] = g.points?;
            Some(Encounter {
                round: as_round(g.round),
                first: as_usize(g.first),
                second: as_usize(g.second),
                first_points: u32::try_from(first).ok()?,
                second_points: u32::try_from(second).ok()?,
                forfeit: g.forfeit,
            })
        })
        .collect();
    let mut unplayed: Vec<Unplayed> = byes
        .iter()
        .map(|&(round, n, points)| Unplayed {
            round: as_round(round),
            entrant: as_usize(n),
            kind: UnplayedKind::PairingAllocatedBye,
            points: u32::try_from(points).unwrap_or(0),
        })
        .collect();
    // Rounds played to the end, one after another from the first: the rounds before a
    // late entry, after a withdrawal and in between count as FIDE's article 16 says.
    let unfinished: std::collections::BTreeSet<i64> =
        games.iter().filter(|g| !g.status.is_over()).map(|g| g.round).collect();
    let completed = (1..=event.round).take_while(|r| !unfinished.contains(r)).count();
    let extra = missing_rounds(&numbers, u32::try_from(completed).unwrap_or(0), &encounters, &unplayed);
    unplayed.extend(extra);
    let order: Vec<_> = event.tie_breaks.iter().map(|t| t.tie_break()).collect();
    let scoring = event.variant.spec().scoring;
    let results = Results {
        entrants: &numbers,
        encounters: &encounters,
        unplayed: &unplayed,
        scoring: Scoring {
            win: u32::from(scoring.win.halves()),
            draw: u32::from(scoring.draw.halves()),
        },
        format: if event.format.all_at_once() {
            PairingFormat::RoundRobin
        } else {
            PairingFormat::Swiss
        },
        regulations: Regulations::Fide2026,
    };
    standings(&results, &order)
        .into_iter()
        .map(|line| {
            let number = i64::try_from(line.entrant).unwrap_or(0);
            let (players, withdrawn) = names.get(&number).cloned().unwrap_or_default();
            let halves = i64::from(line.points);
            StandingLine {
                rank: line.rank,
                number,
                players,
                points_halves: halves,
                points: points_text(halves),
                games: line.games,
                wins: line.wins,
                tie_breaks: line.tie_breaks,
                withdrawn,
            }
        })
        .collect()
}

/// The rounds with their boards and byes, in order.
#[must_use]
pub fn rounds_of(games: &[EventGameRow], byes: &[(i64, i64, i64)]) -> Vec<Round> {
    let mut rounds: BTreeMap<i64, Round> = BTreeMap::new();
    for g in games {
        rounds
            .entry(g.round)
            .or_insert_with(|| empty_round(g.round))
            .boards
            .push(Board {
                board: g.board,
                game_id: g.game_id.clone(),
                first: g.first,
                second: g.second,
                status: g.status,
                result: result_text(g),
            });
    }
    for &(r, n, points) in byes {
        rounds.entry(r).or_insert_with(|| empty_round(r)).byes.push(Bye {
            entrant: n,
            points_halves: points,
        });
    }
    rounds.into_values().collect()
}

fn empty_round(round: i64) -> Round {
    Round {
        round,
        boards: Vec::new(),
        byes: Vec::new(),
    }
}

/// A finished game's result as points (`1-0`, `½-½`, `2-0`); `aborted` for an aborted one.
fn result_text(game: &EventGameRow) -> Option<String> {
    match (game.status, game.points) {
        (GameStatus::Finished, Some([a, b])) => Some(format!("{}-{}", points_text(a), points_text(b))),
        (GameStatus::Aborted, _) => Some("aborted".to_owned()),
        _ => None,
    }
}

/// A round robin's crosstable: for each entrant (by number), what they scored against each
/// other entrant, game by game (two cells in a double round robin), as people read it.
#[must_use]
pub fn crosstable(games: &[EventGameRow]) -> BTreeMap<i64, BTreeMap<i64, Vec<String>>> {
    let mut table: BTreeMap<i64, BTreeMap<i64, Vec<String>>> = BTreeMap::new();
    for g in games {
        let [a, b] = match (g.status, g.points) {
            (GameStatus::Finished, Some(points)) => points.map(points_text),
            (GameStatus::Aborted, _) => ["-".to_owned(), "-".to_owned()],
            _ => ["*".to_owned(), "*".to_owned()],
        };
        table.entry(g.first).or_default().entry(g.second).or_default().push(a);
        table.entry(g.second).or_default().entry(g.first).or_default().push(b);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_read_as_people_write_them() {
        assert_eq!(points_text(0), "0");
        assert_eq!(points_text(1), "½");
        assert_eq!(points_text(4), "2");
        assert_eq!(points_text(7), "3½");
    }
}
