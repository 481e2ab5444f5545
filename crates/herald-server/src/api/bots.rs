//! Bots as a resource: administrators create and configure them (here, `/admin/bots` and
//! `herald admin create-bot`), anyone lists them with their ratings, and the creator of a
//! waiting game fills its empty seats with bots, now or after a time. The bot worker
//! (`workers::bots`) seats bots through [`seat_bot`] and plays their moves.

use axum::extract::State;
use axum::http::StatusCode;
use herald_rules::{Player, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api::admin::AdminUser;
use crate::api::admin::audit::{AuditAction, AuditTarget, entry};
use crate::api::games::service;
use crate::api::leaderboard::RatingView;
use crate::domain::bots::{BotRated, BotSettings};
use crate::domain::game_states::GameStatus;
use crate::storage::{BotRow, Db};
use crate::web::auth::{AuthUser, MaybeAuthUser};
use crate::web::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody};
use crate::web::state::AppState;

/// A bot as the API shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BotView {
    pub username: String,
    /// The engine's level, 1-8 (`/help/engine` gives each level's strength).
    pub level: u8,
    pub description: String,
    /// The games it takes (empty: every game).
    #[schema(value_type = Vec<crate::domain::game_states::VariantId>)]
    pub games: Vec<Variant>,
    /// The days per move it accepts, inclusive.
    pub min_days: i64,
    pub max_days: i64,
    pub rated: BotRated,
    /// A paused bot takes no new games; it finishes those it plays.
    pub paused: bool,
    /// Games waiting or in progress at once.
    pub max_games: i64,
    pub current_games: i64,
    /// It takes an open challenge nobody took after this many minutes (`null`: never).
    pub open_after_minutes: Option<i64>,
    /// Its ratings, one per game it has played rated.
    pub ratings: Vec<RatingView>,
}

impl BotView {
    /// `row` with its ratings as they stand now.
    async fn with_ratings(state: &AppState, row: &BotRow) -> ApiResult<BotView> {
        let now = state.now();
        let ratings = state.db.ratings_of(row.user_id, &row.username).await?;
        Ok(BotView::of(
            row,
            ratings.iter().map(|r| RatingView::of(r, now)).collect(),
        ))
    }

    fn of(row: &BotRow, ratings: Vec<RatingView>) -> BotView {
        let s = &row.settings;
        BotView {
            username: row.username.clone(),
            level: s.level,
            description: s.description.clone(),
            games: s.variants.clone(),
            min_days: s.min_days,
            max_days: s.max_days,
            rated: s.rated,
            paused: s.paused,
            max_games: s.max_games,
            current_games: row.current_games,
            open_after_minutes: s.open_after_minutes,
            ratings,
        }
    }
}

/// Changes to a bot's settings; a field left out keeps its value (on creation, its default).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BotChanges {
    #[schema(minimum = 1, maximum = 8)]
    pub level: Option<u8>,
    #[schema(max_length = 300)]
    pub description: Option<String>,
    /// The games it takes (empty: every game).
    #[schema(value_type = Option<Vec<crate::domain::game_states::VariantId>>)]
    pub games: Option<Vec<String>>,
    #[schema(minimum = 1, maximum = 14)]
    pub min_days: Option<i64>,
    #[schema(minimum = 1, maximum = 14)]
    pub max_days: Option<i64>,
    pub rated: Option<BotRated>,
    pub paused: Option<bool>,
    #[schema(minimum = 1, maximum = 500)]
    pub max_games: Option<i64>,
    /// Whether it takes open challenges nobody took (default true).
    pub takes_open_challenges: Option<bool>,
    /// After how many minutes (default 10).
    #[schema(minimum = 0, maximum = 10080)]
    pub open_after_minutes: Option<i64>,
}

impl BotChanges {
    /// `base` with these changes, checked.
    ///
    /// # Errors
    /// 400 `invalid_bot` with the reason.
    pub fn apply(&self, base: &BotSettings) -> ApiResult<BotSettings> {
        let invalid = |reason: String| ApiError::bad_request("invalid_bot", reason);
        let mut s = base.clone();
        if let Some(level) = self.level {
            s.level = level;
        }
        if let Some(description) = &self.description {
            description.trim().clone_into(&mut s.description);
            if s.description.chars().any(|c| c.is_control()) {
                return Err(invalid("the description is one line of plain text".to_owned()));
            }
        }
        if let Some(games) = &self.games {
            s.variants = games
                .iter()
                .map(|id| id.parse::<Variant>().map_err(|e| invalid(e.to_string())))
                .collect::<ApiResult<_>>()?;
        }
        s.min_days = self.min_days.unwrap_or(s.min_days);
        s.max_days = self.max_days.unwrap_or(s.max_days);
        s.rated = self.rated.unwrap_or(s.rated);
        s.paused = self.paused.unwrap_or(s.paused);
        s.max_games = self.max_games.unwrap_or(s.max_games);
        let after = self
            .open_after_minutes
            .or(s.open_after_minutes)
            .unwrap_or(BotSettings::default().open_after_minutes.unwrap_or(10));
        s.open_after_minutes = match self.takes_open_challenges {
            Some(false) => None,
            Some(true) => Some(after),
            None => s.open_after_minutes.map(|_| after),
        };
        s.check().map_err(invalid)?;
        Ok(s)
    }
}

