//! Who is looking at a page: the session user (cookie only; pages ignore Bearer tokens)
//! with their preferences, the CSRF token for forms, and the path (for the navigation).

use std::collections::BTreeSet;
use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::csrf::CsrfToken;
use super::error::PageError;
use crate::api::admin::site::SiteSettings;
use crate::api::admin::standing::Standing;
use crate::domain::club_states::MoveConfirmation;
use crate::infra::i18n::{self, Lang};
use crate::web::auth::{self, AuthUser};
use crate::web::cookies;
use crate::web::error::ApiError;
use crate::web::state::AppState;

/// At most this many games counted as waiting for one's move (the count reads "99+" beyond).
const MY_MOVE_LIMIT: i64 = 100;

/// The signed-in user of a page, with the preferences pages need.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub id: i64,
    pub username: String,
    /// IANA time zone name for showing times (default `UTC`).
    pub time_zone: String,
    /// When a move made on the page waits for "Confirm".
    pub move_confirmation: MoveConfirmation,
    /// The language they chose (a catalogue's tag); none for their browser's.
    pub language: Option<String>,
    /// Whether they administer the site (the header links to `/admin`).
    pub is_admin: bool,
    /// Their oldest warning from an administrator not yet dismissed: every page shows it.
    pub warning: Option<PageWarning>,
}

/// A warning shown at the top of the warned user's pages until they dismiss it.
#[derive(Debug, Clone)]
pub struct PageWarning {
    pub id: i64,
    /// The administrator's note; empty when they left none.
    pub note: String,
}

impl SessionUser {
    /// The user as the game service knows them.
    #[must_use]
    pub fn auth(&self) -> AuthUser {
        AuthUser {
            id: self.id,
            username: self.username.clone(),
        }
    }
}

/// What every template gets as `ctx`.
#[derive(Debug, Clone)]
pub struct Ctx {
    pub user: Option<SessionUser>,
    /// Put into every POST form (`{% include "csrf.html" %}`) or the `X-CSRF-Token` header.
    pub csrf_token: String,
    /// The request path, to mark the current section in the navigation.
    pub path: String,
    /// False only on error pages rendered without a request (the account links are hidden).
    pub known: bool,
    /// The stored hash of the session cookie, when signed in.
    pub session_hash: Option<String>,
    /// The club's settings: its name (titles, header) and notice (every page).
    pub site: Arc<SiteSettings>,
    /// The bots' usernames, for the BOT badge beside every name.
    pub bots: Arc<BTreeSet<String>>,
    /// The games where it is the signed-in user's move, most urgent first: the count in the
    /// navigation and the tab title, and the "next game" button.
    pub to_move: Arc<[String]>,
    /// The page's language: the account's setting, the browser's menu choice (a cookie) or
    /// `Accept-Language`; English on error pages without a request.
    pub lang: Lang,
    /// Whether the site offers the pseudo-locale (`HERALD_PSEUDO_LOCALE`): the footer's menu
    /// lists it.
    pub pseudo_offered: bool,
}

/// A number a template gives [`Ctx::count`] (templates hand fields over by reference).
pub trait Count {
    fn number(&self) -> i64;
}

impl Count for i64 {
    fn number(&self) -> i64 {
        *self
    }
}

impl Count for usize {
    fn number(&self) -> i64 {
        i64::try_from(*self).unwrap_or(i64::MAX)
    }
}

impl Count for u8 {
    fn number(&self) -> i64 {
        i64::from(*self)
    }
}

impl<T: Count> Count for &T {
    fn number(&self) -> i64 {
        (**self).number()
    }
}

impl Ctx {
    /// A context without a request (error pages).
    #[must_use]
    pub fn bare() -> Ctx {
        Ctx {
            user: None,
            csrf_token: String::new(),
            path: String::new(),
            known: false,
            session_hash: None,
            site: Arc::default(),
            bots: Arc::default(),
            to_move: Arc::from([]),
            lang: Lang::english(),
            pseudo_offered: false,
        }
    }

    /// The text of a catalogue key in the page's language.
    #[must_use]
    pub fn t(&self, key: &str) -> String {
        self.lang.text(key)
    }

    /// The text of a key chosen by a count (`$count`), in the page's language.
    #[must_use]
    pub fn count(&self, key: &str, count: impl Count) -> String {
        self.lang.count(key, count.number())
    }

