//! Rules pages: `/rules` lists the games of the registry, `/rules/{variant}` explains one,
//! with its start position drawn by the board component, each piece's moves computed by
//! the rules engine ([`crate::domain::board::diagram`]), and the game's own text from
//! `templates/rules/{id}.html` and `{id}_special.html`. An unknown game is a 404; a game
//! without its text is an error, never another game's rules.

use std::borrow::Cow;

use askama::Template;
use askama::filters::Safe;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use herald_rules::{GameSpec, Options, Variant};
use rust_embed::RustEmbed;

use super::{Ctx, PageError, PageResult};
use crate::domain::board::BoardView;
use crate::domain::board::diagram::{Rendered, render_diagram};
use crate::domain::board::html::{BoardHtml, Play};
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// Each game's rules text: trusted HTML written with the game, compiled in.
#[derive(RustEmbed)]
#[folder = "../../templates/rules/"]
struct RulesTexts;

#[derive(Template, WebTemplate)]
#[template(path = "rules_index.html")]
struct RulesIndex {
    ctx: Ctx,
    games: Vec<&'static GameSpec>,
}

#[derive(Template, WebTemplate)]
#[template(path = "rules_variant.html")]
struct RulesPage {
    ctx: Ctx,
    name: &'static str,
    /// The game's introduction (board, pieces, setup), before the start position.
    intro: Safe<String>,
    start: BoardHtml,
    diagrams: Vec<Rendered>,
    /// The move list's letters: (letter, or empty for pawns; piece name).
    letters: Vec<(String, &'static str)>,
    /// A move as typed and as written (`b1c3`, `H b1-c3`).
    example: Option<(String, String)>,
    /// The game's special rules and end of game, after the diagrams.
    special: Safe<String>,
    /// What results score and count for in a rating, from the registry.
    scoring: String,
}

/// The text `name` of the game's rules page.
fn text(spec: &GameSpec, part: &str) -> Result<Safe<String>, ApiError> {
    let file = format!("{}{part}.html", spec.id);
    let embedded = RulesTexts::get(&file).ok_or_else(|| ApiError::internal(format!("no rules text {file}")))?;
    let text = match String::from_utf8_lossy(&embedded.data) {
        Cow::Borrowed(text) => text.to_owned(),
        Cow::Owned(text) => text,
    };
    Ok(Safe(text))
}

async fn index(ctx: Ctx) -> PageResult<RulesIndex> {
    let games = Variant::ALL.into_iter().map(Variant::spec).collect();
    Ok(RulesIndex { ctx, games })
}

async fn page(State(state): State<AppState>, ctx: Ctx, Path(id): Path<String>) -> PageResult<RulesPage> {
    let variant: Variant = id
        .parse()
        .map_err(|_| PageError::not_found("Herald has no game by that name."))?;
    let spec = variant.spec();
    let rules = state.rules.as_ref();
    let internal = |what: &str, e: Box<dyn std::error::Error + Send + Sync>| {
        PageError::from(ApiError::Internal(Box::new(crate::web::error::While::new(
            format!("the {variant} rules page: {what}"),
            e,
        ))))
    };
    let diagrams = spec
        .diagrams
        .iter()
        .map(|d| render_diagram(rules, variant, d).map_err(|e| internal(d.title, Box::new(e))))
        .collect::<PageResult<Vec<_>>>()?;
    let start = rules
        .load(variant, Options::NONE, &[])
        .map_err(|e| internal("start position", Box::new(e)))?;
    let board = BoardView::new(variant, start.as_ref(), None, None);
    Ok(RulesPage {
        ctx,
        name: spec.name,
        intro: text(spec, "")?,
        start: BoardHtml::new(&board, &Play::default()),
        diagrams,
        special: text(spec, "_special")?,
        example: crate::domain::board::notation::example(rules, variant),
        scoring: super::help::scoring_text(&spec.scoring, spec.draw_by_agreement),
        letters: crate::domain::board::notation::letters(variant)
            .into_iter()
            .map(|(l, name)| (l.map_or_else(String::new, String::from), name))
            .collect(),
    })
}

/// `/rules` and `/rules/{variant}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/rules", get(index))
        .route("/rules/{variant}", get(page))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_brings_its_own_rules_text() {
        let mut seen = std::collections::HashSet::new();
        for variant in Variant::ALL {
            for part in ["", "_special"] {
                let text = text(variant.spec(), part).unwrap().0;
                assert!(text.len() > 100, "{variant}{part}");
                assert!(seen.insert(text), "{variant}{part} is another game's text");
            }
        }
        // Nothing else lives there: each file is one game's.
        for file in RulesTexts::iter() {
            let id = file.trim_end_matches(".html").trim_end_matches("_special");
            assert!(id.parse::<Variant>().is_ok(), "{file} belongs to no game");
        }
    }
}
