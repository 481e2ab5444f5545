//! Starting games: creating one with the creator seated and the other seats invited or
//! open, and joining a waiting game (the last seat filled starts it).

use herald_rules::{Options, Variant};

use super::clock::TimeoutPolicy;
use super::load::{get, load, view};
use super::view::{GameView, SeatChoice};
use crate::auth::{AuthUser, random_id};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::states::OptionIds;
use crate::storage::{NewGame, SeatRow};

/// Default and bounds of the correspondence clock.
pub const DEFAULT_DAYS_PER_MOVE: i64 = 4;
pub const MAX_DAYS_PER_MOVE: i64 = 14;

/// A game request, already parsed from JSON or a form.
#[derive(Debug, Clone, Default)]
pub struct CreateRequest {
    pub variant: String,
    pub options: Vec<String>,
    pub days_per_move: Option<i64>,
    /// What happens at a deadline (default `claim`).
    pub timeout_policy: Option<TimeoutPolicy>,
    pub seat: Option<SeatChoice>,
    /// Invitations: (seat or `None` for "the next free seat", username).
    pub invites: Vec<(Option<i64>, String)>,
    /// Rated (the default) or casual.
    pub rated: Option<bool>,
}

fn parse_variant(id: &str) -> ApiResult<Variant> {
    id.parse::<Variant>()
        .map_err(|e| ApiError::bad_request("invalid_variant", e.to_string()))
}

/// Resolves a seat choice for a variant (`None`: no preference).
fn resolve_seat(variant: Variant, choice: Option<&SeatChoice>) -> ApiResult<Option<i64>> {
    let seats = i64::from(variant.players());
    let bad = || {
        ApiError::bad_request(
            "invalid_seat",
            format!(
                "seat must be 0..{} or one of: {}, random",
                seats - 1,
                variant.seat_names().join(", ").to_lowercase()
            ),
        )
    };
    match choice {
        None => Ok(None),
        Some(SeatChoice::Index(i)) if (0..seats).contains(i) => Ok(Some(*i)),
        Some(SeatChoice::Index(_)) => Err(bad()),
        Some(SeatChoice::Name(name)) => {
            let name = name.trim().to_lowercase();
            if name == "random" {
                return Ok(None);
            }
            variant
                .seat_names()
                .iter()
                .position(|n| n.to_lowercase() == name)
                .and_then(|p| i64::try_from(p).ok())
                .map(Some)
                .ok_or_else(bad)
        }
    }
}

fn random_seat(players: u8) -> ApiResult<i64> {
    let mut byte = [0_u8; 1];
    getrandom::fill(&mut byte).map_err(|e| ApiError::internal(format!("random source failed: {e}")))?;
    Ok(i64::from(byte[0] % players.max(1)))
}

