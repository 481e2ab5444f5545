//! Storing a new game: the one insert every source of games goes through (a challenge, an
//! invitation, a rematch, a tournament round, and bots), and the one place a game starts
//! (its last seat taken, or seated in full from the outset).

use sqlx::{Any, Transaction};

use super::{FirstTurn, RatingRange, encode};
use crate::domain::events::NewEvent;
use crate::domain::game_states::{OptionIds, TimeoutPolicy};
use crate::storage::ratings::open_first_ratings;
use crate::storage::{Appended, Db, is_unique_violation};
use herald_rules::Variant;

use crate::domain::time_controls::TimeControl;

/// A new game with its seats.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub id: String,
    pub variant: Variant,
    pub options: OptionIds,
    pub created_by: i64,
    pub now: i64,
    pub time_control: TimeControl,
    pub timeout_policy: TimeoutPolicy,
    pub fen: String,
    /// One entry per seat: (player, invitee).
    pub seats: Vec<(Option<i64>, Option<i64>)>,
    /// Whether it counts for ratings.
    pub rated: bool,
    /// Who may see the challenge and take its open seats.
    pub rating_range: RatingRange,
    /// The finished game this one is a rematch of (its players are told in its event log).
    pub rematch_of: Option<RematchOf>,
    /// Spectators read the game's conversation.
    pub chat_spectators: bool,
    /// A game of a tournament round (no takebacks there).
    pub in_tournament: bool,
    /// Whether it waits for players or starts at once (every seat filled by its creator).
    pub start: Start,
}

/// How a new game begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Open or invited seats remain: the last one taken starts it ([`Db::join`]).
    Waiting,
    /// Every seat is filled (a tournament round, a bot's game): it starts now, with this
    /// first turn's clock.
    Now(FirstTurn),
}

/// The game a rematch answers, and the offer written to that game's event log.
#[derive(Debug, Clone)]
pub struct RematchOf {
    pub game_id: String,
    pub offer: NewEvent,
}

/// The game already has a rematch (`existing`): a second one is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RematchExists {
    /// `None` if it was deleted in the meantime.
    pub existing: Option<String>,
}

/// Why a new game was not stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CreateRefused {
    TooManyInvitations(TooManyInvitations),
    RematchExists(RematchExists),
}

/// The creator already has `pending` unanswered invitations: the new ones would pass the cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooManyInvitations {
    pub pending: i64,
}

impl Db {
    /// Inserts a game and its seats in one transaction; a rematch also writes its offer to
    /// the finished game's event log, so its players hear of it live and by notification.
    ///
    /// Invitations are capped in the same transaction: the creator's row is locked while
    /// their unanswered invitations are counted, so simultaneous requests cannot all pass a
    /// count taken before any of them was stored. A second rematch of one game is refused by
    /// the unique index `games_rematch_of`, also when both are offered at once. A refusal
    /// stores nothing.
    pub async fn create_game(
        &self,
        game: &NewGame,
        max_pending_invitations: i64,
    ) -> Result<Result<(), CreateRefused>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let invites = i64::try_from(game.seats.iter().filter(|(_, i)| i.is_some()).count()).map_err(encode)?;
        let mut tx = self.pool.begin().await?;
        if invites > 0 {
            sqlx::query(&format!(
                "SELECT id FROM users WHERE id = $1{}",
                self.backend.for_no_key_update()
            ))
            .bind(game.created_by)
            .fetch_optional(&mut *tx)
            .await?;
            let pending: i64 = sqlx::query_scalar(crate::storage::blocks::PENDING_INVITATIONS_SENT)
                .bind(game.created_by)
                .fetch_one(&mut *tx)
                .await?;
            if pending + invites > max_pending_invitations {
                tx.rollback().await?;
                return Ok(Err(CreateRefused::TooManyInvitations(TooManyInvitations { pending })));
            }
        }
        let mut appended = Appended::default();
        match (insert_game(&mut tx, &mut appended, game).await, &game.rematch_of) {
            (Err(e), Some(rematch)) if is_unique_violation(&e) => {
                tx.rollback().await?;
                let existing = self.rematch_of(&rematch.game_id).await?;
                return Ok(Err(CreateRefused::RematchExists(RematchExists { existing })));
            }
            (inserted, _) => inserted?,
        }
        if let Some(rematch) = &game.rematch_of {
            appended
                .insert(&mut tx, &rematch.game_id, &rematch.offer, game.now)
                .await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(Ok(()))
    }
}

/// Inserts a game and its seats inside the caller's transaction, and starts it if it is
/// [`Start::Now`]: the only `INSERT INTO games` of the server.
pub(in crate::storage) async fn insert_game(
    tx: &mut Transaction<'_, Any>,
    appended: &mut Appended,
    game: &NewGame,
) -> Result<(), sqlx::Error> {
    let open_seats =
        i64::try_from(game.seats.iter().filter(|(u, i)| u.is_none() && i.is_none()).count()).map_err(encode)?;
    sqlx::query(
        "INSERT INTO games (id, variant, options, status, created_by, created_at, updated_at, days_per_move, \
         fen, open_seats, timeout_policy, rated, rating_min, rating_max, rematch_of, chat_spectators, in_tournament, \
         time_control, clocks) \
         VALUES ($1, $2, $3, 'waiting', $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
    )
    .bind(&game.id)
    .bind(game.variant.id())
    .bind(game.options.stored())
    .bind(game.created_by)
    .bind(game.now)
    .bind(game.time_control.nominal_days())
    .bind(&game.fen)
    .bind(open_seats)
    .bind(game.timeout_policy.as_str())
    .bind(i64::from(game.rated))
    .bind(game.rating_range.min)
    .bind(game.rating_range.max)
    .bind(game.rematch_of.as_ref().map(|r| r.game_id.as_str()))
    .bind(i64::from(game.chat_spectators))
    .bind(i64::from(game.in_tournament))
    .bind(game.time_control.column())
    .bind(game.time_control.initial_clocks(game.seats.len()).column())
    .execute(&mut **tx)
    .await?;
    for (seat, (user, invited)) in game.seats.iter().enumerate() {
        sqlx::query(
            "INSERT INTO game_seats (game_id, seat, user_id, invited_user_id, game_variant) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&game.id)
        .bind(i64::try_from(seat).map_err(encode)?)
        .bind(*user)
        .bind(*invited)
        .bind(game.variant.id())
        .execute(&mut **tx)
        .await?;
    }
    if let Start::Now(first_turn) = game.start {
        start_play(tx, appended, &game.id, game.now, first_turn).await?;
    }
    Ok(())
}

/// Starts a game whose seats are all filled: its status, its first deadline, the first
/// ratings of its players (a rated game) and the `started` event.
pub(super) async fn start_play(
    tx: &mut Transaction<'_, Any>,
    appended: &mut Appended,
    game_id: &str,
    now: i64,
    first_turn: FirstTurn,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE games SET status = 'active', started_at = $1, move_by = $2, sweep_at = $3, open_seats = 0 \
         WHERE id = $4",
    )
    .bind(now)
    .bind(first_turn.move_by)
    .bind(first_turn.sweep_at)
    .bind(game_id)
    .execute(&mut **tx)
    .await?;
    open_first_ratings(tx, game_id, now).await?;
    appended
        .insert(tx, game_id, &NewEvent::started(first_turn.move_by), now)
        .await?;
    Ok(())
}
