//! Game chat on both databases: who reads and who writes (players, spectators only when the
//! creator allows it, never a Chatrang team channel unless both partners publish it after
//! the game: not in the API, the stream, the page or the exports), messages sent with a
//! move, validation and the per-user limit, blocked authors, live delivery (also from one
//! instance to another), and the page's form with its CSRF check and escaping.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{FIRST_MESSAGE, RunningServer, TestApp, assert_error, each_backend, revoked_token};
use crate::streams::Lines;

fn texts(view: &Value) -> Vec<String> {
    view["messages"]
        .as_array()
        .unwrap_or_else(|| panic!("{view}"))
        .iter()
        .map(|m| m["text"].as_str().unwrap().to_owned())
        .collect()
}

async fn say(app: &TestApp, id: &str, token: &str, body: Value) -> (StatusCode, Value) {
    app.call("POST", &format!("/api/v1/games/{id}/chat"), Some(token), Some(body))
        .await
}

async fn read(app: &TestApp, id: &str, token: Option<&str>) -> (StatusCode, Value) {
    app.get(&format!("/api/v1/games/{id}/chat"), token).await
}

async fn play(app: &TestApp, id: &str, token: &str, text: &str) {
    let (status, body) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// A scripted Chatrang game of ann, ben, cat, dan in seats 0-3 (teams: ann and cat, ben and
/// dan), its tokens in seat order.
pub async fn chatrang(app: &TestApp, spectators: bool) -> (String, Vec<String>) {
    let mut tokens = Vec::new();
    for name in ["ann", "ben", "cat", "dan"] {
        tokens.push(app.user(name).await);
    }
    let (status, game) = app
        .post(
            "/api/v1/games",
            &tokens[0],
            json!({"variant": "chatrang", "seat": 0, "chat_spectators": spectators}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    assert_eq!(game["chat_spectators"], spectators);
    let id = game["id"].as_str().unwrap().to_owned();
    for (i, token) in tokens.iter().enumerate().skip(1) {
        let (status, body) = app
            .post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": i}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    (id, tokens)
}

#[tokio::test]
async fn players_talk_and_spectators_read_only_when_the_creator_allows() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (status, sent) = say(&app, &id, &alice, json!({"text": "  Good luck!\r\nHave fun  "})).await;
        assert_eq!(status, StatusCode::CREATED, "{sent}");
        assert_eq!(sent["text"], "Good luck!\nHave fun");
        assert_eq!(sent["seq"], FIRST_MESSAGE);
        assert_eq!(sent["channel"], "game");
        assert_eq!(sent["username"], "alice");
        let (status, sent) = say(&app, &id, &bob, json!({"text": "thanks"})).await;
        assert_eq!(status, StatusCode::CREATED, "{sent}");
        let (status, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(texts(&view), ["Good luck!\nHave fun", "thanks"]);
        assert_eq!(view["can_post"], json!(["game"]));
        assert_eq!(view["spectators_read"], false);
        // Resuming after the first message.
        let (_, later) = app
            .get(&format!("/api/v1/games/{id}/chat?after={FIRST_MESSAGE}"), Some(&alice))
            .await;
        assert_eq!(texts(&later), ["thanks"]);

        // The game is private to its players: nobody else reads or writes.
        let (status, body) = read(&app, &id, None).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "chat_private");
        let (status, body) = read(&app, &id, Some(&carol)).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "chat_private");
        let (status, body) = say(&app, &id, &carol, json!({"text": "hi"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
        let (status, body) = app
            .call(
                "POST",
                &format!("/api/v1/games/{id}/chat"),
                None,
                Some(json!({"text": "hi"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let revoked = revoked_token(&app, "alice", &alice).await;
        let (status, body) = say(&app, &id, &revoked, json!({"text": "hi"})).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = read(&app, &id, Some(&revoked)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        let (status, body) = read(&app, "nosuchgame", Some(&alice)).await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "game_not_found");

        // A game whose creator lets spectators read: they read, never write.
        let (status, game) = app
            .post(
                "/api/v1/games",
                &alice,
                json!({"variant": "ancient", "seat": 0, "invite": "bob", "chat_spectators": true}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{game}");
        let open = game["id"].as_str().unwrap().to_owned();
        say(&app, &open, &alice, json!({"text": "welcome, watchers"})).await;
        let (status, view) = read(&app, &open, None).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(texts(&view), ["welcome, watchers"]);
        assert_eq!(view["can_post"], json!([]));
        let (_, view) = read(&app, &open, Some(&carol)).await;
        assert_eq!(texts(&view), ["welcome, watchers"]);
        let (status, body) = say(&app, &open, &carol, json!({"text": "me too"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");
    })
    .await;
}

#[tokio::test]
async fn a_message_sent_with_a_move_is_attached_to_it_and_a_bad_one_refuses_the_move() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &alice,
                json!({"move": "a1a2", "message": "   "}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "empty_message");
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&alice)).await;
        assert_eq!(game["ply"], 0, "the move was refused with its message: {game}");
        let long = "x".repeat(1_001);
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &alice,
                json!({"move": "a1a2", "message": long}),
            )
            .await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "message_too_long");

        let (status, game) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &alice,
                json!({"move": "a1a2", "message": "Your move, Bob"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["ply"], 1);
        let (_, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(texts(&view), ["Your move, Bob"]);
        assert_eq!(view["messages"][0]["ply"], 1, "{view}");
        assert_eq!(view["messages"][0]["seat"], 0, "{view}");
        // Plain messages carry no ply.
        say(&app, &id, &bob, json!({"text": "thinking"})).await;
        let (_, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(view["messages"][1]["ply"], Value::Null, "{view}");
    })
    .await;
}

#[tokio::test]
async fn messages_are_checked_and_limited_per_user() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (status, body) = say(&app, &id, &alice, json!({"text": " \n "})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "empty_message");
        let (status, body) = say(&app, &id, &alice, json!({"text": "é".repeat(1_001)})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "message_too_long");
        let (status, body) = say(&app, &id, &alice, json!({"text": "é".repeat(1_000)})).await;
        assert_eq!(status, StatusCode::CREATED, "1,000 characters are allowed: {body}");
        let (status, body) = say(&app, &id, &alice, json!({"text": "hi", "channel": "team"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "no_team_channel");
        let (status, body) = say(&app, &id, &alice, json!({"text": "hi", "channel": "everyone"})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let (status, body) = say(&app, &id, &alice, json!({"text": "a\u{0}b\u{7}c"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["text"], "abc", "control characters are dropped");
        // Ten a minute per user: the two above count.
        for n in 2..10 {
            let (status, body) = say(&app, &id, &alice, json!({"text": format!("message {n}")})).await;
            assert_eq!(status, StatusCode::CREATED, "{n}: {body}");
        }
        let (status, body) = say(&app, &id, &alice, json!({"text": "one too many"})).await;
        assert_error(status, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        // A move's message counts too, and refuses the move.
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &alice,
                json!({"move": "a1a2", "message": "over the limit"}),
            )
            .await;
        assert_error(status, &body, StatusCode::TOO_MANY_REQUESTS, "rate_limited");
        // Bob has his own allowance.
        let (status, _) = say(&app, &id, &bob, json!({"text": "my turn to talk"})).await;
        assert_eq!(status, StatusCode::CREATED);
        app.clock.advance_ms(61_000);
        let (status, body) = say(&app, &id, &alice, json!({"text": "a minute later"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (_, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(view["messages"].as_array().unwrap().len(), 12, "{view}");
    })
    .await;
}

#[tokio::test]
async fn messages_from_a_blocked_user_are_left_out_for_the_blocker_only() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        say(&app, &id, &alice, json!({"text": "before the block"})).await;
        let (status, body) = app.call("PUT", "/api/v1/me/blocks/alice", Some(&bob), None).await;
        assert!(status.is_success(), "{body}");
        say(&app, &id, &alice, json!({"text": "after the block"})).await;
        say(&app, &id, &bob, json!({"text": "bob speaks"})).await;
        let (_, his) = read(&app, &id, Some(&bob)).await;
        assert_eq!(texts(&his), ["bob speaks"]);
        let (_, hers) = read(&app, &id, Some(&alice)).await;
        assert_eq!(texts(&hers), ["before the block", "after the block", "bob speaks"]);
        app.call("DELETE", "/api/v1/me/blocks/alice", Some(&bob), None).await;
        let (_, his) = read(&app, &id, Some(&bob)).await;
        assert_eq!(texts(&his).len(), 3);
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_team_channel_is_never_seen_by_the_other_team_or_spectators_until_both_partners_publish() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let (id, t) = chatrang(&app, true).await;
        let server = RunningServer::start(app.state.clone()).await;
        let stream = |token: Option<String>| {
            let url = format!("{}/api/v1/games/{id}/chat/stream", server.base);
            async move { Lines::open(&url, token.as_deref(), &[]).await }
        };
        let mut ben_stream = stream(Some(t[1].clone())).await;
        let mut watcher_stream = stream(None).await;
        let mut cat_stream = stream(Some(t[2].clone())).await;
        // A revoked token opens no stream.
        let revoked = revoked_token(&app, "ben", &t[1]).await;
        let refused = reqwest::Client::new()
            .get(format!("{}/api/v1/games/{id}/chat/stream", server.base))
            .bearer_auth(&revoked)
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), reqwest::StatusCode::UNAUTHORIZED);

        let (status, secret) = say(
            &app,
            &id,
            &t[0],
            json!({"text": "push the rook, partner", "channel": "team"}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{secret}");
        assert_eq!(secret["channel"], "team");
        assert_eq!(secret["team"], 0);
        let (status, _) = say(&app, &id, &t[1], json!({"text": "hello all"})).await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, theirs) = say(
            &app,
            &id,
            &t[3],
            json!({"text": "their king is weak", "channel": "team"}),
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{theirs}");

        // The partner reads the team message, live and on request.
        assert_eq!(cat_stream.json().await["text"], "push the rook, partner");
        assert_eq!(cat_stream.json().await["text"], "hello all");
        let (_, cat) = read(&app, &id, Some(&t[2])).await;
        assert_eq!(texts(&cat), ["push the rook, partner", "hello all"]);
        assert_eq!(cat["can_post"], json!(["game", "team"]));
        // The other team and spectators never do.
        assert_eq!(ben_stream.json().await["text"], "hello all");
        assert_eq!(ben_stream.json().await["text"], "their king is weak");
        assert_eq!(watcher_stream.json().await["text"], "hello all");
        let (_, ben) = read(&app, &id, Some(&t[1])).await;
        assert_eq!(texts(&ben), ["hello all", "their king is weak"]);
        let (_, watcher) = read(&app, &id, None).await;
        assert_eq!(texts(&watcher), ["hello all"]);
        // Nor the exports, the game object, the event stream or the game page.
        let client = reqwest::Client::new();
        for path in [
            format!("/api/v1/games/{id}"),
            format!("/api/v1/games/{id}.json"),
            format!("/api/v1/games/{id}.pgn"),
            format!("/api/v1/games/{id}/stream"),
        ] {
            let response = client
                .get(format!("{}{path}", server.base))
                .bearer_auth(&t[1])
                .timeout(std::time::Duration::from_secs(2))
                .send()
                .await
                .unwrap();
            // Chatrang has no PGN (400): what it answers must not leak either.
            let expected = if path.ends_with(".pgn") {
                StatusCode::BAD_REQUEST
            } else {
                StatusCode::OK
            };
            assert_eq!(response.status(), expected, "{path}");
            // The game stream stays open: what it sent within the timeout is enough.
            let mut body = Vec::new();
            let mut response = response;
            while let Ok(Some(chunk)) = response.chunk().await {
                body.extend_from_slice(&chunk);
            }
            let body = String::from_utf8_lossy(&body);
            assert!(!body.contains("push the rook"), "{path}: {body}");
        }
        let mut ben_page = Browser::new(&app);
        ben_page.log_in("ben").await;
        let page = ben_page.get(&format!("/games/{id}")).await.body;
        assert!(page.contains("hello all") && !page.contains("push the rook"), "{page}");
        let mut cat_page = Browser::new(&app);
        cat_page.log_in("cat").await;
        let page = cat_page.get(&format!("/games/{id}")).await.body;
        assert!(
            page.contains("push the rook, partner"),
            "the partner's page shows it: {page}"
        );
        assert!(!page.contains("their king is weak"), "{page}");

        // Publishing waits for the end of the game, then for both partners.
        let (status, body) = app
            .call("POST", &format!("/api/v1/games/{id}/chat/publish"), Some(&t[0]), None)
            .await;
        assert_error(status, &body, StatusCode::CONFLICT, "game_not_over");
        for ply in 0..6 {
            play(&app, &id, &t[ply % 4], if ply % 2 == 0 { "a1a2" } else { "b1b2" }).await;
        }
        let (_, game) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game["status"], "finished", "{game}");
        let (status, view) = app
            .call("POST", &format!("/api/v1/games/{id}/chat/publish"), Some(&t[0]), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["published_by_me"], true);
        assert_eq!(view["published_teams"], json!([]));
        let (_, watcher) = read(&app, &id, None).await;
        assert_eq!(texts(&watcher), ["hello all"], "one partner is not enough");
        let (status, body) = app
            .call("POST", &format!("/api/v1/games/{id}/chat/publish"), Some(&t[1]), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, watcher) = read(&app, &id, None).await;
        assert_eq!(
            texts(&watcher),
            ["hello all"],
            "ben publishes his own team's channel, not ann's"
        );
        let (status, view) = app
            .call("POST", &format!("/api/v1/games/{id}/chat/publish"), Some(&t[2]), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{view}");
        assert_eq!(view["published_teams"], json!([0]));
        let (_, watcher) = read(&app, &id, None).await;
        assert_eq!(texts(&watcher), ["push the rook, partner", "hello all"]);
        let (_, ben) = read(&app, &id, Some(&t[1])).await;
        assert_eq!(
            texts(&ben),
            ["push the rook, partner", "hello all", "their king is weak"]
        );
        server.stop().await;
    })
    .await;
}

/// A message posted on one instance reaches a stream held on the other (PostgreSQL
/// NOTIFY; on SQLite two listeners of one instance), and the page's SSE carries it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_message_posted_on_one_instance_arrives_live_on_the_other() {
    each_backend(|db| async move {
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let alice = one.user("alice").await;
        let bob = one.user("bob").await;
        let id = one.started_game("ancient", &alice, &bob, "bob").await;
        let servers = crate::common::two_servers(&db, &one, &two).await;
        let mut ndjson = Lines::open(
            &format!("{}/api/v1/games/{id}/chat/stream", servers[1].base),
            Some(&bob),
            &[],
        )
        .await;
        let mut sse = Lines::open(&format!("{}/games/{id}/chat/events", servers[1].base), Some(&bob), &[]).await;
        let client = reqwest::Client::new();
        let started = std::time::Instant::now();
        let sent = client
            .post(format!("{}/api/v1/games/{id}/chat", servers[0].base))
            .bearer_auth(&alice)
            .json(&json!({"text": "across instances"}))
            .send()
            .await
            .unwrap();
        assert_eq!(sent.status(), StatusCode::CREATED);
        let line = ndjson.json().await;
        assert_eq!(line["text"], "across instances", "{line}");
        let (seq, event, data) = sse.sse().await;
        assert_eq!(
            (seq.as_str(), event.as_str()),
            (FIRST_MESSAGE.to_string().as_str(), "chat")
        );
        assert_eq!(data["username"], "alice");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        // A stream resumed after the first message starts with the next message only.
        client
            .post(format!("{}/api/v1/games/{id}/chat", servers[0].base))
            .bearer_auth(&alice)
            .json(&json!({"text": "second"}))
            .send()
            .await
            .unwrap();
        let mut resumed = Lines::open(
            &format!(
                "{}/api/v1/games/{id}/chat/stream?after={FIRST_MESSAGE}",
                servers[1].base
            ),
            Some(&bob),
            &[],
        )
        .await;
        assert_eq!(resumed.json().await["text"], "second");
        for server in servers {
            server.stop().await;
        }
    })
    .await;
}

/// The game page holds one stream (a browser opens six per host over HTTP/1.1): with
/// `chat_after`, `/games/{id}/events` carries the chat beside the game's events, the
/// messages after that seq first, then each as it is posted (`chat`, without an id, so the
/// browser's Last-Event-ID stays the game's seq). A reader who may not read the chat gets
/// the game's events only.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_game_page_stream_carries_the_chat_beside_the_game_events() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let carol = app.user("carol").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (status, first) = say(&app, &id, &alice, json!({"text": "before the stream"})).await;
        assert_eq!(status, StatusCode::CREATED, "{first}");
        let server = RunningServer::start(app.state.clone()).await;
        let events = format!("{}/games/{id}/events", server.base);
        let mut page = Lines::open(&format!("{events}?chat_after=0"), Some(&bob), &[]).await;
        // A spectator, in a game whose chat is for its players.
        let mut spectator = Lines::open(&format!("{events}?chat_after=0"), Some(&carol), &[]).await;
        let (event_id, event, data) = page.sse().await;
        assert_eq!((event_id.as_str(), event.as_str()), ("", "chat"), "{data}");
        assert_eq!(data["text"], "before the stream");
        let (status, game) = app
            .post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (event_id, event, data) = page.sse().await;
        assert_eq!((event.as_str(), data["seq"].to_string()), ("move", event_id), "{data}");
        let (status, said) = say(&app, &id, &alice, json!({"text": "your move"})).await;
        assert_eq!(status, StatusCode::CREATED, "{said}");
        let (event_id, event, data) = page.sse().await;
        assert_eq!((event_id.as_str(), event.as_str()), ("", "chat"), "{data}");
        assert_eq!(data["text"], "your move");
        assert_eq!(data["seq"], said["seq"]);
        // The spectator's first event is the move: the messages before it are not theirs.
        let (event_id, event, data) = spectator.sse().await;
        assert_eq!((event.as_str(), data["seq"].to_string()), ("move", event_id), "{data}");
        server.stop().await;
    })
    .await;
}

/// The page stream with its chat, by credential: anonymous reads the game's events without
/// the players' chat, a revoked token is refused (401), and logging out ends a session's
/// stream, both halves (a GET: no CSRF token to check).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_page_stream_with_chat_answers_each_credential_as_it_should() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (status, first) = say(&app, &id, &alice, json!({"text": "players only"})).await;
        assert_eq!(status, StatusCode::CREATED, "{first}");
        let server = RunningServer::start(app.state.clone()).await;
        let events = format!("{}/games/{id}/events?chat_after=0", server.base);
        let mut anonymous = Lines::open(&events, None, &[]).await;
        let mut page = crate::pages::Browser::new(&app);
        page.log_in("bob").await;
        let cookie = format!("herald_session={}", page.cookies["herald_session"]);
        let mut session = Lines::open(&events, None, &[("cookie", &cookie)]).await;
        let (event_id, event, data) = session.sse().await;
        assert_eq!((event_id.as_str(), event.as_str()), ("", "chat"), "{data}");
        let revoked = revoked_token(&app, "bob", &bob).await;
        let refused = reqwest::Client::new()
            .get(&events)
            .bearer_auth(&revoked)
            .send()
            .await
            .unwrap();
        assert_eq!(refused.status(), StatusCode::UNAUTHORIZED, "{}", db.backend);
        let (status, game) = app
            .post(&format!("/api/v1/games/{id}/moves"), &alice, json!({"move": "a1a2"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let (event_id, event, data) = anonymous.sse().await;
        assert_eq!((event.as_str(), data["seq"].to_string()), ("move", event_id), "{data}");
        let out = page.post("/logout", &[]).await;
        assert_eq!(out.status, 303, "{}", out.body);
        let took = crate::admin::time_to_end(&mut session).await;
        assert!(
            took < std::time::Duration::from_secs(5),
            "{}: ended after {took:?}",
            db.backend
        );
        server.stop().await;
    })
    .await;
}

#[tokio::test]
async fn the_game_page_shows_the_chat_as_plain_text_and_posts_by_form() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        say(
            &app,
            &id,
            &bob,
            json!({"text": "<script>alert(1)</script> see https://example.org/x?a=1&b=2."}),
        )
        .await;
        let mut page = Browser::new(&app);
        page.log_in("alice").await;
        let html = page.get(&format!("/games/{id}")).await.body;
        assert!(html.contains("id=\"chat-form\""), "{html}");
        assert!(!html.contains("<script>alert(1)"), "never HTML: {html}");
        assert!(html.contains("&#60;script&#62;alert(1)&#60;/script&#62;"), "{html}");
        assert!(
            html.contains("<a href=\"https://example.org/x?a=1&#38;b=2\" rel=\"nofollow noopener noreferrer ugc\""),
            "{html}"
        );
        let sent = page
            .post(
                &format!("/games/{id}/chat"),
                &[("text", "sent from the page"), ("channel", "game")],
            )
            .await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
        let without_csrf = page.post_raw(&format!("/games/{id}/chat"), &[("text", "forged")]).await;
        assert_eq!(without_csrf.status, StatusCode::FORBIDDEN, "{}", without_csrf.body);
        let empty = page.post(&format!("/games/{id}/chat"), &[("text", "  ")]).await;
        assert_eq!(empty.status, StatusCode::BAD_REQUEST, "{}", empty.body);
        // The typed-move form sends a message with the move.
        let moved = page
            .post(
                &format!("/games/{id}/move"),
                &[("move", "a1a2"), ("ply", "0"), ("message", "with my first move")],
            )
            .await;
        assert_eq!(moved.status, StatusCode::SEE_OTHER, "{}", moved.body);
        let (_, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(
            texts(&view)[1..],
            ["sent from the page".to_owned(), "with my first move".to_owned()]
        );
        assert_eq!(view["messages"][2]["ply"], 1);
        // A spectator of this private game sees no chat at all.
        let anonymous = Browser::new(&app).get(&format!("/games/{id}")).await.body;
        assert!(!anonymous.contains("id=\"chat\""), "{anonymous}");
        assert!(!anonymous.contains("sent from the page"));
    })
    .await;
}

#[tokio::test]
async fn moderation_mutes_posters_hides_messages_with_an_audit_entry_and_takes_reports() {
    use crate::pages::Browser;
    each_backend(|db| async move {
        let (app, root) = crate::admin::club(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let (status, _) = say(&app, &id, &bob, json!({"text": "rude words"})).await;
        assert_eq!(status, StatusCode::CREATED);
        say(&app, &id, &alice, json!({"text": "please stop"})).await;

        // Alice reports the message from the page.
        let mut alice_page = Browser::new(&app);
        alice_page.log_in("alice").await;
        let html = alice_page.get(&format!("/games/{id}")).await.body;
        assert!(
            html.contains(&format!("value=\"{id}:{FIRST_MESSAGE}\"")),
            "a report form on Bob's message: {html}"
        );
        assert!(
            !html.contains(&format!("value=\"{id}:{}\"", 2 * FIRST_MESSAGE)),
            "none on her own"
        );
        assert!(!html.contains("Hide for everyone"), "only administrators hide");
        let sent = alice_page
            .post(
                "/reports",
                &[
                    ("kind", "message"),
                    ("target", &format!("{id}:{FIRST_MESSAGE}")),
                    ("reason", "insults"),
                ],
            )
            .await;
        assert_eq!(sent.status, StatusCode::OK, "{}", sent.body);
        let (_, queue) = app.get("/api/v1/admin/reports", Some(&root)).await;
        assert_eq!(
            queue[0]["target"],
            json!({"kind": "message", "game": id, "seq": FIRST_MESSAGE}),
            "{queue}"
        );

        // Only administrators hide, and hiding is audited with the text as it was.
        let hide = format!("/api/v1/admin/games/{id}/chat/{FIRST_MESSAGE}/hide");
        let (status, body) = app.call("POST", &hide, Some(&alice), Some(json!({}))).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "forbidden");
        let (status, _) = app.call("POST", &hide, None, Some(json!({}))).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        let (status, body) = app
            .call("POST", &hide, Some(&root), Some(json!({"note": "insults"})))
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let (status, body) = app.call("POST", &hide, Some(&root), Some(json!({}))).await;
        assert_error(status, &body, StatusCode::CONFLICT, "message_hidden");
        let (status, body) = app
            .call(
                "POST",
                &format!("/api/v1/admin/games/{id}/chat/9/hide"),
                Some(&root),
                Some(json!({})),
            )
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "message_not_found");
        let (_, view) = read(&app, &id, Some(&alice)).await;
        assert_eq!(texts(&view), ["please stop"]);
        let (_, audit) = app.get("/api/v1/admin/audit", Some(&root)).await;
        let last = &audit["entries"][0];
        assert_eq!(last["action"], "hide_message", "{audit}");
        assert_eq!(last["before"]["text"], "rude words");
        assert_eq!(last["after"]["hidden"], true);
        assert_eq!(last["note"], "insults");
        // Administrators read a private game's conversation (to moderate it), never write.
        let mut root_page = Browser::new(&app);
        root_page.log_in("root").await;
        let html = root_page.get(&format!("/games/{id}")).await.body;
        assert!(
            html.contains("please stop") && html.contains("Hide for everyone"),
            "{html}"
        );
        assert!(!html.contains("id=\"chat-form\""), "{html}");
        let (status, body) = say(&app, &id, &root, json!({"text": "admin here"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "not_a_player");

        // A muted user cannot post, alone or with a move; the mute lapses.
        let until = app.state.now() + 3_600_000;
        let (status, body) = app
            .post("/api/v1/admin/users/bob/mute", &root, json!({"until": until}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (status, body) = say(&app, &id, &bob, json!({"text": "let me talk"})).await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "muted");
        play(&app, &id, &alice, "a1a2").await;
        let (status, body) = app
            .post(
                &format!("/api/v1/games/{id}/moves"),
                &bob,
                json!({"move": "b1b2", "message": "hi"}),
            )
            .await;
        assert_error(status, &body, StatusCode::FORBIDDEN, "muted");
        play(&app, &id, &bob, "b1b2").await;
        app.clock.advance_ms(3_600_001);
        let (status, body) = say(&app, &id, &bob, json!({"text": "sorry"})).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    })
    .await;
}

/// Administrators moderate what they can read: a team channel's message, which they do not
/// read, cannot be hidden (as if it did not exist) and its text never reaches the audit log;
/// once both partners published the channel after the game, it can be.
#[tokio::test]
async fn administrators_cannot_hide_or_read_a_team_message() {
    each_backend(|db| async move {
        let (app, root) = crate::admin::club(&db).await;
        let (id, t) = chatrang(&app, false).await;
        let (status, sent) = say(&app, &id, &t[0], json!({"text": "secret team plan", "channel": "team"})).await;
        assert_eq!(status, StatusCode::CREATED, "{sent}");
        let seq = sent["seq"].as_i64().unwrap();
        let hide = format!("/api/v1/admin/games/{id}/chat/{seq}/hide");
        let (status, body) = app
            .call("POST", &hide, Some(&root), Some(json!({"note": "peek"})))
            .await;
        assert_error(status, &body, StatusCode::NOT_FOUND, "message_not_found");
        // Nor does the game page show it to them.
        let mut page = crate::pages::Browser::new(&app);
        page.log_in("root").await;
        let html = page.get(&format!("/games/{id}")).await.body;
        assert!(!html.contains("secret team plan"), "{html}");
        let (_, audit) = app.get("/api/v1/admin/audit", Some(&root)).await;
        assert!(!audit.to_string().contains("secret team plan"), "{audit}");
        // The partner still reads it.
        let (_, cat) = read(&app, &id, Some(&t[2])).await;
        assert_eq!(texts(&cat), ["secret team plan"]);

        // Published by both partners after the game, it is public: then it can be hidden.
        for ply in 0..6 {
            play(&app, &id, &t[ply % 4], if ply % 2 == 0 { "a1a2" } else { "b1b2" }).await;
        }
        for token in [&t[0], &t[2]] {
            let (status, body) = app
                .call("POST", &format!("/api/v1/games/{id}/chat/publish"), Some(token), None)
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = app.call("POST", &hide, Some(&root), Some(json!({}))).await;
        assert_eq!(status, StatusCode::NO_CONTENT, "{body}");
        let (_, cat) = read(&app, &id, Some(&t[2])).await;
        assert_eq!(texts(&cat), Vec::<String>::new());
    })
    .await;
}

/// The per-user limit holds under concurrency: posts sent at once are counted with the
/// ones committing beside them (issue 32: 30-50 of 40 stored against a limit of 10).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_chat_limit_holds_for_posts_sent_at_once() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let client = reqwest::Client::new();
        let url = format!("{}/api/v1/games/{id}/chat", server.base);
        let mut tasks = Vec::new();
        for n in 0..40 {
            let (client, url, token) = (client.clone(), url.clone(), alice.clone());
            tasks.push(tokio::spawn(async move {
                client
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({ "text": format!("burst {n}") }))
                    .send()
                    .await
                    .unwrap()
                    .status()
            }));
        }
        let mut created = 0;
        for task in tasks {
            match task.await.unwrap() {
                StatusCode::CREATED => created += 1,
                StatusCode::TOO_MANY_REQUESTS => {}
                other => panic!("{}: {other}", db.backend),
            }
        }
        assert_eq!(created, 10, "{}: the limit is ten a minute", db.backend);
        let (_, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(view["messages"].as_array().unwrap().len(), 10, "{}: {view}", db.backend);
        server.stop().await;
    })
    .await;
}

/// Moves sent at once with messages, each in its own game, are counted under the same
/// lock as posts: ten are played with their messages, the others are refused whole (429,
/// the game unmoved, no message).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_chat_limit_holds_for_moves_sent_at_once_with_messages() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let mut games = Vec::new();
        for _ in 0..16 {
            games.push(app.started_game("ancient", &alice, &bob, "bob").await);
        }
        let server = RunningServer::start(app.state.clone()).await;
        let client = reqwest::Client::new();
        let mut tasks = Vec::new();
        for id in &games {
            let url = format!("{}/api/v1/games/{id}/moves", server.base);
            let (client, token, id) = (client.clone(), alice.clone(), id.clone());
            tasks.push(tokio::spawn(async move {
                let status = client
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({"move": "a1a2", "message": format!("moved in {id}")}))
                    .send()
                    .await
                    .unwrap()
                    .status();
                (id, status)
            }));
        }
        let mut played = Vec::new();
        for task in tasks {
            match task.await.unwrap() {
                (id, StatusCode::OK) => played.push(id),
                (_, StatusCode::TOO_MANY_REQUESTS) => {}
                (_, other) => panic!("{}: {other}", db.backend),
            }
        }
        assert_eq!(played.len(), 10, "{}: the limit is ten a minute", db.backend);
        for id in &games {
            let (_, game) = app.get(&format!("/api/v1/games/{id}"), Some(&bob)).await;
            let (_, chat) = read(&app, id, Some(&bob)).await;
            if played.contains(id) {
                assert_eq!(game["ply"], 1, "{}: {game}", db.backend);
                assert_eq!(texts(&chat), [format!("moved in {id}")], "{}", db.backend);
            } else {
                assert_eq!(game["ply"], 0, "{}: a refused move is not played: {game}", db.backend);
                assert_eq!(texts(&chat), Vec::<String>::new(), "{}", db.backend);
            }
        }
        server.stop().await;
    })
    .await;
}

/// Bidirectional overrides and other invisible format characters (Unicode category Cf)
/// are dropped, so a message cannot show its words in another order than it stores them
/// (U+202E) or hide text; the joiners that emoji and some scripts need are kept.
#[tokio::test]
async fn format_and_bidi_characters_are_dropped_from_messages() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let bob = app.user("bob").await;
        let id = app.started_game("ancient", &alice, &bob, "bob").await;
        let sent = "gg \u{202E}evif\u{202C} \u{2066}x\u{2069}\u{200B}y\u{FEFF}\u{AD}z\u{061C}\u{E0041}";
        let (status, body) = say(&app, &id, &alice, json!({ "text": sent })).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["text"], "gg evif xyz", "{body}");
        let family = "\u{1F469}\u{200D}\u{1F467} \u{645}\u{200C}\u{6CC}";
        let (status, body) = say(&app, &id, &alice, json!({ "text": family })).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["text"], family, "joiners are kept");
        let (status, body) = say(&app, &id, &alice, json!({"text": "\u{202E}\u{200B}"})).await;
        assert_error(status, &body, StatusCode::BAD_REQUEST, "empty_message");
        let (_, view) = read(&app, &id, Some(&bob)).await;
        assert_eq!(texts(&view), ["gg evif xyz", family]);
    })
    .await;
}

