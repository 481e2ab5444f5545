//! Hardening (issue 14, items 5-8 and 11): no open redirect after logging in, the same
//! per-client limits on every credential and write path, security headers on HTML answers,
//! `__Host-` cookies over HTTPS, secrets kept out of the request log, and account safety
//! (tokens revoked with a password change, common passwords refused, mail only to a confirmed
//! address, a cap on pending invitations and blocking).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode, header};
use axum::response::Response;
use herald_server::Config;
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

use crate::common::{ScriptedRules, TestApp, assert_error, each_backend};
use crate::pages::Browser;

async fn app_with(db: &crate::common::TestDb, change: impl FnOnce(&mut Config)) -> TestApp {
    let mut config = Config::for_tests(&db.url);
    change(&mut config);
    TestApp::with_rules(db, Arc::new(ScriptedRules { finish_after: 6 }), config).await
}

async fn send(app: &TestApp, request: Request<Body>) -> (Response, String) {
    let response = app.router.clone().oneshot(request).await.unwrap();
    let (parts, body) = response.into_parts();
    let bytes = body.collect().await.unwrap().to_bytes();
    (
        Response::from_parts(parts, Body::empty()),
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

fn form(path: &str, fields: &[(&str, &str)]) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(serde_urlencoded::to_string(fields).unwrap()))
        .unwrap()
}

// ---- 5. Open redirect -------------------------------------------------------------------