/// A new bot.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct NewBot {
    #[schema(pattern = "^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")]
    pub username: String,
    #[serde(flatten)]
    pub settings: BotChanges,
}

/// Creates a bot account (it never logs in: the server plays it); `admin` is `None` for
/// the command line. Audited.
///
/// # Errors
/// 400 `invalid_username` / `invalid_bot`; 409 `username_taken`; the database fails.
pub async fn create(db: &Db, admin: Option<&AdminUser>, now: i64, bot: &NewBot) -> ApiResult<BotRow> {
    let key = crate::api::accounts::validate_username(&bot.username)?;
    let settings = bot.settings.apply(&BotSettings::default())?;
    let mut audit = entry(
        admin,
        now,
        AuditAction::CreateBot,
        AuditTarget::User {
            id: 0,
            name: bot.username.clone(),
        },
    );
    audit.after = Some(settings_json(&settings));
    let id = db
        .create_bot(&bot.username, &key, &settings, audit)
        .await?
        .ok_or_else(|| ApiError::conflict("username_taken", format!("the username `{}` is taken", bot.username)))?;
    tracing::info!(bot = %bot.username, level = settings.level, by = admin.map_or("cli", |a| a.username.as_str()), "bot created");
    db.bot_by_id(id)
        .await?
        .ok_or_else(|| ApiError::internal("a bot just created is missing"))
}

/// Changes a bot's settings (pause, level, games, limits). Audited, before and after.
///
/// # Errors
/// 404 `bot_not_found`; 400 `invalid_bot`; the database fails.
pub async fn update(
    db: &Db,
    admin: Option<&AdminUser>,
    now: i64,
    username: &str,
    changes: &BotChanges,
) -> ApiResult<BotRow> {
    let row = by_name(db, username).await?;
    let settings = changes.apply(&row.settings)?;
    let mut audit = entry(
        admin,
        now,
        AuditAction::UpdateBot,
        AuditTarget::User {
            id: row.user_id,
            name: row.username.clone(),
        },
    );
    audit.before = Some(settings_json(&row.settings));
    audit.after = Some(settings_json(&settings));
    if !db.update_bot(row.user_id, &settings, &audit).await? {
        return Err(no_bot(username));
    }
    db.bot_by_id(row.user_id).await?.ok_or_else(|| no_bot(username))
}

fn settings_json(s: &BotSettings) -> serde_json::Value {
    serde_json::json!({
        "level": s.level, "description": s.description, "games": s.variants_text(),
        "min_days": s.min_days, "max_days": s.max_days, "rated": s.rated.as_str(), "paused": s.paused,
        "max_games": s.max_games, "open_after_minutes": s.open_after_minutes,
    })
}

fn no_bot(username: &str) -> ApiError {
    ApiError::not_found("bot_not_found", format!("no bot `{}`", username.escape_debug()))
}

/// The bot named `username`.
///
/// # Errors
/// 404 `bot_not_found` (also for a person's account); the database fails.
pub async fn by_name(db: &Db, username: &str) -> ApiResult<BotRow> {
    let key = crate::api::accounts::validate_username(username).map_err(|_| no_bot(username))?;
    db.bot_by_key(&key).await?.ok_or_else(|| no_bot(username))
}

/// Every bot with its ratings, by level.
///
/// # Errors
/// The database fails.
pub async fn list(state: &AppState) -> ApiResult<Vec<BotView>> {
    let mut views = Vec::new();
    for row in state.db.bots().await? {
        views.push(BotView::with_ratings(state, &row).await?);
    }
    Ok(views)
}

/// Why a game with bots may not be rated here, if it may not: the site's rule.
///
/// # Errors
/// 409 `rated_bot_games_off` when the game is rated and the site keeps games with bots casual.
pub async fn check_rated(state: &AppState, rated: bool) -> ApiResult<()> {
    if rated && !state.db.site_settings().await?.rated_bot_games {
        return Err(ApiError::conflict(
            "rated_bot_games_off",
            "this game is rated, and games with bots are casual on this site: create a casual game to play bots",
        ));
    }
    Ok(())
}

