//! The writes of a game's changes: each a [`GameUpdate`] written by the backend's one
//! path (on PostgreSQL one statement for a change that appends entries, `statement`; a
//! transaction otherwise, `transaction`), then announced; and joining a seat.

use herald_rules::Player;
use sqlx::{Any, Transaction};

use super::statement;
use super::transaction::{self, Written};
use super::update::{End, Expect, Finish, GameUpdate, RatedEnd};
use super::{FirstTurn, GameRow, SEAT_QUERY, SeatRow, encode, typed};
use crate::domain::events::NewEvent;
use crate::domain::game_states::{EndReason, GameStatus};
use crate::infra::hub::Committed;
use crate::storage::ratings::{RatingUpdate, SeatRating, rated_players};
use crate::storage::{Appended, Backend, ChatLimit, Db, NewChat, SeatColumn};

/// Prometheus counter: rated games a move ended on PostgreSQL, by how the ratings were
/// written (`path`: `statement`, in the move's one statement; `transaction`, the locked way).
pub const RATED_ENDINGS: &str = "herald_rated_endings_total";

/// What a join did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Joined {
    pub seat: Player,
    pub started: bool,
}

/// What [`Db::commit_update`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Commit {
    /// Written, with the rating changes of a rated game it ended.
    Written(Vec<SeatRating>),
    /// Nothing written: the game is no longer as the change expected.
    Stale,
    /// Nothing written: the message sent with the move is over its author's limit.
    OverChatLimit,
}

/// What ending a game by hand did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AdminEnd {
    /// The game was waiting or active and is now aborted.
    Ended,
    NoSuchGame,
    /// The game was already over, with this status.
    AlreadyOver(GameStatus),
}

