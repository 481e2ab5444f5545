//! Who plays whom, and in which seats: pairing numbers at the start, the round robin's
//! rounds, a Swiss round from the results so far, and the seats of each game (Chatrang
//! teams rotating through the four positions). Pure: the service stores what it returns.

use std::collections::{HashMap, HashSet};

use herald_pairing::swiss::{Colour, Float, RoundInfo, SwissError, SwissPlayer, pair_round_with};
use herald_pairing::{berger_rounds, double_round_robin};
use herald_rules::GameSpec;

use crate::domain::tournament_states::{Format, PlayerState};
use crate::storage::{EventGameRow, EventPlayerRow};

/// Players per entrant: one, or a Chatrang team (seats per team).
#[must_use]
pub fn per_entrant(variant: herald_rules::Variant) -> usize {
    let spec = variant.spec();
    (spec.seats.len() / spec.teams.len().max(1)).max(1)
}

/// One side of the event's games: a player, or a Chatrang team (its players in
/// registration order, the registering player first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub number: i64,
    pub players: Vec<i64>,
}

/// A round's boards (team-0 entrant, team-1 entrant) and the entrants who sit it out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Pairings {
    pub round: i64,
    pub boards: Vec<(i64, i64)>,
    pub byes: Vec<i64>,
}

/// The entrants an event starts with, numbered by strength: the mean rating in the event's
/// game (1500 for a player without one), then who entered first. Chatrang teams are the
/// players registered with the same `team_of`; a team without both players is left out.
#[must_use]
pub fn number_entrants(players: &[EventPlayerRow], per_entrant: usize) -> Vec<Entrant> {
    let registered = players.iter().filter(|p| p.state == PlayerState::Registered);
    let mut groups: Vec<Vec<&EventPlayerRow>> = Vec::new();
    if per_entrant <= 1 {
        groups.extend(registered.map(|p| vec![p]));
    } else {
        let mut by_team: HashMap<i64, Vec<&EventPlayerRow>> = HashMap::new();
        for p in registered {
            by_team.entry(p.team_of.unwrap_or(p.user_id)).or_default().push(p);
        }
        for (captain, mut team) in by_team {
            if team.len() == per_entrant {
                // The registering player first, so seats rotate the same way every round.
                team.sort_by_key(|p| (p.user_id != captain, p.joined_at, p.user_id));
                groups.push(team);
            }
        }
    }
    let strength = |group: &[&EventPlayerRow]| {
        let sum: f64 = group.iter().map(|p| p.rating.unwrap_or(1500.0)).sum();
        #[allow(clippy::cast_precision_loss)]
        let mean = sum / group.len().max(1) as f64;
        mean
    };
    groups.sort_by(|a, b| {
        strength(b)
            .total_cmp(&strength(a))
            .then_with(|| first_entry(a).cmp(&first_entry(b)))
    });
    (1..)
        .zip(groups)
        .map(|(number, group)| Entrant {
            number,
            players: group.iter().map(|p| p.user_id).collect(),
        })
        .collect()
}

fn first_entry(group: &[&EventPlayerRow]) -> (i64, i64) {
    group.iter().map(|p| (p.joined_at, p.user_id)).min().unwrap_or((0, 0))
}

/// Every round of a round robin (single or double) of `entrants` numbered 1 up, by the
/// Berger tables: all of them start at once.
#[must_use]
pub fn round_robin(format: Format, entrants: usize) -> Vec<Pairings> {
    let rounds = if format == Format::DoubleRoundRobin {
        double_round_robin(entrants)
    } else {
        berger_rounds(entrants)
    };
    (1..)
        .zip(rounds)
        .map(|(round, boards)| {
            let mut pairings = Pairings {
                round,
                ..Pairings::default()
            };
            for board in boards {
                let white = number(board.white);
                match board.black {
                    Some(black) => pairings.boards.push((white, number(black))),
                    None => pairings.byes.push(white),
                }
            }
            pairings
        })
        .collect()
}

