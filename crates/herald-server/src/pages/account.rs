//! Sign up, log in and log out with forms; a session cookie keeps the user signed in.

use askama::Template;
use askama_web::WebTemplate;
use axum::extract::{Query, State};
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use serde::Deserialize;

use super::{Ctx, PageResult, see_other};
use crate::api::accounts::{self, Credentials};
use crate::api::admin::site::SignupMode;
use crate::api::preferences::known_language;
use crate::storage::SettingsRow;
use crate::web::auth;
use crate::web::cookies;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// Where to go after logging in: only a path on this site (no open redirect). The value is
/// resolved against the base URL and kept only when the result has the same origin; control
/// characters, whitespace and backslashes are refused outright, since browsers drop or
/// rewrite them (`/\t/evil.host` is read as `//evil.host`).
pub(crate) fn safe_next(base_url: &str, next: Option<&str>) -> String {
    let home = || "/".to_owned();
    let Some(next) = next else { return home() };
    if !next.starts_with('/') || next.contains('\\') || next.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return home();
    }
    let Ok(base) = url::Url::parse(base_url) else {
        return home();
    };
    let Ok(target) = base.join(next) else { return home() };
    if target.origin() != base.origin() || target.path() == "/login" {
        return home();
    }
    let mut path = target.path().to_owned();
    if let Some(query) = target.query() {
        path.push('?');
        path.push_str(query);
    }
    // What was checked above is the value as given; what is returned is the normalised
    // path, and `/.//host`, `/%2e//host` or `/x/..//host` normalise to `//host`, which a
    // browser reads as another site. So the returned value is checked too.
    if !path.starts_with('/') || path.starts_with("//") || path.contains('\\') {
        return home();
    }
    path
}

#[derive(Debug, Deserialize)]
struct NextQuery {
    next: Option<String>,
    /// An invitation code from an invitation link (prefilled on the sign-up form).
    invite: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "login.html")]
struct LoginPage {
    ctx: Ctx,
    next: String,
    username: String,
    error: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "signup.html")]
struct SignupPage {
    ctx: Ctx,
    next: String,
    username: String,
    error: Option<String>,
    /// The invitation code, prefilled from `?invite=`.
    invite: String,
}

impl SignupPage {
    fn closed(&self) -> bool {
        self.ctx.site.signup == SignupMode::Closed
    }

    fn invite_only(&self) -> bool {
        self.ctx.site.signup == SignupMode::InviteOnly
    }
}

#[derive(Debug, Deserialize)]
struct AccountForm {
    username: String,
    password: String,
    #[serde(default)]
    password_again: Option<String>,
    next: Option<String>,
    #[serde(default)]
    invite: Option<String>,
    /// The browser's own time zone, which the sign-up page's script fills in (none without
    /// JavaScript: UTC until the person sets one).
    #[serde(default)]
    time_zone: Option<String>,
}

async fn login_page(State(state): State<AppState>, ctx: Ctx, Query(q): Query<NextQuery>) -> Response {
    let next = safe_next(&state.config.base_url, q.next.as_deref());
    if ctx.user.is_some() {
        return see_other(&next);
    }
    LoginPage {
        ctx,
        next,
        username: String::new(),
        error: None,
    }
    .into_response()
}

async fn login(State(state): State<AppState>, ctx: Ctx, Form(form): Form<AccountForm>) -> PageResult<Response> {
    let next = safe_next(&state.config.base_url, form.next.as_deref());
    let credentials = Credentials {
        username: form.username.clone(),
        password: form.password,
    };
    match accounts::authenticate(&state, credentials).await {
        Ok(user) => {
            let cookie = accounts::start_session(&state, user.id).await?;
            let mut response = see_other(&next);
            response.headers_mut().append(SET_COOKIE, cookie);
            Ok(response)
        }
        Err(ApiError::Unauthorized { .. }) => {
            let error = ctx.lang.text("settings-login-wrong");
            Ok((
                StatusCode::UNAUTHORIZED,
                LoginPage {
                    ctx,
                    next,
                    username: form.username,
                    error: Some(error),
                },
            )
                .into_response())
        }
        Err(e) => Err(e.into()),
    }
}

async fn signup_page(State(state): State<AppState>, ctx: Ctx, Query(q): Query<NextQuery>) -> Response {
    let page = SignupPage {
        ctx,
        next: safe_next(&state.config.base_url, q.next.as_deref()),
        username: String::new(),
        error: None,
        invite: q.invite.unwrap_or_default(),
    };
    // Closed: the page says so, with the API's status.
    let status = if page.closed() {
        StatusCode::FORBIDDEN
    } else {
        StatusCode::OK
    };
    (status, page).into_response()
}

