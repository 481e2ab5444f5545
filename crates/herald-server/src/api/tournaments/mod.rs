//! Tournaments: round robins, Swiss events and Chatrang team events whose games are
//! ordinary Herald games. The JSON API lives here; people's actions in [`service`], the
//! rounds (start, next round, end) in [`rounds`], the pairing glue in [`plan`], the table
//! in [`table`], the event object in [`view`], what players are told in [`notices`].

pub mod live;
pub mod notices;
pub mod plan;
pub mod rounds;
pub mod service;
pub mod table;
pub mod view;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::games::clock::TimeoutPolicy;
use crate::api::games::paging;
use crate::domain::time_controls::TimeControl;
use crate::domain::tournament_states::{Entry, Format, TieBreakId, TournamentStatus};
use crate::storage::ListCursor;
use crate::web::auth::AuthUser;
use crate::web::error::{ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;
use view::{TournamentSummary, TournamentView};

/// A new tournament.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// 1 to 80 characters.
    pub name: String,
    /// The event's rules and notes for players, up to 2,000 characters.
    pub description: Option<String>,
    #[schema(value_type = crate::domain::game_states::VariantId)]
    pub variant: String,
    #[serde(default)]
    #[schema(value_type = Vec<crate::domain::game_states::GameOptionId>)]
    pub options: Vec<String>,
    /// `round_robin` (the default), `double_round_robin` or `swiss`.
    pub format: Option<Format>,
    /// Swiss only: 1 to 20 (default 5). Round robins have as many as the field needs.
    #[schema(minimum = 1, maximum = 20)]
    pub rounds: Option<i64>,
    #[schema(minimum = 1, maximum = 14)]
    pub days_per_move: Option<i64>,
    /// The clock of every game of the event, of any kind; used instead of
    /// `days_per_move` when given.
    pub time_control: Option<TimeControl>,
    pub timeout_policy: Option<TimeoutPolicy>,
    /// Whether the games count for ratings (default true).
    pub rated: Option<bool>,
    /// `open` (the default: anyone within the limits registers) or `invitation`.
    pub entry: Option<Entry>,
    /// Entrants (players, or Chatrang teams): round robins 3-30, Swiss 3-1,000.
    #[schema(minimum = 3, maximum = 1000)]
    pub min_entrants: Option<i64>,
    #[schema(minimum = 3, maximum = 1000)]
    pub max_entrants: Option<i64>,
    #[schema(minimum = 0, maximum = 4000)]
    pub rating_min: Option<i64>,
    #[schema(minimum = 0, maximum = 4000)]
    pub rating_max: Option<i64>,
    /// A Swiss bye's worth as a share of a win, in halves: 2 (a win, the default), 1 or 0.
    #[schema(minimum = 0, maximum = 2)]
    pub bye_points_halves: Option<i64>,
    /// The tie-breaks after points, in order (default: round robins direct encounter,
    /// Sonneborn-Berger, wins; Swiss Buchholz, median Buchholz, Sonneborn-Berger, wins).
    pub tie_breaks: Option<Vec<TieBreakId>>,
    /// When the event starts by itself (epoch ms; it needs its minimum of entrants then).
    /// Without it the organiser starts it.
    pub starts_at: Option<i64>,
    /// Whether players may take vacation (their clocks stop) while the event runs
    /// (default true).
    pub vacation_allowed: Option<bool>,
}

/// Create a tournament; you are its organiser.
#[utoipa::path(post, path = "/tournaments", tag = "tournaments", security(("bearer" = [])),
    request_body = CreateTournament,
    responses((status = 201, body = TournamentView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 409, description = "`too_many_tournaments`: a member organises 5 that are not over at most", body = ErrorBody)))]
async fn create_tournament(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CreateTournament>,
) -> ApiResult<(StatusCode, ApiJson<TournamentView>)> {
    let request = service::CreateRequest {
        name: body.name,
        description: body.description,
        variant: body.variant,
        options: body.options,
        format: body.format,
        rounds: body.rounds,
        days_per_move: body.days_per_move,
        time_control: body.time_control,
        timeout_policy: body.timeout_policy,
        rated: body.rated,
        entry: body.entry,
        min_entrants: body.min_entrants,
        max_entrants: body.max_entrants,
        rating_min: body.rating_min,
        rating_max: body.rating_max,
        bye_points_halves: body.bye_points_halves,
        tie_breaks: body.tie_breaks,
        starts_at: body.starts_at,
        vacation_allowed: body.vacation_allowed,
    };
    let event = service::create(&state, &user, request).await?;
    Ok((StatusCode::CREATED, ApiJson(view::load(&state, event).await?)))
}

/// Which tournaments to list.
#[derive(Debug, Clone, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `registering` (the default), `running`, `finished` or `cancelled`.
    pub status: Option<TournamentStatus>,
    /// 1-100, default 50.
    pub limit: Option<i64>,
    /// The cursor of the next page (from the `Link` header).
    pub before: Option<String>,
}

/// Tournaments by status, newest first, a page at a time (`Link: rel="next"`).
#[utoipa::path(get, path = "/tournaments", tag = "tournaments", params(ListQuery),
    responses((status = 200, body = Vec<TournamentSummary>), (status = 400, body = ErrorBody)))]
async fn list_tournaments(State(state): State<AppState>, ApiQuery(query): ApiQuery<ListQuery>) -> ApiResult<Response> {
    let status = query.status.unwrap_or(TournamentStatus::Registering);
    let limit = paging::limit(query.limit)?;
    let before = query.before.as_deref().map(paging::parse_cursor).transpose()?;
    let mut rows = state
        .db
        .tournaments(status, before.as_ref().map(|c| (c.at, c.id.as_str())), limit + 1)
        .await?;
    let next = paging::next_page(&mut rows, limit, |t| ListCursor {
        at: t.created_at,
        id: t.id.clone(),
    });
    let list: Vec<TournamentSummary> = rows.iter().map(view::summary).collect();
    let mut response = ApiJson(list).into_response();
    if let Some(link) =
        next.and_then(|c| paging::next_link("/api/v1/tournaments", &format!("status={status}&limit={limit}"), &c))
    {
        response.headers_mut().insert(axum::http::header::LINK, link);
    }
    Ok(response)
}