fn number(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The round to pair and what the Dutch rules need to know of the event: which round it
/// is, how many there are (the last round's topscorer rules) and what a win scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SwissRoundOf {
    pub round: i64,
    pub total_rounds: i64,
    /// Half points of a win (4 in Nowan, 2 elsewhere).
    pub win_halves: u32,
}

/// The players of the next Swiss round, the entrants still in the event (`active`, pairing
/// numbers), from the finished games and the byes so far (`byes`: round, entrant and half points).
/// Each entrant's float history is read from them round by round: a game against a higher
/// score is an upfloat, against a lower one (or a bye, or a forfeit won) a downfloat.
/// A forfeit (a game ended by a withdrawal) is not a game played: it gives no colour, and a
/// forfeit win bars the bye as a bye would.
///
#[must_use]
pub fn swiss_field(
    of: SwissRoundOf,
    active: &[i64],
    games: &[EventGameRow],
    byes: &[(i64, i64, i64)],
) -> Vec<SwissPlayer> {
    let halves = |p: i64| u32::try_from(p).unwrap_or(0);
    // Everyone's score before each round: what the float of a game compares.
    let rounds_before = usize::try_from(of.round - 1).unwrap_or(0);
    let mut score: HashMap<i64, u32> = HashMap::new();
    let mut floats: HashMap<i64, Vec<Float>> = active.iter().map(|&n| (n, Vec::new())).collect();
    let mut players: HashMap<i64, SwissPlayer> = active
        .iter()
        .map(|&n| {
            (
                n,
                SwissPlayer {
                    number: usize::try_from(n).unwrap_or(usize::MAX),
                    points: 0,
                    colours: Vec::new(),
                    opponents: HashSet::new(),
                    had_bye: false,
                    floats: Vec::new(),
                },
            )
        })
        .collect();
    for r in 1..=i64::try_from(rounds_before).unwrap_or(0) {
        let before = score.clone();
        let of_before = |n: i64| before.get(&n).copied().unwrap_or(0);
        for history in floats.values_mut() {
            history.push(Float::None);
        }
        for game in games.iter().filter(|g| g.round == r) {
            let [first, second] = game.points.unwrap_or([0, 0]);
            for (me, them, colour, mine) in [
                (game.first, game.second, Colour::White, first),
                (game.second, game.first, Colour::Black, second),
            ] {
                *score.entry(me).or_default() += halves(mine);
                if let Some(p) = players.get_mut(&me) {
                    p.points += halves(mine);
                    p.opponents.insert(usize::try_from(them).unwrap_or(usize::MAX));
                    if game.forfeit {
                        p.had_bye |= halves(mine) >= of.win_halves;
                    } else {
                        p.colours.push(colour);
                    }
                }
                let float = if game.forfeit {
                    if halves(mine) > 0 { Float::Down } else { Float::None }
                } else {
                    match of_before(them).cmp(&of_before(me)) {
                        std::cmp::Ordering::Less => Float::Down,
                        std::cmp::Ordering::Greater => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    }
                };
                if let Some(last) = floats.get_mut(&me).and_then(|h| h.last_mut()) {
                    *last = float;
                }
            }
        }
        for &(_, entrant, points) in byes.iter().filter(|(round, _, _)| *round == r) {
            *score.entry(entrant).or_default() += halves(points);
            if let Some(p) = players.get_mut(&entrant) {
                p.points += halves(points);
                p.had_bye = true;
            }
            if let Some(last) = floats.get_mut(&entrant).and_then(|h| h.last_mut())
                && points > 0
            {
                *last = Float::Down;
            }
        }
    }
    let mut field: Vec<SwissPlayer> = players
        .into_iter()
        .map(|(n, mut p)| {
            p.floats = floats.remove(&n).unwrap_or_default();
            p
        })
        .collect();
    field.sort_by_key(|p| p.number);
    field
}

