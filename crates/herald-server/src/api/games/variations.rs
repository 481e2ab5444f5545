//! Saved analysis variations on a game: any signed-in user keeps one variation tree per
//! game, seen by nobody else; every move of it is checked by the rules engine from the
//! game's position where it branches off. A player publishes theirs with their notes once
//! the game is over (`games::notes::publish`), and the game's PGN then carries them as
//! variations.
//!
//! A tree is a flat list of nodes, each a move: a first move names the game's ply it is
//! played from (`at`: the position after that many moves of the game), any other move the
//! earlier node it follows (`parent`, an index in the list). Moves following the same node
//! are alternatives, the first of them the main continuation.

use std::collections::{BTreeMap, HashSet};

use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::domain::rules::{GameState, MoveRejection};
use crate::web::auth::AuthUser;
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// The longest stored tree, in bytes of its JSON text (under the request body limit, so a
/// tree too large is told so by this service, not cut off by the server).
pub const MAX_TREE_BYTES: usize = 32 * 1024;

/// The most moves in a tree.
pub const MAX_NODES: usize = 2_000;

/// One move of a variation tree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariationNode {
    /// A first move: the number of the game's moves before it (0: from the start; at most
    /// the game's ply). Exactly one of `at` and `parent` is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub at: Option<i64>,
    /// A later move: the index of the node it follows, earlier in the list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0)]
    pub parent: Option<usize>,
    /// The move in canonical notation (`e2e4`, `c9c10q`, `pass`).
    #[serde(rename = "move")]
    #[schema(max_length = 16)]
    pub text: String,
}

/// My variation tree on a game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Variations {
    /// The moves, each after its parent (empty: none kept).
    pub nodes: Vec<VariationNode>,
    pub updated_at: Option<i64>,
    /// Set while the tree is published (with my notes, after the game).
    pub published_at: Option<i64>,
}

/// A tree to keep, replacing the one kept; no nodes removes it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VariationsBody {
    pub nodes: Vec<VariationNode>,
}

/// How a tree is stored.
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    nodes: Vec<VariationNode>,
}

/// The nodes of a stored tree (none if the text is not a tree: it was validated when
/// written, so this does not happen).
#[must_use]
pub fn parse_tree(text: &str) -> Vec<VariationNode> {
    serde_json::from_str::<Stored>(text)
        .map(|s| s.nodes)
        .unwrap_or_default()
}

/// A stored tree without the moves branching from the game's positions after ply `ply`
/// (and everything following them), for a takeback that removed those positions: `None`
/// when nothing goes, `Some(None)` when nothing is left, else the tree left as stored text.
#[must_use]
pub fn prune_after(text: &str, ply: i64) -> Option<Option<String>> {
    let nodes = parse_tree(text);
    // Parents come earlier in the list: one pass decides each node and renumbers it.
    let mut index: Vec<Option<usize>> = Vec::with_capacity(nodes.len());
    let mut kept = Vec::new();
    for node in &nodes {
        let keep = match (node.at, node.parent) {
            (Some(at), _) => at <= ply,
            (None, Some(parent)) => index.get(parent).copied().flatten().is_some(),
            (None, None) => false,
        };
        if keep {
            index.push(Some(kept.len()));
            kept.push(VariationNode {
                parent: node.parent.and_then(|p| index.get(p).copied().flatten()),
                ..node.clone()
            });
        } else {
            index.push(None);
        }
    }
    if kept.len() == nodes.len() {
        return None;
    }
    if kept.is_empty() {
        return Some(None);
    }
    Some(serde_json::to_string(&Stored { nodes: kept }).ok())
}

fn invalid(index: usize, why: &str) -> ApiError {
    ApiError::bad_request("invalid_variation", format!("node {index}: {why}"))
}

