//! PostgreSQL: a [`GameUpdate`] that appends entries (a move, the conditional replies it
//! triggered, a resignation, a withdrawal on time) written in one statement, one round
//! trip and one commit: the game's row, the entries, the events, the rewritten lines and,
//! for a rated game it ends, the ratings.

use serde_json::json;

use super::update::{GameUpdate, game_guard, game_set};
use crate::infra::hub::Committed;
use crate::storage::is_unique_violation;
use crate::storage::ratings::RatingUpdate;

/// The write: `$1`-`$29` the game's row ([`GameUpdate::bind_game`]), then `$30` the number
/// of events, `$31` the entries, `$32` the events, `$33` the rewritten lines (`$34` of
/// them), `$35` how many ratings must still be as read (`$36`, negative: not checked),
/// `$37` the game kind and `$38` the new ratings, the lists as JSON.
///
/// The statement queues its events for fan-out itself (deciding once, not per event) and
/// tells the events trigger to leave them alone, NOTIFY included: a NOTIFY holds a
/// database-wide lock from commit until the commit is on disk, which would put every move
/// in single file; the instance announces the events itself, batched (`live::source`).
///
/// The lines are checked twice: unchanged in the statement's snapshot (else nothing
/// matches), and rewritten row for row, which fails only when an edit committed while this
/// statement waited for the game's row: then the division by zero undoes everything and
/// the move is tried again. Ratings read with the game (unlocked) are locked and checked
/// here: the game is updated only if every player's rating is still as read, so a move
/// costs one round trip, rated or not; read and locked by a transaction, they are written
/// as they are.
///
/// It comes in four shapes ([`Shape`]), with or without the ratings' parts and the lines'
/// parts: PostgreSQL sets up every node of a plan on each execution, used or not, and the
/// parts a plain move does not need made up most of its cost (issue 32, item 11). Every
/// shape takes the same parameters; those a shape does not use are sent and ignored.
macro_rules! write_statement {
    (rated: $rated:tt, lines: $lines:tt) => {
        concat!(
            "WITH ",
            write_statement!(@if $rated "rating_guard AS MATERIALIZED (SELECT r.user_id FROM ratings r \
             JOIN json_to_recordset($36::json) AS g (user_id bigint, games bigint) \
             ON r.user_id = g.user_id AND r.games = g.games WHERE r.variant = $37 ORDER BY r.user_id FOR UPDATE OF r), "),
            "moved AS (UPDATE games SET ",
            game_set!(),
            ", event_seq = event_seq + $30 WHERE ",
            game_guard!(),
            write_statement!(@if $rated " AND ($35 < 0 OR (SELECT COUNT(*) FROM rating_guard) = $35)"),
            write_statement!(@if $lines " AND ($34 = 0 OR (SELECT count(*) FROM conditional_lines c, \
             json_to_recordset($33::json) AS w (seat bigint, version bigint) \
             WHERE c.game_id = $22 AND c.seat = w.seat AND c.version = w.version) = $34)"),
            " AND set_config('herald.notify_deferred', '1', true) = '1' RETURNING id, event_seq), \
             inserted AS (INSERT INTO moves (game_id, ply, seat, text, played_at) \
             SELECT moved.id, m.ply, m.seat, m.text, $3 FROM moved, \
             json_to_recordset($31::json) AS m (ply bigint, seat bigint, text text)), \
             events AS (INSERT INTO game_events (game_id, seq, kind, data, created_at) \
             SELECT moved.id, moved.event_seq - $30 + e.n, e.kind, e.data, $3 FROM moved, \
             json_to_recordset($32::json) AS e (n bigint, kind text, data text) RETURNING id, seq), ",
            write_statement!(@if $lines "rewritten AS (UPDATE conditional_lines c SET ply = w.ply, tree = w.tree, \
             notice = COALESCE(w.notice, c.notice), version = c.version + 1, updated_at = $3 FROM moved, \
             json_to_recordset($33::json) AS w (seat bigint, version bigint, ply bigint, tree text, notice text) \
             WHERE c.game_id = moved.id AND c.seat = w.seat AND c.version = w.version RETURNING 1), \
             checked AS (SELECT count(*) AS n FROM rewritten), "),
            write_statement!(@if $rated "rating_values AS (SELECT * FROM json_to_recordset($38::json) AS v (seat bigint, \
             user_id bigint, rating_before float8, rating float8, deviation float8, volatility float8)), \
             rating_written AS (UPDATE ratings r SET rating = v.rating, deviation = v.deviation, \
             volatility = v.volatility, games = r.games + 1, updated_at = $3 FROM rating_values v, moved \
             WHERE r.variant = $37 AND r.user_id = v.user_id), \
             rating_changed AS (INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, \
             rating_after, deviation_after, created_at) SELECT moved.id, v.seat, v.user_id, $37, v.rating_before, \
             v.rating, v.deviation, $3 FROM rating_values v, moved), "),
            "notified AS (SELECT herald_game_notified($22) AS queued), \
             outbox AS (INSERT INTO event_outbox (event_id) SELECT events.id FROM events, notified WHERE notified.queued) \
             SELECT events.seq, CASE WHEN notified.queued THEN 1 ELSE 0 END AS queued",
            write_statement!(@if $lines ", 1 / CASE WHEN checked.n = $34 THEN 1 ELSE 0 END AS whole FROM events, notified, checked"),
            write_statement!(@unless $lines " FROM events, notified"),
        )
    };
    (@if true $text:literal) => { $text };
    (@if false $text:literal) => { "" };
    (@unless true $text:literal) => { "" };
    (@unless false $text:literal) => { $text };
}

