//! Perft nodes per second from each game's starting position (last ply counted in bulk).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use herald_rules::{AnyGame, GameOption, Options, Variant};

fn bench_perft(c: &mut Criterion) {
    let cases = [
        (Variant::Nowan, Options::NONE, 4),
        (Variant::NotChess, Options::NONE, 4),
        (Variant::Chatrang, Options::NONE, 8),
        (Variant::Ancient, Options::NONE, 5),
        (
            Variant::Ancient,
            Options::NONE
                .with(GameOption::FerzForward)
                .with(GameOption::Jumping)
                .with(GameOption::Promotion),
            5,
        ),
    ];
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, options, depth) in cases {
        let Ok(game) = AnyGame::new(variant, options, None) else {
            continue;
        };
        let nodes = game.perft(depth);
        group.throughput(Throughput::Elements(nodes));
        let label = if options == Options::NONE {
            variant.id().to_string()
        } else {
            format!("{}-all-options", variant.id())
        };
        group.bench_function(format!("{label}/depth-{depth}"), |b| b.iter(|| game.perft(depth)));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
