//! Chat through the notification channels: webhook deliveries, the feed and the e-mail
//! digest, each as the reader's settings say; never to the other team, to a spectator, to
//! a reader who blocks the author, or by e-mail to a reader who saw it live. A message sent
//! with a move commits with the move.

use std::sync::Arc;

use axum::http::StatusCode;
use herald_server::api::notify::chat::{DIGEST_WAIT_MS, mail_digests_once};
use herald_server::api::notify::fanout::push_chat_once as push_once;
use serde_json::{Value, json};

use crate::chat::chatrang;
use crate::common::{ScriptedRules, TestApp, each_backend};

/// The webhook payloads queued for `user`'s webhooks, oldest first.
async fn chat_payloads(app: &TestApp, user: &str) -> Vec<Value> {
    let rows: Vec<String> = sqlx::query_scalar(
        "SELECT d.payload FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id \
         JOIN users u ON u.id = w.user_id WHERE u.username = $1 AND d.kind = 'chat_message' ORDER BY d.id",
    )
    .bind(user)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap();
    rows.iter().map(|p| serde_json::from_str(p).unwrap()).collect()
}

/// The chat digests queued for `user`: (subject, body).
async fn digests(app: &TestApp, user: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT e.subject, e.body FROM email_outbox e JOIN users u ON u.id = e.user_id \
         WHERE u.username = $1 AND e.kind = 'chat' ORDER BY e.id",
    )
    .bind(user)
    .fetch_all(app.state.db.pool())
    .await
    .unwrap()
}

/// The titles and texts of the chat entries of a feed.
async fn feed_chat(app: &TestApp, token: &str) -> Vec<String> {
    let (code, feed) = app.post("/api/v1/me/feed", token, json!({})).await;
    assert_eq!(code, StatusCode::CREATED, "{feed}");
    let path = feed["url"]
        .as_str()
        .unwrap()
        .strip_prefix("http://127.0.0.1")
        .unwrap()
        .to_owned();
    let (code, xml) = app.get(&path, None).await;
    assert_eq!(code, StatusCode::OK);
    let parsed = atom_syndication::Feed::read_from(xml.as_str().unwrap().as_bytes()).unwrap();
    parsed
        .entries()
        .iter()
        .filter(|e| e.id().contains(":chat:"))
        .map(|e| format!("{}: {}", e.title().as_str(), e.summary().map_or("", |s| s.as_str())))
        .collect()
}

