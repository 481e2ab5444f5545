//! Rules pages: `/rules` lists the four games, `/rules/{variant}` explains one, with its
//! start position drawn by the board component and each piece's moves computed by the
//! rules engine ([`crate::board::diagram`]).

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::Path;
use axum::routing::get;
use herald_rules::{AnyGame, Options, Variant};

use super::{Ctx, PageError, PageResult};
use crate::board::BoardView;
use crate::board::diagram::{Rendered, diagrams, render_diagram};
use crate::board::html::{Play, render};
use crate::error::ApiError;

#[derive(Template, WebTemplate)]
#[template(path = "rules_index.html")]
struct RulesIndex {
    ctx: Ctx,
    games: Vec<(&'static str, &'static str, String)>,
}

#[derive(Template, WebTemplate)]
#[template(path = "rules_variant.html")]
struct RulesPage {
    ctx: Ctx,
    variant: &'static str,
    name: &'static str,
    start_html: String,
    diagrams: Vec<Rendered>,
    /// The move list's letters: (letter, or empty for pawns; piece name).
    letters: Vec<(String, &'static str)>,
}

fn start_board(variant: Variant) -> PageResult<String> {
    let game = AnyGame::new(variant, Options::NONE, None).map_err(|e| ApiError::internal(e.to_string()))?;
    let board = BoardView::new(variant, Options::NONE, &game.fen(), None, None)
        .map_err(|e| ApiError::internal(e.to_string()))?;
    Ok(render(&board, &Play::default()))
}

async fn index(ctx: Ctx) -> PageResult<RulesIndex> {
    let games = Variant::ALL
        .iter()
        .map(|v| {
            let (files, ranks) = v.board_size();
            (v.id(), v.name(), format!("{files} by {ranks}, {} players", v.players()))
        })
        .collect();
    Ok(RulesIndex { ctx, games })
}

async fn page(ctx: Ctx, Path(id): Path<String>) -> PageResult<RulesPage> {
    let variant: Variant = id
        .parse()
        .map_err(|_| PageError::not_found("Herald has no game by that name."))?;
    let rendered = diagrams(variant)
        .iter()
        .map(|d| render_diagram(variant, d).map_err(|e| PageError::from(ApiError::internal(e.to_string()))))
        .collect::<PageResult<Vec<_>>>()?;
    Ok(RulesPage {
        ctx,
        variant: variant.id(),
        name: variant.name(),
        start_html: start_board(variant)?,
        diagrams: rendered,
        letters: crate::board::notation::letters(variant)
            .into_iter()
            .map(|(l, name)| (l.map_or_else(String::new, String::from), name))
            .collect(),
    })
}

/// `/rules` and `/rules/{variant}`.
pub fn router() -> Router<crate::state::AppState> {
    Router::new()
        .route("/rules", get(index))
        .route("/rules/{variant}", get(page))
}
