//! How a game ends: who won (by team) or that it is drawn, and why.

use core::fmt;

/// A seat at the board, counted from 0 in turn order (Nowan: Black 0, Red 1;
/// Not Chess and Ancient: White 0, Black 1; Chatrang: Players 1-4 are 0-3).
pub type Player = u8;

/// A side of the game. In two-player games the team is the player; in Chatrang
/// team 0 (White) is Players 1 and 3 and team 1 (Black) is Players 2 and 4.
pub type Team = u8;

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
