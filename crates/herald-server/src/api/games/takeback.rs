//! Takebacks in casual games: a player asks to take back their own move while it is still
//! the game's last entry, the player to move accepts or declines, the asker may withdraw.
//! Who may do what is the rule of [`super::actions`]; every change is one [`GameUpdate`]
//! written by the game's one write path, guarded by the version the decision was made on,
//! so of an accept and a move (or two accepts) exactly one applies. The API under
//! `/games/{id}/takeback`.
//!
//! Accepting removes the entry: the position, ply, turn and everything the rules derive
//! (check counters, zones, eliminations) come from replaying the remaining moves through
//! the rules crate; the asker gets a fresh deadline (the game's days per move from the
//! moment of acceptance, as if the move before had just been played); standing draw offers
//! lapse (they were made on a position that is gone); conditional lines rooted after the
//! removed move are dropped with a notice, every user's notes on the position after it and
//! saved variations branching from it are removed. The event log keeps the whole history.
//!
//! A bot answering a request accepts it at once, in the request that asked: a newcomer
//! learning against a bot wants takebacks, and answering here needs no second look-up by
//! the bot worker (which only looks for games where it is the bot's move).

use axum::extract::State;
use herald_rules::Player;
use serde_json::json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::actions::Action;
use super::clock::{seat_window_ms, warn_at};
use super::commit::require_seat;
use super::conditional_tree::Tree;
use super::load::{Loaded, get, load};
use super::view::GameView;
use crate::domain::events::{EventKind, NewEvent};
use crate::storage::{
    Entry, Expect, GameUpdate, LinesGuard, LinesWrite, NextTurn, TakebackChange, TakebackRequest, VariationsWrite,
};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The notice left on conditional lines a takeback dropped.
pub const LINES_DROPPED: &str = "Your conditional moves were dropped: the move they followed was taken back.";

/// A change decided on the game as loaded: it applies only while the game is still at that
/// ply and version.
fn change_of(game: &Loaded, now: i64) -> GameUpdate {
    let expect = Expect {
        ply: Some(game.row.ply),
        version: Some(game.row.version),
        waiting: false,
    };
    GameUpdate::new(&game.row.id, now, expect)
}

fn changed() -> ApiError {
    ApiError::conflict("conflict", "the game changed meanwhile: reload it")
}

/// The row and the moves read for the game must be of one position (a move or a takeback
/// between the two reads is answered as a change).
fn consistent(game: &Loaded) -> ApiResult<()> {
    if i64::try_from(game.moves.len()).ok() == Some(game.row.ply) {
        Ok(())
    } else {
        Err(changed())
    }
}

/// Writes `update`, or 409 `conflict` when the game moved on since it was loaded.
async fn commit(state: &AppState, update: &GameUpdate) -> ApiResult<()> {
    if state.db.commit_change(update).await? {
        Ok(())
    } else {
        Err(changed())
    }
}

/// Asks to take back the caller's move, the game's last entry. A bot to answer accepts at
/// once.
///
/// # Errors
/// As [`super::actions::check`] for [`Action::AskTakeback`]; 409 `conflict` if the game
/// changed meanwhile.
pub async fn ask(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    game.check(state, user, Action::AskTakeback)?;
    let seat = require_seat(&game, user)?;
    consistent(&game)?;
    let answer = game.engine.turn();
    let mut update = change_of(&game, state.now());
    update.takeback = Some(TakebackChange::Ask(TakebackRequest {
        seat,
        ply: game.row.ply,
    }));
    update.events.push(NewEvent::new(
        EventKind::TakebackOffered,
        json!({ "seat": seat, "ply": game.row.ply, "answer": answer, "move": game.moves.last() }),
    ));
    commit(state, &update).await?;
    if let Some(bot) = bot_at(&game, answer) {
        // The request stands if the bot's answer fails (the game moved on meanwhile): it is
        // answered like any other then.
        if let Err(error) = accept(state, &bot, id).await {
            tracing::warn!(game = id, error = %error, "a bot could not accept a takeback");
        }
    }
    get(state, id, Some(user.id)).await
}

/// The bot account sitting at `seat`, if a bot sits there.
fn bot_at(game: &Loaded, seat: Player) -> Option<AuthUser> {
    let s = game.seats.iter().find(|s| s.seat == seat && s.is_bot != 0)?;
    Some(AuthUser {
        id: s.user_id?,
        username: s.username.clone()?,
    })
}

/// Accepts the pending request: the asker's move is taken back.
///
/// # Errors
/// As [`super::actions::check`] for [`Action::AcceptTakeback`]; 409 `conflict` if the game
/// (or a user's saved variations) changed meanwhile.
pub async fn accept(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    game.check(state, user, Action::AcceptTakeback)?;
    let by = require_seat(&game, user)?;
    consistent(&game)?;
    let (Some(request), Some(taken)) = (game.row.takeback, game.moves.last().cloned()) else {
        return Err(changed());
    };
    if request.ply != game.row.ply {
        return Err(changed());
    }
    let kept = &game.moves[..game.moves.len() - 1];
    let new_ply = game.row.ply - 1;
    // The position and everything derived from it come from the remaining record.
    let engine = state
        .rules
        .load(game.variant, game.options, kept)
        .map_err(|e| ApiError::internal_while(format!("replaying game {id} for a takeback"), e))?;
    let now = state.now();
    // Time spent is not given back: the turn starts anew with the seat's bank as it is.
    let turn = engine.turn();
    let window = seat_window_ms(game.row.time_control, &game.row.clocks, turn);
    let move_by = now.saturating_add(window);
    let mut update = change_of(&game, now);
    update.removed.push(Entry {
        ply: new_ply,
        seat: request.seat,
        text: taken.clone(),
    });
    update.next = Some(NextTurn {
        turn,
        fen: engine.fen(),
        move_by: Some(move_by),
        sweep_at: Some(warn_at(move_by, window)),
        clocks: None,
    });
    update.takeback = Some(TakebackChange::Clear);
    // A draw offer was made on a position that is gone.
    update.draw_offers = Some(0);
    drop_lines(&game, new_ply, &mut update);
    for saved in state.db.variations_of_game(id).await? {
        if let Some(tree) = super::variations::prune_after(&saved.tree, new_ply) {
            update.variations.push(VariationsWrite {
                user_id: saved.user_id,
                updated_at: saved.updated_at,
                tree,
            });
        }
    }
    update.events.push(NewEvent::new(
        EventKind::TakebackAccepted,
        json!({ "seat": request.seat, "by": by, "ply": new_ply, "move": taken, "fen": engine.fen(),
                "turn": engine.turn(), "move_by": move_by }),
    ));
    commit(state, &update).await?;
    state.positions.put(id, game.row.version + 1, kept, engine.as_ref());
    crate::domain::board::mini::forget_after(id, new_ply);
    get(state, id, Some(user.id)).await
}

