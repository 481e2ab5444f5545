//! The game page's private notes panel: the viewer's note on the game and on the position
//! shown, their other notes, and publishing them after the game; its forms post to the same
//! service as the API (`games::notes`).

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::post;
use serde::Deserialize;

use super::{PageResult, SignedIn, see_other};
use crate::api::games::notes;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// What the panel shows a signed-in viewer.
#[derive(Debug, Clone, Default)]
pub struct NotesPanel {
    /// The note on the game as a whole.
    pub game_note: String,
    /// The position shown (0: the start, where only the game note applies) and its note.
    pub at: usize,
    pub position_note: String,
    /// The other positions' notes: (ply, text), by ply.
    pub others: Vec<(usize, String)>,
    /// The viewer played this finished game and may publish (or withdraw) their notes.
    pub can_publish: bool,
    /// Their notes are published now.
    pub published: bool,
    pub max_chars: usize,
}

/// The panel for `user` on game `id` (which the page has loaded already) at ply `at`, with
/// the user's saved variations (published with the notes).
///
/// # Errors
/// The database fails.
pub async fn panel(
    state: &AppState,
    signed: &crate::web::auth::AuthUser,
    id: &str,
    at: usize,
    finished_player: bool,
    variations: Option<&crate::storage::VariationRow>,
) -> Result<NotesPanel, ApiError> {
    // One indexed read: the game page has looked the game up already.
    let mine = state.db.notes(id, signed.id).await?;
    let text_at = |ply: usize| {
        mine.iter()
            .find(|n| usize::try_from(n.ply).ok() == Some(ply))
            .map(|n| n.text.clone())
            .unwrap_or_default()
    };
    Ok(NotesPanel {
        game_note: text_at(0),
        at,
        position_note: if at > 0 { text_at(at) } else { String::new() },
        others: mine
            .iter()
            .filter_map(|n| usize::try_from(n.ply).ok().map(|p| (p, n.text.clone())))
            .filter(|(p, _)| *p != 0 && *p != at)
            .collect(),
        // Saved variations are published with the notes.
        can_publish: finished_player && (!mine.is_empty() || variations.is_some()),
        published: (!mine.is_empty() || variations.is_some())
            && mine.iter().all(|n| n.published_at.is_some())
            && variations.is_none_or(|v| v.published_at.is_some()),
        max_chars: notes::MAX_NOTE_CHARS,
    })
}

/// A note typed on the page.
#[derive(Debug, Deserialize)]
struct NoteForm {
    ply: i64,
    #[serde(default)]
    text: String,
}

/// Publishing from the page: `yes` or `no`.
#[derive(Debug, Deserialize)]
struct PublishForm {
    published: String,
}

async fn post_note(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NoteForm>,
) -> PageResult<Response> {
    notes::save(&state, &s.user.auth(), &id, form.ply, &form.text).await?;
    Ok(see_other(&back_to(&id, form.ply)))
}

async fn post_publish(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<PublishForm>,
) -> PageResult<Response> {
    notes::publish(&state, &s.user.auth(), &id, form.published == "yes").await?;
    Ok(see_other(&format!("/games/{id}#notes")))
}

/// The game page at the noted position.
fn back_to(id: &str, ply: i64) -> String {
    if ply > 0 {
        format!("/games/{id}?at={ply}#notes")
    } else {
        format!("/games/{id}#notes")
    }
}

/// `/games/{id}/notes` and `/games/{id}/notes/publish` (forms).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/notes", post(post_note))
        .route("/games/{id}/notes/publish", post(post_publish))
}
