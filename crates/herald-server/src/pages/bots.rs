//! The bots' pages: `/bots` (every bot with its level, what it plays and its ratings),
//! `/admin/bots` (administrators create, pause and set up bots) and the waiting game's
//! "fill with bots" forms (its creator seats bots now or after a wait). Every form goes
//! through the same service as the API (`crate::api::bots`).

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use fluent_templates::fluent_bundle::FluentValue;
use herald_rules::Variant;
use serde::Deserialize;

use super::admin::AdminPage;
use super::{Ctx, PageResult, SignedIn, see_other, time};
use crate::api::bots::{self, BotChanges, BotView, FillSeats, NewBot};
use crate::domain::bots::{BotRated, BotSettings};
use crate::infra::i18n::Lang;
use crate::web::error::ApiError;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "bots.html")]
struct BotsPage {
    ctx: Ctx,
    bots: Vec<BotView>,
}

/// A bot's games in the reader's language: `Nowan chess, Chatrang` or `every game`.
fn games_text(lang: &Lang, variants: &[Variant]) -> String {
    if variants.is_empty() {
        lang.text("bots-every-game")
    } else {
        variants
            .iter()
            .map(|&v| lang.game_name(v))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The rule in words: `rated or casual`, `casual only`, `rated only`.
fn rated_text(lang: &Lang, rule: BotRated) -> String {
    match rule {
        BotRated::Both => lang.text("bots-rated-both"),
        BotRated::Casual => lang.text("bots-rated-casual"),
        BotRated::Rated => lang.text("bots-rated-rated"),
    }
}

/// `3 of 20 games now`.
fn games_now_text(lang: &Lang, current: i64, max: i64) -> String {
    lang.plain_with(
        "bots-games-now",
        &[("current", FluentValue::from(current)), ("max", FluentValue::from(max))],
    )
}

impl BotsPage {
    fn game(&self, variant: &Variant) -> String {
        self.ctx.lang.game_name(*variant)
    }

    /// What the bot plays: its games, days per move, rated or casual, open challenges.
    fn plays(&self, bot: &BotView) -> String {
        let lang = &self.ctx.lang;
        let mut args = vec![
            ("games", FluentValue::from(games_text(lang, &bot.games))),
            ("min", FluentValue::from(bot.min_days)),
            ("max", FluentValue::from(bot.max_days)),
            ("rated", FluentValue::from(rated_text(lang, bot.rated))),
        ];
        match bot.open_after_minutes {
            Some(minutes) => {
                args.push(("minutes", FluentValue::from(minutes)));
                lang.plain_with("bots-plays-open", &args)
            }
            None => lang.plain_with("bots-plays", &args),
        }
    }

    fn games_now(&self, bot: &BotView) -> String {
        games_now_text(&self.ctx.lang, bot.current_games, bot.max_games)
    }
}

async fn list(State(state): State<AppState>, ctx: Ctx) -> PageResult<BotsPage> {
    Ok(BotsPage {
        ctx,
        bots: bots::list(&state).await?,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "admin_bots.html")]
struct AdminBotsPage {
    ctx: Ctx,
    bots: Vec<BotView>,
    /// The empty form for a new bot, then one per bot.
    new_form: SettingsForm,
    forms: Vec<SettingsForm>,
    all_games: Vec<(&'static str, String)>,
    rated_rules: &'static [BotRated],
    levels: Vec<u8>,
}

impl AdminBotsPage {
    fn rated(&self, rule: &BotRated) -> String {
        rated_text(&self.ctx.lang, *rule)
    }

    fn games_now(&self, current: &i64, max: &i64) -> String {
        games_now_text(&self.ctx.lang, *current, *max)
    }
}

/// A bot's settings as its form shows them (`key`: the bot's name, `new` for a new one).
#[derive(Debug, Clone)]
struct SettingsForm {
    key: String,
    level: u8,
    description: String,
    games: Vec<&'static str>,
    min_days: i64,
    max_days: i64,
    rated: BotRated,
    max_games: i64,
    open_after: Option<i64>,
    paused: bool,
    current_games: i64,
    /// `Nowan chess 1612, Chatrang 1490?`.
    ratings: String,
}

impl SettingsForm {
    fn of(bot: &BotView, lang: &Lang) -> SettingsForm {
        SettingsForm {
            key: bot.username.clone(),
            level: bot.level,
            description: bot.description.clone(),
            games: bot.games.iter().map(|v| v.id()).collect(),
            min_days: bot.min_days,
            max_days: bot.max_days,
            rated: bot.rated,
            max_games: bot.max_games,
            open_after: bot.open_after_minutes,
            paused: bot.paused,
            current_games: bot.current_games,
            ratings: bot
                .ratings
                .iter()
                .map(|r| {
                    format!(
                        "{} {}{}",
                        lang.game_name(r.variant),
                        r.rating,
                        if r.provisional { "?" } else { "" }
                    )
                })
                .collect::<Vec<_>>()
                .join(", "),
        }
    }

    fn blank() -> SettingsForm {
        let d = BotSettings::default();
        SettingsForm {
            key: "new".to_owned(),
            level: d.level,
            description: String::new(),
            games: Vec::new(),
            min_days: d.min_days,
            max_days: d.max_days,
            rated: d.rated,
            max_games: d.max_games,
            open_after: d.open_after_minutes,
            paused: false,
            current_games: 0,
            ratings: String::new(),
        }
    }
}

async fn admin_list(State(state): State<AppState>, page: AdminPage) -> PageResult<Response> {
    let bots = bots::list(&state).await?;
    Ok(AdminBotsPage {
        forms: bots.iter().map(|b| SettingsForm::of(b, &page.ctx.lang)).collect(),
        all_games: Variant::ALL
            .iter()
            .map(|&v| (v.id(), page.ctx.lang.game_name(v)))
            .collect(),
        ctx: page.ctx,
        bots,
        new_form: SettingsForm::blank(),
        rated_rules: BotRated::ALL,
        levels: (1..=8).collect(),
    }
    .into_response())
}

/// The settings form, for a new bot and for changes (checkboxes send nothing when clear).
#[derive(Debug, Deserialize)]
struct BotForm {
    #[serde(default)]
    username: String,
    level: String,
    #[serde(default)]
    description: String,
    #[serde(default)]
    min_days: String,
    #[serde(default)]
    max_days: String,
    #[serde(default)]
    rated: Option<BotRated>,
    #[serde(default)]
    max_games: String,
    #[serde(default)]
    paused: Option<String>,
    #[serde(default)]
    takes_open: Option<String>,
    #[serde(default)]
    open_after: String,
    /// Every other field: the game checkboxes (`game_<id>`).
    #[serde(flatten)]
    rest: std::collections::BTreeMap<String, String>,
}

impl BotForm {
    fn changes(&self) -> Result<BotChanges, ApiError> {
        let number = |text: &str, what: &str| -> Result<Option<i64>, ApiError> {
            match text.trim() {
                "" => Ok(None),
                t => t
                    .parse()
                    .map(Some)
                    .map_err(|_| ApiError::bad_request("invalid_bot", format!("{what} is a whole number"))),
            }
        };
        let level = self
            .level
            .trim()
            .parse::<u8>()
            .map_err(|_| ApiError::bad_request("invalid_bot", "choose the level from the list"))?;
        let games: Vec<String> = Variant::ALL
            .iter()
            .filter(|v| self.rest.contains_key(&format!("game_{}", v.id())))
            .map(|v| v.id().to_owned())
            .collect();
        Ok(BotChanges {
            level: Some(level),
            description: Some(self.description.clone()),
            games: Some(games),
            min_days: number(&self.min_days, "the fewest days per move")?,
            max_days: number(&self.max_days, "the most days per move")?,
            rated: self.rated,
            paused: Some(self.paused.is_some()),
            max_games: number(&self.max_games, "the game limit")?,
            takes_open_challenges: Some(self.takes_open.is_some()),
            open_after_minutes: number(&self.open_after, "the wait before taking open challenges")?,
        })
    }
}

async fn admin_create(
    State(state): State<AppState>,
    page: AdminPage,
    Form(form): Form<BotForm>,
) -> PageResult<Response> {
    let bot = NewBot {
        username: form.username.trim().to_owned(),
        settings: form.changes()?,
    };
    bots::create(&state.db, Some(&page.admin), state.now(), &bot).await?;
    Ok(see_other("/admin/bots"))
}

async fn admin_update(
    State(state): State<AppState>,
    page: AdminPage,
    Path(username): Path<String>,
    Form(form): Form<BotForm>,
) -> PageResult<Response> {
    bots::update(&state.db, Some(&page.admin), state.now(), &username, &form.changes()?).await?;
    Ok(see_other(&format!("/admin/bots#bot-{username}")))
}

/// What a waiting game's page offers its creator: fill open seats with bots.
#[derive(Debug, Clone, Default)]
pub struct FillPanel {
    /// The open seats: (seat number, its name).
    pub open_seats: Vec<(u8, String)>,
    /// The fill already scheduled: (when, in the viewer's zone; level).
    pub scheduled: Option<(String, u8)>,
    pub levels: Vec<u8>,
    /// Whether the game is rated on a site that keeps bot games casual (no bot may sit).
    pub rated_blocked: bool,
}

/// The panel for waiting game `id`, when `viewer` created it and a seat is open.
///
/// # Errors
/// The database fails.
pub async fn fill_panel(
    state: &AppState,
    ctx: &Ctx,
    id: &str,
    open_seats: Vec<(u8, String)>,
    rated: bool,
) -> Result<Option<FillPanel>, ApiError> {
    if open_seats.is_empty() {
        return Ok(None);
    }
    let scheduled = state
        .db
        .bot_fill(id)
        .await?
        .map(|(at, level)| (time::local_in(&ctx.lang, at, ctx.time_zone()), level));
    Ok(Some(FillPanel {
        open_seats,
        scheduled,
        levels: (1..=8).collect(),
        rated_blocked: rated && !state.db.site_settings().await?.rated_bot_games,
    }))
}

#[derive(Debug, Deserialize)]
struct FillForm {
    level: String,
    /// A seat number, or empty for every open seat.
    #[serde(default)]
    seat: String,
    /// Minutes to wait for people (empty or 0: now).
    #[serde(default)]
    after: String,
}

async fn fill(
    State(state): State<AppState>,
    s: SignedIn,
    Path(id): Path<String>,
    Form(form): Form<FillForm>,
) -> PageResult<Response> {
    let bad = || ApiError::bad_request("invalid_fill", "choose the level, the seat and when from the lists");
    let request = FillSeats {
        level: form.level.trim().parse().map_err(|_| bad())?,
        seat: match form.seat.trim() {
            "" => None,
            seat => Some(seat.parse().map_err(|_| bad())?),
        },
        after_minutes: match form.after.trim() {
            "" => None,
            after => Some(after.parse().map_err(|_| bad())?),
        },
    };
    bots::fill(&state, &s.user.auth(), &id, &request).await?;
    Ok(see_other(&format!("/games/{id}")))
}

async fn cancel_fill(State(state): State<AppState>, s: SignedIn, Path(id): Path<String>) -> PageResult<Response> {
    bots::cancel(&state, &s.user.auth(), &id).await?;
    Ok(see_other(&format!("/games/{id}")))
}

/// `/bots`, `/admin/bots…` and a game's `/games/{id}/bots…` forms.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/bots", get(list))
        .route("/admin/bots", get(admin_list).post(admin_create))
        .route("/admin/bots/{username}", post(admin_update))
        .route("/games/{id}/bots", post(fill))
        .route("/games/{id}/bots/cancel", post(cancel_fill))
}
