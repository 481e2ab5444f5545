//! Game events: one record per change to a game (a move, a draw offer, a result…), written
//! in the same transaction as the change so that none is lost or invented, and numbered per
//! game so that a client resuming from the last number it saw misses nothing.

use herald_rules::Player;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::domain::game_states::{EndReason, GameResult, GameStatus};

/// What happened. The names are stable: clients and webhooks match on them. The list of
/// kinds ([`EventKind::ALL`]) and the names are derived, so a new kind is in both.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    strum::VariantArray,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum EventKind {
    /// A player took a seat (the game may still wait for others).
    Joined,
    /// The last seat was filled: the first turn's clock runs.
    Started,
    /// A move was committed.
    Move,
    DrawOffered,
    DrawDeclined,
    /// A Chatrang player resigned (left the game); the game goes on.
    Resigned,
    /// The player to move let the deadline pass: the opponents may claim the win.
    Claimable,
    /// A win on time was claimed.
    Claimed,
    /// The player to move has used 80 % of the turn.
    TimeWarning,
    VacationOn,
    VacationOff,
    /// The game ended with a result.
    Finished,
    /// The game ended without a result.
    Aborted,
    /// A player of this finished game offered a rematch (`game_id`: the new game, waiting
    /// for the others to accept or decline).
    RematchOffered,
    /// A player (`seat`) asks to take back their move, the game's last entry (`ply`: the
    /// game's ply when asked); `answer` is the seat that accepts or declines.
    TakebackOffered,
    /// The request of `seat` was accepted by `by`: the last entry is gone (`ply`, `fen`,
    /// `turn`, `move_by`: the game after it; `move`: the move taken back).
    TakebackAccepted,
    /// The request of `seat` was declined by `by`.
    TakebackDeclined,
    /// The request of `seat` was withdrawn by its player.
    TakebackWithdrawn,
}

impl EventKind {
    /// Every kind (the game page listens for each by name), derived from the enum.
    pub const ALL: &'static [EventKind] = <EventKind as strum::VariantArray>::VARIANTS;

    /// The stable name, as stored and as sent.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The kind named `name`, if any.
    #[must_use]
    pub fn parse(name: &str) -> Option<EventKind> {
        name.parse().ok()
    }
}

/// An event about to be written.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub kind: EventKind,
    pub data: Value,
}

impl NewEvent {
    #[must_use]
    pub fn new(kind: EventKind, data: Value) -> NewEvent {
        NewEvent { kind, data }
    }

    /// `seat` was taken by `user_id`.
    #[must_use]
    pub fn joined(seat: Player, user_id: i64) -> NewEvent {
        NewEvent::new(EventKind::Joined, json!({ "seat": seat, "user_id": user_id }))
    }

    /// The game started; the first move is due by `move_by`.
    #[must_use]
    pub fn started(move_by: i64) -> NewEvent {
        NewEvent::new(EventKind::Started, json!({ "move_by": move_by }))
    }

    /// The game ended (`status` finished) or was aborted (`status` aborted); the winning
    /// team is the result's.
    #[must_use]
    pub fn ended(status: GameStatus, result: Option<GameResult>, reason: Option<EndReason>) -> NewEvent {
        let winner_team = result.and_then(GameResult::winner);
        let kind = if status == GameStatus::Aborted {
            EventKind::Aborted
        } else {
            EventKind::Finished
        };
        NewEvent::new(
            kind,
            json!({ "status": status, "winner_team": winner_team, "result": result, "reason": reason }),
        )
    }
}

impl NewEvent {
    /// The player in `seat` offered `rematch`, a new game for the same players.
    #[must_use]
    pub fn rematch_offered(seat: Player, rematch: &str) -> NewEvent {
        NewEvent::new(EventKind::RematchOffered, json!({ "seat": seat, "game_id": rematch }))
    }
}

/// An event as stored.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct GameEvent {
    /// Row id: unique across games, but not in commit order on PostgreSQL.
    pub id: i64,
    pub game_id: String,
    /// 1, 2, 3… within the game, in commit order.
    pub seq: i64,
    pub kind: EventKind,
    /// What changed; its fields depend on `kind`.
    #[schema(value_type = Object)]
    pub data: Value,
    /// When it was committed (epoch ms).
    pub at: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`EventKind::ALL`] is derived (`strum::VariantArray`), so no kind can be missing
    /// from it; what can drift is the stored name (strum) against the JSON name (serde).
    #[test]
    fn stored_names_are_the_json_names() {
        assert_eq!(EventKind::ALL.len(), 18);
        for kind in EventKind::ALL.iter().copied() {
            assert_eq!(EventKind::parse(kind.as_str()), Some(kind));
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                Value::String(kind.as_str().to_owned())
            );
        }
        assert_eq!(EventKind::DrawOffered.as_str(), "draw_offered");
        assert_eq!(EventKind::TakebackOffered.as_str(), "takeback_offered");
        assert_eq!(EventKind::parse("nope"), None);
    }
}