/// The numbers of the messages a reader sees.
fn seqs(view: &Value) -> Vec<i64> {
    view["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["seq"].as_i64().unwrap())
        .collect()
}

/// Message numbers do not count the messages of channels a reader cannot see: the other
/// team reads the same numbers whether a team talked privately between public messages or
/// not, and the team's own numbers do not count the other team's.
#[tokio::test]
async fn message_numbers_reveal_nothing_of_a_channel_the_reader_cannot_see() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let (quiet, t) = chatrang(&app, false).await;
        let (busy, _) = {
            // The same four players in a second game.
            let (status, game) = app
                .post("/api/v1/games", &t[0], json!({"variant": "chatrang", "seat": 0}))
                .await;
            assert_eq!(status, StatusCode::CREATED, "{game}");
            let id = game["id"].as_str().unwrap().to_owned();
            for (i, token) in t.iter().enumerate().skip(1) {
                app.post(&format!("/api/v1/games/{id}/join"), token, json!({"seat": i}))
                    .await;
            }
            (id, ())
        };
        let public = |text: &str| json!({"text": text});
        let team = |text: &str| json!({"text": text, "channel": "team"});
        // The quiet game: public messages only (and team 1 talking, as in the busy one).
        for (token, body) in [(&t[0], public("hello")), (&t[1], team("plan b")), (&t[1], public("hi"))] {
            let (status, sent) = say(&app, &quiet, token, body).await;
            assert_eq!(status, StatusCode::CREATED, "{sent}");
        }
        // The busy game: the same, with team 0 (ann, cat) talking in between.
        for (token, body) in [
            (&t[0], public("hello")),
            (&t[0], team("plan a")),
            (&t[2], team("agreed")),
            (&t[1], team("plan b")),
            (&t[2], team("go")),
            (&t[1], public("hi")),
        ] {
            let (status, sent) = say(&app, &busy, token, body).await;
            assert_eq!(status, StatusCode::CREATED, "{sent}");
        }
        // Team 1 (ben, dan) reads the same numbers in both games.
        let (_, quiet_view) = read(&app, &quiet, Some(&t[3])).await;
        let (_, busy_view) = read(&app, &busy, Some(&t[3])).await;
        assert_eq!(texts(&busy_view), ["hello", "plan b", "hi"]);
        assert_eq!(seqs(&busy_view), seqs(&quiet_view), "{busy_view}");
        // Team 0 reads its own messages in order, numbered as if team 1 had not talked.
        let (_, ann) = read(&app, &busy, Some(&t[0])).await;
        assert_eq!(texts(&ann), ["hello", "plan a", "agreed", "go", "hi"]);
        let numbers = seqs(&ann);
        assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
        assert_eq!(
            numbers,
            [
                FIRST_MESSAGE,
                FIRST_MESSAGE + 2,
                FIRST_MESSAGE + 4,
                FIRST_MESSAGE + 6,
                2 * FIRST_MESSAGE
            ]
        );
    })
    .await;
}
