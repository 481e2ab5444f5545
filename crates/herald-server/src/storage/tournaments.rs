//! The tournament tables: events, their players, games and byes. Every change of an event's
//! state is one transaction guarded by its status and round, so starting an event, closing
//! a round and pairing the next happen once, also when two instances try at the same moment.

use std::sync::LazyLock;

use herald_rules::{Team, Variant};
use sqlx::any::AnyRow;
use sqlx::{Any, FromRow, Row, Transaction};

use super::games::insert_game;
use super::games::{typed, typed_opt, variant_and_options};
use super::tournament_notices::insert_notice;
use super::{Appended, Db, NewGame, RatingRange};
use crate::domain::game_states::{EndReason, GameStatus, OptionIds, TimeoutPolicy};
use crate::domain::time_controls::TimeControl;
use crate::domain::tournament_states::{Entry, Format, NoticeKind, PlayerState, TieBreakId, TournamentStatus};

/// An event as the organiser creates it.
#[derive(Debug, Clone)]
pub struct NewTournament {
    pub id: String,
    pub name: String,
    pub description: String,
    pub variant: Variant,
    pub options: OptionIds,
    pub format: Format,
    /// Swiss: the rounds to play; round robins: filled in at the start.
    pub rounds: i64,
    pub time_control: TimeControl,
    pub timeout_policy: TimeoutPolicy,
    pub rated: bool,
    pub entry: Entry,
    pub min_entrants: i64,
    pub max_entrants: i64,
    pub rating_range: RatingRange,
    /// What a Swiss bye is worth, in half points.
    pub bye_points: i64,
    pub vacation_allowed: bool,
    /// The tie-breaks in the order they decide (stored as a comma-separated list).
    pub tie_breaks: Vec<TieBreakId>,
    pub organiser_id: i64,
    pub now: i64,
    pub starts_at: Option<i64>,
}

/// An event as stored, with its organiser's name and how many players it has.
#[derive(Debug, Clone)]
pub struct TournamentRow {
    pub id: String,
    pub name: String,
    pub description: String,
    pub variant: Variant,
    pub options: OptionIds,
    pub format: Format,
    pub rounds: i64,
    /// Days per move on average ([`TimeControl::nominal_days`]).
    pub days_per_move: i64,
    /// The clock of every game of the event.
    pub time_control: TimeControl,
    pub timeout_policy: TimeoutPolicy,
    pub rated: bool,
    pub entry: Entry,
    pub min_entrants: i64,
    pub max_entrants: i64,
    pub rating_range: RatingRange,
    pub bye_points: i64,
    pub vacation_allowed: bool,
    pub tie_breaks: Vec<TieBreakId>,
    pub organiser_id: i64,
    pub organiser: String,
    pub status: TournamentStatus,
    /// The round in play (0 before the start; round robins: the last round, all at once).
    pub round: i64,
    pub created_at: i64,
    pub starts_at: Option<i64>,
    pub started_at: Option<i64>,
    pub finished_at: Option<i64>,
    /// Registered or withdrawn players (not invitations).
    pub players: i64,
}

const TOURNAMENT_COLUMNS: &str = "t.id, t.name, t.description, t.variant, t.options, t.format, t.rounds, \
     t.days_per_move, t.time_control, t.timeout_policy, t.rated, t.entry, t.min_entrants, t.max_entrants, t.rating_min, \
     t.rating_max, t.bye_points, t.vacation_allowed, t.tie_breaks, t.organiser_id, o.username AS organiser, t.status, t.round, \
     t.created_at, t.starts_at, t.started_at, t.finished_at, \
     (SELECT COUNT(*) FROM tournament_players p WHERE p.tournament_id = t.id AND p.state <> 'invited') AS players";

/// Events in a status, newest first, after a cursor (`$2` created at, `$3` id), `$4` of them.
pub(crate) static TOURNAMENT_LIST: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t JOIN users o ON o.id = t.organiser_id \
         WHERE t.status = $1 AND (t.created_at, t.id) < ($2, $3) ORDER BY t.created_at DESC, t.id DESC LIMIT $4"
    )
});