    /// A clock in words, in the page's language ("10 moves in 50 days").
    #[must_use]
    pub fn clock(&self, control: &crate::domain::time_controls::TimeControl) -> String {
        control.label(&self.lang)
    }

    /// The text of a key with one argument (a name, a game: isolated in the sentence).
    #[must_use]
    pub fn t_with(&self, key: &str, name: &'static str, value: &str) -> String {
        use fluent_templates::fluent_bundle::FluentValue;
        self.lang.text_with(key, &[(name, FluentValue::from(value))])
    }

    /// The text of a key with one argument that needs no isolation (numbers: a rating
    /// range, a count written out).
    #[must_use]
    pub fn t_plain(&self, key: &str, name: &'static str, value: &str) -> String {
        use fluent_templates::fluent_bundle::FluentValue;
        self.lang.plain_with(key, &[(name, FluentValue::from(value))])
    }

    /// A catalogue text that carries its own markup (links, emphasis: keys ending in
    /// `-html`), printed with `|safe`: the catalogue is ours, so only its arguments could
    /// bring markup, and there are none here.
    #[must_use]
    pub fn html(&self, key: &str) -> String {
        debug_assert!(key.ends_with("-html"), "{key} does not say it holds markup");
        self.lang.text(key)
    }

    /// [`Ctx::html`] with one argument, escaped before it goes in (a name, a number).
    #[must_use]
    pub fn html_with(&self, key: &str, name: &'static str, value: &str) -> String {
        use fluent_templates::fluent_bundle::FluentValue;
        debug_assert!(key.ends_with("-html"), "{key} does not say it holds markup");
        let escaped = super::view::escaped(value);
        // No isolation marks: a value may stand in an attribute (a link's address).
        self.lang.plain_with(key, &[(name, FluentValue::from(escaped))])
    }

    /// The texts the page's scripts show, as JSON for `<script type="application/json">`.
    #[must_use]
    pub fn script_texts(&self) -> std::sync::Arc<str> {
        super::script_texts::json_for(&self.lang)
    }

    /// The site's languages, for the footer's menu.
    #[must_use]
    pub fn languages(&self) -> Vec<Lang> {
        let mut all = i18n::available();
        if self.pseudo_offered {
            all.push(Lang::pseudo());
        }
        all
    }

    /// The footer's line, naming the games in the page's language ("a, b and c").
    #[must_use]
    pub fn footer_about(&self) -> String {
        let names: Vec<String> = herald_rules::Variant::ALL
            .iter()
            .map(|&v| self.lang.game_name(v))
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        self.t_with("footer-about", "games", &self.lang.list(&names))
    }

    /// How many games wait for the signed-in user's move.
    #[must_use]
    pub fn my_move_count(&self) -> usize {
        self.to_move.len()
    }

    /// The count as shown: `99+` past 99.
    #[must_use]
    pub fn my_move_label(&self) -> String {
        match self.to_move.len() {
            n if n > 99 => "99+".to_owned(),
            n => n.to_string(),
        }
    }

    /// `(N) ` before every title while N games wait for the user's move; empty otherwise.
    #[must_use]
    pub fn title_count(&self) -> String {
        if self.to_move.is_empty() {
            String::new()
        } else {
            format!("({}) ", self.my_move_label())
        }
    }

    /// Whether `username` is a bot's.
    #[must_use]
    pub fn is_bot(&self, username: &str) -> bool {
        self.bots.contains(username)
    }

    /// The badge after a bot's name, nothing after a person's: `{{ ctx.badge(name)|safe }}`.
    /// Fixed markup around a catalogue text (escaped), no user text, so templates may print
    /// it unescaped.
    #[must_use]
    pub fn badge(&self, username: &str) -> String {
        if !self.is_bot(username) {
            return String::new();
        }
        let title = super::view::escaped(&self.lang.text("site-bot-badge"));
        format!(" <abbr class=\"bot-badge\" title=\"{title}\">BOT</abbr>")
    }

    /// The signed-in user, or a redirect to the log-in page that comes back here.
    ///
    /// # Errors
    /// [`PageError::LoginRequired`] when nobody is signed in.
    pub fn require_user(&self) -> Result<&SessionUser, PageError> {
        self.user.as_ref().ok_or_else(|| PageError::LoginRequired {
            next: self.path.clone(),
        })
    }

