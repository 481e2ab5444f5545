//! Points of games that finished before games recorded them (migration 0011): scored from
//! the rules crate's registry, the same table the end of a game uses.

use herald_rules::{EndReason as RulesReason, Variant};

use super::Db;
use crate::domain::game_states::EndReason;

/// Games scored per statement: a big archive is scored in short transactions.
const BATCH: i64 = 5_000;

impl Db {
    /// Gives every finished game without points its points, game kind by game kind; a
    /// no-op (one probe of the empty index `games_unscored`) once that is done. Returns how
    /// many games it scored.
    ///
    /// # Errors
    /// The database failed.
    pub async fn score_unscored_games(&self) -> Result<u64, sqlx::Error> {
        let stalemate = EndReason::Rules(RulesReason::Stalemate).as_str();
        let mut scored = 0;
        for variant in Variant::ALL {
            let scoring = variant.spec().scoring;
            let halves = |p: herald_rules::Points| i64::from(p.halves());
            let stalemate_win = halves(scoring.stalemate_win.unwrap_or(scoring.win));
            // Team t: a draw (no winner), a win (by stalemate or otherwise), or a loss.
            let team = |t: u8| {
                format!(
                    "CASE WHEN winner_team IS NULL THEN $1 WHEN winner_team = {t} THEN \
                     (CASE WHEN reason = $2 THEN $3 ELSE $4 END) ELSE $5 END"
                )
            };
            let sql = format!(
                "UPDATE games SET points_team0 = {}, points_team1 = {} WHERE id IN (SELECT id FROM games \
                 WHERE status = 'finished' AND points_team0 IS NULL AND variant = $6 LIMIT $7)",
                team(0),
                team(1)
            );
            loop {
                let done = sqlx::query(&sql)
                    .bind(halves(scoring.draw))
                    .bind(stalemate)
                    .bind(stalemate_win)
                    .bind(halves(scoring.win))
                    .bind(halves(scoring.loss))
                    .bind(variant.id())
                    .bind(BATCH)
                    .execute(&self.pool)
                    .await?
                    .rows_affected();
                scored += done;
                if done < u64::try_from(BATCH).unwrap_or(u64::MAX) {
                    break;
                }
            }
        }
        Ok(scored)
    }
}
