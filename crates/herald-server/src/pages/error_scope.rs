//! What an error page is drawn with, which its renderer cannot ask the request for: the
//! visitor's language (set for every request by [`remember`]) and, once the page's handler
//! has built it, the page context (set by the [`Ctx`] extractor), so an error speaks the
//! reader's language and keeps the site's menu.

use std::cell::RefCell;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::ACCEPT_LANGUAGE;
use axum::middleware::Next;
use axum::response::Response;

use super::Ctx;
use crate::infra::config::Config;
use crate::infra::i18n::{self, Lang};
use crate::web::cookies;

#[derive(Debug, Default)]
struct Scope {
    lang: Lang,
    ctx: Option<Ctx>,
}

tokio::task_local! {
    static SCOPE: RefCell<Scope>;
}

/// Runs the request with its visitor's language remembered for an error page: the
/// browser's menu choice (a cookie), else its `Accept-Language` (an account's own setting
/// arrives with the page context, when the handler got that far).
pub async fn remember(State(config): State<Arc<Config>>, request: Request, next: Next) -> Response {
    if request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    let chosen = cookies::get(&config, request.headers(), cookies::LANGUAGE);
    let accept = request
        .headers()
        .get(ACCEPT_LANGUAGE)
        .and_then(|value| value.to_str().ok());
    let lang = i18n::choose(chosen.as_deref(), accept, config.pseudo_locale);
    SCOPE
        .scope(RefCell::new(Scope { lang, ctx: None }), next.run(request))
        .await
}

/// Remembers the page context the handler built (a no-op outside [`remember`]).
pub(crate) fn keep(ctx: &Ctx) {
    let _ = SCOPE.try_with(|scope| scope.borrow_mut().ctx = Some(ctx.clone()));
}

/// The context for an error page: the handler's when it had one, else a bare one in the
/// visitor's language (English outside [`remember`]).
pub(crate) fn context() -> Ctx {
    SCOPE
        .try_with(|scope| {
            let scope = scope.borrow();
            scope.ctx.clone().unwrap_or_else(|| Ctx {
                lang: scope.lang.clone(),
                ..Ctx::bare()
            })
        })
        .unwrap_or_else(|_| Ctx::bare())
}
