//! Live streams over a real loopback server: the ndjson game and user streams and the
//! page's SSE feed deliver every committed event once, in order, resume from the last seq
//! (or cursor) seen without loss, keep idle connections alive, and on PostgreSQL carry an
//! event committed on one instance to a stream held on another.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{RunningServer, ScriptedRules, TestApp, TestDb, each_backend};

/// Reads a streaming response line by line.
pub struct Lines {
    response: reqwest::Response,
    buf: Vec<u8>,
}

impl Lines {
    pub async fn open(url: &str, token: Option<&str>, headers: &[(&str, &str)]) -> Lines {
        let mut request = reqwest::Client::new().get(url);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200, "{url}");
        Lines {
            response,
            buf: Vec::new(),
        }
    }

    /// The next line (without its newline), or `None` when the stream ends or 15 s pass.
    pub async fn line(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buf.iter().position(|b| *b == b'\n') {
                let line: Vec<u8> = self.buf.drain(..=end).collect();
                return Some(String::from_utf8(line[..line.len() - 1].to_vec()).unwrap());
            }
            match tokio::time::timeout(Duration::from_secs(15), self.response.chunk()).await {
                Ok(Ok(Some(chunk))) => self.buf.extend_from_slice(&chunk),
                _ => return None,
            }
        }
    }

    /// The next JSON line, skipping keep-alive lines.
    pub async fn json(&mut self) -> Value {
        loop {
            let line = self.line().await.expect("the stream ended early");
            if !line.trim().is_empty() {
                return serde_json::from_str(&line).unwrap();
            }
        }
    }

    /// The next server-sent event as (id, event, data), skipping comments.
    pub async fn sse(&mut self) -> (String, String, Value) {
        let (mut id, mut event, mut data) = (String::new(), String::new(), String::new());
        loop {
            let line = self.line().await.expect("the stream ended early");
            if line.is_empty() {
                if !data.is_empty() {
                    return (id, event, serde_json::from_str(&data).unwrap());
                }
                continue;
            }
            if let Some(v) = line.strip_prefix("id:") {
                id = v.trim().to_owned();
            } else if let Some(v) = line.strip_prefix("event:") {
                event = v.trim().to_owned();
            } else if let Some(v) = line.strip_prefix("data:") {
                data.push_str(v.trim());
            }
        }
    }
}

pub async fn app_with(db: &TestDb, change: impl FnOnce(&mut herald_server::Config)) -> TestApp {
    let mut config = herald_server::Config::for_tests(&db.url);
    change(&mut config);
    TestApp::with_rules(db, Arc::new(ScriptedRules { finish_after: 20 }), config).await
}

