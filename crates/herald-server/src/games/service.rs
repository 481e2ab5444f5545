//! What can be done to a game. Each action is one function shared by every front end
//! (the JSON API now, HTML forms later); handlers only parse input and render output.

use herald_rules::{Options, Outcome, Variant};
use serde_json::json;

use super::clock::TimeoutPolicy;
use super::view::{ClockNow, GameView, SeatChoice, game_view, seat_of, team_of};
use crate::auth::{AuthUser, Credential, random_id};
use crate::clock::DAY_MS;
use crate::error::{ApiError, ApiResult};
use crate::events::{EventKind, NewEvent};
use crate::rules::{GameState, MoveRejection};
use crate::state::AppState;
use crate::storage::{Caller, Finish, GameRow, MoveCommit, NewGame, SeatRow};

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
}

pub use super::timeout::claim;

/// A game loaded with everything needed to act on it.
pub(crate) struct Loaded {
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) row: GameRow,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) moves: Vec<String>,
    pub(crate) engine: Box<dyn GameState>,
}

fn parse_variant(id: &str) -> ApiResult<Variant> {
    id.parse::<Variant>()
        .map_err(|e| ApiError::bad_request("invalid_variant", e.to_string()))
}

fn stored_variant(row: &GameRow) -> ApiResult<(Variant, Options)> {
    let variant: Variant = row
        .variant
        .parse()
        .map_err(|_| ApiError::internal(format!("game {} has unknown variant {}", row.id, row.variant)))?;
    let options = Options::parse(variant, row.options.split(',').filter(|s| !s.is_empty()))
        .map_err(|e| ApiError::internal(format!("game {}: {e}", row.id)))?;
    Ok((variant, options))
}

fn not_found() -> ApiError {
    ApiError::not_found("game_not_found", "no such game")
}

/// Ids are short and alphanumeric; anything else (e.g. a NUL byte, which PostgreSQL
/// refuses in text) cannot name a game.
fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

pub(crate) async fn load(state: &AppState, id: &str) -> ApiResult<Loaded> {
    if !is_game_id(id) {
        return Err(not_found());
    }
    let (row, seats) = state.db.game_with_seats(id).await?.ok_or_else(not_found)?;
    replay(state, row, seats).await
}

/// [`load`], finding out in the same query who `credential` names: one database round
/// trip fewer for the move route. A credential that names nobody is 401, as it would be
/// before the game is looked at.
async fn load_as(state: &AppState, id: &str, credential: &Credential) -> ApiResult<(Loaded, AuthUser)> {
    if !is_game_id(id) {
        credential.resolve(state).await?;
        return Err(not_found());
    }
    let caller = match credential {
        Credential::Token(hash) => Caller::Token(hash),
        Credential::Session(hash) => Caller::Session { hash, now: state.now() },
    };
    let Some((row, seats, who)) = state.db.game_with_seats_as(id, caller).await? else {
        credential.resolve(state).await?;
        return Err(not_found());
    };
    let (user_id, username) = who.ok_or_else(|| credential.unknown())?;
    let user = AuthUser { id: user_id, username };
    Ok((replay(state, row, seats).await?, user))
}

/// The game's engine at its current position: from the cache, or replayed from its moves.
async fn replay(state: &AppState, row: GameRow, seats: Vec<SeatRow>) -> ApiResult<Loaded> {
    let id = row.id.clone();
    let (variant, options) = stored_variant(&row)?;
    let (moves, engine) = match state.positions.get(&id, row.ply) {
        Some(hit) => hit,
        None => {
            let moves = state.db.moves(&id).await?;
            let engine = state
                .rules
                .load(variant, options, &moves)
                .map_err(|e| ApiError::internal(format!("game {id} cannot be replayed: {e}")))?;
            if i64::try_from(moves.len()).ok() == Some(row.ply) {
                state.positions.put(&id, &moves, engine.as_ref());
            }
            (moves, engine)
        }
    };
    Ok(Loaded {
        variant,
        options,
        row,
        seats,
        moves,
        engine,
    })
}

