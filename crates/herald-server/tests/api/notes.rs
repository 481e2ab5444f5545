//! Private notes on games through the API on both databases: kept per user, seen by nobody
//! else, on the game or after any of its moves; published by a player once the game is
//! over, and then in the PGN as comments; every write refused without the right credential.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::json;

use crate::common::{TestApp, assert_error, each_backend};

#[tokio::test]
async fn notes_are_private_until_a_player_publishes_them_with_the_finished_game() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let note = |ply: i64| format!("/api/v1/games/{id}/notes/{ply}");
        let notes = format!("/api/v1/games/{id}/notes");
        let publish = format!("/api/v1/games/{id}/notes/publish");

        let (status, mine) = app
            .call(
                "PUT",
                &note(0),
                Some(&alice),
                Some(json!({"text": "Plan: the queen's side {maybe}"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_eq!(mine[0]["ply"], 0);
        assert_eq!(mine[0]["published_at"], json!(null));
        // No move yet: no position after move 1 to note.
        let (status, body) = app
            .call("PUT", &note(1), Some(&alice), Some(json!({"text": "x"})))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_ply");
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, mine) = app
            .call(
                "PUT",
                &note(1),
                Some(&alice),
                Some(json!({"text": "  Solid.\nWatch b7.  "})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_eq!(mine[1]["text"], "Solid.\nWatch b7.", "kept trimmed");
        let (status, body) = app
            .call("PUT", &note(-1), Some(&alice), Some(json!({"text": "x"})))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "invalid_ply");
        let (status, body) = app
            .call("PUT", &note(0), Some(&alice), Some(json!({"text": "x".repeat(4_001)})))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "note_too_long");
        let (status, body) = app
            .call("PUT", &note(0), Some(&alice), Some(json!({"note": "x"})))
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "malformed_json");
        let (status, body) = app
            .call(
                "PUT",
                "/api/v1/games/nosuchgame/notes/0",
                Some(&alice),
                Some(json!({"text": "x"})),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");

        // Bob and a spectator keep their own; nobody reads anyone else's.
        app.call("PUT", &note(1), Some(&bob), Some(json!({"text": "bob's secret"})))
            .await;
        let (status, theirs) = app
            .call("PUT", &note(0), Some(&carol), Some(json!({"text": "watching"})))
            .await;
        assert_eq!(status, StatusCode::OK, "{theirs}");
        let (_, seen) = app.get(&notes, Some(&bob)).await;
        assert_eq!(seen.as_array().unwrap().len(), 1, "{seen}");
        assert_eq!(seen[0]["text"], "bob's secret");
        let (_, seen) = app.get(&notes, Some(&alice)).await;
        assert_eq!(seen.as_array().unwrap().len(), 2, "{seen}");
        // The game and its record show none of them.
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&bob)).await;
        assert!(!game.to_string().contains("Plan:"), "{game}");

        // Publishing waits for the end, and is for players.
        let (status, body) = app.post(&publish, &alice, json!({"published": true})).await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_over");
        let (status, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &bob, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, _) = app.post(&format!("/api/v1/games/{id}/resign"), &bob, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = app.post(&publish, &carol, json!({"published": true})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, mine) = app.post(&publish, &alice, json!({"published": true})).await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert!(
            mine.as_array().unwrap().iter().all(|n| n["published_at"].is_i64()),
            "{mine}"
        );
        let (status, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert_eq!(status, StatusCode::OK);
        let pgn = pgn.as_str().unwrap().replace('\n', " ");
        assert!(
            pgn.contains("{alice: Plan: the queen's side (maybe)} 1. a1a2 {alice: Solid. Watch b7.} 1... a1a2 {White"),
            "{pgn}"
        );
        assert!(!pgn.contains("secret") && !pgn.contains("watching"), "{pgn}");
        // A note written again is private again; taking them back empties the PGN.
        app.call("PUT", &note(0), Some(&alice), Some(json!({"text": "Second thoughts"})))
            .await;
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(!pgn.as_str().unwrap().contains("Second thoughts"), "{pgn}");
        assert!(pgn.as_str().unwrap().contains("Solid."), "{pgn}");
        app.post(&publish, &alice, json!({"published": false})).await;
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(!pgn.as_str().unwrap().contains("alice:"), "{pgn}");
        // An empty note removes it.
        let (_, mine) = app.call("PUT", &note(1), Some(&alice), Some(json!({"text": ""}))).await;
        assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");
    })
    .await;
}

