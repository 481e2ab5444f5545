//! The level ladder: each level against the one below, in every game asked, from seeded
//! random openings each played with both sides (in Chatrang a team of two engines at level
//! N against two at N-1). A benchmark for the level table, not a test.
//!
//! `ladder <games> <pairs> [openings] [plies] [seed] [threads] [cap] [table]`: games is `all`
//! or a comma list of ids (`nowan,chatrang`), pairs `all` or a comma list such as `2-1,8-7`
//! (`1-0`: level 1 against a seeded random mover);
//! defaults: 20 openings of 4 plies, seed 11, 2 threads, a 300-ply cap (a draw). `table`,
//! for tuning, replaces the level table: eight rows `depth/nodes/noise` separated by commas,
//! depth `-` for none (`1/1000/400,2/3000/250,...`).

use std::collections::BTreeMap;
use std::error::Error;
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use herald_engine::matchplay::{Result3, Rng, Tally, random_openings, team_of_a};
use herald_engine::{Engine, Level, LevelLimits, Limits, Settings};
use herald_rules::{AnyGame, Move, Options, Variant};

struct Job {
    variant: Variant,
    upper: Level,
    opening: Vec<Move>,
    index: usize,
}

/// A pair's tally, plies played and each side's (moves, time), upper level first.
type PairTotals = (Tally, usize, [(u32, Duration); 2]);

/// One finished game: the upper level's result, its plies, and each side's (moves, time).
struct Played {
    result: Result3,
    plies: usize,
    time: [(u32, Duration); 2],
}

