//! The analysis board's pages: the panel on every game page (the game's moves as its trunk,
//! starting from the position shown, with the signed-in viewer's saved variations) and the
//! standalone board `/analysis?variant=&fen=&options=` for any position of any game.
//! `static/analysis.js` makes both work from the rules service `/api/v1/analysis/{variant}`;
//! saved variations go through `crate::api::games::variations`. A bad game, option or position
//! string is a 400 page.

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Query, State};
use axum::routing::get;
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{Options, Player, Team, Variant};
use serde::Serialize;

use super::{Ctx, PageResult};
use crate::domain::board::BoardView;
use crate::domain::board::html::{BoardHtml, Play};
use crate::domain::rules::GameState;
use crate::infra::i18n::Lang;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// The longest position string the page takes (as the rules service).
const MAX_FEN: usize = 300;

/// What `templates/analysis_board.html` draws and `static/analysis.js` reads.
#[derive(Debug, Clone)]
pub struct AnalysisBoard {
    /// The panel's heading.
    pub heading: String,
    pub variant: &'static str,
    /// Option ids, comma-separated (as the rules service takes them).
    pub options: String,
    /// The board's markup at the first position shown (built by the board template, which
    /// escapes every text).
    pub board_html: String,
    /// The trunk as JSON: `{"fens": [the start, after move 1, …], "moves": [...]}`.
    pub line_json: String,
    /// The trunk's ply shown first.
    pub start: usize,
    /// The game, on a game page.
    pub game_id: Option<String>,
    /// The viewer's saved tree as JSON (`{"nodes": [...]}`), on a game page when signed in.
    pub saved_json: String,
    /// The viewer may save variations (signed in, on a game page).
    pub can_save: bool,
    /// Seat names by seat and team names by team, as JSON lists.
    pub seats_json: String,
    pub teams_json: String,
    /// Promotion letters and the pieces they name.
    pub promotion_names: Vec<(char, String)>,
}

#[derive(Serialize)]
struct Line<'a> {
    fens: &'a [String],
    moves: &'a [String],
}

impl AnalysisBoard {
    /// The board for `variant` whose trunk is `moves` (positions `fens`, one more than the
    /// moves), shown at `position` (the trunk's ply `start`) from `viewer`'s side.
    ///
    /// # Errors
    /// The board template fails (a formatting error).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        variant: Variant,
        options: Options,
        position: &dyn GameState,
        viewer: Option<Player>,
        last_move: Option<&str>,
        fens: &[String],
        moves: &[String],
        start: usize,
        lang: &Lang,
    ) -> Result<AnalysisBoard, ApiError> {
        let spec = variant.spec();
        let view = BoardView::new(variant, position, viewer, last_move);
        let mut board = BoardHtml::new(
            &view,
            &Play {
                interactive: true,
                lang: Some(lang),
                ..Play::default()
            },
        );
        board.script_only = true;
        let board_html = board.to_html().map_err(ApiError::internal_from)?;
        let seats: Vec<String> = (0..spec.players())
            .map(|s| lang.seat_name(spec.seat_name(Player::new(s))))
            .collect();
        let teams: Vec<String> = (0..2).map(|t| lang.team_name(spec.team_name(Team::new(t)))).collect();
        Ok(AnalysisBoard {
            heading: lang.text("game-page-analysis-board"),
            variant: variant.id(),
            options: options.iter().map(|o| o.id()).collect::<Vec<_>>().join(","),
            board_html,
            line_json: json(&Line { fens, moves }),
            start,
            game_id: None,
            saved_json: String::new(),
            can_save: false,
            seats_json: json(&seats),
            teams_json: json(&teams),
            promotion_names: spec
                .pieces
                .iter()
                .map(|k| (k.letter.to_ascii_lowercase(), lang.piece_name(variant, k)))
                .collect(),
        })
    }
}

/// JSON text of page data (serialising these plain lists and maps cannot fail; `null` if
/// it did).
fn json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// A game on the standalone page's picker.
#[derive(Debug, Clone)]
struct GameChoice {
    id: &'static str,
    name: String,
    selected: bool,
}

#[derive(Template, WebTemplate)]
#[template(path = "analysis.html")]
struct AnalysisPage {
    ctx: Ctx,
    games: Vec<GameChoice>,
    /// Each game's options, from its spec.
    option_groups: Vec<super::view::OptionGroup>,
    variant_name: String,
    /// The position string as typed (empty: the start).
    fen: String,
    analysis: Option<AnalysisBoard>,
}

/// `/analysis?variant=nowan&fen=…&options=jumping,promotion` (the form's checkboxes send
/// `option=…` once each).
async fn standalone(
    State(state): State<AppState>,
    ctx: Ctx,
    Query(params): Query<Vec<(String, String)>>,
) -> PageResult<AnalysisPage> {
    let mut variant_id = None;
    let mut fen = String::new();
    let mut ids: Vec<String> = Vec::new();
    for (key, value) in params {
        match key.as_str() {
            "variant" => variant_id = Some(value),
            "fen" => fen = value.trim().to_owned(),
            "options" => ids.extend(value.split(',').filter(|s| !s.is_empty()).map(str::to_owned)),
            "option" => ids.push(value),
            _ => {}
        }
    }
    let variant: Variant = variant_id
        .as_deref()
        .unwrap_or(Variant::Nowan.id())
        .parse()
        .map_err(|e: herald_rules::UnknownVariant| ApiError::bad_request("invalid_variant", e.to_string()))?;
    let options = Options::parse(variant, ids.iter().map(String::as_str))
        .map_err(|e| ApiError::bad_request("invalid_option", e.to_string()))?;
    if fen.len() > MAX_FEN {
        return Err(ApiError::bad_request(
            "invalid_position",
            format!("a position string is at most {MAX_FEN} characters"),
        )
        .into());
    }
    let game = if fen.is_empty() {
        state.rules.load(variant, options, &[])
    } else {
        state.rules.setup(variant, options, &fen)
    }
    .map_err(|e| {
        ApiError::bad_request(
            "invalid_position",
            format!("this is not a {} position: {e}", variant.name()),
        )
    })?;
    let fens = [game.fen()];
    let mut analysis = AnalysisBoard::new(variant, options, game.as_ref(), None, None, &fens, &[], 0, &ctx.lang)?;
    let game_name = ctx.lang.game_name(variant);
    analysis.heading = ctx.lang.text_with(
        if fen.is_empty() {
            "analysis-heading-start"
        } else {
            "analysis-heading-set-up"
        },
        &[("game", FluentValue::from(game_name.as_str()))],
    );
    let option_groups = super::view::option_groups(&ctx.lang, |_| "option".to_owned(), |o| options.contains(o));
    Ok(AnalysisPage {
        games: Variant::ALL
            .iter()
            .map(|v| GameChoice {
                id: v.id(),
                name: ctx.lang.game_name(*v),
                selected: *v == variant,
            })
            .collect(),
        option_groups,
        variant_name: game_name,
        ctx,
        fen,
        analysis: Some(analysis),
    })
}

/// `/analysis`.
pub fn router() -> Router<AppState> {
    Router::new().route("/analysis", get(standalone))
}