/// [`swiss_field`] paired: the round's boards and bye.
///
/// # Errors
/// No pairing meets the absolute criteria (every remaining pair has met).
pub fn swiss_round(
    of: SwissRoundOf,
    active: &[i64],
    games: &[EventGameRow],
    byes: &[(i64, i64, i64)],
) -> Result<Pairings, SwissError> {
    let field = swiss_field(of, active, games, byes);
    let info = RoundInfo {
        round: u32::try_from(of.round).unwrap_or(u32::MAX),
        total_rounds: u32::try_from(of.total_rounds).unwrap_or(u32::MAX),
        points_for_win: of.win_halves,
    };
    let paired = pair_round_with(&field, Some(&info))?;
    Ok(Pairings {
        round: of.round,
        boards: paired
            .games
            .iter()
            .map(|g| (number(g.white), number(g.black)))
            .collect(),
        byes: paired.bye.map(number).into_iter().collect(),
    })
}

/// The players of a game between `first` (team 0, who moves first) and `second`, seat by
/// seat. Chatrang partners swap seats each time their team plays the same side again
/// (`first_before`, `second_before`: the team's earlier games on this side), so over four
/// games a team plays each of the four positions.
#[must_use]
pub fn seat_players(
    spec: &GameSpec,
    first: &Entrant,
    second: &Entrant,
    first_before: usize,
    second_before: usize,
) -> Vec<i64> {
    let order = |entrant: &Entrant, before: usize| {
        let mut players = entrant.players.clone();
        if before % 2 == 1 {
            players.reverse();
        }
        players.into_iter()
    };
    let mut sides = [order(first, first_before), order(second, second_before)];
    spec.seats
        .iter()
        .filter_map(|seat| sides.get_mut(seat.team.index()).and_then(Iterator::next))
        .collect()
}

