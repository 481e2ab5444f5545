//! The footer's language menu: the choice kept in this browser (a cookie) and, for a
//! signed-in person, in their account, then back to the page they were reading.

use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Form, Router};
use serde::Deserialize;

use super::account::safe_next;
use super::{Ctx, PageResult, see_other};
use crate::api::preferences::known_language;
use crate::web::cookies;
use crate::web::state::AppState;

/// A year: the choice outlives sessions.
const KEPT_SECS: i64 = 365 * 24 * 3600;

#[derive(Debug, Deserialize)]
struct LanguageForm {
    /// A catalogue's tag; empty for the browser's own language.
    #[serde(default)]
    language: String,
    /// The page to go back to (a path of this site).
    #[serde(default)]
    back: String,
}

async fn choose(State(state): State<AppState>, ctx: Ctx, Form(form): Form<LanguageForm>) -> PageResult<Response> {
    let wanted = form.language.trim();
    let language = if wanted.is_empty() {
        None
    } else {
        Some(known_language(wanted, state.config.pseudo_locale)?)
    };
    if let Some(user) = &ctx.user {
        let mut settings = state.db.settings(user.id).await?;
        settings.language.clone_from(&language);
        state.db.save_settings(user.id, &settings, state.now()).await?;
    }
    let cookie = match &language {
        Some(tag) => cookies::set(&state.config, cookies::LANGUAGE, tag.clone(), Some(KEPT_SECS))?,
        None => cookies::clear(&state.config, cookies::LANGUAGE)?,
    };
    let mut response = see_other(&safe_next(&state.config.base_url, Some(&form.back))).into_response();
    response.headers_mut().append(SET_COOKIE, cookie);
    Ok(response)
}

pub fn router() -> Router<AppState> {
    Router::new().route("/language", post(choose))
}

#[cfg(test)]
mod tests {
    use super::super::account::safe_next;

    #[test]
    fn only_paths_of_this_site_are_followed() {
        let local_path = |back: &str| safe_next("http://127.0.0.1", Some(back));
        assert_eq!(local_path("/games/abc"), "/games/abc");
        assert_eq!(local_path("//evil.example/x"), "/");
        assert_eq!(local_path("/\\evil.example"), "/");
        assert_eq!(local_path("https://evil.example"), "/");
        assert_eq!(local_path(""), "/");
        assert_eq!(local_path("/a\r\nSet-Cookie: x"), "/");
    }
}
