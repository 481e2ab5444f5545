//! Stream load benchmark (not a test): a Herald server in a child process holds many open
//! game streams (`GET /api/v1/games/{id}/stream`) while moves are played, and this process
//! reports the server's memory (RSS) and the delay from a move's commit to its arrival on
//! the streams.
//!
//! ```text
//! ulimit -n 65536
//! cargo run --release -p herald-server --example streams -- --streams 10000 --games 1000 --rate 50 --seconds 20
//! cargo run --release -p herald-server --example streams -- --database-url postgres://postgres@127.0.0.1:5432/herald_bench
//! ```
//! Streams are spread evenly over `--games` games (several viewers per game, as on a busy
//! server). Moves are played at `--rate` per second on random games. Two delays are
//! reported for every event received on every stream: from the event's commit time (`at`,
//! the server clock in ms, same machine) and from the moment the move request was sent (an
//! upper bound that includes the request itself).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use herald_server::Config;
use serde_json::{Value, json};

mod support;
use support::{pct, post, rss_mb, user};

struct Args {
    database_url: String,
    streams: usize,
    games: usize,
    rate: f64,
    seconds: u64,
}

fn args() -> Args {
    let mut out = Args {
        database_url: format!("sqlite:///tmp/herald-streams-{}.db?mode=rwc", std::process::id()),
        streams: 10_000,
        games: 1_000,
        rate: 50.0,
        seconds: 20,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().expect("flag value");
        match flag.as_str() {
            "--database-url" => out.database_url = value,
            "--streams" => out.streams = value.parse().expect("--streams N"),
            "--games" => out.games = value.parse().expect("--games N"),
            "--rate" => out.rate = value.parse().expect("--rate moves-per-second"),
            "--seconds" => out.seconds = value.parse().expect("--seconds N"),
            "--serve" => {
                serve(value);
                std::process::exit(0);
            }
            other => panic!("unknown flag {other}"),
        }
    }
    out
}

/// The child process: serve on a loopback port, print it, run until stdin closes.
fn serve(database_url: String) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async move {
        let mut config = Config::for_tests(&database_url);
        config.db_max_connections = 16;
        config.rate_limit = false;
        let state = herald_server::app::production_state(config).await.expect("database");
        herald_server::app::start_live(&state).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        println!("{}", listener.local_addr().unwrap());
        let stop = async {
            let mut line = String::new();
            let _ = tokio::task::spawn_blocking(move || std::io::stdin().read_line(&mut line)).await;
        };
        herald_server::serve_on(listener, state, stop).await.unwrap();
    });
}

fn now_ms() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs_f64() * 1000.0
}

fn main() {
    // Flags first: `--serve` (the child) builds its own runtime.
    let args = args();
    tokio::runtime::Runtime::new().unwrap().block_on(run(args));
}