/// Creates a game with the creator seated; the other seats are invited or open.
///
/// # Errors
/// 400 for a bad variant, option, clock or seat; 404 for an unknown invitee.
pub async fn create(state: &AppState, user: &AuthUser, request: CreateRequest) -> ApiResult<GameView> {
    let variant = parse_variant(&request.variant)?;
    let options = Options::parse(variant, request.options.iter().map(String::as_str))
        .map_err(|e| ApiError::bad_request("invalid_option", e.to_string()))?;
    let days = request.days_per_move.unwrap_or(DEFAULT_DAYS_PER_MOVE);
    if !(1..=MAX_DAYS_PER_MOVE).contains(&days) {
        return Err(ApiError::bad_request(
            "invalid_days_per_move",
            format!("days_per_move must be 1 to {MAX_DAYS_PER_MOVE}"),
        ));
    }
    let players = variant.players();
    let my_seat = match resolve_seat(variant, request.seat.as_ref())? {
        Some(seat) => seat,
        None => random_seat(players)?,
    };
    let no_seat = || ApiError::bad_request("invalid_seat", "no such seat");
    let my_index = usize::try_from(my_seat).map_err(|_| no_seat())?;
    let mut seats: Vec<(Option<i64>, Option<i64>)> = vec![(None, None); usize::from(players)];
    seats.get_mut(my_index).ok_or_else(no_seat)?.0 = Some(user.id);
    if request.invites.len() >= usize::from(players) {
        return Err(ApiError::bad_request(
            "invalid_invite",
            "more invitations than free seats",
        ));
    }
    for (seat, username) in &request.invites {
        let key = crate::accounts::validate_username(username)
            .map_err(|_| ApiError::not_found("user_not_found", format!("no user `{}`", username.escape_debug())))?;
        let invitee = state
            .db
            .user_id_by_key(&key)
            .await?
            .ok_or_else(|| ApiError::not_found("user_not_found", format!("no user `{username}`")))?;
        if invitee == user.id {
            return Err(ApiError::bad_request("invalid_invite", "you cannot invite yourself"));
        }
        crate::blocks::check_invite(state, user.id, invitee).await?;
        if seats.iter().any(|(_, i)| *i == Some(invitee)) {
            return Err(ApiError::bad_request(
                "invalid_invite",
                format!("`{username}` is invited twice"),
            ));
        }
        let index = match seat {
            Some(s) => {
                let s = resolve_seat(variant, Some(&SeatChoice::Index(*s)))?.ok_or_else(no_seat)?;
                usize::try_from(s).map_err(|_| no_seat())?
            }
            // The next free seat after the creator's, in turn order.
            None => (1..usize::from(players))
                .map(|k| (my_index + k) % usize::from(players))
                .find(|i| seats.get(*i).is_some_and(|(u, inv)| u.is_none() && inv.is_none()))
                .ok_or_else(|| ApiError::bad_request("invalid_invite", "no free seat for the invitation"))?,
        };
        match seats.get_mut(index) {
            Some(slot) if slot.0.is_none() && slot.1.is_none() => slot.1 = Some(invitee),
            _ => return Err(ApiError::bad_request("invalid_invite", "that seat is not free")),
        }
    }
    let engine = state
        .rules
        .load(variant, options, &[])
        .map_err(|e| ApiError::internal(format!("cannot start a {variant} game: {e}")))?;
    let id = random_id(10)?;
    state
        .db
        .create_game(
            &NewGame {
                id: id.clone(),
                variant,
                options: OptionIds(options),
                created_by: user.id,
                now: state.now(),
                days_per_move: days,
                timeout_policy: request.timeout_policy.unwrap_or_default(),
                fen: engine.fen(),
                seats,
                rated: request.rated.unwrap_or(true),
            },
            crate::blocks::MAX_PENDING_INVITATIONS,
        )
        .await?
        .map_err(|cap| crate::blocks::too_many_invitations(cap.pending))?;
    tracing::info!(game = %id, %variant, user = %user.username, "game created");
    Ok(view(state, load(state, &id).await?, Some(user.id)))
}

/// Takes a seat in a waiting game (an open seat, or the one the caller is invited to).
/// The game starts when its last seat is filled; its first deadline starts then.
///
/// # Errors
/// 404 unknown game; 409 not waiting, already seated, seat taken or no open seat;
/// 403 the seat is reserved for someone else.
pub async fn join(state: &AppState, user: &AuthUser, id: &str, seat: Option<&SeatChoice>) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    let requested = resolve_seat(game.variant, seat)?;
    let uid = user.id;
    let choose = |seats: &[SeatRow]| -> ApiResult<i64> {
        if seats.iter().any(|s| s.user_id == Some(uid)) {
            return Err(ApiError::conflict("already_seated", "you already play in this game"));
        }
        if let Some(mine) = seats
            .iter()
            .find(|s| s.invited_user_id == Some(uid) && s.user_id.is_none())
        {
            return Ok(mine.seat);
        }
        match requested {
            Some(r) => {
                let s = seats
                    .iter()
                    .find(|s| s.seat == r)
                    .ok_or_else(|| ApiError::bad_request("invalid_seat", "no such seat"))?;
                if s.user_id.is_some() {
                    Err(ApiError::conflict("seat_taken", "that seat is taken"))
                } else if s.invited_user_id.is_some() {
                    Err(ApiError::forbidden(
                        "seat_reserved",
                        "that seat is reserved for an invited player",
                    ))
                } else {
                    Ok(r)
                }
            }
            None => seats
                .iter()
                .find(|s| s.user_id.is_none() && s.invited_user_id.is_none())
                .map(|s| s.seat)
                .ok_or_else(|| ApiError::conflict("no_open_seat", "no open seat in this game")),
        }
    };
    match state.db.join(id, uid, state.now(), choose).await? {
        None => Err(ApiError::conflict(
            "game_not_waiting",
            "this game is not waiting for players",
        )),
        Some(Err(e)) => Err(e),
        Some(Ok(joined)) => {
            tracing::info!(game = %id, user = %user.username, seat = joined.seat, started = joined.started, "joined");
            get(state, id, Some(uid)).await
        }
    }
}
