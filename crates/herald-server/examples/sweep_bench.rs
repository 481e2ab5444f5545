//! Benchmark (not a test) of the deadline sweeper on PostgreSQL: 1,000,000 active games, of
//! which 0, 100 and 10,000 have passed their deadline; times one `sweep_once` and the sweeps
//! needed to drain the backlog.
//!
//! `cargo run --release -p herald-server --example sweep_bench -- postgres://postgres@127.0.0.1:5432/postgres [games]`
//! (creates and drops the database `herald_sweep_bench` on that server).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[path = "support/allocator.rs"]
mod allocator;

use std::sync::Arc;
use std::time::{Duration, Instant};

use herald_server::domain::rules::HeraldRules;
use herald_server::infra::clock::ManualClock;
use herald_server::infra::engine_pool::EnginePool;
use herald_server::storage::Db;
use herald_server::workers::sweeper::sweep_once;
use herald_server::{AppState, Config};
use sqlx::Connection;

const NOW: i64 = 1_764_460_800_000;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let admin = args
        .next()
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".to_owned());
    let games: i64 = args.next().map_or(1_000_000, |n| n.parse().unwrap());
    let mut conn = sqlx::PgConnection::connect(&admin).await.unwrap();
    sqlx::query("DROP DATABASE IF EXISTS herald_sweep_bench WITH (FORCE)")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("CREATE DATABASE herald_sweep_bench")
        .execute(&mut conn)
        .await
        .unwrap();
    let base = admin.rsplit_once('/').unwrap().0;
    let url = format!("{base}/herald_sweep_bench");
    let db = Db::open(&url, 8).await.unwrap();
    let pool = db.pool().clone();
    let setup = Instant::now();
    for sql in [
        "INSERT INTO users (username, username_key, password_hash, created_at) VALUES \
         ('white', 'white', 'x', 0), ('black', 'black', 'x', 0)",
        // Deadlines spread over days 1 to 4 from now; the sweeper's next look at each game is
        // its 80 % point (deadline - 0.8 day for 4-day turns), all still in the future.
        "INSERT INTO games (id, variant, options, status, created_by, created_at, updated_at, days_per_move, \
         fen, ply, turn, move_by, sweep_at, timeout_policy) \
         SELECT 'g' || i, 'not-chess', '', 'active', 1, 0, 0, 4, 'x', 2, 1, \
         $1 + 86400000 + i * 259200000 / $2, $1 + 86400000 + i * 259200000 / $2 - 69120000, 'claim' \
         FROM generate_series(1, $2) AS i",
        "INSERT INTO game_seats (game_id, seat, user_id) SELECT 'g' || i, s, s + 1 \
         FROM generate_series(1, $2) AS i, generate_series(0, 1) AS s",
        "ANALYZE",
    ] {
        let q = sqlx::query(sql);
        let q = if sql.contains("$2") {
            q.bind(NOW).bind(games)
        } else if sql.contains("$1") {
            q.bind(NOW)
        } else {
            q
        };
        q.execute(&pool).await.unwrap();
    }
    println!("set up {games} active games in {:.1} s", setup.elapsed().as_secs_f64());
    let clock = ManualClock::new(NOW);
    let state = AppState {
        db,
        clock: Arc::new(clock.clone()),
        rules: Arc::new(HeraldRules),
        config: Arc::new(Config::for_tests(&url)),
        positions: Arc::default(),
        engine: EnginePool::configured(&Config::for_tests(&url)),
    };
    let mut offset = 0_i64;
    for expired in [0_i64, 100, 10_000] {
        // Make `expired` games due: their deadline passed a second ago.
        sqlx::query(
            "UPDATE games SET move_by = $1 - 1000, sweep_at = $1 - 1000 WHERE id IN \
             (SELECT 'g' || i FROM generate_series($2 + 1, $2 + $3) AS i)",
        )
        .bind(NOW)
        .bind(offset)
        .bind(expired)
        .execute(&pool)
        .await
        .unwrap();
        offset += expired;
        let mut first = None;
        let mut sweeps = 0;
        let mut marked = 0;
        let start = Instant::now();
        loop {
            let t = Instant::now();
            let report = sweep_once(&state).await.unwrap();
            first.get_or_insert(t.elapsed());
            sweeps += 1;
            marked += report.claimable;
            if report.games == 0 {
                break;
            }
        }
        let total = start.elapsed();
        // Steady state: repeated sweeps with nothing due.
        let mut idle: Vec<f64> = (0..20).map(|_| 0.0).collect();
        for slot in &mut idle {
            let t = Instant::now();
            sweep_once(&state).await.unwrap();
            *slot = ms(t.elapsed());
        }
        idle.sort_by(f64::total_cmp);
        println!(
            "expired {expired:>6}: first sweep {:.1} ms (batch {}), drained in {sweeps} sweeps / {:.0} ms, \
             {marked} marked claimable; then an idle sweep: median {:.2} ms, max {:.2} ms",
            ms(first.unwrap_or_default()),
            state.config.sweep_batch,
            ms(total),
            idle[idle.len() / 2],
            idle[idle.len() - 1],
        );
    }
    state.db.close().await;
    sqlx::query("DROP DATABASE IF EXISTS herald_sweep_bench WITH (FORCE)")
        .execute(&mut conn)
        .await
        .unwrap();
}
