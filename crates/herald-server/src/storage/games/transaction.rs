//! A [`GameUpdate`] written in a transaction of several statements: every change on
//! SQLite, and on PostgreSQL the changes that append no entry (an end, a draw offer, a
//! takeback) or carry more than the one statement holds (a chat message with the move).

use sqlx::{Any, Transaction};

use super::update::{GameUpdate, game_guard, game_set};
use crate::storage::conditionals::write_lines;
use crate::storage::ratings::{RatingUpdate, SeatRating};
use crate::storage::{Appended, Backend, SeatColumn, is_unique_violation};

/// The game's row as the update leaves it, if it still is as expected.
const UPDATE: &str = concat!("UPDATE games SET ", game_set!(), " WHERE ", game_guard!());

/// What a written update leaves to do once its transaction commits.
pub(super) struct Written {
    /// The events appended, to announce after the commit.
    pub(super) appended: Appended,
    /// What the end did to each seat's rating.
    pub(super) changes: Vec<SeatRating>,
}

/// Writes `update` in `tx`: the ratings of a game it ends read (and locked, on PostgreSQL)
/// first, before the game's row, so every path that ends a game locks ratings, then the
/// game (one order: no deadlock between a move and a claim); then the row, the entries
/// taken back (with the notes on the positions after them) and added, the rewritten lines
/// and variations, the ratings and the events. `None` when the game or its lines
/// moved on: the caller rolls back.
pub(super) async fn write(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    update: &GameUpdate,
) -> Result<Option<Written>, sqlx::Error> {
    let rating = match update.rating() {
        Some((rated, points)) => {
            Some(RatingUpdate::prepare(tx, rated.variant, rated.players.clone(), points, update.now).await?)
        }
        None => None,
    };
    let updated = update.bind_game(sqlx::query(UPDATE)).execute(&mut **tx).await?;
    if updated.rows_affected() == 0 {
        return Ok(None);
    }
    for entry in &update.removed {
        let deleted = sqlx::query("DELETE FROM moves WHERE game_id = $1 AND ply = $2 AND seat = $3 AND text = $4")
            .bind(&update.game_id)
            .bind(entry.ply)
            .bind(SeatColumn(entry.seat))
            .bind(&entry.text)
            .execute(&mut **tx)
            .await?;
        if deleted.rows_affected() != 1 {
            return Ok(None);
        }
        crate::storage::notes::forget_from(tx, &update.game_id, entry.ply + 1).await?;
    }
    if !crate::storage::variations::write_variations(tx, &update.game_id, &update.variations, update.now).await? {
        return Ok(None);
    }
    for entry in &update.entries {
        let inserted =
            sqlx::query("INSERT INTO moves (game_id, ply, seat, text, played_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(&update.game_id)
                .bind(entry.ply)
                .bind(SeatColumn(entry.seat))
                .bind(&entry.text)
                .bind(update.now)
                .execute(&mut **tx)
                .await;
        match inserted {
            Ok(_) => {}
            Err(e) if is_unique_violation(&e) => return Ok(None),
            Err(e) => return Err(e),
        }
    }
    if !write_lines(tx, &update.game_id, &update.rewrites, update.now).await? {
        return Ok(None);
    }
    let changes = match (&rating, &update.rated) {
        (Some(rating), Some(rated)) => {
            rating
                .write(tx, backend, &update.game_id, rated.variant, update.now)
                .await?;
            rating.changes()
        }
        _ => Vec::new(),
    };
    let mut appended = Appended::default();
    for event in update.events_with(&changes) {
        appended.insert(tx, &update.game_id, &event, update.now).await?;
    }
    Ok(Some(Written { appended, changes }))
}
