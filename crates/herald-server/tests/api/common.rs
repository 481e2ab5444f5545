//! Test harness: a fresh database per test on SQLite (always) and PostgreSQL (when
//! `HERALD_TEST_POSTGRES_URL` is set: then it must be reachable, or the test fails).

use std::future::Future;
use std::io::Write;
use std::sync::{Arc, Once};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_rules::{EndReason, Options, Outcome, Player, Team, Variant};
use herald_server::domain::rules::{GameState, HeraldRules, MoveRejection, Rules, RulesError};
use herald_server::infra::clock::ManualClock;
use herald_server::infra::engine_pool::EnginePool;
use herald_server::storage::Db;
use herald_server::{AppState, Config};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

pub const PG_ENV: &str = "HERALD_TEST_POSTGRES_URL";

/// A fresh database for one test.
#[derive(Debug, Clone)]
pub struct TestDb {
    pub url: String,
    pub backend: &'static str,
    pub admin: Option<(String, String)>,
    pub file: Option<std::path::PathBuf>,
}

pub fn unique(prefix: &str) -> String {
    let mut bytes = [0_u8; 8];
    getrandom::fill(&mut bytes).unwrap();
    let suffix: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{prefix}{suffix}")
}

/// `admin_url` with its database name replaced by `name`.
pub fn database_url(admin_url: &str, name: &str) -> String {
    let (base, query) = match admin_url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (admin_url, String::new()),
    };
    let base = match base.rsplit_once('/') {
        Some((head, _)) if head.contains("//") && head.len() > "postgres://".len() - 1 => head,
        _ => base,
    };
    format!("{base}/{name}{query}")
}

/// The name of the template database for the migrations as they are now: a digest of
/// every PostgreSQL migration file's name and text.
fn template_name() -> String {
    use sha2::{Digest, Sha256};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations/postgres");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    let mut digest = Sha256::new();
    for file in files {
        digest.update(file.file_name().unwrap().as_encoded_bytes());
        digest.update(std::fs::read(&file).unwrap());
    }
    let digest = digest.finalize();
    format!("herald_tpl_{}", hex::encode(&digest[..8]))
}

/// Makes (once per server and set of migrations) the migrated template database tests are
/// cloned from, and returns its name. Processes and threads take turns through an advisory
/// lock; templates of other migrations (an older checkout's) are dropped when unused.
async fn migrated_template(conn: &mut sqlx::PgConnection, admin_url: &str) -> String {
    const LOCK: i64 = 0x6865_7261_6c64; // "herald"
    let name = template_name();
    sqlx::query("SELECT pg_advisory_lock($1)")
        .bind(LOCK)
        .execute(&mut *conn)
        .await
        .unwrap();
    let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
        .bind(&name)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    if !exists {
        let stale: Vec<String> =
            sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE 'herald\\_tpl\\_%'")
                .fetch_all(&mut *conn)
                .await
                .unwrap();
        for old in stale {
            // Not forced: another checkout's tests may be cloning it right now.
            let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {old}"))
                .execute(&mut *conn)
                .await;
        }
        // Built under another name and renamed when complete, so a test stopped halfway
        // leaves no template that looks ready.
        let building = format!("{name}_building");
        // A run stopped halfway may have left one; under the lock nobody else is building.
        sqlx::query(&format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"))
            .execute(&mut *conn)
            .await
            .unwrap();
        sqlx::query(&format!("CREATE DATABASE {building}"))
            .execute(&mut *conn)
            .await
            .unwrap();
        let db = Db::open(&database_url(admin_url, &building), 1)
            .await
            .unwrap_or_else(|e| panic!("cannot migrate the template database: {e}"));
        db.close().await;
        // A closed pool's backends end after the client has gone: renaming before the
        // last one has ended fails with "being accessed by other users".
        for _ in 0..200 {
            let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE datname = $1")
                .bind(&building)
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            if sessions == 0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(25)).await;
        }
        sqlx::query(&format!("ALTER DATABASE {building} RENAME TO {name}"))
            .execute(&mut *conn)
            .await
            .unwrap();
    }
    sqlx::query("SELECT pg_advisory_unlock($1)")
        .bind(LOCK)
        .execute(&mut *conn)
        .await
        .unwrap();
    name
}

impl TestDb {
    pub fn sqlite() -> TestDb {
        Self::sqlite_at(std::env::temp_dir().join(format!("{}.db", unique("herald-test-"))))
    }

    /// A SQLite file at `path` (removed by [`TestDb::cleanup`]).
    pub fn sqlite_at(path: std::path::PathBuf) -> TestDb {
        TestDb {
            url: format!("sqlite://{}?mode=rwc", path.display()),
            backend: "sqlite",
            admin: None,
            file: Some(path),
        }
    }