/// Seats `bot` in waiting game `game_id` (in `seat`, or the one it is invited to, or any
/// open one) through the same join as a person's, after the site's rule on rated games.
///
/// # Errors
/// As [`service::join`]; 409 `rated_bot_games_off`.
pub async fn seat_bot(
    state: &AppState,
    bot: &BotRow,
    game_id: &str,
    seat: Option<Player>,
    rated: bool,
) -> ApiResult<()> {
    check_rated(state, rated).await?;
    let as_user = AuthUser {
        id: bot.user_id,
        username: bot.username.clone(),
    };
    let choice = seat.map(|s| crate::api::games::view::SeatChoice::Index(i64::from(s.get())));
    service::join(state, &as_user, game_id, choice.as_ref()).await?;
    tracing::info!(game = %game_id, bot = %bot.username, "a bot took a seat");
    Ok(())
}

/// The bot nearest `level` that takes a game of `variant`, `days` per move, rated or not,
/// is not paused, has room for one more game, and is not in `seated` (ties: the least busy).
#[must_use]
pub fn pick(bots: &[BotRow], level: u8, variant: Variant, days: i64, rated: bool, seated: &[i64]) -> Option<BotRow> {
    bots.iter()
        .filter(|b| {
            !b.settings.paused
                && b.current_games < b.settings.max_games
                && b.settings.takes(variant, days, rated)
                && !seated.contains(&b.user_id)
        })
        .min_by_key(|b| (b.settings.level.abs_diff(level), b.current_games, b.user_id))
        .cloned()
}

/// Waiting game `game_id`, when bots near `level` may be seated in it at `by`'s asking
/// (`None`: the worker, for a fill its creator scheduled).
async fn fillable(
    state: &AppState,
    by: Option<&AuthUser>,
    game_id: &str,
    level: u8,
) -> ApiResult<crate::api::games::load::Loaded> {
    if herald_engine::Level::new(level).is_none() {
        return Err(ApiError::bad_request("invalid_level", "the level is 1 to 8"));
    }
    let game = service::load(state, game_id).await?;
    if by.is_some_and(|user| game.row.created_by != user.id) {
        return Err(ApiError::forbidden(
            "not_creator",
            "only the game's creator may seat bots in it",
        ));
    }
    if game.row.status != GameStatus::Waiting {
        return Err(ApiError::conflict(
            "game_not_waiting",
            "this game is not waiting for players",
        ));
    }
    check_rated(state, game.row.rated).await?;
    Ok(game)
}

/// Fills the open seats of waiting game `game_id` (only `seat`, when given) with bots near
/// `level` at once; returns the bots seated. `by` must have created the game, unless `None`
/// (the worker, for a fill the creator scheduled).
///
/// # Errors
/// 404 unknown game; 403 `not_creator`; 409 `game_not_waiting`, `seat_taken`,
/// `rated_bot_games_off` or `no_bot_available`; 400 `invalid_level` or a bad seat.
pub async fn fill_now(
    state: &AppState,
    by: Option<&AuthUser>,
    game_id: &str,
    seat: Option<i64>,
    level: u8,
) -> ApiResult<Vec<String>> {
    let game = fillable(state, by, game_id, level).await?;
    let open: Vec<Player> = game
        .seats
        .iter()
        .filter(|s| s.user_id.is_none() && s.invited_user_id.is_none())
        .map(|s| s.seat)
        .filter(|s| seat.is_none_or(|wanted| i64::from(s.get()) == wanted))
        .collect();
    if open.is_empty() {
        return Err(match seat {
            Some(_) => ApiError::conflict(
                "seat_taken",
                "that seat is taken or reserved (or there is no such seat)",
            ),
            None => ApiError::conflict("no_open_seat", "no open seat in this game"),
        });
    }
    let bots = state.db.bots().await?;
    let mut seated: Vec<i64> = game.seats.iter().filter_map(|s| s.user_id).collect();
    let mut names = Vec::new();
    for target in open {
        let Some(bot) = pick(
            &bots,
            level,
            game.variant,
            game.row.days_per_move,
            game.row.rated,
            &seated,
        ) else {
            return Err(ApiError::conflict(
                "no_bot_available",
                format!(
                    "no free bot takes {} at {} days per move{} now{}",
                    game.variant.name(),
                    game.row.days_per_move,
                    if game.row.rated { ", rated" } else { "" },
                    if names.is_empty() {
                        String::new()
                    } else {
                        format!(" (seated: {})", names.join(", "))
                    }
                ),
            ));
        };
        seat_bot(state, &bot, game_id, Some(target), game.row.rated).await?;
        seated.push(bot.user_id);
        names.push(bot.username);
    }
    Ok(names)
}

