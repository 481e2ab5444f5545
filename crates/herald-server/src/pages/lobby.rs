//! The lobby: open challenges to accept, invitations to accept or decline, your own
//! challenges to cancel, and the form that creates a game with every setting.

use crate::api::games::clock::TimeoutPolicy;
use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use herald_rules::{GameOption, Team, Variant};
use serde::Deserialize;

use super::clock_form::{ClockFields, ClockForm};
use super::view::{GameLine, line};
use super::{Ctx, PageResult, SignedIn, see_other};
use crate::api::games::paging;
use crate::api::games::service::{self, CreateRequest};
use crate::api::games::view::SeatChoice;
use crate::infra::i18n::Lang;
use crate::storage::ListCursor;
use crate::web::error::ApiError;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "lobby.html")]
struct LobbyPage {
    ctx: Ctx,
    invitations: Vec<GameLine>,
    mine: Vec<GameLine>,
    open: Vec<GameLine>,
    /// The link to the next, older challenges, when there are more.
    older: Option<String>,
    /// Whether this is a later page (the invitations are on the first).
    later_page: bool,
}

/// Open challenges per lobby page.
const CHALLENGES_PER_PAGE: i64 = 40;

/// `?before=`: where a later page of challenges starts.
#[derive(Debug, Default, Deserialize)]
struct LobbyQuery {
    #[serde(default)]
    before: String,
}

async fn lobby(State(state): State<AppState>, ctx: Ctx, Query(query): Query<LobbyQuery>) -> PageResult<LobbyPage> {
    let now = state.now();
    let tz = ctx.time_zone().to_owned();
    let me = ctx.user.as_ref().map(|u| u.id);
    let before = match query.before.trim() {
        "" => None,
        text => Some(paging::parse_cursor(text)?),
    };
    let mut rows = state
        .db
        .challenges(me, CHALLENGES_PER_PAGE + 1, before.as_ref(), now)
        .await?;
    let older = paging::next_page(&mut rows, CHALLENGES_PER_PAGE, |g| ListCursor {
        at: g.created_at,
        id: g.id.clone(),
    })
    .map(|c| format!("/lobby?before={}", paging::cursor_text(&c)));
    let mut open_games = crate::api::games::summaries(&state, rows, me).await?;
    // A game with several open seats (Chatrang) is listed once.
    let mut seen = std::collections::HashSet::new();
    open_games.retain(|g| seen.insert(g.id.clone()));
    let (mut mine, mut open) = (Vec::new(), Vec::new());
    for g in &open_games {
        if g.your_seat.is_some() {
            mine.push(line(g, &ctx.lang, &tz, now));
        } else {
            open.push(line(g, &ctx.lang, &tz, now));
        }
    }
    let mut invitations = Vec::new();
    if let (Some(user), None) = (&ctx.user, &before) {
        let mut rows = state.db.games_of_user(user.id, true, 200).await?;
        // Only unstarted games belong here: the active ones are on "My games".
        rows.retain(|g| g.status == crate::domain::game_states::GameStatus::Waiting);
        for g in crate::api::games::summaries(&state, rows, me).await? {
            let invited = g
                .seats
                .iter()
                .any(|s| s.invited.as_deref() == Some(user.username.as_str()));
            if invited && g.your_seat.is_none() {
                invitations.push(line(&g, &ctx.lang, &tz, now));
            } else if g.your_seat.is_some() && !mine.iter().any(|m| m.id == g.id) {
                mine.push(line(&g, &ctx.lang, &tz, now));
            }
        }
    }
    Ok(LobbyPage {
        ctx,
        invitations,
        mine,
        open,
        older,
        later_page: before.is_some(),
    })
}

/// The accept form: the seat chosen among the open ones (none or empty: any).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct AcceptForm {
    #[serde(default)]
    pub seat: String,
}