/// The events of player `$1`, newest entry first, `$2` of them.
pub(crate) static TOURNAMENTS_OF: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT {TOURNAMENT_COLUMNS}, me.state AS my_state FROM tournament_players me \
         JOIN tournaments t ON t.id = me.tournament_id JOIN users o ON o.id = t.organiser_id \
         WHERE me.user_id = $1 ORDER BY me.joined_at DESC, me.tournament_id DESC LIMIT $2"
    )
});

/// The players of event `$1` with their ratings in its game.
pub(crate) const TOURNAMENT_PLAYERS: &str = "SELECT p.user_id, u.username, p.state, p.team_of, p.number, \
     p.joined_at, r.rating, u.vacation_since FROM tournament_players p JOIN users u ON u.id = p.user_id \
     JOIN tournaments t ON t.id = p.tournament_id \
     LEFT JOIN ratings r ON r.user_id = p.user_id AND r.variant = t.variant \
     WHERE p.tournament_id = $1 ORDER BY p.number, p.joined_at, p.user_id";

/// The games of event `$1` by round and board.
pub(crate) const TOURNAMENT_GAMES: &str = "SELECT tg.round, tg.board, tg.game_id, tg.first, tg.second, \
     g.status, g.points_team0, g.points_team1, g.winner_team, g.reason FROM tournament_games tg \
     JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = $1 ORDER BY tg.round, tg.board";

/// A running event without vacation that player `$1` plays in, other than event `$2`.
pub(crate) const EVENT_WITHOUT_VACATION: &str = "SELECT t.name FROM tournament_players p \
     JOIN tournaments t ON t.id = p.tournament_id WHERE p.user_id = $1 AND p.state = 'registered' \
     AND t.status = 'running' AND t.vacation_allowed = 0 AND t.id <> $2 LIMIT 1";

/// The event of game `$1`.
pub(crate) const TOURNAMENT_OF_GAME: &str = "SELECT t.id, t.name FROM tournament_games tg \
     JOIN tournaments t ON t.id = tg.tournament_id WHERE tg.game_id = $1";

/// Running events with no game in play, and events taking entries whose start (`$1`) came.
pub(crate) const TOURNAMENTS_DUE: &str = "SELECT t.id, t.status FROM tournaments t \
     WHERE (t.status = 'running' AND NOT EXISTS (SELECT 1 FROM tournament_games tg \
     JOIN games g ON g.id = tg.game_id WHERE tg.tournament_id = t.id AND g.status IN ('waiting', 'active'))) \
     OR (t.status = 'registering' AND t.starts_at <= $1) ORDER BY t.id LIMIT $2";

impl<'r> FromRow<'r, AnyRow> for TournamentRow {
    fn from_row(row: &'r AnyRow) -> Result<TournamentRow, sqlx::Error> {
        let id: String = row.try_get("id")?;
        // The same two columns as a game's, read the same way.
        let (variant, options) = variant_and_options(row, &id)?;
        Ok(TournamentRow {
            name: row.try_get("name")?,
            description: row.try_get("description")?,
            options,
            variant,
            format: typed(row, "tournaments", &id, "format")?,
            rounds: row.try_get("rounds")?,
            days_per_move: row.try_get("days_per_move")?,
            time_control: super::decode::time_control(row, "tournaments", &id)?,
            timeout_policy: typed(row, "tournaments", &id, "timeout_policy")?,
            rated: row.try_get::<i64, _>("rated")? != 0,
            entry: typed(row, "tournaments", &id, "entry")?,
            min_entrants: row.try_get("min_entrants")?,
            max_entrants: row.try_get("max_entrants")?,
            rating_range: RatingRange {
                min: row.try_get("rating_min")?,
                max: row.try_get("rating_max")?,
            },
            bye_points: row.try_get("bye_points")?,
            vacation_allowed: row.try_get::<i64, _>("vacation_allowed")? != 0,
            // A list that does not parse is an error, never an empty list: standings
            // ordered without the event's tie-breaks would look right and be wrong.
            tie_breaks: TieBreakId::parse_list(&row.try_get::<String, _>("tie_breaks")?)
                .map_err(|e| super::decode::unknown("tournaments", &id, "tie_breaks", &e))?,
            organiser_id: row.try_get("organiser_id")?,
            organiser: row.try_get("organiser")?,
            status: typed(row, "tournaments", &id, "status")?,
            round: row.try_get("round")?,
            created_at: row.try_get("created_at")?,
            starts_at: row.try_get("starts_at")?,
            started_at: row.try_get("started_at")?,
            finished_at: row.try_get("finished_at")?,
            players: row.try_get("players")?,
            id,
        })
    }
}

