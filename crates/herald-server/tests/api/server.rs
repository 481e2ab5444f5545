//! End to end against a real server on a loopback port.

use serde_json::{Value, json};

use crate::common::{RunningServer, TestApp, each_backend};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_openapi_and_a_game_over_http() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let server = RunningServer::start(app.state.clone()).await;
        let http = reqwest::Client::new();
        let base = server.base.clone();
        let get = |path: &str| http.get(format!("{base}{path}")).send();

        let health = get("/healthz").await.unwrap();
        assert_eq!(health.status(), 200);
        let ready = get("/readyz").await.unwrap();
        assert_eq!(ready.status(), 200);
        assert_eq!(ready.json::<Value>().await.unwrap()["status"], "ready");

        let doc: Value = get("/api/v1/openapi.json").await.unwrap().json().await.unwrap();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3."), "{doc}");
        assert_eq!(doc["info"]["title"], "Herald API");
        for path in [
            "/api/v1/accounts",
            "/api/v1/tokens",
            "/api/v1/tokens/{id}",
            "/api/v1/games",
            "/api/v1/games/{id}",
            "/api/v1/challenges",
            "/api/v1/games/{id}/join",
            "/api/v1/games/{id}/moves",
            "/api/v1/games/{id}/resign",
            "/api/v1/games/{id}/draw",
            "/api/v1/games/{id}/abort",
        ] {
            assert!(doc["paths"].get(path).is_some(), "OpenAPI lacks {path}");
        }
        assert!(doc["components"]["schemas"].get("GameView").is_some());
        assert!(doc["components"]["securitySchemes"].get("bearer").is_some());

        // Register, get a token and play over HTTP.
        let post = |path: &str, token: Option<&str>, body: Value| {
            let mut req = http.post(format!("{base}{path}")).json(&body);
            if let Some(t) = token {
                req = req.bearer_auth(t);
            }
            req.send()
        };
        let mut tokens = Vec::new();
        for name in ["xena", "yuri"] {
            let r = post(
                "/api/v1/accounts",
                None,
                json!({"username": name, "password": "secret-pass"}),
            )
            .await
            .unwrap();
            assert_eq!(r.status(), 201);
            let r: Value = post(
                "/api/v1/tokens",
                None,
                json!({"username": name, "password": "secret-pass"}),
            )
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
            tokens.push(r["token"].as_str().unwrap().to_owned());
        }
        let game: Value = post(
            "/api/v1/games",
            Some(&tokens[0]),
            json!({"variant": "nowan", "seat": 0}),
        )
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        let id = game["id"].as_str().unwrap().to_owned();
        let r = post(&format!("/api/v1/games/{id}/join"), Some(&tokens[1]), json!({}))
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        for ply in 0..6 {
            let token = &tokens[ply % 2];
            let r = post(
                &format!("/api/v1/games/{id}/moves"),
                Some(token),
                json!({"move": "b1b2", "ply": ply}),
            )
            .await
            .unwrap();
            assert_eq!(r.status(), 200);
        }
        let game: Value = get(&format!("/api/v1/games/{id}")).await.unwrap().json().await.unwrap();
        assert_eq!(game["status"], "finished");
        assert_eq!(game["result"], "0-1");

        server.stop().await;
        assert!(get("/healthz").await.is_err(), "the server stopped");
    })
    .await;
}

