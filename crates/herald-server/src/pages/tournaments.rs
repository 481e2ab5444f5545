//! Tournament pages: the list (taking entries, running, finished), the creation form, and
//! an event's page with its standings, crosstable or rounds, and the players' and the
//! organiser's actions as plain forms.

use std::collections::BTreeMap;

use askama::Template;
use askama_web::WebTemplate;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::{GameOption, Variant};
use serde::Deserialize;

use super::clock_form::{ClockFields, ClockForm};
use super::flash::{self, Flash};
use super::{Ctx, PageResult, SignedIn, see_other};
use crate::api::games::clock::TimeoutPolicy;
use crate::api::tournaments::service::{self, CreateRequest};
use crate::api::tournaments::table::Round;
use crate::api::tournaments::view::{self, TournamentSummary, TournamentView};
use crate::domain::tournament_states::{Entry, Format, PlayerState, TieBreakId, TournamentStatus};
use crate::infra::i18n::Lang;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// The list's tabs: (status, the catalogue key of its label).
const TABS: [(TournamentStatus, &str); 3] = [
    (TournamentStatus::Registering, "tour-tab-registering"),
    (TournamentStatus::Running, "tour-tab-running"),
    (TournamentStatus::Finished, "tour-tab-finished"),
];

/// A format's name in the page's language.
fn format_label(lang: &Lang, format: Format) -> String {
    lang.text(match format {
        Format::RoundRobin => "tour-format-round-robin",
        Format::DoubleRoundRobin => "tour-format-double-round-robin",
        Format::Swiss => "tour-format-swiss",
    })
}

