//! A user's own data on both databases: the export holds what Herald keeps about them and no
//! secret; deleting the account needs the password, cuts every credential at once, keeps the
//! games and chat under "deleted user N", and removes webhooks, e-mail and blocks.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{TestApp, assert_error, each_backend};

#[tokio::test]
async fn the_export_holds_my_data_and_no_secret() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        app.post(
            &format!("/api/v1/games/{id}/chat"),
            &alice,
            json!({"text": "hello bob"}),
        )
        .await;
        let (status, _) = app
            .call(
                "PUT",
                &format!("/api/v1/games/{id}/notes/0"),
                Some(&alice),
                Some(json!({"text": "my plan"})),
            )
            .await;
        assert!(status.is_success(), "{status}");
        app.call("PUT", "/api/v1/me/blocks/bob", Some(&alice), None).await;
        let (status, data) = app.get("/api/v1/me/export", Some(&alice)).await;
        assert_eq!(status, StatusCode::OK, "{data}");
        assert_eq!(data["account"]["username"], "alice");
        assert_eq!(data["games"][0]["id"], id.as_str());
        assert_eq!(data["games"][0]["seat"], 0);
        assert_eq!(data["chat_messages"][0]["body"], "hello bob");
        assert_eq!(data["notes"][0]["text"], "my plan");
        assert_eq!(data["blocked_users"][0]["username"], "bob");
        assert!(!data["api_tokens"].as_array().unwrap().is_empty());
        let text = data.to_string();
        for secret in [alice.as_str(), "password-alice", "argon2", "token_hash", "secret"] {
            assert!(!text.contains(secret), "the export leaks {secret}: {text}");
        }
        // Bob's export has none of Alice's.
        let (_, his) = app.get("/api/v1/me/export", Some(&bob)).await;
        assert_eq!(his["chat_messages"], json!([]));
        assert_eq!(his["notes"], json!([]));
        let (status, _) = app.get("/api/v1/me/export", None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    })
    .await;
}

#[tokio::test]
async fn deleting_my_account_keeps_the_games_under_a_stable_name_and_removes_the_rest() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        app.post(
            &format!("/api/v1/games/{id}/chat"),
            &alice,
            json!({"text": "hello bob"}),
        )
        .await;
        let (status, body) = app
            .call(
                "DELETE",
                "/api/v1/me/account",
                Some(&alice),
                Some(json!({"password": "wrong one"})),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "wrong_password");
        let (status, _) = app
            .call(
                "DELETE",
                "/api/v1/me/account",
                None,
                Some(json!({"password": "password-alice"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, body) = app
            .call(
                "DELETE",
                "/api/v1/me/account",
                Some(&alice),
                Some(json!({"password": "password-alice"})),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        // Every credential stops at once; the password no longer logs in.
        let (status, _) = app.get("/api/v1/me", Some(&alice)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, _) = app
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "alice", "password": "password-alice", "name": "again"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        // The game and the chat stay, under "deleted user N".
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&bob)).await;
        let name = game["seats"][0]["user"].as_str().unwrap().to_owned();
        assert!(name.starts_with("deleted user "), "{game}");
        let (_, chat) = app.get(&format!("/api/v1/games/{id}/chat"), Some(&bob)).await;
        assert_eq!(chat["messages"][0]["username"], name.as_str());
        assert_eq!(chat["messages"][0]["text"], "hello bob");
        // The name is free again.
        let again = app.user("alice").await;
        assert!(!again.is_empty());
    })
    .await;
}

async fn count(app: &TestApp, sql: &str, user: i64) -> i64 {
    sqlx::query_scalar(sql)
        .bind(user)
        .fetch_one(app.state.db.pool())
        .await
        .unwrap()
}

/// Deleting an account removes the e-mail still queued to its address and the notes it
/// never published (issue 32: both stayed); published notes stay with the game record.
#[tokio::test]
async fn deleting_my_account_removes_queued_mail_and_private_notes() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let finished = app.started_game("ancient", &alice, &bob, "bob").await;
        for ply in 0..6 {
            let (token, text) = if ply % 2 == 0 { (&alice, "a1a2") } else { (&bob, "b1b2") };
            let (status, body) = app
                .post(
                    &format!("/api/v1/games/{finished}/moves"),
                    token,
                    json!({ "move": text }),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let running = app.started_game("ancient", &alice, &bob, "bob").await;
        for (game, ply, text) in [
            (&finished, 1, "public"),
            (&finished, 2, "private one"),
            (&running, 0, "private two"),
        ] {
            let (status, body) = app
                .call(
                    "PUT",
                    &format!("/api/v1/games/{game}/notes/{ply}"),
                    Some(&alice),
                    Some(json!({ "text": text })),
                )
                .await;
            assert!(status.is_success(), "{status}: {body}");
            if text == "public" {
                let (status, body) = app
                    .call(
                        "POST",
                        &format!("/api/v1/games/{finished}/notes/publish"),
                        Some(&alice),
                        Some(json!({"published": true})),
                    )
                    .await;
                assert!(status.is_success(), "{status}: {body}");
            }
        }
        let id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE username = 'alice'")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO email_outbox (user_id, game_id, kind, turn_key, recipient, subject, body, status, \
             next_attempt_at, created_at) VALUES ($1, $2, 'your_move', '1', 'alice@example.org', 's', 'b', \
             'pending', 0, 0)",
        )
        .bind(id)
        .bind(&running)
        .execute(app.state.db.pool())
        .await
        .unwrap();
        let (status, body) = app
            .call(
                "DELETE",
                "/api/v1/me/account",
                Some(&alice),
                Some(json!({"password": "password-alice"})),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM email_outbox WHERE user_id = $1", id).await,
            0
        );
        assert_eq!(
            count(
                &app,
                "SELECT COUNT(*) FROM game_notes WHERE user_id = $1 AND published_at IS NULL",
                id
            )
            .await,
            0,
            "unpublished notes go"
        );
        assert_eq!(
            count(&app, "SELECT COUNT(*) FROM game_notes WHERE user_id = $1", id).await,
            1,
            "the published note stays with the game"
        );
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_club_that_removes_deleted_accounts_chat_erases_their_messages() {
    each_backend(|db| async move {
        let (app, root) = crate::admin::club(&db).await;
        let site = crate::admin::set_site(&app, &root, json!({"deleted_chat": "remove"})).await;
        assert_eq!(site["deleted_chat"], "remove");
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        for (token, text) in [(&alice, "my phone number is 555"), (&bob, "thanks"), (&alice, "bye")] {
            let (status, body) = app
                .post(&format!("/api/v1/games/{id}/chat"), token, json!({"text": text}))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
        }
        let (status, body) = app
            .call(
                "DELETE",
                "/api/v1/me/account",
                Some(&alice),
                Some(json!({"password": "password-alice"})),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        // Bob keeps his own message; hers are gone from the chat and from the database.
        let (_, chat) = app.get(&format!("/api/v1/games/{id}/chat"), Some(&bob)).await;
        let texts: Vec<&str> = chat["messages"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["text"].as_str().unwrap())
            .collect();
        assert_eq!(texts, ["thanks"], "{}", db.backend);
        let kept: Vec<String> = sqlx::query_scalar("SELECT body FROM chat_messages WHERE game_id = $1 ORDER BY seq")
            .bind(&id)
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(
            kept,
            ["", "thanks", ""],
            "{}: the rows stay, numbered, without text",
            db.backend
        );
        // The game stays under the stable name.
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&bob)).await;
        assert!(
            game["seats"][0]["user"].as_str().unwrap().starts_with("deleted user "),
            "{game}"
        );
    })
    .await;
}