/// Seats to fill with bots.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FillSeats {
    /// Only this seat (0-based); absent: every open seat.
    #[schema(minimum = 0, maximum = 3)]
    pub seat: Option<i64>,
    /// The level wanted, 1-8 (the nearest free bot takes the seat).
    #[schema(minimum = 1, maximum = 8)]
    pub level: u8,
    /// Wait this many minutes for people first, then fill every seat still open
    /// (absent or 0: now).
    #[schema(minimum = 0, maximum = 10080)]
    pub after_minutes: Option<i64>,
}

/// What a fill did: the bots seated now, or when a scheduled fill runs.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FillAnswer {
    pub seated: Vec<String>,
    /// UTC epoch ms, when the fill waits.
    pub fill_at: Option<i64>,
}

/// Fills a waiting game's seats with bots now, or schedules it (`after_minutes`).
///
/// # Errors
/// As [`fill_now`]; 400 `invalid_fill` for a bad delay or a seat with a delay.
pub async fn fill(state: &AppState, user: &AuthUser, game_id: &str, request: &FillSeats) -> ApiResult<FillAnswer> {
    match request.after_minutes {
        None | Some(0) => Ok(FillAnswer {
            seated: fill_now(state, Some(user), game_id, request.seat, request.level).await?,
            fill_at: None,
        }),
        Some(minutes) => {
            if !(1..=10_080).contains(&minutes) || request.seat.is_some() {
                return Err(ApiError::bad_request(
                    "invalid_fill",
                    "a fill waits 1 to 10080 minutes and then fills every open seat (give no seat)",
                ));
            }
            let at = state.now() + minutes * 60_000;
            schedule(state, user, game_id, at, request.level).await?;
            Ok(FillAnswer {
                seated: Vec::new(),
                fill_at: Some(at),
            })
        }
    }
}

/// Schedules the filling of a waiting game's open seats with bots near `level` at `at`.
///
/// # Errors
/// 404 unknown game; 403 `not_creator`; 409 `game_not_waiting` or `rated_bot_games_off`;
/// 400 `invalid_level`.
pub async fn schedule(state: &AppState, user: &AuthUser, game_id: &str, at: i64, level: u8) -> ApiResult<()> {
    fillable(state, Some(user), game_id, level).await?;
    state.db.schedule_bot_fill(game_id, at, level).await?;
    Ok(())
}

/// Cancels a scheduled fill.
///
/// # Errors
/// 404 unknown game or no fill scheduled; 403 `not_creator`.
pub async fn cancel(state: &AppState, user: &AuthUser, game_id: &str) -> ApiResult<()> {
    let game = service::load(state, game_id).await?;
    if game.row.created_by != user.id {
        return Err(ApiError::forbidden(
            "not_creator",
            "only the game's creator may seat bots in it",
        ));
    }
    if !state.db.cancel_bot_fill(game_id).await? {
        return Err(ApiError::not_found(
            "no_fill",
            "no fill with bots is scheduled for this game",
        ));
    }
    Ok(())
}

/// The bots, with their levels, what games they take and their ratings.
#[utoipa::path(get, path = "/bots", tag = "bots",
    responses((status = 200, body = Vec<BotView>), (status = 401, body = ErrorBody)))]
async fn get_bots(State(state): State<AppState>, _caller: MaybeAuthUser) -> ApiResult<ApiJson<Vec<BotView>>> {
    list(&state).await.map(ApiJson)
}

/// Create a bot account. Administrators only.
#[utoipa::path(post, path = "/admin/bots", tag = "admin", security(("bearer" = [])), request_body = NewBot,
    responses((status = 201, body = BotView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 409, description = "`username_taken`", body = ErrorBody)))]
async fn post_bot(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiJson(body): ApiJson<NewBot>,
) -> ApiResult<(StatusCode, ApiJson<BotView>)> {
    let row = create(&state.db, Some(&admin), state.now(), &body).await?;
    Ok((StatusCode::CREATED, ApiJson(BotView::of(&row, Vec::new()))))
}

/// Change a bot's settings: pause it, its level, the games it takes, how many at once.
/// Administrators only.
#[utoipa::path(patch, path = "/admin/bots/{username}", tag = "admin", security(("bearer" = [])),
    params(("username" = String, Path)), request_body = BotChanges,
    responses((status = 200, body = BotView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "`forbidden`: not an administrator", body = ErrorBody),
        (status = 404, description = "`bot_not_found`", body = ErrorBody)))]
