//! Ratings in the database: the update written in the transaction that ends a rated game
//! (so it happens exactly once, whichever path ends the game and on however many
//! instances), and the ratings a game page shows.

use herald_rules::{Player, Points, Variant};
use sqlx::{Any, Row, Transaction};

use super::{Backend, SeatColumn};
use crate::domain::ratings::{self, Glicko, Rated};
use crate::storage::Db;

/// A seat's rating as a game shows it: the player's current one while the game is on, the
/// one the game left and the one before it once a rated game is over.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatRating {
    pub seat: Player,
    pub rating: f64,
    pub deviation: f64,
    /// The rating before this game (finished rated games).
    pub before: Option<f64>,
}

impl SeatRating {
    /// What the game did to the rating, in whole points as both are shown (1500.4 to
    /// 1512.6 shows as 1500, then 1513, +13), so the numbers shown add up.
    #[must_use]
    pub fn change(&self) -> Option<i64> {
        self.before
            .map(|before| ratings::whole(self.rating) - ratings::whole(before))
    }
}

fn glicko(row: &sqlx::any::AnyRow) -> Result<Glicko, sqlx::Error> {
    Ok(Glicko {
        rating: row.try_get("rating")?,
        deviation: row.try_get("deviation")?,
        volatility: row.try_get("volatility")?,
        updated_at: row.try_get("updated_at")?,
    })
}

/// The players a finished game rates, as `(seat, user)` in seat order: every seat's, when
/// the game is rated, every seat has a player and every player made a move
/// (`every_seat_moved`; in Chatrang all four, not just one of each team: a game that ended
/// before that says nothing about the strength of whoever never played); `None` otherwise.
#[must_use]
pub fn rated_players(
    rated: bool,
    every_seat_moved: bool,
    seats: impl IntoIterator<Item = (Player, Option<i64>)>,
) -> Option<Vec<(Player, i64)>> {
    if !rated || !every_seat_moved {
        return None;
    }
    let mut players: Vec<(Player, i64)> = seats
        .into_iter()
        .map(|(seat, user)| user.map(|user| (seat, user)))
        .collect::<Option<_>>()?;
    players.sort_unstable();
    (!players.is_empty()).then_some(players)
}

/// A player's rating as read with a game's seats, and how many rated games it counts (its
/// version: every write adds one).
#[derive(Debug, Clone, Copy)]
pub struct ReadRating {
    pub user: i64,
    pub glicko: Glicko,
    pub games: i64,
}

/// The ratings of `players` (`(seat, user)`) as their seats were read, if every one of
/// them had one (a rated game opens them when it starts, [`open_first_ratings`]; a game
/// started before that has none, and its end creates them the locked way).
#[must_use]
pub fn ratings_read_with(players: &[(Player, i64)], seats: &[super::SeatRow]) -> Option<Vec<ReadRating>> {
    players
        .iter()
        .map(|(seat, user)| {
            let s = seats.iter().find(|s| s.seat == *seat && s.user_id == Some(*user))?;
            Some(ReadRating {
                user: *user,
                glicko: Glicko {
                    rating: s.rating?,
                    deviation: s.rating_deviation?,
                    volatility: s.rating_volatility?,
                    updated_at: s.rating_updated_at?,
                },
                games: s.rating_games?,
            })
        })
        .collect()
}