/// Accept an invitation or an open challenge: take a seat (the one chosen, if any), then go
/// to the game.
async fn accept(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    Form(form): Form<AcceptForm>,
) -> PageResult<Response> {
    let seat = match form.seat.trim() {
        "" => None,
        text => Some(SeatChoice::Index(text.parse().map_err(|_| {
            ApiError::bad_request("invalid_seat", "choose a seat from the list")
        })?)),
    };
    service::join(&state, &s.user.auth(), &id, seat.as_ref()).await?;
    Ok(see_other(&format!("/games/{id}")))
}

/// Decline an invitation or cancel your own challenge (both abort the unstarted game).
async fn decline(State(state): State<AppState>, s: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    service::abort(&state, &s.user.auth(), &id).await?;
    Ok(see_other("/lobby"))
}

/// The create-game form's fields (all strings, so a bad value re-renders the form).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CreateForm {
    #[serde(default)]
    pub variant: String,
    /// The clock's kind and fields.
    #[serde(flatten)]
    pub clock: ClockFields,
    /// `claim` (default) or `auto`.
    #[serde(default)]
    pub timeout_policy: String,
    /// `rated` (default) or `casual`.
    #[serde(default)]
    pub rated: String,
    /// The open seats' rating range (empty: no bound).
    #[serde(default)]
    pub rating_min: String,
    #[serde(default)]
    pub rating_max: String,
    #[serde(default)]
    pub seat: String,
    /// Two-player games: the opponent to invite (empty: an open challenge).
    #[serde(default)]
    pub invite: String,
    /// Chatrang: a player per seat.
    #[serde(default)]
    pub invite_0: String,
    #[serde(default)]
    pub invite_1: String,
    #[serde(default)]
    pub invite_2: String,
    #[serde(default)]
    pub invite_3: String,
    /// Checked: spectators read the game's conversation.
    pub chat_spectators: Option<String>,
    /// Fill the seats still open with bots of this level (empty: no bots).
    #[serde(default)]
    pub bot_level: String,
    /// After this many minutes of waiting for people (empty or 0: at once).
    #[serde(default)]
    pub bot_after: String,
    /// Every other field: the game's option checkboxes (named by `option_field`) among them.
    #[serde(flatten)]
    pub rest: std::collections::BTreeMap<String, String>,
}

pub use super::view::OptionBox;

