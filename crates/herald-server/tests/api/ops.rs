//! Operations: `/metrics`, client addresses behind trusted proxies, Secure cookies, and the
//! admin functions behind `herald admin`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::connect_info::MockConnectInfo;
use axum::http::{Request, StatusCode};
use herald_server::Config;
use herald_server::infra::config::AutoBool;
use herald_server::operator::{self, AdminError};
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

use crate::common::{ScriptedRules, T0, TestApp, each_backend};

async fn scrape(app: &TestApp) -> String {
    let response = app
        .router
        .clone()
        .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let kind = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "{kind}");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The value of the sample whose name and labels start with `prefix`.
fn sample(text: &str, prefix: &str) -> Option<f64> {
    text.lines()
        .find(|l| l.starts_with(prefix))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|v| v.parse().ok())
}

#[tokio::test]
async fn metrics_count_requests_moves_games_and_the_hooks() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("metric_a").await;
        let b = app.user("metric_b").await;
        let id = app.started_game("ancient", &a, &b, "metric_b").await;
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = app.get("/no/such/page", None).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        herald_server::web::telemetry::sweeper_run(3);
        herald_server::web::telemetry::stream_subscribers(1);

        let text = scrape(&app).await;
        // Requests are labelled by route template, never by the raw path.
        let moves = r#"herald_http_requests_total{method="POST",route="/api/v1/games/{id}/moves",status="200"}"#;
        assert!(sample(&text, moves).unwrap() >= 1.0, "{text}");
        assert!(!text.contains(&id), "a game id leaked into a label");
        let unmatched = r#"herald_http_requests_total{method="GET",route="unmatched",status="404"}"#;
        assert!(sample(&text, unmatched).unwrap() >= 1.0, "{text}");
        let bucket =
            r#"herald_http_request_duration_seconds_bucket{method="POST",route="/api/v1/games/{id}/moves",le="+Inf"}"#;
        assert!(sample(&text, bucket).unwrap() >= 1.0, "{text}");
        assert!(sample(&text, r#"herald_moves_accepted_total{variant="ancient"}"#).unwrap() >= 1.0);
        // Counted from this test's database at scrape time.
        assert_eq!(sample(&text, "herald_active_games "), Some(1.0), "{text}");
        assert_eq!(sample(&text, "herald_waiting_games "), Some(0.0), "{text}");
        // Nobody in the game is notified of anything: no event waits for the fan-out.
        assert_eq!(sample(&text, "herald_event_outbox_backlog "), Some(0.0), "{text}");
        assert!(sample(&text, "herald_sweeper_runs_total ").unwrap() >= 1.0);
        assert!(sample(&text, "herald_sweeper_expired_total ").unwrap() >= 3.0);
        assert!(sample(&text, "herald_stream_subscribers ").is_some(), "{text}");
        assert!(
            sample(&text, r#"herald_db_connections{state="idle"}"#).is_some(),
            "{text}"
        );
        herald_server::web::telemetry::stream_subscribers(-1);

        // Ending the game takes it out of the active count.
        let (status, _) = app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let text = scrape(&app).await;
        assert_eq!(sample(&text, "herald_active_games "), Some(0.0), "{text}");
    })
    .await;
}

