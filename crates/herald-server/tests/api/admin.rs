//! Running a club (issue 19, administration), on both databases: who may use the admin
//! routes (API and pages), suspensions and bans cutting off sessions and tokens at once,
//! the games rule for suspended players, invitation-only and closed sign-up (with racing
//! sign-ups), the site name and notice, the audit log (web and CLI), reports and mutes.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_server::api::admin::standing::check_not_muted;
use herald_server::infra::clock::DAY_MS;
use herald_server::operator as cli;
use serde_json::{Value, json};
use tower::ServiceExt;

use crate::common::{FIRST_MESSAGE, T0, TestApp, TestDb, assert_error, each_backend, revoked_token};
use crate::pages::Browser;

/// The app with an administrator `root` created as `herald admin create-user --admin` does;
/// returns the app and root's token.
pub async fn club(db: &TestDb) -> (TestApp, String) {
    let app = TestApp::scripted(db).await;
    cli::create_user(&app.state.db, "root", "password-root".to_owned(), true, app.state.now())
        .await
        .unwrap();
    let token = app.token("root").await;
    (app, token)
}

/// Logs `name` (password `password-<name>`) in through the form.
async fn log_in(b: &mut Browser<'_>, name: &str) {
    b.get("/login").await;
    let password = format!("password-{name}");
    let page = b
        .post("/login", &[("username", name), ("password", &password), ("next", "/")])
        .await;
    assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
    b.get("/").await;
}

/// Every administrators' API route, with a body that would be valid.
fn api_routes(game: &str) -> Vec<(&'static str, String, Option<Value>)> {
    let until = T0 + 3 * DAY_MS;
    vec![
        ("GET", "/api/v1/admin/users?prefix=b".to_owned(), None),
        ("GET", "/api/v1/admin/users/bob".to_owned(), None),
        ("DELETE", "/api/v1/admin/users/carol".to_owned(), None),
        (
            "POST",
            "/api/v1/admin/users/bob/suspend".to_owned(),
            Some(json!({"until": until})),
        ),
        ("POST", "/api/v1/admin/users/bob/unsuspend".to_owned(), Some(json!({}))),
        ("POST", "/api/v1/admin/users/bob/ban".to_owned(), Some(json!({}))),
        ("POST", "/api/v1/admin/users/bob/unban".to_owned(), Some(json!({}))),
        (
            "POST",
            "/api/v1/admin/users/bob/mute".to_owned(),
            Some(json!({"until": until})),
        ),
        ("POST", "/api/v1/admin/users/bob/unmute".to_owned(), Some(json!({}))),
        ("POST", "/api/v1/admin/users/bob/password".to_owned(), Some(json!({}))),
        (
            "POST",
            "/api/v1/admin/users/bob/admin".to_owned(),
            Some(json!({"admin": true})),
        ),
        ("GET", "/api/v1/admin/games".to_owned(), None),
        (
            "POST",
            format!("/api/v1/admin/games/{game}/end"),
            Some(json!({"reason": "test"})),
        ),
        ("GET", "/api/v1/admin/reports".to_owned(), None),
        (
            "POST",
            "/api/v1/admin/reports/1/resolve".to_owned(),
            Some(json!({"action": "dismiss"})),
        ),
        ("GET", "/api/v1/admin/invitations".to_owned(), None),
        ("GET", "/api/v1/admin/site".to_owned(), None),
        (
            "PUT",
            "/api/v1/admin/site".to_owned(),
            Some(
                json!({"signup": "open", "site_name": "X", "notice": "", "suspended_games": "clock_runs",
                        "member_invites": false}),
            ),
        ),
        ("GET", "/api/v1/admin/audit".to_owned(), None),
    ]
}

/// A page route: method, path, form fields.
type PageRoute = (&'static str, String, Vec<(&'static str, &'static str)>);

/// Every administrators' page route.
fn page_routes(game: &str) -> Vec<PageRoute> {
    let mut routes: Vec<PageRoute> = [
        "/admin",
        "/admin/users",
        "/admin/users/bob",
        "/admin/games",
        "/admin/reports",
        "/admin/invitations",
        "/admin/audit",
    ]
    .into_iter()
    .map(|p| ("GET", p.to_owned(), Vec::new()))
    .collect();
    let site = vec![
        ("signup", "closed"),
        ("site_name", "Taken over"),
        ("notice", ""),
        ("suspended_games", "clock_runs"),
    ];
    routes.push(("POST", "/admin/site".to_owned(), site));
    for action in [
        "suspend",
        "unsuspend",
        "ban",
        "unban",
        "mute",
        "unmute",
        "password",
        "grant-admin",
        "revoke-admin",
    ] {
        routes.push(("POST", format!("/admin/users/bob/{action}"), vec![("days", "3")]));
    }
    routes.push((
        "POST",
        "/admin/users/carol/delete".to_owned(),
        vec![("confirm", "carol")],
    ));
    routes.push(("POST", format!("/admin/games/{game}/end"), vec![("reason", "test")]));
    routes.push((
        "POST",
        "/admin/reports/1/resolve".to_owned(),
        vec![("action", "dismiss")],
    ));
    routes.push(("POST", "/admin/invitations".to_owned(), vec![("max_uses", "1")]));
    routes.push(("POST", "/admin/invitations/1/revoke".to_owned(), Vec::new()));
    routes
}

/// Nothing an outsider tried changed anything: no audit entry, bob untouched, the game on.
async fn nothing_changed(app: &TestApp, root: &str, game: &str) {
    let (_, audit) = app.get("/api/v1/admin/audit", Some(root)).await;
    let actions: Vec<&str> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["create_user"], "only the CLI's creation of root");
    let (_, bob) = app.get("/api/v1/admin/users/bob", Some(root)).await;
    assert_eq!(bob["standing"]["state"], "active", "{bob}");
    assert_eq!(bob["is_admin"], false);
    let (_, g) = app.get(&format!("/api/v1/games/{game}"), None).await;
    assert_eq!(g["status"], "active");
}

