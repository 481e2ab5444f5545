//! Help pages: how the correspondence clock works, how ratings work, the engine (what
//! the analysis board's evaluation is, and the site's fair-play rule), and takebacks.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::State;
use axum::routing::get;

use herald_rules::{Points, Scoring, Variant};

use super::Ctx;
use crate::api::games::service::{DEFAULT_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE};
use crate::pages::error::PageResult;
use crate::web::state::AppState;

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
#[template(path = "help_takebacks.html")]
struct TakebackHelp {
    ctx: Ctx,
}

async fn takeback_help(ctx: Ctx) -> TakebackHelp {
    TakebackHelp { ctx }
}

#[derive(Template, WebTemplate)]
#[template(path = "help_engine.html")]
struct EngineHelp {
    ctx: Ctx,
    budget_ms: u64,
    /// Whether this site lets players ask the engine about their running games.
    engine_in_running_games: bool,
}

async fn engine_help(State(state): State<AppState>, ctx: Ctx) -> PageResult<EngineHelp> {
    Ok(EngineHelp {
        ctx,
        budget_ms: crate::api::engine_eval::BUDGET_MS,
        engine_in_running_games: state.db.site_settings().await?.engine_in_running_games,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "help_ratings.html")]
struct RatingsHelp {
    ctx: Ctx,
    provisional: f64,
    active_days: i64,
    /// Each game's scoring and what its results count for, from the registry.
    scoring: Vec<(&'static str, String)>,
}

/// Points as people write them: `2`, `½`, `1½`.
fn points_text(points: Points) -> String {
    let (whole, half) = (points.halves() / 2, points.halves() % 2 == 1);
    match (whole, half) {
        (0, true) => "½".to_owned(),
        (w, true) => format!("{w}½"),
        (w, false) => w.to_string(),
    }
}

/// A share of a rating game's result (0 to 1) as people write it: `1`, `¾`, `½`.
fn share_text(share: f64) -> String {
    let quarters = (share * 4.0).round();
    match quarters as i64 {
        0 => "0".to_owned(),
        1 => "¼".to_owned(),
        2 => "½".to_owned(),
        3 => "¾".to_owned(),
        4 => "1".to_owned(),
        _ => format!("{share:.2}"),
    }
}

/// One game's scoring in words (the ratings help and each rules page): what a win, a draw and (where it differs) a stalemate
/// score, and what each counts for in a rating.
pub(super) fn scoring_text(scoring: &Scoring, draws: bool) -> String {
    let counts = |points: [Points; 2]| {
        let [mine, theirs] = scoring.rating_scores(points);
        (share_text(mine), share_text(theirs))
    };
    let (win, loss) = counts([scoring.win, scoring.loss]);
    let (draw, _) = counts([scoring.draw, scoring.draw]);
    let mut text = format!(
        "a win scores {}-{} and counts {win} to the winner, {loss} to the loser",
        points_text(scoring.win),
        points_text(scoring.loss),
    );
    if draws {
        text.push_str(&format!(
            "; a draw scores {}-{}, {draw} each",
            points_text(scoring.draw),
            points_text(scoring.draw)
        ));
    } else {
        text.push_str("; there are no draws");
    }
    if let Some(stalemate) = scoring.stalemate_win {
        let (mine, theirs) = counts([stalemate, scoring.loss]);
        text.push_str(&format!(
            "; a stalemate scores {}-{} and counts {mine} to the side that gave it, {theirs} to the other, less than a win",
            points_text(stalemate),
            points_text(scoring.loss)
        ));
    }
    text.push('.');
    text
}

async fn ratings_help(ctx: Ctx) -> RatingsHelp {
    RatingsHelp {
        ctx,
        provisional: crate::domain::ratings::PROVISIONAL_DEVIATION,
        active_days: crate::api::leaderboard::ACTIVE_DAYS,
        scoring: Variant::ALL
            .into_iter()
            // A game without draws by agreement (Ancient chess) has none at all.
            .map(|v| (v.name(), scoring_text(&v.spec().scoring, v.spec().draw_by_agreement)))
            .collect(),
    }
}

/// `/help/time` and `/help/ratings`.
#[derive(Template, WebTemplate)]
#[template(path = "help_analysis.html")]
struct AnalysisHelp {
    ctx: Ctx,
    cap: u32,
    nodes: u64,
    engine_in_running_games: bool,
}

/// How computer analysis judges moves, with this site's settings.
async fn analysis_help(
    axum::extract::State(state): axum::extract::State<AppState>,
    ctx: Ctx,
) -> super::PageResult<AnalysisHelp> {
    let site = state.db.site_settings().await?;
    Ok(AnalysisHelp {
        ctx,
        cap: site.analysis_daily_cap,
        nodes: state.config.analysis_nodes,
        engine_in_running_games: site.engine_in_running_games,
    })
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/help/analysis", get(analysis_help))
        .route("/help/time", get(time_help))
        .route("/help/ratings", get(ratings_help))
        .route("/help/engine", get(engine_help))
        .route("/help/takebacks", get(takeback_help))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words come from the registry: Nowan's 2/1/0 with its stalemate, chess's 1/½/0.
    #[test]
    fn each_games_scoring_is_described_from_the_registry() {
        assert_eq!(
            scoring_text(&Variant::Nowan.spec().scoring, true),
            "a win scores 2-0 and counts 1 to the winner, 0 to the loser; a draw scores 0-0, ½ each; \
             a stalemate scores 1-0 and counts ¾ to the side that gave it, ¼ to the other, less than a win."
        );
        assert_eq!(
            scoring_text(&Variant::NotChess.spec().scoring, true),
            "a win scores 1-0 and counts 1 to the winner, 0 to the loser; a draw scores ½-½, ½ each."
        );
        assert_eq!(
            scoring_text(&Variant::Ancient.spec().scoring, false),
            "a win scores 1-0 and counts 1 to the winner, 0 to the loser; there are no draws."
        );
    }
}