fn view(state: &AppState, game: Loaded, viewer: Option<i64>) -> GameView {
    game_view(
        game.variant,
        &game.row,
        &game.seats,
        game.moves,
        game.engine.as_ref(),
        viewer,
        ClockNow::of(state),
    )
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
                .map(|p| Some(i64::try_from(p).unwrap_or(0)))
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
    let mut seats: Vec<(Option<i64>, Option<i64>)> = vec![(None, None); usize::from(players)];
    if let Some(slot) = seats.get_mut(usize::try_from(my_seat).unwrap_or(0)) {
        slot.0 = Some(user.id);
    }
    if request.invites.len() >= usize::from(players) {
        return Err(ApiError::bad_request(
            "invalid_invite",
            "more invitations than free seats",
        ));
    }
    crate::blocks::check_pending(state, user.id, request.invites.len()).await?;
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
                let s = resolve_seat(variant, Some(&SeatChoice::Index(*s)))?.unwrap_or(0);
                usize::try_from(s).unwrap_or(0)
            }
            // The next free seat after the creator's, in turn order.
            None => (1..usize::from(players))
                .map(|k| (usize::try_from(my_seat).unwrap_or(0) + k) % usize::from(players))
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
    let option_text: Vec<&str> = options.iter().map(|o| o.id()).collect();
    state
        .db
        .create_game(&NewGame {
            id: id.clone(),
            variant: variant.id().to_owned(),
            options: option_text.join(","),
            created_by: user.id,
            now: state.now(),
            days_per_move: days,
            timeout_policy: request.timeout_policy.unwrap_or_default().as_str().to_owned(),
            fen: engine.fen(),
            seats,
        })
        .await?;
    tracing::info!(game = %id, %variant, user = %user.username, "game created");
    Ok(view(state, load(state, &id).await?, Some(user.id)))
}

/// The game object, as seen by `viewer`.
///
/// # Errors
/// 404 for an unknown game.
pub async fn get(state: &AppState, id: &str, viewer: Option<i64>) -> ApiResult<GameView> {
    Ok(view(state, load(state, id).await?, viewer))
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
            state.hub.committed();
            tracing::info!(game = %id, user = %user.username, seat = joined.seat, started = joined.started, "joined");
            get(state, id, Some(uid)).await
        }
    }
}

/// A move request, already parsed.
#[derive(Debug, Clone)]
pub struct MoveRequest {
    pub text: String,
    /// The ply the client believes the game is at; a mismatch is a 409.
    pub ply: Option<i64>,
}

pub(crate) fn result_text(outcome: Option<u8>) -> String {
    match outcome {
        Some(0) => "1-0".to_owned(),
        Some(_) => "0-1".to_owned(),
        None => "1/2-1/2".to_owned(),
    }
}

pub(crate) fn finish_for(outcome: Outcome) -> Finish {
    Finish {
        status: "finished",
        winner_team: outcome.winner().map(i64::from),
        result: Some(result_text(outcome.winner())),
        reason: Some(outcome.reason().id().to_owned()),
    }
}

pub(crate) fn require_status(row: &GameRow) -> ApiResult<()> {
    match row.status.as_str() {
        "active" => Ok(()),
        "waiting" => Err(ApiError::conflict(
            "game_not_started",
            "the game is waiting for players",
        )),
        _ => Err(ApiError::conflict("game_over", "the game is over")),
    }
}

pub(crate) fn require_seat(game: &Loaded, user: &AuthUser) -> ApiResult<u8> {
    seat_of(&game.seats, Some(user.id))
        .ok_or_else(|| ApiError::forbidden("not_a_player", "you do not play in this game"))
}

/// Plays a move: the one code path for every front end.
///
/// Checks seat, status, the optional ply guard, turn and legality, then commits the move
/// and the new state in one transaction before answering. Of two submissions for the same
/// ply exactly one commits; the other gets 409.
///
/// # Errors
/// 403 not a player / not your turn; 409 stale ply, conflict, duplicate, game over;
/// 400 malformed move; 422 illegal move.
pub async fn play_move(state: &AppState, user: &AuthUser, id: &str, request: MoveRequest) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    play_loaded(state, user, game, request).await
}

