//! Help pages: how the correspondence clock works, and how ratings work.

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

#[derive(Template, WebTemplate)]
#[template(path = "help_ratings.html")]
struct RatingsHelp {
    ctx: Ctx,
    provisional: f64,
    active_days: i64,
}

async fn ratings_help(ctx: Ctx) -> RatingsHelp {
    RatingsHelp {
        ctx,
        provisional: crate::ratings::PROVISIONAL_DEVIATION,
        active_days: crate::leaderboard::ACTIVE_DAYS,
    }
}

/// `/help/time` and `/help/ratings`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/help/time", get(time_help))
        .route("/help/ratings", get(ratings_help))
}
