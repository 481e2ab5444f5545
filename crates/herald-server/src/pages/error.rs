//! Page errors: the same failures as the API's [`ApiError`], shown as an HTML page a
//! person understands (status, title, message), never a stack trace.

use askama::Template;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::see_other;
use crate::infra::i18n::Lang;
use crate::web::error::ApiError;

/// What a page handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum PageError {
    /// Any API error; its status and message are shown (internal details are not).
    #[error(transparent)]
    Api(#[from] ApiError),
    /// The page needs a signed-in user: redirect to the log-in page and come back.
    #[error("log in to see this page")]
    LoginRequired { next: String },
    /// A form POST without the right CSRF token.
    #[error("the form expired")]
    Csrf,
    /// The session's user is suspended or banned: the page says why and until when, with a
    /// log-out button (the session's CSRF token), the one thing they can still do.
    #[error("{refusal}")]
    Restricted { refusal: ApiError, csrf_token: String },
}

/// Result alias for page handlers.
pub type PageResult<T> = Result<T, PageError>;

impl From<sqlx::Error> for PageError {
    fn from(error: sqlx::Error) -> PageError {
        PageError::Api(error.into())
    }
}

impl PageError {
    /// A 404 page with a message.
    pub fn not_found(message: impl Into<String>) -> PageError {
        PageError::Api(ApiError::not_found("not_found", message))
    }
}

/// The error page; rendered without the user, so it never fails on a session problem.
#[derive(Template)]
#[template(path = "error.html")]
pub(crate) struct ErrorPage {
    pub ctx: super::Ctx,
    pub status: u16,
    pub title: String,
    pub message: String,
    /// Offer the log-out form (`ctx` then carries the session's CSRF token).
    pub logout: bool,
}

fn title(lang: &crate::infra::i18n::Lang, status: StatusCode) -> String {
    let key = match status.as_u16() {
        400 | 422 => "errors-title-did-not-work",
        401 => "errors-title-log-in",
        403 => "errors-title-not-allowed",
        404 => "errors-title-not-found",
        405 => "errors-title-not-possible",
        409 => "errors-title-changed",
        408 | 503 => "errors-title-busy",
        413 => "errors-title-too-much",
        429 => "errors-title-slow-down",
        _ => "errors-title-went-wrong",
    };
    lang.text(key)
}

/// Renders an error page with a status, in the reader's language (see [`super::error_scope`]).
pub(crate) fn page(status: StatusCode, message: impl FnOnce(&Lang) -> String) -> Response {
    let ctx = super::error_scope::context();
    let title = title(&ctx.lang, status);
    let message = message(&ctx.lang);
    render(ErrorPage {
        ctx,
        status: status.as_u16(),
        title,
        message,
        logout: false,
    })
}

/// The page a suspended or banned user gets for every page but the log-out.
fn restricted(refusal: &ApiError, csrf_token: String) -> Response {
    let ctx = super::Ctx {
        csrf_token,
        ..super::error_scope::context()
    };
    let title = ctx.lang.text(match refusal.code() {
        "account_banned" => "errors-title-banned",
        _ => "errors-title-suspended",
    });
    let message = crate::web::error_language::message_in(&ctx.lang, refusal);
    render(ErrorPage {
        ctx,
        status: refusal.status().as_u16(),
        title,
        message,
        logout: true,
    })
}

fn render(page: ErrorPage) -> Response {
    let status = StatusCode::from_u16(page.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    match page.render() {
        Ok(html) => (status, axum::response::Html(html)).into_response(),
        Err(e) => {
            tracing::error!(error = %e, "error page failed to render");
            // i18n: not shown through a template, which is what failed: the one fixed text.
            (status, "Herald could not show this page.").into_response()
        }
    }
}

/// The page for an unknown path.
#[must_use]
pub fn not_found_page() -> Response {
    page(StatusCode::NOT_FOUND, |lang| lang.text("errors-no-page"))
}

/// The page for a request that panicked (a bug): logged by the panic layer's caller.
pub(crate) fn panic_page() -> Response {
    tracing::error!("a page handler panicked");
    page(StatusCode::INTERNAL_SERVER_ERROR, |lang| lang.text("errors-unexpected"))
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        match self {
            PageError::LoginRequired { next } => {
                let query = serde_urlencoded::to_string([("next", next.as_str())]).unwrap_or_default();
                see_other(&format!("/login?{query}"))
            }
            PageError::Restricted { refusal, csrf_token } => restricted(&refusal, csrf_token),
            PageError::Csrf => page(StatusCode::FORBIDDEN, |lang| lang.text("errors-form-expired")),
            PageError::Api(error) => {
                let status = error.status();
                if let ApiError::Internal(source) = &error {
                    let detail = crate::web::error::error_chain(source.as_ref());
                    tracing::error!(%detail, "internal error on a page");
                }
                let message = |lang: &Lang| match &error {
                    ApiError::Internal(_) => lang.text("errors-unexpected"),
                    other => crate::web::error_language::message_in(lang, other),
                };
                if matches!(error, ApiError::Unavailable) {
                    let mut response = page(status, |lang| lang.text("errors-no-database"));
                    response.headers_mut().insert(
                        axum::http::header::RETRY_AFTER,
                        axum::http::HeaderValue::from_static(crate::web::error::UNAVAILABLE_RETRY_AFTER),
                    );
                    return response;
                }
                let mut response = page(status, message);
                error.add_retry_after(&mut response);
                response
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sentences() {
        assert_eq!(crate::web::error_language::sentence("no such game"), "No such game.");
        assert_eq!(crate::web::error_language::sentence("done."), "Done.");
        assert_eq!(crate::web::error_language::sentence(""), "Something went wrong.");
    }
}
