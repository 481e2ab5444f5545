//! Conditional moves: a player's lines ("if they play X, I reply Y, then …") saved and
//! checked by the rules engine, followed inside the transaction of the move that
//! triggers them (the reply committed with it, or neither), kept private until the game
//! ends and revealed then only if the player chooses; the API under
//! `/games/{id}/conditionals`.

use axum::extract::State;
use herald_rules::Player;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::clock::{charge, turn_deadline};
use super::commit::{TurnEnd, every_seat_moved, finish_for, require_seat};
use super::conditional_tree::{LineError, Tree};
use super::load::{Loaded, load};
use crate::domain::events::EventKind;
use crate::domain::game_states::GameStatus;
use crate::domain::rules::{GameState, MoveRejection};
use crate::storage::{ConditionalRow, GameUpdate, LinesGuard, LinesWrite};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// My conditional lines in a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Conditionals {
    /// My seat.
    #[schema(value_type = u8)]
    pub seat: Player,
    /// The game ply the pending lines start from: the game's current ply.
    pub ply: i64,
    /// The lines still pending, each a sequence of moves from the current position: the
    /// other players' moves are the conditions, mine the replies played for me.
    pub lines: Vec<Vec<String>>,
    /// Whether the lines as last saved are shown with the record once the game is over.
    pub reveal: bool,
    /// Why lines were last dropped unplayed (a reply no longer legal).
    pub notice: Option<String>,
    /// The lines as I last saved them, from ply `saved_ply`: what `reveal` shows.
    pub saved_ply: Option<i64>,
    pub saved_lines: Vec<Vec<String>>,
}

/// Lines to keep (replacing mine); an empty list removes them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConditionalsBody {
    /// Each a sequence of moves from the current position (on my turn, starting with my
    /// move), ending with my reply; at most 64 lines of 40 moves.
    pub lines: Vec<Vec<String>>,
    /// Show the lines with the record once the game is over (unchanged if absent).
    #[serde(default)]
    pub reveal: Option<bool>,
    /// The ply I believe the game is at; a mismatch is a 409.
    #[serde(default)]
    pub ply: Option<i64>,
}

/// Show my lines with the record after the game, or not.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RevealBody {
    pub reveal: bool,
}

/// A player's lines shown with a finished game's record.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct RevealedConditionals {
    #[schema(value_type = u8)]
    pub seat: Player,
    pub username: String,
    /// The game ply the lines start from.
    pub ply: i64,
    pub lines: Vec<Vec<String>>,
}

/// A stored tree of game `game_id`; one that does not parse is an error naming its row.
pub(crate) fn stored_tree(game_id: &str, row: &ConditionalRow, column: &str, text: &str) -> ApiResult<Tree> {
    Tree::from_json(text).map_err(|e| {
        ApiError::internal_while(
            format!(
                "the conditional lines of game {game_id}, seat {} (`{column}`), do not parse",
                row.seat
            ),
            e,
        )
    })
}

fn view(
    game_id: &str,
    seat: Player,
    game_ply: i64,
    active: bool,
    row: Option<ConditionalRow>,
) -> ApiResult<Conditionals> {
    let Some(row) = row else {
        return Ok(Conditionals {
            seat,
            ply: game_ply,
            lines: Vec::new(),
            reveal: false,
            notice: None,
            saved_ply: None,
            saved_lines: Vec::new(),
        });
    };
    // Lines rooted where the game no longer is were left behind by it.
    let pending = active && row.ply == game_ply;
    let lines = if pending {
        stored_tree(game_id, &row, "tree", &row.tree)?.lines()
    } else {
        Vec::new()
    };
    let saved_lines = stored_tree(game_id, &row, "saved_tree", &row.saved_tree)?.lines();
    Ok(Conditionals {
        seat,
        ply: game_ply,
        lines,
        reveal: row.reveal != 0,
        notice: row.notice,
        saved_ply: Some(row.saved_ply),
        saved_lines,
    })
}

async fn seat_row(state: &AppState, game: &Loaded, seat: Player) -> ApiResult<Option<ConditionalRow>> {
    Ok(state
        .db
        .conditionals(&game.row.id)
        .await?
        .into_iter()
        .find(|r| r.seat == seat))
}

