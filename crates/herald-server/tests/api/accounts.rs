use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

use crate::common::{TestApp, assert_error, each_backend};

#[tokio::test]
async fn register_validates_and_rejects_duplicates() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/accounts",
                None,
                Some(json!({"username": "Alice", "password": "correct horse"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["username"], "Alice");
        for name in ["ALICE", "alice"] {
            let (status, body) = app
                .call(
                    "POST",
                    "/api/v1/accounts",
                    None,
                    Some(json!({"username": name, "password": "another one"})),
                )
                .await;
            assert_error(status, &body, StatusCode::CONFLICT, "username_taken");
        }
        for name in ["al", "a b", "-x-", "ü-name", "x".repeat(21).as_str()] {
            let (status, body) = app
                .call(
                    "POST",
                    "/api/v1/accounts",
                    None,
                    Some(json!({"username": name, "password": "long enough"})),
                )
                .await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_username");
        }
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/accounts",
                None,
                Some(json!({"username": "bob", "password": "short"})),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_password");
    })
    .await;
}

#[tokio::test]
async fn tokens_are_shown_once_listed_and_revoked() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let token = app.user("carol").await;
        assert!(token.starts_with("hrd_"));
        let (status, me) = app.get("/api/v1/me", Some(&token)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["username"], "carol");

        let (status, second) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "carol", "password": "password-carol", "name": "bot"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, list) = app.get("/api/v1/tokens", Some(&token)).await;
        assert_eq!(status, StatusCode::OK);
        let list = list.as_array().unwrap();
        assert_eq!(list.len(), 2);
        assert!(
            list.iter().all(|t| t.get("token").is_none()),
            "secrets are never listed"
        );

        // Revoke the second; it stops working at once, the first still works.
        let id = second["id"].as_i64().unwrap();
        let (status, _) = app
            .call("DELETE", &format!("/api/v1/tokens/{id}"), Some(&token), None)
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let revoked = second["token"].as_str().unwrap();
        let (status, body) = app.get("/api/v1/me", Some(revoked)).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = app
            .call("DELETE", &format!("/api/v1/tokens/{id}"), Some(&token), None)
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "token_not_found");

        // Another user cannot revoke carol's token.
        let dave = app.user("dave").await;
        let first_id = app.get("/api/v1/tokens", Some(&token)).await.1[0]["id"]
            .as_i64()
            .unwrap();
        let (status, _) = app
            .call("DELETE", &format!("/api/v1/tokens/{first_id}"), Some(&dave), None)
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // Wrong password.
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "carol", "password": "wrong password"})),
            )
            .await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_credentials");
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "nobody", "password": "whatever1"})),
            )
            .await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_credentials");
    })
    .await;
}

/// Logs `name` in through `POST /api/v1/session`; returns the `Set-Cookie` header.
pub(crate) async fn log_in(app: &TestApp, name: &str) -> String {
    let req = Request::post("/api/v1/session")
        .header("content-type", "application/json")
        .body(Body::from(
            json!({"username": name, "password": format!("password-{name}")}).to_string(),
        ))
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), req).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.headers()["set-cookie"].to_str().unwrap().to_owned()
}

#[tokio::test]
async fn session_login_and_logout() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        app.user("erin").await;
        let cookie = log_in(&app, "erin").await;
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"));
        assert!(
            !cookie.contains("Secure"),
            "cookie security follows the config (off in tests)"
        );
        let pair = cookie.split(';').next().unwrap().to_owned();

        let with_cookie = |method: &str, path: &str| {
            Request::builder()
                .method(method)
                .uri(path)
                .header("cookie", pair.clone())
                .body(Body::empty())
                .unwrap()
        };
        let (status, me) = app.raw(with_cookie("GET", "/api/v1/me")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(me["username"], "erin");
        // Logging out is a cookie-authenticated write: without the page's CSRF token another
        // site could log the visitor out.
        let (status, body) = app.raw(with_cookie("DELETE", "/api/v1/session")).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        assert_eq!(app.raw(with_cookie("GET", "/api/v1/me")).await.0, StatusCode::OK);
        let secret = pair.split_once('=').unwrap().1;
        let mut logout = with_cookie("DELETE", "/api/v1/session");
        logout.headers_mut().insert(
            "x-csrf-token",
            herald_server::web::auth::csrf_token_for(secret).parse().unwrap(),
        );
        let (status, _) = app.raw(logout).await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = app.raw(with_cookie("GET", "/api/v1/me")).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_session");

        // Sessions expire after 30 days.
        let cookie = log_in(&app, "erin").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let me = || {
            Request::get("/api/v1/me")
                .header("cookie", pair.clone())
                .body(Body::empty())
                .unwrap()
        };
        assert_eq!(app.raw(me()).await.0, StatusCode::OK);
        app.clock.advance_ms(31 * herald_server::infra::clock::DAY_MS);
        let (status, body) = app.raw(me()).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_session");
    })
    .await;
}

