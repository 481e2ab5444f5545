//! PostgreSQL, a move with the conditional replies it triggered (or with lines it rewrites)
//! and no end of game: the whole chain in one statement, one round trip and one commit, as
//! a single move is (`writes::commit_move_combined`).

use serde_json::json;

use super::encode;
use super::writes::MoveCommit;
use crate::hub::Committed;
use crate::states::{EndReason, GameStatus};
use crate::storage::conditionals::LinesWrite;
use crate::storage::is_unique_violation;

/// The chain's write: the game's state after the last move (guarded by the first move's ply
/// and the lines mask read), every move, every event and every rewritten line. The lines
/// are checked twice: unchanged in the statement's snapshot (else nothing matches), and
/// rewritten row for row, which fails only when an edit committed while this statement
/// waited for the game's row: then the division by zero undoes everything and the move is
/// tried again.
const CHAIN: &str = "WITH moved AS (UPDATE games SET ply = ply + $14, version = version + $14, \
    turn = $1, fen = $2, move_by = $3, updated_at = $4, draw_offers = $5, status = $6, winner_team = $7, \
    result = $8, reason = $9, finished_at = $10, claimable_since = NULL, paused_ms = NULL, sweep_at = $13, \
    event_seq = event_seq + $15, conditional_seats = $16 \
    WHERE id = $11 AND ply = $12 AND status = 'active' AND conditional_seats = $17 \
    AND (SELECT count(*) FROM conditional_lines c, json_to_recordset($20::json) AS w (seat bigint, version bigint) \
         WHERE c.game_id = $11 AND c.seat = w.seat AND c.version = w.version) = $21 \
    AND set_config('herald.notify_deferred', '1', true) = '1' RETURNING id, event_seq), \
    inserted AS (INSERT INTO moves (game_id, ply, seat, text, played_at) \
    SELECT moved.id, m.ply, m.seat, m.text, $4 FROM moved, \
    json_to_recordset($18::json) AS m (ply bigint, seat bigint, text text)), \
    events AS (INSERT INTO game_events (game_id, seq, kind, data, created_at) \
    SELECT moved.id, moved.event_seq - $15 + e.n, e.kind, e.data, $4 FROM moved, \
    json_to_recordset($19::json) AS e (n bigint, kind text, data text) RETURNING id, seq), \
    rewritten AS (UPDATE conditional_lines c SET ply = w.ply, tree = w.tree, notice = COALESCE(w.notice, c.notice), \
    version = c.version + 1, updated_at = $4 FROM moved, \
    json_to_recordset($20::json) AS w (seat bigint, version bigint, ply bigint, tree text, notice text) \
    WHERE c.game_id = moved.id AND c.seat = w.seat AND c.version = w.version RETURNING 1), \
    checked AS (SELECT count(*) AS n FROM rewritten), \
    notified AS (SELECT herald_game_notified($11) AS queued), \
    outbox AS (INSERT INTO event_outbox (event_id) SELECT events.id FROM events, notified WHERE notified.queued) \
    SELECT events.seq, CASE WHEN notified.queued THEN 1 ELSE 0 END AS queued, \
    1 / CASE WHEN checked.n = $21 THEN 1 ELSE 0 END AS whole FROM events, notified, checked";

/// Commits `commits` (none ending the game) and `lines` in one statement; `None` when the
/// game or the lines changed since they were read (nothing written).
pub(super) async fn commit_chain_statement(
    pool: &sqlx::AnyPool,
    commits: &[MoveCommit],
    lines: &[LinesWrite],
) -> Result<Option<Committed>, sqlx::Error> {
    let (Some(first), Some(last)) = (commits.first(), commits.last()) else {
        return Ok(None);
    };
    let guard = first
        .lines
        .unwrap_or(super::writes::LinesGuard { expected: 0, after: 0 });
    let moves: Vec<_> = commits
        .iter()
        .map(|c| json!({"ply": c.ply, "seat": c.seat, "text": c.text}))
        .collect();
    let events: Vec<_> = commits
        .iter()
        .flat_map(|c| c.events.iter())
        .enumerate()
        .map(|(n, e)| json!({"n": n + 1, "kind": e.kind.as_str(), "data": e.data.to_string()}))
        .collect();
    let rewrites: Vec<_> = lines
        .iter()
        .map(|w| json!({"seat": w.seat, "version": w.version, "ply": w.ply, "tree": w.tree, "notice": w.notice}))
        .collect();
    let count = |n: usize| i64::try_from(n).map_err(encode);
    let finish = last.finish.as_ref();
    let result = sqlx::query(CHAIN)
        .bind(last.next_turn)
        .bind(&last.fen)
        .bind(last.move_by)
        .bind(last.now)
        .bind(last.draw_offers)
        .bind(finish.map_or(GameStatus::Active, |f| f.status).as_str())
        .bind(finish.and_then(|f| f.winner_team))
        .bind(finish.and_then(|f| f.result.as_deref()))
        .bind(finish.and_then(|f| f.reason).map(EndReason::as_str))
        .bind(finish.map(|_| last.now))
        .bind(&first.game_id)
        .bind(first.ply)
        .bind(last.sweep_at)
        .bind(count(commits.len())?)
        .bind(count(events.len())?)
        .bind(guard.after)
        .bind(guard.expected)
        .bind(serde_json::Value::from(moves).to_string())
        .bind(serde_json::Value::from(events.clone()).to_string())
        .bind(serde_json::Value::from(rewrites).to_string())
        .bind(count(lines.len())?)
        .fetch_all(pool)
        .await;
    match result {
        Ok(rows) => super::writes::announced(&rows, events.len()),
        Err(e) if is_unique_violation(&e) || is_division_by_zero(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The statement's own signal that lines changed under it (SQLSTATE 22012).
fn is_division_by_zero(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(e) if e.code().as_deref() == Some("22012"))
}