async fn run(args: Args) {
    let mut child = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--serve", &args.database_url])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut addr = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut addr).unwrap();
    let base = format!("http://{}", addr.trim());
    let http = reqwest::Client::builder().pool_max_idle_per_host(64).build().unwrap();
    let run = std::process::id();
    let a = user(&http, &base, &format!("s{run}a")).await;
    let b = user(&http, &base, &format!("s{run}b")).await;
    eprintln!("server pid {pid} at {base}: creating {} games…", args.games);
    let mut games = Vec::new();
    for _ in 0..args.games {
        games.push(support::new_game(&http, &base, "not-chess", (&a, &b, &format!("s{run}b")), true).await);
    }
    let rss_idle = rss_mb(pid);
    eprintln!("opening {} streams…", args.streams);
    // (delay from `at`, delay from request start) per event received.
    let delays: Arc<Mutex<Vec<(f64, f64)>>> = Arc::default();
    let sent: Arc<Mutex<HashMap<(String, i64), Instant>>> = Arc::default();
    let stream_client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
    let mut readers = Vec::new();
    let (opened_tx, mut opened_rx) = tokio::sync::mpsc::channel::<()>(args.streams);
    for i in 0..args.streams {
        let id = games[i % games.len()]["id"].as_str().unwrap().to_owned();
        let url = format!("{base}/api/v1/games/{id}/stream");
        let client = stream_client.clone();
        let delays = Arc::clone(&delays);
        let sent = Arc::clone(&sent);
        let opened = opened_tx.clone();
        readers.push(tokio::spawn(async move {
            let mut response = client.get(url).send().await.expect("stream");
            assert_eq!(response.status(), 200);
            let mut buf = Vec::new();
            let mut first = true;
            while let Ok(Some(chunk)) = response.chunk().await {
                let arrived = Instant::now();
                let arrived_ms = now_ms();
                buf.extend_from_slice(&chunk);
                while let Some(end) = buf.iter().position(|b| *b == b'\n') {
                    let line: Vec<u8> = buf.drain(..=end).collect();
                    if first {
                        first = false;
                        let _ = opened.send(()).await;
                        continue;
                    }
                    let Ok(event) = serde_json::from_slice::<Value>(&line) else {
                        continue;
                    };
                    if event["kind"] != "move" {
                        continue;
                    }
                    let at = event["at"].as_f64().unwrap_or(arrived_ms);
                    let key = (
                        event["game_id"].as_str().unwrap_or("").to_owned(),
                        event["data"]["ply"].as_i64().unwrap_or(-1),
                    );
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
    for _ in 0..args.streams {
        opened_rx.recv().await.expect("a stream failed to open");
    }
    let rss_opening = rss_mb(pid);
    // Freed memory goes back to the system within about a second (the allocator's setting).
    tokio::time::sleep(Duration::from_secs(3)).await;
    let rss_open = rss_mb(pid);
    eprintln!(
        "{} streams open; server RSS {rss_open:.0} MB; playing at {}/s for {} s…",
        args.streams, args.rate, args.seconds
    );

    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let interval = Duration::from_secs_f64(1.0 / args.rate);
    let mut next_at = Instant::now();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut moves = 0_u64;
    let mut rss_peak = rss_opening.max(rss_open);
    let mut movers = Vec::new();
    let games = Arc::new(Mutex::new(games));
    while Instant::now() < deadline {
        tokio::time::sleep_until(next_at.into()).await;
        next_at += interval;
        let k = (support::next(&mut seed) % args.games as u64) as usize;
        let (game, token) = {
            let mut all = games.lock().unwrap();
            let g = &mut all[k];
            if g["status"] != "active" || g["legal_moves"].as_array().is_none_or(Vec::is_empty) || g["busy"] == true {
                continue;
            }
            g["busy"] = json!(true);
            let token = if g["turn"] == 0 { a.clone() } else { b.clone() };
            (g.clone(), token)
        };
        let legal = game["legal_moves"].as_array().unwrap();
        let pick = legal[(seed >> 20) as usize % legal.len()].as_str().unwrap().to_owned();
        let id = game["id"].as_str().unwrap().to_owned();
        let ply = game["ply"].as_i64().unwrap();
        sent.lock().unwrap().insert((id.clone(), ply + 1), Instant::now());
        let http = http.clone();
        let base = base.clone();
        let games = Arc::clone(&games);
        movers.push(tokio::spawn(async move {
            let (status, next) = post(
                &http,
                format!("{base}/api/v1/games/{id}/moves"),
                Some(&token),
                json!({"move": pick, "ply": ply}),
            )
            .await;
            let mut all = games.lock().unwrap();
            if status == 200 {
                all[k] = next;
            } else {
                eprintln!("move refused: {status} {next}");
                all[k]["busy"] = json!(false);
            }
        }));
        moves += 1;
        if moves.is_multiple_of(50) {
            rss_peak = rss_peak.max(rss_mb(pid));
        }
    }
    for m in movers {
        let _ = m.await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    rss_peak = rss_peak.max(rss_mb(pid));
    let mut from_commit: Vec<f64> = delays.lock().unwrap().iter().map(|d| d.0).collect();
    let mut from_send: Vec<f64> = delays
        .lock()
        .unwrap()
        .iter()
        .map(|d| d.1)
        .filter(|d| d.is_finite())
        .collect();
    from_commit.sort_by(f64::total_cmp);
    from_send.sort_by(f64::total_cmp);
    let expected = moves as usize * args.streams / args.games;
    println!(
        "streams={} games={} moves={moves} rate={}/s events_received={} (expected about {expected}) \
         rss_mb: idle={rss_idle:.0} while_opening={rss_opening:.0} streams_open={rss_open:.0} peak={rss_peak:.0} \
         commit_to_arrival_ms: p50={:.1} p99={:.1} max={:.1} request_to_arrival_ms: p50={:.1} p99={:.1}",
        args.streams,
        args.games,
        args.rate,
        from_commit.len(),
        pct(&from_commit, 0.5),
        pct(&from_commit, 0.99),
        pct(&from_commit, 1.0),
        pct(&from_send, 0.5),
        pct(&from_send, 0.99),
    );
    for r in readers {
        r.abort();
    }
    drop(child.stdin.take());
    let _ = child.wait();
}
