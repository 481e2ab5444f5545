//! Data safety under faults: a full SQLite file, lost PostgreSQL connections, a locked
//! database, shutdown with a stalled client, and deliveries shared fairly between users
//! whose receivers differ.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sqlx::Connection;
use tower::ServiceExt;

use crate::common::{PG_ENV, RunningServer, ScriptedRules, TestApp, TestDb, each_backend};

/// One request through the router, with the answer's headers.
async fn send(
    app: &TestApp,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(path);
    if let Some(token) = token {
        req = req.header("authorization", format!("Bearer {token}"));
    }
    let req = match body {
        Some(body) => req
            .header("content-type", "application/json")
            .body(Body::from(body.to_string())),
        None => req.body(Body::empty()),
    }
    .unwrap();
    let response = app.router.clone().oneshot(req).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, headers, value)
}

/// Asserts a 503 "try again" answer: the stable code and a `Retry-After`.
fn assert_unavailable(status: StatusCode, headers: &HeaderMap, body: &Value, what: &str) {
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{what}: {body}");
    assert_eq!(body["error"]["code"], "unavailable", "{what}: {body}");
    let retry: u64 = headers
        .get("retry-after")
        .unwrap_or_else(|| panic!("{what}: no Retry-After"))
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry >= 1, "{what}: Retry-After {retry}");
}

/// An app whose games never end (many moves), with `connections` pooled connections.
async fn long_game_app(db: &TestDb, connections: u32) -> TestApp {
    let mut config = herald_server::Config::for_tests(&db.url);
    config.db_max_connections = connections;
    TestApp::without_workers(db, Arc::new(ScriptedRules { finish_after: 100_000 }), config).await
}

/// Sets SQLite's page limit on every pooled connection (it is per connection): at the
/// file's current size (`None`: full from now on) or lifted.
async fn limit_pages(app: &TestApp, connections: u32, lift: bool) {
    let pool = app.state.db.pool();
    let mut held = Vec::new();
    for _ in 0..connections {
        held.push(pool.acquire().await.unwrap());
    }
    for conn in &mut held {
        let limit: i64 = if lift {
            1_000_000_000
        } else {
            sqlx::query_scalar("PRAGMA page_count")
                .fetch_one(&mut **conn)
                .await
                .unwrap()
        };
        sqlx::query(&format!("PRAGMA max_page_count = {limit}"))
            .execute(&mut **conn)
            .await
            .unwrap();
    }
}

