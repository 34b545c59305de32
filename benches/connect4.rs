//! Connect Four speed: `legal_moves`, `apply` and perft in an opening, a
//! middle-game and a near-full position.
//!
//! Quick run (the machine is shared): `cargo bench -p rulebook-benches --bench connect4 -- --quick`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use rulebook::connect4::Connect4;
use rulebook::{perft, Game};

/// (name, moves in solver notation, perft depth).
const POSITIONS: [(&str, &str, u32); 3] = [
    ("opening", "4453", 7),
    // Test_L2_R1 line 1 (25 plies).
    ("middle", "5554224333234511764415115", 7),
    // Test_L3_R1 line 3 (38 plies).
    ("near_full", "23163416124767223154467471272416755633", 4),
];

fn positions() -> impl Iterator<Item = (&'static str, Connect4, u32)> {
    POSITIONS.into_iter().map(|(name, moves, depth)| {
        let game = Connect4::from_moves(moves).expect("valid benchmark position");
        (name, game, depth)
    })
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4/legal_moves");
    for (name, game, _) in positions() {
        group.bench_with_input(BenchmarkId::from_parameter(name), &game, |b, game| {
            b.iter(|| black_box(game).legal_moves())
        });
    }
    group.finish();
}

fn apply(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4/apply");
    for (name, game, _) in positions() {
        let mv = game.legal_moves()[0];
        group.bench_with_input(BenchmarkId::from_parameter(name), &game, |b, game| {
            b.iter(|| {
                let mut next = *black_box(game);
                next.apply(black_box(mv)).expect("legal move");
                next
            })
        });
    }
    group.finish();
}

fn perft_fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("connect4/perft");
    for (name, game, depth) in positions() {
        let id = BenchmarkId::new(name, depth);
        group.bench_with_input(id, &game, |b, game| {
            b.iter(|| perft(black_box(game), depth))
        });
    }
    group.finish();
}

criterion_group!(benches, legal_moves, apply, perft_fixed_depth);
criterion_main!(benches);
