//! The HTML pages: status codes, the login flow with cookies, CSRF refusal, escaping of
//! user-supplied text, and the HTML 404 page.

use std::collections::BTreeMap;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

use crate::common::{TestApp, each_backend};

/// A browser in miniature: keeps cookies and the last page's CSRF token.
pub struct Browser<'a> {
    pub app: &'a TestApp,
    pub cookies: BTreeMap<String, String>,
    pub token: Option<String>,
}

/// A response: status, `Location` header, `Set-Cookie` headers and the body text.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    pub location: Option<String>,
    pub set_cookies: Vec<String>,
    pub body: String,
    pub content_type: String,
}

fn token_in(body: &str) -> Option<String> {
    let at = body.find("name=\"csrf_token\" value=\"")? + "name=\"csrf_token\" value=\"".len();
    body.get(at..)?.split('"').next().map(str::to_owned)
}

impl<'a> Browser<'a> {
    pub fn new(app: &'a TestApp) -> Browser<'a> {
        Browser {
            app,
            cookies: BTreeMap::new(),
            token: None,
        }
    }

    pub async fn send(&mut self, req: axum::http::request::Builder, body: Body) -> Page {
        let cookie: Vec<String> = self.cookies.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let req = if cookie.is_empty() {
            req
        } else {
            req.header(header::COOKIE, cookie.join("; "))
        };
        let response = self.app.router.clone().oneshot(req.body(body).unwrap()).await.unwrap();
        let status = response.status();
        let location = response
            .headers()
            .get(header::LOCATION)
            .map(|v| v.to_str().unwrap().to_owned());
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let set_cookies: Vec<String> = response
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect();
        for c in &set_cookies {
            let pair = c.split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if value.is_empty() || c.contains("Max-Age=0") {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = String::from_utf8_lossy(&bytes).into_owned();
        if let Some(token) = token_in(&body) {
            self.token = Some(token);
        }
        Page {
            status,
            location,
            set_cookies,
            body,
            content_type,
        }
    }

    pub async fn get(&mut self, path: &str) -> Page {
        self.send(Request::get(path), Body::empty()).await
    }

    /// Posts a form with the current CSRF token added.
    pub async fn post(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let token = self.token.clone().unwrap_or_default();
        let mut all: Vec<(&str, &str)> = fields.to_vec();
        all.push(("csrf_token", &token));
        self.post_raw(path, &all).await
    }

    /// Posts exactly these fields (no token added).
    pub async fn post_raw(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let body = serde_urlencoded::to_string(fields).unwrap();
        self.send(
            Request::post(path).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded"),
            Body::from(body),
        )
        .await
    }

    /// Signs up `name` (password `password-<name>`) through the form; stays logged in.
    pub async fn sign_up(&mut self, name: &str) {
        self.get("/signup").await;
        let password = format!("password-{name}");
        let page = self
            .post(
                "/signup",
                &[
                    ("username", name),
                    ("password", &password),
                    ("password_again", &password),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert!(self.cookies.contains_key("herald_session"));
        self.get("/").await;
    }
}

#[tokio::test]
async fn public_pages_render_and_unknown_paths_get_the_html_404() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        for path in ["/", "/login", "/signup"] {
            let page = b.get(path).await;
            assert_eq!(page.status, StatusCode::OK, "{path}");
            assert!(page.content_type.starts_with("text/html"), "{path}");
            assert!(page.body.contains("<nav aria-label=\"Main\">"), "{path}");
        }
        let page = b.get("/no/such/page").await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        assert!(page.content_type.starts_with("text/html"));
        assert!(page.body.contains("Page not found"));
        // The API keeps its JSON 404.
        let (status, body) = app.get("/api/v1/nothing", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(body["error"]["code"], "not_found");
        // Pages that need a user send visitors to the log-in page and back.
        let page = b.get("/my-games").await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert_eq!(page.location.as_deref(), Some("/login?next=%2Fmy-games"));
    })
    .await;
}

#[tokio::test]
async fn sign_up_log_out_and_log_in_with_cookies() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.sign_up("alice").await;
        let home = b.get("/").await;
        assert!(home.body.contains("Welcome back, alice"), "{}", home.body);
        let session = b.cookies.get("herald_session").cloned().unwrap();
        let cookie = b
            .set_cookies_of("/logout")
            .await
            .into_iter()
            .find(|c| c.starts_with("herald_session="))
            .unwrap();
        assert!(cookie.contains("Max-Age=0"), "{cookie}");
        assert!(!b.get("/").await.body.contains("Welcome back"));
        // The old session no longer works.
        b.cookies.insert("herald_session".into(), session);
        assert!(!b.get("/").await.body.contains("Welcome back"));
        b.cookies.remove("herald_session");
        b.get("/login").await;
        let wrong = b
            .post("/login", &[("username", "alice"), ("password", "not-it-at-all")])
            .await;
        assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
        assert!(wrong.body.contains("Wrong username or password"));
        assert!(wrong.body.contains("value=\"alice\""));
        let ok = b
            .post(
                "/login",
                &[
                    ("username", "alice"),
                    ("password", "password-alice"),
                    ("next", "/my-games"),
                ],
            )
            .await;
        assert_eq!(ok.status, StatusCode::SEE_OTHER);
        assert_eq!(ok.location.as_deref(), Some("/my-games"));
        let cookie = ok
            .set_cookies
            .iter()
            .find(|c| c.starts_with("herald_session="))
            .unwrap();
        assert!(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
            "{cookie}"
        );
        assert!(
            !cookie.contains("Secure"),
            "plain-http tests run with cookie_secure off: {cookie}"
        );
        assert_eq!(b.get("/my-games").await.status, StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn session_cookie_is_secure_when_configured() {
    each_backend(|db| async move {
        let mut config = herald_server::Config::for_tests(&db.url);
        config.cookie_secure = herald_server::config::AutoBool(Some(true));
        let app = TestApp::with_rules(
            &db,
            std::sync::Arc::new(crate::common::ScriptedRules { finish_after: 6 }),
            config,
        )
        .await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let page = b
            .post(
                "/signup",
                &[
                    ("username", "carol"),
                    ("password", "password-c"),
                    ("password_again", "password-c"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let cookie = page
            .set_cookies
            .iter()
            .find(|c| c.starts_with("herald_session="))
            .unwrap();
        assert!(cookie.contains("; Secure"), "{cookie}");
    })
    .await;
}

#[tokio::test]
async fn a_post_without_or_with_a_wrong_csrf_token_is_refused_and_changes_nothing() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let fields = [
            ("username", "mallory"),
            ("password", "password-m"),
            ("password_again", "password-m"),
        ];
        let missing = b.post_raw("/signup", &fields).await;
        assert_eq!(missing.status, StatusCode::FORBIDDEN);
        assert!(missing.content_type.starts_with("text/html"));
        assert!(missing.body.contains("nothing was changed"));
        let mut wrong = fields.to_vec();
        wrong.push(("csrf_token", "0123456789abcdef0123456789abcdef0123456789abcdef"));
        assert_eq!(b.post_raw("/signup", &wrong).await.status, StatusCode::FORBIDDEN);
        // Another browser's valid token is wrong here.
        let mut other = Browser::new(&app);
        other.get("/signup").await;
        let mut theirs = fields.to_vec();
        let their_token = other.token.clone().unwrap();
        theirs.push(("csrf_token", &their_token));
        assert_eq!(b.post_raw("/signup", &theirs).await.status, StatusCode::FORBIDDEN);
        // Nothing was created: the name is still free.
        assert!(app.state.db.user_id_by_key("mallory").await.unwrap().is_none());
        // A signed-in user's log-out without the token does not log out.
        b.sign_up("bob").await;
        assert_eq!(b.post_raw("/logout", &[]).await.status, StatusCode::FORBIDDEN);
        assert!(b.get("/").await.body.contains("Welcome back, bob"));
        // The header works for scripts.
        let token = b.token.clone().unwrap();
        let page = b
            .send(Request::post("/logout").header("x-csrf-token", token), Body::empty())
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        assert!(!b.get("/").await.body.contains("Welcome back"));
    })
    .await;
}

#[tokio::test]
async fn user_supplied_text_is_escaped() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let evil = "<script>alert(1)</script>";
        let page = b
            .post(
                "/signup",
                &[
                    ("username", evil),
                    ("password", "password-x"),
                    ("password_again", "password-x"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(!page.body.contains("<script>"), "{}", page.body);
        assert!(page.body.contains("&#60;script&#62;") || page.body.contains("&lt;script&gt;"));
        let next = b.get("/login?next=%22%3E%3Cscript%3E").await;
        assert!(!next.body.contains("\"><script>"));
    })
    .await;
}

#[tokio::test]
async fn static_files_are_served_with_cache_headers() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        let home = b.get("/").await;
        let at = home.body.find("/static/herald.css?v=").unwrap();
        let url: String = home.body[at..].chars().take_while(|c| *c != '"').collect();
        let response = app
            .router
            .clone()
            .oneshot(Request::get(&url).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::CONTENT_TYPE], "text/css; charset=utf-8");
        assert!(
            response.headers()[header::CACHE_CONTROL]
                .to_str()
                .unwrap()
                .contains("immutable")
        );
        let etag = response.headers()[header::ETAG].clone();
        let again = app
            .router
            .clone()
            .oneshot(
                Request::get("/static/herald.css")
                    .header(header::IF_NONE_MATCH, etag)
                    .body(Body::empty())
                    .unwrap(),
            )
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(b.get("/static/nope.css").await.status, StatusCode::NOT_FOUND);
    })
    .await;
}

impl Browser<'_> {
    /// Posts to `path` with the token and returns the `Set-Cookie` headers.
    async fn set_cookies_of(&mut self, path: &str) -> Vec<String> {
        self.post(path, &[]).await.set_cookies
    }
}