/// The game's position after each ply in `wanted`, replaying `moves` once from the start
/// (record entries that are no plain move, a Chatrang player leaving, are replayed by the
/// rules' loader).
///
/// # Errors
/// The game no longer replays (500).
pub fn positions_at(
    state: &AppState,
    variant: herald_rules::Variant,
    options: herald_rules::Options,
    moves: &[String],
    wanted: &HashSet<usize>,
) -> ApiResult<BTreeMap<usize, Box<dyn GameState>>> {
    let replay_error =
        |e: crate::domain::rules::RulesError| ApiError::internal_while("replaying a game for its variations", e);
    let mut out = BTreeMap::new();
    let Some(&last) = wanted.iter().max() else {
        return Ok(out);
    };
    let mut game = state.rules.load(variant, options, &[]).map_err(replay_error)?;
    for ply in 0..=last.min(moves.len()) {
        if wanted.contains(&ply) {
            out.insert(ply, game.boxed_clone());
        }
        if let Some(text) = moves.get(ply)
            && ply < last
            && game.play(text).is_err()
        {
            game = state
                .rules
                .load(variant, options, moves.get(..=ply).unwrap_or(moves))
                .map_err(replay_error)?;
        }
    }
    Ok(out)
}

/// The position string after each ply of the game whose record is `moves` (the start
/// first), for the analysis board's trunk.
///
/// # Errors
/// The game no longer replays (500).
pub fn line_fens(
    state: &AppState,
    variant: herald_rules::Variant,
    options: herald_rules::Options,
    moves: &[String],
) -> ApiResult<Vec<String>> {
    let replay_error =
        |e: crate::domain::rules::RulesError| ApiError::internal_while("replaying a game for its analysis", e);
    let mut game = state.rules.load(variant, options, &[]).map_err(replay_error)?;
    let mut fens = Vec::with_capacity(moves.len() + 1);
    fens.push(game.fen());
    for (ply, text) in moves.iter().enumerate() {
        if game.play(text).is_err() {
            game = state
                .rules
                .load(variant, options, moves.get(..=ply).unwrap_or(moves))
                .map_err(replay_error)?;
        }
        fens.push(game.fen());
    }
    Ok(fens)
}

/// Checks `nodes` against the game whose moves are `moves` and returns them with every move
/// in canonical form.
///
/// # Errors
/// 400 `invalid_variation` (a node with both or neither of `at` and `parent`, a parent
/// that is not earlier, the same move twice after one node, too many nodes), `invalid_ply`
/// (`at` outside the game), `invalid_move` (not a move); 422 `illegal_move` (with the rules'
/// reason).
pub fn validate(
    state: &AppState,
    variant: herald_rules::Variant,
    options: herald_rules::Options,
    moves: &[String],
    nodes: &[VariationNode],
) -> ApiResult<Vec<VariationNode>> {
    if nodes.len() > MAX_NODES {
        return Err(ApiError::bad_request(
            "variations_too_large",
            format!("a tree has at most {MAX_NODES} moves"),
        ));
    }
    let mut wanted = HashSet::new();
    for (index, node) in nodes.iter().enumerate() {
        match (node.at, node.parent) {
            (Some(at), None) => {
                let at = usize::try_from(at).ok().filter(|&a| a <= moves.len()).ok_or_else(|| {
                    ApiError::bad_request(
                        "invalid_ply",
                        format!(
                            "node {index}: a variation starts from the game's position after 0 to {} moves",
                            moves.len()
                        ),
                    )
                })?;
                wanted.insert(at);
            }
            (None, Some(parent)) if parent < index => {}
            (None, Some(_)) => return Err(invalid(index, "its parent must be an earlier node")),
            _ => return Err(invalid(index, "give either `at` or `parent`")),
        }
    }
    let starts = positions_at(state, variant, options, moves, &wanted)?;
    let mut positions: Vec<Box<dyn GameState>> = Vec::with_capacity(nodes.len());
    let mut out = Vec::with_capacity(nodes.len());
    let mut seen: HashSet<(Option<i64>, Option<usize>, String)> = HashSet::new();
    for (index, node) in nodes.iter().enumerate() {
        let before = match (node.at, node.parent) {
            (Some(at), _) => usize::try_from(at).ok().and_then(|a| starts.get(&a)),
            (_, Some(parent)) => positions.get(parent),
            _ => None,
        }
        .ok_or_else(|| invalid(index, "no position to play it from"))?;
        let mut after = before.boxed_clone();
        let text = match after.play(node.text.trim()) {
            Ok(text) => text,
            Err(MoveRejection::Syntax(message)) => {
                return Err(ApiError::bad_request(
                    "invalid_move",
                    format!("node {index}: {message}"),
                ));
            }
            Err(MoveRejection::Illegal { code, message }) => {
                return Err(ApiError::IllegalMove {
                    reason: code,
                    message: format!("node {index} ({}): {message}", node.text),
                });
            }
        };
        if !seen.insert((node.at, node.parent, text.clone())) {
            return Err(invalid(index, "the same move twice from one position"));
        }
        positions.push(after);
        out.push(VariationNode {
            at: node.at,
            parent: node.parent,
            text,
        });
    }
    Ok(out)
}