/// [`play_move`] for the API, which knows the caller only by a credential: it is
/// resolved in the query that reads the game.
///
/// # Errors
/// As [`play_move`]; 401 when the credential names nobody.
pub async fn play_move_as(
    state: &AppState,
    credential: &Credential,
    id: &str,
    request: MoveRequest,
) -> ApiResult<GameView> {
    let (game, user) = load_as(state, id, credential).await?;
    play_loaded(state, &user, game, request).await
}

async fn play_loaded(state: &AppState, user: &AuthUser, mut game: Loaded, request: MoveRequest) -> ApiResult<GameView> {
    let seat = require_seat(&game, user)?;
    require_status(&game.row)?;
    if let Some(ply) = request.ply
        && ply != game.row.ply
    {
        return Err(ApiError::conflict(
            "stale_ply",
            format!("the game is at ply {}, not {ply}: reload it", game.row.ply),
        ));
    }
    if i64::try_from(game.moves.len()).ok() != Some(game.row.ply) {
        // A move landed between our two reads.
        return Err(ApiError::conflict(
            "conflict",
            "the game changed while the move was checked: retry",
        ));
    }
    if game.engine.turn() == seat
        && let Some(how) = super::timeout::overdue(state, &game)
    {
        // Past the point where the server ends the game itself: it ends now, not later.
        super::timeout::time_out(state, &game, how).await?;
        return Err(ApiError::conflict(
            "out_of_time",
            "your time ran out before this move: the game is over",
        ));
    }
    let mut engine = game.engine.boxed_clone();
    if engine.turn() != seat {
        let last_is_same = game.moves.last().is_some_and(|m| *m == request.text.trim());
        return Err(if last_is_same {
            ApiError::conflict("duplicate_move", "this move was already played")
        } else {
            ApiError::forbidden("not_your_turn", "it is not your turn")
        });
    }
    let text = match engine.play(request.text.trim()) {
        Ok(text) => text,
        Err(MoveRejection::Syntax(message)) => return Err(ApiError::bad_request("bad_move", message)),
        Err(MoveRejection::Illegal { code, message }) => {
            return Err(ApiError::IllegalMove { reason: code, message });
        }
    };
    let now = state.now();
    let outcome = engine.outcome();
    let finish = outcome.map(finish_for);
    let move_by = if finish.is_some() {
        None
    } else {
        Some(now + game.row.days_per_move * DAY_MS)
    };
    // A move keeps only the mover's own draw offer: it declines the others'.
    let draw_offers = game.row.draw_offers & (1_i64 << seat);
    let fen = engine.fen();
    let mut events = vec![NewEvent::new(
        EventKind::Move,
        json!({ "ply": game.row.ply + 1, "seat": seat, "move": text, "fen": fen, "turn": engine.turn(),
                "move_by": move_by }),
    )];
    events.extend(finish.as_ref().map(Finish::event));
    let commit = MoveCommit {
        game_id: game.row.id.clone(),
        ply: game.row.ply,
        seat: i64::from(seat),
        text: text.clone(),
        now,
        next_turn: i64::from(engine.turn()),
        fen,
        move_by,
        draw_offers,
        finish: finish.clone(),
        events,
    };
    let Some(committed) = state.db.commit_move(&commit).await? else {
        return Err(ApiError::conflict(
            "conflict",
            "another move was played first: reload the game",
        ));
    };
    state.hub.move_committed(&commit.game_id, committed);
    crate::telemetry::move_accepted(game.variant.id());
    // Answer from what was just committed, without reading it back.
    let row = &mut game.row;
    row.ply += 1;
    row.version += 1;
    row.turn = commit.next_turn;
    row.fen = commit.fen;
    row.move_by = move_by;
    row.updated_at = now;
    row.draw_offers = draw_offers;
    row.claimable_since = None;
    row.paused_ms = None;
    row.sweep_at = move_by.map(|m| super::clock::warn_at(m, row.days_per_move));
    if let Some(f) = finish {
        row.status = f.status.to_owned();
        row.winner_team = f.winner_team;
        row.result = f.result;
        row.reason = f.reason;
        row.finished_at = Some(now);
    }
    game.moves.push(text);
    state.positions.put(&game.row.id, &game.moves, engine.as_ref());
    // Moving ends the mover's vacation (the move itself is committed whatever happens here).
    if game
        .seats
        .iter()
        .any(|s| s.user_id == Some(user.id) && s.vacation_since.is_some())
    {
        match crate::vacation::end(state, user.id, now).await {
            Ok(_) => {
                for s in game.seats.iter_mut().filter(|s| s.user_id == Some(user.id)) {
                    s.vacation_since = None;
                    s.vacation_until = None;
                }
            }
            Err(e) => tracing::warn!(user = %user.username, error = %e, "could not end the vacation after a move"),
        }
    }
    Ok(game_view(
        game.variant,
        &game.row,
        &game.seats,
        game.moves,
        engine.as_ref(),
        Some(user.id),
        ClockNow::of(state),
    ))
}