/// `user`'s lines in game `id`.
///
/// # Errors
/// 404 unknown game; 403 `not_a_player`.
pub async fn mine(state: &AppState, user: &AuthUser, id: &str) -> ApiResult<Conditionals> {
    let game = load(state, id).await?;
    let seat = require_seat(&game, user)?;
    let row = seat_row(state, &game, seat).await?;
    view(
        &game.row.id,
        seat,
        game.row.ply,
        game.row.status == GameStatus::Active,
        row,
    )
}

fn line_error(error: &LineError) -> ApiError {
    match error {
        LineError::TooMany | LineError::Empty { .. } | LineError::TooLong { .. } => {
            ApiError::bad_request(error.code(), error.message())
        }
        _ => ApiError::unprocessable(error.code(), error.message()),
    }
}

/// Replaces `user`'s lines in game `id` (none: removes them), each checked move by move
/// by the rules engine from the current position. The one code path for the API and the
/// game page.
///
/// # Errors
/// 404 unknown game; 403 `not_a_player`; 409 `game_over`, `game_not_started`, `stale_ply`,
/// `conflict` (a move landed while saving); 400 `too_many_lines`, `empty_line`,
/// `line_too_long`; 422 `illegal_line`, `line_after_end`, `line_without_reply`,
/// `conflicting_replies`.
pub async fn save(
    state: &AppState,
    user: &AuthUser,
    id: &str,
    lines: &[Vec<String>],
    reveal: Option<bool>,
    ply: Option<i64>,
) -> ApiResult<Conditionals> {
    let game = load(state, id).await?;
    game.check(state, user, super::actions::Action::SaveConditionals)?;
    let seat = require_seat(&game, user)?;
    if let Some(ply) = ply
        && ply != game.row.ply
    {
        return Err(ApiError::conflict(
            "stale_ply",
            format!("the game is at ply {}, not {ply}: reload it", game.row.ply),
        ));
    }
    let tree = Tree::build(game.engine.as_ref(), seat, lines).map_err(|e| line_error(&e))?;
    let saved = state
        .db
        .save_conditionals(
            id,
            seat,
            user.id,
            game.row.ply,
            &tree.to_json(),
            !tree.is_empty(),
            state.now(),
        )
        .await?;
    if !saved {
        return Err(ApiError::conflict(
            "conflict",
            "the game moved on while your lines were saved: reload it and check them",
        ));
    }
    if let Some(reveal) = reveal {
        state.db.reveal_conditionals(id, seat, reveal).await?;
    }
    mine(state, user, id).await
}

/// Whether `user`'s lines in game `id` are shown with its record once it is over.
///
/// # Errors
/// 404 unknown game; 403 `not_a_player`; 409 `no_lines` (never saved any).
pub async fn reveal(state: &AppState, user: &AuthUser, id: &str, reveal: bool) -> ApiResult<Conditionals> {
    let game = load(state, id).await?;
    let seat = require_seat(&game, user)?;
    if !state.db.reveal_conditionals(id, seat, reveal).await? {
        return Err(ApiError::conflict(
            "no_lines",
            "you saved no conditional lines in this game",
        ));
    }
    mine(state, user, id).await
}

/// The lines the players of finished game `id` chose to reveal (none while it is on).
///
/// # Errors
/// 404 unknown game.
pub async fn revealed(state: &AppState, id: &str) -> ApiResult<Vec<RevealedConditionals>> {
    let game = super::load::game_row(state, id).await?;
    if !game.status.is_over() {
        return Ok(Vec::new());
    }
    let mut revealed = Vec::new();
    for r in state.db.revealed_conditionals(id).await? {
        let seat = r.seat;
        let lines = Tree::from_json(&r.saved_tree)
            .map_err(|e| {
                ApiError::internal_while(
                    format!("the revealed lines of game {id}, seat {seat} (`saved_tree`), do not parse"),
                    e,
                )
            })?
            .lines();
        revealed.push(RevealedConditionals {
            seat,
            username: r.username,
            ply: r.saved_ply,
            lines,
        });
    }
    Ok(revealed)
}