#[tokio::test]
async fn note_routes_answer_the_authorization_matrix() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let revoked = crate::common::revoked_token(&app, "alice", &alice).await;
        let cookie = crate::accounts::log_in(&app, "alice").await;
        let pair = cookie.split(';').next().unwrap().to_owned();
        for (method, path) in [
            ("GET", format!("/api/v1/games/{id}/notes")),
            ("PUT", format!("/api/v1/games/{id}/notes/0")),
            ("POST", format!("/api/v1/games/{id}/notes/publish")),
        ] {
            let body = (method != "GET").then(|| json!({"text": "x", "published": true}));
            let (status, answer) = app.call(method, &path, None, body.clone()).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{method} {path} anonymous: {answer}");
            let (status, answer) = app.call(method, &path, Some(&revoked), body).await;
            assert_error(status, &answer, StatusCode::UNAUTHORIZED, "invalid_token");
            if method != "GET" {
                let request = Request::builder()
                    .method(method)
                    .uri(path.as_str())
                    .header("cookie", pair.clone())
                    .header("content-type", "application/json")
                    .body(Body::from(r#"{"text": "x"}"#))
                    .unwrap();
                let (status, answer) = app.raw(request).await;
                assert_error(status, &answer, StatusCode::FORBIDDEN, "csrf_failed");
            }
        }
        let (_, mine) = app.get(&format!("/api/v1/games/{id}/notes"), Some(&alice)).await;
        assert_eq!(mine, json!([]), "nothing was written");
    })
    .await;
}

/// The game page keeps the same notes without JavaScript: the viewer's own only, on the
/// game and on the position shown; published from the page after the game; a form without
/// its CSRF token is refused and writes nothing.
#[tokio::test]
async fn the_game_page_keeps_my_notes_by_form() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        app.post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": "a1a2"}))
            .await;
        let mut page_alice = Browser::new(&app);
        page_alice.log_in("alice").await;
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("My notes"), "{}", page.body);
        let saved = page_alice
            .post(
                &format!("/games/{id}/notes"),
                &[("ply", "0"), ("text", "Keep the <b>centre</b>")],
            )
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER, "{}", saved.body);
        let saved = page_alice
            .post(&format!("/games/{id}/notes"), &[("ply", "1"), ("text", "Opening done")])
            .await;
        assert_eq!(saved.status, StatusCode::SEE_OTHER);
        let page = page_alice.get(&format!("/games/{id}?at=1")).await;
        assert!(
            page.body.contains("Keep the &#60;b&#62;centre&#60;/b&#62;"),
            "escaped: {}",
            page.body
        );
        assert!(page.body.contains("On the position after move 1"), "{}", page.body);
        assert!(page.body.contains(">Opening done</textarea>"), "{}", page.body);
        let refused = page_alice
            .post_raw(&format!("/games/{id}/notes"), &[("ply", "0"), ("text", "forged")])
            .await;
        assert_eq!(refused.status, StatusCode::FORBIDDEN);
        let bad = page_alice
            .post(&format!("/games/{id}/notes"), &[("ply", "9"), ("text", "later")])
            .await;
        assert_eq!(bad.status, StatusCode::BAD_REQUEST);
        assert!(bad.body.contains("after one of its 1 moves"), "{}", bad.body);

        let mut page_bob = Browser::new(&app);
        page_bob.log_in("bob").await;
        let page = page_bob.get(&format!("/games/{id}")).await;
        assert!(
            !page.body.contains("centre") && !page.body.contains("Opening done"),
            "{}",
            page.body
        );
        assert!(!page.body.contains("Publish my notes"), "not before the end");

        app.post(&format!("/api/v1/games/{id}/resign"), &bob, json!({})).await;
        let page = page_alice.get(&format!("/games/{id}")).await;
        assert!(page.body.contains("Publish my notes with the game"), "{}", page.body);
        let done = page_alice
            .post(&format!("/games/{id}/notes/publish"), &[("published", "yes")])
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER);
        let (_, pgn) = app.get(&format!("/api/v1/games/{id}.pgn"), None).await;
        assert!(pgn.as_str().unwrap().contains("{alice: Opening done}"), "{pgn}");
        let (_, notes) = app.get(&format!("/api/v1/games/{id}/notes"), Some(&alice)).await;
        assert_eq!(notes[0]["text"], "Keep the <b>centre</b>");
        assert!(!pgn.as_str().unwrap().contains("forged"));
    })
    .await;
}
