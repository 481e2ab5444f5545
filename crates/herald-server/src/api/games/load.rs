//! A game loaded to be acted on: the stored row and seats and the engine at the current
//! position (from the position cache, or replayed from the moves). Every action starts here.

use herald_rules::{Options, Player, Variant};

use super::actions::{Action, Table};
use super::view::{ClockNow, GameView, game_view};
use crate::domain::rules::GameState;
use crate::storage::{Caller, ConditionalRow, GameRow, GameSeats, SeatRating, SeatRow};
use crate::web::auth::{AuthUser, Credential};
use crate::web::error::{ApiError, ApiResult};
use crate::web::standing::Standing;
use crate::web::state::AppState;

/// A game loaded with everything needed to act on it.
pub(crate) struct Loaded {
    pub(crate) variant: Variant,
    pub(crate) options: Options,
    pub(crate) row: GameRow,
    pub(crate) seats: Vec<SeatRow>,
    pub(crate) moves: Vec<String>,
    pub(crate) engine: Box<dyn GameState>,
    /// The seats' conditional lines, read with the row (none unless its mask says so).
    pub(crate) lines: Vec<ConditionalRow>,
}

impl Loaded {
    /// The game as the permission rule reads it, at the state's now.
    pub(crate) fn table(&self, state: &AppState) -> Table<'_> {
        let clock = ClockNow::of(state);
        Table {
            variant: self.variant,
            row: &self.row,
            seats: &self.seats,
            turn: self.engine.turn(),
            eliminated: self.engine.eliminated(),
            last_mover: self.engine.last_mover(),
            rematch: None,
            now: clock.now,
            cap_ms: clock.cap_ms,
        }
    }

    /// Whether `user` may take `action` now ([`super::actions::check`]).
    ///
    /// # Errors
    /// The rule's refusal.
    pub(crate) fn check(&self, state: &AppState, user: &AuthUser, action: Action) -> ApiResult<()> {
        super::actions::check(&self.table(state), Some(user.id), action)
    }
}

fn not_found() -> ApiError {
    ApiError::not_found("game_not_found", "no such game")
}

/// The stored row of game `id` (no replay, no seats): for actions that only need its state.
///
/// # Errors
/// 404 `game_not_found`.
pub(crate) async fn game_row(state: &AppState, id: &str) -> ApiResult<GameRow> {
    if !is_game_id(id) {
        return Err(not_found());
    }
    state.db.game(id).await?.ok_or_else(not_found)
}

/// Ids are short and alphanumeric; anything else (e.g. a NUL byte, which PostgreSQL
/// refuses in text) cannot name a game.
pub(crate) fn is_game_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

pub(crate) async fn load(state: &AppState, id: &str) -> ApiResult<Loaded> {
    if !is_game_id(id) {
        return Err(not_found());
    }
    let read = state.db.game_with_seats(id).await?.ok_or_else(not_found)?;
    replay(state, read).await
}

/// [`load`], finding out in the same query who `credential` names: one database round
/// trip fewer for the move route. A credential that names nobody is 401, as it would be
/// before the game is looked at.
pub(crate) async fn load_as(state: &AppState, id: &str, credential: &Credential) -> ApiResult<(Loaded, AuthUser)> {
    if !is_game_id(id) {
        credential.resolve(state).await?;
        return Err(not_found());
    }
    let caller = match credential {
        Credential::Token(hash) => Caller::Token(hash),
        Credential::Session(hash) => Caller::Session { hash, now: state.now() },
    };
    let Some(read) = state.db.game_with_seats_as(id, caller).await? else {
        credential.resolve(state).await?;
        return Err(not_found());
    };
    let who = read.caller.clone().ok_or_else(|| credential.unknown())?;
    Standing::check(who.suspended_until, who.banned_at, state.now())?;
    let user = AuthUser {
        id: who.id,
        username: who.username,
    };
    Ok((replay(state, read).await?, user))
}

/// How often a read that raced a move is read again before answering 409.
const REREADS: usize = 3;

