//! The operator's commands run as real processes: `herald migrate`, `herald admin …`,
//! `herald backup`, and `herald serve` with JSON logs. SQLite in a temporary directory; the
//! admin functions themselves also run on PostgreSQL in herald-server's API tests.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_server::domain::rules::HeraldRules;
use herald_server::infra::clock::SystemClock;
use herald_server::infra::engine_pool::EnginePool;
use herald_server::storage::Db;
use herald_server::{AppState, Config};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

/// A fresh data directory, removed on drop.
struct DataDir(PathBuf);

impl DataDir {
    fn new(name: &str) -> DataDir {
        let mut bytes = [0_u8; 6];
        std::fs::File::open("/dev/urandom")
            .unwrap()
            .read_exact(&mut bytes)
            .unwrap();
        let suffix: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let dir = std::env::temp_dir().join(format!("herald-ops-{name}-{suffix}"));
        std::fs::create_dir_all(&dir).unwrap();
        DataDir(dir)
    }

    fn db_url(&self) -> String {
        format!("sqlite://{}?mode=rwc", self.0.join("herald.db").display())
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `herald` with the data directory in `dir` (and no DATABASE_URL from outside).
fn herald(dir: &Path, args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
        .args(args)
        .env_remove("DATABASE_URL")
        .env("HERALD_DATA_DIR", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// Asserts success and returns stdout.
fn ok(output: &Output) -> String {
    assert!(output.status.success(), "stderr: {}", text(&output.stderr));
    text(&output.stdout)
}

/// Asserts exit status 1 with one line on stderr containing `needle`.
fn refused(output: &Output, needle: &str) {
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "stderr: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("herald: ") && stderr.contains(needle), "{stderr}");
}

/// The server in this process, on the same database as the commands.
async fn state(url: &str) -> AppState {
    let config = Config::for_tests(url);
    AppState {
        db: Db::open(url, 4).await.unwrap(),
        clock: Arc::new(SystemClock),
        rules: Arc::new(HeraldRules),
        engine: EnginePool::configured(&config),
        config: Arc::new(config),
        positions: Arc::default(),
    }
}

async fn call(state: &AppState, method: &str, path: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("content-type", "application/json");
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    let body = if body.is_null() {
        Body::empty()
    } else {
        Body::from(body.to_string())
    };
    let response = herald_server::app(state.clone())
        .oneshot(request.body(body).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

async fn token(state: &AppState, name: &str, password: &str) -> (StatusCode, Option<String>) {
    let (status, body) = call(
        state,
        "POST",
        "/api/v1/tokens",
        None,
        json!({"username": name, "password": password}),
    )
    .await;
    (status, body["token"].as_str().map(str::to_owned))
}

/// Two users and an active Nowan game between them, with `plies` moves played.
async fn game_with_moves(state: &AppState, prefix: &str, plies: usize) -> (String, String, String) {
    let mut tokens = Vec::new();
    for who in ["a", "b"] {
        let name = format!("{prefix}_{who}");
        let body = json!({"username": name, "password": "password-123"});
        assert_eq!(
            call(state, "POST", "/api/v1/accounts", None, body).await.0,
            StatusCode::CREATED
        );
        tokens.push(token(state, &name, "password-123").await.1.unwrap());
    }
    let body = json!({"variant": "nowan", "seat": 0, "invite": format!("{prefix}_b")});
    let (status, game) = call(state, "POST", "/api/v1/games", Some(&tokens[0]), body).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/games/{id}");
    assert_eq!(
        call(state, "POST", &format!("{path}/join"), Some(&tokens[1]), json!({}))
            .await
            .0,
        StatusCode::OK
    );
    for ply in 0..plies {
        let (_, game) = call(state, "GET", &path, None, Value::Null).await;
        let mv = game["legal_moves"][0].as_str().unwrap().to_owned();
        let (status, body) = call(
            state,
            "POST",
            &format!("{path}/moves"),
            Some(&tokens[ply % 2]),
            json!({"move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (id, tokens[0].clone(), tokens[1].clone())
}

#[test]
fn migrate_applies_pending_migrations_once() {
    let dir = DataDir::new("migrate");
    let first = ok(&herald(&dir.0, &["migrate"], ""));
    assert!(first.contains("applied 0001 "), "{first}");
    assert!(first.contains("applied 0006 admin"), "{first}");
    assert!(first.contains("database is up to date"), "{first}");
    assert!(dir.0.join("herald.db").exists());
    let second = ok(&herald(&dir.0, &["migrate"], ""));
    assert!(!second.contains("applied 0"), "{second}");
    assert!(second.contains("database is up to date"), "{second}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admin_commands_change_what_the_server_sees() {
    let dir = DataDir::new("admin");
    let d = dir.0.as_path();
    let out = ok(&herald(
        d,
        &["admin", "create-user", "Alice", "--admin"],
        "alice-password\n",
    ));
    assert!(out.contains("created administrator Alice"), "{out}");
    refused(
        &herald(d, &["admin", "create-user", "alice"], "other-password\n"),
        "taken",
    );
    refused(&herald(d, &["admin", "create-user", "bob"], "short\n"), "8 to 128");
    refused(&herald(d, &["admin", "create-user", "bob"], ""), "no password");
    ok(&herald(d, &["admin", "create-user", "bob"], "bob-password\r\n"));
    refused(&herald(d, &["admin", "make-admin", "ghost"], ""), "no user `ghost`");

    let server = state(&dir.db_url()).await;
    assert_eq!(token(&server, "alice", "alice-password").await.0, StatusCode::CREATED);
    assert_eq!(
        token(&server, "bob", "bob-password").await.0,
        StatusCode::CREATED,
        "CRLF is not part of it"
    );
    let bob = server.db.user_by_key("bob").await.unwrap().unwrap().id;
    assert!(!server.db.is_admin(bob).await.unwrap());
    ok(&herald(d, &["admin", "make-admin", "bob"], ""));
    assert!(server.db.is_admin(bob).await.unwrap());
    ok(&herald(d, &["admin", "make-admin", "bob", "--revoke"], ""));
    assert!(!server.db.is_admin(bob).await.unwrap());

    let out = ok(&herald(
        d,
        &["admin", "reset-password", "alice"],
        "new-alice-password\n",
    ));
    assert!(out.contains("password of alice changed"), "{out}");
    assert_eq!(
        token(&server, "alice", "alice-password").await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        token(&server, "alice", "new-alice-password").await.0,
        StatusCode::CREATED
    );

    let (id, _, _) = game_with_moves(&server, "lister", 2).await;
    let listing = ok(&herald(d, &["admin", "list-games"], ""));
    let row = listing
        .lines()
        .find(|l| l.starts_with(&id))
        .unwrap_or_else(|| panic!("{listing}"));
    assert!(
        row.contains("nowan") && row.contains("active") && row.contains("lister_a,lister_b"),
        "{row}"
    );
    let finished = ok(&herald(d, &["admin", "list-games", "--status", "finished"], ""));
    assert!(!finished.contains(&id), "{finished}");
    refused(
        &herald(d, &["admin", "list-games", "--status", "paused"], ""),
        "unknown status",
    );

    let out = ok(&herald(d, &["admin", "end-game", &id], ""));
    assert!(out.contains(&format!("game {id} ended")), "{out}");
    let (_, game) = call(&server, "GET", &format!("/api/v1/games/{id}"), None, Value::Null).await;
    assert_eq!(
        (game["status"].as_str(), game["reason"].as_str()),
        (Some("aborted"), Some("admin"))
    );
    refused(&herald(d, &["admin", "end-game", &id], ""), "already over");
    refused(&herald(d, &["admin", "end-game", "nosuchgame"], ""), "no game");
    server.db.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_are_created_set_up_and_listed_from_the_command_line() {
    let dir = DataDir::new("bots");
    let d = dir.0.as_path();
    let out = ok(&herald(
        d,
        &[
            "admin",
            "create-bot",
            "Vizier",
            "--level",
            "5",
            "--description",
            "Plays Chatrang",
            "--games",
            "chatrang,nowan",
            "--max-days",
            "7",
            "--rated",
            "casual",
            "--max-games",
            "3",
        ],
        "",
    ));
    assert!(
        out.contains(
            "created bot Vizier level 5, chatrang,nowan, 1-7 days, casual, 0/3 games, open challenges after 10 min"
        ),
        "{out}"
    );
    refused(&herald(d, &["admin", "create-bot", "vizier"], ""), "taken");
    refused(
        &herald(d, &["admin", "create-bot", "Rook", "--level", "9"], ""),
        "level must be 1 to 8",
    );
    refused(
        &herald(d, &["admin", "create-bot", "Rook", "--rated", "sometimes"], ""),
        "--rated",
    );
    refused(&herald(d, &["admin", "create-bot", "Rook", "--games", "go"], ""), "go");
    let out = ok(&herald(
        d,
        &[
            "admin",
            "set-bot",
            "vizier",
            "--pause",
            "--no-open-challenges",
            "--games",
            "",
        ],
        "",
    ));
    assert!(
        out.contains("bot Vizier level 5, every game, 1-7 days, casual, 0/3 games, no open challenges, paused"),
        "{out}"
    );
    refused(
        &herald(d, &["admin", "set-bot", "ghost", "--pause"], ""),
        "no bot `ghost`",
    );
    ok(&herald(d, &["admin", "create-user", "person"], "person-password\n"));
    refused(
        &herald(d, &["admin", "set-bot", "person", "--pause"], ""),
        "no bot `person`",
    );
    let listing = ok(&herald(d, &["admin", "list-bots"], ""));
    assert_eq!(listing.lines().count(), 1, "{listing}");
    assert!(listing.starts_with("Vizier level 5"), "{listing}");

    // The server sees the bot, and nobody can log in as it.
    let server = state(&dir.db_url()).await;
    let (status, bots) = call(&server, "GET", "/api/v1/bots", None, Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bots[0]["username"], "Vizier", "{bots}");
    assert_eq!(bots[0]["paused"], true, "{bots}");
    assert_eq!(token(&server, "vizier", "!bot").await.0, StatusCode::UNAUTHORIZED);
    let audit = server.db.audit_page(i64::MAX, 10).await.unwrap();
    assert!(
        audit.iter().any(|e| e.action.as_str() == "create_bot")
            && audit.iter().any(|e| e.action.as_str() == "update_bot"),
        "both changes are audited"
    );
    server.db.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_serving_is_consistent_and_serves_again() {
    let dir = DataDir::new("backup");
    let server = state(&dir.db_url()).await;
    let (id, a, _) = game_with_moves(&server, "saver", 4).await;
    // Keep writing while the backup runs: it must still be one consistent snapshot.
    let writer = {
        let server = server.clone();
        let a = a.clone();
        tokio::spawn(async move {
            for _ in 0..40 {
                let body = json!({"variant": "chatrang"});
                assert_eq!(
                    call(&server, "POST", "/api/v1/games", Some(&a), body).await.0,
                    StatusCode::CREATED
                );
            }
        })
    };
    let file = dir.0.join("copy.db");
    let out = ok(&herald(&dir.0, &["backup", file.to_str().unwrap()], ""));
    assert!(out.contains("backed up to"), "{out}");
    writer.await.unwrap();

    // The copy opens, passes SQLite's own check, and holds the game and its moves.
    let restored_dir = DataDir::new("restored");
    std::fs::copy(&file, restored_dir.0.join("herald.db")).unwrap();
    let restored = state(&restored_dir.db_url()).await;
    let check: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(restored.db.pool())
        .await
        .unwrap();
    assert_eq!(check, "ok");
    let path = format!("/api/v1/games/{id}");
    let (status, game) = call(&restored, "GET", &path, None, Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    let (_, original) = call(&server, "GET", &path, None, Value::Null).await;
    assert_eq!(game["moves"], original["moves"]);
    assert_eq!(game["moves"].as_array().unwrap().len(), 4);
    // The restored database takes the next move (the tokens came along).
    let mv = game["legal_moves"][0].as_str().unwrap();
    let (status, after) = call(
        &restored,
        "POST",
        &format!("{path}/moves"),
        Some(&a),
        json!({"move": mv}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["ply"], 5);
    restored.db.close().await;
    server.db.close().await;
}

#[test]
fn backup_refuses_clearly() {
    let dir = DataDir::new("refuse");
    let file = dir.0.join("copy.db");
    let target = file.to_str().unwrap();
    refused(&herald(&dir.0, &["backup", target], ""), "nothing to back up");
    assert!(!dir.0.join("herald.db").exists(), "a missing database is not created");
    ok(&herald(&dir.0, &["migrate"], ""));
    ok(&herald(&dir.0, &["backup", target], ""));
    refused(&herald(&dir.0, &["backup", target], ""), "exists already");
    let nowhere = dir.0.join("no/such/dir/copy.db");
    refused(
        &herald(&dir.0, &["backup", nowhere.to_str().unwrap()], ""),
        "no directory",
    );
    // PostgreSQL: pointed at pg_dump, without even connecting.
    let pg = [
        "backup",
        "x.dump",
        "--database-url",
        "postgres://nobody@192.0.2.1:1/none",
    ];
    let output = herald(&dir.0, &pg, "");
    refused(&output, "pg_dump");
}

#[test]
fn serve_writes_json_logs_with_the_client_address() {
    let dir = DataDir::new("json");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_herald"))
        .arg("serve")
        .env_remove("DATABASE_URL")
        .env("HERALD_DATA_DIR", &dir.0)
        .env("HERALD_BIND", format!("127.0.0.1:{port}"))
        .env("HERALD_LOG_FORMAT", "json")
        .env("HERALD_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let mut seen = Vec::new();
    let mut listening = false;
    let mut request_line = None;
    while let Some(Ok(line)) = lines.next() {
        let json: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        if json["fields"]["message"] == "Herald is listening" && !listening {
            listening = true;
            let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
            stream
                .write_all(b"GET /readyz HTTP/1.1\r\nhost: x\r\nx-forwarded-for: 6.6.6.6\r\nconnection: close\r\n\r\n")
                .unwrap();
            let mut response = String::new();
            stream.read_to_string(&mut response).unwrap();
            assert!(response.starts_with("HTTP/1.1 200"), "{response}");
        }
        if json["span"]["uri"] == "/readyz" {
            request_line = Some(json);
            break;
        }
        seen.push(line);
        assert!(seen.len() < 50, "{seen:?}");
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(listening, "{seen:?}");
    let request_line = request_line.unwrap_or_else(|| panic!("no request log line in {seen:?}"));
    // No trusted proxies configured: the forged header is ignored.
    assert_eq!(request_line["span"]["client"], "127.0.0.1", "{request_line}");
    assert_eq!(request_line["level"], "INFO");
}
