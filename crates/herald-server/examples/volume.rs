//! Data-volume benchmark (not a test): fills a database with `--games` games (default
//! 1,000,000: about 97 % finished, the rest active, waiting or aborted; 6 to 84 plies each,
//! 45 on average, every move stored) among `--users` players (10,000; half the games have a
//! skewed first player, so a few players have thousands of games), with bulk SQL, not the
//! API; every finished game is rated (a rating change per player, and each player's ratings:
//! 10,000 rated players). Then it serves Herald in-process and times every list page and
//! list API (the archive with each filter, the lobby, my games, home, a user page,
//! challenges, the API's game lists, leaderboards and rating histories), one request at a
//! time, as players chosen by activity (the busiest player among them), and prints
//! p50/p99/max per list as a Markdown table.
//!
//! A database already filled (as many games as asked) is reused, so fill once per database:
//!
//! ```text
//! cargo run --release -p herald-server --example volume -- \
//!     --database-url 'sqlite:///var/tmp/herald-volume.db?mode=rwc'
//! createdb -h 127.0.0.1 -U postgres herald_volume
//! cargo run --release -p herald-server --example volume -- \
//!     --database-url postgres://postgres@127.0.0.1:5432/herald_volume
//! ```
//!
//! `--samples N` requests per list (default 200), `--explain` prints each list query's plan.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::{Duration, Instant};

use herald_server::Config;
use herald_server::storage::Synthetic;
use serde_json::json;
use sqlx::Row;

mod support;
use support::{PASSWORD, pct};

struct Args {
    database_url: String,
    games: i64,
    users: i64,
    samples: usize,
    explain: bool,
}

fn args() -> Args {
    let mut out = Args {
        database_url: "sqlite:///var/tmp/herald-volume.db?mode=rwc".to_owned(),
        games: 1_000_000,
        users: 10_000,
        samples: 200,
        explain: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--explain" {
            out.explain = true;
            continue;
        }
        let value = it.next().expect("flag value");
        match flag.as_str() {
            "--database-url" => out.database_url = value,
            "--games" => out.games = value.parse().expect("--games N"),
            "--users" => out.users = value.parse().expect("--users N"),
            "--samples" => out.samples = value.parse().expect("--samples N"),
            other => panic!("unknown flag {other}"),
        }
    }
    out
}

/// A signed-in player for the pages (session cookie) and the API (token).
struct Player {
    name: String,
    games: i64,
    cookie: String,
    token: String,
}

async fn sign_in(http: &reqwest::Client, base: &str, name: &str, games: i64) -> Player {
    let creds = json!({"username": name, "password": PASSWORD});
    let response = http
        .post(format!("{base}/api/v1/session"))
        .json(&creds)
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{name}: {}", response.status());
    let cookie = response.headers()["set-cookie"].to_str().unwrap();
    let cookie = cookie.split(';').next().unwrap().to_owned();
    let (s, b) = support::post(http, format!("{base}/api/v1/tokens"), None, creds).await;
    assert_eq!(s, 201, "{b}");
    Player {
        name: name.to_owned(),
        games,
        cookie,
        token: b["token"].as_str().unwrap().to_owned(),
    }
}

