//! An event's live feed for its open page and for programs (server-sent events): each of
//! its notices (it started, a round was paired, it finished or was cancelled) as soon as it
//! is written, in the reader's language, resuming after `Last-Event-ID` or `since`.

use std::convert::Infallible;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::http::header::ACCEPT_LANGUAGE;
use axum::response::sse::{Event, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::notices::headline_in;
use crate::domain::tournament_states::{NoticeKind, TournamentStatus};
use crate::infra::i18n::{self, Lang};
use crate::storage::NoticeRow;
use crate::web::error::{ApiError, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// How often an open feed looks for a new notice: notices come once a round (days apart),
/// so a look every two seconds costs nothing and shows a new round within two seconds.
const LOOK_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

/// One notice of an event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentNotice {
    /// Increasing; the feed's event id (send it back as `since` or `Last-Event-ID`).
    pub id: i64,
    pub kind: NoticeKind,
    /// The round it is about (0 for the event's start, end or cancellation).
    pub round: i64,
    /// When it was written (UTC epoch milliseconds).
    pub created_at: i64,
    /// The notice in a line, in the reader's language (`Accept-Language`).
    pub headline: String,
}

impl TournamentNotice {
    #[must_use]
    pub fn of(row: &NoticeRow, lang: &Lang) -> Self {
        TournamentNotice {
            id: row.id,
            kind: row.kind,
            round: row.round,
            created_at: row.created_at,
            headline: headline_in(lang, row.kind, row.round, &row.tournament_name),
        }
    }
}

/// Where the feed resumes.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NoticesSince {
    /// Send only notices after this id (`Last-Event-ID` wins when both are sent).
    pub since: Option<i64>,
}

/// An event's notices as they happen (server-sent events): `id` is the notice's id,
/// `event` is `notice` and `data` a `TournamentNotice`; a comment at least every 10 s keeps
/// the connection alive. The feed ends after the event's last notice (finished or
/// cancelled).
#[utoipa::path(get, path = "/tournaments/{id}/events", tag = "streams",
    params(("id" = String, Path, description = "tournament id", pattern = "^[A-Za-z0-9]{1,32}$"), NoticesSince),
    responses((status = 200, description = "text/event-stream of TournamentNotice", content_type = "text/event-stream",
        body = TournamentNotice), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
async fn tournament_events(
    State(state): State<AppState>,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<NoticesSince>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let Some(event) = state.db.tournament(&id).await? else {
        return Err(ApiError::not_found("not_found", "no such tournament"));
    };
    let after = match headers.get("last-event-id") {
        None => query.since.unwrap_or(0),
        Some(v) => v
            .to_str()
            .ok()
            .and_then(|v| v.trim().parse::<i64>().ok())
            .ok_or_else(|| ApiError::bad_request("bad_last_event_id", "Last-Event-ID is a notice id"))?,
    };
    let lang = i18n::choose(None, headers.get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()), false);
    let over = matches!(event.status, TournamentStatus::Finished | TournamentStatus::Cancelled);
    let feed = Feed {
        state,
        id,
        after,
        lang,
        pending: Vec::new(),
        ended: false,
        over_at_start: over,
        quiet_since: std::time::Instant::now(),
    };
    let events = stream::unfold(feed, |mut feed| async move {
        let event = feed.next().await?;
        Some((Ok::<_, Infallible>(event), feed))
    });
    Ok(Sse::new(events).into_response())
}

struct Feed {
    state: AppState,
    id: String,
    after: i64,
    lang: Lang,
    pending: Vec<NoticeRow>,
    /// The last notice (finished, cancelled) was sent: the feed ends.
    ended: bool,
    /// The event was already over when the feed opened: it ends once caught up.
    over_at_start: bool,
    quiet_since: std::time::Instant,
}

impl Feed {
    /// The next event to send: a notice, or a keep-alive comment; `None` to end the feed.
    async fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(row) = (!self.pending.is_empty()).then(|| self.pending.remove(0)) {
                self.after = row.id;
                self.ended = matches!(row.kind, NoticeKind::Finished | NoticeKind::Cancelled);
                self.quiet_since = std::time::Instant::now();
                let notice = TournamentNotice::of(&row, &self.lang);
                return Some(
                    Event::default()
                        .id(row.id.to_string())
                        .event("notice")
                        .json_data(&notice)
                        .unwrap_or_else(|_| Event::default().comment("unencodable notice")),
                );
            }
            if self.ended {
                return None;
            }
            match self.state.db.notices_of_event(&self.id, self.after, 50).await {
                Ok(rows) if !rows.is_empty() => {
                    self.pending = rows;
                    continue;
                }
                Ok(_) if self.over_at_start => return None,
                Ok(_) => {}
                // The database is away for now: try again at the next look.
                Err(error) => tracing::warn!(tournament = %self.id, %error, "tournament feed cannot read notices"),
            }
            if self.quiet_since.elapsed() >= self.state.config.keepalive() {
                self.quiet_since = std::time::Instant::now();
                return Some(Event::default().comment("keep-alive"));
            }
            // Shutdown ends the feed, or graceful shutdown would wait for it.
            tokio::select! {
                () = tokio::time::sleep(LOOK_EVERY.min(self.state.config.keepalive())) => {}
                () = self.state.hub().closed() => return None,
            }
        }
    }
}

/// The feed's route (beside the pages, like the game page's feed).
pub fn page_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(tournament_events))
}
