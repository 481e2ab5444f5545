//! Playing a move: the one code path for every front end, from the checks (seat, status,
//! ply guard, time, turn, legality) to the guarded commit and the answer built from it.

use super::clock::{after_move, turn_deadline};
use super::commit::{TurnEnd, every_seat_moved, finish_for, require_seat, require_status};
use super::load::{Loaded, load, load_as};
use super::view::{ClockNow, GameView, game_view};
use crate::domain::events::EventKind;
use crate::domain::rules::MoveRejection;
use crate::storage::{Commit, NewChat};
use crate::web::auth::{AuthUser, Credential};
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// A move request, already parsed.
#[derive(Debug, Clone)]
pub struct MoveRequest {
    pub text: String,
    /// The ply the client believes the game is at; a mismatch is a 409.
    pub ply: Option<i64>,
    /// A chat message sent with the move.
    pub message: Option<String>,
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
    crate::infra::timing::mark("read");
    // The credential was resolved inside the game's read, not by `identify`.
    state.db.seen(user.id, state.now());
    play_loaded(state, &user, game, request).await
}

async fn play_loaded(state: &AppState, user: &AuthUser, game: Loaded, request: MoveRequest) -> ApiResult<GameView> {
    let mut game = game;
    // A bad message refuses the move before anything is written.
    let message = match &request.message {
        Some(text) => Some(super::chat::check_move_message(state, user, text).await?),
        None => None,
    };
    // A move fails to commit when another move came first (409), or when conditional
    // lines were saved or changed since the game was read: then it is played again on the
    // game as it is now, which has not moved on.
    for attempt in 0..3 {
        let (id, ply) = (game.row.id.clone(), game.row.ply);
        if let Attempt::Played(view) = try_play(state, user, game, &request, message.as_deref()).await? {
            return Ok(*view);
        }
        if attempt == 2 {
            break;
        }
        game = load(state, &id).await?;
        if game.row.ply != ply {
            break;
        }
    }
    Err(ApiError::conflict(
        "conflict",
        "another move was played first: reload the game",
    ))
}

/// What one attempt at a move did.
enum Attempt {
    Played(Box<GameView>),
    /// Nothing was written: the game or its conditional lines changed since it was read.
    NotCommitted,
}

async fn try_play(
    state: &AppState,
    user: &AuthUser,
    mut game: Loaded,
    request: &MoveRequest,
    message: Option<&str>,
) -> ApiResult<Attempt> {
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
    let finish = engine.outcome().map(finish_for);
    let clocks = after_move(&game.row, &game.seats, seat, now);
    let control = game.row.time_control;
    let turn = TurnEnd {
        seat,
        entry: text,
        fen: engine.fen(),
        turn: engine.turn(),
        move_by: finish
            .is_none()
            .then(|| turn_deadline(control, clocks.as_ref().unwrap_or(&game.row.clocks), engine.turn(), now)),
        clocks,
        // A move keeps only the mover's own draw offer: it declines the others'.
        draw_offers: game.row.draw_offers & (1_i64 << seat.get()),
        every_seat_moved: every_seat_moved(game.variant, &*engine, game.row.ply + 1),
        finish,
    };
    let lead = turn.event(EventKind::Move, &game.row);
    let first = turn.commit(&game.row, &game.seats, now, lead);
    let update = super::conditionals::follow(&game, &mut engine, first);
    // A message sent with the move is on the game's conversation, attached to the move.
    let readers = match message {
        Some(_) => super::chat::readers(state, game.variant.spec(), &game.row.id, &game.seats, 0, user.id),
        None => Vec::new(),
    };
    let chat = message.map(|body| NewChat {
        game_id: &game.row.id,
        channel: 0,
        seat,
        user_id: user.id,
        ply: Some(game.row.ply + 1),
        body,
        now,
        readers: &readers,
    });
    crate::infra::timing::mark("rules");
    let limit = super::chat::limit(now);
    let rating_changes = match state
        .db
        .commit_update(&update, chat.as_ref().map(|c| (c, limit)))
        .await?
    {
        Commit::Written(changes) => changes,
        Commit::Stale => return Ok(Attempt::NotCommitted),
        Commit::OverChatLimit => return Err(ApiError::RateLimited),
    };
    crate::web::telemetry::move_accepted(game.variant.id());
    // Answer from what was just committed, without reading it back.
    update.apply_to(&mut game.row);
    game.moves.extend(update.entries.into_iter().map(|e| e.text));
    state
        .positions
        .put(&game.row.id, game.row.version, &game.moves, engine.as_ref());
    // Moving ends the mover's vacation (the move itself is committed whatever happens here).
    if game
        .seats
        .iter()
        .any(|s| s.user_id == Some(user.id) && s.vacation_since.is_some())
    {
        match super::vacation::end(state, user.id, now).await {
            Ok(_) => {
                for s in game.seats.iter_mut().filter(|s| s.user_id == Some(user.id)) {
                    s.vacation_since = None;
                    s.vacation_until = None;
                }
            }
            Err(e) => tracing::warn!(user = %user.username, error = %e, "could not end the vacation after a move"),
        }
    }
    let view = game_view(
        game.variant,
        &game.row,
        &game.seats,
        game.moves,
        engine.as_ref(),
        Some(user.id),
        ClockNow::of(state),
    );
    // Nothing to read back: the ratings came with the seats or from the commit, and a game
    // this move just ended has no rematch yet.
    Ok(Attempt::Played(Box::new(super::load::with_ratings(
        view,
        &rating_changes,
    ))))
}
