//! What people do to a tournament, for every front end (the JSON API and the HTML forms):
//! create, enter (late entries to a running Swiss too), invite, leave, start, withdraw,
//! cancel, hand over. Rounds themselves are [`super::rounds`]'s.

use super::plan;
use crate::api::games::clock::TimeoutPolicy;
use crate::api::games::service::{Clock, Terms, forfeit, range_rating, rating_range};
use crate::domain::game_states::{EndReason, OptionIds};
use crate::domain::time_controls::TimeControl;
use crate::domain::tournament_states::{Entry, Format, PlayerState, TieBreakId, TournamentStatus};
use crate::storage::{AddRefused, NewTournament, TournamentRow};
use crate::web::auth::{AuthUser, random_id};
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// Round robins take 3 to 30 entrants; a Swiss 3 to 1,000.
pub const ROUND_ROBIN_ENTRANTS: std::ops::RangeInclusive<i64> = 3..=30;
pub const SWISS_ENTRANTS: std::ops::RangeInclusive<i64> = 3..=1000;
/// A Swiss has 1 to 20 rounds.
pub const SWISS_ROUNDS: std::ops::RangeInclusive<i64> = 1..=20;
/// The longest name and description.
pub const MAX_NAME: usize = 80;
pub const MAX_DESCRIPTION: usize = 2000;
/// The most tournaments a member may organise that are not over (registering or
/// running); administrators have no cap.
pub const MAX_OPEN_EVENTS: i64 = 5;

/// A new event, already parsed from JSON or a form.
#[derive(Debug, Clone, Default)]
pub struct CreateRequest {
    pub name: String,
    pub description: Option<String>,
    pub variant: String,
    pub options: Vec<String>,
    pub format: Option<Format>,
    /// Swiss only.
    pub rounds: Option<i64>,
    pub days_per_move: Option<i64>,
    pub time_control: Option<TimeControl>,
    pub timeout_policy: Option<TimeoutPolicy>,
    pub rated: Option<bool>,
    pub entry: Option<Entry>,
    pub min_entrants: Option<i64>,
    pub max_entrants: Option<i64>,
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    /// A Swiss bye's worth in points: 1 (a win, the default), 0.5 or 0.
    pub bye_points_halves: Option<i64>,
    pub tie_breaks: Option<Vec<TieBreakId>>,
    pub starts_at: Option<i64>,
    /// Whether players may take vacation while the event runs (default yes).
    pub vacation_allowed: Option<bool>,
}

fn bad(code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::bad_request(code, message)
}

