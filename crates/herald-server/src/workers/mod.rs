//! Background work started by `herald serve`, above the resources it drives: the outbox
//! worker (notifications and the "game ended" subscribers), the deadline sweeper, the
//! computer-analysis worker and the bot worker.

pub mod analysis;
pub mod bots;
pub mod outbox;
pub mod sweeper;
