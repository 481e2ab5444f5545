//! The domain's typed core, above infrastructure: the states a game, a tournament and the
//! club can be in (enums, never strings), game events, Glicko-2 ratings, the seam to the
//! rules crate and the board's view model. Pure: no SQL, no HTTP, no shared state.

pub mod analysis_marks;
pub mod board;
pub mod bots;
pub mod club_states;
pub mod events;
pub mod game_states;
pub mod ratings;
pub mod result_words;
pub mod rules;
pub mod time_controls;
pub mod tournament_states;
