//! Load benchmark (not a test): serves Herald in-process on a loopback port and plays
//! many games at once through the HTTP API, then reports accepted moves per second and
//! move latency percentiles, and those of the moves that end a game (every game is rated,
//! so those moves also rate both players; with `--casual` none is; with `--mixed` each
//! player alternates rated and casual games, so the two kinds of finishing move share one
//! run's noise and their difference is what the rating update adds). Finishing moves are
//! timed twice: as the client saw them, and by the server's own time for the move (the
//! answer's `Server-Timing`: read, rules, commit and rating, without the network and the
//! benchmark's own queueing, which share the machine).
//!
//! `--trace PATH` writes every accepted move (its start, client and server times) to a file;
//! `--samples PATH` appends the finishing moves to a CSV file; `--analyse PATH...` reports
//! those of one or more such files (several runs pooled) without running; `--warmup S`
//! leaves out the finishing moves of each run's first S seconds (and adds the percentiles
//! of the moves begun after them);
//! `--pool N` sizes the server's database pool (Herald's default, 8, unless given: on two
//! cores a pool of 16 had a p99 a quarter higher at 1,000 moves/s, more backends sharing
//! the cores; a pool of 32 was the default here until 2026-12-06).
//!
//! ```text
//! cargo run --release -p herald-server --example load -- \
//!     --database-url postgres://postgres@127.0.0.1:5432/herald_bench --games 64 --seconds 20
//! cargo run --release -p herald-server --example load -- --database-url sqlite:///tmp/bench.db?mode=rwc
//! ```
//! Each game is driven by one task that plays for both seats in turn (a stand-in for two
//! players reacting to a push notification), so `--games` is the number of players
//! submitting a move at any moment. Rate limits are off. Finished games are replaced.
//!
//! Without `--rate` every player moves again as soon as his last move is answered (a closed
//! loop: the server is saturated and latency is queueing, about games / throughput). With
//! `--rate N` the players together offer N moves per second (each player a Poisson process,
//! as `pgbench -R` offers its transactions), which measures latency at that load.
//!
//! With `--bots N` the server also runs N games against level-`--bot-level` bots (default 8)
//! in `--bot-variant` (default `nowan`, the slowest to search), each with a sparring partner
//! that answers at once, so the engine's worker threads never idle: the move latency of the
//! measured players with every bot busy, against a run without `--bots`. The report adds
//! the bots' moves and the engine's queue.
//!
//! With `--webhooks` every player has a webhook (to a receiver in the benchmark answering
//! 204), so every event also goes through the outbox, the fan-out and a signed delivery:
//! the cost of notifications when everyone has them. Without it nobody has any, and
//! events skip the outbox.
//!
//! With `--push` every player has a device subscribed to Web Push (a push service in the
//! benchmark that decrypts each message and answers 201): each move also queues, encrypts,
//! signs and sends a notification to the opponent. The report adds how long a message took
//! from the move's commit to the push service (`push_p50_ms`, `push_p99_ms`), from the
//! payload's event time, on the same machine's clock.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

mod support;
use support::finishing::{self, Kind, Sample};
use support::{new_game, pct, post, user};

struct Args {
    database_url: String,
    games: usize,
    seconds: u64,
    variant: String,
    /// Moves per second offered by all players together; 0 means as fast as answered.
    rate: f64,
    webhooks: bool,
    push: bool,
    /// Casual games (`--casual`): what a finishing move costs without its rating update.
    casual: bool,
    /// Rated and casual games in turn (`--mixed`).
    mixed: bool,
    /// Database connections of the server's pool (`--pool N`; Herald's default is 8).
    pool: u32,
    /// Finishing moves of the first `--warmup S` seconds are left out of the report, and
    /// the percentiles of the moves begun after them are added.
    warmup: f64,
    /// A CSV file the finishing moves are appended to (`--samples PATH`), to pool runs.
    samples: Option<String>,
    /// A file every accepted move is written to (`--trace PATH`): seconds into the run,
    /// the client's milliseconds and the server's phases, in the order they started.
    trace: Option<String>,
    /// Reports the finishing moves of these sample files instead of running (`--analyse
    /// PATH...`).
    analyse: Vec<String>,
    /// Games against bots running meanwhile (`--bots N`).
    bots: usize,
    bot_level: u8,
    bot_variant: String,
}

