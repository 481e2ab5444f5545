//! Pairing one Swiss round of 1,000 players: round 5 (and round 9, and round 9 as the last
//! of nine, topscorer rules in play) after earlier rounds of seeded random results, every
//! round paired by the same code, float history kept as the server keeps it.

use std::collections::HashSet;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use herald_pairing::{Colour, Float, RoundInfo, SwissPlayer, pair_round, pair_round_with};

/// xorshift64*: enough randomness for results, and the same field on every run.
struct XorShift(u64);

impl XorShift {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// `players` entrants after `rounds` rounds: wins, draws and losses equally likely, the bye
/// scoring a win (2 half points).
fn field_after(players: usize, rounds: usize, seed: u64) -> Vec<SwissPlayer> {
    let mut rng = XorShift(seed);
    let mut field: Vec<SwissPlayer> = (1..=players)
        .map(|number| SwissPlayer {
            number,
            points: 0,
            colours: Vec::new(),
            opponents: HashSet::new(),
            had_bye: false,
            floats: Vec::new(),
        })
        .collect();
    for _ in 0..rounds {
        let Ok(round) = pair_round(&field) else {
            break;
        };
        let before: Vec<u32> = field.iter().map(|p| p.points).collect();
        for p in &mut field {
            p.floats.push(if round.bye == Some(p.number) {
                Float::Down
            } else {
                Float::None
            });
        }
        for game in &round.games {
            let (w, b) = (game.white - 1, game.black - 1);
            if before[w] != before[b] {
                let (high, low) = if before[w] > before[b] { (w, b) } else { (b, w) };
                let last = field[high].floats.len() - 1;
                field[high].floats[last] = Float::Down;
                field[low].floats[last] = Float::Up;
            }
        }
        for game in &round.games {
            let (white, black) = match rng.below(3) {
                0 => (2, 0),
                1 => (1, 1),
                _ => (0, 2),
            };
            for (me, other, colour, points) in [
                (game.white, game.black, Colour::White, white),
                (game.black, game.white, Colour::Black, black),
            ] {
                let p = &mut field[me - 1];
                p.points += points;
                p.colours.push(colour);
                p.opponents.insert(other);
            }
        }
        if let Some(bye) = round.bye {
            field[bye - 1].points += 2;
            field[bye - 1].had_bye = true;
        }
    }
    field
}

fn bench_swiss(c: &mut Criterion) {
    let mut group = c.benchmark_group("swiss");
    group.sample_size(30);
    for round in [5, 9] {
        let field = field_after(1000, round - 1, 0x5eed_2026);
        group.bench_function(format!("1000-players/round-{round}"), |b| {
            b.iter(|| pair_round(black_box(&field)))
        });
    }
    // The last of nine rounds, with the topscorer rules in play.
    let field = field_after(1000, 8, 0x5eed_2026);
    let last = RoundInfo {
        round: 9,
        total_rounds: 9,
        points_for_win: 2,
    };
    group.bench_function("1000-players/round-9-of-9", |b| {
        b.iter(|| pair_round_with(black_box(&field), Some(&last)))
    });
    group.finish();
}

criterion_group!(benches, bench_swiss);
criterion_main!(benches);
