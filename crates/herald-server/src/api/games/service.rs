//! What can be done to a game: the one entry point shared by every front end (the JSON
//! API, the HTML forms, the live streams and the sweeper); handlers only parse input and
//! render output. Each action lives in the module of its concern: [`super::create`]
//! (create, join), [`super::moves`], [`super::ending`] (resign, draw, abort), [`super::takeback`],
//! [`super::timeout`] (claim), [`super::rematch`] and [`super::load`] (get, record).

pub use super::create::{
    Clock, CreateRequest, DEFAULT_DAYS_PER_MOVE, ESTABLISHED_AFTER_MS, MAX_DAYS_PER_MOVE, RATING_BOUNDS, Terms, create,
    is_established, join, range_rating, range_text, rating_range,
};
pub use super::ending::{DrawAction, abort, draw, forfeit, resign};
pub(crate) use super::load::load;
pub use super::load::{Record, get, record};
pub use super::moves::{MoveRequest, play_move, play_move_as};
pub use super::rematch::offer as offer_rematch;
pub use super::takeback::{
    accept as accept_takeback, ask as ask_takeback, decline as decline_takeback, withdraw as withdraw_takeback,
};
pub use super::timeout::claim;