#[tokio::test]
async fn every_admin_route_refuses_strangers_members_revoked_tokens_and_forms_without_csrf() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let stale = revoked_token(&app, "bob", &bob).await;
        let game = app.started_game("nowan", &bob, &carol, "carol").await;
        for (method, path, body) in api_routes(&game) {
            let (status, answer) = app.call(method, &path, None, body.clone()).await;
            assert_error(status, &answer, StatusCode::UNAUTHORIZED, "unauthenticated");
            let (status, answer) = app.call(method, &path, Some(&stale), body.clone()).await;
            assert_error(status, &answer, StatusCode::UNAUTHORIZED, "invalid_token");
            let (status, answer) = app.call(method, &path, Some(&bob), body.clone()).await;
            assert_error(status, &answer, StatusCode::FORBIDDEN, "forbidden");
        }
        nothing_changed(&app, &root, &game).await;
        // Pages: anonymous visitors are sent to log in; a member gets the 403 page.
        let mut anonymous = Browser::new(&app);
        let mut member = Browser::new(&app);
        log_in(&mut member, "bob").await;
        for (method, path, fields) in page_routes(&game) {
            let page = if method == "GET" {
                anonymous.get(&path).await
            } else {
                anonymous.get("/login").await;
                anonymous.post(&path, &fields).await
            };
            assert_eq!(page.status, StatusCode::SEE_OTHER, "{method} {path}");
            assert!(page.location.as_deref().unwrap().starts_with("/login"), "{path}");
            let page = if method == "GET" {
                member.get(&path).await
            } else {
                member.get("/").await;
                member.post(&path, &fields).await
            };
            assert_eq!(page.status, StatusCode::FORBIDDEN, "{method} {path}: {}", page.body);
            assert!(page.body.contains("nly administrators may do this"), "{path}");
        }
        // An administrator's form without the CSRF token changes nothing.
        let mut admin = Browser::new(&app);
        log_in(&mut admin, "root").await;
        for (method, path, fields) in page_routes(&game) {
            if method == "POST" {
                let page = admin.post_raw(&path, &fields).await;
                assert_eq!(page.status, StatusCode::FORBIDDEN, "{path}");
                assert!(page.body.contains("form was out of date"), "{path}");
            }
        }
        nothing_changed(&app, &root, &game).await;
        // The administrator does get in, by API and page.
        for (method, path, _) in page_routes(&game) {
            if method == "GET" {
                let page = admin.get(&path).await;
                assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.body);
            }
        }
        let (status, _) = app.get("/api/v1/admin/users/bob", Some(&root)).await;
        assert_eq!(status, StatusCode::OK);
        // Only administrators see the link.
        assert!(admin.get("/").await.body.contains("href=\"/admin\""));
        assert!(!member.get("/").await.body.contains("href=\"/admin\""));
    })
    .await;
}

/// Issue 32.14: a suspended (or banned) user's every page said "Not allowed" with no way
/// to log out. The page names the restriction and its end, and its log-out button works.
#[tokio::test]
async fn a_restricted_user_is_told_why_and_until_when_and_can_log_out() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        app.user("bob").await;
        app.user("carol").await;
        let until = T0 + 2 * DAY_MS;
        for (who, restrict, body, title, says) in [
            (
                "bob",
                "suspend",
                json!({"until": until}),
                "Your account is suspended",
                "suspended until 2025-12-02 00:00:00 UTC",
            ),
            (
                "carol",
                "ban",
                json!({}),
                "Your account is banned",
                "banned from this server",
            ),
        ] {
            let mut browser = Browser::new(&app);
            log_in(&mut browser, who).await;
            let (status, answer) = app
                .post(&format!("/api/v1/admin/users/{who}/{restrict}"), &root, body)
                .await;
            assert_eq!(status, StatusCode::OK, "{answer}");
            // The token the page's log-out form carries is the one read from this page.
            browser.token = None;
            let page = browser.get("/settings").await;
            assert_eq!(page.status, StatusCode::FORBIDDEN);
            assert!(page.body.contains(title), "{}", page.body);
            assert!(page.body.contains(says), "{}", page.body);
            assert!(!page.body.contains("Not allowed"), "{}", page.body);
            assert!(page.body.contains("action=\"/logout\""), "{}", page.body);
            assert!(browser.token.as_deref().is_some_and(|t| !t.is_empty()), "{}", page.body);
            let out = browser.post("/logout", &[]).await;
            assert_eq!(out.status, StatusCode::SEE_OTHER, "{}", out.body);
            assert!(!browser.cookies.contains_key("herald_session"), "logged out");
            let home = browser.get("/").await;
            assert_eq!(home.status, StatusCode::OK, "{}", home.body);
            assert!(home.body.contains("href=\"/login"), "{}", home.body);
        }
    })
    .await;
}

#[tokio::test]
async fn suspension_and_ban_cut_off_sessions_and_tokens_at_once_and_lifting_restores_them() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let game = app.started_game("nowan", &bob, &carol, "carol").await;
        let mut browser = Browser::new(&app);
        log_in(&mut browser, "bob").await;
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::OK);
        let until = T0 + 2 * DAY_MS;
        let (status, body) = app
            .post(
                "/api/v1/admin/users/bob/suspend",
                &root,
                json!({"until": until, "note": "spam"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["standing"], json!({"state": "suspended", "until": until}));
        // The token, at once, on a plain route and on the move route (its own lookup).
        let (status, body) = app.get("/api/v1/me", Some(&bob)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_suspended");
        assert!(
            body["error"]["message"]
                .as_str()
                .unwrap()
                .contains("2025-12-02 00:00:00"),
            "{body}"
        );
        let (status, body) = app
            .post(&format!("/api/v1/games/{game}/moves"), &bob, json!({"move": "a1a2"}))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_suspended");
        // The session: every page says so, with the date.
        let page = browser.get("/").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        assert!(
            page.body.contains("suspended until 2025-12-02 00:00:00"),
            "{}",
            page.body
        );
        // Logging in again does not get round it.
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "bob", "password": "password-bob"})),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_suspended");
        // Lifting it restores the same token and session.
        app.post("/api/v1/admin/users/bob/unsuspend", &root, json!({})).await;
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::OK);
        assert_eq!(browser.get("/").await.status, StatusCode::OK);
        // A ban: the same, until unbanned.
        let (status, _) = app.post("/api/v1/admin/users/bob/ban", &root, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.get("/api/v1/me", Some(&bob)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_banned");
        let page = browser.get("/lobby").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        assert!(page.body.contains("banned"), "{}", page.body);
        app.clock.advance_ms(400 * DAY_MS);
        let (status, body) = app.get("/api/v1/me", Some(&bob)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_banned");
        app.post("/api/v1/admin/users/bob/unban", &root, json!({})).await;
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::OK);
        // Administrators cannot lock themselves out.
        let (status, body) = app.post("/api/v1/admin/users/root/ban", &root, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "cannot_target_self");
    })
    .await;
}

