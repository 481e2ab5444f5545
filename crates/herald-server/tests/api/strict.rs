//! Strict input: request bodies are read as the OpenAPI document describes them (issue 14,
//! item 13): unknown fields and non-object bodies are refused, integer-valued numbers are
//! integers, `null` leaves a setting as it is, and error messages speak JSON, not Rust.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{Value, json};

use crate::common::{TestApp, assert_error, each_backend};

/// Words of Rust that a client must never see in an error message.
const RUST_WORDS: [&str; 12] = [
    "i64",
    "u8",
    "u32",
    "usize",
    "f64",
    "struct ",
    "enum ",
    "untagged",
    "CreateGame",
    "PlayMove",
    "Invite",
    "String",
];

fn assert_plain_message(body: &Value) {
    let message = body["error"]["message"].as_str().unwrap_or_default();
    for word in RUST_WORDS {
        assert!(!message.contains(word), "`{word}` in the message: {body}");
    }
}

#[tokio::test]
async fn unknown_fields_are_refused_not_ignored() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        // A client that believes it asks for a rated game from a position must not get a
        // plain game from the start.
        let (status, body) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "nowan", "rated": true, "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        assert!(
            body["error"]["message"].as_str().unwrap().contains("unknown field"),
            "{body}"
        );
        assert_plain_message(&body);
        let (_, list) = app.get("/api/v1/games", Some(&a)).await;
        assert_eq!(list, json!([]), "no game was created");

        // Nested objects too (a seat invitation), and every other request body.
        let (status, body) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "chatrang", "invite": [{"seat": 1, "username": "bob", "team": 1}]}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        // `invite` is one of two forms (a name or seats), so the message names the field whose
        // value fits neither, not the unknown key inside it.
        assert!(body["error"]["message"].as_str().unwrap().contains("invite"), "{body}");
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "alice", "password": "password-alice", "scope": "read"})),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app
            .post("/api/v1/me/vacation", &a, json!({"on": false, "days": 3}))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app
            .post(
                "/api/v1/me/webhooks",
                &a,
                json!({"url": "https://example.com/hook", "secret": "x"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let b = app.user("bob").await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &a,
                json!({"move": "a1a2", "promote": "q"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/draw"),
                &a,
                json!({"action": "offer", "note": "hi"}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game["ply"], 0);
        assert_eq!(game["draw_offers"], json!([]));
    })
    .await;
}

#[tokio::test]
async fn a_json_array_is_not_an_object() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        // serde reads a struct from an array by position: `["a1a2", 0]` played a move.
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!(["a1a2", 0]))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        assert!(body["error"]["message"].as_str().unwrap().contains("object"), "{body}");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game["ply"], 0, "no move was played");
        for odd in [json!(["nowan"]), json!("nowan"), json!(4), json!(null)] {
            let (status, body) = app.post("/api/v1/games", &a, odd).await;
            assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
            assert_plain_message(&body);
        }
        // The optional body of a join is read the same way.
        let (_, game) = app.post("/api/v1/games", &a, json!({"variant": "nowan"})).await;
        let open = game["id"].as_str().unwrap();
        let (status, body) = app.post(&format!("/api/v1/games/{open}/join"), &b, json!([1])).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app
            .post(&format!("/api/v1/games/{open}/join"), &b, json!({"seat": 1, "x": 1}))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (_, settings) = app.get("/api/v1/me/notifications", Some(&a)).await;
        let (status, body) = app
            .call("PUT", "/api/v1/me/notifications", Some(&a), Some(json!([])))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        assert_eq!(app.get("/api/v1/me/notifications", Some(&a)).await.1, settings);
    })
    .await;
}