#[tokio::test]
async fn default_database_is_a_wal_sqlite_file_in_the_data_dir() {
    let dir = std::env::temp_dir().join(format!("herald-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let mut config = herald_server::Config::for_tests("unused");
    config.database_url = None;
    config.data_dir = dir.join("nested");
    let state = herald_server::app::production_state(config).await.unwrap();
    assert_eq!(state.db.backend(), herald_server::storage::Backend::Sqlite);
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
        .fetch_one(state.db.pool())
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    assert!(dir.join("nested/herald.db").exists());
    state.db.close().await;
    // Opening again re-runs the (already applied) migrations without error.
    let mut config = herald_server::Config::for_tests("unused");
    config.database_url = None;
    config.data_dir = dir.join("nested");
    let again = herald_server::app::production_state(config).await.unwrap();
    again.db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_an_in_flight_request_finish() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let db = crate::common::TestDb::sqlite();
    let app = TestApp::scripted(&db).await;
    let mut server = RunningServer::start(app.state.clone()).await;
    let addr = server.base.trim_start_matches("http://").to_owned();
    let body = r#"{"username": "latecomer", "password": "still-in-time"}"#;
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    // With `expect: 100-continue` the server says when it has begun reading the body: the
    // request is then in flight (a fixed pause here once raced the accept on a busy machine,
    // and the shutdown refused a connection it had not yet taken).
    let request = format!(
        "POST /api/v1/accounts HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: {}\r\nexpect: 100-continue\r\nconnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut interim = Vec::new();
    while !interim.ends_with(b"\r\n\r\n") {
        interim.push(stream.read_u8().await.unwrap());
    }
    assert!(
        interim.starts_with(b"HTTP/1.1 100"),
        "{}",
        String::from_utf8_lossy(&interim)
    );
    // Shut down while the request body is still to come.
    server.signal();
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    stream.write_all(body.as_bytes()).await.unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 201"), "{response}");
    server.stop().await;
    db.cleanup().await;
}

/// A PostgreSQL URL on a loopback address that says nothing about TLS connects in the
/// clear (TLS there protects nothing and costs CPU on every query); one that chooses
/// `sslmode` itself gets what it chose.
#[tokio::test]
async fn loopback_postgres_connects_without_tls_unless_the_url_asks() {
    let Some(db) = crate::common::postgres_only("loopback_postgres_connects_without_tls").await else {
        return;
    };
    let host = url::Url::parse(&db.url)
        .unwrap()
        .host_str()
        .unwrap_or_default()
        .to_owned();
    let loopback = host == "localhost"
        || host
            .trim_matches(['[', ']'])
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    if !loopback || db.url.contains("sslmode=") {
        eprintln!(
            "NOTE: loopback_postgres_connects_without_tls DID NOT RUN: {} is not a loopback URL without sslmode",
            crate::common::PG_ENV
        );
        return;
    }
    // The pool as `herald serve` opens it, from the configured URL.
    let serve = |url: String| async move {
        let mut config = herald_server::Config::for_tests(&url);
        config.db_max_connections = 1;
        herald_server::app::production_state(config).await.unwrap()
    };
    let state = serve(db.url.clone()).await;
    assert!(
        !uses_tls(&state).await,
        "a loopback URL without sslmode connected with TLS"
    );

    let server_offers_tls: String = sqlx::query_scalar("SHOW ssl").fetch_one(state.db.pool()).await.unwrap();
    if server_offers_tls == "on" {
        let separator = if db.url.contains('?') { '&' } else { '?' };
        let chosen = serve(format!("{}{separator}sslmode=require", db.url)).await;
        assert!(uses_tls(&chosen).await, "sslmode=require in the URL was not honoured");
    }
}

async fn uses_tls(state: &herald_server::AppState) -> bool {
    sqlx::query_scalar::<_, bool>("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(state.db.pool())
        .await
        .unwrap()
}

/// The pool `herald serve` opens on PostgreSQL keeps all its connections, each with the
/// move path's statements already prepared and planned (a cold connection's first moves
/// waited on parsing, planning and the catalog), and moves, rated endings included, commit
/// through statements prepared that way.
#[tokio::test]
async fn a_serving_postgres_pool_opens_every_connection_warm_and_plays_through_it() {
    let Some(db) = crate::common::postgres_only("a_serving_postgres_pool_opens_every_connection_warm").await else {
        return;
    };
    let database = herald_server::storage::Db::open_serving(&db.url, 3).await.unwrap();
    // All three open before any query asked for one, each with the write's four shapes
    // and the game's three reads prepared and run six times (PostgreSQL plans each of a
    // statement's first five executions on a connection afresh).
    let held = futures_util::future::join_all((0..3).map(|_| database.pool().acquire())).await;
    for conn in held {
        let mut conn = conn.unwrap();
        let prepared: Vec<(String, i64)> =
            sqlx::query_as("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
                .fetch_all(&mut *conn)
                .await
                .unwrap();
        let warmed = |marker: &str| {
            prepared
                .iter()
                .filter(|(text, runs)| text.contains(marker) && *runs >= 6)
                .count()
        };
        assert_eq!(
            (
                warmed("moved AS (UPDATE games"),
                warmed("WHERE g.id = $1 ORDER BY s.seat")
            ),
            (4, 3),
            "{prepared:#?}"
        );
    }

    let config = herald_server::Config::for_tests(&db.url);
    let app = TestApp::on(
        database,
        std::sync::Arc::new(crate::common::ScriptedRules { finish_after: 6 }),
        config,
    );
    let a = app.user("alice").await;
    let b = app.user("bob").await;
    // Two rated games: the second ends by the one statement with the ratings read with it.
    for _ in 0..2 {
        let request = json!({"variant": "nowan", "seat": 0, "invite": "bob", "rated": true});
        let id = app.started_game_with(&a, request, &b).await;
        let mut view = Value::Null;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&a, "a1a2") } else { (&b, "b1b2") };
            let (status, answer) = app
                .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
                .await;
            assert_eq!(status, 200, "{answer}");
            view = answer;
        }
        assert_eq!(view["status"], "finished", "{view}");
        assert!(view["ratings"][1]["change"].as_i64().unwrap() > 0, "{view}");
    }
    let changes: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM rating_changes")
        .fetch_one(app.state.db.pool())
        .await
        .unwrap();
    assert_eq!(changes, 4);
}