#[tokio::test]
async fn log_in_and_sign_up_never_redirect_off_site() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        app.user("alice").await;
        let tab = "/\t/evil.host/steal";
        let mut b = Browser::new(&app);
        // The form carries only a same-site path forward.
        let page = b.get("/login?next=/%09/evil.host/steal").await;
        assert!(page.body.contains(r#"name="next" value="/""#), "{}", page.body);
        assert!(!page.body.contains("evil.host"), "{}", page.body);
        let page = b.get("/signup?next=%2F%2Fevil.host").await;
        assert!(!page.body.contains("evil.host"), "{}", page.body);
        for next in [
            tab,
            "/\n/evil.host",
            "/ /evil.host",
            "//evil.host",
            "/\\evil.host",
            "https://evil.host/",
            // Paths that normalise to `//evil.host` (issue 32).
            "/.//evil.host",
            "/%2e//evil.host",
            "/%2E%2e//evil.host",
            "/x/..//evil.host",
            "/x/%2e%2e//evil.host",
            "/././//evil.host/a?b=c",
        ] {
            // A fresh visitor each time: once signed in, a log-in form needs its CSRF token.
            let mut v = Browser::new(&app);
            v.get("/login").await;
            let page = v
                .post(
                    "/login",
                    &[("username", "alice"), ("password", "password-alice"), ("next", next)],
                )
                .await;
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{next:?}");
            assert_eq!(page.location.as_deref(), Some("/"), "{next:?}");
        }
        // Signed in, the log-in page sends you on, and only on site.
        let page = b
            .post("/login", &[("username", "alice"), ("password", "password-alice")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER);
        let page = b.get("/login?next=/%09/evil.host/steal").await;
        assert_eq!(page.location.as_deref(), Some("/"));
        let page = b.get("/login?next=/my-games%3Fx%3D1").await;
        assert_eq!(page.location.as_deref(), Some("/my-games?x=1"));
        for next in [
            "/.//evil.host",
            "/%2e//evil.host",
            "/x/..//evil.host",
            "/%2e%2e//evil.host",
        ] {
            let encoded: String = url::form_urlencoded::byte_serialize(next.as_bytes()).collect();
            let page = b.get(&format!("/login?next={encoded}")).await;
            assert_eq!(page.location.as_deref(), Some("/"), "{next:?}");
        }

        let mut c = Browser::new(&app);
        c.get("/signup").await;
        let page = c
            .post(
                "/signup",
                &[
                    ("username", "carol"),
                    ("password", "password-carol"),
                    ("password_again", "password-carol"),
                    ("next", tab),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        assert_eq!(page.location.as_deref(), Some("/"));
    })
    .await;
}

// ---- 6. Rate limits and bounded hashing ---------------------------------------------------

fn retry_after(response: &Response) -> u64 {
    response
        .headers()
        .get(header::RETRY_AFTER)
        .unwrap_or_else(|| panic!("no Retry-After on {}", response.status()))
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

/// The analysis service answers anyone, and every new position costs every legal move
/// played: a client asking for distinct positions is held to a rate (issue 32).
#[tokio::test]
async fn the_analysis_service_is_rate_limited_per_client() {
    let db = crate::common::TestDb::sqlite();
    let app = app_with(&db, |c| c.rate_limit = true).await;
    let mut limited = None;
    for i in 0..400 {
        let request = Request::get(format!("/api/v1/analysis/nowan?fen=position{i}"))
            .body(Body::empty())
            .unwrap();
        let (response, body) = send(&app, request).await;
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            assert!(retry_after(&response) >= 1);
            assert!(body.contains("rate_limited"), "{body}");
            limited = Some(i);
            break;
        }
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
    }
    let limited = limited.expect("400 distinct positions and never a 429");
    assert!(
        limited >= 100,
        "a board stepping through a game is not limited: {limited}"
    );
    // Other reads are not counted with it.
    let (status, body) = app.get("/api/v1/challenges", None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    db.cleanup().await;
}

#[tokio::test]
async fn html_log_in_shares_the_credential_limit_with_the_api() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| c.rate_limit = true).await;
        app.user("alice").await;
        // Registering alice took one attempt and her token a second; eight wrong passwords
        // through the form use up the burst of ten.
        let mut b = Browser::new(&app);
        b.get("/login").await;
        for _ in 0..8 {
            let page = b
                .post("/login", &[("username", "alice"), ("password", "wrong-password")])
                .await;
            assert_eq!(page.status, StatusCode::UNAUTHORIZED);
        }
        // The right password is refused too now: guessing stops here.
        let token = b.token.clone().unwrap();
        let cookie = b
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let mut request = form(
            "/login",
            &[
                ("username", "alice"),
                ("password", "password-alice"),
                ("csrf_token", &token),
            ],
        );
        request.headers_mut().insert(header::COOKIE, cookie.parse().unwrap());
        let (response, body) = send(&app, request).await;
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(retry_after(&response) >= 1);
        assert!(body.contains("<html"), "the form gets an HTML page: {body}");
        // And the API's own credential paths answer the same client with 429 and Retry-After.
        let request = Request::post("/api/v1/tokens")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                json!({"username": "alice", "password": "password-alice"}).to_string(),
            ))
            .unwrap();
        let (response, body) = send(&app, request).await;
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert!(retry_after(&response) >= 1);
        assert!(body.contains("rate_limited"), "{body}");
    })
    .await;
}

#[tokio::test]
async fn every_form_write_is_limited_per_client() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| c.rate_limit = true).await;
        // Moves and game creation through the pages: 60 at once, then 429.
        let mut statuses = Vec::new();
        for _ in 0..61 {
            let (response, _) = send(&app, form("/games/nosuchgame/move", &[("move", "a1a2")])).await;
            statuses.push(response.status());
        }
        assert_ne!(statuses[0], StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
        let (response, _) = send(&app, form("/lobby/new", &[("variant", "nowan")])).await;
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(retry_after(&response) >= 1);
        // Reads stay free.
        let (response, _) = send(&app, Request::get("/lobby").body(Body::empty()).unwrap()).await;
        assert_eq!(response.status(), StatusCode::OK);
    })
    .await;
}

async fn token_from(app: &TestApp, peer: &str) -> StatusCode {
    let peer: SocketAddr = peer.parse().unwrap();
    let router = app.router.clone().layer(MockConnectInfo(peer));
    let request = Request::post("/api/v1/tokens")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"username": "nobody", "password": "wrong-password"}).to_string(),
        ))
        .unwrap();
    router.oneshot(request).await.unwrap().status()
}