    /// A new database on the PostgreSQL server at `admin_url`, migrated: a clone of the
    /// current migrations' template (made once per server and set of migrations), which
    /// takes a tenth of a second where migrating afresh took two.
    pub async fn postgres(admin_url: &str) -> TestDb {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(admin_url)
            .await
            .unwrap_or_else(|e| panic!("{PG_ENV} is set to {admin_url} but PostgreSQL is unreachable: {e}"));
        let template = migrated_template(&mut conn, admin_url).await;
        let name = unique("herald_t_");
        sqlx::query(&format!("CREATE DATABASE {name} TEMPLATE {template}"))
            .execute(&mut conn)
            .await
            .unwrap();
        // A test database outlives no crash worth surviving: commits need not wait for
        // the disk (what a client sees is the same; only a server crash could lose them).
        sqlx::query(&format!("ALTER DATABASE {name} SET synchronous_commit = off"))
            .execute(&mut conn)
            .await
            .unwrap();
        let _ = conn.close().await;
        TestDb {
            url: database_url(admin_url, &name),
            backend: "postgres",
            admin: Some((admin_url.to_owned(), name)),
            file: None,
        }
    }

    pub async fn cleanup(&self) {
        if let Some((admin, name)) = &self.admin {
            use sqlx::Connection;
            if let Ok(mut conn) = sqlx::PgConnection::connect(admin).await {
                let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut conn)
                    .await;
            }
        }
        if let Some(file) = &self.file {
            for ext in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{ext}", file.display()));
            }
        }
    }
}

static SKIP_NOTE: Once = Once::new();

/// A fresh PostgreSQL database for a test that needs PostgreSQL alone; `None`, after
/// saying on stderr that `test` did not run, when none is configured.
pub async fn postgres_only(test: &str) -> Option<TestDb> {
    match std::env::var(PG_ENV) {
        Ok(url) if !url.trim().is_empty() => Some(TestDb::postgres(&url).await),
        _ => {
            let _ = writeln!(std::io::stderr(), "NOTE: {test} DID NOT RUN: set {PG_ENV}");
            None
        }
    }
}

/// Runs `test` on SQLite, then on PostgreSQL if configured. Without the variable the
/// PostgreSQL half is reported as not run (straight to stderr, past the test capture).
pub async fn each_backend<F, Fut>(test: F)
where
    F: Fn(TestDb) -> Fut,
    Fut: Future<Output = ()>,
{
    let db = TestDb::sqlite();
    test(db.clone()).await;
    db.cleanup().await;
    match std::env::var(PG_ENV) {
        Ok(url) if !url.trim().is_empty() => {
            let db = TestDb::postgres(&url).await;
            test(db.clone()).await;
            db.cleanup().await;
        }
        _ => SKIP_NOTE.call_once(|| {
            let _ = writeln!(
                std::io::stderr(),
                "NOTE: PostgreSQL tests DID NOT RUN: set {PG_ENV}=postgres://postgres@127.0.0.1:5432/test"
            );
        }),
    }
}

/// A scripted stand-in for the rules: two-letter-two-digit moves, `a1a2` and `b1b2`
/// always legal, any other well-formed move illegal, and after `finish_after` plies the
/// last mover's team wins.
#[derive(Debug, Clone, Copy)]
pub struct ScriptedRules {
    pub finish_after: usize,
}

#[derive(Clone)]
struct ScriptedGame {
    players: u8,
    moves: Vec<String>,
    finish_after: usize,
}

impl GameState for ScriptedGame {
    fn play(&mut self, text: &str) -> Result<String, MoveRejection> {
        let b = text.as_bytes();
        let well_formed = b.len() == 4
            && b[0].is_ascii_lowercase()
            && b[1].is_ascii_digit()
            && b[2].is_ascii_lowercase()
            && b[3].is_ascii_digit();
        if !well_formed {
            return Err(MoveRejection::Syntax(format!("`{text}` is not a move")));
        }
        if self.outcome().is_some() {
            return Err(MoveRejection::Illegal {
                code: "game_over",
                message: "the game is over".into(),
            });
        }
        if !self.legal_moves().iter().any(|m| m == text) {
            return Err(MoveRejection::Illegal {
                code: "cannot_move_there",
                message: format!("{text} is not legal"),
            });
        }
        self.moves.push(text.to_owned());
        Ok(text.to_owned())
    }
    fn turn(&self) -> Player {
        Player::new(u8::try_from(self.moves.len() % usize::from(self.players)).unwrap())
    }
    fn fen(&self) -> String {
        format!("scripted {}", self.moves.len())
    }
    fn legal_moves(&self) -> Vec<String> {
        if self.outcome().is_some() {
            Vec::new()
        } else {
            vec!["a1a2".into(), "b1b2".into()]
        }
    }
    fn boxed_clone(&self) -> Box<dyn GameState> {
        Box::new(self.clone())
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.moves.len() >= self.finish_after).then(|| {
            let last = (self.moves.len() - 1) % usize::from(self.players);
            let team = if self.players == 4 { last % 2 } else { last };
            Outcome::Win {
                team: Team::new(u8::try_from(team).unwrap()),
                reason: EndReason::KingCaptured,
            }
        })
    }
}