fn main() -> Result<(), Box<dyn Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, default: &str| args.get(i).cloned().unwrap_or_else(|| default.to_owned());
    let games: Vec<Variant> = match arg(0, "all").as_str() {
        "all" => Variant::ALL.to_vec(),
        list => list.split(',').map(Variant::from_str).collect::<Result<_, _>>()?,
    };
    let pairs: Vec<Level> = match arg(1, "all").as_str() {
        "all" => Level::all().skip(1).collect(),
        list => list
            .split(',')
            .map(|pair| {
                let upper = pair.split('-').next().unwrap_or_default();
                upper.parse::<u8>().ok().and_then(Level::new)
            })
            .collect::<Option<_>>()
            .ok_or("pairs are like 2-1,3-2 (1-0: level 1 against random)")?,
    };
    let openings: usize = arg(2, "20").parse()?;
    let plies: usize = arg(3, "4").parse()?;
    let seed: u64 = arg(4, "11").parse()?;
    let threads: usize = arg(5, "2").parse()?;
    let cap: usize = arg(6, "300").parse()?;
    let table = match args.get(7) {
        None => None,
        Some(text) => Some(parse_table(text).ok_or("a table is eight rows depth/nodes/noise")?),
    };
    let table = table.as_ref();

    let mut jobs = Vec::new();
    for &variant in &games {
        let start = AnyGame::new(variant, Options::NONE, None)?;
        let lines = random_openings(&start, openings, plies, seed);
        for &upper in &pairs {
            for (n, line) in lines.iter().enumerate() {
                for side in 0..2 {
                    jobs.push(Job {
                        variant,
                        upper,
                        opening: line.clone(),
                        index: n * 2 + side,
                    });
                }
            }
        }
    }
    // The slowest pairs first, so that the threads finish together.
    jobs.sort_by_key(|job| std::cmp::Reverse(job.upper));
    println!(
        "ladder: {} games; {openings} openings of {plies} plies, seed {seed}, both sides; {cap}-ply cap; {threads} threads",
        jobs.len()
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<BTreeMap<(Variant, Level), PairTotals>> = Mutex::default();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let played = match play(job, cap, table) {
                        Ok(played) => played,
                        Err(e) => {
                            eprintln!("{} game {}: {e}", job.variant.id(), job.index);
                            continue;
                        }
                    };
                    let Ok(mut results) = results.lock() else { break };
                    let entry = results.entry((job.variant, job.upper)).or_default();
                    entry.0.add(played.result);
                    entry.1 += played.plies;
                    for side in 0..2 {
                        entry.2[side].0 += played.time[side].0;
                        entry.2[side].1 += played.time[side].1;
                    }
                }
            });
        }
    });
    println!("| Game | Pair | Upper +/=/- | Upper's score | Elo (95 %) | Plies a game | ms a move, upper / lower |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for ((variant, upper), (tally, plies, time)) in results.into_inner()? {
        let ms = |(moves, time): (u32, Duration)| time.as_secs_f64() * 1000.0 / f64::from(moves.max(1));
        let elo = tally.elo().map_or("-".to_owned(), |e| e.to_string());
        println!(
            "| {} | {} v {} | +{} ={} -{} | {:.1} % | {elo} | {:.0} | {:.1} / {:.1} |",
            variant.id(),
            upper.get(),
            if upper == Level::MIN {
                "random".to_owned()
            } else {
                (upper.get() - 1).to_string()
            },
            tally.wins,
            tally.draws,
            tally.losses,
            tally.score().unwrap_or(0.0) * 100.0,
            plies as f64 / f64::from(tally.games().max(1)),
            ms(time[0]),
            ms(time[1]),
        );
    }
    println!("wall time {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Plays one game: the upper level takes team `team_of_a(index)`.
fn play(job: &Job, cap: usize, table: Option<&Vec<LevelLimits>>) -> Result<Played, String> {
    let upper_team = team_of_a(job.index);
    let lower = Level::new(job.upper.get() - 1).unwrap_or(Level::MIN);
    let mut game = AnyGame::new(job.variant, Options::NONE, None).map_err(|e| e.to_string())?;
    for m in &job.opening {
        game.play_text(&m.to_string())
            .map_err(|e| format!("opening move {m}: {e}"))?;
    }
    let seats = game.spec().seats;
    let mut engines: Vec<Engine> = seats.iter().map(|_| Engine::new(16)).collect();
    let mut time = [(0_u32, Duration::ZERO); 2];
    // Below level 1 is a random mover.
    let mut random = (job.upper == Level::MIN).then(|| Rng::new(job.index as u64 + 1));
    while game.outcome().is_none() && game.moves().len() < cap {
        let seat = game.turn().index();
        let upper = seats[seat].team == upper_team;
        let level = if upper { job.upper } else { lower };
        let seed = (job.index as u64) << 16 | (game.moves().len() as u64) << 2 | seat as u64;
        let settings = match table {
            None => Settings::level(level, seed),
            Some(rows) => {
                let row = rows[usize::from(level.get() - 1)];
                Settings {
                    limits: Limits {
                        depth: row.depth,
                        nodes: Some(row.nodes),
                        ..Limits::default()
                    },
                    level: None,
                    seed,
                    noise: row.noise,
                }
            }
        };
        if let (false, Some(rng)) = (upper, random.as_mut()) {
            let moves = game.legal_moves();
            let Some(m) = moves.get(rng.below(moves.len())) else {
                break;
            };
            game.play_text(&m.to_string())
                .map_err(|e| format!("random move {m}: {e}"))?;
            continue;
        }
        let started = Instant::now();
        let Some(found) = engines[seat].think(&game, &settings, &mut |_| {}) else {
            break;
        };
        let side = usize::from(!upper);
        time[side].0 += 1;
        time[side].1 += started.elapsed();
        game.play_text(&found.best.to_string()).map_err(|e| {
            format!(
                "level {} played {}, which the rules refuse: {e}",
                level.get(),
                found.best
            )
        })?;
    }
    Ok(Played {
        result: Result3::from_outcome(game.outcome(), upper_team),
        plies: game.moves().len(),
        time,
    })
}

/// Eight rows `depth/nodes/noise`, depth `-` for none.
fn parse_table(text: &str) -> Option<Vec<LevelLimits>> {
    let rows: Vec<LevelLimits> = text
        .split(',')
        .map(|row| {
            let mut parts = row.split('/');
            let depth = match parts.next()? {
                "-" => None,
                d => Some(d.parse().ok()?),
            };
            let nodes = parts.next()?.parse().ok()?;
            let noise = parts.next()?.parse().ok()?;
            Some(LevelLimits { depth, nodes, noise })
        })
        .collect::<Option<_>>()?;
    (rows.len() == 8).then_some(rows)
}
