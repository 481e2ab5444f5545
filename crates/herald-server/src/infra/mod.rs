//! Infrastructure, the lowest layer: configuration, logging, the injected clock, client
//! addresses behind proxies, the in-process wake-up hub and the timing of a request's
//! phases. It imports no other layer.

pub mod clock;
pub mod config;
pub mod hub;
pub mod logging;
pub mod proxy;
pub mod timing;
