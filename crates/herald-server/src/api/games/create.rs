//! Starting games: creating one with the creator seated and the other seats invited or
//! open, and joining a waiting game (the last seat filled starts it).

use herald_rules::{Options, Player, Variant};

use super::clock::TimeoutPolicy;
use super::load::{get, load, view};
use super::view::{GameView, SeatChoice};
use crate::domain::events::NewEvent;
use crate::domain::game_states::OptionIds;
use crate::domain::time_controls::{InvalidTimeControl, TimeControl};
use crate::storage::{CreateRefused, NewGame, RatingRange, RematchOf, SeatRow, Start};
use crate::web::auth::{AuthUser, random_id};
use crate::web::error::{ApiError, ApiResult};
use crate::web::state::AppState;

/// Default and bounds of the correspondence clock.
pub const DEFAULT_DAYS_PER_MOVE: i64 = 4;
pub use crate::domain::game_states::MAX_DAYS_PER_MOVE;

/// A game request, already parsed from JSON or a form.
#[derive(Debug, Clone, Default)]
pub struct CreateRequest {
    pub variant: String,
    pub options: Vec<String>,
    pub days_per_move: Option<i64>,
    /// The clock of any kind (days per move, Fischer days, ICCF); when given it is used
    /// instead of `days_per_move`.
    pub time_control: Option<TimeControl>,
    /// What happens at a deadline (default `claim`).
    pub timeout_policy: Option<TimeoutPolicy>,
    pub seat: Option<SeatChoice>,
    /// Invitations: (seat or `None` for "the next free seat", username).
    pub invites: Vec<(Option<i64>, String)>,
    /// Rated or casual (by default rated for an established account, see [`is_established`]).
    pub rated: Option<bool>,
    /// The rating range of the open seats (inclusive; `None`: no bound).
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    /// Spectators read the game's conversation (default: only the players).
    pub chat_spectators: bool,
    /// Fill the seats still open with bots near this level after this many minutes
    /// (0: at once): (level, minutes).
    pub bot_fill: Option<(u8, i64)>,
}

/// A rating range as people read it: `1400-1700`, `at least 1400`, `at most 1700`, `any`.
#[must_use]
pub fn range_text(range: RatingRange) -> String {
    match (range.min, range.max) {
        (Some(min), Some(max)) => format!("{min}-{max}"),
        (Some(min), None) => format!("at least {min}"),
        (None, Some(max)) => format!("at most {max}"),
        (None, None) => "any".to_owned(),
    }
}

/// How old an account must be before its games are rated unless it asks otherwise: a
/// fresh account (or a second one made to farm points) plays casual by default.
pub const ESTABLISHED_AFTER_MS: i64 = 24 * 60 * 60 * 1000;

/// Whether `user_id`'s account is established (older than [`ESTABLISHED_AFTER_MS`]): its
/// new games are rated by default.
///
/// # Errors
/// The database fails.
pub async fn is_established(state: &AppState, user_id: i64) -> ApiResult<bool> {
    let dates = state.db.user_dates(user_id).await?;
    Ok(dates.is_some_and(|(created_at, _)| state.now() - created_at >= ESTABLISHED_AFTER_MS))
}

/// Ratings a challenge's range may name.
pub const RATING_BOUNDS: std::ops::RangeInclusive<i64> = 0..=4000;

/// A rating range as asked (a challenge's, a tournament's): each bound within
/// [`RATING_BOUNDS`], the minimum not above the maximum.
///
/// # Errors
/// 400 `invalid_rating_range`.
pub fn rating_range(min: Option<i64>, max: Option<i64>) -> ApiResult<RatingRange> {
    let bad = |what: String| ApiError::bad_request("invalid_rating_range", what);
    for bound in [min, max].into_iter().flatten() {
        if !RATING_BOUNDS.contains(&bound) {
            return Err(bad(format!(
                "a rating bound must be {} to {}",
                RATING_BOUNDS.start(),
                RATING_BOUNDS.end()
            )));
        }
    }
    if let (Some(min), Some(max)) = (min, max)
        && min > max
    {
        return Err(bad(format!("the minimum rating {min} is above the maximum {max}")));
    }
    Ok(RatingRange { min, max })
}

/// The rating a range is checked against: the player's in this game, or the starting one.
///
/// # Errors
/// The database fails.
pub async fn range_rating(state: &AppState, user_id: i64, variant: Variant) -> ApiResult<i64> {
    let rating = state.db.rating_of(user_id, variant).await?;
    Ok(crate::domain::ratings::whole(
        rating.unwrap_or_else(|| crate::domain::ratings::Glicko::start(0).rating),
    ))
}

