//! An event's rounds: starting it (numbering the entrants, every round robin game or the
//! first Swiss round), and its next step once a round is over (the next Swiss round, or the
//! end), taken once however many instances and paths ask at the same moment.

use super::plan::{self, Entrant, Pairings};
use crate::api::games::clock::first_turn;
use crate::api::games::service::Terms;
use crate::domain::game_states::GameStatus;
use crate::domain::tournament_states::{PlayerState, TournamentStatus};
use crate::storage::{
    Advance, EventGameRow, EventPlayerRow, GameSetup, NewGame, RatingRange, RoundGame, RoundPlan, Start, TournamentRow,
};
use crate::web::auth::random_id;
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// The refusal of an entry or a start when the event is not taking entries.
pub(crate) fn not_registering() -> ApiError {
    ApiError::conflict("not_registering", "this tournament is not taking entries")
}

/// Starts an event taking entries, without asking who (the organiser's start checks that;
/// the sweeper starts events at their start time).
pub(crate) async fn start_event(state: &AppState, event: &TournamentRow) -> ApiResult<()> {
    if event.status != TournamentStatus::Registering {
        return Err(not_registering());
    }
    let players = state.db.tournament_players(&event.id).await?;
    let entrants = plan::number_entrants(&players, plan::per_entrant(event.variant));
    let count = i64::try_from(entrants.len()).unwrap_or(i64::MAX);
    if count < event.min_entrants.max(3) {
        return Err(ApiError::conflict(
            "too_few_entrants",
            format!(
                "the tournament needs at least {} entrants to start; it has {count}",
                event.min_entrants.max(3)
            ),
        ));
    }
    let numbers: Vec<(i64, i64)> = entrants
        .iter()
        .flat_map(|e| e.players.iter().map(move |&p| (p, e.number)))
        .collect();
    let (rounds, pairings) = if event.format.all_at_once() {
        let all = plan::round_robin(event.format, entrants.len());
        (i64::try_from(all.len()).unwrap_or(0), all)
    } else {
        let active: Vec<i64> = entrants.iter().map(|e| e.number).collect();
        let first = plan::swiss_round(swiss_round_of(event, 1), &active, &[], &[])
            .map_err(|e| ApiError::conflict("no_pairing", format!("round 1 cannot be paired: {e}")))?;
        (event.rounds, vec![first])
    };
    let setup = setup(state, event)?;
    let plans = round_plans(event, &entrants, &[], &pairings)?;
    if state
        .db
        .start_tournament(&event.id, &numbers, rounds, &plans, &setup)
        .await?
    {
        tracing::info!(tournament = %event.id, entrants = entrants.len(), "tournament started");
        Ok(())
    } else {
        Err(not_registering())
    }
}

/// What every game of the event starts with, now: its terms, every seat filled, started.
fn setup(state: &AppState, event: &TournamentRow) -> ApiResult<GameSetup> {
    let terms = Terms {
        variant: event.variant,
        options: event.options.0,
        time_control: event.time_control,
        timeout_policy: event.timeout_policy,
    };
    let now = state.now();
    Ok(GameSetup {
        game: NewGame {
            id: String::new(),
            variant: event.variant,
            options: event.options,
            created_by: event.organiser_id,
            now,
            time_control: event.time_control,
            timeout_policy: event.timeout_policy,
            fen: terms.start_position(state)?,
            seats: Vec::new(),
            rated: event.rated,
            rating_range: RatingRange::default(),
            rematch_of: None,
            chat_spectators: false,
            in_tournament: true,
            start: Start::Now(first_turn(event.time_control, now)),
        },
    })
}

/// The games and byes of rounds to start, seats filled from the entrants (Chatrang teams
/// rotating through the positions, counting the sides they played in `earlier` games).
fn round_plans(
    event: &TournamentRow,
    entrants: &[Entrant],
    earlier: &[EventGameRow],
    pairings: &[Pairings],
) -> ApiResult<Vec<RoundPlan>> {
    let spec = event.variant.spec();
    let mut sides = plan::sides_played(earlier.iter().map(|g| (g.first, g.second)).collect::<Vec<_>>().iter());
    let find = |n: i64| {
        entrants
            .iter()
            .find(|e| e.number == n)
            .ok_or_else(|| ApiError::internal(format!("pairing names entrant {n}, who is not in the event")))
    };
    let bye_points = if event.format.all_at_once() {
        0
    } else {
        event.bye_points
    };
    let mut plans = Vec::with_capacity(pairings.len());
    for round in pairings {
        let mut games = Vec::with_capacity(round.boards.len());
        for (board, &(first, second)) in (1..).zip(&round.boards) {
            let first_before = sides.get(&(first, 0)).copied().unwrap_or(0);
            let second_before = sides.get(&(second, 1)).copied().unwrap_or(0);
            games.push(RoundGame {
                id: random_id(10)?,
                board,
                first,
                second,
                players: plan::seat_players(spec, find(first)?, find(second)?, first_before, second_before),
            });
            *sides.entry((first, 0)).or_insert(0) += 1;
            *sides.entry((second, 1)).or_insert(0) += 1;
        }
        plans.push(RoundPlan {
            round: round.round,
            games,
            byes: round.byes.iter().map(|&n| (n, bye_points)).collect(),
        });
    }
    Ok(plans)
}

