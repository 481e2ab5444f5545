//! Computer analysis of finished games through the API on both databases: asked once, queued
//! (202), computed once by one worker even with two instances draining the queue, then
//! served (200) with marks and accuracies and carried in the PGN; the daily cap; a claim
//! whose worker died is taken again when its lease ends; the authorization matrix.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_server::Config;
use herald_server::domain::rules::HeraldRules;
use herald_server::operator as cli;
use herald_server::storage::Backend;
use herald_server::workers::analysis;
use serde_json::{Value, json};

use crate::common::{TestApp, TestDb, assert_error, each_backend};

/// A small budget so the tests stay fast.
async fn app(db: &TestDb) -> TestApp {
    let mut config = Config::for_tests(&db.url);
    config.analysis_nodes = 2_000;
    TestApp::without_workers(db, Arc::new(HeraldRules), config).await
}

/// A Nowan game with two moves, then resigned; returns its id.
async fn finished(app: &TestApp, a: &str, b: &str, b_name: &str) -> String {
    let id = app.started_game("nowan", a, b, b_name).await;
    for (ply, token) in [a, b].into_iter().enumerate() {
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(token)).await;
        let pick = game["legal_moves"][0].as_str().unwrap().to_owned();
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                token,
                json!({"move": pick, "ply": ply}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), a, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    id
}

async fn attempts(app: &TestApp, id: &str) -> i64 {
    sqlx::query_scalar("SELECT attempts FROM game_analyses WHERE game_id = $1")
        .bind(id)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

#[tokio::test]
async fn an_analysis_is_queued_once_computed_once_and_served_with_marks_and_in_the_pgn() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let running = app.started_game("nowan", &alice, &bob, "bob").await;
        let (status, body) = app
            .post(&format!("/api/v1/games/{running}/analysis"), &alice, json!({}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_finished");

        let id = finished(&app, &alice, &bob, "bob").await;
        let path = format!("/api/v1/games/{id}/analysis");
        let (status, body) = app.get(&path, None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "analysis_not_requested");
        // A spectator may ask: every game is public.
        let (status, body) = app.post(&path, &carol, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        assert_eq!(body["state"], "queued");
        let (status, body) = app.post(&path, &alice, json!({})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "asking again is no new request: {body}");
        let (status, body) = app.get(&path, None).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");

        // Two workers at once (two instances on PostgreSQL share the queue): one takes it.
        // On SQLite one instance serves a file: its two workers race instead.
        let other = match app.state.db.backend() {
            Backend::Postgres => Some(app_on(&db).await),
            Backend::Sqlite => None,
        };
        let second = other.as_ref().map_or(&app.state, |o| &o.state);
        let (one, two) = tokio::join!(analysis::take_once(&app.state), analysis::take_once(second));
        assert_eq!(
            u8::from(one.unwrap()) + u8::from(two.unwrap()),
            1,
            "exactly one instance analysed the game"
        );
        assert!(!analysis::take_once(&app.state).await.unwrap(), "the queue is empty");
        assert_eq!(attempts(&app, &id).await, 1, "computed once");

        let (status, body) = app.get(&path, None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let plies = body["plies"].as_array().unwrap();
        assert_eq!(plies.len(), 2, "{body}");
        assert_eq!(plies[0]["ply"], 1);
        assert!(plies[0]["best"].is_string(), "{body}");
        assert!(plies[0]["cp"].is_i64() || plies[0]["mate"].is_i64(), "{body}");
        assert_eq!(body["accuracy"].as_array().unwrap().len(), 2, "{body}");
        assert_eq!(body["nodes"], 2_000);

        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(pgn.as_str().unwrap().contains("[%eval "), "{pgn}");
    })
    .await;
}

/// A second instance over the same database (on SQLite: another app on the same file).
async fn app_on(db: &TestDb) -> TestApp {
    app(db).await
}

#[tokio::test]
async fn a_claim_whose_worker_died_is_taken_again_when_its_lease_ends() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = finished(&app, &alice, &bob, "bob").await;
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/analysis"), &alice, json!({}))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        // A worker claims it, then "crashes": it never finishes.
        let now = app.state.now();
        let lease = i64::try_from(analysis::LEASE.as_millis()).unwrap();
        let dead = app.state.db.claim_analysis(now, now + lease).await.unwrap().unwrap();
        assert_eq!(dead.game_id, id);
        assert!(!analysis::take_once(&app.state).await.unwrap(), "leased: not due yet");
        let (status, body) = app.get(&format!("/api/v1/games/{id}/analysis"), None).await;
        assert_eq!(status, StatusCode::ACCEPTED);
        assert_eq!(body["state"], "running");
        app.clock.advance_ms(lease + 1);
        assert!(
            analysis::take_once(&app.state).await.unwrap(),
            "the expired lease is retaken"
        );
        assert_eq!(attempts(&app, &id).await, 2);
        let (status, body) = app.get(&format!("/api/v1/games/{id}/analysis"), None).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // The dead worker's late answer does not overwrite the newer attempt's.
        let stored = app
            .state
            .db
            .finish_analysis(
                &dead,
                herald_server::domain::game_states::AnalysisState::Failed,
                None,
                now,
            )
            .await
            .unwrap();
        assert!(!stored);
    })
    .await;
}

