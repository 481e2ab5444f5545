//! Game page benchmark (not a test): serves Herald in-process on a loopback port and has
//! `--clients` signed-in browsers fetch a game page again and again for `--seconds`, then
//! reports pages per second and latency percentiles, per game (all four, each a dozen
//! moves in, Chatrang with four players). With one client the latency is the server's time
//! plus a loopback round trip; with more, it shows the page under load.
//!
//! ```text
//! cargo run --release -p herald-server --example pages -- --clients 1 --seconds 5
//! cargo run --release -p herald-server --example pages -- --clients 16 --seconds 5
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod support;
use support::{PASSWORD, pct, post, user};

struct Args {
    database_url: String,
    clients: usize,
    seconds: u64,
}

fn args() -> Args {
    let mut out = Args {
        database_url: format!("sqlite:///tmp/herald-pages-{}.db?mode=rwc", std::process::id()),
        clients: 16,
        seconds: 5,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().expect("flag value");
        match flag.as_str() {
            "--database-url" => out.database_url = value,
            "--clients" => out.clients = value.parse().expect("--clients N"),
            "--seconds" => out.seconds = value.parse().expect("--seconds N"),
            other => panic!("unknown flag {other}"),
        }
    }
    out
}

/// A game of `variant` with a dozen random legal moves played; returns its id.
async fn game(http: &reqwest::Client, base: &str, variant: &str, tokens: &[String], names: &[String]) -> String {
    let (s, g) = post(
        http,
        format!("{base}/api/v1/games"),
        Some(&tokens[0]),
        json!({"variant": variant, "seat": 0}),
    )
    .await;
    assert_eq!(s, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_owned();
    let seats = if variant == "chatrang" { 4 } else { 2 };
    let mut game = Value::Null;
    for (seat, token) in tokens.iter().enumerate().take(seats).skip(1) {
        let (s, g) = post(
            http,
            format!("{base}/api/v1/games/{id}/join"),
            Some(token),
            json!({"seat": seat}),
        )
        .await;
        assert_eq!(s, 200, "{} joins: {g}", names[seat]);
        game = g;
    }
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    for _ in 0..12 {
        let Some(legal) = game["legal_moves"].as_array().filter(|l| !l.is_empty()) else {
            break;
        };
        let pick = legal[(support::next(&mut seed) % legal.len() as u64) as usize].clone();
        let turn = game["turn"].as_u64().unwrap() as usize;
        let ply = game["ply"].clone();
        let (s, g) = post(
            http,
            format!("{base}/api/v1/games/{id}/moves"),
            Some(&tokens[turn]),
            json!({"move": pick, "ply": ply}),
        )
        .await;
        assert_eq!(s, 200, "{g}");
        game = g;
    }
    id
}

/// Logs `name` in and returns the session cookie (`name=value`).
async fn session(http: &reqwest::Client, base: &str, name: &str) -> String {
    let response = http
        .post(format!("{base}/api/v1/session"))
        .json(&json!({"username": name, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success());
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    cookie.split(';').next().unwrap().to_owned()
}

async fn hammer(http: &reqwest::Client, url: &str, cookie: &str, clients: usize, seconds: u64) -> (usize, Vec<f64>) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (http, url, cookie) = (http.clone(), url.to_owned(), cookie.to_owned());
        tasks.push(tokio::spawn(async move {
            let mut times = Vec::new();
            while Instant::now() < deadline {
                let started = Instant::now();
                let response = http.get(&url).header("cookie", &cookie).send().await.unwrap();
                assert_eq!(response.status(), 200);
                let body = response.bytes().await.unwrap();
                assert!(body.len() > 1000);
                times.push(started.elapsed().as_secs_f64() * 1000.0);
            }
            times
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all.sort_by(f64::total_cmp);
    (all.len(), all)
}

#[tokio::main]
async fn main() {
    let args = args();
    let server = support::serve(&args.database_url, 16).await;
    let base = server.base.clone();
    let http = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
    let run = std::process::id();
    let names: Vec<String> = (0..4).map(|i| format!("p{run}x{i}")).collect();
    let mut tokens = Vec::new();
    for name in &names {
        tokens.push(user(&http, &base, name).await);
    }
    let cookie = session(&http, &base, &names[0]).await;
    for variant in ["nowan", "not-chess", "chatrang", "ancient"] {
        let id = game(&http, &base, variant, &tokens, &names).await;
        let url = format!("{base}/games/{id}");
        let (n, times) = hammer(&http, &url, &cookie, args.clients, args.seconds).await;
        println!(
            "backend={:?} game={variant} clients={} seconds={} pages={n} pages_per_s={:.0} p50_ms={:.2} p99_ms={:.2} max_ms={:.2}",
            server.backend,
            args.clients,
            args.seconds,
            n as f64 / args.seconds as f64,
            pct(&times, 0.5),
            pct(&times, 0.99),
            pct(&times, 1.0),
        );
    }
    let _ = server.stop.send(());
    let _ = server.task.await;
}
