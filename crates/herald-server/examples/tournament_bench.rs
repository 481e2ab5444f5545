//! Tournament page benchmark (not a test): serves Herald in-process, has `--players`
//! accounts enter a Swiss of `--rounds` rounds through the API, plays it round by round
//! (each game's loser, picked by a seeded generator, resigns; the outbox worker pairs the
//! next round), then fetches the event page (HTML) and the event (JSON) again and again for
//! `--seconds` each and reports latency percentiles: standings, every round's boards.
//!
//! ```text
//! cargo run --release -p herald-server --example tournament_bench -- --players 500 --rounds 5
//! cargo run --release -p herald-server --example tournament_bench -- --database-url postgres://postgres@127.0.0.1:5432/herald_tbench
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

mod support;
use support::{pct, post, user};

struct Args {
    database_url: String,
    players: usize,
    rounds: i64,
    seconds: u64,
}

fn args() -> Args {
    let mut out = Args {
        database_url: format!("sqlite:///tmp/herald-tbench-{}.db?mode=rwc", std::process::id()),
        players: 500,
        rounds: 5,
        seconds: 5,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().expect("flag value");
        match flag.as_str() {
            "--database-url" => out.database_url = value,
            "--players" => out.players = value.parse().expect("--players N"),
            "--rounds" => out.rounds = value.parse().expect("--rounds N"),
            "--seconds" => out.seconds = value.parse().expect("--seconds N"),
            other => panic!("unknown flag {other}"),
        }
    }
    out
}

async fn get_json(http: &reqwest::Client, url: &str) -> Value {
    http.get(url).send().await.unwrap().json().await.unwrap()
}

/// Fetches `url` one request at a time for `seconds`; sorted latencies in ms and the size.
async fn hammer(http: &reqwest::Client, url: &str, seconds: u64) -> (Vec<f64>, usize) {
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut times = Vec::new();
    let mut size = 0;
    while Instant::now() < deadline {
        let started = Instant::now();
        let response = http.get(url).send().await.unwrap();
        assert_eq!(response.status(), 200);
        size = response.bytes().await.unwrap().len();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    (times, size)
}

#[tokio::main]
async fn main() {
    let args = args();
    let server = support::serve(&args.database_url, 16).await;
    let base = server.base.clone();
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap();
    let run = std::process::id();
    let organiser = user(&http, &base, &format!("org{run}")).await;
    let (s, event) = post(
        &http,
        format!("{base}/api/v1/tournaments"),
        Some(&organiser),
        json!({"name": "Benchmark Swiss", "variant": "nowan", "format": "swiss", "rounds": args.rounds,
               "max_entrants": args.players, "rated": false}),
    )
    .await;
    assert_eq!(s, 201, "{event}");
    let id = event["id"].as_str().unwrap().to_owned();
    let started = Instant::now();
    let mut tokens: HashMap<String, String> = HashMap::new();
    for k in 0..args.players {
        let name = format!("t{run}p{k}");
        let token = user(&http, &base, &name).await;
        let (s, body) = post(
            &http,
            format!("{base}/api/v1/tournaments/{id}/register"),
            Some(&token),
            json!(null),
        )
        .await;
        assert_eq!(s, 200, "{body}");
        tokens.insert(name, token);
    }
    println!(
        "{} players entered in {:.1} s",
        args.players,
        started.elapsed().as_secs_f64()
    );
    let (s, event) = post(
        &http,
        format!("{base}/api/v1/tournaments/{id}/start"),
        Some(&organiser),
        json!(null),
    )
    .await;
    assert_eq!(s, 200, "{event}");
    let by_number: HashMap<i64, String> = event["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["number"].as_i64().unwrap(),
                tokens[p["username"].as_str().unwrap()].clone(),
            )
        })
        .collect();
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let url = format!("{base}/api/v1/tournaments/{id}");
    for round in 1..=args.rounds {
        let round_started = Instant::now();
        let mut event = get_json(&http, &url).await;
        while event["round"].as_i64() != Some(round) {
            tokio::time::sleep(Duration::from_millis(50)).await;
            event = get_json(&http, &url).await;
        }
        let paired = round_started.elapsed();
        let boards = event["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["round"] == round)
            .unwrap()["boards"]
            .as_array()
            .unwrap()
            .clone();
        for board in &boards {
            let loser = if support::next(&mut seed).is_multiple_of(2) {
                &board["first"]
            } else {
                &board["second"]
            };
            let token = &by_number[&loser.as_i64().unwrap()];
            let game = board["game_id"].as_str().unwrap();
            let (s, body) = post(
                &http,
                format!("{base}/api/v1/games/{game}/resign"),
                Some(token),
                json!({}),
            )
            .await;
            assert_eq!(s, 200, "{body}");
        }
        println!(
            "round {round}: {} boards, paired within {:.0} ms of the last result",
            boards.len(),
            paired.as_secs_f64() * 1000.0
        );
    }
    let mut event = get_json(&http, &url).await;
    while event["status"] != "finished" {
        tokio::time::sleep(Duration::from_millis(50)).await;
        event = get_json(&http, &url).await;
    }
    for (what, target) in [("page", format!("{base}/tournaments/{id}")), ("json", url.clone())] {
        let (times, size) = hammer(&http, &target, args.seconds).await;
        println!(
            "backend={:?} players={} rounds={} {what}: requests={} bytes={size} p50_ms={:.2} p99_ms={:.2} max_ms={:.2}",
            server.backend,
            args.players,
            args.rounds,
            times.len(),
            pct(&times, 0.5),
            pct(&times, 0.99),
            pct(&times, 1.0),
        );
    }
    let _ = server.stop.send(());
    let _ = server.task.await;
}
