//! Reports by users (about a user, a game or a chat message) and their resolution.

use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::Db;
use super::administration::{AuditEntry, insert_audit};
use super::decode::{typed, typed_opt};
use crate::domain::club_states::{ReportAction, ReportState, ReportSubject};

/// A report as stored, with the names of the people involved.
#[derive(Debug, Clone)]
pub struct ReportRow {
    pub id: i64,
    pub reporter_id: i64,
    pub reporter_name: String,
    pub subject: ReportSubject,
    /// The reported user's name (user reports).
    pub target_user_name: Option<String>,
    pub reason: String,
    pub created_at: i64,
    pub state: ReportState,
    pub resolver_name: Option<String>,
    pub resolved_at: Option<i64>,
    pub action: Option<ReportAction>,
    pub resolution_note: Option<String>,
}

impl<'r> FromRow<'r, AnyRow> for ReportRow {
    fn from_row(row: &'r AnyRow) -> Result<ReportRow, sqlx::Error> {
        let id: i64 = row.try_get("id")?;
        let kind: String = row.try_get("target_kind")?;
        let subject = match kind.as_str() {
            "user" => row
                .try_get::<Option<i64>, _>("target_user_id")?
                .map(ReportSubject::User),
            "game" => row
                .try_get::<Option<String>, _>("target_game_id")?
                .map(ReportSubject::Game),
            "message" => match (
                row.try_get::<Option<String>, _>("target_game_id")?,
                row.try_get::<Option<i64>, _>("target_message_id")?,
            ) {
                (Some(game), Some(seq)) => Some(ReportSubject::Message(game, seq)),
                _ => None,
            },
            _ => None,
        }
        .ok_or_else(|| sqlx::Error::ColumnDecode {
            index: "target_kind".to_owned(),
            source: format!(
                "reports row {id}: unknown or incomplete target `{}`",
                kind.escape_debug()
            )
            .into(),
        })?;
        Ok(ReportRow {
            reporter_id: row.try_get("reporter_id")?,
            reporter_name: row.try_get("reporter_name")?,
            subject,
            target_user_name: row.try_get("target_user_name")?,
            reason: row.try_get("reason")?,
            created_at: row.try_get("created_at")?,
            state: typed(row, "reports", &id.to_string(), "state")?,
            resolver_name: row.try_get("resolver_name")?,
            resolved_at: row.try_get("resolved_at")?,
            action: typed_opt(row, "reports", &id.to_string(), "action")?,
            resolution_note: row.try_get("resolution_note")?,
            id,
        })
    }
}

const REPORT_SELECT: &str = "SELECT r.id, r.reporter_id, ru.username AS reporter_name, r.target_kind, \
     r.target_user_id, r.target_game_id, r.target_message_id, tu.username AS target_user_name, r.reason, \
     r.created_at, r.state, a.username AS resolver_name, r.resolved_at, r.action, r.resolution_note \
     FROM reports r JOIN users ru ON ru.id = r.reporter_id LEFT JOIN users tu ON tu.id = r.target_user_id \
     LEFT JOIN users a ON a.id = r.resolved_by";

/// The queue: one state's reports, newest first, below id `$2`, `$3` of them (`reports_state`).
pub(crate) const REPORTS_BY_STATE: &str = "SELECT r.id, r.reporter_id, ru.username AS reporter_name, \
     r.target_kind, r.target_user_id, r.target_game_id, r.target_message_id, tu.username AS target_user_name, \
     r.reason, r.created_at, r.state, a.username AS resolver_name, r.resolved_at, r.action, r.resolution_note \
     FROM reports r JOIN users ru ON ru.id = r.reporter_id LEFT JOIN users tu ON tu.id = r.target_user_id \
     LEFT JOIN users a ON a.id = r.resolved_by WHERE r.state = $1 AND r.id < $2 ORDER BY r.id DESC LIMIT $3";

/// How many reports a user filed since `$2` (`reports_reporter`).
pub(crate) const REPORTS_SINCE: &str = "SELECT COUNT(*) FROM reports WHERE reporter_id = $1 AND created_at > $2";

impl Db {
    /// Files a report; `None` when the reporter already filed `max` since `since` (the
    /// per-user limit, checked in the same transaction).
    pub async fn create_report(
        &self,
        reporter: i64,
        subject: &ReportSubject,
        reason: &str,
        now: i64,
        since: i64,
        max: i64,
    ) -> Result<Option<i64>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let lock = self.backend.for_update();
        // Serialises one reporter's reports on PostgreSQL, so a burst cannot pass the count.
        sqlx::query(&format!("SELECT id FROM users WHERE id = $1{lock}"))
            .bind(reporter)
            .fetch_optional(&mut *tx)
            .await?;
        let filed: i64 = sqlx::query_scalar(REPORTS_SINCE)
            .bind(reporter)
            .bind(since)
            .fetch_one(&mut *tx)
            .await?;
        if filed >= max {
            tx.rollback().await?;
            return Ok(None);
        }
        let (user, game, message) = match subject {
            ReportSubject::User(id) => (Some(*id), None, None),
            ReportSubject::Game(id) => (None, Some(id.as_str()), None),
            ReportSubject::Message(game, seq) => (None, Some(game.as_str()), Some(*seq)),
        };
        let row = sqlx::query(
            "INSERT INTO reports (reporter_id, target_kind, target_user_id, target_game_id, target_message_id, \
             reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
        )
        .bind(reporter)
        .bind(subject.kind())
        .bind(user)
        .bind(game)
        .bind(message)
        .bind(reason)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        let id: i64 = row.try_get(0)?;
        tx.commit().await?;
        Ok(Some(id))
    }

    /// One state's reports, newest first, below id `before`.
    pub async fn reports(&self, state: ReportState, before: i64, limit: i64) -> Result<Vec<ReportRow>, sqlx::Error> {
        sqlx::query_as(REPORTS_BY_STATE)
            .bind(state.as_str())
            .bind(before)
            .bind(limit)
            .fetch_all(&self.pool)
            .await
    }

    pub async fn report(&self, id: i64) -> Result<Option<ReportRow>, sqlx::Error> {
        sqlx::query_as(&format!("{REPORT_SELECT} WHERE r.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// Resolves an open report with `audit` and, for a warning, records it to the `warned`
    /// user; `false` if the report is not open (any more).
    pub async fn resolve_report(
        &self,
        id: i64,
        by: i64,
        action: ReportAction,
        note: &str,
        warned: Option<i64>,
        audit: &AuditEntry,
    ) -> Result<bool, sqlx::Error> {
        // Resolved when the audit entry says it was.
        let now = audit.at;
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query(
            "UPDATE reports SET state = 'resolved', resolved_by = $1, resolved_at = $2, action = $3, \
             resolution_note = $4 WHERE id = $5 AND state = 'open'",
        )
        .bind(by)
        .bind(now)
        .bind(action.as_str())
        .bind(note)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        if let Some(user_id) = warned {
            Db::insert_warning(&mut tx, user_id, id, note, now).await?;
        }
        insert_audit(&mut tx, audit).await?;
        tx.commit().await?;
        Ok(true)
    }
}