/// How many games each entrant played on each side (team 0, team 1) in `boards`.
#[must_use]
pub fn sides_played<'a>(boards: impl IntoIterator<Item = &'a (i64, i64)>) -> HashMap<(i64, usize), usize> {
    let mut count = HashMap::new();
    for (first, second) in boards {
        *count.entry((*first, 0)).or_insert(0) += 1;
        *count.entry((*second, 1)).or_insert(0) += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use herald_rules::Variant;

    use super::*;

    fn player(user_id: i64, rating: Option<f64>, team_of: Option<i64>) -> EventPlayerRow {
        EventPlayerRow {
            user_id,
            username: format!("p{user_id}"),
            state: PlayerState::Registered,
            team_of,
            number: None,
            joined_at: user_id,
            rating,
            vacation_since: None,
        }
    }

    #[test]
    fn entrants_are_numbered_by_rating_then_entry() {
        let players = [
            player(1, None, None),
            player(2, Some(1700.0), None),
            player(3, None, None),
        ];
        let numbered = number_entrants(&players, 1);
        let order: Vec<i64> = numbered.iter().map(|e| e.players[0]).collect();
        assert_eq!(order, vec![2, 1, 3]);
        assert_eq!(numbered.iter().map(|e| e.number).collect::<Vec<_>>(), vec![1, 2, 3]);
    }

    #[test]
    fn teams_are_numbered_by_mean_rating_and_incomplete_teams_left_out() {
        let players = [
            player(1, Some(1400.0), Some(1)),
            player(2, Some(1800.0), Some(1)),
            player(3, Some(1550.0), Some(3)),
            player(4, Some(1550.0), Some(3)),
            player(5, Some(2000.0), Some(5)),
        ];
        let numbered = number_entrants(&players, 2);
        assert_eq!(numbered.len(), 2);
        assert_eq!(numbered[0].players, vec![1, 2]);
        assert_eq!(numbered[1].players, vec![3, 4]);
    }

    #[test]
    fn a_chatrang_team_plays_each_position_once_in_four_games() {
        let spec = Variant::Chatrang.spec();
        let a = Entrant {
            number: 1,
            players: vec![10, 11],
        };
        let b = Entrant {
            number: 2,
            players: vec![20, 21],
        };
        let mut seats_of_10 = HashSet::new();
        // Team a: team 0 twice and team 1 twice, as a Berger schedule gives it.
        for (k, a_first) in [true, false, true, false].into_iter().enumerate() {
            let before = k / 2;
            let players = if a_first {
                seat_players(spec, &a, &b, before, before)
            } else {
                seat_players(spec, &b, &a, before, before)
            };
            assert_eq!(players.len(), 4);
            seats_of_10.insert(players.iter().position(|&p| p == 10).unwrap());
            // Partners sit on the seats of one team.
            let team = |p: i64| {
                spec.team_of(herald_rules::Player::new(
                    u8::try_from(players.iter().position(|&x| x == p).unwrap()).unwrap(),
                ))
            };
            assert_eq!(team(10), team(11));
            assert_eq!(team(20), team(21));
            assert_ne!(team(10), team(20));
        }
        assert_eq!(seats_of_10.len(), 4, "player 10 sat in every seat");
    }

    #[test]
    fn round_robin_pairings_cover_every_pair_once_with_byes_for_odd_fields() {
        let rounds = round_robin(Format::RoundRobin, 5);
        assert_eq!(rounds.len(), 5);
        let mut met = HashSet::new();
        for r in &rounds {
            assert_eq!(r.byes.len(), 1);
            for &(a, b) in &r.boards {
                assert!(met.insert((a.min(b), a.max(b))));
            }
        }
        assert_eq!(met.len(), 10);
        assert_eq!(round_robin(Format::DoubleRoundRobin, 4).len(), 6);
    }

    fn game(round: i64, first: i64, second: i64, points: [i64; 2], forfeit: bool) -> EventGameRow {
        EventGameRow {
            round,
            board: 1,
            game_id: format!("g{round}{first}{second}"),
            first,
            second,
            status: crate::domain::game_states::GameStatus::Finished,
            points: Some(points),
            winner_team: None,
            forfeit,
        }
    }

    #[test]
    fn the_swiss_field_carries_scores_colours_floats_and_byes_round_by_round() {
        use herald_pairing::swiss::{Colour, Float};
        let of = SwissRoundOf {
            round: 3,
            total_rounds: 3,
            win_halves: 2,
        };
        // Round 1: 1 beats 3, 2 draws 4, 5 has the bye. Round 2: 5 (2) beats 1 (2), 2 (1)
        // beats 4 (1) by forfeit (4 withdrew after), 3 (0) has the bye.
        let games = [
            game(1, 1, 3, [2, 0], false),
            game(1, 2, 4, [1, 1], false),
            game(2, 5, 1, [2, 0], false),
            game(2, 2, 4, [2, 0], true),
        ];
        let byes = [(1, 5, 2), (2, 3, 2)];
        let field = swiss_field(of, &[1, 2, 3, 5], &games, &byes);
        let of_number = |n: usize| field.iter().find(|p| p.number == n).unwrap();
        assert_eq!(of_number(1).points, 2);
        assert_eq!(of_number(1).colours, [Colour::White, Colour::Black]);
        assert_eq!(
            of_number(1).floats,
            [Float::None, Float::None],
            "equal scores both rounds"
        );
        // The forfeit win: no colour, bars the bye, a downfloat (more than a loss unplayed).
        assert_eq!(of_number(2).colours, [Colour::White]);
        assert!(of_number(2).had_bye);
        assert_eq!(of_number(2).floats, [Float::None, Float::Down]);
        assert_eq!(
            of_number(3).floats,
            [Float::None, Float::Down],
            "the bye is a downfloat"
        );
        assert!(of_number(3).had_bye);
        assert_eq!(of_number(5).points, 4);
        assert_eq!(of_number(5).floats, [Float::Down, Float::None]);
        assert!(swiss_round(of, &[1, 2, 3, 5], &games, &byes).is_ok());
    }
}