/// Creates an event taking entries, organised by `user`.
///
/// # Errors
/// 400 for a bad name, game, option, format, clock, limit, tie-break or start time.
pub async fn create(state: &AppState, user: &AuthUser, request: CreateRequest) -> ApiResult<TournamentRow> {
    let name = request.name.trim().to_owned();
    if name.is_empty() || name.chars().count() > MAX_NAME {
        return Err(bad(
            "invalid_name",
            format!("a tournament needs a name of 1 to {MAX_NAME} characters"),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(bad("invalid_name", "a tournament's name is one line of text"));
    }
    let description = request.description.unwrap_or_default().trim().to_owned();
    if description
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        return Err(bad("invalid_description", "the description holds a control character"));
    }
    if description.chars().count() > MAX_DESCRIPTION {
        return Err(bad(
            "invalid_description",
            format!("the description is longer than {MAX_DESCRIPTION} characters"),
        ));
    }
    let terms = Terms::parse(
        &request.variant,
        &request.options,
        Clock {
            days_per_move: request.days_per_move,
            time_control: request.time_control,
        },
        request.timeout_policy,
    )?;
    let variant = terms.variant;
    let format = request.format.unwrap_or(Format::RoundRobin);
    let limits = if format.all_at_once() {
        ROUND_ROBIN_ENTRANTS
    } else {
        SWISS_ENTRANTS
    };
    let min = request.min_entrants.unwrap_or(*limits.start());
    let max = request
        .max_entrants
        .unwrap_or(if format.all_at_once() { 12 } else { 100 });
    if !limits.contains(&min) || !limits.contains(&max) || min > max {
        return Err(bad(
            "invalid_entrants",
            format!(
                "a {} takes {} to {} entrants, the minimum not above the maximum",
                format.label().to_lowercase(),
                limits.start(),
                limits.end()
            ),
        ));
    }
    let rounds = match (format, request.rounds) {
        (Format::Swiss, Some(r)) if SWISS_ROUNDS.contains(&r) => r,
        (Format::Swiss, None) => 5,
        (Format::Swiss, Some(_)) => {
            return Err(bad(
                "invalid_rounds",
                format!("a Swiss has {} to {} rounds", SWISS_ROUNDS.start(), SWISS_ROUNDS.end()),
            ));
        }
        (_, Some(_)) => {
            return Err(bad(
                "invalid_rounds",
                "a round robin has as many rounds as its field needs: leave rounds out",
            ));
        }
        (_, None) => 0,
    };
    let rating_range = rating_range(request.rating_min, request.rating_max)?;
    let bye_points = request.bye_points_halves.unwrap_or(2);
    if !(0..=2).contains(&bye_points) {
        return Err(bad(
            "invalid_bye_points",
            "a bye is worth 0, ½ or 1 point (0, 1 or 2 half points)",
        ));
    }
    // A bye is worth a share of a win in the game's own points (a Nowan win is 2 points).
    let win = i64::from(variant.spec().scoring.win.halves());
    let bye_points = bye_points * win / 2;
    let tie_breaks = request.tie_breaks.unwrap_or_else(|| TieBreakId::default_for(format));
    let mut seen = Vec::new();
    for tb in &tie_breaks {
        if seen.contains(tb) {
            return Err(bad("invalid_tie_breaks", format!("`{tb}` is named twice")));
        }
        seen.push(*tb);
    }
    let now = state.now();
    if let Some(at) = request.starts_at
        && at <= now
    {
        return Err(bad("invalid_starts_at", "the start time must be in the future"));
    }
    let id = random_id(10)?;
    let cap = (!state.db.is_admin(user.id).await?).then_some(MAX_OPEN_EVENTS);
    let created = state
        .db
        .create_tournament(
            &NewTournament {
                id: id.clone(),
                name,
                description,
                variant,
                options: OptionIds(terms.options),
                format,
                rounds,
                time_control: terms.time_control,
                timeout_policy: terms.timeout_policy,
                rated: request.rated.unwrap_or(true),
                entry: request.entry.unwrap_or(Entry::Open),
                min_entrants: min,
                max_entrants: max,
                rating_range,
                bye_points,
                vacation_allowed: request.vacation_allowed.unwrap_or(true),
                tie_breaks,
                organiser_id: user.id,
                now,
                starts_at: request.starts_at,
            },
            cap,
        )
        .await?;
    if !created {
        return Err(ApiError::conflict(
            "too_many_tournaments",
            format!(
                "you organise {MAX_OPEN_EVENTS} tournaments that are not over, the most a member may: \
                 finish or cancel one first"
            ),
        ));
    }
    tracing::info!(tournament = %id, %variant, %format, organiser = %user.username, "tournament created");
    get(state, &id).await
}

/// One event.
///
/// # Errors
/// 404 unknown event.
pub async fn get(state: &AppState, id: &str) -> ApiResult<TournamentRow> {
    state
        .db
        .tournament(id)
        .await?
        .ok_or_else(|| ApiError::not_found("tournament_not_found", "no such tournament"))
}

/// Whether `user` may run `event`: its organiser, or an administrator.
async fn require_organiser(state: &AppState, user: &AuthUser, event: &TournamentRow) -> ApiResult<()> {
    if event.organiser_id == user.id || state.db.is_admin(user.id).await? {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "not_organiser",
            "only the tournament's organiser or an administrator can do that",
        ))
    }
}

fn refused(why: AddRefused) -> ApiError {
    match why {
        AddRefused::NotRegistering => super::rounds::not_registering(),
        AddRefused::Full => ApiError::conflict("tournament_full", "this tournament has its maximum of entrants"),
        AddRefused::AlreadyIn => ApiError::conflict("already_entered", "that player is already in this tournament"),
    }
}

