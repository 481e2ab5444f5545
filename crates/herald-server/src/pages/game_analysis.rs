//! The game page's computer-analysis panel: the button that asks for it (a finished game,
//! a signed-in viewer), its state while queued, then the evaluation chart, each seat's
//! accuracy and a table of the moves with their marks, evaluations and the engine's line.
//! Its form posts to the same service as the API (`games::analysis`).

use axum::Router;
use axum::extract::{Path, State};
use axum::response::Response;
use axum::routing::post;

use super::{PageResult, SignedIn, see_other};
use crate::api::games::analysis::{self, Found};
use crate::domain::game_states::AnalysisState;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// One analysed move as the table shows it.
#[derive(Debug, Clone)]
pub struct AnalysedMove {
    pub ply: usize,
    pub played: String,
    /// `?!`, `?`, `??` or empty.
    pub glyph: &'static str,
    /// `+0.35` or `#3` (the first seat's team's view).
    pub eval: String,
    /// The engine's line from the position before the move.
    pub line: String,
}

/// What the panel shows.
#[derive(Debug, Clone, Default)]
pub struct ComputerPanel {
    /// `None`: never asked for.
    pub state: Option<AnalysisState>,
    /// The viewer may ask (a finished game, signed in, not asked yet).
    pub can_request: bool,
    pub chart: Option<String>,
    /// (seat number, accuracy in %).
    pub accuracy: Vec<(u8, f64)>,
    pub moves: Vec<AnalysedMove>,
    /// The accuracy line with the seats' names, filled in by the game page.
    pub accuracy_text: String,
}

impl ComputerPanel {
    /// `White (alice) 91.2 %; Black (bob) 78.0 %` (escaped by the template), with each
    /// seat's label given by the page, which owns the seat lines.
    #[must_use]
    pub fn accuracy_line(&self, lang: &crate::infra::i18n::Lang, label: impl Fn(u8) -> String) -> String {
        self.accuracy
            .iter()
            .map(|(seat, accuracy)| format!("{} {}", label(*seat), lang.percent(*accuracy)))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The move's mark glyph after ply `ply`, for the move list.
    #[must_use]
    pub fn glyph(&self, ply: &usize) -> &'static str {
        self.moves.iter().find(|m| m.ply == *ply).map_or("", |m| m.glyph)
    }
}

/// The panel for game `id` (already loaded by the page).
///
/// # Errors
/// The database fails.
pub async fn panel(
    state: &AppState,
    lang: &crate::infra::i18n::Lang,
    id: &str,
    over: bool,
    signed_in: bool,
) -> Result<ComputerPanel, ApiError> {
    let found = match analysis::read(state, id).await {
        Ok(found) => found,
        Err(ApiError::Conflict { .. }) => {
            return Ok(ComputerPanel {
                state: Some(AnalysisState::Failed),
                ..ComputerPanel::default()
            });
        }
        Err(other) => return Err(other),
    };
    Ok(match found {
        None => ComputerPanel {
            can_request: over && signed_in,
            ..ComputerPanel::default()
        },
        Some(Found::Pending(pending)) => ComputerPanel {
            state: Some(pending),
            ..ComputerPanel::default()
        },
        Some(Found::Done(done)) => {
            let points: Vec<(usize, f64)> = done.plies.iter().map(|p| (p.ply, p.eval().chances())).collect();
            ComputerPanel {
                state: Some(AnalysisState::Done),
                can_request: false,
                chart: super::chart::eval_chart(lang, id, &points),
                accuracy: done.accuracy.iter().map(|a| (a.seat, a.accuracy)).collect(),
                moves: done
                    .plies
                    .iter()
                    .map(|p| AnalysedMove {
                        ply: p.ply,
                        played: p.played.clone(),
                        glyph: p.mark.map_or("", crate::domain::analysis_marks::Mark::glyph),
                        eval: match p.eval() {
                            crate::domain::analysis_marks::Eval::Centipawns(cp) => {
                                format!("{:+.2}", f64::from(cp) / 100.0)
                            }
                            mate => mate.pgn(),
                        },
                        line: p.line.join(" "),
                    })
                    .collect(),
                accuracy_text: String::new(),
            }
        }
    })
}

async fn post_request(State(state): State<AppState>, s: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    analysis::request(&state, &s.user.auth(), &id, state.now()).await?;
    Ok(see_other(&format!("/games/{id}#computer-analysis")))
}

/// `/games/{id}/analysis` (the form).
pub fn router() -> Router<AppState> {
    Router::new().route("/games/{id}/analysis", post(post_request))
}