/// Round `round` of a Swiss `event`, as the pairing needs it.
fn swiss_round_of(event: &TournamentRow, round: i64) -> plan::SwissRoundOf {
    plan::SwissRoundOf {
        round,
        total_rounds: event.rounds,
        win_halves: u32::from(event.variant.spec().scoring.win.halves()),
    }
}

/// The entrants of a running event, from its numbered players (withdrawn ones included:
/// their games stay in the table).
fn numbered(players: &[EventPlayerRow]) -> Vec<Entrant> {
    let mut entrants: Vec<Entrant> = Vec::new();
    // A team's registering player first (`team_of` names them), as at the start.
    let mut players: Vec<&EventPlayerRow> = players.iter().collect();
    players.sort_by_key(|p| (p.number, p.team_of.is_some_and(|captain| captain != p.user_id)));
    for p in players {
        let Some(number) = p.number else { continue };
        match entrants.iter_mut().find(|e| e.number == number) {
            Some(e) => e.players.push(p.user_id),
            None => entrants.push(Entrant {
                number,
                players: vec![p.user_id],
            }),
        }
    }
    entrants
}

/// Takes a running event's next step if its round is over: pairs the next Swiss round, or
/// finishes the event. Safe to call from anywhere at any time (after each game's end, from
/// the sweeper): the step is guarded by the round, so it happens once, and an event whose
/// round is still being played is left alone. Also starts an event whose start time came.
///
/// # Errors
/// The database fails; a Swiss round cannot be paired (the event then stays as it was).
pub async fn advance(state: &AppState, id: &str) -> ApiResult<()> {
    let Some(event) = state.db.tournament(id).await? else {
        return Ok(());
    };
    match event.status {
        TournamentStatus::Registering => {
            if event.starts_at.is_some_and(|at| at <= state.now())
                && let Err(error) = start_event(state, &event).await
            {
                // Too few entrants at the start time: the organiser decides (start later
                // by hand, or cancel); the sweeper stops asking.
                tracing::info!(tournament = %id, %error, "tournament start time came; not started");
                state.db.clear_tournament_start(id).await?;
            }
            return Ok(());
        }
        TournamentStatus::Running => {}
        TournamentStatus::Finished | TournamentStatus::Cancelled => return Ok(()),
    }
    let games = state.db.tournament_games(id).await?;
    if games.iter().any(|g| !g.status.is_over()) {
        return Ok(());
    }
    let next = if event.round >= event.rounds || event.format.all_at_once() {
        Advance::Finish
    } else {
        let players = state.db.tournament_players(id).await?;
        let entrants = numbered(&players);
        let withdrawn: Vec<i64> = players
            .iter()
            .filter(|p| p.state == PlayerState::Withdrawn)
            .filter_map(|p| p.number)
            .collect();
        // A late team whose partner has not accepted yet waits for a later round.
        let incomplete: Vec<i64> = players
            .iter()
            .filter(|p| p.state == PlayerState::Invited)
            .filter_map(|p| p.number)
            .collect();
        let active: Vec<i64> = entrants
            .iter()
            .map(|e| e.number)
            .filter(|n| !withdrawn.contains(n) && !incomplete.contains(n))
            .collect();
        let byes = state.db.tournament_byes(id).await?;
        let finished: Vec<EventGameRow> = games
            .iter()
            .filter(|g| g.status == GameStatus::Finished)
            .cloned()
            .collect();
        if active.len() < 2 {
            Advance::Finish
        } else {
            match plan::swiss_round(swiss_round_of(&event, event.round + 1), &active, &finished, &byes) {
                Ok(pairings) => Advance::Rounds(round_plans(&event, &entrants, &games, &[pairings])?),
                Err(error) => {
                    // Nobody left who has not met: the event ends early.
                    tracing::warn!(tournament = %id, round = event.round + 1, %error, "no Swiss pairing; finishing");
                    Advance::Finish
                }
            }
        }
    };
    let setup = setup(state, &event)?;
    if state.db.advance_tournament(id, event.round, &next, &setup).await? {
        match next {
            Advance::Finish => tracing::info!(tournament = %id, "tournament finished"),
            Advance::Rounds(_) => tracing::info!(tournament = %id, round = event.round + 1, "tournament round paired"),
        }
    }
    Ok(())
}

/// Advances the events of games that just ended (the outbox worker, after its commit).
pub async fn after_games_ended(state: &AppState, game_ids: &[String]) {
    let mut done: Vec<String> = Vec::new();
    for game_id in game_ids {
        let event = match state.db.tournament_of_game(game_id).await {
            Ok(Some((id, _))) => id,
            Ok(None) => continue,
            Err(error) => {
                tracing::warn!(game = %game_id, %error, "cannot look up the game's tournament");
                continue;
            }
        };
        if done.contains(&event) {
            continue;
        }
        if let Err(error) = advance(state, &event).await {
            // The sweeper's catch-up tries again.
            tracing::warn!(tournament = %event, %error, "tournament advance failed");
        }
        done.push(event);
    }
}

/// The sweeper's catch-up: events whose round is over or whose start time came, in case an
/// instance stopped between a game's end and the advance. Returns how many it looked at.
///
/// # Errors
/// The database fails.
pub async fn advance_due(state: &AppState) -> ApiResult<usize> {
    let due = state.db.tournaments_due(state.now(), 50).await?;
    for (id, _) in &due {
        if let Err(error) = advance(state, id).await {
            tracing::warn!(tournament = %id, %error, "tournament advance failed");
        }
    }
    Ok(due.len())
}
