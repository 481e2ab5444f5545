//! Rules pages: `/rules` lists the games of the registry, `/rules/{variant}` explains one,
//! with its start position drawn by the board component, each piece's moves computed by
//! the rules engine ([`crate::domain::board::diagram`]), and the game's own text from
//! `templates/rules/{id}.html` and `{id}_special.html` (templates whose words are the
//! catalogue's, `locales/*/rules.ftl`). An unknown game is a 404; every game has its text
//! (the match below is exhaustive), never another game's rules.

use askama::Template;
use askama::filters::Safe;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{Options, Variant};

use super::view::escaped;
use super::{Ctx, PageError, PageResult};
use crate::domain::board::BoardView;
use crate::domain::board::diagram::{Rendered, render_diagram};
use crate::domain::board::html::{BoardHtml, Play};
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// One game in the list: its id (the link), its name and its board and players in words.
struct IndexGame {
    id: &'static str,
    name: String,
    summary: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "rules_index.html")]
struct RulesIndex {
    ctx: Ctx,
    games: Vec<IndexGame>,
}

#[derive(Template, WebTemplate)]
#[template(path = "rules_variant.html")]
struct RulesPage {
    ctx: Ctx,
    /// The game's name in the reader's language.
    name: String,
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

impl RulesPage {
    /// "For example, the opening move typed `b1c3` is written `H b1-c3`."
    fn example_html(&self, typed: &str, written: &str) -> String {
        self.ctx.lang.text_with(
            "rules-notation-example-html",
            &[
                ("typed", FluentValue::from(escaped(typed))),
                ("written", FluentValue::from(escaped(written))),
            ],
        )
    }

    /// The scoring paragraph: the game's name and its scoring in words.
    fn scoring_html(&self) -> String {
        self.ctx.lang.plain_with(
            "rules-scoring-html",
            &[
                ("game", FluentValue::from(escaped(&self.name))),
                ("scoring", FluentValue::from(escaped(&self.scoring))),
            ],
        )
    }
}

// Each game's own text, in two parts: before the start position and after the pieces.
#[derive(Template)]
#[template(path = "rules/nowan.html")]
struct NowanIntro<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/nowan_special.html")]
struct NowanSpecial<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/not-chess.html")]
struct NotChessIntro<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/not-chess_special.html")]
struct NotChessSpecial<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/chatrang.html")]
struct ChatrangIntro<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/chatrang_special.html")]
struct ChatrangSpecial<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/ancient.html")]
struct AncientIntro<'a> {
    ctx: &'a Ctx,
}

#[derive(Template)]
#[template(path = "rules/ancient_special.html")]
struct AncientSpecial<'a> {
    ctx: &'a Ctx,
}

/// The game's two texts (introduction, special rules) in the reader's language.
fn texts(ctx: &Ctx, variant: Variant) -> Result<(Safe<String>, Safe<String>), ApiError> {
    let (intro, special) = match variant {
        Variant::Nowan => (NowanIntro { ctx }.render(), NowanSpecial { ctx }.render()),
        Variant::NotChess => (NotChessIntro { ctx }.render(), NotChessSpecial { ctx }.render()),
        Variant::Chatrang => (ChatrangIntro { ctx }.render(), ChatrangSpecial { ctx }.render()),
        Variant::Ancient => (AncientIntro { ctx }.render(), AncientSpecial { ctx }.render()),
    };
    let failed = |e: askama::Error| ApiError::internal(format!("the {variant} rules text: {e}"));
    Ok((Safe(intro.map_err(&failed)?), Safe(special.map_err(&failed)?)))
}

async fn index(ctx: Ctx) -> PageResult<RulesIndex> {
    let games = Variant::ALL
        .into_iter()
        .map(|variant| {
            let spec = variant.spec();
            IndexGame {
                id: spec.id,
                name: ctx.lang.game_name(variant),
                summary: ctx.lang.plain_with(
                    "rules-index-game",
                    &[
                        ("files", FluentValue::from(i64::from(spec.files))),
                        ("ranks", FluentValue::from(i64::from(spec.ranks))),
                        ("players", FluentValue::from(i64::from(spec.players()))),
                    ],
                ),
            }
        })
        .collect();
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
        .enumerate()
        .map(|(n, d)| {
            let mut rendered = render_diagram(rules, variant, d).map_err(|e| internal(d.title, Box::new(e)))?;
            // The registry's words in the page's language (`diagram-<game>-<n>-…`).
            rendered.title = ctx.lang.diagram_text(variant, n, "title", d.title);
            rendered.text = ctx.lang.diagram_text(variant, n, "text", d.text);
            Ok(rendered)
        })
        .collect::<PageResult<Vec<_>>>()?;
    let start = rules
        .load(variant, Options::NONE, &[])
        .map_err(|e| internal("start position", Box::new(e)))?;
    let board = BoardView::new(variant, start.as_ref(), None, None);
    let (intro, special) = texts(&ctx, variant)?;
    let name = ctx.lang.game_name(variant);
    let scoring = super::help::scoring_text(&ctx.lang, &spec.scoring, spec.draw_by_agreement);
    Ok(RulesPage {
        ctx,
        name,
        intro,
        start: BoardHtml::new(&board, &Play::default()),
        diagrams,
        special,
        example: crate::domain::board::notation::example(rules, variant),
        scoring,
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
        let ctx = Ctx::bare();
        let mut seen = std::collections::HashSet::new();
        for variant in Variant::ALL {
            let (intro, special) = texts(&ctx, variant).unwrap();
            for (part, text) in [("", intro.0), ("_special", special.0)] {
                assert!(text.len() > 100, "{variant}{part}");
                assert!(seen.insert(text), "{variant}{part} is another game's text");
            }
        }
        // Nothing else lives there: each file is one game's.
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates/rules");
        for entry in std::fs::read_dir(dir).unwrap() {
            let file = entry.unwrap().file_name().to_string_lossy().into_owned();
            let id = file.trim_end_matches(".html").trim_end_matches("_special");
            assert!(id.parse::<Variant>().is_ok(), "{file} belongs to no game");
        }
    }
}