#[tokio::test]
async fn a_suspension_lapses_by_itself() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let until = T0 + DAY_MS;
        app.post("/api/v1/admin/users/bob/suspend", &root, json!({"until": until}))
            .await;
        let (status, _) = app.get("/api/v1/me", Some(&bob)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        app.clock.advance_ms(DAY_MS - 1);
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::FORBIDDEN);
        app.clock.advance_ms(1);
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::OK);
        let (_, detail) = app.get("/api/v1/admin/users/bob", Some(&root)).await;
        assert_eq!(detail["standing"]["state"], "active");
        // A date in the past is refused.
        let (status, body) = app
            .post("/api/v1/admin/users/bob/suspend", &root, json!({"until": T0}))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_until");
    })
    .await;
}

pub async fn set_site(app: &TestApp, root: &str, changes: Value) -> Value {
    let (_, mut site) = app.get("/api/v1/admin/site", Some(root)).await;
    for (k, v) in changes.as_object().unwrap() {
        site[k] = v.clone();
    }
    let (status, body) = app.call("PUT", "/api/v1/admin/site", Some(root), Some(site)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A duel where Bob is to move (he moved once, Alice twice).
async fn bob_to_move(app: &TestApp, alice: &str, bob: &str) -> String {
    let id = app.started_game("not-chess", alice, bob, "bob").await;
    for token in [alice, bob, alice] {
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/moves"), token, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    id
}

#[tokio::test]
async fn suspended_players_clocks_stop_when_adjourned_and_run_otherwise() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        // clock_runs (the default): the suspended player's time runs out as usual.
        let running = bob_to_move(&app, &alice, &bob).await;
        app.post(
            "/api/v1/admin/users/bob/suspend",
            &root,
            json!({"until": T0 + 60 * DAY_MS}),
        )
        .await;
        app.clock.advance_ms(30 * DAY_MS);
        let (_, g) = app.get(&format!("/api/v1/games/{running}"), None).await;
        assert_eq!(
            (g["paused"].as_bool(), g["claimable"].as_bool()),
            (Some(false), Some(true)),
            "{g}"
        );
        let (status, g) = app
            .post(&format!("/api/v1/games/{running}/claim"), &alice, json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{g}");
        app.post("/api/v1/admin/users/bob/unsuspend", &root, json!({})).await;
        // adjourned: the clock of Bob's turn stops while he is suspended.
        set_site(&app, &root, json!({"suspended_games": "adjourned"})).await;
        let adjourned = bob_to_move(&app, &alice, &bob).await;
        let (_, before) = app.get(&format!("/api/v1/games/{adjourned}"), None).await;
        let left = before["time_left_ms"].as_i64().unwrap();
        let (status, body) = app
            .post(
                "/api/v1/admin/users/bob/suspend",
                &root,
                json!({"until": app.state.now() + 60 * DAY_MS}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        app.clock.advance_ms(30 * DAY_MS);
        let (_, g) = app.get(&format!("/api/v1/games/{adjourned}"), None).await;
        assert_eq!(g["paused"], true, "{g}");
        assert_eq!(g["claimable"], false, "{g}");
        let (status, body) = app
            .post(&format!("/api/v1/games/{adjourned}/claim"), &alice, json!({}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "not_claimable");
        // Lifting the suspension restarts the clock with the time that was left, and the
        // adjournment costs no vacation allowance.
        app.post("/api/v1/admin/users/bob/unsuspend", &root, json!({})).await;
        let (_, g) = app.get(&format!("/api/v1/games/{adjourned}"), None).await;
        assert_eq!(g["paused"], false, "{g}");
        assert_eq!(g["time_left_ms"].as_i64().unwrap(), left, "{g}");
        let (_, vacation) = app.get("/api/v1/me/vacation", Some(&bob)).await;
        assert_eq!(vacation["on"], false, "{vacation}");
        assert_eq!(vacation["used_ms"], 0, "{vacation}");
    })
    .await;
}

#[tokio::test]
async fn sign_up_closed_is_said_clearly_on_the_api_and_the_page() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        set_site(&app, &root, json!({"signup": "closed"})).await;
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/accounts",
                None,
                Some(json!({"username": "dave", "password": "password-dave"})),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "signup_closed");
        let mut b = Browser::new(&app);
        let page = b.get("/signup").await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        assert!(page.body.contains("not taking new members"), "{}", page.body);
        let page = b
            .post(
                "/signup",
                &[
                    ("username", "dave"),
                    ("password", "password-dave"),
                    ("password_again", "password-dave"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        assert!(app.state.db.admin_user_by_key("dave").await.unwrap().is_none());
        // The CLI still creates accounts.
        cli::create_user(
            &app.state.db,
            "dave",
            "password-dave".to_owned(),
            false,
            app.state.now(),
        )
        .await
        .unwrap();
    })
    .await;
}

async fn invite(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, created) = app.post("/api/v1/invitations", token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

async fn sign_up(app: &TestApp, name: &str, code: Option<&str>) -> (StatusCode, Value) {
    let mut body = json!({"username": name, "password": format!("password-{name}")});
    if let Some(code) = code {
        body["invite"] = json!(code);
    }
    app.call("POST", "/api/v1/accounts", None, Some(body)).await
}

#[tokio::test]
async fn invite_only_sign_up_needs_a_valid_code_counted_per_use() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        set_site(&app, &root, json!({"signup": "invite_only"})).await;
        let (status, body) = sign_up(&app, "dave", None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_required");
        let (status, body) = sign_up(&app, "dave", Some("nonsense")).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invalid_invitation");
        let once = invite(
            &app,
            &root,
            json!({"max_uses": 1, "expires_in_days": 2, "note": "for dave"}),
        )
        .await;
        let code = once["code"].as_str().unwrap().to_owned();
        assert!(
            once["url"]
                .as_str()
                .unwrap()
                .contains(&format!("/signup?invite={code}"))
        );
        // Only the hash is stored.
        let stored: Vec<String> = sqlx::query_scalar("SELECT code_hash FROM invitations")
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
        assert!(stored.iter().all(|h| *h != code && h.len() == 64));
        // A taken name gives the use back.
        let (status, _) = sign_up(&app, "root", Some(&code)).await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, body) = sign_up(&app, "dave", Some(&code)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, body) = sign_up(&app, "erin", Some(&code)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_used_up");
        // Expiry.
        let later = invite(&app, &root, json!({"max_uses": 5, "expires_in_days": 1})).await;
        let later_code = later["code"].as_str().unwrap().to_owned();
        app.clock.advance_ms(DAY_MS);
        let (status, body) = sign_up(&app, "erin", Some(&later_code)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invitation_expired");
        // Revoked.
        let third = invite(&app, &root, json!({"max_uses": 5})).await;
        let id = third["id"].as_i64().unwrap();
        let (status, _) = app
            .call("DELETE", &format!("/api/v1/invitations/{id}"), Some(&root), None)
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = sign_up(&app, "erin", third["code"].as_str()).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "invalid_invitation");
        // The page: the code from the link is filled in, and the form works with it.
        let fourth = invite(&app, &root, json!({})).await;
        let code = fourth["code"].as_str().unwrap();
        let mut b = Browser::new(&app);
        let page = b.get(&format!("/signup?invite={code}")).await;
        assert_eq!(page.status, StatusCode::OK);
        assert!(
            page.body.contains(&format!("name=\"invite\" value=\"{code}\"")),
            "{}",
            page.body
        );
        let page = b
            .post(
                "/signup",
                &[
                    ("username", "erin"),
                    ("password", "password-erin"),
                    ("password_again", "password-erin"),
                    ("invite", "wrong"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::FORBIDDEN);
        assert!(page.body.contains("not valid"), "{}", page.body);
        let page = b
            .post(
                "/signup",
                &[
                    ("username", "erin"),
                    ("password", "password-erin"),
                    ("password_again", "password-erin"),
                    ("invite", code),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        // Members may invite only when the site allows it.
        let dave = app.token("dave").await;
        let (status, body) = app.post("/api/v1/invitations", &dave, json!({})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "forbidden");
        let mut member = Browser::new(&app);
        log_in(&mut member, "dave").await;
        assert_eq!(member.get("/invitations").await.status, StatusCode::FORBIDDEN);
        set_site(&app, &root, json!({"member_invites": true})).await;
        invite(&app, &dave, json!({})).await;
        assert_eq!(member.get("/invitations").await.status, StatusCode::OK);
        let page = member
            .post("/invitations", &[("max_uses", "2"), ("note", "for my brother")])
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(page.body.contains("/signup?invite="), "{}", page.body);
        let (_, mine) = app.get("/api/v1/invitations", Some(&dave)).await;
        assert_eq!(mine.as_array().unwrap().len(), 2);
        assert_eq!(mine[0]["note"], "for my brother");
        // A member cannot revoke someone else's.
        let (status, _) = app
            .call(
                "DELETE",
                &format!("/api/v1/invitations/{}", once["id"]),
                Some(&dave),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, all) = app.get("/api/v1/admin/invitations", Some(&root)).await;
        assert_eq!(all.as_array().unwrap().len(), 6);
    })
    .await;
}

#[tokio::test]
async fn racing_sign_ups_cannot_exceed_an_invitations_uses() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        set_site(&app, &root, json!({"signup": "invite_only"})).await;
        // Through the whole app: five sign-ups at once for two uses.
        let code = invite(&app, &root, json!({"max_uses": 2})).await["code"]
            .as_str()
            .unwrap()
            .to_owned();
        let mut racers = Vec::new();
        for i in 0..5 {
            let router = app.router.clone();
            let body = json!({"username": format!("racer{i}"), "password": "a long racing password", "invite": code});
            racers.push(tokio::spawn(async move {
                let request = Request::post("/api/v1/accounts")
                    .header("content-type", "application/json")
                    .body(Body::from(body.to_string()))
                    .unwrap();
                router.oneshot(request).await.unwrap().status()
            }));
        }
        let mut statuses = Vec::new();
        for racer in racers {
            statuses.push(racer.await.unwrap());
        }
        // Password hashing is bounded process-wide (other tests hash at the same time): a
        // racer turned away as busy tries again, alone.
        for (i, status) in statuses.iter_mut().enumerate() {
            while *status == StatusCode::SERVICE_UNAVAILABLE {
                let name = format!("racer{i}");
                *status = sign_up(&app, &name, Some(&code)).await.0;
            }
        }
        let created = statuses.iter().filter(|s| **s == StatusCode::CREATED).count();
        assert_eq!(created, 2, "{statuses:?}");
        assert!(
            statuses
                .iter()
                .all(|s| *s == StatusCode::CREATED || *s == StatusCode::FORBIDDEN),
            "{statuses:?}"
        );
        // And straight at the database, without the password hashing to spread them out:
        // twelve tasks, three uses.
        let code = invite(&app, &root, json!({"max_uses": 3})).await["code"]
            .as_str()
            .unwrap()
            .to_owned();
        let hash = herald_server::web::auth::secret_hash(&code);
        let db = Arc::new(app.state.db.clone());
        let mut tasks = Vec::new();
        for i in 0..12 {
            let (db, hash) = (Arc::clone(&db), hash.clone());
            tasks.push(tokio::spawn(async move {
                let name = format!("direct{i}");
                db.create_user_invited(&name, &name, "!", T0, &hash).await.unwrap()
            }));
        }
        let mut made = 0;
        for task in tasks {
            if matches!(task.await.unwrap(), herald_server::storage::InvitedSignup::Created(_)) {
                made += 1;
            }
        }
        assert_eq!(made, 3);
        let uses: Vec<(i64, i64)> = sqlx::query_as("SELECT uses, max_uses FROM invitations ORDER BY id")
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(uses, [(2, 2), (3, 3)]);
    })
    .await;
}

#[tokio::test]
async fn the_site_name_and_notice_show_escaped_on_every_page() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        set_site(
            &app,
            &root,
            json!({"site_name": "Club <b>Rook</b>", "notice": "<script>alert(1)</script> & the AGM is Friday"}),
        )
        .await;
        let mut b = Browser::new(&app);
        for path in ["/", "/login", "/lobby", "/signup"] {
            let page = b.get(path).await;
            assert!(
                page.body
                    .contains("&#60;script&#62;alert(1)&#60;/script&#62; &#38; the AGM is Friday")
                    || page
                        .body
                        .contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; the AGM is Friday"),
                "{path}: {}",
                page.body
            );
            assert!(!page.body.contains("<script>alert"), "{path}");
            assert!(!page.body.contains("<b>Rook"), "{path}");
            assert!(page.body.contains("Rook"), "{path}");
        }
        let page = b.get("/").await;
        let title = page
            .body
            .split("<title>")
            .nth(1)
            .unwrap()
            .split("</title>")
            .next()
            .unwrap();
        assert!(title.contains("Club") && title.contains("Rook"), "{title}");
        // Invalid settings are refused.
        let (_, mut site) = app.get("/api/v1/admin/site", Some(&root)).await;
        site["site_name"] = json!("");
        let (status, body) = app.call("PUT", "/api/v1/admin/site", Some(&root), Some(site)).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_site_name");
    })
    .await;
}