/// Checks a player's rating in the event's game against its limits.
async fn check_rating(state: &AppState, event: &TournamentRow, user_id: i64) -> ApiResult<()> {
    if event.rating_range.is_open() {
        return Ok(());
    }
    let rating = range_rating(state, user_id, event.variant).await?;
    if event.rating_range.admits(rating) {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "rating_out_of_range",
            format!(
                "this tournament is for players rated {}; yours is {rating}",
                crate::api::games::service::range_text(event.rating_range)
            ),
        ))
    }
}

/// Enters `user` in an event taking entries: registers in an open event, accepts an
/// invitation in an invitation-only one; a running open Swiss with rounds to come takes late
/// entries, paired from its next round. In a Chatrang team event a player registers with a
/// partner (who is invited to the team and registers to accept), or accepts the invitation
/// to a team.
///
/// # Errors
/// 404 unknown event or partner; 403 invitation-only without an invitation, or a rating
/// outside the limits; 400 a partner missing, named in a game without teams, or oneself;
/// 409 not taking entries, full, or already entered.
pub async fn register(state: &AppState, user: &AuthUser, id: &str, partner: Option<&str>) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    let now = state.now();
    let teams = plan::per_entrant(event.variant) > 1;
    if event.status == TournamentStatus::Running && event.format == Format::Swiss {
        return enter_late(state, user, &event, teams, partner).await;
    }
    if event.status != TournamentStatus::Registering {
        return Err(refused(AddRefused::NotRegistering));
    }
    // An invitation (to the event, or to a partner's team) is accepted.
    if state
        .db
        .set_tournament_player_state(id, user.id, PlayerState::Invited, PlayerState::Registered, now)
        .await?
    {
        tracing::info!(tournament = %id, user = %user.username, "tournament invitation accepted");
        return get(state, id).await;
    }
    let entered = state
        .db
        .tournament_players(id)
        .await?
        .iter()
        .any(|p| p.user_id == user.id);
    if entered {
        return Err(refused(AddRefused::AlreadyIn));
    }
    if event.entry == Entry::Invitation {
        return Err(ApiError::forbidden(
            "invitation_only",
            "this tournament takes invited players only",
        ));
    }
    check_rating(state, &event, user.id).await?;
    let per = i64::try_from(plan::per_entrant(event.variant)).unwrap_or(1);
    match team_partner(state, &event, user, teams, partner).await? {
        Some(partner_id) => {
            state
                .db
                .add_tournament_player(id, user.id, PlayerState::Registered, Some(user.id), per, now)
                .await?
                .map_err(refused)?;
            if let Err(why) = state
                .db
                .add_tournament_player(id, partner_id, PlayerState::Invited, Some(user.id), per, now)
                .await?
            {
                // Take the team's first half back: a team enters whole or not at all.
                state.db.remove_tournament_player(id, user.id).await?;
                return Err(refused(why));
            }
        }
        None => {
            state
                .db
                .add_tournament_player(id, user.id, PlayerState::Registered, None, per, now)
                .await?
                .map_err(refused)?;
        }
    }
    tracing::info!(tournament = %id, user = %user.username, "registered for tournament");
    get(state, id).await
}

/// The partner a player names when entering (`None` in events without teams), checked:
/// required in a team event and refused elsewhere, someone else, not blocking the player,
/// and within the event's rating limits.
///
/// # Errors
/// 400 `invalid_partner` or `partner_required`; 404 an unknown partner; 403 a block or a
/// rating outside the limits.
async fn team_partner(
    state: &AppState,
    event: &TournamentRow,
    user: &AuthUser,
    teams: bool,
    partner: Option<&str>,
) -> ApiResult<Option<i64>> {
    match (teams, partner) {
        (false, Some(_)) => Err(bad("invalid_partner", "partners are for Chatrang team events")),
        (true, None) => Err(bad(
            "partner_required",
            "a Chatrang team registers together: name your partner",
        )),
        (true, Some(name)) => {
            let partner_id = crate::api::accounts::user_id_named(state, name).await?;
            if partner_id == user.id {
                return Err(bad("invalid_partner", "your partner must be someone else"));
            }
            crate::api::blocks::check_invite(state, user.id, partner_id).await?;
            check_rating(state, event, partner_id).await?;
            Ok(Some(partner_id))
        }
        (false, None) => Ok(None),
    }
}

