//! Help pages: how the correspondence clock works, how ratings work, the engine (what
//! the analysis board's evaluation is, and the site's fair-play rule), and takebacks.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use fluent_templates::fluent_bundle::FluentValue;

use herald_rules::{Points, Scoring, Variant};

use super::Ctx;
use crate::api::games::service::{DEFAULT_DAYS_PER_MOVE, MAX_DAYS_PER_MOVE};
use crate::infra::i18n::Lang;
use crate::pages::error::PageResult;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "help_time.html")]
struct TimeHelp {
    ctx: Ctx,
    default_days: i64,
    max_days: i64,
}

impl TimeHelp {
    /// The days per move: the range and the default.
    fn days_text(&self) -> String {
        self.ctx.lang.plain_with(
            "help-time-days",
            &[
                ("max", FluentValue::from(self.max_days)),
                ("default", FluentValue::from(self.default_days)),
            ],
        )
    }

    /// Fischer days: the bank's and the increment's limits.
    fn fischer_text(&self) -> String {
        use crate::domain::time_controls::{MAX_BANK_DAYS, MAX_INCREMENT_HOURS};
        self.ctx.lang.plain_with(
            "help-time-fischer",
            &[
                ("max_bank", FluentValue::from(MAX_BANK_DAYS)),
                ("max_increment", FluentValue::from(MAX_INCREMENT_HOURS)),
            ],
        )
    }
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
    /// Each game's name and its scoring and what its results count for, from the registry.
    scoring: Vec<(String, String)>,
}

impl RatingsHelp {
    /// The paragraph on deviations: the provisional threshold and the leaderboard's days
    /// (catalogue markup, numbers only).
    fn deviation_html(&self) -> String {
        self.ctx.lang.plain_with(
            "help-ratings-deviation-html",
            &[
                ("deviation", FluentValue::from(self.provisional.to_string())),
                ("days", FluentValue::from(self.active_days)),
            ],
        )
    }
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
/// score, and what each counts for in a rating, in the reader's language.
pub(super) fn scoring_text(lang: &Lang, scoring: &Scoring, draws: bool) -> String {
    let counts = |points: [Points; 2]| {
        let [mine, theirs] = scoring.rating_scores(points);
        (share_text(mine), share_text(theirs))
    };
    let (win, loss) = counts([scoring.win, scoring.loss]);
    let (draw, _) = counts([scoring.draw, scoring.draw]);
    let mut text = lang.plain_with(
        "help-scoring-win",
        &[
            ("win", FluentValue::from(points_text(scoring.win))),
            ("loss", FluentValue::from(points_text(scoring.loss))),
            ("winner", FluentValue::from(win)),
            ("loser", FluentValue::from(loss)),
        ],
    );
    if draws {
        text.push_str(&lang.plain_with(
            "help-scoring-draw",
            &[
                ("draw", FluentValue::from(points_text(scoring.draw))),
                ("share", FluentValue::from(draw)),
            ],
        ));
    } else {
        text.push_str(&lang.text("help-scoring-no-draws"));
    }
    if let Some(stalemate) = scoring.stalemate_win {
        let (mine, theirs) = counts([stalemate, scoring.loss]);
        text.push_str(&lang.plain_with(
            "help-scoring-stalemate",
            &[
                ("stalemate", FluentValue::from(points_text(stalemate))),
                ("loss", FluentValue::from(points_text(scoring.loss))),
                ("giver", FluentValue::from(mine)),
                ("other", FluentValue::from(theirs)),
            ],
        ));
    }
    text.push_str(&lang.text("help-scoring-end"));
    text
}

async fn ratings_help(ctx: Ctx) -> RatingsHelp {
    let scoring: Vec<(String, String)> = Variant::ALL
        .into_iter()
        // A game without draws by agreement (Ancient chess) has none at all.
        .map(|v| {
            (
                ctx.lang.game_name(v),
                scoring_text(&ctx.lang, &v.spec().scoring, v.spec().draw_by_agreement),
            )
        })
        .collect();
    RatingsHelp {
        ctx,
        provisional: crate::domain::ratings::PROVISIONAL_DEVIATION,
        active_days: crate::api::leaderboard::ACTIVE_DAYS,
        scoring,
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
            scoring_text(&Lang::english(), &Variant::Nowan.spec().scoring, true),
            "a win scores 2-0 and counts 1 to the winner, 0 to the loser; a draw scores 0-0, ½ each; \
             a stalemate scores 1-0 and counts ¾ to the side that gave it, ¼ to the other, less than a win."
        );
        assert_eq!(
            scoring_text(&Lang::english(), &Variant::NotChess.spec().scoring, true),
            "a win scores 1-0 and counts 1 to the winner, 0 to the loser; a draw scores ½-½, ½ each."
        );
        assert_eq!(
            scoring_text(&Lang::english(), &Variant::Ancient.spec().scoring, false),
            "a win scores 1-0 and counts 1 to the winner, 0 to the loser; there are no draws."
        );
    }
}