    /// The time zone to show times in.
    #[must_use]
    pub fn time_zone(&self) -> &str {
        self.user.as_ref().map_or("UTC", |u| u.time_zone.as_str())
    }

    /// Whether the navigation link for `section` is the current page.
    #[must_use]
    pub fn current(&self, section: &str) -> bool {
        if section == "/" {
            self.path == "/"
        } else {
            self.path == section || self.path.starts_with(&format!("{section}/"))
        }
    }
}

/// The stored choice, the default without a settings row; an unknown stored value is
/// logged and read as the default (the safe choice: moves are confirmed on phones).
fn stored_confirmation(user_id: i64, stored: Option<&str>) -> MoveConfirmation {
    match stored.map(str::parse::<MoveConfirmation>) {
        None => MoveConfirmation::Touch,
        Some(Ok(choice)) => choice,
        Some(Err(error)) => {
            tracing::warn!(user_id, %error, "unknown move confirmation in user_settings");
            MoveConfirmation::Touch
        }
    }
}

async fn session_user(
    parts: &Parts,
    state: &AppState,
    csrf_token: &str,
) -> Result<Option<(SessionUser, String)>, PageError> {
    let Some(secret) = auth::session_cookie(parts, &state.config) else {
        return Ok(None);
    };
    // An expired or unknown session is simply "not signed in" for pages.
    let hash = auth::secret_hash(&secret);
    let row = state.db.session_user(&hash, state.now()).await?;
    if let Some(r) = &row
        && parts.uri.path() != "/logout"
    {
        // A suspended or banned user sees why on every page, with a way to log out.
        if let Some(refusal) = Standing::of(r.suspended_until, r.banned_at, state.now()).refusal() {
            return Err(PageError::Restricted {
                refusal,
                csrf_token: csrf_token.to_owned(),
            });
        }
    }
    Ok(row.map(|r| {
        let user = SessionUser {
            id: r.id,
            username: r.username,
            time_zone: r.time_zone.unwrap_or_else(|| "UTC".to_owned()),
            move_confirmation: stored_confirmation(r.id, r.move_confirmation.as_deref()),
            language: r.language,
            is_admin: r.is_admin != 0,
            warning: r.warning_id.map(|id| PageWarning {
                id,
                note: r.warning_note.unwrap_or_default(),
            }),
        };
        (user, hash)
    }))
}

impl FromRequestParts<AppState> for Ctx {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        if let Some(ctx) = parts.extensions.get::<Ctx>() {
            return Ok(ctx.clone());
        }
        let csrf_token = parts
            .extensions
            .get::<CsrfToken>()
            .map(|t| t.0.clone())
            .ok_or_else(|| ApiError::internal("page route without the CSRF layer (merge it in pages::router)"))?;
        let (user, session_hash) = session_user(parts, state, &csrf_token).await?.unzip();
        let site = state.db.site_settings().await?;
        let bots = state.db.bot_names().await?;
        let to_move: Arc<[String]> = match &user {
            Some(user) => {
                state.db.seen(user.id, state.now());
                state.db.games_to_move(user.id, MY_MOVE_LIMIT).await?.into()
            }
            None => Arc::from([]),
        };
        // The account's choice, else this browser's (the footer's menu), else its header.
        let chosen_language = user
            .as_ref()
            .and_then(|u| u.language.clone())
            .or_else(|| cookies::get(&state.config, &parts.headers, cookies::LANGUAGE));
        let ctx = Ctx {
            user,
            csrf_token,
            path: parts.uri.path().to_owned(),
            known: true,
            session_hash,
            site,
            bots,
            to_move,
            lang: i18n::choose(
                chosen_language.as_deref(),
                parts
                    .headers
                    .get(axum::http::header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok()),
                state.config.pseudo_locale,
            ),
            pseudo_offered: state.config.pseudo_locale,
        };
        parts.extensions.insert(ctx.clone());
        super::error_scope::keep(&ctx);
        Ok(ctx)
    }
}

/// A page context with a signed-in user; otherwise a redirect to the log-in page.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub ctx: Ctx,
    pub user: SessionUser,
}

impl FromRequestParts<AppState> for SignedIn {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let ctx = Ctx::from_request_parts(parts, state).await?;
        let user = ctx.require_user()?.clone();
        Ok(SignedIn { ctx, user })
    }
}