/// A player of an event, with their rating in its game (none before their first rated game).
#[derive(Debug, Clone)]
pub struct EventPlayerRow {
    pub user_id: i64,
    pub username: String,
    pub state: PlayerState,
    /// Chatrang: the player who registered the team (themselves for that player).
    pub team_of: Option<i64>,
    /// The pairing number, from the start.
    pub number: Option<i64>,
    pub joined_at: i64,
    pub rating: Option<f64>,
    /// Whether their vacation is on (their clocks stopped), from when.
    pub vacation_since: Option<i64>,
}

impl<'r> FromRow<'r, AnyRow> for EventPlayerRow {
    fn from_row(row: &'r AnyRow) -> Result<EventPlayerRow, sqlx::Error> {
        let username: String = row.try_get("username")?;
        Ok(EventPlayerRow {
            user_id: row.try_get("user_id")?,
            state: typed(row, "tournament_players", &username, "state")?,
            team_of: row.try_get("team_of")?,
            number: row.try_get("number")?,
            joined_at: row.try_get("joined_at")?,
            rating: row.try_get("rating")?,
            vacation_since: row.try_get("vacation_since")?,
            username,
        })
    }
}

/// A game of an event with what the standings need of it.
#[derive(Debug, Clone)]
pub struct EventGameRow {
    pub round: i64,
    pub board: i64,
    pub game_id: String,
    /// The entrants of team 0 (who moves first) and team 1.
    pub first: i64,
    pub second: i64,
    pub status: GameStatus,
    /// Half points of team 0 and team 1, once finished.
    pub points: Option<[i64; 2]>,
    pub winner_team: Option<Team>,
    /// Ended because a side withdrew from the event: a forfeit, not a game played over
    /// the board (the tie-breaks count it as FIDE's regulations do).
    pub forfeit: bool,
}

impl<'r> FromRow<'r, AnyRow> for EventGameRow {
    fn from_row(row: &'r AnyRow) -> Result<EventGameRow, sqlx::Error> {
        let game_id: String = row.try_get("game_id")?;
        let p0: Option<i64> = row.try_get("points_team0")?;
        let p1: Option<i64> = row.try_get("points_team1")?;
        Ok(EventGameRow {
            round: row.try_get("round")?,
            board: row.try_get("board")?,
            first: row.try_get("first")?,
            second: row.try_get("second")?,
            status: typed(row, "games", &game_id, "status")?,
            points: p0.zip(p1).map(|(a, b)| [a, b]),
            winner_team: super::decode::team_opt(row, "winner_team")?,
            forfeit: typed_opt::<EndReason>(row, "games", &game_id, "reason")? == Some(EndReason::Withdrawal),
            game_id,
        })
    }
}

/// A game to start in a round: its entrants, and its players seat by seat.
#[derive(Debug, Clone)]
pub struct RoundGame {
    pub id: String,
    pub board: i64,
    pub first: i64,
    pub second: i64,
    /// The player of each seat, in seat order.
    pub players: Vec<i64>,
}

/// What a round starts: its games and byes (entrant, half points).
#[derive(Debug, Clone, Default)]
pub struct RoundPlan {
    pub round: i64,
    pub games: Vec<RoundGame>,
    pub byes: Vec<(i64, i64)>,
}

/// What every game of an event starts with.
#[derive(Debug, Clone)]
pub struct GameSetup {
    /// Every game of the round but its id and seats, which come from the round's plan.
    pub game: NewGame,
}

impl GameSetup {
    /// When the round starts.
    #[must_use]
    pub fn now(&self) -> i64 {
        self.game.now
    }

    fn game(&self, id: &str, seats: Vec<(Option<i64>, Option<i64>)>) -> NewGame {
        NewGame {
            id: id.to_owned(),
            seats,
            in_tournament: true,
            ..self.game.clone()
        }
    }
}

/// Why a player was not added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddRefused {
    /// The event is not taking entries.
    NotRegistering,
    /// It has its maximum of players.
    Full,
    /// The player is already in it (invited, registered or withdrawn).
    AlreadyIn,
}

