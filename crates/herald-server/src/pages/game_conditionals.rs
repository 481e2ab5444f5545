//! The game page's conditional-moves editor: a player's pending lines (one per row, moves
//! separated by spaces, from the current position), why lines were dropped, revealing
//! them after the game, and the lines revealed by a finished game's players; its forms go
//! through the same service as the API (`games::conditionals`).

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::post;
use herald_rules::Player;
use serde::Deserialize;

use super::{PageResult, SignedIn, see_other};
use crate::api::games::conditional_tree::{MAX_LINE_MOVES, MAX_LINES};
use crate::api::games::conditionals;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// What the editor shows the player in `seat`.
#[derive(Debug, Clone, Default)]
pub struct ConditionalsPanel {
    /// The game is on: lines can be entered.
    pub editable: bool,
    /// The ply the lines start from (the game's current one).
    pub ply: i64,
    /// The pending lines, one per row.
    pub lines_text: String,
    pub pending: usize,
    pub notice: Option<String>,
    pub reveal: bool,
    /// The player saved lines in this game (so there is something to reveal).
    pub has_saved: bool,
    pub max_lines: usize,
    pub max_moves: usize,
}

/// A finished game's revealed lines: who, from which ply, each line as text.
#[derive(Debug, Clone)]
pub struct RevealedPanel {
    pub username: String,
    pub ply: i64,
    pub lines: Vec<String>,
}

/// The editor for the player in `seat` of game `id`, now at `ply`.
///
/// # Errors
/// The database fails.
pub async fn panel(
    state: &AppState,
    id: &str,
    seat: Player,
    lang: &crate::infra::i18n::Lang,
    ply: i64,
    active: bool,
) -> Result<ConditionalsPanel, ApiError> {
    let row = state.db.conditionals(id).await?.into_iter().find(|r| r.seat == seat);
    let pending = match &row {
        Some(r) if active && r.ply == ply => conditionals::stored_tree(id, r, "tree", &r.tree)?.lines(),
        _ => Vec::new(),
    };
    Ok(ConditionalsPanel {
        editable: active,
        ply,
        lines_text: pending.iter().map(|l| l.join(" ")).collect::<Vec<_>>().join("\n"),
        pending: pending.len(),
        // Herald's one kind of notice, said again in the reader's language (English keeps the
        // rules' reason, which the catalogue has per code only).
        notice: row.as_ref().and_then(|r| r.notice.as_deref()).map(|notice| {
            match conditionals::dropped_reply(notice) {
                Some(reply) if lang.tag() != "en" => lang.plain_with(
                    "game-page-conditional-dropped",
                    &[("reply", fluent_templates::fluent_bundle::FluentValue::from(reply))],
                ),
                _ => notice.to_owned(),
            }
        }),
        reveal: row.as_ref().is_some_and(|r| r.reveal != 0),
        has_saved: row.is_some(),
        max_lines: MAX_LINES,
        max_moves: MAX_LINE_MOVES,
    })
}

/// The lines a finished game's players revealed.
///
/// # Errors
/// The database fails.
pub async fn revealed(state: &AppState, id: &str) -> Result<Vec<RevealedPanel>, ApiError> {
    Ok(conditionals::revealed(state, id)
        .await?
        .into_iter()
        .map(|r| RevealedPanel {
            username: r.username,
            ply: r.ply,
            lines: r.lines.iter().map(|l| l.join(" ")).collect(),
        })
        .collect())
}

/// The editor's form: the lines as typed, the ply they were typed at.
#[derive(Debug, Deserialize)]
struct LinesForm {
    #[serde(default)]
    lines: String,
    ply: i64,
    #[serde(default)]
    reveal: Option<String>,
}

/// Revealing from the page: `yes` or `no`.
#[derive(Debug, Deserialize)]
struct RevealForm {
    reveal: String,
}

/// Rows of moves separated by spaces (or commas); blank rows are skipped.
fn parse_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|row| {
            row.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|m| !m.is_empty())
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

async fn post_lines(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<LinesForm>,
) -> PageResult<Response> {
    let lines = parse_lines(&form.lines);
    let reveal = Some(form.reveal.as_deref() == Some("yes"));
    conditionals::save(&state, &s.user.auth(), &id, &lines, reveal, Some(form.ply)).await?;
    Ok(see_other(&format!("/games/{id}#conditionals")))
}

async fn post_reveal(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<RevealForm>,
) -> PageResult<Response> {
    conditionals::reveal(&state, &s.user.auth(), &id, form.reveal == "yes").await?;
    Ok(see_other(&format!("/games/{id}#conditionals")))
}

/// `/games/{id}/conditionals` and `/games/{id}/conditionals/reveal` (forms).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/games/{id}/conditionals", post(post_lines))
        .route("/games/{id}/conditionals/reveal", post(post_reveal))
}

#[cfg(test)]
mod tests {
    use super::parse_lines;

    #[test]
    fn rows_become_lines_and_blank_rows_vanish() {
        assert_eq!(
            parse_lines("e7e5 g1f3\n\n  d7d5,e4d5  d8d5 \r\n"),
            vec![
                vec!["e7e5".to_owned(), "g1f3".to_owned()],
                vec!["d7d5".to_owned(), "e4d5".to_owned(), "d8d5".to_owned()]
            ]
        );
        assert!(parse_lines(" \n\n").is_empty());
    }
}
