//! The served OpenAPI document (issue 14, item 12): it validates as OpenAPI 3.1 (checked with
//! `openapi-spec-validator` when Python has it), every answer has a description, parameters
//! say where they go, every status an operation answers is declared, states are enums, and
//! the exports have their own operations.

use std::io::Write;

use axum::http::StatusCode;
use serde_json::{Value, json};

use crate::common::{RunningServer, TestApp, TestDb, each_backend};

const REQUIRE: &str = "HERALD_REQUIRE_OPENAPI_VALIDATOR";

async fn document() -> Value {
    let db = TestDb::sqlite();
    let app = TestApp::scripted(&db).await;
    let (status, doc) = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    drop(app);
    db.cleanup().await;
    doc
}

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

fn operations(doc: &Value) -> Vec<(String, &'static str, &Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for method in METHODS {
            if let Some(op) = item.get(method) {
                out.push((path.clone(), method, op));
            }
        }
    }
    out
}

fn schema<'a>(doc: &'a Value, name: &str) -> &'a Value {
    let found = &doc["components"]["schemas"][name];
    assert!(found.is_object(), "no component schema {name}");
    found
}

/// An object's properties, also when it is composed (`allOf`, for flattened fields).
fn properties(object: &Value) -> Value {
    let mut out = object["properties"].as_object().cloned().unwrap_or_default();
    for part in object["allOf"].as_array().into_iter().flatten() {
        out.extend(part["properties"].as_object().cloned().unwrap_or_default());
    }
    Value::Object(out)
}