#[tokio::test]
async fn ipv6_clients_are_limited_by_their_64() {
    let db = crate::common::TestDb::sqlite();
    let app = app_with(&db, |c| c.rate_limit = true).await;
    // Ten addresses of one /64 share one bucket of ten ...
    for i in 1..=10 {
        assert_eq!(
            token_from(&app, &format!("[2001:db8:5:6::{i:x}]:4000")).await,
            StatusCode::UNAUTHORIZED
        );
    }
    // ... so the eleventh address of that /64 is refused, another /64 is not.
    assert_eq!(
        token_from(&app, "[2001:db8:5:6:ffff::1]:4000").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        token_from(&app, "[2001:db8:5:7::1]:4000").await,
        StatusCode::UNAUTHORIZED
    );
    db.cleanup().await;
}

// ---- 7. Headers and cookies ---------------------------------------------------------------

#[tokio::test]
async fn html_answers_carry_the_security_headers() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.sign_up("alice").await;
        let session = format!("herald_session={}", b.cookies["herald_session"]);
        for (path, signed_in) in [
            ("/", false),
            ("/login", false),
            ("/nowhere", false),
            ("/", true),
            ("/settings", true),
        ] {
            let mut request = Request::get(path);
            if signed_in {
                request = request.header(header::COOKIE, &session);
            }
            let (response, _) = send(&app, request.body(Body::empty()).unwrap()).await;
            let h = response.headers();
            let csp = h.get(header::CONTENT_SECURITY_POLICY).unwrap().to_str().unwrap();
            assert!(
                csp.contains("script-src 'self'") && !csp.contains("unsafe-eval"),
                "{csp}"
            );
            assert!(
                !csp.split(';')
                    .any(|d| d.trim().starts_with("script-src") && d.contains("unsafe-inline"))
            );
            assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
            assert_eq!(h[header::X_FRAME_OPTIONS], "DENY", "{path}");
            assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff", "{path}");
            assert_eq!(h[header::REFERRER_POLICY], "same-origin", "{path}");
            if signed_in {
                assert_eq!(h[header::CACHE_CONTROL], "no-store", "{path}");
            }
        }
        // JSON answers are not HTML but are not sniffed either.
        let (response, _) = send(&app, Request::get("/api/v1/challenges").body(Body::empty()).unwrap()).await;
        assert_eq!(response.headers()[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
    })
    .await;
}

#[test]
fn templates_have_no_inline_script() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../templates");
    let mut paths: Vec<std::path::PathBuf> = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path)
            } else {
                paths.push(path)
            }
        }
    }
    assert!(paths.len() > 10, "templates found: {}", paths.len());
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap().to_ascii_lowercase();
        for (at, _) in text.match_indices("<script") {
            let tag = &text[at..text[at..].find('>').map_or(text.len(), |e| at + e)];
            // A JSON data block is never run (CSP does not apply to it); code is.
            let data = tag.contains("type=\"application/json\"");
            assert!(tag.contains(" src=") || data, "{}: inline script {tag}", path.display());
        }
        let handler = regex_free_handler(&text);
        assert!(
            handler.is_none(),
            "{}: inline event handler {handler:?}",
            path.display()
        );
        assert!(!text.contains("javascript:"), "{}", path.display());
    }
}

/// An ` on…=` attribute (onclick, onload, …) in markup, if any.
fn regex_free_handler(text: &str) -> Option<String> {
    text.match_indices(" on").find_map(|(at, _)| {
        let rest = &text[at + 3..];
        let name: String = rest.chars().take_while(char::is_ascii_alphabetic).collect();
        (!name.is_empty() && rest[name.len()..].starts_with('=')).then(|| format!("on{name}"))
    })
}

