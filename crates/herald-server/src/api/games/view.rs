//! The game object the API returns, built from stored rows and the rebuilt position.

use herald_rules::{Player, Team, Variant};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::actions::{Action, Table, actions};
use super::clock::{TimeView, time_view};
use crate::domain::game_states::{EndReason, GameResult, GameStatus, OptionIds, VariantId};
use crate::domain::ratings::whole;
use crate::domain::rules::GameState;
pub use crate::domain::rules::team_of;
use crate::storage::{GameRow, SeatRow};

/// A seat at the table.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct SeatView {
    /// 0-based, in turn order.
    #[schema(value_type = u8)]
    pub seat: Player,
    /// The seat's name in this game (`White`, `Red`, `Player 3`…).
    pub name: String,
    /// The team the seat plays for (0 moves first); in two-player games, the seat itself.
    #[schema(value_type = u8)]
    pub team: Team,
    /// The player, once seated.
    pub user: Option<String>,
    /// The invited player, while the seat is reserved for them.
    pub invited: Option<String>,
    /// The player is on vacation: the clock of their turns is stopped.
    pub on_vacation: bool,
    /// This seat's deadline (UTC epoch ms) while it is the seat to move and its clock runs.
    pub move_by: Option<i64>,
    /// The player's rating in this game kind (1500 before their first rated game of it),
    /// once the seat is taken.
    pub rating: Option<i64>,
    /// The rating is still uncertain (shown with "?").
    pub provisional: bool,
    /// The player (or the invitee) is a bot, played by the server's engine.
    pub is_bot: bool,
}

/// The instant a view is built at, and the claimable cap in force.
#[derive(Debug, Clone, Copy)]
pub struct ClockNow {
    pub now: i64,
    pub cap_ms: i64,
}

impl ClockNow {
    /// Now, by the state's clock, with the configured cap.
    #[must_use]
    pub fn of(state: &crate::web::state::AppState) -> ClockNow {
        ClockNow {
            now: state.now(),
            cap_ms: super::clock::cap_ms(state.config.claimable_cap_days),
        }
    }
}

/// A game with everything a client needs to show it and move.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameView {
    pub id: String,
    #[schema(value_type = VariantId)]
    pub variant: Variant,
    pub variant_name: String,
    /// Option ids (Ancient chess: `ferz-forward`, `jumping`, `promotion`).
    pub options: OptionIds,
    /// `waiting` (for players), `active`, `finished` or `aborted`.
    pub status: GameStatus,
    /// `1-0` (team 0 won), `0-1` (team 1 won) or `1/2-1/2`, once finished.
    #[schema(value_type = Option<String>)]
    pub result: Option<GameResult>,
    #[schema(value_type = Option<u8>)]
    pub winner_team: Option<Team>,
    /// Why the game ended: a rules reason id, `resignation`, `draw_agreed`, `timeout`,
    /// `timeout_before_first_move`, `aborted`, or `admin` (ended by an operator with
    /// `herald admin end-game`).
    pub reason: Option<EndReason>,
    /// What the finished game was worth to each team, team 0 first, by the game's own
    /// scoring: Nowan 2 for a win, 1 for a stalemate win, 0 for a loss or a draw; the other
    /// games 1, 0.5 for a draw, 0. Absent until the game finishes, and for aborted games.
    pub points: Option<[f64; 2]>,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// Whether spectators may read the game's conversation (the creator's choice).
    pub chat_spectators: bool,
    /// An open challenge's rating range (inclusive; absent: no bound): players rated
    /// outside it do not see the challenge and cannot take its open seats.
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// The rematch offered after this game, once a player offered one (a waiting game
    /// until the others accept).
    pub rematch: Option<String>,
    pub seats: Vec<SeatView>,
    /// The seated players' ratings in this game kind (a "?" rating is provisional): their
    /// current ones while the game is on; once a rated game is over, the ones it left and
    /// what it changed.
    pub ratings: Vec<SeatRatingView>,
    /// The seat to move, while the game is active.
    #[schema(value_type = Option<u8>)]
    pub turn: Option<Player>,
    /// The username of the player to move, while the game is active.
    pub to_move: Option<String>,
    /// Number of moves played.
    pub ply: i64,
    /// The current position string.
    pub fen: String,
    /// The moves played, in canonical notation.
    pub moves: Vec<String>,
    /// The legal moves of the player to move (empty unless active).
    pub legal_moves: Vec<String>,
    /// The days of a days-per-move clock; for the other kinds the average days per move
    /// (`time_control` says which).
    pub days_per_move: i64,
    /// Deadline of the current turn (UTC epoch milliseconds), while active and not paused
    /// by the mover's vacation (vacation time is added to it).
    pub move_by: Option<i64>,
    /// Timeout policy, claimability, vacation pause and time left.
    #[serde(flatten)]
    pub clock: TimeView,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    /// Seats with a standing draw offer (none once the game is over).
    #[schema(value_type = Vec<u8>)]
    pub draw_offers: Vec<Player>,
    /// Seats eliminated from the game (Chatrang).
    #[schema(value_type = Vec<u8>)]
    pub eliminated: Vec<Player>,
    /// The pending takeback request, while the game is active.
    pub takeback: Option<TakebackView>,
    /// The caller's seat, if the caller plays in this game.
    #[schema(value_type = Option<u8>)]
    pub your_seat: Option<Player>,
    /// Whether it is the caller's move.
    pub your_move: bool,
    /// What the caller may do now, by the rule the services apply (an action listed here is
    /// accepted unless something beyond the game refuses it: a move's legality, a rating
    /// range, a block or a mute, or the game changing meanwhile).
    pub actions: Vec<Action>,
}

