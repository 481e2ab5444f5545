//! The analysis board's rules service: for any position of any game, its legal moves (as an
//! origin-to-destinations map and in canonical form) and what each move leads to, exactly
//! as the rules engine says, with the pieces to draw it. Answers are cached by game,
//! options and position.

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use herald_rules::{Options, Outcome, Variant};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::games::result_text;
use crate::rules::GameState;
use crate::state::AppState;

/// How a position's game stands once it is over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Ending {
    /// `1-0`, `0-1` (by team: the first team to move is the first number) or `1/2-1/2`.
    pub result: String,
    /// The winning team (0 moves first), none for a draw.
    pub winner_team: Option<u8>,
    /// Why, as the game's rules name it (`checkmate`, `king_captured`, `stalemate`…).
    pub reason: String,
}

/// Where a move leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct After {
    /// The position string after the move.
    pub fen: String,
    /// The seat to move then (0-based).
    pub turn: u8,
    /// How the game ends with this move, if it does.
    pub ending: Option<Ending>,
}

/// A piece as the analysis board draws it (the game page's board draws it the same way).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PieceOn {
    /// The drawing's symbol in `/static/pieces.svg`.
    pub glyph: String,
    /// The CSS class that colours it (`army-white`).
    pub army: String,
    /// Words for it (`white knight`), for screen readers and tooltips.
    pub label: String,
}

/// A position as the analysis board needs it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Analysis {
    #[schema(value_type = crate::states::VariantId)]
    pub variant: Variant,
    pub options: Vec<String>,
    /// The position string (as the engine writes it).
    pub fen: String,
    /// The seat to move (0-based).
    pub turn: u8,
    /// Set when the game is over in this position (then there are no moves).
    pub ending: Option<Ending>,
    /// The legal moves in canonical form, sorted (`e2e4`, `c9c10q`, `pass`).
    pub moves: Vec<String>,
    /// Origin square -> destination squares of the legal moves (a promotion's choices are
    /// one destination; `pass` has no square and appears in `moves` only).
    pub dests: BTreeMap<String, Vec<String>>,
    /// Each legal move -> the position it leads to.
    pub after: BTreeMap<String, After>,
    /// The pieces by square, to draw the position.
    pub pieces: BTreeMap<String, PieceOn>,
    /// The squares of royal pieces attacked now.
    pub check: Vec<String>,
}

/// Which position: a game's start, or a position string; the game's options.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct PositionQuery {
    /// A position string of the game (its rules page defines it); the start when absent.
    pub fen: Option<String>,
    /// The game's option ids, comma-separated (Ancient chess: `ferz-forward,jumping`).
    pub options: Option<String>,
}

/// The longest position string accepted (Not Chess's 10x10 board with its counters fits in
/// well under this).
const MAX_FEN: usize = 300;

/// Answers by (game, options, position), serialised: a board replaying a game asks for the
/// same positions again and again, and every answer is a pure function of its key.
static CACHE: LazyLock<quick_cache::sync::Cache<(Variant, Options, String), Arc<str>>> =
    LazyLock::new(|| quick_cache::sync::Cache::new(20_000));

fn ending(outcome: Option<Outcome>) -> Option<Ending> {
    outcome.map(|o| Ending {
        result: result_text(o.winner()),
        winner_team: o.winner(),
        reason: o.reason().id().to_owned(),
    })
}

/// The origin and destination squares of a canonical move (`c9c10q` -> `c9`, `c10`); none
/// for a move without squares (`pass`).
fn squares(mv: &str) -> Option<(&str, &str)> {
    // A square is a letter and at least one digit.
    fn square(text: &str) -> Option<(&str, &str)> {
        let digits = text.get(1..)?.bytes().take_while(u8::is_ascii_digit).count();
        (text.as_bytes().first()?.is_ascii_lowercase() && digits > 0).then(|| text.split_at(1 + digits))
    }
    let (origin, rest) = square(mv)?;
    let (destination, _) = square(rest)?;
    Some((origin, destination))
}