impl Rules for ScriptedRules {
    fn load(&self, variant: Variant, _options: Options, moves: &[String]) -> Result<Box<dyn GameState>, RulesError> {
        let mut game = ScriptedGame {
            players: variant.players(),
            moves: Vec::new(),
            finish_after: self.finish_after,
        };
        for m in moves {
            game.play(m).map_err(|e| RulesError(format!("{e:?}")))?;
        }
        Ok(Box::new(game))
    }
}

/// The app over one test database.
pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub clock: ManualClock,
}

impl Drop for TestApp {
    /// Stops the app's background workers, which would otherwise outlive the test's database.
    fn drop(&mut self) {
        self.state.hub().close();
    }
}

/// 2025-11-30T00:00:00Z
pub const T0: i64 = 1_764_460_800_000;

impl TestApp {
    pub async fn with_rules(db: &TestDb, rules: Arc<dyn Rules>, config: Config) -> TestApp {
        let app = TestApp::without_workers(db, rules, config).await;
        herald_server::app::start_live(&app.state).unwrap();
        app
    }

    /// Without the background workers (event source, fan-out, deliveries), for tests that
    /// must see what they would have consumed.
    pub async fn without_workers(db: &TestDb, rules: Arc<dyn Rules>, config: Config) -> TestApp {
        let database = Db::open(&db.url, config.db_max_connections).await.unwrap();
        TestApp::on(database, rules, config)
    }

    /// On a database opened by the test, without the background workers.
    pub fn on(database: Db, rules: Arc<dyn Rules>, config: Config) -> TestApp {
        let clock = ManualClock::new(T0);
        let state = AppState {
            db: database,
            clock: Arc::new(clock.clone()),
            rules,
            engine: EnginePool::configured(&config),
            config: Arc::new(config),
            positions: Arc::default(),
        };
        TestApp {
            router: herald_server::app(state.clone()),
            state,
            clock,
        }
    }

    /// With scripted rules (games end after 6 plies).
    pub async fn scripted(db: &TestDb) -> TestApp {
        TestApp::with_rules(
            db,
            Arc::new(ScriptedRules { finish_after: 6 }),
            Config::for_tests(&db.url),
        )
        .await
    }

    /// With the real rules crate.
    pub async fn real(db: &TestDb) -> TestApp {
        TestApp::with_rules(db, Arc::new(HeraldRules), Config::for_tests(&db.url)).await
    }