/// A request's clock: the kind and fields, or only days per move (the API's older field).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    pub days_per_move: Option<i64>,
    pub time_control: Option<TimeControl>,
}

/// What a game is played with (its game, options and clock), checked the same way for
/// every source of games: a challenge, a rematch, a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub variant: Variant,
    pub options: Options,
    pub time_control: TimeControl,
    pub timeout_policy: TimeoutPolicy,
}

impl Terms {
    /// Checks a request's game, options and clock (defaults: [`DEFAULT_DAYS_PER_MOVE`] days,
    /// claim at a deadline).
    ///
    /// # Errors
    /// 400 `invalid_variant`, `invalid_option`, `invalid_days_per_move` or
    /// `invalid_time_control`.
    pub fn parse(
        variant: &str,
        options: &[String],
        clock: Clock,
        timeout_policy: Option<TimeoutPolicy>,
    ) -> ApiResult<Self> {
        let variant = parse_variant(variant)?;
        let options = Options::parse(variant, options.iter().map(String::as_str))
            .map_err(|e| ApiError::bad_request("invalid_option", e.to_string()))?;
        let time_control = clock
            .time_control
            .unwrap_or(TimeControl::Days {
                days: clock.days_per_move.unwrap_or(DEFAULT_DAYS_PER_MOVE),
            })
            .check()
            .map_err(|e| match e {
                InvalidTimeControl::DaysPerMove(message) => ApiError::bad_request("invalid_days_per_move", message),
                InvalidTimeControl::Field(message) => ApiError::bad_request("invalid_time_control", message),
            })?;
        Ok(Self {
            variant,
            options,
            time_control,
            timeout_policy: timeout_policy.unwrap_or_default(),
        })
    }

    /// The position a game with these terms starts from, as stored.
    ///
    /// # Errors
    /// 500 if the rules engine cannot set up the game (a registry defect).
    pub fn start_position(&self, state: &AppState) -> ApiResult<String> {
        let engine = state
            .rules
            .load(self.variant, self.options, &[])
            .map_err(|e| ApiError::internal_while(format!("cannot start a {} game", self.variant), e))?;
        Ok(engine.fen())
    }
}

fn parse_variant(id: &str) -> ApiResult<Variant> {
    id.parse::<Variant>()
        .map_err(|e| ApiError::bad_request("invalid_variant", e.to_string()))
}

/// Resolves a seat choice for a variant (`None`: no preference).
fn resolve_seat(variant: Variant, choice: Option<&SeatChoice>) -> ApiResult<Option<Player>> {
    let seats = i64::from(variant.players());
    let bad = || {
        ApiError::bad_request(
            "invalid_seat",
            format!(
                "seat must be 0..{} or one of: {}, random",
                seats - 1,
                variant.seat_names().join(", ").to_lowercase()
            ),
        )
    };
    match choice {
        None => Ok(None),
        Some(SeatChoice::Index(i)) if (0..seats).contains(i) => {
            u8::try_from(*i).map(|s| Some(Player::new(s))).map_err(|_| bad())
        }
        Some(SeatChoice::Index(_)) => Err(bad()),
        Some(SeatChoice::Name(name)) => {
            let name = name.trim().to_lowercase();
            if name == "random" {
                return Ok(None);
            }
            variant
                .seat_names()
                .iter()
                .position(|n| n.to_lowercase() == name)
                .and_then(|p| u8::try_from(p).ok())
                .map(|p| Some(Player::new(p)))
                .ok_or_else(bad)
        }
    }
}

fn random_seat(players: u8) -> ApiResult<Player> {
    let mut byte = [0_u8; 1];
    getrandom::fill(&mut byte).map_err(|e| ApiError::internal_while("random source failed", e))?;
    Ok(Player::new(byte[0] % players.max(1)))
}

/// Creates a game with the creator seated; the other seats are invited or open.
///
/// # Errors
/// 400 for a bad variant, option, clock or seat; 404 for an unknown invitee.
pub async fn create(state: &AppState, user: &AuthUser, request: CreateRequest) -> ApiResult<GameView> {
    create_game(state, user, request, None).await
}