#[tokio::test]
async fn cookies_carry_the_host_prefix_over_https() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| c.base_url = "https://chess.example".to_owned()).await;
        let mut b = Browser::new(&app);
        let page = b.get("/signup").await;
        assert!(
            page.set_cookies
                .iter()
                .any(|c| c.starts_with("__Host-herald_csrf=") && c.contains("Secure")),
            "{:?}",
            page.set_cookies
        );
        b.post(
            "/signup",
            &[
                ("username", "alice"),
                ("password", "password-alice"),
                ("password_again", "password-alice"),
            ],
        )
        .await;
        let session = b.cookies.get("__Host-herald_session").cloned().unwrap();
        let cookie = format!("__Host-herald_session={session}");
        let (response, body) = send(
            &app,
            Request::get("/")
                .header(header::COOKIE, &cookie)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK);
        assert!(body.contains("Welcome back, \u{2068}alice\u{2069}"), "{body}");
        // The unprefixed name (which a neighbour site could plant) is not read.
        let plain = format!("herald_session={session}");
        let (_, body) = send(
            &app,
            Request::get("/")
                .header(header::COOKIE, &plain)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert!(!body.contains("Welcome back"), "{body}");
        // The API reads the prefixed cookie too.
        let (response, _) = send(
            &app,
            Request::get("/api/v1/me")
                .header(header::COOKIE, &cookie)
                .body(Body::empty())
                .unwrap(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK);
    })
    .await;
}

// ---- 8. Secrets out of the request log: `tests/request_log.rs` (a process of its own) ----

// ---- 11. Accounts ---------------------------------------------------------------------------

#[tokio::test]
async fn a_password_change_revokes_api_tokens_and_says_so() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let mut b = Browser::new(&app);
        b.sign_up("alice").await;
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "alice", "password": "password-alice"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let token = body["token"].as_str().unwrap().to_owned();
        assert_eq!(app.get("/api/v1/me", Some(&token)).await.0, StatusCode::OK);
        let settings = b.get("/settings").await;
        assert!(settings.body.contains("revokes every API token"), "{}", settings.body);
        let page = b
            .post(
                "/settings/password",
                &[
                    ("current", "password-alice"),
                    ("password", "a whole new passphrase"),
                    ("password_again", "a whole new passphrase"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let settings = b.get(page.location.as_deref().unwrap()).await;
        assert!(settings.body.contains("API tokens revoked"), "{}", settings.body);
        let (status, body) = app.get("/api/v1/me", Some(&token)).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        // The page's own session stays.
        assert_eq!(b.get("/settings").await.status, StatusCode::OK);

        // An administrator's reset revokes them as well.
        let fresh = app.user("bob").await;
        let (sessions, tokens) =
            herald_server::operator::reset_password(&app.state.db, "bob", "reset by the admin".into())
                .await
                .unwrap();
        assert_eq!((sessions, tokens), (0, 1));
        let (status, body) = app.get("/api/v1/me", Some(&fresh)).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
    })
    .await;
}