impl Db {
    /// Commits a change that appends entries to the record (a move with the conditional
    /// replies it triggered, a resignation, a withdrawal on time), with the chat `message`
    /// sent with it, all or nothing; then wakes the hub (and, on PostgreSQL, has it
    /// announce the events to the other instances). A message is counted against its
    /// author's limit in the same transaction, so moves sent at once with messages cannot
    /// all pass it.
    ///
    /// Nothing is written when the game is no longer as expected ([`Commit::Stale`]:
    /// another entry came first, it ended, its lines changed; the optimistic check in the
    /// `UPDATE` and the `(game_id, ply)` primary key of `moves` each make a second move for
    /// the same ply impossible) or when the message is over its limit.
    pub async fn commit_update(
        &self,
        update: &GameUpdate,
        message: Option<(&NewChat<'_>, ChatLimit)>,
    ) -> Result<Commit, sqlx::Error> {
        // A message sent with the move commits with it (the statement has no room for
        // it): both or neither.
        // The one statement appends; a takeback (entries removed, variations rewritten)
        // takes the transaction.
        let appends_only = update.removed.is_empty() && update.variations.is_empty();
        if self.backend == Backend::Postgres && message.is_none() && appends_only {
            let committed = self.commit_statement(update).await?;
            return Ok(match committed {
                Some((committed, changes)) => {
                    self.hub.move_committed(&update.game_id, committed);
                    Commit::Written(changes)
                }
                None => Commit::Stale,
            });
        }
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        // On SQLite this phase is the wait for the write queue as well as the connection.
        crate::infra::timing::mark("pool");
        if let Some((message, limit)) = message
            && !crate::storage::chat::within_limit(&mut tx, self.backend, message.user_id, limit).await?
        {
            tx.rollback().await?;
            return Ok(Commit::OverChatLimit);
        }
        let Some(Written { appended, changes }) = transaction::write(&mut tx, self.backend, update).await? else {
            tx.rollback().await?;
            return Ok(Commit::Stale);
        };
        if let Some((message, _)) = message {
            crate::storage::chat::insert_chat(&mut tx, self.backend, message).await?;
        }
        self.commit_events(tx, appended).await?;
        crate::infra::timing::mark("commit");
        if let Some((message, _)) = message {
            self.chat_committed(message.game_id);
        }
        Ok(Commit::Written(changes))
    }

    /// Ends a game if it is still at its `version` and not over, with its events (the end
    /// itself is added as the last one); `false` if it changed meanwhile. A rated game is
    /// rated only if `every_seat_moved` ([`rated_players`]).
    pub async fn finish_game(
        &self,
        game: &GameRow,
        seats: &[SeatRow],
        finish: &Finish,
        every_seat_moved: bool,
        now: i64,
        before: &[NewEvent],
    ) -> Result<bool, sqlx::Error> {
        let expect = Expect {
            ply: None,
            version: Some(game.version),
            waiting: true,
        };
        let mut update = GameUpdate::new(&game.id, now, expect);
        update.end = Some(End {
            finish: finish.clone(),
            points: finish.points(game.variant),
            note: None,
        });
        update.rated =
            rated_players(game.rated, every_seat_moved, seats.iter().map(|s| (s.seat, s.user_id))).map(|players| {
                RatedEnd {
                    variant: game.variant,
                    players,
                    read: None,
                }
            });
        update.events = before.to_vec();
        update.events.push(finish.event());
        self.write_in_transaction(&update)
            .await
            .map(|written| written.is_some())
    }

    /// Sets the draw-offer mask if the game is still at `version` and active, with the
    /// event saying why.
    pub async fn set_draw_offers(
        &self,
        id: &str,
        version: i64,
        offers: i64,
        now: i64,
        event: &NewEvent,
    ) -> Result<bool, sqlx::Error> {
        let expect = Expect {
            ply: None,
            version: Some(version),
            waiting: false,
        };
        let mut update = GameUpdate::new(id, now, expect);
        update.draw_offers = Some(offers);
        update.events.push(event.clone());
        self.write_in_transaction(&update)
            .await
            .map(|written| written.is_some())
    }

    /// Writes a change that appends no entry (a takeback asked, answered or accepted) if
    /// the game is still as expected, with its events; `false` (nothing written) otherwise.
    pub async fn commit_change(&self, update: &GameUpdate) -> Result<bool, sqlx::Error> {
        self.write_in_transaction(update).await.map(|written| written.is_some())
    }

    /// Aborts a waiting or active game with reason `admin` (no result: nobody won), with its
    /// `aborted` event, the administrator's `note` (shown on its page) and, from an
    /// administrator, the `audit` entry, in one transaction.
    pub async fn admin_end_game(
        &self,
        id: &str,
        now: i64,
        note: Option<&str>,
        audit: Option<&crate::storage::AuditEntry>,
    ) -> Result<AdminEnd, sqlx::Error> {
        let expect = Expect {
            ply: None,
            version: None,
            waiting: true,
        };
        let finish = Finish {
            status: GameStatus::Aborted,
            result: None,
            reason: Some(EndReason::Admin),
        };
        let mut update = GameUpdate::new(id, now, expect);
        update.events.push(finish.event());
        update.end = Some(End {
            finish,
            points: None,
            note: note.map(str::to_owned),
        });
        update.draw_offers = Some(0);
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let Some(written) = transaction::write(&mut tx, self.backend, &update).await? else {
            let status = sqlx::query("SELECT status FROM games WHERE id = $1")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            return Ok(match status {
                Some(row) => AdminEnd::AlreadyOver(typed(&row, "games", id, "status")?),
                None => AdminEnd::NoSuchGame,
            });
        };
        if let Some(audit) = audit {
            crate::storage::administration::insert_audit(&mut tx, audit).await?;
        }
        self.commit_events(tx, written.appended).await?;
        Ok(AdminEnd::Ended)
    }

    /// Writes `update` in a transaction of its own and announces its events; `None` if the
    /// game was not as expected (nothing written).
    async fn write_in_transaction(&self, update: &GameUpdate) -> Result<Option<Vec<SeatRating>>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let Some(Written { appended, changes }) = transaction::write(&mut tx, self.backend, update).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        self.commit_events(tx, appended).await?;
        Ok(Some(changes))
    }

