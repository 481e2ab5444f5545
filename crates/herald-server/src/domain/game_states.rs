//! A game's typed states as stored and sent: its status, why it ended, its timeout policy,
//! and the variant and options as the API shows them. Each has one stable string (the
//! database's and the JSON's, unchanged from when they were plain strings); an unknown
//! string read back is an error naming the row, never a default.

use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;

use herald_rules::{GameOption, Options, Outcome, Team, Variant};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

/// A stored string that names no known state.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown {what} `{value}`")]
pub struct UnknownState {
    pub what: &'static str,
    pub value: String,
}

impl UnknownState {
    fn new(what: &'static str, value: &str) -> UnknownState {
        UnknownState {
            what,
            value: value.chars().take(60).collect(),
        }
    }
}

/// Declares a stored state: serde and strum names agree, `ALL` lists every value, and
/// parsing an unknown string names what was expected.
macro_rules! stored_state {
    ($(#[$meta:meta])* $name:ident, $what:literal $(, derive($($extra:path),+))? { $($(#[$vmeta:meta])* $variant:ident,)* }) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema,
            strum::VariantArray, strum::IntoStaticStr $($(, $extra)+)?
        )]
        #[serde(rename_all = "snake_case")]
        #[strum(serialize_all = "snake_case")]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            /// Every value (derived: none can be left out).
            pub const ALL: &'static [$name] = <$name as strum::VariantArray>::VARIANTS;

            /// The stable id, as stored and sent.
            #[must_use]
            pub fn as_str(self) -> &'static str {
                self.into()
            }
        }

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl core::str::FromStr for $name {
            type Err = $crate::domain::game_states::UnknownState;

            fn from_str(text: &str) -> Result<$name, $crate::domain::game_states::UnknownState> {
                $name::ALL
                    .iter()
                    .copied()
                    .find(|s| s.as_str() == text)
                    .ok_or_else(|| $crate::domain::game_states::UnknownState { what: $what, value: text.chars().take(60).collect() })
            }
        }

        impl TryFrom<String> for $name {
            type Error = $crate::domain::game_states::UnknownState;

            fn try_from(text: String) -> Result<$name, $crate::domain::game_states::UnknownState> {
                text.parse()
            }
        }
    };
}
pub(crate) use stored_state;

/// The longest correspondence clock, in days per move.
pub const MAX_DAYS_PER_MOVE: i64 = 14;

/// Where a game is in its life.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, strum::VariantArray, strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum GameStatus {
    /// Seats are still open or invited.
    Waiting,
    /// Every seat is taken; moves are played.
    Active,
    /// Over, with a result.
    Finished,
    /// Over, without a result.
    Aborted,
}

impl GameStatus {
    /// Every status (derived: none can be left out).
    pub const ALL: &'static [GameStatus] = <GameStatus as strum::VariantArray>::VARIANTS;

    /// The stable id, as stored and sent (the JSON name: a test holds the two together).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Finished or aborted.
    #[must_use]
    pub const fn is_over(self) -> bool {
        matches!(self, GameStatus::Finished | GameStatus::Aborted)
    }
}

impl fmt::Display for GameStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameStatus {
    type Err = UnknownState;

    fn from_str(text: &str) -> Result<GameStatus, UnknownState> {
        GameStatus::ALL
            .iter()
            .copied()
            .find(|s| s.as_str() == text)
            .ok_or_else(|| UnknownState::new("game status", text))
    }
}

impl TryFrom<String> for GameStatus {
    type Error = UnknownState;

    fn try_from(text: String) -> Result<GameStatus, UnknownState> {
        text.parse()
    }
}

/// What happens when a turn's deadline passes.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    Serialize,
    Deserialize,
    ToSchema,
    strum::VariantArray,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum TimeoutPolicy {
    /// The game becomes claimable by the waiting side; the late player may still move
    /// until someone claims (or until the claimable cap, when the server ends it).
    #[default]
    Claim,
    /// The server ends the game at the deadline (at its next sweep, or at once if anyone
    /// acts on the game first).
    Auto,
}

