//! Ratings in the database: the update written in the transaction that ends a rated game
//! (so it happens exactly once, whichever path ends the game and on however many
//! instances), and the ratings a game page shows.

use herald_rules::{Points, Variant};
use sqlx::{Any, Row, Transaction};

use super::Backend;
use super::dialect::placeholders_from;
use crate::ratings::{self, Glicko, Rated};
use crate::storage::Db;

/// A seat's rating as a game shows it: the player's current one while the game is on, the
/// one the game left and the change once a rated game is over.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatRating {
    pub seat: i64,
    pub rating: f64,
    pub deviation: f64,
    /// What this game did to it (finished rated games).
    pub change: Option<f64>,
}

fn glicko(row: &sqlx::any::AnyRow) -> Result<Glicko, sqlx::Error> {
    Ok(Glicko {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// Rates a game that `tx` has just finished with these points, if it is rated and every
/// side moved; otherwise does nothing. The players' rating rows are created if new, then
/// locked in user order (PostgreSQL), so two games ending at once for one player apply one
/// after the other. Returns what changed, per seat, for the game-over event:
/// `{"seat", "rating", "change"}` (whole numbers).
pub(super) async fn rate_finished_game(
    tx: &mut Transaction<'_, Any>,
    backend: Backend,
    game_id: &str,
    variant: Variant,
    points: [i64; 2],
    now: i64,
) -> Result<Vec<serde_json::Value>, sqlx::Error> {
    // One read: whether the game counts, how far it went, and who sat where.
    let rows = sqlx::query(
        "SELECT g.rated, g.ply, s.seat, s.user_id FROM games g JOIN game_seats s ON s.game_id = g.id \
         WHERE g.id = $1 ORDER BY s.seat",
    )
    .bind(game_id)
    .fetch_all(&mut **tx)
    .await?;
    let spec = variant.spec();
    let Some(first) = rows.first() else {
        return Ok(Vec::new());
    };
    let (rated, ply): (i64, i64) = (first.try_get("rated")?, first.try_get("ply")?);
    // A game that ended before each side moved says nothing about anyone's strength.
    if rated == 0 || ply < i64::from(spec.players()) {
        return Ok(Vec::new());
    }
    let mut players = Vec::new();
    for row in &rows {
        let (seat, user): (i64, Option<i64>) = (row.try_get("seat")?, row.try_get("user_id")?);
        let Some(user) = user else { return Ok(Vec::new()) };
        players.push((seat, user));
    }
    let mut users: Vec<i64> = players.iter().map(|p| p.1).collect();
    users.sort_unstable();
    users.dedup();
    let start = Glicko::start(now);
    // Each statement below covers every player at once: the move that ends a game waits
    // for as few round trips as can be.
    let new_rows: Vec<String> = (0..users.len())
        .map(|k| format!("(${}, $1, $2, $3, $4, 0, $5)", k + 6))
        .collect();
    let sql = format!(
        "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
         VALUES {} ON CONFLICT (user_id, variant) DO NOTHING",
        new_rows.join(", ")
    );
    let mut insert = sqlx::query(&sql);
    insert = insert
        .bind(variant.id())
        .bind(start.rating)
        .bind(start.deviation)
        .bind(start.volatility)
        .bind(now);
    for user in &users {
        insert = insert.bind(user);
    }
    insert.execute(&mut **tx).await?;
    let lock = backend.for_update();
    let sql = format!(
        "SELECT user_id, rating, deviation, volatility, updated_at FROM ratings \
         WHERE variant = $1 AND user_id IN ({}) ORDER BY user_id{lock}",
        placeholders_from(2, users.len())
    );
    let mut query = sqlx::query(&sql).bind(variant.id());
    for user in &users {
        query = query.bind(user);
    }
    let rows = query.fetch_all(&mut **tx).await?;
    let mut current = std::collections::HashMap::new();
    for row in &rows {
        current.insert(row.try_get::<i64, _>("user_id")?, glicko(row)?);
    }
    let rated_players: Vec<Rated> = players
        .iter()
        .map(|(seat, user)| {
            Ok(Rated {
                team: spec.team_of(u8::try_from(*seat).map_err(out_of_range)?),
                before: current.get(user).copied().unwrap_or(start),
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    let halves = match points.map(u16::try_from) {
        [Ok(first), Ok(second)] => [Points::from_halves(first), Points::from_halves(second)],
        [Err(e), _] | [_, Err(e)] => return Err(out_of_range(e)),
    };
    let after = ratings::after_game(&rated_players, spec.scoring.rating_scores(halves), now);
    // Every player's new rating in one UPDATE: `CASE user_id WHEN … THEN …` per column
    // ($1 game kind, $2 now, then four values per player).
    let case = |column: usize| {
        let arms: String = (0..players.len())
            .map(|k| format!(" WHEN ${} THEN ${}", 3 + 4 * k, 3 + 4 * k + column))
            .collect();
        format!("CASE user_id{arms} END")
    };
    let update_sql = format!(
        "UPDATE ratings SET rating = {}, deviation = {}, volatility = {}, games = games + 1, updated_at = $2 \
         WHERE variant = $1 AND user_id IN ({})",
        case(1),
        case(2),
        case(3),
        (0..players.len())
            .map(|k| format!("${}", 3 + 4 * k))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let mut update = sqlx::query(&update_sql).bind(variant.id()).bind(now);
    for ((_, user), new) in players.iter().zip(&after) {
        update = update
            .bind(user)
            .bind(new.rating)
            .bind(new.deviation)
            .bind(new.volatility);
    }
    update.execute(&mut **tx).await?;
    // What the game did, per seat ($1 game, $2 game kind, $3 now, then five per seat).
    let change_rows: Vec<String> = (0..players.len())
        .map(|k| {
            let b = 4 + 5 * k;
            format!("($1, ${b}, ${}, $2, ${}, ${}, ${}, $3)", b + 1, b + 2, b + 3, b + 4)
        })
        .collect();
    let changes_sql = format!(
        "INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, rating_after, \
         deviation_after, created_at) VALUES {}",
        change_rows.join(", ")
    );
    let mut insert = sqlx::query(&changes_sql).bind(game_id).bind(variant.id()).bind(now);
    let mut changes = Vec::new();
    for (((seat, user), before), new) in players.iter().zip(&rated_players).zip(&after) {
        insert = insert
            .bind(seat)
            .bind(user)
            .bind(before.before.rating)
            .bind(new.rating)
            .bind(new.deviation);
        let whole = ratings::whole;
        changes.push(serde_json::json!({
            "seat": seat,
            "rating": whole(new.rating),
            "change": whole(new.rating) - whole(before.before.rating),
        }));
    }
    insert.execute(&mut **tx).await?;
    Ok(changes)
}

/// A stored seat or point count that does not fit its type: refused, never read as 0.
fn out_of_range(error: std::num::TryFromIntError) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(error))
}

/// The game-over event with the game's points and, for a rated game, each seat's new
/// rating and its change.
pub(super) fn end_event_with(
    event: &crate::events::NewEvent,
    points: Option<[i64; 2]>,
    ratings: &[serde_json::Value],
) -> crate::events::NewEvent {
    let mut event = event.clone();
    if let (Some(points), Some(data)) = (points, event.data.as_object_mut()) {
        data.insert("points".to_owned(), serde_json::json!(points.map(|h| h as f64 / 2.0)));
        if !ratings.is_empty() {
            data.insert("ratings".to_owned(), serde_json::json!(ratings));
        }
    }
    event
}

/// A leaderboard's rows for game kind `$1`: established ratings (deviation at most `$2`)
/// that changed since `$3`, best first, `$4` of them: a range of `ratings_board`.
pub(in crate::storage) const LEADERBOARD: &str = "SELECT u.username, r.rating, r.deviation, r.volatility, \
     r.games, r.updated_at FROM ratings r CROSS JOIN users u WHERE r.variant = $1 AND r.deviation <= $2 \
     AND r.updated_at >= $3 AND u.id = r.user_id ORDER BY r.rating DESC, r.user_id LIMIT $4";

/// A player's ratings, one per game kind they played rated (`$1` user).
pub(in crate::storage) const RATINGS_OF: &str = "SELECT variant, rating, deviation, volatility, games, updated_at \
     FROM ratings WHERE user_id = $1 ORDER BY variant";

/// A player's rating after each rated game of one kind, oldest first (`$1` user, `$2` game
/// kind): a range of `rating_changes_history_covering`.
pub(in crate::storage) const RATING_HISTORY: &str = "SELECT game_id, rating_after, deviation_after, created_at \
     FROM rating_changes WHERE user_id = $1 AND variant = $2 ORDER BY created_at, game_id";

/// A player's `$3` latest ratings after a rated game of one kind, newest first (`$1` user,
/// `$2` game kind): the profile's chart, a range of `rating_changes_history_covering` read
/// backwards, from the index alone.
pub(in crate::storage) const RATING_HISTORY_RECENT: &str = "SELECT game_id, rating_after, deviation_after, \
     created_at FROM rating_changes WHERE user_id = $1 AND variant = $2 \
     ORDER BY created_at DESC, game_id DESC LIMIT $3";

/// A rating as a list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingRow {
    pub username: String,
    pub variant: Variant,
    pub glicko: Glicko,
    /// Rated games played.
    pub games: i64,
}

/// A point of a player's rating history.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryPoint {
    pub game_id: String,
    pub rating: f64,
    pub deviation: f64,
    pub at: i64,
}

impl Db {
    /// The leaderboard of `variant`: players with an established rating (deviation at
    /// most `max_deviation`) who played a rated game since `active_since`, best first.
    pub async fn leaderboard(
        &self,
        variant: Variant,
        max_deviation: f64,
        active_since: i64,
        limit: i64,
    ) -> Result<Vec<RatingRow>, sqlx::Error> {
        let rows = sqlx::query(LEADERBOARD)
            .bind(variant.id())
            .bind(max_deviation)
            .bind(active_since)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingRow {
                    username: row.try_get("username")?,
                    variant,
                    glicko: glicko(row)?,
                    games: row.try_get("games")?,
                })
            })
            .collect()
    }

    /// A player's ratings, by game kind (those they have played rated).
    pub async fn ratings_of(&self, user_id: i64, username: &str) -> Result<Vec<RatingRow>, sqlx::Error> {
        let rows = sqlx::query(RATINGS_OF).bind(user_id).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let variant: String = row.try_get("variant")?;
                Ok(RatingRow {
                    username: username.to_owned(),
                    variant: crate::states::parse_variant(&variant).map_err(|e| sqlx::Error::ColumnDecode {
                        index: "variant".to_owned(),
                        source: format!("ratings of user {user_id}: {e}").into(),
                    })?,
                    glicko: glicko(row)?,
                    games: row.try_get("games")?,
                })
            })
            .collect()
    }

    /// A player's rating in `variant`, if they have played it rated (a primary-key read).
    pub async fn rating_of(&self, user_id: i64, variant: Variant) -> Result<Option<f64>, sqlx::Error> {
        sqlx::query_scalar("SELECT rating FROM ratings WHERE user_id = $1 AND variant = $2")
            .bind(user_id)
            .bind(variant.id())
            .fetch_optional(&self.pool)
            .await
    }

    /// A player's rating after each of their rated games of `variant`, oldest first.
    pub async fn rating_history(&self, user_id: i64, variant: Variant) -> Result<Vec<HistoryPoint>, sqlx::Error> {
        let rows = sqlx::query(RATING_HISTORY)
            .bind(user_id)
            .bind(variant.id())
            .fetch_all(&self.pool)
            .await?;
        history_points(&rows)
    }

    /// The last `limit` points of [`Db::rating_history`], oldest first (a profile's chart:
    /// a player with thousands of games reads a page, not all of them).
    pub async fn recent_rating_history(
        &self,
        user_id: i64,
        variant: Variant,
        limit: i64,
    ) -> Result<Vec<HistoryPoint>, sqlx::Error> {
        let rows = sqlx::query(RATING_HISTORY_RECENT)
            .bind(user_id)
            .bind(variant.id())
            .bind(limit)
            .fetch_all(&self.pool)
            .await?;
        let mut points = history_points(&rows)?;
        points.reverse();
        Ok(points)
    }

    /// What finished rated game `game_id` did to each seat's rating (empty for any other
    /// game: the seats' current ratings come with the seats themselves).
    pub async fn rating_changes_of(&self, game_id: &str) -> Result<Vec<SeatRating>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT seat, rating_before, rating_after, deviation_after FROM rating_changes \
             WHERE game_id = $1 ORDER BY seat",
        )
        .bind(game_id)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let (before, after): (f64, f64) = (row.try_get("rating_before")?, row.try_get("rating_after")?);
                Ok(SeatRating {
                    seat: row.try_get("seat")?,
                    rating: after,
                    deviation: row.try_get("deviation_after")?,
                    change: Some(after - before),
                })
            })
            .collect()
    }
}

fn history_points(rows: &[sqlx::any::AnyRow]) -> Result<Vec<HistoryPoint>, sqlx::Error> {
    rows.iter()
        .map(|row| {
            Ok(HistoryPoint {
                game_id: row.try_get("game_id")?,
                rating: row.try_get("rating_after")?,
                deviation: row.try_get("deviation_after")?,
                at: row.try_get("created_at")?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn placeholders_count_from_where_they_start() {
        assert_eq!(super::placeholders_from(2, 3), "$2, $3, $4");
        assert_eq!(super::placeholders_from(1, 1), "$1");
        assert_eq!(crate::storage::dialect::placeholders(2), "$1, $2");
    }
}