/// A late entry to a running Swiss with rounds still to come: a player, or in a Chatrang
/// team event a team (the player names a partner, who accepts the invitation to the team
/// like any other). The entrant is paired from the next round its team is complete for.
async fn enter_late(
    state: &AppState,
    user: &AuthUser,
    event: &TournamentRow,
    teams: bool,
    partner: Option<&str>,
) -> ApiResult<TournamentRow> {
    let now = state.now();
    if teams
        && partner.is_none()
        && state
            .db
            .set_tournament_player_state(&event.id, user.id, PlayerState::Invited, PlayerState::Registered, now)
            .await?
    {
        tracing::info!(tournament = %event.id, user = %user.username, "late team completed");
        return get(state, &event.id).await;
    }
    let partner_id = team_partner(state, event, user, teams, partner).await?;
    if event.entry == Entry::Invitation {
        return Err(ApiError::forbidden(
            "invitation_only",
            "this tournament takes invited players only",
        ));
    }
    check_rating(state, event, user.id).await?;
    let number = state
        .db
        .add_late_player(&event.id, user.id, partner_id, now)
        .await?
        .map_err(|why| match why {
            AddRefused::NotRegistering => {
                ApiError::conflict("not_registering", "the tournament has no rounds left to enter")
            }
            other => refused(other),
        })?;
    tracing::info!(tournament = %event.id, user = %user.username, number, "late entry to a Swiss");
    get(state, &event.id).await
}

/// The organiser invites a player to an event taking entries (any entry policy).
///
/// # Errors
/// 403 not the organiser, or the player blocks the organiser; 404 unknown event or player;
/// 400 a team event (teams invite their partner); 409 not taking entries, full, or entered.
pub async fn invite(state: &AppState, user: &AuthUser, id: &str, username: &str) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    require_organiser(state, user, &event).await?;
    if plan::per_entrant(event.variant) > 1 {
        return Err(bad(
            "teams_register_together",
            "in a team event the teams register together; share the event's link instead",
        ));
    }
    let invitee = crate::api::accounts::user_id_named(state, username).await?;
    crate::api::blocks::check_invite(state, user.id, invitee).await?;
    state
        .db
        .add_tournament_player(id, invitee, PlayerState::Invited, None, 1, state.now())
        .await?
        .map_err(refused)?;
    tracing::info!(tournament = %id, organiser = %user.username, invitee = %username, "tournament invitation");
    get(state, id).await
}

/// Leaves an event that has not started (with one's team, in team events), or declines an
/// invitation to it.
///
/// # Errors
/// 404 unknown event; 409 started, or not entered.
pub async fn leave(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    if event.status != TournamentStatus::Registering {
        return Err(ApiError::conflict(
            "already_started",
            "the tournament has started: withdraw instead (your remaining games are forfeited)",
        ));
    }
    let players = state.db.tournament_players(id).await?;
    let team = players
        .iter()
        .find(|p| p.user_id == user.id)
        .ok_or_else(|| ApiError::conflict("not_entered", "you are not in this tournament"))?
        .team_of
        .unwrap_or(user.id);
    // Leaving a team breaks it: the whole team goes.
    state.db.remove_tournament_player(id, team).await?;
    state.db.remove_tournament_player(id, user.id).await?;
    get(state, id).await
}

/// Starts an event taking entries (its organiser, an administrator, or the sweeper at its
/// start time): numbers the entrants, starts round one (round robins: every round) and drops
/// unanswered invitations.
///
/// # Errors
/// 403 not the organiser; 409 not taking entries, or too few entrants.
pub async fn start(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    require_organiser(state, user, &event).await?;
    super::rounds::start_event(state, &event).await?;
    get(state, id).await
}