impl TimeoutPolicy {
    /// Every policy (derived: none can be left out).
    pub const ALL: &'static [TimeoutPolicy] = <TimeoutPolicy as strum::VariantArray>::VARIANTS;

    /// The stable id, as stored and sent.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl FromStr for TimeoutPolicy {
    type Err = UnknownState;

    fn from_str(text: &str) -> Result<TimeoutPolicy, UnknownState> {
        TimeoutPolicy::ALL
            .iter()
            .copied()
            .find(|p| p.as_str() == text)
            .ok_or_else(|| UnknownState::new("timeout policy", text))
    }
}

impl TryFrom<String> for TimeoutPolicy {
    type Error = UnknownState;

    fn try_from(text: String) -> Result<TimeoutPolicy, UnknownState> {
        text.parse()
    }
}

/// Declares [`EndReason`] with the server's own reasons and their stored ids in one list,
/// so [`EndReason::SERVER`] and [`EndReason::as_str`] cannot leave one out.
macro_rules! end_reasons {
    ($($(#[$doc:meta])* $variant:ident => $id:literal,)*) => {
        /// Why a game ended: a reason of the game's rules, or one of the server's own.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum EndReason {
            /// The rules ended the game (checkmate, bare king…).
            Rules(herald_rules::EndReason),
            $($(#[$doc])* $variant,)*
        }

        impl EndReason {
            /// The server's own reasons.
            pub const SERVER: &'static [EndReason] = &[$(EndReason::$variant),*];

            /// The stable id, as stored and sent.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    EndReason::Rules(reason) => reason.id(),
                    $(EndReason::$variant => $id,)*
                }
            }
        }
    };
}

end_reasons! {
    /// A player resigned.
    Resignation => "resignation",
    /// Every player still in the game agreed to a draw.
    DrawAgreed => "draw_agreed",
    /// The player to move let the deadline pass: claimed by the opponent, or ended by the
    /// server (`auto` policy, or the claimable cap).
    Timeout => "timeout",
    /// The late player had not moved yet in this game: aborted rather than lost.
    TimeoutBeforeFirstMove => "timeout_before_first_move",
    /// A player aborted before the first move.
    Aborted => "aborted",
    /// An invited player declined the invitation (the game never started).
    Declined => "declined",
    /// Ended by an operator (`herald admin end-game`).
    Admin => "admin",
    /// The player withdrew from the tournament the game belongs to: forfeited.
    Withdrawal => "withdrawal",
}

impl EndReason {
    /// Every reason: the rules' then the server's.
    pub fn all() -> impl Iterator<Item = EndReason> {
        herald_rules::EndReason::ALL
            .iter()
            .copied()
            .map(EndReason::Rules)
            .chain(EndReason::SERVER.iter().copied())
    }
}

impl From<herald_rules::EndReason> for EndReason {
    fn from(reason: herald_rules::EndReason) -> EndReason {
        EndReason::Rules(reason)
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for EndReason {
    type Err = UnknownState;

    fn from_str(text: &str) -> Result<EndReason, UnknownState> {
        EndReason::all()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| UnknownState::new("end reason", text))
    }
}

impl TryFrom<String> for EndReason {
    type Error = UnknownState;

    fn try_from(text: String) -> Result<EndReason, UnknownState> {
        text.parse()
    }
}

impl Serialize for EndReason {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for EndReason {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<EndReason, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

fn string_enum<V: Into<serde_json::Value>>(description: &str, values: impl IntoIterator<Item = V>) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(values))
        .into()
}

impl PartialSchema for EndReason {
    fn schema() -> RefOr<Schema> {
        string_enum(
            "Why the game ended: a reason of the game's rules, or `resignation`, `draw_agreed`, \
             `timeout`, `timeout_before_first_move`, `aborted`, `declined` (an invitation) or `admin` \
             (ended by an operator).",
            EndReason::all().map(EndReason::as_str),
        )
    }
}

impl ToSchema for EndReason {}

/// How a finished game came out, by team: the one value both the stored `result` string
/// and `winner_team` are read from, so the two cannot disagree. Stored and sent as the
/// PGN strings it always was; the API document keeps calling it a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::VariantArray)]
pub enum GameResult {
    /// Team 0 won: `1-0`.
    FirstTeamWon,
    /// Team 1 won: `0-1`.
    SecondTeamWon,
    /// Nobody won: `1/2-1/2`.
    Draw,
}

impl GameResult {
    /// Every result (derived: none can be left out).
    pub const ALL: &'static [GameResult] = <GameResult as strum::VariantArray>::VARIANTS;

    /// The result of a game won by `winner`, or drawn (`None`). Every game has two teams,
    /// so any team but the first is the second.
    #[must_use]
    pub const fn of(winner: Option<Team>) -> GameResult {
        match winner {
            Some(Team::FIRST) => GameResult::FirstTeamWon,
            Some(_) => GameResult::SecondTeamWon,
            None => GameResult::Draw,
        }
    }

    /// The winning team, `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Team> {
        match self {
            GameResult::FirstTeamWon => Some(Team::FIRST),
            GameResult::SecondTeamWon => Some(Team::SECOND),
            GameResult::Draw => None,
        }
    }

    /// The stable string, as stored and sent.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::FirstTeamWon => "1-0",
            GameResult::SecondTeamWon => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

impl From<Outcome> for GameResult {
    fn from(outcome: Outcome) -> GameResult {
        GameResult::of(outcome.winner())
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for GameResult {
    type Err = UnknownState;

    fn from_str(text: &str) -> Result<GameResult, UnknownState> {
        GameResult::ALL
            .iter()
            .copied()
            .find(|r| r.as_str() == text)
            .ok_or_else(|| UnknownState::new("game result", text))
    }
}

impl TryFrom<String> for GameResult {
    type Error = UnknownState;

    fn try_from(text: String) -> Result<GameResult, UnknownState> {
        text.parse()
    }
}

impl Serialize for GameResult {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for GameResult {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        let text = Cow::<str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The variant's id in the API document (the type itself lives in the rules crate).
#[derive(Debug)]
pub struct VariantId;

impl PartialSchema for VariantId {
    fn schema() -> RefOr<Schema> {
        string_enum("A game's id.", Variant::ALL.map(Variant::id))
    }
}

impl ToSchema for VariantId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Variant")
    }
}

/// A seat's name in the API document: every game's seat names in lower case, and `random`.
#[derive(Debug)]
pub struct SeatName;

impl PartialSchema for SeatName {
    fn schema() -> RefOr<Schema> {
        let mut names: Vec<String> = Variant::ALL
            .iter()
            .flat_map(|v| v.seat_names().into_iter().map(str::to_lowercase))
            .collect();
        names.sort();
        names.dedup();
        names.push("random".to_owned());
        string_enum("A seat by its name in the game, or `random`.", names)
    }
}

impl ToSchema for SeatName {}

/// Parses a stored variant id.
///
/// # Errors
/// The id names no game.
pub fn parse_variant(text: &str) -> Result<Variant, UnknownState> {
    text.parse().map_err(|_| UnknownState::new("variant", text))
}

/// A game's options, sent as their ids in canonical order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OptionIds(pub Options);

impl OptionIds {
    /// The ids, e.g. for storage (`ferz-forward,jumping`).
    pub fn ids(self) -> impl Iterator<Item = &'static str> {
        self.0.iter().map(GameOption::id)
    }

    /// No option: the game's standard rules.
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == Options::NONE
    }

    /// The stored form: ids joined by commas.
    #[must_use]
    pub fn stored(self) -> String {
        self.ids().collect::<Vec<_>>().join(",")
    }

    /// Reads stored option ids for `variant`.
    ///
    /// # Errors
    /// An id the game does not have.
    pub fn parse_stored(variant: Variant, text: &str) -> Result<OptionIds, UnknownState> {
        Options::parse(variant, text.split(',').filter(|s| !s.is_empty()))
            .map(OptionIds)
            .map_err(|_| UnknownState::new("option list", text))
    }
}

impl IntoIterator for &OptionIds {
    type Item = &'static str;
    type IntoIter = std::vec::IntoIter<&'static str>;

    fn into_iter(self) -> Self::IntoIter {
        self.ids().collect::<Vec<_>>().into_iter()
    }
}

impl Serialize for OptionIds {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.ids())
    }
}