/// Players by activity: the seat-0 player of random games (the skewed one half the time),
/// and the busiest player of all.
async fn players(pool: &sqlx::AnyPool, http: &reqwest::Client, base: &str, args: &Args) -> Vec<Player> {
    let busiest = sqlx::query(
        "SELECT u.username, COUNT(*) FROM game_seats s JOIN users u ON u.id = s.user_id \
         GROUP BY u.username ORDER BY COUNT(*) DESC LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    let mut names: Vec<String> = vec![busiest.try_get(0).unwrap()];
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    while names.len() < 40 {
        let n = i64::try_from(support::next(&mut seed) % u64::try_from(args.games).unwrap()).unwrap() + 1;
        let id = format!("v{}", (n * 2_654_435_761) % 4_294_967_296);
        let row = sqlx::query(
            "SELECT u.username FROM game_seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = $1 AND s.seat = 0",
        )
        .bind(&id)
        .fetch_optional(pool)
        .await
        .unwrap();
        if let Some(name) = row.map(|r| r.try_get::<String, _>(0).unwrap())
            && !names.contains(&name)
        {
            names.push(name);
        }
    }
    let mut out = Vec::new();
    for name in names {
        let games =
            sqlx::query("SELECT COUNT(*) FROM game_seats s JOIN users u ON u.id = s.user_id WHERE u.username_key = $1")
                .bind(&name)
                .fetch_one(pool)
                .await
                .unwrap()
                .try_get::<i64, _>(0)
                .unwrap();
        out.push(sign_in(http, base, &name, games).await);
    }
    out
}

/// How a request authenticates.
#[derive(Clone, Copy)]
enum As {
    Nobody,
    Page,
    Api,
}

/// Times `samples` requests of `url(i)` (after a few unmeasured ones) and returns sorted ms.
async fn time_list(
    http: &reqwest::Client,
    base: &str,
    players: &[Player],
    auth: As,
    samples: usize,
    url: impl Fn(usize, &Player) -> String,
) -> Vec<f64> {
    let mut times = Vec::new();
    for i in 0..samples + 5 {
        let player = &players[i % players.len()];
        let mut req = http.get(format!("{base}{}", url(i, player)));
        match auth {
            As::Nobody => {}
            As::Page => req = req.header("cookie", &player.cookie),
            As::Api => req = req.bearer_auth(&player.token),
        }
        let started = Instant::now();
        let response = req.send().await.unwrap();
        let status = response.status();
        let body = response.bytes().await.unwrap();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        assert!(status.is_success(), "{}: {status}", url(i, player));
        assert!(!body.is_empty());
        if i >= 5 {
            times.push(ms);
        }
    }
    times.sort_by(f64::total_cmp);
    times
}

#[tokio::main]
async fn main() {
    let args = args();
    let mut config = Config::for_tests(&args.database_url);
    config.db_max_connections = 8;
    config.rate_limit = false;
    let state = herald_server::app::production_state(config).await.expect("database");
    herald_server::app::start_live(&state).unwrap();
    let backend = state.db.backend();
    let pool = state.db.pool().clone();
    let now = state.now();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(herald_server::serve_on(listener, state.clone(), async move {
        let _ = stopped.await;
    }));
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(16)
        .timeout(Duration::from_secs(120))
        .build()
        .unwrap();

    // One account made through the API gives every generated player the same password.
    let seed_hash: Option<String> = sqlx::query("SELECT password_hash FROM users WHERE username_key = 'volume-seed'")
        .fetch_optional(&pool)
        .await
        .unwrap()
        .map(|r| r.try_get(0).unwrap());
    let seed_hash = match seed_hash {
        Some(hash) => hash,
        None => {
            support::user(&http, &base, "volume-seed").await;
            seed_hash_of(&pool).await
        }
    };
    let have: i64 = sqlx::query("SELECT COUNT(*) FROM games")
        .fetch_one(&pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap();
    if have >= args.games {
        // A database filled elsewhere: give its players the benchmark's password.
        sqlx::query("UPDATE users SET password_hash = $1 WHERE username_key LIKE 'player%' AND password_hash <> $1")
            .bind(&seed_hash)
            .execute(&pool)
            .await
            .unwrap();
        println!("reusing the database: {have} games");
    } else {
        let spec = Synthetic {
            games: args.games,
            moves: true,
            users: args.users,
            password_hash: seed_hash,
            now,
        };
        let started = Instant::now();
        state
            .db
            .fill_synthetic(&spec, |done| {
                println!("{done} games after {:.0} s", started.elapsed().as_secs_f64());
            })
            .await
            .expect("fill");
        println!("filled in {:.0} s", started.elapsed().as_secs_f64());
    }
    let totals = sqlx::query(
        "SELECT (SELECT COUNT(*) FROM games), (SELECT COUNT(*) FROM games WHERE status = 'finished'), \
         (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM moves)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let total = |i: usize| totals.try_get::<i64, _>(i).unwrap();
    println!(
        "backend={backend:?} games={} finished={} users={} moves={}",
        total(0),
        total(1),
        total(2),
        total(3)
    );
    if args.explain {
        for plan in state
            .db
            .list_plans(players_sample_id(&pool).await, "player1")
            .await
            .unwrap()
        {
            println!("-- {}\n{}\n  {}", plan.name, plan.sql, plan.plan.join("\n  "));
        }
    }

    let players = players(&pool, &http, &base, &args).await;
    let busiest = &players[0];
    let median_games = {
        let mut g: Vec<i64> = players.iter().map(|p| p.games).collect();
        g.sort_unstable();
        g[g.len() / 2]
    };
    println!(
        "{} players signed in: busiest {} with {} games, median {median_games} games",
        players.len(),
        busiest.name,
        busiest.games
    );

    // Cursors for later pages: times spread over the open challenges' and the ended games'
    // ranges (a cursor is a time and an id; id "0" sorts before every game's).
    let challenge_times = time_range(
        &pool,
        "SELECT MIN(created_at), MAX(created_at) FROM games WHERE status = 'waiting' AND open_seats > 0",
    )
    .await;
    let finish_times = time_range(&pool, "SELECT MIN(finished_at), MAX(finished_at) FROM games").await;
    let variants = ["nowan", "not-chess", "chatrang", "ancient"];
    let results = ["1-0", "0-1", "1/2-1/2"];
    let enc = |r: &str| r.replace('/', "%2F");
    let n = args.samples;
    let mut rows: Vec<(&str, Vec<f64>)> = Vec::new();
    rows.push((
        "GET /archive",
        time_list(&http, &base, &players, As::Nobody, n, |_, _| "/archive".to_owned()).await,
    ));
    rows.push((
        "GET /archive?page=N (2..500)",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!("/archive?page={}", 2 + (i * 97) % 499)
        })
        .await,
    ));
    rows.push((
        "GET /archive?variant=V",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!("/archive?variant={}", variants[i % 4])
        })
        .await,
    ));
    rows.push((
        "GET /archive?result=R",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!("/archive?result={}", enc(results[i % 3]))
        })
        .await,
    ));
    rows.push((
        "GET /archive?variant=V&result=R&page=N",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!(
                "/archive?variant={}&result={}&page={}",
                variants[i % 4],
                enc(results[i % 3]),
                1 + (i * 31) % 100
            )
        })
        .await,
    ));
    rows.push((
        "GET /archive?player=P",
        time_list(&http, &base, &players, As::Nobody, n, |_, p| {
            format!("/archive?player={}", p.name)
        })
        .await,
    ));
    rows.push((
        "GET /archive?player=P&variant=V&page=2",
        time_list(&http, &base, &players, As::Nobody, n, |i, p| {
            format!("/archive?player={}&variant={}&page=2", p.name, variants[i % 4])
        })
        .await,
    ));
    rows.push((
        "GET /lobby (signed in)",
        time_list(&http, &base, &players, As::Page, n, |_, _| "/lobby".to_owned()).await,
    ));
    rows.push((
        "GET /my-games",
        time_list(&http, &base, &players, As::Page, n, |_, _| "/my-games".to_owned()).await,
    ));
    rows.push((
        "GET / (signed in)",
        time_list(&http, &base, &players, As::Page, n, |_, _| "/".to_owned()).await,
    ));
    rows.push((
        "GET /users/P",
        time_list(&http, &base, &players, As::Nobody, n, |_, p| {
            format!("/users/{}", p.name)
        })
        .await,
    ));
    rows.push((
        "GET /leaderboard/V",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!("/leaderboard/{}", variants[i % 4])
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/leaderboard/V",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!("/api/v1/leaderboard/{}", variants[i % 4])
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/users/P/ratings",
        time_list(&http, &base, &players, As::Nobody, n, |_, p| {
            format!("/api/v1/users/{}/ratings", p.name)
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/users/P/ratings/V/history",
        time_list(&http, &base, &players, As::Nobody, n, |i, p| {
            format!("/api/v1/users/{}/ratings/{}/history", p.name, variants[i % 4])
        })
        .await,
    ));
    rows.push((
        "GET /lobby?before=C (a later page)",
        time_list(&http, &base, &players, As::Page, n, |i, _| {
            format!("/lobby?before={}-0", spread(challenge_times, i))
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/challenges",
        time_list(&http, &base, &players, As::Nobody, n, |_, _| {
            "/api/v1/challenges".to_owned()
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/challenges?before=C",
        time_list(&http, &base, &players, As::Nobody, n, |i, _| {
            format!("/api/v1/challenges?before={}-0", spread(challenge_times, i))
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/games?mine=true",
        time_list(&http, &base, &players, As::Api, n, |_, _| {
            "/api/v1/games?mine=true".to_owned()
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/games?mine=true&status=all",
        time_list(&http, &base, &players, As::Api, n, |_, _| {
            "/api/v1/games?mine=true&status=all".to_owned()
        })
        .await,
    ));
    rows.push((
        "GET /api/v1/games?status=ended&before=C",
        time_list(&http, &base, &players, As::Api, n, |i, _| {
            format!("/api/v1/games?status=ended&before={}-0", spread(finish_times, i))
        })
        .await,
    ));

    println!("\n| {backend:?}: list | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- |");
    for (name, times) in &rows {
        println!(
            "| {name} | {:.1} | {:.1} | {:.1} |",
            pct(times, 0.5),
            pct(times, 0.99),
            pct(times, 1.0)
        );
    }
    let _ = stop.send(());
    let _ = task.await;
}

/// The smallest and largest value a query returns (two columns).
async fn time_range(pool: &sqlx::AnyPool, sql: &str) -> (i64, i64) {
    let row = sqlx::query(sql).fetch_one(pool).await.unwrap();
    (row.try_get(0).unwrap(), row.try_get(1).unwrap())
}

/// The `i`th of 97 points spread over `range`.
fn spread((low, high): (i64, i64), i: usize) -> i64 {
    let step = i64::try_from(i % 97).unwrap();
    low + (high - low) * step / 96
}

/// The busiest player's id, for `--explain`.
async fn players_sample_id(pool: &sqlx::AnyPool) -> i64 {
    sqlx::query(
        "SELECT user_id FROM game_seats WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY COUNT(*) DESC LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap()
    .try_get(0)
    .unwrap()
}

async fn seed_hash_of(pool: &sqlx::AnyPool) -> String {
    sqlx::query("SELECT password_hash FROM users WHERE username_key = 'volume-seed'")
        .fetch_one(pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}