fn args() -> Args {
    let mut out = Args {
        database_url: "sqlite:///tmp/herald-bench.db?mode=rwc".into(),
        games: 64,
        seconds: 20,
        variant: "not-chess".into(),
        rate: 0.0,
        webhooks: false,
        push: false,
        casual: false,
        mixed: false,
        samples: None,
        trace: None,
        warmup: 0.0,
        pool: 8,
        analyse: Vec::new(),
        bots: 0,
        bot_level: 8,
        bot_variant: "nowan".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--casual" {
            out.casual = true;
            continue;
        }
        if flag == "--mixed" {
            out.mixed = true;
            continue;
        }
        if flag == "--analyse" {
            out.analyse.extend(it.by_ref());
            break;
        }
        if flag == "--push" {
            out.push = true;
            continue;
        }
        if flag == "--webhooks" {
            out.webhooks = true;
            continue;
        }
        let value = it.next().expect("flag value");
        match flag.as_str() {
            "--database-url" => out.database_url = value,
            "--games" => out.games = value.parse().expect("--games N"),
            "--seconds" => out.seconds = value.parse().expect("--seconds N"),
            "--variant" => out.variant = value,
            "--rate" => out.rate = value.parse().expect("--rate moves-per-second"),
            "--samples" => out.samples = Some(value),
            "--trace" => out.trace = Some(value),
            "--warmup" => out.warmup = value.parse().expect("--warmup seconds"),
            "--pool" => out.pool = value.parse().expect("--pool connections"),
            "--bots" => out.bots = value.parse().expect("--bots N"),
            "--bot-level" => out.bot_level = value.parse().expect("--bot-level 1-8"),
            "--bot-variant" => out.bot_variant = value,
            other => panic!("unknown flag {other}"),
        }
    }
    out
}