/// The analysis of `game` (whose rules built it).
///
/// # Errors
/// A legal move the engine then refuses (a rules bug): 500, logged.
pub fn analyse(variant: Variant, options: Options, game: &dyn GameState) -> ApiResult<Analysis> {
    let moves = game.legal_moves();
    let mut dests: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut after = BTreeMap::new();
    for mv in &moves {
        if let Some((from, to)) = squares(mv) {
            let list = dests.entry(from.to_owned()).or_default();
            if !list.iter().any(|d| d == to) {
                list.push(to.to_owned());
            }
        }
        let mut next = game.boxed_clone();
        next.play(mv)
            .map_err(|e| ApiError::Internal(format!("legal move {mv} refused: {e:?}").into()))?;
        after.insert(
            mv.clone(),
            After {
                fen: next.fen(),
                turn: next.turn(),
                ending: ending(next.outcome()),
            },
        );
    }
    let board = crate::board::BoardView::new(variant, game, None, None);
    let mut pieces = BTreeMap::new();
    let mut check = Vec::new();
    for square in &board.squares {
        if let Some(piece) = &square.piece {
            pieces.insert(
                square.name.clone(),
                PieceOn {
                    glyph: piece.glyph.to_owned(),
                    army: piece.army.class.clone(),
                    label: piece.label.clone(),
                },
            );
        }
        if square.marks.contains(&"check") {
            check.push(square.name.clone());
        }
    }
    Ok(Analysis {
        pieces,
        check,
        variant,
        options: options.iter().map(|o| o.id().to_owned()).collect(),
        fen: game.fen(),
        turn: game.turn(),
        ending: ending(game.outcome()),
        moves,
        dests,
        after,
    })
}

/// A position's legal moves and where each leads, for the analysis board (any game, any
/// position string; public, cached).
#[utoipa::path(get, path = "/analysis/{variant}", tag = "analysis",
    params(("variant" = crate::states::VariantId, Path), PositionQuery),
    responses((status = 200, body = Analysis), (status = 400, body = ErrorBody)))]
async fn position(
    State(state): State<AppState>,
    ApiPath(variant): ApiPath<String>,
    ApiQuery(query): ApiQuery<PositionQuery>,
) -> ApiResult<Response> {
    let variant: Variant = variant
        .parse()
        .map_err(|e: herald_rules::UnknownVariant| ApiError::bad_request("invalid_variant", e.to_string()))?;
    let options = Options::parse(
        variant,
        query
            .options
            .as_deref()
            .unwrap_or("")
            .split(',')
            .filter(|s| !s.is_empty()),
    )
    .map_err(|e| ApiError::bad_request("invalid_option", e.to_string()))?;
    let fen = query.fen.unwrap_or_default();
    if fen.len() > MAX_FEN {
        return Err(ApiError::bad_request(
            "invalid_position",
            format!("a position string is at most {MAX_FEN} characters"),
        ));
    }
    let key = (variant, options, fen);
    let body = match CACHE.get(&key) {
        Some(body) => body,
        None => {
            let game = if key.2.trim().is_empty() {
                state.rules.load(variant, options, &[])
            } else {
                state.rules.setup(variant, options, key.2.trim())
            }
            .map_err(|e| ApiError::bad_request("invalid_position", e.to_string()))?;
            let analysis = analyse(variant, options, game.as_ref())?;
            let body: Arc<str> = serde_json::to_string(&analysis)
                .map_err(|e| ApiError::Internal(e.into()))?
                .into();
            CACHE.insert(key, Arc::clone(&body));
            body
        }
    };
    Ok((
        [
            (CONTENT_TYPE, "application/json"),
            (CACHE_CONTROL, "public, max-age=86400"),
        ],
        body.to_string(),
    )
        .into_response())
}

/// `/api/v1/analysis/{variant}`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(position))
}

#[cfg(test)]
mod tests {
    use super::squares;

    #[test]
    fn moves_split_into_their_squares() {
        assert_eq!(squares("e2e4"), Some(("e2", "e4")));
        assert_eq!(squares("a10a9"), Some(("a10", "a9")));
        assert_eq!(squares("c9c10q"), Some(("c9", "c10")));
        assert_eq!(squares("j10j9"), Some(("j10", "j9")));
        assert_eq!(squares("pass"), None);
        assert_eq!(squares("e2"), None);
        assert_eq!(squares("withdraw:2"), None);
    }
}