/// A pending request to take back a move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct TakebackView {
    /// Who asked: the player whose move is the game's last.
    #[schema(value_type = u8)]
    pub seat: Player,
    /// The game's ply when asked (the move to take back is the last of `moves`).
    pub ply: i64,
    /// The move to take back, in canonical notation.
    #[serde(rename = "move")]
    pub text: String,
    /// Who answers: the player to move.
    #[schema(value_type = u8)]
    pub answer: Player,
}

/// A game in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameSummary {
    pub id: String,
    #[schema(value_type = VariantId)]
    pub variant: Variant,
    pub options: OptionIds,
    pub status: GameStatus,
    #[schema(value_type = Option<String>)]
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
    /// What the finished game was worth to each team, team 0 first, by the game's own
    /// scoring: Nowan 2 for a win, 1 for a stalemate win, 0 for a loss or a draw; the other
    /// games 1, 0.5 for a draw, 0. Absent until the game finishes, and for aborted games.
    pub points: Option<[f64; 2]>,
    /// Whether the game counts for the players' ratings.
    pub rated: bool,
    /// An open challenge's rating range (inclusive; absent: no bound): players rated
    /// outside it do not see the challenge and cannot take its open seats.
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<String>,
    pub seats: Vec<SeatView>,
    #[schema(value_type = Option<u8>)]
    pub turn: Option<Player>,
    pub ply: i64,
    /// The days of a days-per-move clock; for the other kinds the average days per move.
    pub days_per_move: i64,
    /// The clock's kind and fields.
    pub time_control: crate::domain::time_controls::TimeControl,
    pub move_by: Option<i64>,
    /// `claim` or `auto`.
    pub timeout_policy: super::clock::TimeoutPolicy,
    /// The current turn's deadline has passed.
    pub claimable: bool,
    /// The player to move is on vacation.
    pub paused: bool,
    pub created_at: i64,
    #[schema(value_type = Option<u8>)]
    pub your_seat: Option<Player>,
    pub your_move: bool,
}

/// A seat given by number or by name (`white`, `black`, `red`, `player 2`), or `random`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum SeatChoice {
    Index(i64),
    Name(String),
}

impl utoipa::PartialSchema for SeatChoice {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .description(Some(
                "A seat by number (0-based, below the game's number of seats: 2, or 4 in Chatrang) or by name.",
            ))
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .minimum(Some(0))
                    .maximum(Some(3)),
            )
            .item(utoipa::openapi::Ref::from_schema_name("SeatName"))
            .into()
    }
}

impl ToSchema for SeatChoice {
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        use utoipa::PartialSchema;
        schemas.push(("SeatName".to_owned(), crate::domain::game_states::SeatName::schema()));
    }
}

/// The seats of one game as views.
#[must_use]
pub fn seat_views(
    variant: Variant,
    seats: &[SeatRow],
    turn: Option<Player>,
    move_by: Option<i64>,
    now: i64,
) -> Vec<SeatView> {
    let names = variant.seat_names();
    seats
        .iter()
        .map(|s| {
            let seat = s.seat;
            SeatView {
                seat,
                name: names.get(seat.index()).copied().unwrap_or("?").to_owned(),
                team: team_of(variant, seat),
                user: s.username.clone(),
                invited: if s.user_id.is_none() {
                    s.invited_username.clone()
                } else {
                    None
                },
                on_vacation: s.vacation_until.is_some_and(|until| until > now) && s.vacation_since.is_some(),
                move_by: if turn == Some(seat) { move_by } else { None },
                rating: s.user_id.map(|_| whole(s.rating.unwrap_or(1500.0))),
                provisional: s.user_id.is_some()
                    && s.rating_deviation
                        .is_none_or(|d| d > crate::domain::ratings::PROVISIONAL_DEVIATION),
                is_bot: s.is_bot != 0,
            }
        })
        .collect()
}

/// The seat a user sits in.
#[must_use]
pub fn seat_of(seats: &[SeatRow], user_id: Option<i64>) -> Option<Player> {
    let user_id = user_id?;
    seats.iter().find(|s| s.user_id == Some(user_id)).map(|s| s.seat)
}

