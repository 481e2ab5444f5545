//! Games, seats and moves: the game row and how it is read. Writes, lists and the clock
//! columns live in the submodules.

mod clock;
mod create;
mod lists;
mod statement;
mod transaction;
mod update;
mod writes;

pub use clock::{ClockRow, ClockUpdate};
pub(in crate::storage) use create::insert_game;
pub use create::{CreateRefused, NewGame, RematchExists, RematchOf, Start, TooManyInvitations};
pub use lists::{ARCHIVE_COUNT_CAP, AdminGameRow, ArchiveFilter, ListCursor, PlayedGame, ResultCount};
// For the list queries' plan checks (storage/bench_support/plans.rs) only.
#[cfg(feature = "bench-support")]
pub(in crate::storage) use lists::{
    ArchiveSql, CHALLENGES, CHALLENGES_AFTER, FINISHED_OF, RESULTS_OF, USER_CURRENT, USER_ENDED, USER_ENDED_AFTER,
};
// The my-move count, which the push fan-out also reads (the badge).
pub(in crate::storage) use lists::MY_MOVE;
pub use update::{
    End, Entry, Expect, Finish, GameUpdate, LinesGuard, NextTurn, RatedEnd, TakebackChange, VariationsWrite,
};
pub use writes::{AdminEnd, Commit, Joined, RATED_ENDINGS};

use std::sync::LazyLock;

use herald_rules::{Player, Team, Variant};
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};

use super::{ConditionalRow, Db, SeatColumn};
use crate::domain::game_states::{EndReason, GameResult, GameStatus, OptionIds, TimeoutPolicy, parse_variant};
pub use crate::infra::hub::Committed;

/// A game as stored.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: String,
    pub variant: Variant,
    pub options: OptionIds,
    pub status: GameStatus,
    pub created_by: i64,
    pub created_at: i64,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub updated_at: i64,
    /// Days per move on average ([`crate::domain::time_controls::TimeControl::nominal_days`]): the days of a days-per-move
    /// clock, a comparable figure for the other kinds.
    pub days_per_move: i64,
    /// How the clock runs.
    pub time_control: crate::domain::time_controls::TimeControl,
    /// Each seat's bank (empty under days per move).
    pub clocks: crate::domain::time_controls::SeatClocks,
    pub ply: i64,
    pub version: i64,
    pub turn: Player,
    pub fen: String,
    pub move_by: Option<i64>,
    /// How the finished game came out; the stored `winner_team` is read from it.
    pub result: Option<GameResult>,
    pub reason: Option<EndReason>,
    pub draw_offers: i64,
    pub open_seats: i64,
    pub timeout_policy: TimeoutPolicy,
    /// When the sweeper next looks at this game (warning, deadline, claimable cap).
    pub sweep_at: Option<i64>,
    /// The deadline that passed, once the sweeper marked the game claimable.
    pub claimable_since: Option<i64>,
    /// The ply whose turn already got its 80 % warning.
    pub warned_ply: Option<i64>,
    /// Time left in a turn paused by the mover's vacation (then `move_by` is NULL).
    pub paused_ms: Option<i64>,
    /// What the finished game was worth to team 0 and team 1, in half points.
    pub points: Option<[i64; 2]>,
    /// Whether it counts for ratings.
    pub rated: bool,
    /// The finished game this one is a rematch of.
    pub rematch_of: Option<String>,
    /// An open challenge's rating range (inclusive): who may see it and take its open seats.
    pub rating_range: RatingRange,
    /// The seats holding conditional lines (bit n: seat n).
    pub conditional_seats: i64,
    /// Spectators read the game's conversation (the creator's choice).
    pub chat_spectators: bool,
    /// The pending takeback request, if any (cleared by every entry and by the end).
    pub takeback: Option<TakebackRequest>,
    /// A tournament game (no takebacks there).
    pub in_tournament: bool,
}

/// A player's pending request to take back their last move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TakebackRequest {
    /// Who asked: the player whose move is the record's last entry.
    pub seat: Player,
    /// The game's ply when asked: the move to take back is entry `ply - 1`.
    pub ply: i64,
}

/// The clock of a game's first turn, computed by the clock rules (`games::clock`) and
/// written when the last seat is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FirstTurn {
    pub move_by: i64,
    /// When the sweeper first looks: the 80 % warning.
    pub sweep_at: i64,
}

