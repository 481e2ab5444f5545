//! What every request handler shares, above storage: the application state, the typed
//! error that renders as JSON (and, through `pages`, as a page), credentials and cookies,
//! an account's standing, and the metrics recorder.

pub mod auth;
pub mod cookies;
pub mod error;
pub mod error_language;
pub mod standing;
pub mod state;
pub mod telemetry;
