//! How a game ends: who won (by team) or that it is drawn, and why.

use core::fmt;

/// A seat at the board, counted from 0 in turn order (Nowan: Black 0, Red 1;
/// Not Chess and Ancient: White 0, Black 1; Chatrang: Players 1-4 are 0-3).
///
/// A number, not a description: [`Seat`](crate::Seat) describes a seat (its name,
/// team and colour) and `spec.seats[player.index()]` finds it. Displayed and
/// serialised as the bare number, as storage and the API always showed it.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Player(u8);

impl Player {
    #[must_use]
    pub const fn new(seat: u8) -> Player {
        Player(seat)
    }

    /// The seat number, from 0.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The seat number as an index into per-seat tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<Player> for u8 {
    fn from(player: Player) -> u8 {
        player.0
    }
}

/// A side of the game. In two-player games the team is the player; in Chatrang
/// team 0 (White) is Players 1 and 3 and team 1 (Black) is Players 2 and 4.
/// Displayed and serialised as the bare number.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Team(u8);

impl Team {
    /// The team that moves first (White, or Black in Nowan).
    pub const FIRST: Team = Team(0);
    /// The other one.
    pub const SECOND: Team = Team(1);

    #[must_use]
    pub const fn new(team: u8) -> Team {
        Team(team)
    }

    /// The team number, from 0.
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The team number as an index into per-team tables.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The opposing team: every game has two.
    #[must_use]
    pub const fn other(self) -> Team {
        if self.0 == 0 { Team::SECOND } else { Team::FIRST }
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<Team> for u8 {
    fn from(team: Team) -> u8 {
        team.0
    }
}

/// Why a game ended. The variants are shared by all four games; each game uses its own.
/// [`EndReason::ALL`] lists them (derived, so none can be left out).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, strum::VariantArray)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// The winner's move captured the enemy King (Nowan, Not Chess).
    KingCaptured,
    /// The loser's royal piece is attacked and he has no way out.
    Checkmate,
    /// The loser is not attacked but has no acceptable move (Nowan: scores 1-0; Ancient: a win).
    Stalemate,
    /// Nowan: only the two Kings are left.
    OnlyKingsLeft,
    /// Not Chess: the loser gave seven non-capturing checks in a row.
    SevenChecks,
    /// Not Chess: 40 plies without a capture or pawn move.
    TwentyMoveRule,
    /// Not Chess: the loser had no legal move at all.
    NoLegalMove,
    /// Ancient: every legal move of the loser would repeat a position a third time.
    RepetitionBlocked,
    /// Ancient: the loser has nothing left but his General.
    BareGeneral,
    /// Chatrang S1: both Shahs of the losing team are gone.
    BothShahsGone,
    /// Chatrang S2: no men are left anywhere, only Shahs.
    BareShahs,
    /// Chatrang S4: the losing team has no men while the winners keep two or more
    /// (or one, with no reply owed).
    Bared,
    /// Chatrang S3: the bared team's one reply did not take the last enemy man.
    BaringReplyUsed,
    /// Chatrang S5: every remaining player passed in turn.
    NobodyCanMove,
}

impl EndReason {
    /// Every reason, in declaration order.
    pub const ALL: &'static [EndReason] = <EndReason as strum::VariantArray>::VARIANTS;

    /// A stable identifier for storage and the API.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::KingCaptured => "king_captured",
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::OnlyKingsLeft => "only_kings_left",
            EndReason::SevenChecks => "seven_checks",
            EndReason::TwentyMoveRule => "twenty_move_rule",
            EndReason::NoLegalMove => "no_legal_move",
            EndReason::RepetitionBlocked => "repetition_blocked",
            EndReason::BareGeneral => "bare_general",
            EndReason::BothShahsGone => "both_shahs_gone",
            EndReason::BareShahs => "bare_shahs",
            EndReason::Bared => "bared",
            EndReason::BaringReplyUsed => "baring_reply_used",
            EndReason::NobodyCanMove => "nobody_can_move",
        }
    }

    /// Words for a person.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::KingCaptured => "the King was captured",
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::OnlyKingsLeft => "only the two Kings are left",
            EndReason::SevenChecks => "seven checks in a row",
            EndReason::TwentyMoveRule => "twenty moves without a capture or pawn move",
            EndReason::NoLegalMove => "no legal move",
            EndReason::RepetitionBlocked => "every move would repeat a position a third time",
            EndReason::BareGeneral => "a bare General",
            EndReason::BothShahsGone => "both Shahs of a team are gone",
            EndReason::BareShahs => "only bare Shahs are left",
            EndReason::Bared => "a team was bared of all its men",
            EndReason::BaringReplyUsed => "the bared team's reply did not take the last man",
            EndReason::NobodyCanMove => "no player could move",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// The result of a finished game.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// `team` won (in Nowan a stalemate is a win worth 1 point instead of 2).
    Win { team: Team, reason: EndReason },
    /// Nobody won.
    Draw { reason: EndReason },
}

impl Outcome {
    #[must_use]
    pub const fn reason(self) -> EndReason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// The winning team, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Team> {
        match self {
            Outcome::Win { team, .. } => Some(team),
            Outcome::Draw { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_and_teams_are_their_numbers() {
        let seat = Player::new(3);
        assert_eq!(seat.get(), 3);
        assert_eq!(seat.index(), 3);
        assert_eq!(u8::from(seat), 3);
        assert_eq!(seat.to_string(), "3");
        assert_eq!(format!("{:>3}", Player::new(1)), "  1");
        assert!(Player::new(0) < Player::new(1));
        let team = Team::new(1);
        assert_eq!((team.get(), team.index(), team.to_string()), (1, 1, "1".to_owned()));
        assert_eq!(Team::FIRST.get(), 0);
        assert_eq!(Team::SECOND.get(), 1);
        assert_eq!(Team::FIRST.other(), Team::SECOND);
        assert_eq!(Team::SECOND.other(), Team::FIRST);
    }

    #[test]
    fn an_outcome_names_its_winning_team() {
        let win = Outcome::Win {
            team: Team::SECOND,
            reason: EndReason::Checkmate,
        };
        assert_eq!(win.winner(), Some(Team::SECOND));
        assert_eq!(win.reason(), EndReason::Checkmate);
        let draw = Outcome::Draw {
            reason: EndReason::BareShahs,
        };
        assert_eq!(draw.winner(), None);
    }
}
