//! The analysis board's rules service: for any position of any game, its legal moves (as an
//! origin-to-destinations map and in canonical form) and what each move leads to, exactly
//! as the rules engine says, with the pieces to draw it. Answers are cached by game,
//! options and position.

use std::collections::BTreeMap;
use std::sync::{Arc, LazyLock};

use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use herald_rules::{Options, Outcome, Player, Team, Variant};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::game_states::GameResult;
use crate::domain::rules::{GameState, Rules};
use crate::web::error::{ApiError, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// How a position's game stands once it is over.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Ending {
    /// `1-0`, `0-1` (by team: the first team to move is the first number) or `1/2-1/2`.
    #[schema(value_type = String)]
    pub result: GameResult,
    /// The winning team (0 moves first), none for a draw.
    #[schema(value_type = Option<u8>)]
    pub winner_team: Option<Team>,
    /// Why, as the game's rules name it (`checkmate`, `king_captured`, `stalemate`…).
    pub reason: String,
}

/// Where a move leads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct After {
    /// The move as the move list writes it (`H b1-c3`, `c9xc10=Q`, `pass`).
    pub written: String,
    /// The position string after the move.
    pub fen: String,
    /// The seat to move then (0-based).
    #[schema(value_type = u8)]
    pub turn: Player,
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
    #[schema(value_type = crate::domain::game_states::VariantId)]
    pub variant: Variant,
    pub options: Vec<String>,
    /// The position string (as the engine writes it).
    pub fen: String,
    /// The seat to move (0-based).
    #[schema(value_type = u8)]
    pub turn: Player,
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

/// The most the answers kept in memory may weigh (their keys and bodies, in bytes).
pub const CACHE_BYTES: u64 = 32 << 20;

/// A cached answer's key: the game, its options and the position string as the engine
/// writes it (so spellings of one position share one entry).
type Key = (Variant, Options, String);

/// Weighs an answer by the bytes it holds, plus a little for the entry itself.
#[derive(Debug, Clone, Copy)]
struct Bytes;

impl quick_cache::Weighter<Key, Arc<str>> for Bytes {
    fn weight(&self, key: &Key, body: &Arc<str>) -> u64 {
        u64::try_from(key.2.len() + body.len() + 64).unwrap_or(u64::MAX)
    }
}

/// Serialised answers by (game, options, position): a board replaying a game asks for the
/// same positions again and again, and every answer is a pure function of its key. The
/// cache is bounded by the bytes it holds, not by a count of entries: anyone may ask for
/// any position, and answers differ in size by two orders of magnitude.
#[derive(Debug)]
pub struct AnswerCache(quick_cache::sync::Cache<Key, Arc<str>, Bytes>);

impl AnswerCache {
    /// A cache of at most `bytes`.
    #[must_use]
    pub fn new(bytes: u64) -> AnswerCache {
        // The estimate sizes the table: a typical answer weighs a few kilobytes.
        let estimate = usize::try_from(bytes / 4096).unwrap_or(usize::MAX).max(16);
        AnswerCache(quick_cache::sync::Cache::with_weighter(estimate, bytes, Bytes))
    }

    /// How many answers are kept, and what they weigh.
    #[must_use]
    pub fn usage(&self) -> (usize, u64) {
        (self.0.len(), self.0.weight())
    }

    /// The serialised analysis of position `fen` (the start when blank), from the cache
    /// when that position (however spelt) was analysed before.
    ///
    /// # Errors
    /// 400 `invalid_position`; a rules bug: 500.
    pub fn answer(&self, rules: &dyn Rules, variant: Variant, options: Options, fen: &str) -> ApiResult<Arc<str>> {
        // Parsing is cheap next to the analysis (every move played), and keying by the
        // parsed position keeps a thousand spellings of one position from taking a thousand
        // entries.
        let game = if fen.trim().is_empty() {
            rules.load(variant, options, &[])
        } else {
            rules.setup(variant, options, fen.trim())
        }
        .map_err(|e| ApiError::bad_request("invalid_position", e.to_string()))?;
        let key = (variant, options, game.fen());
        if let Some(body) = self.0.get(&key) {
            return Ok(body);
        }
        let analysis = analyse(variant, options, game.as_ref())?;
        let body: Arc<str> = serde_json::to_string(&analysis)
            .map_err(|e| ApiError::Internal(e.into()))?
            .into();
        self.0.insert(key, Arc::clone(&body));
        Ok(body)
    }
}

static CACHE: LazyLock<AnswerCache> = LazyLock::new(|| AnswerCache::new(CACHE_BYTES));

fn ending(outcome: Option<Outcome>) -> Option<Ending> {
    outcome.map(|o| {
        let result = GameResult::from(o);
        Ending {
            result,
            winner_team: result.winner(),
            reason: o.reason().id().to_owned(),
        }
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
                written: crate::domain::board::notation::written(variant, game, next.as_ref(), mv),
                fen: next.fen(),
                turn: next.turn(),
                ending: ending(next.outcome()),
            },
        );
    }
    let board = crate::domain::board::BoardView::new(variant, game, None, None);
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

/// The game, options and position string a request names (the position not yet parsed).
///
/// # Errors
/// 400 `invalid_variant`, `invalid_option`, or `invalid_position` for a string too long.
pub(crate) fn requested(variant: &str, query: PositionQuery) -> ApiResult<(Variant, Options, String)> {
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
    Ok((variant, options, fen))
}

/// A position's legal moves and where each leads, for the analysis board (any game, any
/// position string; public, cached, and limited per client like the archive).
#[utoipa::path(get, path = "/analysis/{variant}", tag = "analysis",
    params(("variant" = crate::domain::game_states::VariantId, Path), PositionQuery),
    responses((status = 200, body = Analysis), (status = 400, body = ErrorBody),
        (status = 429, description = "`rate_limited`: too many positions asked at once (see `Retry-After`)", body = ErrorBody)))]
async fn position(
    State(state): State<AppState>,
    ApiPath(variant): ApiPath<String>,
    ApiQuery(query): ApiQuery<PositionQuery>,
) -> ApiResult<Response> {
    let (variant, options, fen) = requested(&variant, query)?;
    let body = CACHE.answer(state.rules.as_ref(), variant, options, &fen)?;
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
