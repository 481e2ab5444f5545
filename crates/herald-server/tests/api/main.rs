//! API tests through the router (`oneshot`) and against a real server on a loopback
//! port, each on SQLite and (when `HERALD_TEST_POSTGRES_URL` is set) PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod account_data;
mod accounts;
mod actions;
mod admin;
mod analysis;
mod bots;
mod chat;
mod chat_notices;
mod clock;
mod common;
mod computer_analysis;
mod concurrency;
mod conditionals;
mod daily_loop;
mod engine_eval;
mod errors;
mod events;
mod game_page;
mod games;
mod languages;
mod notes;
mod notify;
mod openapi;
mod ops;
mod option_forms;
mod pages;
mod paging;
mod plans;
mod points;
mod push;
mod ratings;
mod real_rules;
mod rematch;
mod results;
mod safety;
mod security;
mod server;
mod settings_page;
mod streams;
mod strict;
mod takebacks;
mod tournaments;
mod variations;
mod wakeups;