/// Follows the game's conditional lines after `first` (the move being played, `engine`
/// already after it): each reply the lines call for, in turn, is played on `engine` and
/// joins the update like a move of its player at the same instant; lines the moves leave
/// are dropped, and a reply the engine refuses drops its lines with a notice. The lines
/// were read with the game (`Loaded::lines`), in the same query. The update returned is
/// the move, the replies and the rewrites of the lines, committed together.
pub(crate) fn follow(game: &Loaded, engine: &mut Box<dyn GameState>, first: GameUpdate) -> GameUpdate {
    let mut update = first;
    let mask = game.row.conditional_seats;
    if mask == 0 {
        update.lines = Some(LinesGuard { expected: 0, after: 0 });
        return update;
    }
    let start = game.row.ply;
    let first_text = update.entries.first().map(|e| e.text.clone()).unwrap_or_default();
    let mut held: Vec<Held> = game
        .lines
        .iter()
        .cloned()
        .filter_map(|row| {
            // Unreadable lines are never followed (a reply played by mistake could not be
            // taken back) and never block the move being played: logged with their row.
            let stored = match Tree::from_json(&row.tree) {
                Ok(tree) => tree,
                Err(error) => {
                    tracing::error!(game = %game.row.id, seat = row.seat.get(), %error, "conditional lines do not parse: not followed");
                    return None;
                }
            };
            // Lines rooted where the game no longer is were left behind by it: dropped.
            let tree = (row.ply == start).then(|| stored.clone().after(&first_text)).flatten();
            (!stored.is_empty()).then_some(Held {
                row,
                tree,
                notice: None,
            })
        })
        .collect();
    let now = update.now;
    loop {
        if engine.outcome().is_some() {
            break;
        }
        let turn = engine.turn();
        let Some(owner) = held.iter_mut().find(|h| h.row.seat == turn) else {
            break;
        };
        let Some(reply) = owner.tree.as_ref().and_then(Tree::reply).map(str::to_owned) else {
            break;
        };
        let played = match engine.play(&reply) {
            Ok(played) => played,
            Err(rejection) => {
                owner.tree = None;
                let (MoveRejection::Syntax(why) | MoveRejection::Illegal { message: why, .. }) = rejection;
                owner.notice = Some(dropped_notice(&reply, &why));
                break;
            }
        };
        for other in &mut held {
            other.tree = other.tree.take().and_then(|tree| tree.after(&played));
        }
        let reply = reply_commit(game, &update, turn, played, engine.as_ref(), now);
        update = update.then(reply);
    }
    let end_ply = start + i64::try_from(update.entries.len()).unwrap_or(i64::MAX);
    let after = held
        .iter()
        .filter(|h| h.tree.as_ref().is_some_and(|t| !t.is_empty()))
        .fold(0_i64, |mask, h| mask | (1_i64 << h.row.seat.get()));
    update.rewrites = held
        .into_iter()
        .map(|h| LinesWrite {
            seat: h.row.seat,
            version: h.row.version,
            ply: end_ply,
            tree: h.tree.unwrap_or_default().to_json(),
            notice: h.notice,
        })
        .collect();
    update.lines = Some(LinesGuard { expected: mask, after });
    update
}

/// One seat's lines while a move is followed: what is left of its tree (`None`: dropped).
struct Held {
    row: ConditionalRow,
    tree: Option<Tree>,
    notice: Option<String>,
}

/// The update of a conditional reply following the entries of `prior` (the move and the
/// replies before it): built exactly as the move path builds a move (same instant, clock,
/// events and draw-offer rule), as if its player had moved then.
fn reply_commit(
    game: &Loaded,
    prior: &GameUpdate,
    seat: Player,
    text: String,
    engine: &dyn GameState,
    now: i64,
) -> GameUpdate {
    let mut row = game.row.clone();
    row.ply += i64::try_from(prior.entries.len()).unwrap_or(i64::MAX);
    if let Some(clocks) = prior.next.as_ref().and_then(|n| n.clocks.as_ref()) {
        row.clocks.clone_from(clocks);
    }
    let draw_offers = prior.draw_offers.unwrap_or(0);
    let finish = engine.outcome().map(finish_for);
    // The reply is made the instant its turn begins: it uses none of its time, and earns
    // its increment (or counts toward its period) like any move.
    let clocks = charge(row.time_control, &row.clocks, seat, 0);
    let turn = TurnEnd {
        seat,
        entry: text,
        fen: engine.fen(),
        turn: engine.turn(),
        move_by: finish.is_none().then(|| {
            turn_deadline(
                row.time_control,
                clocks.as_ref().unwrap_or(&row.clocks),
                engine.turn(),
                now,
            )
        }),
        clocks,
        // Moving declines the others' draw offers, keeping only the mover's own.
        draw_offers: draw_offers & (1_i64 << seat.get()),
        every_seat_moved: every_seat_moved(game.variant, engine, row.ply + 1),
        finish,
    };
    let lead = turn.event(EventKind::Move, &row);
    turn.commit(&row, &game.seats, now, lead)
}