fn enum_of(value: &Value) -> Vec<String> {
    value["enum"]
        .as_array()
        .unwrap_or_else(|| panic!("no enum in {value}"))
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_served_document_validates_as_openapi_3_1() {
    let doc = document().await;
    assert!(
        doc["openapi"].as_str().unwrap().starts_with("3.1"),
        "{}",
        doc["openapi"]
    );
    let has_validator = std::process::Command::new("python3")
        .args(["-c", "import openapi_spec_validator"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_validator {
        assert!(
            std::env::var(REQUIRE).as_deref() != Ok("1"),
            "{REQUIRE}=1 but Python's openapi-spec-validator is not installed (pip install openapi-spec-validator)"
        );
        let _ = writeln!(
            std::io::stderr(),
            "NOTE: the OpenAPI 3.1 validation DID NOT RUN: pip install openapi-spec-validator \
             (set {REQUIRE}=1 to make its absence a failure)"
        );
        return;
    }
    let path = std::env::temp_dir().join(format!("herald-openapi-{}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_vec_pretty(&doc).unwrap()).unwrap();
    let out = std::process::Command::new("python3")
        .args([
            "-m",
            "openapi_spec_validator",
            "--schema",
            "3.1",
            "--validation-errors",
            "all",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "the document does not validate:\n{text}");
}

#[tokio::test]
async fn every_answer_has_a_description_and_every_served_status_is_declared() {
    let doc = document().await;
    for (path, method, op) in operations(&doc) {
        let responses = op["responses"].as_object().unwrap();
        for (status, response) in responses {
            let description = response["description"].as_str().unwrap_or_default();
            assert!(
                !description.trim().is_empty(),
                "{method} {path} {status}: no description"
            );
        }
        let declares = |status: &str| responses.contains_key(status);
        for status in ["408", "500", "503"] {
            assert!(declares(status), "{method} {path} does not declare {status}");
        }
        if op.get("requestBody").is_some() {
            for status in ["400", "413", "415"] {
                assert!(declares(status), "{method} {path} has a body but no {status}");
            }
        }
        let params = op["parameters"].as_array().cloned().unwrap_or_default();
        for p in &params {
            let place = p["in"]
                .as_str()
                .unwrap_or_else(|| panic!("{method} {path}: no `in` in {p}"));
            assert!(["path", "query", "header"].contains(&place), "{method} {path}: {p}");
            if place == "path" {
                assert_eq!(p["required"], true, "{method} {path}: {p}");
                assert!(declares("404") && declares("400"), "{method} {path}");
            }
        }
        let secured = op["security"].as_array().is_some_and(|s| !s.is_empty());
        if secured {
            assert!(declares("401"), "{method} {path} takes a credential but has no 401");
        }
        if path.starts_with("/api/") && method != "get" {
            assert!(declares("429"), "{method} {path} is rate limited but has no 429");
        }
    }
}

#[tokio::test]
async fn query_parameters_are_declared_as_such() {
    let doc = document().await;
    let param = |path: &str, method: &str, name: &str| -> Value {
        doc["paths"][path][method]["parameters"]
            .as_array()
            .unwrap_or_else(|| panic!("{method} {path} has no parameters"))
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("{method} {path} has no parameter {name}"))
            .clone()
    };
    for (path, method, name, required) in [
        ("/api/v1/games", "get", "mine", false),
        ("/api/v1/games", "get", "status", false),
        ("/api/v1/games/{id}/stream", "get", "since", false),
        ("/games/{id}/events", "get", "since", false),
        ("/api/v1/me/stream", "get", "since", false),
        ("/unsubscribe", "post", "token", true),
        ("/unsubscribe", "get", "token", true),
    ] {
        let p = param(path, method, name);
        assert_eq!(p["in"], "query", "{method} {path} {name}: {p}");
        assert_eq!(
            p["required"].as_bool().unwrap_or(false),
            required,
            "{method} {path} {name}: {p}"
        );
    }
    let status = param("/api/v1/games", "get", "status");
    assert_eq!(enum_of(&status["schema"]), ["current", "ended", "all"], "{status}");
}

#[tokio::test]
async fn states_and_limits_are_in_the_schemas() {
    let doc = document().await;
    let statuses = enum_of(schema(&doc, "GameStatus"));
    assert_eq!(statuses, ["waiting", "active", "finished", "aborted"]);
    let variants = enum_of(schema(&doc, "Variant"));
    assert_eq!(variants, ["nowan", "not-chess", "chatrang", "ancient"]);
    let reasons = enum_of(schema(&doc, "EndReason"));
    for id in [
        "king_captured",
        "checkmate",
        "nobody_can_move",
        "resignation",
        "draw_agreed",
        "timeout",
        "timeout_before_first_move",
        "aborted",
        "admin",
    ] {
        assert!(reasons.iter().any(|r| r == id), "{id} missing from {reasons:?}");
    }
    assert_eq!(
        enum_of(schema(&doc, "GameOption")),
        ["ferz-forward", "jumping", "promotion"]
    );
    assert_eq!(enum_of(schema(&doc, "TimeoutPolicy")), ["claim", "auto"]);
    for object in ["GameView", "GameSummary", "GameRecord"] {
        let props = &properties(schema(&doc, object));
        assert!(
            props["status"].to_string().contains("GameStatus"),
            "{object}: {}",
            props["status"]
        );
        assert!(
            props["variant"].to_string().contains("Variant"),
            "{object}: {}",
            props["variant"]
        );
        assert!(
            props["reason"].to_string().contains("EndReason"),
            "{object}: {}",
            props["reason"]
        );
        assert!(
            props["options"].to_string().contains("GameOption"),
            "{object}: {}",
            props["options"]
        );
    }
    let create = &schema(&doc, "CreateGame")["properties"];
    assert!(
        create["variant"].to_string().contains("Variant"),
        "{}",
        create["variant"]
    );
    assert!(
        create["days_per_move"]["minimum"].as_f64() == Some(1.0),
        "{}",
        create["days_per_move"]
    );
    assert!(
        create["days_per_move"]["maximum"].as_f64() == Some(14.0),
        "{}",
        create["days_per_move"]
    );
    let credentials = &schema(&doc, "Credentials")["properties"];
    assert!(credentials["username"]["pattern"].is_string(), "{credentials}");
    assert_eq!(credentials["password"]["minLength"], 8);
    let seat = schema(&doc, "SeatChoice").to_string();
    assert!(seat.contains("\"maximum\":3") && seat.contains("SeatName"), "{seat}");
    let seat_name = schema(&doc, "SeatName").to_string();
    assert!(
        seat_name.contains("random") && seat_name.contains("white"),
        "{seat_name}"
    );
    let seat_invite = &schema(&doc, "SeatInvite")["properties"];
    assert_eq!(seat_invite["seat"]["minimum"], 0, "{seat_invite}");
    // Unknown fields are refused, as the document says.
    for object in [
        "CreateGame",
        "PlayMove",
        "Credentials",
        "NewToken",
        "JoinGame",
        "Draw",
        "SetVacation",
    ] {
        assert_eq!(
            schema(&doc, object)["additionalProperties"],
            false,
            "{object} does not say unknown fields are refused"
        );
    }
}

#[tokio::test]
async fn the_exports_have_their_own_operations() {
    let doc = document().await;
    let pgn = &doc["paths"]["/api/v1/games/{id}.pgn"]["get"];
    assert!(
        pgn["responses"]["200"]["content"]["application/x-chess-pgn"].is_object(),
        "{pgn}"
    );
    let record = &doc["paths"]["/api/v1/games/{id}.json"]["get"];
    assert_eq!(
        record["responses"]["200"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/GameRecord",
        "{record}"
    );
    schema(&doc, "GameRecord");
}

/// The typed states leave the JSON exactly as it was: the same strings in the same places.
#[tokio::test]
async fn typed_states_send_the_same_strings() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let (_, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "ancient", "options": ["promotion", "jumping"], "seat": 0, "invite": "bob",
                       "timeout_policy": "auto"}),
            )
            .await;
        assert_eq!(game["variant"], "ancient");
        assert_eq!(game["options"], json!(["jumping", "promotion"]));
        assert_eq!(game["status"], "waiting");
        assert_eq!(game["reason"], Value::Null);
        assert_eq!(game["timeout_policy"], "auto");
        let id = game["id"].as_str().unwrap().to_owned();
        app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
        let (status, game) = app.post(&format!("/api/v1/games/{id}/resign"), &a, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "finished");
        assert_eq!(game["reason"], "resignation");
        assert_eq!(game["result"], "0-1");
        let (_, list) = app.get("/api/v1/games?status=all", Some(&a)).await;
        assert_eq!(list[0]["status"], "finished");
        assert_eq!(list[0]["reason"], "resignation");
        assert_eq!(list[0]["variant"], "ancient");
        assert_eq!(list[0]["options"], json!(["jumping", "promotion"]));
        let (_, record) = app.get(&format!("/api/v1/games/{id}.json"), None).await;
        assert_eq!(record["status"], "finished");
        assert_eq!(record["reason"], "resignation");
        assert_eq!(record["options"], json!(["jumping", "promotion"]));
        // As stored: the same text in the database.
        let row: (String, String, String, Option<String>, String) =
            sqlx::query_as("SELECT variant, options, status, reason, timeout_policy FROM games WHERE id = $1")
                .bind(&id)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
        assert_eq!(
            row,
            (
                "ancient".to_owned(),
                "jumping,promotion".to_owned(),
                "finished".to_owned(),
                Some("resignation".to_owned()),
                "auto".to_owned()
            )
        );
    })
    .await;
}

/// A state the server does not know, read from the database, is an error naming the row,
/// never a default (it used to read as `claim`, or drop the game from lists).
#[tokio::test]
async fn unknown_stored_states_are_errors_naming_the_row() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let (_, game) = app.post("/api/v1/games", &a, json!({"variant": "nowan"})).await;
        let id = game["id"].as_str().unwrap().to_owned();
        for (column, value) in [
            ("status", "paused"),
            ("timeout_policy", "sometimes"),
            ("reason", "boredom"),
            ("variant", "chess"),
            ("options", "flying"),
        ] {
            let (_, before) = app.get(&format!("/api/v1/games/{id}"), None).await;
            let old: (Option<String>,) = sqlx::query_as(&format!("SELECT {column} FROM games WHERE id = $1"))
                .bind(&id)
                .fetch_one(app.state.db.pool())
                .await
                .unwrap();
            sqlx::query(&format!("UPDATE games SET {column} = $1 WHERE id = $2"))
                .bind(value)
                .bind(&id)
                .execute(app.state.db.pool())
                .await
                .unwrap();
            let error = app.state.db.game(&id).await.unwrap_err().to_string();
            assert!(error.contains(&id) && error.contains(value), "{column}: {error}");
            let (status, body) = app.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{column}: {body}");
            let (status, body) = app.get("/api/v1/games?status=all", Some(&a)).await;
            assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{column}: {body}");
            sqlx::query(&format!("UPDATE games SET {column} = $1 WHERE id = $2"))
                .bind(old.0)
                .bind(&id)
                .execute(app.state.db.pool())
                .await
                .unwrap();
            assert_eq!(app.get(&format!("/api/v1/games/{id}"), None).await.1, before);
        }
    })
    .await;
}