/// The moves stored for `game`, read by a connection of its own (what a restart would see).
async fn stored_moves(url: &str, game: &str) -> i64 {
    let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
    let n = sqlx::query_scalar("SELECT COUNT(*) FROM moves WHERE game_id = $1")
        .bind(game)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    n
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_sqlite_file_acknowledges_only_stored_moves_and_recovers() {
    const CONNECTIONS: u32 = 4;
    let db = TestDb::sqlite();
    let app = long_game_app(&db, CONNECTIONS).await;
    let tokens = [app.user("full_a").await, app.user("full_b").await];
    let id = app.started_game("ancient", &tokens[0], &tokens[1], "full_b").await;
    let moves = format!("/api/v1/games/{id}/moves");
    let mut acked = 0_i64;
    // Plays the next move; an acknowledged one must be stored and seen by every reader.
    let play = async |acked: &mut i64| {
        let token = &tokens[usize::try_from(*acked).unwrap() % 2];
        let (status, headers, body) = send(
            &app,
            "POST",
            &moves,
            Some(token),
            Some(json!({"move": "a1a2", "ply": *acked})),
        )
        .await;
        if status == StatusCode::OK {
            *acked += 1;
            assert_eq!(
                stored_moves(&db.url, &id).await,
                *acked,
                "acknowledged but not stored: {body}"
            );
            let (_, _, game) = send(&app, "GET", &format!("/api/v1/games/{id}"), None, None).await;
            assert_eq!(game["ply"], *acked, "a reader saw a stale game");
        } else {
            assert_unavailable(status, &headers, &body, &format!("move {}", *acked));
        }
        status
    };

    limit_pages(&app, CONNECTIONS, false).await;
    let mut full = false;
    for _ in 0..5_000 {
        if play(&mut acked).await != StatusCode::OK {
            full = true;
            break;
        }
    }
    assert!(full, "the page limit never filled the file");
    let (status, headers, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_unavailable(status, &headers, &body, "readyz on a full file");
    // Still full: every answer is a refusal or a stored move.
    for _ in 0..20 {
        play(&mut acked).await;
    }

    // Space comes back: Herald takes writes again by itself.
    limit_pages(&app, CONNECTIONS, true).await;
    let before = acked;
    for _ in 0..10 {
        assert_eq!(play(&mut acked).await, StatusCode::OK, "after the space came back");
    }
    assert_eq!(acked, before + 10);
    let (status, _, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    app.state.db.close().await;
    assert_eq!(stored_moves(&db.url, &id).await, acked, "after closing");
    db.cleanup().await;
}

/// Ends every other session on the test's PostgreSQL database.
async fn terminate_backends(url: &str) {
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    sqlx::query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    conn.close().await.unwrap();
}

/// Sends `path` until it answers 200 (at most 30 tries); every other answer must be a 503
/// with `Retry-After`. Returns how many 503s came first.
async fn until_ok(app: &TestApp, method: &str, path: &str, token: &str, body: impl Fn() -> Option<Value>) -> usize {
    for refusals in 0..30 {
        let (status, headers, answer) = send(app, method, path, Some(token), body()).await;
        if status == StatusCode::OK {
            return refusals;
        }
        assert_unavailable(status, &headers, &answer, path);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{path} did not recover");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_database_connection_is_a_503_with_retry_after() {
    // PostgreSQL: the server ends every connection (an administrator, a restart), then
    // refuses new ones for a while.
    let Ok(admin) = std::env::var(PG_ENV) else {
        eprintln!("NOTE: the PostgreSQL half of this test DID NOT RUN: set {PG_ENV}");
        return;
    };
    if admin.trim().is_empty() {
        return;
    }
    let db = TestDb::postgres(&admin).await;
    let app = long_game_app(&db, 4).await;
    let tokens = [app.user("lost_a").await, app.user("lost_b").await];
    let id = app.started_game("ancient", &tokens[0], &tokens[1], "lost_b").await;
    // Fill the pool with idle connections, then have them all ended under it.
    let mut held = Vec::new();
    for _ in 0..4 {
        held.push(app.state.db.pool().acquire().await.unwrap());
    }
    drop(held);
    terminate_backends(&db.url).await;
    let game = format!("/api/v1/games/{id}");
    let refusals = until_ok(&app, "GET", &game, &tokens[0], || None).await;
    assert!(refusals >= 1, "a dead connection was used and answered 503");
    terminate_backends(&db.url).await;
    let moves = format!("{game}/moves");
    until_ok(&app, "POST", &moves, &tokens[0], || {
        Some(json!({"move": "a1a2", "ply": 0}))
    })
    .await;

    // The database stops accepting connections.
    let name = db.url.rsplit('/').next().unwrap().split('?').next().unwrap().to_owned();
    let mut admin_conn = sqlx::PgConnection::connect(&admin).await.unwrap();
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS false"))
        .execute(&mut admin_conn)
        .await
        .unwrap();
    sqlx::query(&format!(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'"
    ))
    .execute(&mut admin_conn)
    .await
    .unwrap();
    for _ in 0..3 {
        let (status, headers, body) = send(&app, "GET", &game, Some(&tokens[0]), None).await;
        assert_unavailable(status, &headers, &body, "no connections accepted");
    }
    let (status, headers, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_unavailable(status, &headers, &body, "readyz without connections");
    sqlx::query(&format!("ALTER DATABASE {name} ALLOW_CONNECTIONS true"))
        .execute(&mut admin_conn)
        .await
        .unwrap();
    admin_conn.close().await.unwrap();
    until_ok(&app, "GET", &game, &tokens[0], || None).await;
    app.state.db.close().await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_file_locked_by_another_process_is_a_503_with_retry_after() {
    let db = TestDb::sqlite();
    let app = long_game_app(&db, 2).await;
    let tokens = [app.user("locked_a").await, app.user("locked_b").await];
    let id = app.started_game("ancient", &tokens[0], &tokens[1], "locked_b").await;
    // Another process (a backup tool, sqlite3) holds the write lock past the busy timeout.
    let mut other = sqlx::SqliteConnection::connect(&db.url).await.unwrap();
    sqlx::query("BEGIN EXCLUSIVE").execute(&mut other).await.unwrap();
    let moves = format!("/api/v1/games/{id}/moves");
    let (status, headers, body) = send(
        &app,
        "POST",
        &moves,
        Some(&tokens[0]),
        Some(json!({"move": "a1a2", "ply": 0})),
    )
    .await;
    assert_unavailable(status, &headers, &body, "a locked file");
    sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
    other.close().await.unwrap();
    until_ok(&app, "POST", &moves, &tokens[0], || {
        Some(json!({"move": "a1a2", "ply": 0}))
    })
    .await;
    app.state.db.close().await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_waits_for_a_stalled_client_only_the_grace_period() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let db = TestDb::sqlite();
    let mut config = herald_server::Config::for_tests(&db.url);
    config.shutdown_grace_secs = 1;
    config.request_timeout_secs = 60;
    let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
    let server = RunningServer::start(app.state.clone()).await;
    let addr = server.base.trim_start_matches("http://").to_owned();
    // A client sends half its body and then nothing.
    let mut stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let request = format!(
        "POST /api/v1/accounts HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\n\
         content-length: 60\r\n\r\n{{\"username\": \"stalled\""
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let started = Instant::now();
    let stopped = tokio::time::timeout(Duration::from_secs(5), server.stop()).await;
    assert!(
        stopped.is_ok(),
        "shutdown waited for the stalled client past its grace period"
    );
    let took = started.elapsed();
    assert!(
        took >= Duration::from_millis(900),
        "the grace period was not given: {took:?}"
    );
    // The stalled connection was closed, without an answer.
    let mut rest = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(2), stream.read_to_end(&mut rest)).await;
    assert!(read.is_ok(), "the stalled connection is still open");
    db.cleanup().await;
}

/// A receiver that accepts connections and never answers.
async fn silent_receiver() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            open.push(socket);
        }
    });
    url
}

/// A receiver that answers 204 and reports each POST's arrival.
async fn prompt_receiver() -> (String, tokio::sync::mpsc::UnboundedReceiver<Instant>) {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move || {
            let _ = tx.send(Instant::now());
            async { StatusCode::NO_CONTENT }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, rx)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_receiver_that_never_answers_does_not_hold_up_other_users_deliveries() {
    each_backend(|db| async move {
        let app = TestApp::with_rules(
            &db,
            Arc::new(ScriptedRules { finish_after: 100 }),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let slow = app.user("slow_owner").await;
        let slow_partner = app.user("slow_partner").await;
        let fast = app.user("fast_owner").await;
        let fast_partner = app.user("fast_partner").await;
        // Ten webhooks (the most one user may have) at a receiver that never answers.
        let silent = silent_receiver().await;
        for i in 0..10 {
            let (code, body) = app
                .post(
                    "/api/v1/me/webhooks",
                    &slow,
                    json!({"url": format!("{silent}/hook/{i}")}),
                )
                .await;
            assert_eq!(code, StatusCode::CREATED, "{body}");
        }
        let (url, mut arrivals) = prompt_receiver().await;
        let (code, body) = app.post("/api/v1/me/webhooks", &fast, json!({"url": url})).await;
        assert_eq!(code, StatusCode::CREATED, "{body}");

        // joined, started and three moves: 50 deliveries queued for the slow receivers first.
        let game = app.started_game("ancient", &slow, &slow_partner, "slow_partner").await;
        for ply in 0..3 {
            let token = if ply % 2 == 0 { &slow } else { &slow_partner };
            let (code, body) = app
                .post(
                    &format!("/api/v1/games/{game}/moves"),
                    token,
                    json!({"move": "a1a2", "ply": ply}),
                )
                .await;
            assert_eq!(code, StatusCode::OK, "{body}");
        }
        crate::notify::eventually("the slow deliveries queued", async || {
            let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM webhook_deliveries")
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
            (n >= 50).then_some(n)
        })
        .await;
        // Let the worker take up what it will of them.
        tokio::time::sleep(Duration::from_millis(700)).await;

        let started = Instant::now();
        app.started_game("ancient", &fast, &fast_partner, "fast_partner").await;
        let first = tokio::time::timeout(Duration::from_secs(30), arrivals.recv())
            .await
            .expect("the other user's delivery never came")
            .unwrap();
        let waited = first - started;
        assert!(
            waited < Duration::from_secs(3),
            "{}: the other user's delivery waited {waited:?} behind the silent receivers",
            db.backend
        );
    })
    .await;
}

/// A small RAM disk for a SQLite file, unmounted when dropped. `None` (said loudly) when
/// this machine cannot mount one (mounting needs root); CI sets `HERALD_REQUIRE_FULL_DISK`
/// so that it must.
struct SmallDisk {
    dir: std::path::PathBuf,
}

impl SmallDisk {
    fn mount(megabytes: u32) -> Option<SmallDisk> {
        let dir = std::env::temp_dir().join(format!("herald-small-disk-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&dir)
            .output();
        match mounted {
            Ok(out) if out.status.success() => Some(SmallDisk { dir }),
            other => {
                let why = match other {
                    Ok(out) => String::from_utf8_lossy(&out.stderr).trim().to_owned(),
                    Err(e) => e.to_string(),
                };
                let _ = std::fs::remove_dir(&dir);
                assert!(
                    std::env::var_os("HERALD_REQUIRE_FULL_DISK").is_none(),
                    "HERALD_REQUIRE_FULL_DISK is set but a tmpfs cannot be mounted: {why}"
                );
                eprintln!(
                    "\n*** NOT RUN: the full-disk readiness test needs to mount a tmpfs (root): {why}. \
                     CI runs it (HERALD_REQUIRE_FULL_DISK=1). ***\n"
                );
                None
            }
        }
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.dir).status();
        let _ = std::fs::remove_dir(&self.dir);
    }
}

/// Fills the disk holding `dir` with one file, to the last byte it takes, then gives back
/// `leave` bytes.
fn fill(dir: &std::path::Path, leave: u64) -> std::path::PathBuf {
    use std::io::Write;
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let block = vec![0_u8; 64 * 1024];
    let mut size = block.len();
    // Down to single bytes, so that not even a page of the log fits afterwards.
    while size > 0 {
        match file.write(&block[..size]) {
            Ok(0) | Err(_) => size /= 2,
            Ok(_) => {}
        }
    }
    let len = file.metadata().unwrap().len();
    file.set_len(len.saturating_sub(leave)).unwrap();
    let _ = file.sync_all();
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readyz_says_not_ready_when_the_sqlite_disk_is_really_full() {
    let Some(disk) = SmallDisk::mount(24) else {
        return;
    };
    let db = TestDb::sqlite_at(disk.dir.join("herald.db"));
    let app = long_game_app(&db, 4).await;
    let tokens = [app.user("disk_a").await, app.user("disk_b").await];
    let id = app.started_game("ancient", &tokens[0], &tokens[1], "disk_b").await;
    let moves = format!("/api/v1/games/{id}/moves");
    let (status, _, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_eq!(status, StatusCode::OK, "ready on an empty disk: {body}");

    // Nearly full: writes still pass, but too little is left for long.
    let filler = fill(&disk.dir, 2 << 20);
    let (status, headers, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_unavailable(status, &headers, &body, "readyz on a nearly full disk");
    let (status, _, body) = send(
        &app,
        "POST",
        &moves,
        Some(&tokens[0]),
        Some(json!({"move": "a1a2", "ply": 0})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "a move with 2 MiB left: {body}");
    std::fs::remove_file(&filler).unwrap();
    let filler = fill(&disk.dir, 0);
    let (status, headers, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_unavailable(status, &headers, &body, "readyz on a full disk");
    // Moves on the full disk: each one is stored or refused as unavailable, never lost.
    let mut acked = 1_i64;
    for _ in 0..200 {
        let token = &tokens[usize::try_from(acked).unwrap() % 2];
        let (status, headers, body) = send(
            &app,
            "POST",
            &moves,
            Some(token),
            Some(json!({"move": "a1a2", "ply": acked})),
        )
        .await;
        if status == StatusCode::OK {
            acked += 1;
        } else {
            assert_unavailable(status, &headers, &body, "a move on a full disk");
        }
    }
    std::fs::remove_file(&filler).unwrap();
    let (status, _, body) = send(&app, "GET", "/readyz", None, None).await;
    assert_eq!(status, StatusCode::OK, "ready once space is back: {body}");
    let token = &tokens[usize::try_from(acked).unwrap() % 2];
    let (status, _, body) = send(
        &app,
        "POST",
        &moves,
        Some(token),
        Some(json!({"move": "a1a2", "ply": acked})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "a move once space is back: {body}");
    app.state.db.close().await;
    assert_eq!(
        stored_moves(&db.url, &id).await,
        acked + 1,
        "every acknowledged move is stored"
    );
    drop(disk);
}