/// [`create`], for a rematch of another game too (`rematch_of`: that game, and the seat
/// in it of the player who offers it).
///
/// # Errors
/// As [`create`]; 409 `rematch_exists` when the game already has a rematch.
pub(super) async fn create_game(
    state: &AppState,
    user: &AuthUser,
    request: CreateRequest,
    rematch_of: Option<(&str, Player)>,
) -> ApiResult<GameView> {
    let terms = Terms::parse(
        &request.variant,
        &request.options,
        Clock {
            days_per_move: request.days_per_move,
            time_control: request.time_control,
        },
        request.timeout_policy,
    )?;
    let variant = terms.variant;
    let rating_range = rating_range(request.rating_min, request.rating_max)?;
    let players = variant.players();
    let my_seat = match resolve_seat(variant, request.seat.as_ref())? {
        Some(seat) => seat,
        None => random_seat(players)?,
    };
    let no_seat = || ApiError::bad_request("invalid_seat", "no such seat");
    let my_index = my_seat.index();
    let mut seats: Vec<(Option<i64>, Option<i64>)> = vec![(None, None); usize::from(players)];
    seats.get_mut(my_index).ok_or_else(no_seat)?.0 = Some(user.id);
    if request.invites.len() >= usize::from(players) {
        return Err(ApiError::bad_request(
            "invalid_invite",
            "more invitations than free seats",
        ));
    }
    for (seat, username) in &request.invites {
        let key = crate::api::accounts::validate_username(username)
            .map_err(|_| ApiError::not_found("user_not_found", format!("no user `{}`", username.escape_debug())))?;
        let invitee = state
            .db
            .user_id_by_key(&key)
            .await?
            .ok_or_else(|| ApiError::not_found("user_not_found", format!("no user `{username}`")))?;
        if invitee == user.id {
            return Err(ApiError::bad_request("invalid_invite", "you cannot invite yourself"));
        }
        crate::api::blocks::check_invite(state, user.id, invitee).await?;
        if seats.iter().any(|(_, i)| *i == Some(invitee)) {
            return Err(ApiError::bad_request(
                "invalid_invite",
                format!("`{username}` is invited twice"),
            ));
        }
        let index = match seat {
            Some(s) => resolve_seat(variant, Some(&SeatChoice::Index(*s)))?
                .ok_or_else(no_seat)?
                .index(),
            // The next free seat after the creator's, in turn order.
            None => (1..usize::from(players))
                .map(|k| (my_index + k) % usize::from(players))
                .find(|i| seats.get(*i).is_some_and(|(u, inv)| u.is_none() && inv.is_none()))
                .ok_or_else(|| ApiError::bad_request("invalid_invite", "no free seat for the invitation"))?,
        };
        match seats.get_mut(index) {
            Some(slot) if slot.0.is_none() && slot.1.is_none() => slot.1 = Some(invitee),
            _ => return Err(ApiError::bad_request("invalid_invite", "that seat is not free")),
        }
    }
    let bots_play = bots_invited(state, &seats).await?;
    if let Some((level, minutes)) = request.bot_fill
        && (herald_engine::Level::new(level).is_none() || !(0..=10_080).contains(&minutes))
    {
        return Err(ApiError::bad_request(
            "invalid_fill",
            "bots fill the open seats at a level of 1 to 8, after 0 to 10080 minutes",
        ));
    }
    let with_bots = !bots_play.is_empty() || request.bot_fill.is_some();
    // Games with bots are casual unless asked otherwise (and the site allows it).
    let rated = match request.rated {
        Some(rated) => rated,
        None if with_bots => false,
        None => is_established(state, user.id).await?,
    };
    if with_bots && rated && !state.db.site_settings().await?.rated_bot_games {
        return Err(ApiError::conflict(
            "rated_bot_games_off",
            "games with bots are casual on this site: ask for a casual game (rated: false)",
        ));
    }
    for bot in &bots_play {
        if bot.settings.paused || !bot.settings.takes(variant, terms.time_control.nominal_days(), rated) {
            return Err(ApiError::conflict(
                "bot_declines",
                format!(
                    "{} does not take this game now ({}): see /bots for what each bot plays",
                    bot.username,
                    if bot.settings.paused {
                        "paused".to_owned()
                    } else {
                        bot_terms(&bot.settings)
                    }
                ),
            ));
        }
    }
    let id = random_id(10)?;
    state
        .db
        .create_game(
            &NewGame {
                id: id.clone(),
                variant,
                options: OptionIds(terms.options),
                created_by: user.id,
                now: state.now(),
                time_control: terms.time_control,
                timeout_policy: terms.timeout_policy,
                fen: terms.start_position(state)?,
                seats,
                rated,
                rating_range,
                chat_spectators: request.chat_spectators,
                in_tournament: false,
                start: Start::Waiting,
                rematch_of: rematch_of.map(|(game_id, seat)| RematchOf {
                    game_id: game_id.to_owned(),
                    offer: NewEvent::rematch_offered(seat, &id),
                }),
            },
            crate::api::blocks::MAX_PENDING_INVITATIONS,
        )
        .await?
        .map_err(|refused| match refused {
            CreateRefused::TooManyInvitations(cap) => crate::api::blocks::too_many_invitations(cap.pending),
            CreateRefused::RematchExists(_) => {
                ApiError::conflict("rematch_exists", "a rematch of this game was already offered")
            }
        })?;
    tracing::info!(game = %id, %variant, user = %user.username, "game created");
    if let Some((level, minutes)) = request.bot_fill {
        state
            .db
            .schedule_bot_fill(&id, state.now() + minutes * 60_000, level)
            .await?;
    }
    Ok(view(state, load(state, &id).await?, Some(user.id)))
}

