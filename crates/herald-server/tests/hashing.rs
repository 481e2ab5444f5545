//! Password hashing under a crowd (issue 14, item 6): Argon2 costs 19 MiB and a core per
//! hash, so only a few run or wait at once and the rest are answered 503 `busy` with
//! `Retry-After` at once, instead of piling up on the blocking pool. Its own test binary,
//! because the bound is per process and would make other tests' log-ins wait.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, dead_code)]

#[path = "api/common.rs"]
mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::json;
use tower::ServiceExt;

use std::sync::Arc;

use common::{ScriptedRules, TestApp, TestDb};
use herald_server::Config;
use herald_server::infra::config::PasswordCost;

fn login() -> Request<Body> {
    Request::post("/api/v1/session")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(
            json!({"username": "alice", "password": "password-alice"}).to_string(),
        ))
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_crowd_of_logins_is_bounded_and_the_overflow_told_to_retry() {
    let db = TestDb::sqlite();
    // The cost a server pays (tests elsewhere use the minimal one).
    let mut config = Config::for_tests(&db.url);
    config.password_cost = PasswordCost::Standard;
    let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
    app.user("alice").await;
    let stored: String = sqlx::query_scalar("SELECT password_hash FROM users")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert!(stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{stored}");
    let mut crowd = tokio::task::JoinSet::new();
    for _ in 0..64 {
        let router = app.router.clone();
        crowd.spawn(async move {
            let response = router.oneshot(login()).await.unwrap();
            let status = response.status();
            let retry = response.headers().get(header::RETRY_AFTER).cloned();
            let body = response.into_body().collect().await.unwrap().to_bytes();
            (status, retry, String::from_utf8_lossy(&body).into_owned())
        });
    }
    let (mut ok, mut busy) = (0, 0);
    while let Some(answer) = crowd.join_next().await {
        let (status, retry, body) = answer.unwrap();
        match status {
            StatusCode::OK => ok += 1,
            StatusCode::SERVICE_UNAVAILABLE => {
                busy += 1;
                assert!(body.contains("\"busy\""), "{body}");
                let secs: u64 = retry.expect("Retry-After").to_str().unwrap().parse().unwrap();
                assert!(secs >= 1);
            }
            other => panic!("{other}: {body}"),
        }
    }
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    assert!(ok >= cores, "{ok} logins went through");
    assert!(
        busy > 0,
        "64 logins at once all queued ({ok} ok): nothing bounds hashing"
    );
    // The crowd gone, logging in works again.
    let response = app.router.clone().oneshot(login()).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    db.cleanup().await;
}
