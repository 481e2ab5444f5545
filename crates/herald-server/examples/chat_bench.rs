//! Chat delivery benchmark (not a test): a Herald server on a loopback port holds many open
//! game pages' chat streams (`GET /games/{id}/chat/events`, the page's server-sent events)
//! while players post messages, and this reports the delay from a message's post request to
//! its arrival on every open page of that game, and from its commit (`at`).
//!
//! ```text
//! cargo run --release -p herald-server --example chat_bench -- --pages 1000 --games 100 --rate 10 --seconds 20
//! cargo run --release -p herald-server --example chat_bench -- --database-url postgres://postgres@127.0.0.1:5432/herald_chat_bench
//! ```
//! Pages are spread evenly over `--games` games whose creators let spectators read the chat
//! (the two players' pages and spectators'); messages are posted at `--rate` per second by
//! a player of a random game.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{Value, json};

mod support;
use support::{pct, post, user};

fn now_ms() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let mut database_url = format!("sqlite:///tmp/herald-chat-bench-{}.db?mode=rwc", std::process::id());
    let (mut pages, mut games_n, mut rate, mut seconds) = (1_000_usize, 100_usize, 10.0_f64, 20_u64);
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().expect("a value after each flag");
        match flag.as_str() {
            "--database-url" => database_url = value,
            "--pages" => pages = value.parse().unwrap(),
            "--games" => games_n = value.parse().unwrap(),
            "--rate" => rate = value.parse().unwrap(),
            "--seconds" => seconds = value.parse().unwrap(),
            other => panic!("unknown flag {other}"),
        }
    }
    let server = support::serve(&database_url, 16).await;
    let base = server.base.clone();
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap();
    let run = std::process::id();
    eprintln!("creating {games_n} games with their players…");
    // Each game has its own two players, so the per-user chat limit never refuses a post.
    let mut games: Vec<(String, String)> = Vec::new();
    for g in 0..games_n {
        let a = user(&http, &base, &format!("c{run}a{g}")).await;
        let b_name = format!("c{run}b{g}");
        let b = user(&http, &base, &b_name).await;
        let (status, game) = post(
            &http,
            format!("{base}/api/v1/games"),
            Some(&a),
            json!({"variant": "not-chess", "seat": 0, "invite": b_name, "chat_spectators": true}),
        )
        .await;
        assert_eq!(status, 201, "{game}");
        let id = game["id"].as_str().unwrap().to_owned();
        let (status, joined) = post(&http, format!("{base}/api/v1/games/{id}/join"), Some(&b), json!({})).await;
        assert_eq!(status, 200, "{joined}");
        games.push((id, a));
    }
    eprintln!("opening {pages} pages' chat streams…");
    let delays: Arc<Mutex<Vec<(f64, f64)>>> = Arc::default();
    // Each message's text is unique: the key of its send time.
    let sent: Arc<Mutex<HashMap<String, Instant>>> = Arc::default();
    let stream_client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let (opened_tx, mut opened_rx) = tokio::sync::mpsc::channel::<()>(pages);
    let mut readers = Vec::new();
    for i in 0..pages {
        let id = games[i % games.len()].0.clone();
        let url = format!("{base}/games/{id}/chat/events");
        let (client, delays, sent, opened) = (
            stream_client.clone(),
            Arc::clone(&delays),
            Arc::clone(&sent),
            opened_tx.clone(),
        );
        readers.push(tokio::spawn(async move {
            let mut response = client.get(url).send().await.expect("stream");
            assert_eq!(response.status(), 200);
            let _ = opened.send(()).await;
            let mut buf = Vec::new();
            while let Ok(Some(chunk)) = response.chunk().await {
                let (arrived, arrived_ms) = (Instant::now(), now_ms());
                buf.extend_from_slice(&chunk);
                while let Some(end) = buf.iter().position(|b| *b == b'\n') {
                    let line: Vec<u8> = buf.drain(..=end).collect();
                    let Some(data) = line.strip_prefix(b"data:") else {
                        continue;
                    };
                    let Ok(message) = serde_json::from_slice::<Value>(data) else {
                        continue;
                    };
                    let at = message["at"].as_f64().unwrap_or(arrived_ms);
                    let key = message["text"].as_str().unwrap_or_default().to_owned();
                    let from_send = sent
                        .lock()
                        .unwrap()
                        .get(&key)
                        .map_or(f64::NAN, |t| (arrived - *t).as_secs_f64() * 1000.0);
                    delays.lock().unwrap().push((arrived_ms - at, from_send));
                }
            }
        }));
    }
    drop(opened_tx);
    for _ in 0..pages {
        opened_rx.recv().await.expect("a stream failed to open");
    }
    // The response headers come before the stream subscribes: let every stream settle.
    tokio::time::sleep(Duration::from_secs(2)).await;
    eprintln!("{pages} pages open; posting {rate}/s for {seconds} s…");
    let mut posted = 0_usize;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let interval = Duration::from_secs_f64(1.0 / rate);
    let mut next_at = Instant::now();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut posts = Vec::new();
    while Instant::now() < deadline {
        tokio::time::sleep_until(next_at.into()).await;
        next_at += interval;
        let k = (support::next(&mut seed) % games.len() as u64) as usize;
        let (id, token) = games[k].clone();
        posted += 1;
        let text = format!("message {posted} to {id}");
        sent.lock().unwrap().insert(text.clone(), Instant::now());
        let (http, base) = (http.clone(), base.clone());
        posts.push(tokio::spawn(async move {
            let (status, body) = post(
                &http,
                format!("{base}/api/v1/games/{id}/chat"),
                Some(&token),
                json!({"text": text}),
            )
            .await;
            assert_eq!(status, 201, "{body}");
        }));
    }
    for p in posts {
        p.await.unwrap();
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let all = delays.lock().unwrap().clone();
    let mut from_commit: Vec<f64> = all.iter().map(|d| d.0).collect();
    let mut from_send: Vec<f64> = all.iter().map(|d| d.1).filter(|d| d.is_finite()).collect();
    from_commit.sort_by(f64::total_cmp);
    from_send.sort_by(f64::total_cmp);
    println!(
        "backend={:?} pages={pages} games={} posts={posted} deliveries={} (expected {}) \
         post_to_arrival_ms: p50={:.1} p90={:.1} p99={:.1} max={:.1} commit_to_arrival_ms: p50={:.1} p99={:.1}",
        server.backend,
        games.len(),
        from_send.len(),
        posted * pages / games.len(),
        pct(&from_send, 0.5),
        pct(&from_send, 0.9),
        pct(&from_send, 0.99),
        pct(&from_send, 1.0),
        pct(&from_commit, 0.5),
        pct(&from_commit, 0.99),
    );
    for r in readers {
        r.abort();
    }
    let _ = server.stop.send(());
}
