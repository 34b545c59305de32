//! Criterion benches for checkers: `legal_moves`, `apply` and perft in an
//! opening, a middle game with many captures, and a kings endgame.
//!
//! Quick run: `cargo bench -p rulebook-benches --bench checkers -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulebook::checkers::Checkers;
use rulebook::{perft, Game};

/// (name, FEN, perft depth, leaves at that depth).
const POSITIONS: [(&str, &str, u32, u64); 3] = [
    (
        "opening",
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
        9,
        3_963_680,
    ),
    (
        // Six captures to choose from, four of them double jumps.
        "middle_captures",
        "B:W14,15,16,21,22,23,24,26,27,30,31:B1,2,3,5,6,7,8,9,10,11,12",
        9,
        0,
    ),
    ("kings_endgame", "W:WK22,K26,K27,K31:BK1,K2,K6,K10", 7, 0),
];

fn positions() -> impl Iterator<Item = (&'static str, Checkers, u32, u64)> {
    POSITIONS.into_iter().map(|(name, fen, depth, leaves)| {
        let game = Checkers::from_fen(fen).expect("bench FEN is valid");
        let leaves = if leaves == 0 {
            perft(&game, depth)
        } else {
            leaves
        };
        (name, game, depth, leaves)
    })
}

fn legal_moves(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers/legal_moves");
    for (name, game, _, _) in positions() {
        group.bench_with_input(BenchmarkId::from_parameter(name), &game, |b, game| {
            b.iter(|| black_box(game).legal_moves())
        });
    }
    group.finish();
}

fn apply(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers/apply_each_legal_move");
    for (name, game, _, _) in positions() {
        let moves = game.legal_moves();
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(name), &game, |b, game| {
            b.iter(|| {
                for &mv in moves.iter() {
                    let mut child = *black_box(game);
                    child.apply_unchecked(mv);
                    black_box(child);
                }
            })
        });
    }
    group.finish();
}

fn perft_fixed_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("checkers/perft");
    group.sample_size(10);
    for (name, game, depth, leaves) in positions() {
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(
            BenchmarkId::new(name, depth),
            &(game, depth),
            |b, (game, depth)| b.iter(|| perft(black_box(game), *depth)),
        );
    }
    group.finish();
}

criterion_group!(benches, legal_moves, apply, perft_fixed_depth);
criterion_main!(benches);