/// A rated game that starts gives each of its players who has no rating of its kind a
/// first one (1500 ± 350, no games yet), in the transaction that starts it: the move that
/// ends the game then reads every rating with the game and rates in its one statement
/// (a rating created at the end would take the locked transaction). A rating without
/// games is a placeholder: the game that first uses it rates from the system's initial
/// values as of then, not from a deviation grown since the row was opened
/// ([`RatingUpdate`]); lists of a player's ratings leave out those without games. In user
/// order, as every path that creates or locks ratings takes them.
pub(super) async fn open_first_ratings(
    tx: &mut Transaction<'_, Any>,
    game_id: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let start = Glicko::start(now);
    sqlx::query(
        "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
         SELECT s.user_id, g.variant, $2, $3, $4, 0, $5 FROM games g JOIN game_seats s ON s.game_id = g.id \
         WHERE g.id = $1 AND g.rated = 1 AND s.user_id IS NOT NULL ORDER BY s.user_id \
         ON CONFLICT (user_id, variant) DO NOTHING",
    )
    .bind(game_id)
    .bind(start.rating)
    .bind(start.deviation)
    .bind(start.volatility)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// PostgreSQL: the new ratings of game `$1` (`$4`, [`RatingUpdate::values_json`]) and what
/// the game did to them, written at `$2` for game kind `$3` in one statement.
const RATINGS_WRITE: &str = "WITH rating_values AS (SELECT * FROM json_to_recordset($4::json) AS v (seat bigint, \
     user_id bigint, rating_before float8, rating float8, deviation float8, volatility float8)), \
     rating_written AS (UPDATE ratings r SET rating = v.rating, deviation = v.deviation, \
     volatility = v.volatility, games = r.games + 1, updated_at = $2 FROM rating_values v \
     WHERE r.variant = $3 AND r.user_id = v.user_id), \
     rating_changed AS (INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, \
     rating_after, deviation_after, created_at) SELECT $1, v.seat, v.user_id, $3, v.rating_before, \
     v.rating, v.deviation, $2 FROM rating_values v) SELECT 1";

/// A game's rating update, worked out in the statement or transaction that ends it.
pub(super) struct RatingUpdate {
    players: Vec<(Player, i64)>,
    before: Vec<Rated>,
    after: Vec<Glicko>,
    /// `(user, games)` in user order when the ratings were read without a lock (with the
    /// game): the write must find each still at that count, or write nothing.
    read_at: Option<Vec<(i64, i64)>>,
}

impl RatingUpdate {
    /// Reads the players' ratings, creating those they do not have yet and, on
    /// PostgreSQL, locking them until the game's transaction ends (one statement, in
    /// user order, so two games ending at once for one player apply one after the other),
    /// then works out the ratings after a game scored `points` (half points per team).
    pub(super) async fn prepare(
        tx: &mut Transaction<'_, Any>,
        variant: Variant,
        players: Vec<(Player, i64)>,
        points: [i64; 2],
        now: i64,
    ) -> Result<RatingUpdate, sqlx::Error> {
        let mut users: Vec<i64> = players.iter().map(|p| p.1).collect();
        users.sort_unstable();
        users.dedup();
        let start = Glicko::start(now);
        // `DO UPDATE` (a no-op) rather than `DO NOTHING`: it locks an existing row and
        // returns it, so creating, locking and reading take one round trip.
        let values: Vec<String> = (0..users.len())
            .map(|k| format!("(${}, $1, $2, $3, $4, 0, $5)", k + 6))
            .collect();
        let sql = format!(
            "INSERT INTO ratings (user_id, variant, rating, deviation, volatility, games, updated_at) \
             VALUES {} ON CONFLICT (user_id, variant) DO UPDATE SET games = ratings.games \
             RETURNING user_id, rating, deviation, volatility, updated_at, games",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql)
            .bind(variant.id())
            .bind(start.rating)
            .bind(start.deviation)
            .bind(start.volatility)
            .bind(now);
        for user in &users {
            query = query.bind(user);
        }
        let mut current = std::collections::HashMap::new();
        for row in &query.fetch_all(&mut **tx).await? {
            let games: i64 = row.try_get("games")?;
            // A first rating starts at the initial values whenever it is first used.
            if games > 0 {
                current.insert(row.try_get::<i64, _>("user_id")?, glicko(row)?);
            }
        }
        Self::worked_out(
            variant,
            players,
            points,
            now,
            |user| current.get(&user).copied().unwrap_or(start),
            None,
        )
    }

    /// The update from the ratings read with the game (`read`, one per player), without
    /// touching the database: its write checks they are still as read.
    pub(super) fn from_read(
        variant: Variant,
        players: Vec<(Player, i64)>,
        points: [i64; 2],
        now: i64,
        read: &[ReadRating],
    ) -> Result<RatingUpdate, sqlx::Error> {
        let mut read_at: Vec<(i64, i64)> = read.iter().map(|r| (r.user, r.games)).collect();
        read_at.sort_unstable();
        read_at.dedup();
        let start = Glicko::start(now);
        Self::worked_out(
            variant,
            players,
            points,
            now,
            // A first rating (no games yet) starts at the initial values as of now.
            |user| {
                read.iter()
                    .find(|r| r.user == user && r.games > 0)
                    .map_or(start, |r| r.glicko)
            },
            Some(read_at),
        )
    }

    fn worked_out(
        variant: Variant,
        players: Vec<(Player, i64)>,
        points: [i64; 2],
        now: i64,
        rating_of: impl Fn(i64) -> Glicko,
        read_at: Option<Vec<(i64, i64)>>,
    ) -> Result<RatingUpdate, sqlx::Error> {
        let spec = variant.spec();
        let before: Vec<Rated> = players
            .iter()
            .map(|(seat, user)| {
                Ok(Rated {
                    team: spec.team_of(*seat),
                    before: rating_of(*user),
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        let halves = match points.map(u16::try_from) {
            [Ok(first), Ok(second)] => [Points::from_halves(first), Points::from_halves(second)],
            [Err(e), _] | [_, Err(e)] => return Err(out_of_range(e)),
        };
        let after = ratings::after_game(&before, spec.scoring.rating_scores(halves), now);
        Ok(RatingUpdate {
            players,
            before,
            after,
            read_at,
        })
    }

    /// `(user, games)` in user order, when the ratings were read without a lock (with the
    /// game): the write must find each still at that count, or write nothing.
    pub(super) fn read_at(&self) -> Option<&[(i64, i64)]> {
        self.read_at.as_deref()
    }

    /// The new ratings as a JSON list, one object per seat (`seat`, `user_id`,
    /// `rating_before`, `rating`, `deviation`, `volatility`): the list the PostgreSQL
    /// statements write them from ([`RATINGS_WRITE`]).
    pub(super) fn values_json(&self) -> Vec<serde_json::Value> {
        self.players
            .iter()
            .zip(&self.before)
            .zip(&self.after)
            .map(|(((seat, user), before), after)| {
                serde_json::json!({"seat": seat, "user_id": user, "rating_before": before.before.rating,
                    "rating": after.rating, "deviation": after.deviation, "volatility": after.volatility})
            })
            .collect()
    }

    /// What the game does to each seat's rating.
    pub(super) fn changes(&self) -> Vec<SeatRating> {
        self.players
            .iter()
            .zip(&self.before)
            .zip(&self.after)
            .map(|(((seat, _), before), after)| SeatRating {
                seat: *seat,
                rating: after.rating,
                deviation: after.deviation,
                before: Some(before.before.rating),
            })
            .collect()
    }

    /// Writes the new ratings and what game `game_id` did to them: one statement on
    /// PostgreSQL, where the move that ends a game waits for each round trip.
    pub(super) async fn write(
        &self,
        tx: &mut Transaction<'_, Any>,
        backend: Backend,
        game_id: &str,
        variant: Variant,
        now: i64,
    ) -> Result<(), sqlx::Error> {
        if backend == Backend::Postgres {
            sqlx::query(RATINGS_WRITE)
                .bind(game_id)
                .bind(now)
                .bind(variant.id())
                .bind(serde_json::Value::from(self.values_json()).to_string())
                .execute(&mut **tx)
                .await?;
            return Ok(());
        }
        // SQLite has no writing CTEs: the ratings ($1 game kind, $2 now, four per player,
        // `CASE user_id WHEN … THEN …` per column), then the changes.
        let case = |column: usize| {
            let arms: String = (0..self.players.len())
                .map(|k| format!(" WHEN ${} THEN ${}", 3 + 4 * k, 3 + 4 * k + column))
                .collect();
            format!("CASE user_id{arms} END")
        };
        let sql = format!(
            "UPDATE ratings SET rating = {}, deviation = {}, volatility = {}, games = games + 1, updated_at = $2 \
             WHERE variant = $1 AND user_id IN ({})",
            case(1),
            case(2),
            case(3),
            (0..self.players.len())
                .map(|k| format!("${}", 3 + 4 * k))
                .collect::<Vec<_>>()
                .join(", ")
        );
        let mut update = sqlx::query(&sql).bind(variant.id()).bind(now);
        for ((_, user), after) in self.players.iter().zip(&self.after) {
            update = update
                .bind(user)
                .bind(after.rating)
                .bind(after.deviation)
                .bind(after.volatility);
        }
        update.execute(&mut **tx).await?;
        // $1 game, $2 game kind, $3 now, then five per seat.
        let rows: Vec<String> = (0..self.players.len())
            .map(|k| {
                let b = 4 + 5 * k;
                format!("($1, ${b}, ${}, $2, ${}, ${}, ${}, $3)", b + 1, b + 2, b + 3, b + 4)
            })
            .collect();
        let sql = format!(
            "INSERT INTO rating_changes (game_id, seat, user_id, variant, rating_before, rating_after, \
             deviation_after, created_at) VALUES {}",
            rows.join(", ")
        );
        let mut insert = sqlx::query(&sql).bind(game_id).bind(variant.id()).bind(now);
        for (((seat, user), before), after) in self.players.iter().zip(&self.before).zip(&self.after) {
            insert = insert
                .bind(SeatColumn(*seat))
                .bind(user)
                .bind(before.before.rating)
                .bind(after.rating)
                .bind(after.deviation);
        }
        insert.execute(&mut **tx).await?;
        Ok(())
    }
}

/// A stored seat or point count that does not fit its type: refused, never read as 0.
fn out_of_range(error: std::num::TryFromIntError) -> sqlx::Error {
    sqlx::Error::Decode(Box::new(error))
}

/// The game-over event with the game's points and, for a rated game, each seat's new
/// rating and its change.
pub(super) fn end_event_with(
    event: &crate::domain::events::NewEvent,
    points: Option<[i64; 2]>,
    ratings: &[SeatRating],
) -> crate::domain::events::NewEvent {
    let mut event = event.clone();
    if let (Some(points), Some(data)) = (points, event.data.as_object_mut()) {
        data.insert("points".to_owned(), serde_json::json!(points.map(|h| h as f64 / 2.0)));
        if !ratings.is_empty() {
            let ratings: Vec<serde_json::Value> = ratings
                .iter()
                .map(|r| serde_json::json!({"seat": r.seat, "rating": ratings::whole(r.rating), "change": r.change()}))
                .collect();
            data.insert("ratings".to_owned(), serde_json::json!(ratings));
        }
    }
    event
}

/// A leaderboard's rows for game kind `$1`: ratings established as of `$5` (deviation at
/// most `$2` once grown with the time since it last changed, at `$6` per millisecond: see
/// [`ratings::deviation_growth_per_ms`]) that changed since `$3`, best first, `$4` of them:
/// a range of `ratings_board`, filtered row by row. The stored deviation is checked too
/// (the grown one is never smaller), so a rating written by another instance whose clock
/// is ahead cannot slip in.
/// Bots (`$7` = 0) are left out by a primary-key probe of `bots` per row.
pub(in crate::storage) const LEADERBOARD: &str = "SELECT u.username, r.rating, r.deviation, r.volatility, \
     r.games, r.updated_at, CAST(CASE WHEN EXISTS (SELECT 1 FROM bots b WHERE b.user_id = r.user_id) THEN 1 ELSE 0 END AS BIGINT) AS is_bot \
     FROM ratings r CROSS JOIN users u WHERE r.variant = $1 AND r.deviation <= $2 \
     AND r.deviation * r.deviation + r.volatility * r.volatility * $6 * ($5 - r.updated_at) <= $2 * $2 \
     AND r.updated_at >= $3 AND u.id = r.user_id \
     AND ($7 = 1 OR NOT EXISTS (SELECT 1 FROM bots b WHERE b.user_id = r.user_id)) \
     ORDER BY r.rating DESC, r.user_id LIMIT $4";

/// A player's ratings, one per game kind they played rated (`$1` user): not the first
/// ratings of games not over yet ([`open_first_ratings`]).
pub(in crate::storage) const RATINGS_OF: &str = "SELECT variant, rating, deviation, volatility, games, updated_at \
     FROM ratings WHERE user_id = $1 AND games > 0 ORDER BY variant";

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
    /// A bot's rating (only leaderboards say; elsewhere false).
    pub is_bot: bool,
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
    /// The leaderboard of `variant`: players with a rating established at `now`
    /// (deviation, grown with the time away, at most `max_deviation`) who played a rated
    /// game since `active_since`, best first.
    pub async fn leaderboard(
        &self,
        variant: Variant,
        max_deviation: f64,
        active_since: i64,
        now: i64,
        limit: i64,
        with_bots: bool,
    ) -> Result<Vec<RatingRow>, sqlx::Error> {
        let rows = sqlx::query(LEADERBOARD)
            .bind(variant.id())
            .bind(max_deviation)
            .bind(active_since)
            .bind(limit)
            .bind(now)
            .bind(ratings::deviation_growth_per_ms())
            .bind(i64::from(with_bots))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| {
                Ok(RatingRow {
                    username: row.try_get("username")?,
                    variant,
                    glicko: glicko(row)?,
                    games: row.try_get("games")?,
                    is_bot: row.try_get::<i64, _>("is_bot")? != 0,
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
                    variant: crate::domain::game_states::parse_variant(&variant).map_err(|e| {
                        sqlx::Error::ColumnDecode {
                            index: "variant".to_owned(),
                            source: format!("ratings of user {user_id}: {e}").into(),
                        }
                    })?,
                    glicko: glicko(row)?,
                    games: row.try_get("games")?,
                    is_bot: false,
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
                Ok(SeatRating {
                    seat: super::decode::seat(row, "seat")?,
                    rating: row.try_get("rating_after")?,
                    deviation: row.try_get("deviation_after")?,
                    before: Some(row.try_get("rating_before")?),
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
        assert_eq!(crate::storage::dialect::placeholders_from(2, 3), "$2, $3, $4");
        assert_eq!(crate::storage::dialect::placeholders_from(1, 1), "$1");
        assert_eq!(crate::storage::dialect::placeholders(2), "$1, $2");
    }
}