#[tokio::main]
async fn main() {
    let args = args();
    if !args.analyse.is_empty() {
        finishing::report(&finishing::read(&args.analyse), args.warmup);
        return;
    }
    let server = support::serve(&args.database_url, args.pool).await;
    let (base, backend) = (server.base.clone(), server.backend);
    let http = reqwest::Client::builder().pool_max_idle_per_host(256).build().unwrap();
    let run = std::process::id();
    eprintln!(
        "setting up {} games ({} players) on {backend:?}…",
        args.games,
        args.games * 2
    );
    let received = Arc::new(AtomicU64::new(0));
    let hook_url = if args.webhooks {
        Some(receiver(Arc::clone(&received)).await)
    } else {
        None
    };
    let push_service = if args.push {
        Some(support::push::Service::start().await)
    } else {
        None
    };
    let mut pairs = Vec::new();
    for g in 0..args.games {
        let a_name = format!("b{run}a{g}");
        let b_name = format!("b{run}b{g}");
        let a = user(&http, &base, &a_name).await;
        let b = user(&http, &base, &b_name).await;
        if let Some(url) = &hook_url {
            for token in [&a, &b] {
                let (s, body) = post(
                    &http,
                    format!("{base}/api/v1/me/webhooks"),
                    Some(token),
                    json!({"url": url}),
                )
                .await;
                assert_eq!(s, 201, "{body}");
            }
        }
        if let Some(service) = &push_service {
            for (token, name) in [(&a, &a_name), (&b, &b_name)] {
                let (s, body) = post(
                    &http,
                    format!("{base}/api/v1/me/push/subscriptions"),
                    Some(token),
                    service.device(name),
                )
                .await;
                assert_eq!(s, 201, "{body}");
            }
        }
        // Each player's first game is made here, before the clock starts: made by every
        // player at once at the start of the run, they were a burst of 128 requests that
        // the moves of its first half second queued behind (p50 over 20 ms there).
        // Odd players start with a casual game, so both kinds are always being played.
        let rated = !(args.casual || (args.mixed && g % 2 == 1));
        let game = new_game(&http, &base, &args.variant, (&a, &b, &b_name), rated).await;
        pairs.push((a, b, b_name, game, rated));
    }

    let run_started = Instant::now();
    let deadline = run_started + Duration::from_secs(args.seconds);
    let sparring = bot_games(&server.state, &http, &base, &args, run, deadline).await;
    let variant = Arc::new(args.variant.clone());
    // Each move's start and time are kept only when asked for (the client shares the cores
    // it measures): for `--warmup`, and with the phases written out for `--trace`.
    let (keep_times, keep_phases) = (args.warmup > 0.0 || args.trace.is_some(), args.trace.is_some());
    let (all_rated, mixed) = (!args.casual, args.mixed);
    let interval = (args.rate > 0.0).then(|| Duration::from_secs_f64(args.games as f64 / args.rate));
    let mut tasks = Vec::new();
    for (i, (a, b, b_name, first_game, first_rated)) in pairs.into_iter().enumerate() {
        let http = http.clone();
        let base = base.clone();
        let variant = Arc::clone(&variant);
        tasks.push(tokio::spawn(async move {
            let mut latencies: Vec<Duration> = Vec::new();
            // (seconds into the run, client ms, server phases) of every accepted move.
            let mut trace: Vec<(f64, f64, String)> = Vec::new();
            // Every accepted move's server-side phases (`Server-Timing`), by name.
            let mut phase_ms: std::collections::BTreeMap<String, Vec<f64>> = std::collections::BTreeMap::new();
            // The moves that ended their game, by [`Kind`].
            let mut finishing: Vec<Sample> = Vec::new();
            let (mut pair_rated, mut pair_casual) = (false, false);
            let mut rejected = 0_u64;
            let mut finished = 0_u64;
            let mut seed = 0x9E37_79B9_7F4A_7C15_u64 ^ (i as u64 + 1);
            let (mut rated, mut game) = (first_rated, first_game);
            // Each player moves at exponentially distributed intervals (a Poisson process,
            // as `pgbench -R` schedules its transactions), from a random start, so together
            // the players offer a steady rate. (The start was once `seed % 1000` of one
            // interval: the seeds differ in their low bits only, so all 64 players moved
            // within 5 ms of each other, bursts of 64 moves every 64 ms.)
            let mut arrivals = seed.rotate_left(29) ^ 0xD1B5_4A32_D192_ED03;
            let mut next_at = Instant::now() + interval.map_or(Duration::ZERO, |i| i.mul_f64(uniform(&mut arrivals)));
            while Instant::now() < deadline {
                if let Some(interval) = interval {
                    tokio::time::sleep_until(next_at.into()).await;
                    next_at += interval.mul_f64(-(1.0 - uniform(&mut arrivals)).ln());
                }
                if game["status"] != "active" || game["legal_moves"].as_array().is_none_or(Vec::is_empty) {
                    finished += 1;
                    rated = if mixed { !rated } else { all_rated };
                    game = new_game(&http, &base, &variant, (&a, &b, &b_name), rated).await;
                    continue;
                }
                let legal = game["legal_moves"].as_array().unwrap();
                let pick = legal[(support::next(&mut seed) % legal.len() as u64) as usize]
                    .as_str()
                    .unwrap()
                    .to_owned();
                let token = if game["turn"] == 0 { &a } else { &b };
                let id = game["id"].as_str().unwrap().to_owned();
                let ply = game["ply"].as_i64().unwrap();
                let started = Instant::now();
                let (status, timing, next) = play(&http, &base, &id, token, &pick, ply).await;
                let took = started.elapsed();
                let server = timing
                    .first()
                    .map_or(Duration::ZERO, |(_, ms)| Duration::from_secs_f64(ms / 1000.0));
                if status == 200 {
                    latencies.push(took);
                    if keep_times {
                        let phases = if keep_phases {
                            timing
                                .iter()
                                .map(|(name, ms)| format!("{name}={ms:.2}"))
                                .collect::<Vec<_>>()
                                .join(" ")
                        } else {
                            String::new()
                        };
                        trace.push((
                            started.duration_since(run_started).as_secs_f64(),
                            took.as_secs_f64() * 1000.0,
                            phases,
                        ));
                    }
                    for (name, ms) in timing {
                        phase_ms.entry(name).or_default().push(ms);
                    }
                    if next["status"] == "finished" {
                        let kind = match (rated, pair_rated, pair_casual) {
                            (true, true, _) => Kind::Rated,
                            (false, _, true) => Kind::Casual,
                            (true, false, _) => Kind::RatedFirst,
                            (false, _, false) => Kind::CasualFirst,
                        };
                        finishing.push(Sample {
                            kind,
                            client_ms: took.as_secs_f64() * 1000.0,
                            server_ms: server.as_secs_f64() * 1000.0,
                            at_s: run_started.elapsed().as_secs_f64(),
                        });
                        pair_rated |= rated;
                        pair_casual |= !rated;
                    }
                    game = next;
                } else {
                    rejected += 1;
                    eprintln!("move refused: {status} {next}");
                    game = new_game(&http, &base, &variant, (&a, &b, &b_name), rated).await;
                }
            }
            (latencies, finishing, rejected, finished, phase_ms, trace)
        }));
    }
    let began = Instant::now();
    let mut all = Vec::new();
    let mut ending: Vec<Sample> = Vec::new();
    let (mut rejected, mut finished) = (0, 0);
    let mut phase_ms: std::collections::BTreeMap<String, Vec<f64>> = std::collections::BTreeMap::new();
    let mut traced = Vec::new();
    for task in tasks {
        let (l, ends, r, f, phases, trace) = task.await.unwrap();
        traced.extend(trace);
        for (name, ms) in phases {
            phase_ms.entry(name).or_default().extend(ms);
        }
        all.extend(l);
        ending.extend(ends);
        rejected += r;
        finished += f;
    }
    let elapsed = began.elapsed().as_secs_f64();
    let mut sparring_moves = 0;
    for task in sparring {
        sparring_moves += task.await.unwrap();
    }
    all.sort_unstable();
    let ms: Vec<f64> = all.iter().map(|d| d.as_secs_f64() * 1000.0).collect();
    println!(
        "backend={backend:?} variant={} concurrent_games={} offered_rate={} seconds={elapsed:.1} accepted_moves={} moves_per_s={:.0} \
         p50_ms={:.1} p99_ms={:.1} max_ms={:.1} refused={rejected} games_finished={finished} webhook_posts={}",
        args.variant,
        args.games,
        if args.rate > 0.0 {
            format!("{}/s", args.rate)
        } else {
            "closed-loop".to_owned()
        },
        all.len(),
        all.len() as f64 / elapsed,
        pct(&ms, 0.50),
        pct(&ms, 0.99),
        pct(&ms, 1.0),
        received.load(Ordering::Relaxed),
    );
    if args.warmup > 0.0 {
        // The moves begun after the warm-up: the server's connections opened and its
        // statements planned, which the first second of a run spends doing.
        let mut steady: Vec<f64> = traced
            .iter()
            .filter(|(at, _, _)| *at >= args.warmup)
            .map(|(_, ms, _)| *ms)
            .collect();
        steady.sort_unstable_by(f64::total_cmp);
        println!(
            "after_warmup_s={} moves={} p50_ms={:.1} p99_ms={:.1} max_ms={:.1}",
            args.warmup,
            steady.len(),
            pct(&steady, 0.50),
            pct(&steady, 0.99),
            pct(&steady, 1.0),
        );
    }
    if let Some(service) = &push_service {
        // Messages still in flight when the moves stop arrive within a moment.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let mut delays = service.delays_ms();
        delays.sort_unstable_by(f64::total_cmp);
        println!(
            "push messages={} undecryptable={} push_p50_ms={:.1} push_p99_ms={:.1} push_max_ms={:.1}",
            delays.len(),
            service.failures(),
            pct(&delays, 0.50),
            pct(&delays, 0.99),
            pct(&delays, 1.0)
        );
    }
    // Where the server's time went: each phase of every accepted move.
    for (name, mut ms) in phase_ms {
        ms.sort_unstable_by(f64::total_cmp);
        println!(
            "server phase={name} moves={} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.1}",
            ms.len(),
            pct(&ms, 0.50),
            pct(&ms, 0.90),
            pct(&ms, 0.99),
            pct(&ms, 1.0)
        );
    }
    // The move that ends a rated game also rates it (in the same transaction).
    if let Some(path) = &args.samples {
        finishing::append(path, &ending);
    }
    if let Some(path) = &args.trace {
        traced.sort_by(|a, b| a.0.total_cmp(&b.0));
        let lines: String = traced
            .iter()
            .map(|(at, ms, phases)| format!("{at:.4} {ms:.2} {phases}\n"))
            .collect();
        std::fs::write(path, lines).expect("--trace file");
    }
    finishing::report(&ending, args.warmup);
    // How the rated endings were written (PostgreSQL): the one statement, or the locked way.
    if let Ok(response) = http.get(format!("{base}/metrics")).send().await
        && let Ok(text) = response.text().await
    {
        if args.bots > 0 {
            println!(
                "bots={} bot_level={} bot_variant={} sparring_moves={sparring_moves}",
                args.bots, args.bot_level, args.bot_variant
            );
        }
        let shown = [
            "herald_rated_endings_total",
            "herald_bot_moves_total",
            "herald_engine_think_seconds_count",
            "herald_engine_think_seconds_sum",
            "herald_engine_wait_seconds_sum",
        ];
        for line in text.lines().filter(|l| shown.iter().any(|s| l.starts_with(s))) {
            println!("{line}");
        }
    }
    let _ = server.stop.send(());
    let _ = server.task.await;
}

