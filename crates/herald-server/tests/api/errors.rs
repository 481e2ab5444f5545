use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use herald_server::Config;
use serde_json::json;

use crate::common::{ScriptedRules, TestApp, assert_error, each_backend};

#[tokio::test]
async fn every_error_status_has_a_json_body_and_a_stable_code() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let c = app.user("carol").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let moves = format!("/api/v1/games/{id}/moves");

        // 400: malformed JSON, wrong types, a malformed move.
        let req = Request::post(&moves)
            .header("authorization", format!("Bearer {a}"))
            .header("content-type", "application/json")
            .body(Body::from("{\"move\": "))
            .unwrap();
        let (status, body) = app.raw(req).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app.post(&moves, &a, json!({"move": 12})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app.post(&moves, &a, json!({"move": "zz"})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_move");
        let (status, body) = app.post(&moves, &a, json!({"move": "\u{0}\u{ffff}"})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "bad_move");

        // 401: no credentials, a bad header, an unknown token.
        let (status, body) = app.call("POST", &moves, None, Some(json!({"move": "a1a2"}))).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "unauthenticated");
        let (status, body) = app
            .call("POST", &moves, Some("hrd_nope"), Some(json!({"move": "a1a2"})))
            .await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");
        let req = Request::get("/api/v1/me")
            .header("authorization", "Basic Zm9vOmJhcg==")
            .body(Body::empty())
            .unwrap();
        let (status, body) = app.raw(req).await;
        assert_error(status, &body, StatusCode::UNAUTHORIZED, "invalid_token");

        // 403: not your game (move, resign, draw), not your turn.
        let (status, body) = app.post(&moves, &c, json!({"move": "a1a2"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, body) = app.post(&format!("/api/v1/games/{id}/resign"), &c, json!({})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/draw"), &c, json!({"action": "offer"}))
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, body) = app.post(&moves, &b, json!({"move": "a1a2"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_your_turn");

        // 404: unknown game, unknown endpoint; 405.
        let (status, body) = app.get("/api/v1/games/doesnotexist", None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        let (status, body) = app
            .post("/api/v1/games/doesnotexist/moves", &a, json!({"move": "a1a2"}))
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        for odd in ["%00", "a%00b", "%F0%9F%92%A9", "x'--"] {
            let (status, body) = app.get(&format!("/api/v1/games/{odd}"), None).await;
            assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");
        }
        let (status, body) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "alice", "password": "password-alice", "name": "a\u{0}b"})),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_name");
        let (status, body) = app.get("/api/v1/nothing-here", None).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "not_found");
        let (status, body) = app.call("PUT", &moves, Some(&a), None).await;
        assert_error(status, &body, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");

        // 422: an illegal move, with the rules' reason.
        let (status, body) = app.post(&moves, &a, json!({"move": "c1c2"})).await;
        assert_error(status, &body, StatusCode::UNPROCESSABLE_ENTITY, "illegal_move");
        assert_eq!(body["error"]["reason"], "cannot_move_there");

        // 409: a stale ply.
        let (status, _) = app.post(&moves, &a, json!({"move": "a1a2", "ply": 0})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.post(&moves, &b, json!({"move": "a1a2", "ply": 0})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "stale_ply");
        // A double click without a ply: the repeat is a conflict, not a second move.
        let (status, body) = app.post(&moves, &a, json!({"move": "a1a2"})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "duplicate_move");

        // 413 and 415.
        let big = "x".repeat(100 * 1024);
        let (status, body) = app.post(&moves, &a, json!({"move": big})).await;
        assert_error(status, &body, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
        let req = Request::post(&moves)
            .header("authorization", format!("Bearer {b}"))
            .body(Body::from("{\"move\": \"a1a2\"}"))
            .unwrap();
        let (status, body) = app.raw(req).await;
        assert_error(
            status,
            &body,
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "unsupported_media_type",
        );

        // The game is unchanged by all of this.
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game["ply"], 1);
    })
    .await;
}

#[tokio::test]
async fn rate_limits_answer_429() {
    each_backend(|db| async move {
        let mut config = Config::for_tests(&db.url);
        config.rate_limit = true;
        let app = TestApp::with_rules(&db, Arc::new(ScriptedRules { finish_after: 6 }), config).await;
        let mut statuses = Vec::new();
        for i in 0..12 {
            let (status, body) = app
                .call(
                    "POST",
                    "/api/v1/tokens",
                    None,
                    Some(json!({"username": format!("u{i}"), "password": "whatever123"})),
                )
                .await;
            if status == StatusCode::TOO_MANY_REQUESTS {
                assert_error(status, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
            }
            statuses.push(status);
        }
        assert_eq!(statuses[0], StatusCode::UNAUTHORIZED);
        assert_eq!(statuses.last(), Some(&StatusCode::TOO_MANY_REQUESTS), "{statuses:?}");
        // Reads are not limited.
        let (status, _) = app.get("/api/v1/challenges", None).await;
        assert_eq!(status, StatusCode::OK);
    })
    .await;
}
