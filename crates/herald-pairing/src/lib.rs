//! Tournament pairings and standings, pure and without I/O: who meets whom in which round
//! and with which colour (Berger round robins, FIDE Dutch Swiss rounds), and how an event's
//! table is ordered. Players are numbered by their pairing number, 1 up; games are scored in
//! the event's own points (half points, so Nowan's 2/1/0 and the usual 1/½/0 are both whole
//! numbers).

pub mod round_robin;
pub mod standings;
pub mod swiss;

pub use round_robin::{Pairing, berger_rounds, double_round_robin};
pub use standings::{
    Encounter, Format, Regulations, Results, Scoring, Standing, TieBreak, Unplayed, UnplayedKind, missing_rounds,
    standings,
};
pub use swiss::{
    Colour, Float, RoundInfo, SwissError, SwissPairing, SwissPlayer, SwissRound, pair_round, pair_round_with,
};