/// The session cookie authenticates the API for our own pages, but an unsafe request
/// must carry the page's CSRF token: another site can make a browser send the cookie,
/// never the token.
#[tokio::test]
async fn cookie_authenticated_api_writes_need_the_csrf_token() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        app.user("erin").await;
        app.user("fred").await;
        let cookie = log_in(&app, "erin").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let secret = pair.split_once('=').unwrap().1.to_owned();
        let create = |csrf: Option<&str>| {
            let mut req = Request::post("/api/v1/games")
                .header("cookie", pair.clone())
                .header("content-type", "application/json");
            if let Some(token) = csrf {
                req = req.header("x-csrf-token", token);
            }
            req.body(Body::from(json!({"variant": "nowan", "invite": "fred"}).to_string()))
                .unwrap()
        };
        let (status, body) = app.raw(create(None)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        let (status, body) = app.raw(create(Some("0123"))).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        let token = herald_server::web::auth::csrf_token_for(&secret);
        let (status, body) = app.raw(create(Some(&token))).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        // Reading needs no token.
        let me = Request::get("/api/v1/me")
            .header("cookie", pair.clone())
            .body(Body::empty())
            .unwrap();
        assert_eq!(app.raw(me).await.0, StatusCode::OK);
    })
    .await;
}

/// The move route finds out who asks in the same query that reads the game: the answers
/// must be those of every other route (401 before 404, revoked tokens and expired
/// sessions refused, the cookie with its CSRF token accepted).
#[tokio::test]
async fn the_move_route_authenticates_like_every_other_route() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let erin = app.user("erin").await;
        let fred = app.user("fred").await;
        let id = app.started_game("nowan", &erin, &fred, "fred").await;
        let play = async |token: &str, game: &str| {
            let path = format!("/api/v1/games/{game}/moves");
            app.call("POST", &path, Some(token), Some(json!({"move": "a1a2"})))
                .await
        };
        let (status, body) = play("hrd_nope", &id).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = play("hrd_nope", "nosuchgame").await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = play("hrd_nope", "bad-id").await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let (status, body) = play(&erin, "nosuchgame").await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        let (status, body) = play(&fred, &id).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_turn");
        let (status, body) = app
            .call(
                "POST",
                &format!("/api/v1/games/{id}/moves"),
                None,
                Some(json!({"move": "a1a2"})),
            )
            .await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "unauthenticated");

        // The session cookie, with the page's CSRF token, plays; expired, it is refused.
        let cookie = log_in(&app, "erin").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let secret = pair.split_once('=').unwrap().1.to_owned();
        let by_cookie = || {
            Request::post(format!("/api/v1/games/{id}/moves"))
                .header("cookie", pair.clone())
                .header("content-type", "application/json")
                .header("x-csrf-token", herald_server::web::auth::csrf_token_for(&secret))
                .body(Body::from(json!({"move": "a1a2", "ply": 0}).to_string()))
                .unwrap()
        };
        let (status, body) = app.raw(by_cookie()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["ply"], 1);
        app.clock.advance_ms(31 * herald_server::infra::clock::DAY_MS);
        let (status, body) = app.raw(by_cookie()).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_session");

        // A revoked token stops working on this route too.
        let (_, tokens) = app.get("/api/v1/tokens", Some(&fred)).await;
        let token_id = tokens[0]["id"].as_i64().unwrap();
        let (status, _) = app
            .call("DELETE", &format!("/api/v1/tokens/{token_id}"), Some(&fred), None)
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, body) = play(&fred, &id).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
    })
    .await;
}