async fn play(app: &TestApp, id: &str, token: &str, text: &str) {
    let (status, body) = app
        .post(&format!("/api/v1/games/{id}/moves"), token, json!({ "move": text }))
        .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn game_stream_sends_the_game_then_each_event_and_resumes_without_loss() {
    each_backend(|db| async move {
        let app = app_with(&db, |_| {}).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let url = format!("{}/api/v1/games/{id}/stream", server.base);

        let mut stream = Lines::open(&url, None, &[]).await;
        let game = stream.json().await;
        let (_, expected) = app.get(&format!("/api/v1/games/{id}"), None).await;
        assert_eq!(game, expected, "{}: the first line is the game", db.backend);
        play(&app, &id, &a, "a1a2").await;
        let event = stream.json().await;
        assert_eq!(event["kind"], "move", "{}: {event}", db.backend);
        assert_eq!(event["game_id"], id.as_str());
        let seen = event["seq"].as_i64().unwrap();
        drop(stream);

        // Three changes while nobody listens.
        play(&app, &id, &b, "b1b2").await;
        app.post(&format!("/api/v1/games/{id}/draw"), &a, json!({"action": "offer"}))
            .await;
        play(&app, &id, &a, "a1a2").await;

        let mut resumed = Lines::open(&format!("{url}?since={seen}"), None, &[]).await;
        assert_eq!(resumed.json().await["ply"], 3, "{}: the game as it is now", db.backend);
        let mut got = Vec::new();
        for _ in 0..3 {
            let e = resumed.json().await;
            got.push((e["seq"].as_i64().unwrap(), e["kind"].as_str().unwrap().to_owned()));
        }
        assert_eq!(
            got,
            [
                (seen + 1, "move".to_owned()),
                (seen + 2, "draw_offered".to_owned()),
                (seen + 3, "move".to_owned())
            ],
            "{}",
            db.backend
        );
        // Live again, and nothing doubled.
        play(&app, &id, &b, "b1b2").await;
        assert_eq!(resumed.json().await["seq"], seen + 4);

        // Last-Event-ID resumes the same way and wins over `since`.
        let mut by_header = Lines::open(
            &format!("{url}?since=0"),
            None,
            &[("last-event-id", &(seen + 3).to_string())],
        )
        .await;
        by_header.json().await;
        assert_eq!(by_header.json().await["seq"], seen + 4);

        let (status, _) = app.get("/api/v1/games/nosuchgame/stream", None).await;
        assert_eq!(status, 404);
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_game_stream_ends_with_the_game() {
    each_backend(|db| async move {
        let app = TestApp::with_rules(
            &db,
            Arc::new(ScriptedRules { finish_after: 2 }),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let mut stream = Lines::open(&format!("{}/api/v1/games/{id}/stream", server.base), None, &[]).await;
        stream.json().await;
        play(&app, &id, &a, "a1a2").await;
        play(&app, &id, &b, "b1b2").await;
        let kinds: Vec<String> = [stream.json().await, stream.json().await, stream.json().await]
            .iter()
            .map(|e| e["kind"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(kinds, ["move", "move", "finished"], "{}", db.backend);
        assert_eq!(
            stream.line().await,
            None,
            "{}: the stream closes after the end",
            db.backend
        );
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn idle_streams_get_keep_alive_lines() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| c.stream_keepalive_secs = 1).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;

        let mut game = Lines::open(&format!("{}/api/v1/games/{id}/stream", server.base), None, &[]).await;
        game.json().await;
        let started = std::time::Instant::now();
        assert_eq!(
            game.line().await.as_deref(),
            Some(""),
            "{}: an empty keep-alive line",
            db.backend
        );
        assert_eq!(game.line().await.as_deref(), Some(""));
        let waited = started.elapsed();
        assert!(
            waited >= Duration::from_millis(1500) && waited < Duration::from_secs(5),
            "{waited:?}"
        );

        let mut me = Lines::open(&format!("{}/api/v1/me/stream", server.base), Some(&a), &[]).await;
        assert!(me.json().await["cursor"].is_string());
        assert_eq!(me.line().await.as_deref(), Some(""));

        let mut sse = Lines::open(&format!("{}/games/{id}/events", server.base), None, &[]).await;
        assert_eq!(sse.line().await.as_deref(), Some(": keep-alive"), "{}", db.backend);
        // The default promises a line at least every 10 s.
        assert_eq!(
            herald_server::Config::for_tests("sqlite::memory:").keepalive(),
            Duration::from_secs(10)
        );
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_page_feed_is_sse_with_seq_ids_and_resumes_from_last_event_id() {
    each_backend(|db| async move {
        let app = app_with(&db, |_| {}).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let url = format!("{}/games/{id}/events", server.base);
        let mut feed = Lines::open(&url, None, &[]).await;
        play(&app, &id, &a, "a1a2").await;
        let (seq, kind, data) = feed.sse().await;
        assert_eq!(kind, "move", "{}", db.backend);
        assert_eq!(data["seq"].to_string(), seq);
        assert_eq!(data["data"]["move"], "a1a2", "{data}");
        drop(feed);
        play(&app, &id, &b, "b1b2").await;
        play(&app, &id, &a, "a1a2").await;
        let mut feed = Lines::open(&url, None, &[("last-event-id", &seq)]).await;
        let next: i64 = seq.parse::<i64>().unwrap() + 1;
        assert_eq!(feed.sse().await.0, next.to_string(), "{}", db.backend);
        assert_eq!(feed.sse().await.0, (next + 1).to_string());
        let (status, body) = app
            .raw(
                axum::http::Request::get(format!("/games/{id}/events"))
                    .header("last-event-id", "x")
                    .body(axum::body::Body::empty())
                    .unwrap(),
            )
            .await;
        crate::common::assert_error(status, &body, axum::http::StatusCode::BAD_REQUEST, "bad_last_event_id");
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_user_stream_covers_all_games_and_resumes_from_its_cursor() {
    each_backend(|db| async move {
        let app = app_with(&db, |_| {}).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let c = app.user("carol").await;
        let one = app.started_game("not-chess", &a, &b, "bob").await;
        let server = RunningServer::start(app.state.clone()).await;
        let url = format!("{}/api/v1/me/stream", server.base);
        let mut me = Lines::open(&url, Some(&b), &[]).await;
        assert!(me.json().await["cursor"].is_string());

        play(&app, &one, &a, "a1a2").await;
        let line = me.json().await;
        assert_eq!(
            (line["game_id"].as_str(), line["kind"].as_str()),
            (Some(one.as_str()), Some("move")),
            "{}",
            db.backend
        );
        let cursor = line["cursor"].as_str().unwrap().to_owned();
        drop(me);

        // While bob is away: a move in game one, a new game he joins, and a game of others.
        play(&app, &one, &b, "b1b2").await;
        let two = app.started_game("not-chess", &c, &b, "bob").await;
        let others = app.started_game("not-chess", &a, &c, "carol").await;
        play(&app, &others, &a, "a1a2").await;

        let mut me = Lines::open(&format!("{url}?since={cursor}"), Some(&b), &[]).await;
        me.json().await;
        let mut got = Vec::new();
        for _ in 0..3 {
            let e = me.json().await;
            got.push((
                e["game_id"].as_str().unwrap().to_owned(),
                e["seq"].as_i64().unwrap(),
                e["kind"].as_str().unwrap().to_owned(),
            ));
        }
        got.sort();
        let mut expected = vec![
            (one.clone(), 4, "move".to_owned()),
            (two.clone(), 1, "joined".to_owned()),
            (two.clone(), 2, "started".to_owned()),
        ];
        expected.sort();
        assert_eq!(
            got, expected,
            "{}: the missed events of bob's games, none of others'",
            db.backend
        );
        play(&app, &two, &c, "a1a2").await;
        let live = me.json().await;
        assert_eq!(
            (live["game_id"].as_str(), live["seq"].as_i64()),
            (Some(two.as_str()), Some(3))
        );

        let (status, _) = app.get("/api/v1/me/stream?since=garbage", Some(&b)).await;
        assert_eq!(status, 400);
        let (status, _) = app.get("/api/v1/me/stream", None).await;
        assert_eq!(status, 401);
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_event_committed_on_one_instance_reaches_a_stream_on_another() {
    each_backend(|db| async move {
        if db.backend != "postgres" {
            // SQLite serves one instance; the other tests cover it.
            return;
        }
        let a_app = app_with(&db, |_| {}).await;
        let b_app = app_with(&db, |_| {}).await;
        assert!(!Arc::ptr_eq(a_app.state.hub(), b_app.state.hub()));
        let a = a_app.user("alice").await;
        let b = a_app.user("bob").await;
        let id = a_app.started_game("not-chess", &a, &b, "bob").await;
        let server_b = RunningServer::start(b_app.state.clone()).await;
        let mut on_b = Lines::open(&format!("{}/api/v1/games/{id}/stream", server_b.base), None, &[]).await;
        let mut page_on_b = Lines::open(&format!("{}/games/{id}/events", server_b.base), None, &[]).await;
        on_b.json().await;
        for (k, token) in [&a, &b, &a].into_iter().enumerate() {
            let started = std::time::Instant::now();
            play(&a_app, &id, token, if k % 2 == 0 { "a1a2" } else { "b1b2" }).await;
            let event = on_b.json().await;
            assert_eq!(event["kind"], "move");
            assert_eq!(event["data"]["ply"].as_i64(), Some(i64::try_from(k).unwrap() + 1));
            assert!(started.elapsed() < Duration::from_secs(5));
            assert_eq!(page_on_b.sse().await.1, "move");
        }
        server_b.stop().await;
    })
    .await;
}

/// Reads `stream` until a line holds `text`; `false` if it ends (or falls silent) first.
async fn reaches(stream: &mut Lines, text: &str) -> bool {
    while let Some(line) = stream.line().await {
        if line.contains(text) {
            return true;
        }
    }
    false
}

/// Revoking a token ends the streams opened with it, and logging out those opened with the
/// session, on the other instance too; the user's streams opened with another token or
/// session stay open.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn revoking_a_token_or_logging_out_ends_only_the_streams_opened_with_it() {
    each_backend(|db| async move {
        let one = TestApp::scripted(&db).await;
        let two = TestApp::scripted(&db).await;
        let alice = one.user("alice").await;
        let bob = one.user("bob").await;
        let id = one.started_game("ancient", &alice, &bob, "bob").await;
        let (status, second) = one
            .call(
                "POST",
                "/api/v1/tokens",
                None,
                Some(json!({"username": "bob", "password": "password-bob", "name": "second"})),
            )
            .await;
        assert_eq!(status, 201, "{second}");
        let second = second["token"].as_str().unwrap().to_owned();
        let (status, tokens) = one.get("/api/v1/tokens", Some(&bob)).await;
        assert_eq!(status, 200, "{tokens}");
        let first_id = tokens[0]["id"].as_i64().unwrap();
        let servers = crate::common::two_servers(&db, &one, &two).await;
        let url = |path: String| format!("{}{path}", servers[1].base);
        let chat = format!("/api/v1/games/{id}/chat/stream");
        let mut firsts = vec![
            Lines::open(&url(format!("/api/v1/games/{id}/stream")), Some(&bob), &[]).await,
            Lines::open(&url(chat.clone()), Some(&bob), &[]).await,
            Lines::open(&url("/api/v1/me/stream".to_owned()), Some(&bob), &[]).await,
        ];
        let mut kept = Lines::open(&url(chat.clone()), Some(&second), &[]).await;
        let (status, body) = one
            .call("DELETE", &format!("/api/v1/tokens/{first_id}"), Some(&bob), None)
            .await;
        assert_eq!(status, 204, "{body}");
        for stream in &mut firsts {
            let took = crate::admin::time_to_end(stream).await;
            assert!(took < Duration::from_secs(5), "{}: ended after {took:?}", db.backend);
        }
        let path = format!("/api/v1/games/{id}/chat");
        let say = |text: &'static str| {
            let (one, alice, path) = (&one, alice.clone(), path.clone());
            async move {
                let (status, body) = one.post(&path, &alice, json!({ "text": text })).await;
                assert_eq!(status, 201, "{body}");
            }
        };
        say("after the revocation").await;
        assert!(reaches(&mut kept, "after the revocation").await, "{}", db.backend);

        // Two page sessions of bob, each with the page's chat feed open; one logs out.
        let mut leaving = crate::pages::Browser::new(&one);
        leaving.log_in("bob").await;
        let mut staying = crate::pages::Browser::new(&one);
        staying.log_in("bob").await;
        let feed = url(format!("/games/{id}/chat/events"));
        let cookie = |b: &crate::pages::Browser<'_>| format!("herald_session={}", b.cookies["herald_session"]);
        let mut left = Lines::open(&feed, None, &[("cookie", &cookie(&leaving))]).await;
        let mut stays = Lines::open(&feed, None, &[("cookie", &cookie(&staying))]).await;
        let out = leaving.post("/logout", &[]).await;
        assert_eq!(out.status, 303, "{}", out.body);
        let took = crate::admin::time_to_end(&mut left).await;
        assert!(took < Duration::from_secs(5), "{}: ended after {took:?}", db.backend);
        say("after the log-out").await;
        assert!(reaches(&mut stays, "after the log-out").await, "{}", db.backend);
        assert!(reaches(&mut kept, "after the log-out").await, "{}", db.backend);
    })
    .await;
}