#[tokio::test]
async fn metrics_can_be_turned_off() {
    let db = crate::common::TestDb::sqlite();
    let mut config = Config::for_tests(&db.url);
    config.metrics = false;
    let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
    // Outside /api a missing page is the HTML 404 page.
    let (status, body) = app.get("/metrics", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let page = body.as_str().unwrap();
    assert!(page.contains("Page not found"), "{page}");
    assert!(!page.contains("herald_http_requests"), "{page}");
    db.cleanup().await;
}

/// Asks for a token as `peer`, forwarded for `forwarded`; returns the status.
async fn token_request(app: &TestApp, peer: &str, forwarded: Option<&str>) -> StatusCode {
    let peer: SocketAddr = format!("{peer}:40000").parse().unwrap();
    let router = app.router.clone().layer(MockConnectInfo(peer));
    let mut request = Request::post("/api/v1/tokens").header("content-type", "application/json");
    if let Some(f) = forwarded {
        request = request.header("x-forwarded-for", f);
    }
    let body = Body::from(json!({"username": "nobody", "password": "wrong-password"}).to_string());
    router.oneshot(request.body(body).unwrap()).await.unwrap().status()
}

#[tokio::test]
async fn rate_limits_key_on_the_forwarded_client_only_behind_a_trusted_proxy() {
    let db = crate::common::TestDb::sqlite();
    let mut config = Config::for_tests(&db.url);
    config.rate_limit = true;
    config.trusted_proxies = "127.0.0.1,10.0.0.0/8".parse().unwrap();
    let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;

    // Through the trusted proxy, twelve different clients each get their own bucket (10).
    for i in 0..12 {
        let client = format!("198.51.100.{i}");
        let status = token_request(&app, "127.0.0.1", Some(&format!("6.6.6.6, {client}, 10.0.0.2"))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "client {i}");
    }
    // One client through the proxy runs out, whatever it writes at the left of the header.
    let mut statuses = Vec::new();
    for i in 0..11 {
        statuses.push(token_request(&app, "10.1.1.1", Some(&format!("7.7.7.{i}, 203.0.113.50"))).await);
    }
    assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
    // An untrusted peer cannot dodge the limit by forging the header.
    let mut statuses = Vec::new();
    for i in 0..11 {
        statuses.push(token_request(&app, "192.0.2.7", Some(&format!("198.51.100.{i}"))).await);
    }
    assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
    db.cleanup().await;
}

async fn login_cookie(base_url: &str, secure: Option<bool>) -> String {
    let db = crate::common::TestDb::sqlite();
    let mut config = Config::for_tests(&db.url);
    config.base_url = base_url.to_owned();
    config.cookie_secure = AutoBool(secure);
    let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
    app.user("cookie_user").await;
    let body = json!({"username": "cookie_user", "password": "password-cookie_user"}).to_string();
    let request = Request::post("/api/v1/session")
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    // The cookie logs in on the same server.
    let secret = cookie.split(';').next().unwrap().to_owned();
    let request = Request::get("/api/v1/me")
        .header("cookie", secret)
        .body(Body::empty())
        .unwrap();
    assert_eq!(
        app.router.clone().oneshot(request).await.unwrap().status(),
        StatusCode::OK
    );
    db.cleanup().await;
    cookie
}

#[tokio::test]
async fn cookies_are_secure_exactly_when_served_over_https_unless_configured() {
    assert!(
        login_cookie("https://chess.example.org", None)
            .await
            .contains("; Secure")
    );
    assert!(!login_cookie("http://127.0.0.1:8080", None).await.contains("Secure"));
    assert!(!login_cookie("http://localhost:8080", None).await.contains("Secure"));
    assert!(
        !login_cookie("https://chess.example.org", Some(false))
            .await
            .contains("Secure")
    );
    assert!(
        login_cookie("http://10.0.0.5:8080", Some(true))
            .await
            .contains("; Secure")
    );
}

#[tokio::test]
async fn admin_commands_manage_users_and_games() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let store = &app.state.db;
        let id = operator::create_user(store, "Root", "correct horse".into(), true, T0)
            .await
            .unwrap();
        assert!(store.is_admin(id).await.unwrap());
        let again = operator::create_user(store, "root", "correct horse".into(), false, T0).await;
        assert!(matches!(again, Err(AdminError::Refused(m)) if m.contains("taken")));
        let short = operator::create_user(store, "shorty", "short".into(), false, T0).await;
        assert!(matches!(short, Err(AdminError::Refused(m)) if m.contains("8 to 128")));

        // A user made by the API becomes an administrator and back.
        let token = app.user("helper").await;
        let (_, me) = app.get("/api/v1/me", Some(&token)).await;
        let helper = me["id"].as_i64().unwrap();
        assert!(!store.is_admin(helper).await.unwrap());
        operator::make_admin(store, "HELPER", true).await.unwrap();
        assert!(store.is_admin(helper).await.unwrap());
        operator::make_admin(store, "helper", false).await.unwrap();
        assert!(!store.is_admin(helper).await.unwrap());
        assert!(operator::make_admin(store, "ghost", true).await.is_err());

        // A password reset ends sessions, revokes tokens, and the new password works.
        let login = json!({"username": "helper", "password": "password-helper"});
        let (status, _) = app.call("POST", "/api/v1/session", None, Some(login.clone())).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            operator::reset_password(store, "helper", "brand new pass".into())
                .await
                .unwrap(),
            (1, 1)
        );
        let (status, _) = app.call("POST", "/api/v1/tokens", None, Some(login)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let fresh = json!({"username": "helper", "password": "brand new pass"});
        let (status, _) = app.call("POST", "/api/v1/tokens", None, Some(fresh)).await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, _) = app.get("/api/v1/me", Some(&token)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let token = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "helper", "password": "brand new pass"})),
            )
            .await
            .1["token"]
            .as_str()
            .unwrap()
            .to_owned();
        assert!(
            operator::reset_password(store, "ghost", "a fresh passphrase".into())
                .await
                .is_err()
        );

        // Games: listed with their players, filtered by status, ended by hand once.
        let other = app.user("opponent").await;
        let game = app.started_game("nowan", &token, &other, "opponent").await;
        let (status, _) = app
            .post(&format!("/api/v1/games/{game}/moves"), &token, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let lines = operator::list_games(store, None, 50).await.unwrap();
        let row = lines.iter().find(|l| l.starts_with(&game)).unwrap();
        assert!(row.contains("active") && row.contains("helper,opponent"), "{row}");
        assert_eq!(
            operator::list_games(store, Some("finished"), 50).await.unwrap().len(),
            1
        );
        assert!(operator::list_games(store, Some("paused"), 50).await.is_err());

        operator::end_game(store, &game, T0 + 5).await.unwrap();
        let (_, view) = app.get(&format!("/api/v1/games/{game}"), None).await;
        assert_eq!(view["status"], "aborted", "{view}");
        assert_eq!(view["reason"], "admin", "{view}");
        assert!(view["result"].is_null(), "{view}");
        let events = store.events_after(&game, 0, 100).await.unwrap();
        let last = events.last().unwrap();
        assert_eq!(last.kind, herald_server::domain::events::EventKind::Aborted);
        assert_eq!(last.data["reason"], "admin");
        let twice = operator::end_game(store, &game, T0 + 6).await;
        assert!(matches!(twice, Err(AdminError::Refused(m)) if m.contains("already over")));
        assert!(operator::end_game(store, "nosuchgame", T0).await.is_err());
        let (status, body) = app
            .post(&format!("/api/v1/games/{game}/moves"), &other, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_database_play_one_game() {
    each_backend(|db| async move {
        // Two processes' worth of state: separate pools and position caches, one database.
        let one = TestApp::real(&db).await;
        let two = TestApp::real(&db).await;
        let a = one.user("inst_a").await;
        let b = one.user("inst_b").await;
        let id = one.started_game("not-chess", &a, &b, "inst_b").await;
        let path = format!("/api/v1/games/{id}");
        for ply in 0..6 {
            // Each move goes to the other instance, which must see the previous one.
            let app = if ply % 2 == 0 { &one } else { &two };
            let (_, game) = app.get(&path, None).await;
            assert_eq!(game["ply"], ply, "{game}");
            let mv = game["legal_moves"][0].as_str().unwrap().to_owned();
            let token = if ply % 2 == 0 { &a } else { &b };
            let (status, body) = app.post(&format!("{path}/moves"), token, json!({"move": mv})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        // The same turn sent to both at once: exactly one is accepted.
        let (_, game) = one.get(&path, None).await;
        let mv = game["legal_moves"][0].as_str().unwrap().to_owned();
        let move_path = format!("{path}/moves");
        let body = json!({"move": mv});
        let (first, second) = tokio::join!(one.post(&move_path, &a, body.clone()), two.post(&move_path, &a, body));
        let mut statuses = [first.0, second.0];
        statuses.sort();
        assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT], "{first:?} {second:?}");
        let (_, game) = two.get(&path, None).await;
        assert_eq!(game["ply"], 7);
    })
    .await;
}
