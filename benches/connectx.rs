//! ConnectX speed: perft, `legal_moves` and `apply` at Connect Four's size
//! next to `Connect4` on the same positions (the ratio is the cost of the
//! run-time size), and perft on other sizes (a 128-bit board and the
//! largest, column-word board).
//!
//! Quick run (the machine is shared):
//! `cargo bench -p rulebook-benches --bench connectx -- --warm-up-time 1 --measurement-time 2`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use rulebook::connect4::Connect4;
use rulebook::connectx::{Column, ConnectX, Parameters};
use rulebook::{perft, Game};

/// (name, moves in solver notation, perft depth): the positions of
/// `benches/connect4.rs`.
const POSITIONS: [(&str, &str, u32); 3] = [
    ("opening", "4453", 7),
    // Test_L2_R1 line 1 (25 plies).
    ("middle", "5554224333234511764415115", 7),
    // Test_L3_R1 line 3 (38 plies).
    ("near_full", "23163416124767223154467471272416755633", 4),
];

fn positions() -> impl Iterator<Item = (&'static str, Connect4, ConnectX, u32)> {
    POSITIONS.into_iter().map(|(name, moves, depth)| {
        let connect4 = Connect4::from_moves(moves).expect("valid benchmark position");
        (name, connect4, ConnectX::from(connect4), depth)
    })
}

fn perft_beside_connect4(c: &mut Criterion) {
    let mut group = c.benchmark_group("connectx/perft_6x7x4");
    for (name, connect4, connectx, depth) in positions() {
        group.bench_with_input(BenchmarkId::new("connect4", name), &connect4, |b, game| {
            b.iter(|| perft(black_box(game), depth))
        });
        group.bench_with_input(BenchmarkId::new("connectx", name), &connectx, |b, game| {
            b.iter(|| perft(black_box(game), depth))
        });
    }
    group.finish();
}

fn moves_beside_connect4(c: &mut Criterion) {
    let mut group = c.benchmark_group("connectx/moves_6x7x4");
    for (name, connect4, connectx, _) in positions() {
        group.bench_with_input(
            BenchmarkId::new("connect4/legal_moves", name),
            &connect4,
            |b, game| b.iter(|| black_box(game).legal_moves()),
        );
        group.bench_with_input(
            BenchmarkId::new("connectx/legal_moves", name),
            &connectx,
            |b, game| b.iter(|| black_box(game).legal_moves()),
        );
        let mv = connect4.legal_moves()[0];
        group.bench_with_input(
            BenchmarkId::new("connect4/apply", name),
            &connect4,
            |b, game| {
                b.iter(|| {
                    let mut next = *black_box(game);
                    next.apply(black_box(mv)).expect("legal move");
                    next
                })
            },
        );
        let mv = Column::new(mv.index()).expect("a ConnectX column");
        group.bench_with_input(
            BenchmarkId::new("connectx/apply", name),
            &connectx,
            |b, game| {
                b.iter(|| {
                    let mut next = *black_box(game);
                    next.apply(black_box(mv)).expect("legal move");
                    next
                })
            },
        );
    }
    group.finish();
}

fn perft_other_sizes(c: &mut Criterion) {
    let mut group = c.benchmark_group("connectx/perft");
    // (rows, columns, in a row, depth): a 128-bit board, the largest.
    for (rows, columns, in_a_row, depth) in [(9, 9, 5, 6), (16, 16, 16, 4)] {
        let parameters = Parameters::new(rows, columns, in_a_row).expect("valid parameters");
        let game = ConnectX::new(parameters);
        let id = BenchmarkId::new(parameters.to_string(), depth);
        group.bench_with_input(id, &game, |b, game| {
            b.iter(|| perft(black_box(game), depth))
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    perft_beside_connect4,
    moves_beside_connect4,
    perft_other_sizes
);
criterion_main!(benches);
