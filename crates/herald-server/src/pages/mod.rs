//! The HTML side of Herald: server-rendered pages (askama templates in the top-level
//! `templates/`), static files (top-level `static/`, embedded in the binary), cookie
//! sessions for people, and CSRF protection for every form.
//!
//! # Adding a page
//!
//! 1. Write `templates/<name>.html` starting with `{% extends "base.html" %}` and filling
//!    `{% block title %}` and `{% block content %}`. Escaping is on by default: never use
//!    `|safe` on anything a user typed.
//! 2. Next to its handler, in a file of this module (one per page group), declare the
//!    context: `#[derive(askama::Template, askama_web::WebTemplate)]
//!    #[template(path = "<name>.html")] struct MyPage { ctx: Ctx, ... }`. The [`Ctx`]
//!    field is required: the layout reads the signed-in user, the current path and the
//!    CSRF token from it.
//! 3. Handler: take [`Ctx`] (anyone) or [`SignedIn`] (redirects to the log-in page) and
//!    return [`PageResult`]. Game actions go through `crate::api::games::service`, never SQL
//!    here; errors convert from `ApiError` with `?` and render as HTML error pages.
//! 4. Forms that POST must carry the token: `{% include "csrf.html" %}` inside the
//!    `<form>` (it renders `<input type="hidden" name="csrf_token" value="{{ ctx.csrf_token }}">`).
//!    JavaScript sends the same value as the `X-CSRF-Token` header (the layout puts it in
//!    `<meta name="csrf-token">`). A POST with a missing or wrong token is refused with a
//!    403 page before the handler runs. Answer a successful POST with [`see_other`].
//! 5. Add the file's `router()` to [`router`] below: only routes merged there get the
//!    CSRF check, compression and the HTML error pages.

mod account;
mod admin;
mod analysis;
mod app_shell;
mod archive;
pub mod assets;
mod bots;
mod chart;
pub mod clock_form;
pub mod csrf;
mod ctx;
mod error;
pub mod error_scope;
pub mod flash;
mod game;
mod game_analysis;
mod game_chat;
mod game_conditionals;
mod game_notes;
mod game_takeback;
pub mod headers;
mod help;
mod home;
mod invitations;
mod language;
mod leaderboard;
mod lobby;
mod my_games;
mod notifications;
mod players;
mod reports;
mod rules;
mod script_texts;
mod sections;
mod settings;
pub mod time;
mod tournaments;
mod users;
pub mod view;

use axum::Router;
use axum::http::header::LOCATION;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;

use crate::web::state::AppState;
pub use ctx::{Ctx, SessionUser, SignedIn};
pub use error::{PageError, PageResult, not_found_page};

/// Every page route with the CSRF check, compression and a 500 page for panics.
pub fn router(state: &AppState) -> Router<AppState> {
    Router::new()
        .merge(home::router())
        .merge(account::router())
        .merge(lobby::router())
        .merge(my_games::router())
        .merge(archive::router())
        .merge(leaderboard::router())
        .merge(players::router())
        .merge(bots::router())
        .merge(users::router())
        .merge(settings::router())
        .merge(tournaments::router())
        .merge(notifications::router())
        .merge(help::router())
        .merge(game::router())
        .merge(game_notes::router())
        .merge(game_analysis::router())
        .merge(game_conditionals::router())
        .merge(game_chat::router())
        .merge(analysis::router())
        .merge(rules::router())
        .merge(admin::router())
        .merge(reports::router())
        .merge(invitations::router())
        .merge(language::router())
        .layer(axum::middleware::from_fn_with_state(state.clone(), csrf::protect))
        .merge(assets::router())
        .merge(app_shell::router())
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(|_| error::panic_page()))
}

/// A 303 redirect: the answer to a successful form POST.
#[must_use]
pub fn see_other(location: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(location) {
        response.headers_mut().insert(LOCATION, value);
    }
    response
}