/// `user`'s variations on game `id`.
///
/// # Errors
/// 404 unknown game.
pub async fn mine(state: &AppState, id: &str, user: &AuthUser) -> ApiResult<Variations> {
    super::load::game_row(state, id).await?;
    Ok(match state.db.variations(id, user.id).await? {
        Some(row) => Variations {
            nodes: parse_tree(&row.tree),
            updated_at: Some(row.updated_at),
            published_at: row.published_at,
        },
        None => Variations {
            nodes: Vec::new(),
            updated_at: None,
            published_at: None,
        },
    })
}

/// Replaces `user`'s variations on game `id` with `nodes` (none: removes them), each move
/// checked from the game's position where it branches off. A tree saved again is private
/// again until published anew.
///
/// # Errors
/// 404 unknown game; 400 `variations_too_large` and the codes of [`validate`].
pub async fn save(state: &AppState, user: &AuthUser, id: &str, nodes: &[VariationNode]) -> ApiResult<Variations> {
    let too_large = || {
        ApiError::bad_request(
            "variations_too_large",
            format!("a tree is at most {MAX_TREE_BYTES} bytes of JSON"),
        )
    };
    let game = super::load::load(state, id).await?;
    // Measured as sent before the engine checks a move of it, and as stored after.
    if serde_json::to_string(nodes).map_err(ApiError::internal_from)?.len() > MAX_TREE_BYTES {
        return Err(too_large());
    }
    let nodes = validate(state, game.variant, game.options, &game.moves, nodes)?;
    let text = if nodes.is_empty() {
        None
    } else {
        let text = serde_json::to_string(&Stored { nodes }).map_err(ApiError::internal_from)?;
        if text.len() > MAX_TREE_BYTES {
            return Err(too_large());
        }
        Some(text)
    };
    state
        .db
        .save_variations(id, user.id, text.as_deref(), state.now())
        .await?;
    mine(state, id, user).await
}

/// My variation tree on a game (nobody else's, whoever asks).
#[utoipa::path(get, path = "/games/{id}/variations", tag = "variations", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Variations), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn get_variations(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<Variations>> {
    Ok(ApiJson(mine(&state, &id, &user).await?))
}

/// Replace my variation tree on a game (no nodes: remove it). Every move is checked from
/// the game's position where its line branches off; at most 2,000 moves and 32 KB. Errors:
/// 400 `invalid_variation`, `invalid_ply`, `invalid_move`, `variations_too_large`; 422
/// `illegal_move`. Published with my notes after the game (`POST /games/{id}/notes/publish`);
/// saved again, it is private until published anew.
#[utoipa::path(put, path = "/games/{id}/variations", tag = "variations", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = VariationsBody,
    responses((status = 200, body = Variations), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn put_variations(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<VariationsBody>,
) -> ApiResult<ApiJson<Variations>> {
    Ok(ApiJson(save(&state, &user, &id, &body.nodes).await?))
}

/// `/games/{id}/variations`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_variations, put_variations))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(at: Option<i64>, parent: Option<usize>, text: &str) -> VariationNode {
        VariationNode {
            at,
            parent,
            text: text.to_owned(),
        }
    }

    fn stored(nodes: Vec<VariationNode>) -> String {
        serde_json::to_string(&Stored { nodes }).unwrap()
    }

    #[test]
    fn a_takeback_prunes_the_lines_from_the_removed_position() {
        let tree = stored(vec![
            node(Some(2), None, "a1a2"),
            node(Some(3), None, "b1b2"),
            node(None, Some(1), "c1c2"),
            node(None, Some(0), "d1d2"),
            node(None, Some(2), "e1e2"),
        ]);
        // Nothing branches after ply 3: unchanged.
        assert_eq!(prune_after(&tree, 3), None);
        // The branch at ply 3 and its moves go; the parents are renumbered.
        let left = prune_after(&tree, 2).unwrap().unwrap();
        assert_eq!(
            parse_tree(&left),
            [node(Some(2), None, "a1a2"), node(None, Some(0), "d1d2")]
        );
        assert_eq!(prune_after(&tree, 1), Some(None));
    }
}
