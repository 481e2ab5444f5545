//! Help pages: how the correspondence clock works.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::routing::get;

use super::Ctx;
use crate::games::service::{DEFAULT_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE};
use crate::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "help_time.html")]
struct TimeHelp {
    ctx: Ctx,
    default_days: i64,
    max_days: i64,
}

async fn time_help(ctx: Ctx) -> TimeHelp {
    TimeHelp {
        ctx,
        default_days: DEFAULT_DAYS_PER_MOVE,
        max_days: MAX_DAYS_PER_MOVE,
    }
}

/// `/help/time`.
pub fn router() -> Router<AppState> {
    Router::new().route("/help/time", get(time_help))
}
