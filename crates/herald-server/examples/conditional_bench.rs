//! Conditional-moves benchmark (not a test): serves Herald in-process and plays many games
//! at once through the HTTP API, each round of each game one of three kinds, interleaved so
//! all three see the same load: a **plain** move (nobody holds lines), a **triggering**
//! move (the opponent holds a line whose first move is this one: the reply is played and
//! committed with it) and a **missed** line (the opponent holds a line for another move:
//! read and dropped). Reports the latency percentiles of each kind, and what a triggering
//! move adds over a plain one.
//!
//! ```text
//! cargo run --release -p herald-server --example conditional_bench -- \
//!     --database-url postgres://postgres@127.0.0.1:5432/herald_bench --games 32 --seconds 20
//! cargo run --release -p herald-server --example conditional_bench -- --database-url sqlite:///tmp/cb.db?mode=rwc
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod support;
use support::{new_game, pct, post, user};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Plain,
    Triggering,
    Missed,
}

async fn get(http: &reqwest::Client, url: String) -> Value {
    http.get(url).send().await.unwrap().json().await.unwrap()
}

async fn put(http: &reqwest::Client, url: String, token: &str, body: Value) -> u16 {
    http.put(url)
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::main]
async fn main() {
    let mut database_url = "sqlite:///tmp/herald-conditional-bench.db?mode=rwc".to_owned();
    let (mut games, mut seconds, mut variant) = (32_usize, 20_u64, "nowan".to_owned());
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().expect("a value after each flag");
        match flag.as_str() {
            "--database-url" => database_url = value,
            "--games" => games = value.parse().unwrap(),
            "--seconds" => seconds = value.parse().unwrap(),
            "--variant" => variant = value,
            other => panic!("unknown flag {other}"),
        }
    }
    let server = support::serve(&database_url, 32).await;
    let base = server.base.clone();
    let http = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
    let run = std::process::id();
    let mut players = Vec::new();
    for g in 0..games {
        let (a_name, b_name) = (format!("c{run}a{g}"), format!("c{run}b{g}"));
        players.push((
            user(&http, &base, &a_name).await,
            user(&http, &base, &b_name).await,
            b_name,
        ));
    }
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for (i, (a, b, b_name)) in players.into_iter().enumerate() {
        let (http, base, variant) = (http.clone(), base.clone(), variant.clone());
        tasks.push(tokio::spawn(async move {
            let mut timed: Vec<(Kind, Duration)> = Vec::new();
            let mut seed = 0x9E37_79B9_7F4A_7C15_u64 ^ (i as u64 + 1);
            let mut game = new_game(&http, &base, &variant, (&a, &b, &b_name), false).await;
            let mut round = i;
            while Instant::now() < deadline {
                if game["status"] != "active" || game["legal_moves"].as_array().is_none_or(Vec::is_empty) {
                    game = new_game(&http, &base, &variant, (&a, &b, &b_name), false).await;
                    continue;
                }
                round += 1;
                let (mover, other) = if game["turn"] == 0 { (&a, &b) } else { (&b, &a) };
                let id = game["id"].as_str().unwrap().to_owned();
                let legal: Vec<String> = serde_json::from_value(game["legal_moves"].clone()).unwrap();
                let pick = legal[(support::next(&mut seed) % legal.len() as u64) as usize].clone();
                let mut kind = [Kind::Plain, Kind::Triggering, Kind::Missed][round % 3];
                if kind != Kind::Plain {
                    // The opponent's line: this move (or another one), then a legal reply.
                    let expected = if kind == Kind::Missed {
                        legal.iter().find(|m| **m != pick).cloned()
                    } else {
                        Some(pick.clone())
                    };
                    let fen = game["fen"].as_str().unwrap();
                    let after = get(&http, format!("{base}/api/v1/analysis/{variant}?fen={}", encode(fen))).await;
                    let reply = expected
                        .as_ref()
                        .and_then(|m| after["after"][m]["fen"].as_str())
                        .map(str::to_owned);
                    let line = match (expected, reply) {
                        (Some(expected), Some(next_fen)) => {
                            let next = get(
                                &http,
                                format!("{base}/api/v1/analysis/{variant}?fen={}", encode(&next_fen)),
                            )
                            .await;
                            next["moves"]
                                .as_array()
                                .and_then(|m| m.first())
                                .and_then(Value::as_str)
                                .map(|r| vec![expected, r.to_owned()])
                        }
                        _ => None,
                    };
                    let saved = match line {
                        Some(line) => {
                            put(
                                &http,
                                format!("{base}/api/v1/games/{id}/conditionals"),
                                other,
                                json!({"lines": [line]}),
                            )
                            .await
                        }
                        None => 0,
                    };
                    if saved != 200 {
                        kind = Kind::Plain;
                    }
                }
                let ply = game["ply"].as_i64().unwrap();
                let started = Instant::now();
                let (status, next) = post(
                    &http,
                    format!("{base}/api/v1/games/{id}/moves"),
                    Some(mover),
                    json!({"move": pick, "ply": ply}),
                )
                .await;
                let took = started.elapsed();
                assert_eq!(status, 200, "{next}");
                let played = next["ply"].as_i64().unwrap() - ply;
                assert!(
                    played == 1 || (kind == Kind::Triggering && played == 2),
                    "{played} plies"
                );
                if kind == Kind::Triggering && played == 1 && next["status"] == "active" {
                    // The reply was refused when played (the analysis board's position has
                    // no history): not a triggering move after all.
                    kind = Kind::Missed;
                }
                timed.push((kind, took));
                game = next;
            }
            timed
        }));
    }
    let mut all: Vec<(Kind, Duration)> = Vec::new();
    for task in tasks {
        all.extend(task.await.unwrap());
    }
    let report = |kind: Kind, name: &str| {
        let mut ms: Vec<f64> = all
            .iter()
            .filter(|(k, _)| *k == kind)
            .map(|(_, d)| d.as_secs_f64() * 1000.0)
            .collect();
        ms.sort_by(f64::total_cmp);
        println!(
            "{name}: moves={} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.2}",
            ms.len(),
            pct(&ms, 0.5),
            pct(&ms, 0.9),
            pct(&ms, 0.99),
            ms.last().copied().unwrap_or(0.0)
        );
        (pct(&ms, 0.5), pct(&ms, 0.99))
    };
    println!(
        "backend={:?} variant={variant} concurrent_games={games} seconds={seconds}",
        server.backend
    );
    let plain = report(Kind::Plain, "plain");
    let triggering = report(Kind::Triggering, "triggering");
    report(Kind::Missed, "missed");
    println!(
        "triggering_minus_plain: p50_ms={:.2} p99_ms={:.2}",
        triggering.0 - plain.0,
        triggering.1 - plain.1
    );
}
