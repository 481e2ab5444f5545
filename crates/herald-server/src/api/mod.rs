//! The JSON API under `/api/v1`, one module per resource, each with its handlers and the
//! service behind them (the one code path the HTML pages call too): accounts, tokens,
//! games, tournaments, live streams, notifications, administration and the rest.

pub mod account_data;
pub mod accounts;
pub mod admin;
pub mod analysis;
pub mod blocks;
pub mod bots;
pub mod engine_eval;
pub mod games;
pub mod leaderboard;
pub mod live;
pub mod notify;
pub mod players;
pub mod preferences;
pub mod tokens;
pub mod tournaments;
