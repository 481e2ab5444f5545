//! The player directory: players by the start of their name, case-insensitive, in
//! alphabetical order, a page at a time (the API here; `pages::players` shows the same).

use axum::extract::State;
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::web::auth::MaybeAuthUser;
use crate::web::error::{ApiError, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// Players per page when the client does not say.
pub const DEFAULT_LIMIT: i64 = 50;

/// A player in the directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct PlayerEntry {
    pub username: String,
    /// When the account was made (UTC epoch ms).
    pub member_since: i64,
}

/// A page of the directory, and the key to continue after when there are more.
#[derive(Debug, Clone)]
pub struct DirectoryPage {
    pub players: Vec<PlayerEntry>,
    pub next_after: Option<String>,
}

/// Players whose name starts with `prefix` (any case), after the username key `after`.
///
/// # Errors
/// 400 `bad_query` for a prefix or cursor no username could have; the database fails.
pub async fn directory(state: &AppState, prefix: &str, after: &str, limit: i64) -> ApiResult<DirectoryPage> {
    let allowed = |text: &str| {
        text.len() <= 20
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
    };
    if !allowed(prefix) || !allowed(after) {
        return Err(ApiError::bad_request(
            "bad_query",
            "a name holds at most 20 letters, digits, '_' and '-'",
        ));
    }
    let mut rows = state
        .db
        .players_by_prefix(&prefix.to_ascii_lowercase(), &after.to_ascii_lowercase(), limit + 1)
        .await?;
    let more = rows.len() > usize::try_from(limit).unwrap_or(0);
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(DirectoryPage {
        next_after: more.then(|| rows.last().map(|r| r.username_key.clone())).flatten(),
        players: rows
            .into_iter()
            .map(|r| PlayerEntry {
                username: r.username,
                member_since: r.created_at,
            })
            .collect(),
    })
}

/// Which players.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DirectoryQuery {
    /// The start of the name, any case (empty or absent: everyone).
    #[param(pattern = "^[A-Za-z0-9_-]{0,20}$")]
    pub prefix: Option<String>,
    /// Players per page (default 50).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Continue after this name: the `after` of the previous answer's
    /// `Link: <…>; rel="next"` header.
    #[param(pattern = "^[A-Za-z0-9_-]{0,20}$")]
    pub after: Option<String>,
}

/// The player directory: players whose name starts with `prefix`, alphabetically, with a
/// `Link: <…>; rel="next"` header while more follow.
#[utoipa::path(get, path = "/users", tag = "ratings", params(DirectoryQuery),
    responses((status = 200, body = Vec<PlayerEntry>,
            headers(("Link" = String, description = "`<…>; rel=\"next\"`: the next page"))),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
async fn list_players(
    State(state): State<AppState>,
    _caller: MaybeAuthUser,
    ApiQuery(query): ApiQuery<DirectoryQuery>,
) -> ApiResult<Response> {
    let limit = crate::api::games::paging::limit(query.limit)?;
    let prefix = query.prefix.unwrap_or_default();
    let page = directory(&state, &prefix, query.after.as_deref().unwrap_or(""), limit).await?;
    let mut response = ApiJson(page.players).into_response();
    if let Some(after) = page.next_after {
        let link = format!("</api/v1/users?prefix={prefix}&limit={limit}&after={after}>; rel=\"next\"");
        if let Ok(value) = HeaderValue::from_str(&link) {
            response.headers_mut().insert(axum::http::header::LINK, value);
        }
    }
    Ok(response)
}

/// The directory's route under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_players))
}
