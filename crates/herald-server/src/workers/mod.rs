//! Background work started by `herald serve`, above the resources it drives: the outbox
//! worker (notifications and the "game ended" subscribers) and the deadline sweeper.

pub mod analysis;
pub mod outbox;
pub mod sweeper;
