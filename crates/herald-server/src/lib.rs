//! Herald's HTTP service: accounts, API tokens, games and moves over a JSON API under
//! `/api/v1`, stored in SQLite (default, embedded) or PostgreSQL.
//!
//! Modules: one per resource ([`accounts`], [`tokens`], [`games`]), the HTML side in
//! [`pages`], all SQL in
//! [`storage`], errors in [`error`], and the injected [`clock`] and [`rules`].

pub mod account_data;
pub mod accounts;
pub mod admin;
pub mod administration;
pub mod analysis;
pub mod app;
pub mod auth;
pub mod blocks;
pub mod board;
pub mod clock;
pub mod club;
pub mod config;
pub mod cookies;
pub mod error;
pub mod event_states;
pub mod events;
pub mod games;
pub mod hub;
pub mod leaderboard;
pub mod limits;
pub mod listener;
pub mod live;
pub mod logging;
pub mod notify;
pub mod openapi;
pub mod outbox;
pub mod pages;
pub mod players;
pub mod proxy;
pub mod ratings;
pub mod rules;
pub mod standing;
pub mod state;
pub mod states;
pub mod storage;
pub mod sweeper;
pub mod telemetry;
pub mod timing;
pub mod tokens;
pub mod tournaments;

pub use app::{app, serve, serve_on};
pub use config::Config;
pub use state::AppState;
