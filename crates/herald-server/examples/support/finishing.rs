//! The load benchmark's finishing moves: their kinds, the CSV they are kept in (so several
//! runs can be pooled), and the report of what the rating update adds, with a bootstrap
//! interval for the difference of the p99s.

use std::io::Write;

use super::{next, pct};

/// What a finishing move ended: a rated or casual game, a pair's first of its kind or a later
/// one (the first ones are all played early in the run, while the server and its pool
/// connections warm up; `--warmup` leaves out that time for every kind).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Rated,
    Casual,
    RatedFirst,
    CasualFirst,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Rated, Kind::Casual, Kind::RatedFirst, Kind::CasualFirst];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Rated => "rated",
            Kind::Casual => "casual",
            Kind::RatedFirst => "rated_first",
            Kind::CasualFirst => "casual_first",
        }
    }

    fn of_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// One finishing move: its kind, its time in ms as the client saw it and as the server
/// timed it (`Server-Timing`), and when it was played (seconds into the run; NaN when a
/// file does not say).
#[derive(Clone, Copy)]
pub struct Sample {
    pub kind: Kind,
    pub client_ms: f64,
    pub server_ms: f64,
    pub at_s: f64,
}

/// Appends `samples` to the CSV file `path` (`kind,client_ms,server_ms,at_s`).
pub fn append(path: &str, samples: &[Sample]) {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .expect("samples file");
    for s in samples {
        writeln!(
            file,
            "{},{:.4},{:.4},{:.3}",
            s.kind.name(),
            s.client_ms,
            s.server_ms,
            s.at_s
        )
        .expect("write samples");
    }
}

/// Every sample of the CSV files `paths`.
pub fn read(paths: &[String]) -> Vec<Sample> {
    let mut out = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).expect("samples file");
        for line in text.lines().filter(|l| !l.is_empty()) {
            let mut fields = line.split(',');
            let (Some(kind), Some(client), Some(server)) = (fields.next(), fields.next(), fields.next()) else {
                panic!("{path}: bad line {line}");
            };
            out.push(Sample {
                kind: Kind::of_name(kind).unwrap_or_else(|| panic!("{path}: bad kind {kind}")),
                client_ms: client.parse().expect("client ms"),
                server_ms: server.parse().expect("server ms"),
                at_s: fields
                    .next()
                    .map_or(f64::NAN, |at| at.parse().expect("seconds into the run")),
            });
        }
    }
    out
}

/// Prints each kind's p50 / p99 / max, as the client saw them and as the server timed them,
/// then (when both rated and casual endings were played) what the rating update adds at the
/// median and at p99, with a 95 % bootstrap interval for the p99's difference. With a
/// `warmup` (seconds), only the moves played after it count (moves of unknown time do not).
pub fn report(samples: &[Sample], warmup: f64) {
    let kept: Vec<Sample>;
    let samples = if warmup > 0.0 {
        kept = samples.iter().filter(|s| s.at_s >= warmup).copied().collect();
        println!(
            "after a warm-up of {warmup} s: {} of {} finishing moves",
            kept.len(),
            samples.len()
        );
        &kept[..]
    } else {
        samples
    };
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let ms = side.sorted(samples, kind);
            if ms.is_empty() {
                continue;
            }
            println!(
                "{} {} finishing_moves={} finishing_p50_ms={:.2} finishing_p99_ms={:.2} finishing_max_ms={:.2}",
                kind.name(),
                side.name(),
                ms.len(),
                pct(&ms, 0.50),
                pct(&ms, 0.99),
                pct(&ms, 1.0),
            );
        }
    }
    for side in Side::BOTH {
        for (rated, casual, what) in [
            (Kind::Rated, Kind::Casual, "rating_adds"),
            (Kind::RatedFirst, Kind::CasualFirst, "first_rating_adds"),
        ] {
            let (rated, casual) = (side.sorted(samples, rated), side.sorted(samples, casual));
            if rated.is_empty() || casual.is_empty() {
                continue;
            }
            let (low, high) = bootstrap_p99_difference(&rated, &casual);
            println!(
                "{} {what}_p50_ms={:.2} {what}_p99_ms={:.2} {what}_p99_95pct_interval_ms=[{low:.2}, {high:.2}]",
                side.name(),
                pct(&rated, 0.50) - pct(&casual, 0.50),
                pct(&rated, 0.99) - pct(&casual, 0.99),
            );
        }
    }
}

#[derive(Clone, Copy)]
enum Side {
    Client,
    Server,
}

impl Side {
    const BOTH: [Side; 2] = [Side::Client, Side::Server];

    fn name(self) -> &'static str {
        match self {
            Side::Client => "client",
            Side::Server => "server",
        }
    }

    fn sorted(self, samples: &[Sample], kind: Kind) -> Vec<f64> {
        let mut ms: Vec<f64> = samples
            .iter()
            .filter(|s| s.kind == kind)
            .map(|s| match self {
                Side::Client => s.client_ms,
                Side::Server => s.server_ms,
            })
            .collect();
        ms.sort_by(f64::total_cmp);
        ms
    }
}

/// The 2.5th and 97.5th percentiles of p99(rated) − p99(casual) over 2,000 resamplings (with
/// replacement) of each set: how far the measured difference may be from the run's noise.
fn bootstrap_p99_difference(rated: &[f64], casual: &[f64]) -> (f64, f64) {
    let mut seed = 0x2545_F491_4F6C_DD1D_u64;
    let mut resample = |from: &[f64]| {
        let mut drawn: Vec<f64> = (0..from.len())
            .map(|_| from[(next(&mut seed) % from.len() as u64) as usize])
            .collect();
        drawn.sort_by(f64::total_cmp);
        pct(&drawn, 0.99)
    };
    let mut differences: Vec<f64> = (0..2000).map(|_| resample(rated) - resample(casual)).collect();
    differences.sort_by(f64::total_cmp);
    (pct(&differences, 0.025), pct(&differences, 0.975))
}