/// Seats, turns and results are typed when read: a seat number past every game's table, a
/// result string the server does not know, or a `winner_team` the result does not name is
/// an error naming the row, never clamped or defaulted, and never a panic.
#[tokio::test]
async fn out_of_range_seats_and_unknown_results_are_errors_naming_the_row() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        let pool = app.state.db.pool().clone();
        let (_, before) = app.get(&format!("/api/v1/games/{id}"), None).await;
        let set = |sql: &'static str| {
            let (pool, id) = (pool.clone(), id.clone());
            async move { sqlx::query(sql).bind(&id).execute(&pool).await.unwrap() }
        };
        for (bad, restore, named) in [
            (
                "UPDATE games SET turn = 9 WHERE id = $1",
                "UPDATE games SET turn = 0 WHERE id = $1",
                "seat 9",
            ),
            (
                "UPDATE games SET turn = -1 WHERE id = $1",
                "UPDATE games SET turn = 0 WHERE id = $1",
                "seat -1",
            ),
            (
                "UPDATE games SET result = '2-0' WHERE id = $1",
                "UPDATE games SET result = NULL WHERE id = $1",
                "2-0",
            ),
            (
                "UPDATE games SET result = '1-0', winner_team = 1 WHERE id = $1",
                "UPDATE games SET result = NULL, winner_team = NULL WHERE id = $1",
                "disagrees",
            ),
            (
                "UPDATE games SET winner_team = 7 WHERE id = $1",
                "UPDATE games SET winner_team = NULL WHERE id = $1",
                "team 7",
            ),
        ] {
            set(bad).await;
            let error = app.state.db.game(&id).await.unwrap_err().to_string();
            assert!(error.contains(named), "{bad}: {error}");
            if !named.starts_with("seat") && !named.starts_with("team") {
                assert!(error.contains(&id), "{bad}: {error}");
            }
            let (status, body) = app.get(&format!("/api/v1/games/{id}"), None).await;
            assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{bad}: {body}");
            set(restore).await;
            assert_eq!(
                app.get(&format!("/api/v1/games/{id}"), None).await.1,
                before,
                "{restore}"
            );
        }
        // A seat row, read by the derived mapping.
        set("UPDATE game_seats SET seat = 300 WHERE game_id = $1 AND seat = 1").await;
        let error = app.state.db.seats(&id).await.unwrap_err().to_string();
        assert!(error.contains("seat 300"), "{error}");
        let (status, body) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        set("UPDATE game_seats SET seat = 1 WHERE game_id = $1 AND seat = 300").await;
        assert_eq!(app.get(&format!("/api/v1/games/{id}"), None).await.1, before);
    })
    .await;
}