async fn signup(
    State(state): State<AppState>,
    ctx: Ctx,
    headers: HeaderMap,
    Form(form): Form<AccountForm>,
) -> PageResult<Response> {
    let next = safe_next(&state.config.base_url, form.next.as_deref());
    let invite = form.invite.clone().unwrap_or_default();
    let refuse = |status: StatusCode, ctx: Ctx, username: String, message: String| {
        (
            status,
            SignupPage {
                ctx,
                next: next.clone(),
                username,
                error: Some(message),
                invite: invite.clone(),
            },
        )
            .into_response()
    };
    if form.password_again.as_deref() != Some(form.password.as_str()) {
        let message = ctx.lang.text("settings-signup-passwords-differ");
        return Ok(refuse(StatusCode::BAD_REQUEST, ctx, form.username, message));
    }
    match accounts::register(&state, &form.username, form.password, form.invite.as_deref()).await {
        Ok(id) => {
            // Dates in the newcomer's own zone and the language the menu was set to, from
            // the first page on; a zone this server does not know is left at UTC.
            let zone = form
                .time_zone
                .as_deref()
                .map(str::trim)
                .filter(|z| super::time::is_time_zone(z));
            let language = cookies::get(&state.config, &headers, cookies::LANGUAGE)
                .and_then(|tag| known_language(&tag, state.config.pseudo_locale).ok());
            if zone.is_some() || language.is_some() {
                let mut settings = SettingsRow {
                    language,
                    ..SettingsRow::default()
                };
                if let Some(zone) = zone {
                    zone.clone_into(&mut settings.time_zone);
                }
                state.db.save_settings(id, &settings, state.now()).await?;
            }
            let cookie = accounts::start_session(&state, id).await?;
            let mut response = see_other(&next);
            response.headers_mut().append(SET_COOKIE, cookie);
            Ok(response)
        }
        Err(e @ (ApiError::BadRequest { .. } | ApiError::Conflict { .. } | ApiError::Forbidden { .. })) => Ok(refuse(
            e.status(),
            ctx.clone(),
            form.username,
            crate::web::error_language::message_in(&ctx.lang, &e),
        )),
        Err(e) => Err(e.into()),
    }
}

async fn logout(State(state): State<AppState>, request: axum::extract::Request) -> PageResult<Response> {
    let (parts, _) = request.into_parts();
    if let Some(secret) = auth::session_cookie(&parts, &state.config) {
        state.db.delete_session(&auth::secret_hash(&secret)).await?;
    }
    let mut response = see_other("/");
    response
        .headers_mut()
        .append(SET_COOKIE, accounts::clear_session_cookie(&state)?);
    Ok(response)
}

/// `/login`, `/signup`, `/logout`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/login", get(login_page).post(login))
        .route("/signup", get(signup_page).post(signup))
        .route("/logout", post(logout))
}

#[cfg(test)]
mod tests {
    #[test]
    fn next_stays_on_site() {
        let next = |n: &str| super::safe_next("https://chess.example/", Some(n));
        assert_eq!(next("/lobby"), "/lobby");
        assert_eq!(next("/games/abc?x=1"), "/games/abc?x=1");
        assert_eq!(next("/a/../lobby"), "/lobby");
        for bad in [
            "//evil.example",
            "https://evil.example",
            "/\\evil",
            "/\t/evil.host/x",
            "/\n/evil.host",
            "/ /evil.host",
            "\t//evil.host",
            "/\u{b}/evil.host",
            "/\u{a0}/evil.host",
            "lobby",
            "/login",
            // Each normalises to a path starting with `//`, which a browser reads as
            // another host.
            "/.//evil.example",
            "/%2e//evil.example",
            "/%2E//evil.example",
            "/.%2e//evil.example",
            "/x/..//evil.example",
            "/x/%2e%2e//evil.example",
            "/././/evil.example/a?b=c",
            "/x/../..//evil.example",
            "/.///evil.example",
            "/./\\evil.example",
        ] {
            assert_eq!(next(bad), "/", "{bad:?}");
        }
        assert_eq!(super::safe_next("https://chess.example/", None), "/");
        // Encoded slashes stay encoded: one path on this site, never a host.
        for kept in [
            "/%2F%2Fevil.example",
            "/%2f/evil.example",
            "/%5C%5Cevil.example",
            "/%5c/evil.example",
        ] {
            let out = next(kept);
            assert!(out.starts_with('/') && !out.starts_with("//"), "{kept:?} -> {out:?}");
            assert!(!out.contains('\\'), "{kept:?} -> {out:?}");
        }
    }
}