fn entries(audit: &Value) -> Vec<Value> {
    audit["entries"].as_array().unwrap().clone()
}

#[tokio::test]
async fn the_audit_log_records_web_api_and_cli_actions_with_before_and_after() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let game = app.started_game("nowan", &bob, &carol, "carol").await;
        let db = &app.state.db;
        // The command line.
        cli::make_admin(db, "carol", true).await.unwrap();
        cli::make_admin(db, "carol", false).await.unwrap();
        cli::reset_password(db, "carol", "a brand new passphrase".to_owned())
            .await
            .unwrap();
        let other = app.started_game("nowan", &bob, &app.token("root").await, "root").await;
        cli::end_game(db, &other, app.state.now()).await.unwrap();
        // The web: a suspension by form, and ending a game with a reason.
        let mut b = Browser::new(&app);
        log_in(&mut b, "root").await;
        b.get("/admin/users/bob").await;
        let page = b
            .post("/admin/users/bob/suspend", &[("days", "3"), ("note", "rude in chat")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        b.get("/admin/games").await;
        let page = b
            .post(&format!("/admin/games/{game}/end"), &[("reason", "both players asked")])
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.body);
        let (_, g) = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(
            (g["status"].as_str(), g["reason"].as_str()),
            (Some("aborted"), Some("admin"))
        );
        let page = b.get(&format!("/games/{game}")).await;
        assert!(
            page.body
                .contains("Ended by an administrator: \u{2068}both players asked"),
            "{}",
            page.body
        );
        // The API.
        app.post(
            "/api/v1/admin/users/bob/unsuspend",
            &root,
            json!({"note": "apologised"}),
        )
        .await;
        let (status, audit) = app.get("/api/v1/admin/audit?limit=50", Some(&root)).await;
        assert_eq!(status, StatusCode::OK, "{audit}");
        let all = entries(&audit);
        let actions: Vec<&str> = all.iter().map(|e| e["action"].as_str().unwrap()).collect();
        assert_eq!(
            actions,
            [
                "unsuspend",
                "end_game",
                "suspend",
                "end_game",
                "reset_password",
                "revoke_admin",
                "grant_admin",
                "create_user"
            ],
            "newest first"
        );
        let by_cli: Vec<&Value> = all.iter().filter(|e| e["actor"] == "cli").collect();
        assert_eq!(by_cli.len(), 5);
        assert!(by_cli.iter().all(|e| e["actor_id"].is_null()));
        let grant = &all[6];
        assert_eq!(
            (
                grant["before"]["is_admin"].as_bool(),
                grant["after"]["is_admin"].as_bool()
            ),
            (Some(false), Some(true))
        );
        assert_eq!(grant["target_name"], "carol");
        let suspend = &all[2];
        assert_eq!(suspend["actor"], "root");
        assert_eq!(suspend["note"], "rude in chat");
        assert_eq!(suspend["before"]["suspended_until"], Value::Null);
        assert_eq!(suspend["after"]["suspended_until"], json!(T0 + 3 * DAY_MS));
        assert_eq!(all[1]["note"], "both players asked");
        assert_eq!(all[1]["target_id"], json!(game));
        // No secret in the log.
        assert!(!audit.to_string().contains("a brand new passphrase"));
        // Paging: newest first, then older.
        let (_, first) = app.get("/api/v1/admin/audit?limit=3", Some(&root)).await;
        let before = first["next_before"].as_i64().unwrap();
        let (_, second) = app
            .get(&format!("/api/v1/admin/audit?limit=3&before={before}"), Some(&root))
            .await;
        assert_eq!(entries(&second)[0]["action"], "end_game");
        assert_eq!(entries(&second).len(), 3);
        // The page lists them too.
        let page = b.get("/admin/audit").await;
        assert!(
            page.body.contains("rude in chat") && page.body.contains("cli"),
            "{}",
            page.body
        );
    })
    .await;
}