/// Which parts of the statement a write needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Shape {
    /// A rated game this write ends: its ratings are checked, written and recorded.
    rated: bool,
    /// Conditional lines this write follows or leaves: checked and rewritten.
    lines: bool,
}

impl Shape {
    fn statement(self) -> &'static str {
        match (self.rated, self.lines) {
            (false, false) => write_statement!(rated: false, lines: false),
            (false, true) => write_statement!(rated: false, lines: true),
            (true, false) => write_statement!(rated: true, lines: false),
            (true, true) => write_statement!(rated: true, lines: true),
        }
    }
}

/// Writes `update` (with its events as written, `events`) and the ratings of `rating`;
/// `None` (nothing written) when the game, its lines or a rating read with it moved on.
pub(super) async fn write<'e>(
    executor: impl sqlx::Executor<'e, Database = sqlx::Any>,
    update: &GameUpdate,
    events: &[crate::domain::events::NewEvent],
    rating: Option<&RatingUpdate>,
) -> Result<Option<Committed>, sqlx::Error> {
    let count = |n: usize| i64::try_from(n).map_err(super::encode);
    let entries: Vec<_> = update
        .entries
        .iter()
        .map(|e| json!({"ply": e.ply, "seat": e.seat, "text": e.text}))
        .collect();
    let events_json: Vec<_> = events
        .iter()
        .enumerate()
        .map(|(n, e)| json!({"n": n + 1, "kind": e.kind.as_str(), "data": e.data.to_string()}))
        .collect();
    let rewrites: Vec<_> = update
        .rewrites
        .iter()
        .map(|w| json!({"seat": w.seat, "version": w.version, "ply": w.ply, "tree": w.tree, "notice": w.notice}))
        .collect();
    let guard = rating.and_then(RatingUpdate::read_at);
    let guarded = match guard {
        Some(read_at) => count(read_at.len())?,
        None => -1,
    };
    let guard_json: Vec<_> = guard
        .unwrap_or_default()
        .iter()
        .map(|(user, games)| json!({"user_id": user, "games": games}))
        .collect();
    let variant = update.rated.as_ref().map_or("", |r| r.variant.id());
    let ratings = rating.map(RatingUpdate::values_json).unwrap_or_default();
    let shape = Shape {
        rated: rating.is_some(),
        lines: !update.rewrites.is_empty(),
    };
    let lists = Lists {
        events: count(events.len())?,
        entries: serde_json::Value::from(entries).to_string(),
        events_json: serde_json::Value::from(events_json).to_string(),
        rewrites: serde_json::Value::from(rewrites).to_string(),
        rewritten: count(update.rewrites.len())?,
        guarded,
        guard: serde_json::Value::from(guard_json).to_string(),
        variant,
        ratings: serde_json::Value::from(ratings).to_string(),
    };
    let result = lists
        .bind(update.bind_game(sqlx::query(shape.statement())))
        .fetch_all(executor)
        .await;
    match result {
        Ok(rows) => announced(&rows, events.len()),
        Err(e) if is_unique_violation(&e) || is_division_by_zero(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// `$30`-`$38`: the counts and the lists, as JSON.
struct Lists<'a> {
    events: i64,
    entries: String,
    events_json: String,
    rewrites: String,
    rewritten: i64,
    guarded: i64,
    guard: String,
    variant: &'a str,
    ratings: String,
}

impl<'a> Lists<'a> {
    fn bind(
        self,
        query: sqlx::query::Query<'a, sqlx::Any, sqlx::any::AnyArguments<'a>>,
    ) -> sqlx::query::Query<'a, sqlx::Any, sqlx::any::AnyArguments<'a>> {
        query
            .bind(self.events)
            .bind(self.entries)
            .bind(self.events_json)
            .bind(self.rewrites)
            .bind(self.rewritten)
            .bind(self.guarded)
            .bind(self.guard)
            .bind(self.variant)
            .bind(self.ratings)
    }
}

/// Runs every shape, bound as a write binds it, for a game that does not exist: a new
/// connection then has them parsed and planned, and the tables' catalog entries loaded,
/// before its first move waits on that. Nothing matches, so nothing is written.
pub(super) async fn warm(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    let expect = super::update::Expect {
        ply: Some(0),
        version: None,
        waiting: false,
    };
    let update = GameUpdate::new("", 0, expect);
    for (rated, lines) in [(false, false), (false, true), (true, false), (true, true)] {
        let empty = || String::from("[]");
        let lists = Lists {
            events: 0,
            entries: empty(),
            events_json: empty(),
            rewrites: empty(),
            rewritten: 0,
            guarded: -1,
            guard: empty(),
            variant: "",
            ratings: empty(),
        };
        let statement = Shape { rated, lines }.statement();
        lists
            .bind(update.bind_game(sqlx::query(statement)))
            .fetch_all(&mut *conn)
            .await?;
    }
    Ok(())
}

/// What the statement returned (a `seq` and `queued` per inserted event): the update
/// matched iff all `expected` events (at least the entry's) were inserted; the instance
/// announces them itself.
fn announced(rows: &[sqlx::any::AnyRow], expected: usize) -> Result<Option<Committed>, sqlx::Error> {
    use sqlx::Row;
    if expected == 0 || rows.len() != expected {
        return Ok(None);
    }
    let (mut last_seq, mut queued) = (0, false);
    for row in rows {
        last_seq = last_seq.max(row.try_get::<i64, _>("seq")?);
        queued |= row.try_get::<i32, _>("queued")? != 0;
    }
    Ok(Some(Committed {
        last_seq,
        announce: true,
        queued,
    }))
}

/// The statement's own signal that lines changed under it (SQLSTATE 22012).
fn is_division_by_zero(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.code().as_deref() == Some("22012"))
}