/// The bots among a new game's invitees.
async fn bots_invited(
    state: &AppState,
    seats: &[(Option<i64>, Option<i64>)],
) -> ApiResult<Vec<crate::storage::BotRow>> {
    let mut bots = Vec::new();
    for invitee in seats.iter().filter_map(|(_, invited)| *invited) {
        if let Some(bot) = state.db.bot_by_id(invitee).await? {
            bots.push(bot);
        }
    }
    Ok(bots)
}

/// What a bot takes, in words: `Nowan chess, 1-14 days per move, casual`.
fn bot_terms(settings: &crate::domain::bots::BotSettings) -> String {
    format!(
        "it plays {}, {}-{} days per move, {}",
        crate::domain::bots::BotSettings::games_words(&settings.variants),
        settings.min_days,
        settings.max_days,
        settings.rated.words()
    )
}

/// Takes a seat in a waiting game (an open seat, or the one the caller is invited to).
/// The game starts when its last seat is filled; its first deadline starts then.
///
/// # Errors
/// 404 unknown game; 409 not waiting, already seated, seat taken or no open seat;
/// 403 the seat is reserved for someone else.
pub async fn join(state: &AppState, user: &AuthUser, id: &str, seat: Option<&SeatChoice>) -> ApiResult<GameView> {
    let game = load(state, id).await?;
    // A banned or suspended player's challenge would start a game they cannot play.
    if state.db.seats_restricted(id, state.now()).await? {
        return Err(ApiError::conflict(
            "challenge_unavailable",
            "a player seated in this game is suspended or banned: it cannot be joined now",
        ));
    }
    let requested = resolve_seat(game.variant, seat)?;
    let uid = user.id;
    let range = game.row.rating_range;
    // The rating the range is checked against: the player's, or the starting one.
    let rating = if range.is_open() {
        None
    } else {
        Some(range_rating(state, uid, game.variant).await?)
    };
    let admitted = |seat: Player| -> ApiResult<Player> {
        match rating {
            Some(r) if !range.admits(r) => Err(ApiError::forbidden(
                "rating_out_of_range",
                format!(
                    "this challenge is for players rated {}; yours is {r}",
                    range_text(range)
                ),
            )),
            _ => Ok(seat),
        }
    };
    let choose = |seats: &[SeatRow]| -> ApiResult<Player> {
        if seats.iter().any(|s| s.user_id == Some(uid)) {
            return Err(ApiError::conflict("already_seated", "you already play in this game"));
        }
        if let Some(mine) = seats
            .iter()
            .find(|s| s.invited_user_id == Some(uid) && s.user_id.is_none())
        {
            return Ok(mine.seat);
        }
        match requested {
            Some(r) => {
                let s = seats
                    .iter()
                    .find(|s| s.seat == r)
                    .ok_or_else(|| ApiError::bad_request("invalid_seat", "no such seat"))?;
                if s.user_id.is_some() {
                    Err(ApiError::conflict("seat_taken", "that seat is taken"))
                } else if s.invited_user_id.is_some() {
                    Err(ApiError::forbidden(
                        "seat_reserved",
                        "that seat is reserved for an invited player",
                    ))
                } else {
                    admitted(r)
                }
            }
            None => seats
                .iter()
                .find(|s| s.user_id.is_none() && s.invited_user_id.is_none())
                .map(|s| s.seat)
                .ok_or_else(|| ApiError::conflict("no_open_seat", "no open seat in this game"))
                .and_then(admitted),
        }
    };
    let now = state.now();
    let first_turn = super::clock::first_turn(game.row.time_control, now);
    match state.db.join(id, uid, now, first_turn, choose).await? {
        None => Err(ApiError::conflict(
            "game_not_waiting",
            "this game is not waiting for players",
        )),
        Some(Err(e)) => Err(e),
        Some(Ok(joined)) => {
            tracing::info!(game = %id, user = %user.username, seat = joined.seat.get(), started = joined.started, "joined");
            get(state, id, Some(uid)).await
        }
    }
}