#[tokio::test]
async fn the_most_common_passwords_are_refused() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        // Refused passwords create no account, so every attempt can be carol's (whose name
        // zxcvbn is given as a hint: `carol123` is weak for carol).
        for weak in [
            "password",
            "12345678",
            "password1",
            "qwertyuiop",
            "iloveyou",
            "carol123",
        ] {
            let (status, body) = app
                .call(
                    "POST",
                    "/api/v1/accounts",
                    None,
                    Some(json!({"username": "carol", "password": weak})),
                )
                .await;
            assert_eq!(body["error"]["code"], "weak_password", "{weak} was accepted: {body}");
            assert_error(status, &body, StatusCode::BAD_REQUEST, "weak_password");
        }
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/accounts",
                None,
                Some(json!({"username": "carol", "password": "correct horse battery"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // The sign-up form and the password form refuse them with a sentence.
        let mut b = Browser::new(&app);
        b.get("/signup").await;
        let page = b
            .post(
                "/signup",
                &[
                    ("username", "dave"),
                    ("password", "password1"),
                    ("password_again", "password1"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(page.body.contains("most common"), "{}", page.body);
        b.sign_up("erin").await;
        let page = b
            .post(
                "/settings/password",
                &[
                    ("current", "password-erin"),
                    ("password", "12345678"),
                    ("password_again", "12345678"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::BAD_REQUEST);
        assert!(page.body.contains("most common"), "{}", page.body);
    })
    .await;
}

#[tokio::test]
async fn notification_mail_goes_only_to_a_confirmed_address() {
    each_backend(|db| async move {
        // Mail is configured but no worker runs: the test reads the outbox.
        let mut config = Config::for_tests(&db.url);
        config.smtp_url = Some("smtp://127.0.0.1:9".to_owned());
        let app = TestApp::without_workers(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
        let a = app.user("alice").await;
        let (status, body) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&a),
                Some(json!({"email": "alice@example.org"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["email_confirmed"], false);
        let outbox = |app: &TestApp| {
            let pool = app.state.db.pool().clone();
            async move {
                sqlx::query_as::<_, (String, String, String)>(
                    "SELECT kind, recipient, body FROM email_outbox ORDER BY id",
                )
                .fetch_all(&pool)
                .await
                .unwrap()
            }
        };
        let mails = outbox(&app).await;
        assert_eq!(mails.len(), 1, "{mails:?}");
        assert_eq!(
            (mails[0].0.as_str(), mails[0].1.as_str()),
            ("confirm_email", "alice@example.org")
        );
        let link = mails[0]
            .2
            .split_whitespace()
            .find(|w| w.contains("/email/confirm?token="))
            .unwrap();
        let path = &link[link.find("/email/confirm").unwrap()..];

        // Unconfirmed: a game event queues no notification mail.
        let settings = app.state.db.notification_settings(1).await.unwrap();
        assert!(herald_server::api::notify::email::confirmed_recipient(&settings).is_none());

        // A forged or stale token confirms nothing.
        let (status, _) = app.get(&format!("{path}x"), None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, _) = app.get(path, None).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        let (_, body) = app.get("/api/v1/me/notifications", Some(&a)).await;
        assert_eq!(body["email_confirmed"], true);
        let settings = app.state.db.notification_settings(1).await.unwrap();
        assert_eq!(
            herald_server::api::notify::email::confirmed_recipient(&settings),
            Some("alice@example.org")
        );

        // A new address is unconfirmed again, and the old link does not confirm it.
        app.call(
            "PUT",
            "/api/v1/me/notifications",
            Some(&a),
            Some(json!({"email": "other@example.org"})),
        )
        .await;
        let (_, body) = app.get("/api/v1/me/notifications", Some(&a)).await;
        assert_eq!(body["email_confirmed"], false);
        let (status, _) = app.get(path, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(outbox(&app).await.len(), 2);
    })
    .await;
}

#[tokio::test]
async fn unconfirmed_addresses_get_no_game_mail() {
    each_backend(|db| async move {
        let mut config = Config::for_tests(&db.url);
        config.smtp_url = Some("smtp://127.0.0.1:9".to_owned());
        let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        app.call(
            "PUT",
            "/api/v1/me/notifications",
            Some(&b),
            Some(json!({"email": "bob@example.org"})),
        )
        .await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        // Let the fan-out worker handle the events.
        let pool = app.state.db.pool().clone();
        for _ in 0..100 {
            let left: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM event_outbox")
                .fetch_one(&pool)
                .await
                .unwrap_or(0);
            if left == 0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let kinds: Vec<String> = sqlx::query_scalar("SELECT kind FROM email_outbox WHERE user_id = 2")
            .fetch_all(&pool)
            .await
            .unwrap();
        assert!(kinds.iter().all(|k| k == "confirm_email"), "{kinds:?}");
    })
    .await;
}

#[tokio::test]
async fn pending_invitations_are_capped_and_blocked_users_cannot_invite() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let spammer = app.user("spammer").await;
        let victim = app.user("victim").await;
        let friend = app.user("friend").await;
        let invite = |token: String, whom: &'static str| {
            let app = &app;
            async move {
                app.post(
                    "/api/v1/games",
                    &token,
                    json!({"variant": "nowan", "seat": 0, "invite": whom}),
                )
                .await
            }
        };
        for i in 0..herald_server::api::blocks::MAX_PENDING_INVITATIONS {
            let (status, body) = invite(spammer.clone(), "victim").await;
            assert_eq!(status, StatusCode::CREATED, "{i}: {body}");
        }
        let (status, body) = invite(spammer.clone(), "victim").await;
        assert_error(status, &body, StatusCode::CONFLICT, "too_many_invitations");
        // Open challenges (no invitation) are not capped by it.
        let (status, body) = app
            .post("/api/v1/games", &spammer, json!({"variant": "nowan", "seat": 0}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");

        // The victim blocks the spammer: no invitation from them, others still can.
        let (status, _) = app.call("PUT", "/api/v1/me/blocks/Spammer", Some(&victim), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (_, list) = app.get("/api/v1/me/blocks", Some(&victim)).await;
        assert_eq!(list, json!(["spammer"]));
        let (status, body) = invite(friend.clone(), "victim").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let other = app.user("other").await;
        let (status, _) = app.call("PUT", "/api/v1/me/blocks/other", Some(&victim), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = invite(other.clone(), "victim").await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_refused");
        let (status, _) = app.call("DELETE", "/api/v1/me/blocks/other", Some(&victim), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = invite(other, "victim").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, body) = app.call("PUT", "/api/v1/me/blocks/victim", Some(&victim), None).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_block");
        let (status, body) = app.call("PUT", "/api/v1/me/blocks/ghost", Some(&victim), None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "user_not_found");

        // The same through the pages: a button on the player's page.
        let mut v = Browser::new(&app);
        v.log_in("victim").await;
        let page = v.get("/users/friend").await;
        assert!(page.body.contains("/users/friend/block"), "{}", page.body);
        let page = v.post("/users/friend/block", &[]).await;
        assert_eq!(page.location.as_deref(), Some("/users/friend"));
        let page = v.get("/users/friend").await;
        assert!(page.body.contains("/users/friend/unblock"), "{}", page.body);
        let (status, body) = invite(friend.clone(), "victim").await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_refused");
        v.post("/users/friend/unblock", &[]).await;
        let (status, body) = invite(friend, "victim").await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    })
    .await;
}

/// The cap holds when the requests come at once: it is counted inside the transaction that
/// stores the invitations, with the sender's row locked (a count taken before let all through).
#[tokio::test]
async fn the_invitation_cap_holds_under_simultaneous_requests() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let spammer = app.user("spammer").await;
        app.user("victim").await;
        let cap = herald_server::api::blocks::MAX_PENDING_INVITATIONS;
        let requests = (0..cap + 10).map(|_| {
            app.post(
                "/api/v1/games",
                &spammer,
                json!({"variant": "nowan", "seat": 0, "invite": "victim"}),
            )
        });
        let answers = futures_util::future::join_all(requests).await;
        let created = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
        for (status, body) in answers.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
            assert_error(*status, body, StatusCode::CONFLICT, "too_many_invitations");
        }
        assert_eq!(i64::try_from(created).unwrap(), cap, "{}", db.backend);
        let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_seats WHERE invited_user_id IS NOT NULL")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(stored, cap);
    })
    .await;
}

/// The authorization matrix of the routes that came with blocks, e-mail confirmation and
/// mini boards: anonymous, a revoked token, a cookie without its CSRF token, another user.
#[tokio::test]
async fn newer_routes_answer_the_authorization_matrix() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        let routes = [
            ("GET", "/api/v1/me/blocks"),
            ("PUT", "/api/v1/me/blocks/bob"),
            ("DELETE", "/api/v1/me/blocks/bob"),
        ];
        for (method, path) in routes {
            let (status, body) = app.call(method, path, None, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous: {body}");
            assert!(body["error"]["code"].is_string(), "{body}");
            let (status, body) = app.call(method, path, Some(&revoked), None).await;
            assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        }
        // A session cookie reads the list, but writes only with the page's CSRF token.
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let with_cookie = |method: &str, path: &str, csrf: Option<String>| {
            let mut request = Request::builder()
                .method(method)
                .uri(path)
                .header("cookie", pair.clone());
            if let Some(token) = csrf {
                request = request.header("x-csrf-token", token);
            }
            request.body(Body::empty()).unwrap()
        };
        assert_eq!(
            app.raw(with_cookie("GET", "/api/v1/me/blocks", None)).await.0,
            StatusCode::OK
        );
        for (method, path) in &routes[1..] {
            let (status, body) = app.raw(with_cookie(method, path, None)).await;
            assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        }
        // A warning's list and its dismissal: the same matrix (another user's warning is a
        // 404, in `admin::a_warning_is_shown_to_the_warned_user_until_they_dismiss_it`).
        for (method, path) in [
            ("GET", "/api/v1/me/warnings"),
            ("POST", "/api/v1/me/warnings/1/dismiss"),
        ] {
            let (status, body) = app.call(method, path, None, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous: {body}");
            let (status, body) = app.call(method, path, Some(&revoked), None).await;
            assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        }
        assert_eq!(
            app.raw(with_cookie("GET", "/api/v1/me/warnings", None)).await.0,
            StatusCode::OK
        );
        let (status, body) = app
            .raw(with_cookie("POST", "/api/v1/me/warnings/1/dismiss", None))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        let csrf = herald_server::web::auth::csrf_token_for(pair.split_once('=').unwrap().1);
        let (status, _) = app.raw(with_cookie("PUT", "/api/v1/me/blocks/bob", Some(csrf))).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        // Another user sees and changes only his own list.
        assert_eq!(app.get("/api/v1/me/blocks", Some(&bob)).await.1, json!([]));
        app.call("DELETE", "/api/v1/me/blocks/bob", Some(&bob), None).await;
        assert_eq!(app.get("/api/v1/me/blocks", Some(&alice)).await.1, json!(["bob"]));

        // Mini boards are public, like the game page; an unknown game is a 404.
        let (_, game) = app.post("/api/v1/games", &alice, json!({"variant": "nowan"})).await;
        let id = game["id"].as_str().unwrap();
        for token in [None, Some(bob.as_str()), Some(revoked.as_str())] {
            let mut request = Request::get(format!("/games/{id}/board.svg?ply=0"));
            if let Some(token) = token {
                request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
            }
            let (response, body) = send(&app, request.body(Body::empty()).unwrap()).await;
            assert_eq!(response.status(), StatusCode::OK, "{token:?}");
            assert!(body.starts_with("<svg"), "{body}");
        }
        let (response, _) = send(
            &app,
            Request::get("/games/nope99/board.svg").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND);

        // Ratings, leaderboards and the directory are public reads: anonymous and any user
        // read them; a credential that names nobody (a revoked token) is a 401, as on
        // every API read that takes one.
        for path in [
            "/api/v1/leaderboard/nowan",
            "/api/v1/users?prefix=al",
            "/api/v1/users/alice/ratings",
            "/api/v1/users/alice/ratings/nowan/history",
        ] {
            let (status, body) = app.get(path, None).await;
            assert_eq!(status, StatusCode::OK, "{path} anonymous: {body}");
            let (status, body) = app.get(path, Some(&bob)).await;
            assert_eq!(status, StatusCode::OK, "{path} as bob: {body}");
            let (status, body) = app.get(path, Some(&revoked)).await;
            assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        }
        for path in [
            "/leaderboard",
            "/leaderboard/nowan",
            "/players?prefix=al",
            "/help/ratings",
        ] {
            let (response, _) = send(&app, Request::get(path).body(Body::empty()).unwrap()).await;
            assert_eq!(response.status(), StatusCode::OK, "{path}");
        }

        // A rematch: only a player of the finished game offers it; anonymous and a revoked
        // token are 401; a session cookie needs the CSRF token.
        let played = app.started_game("nowan", &alice, &bob, "bob").await;
        for ply in 0..6 {
            let token = if ply % 2 == 0 { &alice } else { &bob };
            let text = if ply % 2 == 0 { "a1a2" } else { "b1b2" };
            app.post(&format!("/api/v1/games/{played}/moves"), token, json!({ "move": text }))
                .await;
        }
        let carol = app.user("carol").await;
        let rematch = format!("/api/v1/games/{played}/rematch");
        let (status, body) = app.call("POST", &rematch, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = app.call("POST", &rematch, Some(&revoked), None).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = app.call("POST", &rematch, Some(&carol), None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, body) = app.raw(with_cookie("POST", &rematch, None)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        // Alice blocked Bob's invitations above: his rematch would invite her.
        let (status, body) = app.call("POST", &rematch, Some(&bob), None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_refused");
        let (status, body) = app.call("POST", &rematch, Some(&alice), None).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");

        // A confirmation link needs no session; a forged one is a 400 page and confirms nothing.
        let (response, body) = send(
            &app,
            Request::get("/email/confirm?token=forged").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        assert!(body.contains("not valid"), "{body}");
    })
    .await;
}

/// API answers that carry a secret (a new token, the feed URL, a webhook's secret, an
/// invitation code, the account export) are never stored by a cache (issue 32: no
/// `Cache-Control` at all); the analysis service keeps its public caching.
#[tokio::test]
async fn api_answers_with_secrets_are_not_stored() {
    each_backend(|db| async move {
        let (app, root) = crate::admin::club(&db).await;
        let token = app.user("alice").await;
        let json_request = |method: &str, path: &str, bearer: Option<&str>, body: serde_json::Value| {
            let mut req = Request::builder()
                .method(method)
                .uri(path)
                .header(header::CONTENT_TYPE, "application/json");
            if let Some(bearer) = bearer {
                req = req.header(header::AUTHORIZATION, format!("Bearer {bearer}"));
            }
            req.body(Body::from(body.to_string())).unwrap()
        };
        let cases = [
            json_request(
                "POST",
                "/api/v1/accounts",
                None,
                json!({"username": "newcomer", "password": "password-newcomer"}),
            ),
            json_request(
                "POST",
                "/api/v1/tokens",
                None,
                json!({"username": "alice", "password": "password-alice", "name": "cli"}),
            ),
            json_request("POST", "/api/v1/me/feed", Some(&token), json!({})),
            json_request(
                "POST",
                "/api/v1/me/webhooks",
                Some(&token),
                json!({"url": "https://hooks.example/herald"}),
            ),
            json_request("POST", "/api/v1/invitations", Some(&root), json!({})),
            Request::get("/api/v1/me/export")
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap(),
            Request::get("/api/v1/tokens")
                .header(header::AUTHORIZATION, format!("Bearer {token}"))
                .body(Body::empty())
                .unwrap(),
        ];
        for request in cases {
            let what = format!("{} {}", request.method(), request.uri());
            let (response, body) = send(&app, request).await;
            assert!(response.status().is_success(), "{what}: {} {body}", response.status());
            assert_eq!(
                response
                    .headers()
                    .get(header::CACHE_CONTROL)
                    .map(|v| v.to_str().unwrap()),
                Some("no-store"),
                "{what}"
            );
        }
        let (response, _) = send(
            &app,
            Request::get("/api/v1/analysis/nowan").body(Body::empty()).unwrap(),
        )
        .await;
        assert_eq!(response.headers()[header::CACHE_CONTROL], "public, max-age=86400");
    })
    .await;
}