/// An event's next step, decided from its games by the service.
#[derive(Debug, Clone)]
pub enum Advance {
    /// Start these rounds (the round in play becomes the last of them).
    Rounds(Vec<RoundPlan>),
    /// Every round is over.
    Finish,
}

impl Db {
    /// Stores a new event, taking entries.
    /// With `cap`, the organiser may have at most that many events that are not over
    /// (counted under a lock on their row); `false` when they have.
    pub async fn create_tournament(&self, t: &NewTournament, cap: Option<i64>) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool().begin().await?;
        if let Some(cap) = cap {
            let lock = self.backend.for_no_key_update();
            sqlx::query(&format!("SELECT id FROM users WHERE id = $1{lock}"))
                .bind(t.organiser_id)
                .fetch_optional(&mut *tx)
                .await?;
            let open: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM tournaments WHERE organiser_id = $1 AND status IN ('registering', 'running')",
            )
            .bind(t.organiser_id)
            .fetch_one(&mut *tx)
            .await?;
            if open >= cap {
                tx.rollback().await?;
                return Ok(false);
            }
        }
        sqlx::query(
            "INSERT INTO tournaments (id, name, description, variant, options, format, rounds, days_per_move, \
             timeout_policy, rated, entry, min_entrants, max_entrants, rating_min, rating_max, bye_points, \
             tie_breaks, organiser_id, status, round, created_at, starts_at, vacation_allowed, time_control) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
             'registering', 0, $19, $20, $21, $22)",
        )
        .bind(&t.id)
        .bind(&t.name)
        .bind(&t.description)
        .bind(t.variant.id())
        .bind(t.options.stored())
        .bind(t.format.as_str())
        .bind(t.rounds)
        .bind(t.time_control.nominal_days())
        .bind(t.timeout_policy.as_str())
        .bind(i64::from(t.rated))
        .bind(t.entry.as_str())
        .bind(t.min_entrants)
        .bind(t.max_entrants)
        .bind(t.rating_range.min)
        .bind(t.rating_range.max)
        .bind(t.bye_points)
        .bind(TieBreakId::join(&t.tie_breaks))
        .bind(t.organiser_id)
        .bind(t.now)
        .bind(t.starts_at)
        .bind(i64::from(t.vacation_allowed))
        .bind(t.time_control.column())
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// One event.
    pub async fn tournament(&self, id: &str) -> Result<Option<TournamentRow>, sqlx::Error> {
        sqlx::query_as(&format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments t JOIN users o ON o.id = t.organiser_id WHERE t.id = $1"
        ))
        .bind(id)
        .fetch_optional(self.pool())
        .await
    }

    /// Events in `status`, newest first, `limit` of them after the cursor (creation time
    /// and id of the last one shown).
    pub async fn tournaments(
        &self,
        status: TournamentStatus,
        before: Option<(i64, &str)>,
        limit: i64,
    ) -> Result<Vec<TournamentRow>, sqlx::Error> {
        // No cursor: past every row ('~' sorts after the ids' letters and digits).
        let (at, id) = before.unwrap_or((i64::MAX, "~"));
        sqlx::query_as(&TOURNAMENT_LIST)
            .bind(status.as_str())
            .bind(at)
            .bind(id)
            .bind(limit)
            .fetch_all(self.pool())
            .await
    }

    /// The events `user_id` plays in or was invited to, newest entry first.
    pub async fn tournaments_of(
        &self,
        user_id: i64,
        limit: i64,
    ) -> Result<Vec<(TournamentRow, PlayerState)>, sqlx::Error> {
        let rows = sqlx::query(&TOURNAMENTS_OF)
            .bind(user_id)
            .bind(limit)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|row| {
                let t = TournamentRow::from_row(row)?;
                let state = typed(row, "tournament_players", &t.id, "my_state")?;
                Ok((t, state))
            })
            .collect()
    }

    /// An event's players (invitations too), by pairing number, then by entry.
    pub async fn tournament_players(&self, id: &str) -> Result<Vec<EventPlayerRow>, sqlx::Error> {
        sqlx::query_as(TOURNAMENT_PLAYERS).bind(id).fetch_all(self.pool()).await
    }

    /// An event's games by round and board, with their state and points.
    pub async fn tournament_games(&self, id: &str) -> Result<Vec<EventGameRow>, sqlx::Error> {
        sqlx::query_as(TOURNAMENT_GAMES).bind(id).fetch_all(self.pool()).await
    }

    /// An event's byes: (round, entrant, half points).
    pub async fn tournament_byes(&self, id: &str) -> Result<Vec<(i64, i64, i64)>, sqlx::Error> {
        sqlx::query("SELECT round, number, points FROM tournament_byes WHERE tournament_id = $1 ORDER BY round, number")
            .bind(id)
            .fetch_all(self.pool())
            .await?
            .iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?)))
            .collect()
    }

    /// The event a game belongs to, if any.
    pub async fn tournament_of_game(&self, game_id: &str) -> Result<Option<(String, String)>, sqlx::Error> {
        let row = sqlx::query(TOURNAMENT_OF_GAME)
            .bind(game_id)
            .fetch_optional(self.pool())
            .await?;
        row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?))).transpose()
    }

    /// Adds a player (registered, or invited by the organiser) to an event taking entries
    /// (`per_entrant` players make an entrant: 2 for Chatrang teams). The event's row is locked while its players are counted, so simultaneous entries
    /// cannot pass the maximum.
    pub async fn add_tournament_player(
        &self,
        id: &str,
        user_id: i64,
        state: PlayerState,
        team_of: Option<i64>,
        per_entrant: i64,
        now: i64,
    ) -> Result<Result<(), AddRefused>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let Some(max) = lock_registering(&mut tx, id, self).await? else {
            tx.rollback().await?;
            return Ok(Err(AddRefused::NotRegistering));
        };
        let (count, mine): (i64, i64) = {
            let row = sqlx::query(
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0) \
                 FROM tournament_players WHERE tournament_id = $1",
            )
            .bind(id)
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
            (row.try_get(0)?, row.try_get::<i64, _>(1)?)
        };
        if mine > 0 {
            tx.rollback().await?;
            return Ok(Err(AddRefused::AlreadyIn));
        }
        if count >= max.saturating_mul(per_entrant) {
            tx.rollback().await?;
            return Ok(Err(AddRefused::Full));
        }
        sqlx::query(
            "INSERT INTO tournament_players (tournament_id, user_id, state, team_of, joined_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(user_id)
        .bind(state.as_str())
        .bind(team_of)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// The name of a running event `user_id` plays in that allows no vacation, if any,
    /// leaving out event `except` (whose organiser grants this one).
    pub async fn event_without_vacation(
        &self,
        user_id: i64,
        except: Option<&str>,
    ) -> Result<Option<String>, sqlx::Error> {
        sqlx::query_scalar(EVENT_WITHOUT_VACATION)
            .bind(user_id)
            .bind(except.unwrap_or(""))
            .fetch_optional(self.pool())
            .await
    }

    /// Enters a player in a running Swiss that has rounds to come (with `partner`, a Chatrang
    /// team: the partner is invited under the same number): they get the next pairing
    /// number and are paired from the next round, with the points they have (none). The
    /// event's row is locked while its players are counted and numbered, so simultaneous
    /// late entries get different numbers and cannot pass the maximum.
    pub async fn add_late_player(
        &self,
        id: &str,
        user_id: i64,
        partner: Option<i64>,
        now: i64,
    ) -> Result<Result<i64, AddRefused>, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let max: Option<i64> = sqlx::query_scalar(&format!(
            "SELECT max_entrants FROM tournaments WHERE id = $1 AND status = 'running' AND format = 'swiss' \
             AND round < rounds{}",
            self.backend.for_no_key_update()
        ))
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(max) = max else {
            tx.rollback().await?;
            return Ok(Err(AddRefused::NotRegistering));
        };
        // Entrants are numbers (a Chatrang team is two players under one).
        let row = sqlx::query(
            "SELECT COUNT(DISTINCT number), COALESCE(MAX(number), 0), \
             COALESCE(SUM(CASE WHEN user_id = $2 OR user_id = $3 THEN 1 ELSE 0 END), 0) \
             FROM tournament_players WHERE tournament_id = $1",
        )
        .bind(id)
        .bind(user_id)
        .bind(partner.unwrap_or(user_id))
        .fetch_one(&mut *tx)
        .await?;
        let (count, last, mine): (i64, i64, i64) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
        let refusal = if mine > 0 {
            Some(AddRefused::AlreadyIn)
        } else if count >= max {
            Some(AddRefused::Full)
        } else {
            None
        };
        if let Some(why) = refusal {
            tx.rollback().await?;
            return Ok(Err(why));
        }
        // A team's partner is invited to it under the same number: the team is paired once
        // the invitation is accepted.
        let team_of = partner.map(|_| user_id);
        let members =
            std::iter::once((user_id, PlayerState::Registered)).chain(partner.map(|p| (p, PlayerState::Invited)));
        for (member, player_state) in members {
            sqlx::query(
                "INSERT INTO tournament_players (tournament_id, user_id, state, team_of, number, joined_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(id)
            .bind(member)
            .bind(player_state.as_str())
            .bind(team_of)
            .bind(last + 1)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(Ok(last + 1))
    }

    /// Moves a player of an event from one state to another (an invitation accepted, a
    /// withdrawal); whether they were in `from`.
    pub async fn set_tournament_player_state(
        &self,
        id: &str,
        user_id: i64,
        from: PlayerState,
        to: PlayerState,
        now: i64,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "UPDATE tournament_players SET state = $1, \
             withdrawn_at = CASE WHEN $1 = 'withdrawn' THEN $2 ELSE withdrawn_at END, \
             joined_at = CASE WHEN $3 = 'invited' THEN $2 ELSE joined_at END \
             WHERE tournament_id = $4 AND user_id = $5 AND state = $3",
        )
        .bind(to.as_str())
        .bind(now)
        .bind(from.as_str())
        .bind(id)
        .bind(user_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Removes a player (and, in team events, the team they registered) from an event that
    /// has not started; whether anyone was removed.
    pub async fn remove_tournament_player(&self, id: &str, user_id: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query(
            "DELETE FROM tournament_players WHERE tournament_id = $1 AND (user_id = $2 OR team_of = $2) \
             AND EXISTS (SELECT 1 FROM tournaments t WHERE t.id = $1 AND t.status = 'registering')",
        )
        .bind(id)
        .bind(user_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Forgets an event's start time (it came and the event could not start).
    pub async fn clear_tournament_start(&self, id: &str) -> Result<(), sqlx::Error> {
        let _turn = self.write_turn().await;
        sqlx::query("UPDATE tournaments SET starts_at = NULL WHERE id = $1 AND status = 'registering'")
            .bind(id)
            .execute(self.pool())
            .await
            .map(|_| ())
    }

    /// Hands an event to another organiser; whether it was found.
    pub async fn set_tournament_organiser(&self, id: &str, organiser_id: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let done = sqlx::query("UPDATE tournaments SET organiser_id = $1 WHERE id = $2")
            .bind(organiser_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() > 0)
    }

    /// Starts an event taking entries: pairing numbers (user, number) for its players,
    /// the rounds to start, unanswered invitations dropped. Returns false (and stores
    /// nothing) when it is no longer taking entries (started or cancelled meanwhile).
    pub async fn start_tournament(
        &self,
        id: &str,
        numbers: &[(i64, i64)],
        rounds: i64,
        plans: &[RoundPlan],
        setup: &GameSetup,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let last = plans.iter().map(|p| p.round).max().unwrap_or(1);
        let started = sqlx::query(
            "UPDATE tournaments SET status = 'running', round = $1, rounds = $2, started_at = $3 \
             WHERE id = $4 AND status = 'registering'",
        )
        .bind(last)
        .bind(rounds)
        .bind(setup.now())
        .bind(id)
        .execute(&mut *tx)
        .await?;
        if started.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query("DELETE FROM tournament_players WHERE tournament_id = $1 AND state = 'invited'")
            .bind(id)
            .execute(&mut *tx)
            .await?;
        for (user_id, number) in numbers {
            sqlx::query("UPDATE tournament_players SET number = $1 WHERE tournament_id = $2 AND user_id = $3")
                .bind(number)
                .bind(id)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        }
        let mut appended = Appended::default();
        for plan in plans {
            insert_round(&mut tx, &mut appended, id, plan, setup).await?;
        }
        insert_notice(&mut tx, id, NoticeKind::Started, 1, setup.now()).await?;
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Closes round `round` of a running event and takes its next step: starts the next
    /// rounds or finishes it. Returns false (and stores nothing) when the event is not at
    /// that round any more: another instance, or another game's end, advanced it first.
    pub async fn advance_tournament(
        &self,
        id: &str,
        round: i64,
        next: &Advance,
        setup: &GameSetup,
    ) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let (status, new_round, finished_at) = match next {
            Advance::Finish => (TournamentStatus::Finished, round, Some(setup.now())),
            Advance::Rounds(plans) => (
                TournamentStatus::Running,
                plans.iter().map(|p| p.round).max().unwrap_or(round + 1),
                None,
            ),
        };
        let moved = sqlx::query(
            "UPDATE tournaments SET status = $1, round = $2, finished_at = $3 \
             WHERE id = $4 AND status = 'running' AND round = $5",
        )
        .bind(status.as_str())
        .bind(new_round)
        .bind(finished_at)
        .bind(id)
        .bind(round)
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() == 0 {
            tx.rollback().await?;
            return Ok(false);
        }
        let mut appended = Appended::default();
        if let Advance::Rounds(plans) = next {
            for plan in plans {
                insert_round(&mut tx, &mut appended, id, plan, setup).await?;
            }
            insert_notice(&mut tx, id, NoticeKind::RoundStarted, new_round, setup.now()).await?;
        } else {
            insert_notice(&mut tx, id, NoticeKind::Finished, new_round, setup.now()).await?;
        }
        self.commit_events(tx, appended).await?;
        Ok(true)
    }

    /// Cancels an event that has not finished; whether it was cancelled. Its unfinished
    /// games are the caller's to abort.
    pub async fn cancel_tournament(&self, id: &str, now: i64) -> Result<bool, sqlx::Error> {
        let _turn = self.write_turn().await;
        let mut tx = self.pool.begin().await?;
        let round: Option<i64> = sqlx::query_scalar(
            "UPDATE tournaments SET status = 'cancelled', finished_at = $1 \
             WHERE id = $2 AND status IN ('registering', 'running') RETURNING round",
        )
        .bind(now)
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        let Some(round) = round else {
            tx.rollback().await?;
            return Ok(false);
        };
        insert_notice(&mut tx, id, NoticeKind::Cancelled, round, now).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Running events whose round in play has no unfinished game (their next step is due:
    /// the sweeper's catch-up after an instance stopped between a game's end and the
    /// advance), and events taking entries whose start time has come.
    pub async fn tournaments_due(&self, now: i64, limit: i64) -> Result<Vec<(String, TournamentStatus)>, sqlx::Error> {
        let rows = sqlx::query(TOURNAMENTS_DUE)
            .bind(now)
            .bind(limit)
            .fetch_all(self.pool())
            .await?;
        rows.iter()
            .map(|row| {
                let id: String = row.try_get(0)?;
                let status = typed(row, "tournaments", &id, "status")?;
                Ok((id, status))
            })
            .collect()
    }
}

/// Locks an event taking entries; its maximum of players, or `None` if it is not taking
/// entries.
async fn lock_registering(tx: &mut Transaction<'static, Any>, id: &str, db: &Db) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(&format!(
        "SELECT max_entrants FROM tournaments WHERE id = $1 AND status = 'registering'{}",
        db.backend().for_no_key_update()
    ))
    .bind(id)
    .fetch_optional(&mut **tx)
    .await
}

/// Starts a round's games (active, the first turn's clock running) and records its byes.
async fn insert_round(
    tx: &mut Transaction<'static, Any>,
    appended: &mut Appended,
    tournament_id: &str,
    plan: &RoundPlan,
    setup: &GameSetup,
) -> Result<(), sqlx::Error> {
    for game in &plan.games {
        let seats = game.players.iter().map(|&player| (Some(player), None)).collect();
        insert_game(tx, appended, &setup.game(&game.id, seats)).await?;
        sqlx::query(
            "INSERT INTO tournament_games (tournament_id, round, board, game_id, first, second) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(tournament_id)
        .bind(plan.round)
        .bind(game.board)
        .bind(&game.id)
        .bind(game.first)
        .bind(game.second)
        .execute(&mut **tx)
        .await?;
    }
    for (number, points) in &plan.byes {
        sqlx::query("INSERT INTO tournament_byes (tournament_id, round, number, points) VALUES ($1, $2, $3, $4)")
            .bind(tournament_id)
            .bind(plan.round)
            .bind(number)
            .bind(points)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}