/// The ratings an open challenge admits (inclusive; `None`: no bound).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RatingRange {
    pub min: Option<i64>,
    pub max: Option<i64>,
}

impl RatingRange {
    /// Whether a player rated `rating` may take an open seat.
    #[must_use]
    pub fn admits(self, rating: i64) -> bool {
        self.min.is_none_or(|min| rating >= min) && self.max.is_none_or(|max| rating <= max)
    }

    #[must_use]
    pub fn is_open(self) -> bool {
        self.min.is_none() && self.max.is_none()
    }
}

pub(crate) use super::decode::{seat, typed, typed_opt, unknown};

impl GameRow {
    /// The team that won the finished game, `None` for a draw or while there is no result.
    #[must_use]
    pub fn winner_team(&self) -> Option<Team> {
        self.result.and_then(GameResult::winner)
    }
}

/// The result of the game row `id`, checked against its `winner_team` column: an unknown
/// string, or a winner the result does not name, is a decode error naming the row.
pub(crate) fn result_of(row: &AnyRow, id: &str) -> Result<Option<GameResult>, sqlx::Error> {
    let result: Option<GameResult> = typed_opt(row, "games", id, "result")?;
    let winner = super::decode::team_opt(row, "winner_team")?;
    if winner != result.and_then(GameResult::winner) {
        let stored = winner.map_or_else(|| "none".to_owned(), |t| t.to_string());
        let shown = result.map_or("none", GameResult::as_str);
        return Err(sqlx::Error::ColumnDecode {
            index: "winner_team".to_owned(),
            source: format!("games row {id}: winner_team {stored} disagrees with result {shown}").into(),
        });
    }
    Ok(result)
}

/// The variant and options of the game row `id`.
pub(crate) fn variant_and_options(row: &AnyRow, id: &str) -> Result<(Variant, OptionIds), sqlx::Error> {
    let text: String = row.try_get("variant")?;
    let variant = parse_variant(&text).map_err(|e| unknown("games", id, "variant", &e))?;
    let options: String = row.try_get("options")?;
    let options = OptionIds::parse_stored(variant, &options).map_err(|e| unknown("games", id, "options", &e))?;
    Ok((variant, options))
}

