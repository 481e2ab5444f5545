//! The "Report" forms of profile and game pages: a signed-in member tells the
//! administrators what is wrong (through the same service as `POST /api/v1/reports`).

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Form, Router};
use serde::Deserialize;

use super::{Ctx, PageResult, SignedIn};
use crate::api::admin::reports::{self, NewReport, ReportTarget};
use crate::web::error::ApiError;
use crate::web::state::AppState;

#[derive(Debug, Deserialize)]
struct ReportForm {
    /// `user`, `game` or `message`.
    kind: String,
    /// The username, the game id, or `game:seq` for a chat message.
    target: String,
    reason: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "message.html")]
struct MessagePage {
    ctx: Ctx,
    title: String,
    message: String,
    secret: Option<String>,
    back: String,
}

async fn report(State(state): State<AppState>, s: SignedIn, Form(form): Form<ReportForm>) -> PageResult<Response> {
    let (target, back) = match form.kind.as_str() {
        "user" => (
            ReportTarget::User {
                username: form.target.clone(),
            },
            format!("/users/{}", form.target),
        ),
        "game" => (
            ReportTarget::Game {
                id: form.target.clone(),
            },
            format!("/games/{}", form.target),
        ),
        "message" => {
            let bad = || ApiError::bad_request("invalid_report", "unknown report target");
            let (game, seq) = form.target.split_once(':').ok_or_else(bad)?;
            let seq = seq.parse().map_err(|_| bad())?;
            (
                ReportTarget::Message {
                    game: game.to_owned(),
                    seq,
                },
                format!("/games/{game}#chat"),
            )
        }
        _ => return Err(ApiError::bad_request("invalid_report", "unknown report target").into()),
    };
    reports::file(
        &state,
        &s.user.auth(),
        NewReport {
            target,
            reason: form.reason,
        },
    )
    .await?;
    Ok(MessagePage {
        title: s.ctx.t("admin-report-sent-title"),
        message: s.ctx.t("admin-report-sent"),
        ctx: s.ctx,
        secret: None,
        back,
    }
    .into_response())
}

/// `/reports`.
pub fn router() -> Router<AppState> {
    Router::new().route("/reports", post(report))
}
