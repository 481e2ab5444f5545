//! Private notes on a game: any signed-in user keeps a note on the game as a whole and on
//! the position after any of its moves, seen by nobody else; once the game is over, one of
//! its players may publish theirs (with their saved variations, `games::variations`), and
//! the game's PGN then carries them as comments.

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::load::game_row;
use crate::storage::NoteRow;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The longest note, in characters: room for a page of analysis.
pub const MAX_NOTE_CHARS: usize = 4_000;

/// One of my notes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Note {
    /// 0: the game as a whole; n: the position after move n.
    pub ply: i64,
    pub text: String,
    pub updated_at: i64,
    /// Set while the note is published (after the game, by a player).
    pub published_at: Option<i64>,
}

impl From<NoteRow> for Note {
    fn from(row: NoteRow) -> Note {
        Note {
            ply: row.ply,
            text: row.text,
            updated_at: row.updated_at,
            published_at: row.published_at,
        }
    }
}

/// A note to keep; empty text removes it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NoteBody {
    #[schema(max_length = 4000)]
    pub text: String,
}

/// Publish my notes or take them back.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PublishBody {
    pub published: bool,
}

/// `user`'s notes on game `id`, by ply.
///
/// # Errors
/// 404 unknown game.
pub async fn mine(state: &AppState, id: &str, user: &AuthUser) -> ApiResult<Vec<Note>> {
    game_row(state, id).await?;
    Ok(state.db.notes(id, user.id).await?.into_iter().map(Note::from).collect())
}

/// Keeps `user`'s note on game `id` at `ply` (0: the game); empty text removes it. The one
/// code path for the API and the game page.
///
/// # Errors
/// 404 unknown game; 400 `invalid_ply`, `note_too_long`.
pub async fn save(state: &AppState, user: &AuthUser, id: &str, ply: i64, text: &str) -> ApiResult<Vec<Note>> {
    let game = game_row(state, id).await?;
    if !(0..=game.ply).contains(&ply) {
        return Err(ApiError::bad_request(
            "invalid_ply",
            format!("a note is on the game (0) or after one of its {} moves", game.ply),
        ));
    }
    let text = text.trim();
    if text.chars().count() > MAX_NOTE_CHARS {
        return Err(ApiError::bad_request(
            "note_too_long",
            format!("a note is at most {MAX_NOTE_CHARS} characters"),
        ));
    }
    state.db.save_note(id, user.id, ply, text, state.now()).await?;
    mine(state, id, user).await
}

/// Publishes `user`'s notes (and saved variations) on the finished game `id`, or takes them
/// back.
///
/// # Errors
/// 404 unknown game; 403 `not_a_player`; 409 `game_not_over`.
pub async fn publish(state: &AppState, user: &AuthUser, id: &str, published: bool) -> ApiResult<Vec<Note>> {
    let game = game_row(state, id).await?;
    let seats = state.db.seats_of(&[id.to_owned()]).await?;
    let clock = super::view::ClockNow::of(state);
    let table = super::actions::Table::stored(&game, &seats, clock.now, clock.cap_ms);
    super::actions::check(&table, Some(user.id), super::actions::Action::PublishNotes)?;
    state.db.publish_notes(id, user.id, published, state.now()).await?;
    // Saved analysis variations go with the notes (`games::variations`).
    state.db.publish_variations(id, user.id, published, state.now()).await?;
    mine(state, id, user).await
}

/// My notes on a game, by ply (nobody else's, whoever asks).
#[utoipa::path(get, path = "/games/{id}/notes", tag = "notes", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Vec<Note>), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn list_notes(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<Vec<Note>>> {
    Ok(ApiJson(mine(&state, &id, &user).await?))
}

/// Keep a note on the game (`ply` 0) or on the position after move `ply`; empty text
/// removes it. A note written again is private again until published anew.
#[utoipa::path(put, path = "/games/{id}/notes/{ply}", tag = "notes", security(("bearer" = [])),
    params(("id" = String, Path), ("ply" = i64, Path)), request_body = NoteBody,
    responses((status = 200, body = Vec<Note>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn put_note(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath((id, ply)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<NoteBody>,
) -> ApiResult<ApiJson<Vec<Note>>> {
    Ok(ApiJson(save(&state, &user, &id, ply, &body.text).await?))
}

/// Publish my notes and saved variations on a finished game of mine (or take them back):
/// its PGN then carries the notes as comments and the variations as variations.
#[utoipa::path(post, path = "/games/{id}/notes/publish", tag = "notes", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PublishBody,
    responses((status = 200, body = Vec<Note>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn publish_notes(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PublishBody>,
) -> ApiResult<ApiJson<Vec<Note>>> {
    Ok(ApiJson(publish(&state, &user, &id, body.published).await?))
}

/// `/games/{id}/notes…`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_notes))
        .routes(routes!(put_note))
        .routes(routes!(publish_notes))
}