#[derive(Template, WebTemplate)]
#[template(path = "lobby_new.html")]
struct NewGamePage {
    ctx: Ctx,
    variants: Vec<(&'static str, String)>,
    variant: &'static str,
    variant_name: String,
    seats: Vec<(usize, String)>,
    /// "Players 1 and 3 play together against players 2 and 4."
    teams_note: String,
    four_players: bool,
    options: Vec<OptionBox>,
    form: CreateForm,
    invites: Vec<(usize, String, String)>,
    clock: ClockForm,
    /// The lowest and highest rating a range may name.
    rating_bounds: (i64, i64),
    error: Option<String>,
    /// The engine's levels for the bots' list: (level, `Level 3`).
    bot_levels: Vec<u8>,
    /// Waits before bots fill the open seats: (minutes, catalogue key).
    bot_waits: Vec<(i64, &'static str)>,
}

/// When bots may come, in the form's list (catalogue keys).
const BOT_WAITS: [(i64, &str); 5] = [
    (0, "newgame-bot-at-once"),
    (60, "newgame-bot-after-hour"),
    (360, "newgame-bot-after-six-hours"),
    (1440, "newgame-bot-after-day"),
    (4320, "newgame-bot-after-three-days"),
];

/// The checkbox of an option: its id with underscores (`ferz_forward`).
fn option_field(option: GameOption) -> String {
    option.id().replace('-', "_")
}

fn option_checked(form: &CreateForm, option: GameOption) -> bool {
    form.rest.contains_key(&option_field(option))
}

/// Who plays with whom, in games of partners.
fn teams_note(lang: &Lang, variant: Variant) -> String {
    use fluent_templates::fluent_bundle::FluentValue;
    let members = |team: Team| super::view::team_members(lang, variant, team);
    lang.plain_with(
        "newgame-teams-note",
        &[
            ("first", FluentValue::from(members(Team::FIRST))),
            ("second", FluentValue::from(members(Team::SECOND))),
        ],
    )
}

/// The form for the game `form.variant` names (the first game when it names none); an
/// unknown game is a 404, never another game's form.
fn new_game_page(ctx: Ctx, form: CreateForm, error: Option<String>) -> PageResult<NewGamePage> {
    let variant = match form.variant.trim() {
        "" => Variant::ALL[0],
        id => id
            .parse::<Variant>()
            .map_err(|_| super::PageError::not_found("Herald has no game by that name."))?,
    };
    let invite_values = [&form.invite_0, &form.invite_1, &form.invite_2, &form.invite_3];
    let lang = ctx.lang.clone();
    Ok(NewGamePage {
        variants: Variant::ALL.iter().map(|v| (v.id(), lang.game_name(*v))).collect(),
        variant: variant.id(),
        variant_name: lang.game_name(variant),
        seats: variant
            .seat_names()
            .iter()
            .map(|name| lang.seat_name(name))
            .enumerate()
            .collect(),
        teams_note: teams_note(&lang, variant),
        four_players: variant.spec().has_partners(),
        options: variant
            .options()
            .iter()
            .map(|&o| OptionBox::new(&lang, o, option_field(o), option_checked(&form, o)))
            .collect(),
        invites: variant
            .seat_names()
            .iter()
            .enumerate()
            .map(|(i, name)| {
                (
                    i,
                    lang.seat_name(name),
                    invite_values.get(i).map(|v| (*v).clone()).unwrap_or_default(),
                )
            })
            .collect(),
        clock: form.clock.form(),
        rating_bounds: (*service::RATING_BOUNDS.start(), *service::RATING_BOUNDS.end()),
        form,
        error,
        bot_levels: (1..=8).collect(),
        bot_waits: BOT_WAITS.to_vec(),
        ctx,
    })
}

#[derive(Debug, Deserialize)]
struct VariantQuery {
    variant: Option<String>,
    /// A player to invite (a profile's "Challenge" button).
    invite: Option<String>,
}

async fn new_game(
    State(state): State<AppState>,
    s: SignedIn,
    Query(q): Query<VariantQuery>,
) -> PageResult<NewGamePage> {
    // A new account's games are casual unless it asks otherwise (see `service::is_established`).
    let established = service::is_established(&state, s.user.id).await?;
    let invite: String = q.invite.unwrap_or_default().chars().take(20).collect();
    // A challenge to a bot is casual unless the site allows rated games with bots.
    let bot_invited = match crate::api::accounts::validate_username(&invite) {
        Ok(key) => state.db.bot_by_key(&key).await?.is_some(),
        Err(_) => false,
    };
    let rated = established && (!bot_invited || s.ctx.site.rated_bot_games);
    let form = CreateForm {
        variant: q.variant.unwrap_or_default(),
        invite,
        rated: if rated { "rated" } else { "casual" }.to_owned(),
        ..CreateForm::default()
    };
    new_game_page(s.ctx, form, None)
}

/// Turns the form into the service's request.
fn request(form: &CreateForm, lang: &Lang) -> Result<CreateRequest, ApiError> {
    let variant = form
        .variant
        .parse::<Variant>()
        .map_err(|e| ApiError::bad_request("invalid_variant", e.to_string()))?;
    let clock = form.clock.clock(lang)?;
    let seat = match form.seat.trim() {
        "" | "random" => None,
        text => Some(SeatChoice::Index(text.parse::<i64>().map_err(|_| {
            ApiError::bad_request("invalid_seat", "choose a seat from the list")
        })?)),
    };
    let options = variant
        .options()
        .iter()
        .filter(|o| option_checked(form, **o))
        .map(|o| o.id().to_owned())
        .collect();
    let invites = if variant.players() == 4 {
        [&form.invite_0, &form.invite_1, &form.invite_2, &form.invite_3]
            .iter()
            .enumerate()
            .filter(|(_, name)| !name.trim().is_empty())
            .map(|(i, name)| (Some(i64::try_from(i).unwrap_or(0)), name.trim().to_owned()))
            .collect()
    } else if form.invite.trim().is_empty() {
        Vec::new()
    } else {
        vec![(None, form.invite.trim().to_owned())]
    };
    let timeout_policy = match form.timeout_policy.trim() {
        "" | "claim" => None,
        "auto" => Some(TimeoutPolicy::Auto),
        _ => {
            return Err(ApiError::bad_request(
                "invalid_timeout_policy",
                "choose what happens when time runs out from the list",
            ));
        }
    };
    let rated = match form.rated.trim() {
        "" | "rated" => true,
        "casual" => false,
        _ => {
            return Err(ApiError::bad_request(
                "invalid_rated",
                "choose rated or casual from the list",
            ));
        }
    };
    let bound = |text: &str, which: &str| -> Result<Option<i64>, ApiError> {
        match text.trim() {
            "" => Ok(None),
            text => text.parse::<i64>().map(Some).map_err(|_| {
                ApiError::bad_request(
                    "invalid_rating_range",
                    format!("the {which} rating is a whole number, or empty for no bound"),
                )
            }),
        }
    };
    Ok(CreateRequest {
        rated: Some(rated),
        rating_min: bound(&form.rating_min, "minimum")?,
        rating_max: bound(&form.rating_max, "maximum")?,
        variant: variant.id().to_owned(),
        options,
        days_per_move: clock.days_per_move,
        time_control: clock.time_control,
        timeout_policy,
        seat,
        invites,
        chat_spectators: form.chat_spectators.is_some(),
        bot_fill: bot_fill(&form.bot_level, &form.bot_after)?,
    })
}

/// The form's "fill the open seats with bots" choice: (level, minutes).
fn bot_fill(level: &str, after: &str) -> Result<Option<(u8, i64)>, ApiError> {
    let bad = || {
        ApiError::bad_request(
            "invalid_fill",
            "choose the bots' level and when they come from the lists",
        )
    };
    match level.trim() {
        "" => Ok(None),
        level => {
            let level = level.parse::<u8>().map_err(|_| bad())?;
            let minutes = match after.trim() {
                "" => 0,
                text => text.parse::<i64>().map_err(|_| bad())?,
            };
            Ok(Some((level, minutes)))
        }
    }
}

async fn create(State(state): State<AppState>, s: SignedIn, Form(form): Form<CreateForm>) -> PageResult<Response> {
    let result = match request(&form, &s.ctx.lang) {
        Ok(req) => service::create(&state, &s.user.auth(), req).await,
        Err(e) => Err(e),
    };
    match result {
        Ok(game) => Ok(see_other(&format!("/games/{}", game.id))),
        Err(e @ (ApiError::BadRequest { .. } | ApiError::NotFound { .. } | ApiError::Conflict { .. })) => {
            let message = crate::web::error_language::message_in(&s.ctx.lang, &e);
            let status = if e.status() == StatusCode::NOT_FOUND {
                StatusCode::UNPROCESSABLE_ENTITY
            } else {
                e.status()
            };
            Ok((status, new_game_page(s.ctx, form, Some(message))?).into_response())
        }
        Err(e) => Err(e.into()),
    }
}

/// `/lobby`, `/lobby/new`, `/lobby/{id}/accept`, `/lobby/{id}/decline`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/lobby", get(lobby))
        .route("/lobby/new", get(new_game).post(create))
        .route("/lobby/{id}/accept", post(accept))
        .route("/lobby/{id}/decline", post(decline))
}