async fn say(app: &TestApp, id: &str, token: &str, body: Value) {
    let (status, answer) = app.post(&format!("/api/v1/games/{id}/chat"), token, body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chat_reaches_each_reader_through_their_channels_and_never_the_other_team() {
    each_backend(|db| async move {
        let mut config = herald_server::Config::for_tests(&db.url);
        // E-mail is on (nothing listens there: the digests stay queued for the test to read).
        config.smtp_url = Some("smtp://127.0.0.1:9".to_owned());
        let app = TestApp::without_workers(&db, Arc::new(ScriptedRules { finish_after: 20 }), config).await;
        // Ann and Cat are partners, Ben and Dan the other team.
        let (id, t) = chatrang(&app, true).await;
        let watcher = app.user("walt").await;
        for (token, name) in t.iter().zip(["ann", "ben", "cat", "dan"]).chain([(&watcher, "walt")]) {
            let (code, hook) = app
                .post("/api/v1/me/webhooks", token, json!({"url": "http://127.0.0.1:9/hook"}))
                .await;
            assert_eq!(code, StatusCode::CREATED, "{hook}");
            let (code, body) = app
                .call(
                    "PUT",
                    "/api/v1/me/notifications",
                    Some(token),
                    Some(json!({"email": format!("{name}@example.org")})),
                )
                .await;
            assert_eq!(code, StatusCode::OK, "{body}");
        }
        // Every address is confirmed (the confirmation link is tested in notify.rs).
        sqlx::query("UPDATE notification_settings SET email_confirmed = email")
            .execute(app.state.db.pool())
            .await
            .unwrap();
        // Dan blocks Ann: nothing of hers reaches him. Ben wants no chat webhooks.
        let (code, _) = app.call("PUT", "/api/v1/me/blocks/ann", Some(&t[3]), None).await;
        assert_eq!(code, StatusCode::NO_CONTENT);
        let (code, body) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&t[1]),
                Some(json!({"webhook_chat": false})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        assert_eq!(body["webhook_chat"], false);
        assert_eq!(body["email_chat"], true);

        say(&app, &id, &t[0], json!({"text": "good luck, all"})).await;
        say(
            &app,
            &id,
            &t[0],
            json!({"text": "push the rook, partner", "channel": "team"}),
        )
        .await;
        say(&app, &id, &t[1], json!({"text": "<b>thanks</b>"})).await;
        assert_eq!(
            push_once(&app.state).await.unwrap(),
            6,
            "{}: ben, cat (ann's), cat (team), ann, cat, dan (ben's)",
            db.backend
        );
        assert_eq!(push_once(&app.state).await.unwrap(), 0, "each notice is pushed once");

        // Webhooks: Cat hears both of Ann's messages and Ben's; Ben (switched off), Ann
        // (her own) and the spectator hear nothing of theirs; Dan only Ben's.
        let cat: Vec<Value> = chat_payloads(&app, "cat").await;
        let texts: Vec<&str> = cat.iter().map(|p| p["text"].as_str().unwrap()).collect();
        assert_eq!(
            texts,
            ["good luck, all", "push the rook, partner", "<b>thanks</b>"],
            "{}",
            db.backend
        );
        assert_eq!(cat[1]["channel"], "team");
        assert_eq!(cat[1]["team"], 0);
        assert_eq!(cat[0]["from"], "ann");
        assert_eq!(cat[0]["type"], "chat_message");
        assert_eq!(cat[0]["url"], format!("http://127.0.0.1/games/{id}"));
        // The payload's schema is in the OpenAPI document, for webhook receivers.
        let (_, doc) = app.get("/api/v1/openapi.json", None).await;
        let schema = &doc["components"]["schemas"]["ChatWebhookPayload"]["properties"];
        for field in cat[0].as_object().unwrap().keys() {
            assert!(schema.get(field).is_some(), "{field} in the schema: {schema}");
        }
        assert!(chat_payloads(&app, "ben").await.is_empty());
        assert!(chat_payloads(&app, "walt").await.is_empty(), "spectators are not told");
        let ann: Vec<Value> = chat_payloads(&app, "ann").await;
        assert_eq!(ann.len(), 1);
        assert_eq!(ann[0]["text"], "<b>thanks</b>");
        let dan: Vec<Value> = chat_payloads(&app, "dan").await;
        assert_eq!(dan.len(), 1, "{}: {dan:?}", db.backend);
        assert_eq!(dan[0]["from"], "ben");

        // The feed: Cat's shows the team message, Ben's never does; switched off, none.
        let cat_feed = feed_chat(&app, &t[2]).await;
        assert_eq!(cat_feed.len(), 3, "{cat_feed:?}");
        assert!(
            cat_feed
                .iter()
                .any(|e| e == &format!("ann to your team in game {id}: push the rook, partner")),
            "{cat_feed:?}"
        );
        let ben_feed = feed_chat(&app, &t[1]).await;
        assert_eq!(ben_feed, [format!("ann in game {id}: good luck, all")]);
        app.call(
            "PUT",
            "/api/v1/me/notifications",
            Some(&t[1]),
            Some(json!({"feed_chat": false})),
        )
        .await;
        assert!(feed_chat(&app, &t[1]).await.is_empty());

        // The digest waits for the reader to see the messages, then goes once.
        assert_eq!(mail_digests_once(&app.state).await.unwrap(), 0);
        app.clock.advance_ms(DIGEST_WAIT_MS + 1);
        assert_eq!(mail_digests_once(&app.state).await.unwrap(), 4, "ann, ben, cat, dan");
        assert_eq!(mail_digests_once(&app.state).await.unwrap(), 0);
        let cat_mail = digests(&app, "cat").await;
        assert_eq!(cat_mail.len(), 1);
        assert_eq!(cat_mail[0].0, format!("3 new messages in game {id}"));
        assert!(
            cat_mail[0]
                .1
                .contains("ann (to your team):\n    push the rook, partner"),
            "{}",
            cat_mail[0].1
        );
        assert!(cat_mail[0].1.contains(&format!("Answer: http://127.0.0.1/games/{id}")));
        let ben_mail = digests(&app, "ben").await;
        assert_eq!(ben_mail.len(), 1);
        assert!(
            ben_mail[0].1.contains("good luck, all") && !ben_mail[0].1.contains("rook"),
            "{}",
            ben_mail[0].1
        );
        assert_eq!(digests(&app, "walt").await.len(), 0);
        let dan_mail = digests(&app, "dan").await;
        assert!(
            dan_mail.len() == 1 && !dan_mail[0].1.contains("good luck"),
            "{dan_mail:?}"
        );

        // A reader watching the game live saw the message: no e-mail for it, still the
        // webhook; a reader who switched chat e-mail off gets none.
        let ben_id = app.state.db.user_id_by_key("ben").await.unwrap().unwrap();
        let watching = app.state.hub().watch_game(&id, Some(ben_id));
        app.call(
            "PUT",
            "/api/v1/me/notifications",
            Some(&t[3]),
            Some(json!({"email_chat": false})),
        )
        .await;
        // Sent with a move: committed with it, attached to it.
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &t[0],
                json!({"move": "a1a2", "message": "your move, Ben"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        drop(watching);
        let (_, chat) = app.get(&format!("/api/v1/games/{id}/chat"), Some(&t[1])).await;
        let last = chat["messages"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(
            (last["text"].as_str(), last["ply"].as_i64()),
            (Some("your move, Ben"), Some(1))
        );
        say(&app, &id, &t[1], json!({"text": "thinking"})).await;
        assert_eq!(
            push_once(&app.state).await.unwrap(),
            5,
            "{}: ben and cat (dan blocks ann), then ann, cat, dan",
            db.backend
        );
        app.clock.advance_ms(DIGEST_WAIT_MS + 1);
        assert_eq!(
            mail_digests_once(&app.state).await.unwrap(),
            3,
            "ann, cat, dan; ben saw it live"
        );
        assert_eq!(digests(&app, "cat").await.len(), 2);
        assert_eq!(digests(&app, "ann").await.len(), 2);
        assert_eq!(digests(&app, "ben").await.len(), 1, "ben watched it live");
        assert_eq!(digests(&app, "dan").await.len(), 1, "dan switched chat e-mail off");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hidden_message_goes_nowhere_and_a_refused_move_takes_its_message_with_it() {
    each_backend(|db| async move {
        let (app, root) = crate::admin::club(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (code, hook) = app
            .post("/api/v1/me/webhooks", &bob, json!({"url": "http://127.0.0.1:9/hook"}))
            .await;
        assert_eq!(code, StatusCode::CREATED, "{hook}");
        let (status, posted) = app
            .post(
                &format!("/api/v1/games/{id}/chat"),
                &alice,
                json!({"text": "rude words"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{posted}");
        let (status, body) = app
            .post(
                &format!("/api/v1/admin/games/{id}/chat/{}/hide", posted["seq"]),
                &root,
                json!({}),
            )
            .await;
        assert!(status.is_success(), "{status}: {body}");
        // Whether or not the worker already pushed it, a hidden message is in no feed.
        let _ = push_once(&app.state).await.unwrap();
        assert!(feed_chat(&app, &bob).await.is_empty(), "{}", db.backend);

        // Not Bob's turn: the move is refused and its message is not posted.
        let (status, _) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &bob,
                json!({"move": "a1a2", "message": "sneaky"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM chat_messages WHERE game_id = $1")
            .bind(&id)
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(count, 1, "{}", db.backend);
    })
    .await;
}

/// Two instances (on SQLite, one instance twice) push and mail the same messages at once:
/// each reader's webhook gets each message once and each reader one digest.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn racing_instances_push_and_mail_each_message_once() {
    each_backend(|db| async move {
        let config = || {
            let mut config = herald_server::Config::for_tests(&db.url);
            config.smtp_url = Some("smtp://127.0.0.1:9".to_owned());
            config
        };
        let one = TestApp::without_workers(&db, Arc::new(ScriptedRules { finish_after: 20 }), config()).await;
        let two = TestApp::without_workers(&db, Arc::new(ScriptedRules { finish_after: 20 }), config()).await;
        let states = if db.backend == "postgres" {
            [one.state.clone(), two.state.clone()]
        } else {
            [one.state.clone(), one.state.clone()]
        };
        let (id, t) = chatrang(&one, false).await;
        for (token, name) in t.iter().zip(["ann", "ben", "cat", "dan"]) {
            one.post("/api/v1/me/webhooks", token, json!({"url": "http://127.0.0.1:9/hook"}))
                .await;
            one.call(
                "PUT",
                "/api/v1/me/notifications",
                Some(token),
                Some(json!({"email": format!("{name}@example.org")})),
            )
            .await;
        }
        sqlx::query("UPDATE notification_settings SET email_confirmed = email")
            .execute(one.state.db.pool())
            .await
            .unwrap();
        // 40 messages, 3 readers each: 120 notices, more than one batch.
        for i in 0..40 {
            let token = &t[i % 4];
            let (status, body) = one
                .post(
                    &format!("/api/v1/games/{id}/chat"),
                    token,
                    json!({"text": format!("message {i}")}),
                )
                .await;
            if status == StatusCode::TOO_MANY_REQUESTS {
                // The per-user limit: let a minute pass on the server's clock.
                one.clock.advance_ms(60_001);
                two.clock.advance_ms(60_001);
                let (status, body) = one
                    .post(
                        &format!("/api/v1/games/{id}/chat"),
                        token,
                        json!({"text": format!("message {i}")}),
                    )
                    .await;
                assert_eq!(status, StatusCode::CREATED, "{body}");
            } else {
                assert_eq!(status, StatusCode::CREATED, "{body}");
            }
        }
        let race = |states: [herald_server::web::state::AppState; 2], mail: bool| async move {
            let tasks: Vec<_> = (0..4)
                .map(|i| {
                    let state = states[i % 2].clone();
                    tokio::spawn(async move {
                        let mut taken = 0;
                        loop {
                            let n = if mail {
                                mail_digests_once(&state).await.unwrap()
                            } else {
                                push_once(&state).await.unwrap()
                            };
                            if n == 0 {
                                return taken;
                            }
                            taken += n;
                        }
                    })
                })
                .collect();
            let mut total = 0;
            for task in tasks {
                total += task.await.unwrap();
            }
            total
        };
        assert_eq!(race(states.clone(), false).await, 120, "{}", db.backend);
        let per_notice: Vec<i64> = sqlx::query_scalar(
            "SELECT COUNT(*) FROM webhook_deliveries WHERE kind = 'chat_message' GROUP BY chat_notice_id",
        )
        .fetch_all(one.state.db.pool())
        .await
        .unwrap();
        assert_eq!(per_notice.len(), 120);
        assert!(per_notice.iter().all(|n| *n == 1), "{}: {per_notice:?}", db.backend);

        one.clock.advance_ms(DIGEST_WAIT_MS + 1);
        two.clock.advance_ms(DIGEST_WAIT_MS + 1);
        race(states, true).await;
        let per_reader: Vec<i64> = sqlx::query_scalar(
            "SELECT COUNT(*) FROM email_outbox WHERE kind = 'chat' GROUP BY user_id ORDER BY user_id",
        )
        .fetch_all(one.state.db.pool())
        .await
        .unwrap();
        assert_eq!(per_reader, [1, 1, 1, 1], "{}", db.backend);
        for (name, _) in ["ann", "ben", "cat", "dan"].iter().zip(0..) {
            let mail = digests(&one, name).await;
            assert_eq!(mail[0].0, format!("30 new messages in game {id}"), "{name}");
        }
    })
    .await;
}