#[tokio::test]
async fn reports_are_filed_queued_limited_and_resolved() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let game = app.started_game("nowan", &bob, &carol, "carol").await;
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "user", "username": "carol"}, "reason": "insults"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let user_report = body["id"].as_i64().unwrap();
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "user", "username": "bob"}, "reason": "me"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_report");
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "game", "id": "nope"}, "reason": "x"}),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        // A chat message: only one the reporter can read.
        let (status, said) = app
            .post(
                &format!("/api/v1/games/{game}/chat"),
                &carol,
                json!({"text": "buy cheap gold"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{said}");
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "message", "game": game, "seq": 2 * FIRST_MESSAGE}, "reason": "spam link"}),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "message_not_found");
        let stranger = app.user("dave").await;
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &stranger,
                json!({"target": {"kind": "message", "game": game, "seq": FIRST_MESSAGE}, "reason": "spam link"}),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "message_not_found");
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "message", "game": game, "seq": FIRST_MESSAGE}, "reason": "spam link"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // The game page's form.
        let mut b = Browser::new(&app);
        log_in(&mut b, "carol").await;
        let page = b.get(&format!("/games/{game}")).await;
        assert!(page.body.contains("Report this game"));
        let page = b
            .post(
                "/reports",
                &[
                    ("kind", "game"),
                    ("target", &game),
                    ("reason", "engine use <suspected>"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(page.body.contains("Thank you"));
        // The queue: open reports, newest first.
        let (_, open) = app.get("/api/v1/admin/reports", Some(&root)).await;
        let kinds: Vec<&str> = open
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["target"]["kind"].as_str().unwrap())
            .collect();
        assert_eq!(kinds, ["game", "message", "user"]);
        assert_eq!(open[0]["reason"], "engine use <suspected>");
        let admin_page = {
            let mut a = Browser::new(&app);
            log_in(&mut a, "root").await;
            a.get("/admin/reports").await
        };
        assert!(
            admin_page.body.contains("engine use &#60;suspected&#62;")
                || admin_page.body.contains("engine use &lt;suspected&gt;")
        );
        // The action select shows labels, and sends the stored names.
        assert!(
            admin_page
                .body
                .contains("<option value=\"suspend\">Suspend the user</option>"),
            "{}",
            admin_page.body
        );
        assert!(!admin_page.body.contains(">suspend</option>"));
        let dashboard = {
            let mut a = Browser::new(&app);
            log_in(&mut a, "root").await;
            a.get("/admin").await
        };
        assert!(
            dashboard.body.contains(">By invitation only</option>"),
            "{}",
            dashboard.body
        );
        assert!(dashboard.body.contains(">Clocks keep running</option>"));
        assert!(!dashboard.body.contains(">invite_only</option>"));
        // Resolving with a suspension suspends the reported user.
        let (status, resolved) = app
            .post(
                &format!("/api/v1/admin/reports/{user_report}/resolve"),
                &root,
                json!({"action": "suspend", "days": 2, "note": "second time"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{resolved}");
        assert_eq!(resolved["state"], "resolved");
        assert_eq!(resolved["action"], "suspend");
        assert_eq!(resolved["resolved_by"], "root");
        let (status, body) = app.get("/api/v1/me", Some(&carol)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_suspended");
        let (status, body) = app
            .post(
                &format!("/api/v1/admin/reports/{user_report}/resolve"),
                &root,
                json!({"action": "dismiss"}),
            )
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "report_resolved");
        // A game report's action needs to name the user.
        let game_report = open[0]["id"].as_i64().unwrap();
        let (status, body) = app
            .post(
                &format!("/api/v1/admin/reports/{game_report}/resolve"),
                &root,
                json!({"action": "warn"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "user_required");
        let (_, open) = app.get("/api/v1/admin/reports?state=open", Some(&root)).await;
        assert_eq!(open.as_array().unwrap().len(), 2);
        let (_, done) = app.get("/api/v1/admin/reports?state=resolved", Some(&root)).await;
        assert_eq!(done.as_array().unwrap().len(), 1);
        // Filing is limited per user: ten an hour.
        for i in 0..8 {
            let (status, body) = app
                .post(
                    "/api/v1/reports",
                    &bob,
                    json!({"target": {"kind": "game", "id": game}, "reason": format!("again {i}")}),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED, "{i}: {body}");
        }
        let (status, body) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "game", "id": game}, "reason": "one more"}),
            )
            .await;
        assert_error(status, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        app.clock.advance_ms(3_600_001);
        let (status, _) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "game", "id": game}, "reason": "later"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
    })
    .await;
}

