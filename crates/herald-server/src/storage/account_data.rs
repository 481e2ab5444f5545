//! Everything Herald holds about one user, read for their export: one query per kind of
//! data, each on an index by user, each row turned into JSON by its declared columns.
//! Secrets (password and token hashes, webhook secrets, the feed secret) are never read.

use serde_json::{Map, Value};
use sqlx::Row;
use sqlx::any::AnyRow;

use super::Db;

/// How a column is read.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Kind {
    Int,
    Real,
    Text,
}

use Kind::{Int, Real, Text};

/// One section of the export: its name, its query on user `$1`, and its columns.
pub(crate) type Section = (&'static str, &'static str, &'static [(&'static str, Kind)]);

/// The export's sections, in order.
pub(crate) const SECTIONS: &[Section] = &[
    (
        "account",
        "SELECT username, created_at, suspended_until, banned_at, muted_until FROM users WHERE id = $1",
        &[
            ("username", Text),
            ("created_at", Int),
            ("suspended_until", Int),
            ("banned_at", Int),
            ("muted_until", Int),
        ],
    ),
    (
        "games",
        "SELECT g.id, g.variant, s.seat, g.status, g.result, g.created_at, g.finished_at \
         FROM game_seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = $1 ORDER BY g.created_at, g.id",
        &[
            ("id", Text),
            ("variant", Text),
            ("seat", Int),
            ("status", Text),
            ("result", Text),
            ("created_at", Int),
            ("finished_at", Int),
        ],
    ),
    (
        "ratings",
        "SELECT variant, rating, deviation, games, updated_at FROM ratings WHERE user_id = $1 AND games > 0 ORDER BY variant",
        &[
            ("variant", Text),
            ("rating", Real),
            ("deviation", Real),
            ("games", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "notes",
        "SELECT game_id, ply, text, updated_at, published_at FROM game_notes WHERE user_id = $1 ORDER BY game_id, ply",
        &[
            ("game_id", Text),
            ("ply", Int),
            ("text", Text),
            ("updated_at", Int),
            ("published_at", Int),
        ],
    ),
    (
        "variations",
        "SELECT game_id, tree, updated_at, published_at FROM game_variations WHERE user_id = $1 ORDER BY game_id",
        &[
            ("game_id", Text),
            ("tree", Text),
            ("updated_at", Int),
            ("published_at", Int),
        ],
    ),
    (
        "conditional_moves",
        "SELECT game_id, seat, saved_ply, saved_tree, reveal, updated_at FROM conditional_lines \
         WHERE user_id = $1 ORDER BY game_id",
        &[
            ("game_id", Text),
            ("seat", Int),
            ("saved_ply", Int),
            ("saved_tree", Text),
            ("reveal", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "chat_messages",
        "SELECT game_id, seq, channel, ply, body, created_at, hidden_at FROM chat_messages \
         WHERE user_id = $1 ORDER BY created_at, game_id, seq",
        &[
            ("game_id", Text),
            ("seq", Int),
            ("channel", Int),
            ("ply", Int),
            ("body", Text),
            ("created_at", Int),
            ("hidden_at", Int),
        ],
    ),
    (
        "api_tokens",
        "SELECT id, name, created_at FROM api_tokens WHERE user_id = $1 ORDER BY id",
        &[("id", Int), ("name", Text), ("created_at", Int)],
    ),
    (
        "sessions",
        "SELECT created_at, expires_at FROM sessions WHERE user_id = $1 ORDER BY created_at",
        &[("created_at", Int), ("expires_at", Int)],
    ),
    (
        "webhooks",
        "SELECT id, url, enabled, created_at, disabled_at FROM webhooks WHERE user_id = $1 ORDER BY id",
        &[
            ("id", Int),
            ("url", Text),
            ("enabled", Int),
            ("created_at", Int),
            ("disabled_at", Int),
        ],
    ),
    (
        "push_devices",
        "SELECT id, device, endpoint, created_at, last_sent_at FROM push_subscriptions WHERE user_id = $1 ORDER BY id",
        &[
            ("id", Int),
            ("device", Text),
            ("endpoint", Text),
            ("created_at", Int),
            ("last_sent_at", Int),
        ],
    ),
    (
        "preferences",
        "SELECT time_zone, language, move_confirmation, updated_at FROM user_settings WHERE user_id = $1",
        &[
            ("time_zone", Text),
            ("language", Text),
            ("move_confirmation", Text),
            ("updated_at", Int),
        ],
    ),
    (
        "notification_settings",
        // The switches are added from `notification_switches` by the export, one field per
        // setting as in the settings API.
        "SELECT email, email_confirmed, updated_at FROM notification_settings WHERE user_id = $1",
        &[("email", Text), ("email_confirmed", Text), ("updated_at", Int)],
    ),
    (
        "blocked_users",
        "SELECT u.username, b.created_at FROM user_blocks b JOIN users u ON u.id = b.blocked_id \
         WHERE b.user_id = $1 ORDER BY b.created_at",
        &[("username", Text), ("created_at", Int)],
    ),
    (
        "reports_filed",
        "SELECT id, target_kind, target_game_id, target_message_id, reason, created_at, state FROM reports \
         WHERE reporter_id = $1 ORDER BY created_at",
        &[
            ("id", Int),
            ("target_kind", Text),
            ("target_game_id", Text),
            ("target_message_id", Int),
            ("reason", Text),
            ("created_at", Int),
            ("state", Text),
        ],
    ),
    (
        // What administrators told the user, dismissed or not (the report that led to it
        // is left out: it names its reporter).
        "warnings",
        "SELECT id, note, created_at, dismissed_at FROM warnings WHERE user_id = $1 ORDER BY id",
        &[("id", Int), ("note", Text), ("created_at", Int), ("dismissed_at", Int)],
    ),
];

fn to_json(row: &AnyRow, columns: &[(&str, Kind)]) -> Result<Value, sqlx::Error> {
    let mut out = Map::new();
    for (name, kind) in columns {
        let value = match kind {
            Int => row.try_get::<Option<i64>, _>(*name)?.map_or(Value::Null, Value::from),
            Real => row.try_get::<Option<f64>, _>(*name)?.map_or(Value::Null, Value::from),
            Text => row
                .try_get::<Option<String>, _>(*name)?
                .map_or(Value::Null, Value::from),
        };
        out.insert((*name).to_owned(), value);
    }
    Ok(Value::Object(out))
}

impl Db {
    /// Every section of `user_id`'s data, as (name, rows).
    pub async fn account_data(&self, user_id: i64) -> Result<Vec<(&'static str, Vec<Value>)>, sqlx::Error> {
        let mut out = Vec::with_capacity(SECTIONS.len());
        for (name, sql, columns) in SECTIONS {
            let rows = sqlx::query(sql).bind(user_id).fetch_all(self.pool()).await?;
            let rows = rows
                .iter()
                .map(|r| to_json(r, columns))
                .collect::<Result<Vec<_>, _>>()?;
            out.push((*name, rows));
        }
        Ok(out)
    }
}