/// My conditional lines in a game (nobody else's, whoever asks).
#[utoipa::path(get, path = "/games/{id}/conditionals", tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Conditionals), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_conditionals(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<Conditionals>> {
    Ok(ApiJson(mine(&state, &user, &id).await?))
}

/// Replace my conditional lines: each a sequence of moves from the current position (on
/// my turn, starting with my move) ending with my reply, every move checked legal. When
/// another player's move matches the start of a line, my reply is played in the same
/// transaction; lines that do not match are dropped.
#[utoipa::path(put, path = "/games/{id}/conditionals", tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = ConditionalsBody,
    responses((status = 200, body = Conditionals), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 422, body = ErrorBody)))]
async fn put_conditionals(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<ConditionalsBody>,
) -> ApiResult<ApiJson<Conditionals>> {
    Ok(ApiJson(
        save(&state, &user, &id, &body.lines, body.reveal, body.ply).await?,
    ))
}

/// Cancel all my conditional lines in the game.
#[utoipa::path(delete, path = "/games/{id}/conditionals", tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Conditionals), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn delete_conditionals(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<Conditionals>> {
    Ok(ApiJson(save(&state, &user, &id, &[], None, None).await?))
}

/// Show my lines (as last saved) with the game's record once it is over, or not.
#[utoipa::path(post, path = "/games/{id}/conditionals/reveal", tag = "conditionals", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = RevealBody,
    responses((status = 200, body = Conditionals), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn reveal_conditionals(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<RevealBody>,
) -> ApiResult<ApiJson<Conditionals>> {
    Ok(ApiJson(reveal(&state, &user, &id, body.reveal).await?))
}

/// The conditional lines a finished game's players chose to reveal (none while it is on).
#[utoipa::path(get, path = "/games/{id}/conditionals/revealed", tag = "conditionals",
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<RevealedConditionals>), (status = 404, body = ErrorBody)))]
async fn get_revealed(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<Vec<RevealedConditionals>>> {
    Ok(ApiJson(revealed(&state, &id).await?))
}

/// `/games/{id}/conditionals…`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_conditionals, put_conditionals, delete_conditionals))
        .routes(routes!(reveal_conditionals))
        .routes(routes!(get_revealed))
}
/// The stored notice of a conditional reply the rules refused (English, as the API gives it).
fn dropped_notice(reply: &str, why: &str) -> String {
    format!("{DROPPED_OPENING}{reply}{DROPPED_MIDDLE}{why}{DROPPED_CLOSING}")
}

const DROPPED_OPENING: &str = "Your conditional reply ";
const DROPPED_MIDDLE: &str = " was no longer legal and was not played (";
const DROPPED_CLOSING: &str = "); your lines were dropped.";

/// The refused reply a stored notice names, so a page can say it in its reader's language.
#[must_use]
pub fn dropped_reply(notice: &str) -> Option<&str> {
    let rest = notice.strip_prefix(DROPPED_OPENING)?.strip_suffix(DROPPED_CLOSING)?;
    rest.split_once(DROPPED_MIDDLE).map(|(reply, _)| reply)
}

#[cfg(test)]
mod tests {
    use super::{dropped_notice, dropped_reply};

    #[test]
    fn a_dropped_reply_is_read_back_from_its_notice() {
        let notice = dropped_notice("e7e5", "that piece cannot move there");
        assert_eq!(
            notice,
            "Your conditional reply e7e5 was no longer legal and was not played (that piece cannot move there); \
             your lines were dropped."
        );
        assert_eq!(dropped_reply(&notice), Some("e7e5"));
        assert_eq!(dropped_reply("something else"), None);
    }
}