#[tokio::test]
async fn mutes_are_stored_for_the_chat_with_their_audit_entries() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        app.user("bob").await;
        let bob_id = app.state.db.admin_user_by_key("bob").await.unwrap().unwrap().id;
        assert_eq!(app.state.db.muted_until(bob_id).await.unwrap(), None);
        let until = T0 + 5 * DAY_MS;
        let (status, body) = app
            .post("/api/v1/admin/users/bob/mute", &root, json!({"until": until}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["muted_until"], until);
        assert_eq!(app.state.db.muted_until(bob_id).await.unwrap(), Some(until));
        let refused = check_not_muted(&app.state, bob_id).await.unwrap_err();
        assert_eq!((refused.status(), refused.code()), (StatusCode::FORBIDDEN, "muted"));
        app.clock.advance_ms(5 * DAY_MS);
        assert!(
            check_not_muted(&app.state, bob_id).await.is_ok(),
            "a mute lapses at its time"
        );
        app.clock.set_ms(T0);
        // A mute does not lock the account.
        let bob = app.token("bob").await;
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::OK);
        app.post("/api/v1/admin/users/bob/unmute", &root, json!({})).await;
        assert_eq!(app.state.db.muted_until(bob_id).await.unwrap(), None);
        let (_, audit) = app.get("/api/v1/admin/audit", Some(&root)).await;
        let all = entries(&audit);
        assert_eq!(all[1]["action"], "mute");
        assert_eq!(all[1]["after"]["muted_until"], until);
        assert_eq!(all[0]["action"], "unmute");
        assert_eq!(all[0]["before"]["muted_until"], until);
        assert_eq!(all[0]["after"]["muted_until"], Value::Null);
    })
    .await;
}