    /// Sends one request through the router.
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
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
        self.raw(req).await
    }

    /// Sends a request through the router; a JSON answer of an operation of the OpenAPI
    /// document must be what the document declares for its status (else the test fails).
    pub async fn raw(&self, req: Request<Body>) -> (StatusCode, Value) {
        let method = req.method().as_str().to_owned();
        let path = req.uri().path().to_owned();
        let response = self.router.clone().oneshot(req).await.unwrap();
        let status = response.status();
        let json_answer = response
            .headers()
            .get(axum::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("json"));
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let value = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()))
        };
        if json_answer && !bytes.is_empty() {
            self.answer_schemas()
                .await
                .check(&method, &path, status.as_u16(), &value);
        }
        (status, value)
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call("GET", path, token, None).await
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        self.call("POST", path, Some(token), Some(body)).await
    }

    /// Registers `name` (password `password-<name>`) and returns an API token.
    pub async fn user(&self, name: &str) -> String {
        let password = format!("password-{name}");
        let (status, body) = self
            .call(
                "POST",
                "/api/v1/accounts",
                None,
                Some(json!({"username": name, "password": password})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        self.token(name).await
    }

    /// A new API token of `name`, registered with password `password-<name>` (by
    /// [`TestApp::user`] or a page's sign-up form).
    pub async fn token(&self, name: &str) -> String {
        let (status, body) = self
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": name, "password": format!("password-{name}")})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        body["token"].as_str().unwrap().to_owned()
    }

    /// A started two-player game: `a` at seat 0 invites `b`, who joins. Returns the id.
    pub async fn started_game(&self, variant: &str, a: &str, b: &str, b_name: &str) -> String {
        self.started_game_with(a, json!({"variant": variant, "seat": 0, "invite": b_name}), b)
            .await
    }

    /// A started two-player game: `a` creates it with `request` (inviting `b`), `b` joins.
    pub async fn started_game_with(&self, a: &str, request: Value, b: &str) -> String {
        let (status, game) = self.post("/api/v1/games", a, request).await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let (status, game) = self.post(&format!("/api/v1/games/{id}/join"), b, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "active");
        id
    }
}

/// A token of `name` (registered by [`TestApp::user`]) that was revoked.
pub async fn revoked_token(app: &TestApp, name: &str, live: &str) -> String {
    let (_, old) = app
        .call(
            "POST",
            "/api/v1/tokens",
            None,
            Some(json!({"username": name, "password": format!("password-{name}"), "name": "old"})),
        )
        .await;
    let id = old["id"].as_i64().unwrap();
    app.call("DELETE", &format!("/api/v1/tokens/{id}"), Some(live), None)
        .await;
    old["token"].as_str().unwrap().to_owned()
}

/// Asserts the error shape and code.
pub fn assert_error(status: StatusCode, body: &Value, expected: StatusCode, code: &str) {
    assert_eq!(status, expected, "{body}");
    assert_eq!(body["error"]["code"], code, "{body}");
    assert!(body["error"]["message"].is_string(), "{body}");
}

/// Two servers over `db`: instances `one` and `two` on PostgreSQL; on SQLite, which one
/// instance serves per database file, two listeners of `one`.
pub async fn two_servers(db: &TestDb, one: &TestApp, two: &TestApp) -> [RunningServer; 2] {
    let second = if db.backend == "postgres" {
        two.state.clone()
    } else {
        one.state.clone()
    };
    [
        RunningServer::start(one.state.clone()).await,
        RunningServer::start(second).await,
    ]
}

/// A real server on a loopback port, stopped by [`RunningServer::stop`].
pub struct RunningServer {
    pub base: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    handle: tokio::task::JoinHandle<std::io::Result<()>>,
}

impl RunningServer {
    pub async fn start(state: AppState) -> RunningServer {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let handle = tokio::spawn(herald_server::serve_on(listener, state, async move {
            let _ = rx.await;
        }));
        RunningServer {
            base,
            stop: Some(tx),
            handle,
        }
    }

    /// Signals shutdown without waiting.
    pub fn signal(&mut self) {
        if let Some(tx) = self.stop.take() {
            let _ = tx.send(());
        }
    }

    /// Signals shutdown and waits for in-flight requests to finish.
    pub async fn stop(mut self) {
        self.signal();
        self.handle.await.unwrap().unwrap();
    }
}

/// The served OpenAPI document's answer schemas, compiled as the test binary needs them
/// (each once, with `boon`, a JSON Schema 2020-12 validator: OpenAPI 3.1's dialect):
/// [`TestApp::raw`] checks every JSON answer of an operation of the document against the
/// schema the operation declares for that status, so an answer that breaks its schema, or
/// a status the operation does not declare, fails the test that received it.
pub struct AnswerSchemas {
    doc: Value,
    /// Each path template of the document, split into segments.
    templates: Vec<(String, Vec<String>)>,
    compiled: std::sync::Mutex<Compiled>,
}

/// The schemas compiled so far (a compiler is made for each: boon's is not `Send`).
#[derive(Default)]
struct Compiled {
    schemas: boon::Schemas,
    /// (template, method, status) -> the compiled schema, or why there is none.
    by_answer: std::collections::HashMap<(String, String, u16), Result<boon::SchemaIndex, String>>,
}

static ANSWER_SCHEMAS: std::sync::OnceLock<AnswerSchemas> = std::sync::OnceLock::new();

/// Whether a concrete path segment fits a template's (`{id}`, `{id}.pgn`, or a literal).
fn segment_fits(template: &str, segment: &str) -> bool {
    match (template.find('{'), template.rfind('}')) {
        (Some(open), Some(close)) if open < close => {
            let (prefix, suffix) = (&template[..open], &template[close + 1..]);
            segment.len() > prefix.len() + suffix.len() && segment.starts_with(prefix) && segment.ends_with(suffix)
        }
        _ => template == segment,
    }
}

impl AnswerSchemas {
    fn new(doc: Value) -> AnswerSchemas {
        let templates = doc["paths"]
            .as_object()
            .map(|paths| {
                paths
                    .keys()
                    .map(|t| (t.clone(), t.split('/').map(str::to_owned).collect()))
                    .collect()
            })
            .unwrap_or_default();
        AnswerSchemas {
            doc,
            templates,
            compiled: std::sync::Mutex::default(),
        }
    }

    /// The document's path template for a request, if it has an operation for it: of the
    /// templates that fit, the one with the most literal segments (`/games/mine` before
    /// `/games/{id}`).
    fn operation(&self, method: &str, path: &str) -> Option<&str> {
        let segments: Vec<&str> = path.split('/').collect();
        self.templates
            .iter()
            .filter(|(template, parts)| {
                parts.len() == segments.len()
                    && parts.iter().zip(&segments).all(|(t, s)| segment_fits(t, s))
                    && self.doc["paths"][template.as_str()].get(method).is_some()
            })
            .max_by_key(|(_, parts)| parts.iter().filter(|p| !p.contains('{')).count())
            .map(|(template, _)| template.as_str())
    }

    /// The schema the operation declares for a JSON answer with `status`, as a schema
    /// resource of its own with the document's components beside it (so its `$ref`s,
    /// `#/components/schemas/…`, resolve as in the document).
    fn answer_schema(&self, template: &str, method: &str, status: u16) -> Result<Value, String> {
        let responses = &self.doc["paths"][template][method]["responses"];
        let declared = responses
            .get(status.to_string())
            .or_else(|| responses.get("default"))
            .ok_or_else(|| format!("status {status} is not declared"))?;
        let declared = match declared["$ref"].as_str().and_then(|r| r.strip_prefix('#')) {
            Some(pointer) => self.doc.pointer(pointer).unwrap_or(&Value::Null),
            None => declared,
        };
        let schema = declared["content"]
            .as_object()
            .and_then(|media| media.iter().find(|(kind, _)| kind.contains("json")))
            .map(|(_, media)| &media["schema"])
            .filter(|schema| !schema.is_null())
            .ok_or_else(|| format!("status {status} declares no JSON body"))?;
        let mut root = serde_json::Map::new();
        root.insert("allOf".to_owned(), json!([schema]));
        root.insert("components".to_owned(), self.doc["components"].clone());
        Ok(Value::Object(root))
    }

    /// Panics, naming the operation, if `body` is not what the document promises.
    fn check(&self, method: &str, path: &str, status: u16, body: &Value) {
        let method = method.to_ascii_lowercase();
        let Some(template) = self.operation(&method, path) else {
            // No operation (an unknown path or method): nothing is promised.
            return;
        };
        let mut compiled = self.compiled.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let Compiled { schemas, by_answer } = &mut *compiled;
        let key = (template.to_owned(), method.clone(), status);
        let next = by_answer.len();
        let index = by_answer.entry(key).or_insert_with(|| {
            let schema = self.answer_schema(template, &method, status)?;
            let url = format!("http://herald.test/answers/{next}.json");
            let mut compiler = boon::Compiler::new();
            compiler.set_default_draft(boon::Draft::V2020_12);
            compiler.add_resource(&url, schema).map_err(|e| e.to_string())?;
            compiler
                .compile(&url, schemas)
                .map_err(|e| format!("the schema of status {status} does not compile: {e}"))
        });
        let problem = match index {
            Ok(index) => match schemas.validate(body, *index) {
                Ok(()) => return,
                Err(error) => format!("{error}"),
            },
            Err(reason) => reason.clone(),
        };
        let shown = body.to_string();
        let shown = shown.get(..2000).unwrap_or(&shown);
        panic!(
            "{} {path} (operation `{template}`) answered {status} against the OpenAPI document:\n{problem}\nbody: {shown}",
            method.to_ascii_uppercase()
        );
    }
}

impl TestApp {
    /// The served OpenAPI document's schemas (fetched from this app the first time).
    async fn answer_schemas(&self) -> &'static AnswerSchemas {
        if let Some(schemas) = ANSWER_SCHEMAS.get() {
            return schemas;
        }
        let req = Request::builder()
            .uri("/api/v1/openapi.json")
            .body(Body::empty())
            .unwrap();
        let response = self.router.clone().oneshot(req).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let doc: Value = serde_json::from_slice(&bytes).unwrap();
        ANSWER_SCHEMAS.get_or_init(|| AnswerSchemas::new(doc))
    }
}

/// The number of a game's first conversation message, the next one's twice it: the
/// conversation is numbered in strides so that its numbers say nothing of team channels
/// (`storage::chat::CONVERSATION_STRIDE`).
pub const FIRST_MESSAGE: i64 = 1 << 20;