/// Drops the conditional lines rooted after `new_ply` (saved or rewritten once the removed
/// move was on the board): they follow a position that is gone.
fn drop_lines(game: &Loaded, new_ply: i64, update: &mut GameUpdate) {
    let stale: Vec<_> = game.lines.iter().filter(|l| l.ply > new_ply).collect();
    if stale.is_empty() {
        return;
    }
    let mask = game.row.conditional_seats;
    let after = stale.iter().fold(mask, |m, l| m & !(1_i64 << l.seat.get()));
    update.lines = Some(LinesGuard { expected: mask, after });
    update.rewrites = stale
        .into_iter()
        .map(|l| LinesWrite {
            seat: l.seat,
            version: l.version,
            ply: new_ply,
            tree: Tree::default().to_json(),
            notice: Some(LINES_DROPPED.to_owned()),
        })
        .collect();
}

/// Declines the pending request: the move stands.
///
/// # Errors
/// As [`super::actions::check`] for [`Action::DeclineTakeback`]; 409 `conflict`.
pub async fn decline(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    game.check(state, user, Action::DeclineTakeback)?;
    let by = require_seat(&game, user)?;
    let request = game.row.takeback.ok_or_else(changed)?;
    let mut update = change_of(&game, state.now());
    update.takeback = Some(TakebackChange::Clear);
    update.events.push(NewEvent::new(
        EventKind::TakebackDeclined,
        json!({ "seat": request.seat, "by": by, "ply": request.ply }),
    ));
    commit(state, &update).await?;
    get(state, id, Some(user.id)).await
}

/// Withdraws the caller's pending request.
///
/// # Errors
/// As [`super::actions::check`] for [`Action::WithdrawTakeback`]; 409 `conflict`.
pub async fn withdraw(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    game.check(state, user, Action::WithdrawTakeback)?;
    let request = game.row.takeback.ok_or_else(changed)?;
    let mut update = change_of(&game, state.now());
    update.takeback = Some(TakebackChange::Clear);
    update.events.push(NewEvent::new(
        EventKind::TakebackWithdrawn,
        json!({ "seat": request.seat, "ply": request.ply }),
    ));
    commit(state, &update).await?;
    get(state, id, Some(user.id)).await
}

/// Ask to take back your move. Allowed in casual games outside tournaments, to a player
/// still in the game whose move is the game's last entry (nobody has moved since), while no
/// request is pending. The player to move answers (`POST …/takeback/accept` or
/// `…/decline`); a bot accepts at once. The request lapses when any move is made or the
/// game ends. Errors: 403 `not_a_player`, `eliminated`; 409 `no_takebacks` (a rated or
/// tournament game), `nothing_to_take_back`, `takeback_pending`, `game_over`,
/// `game_not_started`, `conflict`.
#[utoipa::path(post, path = "/games/{id}/takeback", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn ask_takeback(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    ask(&state, &user, &id).await.map(ApiJson)
}

/// Withdraw your pending takeback request. Errors: 403 `not_a_player`,
/// `not_your_request`; 409 `no_takeback_request`, `no_takebacks`, `game_over`, `conflict`.
#[utoipa::path(delete, path = "/games/{id}/takeback", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn withdraw_takeback(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    withdraw(&state, &user, &id).await.map(ApiJson)
}

/// Accept the pending takeback request (the player to move): the asker's move is removed,
/// the position replayed from the remaining moves, the asker to move with a fresh deadline
/// (the game's days per move from now); draw offers lapse; conditional lines, notes and
/// saved variations on the removed position are dropped. Errors: 403 `not_a_player`,
/// `not_your_answer`, `eliminated`; 409 `no_takeback_request`, `no_takebacks`,
/// `game_over`, `conflict` (a move or another answer came first).
#[utoipa::path(post, path = "/games/{id}/takeback/accept", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn accept_takeback(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    accept(&state, &user, &id).await.map(ApiJson)
}

/// Decline the pending takeback request (the player to move): the move stands. Errors: 403
/// `not_a_player`, `not_your_answer`, `eliminated`; 409 `no_takeback_request`,
/// `no_takebacks`, `game_over`, `conflict`.
#[utoipa::path(post, path = "/games/{id}/takeback/decline", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path, description = "game id", pattern = "^[A-Za-z0-9]{1,32}$")),
    responses((status = 200, body = GameView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
async fn decline_takeback(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<GameView>> {
    decline(&state, &user, &id).await.map(ApiJson)
}

/// `/games/{id}/takeback…`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ask_takeback, withdraw_takeback))
        .routes(routes!(accept_takeback))
        .routes(routes!(decline_takeback))
}
