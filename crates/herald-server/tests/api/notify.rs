//! Notifications: webhooks against a real HTTP receiver on loopback (signed POSTs, retries
//! with backoff, disabled after repeated failures, a delivery log), the settings API, the
//! secret Atom feed, and email through a real SMTP server (a minimal one the test runs in process).

use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{HeaderMap, StatusCode};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;

use crate::common::{TestApp, each_backend};
use crate::streams::app_with;

/// What the receiver got: (headers, raw body).
type Received = Arc<Mutex<Vec<(HeaderMap, Vec<u8>)>>>;

/// An HTTP server on a loopback port that records every POST and answers `status`.
async fn receiver(status: Arc<AtomicU16>) -> (String, Received) {
    let got: Received = Arc::default();
    let record = Arc::clone(&got);
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |headers: HeaderMap, body: axum::body::Bytes| {
            let record = Arc::clone(&record);
            let status = Arc::clone(&status);
            async move {
                record.lock().unwrap().push((headers, body.to_vec()));
                StatusCode::from_u16(status.load(Ordering::SeqCst)).unwrap()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, got)
}

/// Polls `check` until it answers, for up to 30 s: background workers on a CI machine
/// running the whole suite at once can be slow.
pub async fn eventually<T>(what: &str, mut check: impl AsyncFnMut() -> Option<T>) -> T {
    for _ in 0..600 {
        if let Some(v) = check().await {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("timed out waiting for {what}");
}

fn hmac_hex(secret: &str, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn webhooks_get_signed_posts_retries_and_a_log() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| {
            c.webhook_retry_base_ms = 60_000;
            c.webhook_max_failures = 100;
        })
        .await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let status = Arc::new(AtomicU16::new(200));
        let (url, got) = receiver(Arc::clone(&status)).await;

        let (code, hook) = app.post("/api/v1/me/webhooks", &b, json!({"url": url})).await;
        assert_eq!(code, StatusCode::CREATED, "{hook}");
        let secret = hook["secret"].as_str().unwrap().to_owned();
        let hook_id = hook["id"].as_i64().unwrap();
        let (_, list) = app.get("/api/v1/me/webhooks", Some(&b)).await;
        assert_eq!(list.as_array().unwrap().len(), 1);
        assert!(list[0].get("secret").is_none(), "the secret is shown only once");
        let (code, body) = app.post("/api/v1/me/webhooks", &b, json!({"url": "ftp://x"})).await;
        crate::common::assert_error(code, &body, StatusCode::BAD_REQUEST, "invalid_url");

        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let (code, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert_eq!(code, StatusCode::OK);
        // joined, started, move: one POST each, in any order, each signed.
        let posts = eventually("three webhook posts", async || {
            let posts = got.lock().unwrap().clone();
            (posts.len() >= 3).then_some(posts)
        })
        .await;
        let mut kinds = Vec::new();
        for (headers, body) in &posts {
            let signature = headers["x-herald-signature"].to_str().unwrap();
            assert_eq!(
                signature,
                format!("sha256={}", hmac_hex(&secret, body)),
                "{}",
                db.backend
            );
            let payload: Value = serde_json::from_slice(body).unwrap();
            assert_eq!(payload["type"], "game_event");
            assert_eq!(payload["event"]["game_id"], id.as_str());
            assert_eq!(headers["x-herald-event"].to_str().unwrap(), payload["event"]["kind"]);
            kinds.push(payload["event"]["kind"].as_str().unwrap().to_owned());
        }
        kinds.sort();
        assert_eq!(kinds, ["joined", "move", "started"], "{}", db.backend);

        // The receiver fails: the delivery is retried after the backoff, then succeeds.
        status.store(500, Ordering::SeqCst);
        app.post(&format!("/api/v1/games/{id}/moves"), &b, json!({"move": "b1b2"}))
            .await;
        eventually("a failed attempt", async || {
            (got.lock().unwrap().len() == 4).then_some(())
        })
        .await;
        let log = eventually("the failure in the log", async || {
            let (_, log) = app
                .get(&format!("/api/v1/me/webhooks/{hook_id}/deliveries"), Some(&b))
                .await;
            (log[0]["attempts"] == 1).then_some(log)
        })
        .await;
        assert_eq!(log[0]["status"], "pending", "{log}");
        assert_eq!(log[0]["last_status"], 500);
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert_eq!(
            got.lock().unwrap().len(),
            4,
            "{}: no retry before the backoff",
            db.backend
        );
        status.store(204, Ordering::SeqCst);
        app.clock.advance_ms(61_000);
        eventually("the retry", async || (got.lock().unwrap().len() == 5).then_some(())).await;
        let posts = got.lock().unwrap().clone();
        assert_eq!(
            posts[3].0["x-herald-delivery"], posts[4].0["x-herald-delivery"],
            "same delivery id"
        );
        let log = eventually("the success in the log", async || {
            let (_, log) = app
                .get(&format!("/api/v1/me/webhooks/{hook_id}/deliveries"), Some(&b))
                .await;
            (log[0]["status"] == "delivered").then_some(log)
        })
        .await;
        assert_eq!(log[0]["attempts"], 2);
        assert_eq!(log[0]["last_status"], 204);
        assert_eq!(log.as_array().unwrap().len(), 4);
        let (code, _) = app
            .get(&format!("/api/v1/me/webhooks/{hook_id}/deliveries"), Some(&a))
            .await;
        assert_eq!(code, StatusCode::NOT_FOUND, "not alice's webhook");
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failing_webhook_is_disabled_and_can_be_re_enabled() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| {
            c.webhook_retry_base_ms = 1_000;
            c.webhook_max_failures = 3;
        })
        .await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let status = Arc::new(AtomicU16::new(503));
        let (url, got) = receiver(Arc::clone(&status)).await;
        let (_, hook) = app.post("/api/v1/me/webhooks", &a, json!({"url": url})).await;
        let hook_id = hook["id"].as_i64().unwrap();
        app.started_game("not-chess", &a, &b, "bob").await;
        // Two events, each failing; advance the clock so retries fall due.
        let hook = eventually("the webhook disabled", async || {
            app.clock.advance_ms(120_000);
            let (_, list) = app.get("/api/v1/me/webhooks", Some(&a)).await;
            (list[0]["enabled"] == false).then(|| list[0].clone())
        })
        .await;
        // Attempts of one batch run concurrently: one may still be in flight when the limit
        // is reached. It is logged, but does not count past the limit.
        assert!(hook["disabled_at"].is_i64());
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (_, list) = app.get("/api/v1/me/webhooks", Some(&a)).await;
        assert_eq!(list[0]["failures"], 3, "{}: {list}", db.backend);
        let attempts = got.lock().unwrap().len();
        assert!((3..=4).contains(&attempts), "{}: {attempts} attempts", db.backend);
        let (_, log) = app
            .get(&format!("/api/v1/me/webhooks/{hook_id}/deliveries"), Some(&a))
            .await;
        assert!(log.as_array().unwrap().iter().all(|d| d["status"] == "failed"), "{log}");
        app.clock.advance_ms(3_600_000);
        tokio::time::sleep(Duration::from_millis(700)).await;
        assert_eq!(got.lock().unwrap().len(), attempts, "a disabled webhook gets nothing");

        let (code, hook) = app
            .call(
                "PATCH",
                &format!("/api/v1/me/webhooks/{hook_id}"),
                Some(&a),
                Some(json!({"enabled": true})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{hook}");
        assert_eq!(
            (hook["enabled"].clone(), hook["failures"].clone()),
            (json!(true), json!(0))
        );
        let (code, _) = app
            .call("DELETE", &format!("/api/v1/me/webhooks/{hook_id}"), Some(&a), None)
            .await;
        assert_eq!(code, StatusCode::NO_CONTENT);
        let (code, _) = app
            .call("DELETE", &format!("/api/v1/me/webhooks/{hook_id}"), Some(&a), None)
            .await;
        assert_eq!(code, StatusCode::NOT_FOUND);
    })
    .await;
}

#[tokio::test]
async fn settings_and_the_secret_feed() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        let (code, settings) = app.get("/api/v1/me/notifications", Some(&a)).await;
        assert_eq!(code, StatusCode::OK);
        assert_eq!(settings["email"], Value::Null);
        assert_eq!(settings["email_your_move"], true);
        assert_eq!(settings["feed"], false);
        let (code, settings) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&a),
                Some(json!({"email": "alice@example.org", "email_claimable": false})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{settings}");
        assert_eq!(settings["email"], "alice@example.org");
        assert_eq!(settings["email_claimable"], false);
        let (_, again) = app.get("/api/v1/me/notifications", Some(&a)).await;
        assert_eq!(again, settings);
        let (code, body) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&a),
                Some(json!({"email": "not an address"})),
            )
            .await;
        crate::common::assert_error(code, &body, StatusCode::BAD_REQUEST, "invalid_email");
        let (code, body) = app
            .call("PUT", "/api/v1/me/notifications", Some(&a), Some(json!({"sms": true})))
            .await;
        crate::common::assert_error(code, &body, StatusCode::BAD_REQUEST, "unknown_setting");

        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let (code, feed) = app.post("/api/v1/me/feed", &a, json!({})).await;
        assert_eq!(code, StatusCode::CREATED);
        let path = feed["url"]
            .as_str()
            .unwrap()
            .strip_prefix("http://127.0.0.1")
            .unwrap()
            .to_owned();
        let (code, xml) = app.get(&path, None).await;
        assert_eq!(code, StatusCode::OK, "{xml}");
        let parsed = atom_syndication::Feed::read_from(xml.as_str().unwrap().as_bytes()).unwrap();
        assert_eq!(parsed.entries().len(), 1, "{}: alice's move", db.backend);
        assert!(parsed.entries()[0].title().as_str().contains("Your move"));
        assert_eq!(
            parsed.entries()[0].links()[0].href(),
            format!("http://127.0.0.1/games/{id}")
        );

        app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        let (_, xml) = app.get(&path, None).await;
        let parsed = atom_syndication::Feed::read_from(xml.as_str().unwrap().as_bytes()).unwrap();
        assert!(parsed.entries().is_empty(), "{}: bob's move now", db.backend);
        app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
        let (_, xml) = app.get(&path, None).await;
        let parsed = atom_syndication::Feed::read_from(xml.as_str().unwrap().as_bytes()).unwrap();
        assert_eq!(parsed.entries().len(), 1);
        assert!(
            parsed.entries()[0].title().as_str().contains("finished"),
            "{:?}",
            parsed.entries()[0].title()
        );

        // A new secret retires the old URL.
        let (_, fresh) = app.post("/api/v1/me/feed", &a, json!({})).await;
        assert_ne!(fresh["url"], feed["url"]);
        let (code, _) = app.get(&path, None).await;
        assert_eq!(code, StatusCode::NOT_FOUND);
        let (code, _) = app.get("/feeds/nope.atom", None).await;
        assert_eq!(code, StatusCode::NOT_FOUND);
    })
    .await;
}