/// A tournament: its settings, players, standings, rounds and (round robins) crosstable.
#[utoipa::path(get, path = "/tournaments/{id}", tag = "tournaments", params(("id" = String, Path)),
    responses((status = 200, body = TournamentView), (status = 404, body = ErrorBody)))]
async fn get_tournament(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::get(&state, &id).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// Registration: a Chatrang team names the partner.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RegisterBody {
    /// Chatrang team events: your partner's username (they are invited to your team and
    /// register to accept).
    pub partner: Option<String>,
}

/// Enter a tournament, or accept an invitation to it (or to a partner's team).
#[utoipa::path(post, path = "/tournaments/{id}/register", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)), request_body(content = Option<RegisterBody>),
    responses((status = 200, body = TournamentView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn register(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: axum::body::Bytes,
) -> ApiResult<ApiJson<TournamentView>> {
    let partner = optional_body::<RegisterBody>(&body)?.and_then(|b| b.partner);
    let event = service::register(&state, &user, &id, partner.as_deref()).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// An optional JSON body: none, or `null`, is `None`.
fn optional_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> ApiResult<Option<T>> {
    let text = body.trim_ascii();
    if text.is_empty() || text == b"null" {
        Ok(None)
    } else {
        crate::web::error::strict_from_slice::<T>(body).map(Some)
    }
}

/// Leave a tournament that has not started, or decline an invitation to it.
#[utoipa::path(post, path = "/tournaments/{id}/leave", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody)))]
async fn leave(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::leave(&state, &user, &id).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// A player named by the organiser.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerBody {
    #[schema(pattern = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")]
    pub username: String,
}

/// Invite a player (organisers; any entry policy, two-player games).
#[utoipa::path(post, path = "/tournaments/{id}/invitations", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PlayerBody,
    responses((status = 200, body = TournamentView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn invite(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayerBody>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::invite(&state, &user, &id, &body.username).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// Start the tournament now (organisers): round one starts (round robins: every game).
#[utoipa::path(post, path = "/tournaments/{id}/start", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn start(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::start(&state, &user, &id).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// Whom to withdraw: yourself (no body), or a player (organisers).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WithdrawBody {
    pub username: Option<String>,
}

/// Withdraw from a running tournament (or, organisers, withdraw a player): the unfinished
/// games are forfeited and later rounds pair without them.
#[utoipa::path(post, path = "/tournaments/{id}/withdraw", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)), request_body(content = Option<WithdrawBody>),
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn withdraw(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    body: axum::body::Bytes,
) -> ApiResult<ApiJson<TournamentView>> {
    let username = optional_body::<WithdrawBody>(&body)?.and_then(|b| b.username);
    let event = service::withdraw(&state, &user, &id, username.as_deref()).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// Cancel a tournament that has not finished (organisers): unfinished games are aborted.
#[utoipa::path(post, path = "/tournaments/{id}/cancel", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn cancel(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::cancel(&state, &user, &id).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// Pause a player of a running tournament (organisers): their vacation is switched on,
/// stopping the clocks of all their games and counting against their yearly allowance,
/// also in an event that allows players no vacation of their own. It ends when they move,
/// when the allowance is used up, or with `resume`.
#[utoipa::path(post, path = "/tournaments/{id}/pause", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PlayerBody,
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn pause(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayerBody>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::pause(&state, &user, &id, &body.username, true).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// End a player's pause (organisers): their clocks run again with the time they had left.
#[utoipa::path(post, path = "/tournaments/{id}/resume", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PlayerBody,
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
async fn resume(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayerBody>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::pause(&state, &user, &id, &body.username, false).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// Hand the tournament to another organiser (organisers).
#[utoipa::path(put, path = "/tournaments/{id}/organiser", tag = "tournaments", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = PlayerBody,
    responses((status = 200, body = TournamentView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)))]
async fn hand_over(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<PlayerBody>,
) -> ApiResult<ApiJson<TournamentView>> {
    let event = service::hand_over(&state, &user, &id, &body.username).await?;
    Ok(ApiJson(view::load(&state, event).await?))
}

/// A player's tournaments, newest entry first (at most 100).
#[utoipa::path(get, path = "/users/{username}/tournaments", tag = "tournaments", params(("username" = String, Path)),
    responses((status = 200, body = Vec<TournamentSummary>), (status = 404, body = ErrorBody)))]
async fn user_tournaments(
    State(state): State<AppState>,
    ApiPath(username): ApiPath<String>,
) -> ApiResult<ApiJson<Vec<TournamentSummary>>> {
    let user = crate::api::accounts::user_id_named(&state, &username).await?;
    let rows = state.db.tournaments_of(user, 100).await?;
    Ok(ApiJson(rows.iter().map(|(t, _)| view::summary(t)).collect()))
}

/// Routes under `/api/v1`: `/tournaments…`, `/users/{username}/tournaments`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_tournament, list_tournaments))
        .routes(routes!(get_tournament))
        .routes(routes!(register))
        .routes(routes!(leave))
        .routes(routes!(invite))
        .routes(routes!(start))
        .routes(routes!(withdraw))
        .routes(routes!(pause))
        .routes(routes!(resume))
        .routes(routes!(cancel))
        .routes(routes!(hand_over))
        .routes(routes!(user_tournaments))
}