#[tokio::test]
async fn the_daily_cap_per_user_is_the_admins_setting() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let root = app.user("root").await;
        cli::make_admin(&app.state.db, "root", true).await.unwrap();
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let (_, mut site) = app.get("/api/v1/admin/site", Some(&root)).await;
        assert_eq!(site["analysis_daily_cap"], 10, "{site}");
        site["analysis_daily_cap"] = json!(1);
        let (status, body) = app
            .call("PUT", "/api/v1/admin/site", Some(&root), Some(site.clone()))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let one = finished(&app, &alice, &bob, "bob").await;
        let two = finished(&app, &alice, &bob, "bob").await;
        let (status, _) = app
            .post(&format!("/api/v1/games/{one}/analysis"), &alice, json!({}))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let (status, body) = app
            .post(&format!("/api/v1/games/{two}/analysis"), &alice, json!({}))
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "analysis_cap_reached");
        // Another user has their own cap; the next day, alice has hers again.
        let (status, _) = app
            .post(&format!("/api/v1/games/{two}/analysis"), &bob, json!({}))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED);
        let three = finished(&app, &alice, &bob, "bob").await;
        app.clock.advance_ms(24 * 60 * 60 * 1000);
        let (status, body) = app
            .post(&format!("/api/v1/games/{three}/analysis"), &alice, json!({}))
            .await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        // A cap of 0 turns requests off.
        site["analysis_daily_cap"] = json!(0);
        let (status, _) = app.call("PUT", "/api/v1/admin/site", Some(&root), Some(site)).await;
        assert_eq!(status, StatusCode::OK);
        let four = finished(&app, &alice, &bob, "bob").await;
        let (status, body) = app
            .post(&format!("/api/v1/games/{four}/analysis"), &bob, json!({}))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "analysis_off");
    })
    .await;
}

#[tokio::test]
async fn analysis_routes_answer_the_authorization_matrix() {
    each_backend(|db| async move {
        let app = app(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = finished(&app, &alice, &bob, "bob").await;
        let path = format!("/api/v1/games/{id}/analysis");
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        let (status, body) = app.call("POST", &path, None, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = app.call("POST", &path, Some(&revoked), Some(json!({}))).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let request = Request::builder()
            .method("POST")
            .uri(path.as_str())
            .header("cookie", pair)
            .header("content-type", "application/json")
            .body(Body::from("{}"))
            .unwrap();
        let (status, body) = app.raw(request).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "csrf_failed");
        let (status, body) = app.get(&path, None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "analysis_not_requested");
        // Unknown or malformed game ids: 404, never a 500.
        for bad in ["nosuchgame", "bad%00id"] {
            let (status, body): (StatusCode, Value) = app
                .post(&format!("/api/v1/games/{bad}/analysis"), &alice, json!({}))
                .await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{bad}: {body}");
        }
    })
    .await;
}