async fn finish_checked(state: &AppState, game: &Loaded, finish: Finish) -> ApiResult<()> {
    if state
        .db
        .finish_game(&game.row.id, game.row.version, &finish, state.now(), &[])
        .await?
    {
        state.hub.committed();
        Ok(())
    } else {
        Err(ApiError::conflict("conflict", "the game changed meanwhile: reload it"))
    }
}

/// Resigns. In two-player games the caller's side loses. In Chatrang the caller leaves
/// (a `withdraw:N` record entry) and the partner plays on; the game ends when the rules say
/// so, e.g. when both players of a team are out.
///
/// # Errors
/// 403 not a player or already out; 409 not active or changed meanwhile.
pub async fn resign(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    let seat = require_seat(&game, user)?;
    require_status(&game.row)?;
    if game.engine.eliminated().contains(&seat) {
        return Err(ApiError::forbidden("eliminated", "you are out of this game"));
    }
    let mut engine = game.engine.boxed_clone();
    match engine.withdraw(seat) {
        Some(Err(message)) => return Err(ApiError::conflict("cannot_resign", message)),
        Some(Ok(entry)) => {
            let now = state.now();
            let finish = engine.outcome().map(|outcome| Finish {
                reason: Some("resignation".to_owned()),
                ..finish_for(outcome)
            });
            let turn_changed = i64::from(engine.turn()) != game.row.turn;
            let move_by = if finish.is_some() {
                None
            } else if turn_changed {
                Some(now + game.row.days_per_move * DAY_MS)
            } else {
                game.row.move_by
            };
            let fen = engine.fen();
            let mut events = vec![NewEvent::new(
                EventKind::Resigned,
                json!({ "ply": game.row.ply + 1, "seat": seat, "move": entry, "fen": fen, "turn": engine.turn(),
                        "move_by": move_by }),
            )];
            events.extend(finish.as_ref().map(Finish::event));
            let commit = MoveCommit {
                game_id: game.row.id.clone(),
                ply: game.row.ply,
                seat: i64::from(seat),
                text: entry,
                now,
                next_turn: i64::from(engine.turn()),
                fen,
                move_by,
                draw_offers: 0,
                finish,
                events,
            };
            let Some(committed) = state.db.commit_move(&commit).await? else {
                return Err(ApiError::conflict("conflict", "the game changed meanwhile: reload it"));
            };
            state.hub.move_committed(&commit.game_id, committed);
        }
        None => {
            let loser = team_of(game.variant, seat);
            let winner = 1 - loser;
            finish_checked(
                state,
                &game,
                Finish {
                    status: "finished",
                    winner_team: Some(i64::from(winner)),
                    result: Some(result_text(Some(winner))),
                    reason: Some("resignation".to_owned()),
                },
            )
            .await?;
        }
    }
    get(state, id, Some(user.id)).await
}

/// A draw action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
}