    /// PostgreSQL, a change that appends entries: one statement when it ends no rated game
    /// or when its players' ratings, read with the game, are still as read (the statement
    /// checks; a rated game opens its new players' first ratings when it starts).
    /// Otherwise (another of their games ended meanwhile, or a game started before ratings
    /// were opened at the start) the ratings are read and locked, then the same statement
    /// writes the change with them, in a transaction of four round trips.
    async fn commit_statement(&self, update: &GameUpdate) -> Result<Option<(Committed, Vec<SeatRating>)>, sqlx::Error> {
        let Some((rated, points)) = update.rating() else {
            let mut conn = self.pool.acquire().await?;
            crate::infra::timing::mark("pool");
            let committed = statement::write(&mut *conn, update, &update.events_with(&[]), None).await?;
            crate::infra::timing::mark("commit");
            return Ok(committed.map(|c| (c, Vec::new())));
        };
        if let Some(read) = &rated.read {
            let rating = RatingUpdate::from_read(rated.variant, rated.players.clone(), points, update.now, read)?;
            let changes = rating.changes();
            let events = update.events_with(&changes);
            let mut conn = self.pool.acquire().await?;
            crate::infra::timing::mark("pool");
            let written = statement::write(&mut *conn, update, &events, Some(&rating)).await?;
            crate::infra::timing::mark("commit");
            drop(conn);
            if let Some(committed) = written {
                metrics::counter!(RATED_ENDINGS, "path" => "statement").increment(1);
                return Ok(Some((committed, changes)));
            }
            // Nothing was written: the game or a rating moved on. The transaction decides.
        }
        let mut tx = self.pool.begin().await?;
        crate::infra::timing::mark("pool");
        let rating = RatingUpdate::prepare(&mut tx, rated.variant, rated.players.clone(), points, update.now).await?;
        let changes = rating.changes();
        let events = update.events_with(&changes);
        let Some(committed) = statement::write(&mut *tx, update, &events, Some(&rating)).await? else {
            tx.rollback().await?;
            return Ok(None);
        };
        tx.commit().await?;
        crate::infra::timing::mark("commit");
        metrics::counter!(RATED_ENDINGS, "path" => "transaction").increment(1);
        Ok(Some((committed, changes)))
    }

    /// Seats a user; if that fills the game, it starts with `first_turn`'s clock. The
    /// first statement locks the game row (both databases), so joins of
    /// one game are serialised and exactly one of them starts it. `choose` picks the seat
    /// from the current seats, or refuses with the caller's error.
    ///
    /// Returns `Ok(None)` when the game is not waiting for players.
    pub async fn join<E>(
        &self,
        game_id: &str,
        user_id: i64,
        now: i64,
        first_turn: FirstTurn,
        choose: impl FnOnce(&[SeatRow]) -> Result<Player, E>,
    ) -> Result<Option<Result<Joined, E>>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx: Transaction<'_, Any> = self.pool.begin().await?;
        let mut appended = Appended::default();
        let locked =
            sqlx::query("UPDATE games SET version = version + 1, updated_at = $1 WHERE id = $2 AND status = 'waiting'")
                .bind(now)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        if locked.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(None);
        }
        let seats: Vec<SeatRow> = sqlx::query_as(&format!("{SEAT_QUERY} WHERE s.game_id = $1 ORDER BY s.seat"))
            .bind(game_id)
            .fetch_all(&mut *tx)
            .await?;
        let seat = match choose(&seats) {
            Ok(seat) => seat,
            Err(e) => {
                tx.rollback().await?;
                return Ok(Some(Err(e)));
            }
        };
        sqlx::query("UPDATE game_seats SET user_id = $1 WHERE game_id = $2 AND seat = $3 AND user_id IS NULL")
            .bind(user_id)
            .bind(game_id)
            .bind(SeatColumn(seat))
            .execute(&mut *tx)
            .await?;
        let filled = seats.iter().filter(|s| s.user_id.is_some() || s.seat == seat).count();
        let open = seats
            .iter()
            .filter(|s| s.user_id.is_none() && s.invited_user_id.is_none() && s.seat != seat)
            .count();
        let started = filled == seats.len();
        appended
            .insert(&mut tx, game_id, &NewEvent::joined(seat, user_id), now)
            .await?;
        if started {
            super::create::start_play(&mut tx, &mut appended, game_id, now, first_turn).await?;
        } else {
            sqlx::query("UPDATE games SET open_seats = $1 WHERE id = $2")
                .bind(i64::try_from(open).map_err(encode)?)
                .bind(game_id)
                .execute(&mut *tx)
                .await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(Some(Ok(Joined { seat, started })))
    }
}