impl<'r> FromRow<'r, AnyRow> for GameRow {
    fn from_row(row: &'r AnyRow) -> Result<GameRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        let (variant, options) = variant_and_options(row, &id)?;
        Ok(GameRow {
            variant,
            options,
            status: typed(row, "games", &id, "status")?,
            created_by: row.try_get("created_by")?,
            created_at: row.try_get("created_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            updated_at: row.try_get("updated_at")?,
            days_per_move: row.try_get("days_per_move")?,
            time_control: super::decode::time_control(row, "games", &id)?,
            clocks: super::decode::seat_clocks(row, "games", &id)?,
            ply: row.try_get("ply")?,
            version: row.try_get("version")?,
            turn: seat(row, "turn")?,
            fen: row.try_get("fen")?,
            move_by: row.try_get("move_by")?,
            result: result_of(row, &id)?,
            reason: typed_opt(row, "games", &id, "reason")?,
            draw_offers: row.try_get("draw_offers")?,
            open_seats: row.try_get("open_seats")?,
            timeout_policy: typed(row, "games", &id, "timeout_policy")?,
            sweep_at: row.try_get("sweep_at")?,
            claimable_since: row.try_get("claimable_since")?,
            warned_ply: row.try_get("warned_ply")?,
            paused_ms: row.try_get("paused_ms")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            rematch_of: row.try_get("rematch_of")?,
            rating_range: RatingRange {
                min: row.try_get("rating_min")?,
                max: row.try_get("rating_max")?,
            },
            points: match (row.try_get("points_team0")?, row.try_get("points_team1")?) {
                (Some(first), Some(second)) => Some([first, second]),
                _ => None,
            },
            conditional_seats: row.try_get("conditional_seats")?,
            chat_spectators: row.try_get::<i64, _>("chat_spectators")? != 0,
            takeback: match (
                row.try_get::<Option<SeatColumn>, _>("takeback_seat")?,
                row.try_get::<Option<i64>, _>("takeback_ply")?,
            ) {
                (Some(seat), Some(ply)) => Some(TakebackRequest { seat: seat.into(), ply }),
                _ => None,
            },
            in_tournament: row.try_get::<i64, _>("in_tournament")? != 0,
            id,
        })
    }
}

pub(crate) const GAME_COLUMNS: &str = "g.id, g.variant, g.options, g.status, g.created_by, g.created_at, g.started_at, \
     g.finished_at, g.updated_at, g.days_per_move, g.ply, g.version, g.turn, g.fen, g.move_by, \
     g.winner_team, g.result, g.reason, g.draw_offers, g.open_seats, g.timeout_policy, g.sweep_at, \
     g.claimable_since, g.warned_ply, g.paused_ms, g.points_team0, g.points_team1, g.rated, \
     g.rematch_of, g.rating_min, g.rating_max, g.conditional_seats, g.chat_spectators, g.takeback_seat, \
     g.takeback_ply, g.in_tournament, g.time_control, g.clocks";

/// A game with one row per seat (the seat's player and invitee: usernames, vacation, the
/// seat's conditional lines when the game's mask has its bit), optionally joined with who
/// asks (`caller`: a one-row subquery on `$2`, `$3`). Built once: the move path runs it on
/// every move.
fn game_with_seats_sql(caller: Option<&str>) -> String {
    let (columns, join) = caller.map_or((String::new(), String::new()), |who| {
        (
            ", c.id AS caller_id, c.username AS caller_name, c.suspended_until AS caller_suspended_until, \
             c.banned_at AS caller_banned_at"
                .to_owned(),
            format!(" LEFT JOIN {who} c ON 1 = 1"),
        )
    });
    format!(
        "SELECT {GAME_COLUMNS}, s.game_id, s.seat, s.user_id, u.username, s.invited_user_id, \
         i.username AS invited_username, u.vacation_since, u.vacation_until, r.rating, \
         r.deviation AS rating_deviation, r.volatility AS rating_volatility, r.updated_at AS rating_updated_at, \
         r.games AS rating_games, cl.user_id AS cl_user_id, cl.ply AS cl_ply, \
         cl.tree AS cl_tree, cl.version AS cl_version, cl.reveal AS cl_reveal, cl.notice AS cl_notice, \
         cl.saved_ply AS cl_saved_ply, cl.saved_tree AS cl_saved_tree, cl.updated_at AS cl_updated_at, \
         CAST(CASE WHEN b.user_id IS NULL THEN 0 ELSE 1 END AS BIGINT) AS is_bot{columns} \
         FROM games g{join} JOIN game_seats s ON s.game_id = g.id \
         LEFT JOIN users u ON u.id = s.user_id LEFT JOIN users i ON i.id = s.invited_user_id \
         LEFT JOIN ratings r ON r.user_id = s.user_id AND r.variant = g.variant \
         LEFT JOIN bots b ON b.user_id = COALESCE(s.user_id, s.invited_user_id) \
         LEFT JOIN conditional_lines cl ON ((g.conditional_seats >> CAST(s.seat AS INTEGER)) & 1) = 1 \
         AND cl.game_id = s.game_id AND cl.seat = s.seat \
         WHERE g.id = $1 ORDER BY s.seat"
    )
}

static GAME_WITH_SEATS: LazyLock<String> = LazyLock::new(|| game_with_seats_sql(None));
static GAME_WITH_SEATS_BY_TOKEN: LazyLock<String> = LazyLock::new(|| {
    game_with_seats_sql(Some(
        "(SELECT cu.id, cu.username, cu.suspended_until, cu.banned_at FROM api_tokens t \
         JOIN users cu ON cu.id = t.user_id WHERE t.token_hash = $2)",
    ))
});
static GAME_WITH_SEATS_BY_SESSION: LazyLock<String> = LazyLock::new(|| {
    game_with_seats_sql(Some(
        "(SELECT cu.id, cu.username, cu.suspended_until, cu.banned_at FROM sessions x \
         JOIN users cu ON cu.id = x.user_id WHERE x.id_hash = $2 AND x.expires_at > $3)",
    ))
});

/// Prepares and plans the move path's statements on a new PostgreSQL connection (the
/// game's three reads, the function that decides whether a game's events are queued for
/// notification, and every shape of the write), each bound as the move path binds it and
/// matching nothing. A connection's first use of a statement parses and plans it and loads
/// the catalog entries of every table it names: done here, a server just started (or a
/// connection replaced) answers its first moves as fast as later ones.
pub(in crate::storage) async fn warm(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    // PostgreSQL plans a prepared statement afresh for each of its first five executions on
    // a connection and settles on a plan at the sixth: run once, the next four real moves
    // on every connection were still planned one by one, all at the start.
    for _ in 0..6 {
        sqlx::query(GAME_WITH_SEATS.as_str())
            .bind("")
            .fetch_all(&mut *conn)
            .await?;
        sqlx::query(GAME_WITH_SEATS_BY_TOKEN.as_str())
            .bind("")
            .bind("")
            .fetch_all(&mut *conn)
            .await?;
        sqlx::query(GAME_WITH_SEATS_BY_SESSION.as_str())
            .bind("")
            .bind("")
            .bind(0_i64)
            .fetch_all(&mut *conn)
            .await?;
        statement::warm(conn).await?;
    }
    sqlx::query("SELECT herald_game_notified('')")
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Who asks, for [`Db::game_with_seats_as`].
#[derive(Debug, Clone, Copy)]
pub enum Caller<'a> {
    /// The SHA-256 of an API token.
    Token(&'a str),
    /// The SHA-256 of a session cookie, valid at `now`.
    Session { hash: &'a str, now: i64 },
}

/// A game as the move path reads it: the row, its seats, the seats' conditional lines, and
/// who asked (user id and name) when the query looked that up.
#[derive(Debug, Clone)]
pub struct GameSeats {
    pub game: GameRow,
    pub seats: Vec<SeatRow>,
    /// Read in the same query only when the game's mask says some seat holds lines, so a
    /// move that may trigger a reply costs no extra round trip.
    pub lines: Vec<ConditionalRow>,
    /// Who asked, with their standing (suspension, ban).
    pub caller: Option<super::CredentialUser>,
}

fn game_and_seats(rows: &[sqlx::any::AnyRow]) -> Result<Option<GameSeats>, sqlx::Error> {
    let Some(first) = rows.first() else {
        return Ok(None);
    };
    let game = GameRow::from_row(first)?;
    let seats = rows.iter().map(SeatRow::from_row).collect::<Result<Vec<_>, _>>()?;
    let mut lines = Vec::new();
    for row in rows {
        if let Some(version) = row.try_get::<Option<i64>, _>("cl_version")? {
            lines.push(ConditionalRow {
                seat: seat(row, "seat")?,
                user_id: row.try_get("cl_user_id")?,
                ply: row.try_get("cl_ply")?,
                tree: row.try_get("cl_tree")?,
                version,
                reveal: row.try_get("cl_reveal")?,
                notice: row.try_get("cl_notice")?,
                saved_ply: row.try_get("cl_saved_ply")?,
                saved_tree: row.try_get("cl_saved_tree")?,
                updated_at: row.try_get("cl_updated_at")?,
            });
        }
    }
    let caller = match first.try_get::<Option<i64>, _>("caller_id") {
        Ok(Some(id)) => Some(super::CredentialUser {
            id,
            username: first.try_get("caller_name")?,
            suspended_until: first.try_get("caller_suspended_until")?,
            banned_at: first.try_get("caller_banned_at")?,
        }),
        _ => None,
    };
    Ok(Some(GameSeats {
        game,
        seats,
        lines,
        caller,
    }))
}

/// A seat with its player and invitee.
#[derive(Debug, Clone, FromRow)]
pub struct SeatRow {
    pub game_id: String,
    #[sqlx(try_from = "SeatColumn")]
    pub seat: Player,
    pub user_id: Option<i64>,
    pub username: Option<String>,
    pub invited_user_id: Option<i64>,
    pub invited_username: Option<String>,
    /// The player's vacation, if on: since when, and when it ends by itself.
    pub vacation_since: Option<i64>,
    pub vacation_until: Option<i64>,
    /// The player's rating in this game kind and its deviation (none before their first
    /// rated game of this kind starts, which opens it at 1500 ± 350).
    pub rating: Option<f64>,
    pub rating_deviation: Option<f64>,
    /// The rest of that rating, and how many rated games it counts: the version a
    /// finishing move checks to write the new rating without reading it again. Only the
    /// move path's game read selects them; lists leave them out (`None`).
    #[sqlx(default)]
    pub rating_volatility: Option<f64>,
    #[sqlx(default)]
    pub rating_updated_at: Option<i64>,
    #[sqlx(default)]
    pub rating_games: Option<i64>,
    /// 1 when the seated player (or, while the seat is reserved, the invitee) is a bot.
    #[sqlx(default)]
    pub is_bot: i64,
}

/// Seats with their players, invitees and the players' ratings in the seat's game kind.
pub(crate) const SEAT_QUERY: &str = "SELECT s.game_id, s.seat, s.user_id, u.username, s.invited_user_id, \
     i.username AS invited_username, u.vacation_since, u.vacation_until, r.rating, \
     r.deviation AS rating_deviation, CAST(CASE WHEN b.user_id IS NULL THEN 0 ELSE 1 END AS BIGINT) AS is_bot \
     FROM game_seats s \
     LEFT JOIN users u ON u.id = s.user_id LEFT JOIN users i ON i.id = s.invited_user_id \
     LEFT JOIN ratings r ON r.user_id = s.user_id AND r.variant = s.game_variant \
     LEFT JOIN bots b ON b.user_id = COALESCE(s.user_id, s.invited_user_id)";

/// A value that does not fit its column (a count past `i64`): refused, not stored as 0.
fn encode(error: std::num::TryFromIntError) -> sqlx::Error {
    sqlx::Error::Encode(Box::new(error))
}

impl Db {
    /// The rematch offered after game `id`, if any (a read of `games_rematch_of`).
    pub async fn rematch_of(&self, id: &str) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar("SELECT id FROM games WHERE rematch_of = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, sqlx::Error> {
        sqlx::query_as(&format!("SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1"))
            .bind(id)
            .fetch_optional(&self.pool)
            .await
    }

    /// A game and its seats in one round trip (the move path reads both on every move).
    pub async fn game_with_seats(&self, id: &str) -> Result<Option<GameSeats>, sqlx::Error> {
        let rows = sqlx::query(GAME_WITH_SEATS.as_str())
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        game_and_seats(&rows)
    }

    /// The game and its seats, and in the same query who `caller` is (none when the
    /// token or session names nobody).
    pub async fn game_with_seats_as(&self, id: &str, caller: Caller<'_>) -> Result<Option<GameSeats>, sqlx::Error> {
        let query = match caller {
            Caller::Token(hash) => sqlx::query(GAME_WITH_SEATS_BY_TOKEN.as_str()).bind(id).bind(hash),
            Caller::Session { hash, now } => sqlx::query(GAME_WITH_SEATS_BY_SESSION.as_str())
                .bind(id)
                .bind(hash)
                .bind(now),
        };
        let rows = query.fetch_all(&self.pool).await?;
        game_and_seats(&rows)
    }

    pub async fn seats(&self, game_id: &str) -> Result<Vec<SeatRow>, sqlx::Error> {
        sqlx::query_as(&format!("{SEAT_QUERY} WHERE s.game_id = $1 ORDER BY s.seat"))
            .bind(game_id)
            .fetch_all(&self.pool)
            .await
    }

    /// Seats of several games, ordered by game and seat.
    pub async fn seats_of(&self, game_ids: &[String]) -> Result<Vec<SeatRow>, sqlx::Error> {
        if game_ids.is_empty() {
            return Ok(Vec::new());
        }
        let sql = format!(
            "{SEAT_QUERY} WHERE s.game_id IN ({}) ORDER BY s.game_id, s.seat",
            super::placeholders(game_ids.len())
        );
        let mut query = sqlx::query_as(&sql);
        for id in game_ids {
            query = query.bind(id);
        }
        query.fetch_all(&self.pool).await
    }

    /// The move list, in order.
    pub async fn moves(&self, game_id: &str) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query("SELECT text FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| r.try_get::<String, _>(0)).collect()
    }

    /// The move times, in order (epoch ms).
    pub async fn move_times(&self, game_id: &str) -> Result<Vec<(String, Player, i64)>, sqlx::Error> {
        let rows = sqlx::query("SELECT text, seat, played_at FROM moves WHERE game_id = $1 ORDER BY ply")
            .bind(game_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, seat(r, "seat")?, r.try_get(2)?)))
            .collect()
    }
}
