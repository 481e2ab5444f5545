#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
//! Real-browser tests: Debian's Chromium driven through chromedriver (WebDriver) against a
//! real Herald server on a random port with a temporary SQLite database. People sign up,
//! create and join games, play by clicking squares, and see each other's moves arrive
//! without reloading. Screenshots go to `target/tmp/browser-screenshots/` (and to
//! `docs/screenshot-game.png` when `HERALD_UPDATE_DOCS_SCREENSHOT=1`).
//!
//! Needs `chromium` and `chromium-driver` (`apt-get install -y chromium chromium-driver`).
//! Without chromedriver they do not run and say so on stderr (as the PostgreSQL tests do),
//! unless `HERALD_REQUIRE_BROWSER=1` (CI sets it): then its absence fails them.
//!
//! One binary (`browser`, which `.config/nextest.toml` runs two tests at a time), one
//! module per feature; the shared helpers are in `common`.

mod common;

mod admin;
mod analysis;
mod bots;
mod chat;
mod daily_loop;
mod languages;
mod layout;
mod live;
mod play;
mod push;
mod ratings;
mod takeback;
mod tournaments;