fn offers(mask: i64) -> Vec<Player> {
    (0..8_u8)
        .filter(|i| mask & (1_i64 << i) != 0)
        .map(Player::new)
        .collect()
}

/// The game object.
#[must_use]
pub fn game_view(
    variant: Variant,
    row: &GameRow,
    seats: &[SeatRow],
    moves: Vec<String>,
    state: &dyn GameState,
    viewer: Option<i64>,
    clock: ClockNow,
) -> GameView {
    let active = row.status == GameStatus::Active;
    let turn = active.then(|| state.turn());
    let your_seat = seat_of(seats, viewer);
    let eliminated = state.eliminated();
    let (time, move_by) = time_view(variant, row, seats, &eliminated, clock.now, clock.cap_ms);
    let table = Table {
        variant,
        row,
        seats,
        turn: state.turn(),
        eliminated: eliminated.clone(),
        last_mover: state.last_mover(),
        // Read after the view is built ([`super::actions::rematch_known`]).
        rematch: None,
        now: clock.now,
        cap_ms: clock.cap_ms,
    };
    let actions = actions(&table, viewer);
    let takeback = row.takeback.filter(|_| active).map(|request| TakebackView {
        seat: request.seat,
        ply: request.ply,
        text: moves.last().cloned().unwrap_or_default(),
        answer: state.turn(),
    });
    GameView {
        id: row.id.clone(),
        variant,
        variant_name: variant.name().to_owned(),
        options: row.options,
        status: row.status,
        result: row.result,
        winner_team: row.winner_team(),
        reason: row.reason,
        points: points_of(row),
        rated: row.rated,
        chat_spectators: row.chat_spectators,
        rating_min: row.rating_range.min,
        rating_max: row.rating_range.max,
        rematch_of: row.rematch_of.clone(),
        rematch: None,
        seats: seat_views(variant, seats, turn, move_by, clock.now),
        ratings: Vec::new(),
        turn,
        to_move: turn.and_then(|t| seats.iter().find(|s| s.seat == t).and_then(|s| s.username.clone())),
        ply: row.ply,
        fen: state.fen(),
        moves,
        legal_moves: if active { state.legal_moves() } else { Vec::new() },
        days_per_move: row.days_per_move,
        move_by,
        clock: time,
        created_at: row.created_at,
        started_at: row.started_at,
        finished_at: row.finished_at,
        // An offer lapses with the game: a finished game shows none.
        draw_offers: if active { offers(row.draw_offers) } else { Vec::new() },
        eliminated,
        takeback,
        your_seat,
        your_move: turn.is_some() && turn == your_seat,
        actions,
    }
}

/// A list entry.
#[must_use]
pub fn summary(
    variant: Variant,
    row: &GameRow,
    seats: &[SeatRow],
    viewer: Option<i64>,
    clock: ClockNow,
) -> GameSummary {
    let active = row.status == GameStatus::Active;
    let turn = active.then_some(row.turn);
    let your_seat = seat_of(seats, viewer);
    let (time, move_by) = time_view(variant, row, seats, &[], clock.now, clock.cap_ms);
    GameSummary {
        id: row.id.clone(),
        variant,
        options: row.options,
        status: row.status,
        result: row.result,
        reason: row.reason,
        points: points_of(row),
        rated: row.rated,
        rating_min: row.rating_range.min,
        rating_max: row.rating_range.max,
        rematch_of: row.rematch_of.clone(),
        seats: seat_views(variant, seats, turn, move_by, clock.now),
        turn,
        ply: row.ply,
        days_per_move: row.days_per_move,
        time_control: row.time_control,
        move_by,
        timeout_policy: time.timeout_policy,
        claimable: time.claimable,
        paused: time.paused,
        created_at: row.created_at,
        your_seat,
        your_move: turn.is_some() && turn == your_seat,
    }
}

/// A finished game's points per team, from half points.
#[must_use]
pub fn points_of(row: &GameRow) -> Option<[f64; 2]> {
    row.points.map(|halves| halves.map(|h| h as f64 / 2.0))
}

/// A seat's rating as a game shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct SeatRatingView {
    #[schema(value_type = u8)]
    pub seat: Player,
    /// Rounded to a whole number.
    pub rating: i64,
    /// The rating is still uncertain (deviation above 110): shown with "?".
    pub provisional: bool,
    /// What this game did to it, once a rated game is over.
    pub change: Option<i64>,
}

impl SeatRatingView {
    #[must_use]
    pub fn of(rating: &crate::storage::SeatRating) -> SeatRatingView {
        SeatRatingView {
            seat: rating.seat,
            rating: whole(rating.rating),
            provisional: rating.deviation > crate::domain::ratings::PROVISIONAL_DEVIATION,
            change: rating.change(),
        }
    }
}