/// Serves a real server for schemathesis and similar tools (not a test: run it with
/// `HERALD_SERVE_FOR=<seconds> cargo test -p herald-server --test api serve_for_tools -- --ignored --nocapture`;
/// it prints the address).
#[tokio::test]
#[ignore = "a helper for manual runs of API fuzzers"]
async fn serve_for_tools() {
    let seconds: u64 = std::env::var("HERALD_SERVE_FOR")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    let db = TestDb::sqlite();
    let app = TestApp::real(&db).await;
    let server = RunningServer::start(app.state.clone()).await;
    let _ = writeln!(std::io::stderr(), "SERVING {}", server.base);
    tokio::time::sleep(std::time::Duration::from_secs(seconds)).await;
    server.stop().await;
    drop(app);
    db.cleanup().await;
}

/// Public reads that take an optional credential answer an unknown or revoked token with 401
/// (schemathesis found the 401 undeclared on four of them): each declares it.
#[tokio::test]
async fn public_reads_declare_the_401_of_a_bad_credential() {
    let doc = document().await;
    let db = TestDb::sqlite();
    let app = TestApp::scripted(&db).await;
    let a = app.user("alice").await;
    let b = app.user("bob").await;
    let id = app.started_game("nowan", &a, &b, "bob").await;
    for (served, documented) in [
        (format!("/api/v1/games/{id}.json"), "/api/v1/games/{id}.json"),
        (format!("/api/v1/games/{id}.pgn"), "/api/v1/games/{id}.pgn"),
        (format!("/api/v1/games/{id}"), "/api/v1/games/{id}"),
        ("/api/v1/challenges".to_owned(), "/api/v1/challenges"),
    ] {
        let (status, body) = app.get(&served, Some("hrd_not-a-real-token")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{served}: {body}");
        let declared = doc["paths"][documented]["get"]["responses"]
            .as_object()
            .unwrap_or_else(|| panic!("{documented} is not in the document"))
            .contains_key("401");
        assert!(declared, "{documented} answers 401 without declaring it");
    }
    db.cleanup().await;
}
