//! The tournament object the API sends and the pages render: settings, players, standings,
//! rounds and the round robin's crosstable, read in four queries.

use std::collections::BTreeMap;

use herald_rules::Variant;
use serde::Serialize;
use utoipa::ToSchema;

use super::table::{self, Round, StandingLine};
use crate::api::games::clock::TimeoutPolicy;
use crate::domain::game_states::OptionIds;
use crate::domain::tournament_states::{Entry, Format, PlayerState, TieBreakId, TournamentStatus};
use crate::storage::TournamentRow;
use crate::web::error::ApiResult;
use crate::web::state::AppState;

/// A tournament in a list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentSummary {
    pub id: String,
    pub name: String,
    #[schema(value_type = crate::domain::game_states::VariantId)]
    pub variant: Variant,
    pub format: Format,
    pub status: TournamentStatus,
    pub organiser: String,
    /// Players registered (withdrawn ones included). Named apart from the event's `players`
    /// list, which the whole event ([`TournamentView`]) adds beside these fields.
    pub player_count: i64,
    pub max_entrants: i64,
    /// The round in play (0 before the start).
    pub round: i64,
    /// Rounds in all (round robins: known from the start); the whole event's `rounds` lists
    /// them.
    pub round_count: i64,
    /// The days of a days-per-move clock; for the other kinds the average days per move.
    pub days_per_move: i64,
    /// The games' clock: its kind and fields.
    pub time_control: crate::domain::time_controls::TimeControl,
    pub rated: bool,
    pub created_at: i64,
    pub starts_at: Option<i64>,
    pub finished_at: Option<i64>,
}

/// A player of the event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventPlayer {
    pub username: String,
    pub state: PlayerState,
    /// The pairing number (from the start); team-mates share one.
    pub number: Option<i64>,
    /// Chatrang: the player who registered the team.
    pub team_of: Option<String>,
    /// Rating in the event's game, when the player has one.
    pub rating: Option<i64>,
    /// Whether the player is on vacation (their clocks stopped), whoever switched it on.
    pub on_vacation: bool,
}

/// A tournament with everything its page shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TournamentView {
    #[serde(flatten)]
    pub summary: TournamentSummary,
    pub description: String,
    #[schema(value_type = Vec<crate::domain::game_states::GameOptionId>)]
    pub options: OptionIds,
    pub timeout_policy: TimeoutPolicy,
    pub entry: Entry,
    pub min_entrants: i64,
    pub rating_min: Option<i64>,
    pub rating_max: Option<i64>,
    /// A Swiss bye's worth, in half points of the game's scoring.
    pub bye_points_halves: i64,
    /// Whether players may take vacation while the event runs.
    pub vacation_allowed: bool,
    pub tie_breaks: Vec<TieBreakId>,
    pub started_at: Option<i64>,
    pub players: Vec<EventPlayer>,
    /// By rank; empty before the start.
    pub standings: Vec<StandingLine>,
    pub rounds: Vec<Round>,
    /// Round robins: for each entrant number, the points scored against each other entrant
    /// game by game (`*` while a game is played, `-` when aborted). JSON object keys are
    /// strings: the entrant numbers are written as such.
    #[schema(value_type = Option<BTreeMap<String, BTreeMap<String, Vec<String>>>>)]
    pub crosstable: Option<BTreeMap<i64, BTreeMap<i64, Vec<String>>>>,
}

/// A list entry.
#[must_use]
pub fn summary(t: &TournamentRow) -> TournamentSummary {
    TournamentSummary {
        id: t.id.clone(),
        name: t.name.clone(),
        variant: t.variant,
        format: t.format,
        status: t.status,
        organiser: t.organiser.clone(),
        player_count: t.players,
        max_entrants: t.max_entrants,
        round: t.round,
        round_count: t.rounds,
        days_per_move: t.days_per_move,
        time_control: t.time_control,
        rated: t.rated,
        created_at: t.created_at,
        starts_at: t.starts_at,
        finished_at: t.finished_at,
    }
}

/// The whole event.
///
/// # Errors
/// The database fails.
pub async fn load(state: &AppState, event: TournamentRow) -> ApiResult<TournamentView> {
    let players = state.db.tournament_players(&event.id).await?;
    let games = state.db.tournament_games(&event.id).await?;
    let byes = state.db.tournament_byes(&event.id).await?;
    let names: BTreeMap<i64, String> = players.iter().map(|p| (p.user_id, p.username.clone())).collect();
    let standings = if event.status == TournamentStatus::Registering {
        Vec::new()
    } else {
        table::standings_of(&event, &players, &games, &byes)
    };
    Ok(TournamentView {
        summary: summary(&event),
        description: event.description.clone(),
        options: event.options,
        timeout_policy: event.timeout_policy,
        entry: event.entry,
        min_entrants: event.min_entrants,
        rating_min: event.rating_range.min,
        rating_max: event.rating_range.max,
        bye_points_halves: event.bye_points,
        vacation_allowed: event.vacation_allowed,
        tie_breaks: event.tie_breaks.clone(),
        started_at: event.started_at,
        players: players
            .iter()
            .map(|p| EventPlayer {
                username: p.username.clone(),
                state: p.state,
                number: p.number,
                team_of: p.team_of.and_then(|t| names.get(&t).cloned()),
                rating: p.rating.map(crate::domain::ratings::whole),
                on_vacation: p.vacation_since.is_some(),
            })
            .collect(),
        standings,
        crosstable: event.format.all_at_once().then(|| table::crosstable(&games)),
        rounds: table::rounds_of(&games, &byes),
    })
}