/// Withdraws a player (with their team, in team events) from a running event: their
/// unfinished games are forfeited and later rounds pair without them. The player
/// themselves, the organiser or an administrator may do it.
///
/// # Errors
/// 403 someone else's withdrawal; 404 unknown event or player; 409 not running, or the
/// player not registered in it.
pub async fn withdraw(state: &AppState, user: &AuthUser, id: &str, username: Option<&str>) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    let target = match username {
        Some(name) => crate::api::accounts::user_id_named(state, name).await?,
        None => user.id,
    };
    if target != user.id {
        require_organiser(state, user, &event).await?;
    }
    if event.status != TournamentStatus::Running {
        return Err(ApiError::conflict(
            "not_running",
            "only a running tournament has withdrawals; before the start, leave it",
        ));
    }
    let players = state.db.tournament_players(id).await?;
    let number = players
        .iter()
        .find(|p| p.user_id == target && p.state == PlayerState::Registered)
        .and_then(|p| p.number)
        .ok_or_else(|| ApiError::conflict("not_entered", "that player is not playing in this tournament"))?;
    let now = state.now();
    let team: Vec<i64> = players
        .iter()
        .filter(|p| p.number == Some(number))
        .map(|p| p.user_id)
        .collect();
    for member in &team {
        state
            .db
            .set_tournament_player_state(id, *member, PlayerState::Registered, PlayerState::Withdrawn, now)
            .await?;
    }
    for game in state.db.tournament_games(id).await? {
        if !game.status.is_over() && (game.first == number || game.second == number) {
            for member in &team {
                forfeit(state, &game.game_id, *member, EndReason::Withdrawal).await?;
            }
        }
    }
    tracing::info!(tournament = %id, withdrawn = target, by = %user.username, "tournament withdrawal");
    super::rounds::advance(state, id).await?;
    get(state, id).await
}

/// Cancels an event that has not finished; its unfinished games are aborted.
///
/// # Errors
/// 403 not the organiser; 409 already over.
pub async fn cancel(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    require_organiser(state, user, &event).await?;
    if !state.db.cancel_tournament(id, state.now()).await? {
        return Err(ApiError::conflict("tournament_over", "the tournament is already over"));
    }
    for game in state.db.tournament_games(id).await? {
        if !game.status.is_over() {
            state.db.admin_end_game(&game.game_id, state.now(), None, None).await?;
        }
    }
    tracing::info!(tournament = %id, by = %user.username, "tournament cancelled");
    get(state, id).await
}

/// Hands an event to another organiser.
///
/// # Errors
/// 403 not the organiser; 404 unknown event or user.
pub async fn hand_over(state: &AppState, user: &AuthUser, id: &str, username: &str) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    require_organiser(state, user, &event).await?;
    let organiser = crate::api::accounts::user_id_named(state, username).await?;
    state.db.set_tournament_organiser(id, organiser).await?;
    tracing::info!(tournament = %id, by = %user.username, to = %username, "tournament handed over");
    get(state, id).await
}

/// Pauses a player of a running event (`on`), or lets them play again: their vacation,
/// granted by the organiser (as an ICCF director grants leave), stops the clocks of all
/// their games, counts against their yearly allowance, and ends when they move, when the
/// allowance is used up, or when the organiser or they switch it off. The event's own
/// no-vacation rule does not stand in the way of its organiser.
///
/// # Errors
/// 403 not the organiser; 404 unknown event or player; 409 the event not running, the
/// player not playing in it, no vacation left, or another event of theirs allowing none.
pub async fn pause(state: &AppState, user: &AuthUser, id: &str, username: &str, on: bool) -> ApiResult<TournamentRow> {
    let event = get(state, id).await?;
    require_organiser(state, user, &event).await?;
    let target = crate::api::accounts::user_id_named(state, username).await?;
    if event.status != TournamentStatus::Running {
        return Err(ApiError::conflict(
            "not_running",
            "players can be paused only while the tournament runs",
        ));
    }
    let player = state
        .db
        .tournament_players(id)
        .await?
        .into_iter()
        .find(|p| p.user_id == target && p.state == PlayerState::Registered)
        .ok_or_else(|| ApiError::conflict("not_entered", "that player is not playing in this tournament"))?;
    let player = AuthUser {
        id: player.user_id,
        username: player.username,
    };
    if on {
        crate::api::games::vacation::start_granted(state, &player, Some(id)).await?;
    } else {
        crate::api::games::vacation::end(state, player.id, state.now()).await?;
    }
    tracing::info!(tournament = %id, player = %player.username, on, by = %user.username, "tournament pause");
    get(state, id).await
}