/// The event for a draw action that does not end the game.
fn draw_event(action: DrawAction, seat: u8, offers: i64) -> NewEvent {
    let kind = match action {
        DrawAction::Decline => EventKind::DrawDeclined,
        DrawAction::Offer | DrawAction::Accept => EventKind::DrawOffered,
    };
    NewEvent::new(kind, json!({ "seat": seat, "offers": offers }))
}

/// Offers, accepts or declines a draw. The game is drawn once every player still in the
/// game agrees (in Chatrang, all non-eliminated players).
///
/// # Errors
/// 403 not a player; 409 not active, no offer to answer, or changed meanwhile.
pub async fn draw(state: &AppState, user: &AuthUser, id: &str, action: DrawAction) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    let seat = require_seat(&game, user)?;
    require_status(&game.row)?;
    let eliminated = game.engine.eliminated();
    if eliminated.contains(&seat) {
        return Err(ApiError::forbidden("eliminated", "you are out of this game"));
    }
    let mine = 1_i64 << seat;
    // Every player still in the game must agree (eliminated Chatrang players have no say).
    let all = (0..game.variant.players())
        .filter(|p| !eliminated.contains(p))
        .fold(0_i64, |mask, p| mask | (1_i64 << p));
    let current = game.row.draw_offers;
    let others_offered = current & !mine != 0;
    let next = match action {
        DrawAction::Offer => current | mine,
        DrawAction::Accept if others_offered => current | mine,
        DrawAction::Decline if others_offered => 0,
        DrawAction::Accept | DrawAction::Decline => {
            return Err(ApiError::conflict("no_draw_offer", "there is no draw offer to answer"));
        }
    };
    if next & all == all {
        finish_checked(
            state,
            &game,
            Finish {
                status: "finished",
                winner_team: None,
                result: Some(result_text(None)),
                reason: Some("draw_agreed".to_owned()),
            },
        )
        .await?;
    } else if next != current
        && !state
            .db
            .set_draw_offers(
                &game.row.id,
                game.row.version,
                next,
                state.now(),
                &draw_event(action, seat, next),
            )
            .await?
    {
        return Err(ApiError::conflict("conflict", "the game changed meanwhile: reload it"));
    }
    // Wakes the SQLite tailer now (PostgreSQL's trigger NOTIFYs by itself).
    state.hub.committed();
    get(state, id, Some(user.id)).await
}

/// Aborts a game before its first move: any seated or invited player may (for an
/// invitee this declines the invitation). An aborted game has no result.
///
/// # Errors
/// 403 not in the game; 409 moves already played, game over, or changed meanwhile.
pub async fn abort(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    let involved = game
        .seats
        .iter()
        .any(|s| s.user_id == Some(user.id) || (s.user_id.is_none() && s.invited_user_id == Some(user.id)));
    if !involved {
        return Err(ApiError::forbidden("not_a_player", "you do not play in this game"));
    }
    match game.row.status.as_str() {
        "waiting" | "active" if game.row.ply == 0 => {}
        "waiting" | "active" => {
            return Err(ApiError::conflict(
                "too_late_to_abort",
                "moves were played: resign instead",
            ));
        }
        _ => return Err(ApiError::conflict("game_over", "the game is over")),
    }
    finish_checked(
        state,
        &game,
        Finish {
            status: "aborted",
            winner_team: None,
            result: None,
            reason: Some("aborted".to_owned()),
        },
    )
    .await?;
    get(state, id, Some(user.id)).await
}

/// Everything an export needs: the stored game, seats and timed moves.
#[derive(Debug)]
pub struct Record {
    pub variant: Variant,
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub initial_fen: String,
    /// (move, seat, played_at)
    pub moves: Vec<(String, i64, i64)>,
}

/// Loads a game for export.
///
/// # Errors
/// 404 unknown game.
pub async fn record(state: &AppState, id: &str) -> ApiResult<Record> {
    let game = load(state, id).await?;
    let start = state
        .rules
        .load(game.variant, game.options, &[])
        .map_err(|e| ApiError::internal(e.to_string()))?;
    let moves = state.db.move_times(id).await?;
    Ok(Record {
        variant: game.variant,
        row: game.row,
        seats: game.seats,
        initial_fen: start.fen(),
        moves,
    })
}
