//! A tournament's typed states as stored and sent: its format, status and entry, a
//! player's standing in it, its tie-breaks and its notices. Each has one stable string (the database's
//! and the JSON's); an unknown string read back is an error naming the row, never a default.

use herald_pairing::TieBreak;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::game_states::{UnknownState, stored_state};

stored_state! {
    /// How an event is paired.
    Format, "tournament format" {
        /// Everyone meets everyone once (Berger tables); all games start together.
        RoundRobin,
        /// Everyone meets everyone twice, once with each colour; all games start together.
        DoubleRoundRobin,
        /// A fixed number of rounds, each paired when the one before ends (FIDE Dutch).
        Swiss,
    }
}

impl Format {
    /// Whether every game is created at the start (round robins, as ICCF plays them).
    #[must_use]
    pub const fn all_at_once(self) -> bool {
        matches!(self, Format::RoundRobin | Format::DoubleRoundRobin)
    }

    /// The format as people read it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Format::RoundRobin => "Round robin",
            Format::DoubleRoundRobin => "Double round robin",
            Format::Swiss => "Swiss",
        }
    }
}

stored_state! {
    /// Where an event is in its life.
    TournamentStatus, "tournament status" {
        /// Taking entries; not started.
        Registering,
        /// Games are being played.
        Running,
        /// Every round is over; the table is final.
        Finished,
        /// Called off by its organiser or an administrator.
        Cancelled,
    }
}

stored_state! {
    /// What an event's players are told about (a tournament notice).
    NoticeKind, "tournament notice" {
        /// The event started: its first round (or, round robin, all its games) began.
        Started,
        /// A later round was paired and its games began.
        RoundStarted,
        /// Every round is over; the table is final.
        Finished,
        /// Called off by its organiser or an administrator.
        Cancelled,
    }
}

stored_state! {
    /// Who may enter an event.
    Entry, "tournament entry" {
        /// Anyone within the event's limits registers.
        Open,
        /// Only players the organiser invited, once they accept.
        Invitation,
    }
}

stored_state! {
    /// A player's place in an event.
    PlayerState, "tournament player state" {
        /// Invited by the organiser, not yet accepted.
        Invited,
        /// Takes part (or will, once the event starts).
        Registered,
        /// Left a running event; their unfinished games were forfeited.
        Withdrawn,
    }
}

stored_state! {
    /// An event's tie-breaks, as stored in its comma list and sent.
    TieBreakId, "tie-break" {
        DirectEncounter,
        SonnebornBerger,
        Buchholz,
        /// Buchholz without the lowest term (FIDE's Cut-1; voluntary unplayed rounds cut first).
        BuchholzCut1,
        MedianBuchholz,
        /// Games won, forfeits and byes worth a win included (FIDE's WIN).
        Wins,
        /// Games won over the board only (FIDE's WON).
        WinsOverTheBoard,
    }
}

impl TieBreakId {
    /// The pairing crate's tie-break.
    #[must_use]
    pub const fn tie_break(self) -> TieBreak {
        match self {
            TieBreakId::DirectEncounter => TieBreak::DirectEncounter,
            TieBreakId::SonnebornBerger => TieBreak::SonnebornBerger,
            TieBreakId::Buchholz => TieBreak::Buchholz,
            TieBreakId::BuchholzCut1 => TieBreak::BuchholzCut1,
            TieBreakId::MedianBuchholz => TieBreak::MedianBuchholz,
            TieBreakId::Wins => TieBreak::Wins,
            TieBreakId::WinsOverTheBoard => TieBreak::WinsOverTheBoard,
        }
    }

    /// The column heading of the standings table.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            TieBreakId::DirectEncounter => "Direct encounter",
            TieBreakId::SonnebornBerger => "Sonneborn-Berger",
            TieBreakId::Buchholz => "Buchholz",
            TieBreakId::BuchholzCut1 => "Buchholz Cut-1",
            TieBreakId::MedianBuchholz => "Median Buchholz",
            TieBreakId::Wins => "Wins",
            TieBreakId::WinsOverTheBoard => "Wins over the board",
        }
    }

    /// The usual order for a format: Sonneborn-Berger and direct encounter for round
    /// robins, Buchholz for Swiss; wins last.
    #[must_use]
    pub fn default_for(format: Format) -> Vec<TieBreakId> {
        if format.all_at_once() {
            vec![
                TieBreakId::DirectEncounter,
                TieBreakId::SonnebornBerger,
                TieBreakId::Wins,
            ]
        } else {
            vec![
                TieBreakId::Buchholz,
                TieBreakId::MedianBuchholz,
                TieBreakId::SonnebornBerger,
                TieBreakId::Wins,
            ]
        }
    }

    /// A stored or requested list, comma-separated; empty entries are skipped.
    ///
    /// # Errors
    /// An unknown name, or a tie-break named twice.
    pub fn parse_list(text: &str) -> Result<Vec<TieBreakId>, UnknownState> {
        let mut list = Vec::new();
        for name in text.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let id: TieBreakId = name.parse()?;
            if list.contains(&id) {
                return Err(UnknownState {
                    what: "tie-break (named twice)",
                    value: name.to_owned(),
                });
            }
            list.push(id);
        }
        Ok(list)
    }

    /// The stored form of a list.
    #[must_use]
    pub fn join(list: &[TieBreakId]) -> String {
        list.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(",")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_state_reads_back_what_it_writes() {
        for f in Format::ALL {
            assert_eq!(f.as_str().parse::<Format>().unwrap(), *f);
            assert_eq!(serde_json::to_value(f).unwrap(), f.as_str());
        }
        for s in TournamentStatus::ALL {
            assert_eq!(s.as_str().parse::<TournamentStatus>().unwrap(), *s);
        }
        for p in PlayerState::ALL {
            assert_eq!(serde_json::to_value(p).unwrap(), p.as_str());
        }
        assert!("league".parse::<Format>().is_err());
    }

    #[test]
    fn tie_break_lists_round_trip_and_refuse_repeats() {
        let list = TieBreakId::parse_list("buchholz, wins").unwrap();
        assert_eq!(list, vec![TieBreakId::Buchholz, TieBreakId::Wins]);
        assert_eq!(TieBreakId::join(&list), "buchholz,wins");
        assert!(TieBreakId::parse_list("wins,wins").is_err());
        assert!(TieBreakId::parse_list("coin_toss").is_err());
        assert_eq!(TieBreakId::parse_list("").unwrap(), vec![]);
    }
}