#[tokio::test]
async fn passwords_rights_and_deletion() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        // A generated password is answered once; the old token stops.
        let (status, reset) = app.post("/api/v1/admin/users/bob/password", &root, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{reset}");
        let password = reset["password"].as_str().unwrap().to_owned();
        assert_eq!(reset["tokens_revoked"], 1);
        assert_eq!(app.get("/api/v1/me", Some(&bob)).await.0, StatusCode::UNAUTHORIZED);
        let (status, fresh) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "bob", "password": password})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{fresh}");
        let bob2 = fresh["token"].as_str().unwrap().to_owned();
        // The last administrator keeps the rights; with a second one, they can go.
        let (status, body) = app
            .post("/api/v1/admin/users/root/admin", &root, json!({"admin": false}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "last_admin");
        let (status, body) = app
            .post("/api/v1/admin/users/bob/admin", &root, json!({"admin": true}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["is_admin"], true);
        let (status, _) = app
            .post("/api/v1/admin/users/root/admin", &root, json!({"admin": false}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.get("/api/v1/admin/audit", Some(&root)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "forbidden");
        // Deletion anonymises the account; its tokens stop.
        let carol = app.user("carol").await;
        let (status, body) = app.call("DELETE", "/api/v1/admin/users/carol", Some(&bob2), None).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        assert_eq!(app.get("/api/v1/me", Some(&carol)).await.0, StatusCode::UNAUTHORIZED);
        let (status, _) = app.get("/api/v1/admin/users/carol", Some(&bob2)).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // The name is free again.
        app.user("carol").await;
        // Search is by prefix, any case.
        let (_, found) = app.get("/api/v1/admin/users?prefix=B", Some(&bob2)).await;
        let names: Vec<&str> = found["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["username"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["bob"]);
    })
    .await;
}

#[tokio::test]
async fn the_openapi_document_has_the_administration_routes() {
    let db = TestDb::sqlite();
    let app = TestApp::scripted(&db).await;
    let (_, doc) = app.get("/api/v1/openapi.json", None).await;
    for (path, method) in [
        ("/api/v1/admin/users", "get"),
        ("/api/v1/admin/users/{username}", "get"),
        ("/api/v1/admin/users/{username}", "delete"),
        ("/api/v1/admin/users/{username}/suspend", "post"),
        ("/api/v1/admin/users/{username}/unsuspend", "post"),
        ("/api/v1/admin/users/{username}/ban", "post"),
        ("/api/v1/admin/users/{username}/unban", "post"),
        ("/api/v1/admin/users/{username}/mute", "post"),
        ("/api/v1/admin/users/{username}/unmute", "post"),
        ("/api/v1/admin/users/{username}/password", "post"),
        ("/api/v1/admin/users/{username}/admin", "post"),
        ("/api/v1/admin/games", "get"),
        ("/api/v1/admin/games/{id}/end", "post"),
        ("/api/v1/admin/reports", "get"),
        ("/api/v1/admin/reports/{id}/resolve", "post"),
        ("/api/v1/admin/invitations", "get"),
        ("/api/v1/admin/site", "get"),
        ("/api/v1/admin/site", "put"),
        ("/api/v1/admin/audit", "get"),
        ("/api/v1/reports", "post"),
        ("/api/v1/invitations", "post"),
        ("/api/v1/invitations", "get"),
        ("/api/v1/invitations/{id}", "delete"),
    ] {
        let op = &doc["paths"][path][method];
        assert!(op.is_object(), "{method} {path} is not in the document");
        if path.starts_with("/api/v1/admin/") {
            assert!(op["responses"]["403"].is_object(), "{method} {path} declares no 403");
        }
    }
    let target = &doc["components"]["schemas"]["ReportTarget"];
    assert!(target.to_string().contains("message"), "{target}");
    assert!(
        doc["components"]["schemas"]["SignupMode"]
            .to_string()
            .contains("invite_only")
    );
    drop(app);
    db.cleanup().await;
}

/// Reads `stream` to its end, for at most 20 s; how long that took.
pub(crate) async fn time_to_end(stream: &mut crate::streams::Lines) -> std::time::Duration {
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(20) && stream.line().await.is_some() {}
    started.elapsed()
}

/// A suspended user's open streams (a game's events, its chat, their own stream) end at
/// once, on the instance that suspended them and on the others; another user's stay open.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_suspension_ends_the_streams_the_user_holds_on_every_instance() {
    each_backend(|db| async move {
        let (one, root) = club(&db).await;
        let two = TestApp::scripted(&db).await;
        let alice = one.user("alice").await;
        let bob = one.user("bob").await;
        let id = one.started_game("ancient", &alice, &bob, "bob").await;
        let servers = crate::common::two_servers(&db, &one, &two).await;
        let open = |path: String, token: String| {
            let url = format!("{}{path}", servers[1].base);
            async move { crate::streams::Lines::open(&url, Some(&token), &[]).await }
        };
        let mut bobs = vec![
            open(format!("/api/v1/games/{id}/stream"), bob.clone()).await,
            open(format!("/api/v1/games/{id}/chat/stream"), bob.clone()).await,
            open("/api/v1/me/stream".to_owned(), bob.clone()).await,
        ];
        let mut alices = open(format!("/api/v1/games/{id}/chat/stream"), alice.clone()).await;
        let (status, body) = one
            .post(
                "/api/v1/admin/users/bob/suspend",
                &root,
                json!({"until": T0 + 3 * DAY_MS}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for stream in &mut bobs {
            let took = time_to_end(stream).await;
            assert!(
                took < std::time::Duration::from_secs(10),
                "{}: ended after {took:?}",
                db.backend
            );
        }
        // Alice's stream goes on: her next message reaches it.
        let (status, body) = one
            .post(
                &format!("/api/v1/games/{id}/chat"),
                &alice,
                json!({"text": "still here"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(alices.json().await["text"], "still here");
        // A password change ends the streams held with the old credentials too.
        let mut page = crate::pages::Browser::new(&one);
        page.log_in("alice").await;
        let changed = page
            .post(
                "/settings/password",
                &[
                    ("current", "password-alice"),
                    ("password", "a new long passphrase"),
                    ("password_again", "a new long passphrase"),
                ],
            )
            .await;
        assert_eq!(changed.status, StatusCode::SEE_OTHER, "{}", changed.body);
        let took = time_to_end(&mut alices).await;
        assert!(
            took < std::time::Duration::from_secs(10),
            "{}: ended after {took:?}",
            db.backend
        );
    })
    .await;
}

/// A suspended or banned user's private feed is refused like their tokens (issue 32: it
/// still answered), and answers again once the restriction is lifted.
#[tokio::test]
async fn a_restricted_users_feed_is_refused() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let (status, feed) = app.post("/api/v1/me/feed", &bob, json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "{feed}");
        let url = feed["url"].as_str().unwrap();
        let path = url[url.find("/feeds/").unwrap()..].to_owned();
        assert_eq!(app.get(&path, None).await.0, StatusCode::OK);
        let until = T0 + 2 * DAY_MS;
        app.post("/api/v1/admin/users/bob/suspend", &root, json!({"until": until}))
            .await;
        let (status, body) = app.get(&path, None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_suspended");
        app.post("/api/v1/admin/users/bob/unsuspend", &root, json!({})).await;
        assert_eq!(app.get(&path, None).await.0, StatusCode::OK);
        app.post("/api/v1/admin/users/bob/ban", &root, json!({})).await;
        let (status, body) = app.get(&path, None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "account_banned");
    })
    .await;
}

/// A banned (or suspended) user's open challenge leaves the lobby and cannot be joined
/// (issue 32: it could, starting a game against a player who cannot move); lifted, it is
/// back.
#[tokio::test]
async fn a_restricted_users_open_challenge_cannot_be_joined() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let (status, game) = app
            .post("/api/v1/games", &bob, json!({"variant": "nowan", "seat": 0}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let listed = |list: &serde_json::Value| list.as_array().unwrap().iter().any(|g| g["id"] == id.as_str());
        let (_, lobby) = app.get("/api/v1/challenges", Some(&carol)).await;
        assert!(listed(&lobby), "{lobby}");
        let (status, _) = app.post("/api/v1/admin/users/bob/ban", &root, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (_, lobby) = app.get("/api/v1/challenges", Some(&carol)).await;
        assert!(!listed(&lobby), "a banned user's challenge is not listed: {lobby}");
        let (_, lobby) = app.get("/api/v1/challenges", None).await;
        assert!(!listed(&lobby), "{lobby}");
        let mut page = Browser::new(&app);
        assert!(!page.get("/lobby").await.body.contains(&id));
        let join = format!("/api/v1/games/{id}/join");
        let (status, body) = app.post(&join, &carol, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "challenge_unavailable");
        // Suspended: the same while it lasts.
        app.post("/api/v1/admin/users/bob/unban", &root, json!({})).await;
        let until = T0 + 2 * DAY_MS;
        app.post("/api/v1/admin/users/bob/suspend", &root, json!({"until": until}))
            .await;
        let (_, lobby) = app.get("/api/v1/challenges", Some(&carol)).await;
        assert!(!listed(&lobby), "a suspended user's challenge is not listed: {lobby}");
        let (status, body) = app.post(&join, &carol, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "challenge_unavailable");
        app.post("/api/v1/admin/users/bob/unsuspend", &root, json!({})).await;
        let (_, lobby) = app.get("/api/v1/challenges", Some(&carol)).await;
        assert!(listed(&lobby), "{lobby}");
        let (status, body) = app.post(&join, &carol, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    })
    .await;
}

/// A member holds at most 20 usable invitation links and organises at most 5 tournaments
/// that are not over (issue 32: no cap at all); a revoked link or a cancelled event frees
/// its place, and administrators have no cap.
#[tokio::test]
async fn members_have_caps_on_invitation_links_and_open_tournaments() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        set_site(&app, &root, json!({"member_invites": true})).await;
        let dave = app.user("dave").await;
        let mut last = Value::Null;
        for _ in 0..20 {
            let (status, body) = app.post("/api/v1/invitations", &dave, json!({})).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            last = body;
        }
        let (status, body) = app.post("/api/v1/invitations", &dave, json!({})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "too_many_invitation_links");
        let (status, _) = app
            .call(
                "DELETE",
                &format!("/api/v1/invitations/{}", last["id"]),
                Some(&dave),
                None,
            )
            .await;
        assert!(status.is_success(), "{status}");
        let (status, body) = app.post("/api/v1/invitations", &dave, json!({})).await;
        assert_eq!(status, StatusCode::CREATED, "a revoked link frees its place: {body}");
        for _ in 0..25 {
            let (status, body) = app.post("/api/v1/invitations", &root, json!({})).await;
            assert_eq!(status, StatusCode::CREATED, "administrators have no cap: {body}");
        }

        let event = |n: usize| json!({"name": format!("Event {n}"), "variant": "nowan"});
        let mut ids = Vec::new();
        for n in 0..5 {
            let (status, body) = app.post("/api/v1/tournaments", &dave, event(n)).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            ids.push(body["id"].as_str().unwrap().to_owned());
        }
        let (status, body) = app.post("/api/v1/tournaments", &dave, event(5)).await;
        assert_error(status, &body, StatusCode::CONFLICT, "too_many_tournaments");
        let (status, body) = app
            .post(&format!("/api/v1/tournaments/{}/cancel", ids[0]), &dave, json!(null))
            .await;
        assert!(status.is_success(), "{status}: {body}");
        let (status, body) = app.post("/api/v1/tournaments", &dave, event(6)).await;
        assert_eq!(status, StatusCode::CREATED, "a cancelled event frees its place: {body}");
        for n in 0..7 {
            let (status, body) = app.post("/api/v1/tournaments", &root, event(10 + n)).await;
            assert_eq!(status, StatusCode::CREATED, "administrators have no cap: {body}");
        }
    })
    .await;
}

/// A report resolved with "warn" tells the warned user, and only them: a banner on their
/// pages with the administrator's note and the API's list, until they dismiss it.
#[tokio::test]
async fn a_warning_is_shown_to_the_warned_user_until_they_dismiss_it() {
    each_backend(|db| async move {
        let (app, root) = club(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let (status, filed) = app
            .post(
                "/api/v1/reports",
                &bob,
                json!({"target": {"kind": "user", "username": "alice"}, "reason": "rude in chat"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{filed}");
        let (status, none) = app.get("/api/v1/me/warnings", Some(&alice)).await;
        assert_eq!((status, none), (StatusCode::OK, json!([])));
        let (status, resolved) = app
            .post(
                &format!("/api/v1/admin/reports/{}/resolve", filed["id"]),
                &root,
                json!({"action": "warn", "note": "Mind your <b>language</b>"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{resolved}");
        let (status, warnings) = app.get("/api/v1/me/warnings", Some(&alice)).await;
        assert_eq!(status, StatusCode::OK, "{warnings}");
        assert_eq!(warnings.as_array().unwrap().len(), 1, "{warnings}");
        assert_eq!(warnings[0]["note"], "Mind your <b>language</b>");
        let id = warnings[0]["id"].as_i64().unwrap();
        // Only alice sees it, and only she may dismiss it.
        let (status, theirs) = app.get("/api/v1/me/warnings", Some(&bob)).await;
        assert_eq!((status, theirs), (StatusCode::OK, json!([])));
        let (status, body) = app
            .post(&format!("/api/v1/me/warnings/{id}/dismiss"), &bob, json!({}))
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "warning_not_found");
        let mut bobs = Browser::new(&app);
        log_in(&mut bobs, "bob").await;
        assert!(!bobs.get("/lobby").await.body.contains("warned you"));
        // Alice's pages show it, escaped, until she dismisses it.
        let mut page = Browser::new(&app);
        log_in(&mut page, "alice").await;
        let lobby = page.get("/lobby").await;
        assert!(
            lobby
                .body
                .contains("An administrator warned you:</strong> <bdi>Mind your &#60;b&#62;language&#60;/b&#62;")
                || lobby
                    .body
                    .contains("An administrator warned you:</strong> <bdi>Mind your &lt;b&gt;language&lt;/b&gt;"),
            "{}",
            lobby.body
        );
        let dismissed = page
            .post(&format!("/warnings/{id}/dismiss"), &[("next", "/lobby")])
            .await;
        assert_eq!(dismissed.status, StatusCode::SEE_OTHER, "{}", dismissed.body);
        assert_eq!(dismissed.location.as_deref(), Some("/lobby"));
        assert!(!page.get("/lobby").await.body.contains("warned you"));
        let (status, warnings) = app.get("/api/v1/me/warnings", Some(&alice)).await;
        assert_eq!((status, warnings), (StatusCode::OK, json!([])));
        let (status, body) = app
            .post(&format!("/api/v1/me/warnings/{id}/dismiss"), &alice, json!({}))
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "warning_not_found");
        // Her export keeps it, dismissed; bob's has none.
        let (_, export) = app.get("/api/v1/me/export", Some(&alice)).await;
        assert_eq!(export["warnings"].as_array().unwrap().len(), 1, "{export}");
        assert_eq!(export["warnings"][0]["id"], id);
        assert_eq!(export["warnings"][0]["note"], "Mind your <b>language</b>");
        assert!(export["warnings"][0]["dismissed_at"].is_i64(), "{export}");
        let (_, theirs) = app.get("/api/v1/me/export", Some(&bob)).await;
        assert_eq!(theirs["warnings"], json!([]));
    })
    .await;
}