async fn patch_bot(
    State(state): State<AppState>,
    admin: AdminUser,
    ApiPath(username): ApiPath<String>,
    ApiJson(body): ApiJson<BotChanges>,
) -> ApiResult<ApiJson<BotView>> {
    let row = update(&state.db, Some(&admin), state.now(), &username, &body).await?;
    BotView::with_ratings(&state, &row).await.map(ApiJson)
}

/// Fill a waiting game's open seats with bots (the creator only): now, one seat or all,
/// or after a wait for people (`after_minutes`).
#[utoipa::path(post, path = "/games/{id}/bots", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = FillSeats,
    responses((status = 200, body = FillAnswer), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "`not_creator`", body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`game_not_waiting`, `seat_taken`, `no_open_seat`, `no_bot_available`, `rated_bot_games_off`", body = ErrorBody)))]
async fn post_fill(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<FillSeats>,
) -> ApiResult<ApiJson<FillAnswer>> {
    fill(&state, &user, &id, &body).await.map(ApiJson)
}

/// Cancel a game's scheduled fill with bots (the creator only).
#[utoipa::path(delete, path = "/games/{id}/bots", tag = "games", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 403, description = "`not_creator`", body = ErrorBody),
        (status = 404, description = "unknown game, or `no_fill`", body = ErrorBody)))]
async fn delete_fill(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    cancel(&state, &user, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The bots' routes under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_bots))
        .routes(routes!(post_bot))
        .routes(routes!(patch_bot))
        .routes(routes!(post_fill, delete_fill))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot(id: i64, level: u8, current: i64) -> BotRow {
        BotRow {
            user_id: id,
            username: format!("bot{id}"),
            settings: BotSettings {
                level,
                ..BotSettings::default()
            },
            current_games: current,
            created_at: 0,
        }
    }

    #[test]
    fn pick_takes_the_nearest_level_then_the_least_busy() {
        let bots = [bot(1, 2, 0), bot(2, 5, 3), bot(3, 5, 1), bot(4, 8, 0)];
        let chosen = |level, seated: &[i64]| pick(&bots, level, Variant::Nowan, 4, false, seated).map(|b| b.user_id);
        assert_eq!(chosen(5, &[]), Some(3));
        assert_eq!(chosen(5, &[3]), Some(2));
        assert_eq!(chosen(6, &[2, 3]), Some(4), "level 8 is nearer 6 than level 2");
        assert_eq!(chosen(1, &[]), Some(1));
        assert_eq!(chosen(1, &[1, 2, 3, 4]), None);
    }

    #[test]
    fn pick_skips_paused_full_and_unwilling_bots() {
        let mut paused = bot(1, 4, 0);
        paused.settings.paused = true;
        let mut full = bot(2, 4, 20);
        full.settings.max_games = 20;
        let mut casual = bot(3, 4, 0);
        casual.settings.rated = BotRated::Casual;
        let bots = [paused, full, casual];
        assert_eq!(pick(&bots, 4, Variant::Nowan, 4, true, &[]), None);
        assert_eq!(
            pick(&bots, 4, Variant::Nowan, 4, false, &[]).map(|b| b.user_id),
            Some(3)
        );
    }

    #[test]
    fn changes_keep_what_they_leave_out_and_check_the_rest() {
        let base = BotSettings::default();
        let paused = BotChanges {
            paused: Some(true),
            ..BotChanges::default()
        }
        .apply(&base)
        .expect("valid");
        assert_eq!(
            paused,
            BotSettings {
                paused: true,
                ..base.clone()
            }
        );
        let closed = BotChanges {
            takes_open_challenges: Some(false),
            ..BotChanges::default()
        }
        .apply(&base)
        .expect("valid");
        assert_eq!(closed.open_after_minutes, None);
        let reopened = BotChanges {
            takes_open_challenges: Some(true),
            open_after_minutes: Some(30),
            ..BotChanges::default()
        }
        .apply(&closed)
        .expect("valid");
        assert_eq!(reopened.open_after_minutes, Some(30));
        let bad = BotChanges {
            level: Some(9),
            ..BotChanges::default()
        }
        .apply(&base)
        .expect_err("refused");
        assert_eq!(bad.code(), "invalid_bot");
        let unknown = BotChanges {
            games: Some(vec!["go".to_owned()]),
            ..BotChanges::default()
        }
        .apply(&base)
        .expect_err("refused");
        assert_eq!(unknown.code(), "invalid_bot");
    }
}