/// One option's id in the API document.
#[derive(Debug)]
pub struct GameOptionId;

impl PartialSchema for GameOptionId {
    fn schema() -> RefOr<Schema> {
        string_enum(
            "An option's id (only Ancient chess has options).",
            GameOption::ALL.map(GameOption::id),
        )
    }
}

impl ToSchema for GameOptionId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameOption")
    }
}

impl PartialSchema for OptionIds {
    fn schema() -> RefOr<Schema> {
        ArrayBuilder::new()
            .items(Ref::from_schema_name(GameOptionId::name()))
            .description(Some("Option ids, in canonical order."))
            .into()
    }
}

impl ToSchema for OptionIds {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("GameOptions")
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((GameOptionId::name().into_owned(), GameOptionId::schema()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_ones_are_errors() {
        for &status in GameStatus::ALL {
            assert_eq!(status.as_str().parse::<GameStatus>(), Ok(status));
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
        }
        for &policy in TimeoutPolicy::ALL {
            assert_eq!(policy.as_str().parse::<TimeoutPolicy>(), Ok(policy));
        }
        for reason in EndReason::all() {
            assert_eq!(reason.as_str().parse::<EndReason>(), Ok(reason));
            assert_eq!(serde_json::to_value(reason).unwrap(), reason.as_str());
        }
        assert_eq!(EndReason::all().count(), 22);
        assert!("paused".parse::<GameStatus>().is_err());
        assert!("time_forfeit".parse::<EndReason>().is_err());
        assert!("".parse::<TimeoutPolicy>().is_err());
        assert!(OptionIds::parse_stored(Variant::Nowan, "jumping").is_err());
        let ids = OptionIds::parse_stored(Variant::Ancient, "promotion,ferz-forward").unwrap();
        assert_eq!(ids.stored(), "ferz-forward,promotion");
        assert_eq!(
            serde_json::to_value(ids).unwrap(),
            serde_json::json!(["ferz-forward", "promotion"])
        );
    }

    /// A result's strings round-trip, in the database's form and in JSON, and its winner
    /// is the team the string names; anything else is refused, not defaulted.
    #[test]
    fn results_round_trip_and_agree_with_their_winner() {
        for (result, text, winner) in [
            (GameResult::FirstTeamWon, "1-0", Some(Team::FIRST)),
            (GameResult::SecondTeamWon, "0-1", Some(Team::SECOND)),
            (GameResult::Draw, "1/2-1/2", None),
        ] {
            assert_eq!(result.as_str(), text);
            assert_eq!(text.parse::<GameResult>(), Ok(result));
            assert_eq!(GameResult::try_from(text.to_owned()), Ok(result));
            assert_eq!(serde_json::to_value(result).unwrap(), text);
            assert_eq!(serde_json::from_value::<GameResult>(text.into()).unwrap(), result);
            assert_eq!(result.winner(), winner);
            assert_eq!(GameResult::of(winner), result);
        }
        assert_eq!(GameResult::ALL.len(), 3);
        for bad in ["", "1-1", "½-½", "1/2", "draw", "1-0 "] {
            let error = bad.parse::<GameResult>().unwrap_err();
            assert_eq!(error.what, "game result");
            assert!(serde_json::from_value::<GameResult>(bad.into()).is_err());
        }
        let mate = Outcome::Win {
            team: Team::SECOND,
            reason: herald_rules::EndReason::Checkmate,
        };
        assert_eq!(GameResult::from(mate), GameResult::SecondTeamWon);
        let drawn = Outcome::Draw {
            reason: herald_rules::EndReason::BareShahs,
        };
        assert_eq!(GameResult::from(drawn), GameResult::Draw);
    }

    /// Seats and teams go out as the bare numbers they were before they had types.
    #[test]
    fn seats_and_teams_serialise_as_numbers() {
        use herald_rules::Player;
        assert_eq!(serde_json::to_string(&Player::new(3)).unwrap(), "3");
        assert_eq!(serde_json::to_string(&Some(Team::SECOND)).unwrap(), "1");
        assert_eq!(serde_json::from_str::<Player>("2").unwrap(), Player::new(2));
        let outcome = Outcome::Win {
            team: Team::FIRST,
            reason: herald_rules::EndReason::Checkmate,
        };
        assert_eq!(
            serde_json::to_string(&outcome).unwrap(),
            r#"{"Win":{"team":0,"reason":"checkmate"}}"#
        );
    }

    /// The stored and sent strings are the ones used before these types existed.
    #[test]
    fn the_strings_are_the_stored_ones() {
        assert_eq!(EndReason::Resignation.as_str(), "resignation");
        assert_eq!(EndReason::DrawAgreed.as_str(), "draw_agreed");
        assert_eq!(EndReason::Timeout.as_str(), "timeout");
        assert_eq!(EndReason::TimeoutBeforeFirstMove.as_str(), "timeout_before_first_move");
        assert_eq!(EndReason::Aborted.as_str(), "aborted");
        assert_eq!(EndReason::Admin.as_str(), "admin");
        assert_eq!(EndReason::Withdrawal.as_str(), "withdrawal");
        assert_eq!(
            EndReason::Rules(herald_rules::EndReason::KingCaptured).as_str(),
            "king_captured"
        );
    }
}

/// Where a webhook delivery is: `pending` (will be tried, again), `delivered`, or `failed`
/// (given up).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema, strum::IntoStaticStr, strum::EnumString, strum::Display,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum DeliveryStatus {
    Pending,
    Delivered,
    Failed,
}

/// Where a queued e-mail is: `pending` (will be tried, again), `sent`, or `failed` (given up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr)]
#[strum(serialize_all = "lowercase")]
pub enum EmailStatus {
    Pending,
    Sent,
    Failed,
}

impl DeliveryStatus {
    /// The stable id, as stored and sent.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl EmailStatus {
    /// The stable id, as stored.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl TryFrom<String> for DeliveryStatus {
    type Error = UnknownState;

    fn try_from(text: String) -> Result<DeliveryStatus, UnknownState> {
        text.parse().map_err(|_| UnknownState::new("delivery status", &text))
    }
}

stored_state! {
    /// Where a push notification to one device is (`push_deliveries.status`).
    PushStatus, "push status" {
        /// Will be sent (again, after a failure, when its retry falls due).
        Pending,
        /// The push service accepted it.
        Sent,
        /// Given up: refused for good, or every retry failed.
        Failed,
        /// A newer notification of the same topic (one game) took its place before it went.
        Replaced,
    }
}

stored_state! {
    /// Where a game's computer analysis is (`game_analyses.state`).
    AnalysisState, "analysis state" {
        /// Waiting for a worker.
        Queued,
        /// A worker holds the lease; when the lease ends unfinished, it is due again.
        Running,
        Done,
        /// The engine could not analyse the game (kept so it is not retried forever).
        Failed,
    }
}
