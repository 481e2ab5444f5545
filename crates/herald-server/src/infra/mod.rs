//! Infrastructure, the lowest layer: configuration (and the database URL connected with), logging, the site's languages, the engine's worker pool, the injected clock, client
//! addresses behind proxies, the in-process wake-up hub and the timing of a request's
//! phases. It imports no other layer.

pub mod clock;
pub mod config;
pub mod database_url;
pub mod engine_pool;
pub mod hub;
pub mod i18n;
pub mod logging;
pub mod proxy;
pub mod timing;