/// The game's engine at its current position: from the cache, or replayed from its moves.
///
/// The row and the moves are two reads: a move committed between them (on another
/// instance, or a conditional reply it triggered) leaves more moves than the row's ply, a
/// takeback fewer.
/// The game is then read again, so that the row, the seats and the engine are of one
/// position; if it keeps moving, 409 `conflict` (acting on the mix would check a player's
/// action against a position that is not the row's: a conditional line saved while a reply
/// was played came back 422 `illegal_line`).
async fn replay(state: &AppState, read: GameSeats) -> ApiResult<Loaded> {
    let GameSeats {
        game: mut row,
        mut seats,
        mut lines,
        ..
    } = read;
    let id = row.id.clone();
    // Typed when read: an unknown variant or option failed the row's decoding.
    let (variant, options) = (row.variant, row.options.0);
    let (moves, engine) = match state.positions.get(&id, row.version) {
        Some(hit) => hit,
        None => {
            let mut moves = state.db.moves(&id).await?;
            let mut rereads = 0;
            while i64::try_from(moves.len()).is_ok_and(|n| n != row.ply) {
                rereads += 1;
                if rereads > REREADS {
                    return Err(ApiError::conflict(
                        "conflict",
                        "the game moved on while it was read: reload it and try again",
                    ));
                }
                let again = state.db.game_with_seats(&id).await?.ok_or_else(not_found)?;
                (row, seats, lines) = (again.game, again.seats, again.lines);
                moves = state.db.moves(&id).await?;
            }
            let engine = state
                .rules
                .load(variant, options, &moves)
                .map_err(|e| ApiError::internal_while(format!("game {id} cannot be replayed"), e))?;
            if i64::try_from(moves.len()).ok() == Some(row.ply) {
                state.positions.put(&id, row.version, &moves, engine.as_ref());
            }
            (moves, engine)
        }
    };
    Ok(Loaded {
        variant,
        options,
        row,
        seats,
        moves,
        engine,
        lines,
    })
}

/// The game object of a loaded game, as `viewer` sees it.
pub(crate) fn view(state: &AppState, game: Loaded, viewer: Option<i64>) -> GameView {
    game_view(
        game.variant,
        &game.row,
        &game.seats,
        game.moves,
        game.engine.as_ref(),
        viewer,
        ClockNow::of(state),
    )
}

/// The game object, as seen by `viewer`.
///
/// # Errors
/// 404 for an unknown game.
pub async fn get(state: &AppState, id: &str, viewer: Option<i64>) -> ApiResult<GameView> {
    with_details(state, view(state, load(state, id).await?, viewer)).await
}

/// The view with its seats' ratings and, once the game is over, its rematch. The current
/// ratings come with the seats (read with the game): only a finished rated game costs a
/// query, for what it changed, so a move in play still reads the game once.
pub(crate) async fn with_details(state: &AppState, game: GameView) -> ApiResult<GameView> {
    let over = game.status.is_over();
    let changes = if over && game.rated {
        state.db.rating_changes_of(&game.id).await?
    } else {
        Vec::new()
    };
    let mut game = with_ratings(game, &changes);
    if over {
        game.rematch = state.db.rematch_of(&game.id).await?;
        super::actions::rematch_known(&mut game.actions, game.rematch.is_some());
    }
    Ok(game)
}

/// The view with its seats' ratings: what the game did to them (`changes`, a finished rated
/// game), else the players' current ones, read with the seats.
pub(crate) fn with_ratings(mut game: GameView, changes: &[SeatRating]) -> GameView {
    game.ratings = if changes.is_empty() {
        game.seats
            .iter()
            .filter_map(|s| {
                Some(super::view::SeatRatingView {
                    seat: s.seat,
                    rating: s.rating?,
                    provisional: s.provisional,
                    change: None,
                })
            })
            .collect()
    } else {
        let ratings: Vec<_> = changes.iter().map(super::view::SeatRatingView::of).collect();
        // The seats show each player's rating now, as a read of the stored game does.
        for rating in &ratings {
            if let Some(seat) = game.seats.iter_mut().find(|s| s.seat == rating.seat) {
                seat.rating = Some(rating.rating);
                seat.provisional = rating.provisional;
            }
        }
        ratings
    };
    game
}

/// Everything an export needs: the stored game, seats and timed moves.
#[derive(Debug)]
pub struct Record {
    pub variant: Variant,
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub initial_fen: String,
    /// (move, seat, played_at)
    pub moves: Vec<(String, Player, i64)>,
}

/// Loads a game for export.
///
/// # Errors
/// 404 unknown game.
pub async fn record(state: &AppState, id: &str) -> ApiResult<Record> {
    let game = load(state, id).await?;
    let start = state
        .rules
        .load(game.variant, game.options, &[])
        .map_err(|e| ApiError::internal_while(format!("the start of game {id}"), e))?;
    let moves = state.db.move_times(id).await?;
    Ok(Record {
        variant: game.variant,
        row: game.row,
        seats: game.seats,
        initial_fen: start.fen(),
        moves,
    })
}