#[tokio::test]
async fn integer_valued_numbers_are_integers() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        // JSON Schema's `integer` includes 3.0 (some JSON encoders write every number so).
        let (status, game) = app
            .post(
                "/api/v1/games",
                &a,
                json!({"variant": "nowan", "days_per_move": 3.0, "seat": 1.0, "invite": "bob"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        assert_eq!(game["days_per_move"], 3);
        assert_eq!(game["your_seat"], 1);
        let id = game["id"].as_str().unwrap();
        let (status, game) = app.post(&format!("/api/v1/games/{id}/join"), &b, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (status, game) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &b,
                json!({"move": "a1a2", "ply": 0.0}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["ply"], 1);
        // A fraction is not an integer, and the message says so in JSON's words.
        let (status, body) = app
            .post("/api/v1/games", &a, json!({"variant": "nowan", "days_per_move": 3.5}))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("days_per_move") && message.contains("integer"),
            "{body}"
        );
        assert_plain_message(&body);
    })
    .await;
}

#[tokio::test]
async fn error_messages_never_name_rust_types() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("nowan", &a, &b, "bob").await;
        let moves = format!("/api/v1/games/{id}/moves");
        for (path, body) in [
            (moves.as_str(), json!({"move": 12})),
            (moves.as_str(), json!({"move": "a1a2", "ply": "one"})),
            (moves.as_str(), json!({"move": "a1a2", "ply": -1.5})),
            (moves.as_str(), json!({})),
            ("/api/v1/games", json!({"variant": 1})),
            ("/api/v1/games", json!({"variant": "nowan", "days_per_move": "four"})),
            ("/api/v1/games", json!({"variant": "nowan", "seat": [0]})),
            ("/api/v1/games", json!({"variant": "nowan", "invite": 5})),
            ("/api/v1/games", json!({"variant": "nowan", "invite": [{"seat": "x"}]})),
            ("/api/v1/games", json!({"variant": "nowan", "timeout_policy": 7})),
            ("/api/v1/games", json!({"variant": "nowan", "options": "jumping"})),
            ("/api/v1/me/vacation", json!({"on": "yes"})),
            (&format!("/api/v1/games/{id}/draw"), json!({"action": true})),
        ] {
            let (status, answer) = app.post(path, &a, body.clone()).await;
            assert_error(status, &answer, StatusCode::BAD_REQUEST, "malformed_json");
            assert_plain_message(&answer);
        }
        // Path and query parameters as well.
        let (status, body) = app.call("DELETE", "/api/v1/tokens/abc", Some(&a), None).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_path");
        assert_plain_message(&body);
        let (status, body) = app.get(&format!("/games/{id}/events?since=x"), None).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        assert_plain_message(&body);
        let (status, body) = app.get("/api/v1/games?status=old", Some(&a)).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_query");
        assert_plain_message(&body);
    })
    .await;
}

#[tokio::test]
async fn null_leaves_a_setting_as_it_is() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let put = |body: Value| {
            let a = a.clone();
            let app = &app;
            async move { app.call("PUT", "/api/v1/me/notifications", Some(&a), Some(body)).await }
        };
        let (status, settings) = put(json!({"email": "alice@example.com", "email_game_over": true})).await;
        assert_eq!(status, StatusCode::OK, "{settings}");
        // A generated client sends `null` for each field it does not set: that must not
        // erase the address (it did), nor be refused for a flag the document marks nullable.
        let (status, settings) = put(json!({"email": null, "email_your_move": false, "email_claimable": null})).await;
        assert_eq!(status, StatusCode::OK, "{settings}");
        assert_eq!(settings["email"], "alice@example.com");
        assert_eq!(settings["email_your_move"], false);
        assert_eq!(settings["email_game_over"], true);
        // The documented way to remove the address.
        let (status, settings) = put(json!({"email": ""})).await;
        assert_eq!(status, StatusCode::OK, "{settings}");
        assert_eq!(settings["email"], Value::Null);
        // An unknown setting is refused even when null.
        let (status, body) = put(json!({"sms": null})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "unknown_setting");
    })
    .await;
}

/// Strict reading keeps the content-type check: a body that is not declared JSON is a 415.
#[tokio::test]
async fn a_body_not_declared_json_is_415() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let req = Request::post("/api/v1/games")
            .header("authorization", format!("Bearer {a}"))
            .header("content-type", "text/plain")
            .body(Body::from("{\"variant\": \"nowan\"}"))
            .unwrap();
        let (status, body) = app.raw(req).await;
        assert_error(
            status,
            &body,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        );
    })
    .await;
}
