//! Herald's HTTP service: accounts, API tokens, games and moves over a JSON API under
//! `/api/v1` and server-rendered pages, stored in SQLite (default, embedded) or PostgreSQL.
//!
//! The modules are layers; each imports only the layers listed before it
//! (`tests/layering.rs` checks it):
//! - [`infra`]: configuration, logging, the injected clock, the wake-up hub;
//! - [`domain`]: typed states, events, ratings, the seam to the rules crate;
//! - [`storage`]: all SQL, for both databases;
//! - [`web`]: the application state, errors, credentials, metrics;
//! - [`api`]: one module per resource, its handlers and its service;
//! - [`workers`]: the outbox worker and the deadline sweeper;
//! - [`pages`]: the HTML side, on the same services as the API;
//! - [`app`]: the router, rate limits, the OpenAPI document and the listener;
//! - [`operator`]: what an operator does from the command line.

pub mod api;
pub mod app;
pub mod domain;
pub mod infra;
pub mod operator;
pub mod pages;
pub mod storage;
pub mod web;
pub mod workers;

pub use app::{app, serve, serve_on};
pub use infra::config::Config;
pub use web::state::AppState;