/// A tie-break's name (a column of the standings) in the page's language.
fn tie_break_label(lang: &Lang, tie_break: TieBreakId) -> String {
    lang.text(match tie_break {
        TieBreakId::DirectEncounter => "tour-tie-direct-encounter",
        TieBreakId::SonnebornBerger => "tour-tie-sonneborn-berger",
        TieBreakId::Buchholz => "tour-tie-buchholz",
        TieBreakId::BuchholzCut1 => "tour-tie-buchholz-cut1",
        TieBreakId::MedianBuchholz => "tour-tie-median-buchholz",
        TieBreakId::Wins => "tour-tie-wins",
        TieBreakId::WinsOverTheBoard => "tour-tie-wins-over-the-board",
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments.html")]
struct ListPage {
    ctx: Ctx,
    tabs: Vec<(&'static str, String)>,
    current: &'static str,
    rows: Vec<TournamentSummary>,
}

impl ListPage {
    fn game_name(&self, t: &TournamentSummary) -> String {
        self.ctx.lang.game_name(t.variant)
    }

    fn format_label(&self, t: &TournamentSummary) -> String {
        format_label(&self.ctx.lang, t.format)
    }
}

#[derive(Debug, Deserialize)]
struct ListQuery {
    status: Option<String>,
}

async fn list(State(state): State<AppState>, ctx: Ctx, Query(query): Query<ListQuery>) -> PageResult<ListPage> {
    let status = query
        .status
        .as_deref()
        .and_then(|s| s.parse::<TournamentStatus>().ok())
        .unwrap_or(TournamentStatus::Registering);
    let rows = state.db.tournaments(status, None, 100).await?;
    let tabs = TABS.iter().map(|(s, key)| (s.as_str(), ctx.lang.text(key))).collect();
    Ok(ListPage {
        ctx,
        tabs,
        current: status.as_str(),
        rows: rows.iter().map(view::summary).collect(),
    })
}

/// The creation form's fields, as typed (shown again with the error).
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct CreateForm {
    name: String,
    description: String,
    variant: String,
    format: String,
    rounds: String,
    /// The clock's kind and fields.
    #[serde(flatten)]
    clock: ClockFields,
    timeout_policy: String,
    rated: String,
    entry: String,
    min_entrants: String,
    max_entrants: String,
    rating_min: String,
    rating_max: String,
    bye: String,
    vacation: String,
    starts_at: String,
    /// Every other field: the games' option checkboxes (named by their ids) among them.
    #[serde(flatten)]
    rest: BTreeMap<String, String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "tournament_new.html")]
struct NewPage {
    ctx: Ctx,
    form: CreateForm,
    error: Option<String>,
    variants: Vec<(&'static str, String)>,
    formats: Vec<(&'static str, String)>,
    /// Each game's options, from its spec.
    option_groups: Vec<super::view::OptionGroup>,
    clock: ClockForm,
    time_zone: String,
}

/// Whether the form ticked `option` (its checkbox is named by the option's id).
fn option_checked(form: &CreateForm, option: GameOption) -> bool {
    form.rest.contains_key(option.id())
}

fn new_page(ctx: Ctx, form: CreateForm, error: Option<String>) -> NewPage {
    let time_zone = ctx.time_zone().to_owned();
    let option_groups = super::view::option_groups(&ctx.lang, |o| o.id().to_owned(), |o| option_checked(&form, o));
    let variants = Variant::ALL.iter().map(|v| (v.id(), ctx.lang.game_name(*v))).collect();
    let formats = Format::ALL
        .iter()
        .map(|f| (f.as_str(), format_label(&ctx.lang, *f)))
        .collect();
    NewPage {
        ctx,
        clock: form.clock.form(),
        form,
        error,
        variants,
        formats,
        option_groups,
        time_zone,
    }
}

async fn new_form(s: SignedIn) -> NewPage {
    new_page(s.ctx, CreateForm::default(), None)
}

/// A whole number typed in a field, or `None` when it is empty; else the refusal `code`
/// with the catalogue's sentence `key` (naming the field).
fn number(text: &str, code: &'static str, key: &str, lang: &Lang) -> Result<Option<i64>, ApiError> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse::<i64>()
            .map(Some)
            .map_err(|_| ApiError::bad_request(code, lang.text(key))),
    }
}

fn request(form: &CreateForm, time_zone: &str, lang: &Lang) -> Result<CreateRequest, ApiError> {
    let choice = |text: &str, code: &'static str| -> Result<Option<String>, ApiError> {
        match text.trim() {
            "" => Ok(None),
            t if t.len() <= 40 => Ok(Some(t.to_owned())),
            _ => Err(ApiError::bad_request(code, lang.text("tour-error-choose"))),
        }
    };
    let format = match choice(&form.format, "invalid_format")? {
        None => None,
        Some(t) => Some(
            t.parse::<Format>()
                .map_err(|_| ApiError::bad_request("invalid_format", lang.text("tour-error-choose-format")))?,
        ),
    };
    // Every game's ticked options: the service refuses those of another game.
    let options = Variant::ALL
        .iter()
        .flat_map(|v| v.options())
        .filter(|o| option_checked(form, **o))
        .map(|o| o.id().to_owned())
        .collect();
    Ok(CreateRequest {
        name: form.name.clone(),
        description: Some(form.description.clone()),
        variant: form.variant.clone(),
        options,
        format,
        rounds: if format == Some(Format::Swiss) {
            number(&form.rounds, "invalid_rounds", "tour-error-rounds", lang)?
        } else {
            None
        },
        days_per_move: None,
        time_control: form.clock.clock(lang)?.time_control,
        timeout_policy: match form.timeout_policy.trim() {
            "auto" => Some(TimeoutPolicy::Auto),
            _ => Some(TimeoutPolicy::Claim),
        },
        rated: Some(form.rated.trim() != "casual"),
        entry: Some(if form.entry.trim() == "invitation" {
            Entry::Invitation
        } else {
            Entry::Open
        }),
        min_entrants: number(&form.min_entrants, "invalid_entrants", "tour-error-min-entrants", lang)?,
        max_entrants: number(&form.max_entrants, "invalid_entrants", "tour-error-max-entrants", lang)?,
        rating_min: number(&form.rating_min, "invalid_rating_range", "tour-error-rating-min", lang)?,
        rating_max: number(&form.rating_max, "invalid_rating_range", "tour-error-rating-max", lang)?,
        bye_points_halves: number(&form.bye, "invalid_bye_points", "tour-error-bye", lang)?,
        tie_breaks: None,
        starts_at: match form.starts_at.trim() {
            "" => None,
            text => Some(
                super::time::parse_local(text, time_zone)
                    .ok_or_else(|| ApiError::bad_request("invalid_starts_at", lang.text("tour-error-starts-at")))?,
            ),
        },
        vacation_allowed: Some(form.vacation.trim() != "no"),
    })
}

async fn create(
    State(state): State<AppState>,
    s: SignedIn,
    axum::Form(form): axum::Form<CreateForm>,
) -> PageResult<Response> {
    let result = match request(&form, s.ctx.time_zone(), &s.ctx.lang) {
        Ok(req) => service::create(&state, &s.user.auth(), req).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(event) => Ok(see_other(&format!("/tournaments/{}", event.id))),
        Err(e @ (ApiError::BadRequest { .. } | ApiError::NotFound { .. })) => {
            let message = crate::web::error_language::message_in(&s.ctx.lang, &e);
            Ok((StatusCode::BAD_REQUEST, new_page(s.ctx, form, Some(message))).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// An entrant as the page names it: the player, or both players of a team.
#[derive(Debug, Clone)]
struct EntrantName {
    names: Vec<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "tournament.html")]
struct EventPage {
    ctx: Ctx,
    event: TournamentView,
    game_name: String,
    format_label: String,
    tie_break_labels: Vec<String>,
    numbers: Vec<i64>,
    standings: Vec<StandingRow>,
    rounds: Vec<RoundLines>,
    cross: Vec<CrossRow>,
    /// The event's notices, newest first, and the id of the latest (where the live feed
    /// starts).
    news: Vec<NewsLine>,
    news_after: i64,
    /// The viewer's place in the event, if any.
    mine: Option<PlayerState>,
    is_organiser: bool,
    teams: bool,
    message: Option<Flash>,
    starts: Option<String>,
    started: Option<String>,
    ended: Option<String>,
    /// A bye's worth as read ("1 point").
    bye_points: String,
}

/// A tie-break value as the table shows it: wins as a count, the others (kept in half
/// points) as points, `1½`, or to two places when a share made them fractional.
fn tie_break_text(kind: TieBreakId, value: f64) -> String {
    if matches!(kind, TieBreakId::Wins | TieBreakId::WinsOverTheBoard) {
        return format!("{value:.0}");
    }
    if (value - value.round()).abs() < 1e-9 {
        #[allow(clippy::cast_possible_truncation)]
        crate::api::tournaments::table::points_text(value.round() as i64)
    } else {
        format!("{:.2}", value / 2.0)
    }
}

/// A line of the standings as the page shows it.
#[derive(Debug, Clone)]
struct StandingRow {
    rank: usize,
    /// Each player's name and whether their clocks are stopped by a vacation.
    players: Vec<(String, bool)>,
    withdrawn: bool,
    points: String,
    tie_breaks: Vec<String>,
    games: u32,
}

impl EventPage {
    /// The event's state; a running Swiss says its round.
    fn status_label(&self) -> String {
        let summary = &self.event.summary;
        let lang = &self.ctx.lang;
        match summary.status {
            TournamentStatus::Registering => lang.text("tour-status-registering"),
            TournamentStatus::Running if !summary.format.all_at_once() => lang.plain_with(
                "tour-status-running-round",
                &[
                    ("round", FluentValue::from(summary.round)),
                    ("rounds", FluentValue::from(summary.round_count)),
                ],
            ),
            TournamentStatus::Running => lang.text("tour-status-running"),
            TournamentStatus::Finished => lang.text("tour-status-finished"),
            TournamentStatus::Cancelled => lang.text("tour-status-cancelled"),
        }
    }

    /// How many players (or teams of two) may enter.
    fn entrants_text(&self) -> String {
        let key = if self.teams {
            "tour-entrants-teams"
        } else {
            "tour-entrants-players"
        };
        self.ctx.lang.plain_with(
            key,
            &[
                ("min", FluentValue::from(self.event.min_entrants)),
                ("max", FluentValue::from(self.event.summary.max_entrants)),
            ],
        )
    }
}

/// A round as the page lists it: boards with names.
#[derive(Debug, Clone)]
struct RoundLines {
    round: i64,
    /// (first, second, game id, result or "in play")
    boards: Vec<(String, String, String, String)>,
    /// (entrant, points as read, or empty)
    byes: Vec<(String, String)>,
}

/// A crosstable row: number, name, one cell per entrant (empty on the diagonal), then the
/// entrant's points (as the standings count them, byes included).
type CrossRow = (i64, String, Vec<String>, String);

fn name_of(entrants: &BTreeMap<i64, EntrantName>, number: i64) -> String {
    entrants
        .get(&number)
        .map_or_else(|| format!("#{number}"), |e| e.names.join(" & "))
}

/// A board's result as the page shows it: the points, or words while it is played or
/// when it was aborted.
fn board_result(result: Option<&str>, lang: &Lang) -> String {
    match result {
        None => lang.text("tour-in-play"),
        Some("aborted") => lang.text("tour-aborted"),
        Some(points) => points.to_owned(),
    }
}

fn round_lines(rounds: &[Round], entrants: &BTreeMap<i64, EntrantName>, lang: &Lang) -> Vec<RoundLines> {
    rounds
        .iter()
        .map(|r| RoundLines {
            round: r.round,
            boards: r
                .boards
                .iter()
                .map(|b| {
                    (
                        name_of(entrants, b.first),
                        name_of(entrants, b.second),
                        b.game_id.clone(),
                        board_result(b.result.as_deref(), lang),
                    )
                })
                .collect(),
            byes: r
                .byes
                .iter()
                .map(|b| {
                    let points = if b.points_halves > 0 {
                        crate::api::tournaments::table::points_text(b.points_halves)
                    } else {
                        String::new()
                    };
                    (name_of(entrants, b.entrant), points)
                })
                .collect(),
        })
        .collect()
}

fn cross_rows(event: &TournamentView, entrants: &BTreeMap<i64, EntrantName>) -> Vec<CrossRow> {
    let Some(table) = &event.crosstable else {
        return Vec::new();
    };
    entrants
        .keys()
        .map(|&row| {
            let cells = entrants
                .keys()
                .map(|column| {
                    table
                        .get(&row)
                        .and_then(|r| r.get(column))
                        .map_or_else(String::new, |cells| cells.join(" "))
                })
                .collect();
            let points = event
                .standings
                .iter()
                .find(|line| line.number == row)
                .map_or_else(String::new, |line| line.points.clone());
            (row, name_of(entrants, row), cells, points)
        })
        .collect()
}

fn page_event_time(lang: &Lang, at: Option<i64>, time_zone: &str) -> Option<String> {
    at.map(|at| super::time::local_in(lang, at, time_zone))
}

fn event_url(id: &str) -> String {
    format!("/tournaments/{id}")
}

/// One notice on the event's page.
#[derive(Debug, Clone)]
struct NewsLine {
    headline: String,
    /// When, in the viewer's time zone.
    at: String,
}

async fn show(
    State(state): State<AppState>,
    ctx: Ctx,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> PageResult<Response> {
    let notice = flash::take(&headers, &ctx, &state.config, &event_url(&id));
    let row = service::get(&state, &id).await?;
    let viewer = ctx.user.as_ref().map(|u| u.id);
    let is_organiser = match viewer {
        Some(uid) => uid == row.organiser_id || state.db.is_admin(uid).await?,
        None => false,
    };
    let event = view::load(&state, row.clone()).await?;
    let players = state.db.tournament_players(&id).await?;
    let mine = viewer.and_then(|uid| players.iter().find(|p| p.user_id == uid).map(|p| p.state));
    let entrants: BTreeMap<i64, EntrantName> = crate::api::tournaments::table::entrants(&players)
        .into_iter()
        .map(|(n, (names, _))| (n, EntrantName { names }))
        .collect();
    let time_zone = ctx
        .user
        .as_ref()
        .map_or_else(|| "UTC".to_owned(), |u| u.time_zone.clone());
    // Every notice an event has (a few per round), newest first; the feed adds later ones.
    let notices = state.db.notices_of_event(&id, 0, 1_000).await?;
    let news_after = notices.last().map_or(0, |n| n.id);
    let news: Vec<NewsLine> = notices
        .iter()
        .rev()
        .map(|n| NewsLine {
            headline: crate::api::tournaments::live::TournamentNotice::of(n, &ctx.lang).headline,
            at: super::time::local_in(&ctx.lang, n.created_at, &time_zone),
        })
        .collect();
    let (event_started, event_finished) = (event.started_at, event.summary.finished_at);
    let away: std::collections::HashSet<&String> = event
        .players
        .iter()
        .filter(|p| p.on_vacation)
        .map(|p| &p.username)
        .collect();
    let page = EventPage {
        game_name: ctx.lang.game_name(row.variant),
        format_label: format_label(&ctx.lang, row.format),
        tie_break_labels: event
            .tie_breaks
            .iter()
            .map(|t| tie_break_label(&ctx.lang, *t))
            .collect(),
        teams: row.variant.spec().has_partners(),
        numbers: entrants.keys().copied().collect(),
        standings: event
            .standings
            .iter()
            .map(|line| StandingRow {
                rank: line.rank,
                players: line
                    .players
                    .iter()
                    .map(|name| (name.clone(), away.contains(name)))
                    .collect(),
                withdrawn: line.withdrawn,
                points: line.points.clone(),
                tie_breaks: event
                    .tie_breaks
                    .iter()
                    .zip(&line.tie_breaks)
                    .map(|(kind, value)| tie_break_text(*kind, *value))
                    .collect(),
                games: line.games,
            })
            .collect(),
        rounds: round_lines(&event.rounds, &entrants, &ctx.lang),
        cross: cross_rows(&event, &entrants),
        news,
        news_after,
        event,
        mine,
        is_organiser,
        message: notice.clone(),
        starts: page_event_time(&ctx.lang, row.starts_at, &time_zone),
        started: page_event_time(&ctx.lang, event_started, &time_zone),
        ended: page_event_time(&ctx.lang, event_finished, &time_zone),
        bye_points: ctx.lang.plain_with(
            "tour-bye-points",
            &[
                ("halves", FluentValue::from(row.bye_points)),
                (
                    "points",
                    FluentValue::from(crate::api::tournaments::table::points_text(row.bye_points)),
                ),
            ],
        ),
        ctx,
    };
    let mut response = page.into_response();
    if notice.is_some() {
        flash::clear(&mut response, &state.config)?;
    }
    Ok(response)
}

/// Back to the event's page, with a refusal explained there once.
fn back(state: &AppState, ctx: &Ctx, id: &str, result: Result<(), ApiError>) -> PageResult<Response> {
    let url = event_url(id);
    let mut response = see_other(&url);
    match result {
        Ok(()) => Ok(response),
        Err(
            e @ (ApiError::BadRequest { .. }
            | ApiError::Conflict { .. }
            | ApiError::Forbidden { .. }
            | ApiError::NotFound { .. }),
        ) => {
            flash::set(
                &mut response,
                ctx,
                &state.config,
                &url,
                &Flash {
                    message: crate::web::error_language::message_in(&ctx.lang, &e),
                    error: true,
                },
            )?;
            Ok(response)
        }
        Err(e) => Err(e.into()),
    }
}

/// A form naming a player (invitations, withdrawals, hand-over) or a partner.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct NameForm {
    username: String,
    partner: String,
    sure: Option<String>,
}

fn named(text: &str) -> Option<&str> {
    Some(text.trim()).filter(|t| !t.is_empty())
}

async fn post_register(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = service::register(&state, &s.user.auth(), &id, named(&form.partner)).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

async fn post_leave(State(state): State<AppState>, s: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    let result = service::leave(&state, &s.user.auth(), &id).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

async fn post_invite(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = service::invite(&state, &s.user.auth(), &id, form.username.trim()).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

async fn post_start(State(state): State<AppState>, s: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    let result = service::start(&state, &s.user.auth(), &id).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

/// Whether the form's "I am sure" is ticked; else the refusal with the catalogue's
/// sentence `key` (naming what it confirms).
fn confirmed(form: &NameForm, key: &str, lang: &Lang) -> Result<(), ApiError> {
    if form.sure.is_some() {
        Ok(())
    } else {
        Err(ApiError::bad_request("not_confirmed", lang.text(key)))
    }
}

async fn post_withdraw(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = match confirmed(&form, "tour-error-confirm-withdraw", &s.ctx.lang) {
        Ok(()) => service::withdraw(&state, &s.user.auth(), &id, named(&form.username))
            .await
            .map(|_| ()),
        Err(e) => Err(e),
    };
    back(&state, &s.ctx, &id, result)
}

async fn post_pause(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = service::pause(&state, &s.user.auth(), &id, form.username.trim(), true).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

async fn post_resume(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = service::pause(&state, &s.user.auth(), &id, form.username.trim(), false).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

async fn post_cancel(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = match confirmed(&form, "tour-error-confirm-cancel", &s.ctx.lang) {
        Ok(()) => service::cancel(&state, &s.user.auth(), &id).await.map(|_| ()),
        Err(e) => Err(e),
    };
    back(&state, &s.ctx, &id, result)
}

async fn post_organiser(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    axum::Form(form): axum::Form<NameForm>,
) -> PageResult<Response> {
    let result = service::hand_over(&state, &s.user.auth(), &id, form.username.trim()).await;
    back(&state, &s.ctx, &id, result.map(|_| ()))
}

/// `/tournaments`, `/tournaments/new`, `/tournaments/{id}` and its actions.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/tournaments", get(list))
        .route("/tournaments/new", get(new_form).post(create))
        .route("/tournaments/{id}", get(show))
        .route("/tournaments/{id}/register", post(post_register))
        .route("/tournaments/{id}/leave", post(post_leave))
        .route("/tournaments/{id}/invite", post(post_invite))
        .route("/tournaments/{id}/start", post(post_start))
        .route("/tournaments/{id}/withdraw", post(post_withdraw))
        .route("/tournaments/{id}/pause", post(post_pause))
        .route("/tournaments/{id}/resume", post(post_resume))
        .route("/tournaments/{id}/cancel", post(post_cancel))
        .route("/tournaments/{id}/organiser", post(post_organiser))
}