/// A real SMTP server in the test process: it speaks enough SMTP for lettre (EHLO, MAIL,
/// RCPT, DATA, RSET, NOOP, QUIT), accepts every message and keeps it (headers and body,
/// dot-unstuffed) in memory. No TLS or AUTH is offered, so the client sends in plain text.
struct Smtp {
    port: u16,
    got: Arc<Mutex<Vec<String>>>,
    task: tokio::task::JoinHandle<()>,
}

impl Smtp {
    async fn start() -> Smtp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let got: Arc<Mutex<Vec<String>>> = Arc::default();
        let store = Arc::clone(&got);
        let task = tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(smtp_session(stream, Arc::clone(&store)));
            }
        });
        Smtp { port, got, task }
    }

    fn messages(&self) -> Vec<String> {
        self.got.lock().unwrap().clone()
    }
}

impl Drop for Smtp {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// One SMTP conversation (RFC 5321's command and reply subset a client needs to send).
async fn smtp_session(stream: tokio::net::TcpStream, store: Arc<Mutex<Vec<String>>>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    if write.write_all(b"220 herald-test SMTP sink\r\n").await.is_err() {
        return;
    }
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let verb = line.get(..4).unwrap_or("").to_ascii_uppercase();
        let reply: &[u8] = match verb.as_str() {
            "EHLO" => b"250-herald-test\r\n250 8BITMIME\r\n",
            "HELO" | "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 OK\r\n",
            "QUIT" => {
                let _ = write.write_all(b"221 Bye\r\n").await;
                return;
            }
            "DATA" => {
                if write
                    .write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")
                    .await
                    .is_err()
                {
                    return;
                }
                let mut message = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    if line == ".\r\n" || line == ".\n" {
                        break;
                    }
                    message.push_str(line.strip_prefix('.').unwrap_or(&line));
                }
                store.lock().unwrap().push(message);
                b"250 OK: queued\r\n"
            }
            _ => b"502 Command not implemented\r\n",
        };
        if write.write_all(reply).await.is_err() {
            return;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn email_your_move_once_per_turn_game_over_and_one_click_unsubscribe() {
    let smtp = Smtp::start().await;
    let port = smtp.port;
    let smtp = Arc::new(smtp);
    each_backend(|db| {
        let smtp = Arc::clone(&smtp);
        async move {
            let app = app_with(&db, |c| {
                c.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
                // A send that fails while the machine is busy is retried within the wait.
                c.webhook_retry_base_ms = 500;
            })
            .await;
            let a = app.user("alice").await;
            let b = app.user("bob").await;
            for token in [&a, &b] {
                let (code, body) = app
                    .call(
                        "PUT",
                        "/api/v1/me/notifications",
                        Some(token),
                        Some(json!({"email": format!("{}@example.org", if token == &a { "alice" } else { "bob" })})),
                    )
                    .await;
                assert_eq!(code, StatusCode::OK, "{body}");
            }
            // Mail goes only to confirmed addresses: follow the links mailed to both (links
            // from an earlier backend's run are signed with another key and confirm nothing).
            let mut confirmed = std::collections::BTreeSet::new();
            eventually("two confirmed addresses", async || {
                app.clock.advance_ms(1_000);
                for mail in smtp.messages() {
                    // Bodies may be quoted-printable: undo soft line breaks and `=3D`.
                    let mail = mail.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=");
                    let Some(at) = mail.find("/email/confirm?token=") else {
                        continue;
                    };
                    let link: String = mail[at..].chars().take_while(|c| !c.is_whitespace()).collect();
                    if !confirmed.contains(&link) && app.get(&link, None).await.0 == StatusCode::SEE_OTHER {
                        confirmed.insert(link);
                    }
                }
                (confirmed.len() >= 2).then_some(())
            })
            .await;
            let before = smtp.messages().len();
            let id = app.started_game("not-chess", &a, &b, "bob").await;
            // Started: alice's move. Her mail is sent only while it is still her move when
            // the event is fanned out, so wait for it before she moves.
            eventually("alice's your-move email", async || {
                app.clock.advance_ms(1_000);
                smtp.messages().iter().any(|m| m.contains(&id)).then_some(())
            })
            .await;
            // Alice moves: bob's move.
            app.post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
                .await;
            let mut tries = 0;
            let mails = eventually("two your-move emails", async || {
                // Retries are timed by the server's (manual) clock: let them fall due.
                app.clock.advance_ms(1_000);
                let m = smtp.messages();
                tries += 1;
                if tries == 300 {
                    // Halfway through the wait: say what the outbox holds, for a failure's log.
                    let rows: Vec<(String, String, i64, Option<String>)> =
                        sqlx::query_as("SELECT recipient, status, attempts, last_error FROM email_outbox ORDER BY id")
                            .fetch_all(app.state.db.pool())
                            .await
                            .unwrap_or_default();
                    eprintln!("{}: {} mails in the sink; email_outbox: {rows:?}", db.backend, m.len());
                }
                (m.len() >= before + 2).then_some(m)
            })
            .await;
            let mine: Vec<&String> = mails.iter().filter(|m| m.contains(&id)).collect();
            assert_eq!(mine.len(), 2, "{}: {mine:?}", db.backend);
            assert!(
                mine.iter()
                    .any(|m| m.contains("alice@example.org") && m.contains("Your move"))
            );
            let to_bob = mine.iter().find(|m| m.contains("bob@example.org")).unwrap();
            assert!(
                to_bob.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
                "{to_bob}"
            );

            // Re-fanning out the same turn sends nothing new (one per game and turn).
            tokio::time::sleep(Duration::from_millis(500)).await;
            assert_eq!(smtp.messages().iter().filter(|m| m.contains(&id)).count(), 2);

            // Unsubscribe with the link in bob's email, then the game ends: only alice hears.
            let token = to_bob
                .split("unsubscribe?token=")
                .nth(1)
                .unwrap()
                .split(|c: char| c.is_whitespace() || c == '>')
                .next()
                .unwrap()
                .to_owned();
            let (code, _) = app
                .call("POST", &format!("/unsubscribe?token={token}"), None, None)
                .await;
            assert_eq!(code, StatusCode::OK);
            let (code, _) = app
                .call("POST", &format!("/unsubscribe?token={token}x"), None, None)
                .await;
            assert_eq!(code, StatusCode::BAD_REQUEST);
            let (_, bob_settings) = app.get("/api/v1/me/notifications", Some(&b)).await;
            assert_eq!(bob_settings["email_your_move"], false);
            app.post(&format!("/api/v1/games/{id}/resign"), &b, json!({})).await;
            let mails = eventually("the game-over email", async || {
                app.clock.advance_ms(1_000);
                let m: Vec<String> = smtp.messages().into_iter().filter(|m| m.contains(&id)).collect();
                (m.len() >= 3).then_some(m)
            })
            .await;
            tokio::time::sleep(Duration::from_millis(500)).await;
            let over: Vec<&String> = mails.iter().filter(|m| m.contains("is over")).collect();
            assert_eq!(over.len(), 1, "{}: {over:?}", db.backend);
            assert!(over[0].contains("alice@example.org"));
        }
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_dead_mail_server_never_blocks_a_move() {
    each_backend(|db| async move {
        // Nothing listens on port 9: sending fails, moves must not notice.
        let app = app_with(&db, |c| c.smtp_url = Some("smtp://127.0.0.1:9".to_owned())).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        app.call(
            "PUT",
            "/api/v1/me/notifications",
            Some(&b),
            Some(json!({"email": "bob@example.org"})),
        )
        .await;
        let id = app.started_game("not-chess", &a, &b, "bob").await;
        let started = std::time::Instant::now();
        let (code, _) = app
            .post(&format!("/api/v1/games/{id}/moves"), &a, json!({"move": "a1a2"}))
            .await;
        assert_eq!(code, StatusCode::OK);
        assert!(started.elapsed() < Duration::from_secs(2));
    })
    .await;
}

/// With private addresses not allowed (the default outside tests), a webhook cannot point
/// at the server's own network: IP literals and `localhost` are refused when saved, and a
/// name resolving to a private address is refused when delivering (the delivery log says
/// why).
#[tokio::test]
async fn webhooks_cannot_target_private_addresses_unless_allowed() {
    each_backend(|db| async move {
        let app = app_with(&db, |c| c.webhook_allow_private = false).await;
        let a = app.user("alice").await;
        let b = app.user("bob").await;
        for url in [
            "http://127.0.0.1:5432/",
            "http://[::1]/hook",
            "http://169.254.169.254/latest/meta-data",
            "http://10.0.0.7/hook",
            "http://localhost:8080/hook",
        ] {
            let (status, body) = app.post("/api/v1/me/webhooks", &a, json!({ "url": url })).await;
            crate::common::assert_error(status, &body, StatusCode::BAD_REQUEST, "private_url");
        }
        // A name that resolved to a public address when saved may resolve to a private one
        // later (DNS rebinding): stored directly, as if it had passed, it is refused when
        // delivering, and the log says why.
        let alice = app.state.db.user_id_by_key("alice").await.unwrap().unwrap();
        let hook = app
            .state
            .db
            .create_webhook(alice, "http://localhost./hook", "secret", crate::common::T0)
            .await
            .unwrap();
        app.started_game("nowan", &a, &b, "bob").await;
        let log = eventually("a refused delivery", async || {
            let (_, log) = app
                .get(&format!("/api/v1/me/webhooks/{hook}/deliveries"), Some(&a))
                .await;
            let first = log.as_array()?.first()?.clone();
            first["last_error"].is_string().then_some(first)
        })
        .await;
        assert!(log["last_error"].as_str().unwrap().contains("refused"), "{log}");
        assert_eq!(log["last_status"], Value::Null);
    })
    .await;
}

/// Events per game in the outbox and in the event log, read straight from the database.
async fn outbox_and_log(app: &TestApp, game: &str) -> (i64, i64) {
    let pool = app.state.db.pool();
    let queued: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM event_outbox o JOIN game_events e ON e.id = o.event_id WHERE e.game_id = $1",
    )
    .bind(game)
    .fetch_one(pool)
    .await
    .unwrap();
    let logged: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_events WHERE game_id = $1")
        .bind(game)
        .fetch_one(pool)
        .await
        .unwrap();
    (queued, logged)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn only_events_someone_is_notified_of_are_queued_for_fan_out() {
    each_backend(|db| async move {
        // No workers: the outbox stays as the commits left it until the test fans it out.
        let app = TestApp::without_workers(
            &db,
            Arc::new(crate::common::ScriptedRules { finish_after: 6 }),
            herald_server::Config::for_tests(&db.url),
        )
        .await;
        let [a, b, c, d, e, f] = [
            app.user("alice").await,
            app.user("bob").await,
            app.user("carol").await,
            app.user("dave").await,
            app.user("eve").await,
            app.user("frank").await,
        ];
        let (code, hook) = app
            .post("/api/v1/me/webhooks", &b, json!({"url": "http://127.0.0.1:9/hook"}))
            .await;
        assert_eq!(code, StatusCode::CREATED, "{hook}");
        let (code, body) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&d),
                Some(json!({"email": "dave@example.org"})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        // Frank has settings but no address: nothing to send him either.
        let (code, body) = app
            .call(
                "PUT",
                "/api/v1/me/notifications",
                Some(&f),
                Some(json!({"email_game_over": false})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");

        let hooked = app.started_game("not-chess", &a, &b, "bob").await;
        let mailed = app.started_game("not-chess", &c, &d, "dave").await;
        let quiet = app.started_game("not-chess", &e, &f, "frank").await;
        for (game, mover) in [(&hooked, &a), (&mailed, &c), (&quiet, &e)] {
            let (code, body) = app
                .post(&format!("/api/v1/games/{game}/moves"), mover, json!({"move": "a1a2"}))
                .await;
            assert_eq!(code, StatusCode::OK, "{body}");
        }
        let (hooked_queued, hooked_logged) = outbox_and_log(&app, &hooked).await;
        assert!(hooked_logged >= 3, "{}: joined, started, move", db.backend);
        assert_eq!(hooked_queued, hooked_logged, "{}: bob has a webhook", db.backend);
        let (mailed_queued, mailed_logged) = outbox_and_log(&app, &mailed).await;
        assert_eq!(
            mailed_queued, mailed_logged,
            "{}: dave has an e-mail address",
            db.backend
        );
        let (quiet_queued, quiet_logged) = outbox_and_log(&app, &quiet).await;
        assert!(quiet_logged >= 3, "{}", db.backend);
        assert_eq!(quiet_queued, 0, "{}: nobody in the quiet game is notified", db.backend);

        // A paused webhook notifies nobody: the next event of bob's game is not queued.
        let hook_id = hook["id"].as_i64().unwrap();
        let (code, body) = app
            .call(
                "PATCH",
                &format!("/api/v1/me/webhooks/{hook_id}"),
                Some(&b),
                Some(json!({"enabled": false})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        let (code, body) = app
            .post(&format!("/api/v1/games/{hooked}/moves"), &b, json!({"move": "b1b2"}))
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");
        assert_eq!(
            outbox_and_log(&app, &hooked).await,
            (hooked_queued, hooked_logged + 1),
            "{}",
            db.backend
        );
        let (code, body) = app
            .call(
                "PATCH",
                &format!("/api/v1/me/webhooks/{hook_id}"),
                Some(&b),
                Some(json!({"enabled": true})),
            )
            .await;
        assert_eq!(code, StatusCode::OK, "{body}");

        // One fan-out pass takes the whole backlog, including a row whose event is gone,
        // and queues one delivery per event bob's webhook was on for.
        sqlx::query("INSERT INTO event_outbox (event_id) VALUES (987654321)")
            .execute(app.state.db.pool())
            .await
            .unwrap();
        let backlog = app.state.db.outbox_backlog().await.unwrap();
        assert_eq!(backlog, hooked_queued + mailed_queued + 1, "{}", db.backend);
        let taken = herald_server::workers::outbox::take_once(&app.state).await.unwrap();
        assert_eq!(i64::try_from(taken).unwrap(), backlog, "{}", db.backend);
        assert_eq!(app.state.db.outbox_backlog().await.unwrap(), 0, "{}", db.backend);
        let (_, log) = app
            .get(&format!("/api/v1/me/webhooks/{hook_id}/deliveries"), Some(&b))
            .await;
        let mut kinds: Vec<&str> = log
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["kind"].as_str().unwrap())
            .collect();
        kinds.sort_unstable();
        assert_eq!(kinds, ["joined", "move", "started"], "{}: {log}", db.backend);
    })
    .await;
}

/// Migration 0024 moves each saved switch from its column to a row of
/// `notification_switches`, on both databases: applied to a database at 0023 holding a
/// user's settings, the API then shows the same values.
#[tokio::test]
async fn the_switch_table_takes_over_the_saved_columns() {
    use herald_server::storage::Db;
    use sqlx::migrate::Migrator;
    let mut urls: Vec<(crate::common::TestDb, Option<()>)> = vec![(crate::common::TestDb::sqlite(), None)];
    if let Ok(admin) = std::env::var(crate::common::PG_ENV) {
        use sqlx::Connection;
        let name = crate::common::unique("herald_m_");
        let mut conn = sqlx::PgConnection::connect(&admin).await.unwrap();
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .unwrap();
        let url = crate::common::database_url(&admin, &name);
        urls.push((
            crate::common::TestDb {
                url,
                backend: "postgres",
                admin: Some((admin.clone(), name)),
                file: None,
            },
            Some(()),
        ));
    }
    for (db, _) in &urls {
        let raw = Db::connect(&db.url, 1).await.unwrap();
        let all = raw.migrator();
        let before = Migrator {
            migrations: std::borrow::Cow::Owned(all.migrations.iter().filter(|m| m.version < 24).cloned().collect()),
            ignore_missing: false,
            locking: true,
            no_tx: false,
        };
        before.run(raw.pool()).await.unwrap();
        let ann: i64 = sqlx::query_scalar(
            "INSERT INTO users (username, username_key, password_hash, created_at) VALUES ('ann', 'ann', 'x', 0) \
             RETURNING id",
        )
        .fetch_one(raw.pool())
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO notification_settings (user_id, email, email_your_move, email_time_warning, \
             email_claimable, email_game_over, email_tournament, email_chat, webhook_chat, feed_chat, updated_at) \
             VALUES ($1, 'ann@example.org', 0, 1, 0, 1, 0, 1, 0, 1, 0)",
        )
        .bind(ann)
        .execute(raw.pool())
        .await
        .unwrap();
        raw.close().await;
        let db_open = Db::open(&db.url, 1).await.unwrap();
        let state_switches = db_open.notification_switches(ann).await.unwrap();
        let mut off: Vec<(String, String)> = state_switches
            .iter()
            .filter(|s| s.enabled == 0)
            .map(|s| (s.channel.clone(), s.kind.clone()))
            .collect();
        off.sort();
        let pair = |c: &str, k: &str| (c.to_owned(), k.to_owned());
        assert_eq!(
            off,
            [
                pair("email", "claimable"),
                pair("email", "tournament"),
                pair("email", "your_move"),
                pair("webhook", "chat")
            ],
            "{}",
            db.backend
        );
        assert_eq!(state_switches.len(), 8, "{}", db.backend);
        let settings = db_open.notification_settings(ann).await.unwrap();
        assert_eq!(settings.email.as_deref(), Some("ann@example.org"), "{}", db.backend);
        db_open.close().await;
        db.cleanup().await;
    }
}

/// The sweeper prunes, past the retention setting, the notices, deliveries and e-mails
/// that are done with, and keeps what is recent or still queued.
#[tokio::test]
async fn old_delivered_rows_are_pruned_and_queued_ones_kept() {
    each_backend(|db| async move {
        let app = TestApp::scripted(&db).await;
        let alice = app.user("alice").await;
        let (status, hook) = app
            .post(
                "/api/v1/me/webhooks",
                &alice,
                json!({"url": "https://hooks.example.org/x"}),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{hook}");
        let id: i64 = sqlx::query_scalar("SELECT id FROM users WHERE username = 'alice'")
            .fetch_one(app.state.db.pool())
            .await
            .unwrap();
        let day = 86_400_000_i64;
        let now = app.state.now();
        let old = now - 91 * day;
        let recent = now - 89 * day;
        for (n, status, at) in [(1, "sent", old), (2, "pending", old), (3, "sent", recent)] {
            sqlx::query(
                "INSERT INTO email_outbox (user_id, game_id, kind, turn_key, recipient, subject, body, status, \
                 next_attempt_at, created_at) VALUES ($1, 'g', 'your_move', $2, 'a@example.org', 's', 'b', $3, $4, $4)",
            )
            .bind(id)
            .bind(n.to_string())
            .bind(status)
            .bind(at)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        }
        for (n, status, at) in [(1, "delivered", old), (2, "pending", old), (3, "delivered", recent)] {
            sqlx::query(
                "INSERT INTO webhook_deliveries (webhook_id, event_id, game_id, seq, kind, payload, status, \
                 next_attempt_at, created_at, updated_at) VALUES ($1, $2, 'g', 1, 'move', '{}', $3, $4, $4, $4)",
            )
            .bind(hook["id"].as_i64().unwrap())
            .bind(n)
            .bind(status)
            .bind(at)
            .execute(app.state.db.pool())
            .await
            .unwrap();
        }
        let report = herald_server::workers::sweeper::sweep_once(&app.state).await.unwrap();
        assert_eq!(report.pruned, 2, "{}", db.backend);
        let left: Vec<String> = sqlx::query_scalar("SELECT turn_key FROM email_outbox ORDER BY turn_key")
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(left, ["2", "3"], "{}", db.backend);
        let left: Vec<i64> = sqlx::query_scalar("SELECT event_id FROM webhook_deliveries ORDER BY event_id")
            .fetch_all(app.state.db.pool())
            .await
            .unwrap();
        assert_eq!(left, [2, 3], "{}", db.backend);
        assert_eq!(
            herald_server::workers::sweeper::sweep_once(&app.state)
                .await
                .unwrap()
                .pruned,
            0
        );
    })
    .await;
}