/// Starts `--bots` games against bots, each with a sparring partner that moves as soon as
/// it is its turn, until `deadline`; each task returns its partner's moves.
async fn bot_games(
    state: &herald_server::web::state::AppState,
    http: &reqwest::Client,
    base: &str,
    args: &Args,
    run: u32,
    deadline: Instant,
) -> Vec<tokio::task::JoinHandle<u64>> {
    let mut tasks = Vec::new();
    for n in 0..args.bots {
        let name = format!("bot{run}n{n}");
        let changes: herald_server::api::bots::BotChanges = serde_json::from_value(json!({
            "level": args.bot_level, "max_games": 500, "takes_open_challenges": false
        }))
        .unwrap();
        let bot = herald_server::api::bots::NewBot {
            username: name.clone(),
            settings: changes,
        };
        herald_server::api::bots::create(&state.db, None, state.now(), &bot)
            .await
            .unwrap();
        let human = user(http, base, &format!("s{run}n{n}")).await;
        let (http, base, variant) = (http.clone(), base.to_owned(), args.bot_variant.clone());
        tasks.push(tokio::spawn(async move {
            let mut moves = 0;
            let mut seed = 0x2545_F491_4F6C_DD1D_u64 ^ (n as u64 + 1);
            let create = json!({"variant": variant, "seat": 0, "invite": name, "rated": false});
            let (mut status, mut game) = (0, serde_json::Value::Null);
            // A 503 is an answer to retry (SQLite busy while the others start): as a client would.
            for _ in 0..20 {
                (status, game) = post(&http, format!("{base}/api/v1/games"), Some(&human), create.clone()).await;
                if status != 503 {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            assert_eq!(status, 201, "{game}");
            while Instant::now() < deadline {
                let id = game["id"].as_str().unwrap().to_owned();
                game = http
                    .get(format!("{base}/api/v1/games/{id}"))
                    .bearer_auth(&human)
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                if game["status"] == "finished" || game["status"] == "aborted" {
                    game = post(&http, format!("{base}/api/v1/games"), Some(&human), create.clone())
                        .await
                        .1;
                    continue;
                }
                let legal = game["legal_moves"].as_array().cloned().unwrap_or_default();
                if game["status"] != "active" || game["turn"] != 0 || legal.is_empty() {
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
                let pick = legal[(support::next(&mut seed) % legal.len() as u64) as usize].clone();
                let ply = game["ply"].as_i64().unwrap();
                let (status, _, _) = play(&http, &base, &id, &human, pick.as_str().unwrap(), ply).await;
                if status == 200 {
                    moves += 1;
                }
            }
            moves
        }));
    }
    tasks
}

/// A number drawn uniformly from [0, 1) by `seed`'s generator.
fn uniform(seed: &mut u64) -> f64 {
    (support::next(seed) >> 11) as f64 / (1_u64 << 53) as f64
}

/// A `Server-Timing` value's entries (`move;dur=2.345, read;dur=0.412, …`) in order, in ms.
fn phases(header: &str) -> Vec<(String, f64)> {
    header
        .split(',')
        .filter_map(|entry| {
            let (name, dur) = entry.trim().split_once(";dur=")?;
            Some((name.to_owned(), dur.parse().ok()?))
        })
        .collect()
}

/// Plays `pick` at `ply`: the status, the server's own time for the move and its phases
/// (its `Server-Timing`, `move` first; empty when refused) and the answer.
async fn play(
    http: &reqwest::Client,
    base: &str,
    id: &str,
    token: &str,
    pick: &str,
    ply: i64,
) -> (u16, Vec<(String, f64)>, serde_json::Value) {
    let response = http
        .post(format!("{base}/api/v1/games/{id}/moves"))
        .bearer_auth(token)
        .json(&json!({"move": pick, "ply": ply}))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    let server = response
        .headers()
        .get("server-timing")
        .and_then(|v| v.to_str().ok())
        .map(phases)
        .unwrap_or_default();
    (status, server, response.json().await.unwrap_or_default())
}

/// A webhook receiver on a loopback port that counts POSTs and answers 204.
async fn receiver(count: Arc<AtomicU64>) -> String {
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move || {
            count.fetch_add(1, Ordering::Relaxed);
            async { axum::http::StatusCode::NO_CONTENT }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    url
}
