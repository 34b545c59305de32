//! The plain walk every search takes (`rulebook::perft_plain`:
//! `legal_moves` + `apply_unchecked`, the last ply counted by the length of
//! `legal_moves()`), next to each game's own fast perft at the same depth.
//!
//! Quick run: `cargo bench -p rulebook-benches --bench perft_plain -- --quick`.
//! The same walk from the command line, for a longer count:
//! `cargo run --release --example perft -- checkers 11 --plain`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulebook::checkers::Checkers;
use rulebook::connect4::Connect4;
use rulebook::{perft, perft_plain, Game};

/// Benches both walks of `game` at `depth`, reporting leaves per second.
fn bench_walks<G: Game>(c: &mut Criterion, group_name: &str, positions: &[(&str, G, u32)]) {
    let mut group = c.benchmark_group(group_name);
    group.sample_size(10);
    for (name, game, depth) in positions {
        group.throughput(Throughput::Elements(perft(game, *depth)));
        group.bench_with_input(
            BenchmarkId::new(format!("plain/{name}"), depth),
            game,
            |b, game| b.iter(|| perft_plain(black_box(game), *depth)),
        );
        group.bench_with_input(
            BenchmarkId::new(format!("fast/{name}"), depth),
            game,
            |b, game| b.iter(|| perft(black_box(game), *depth)),
        );
    }
    group.finish();
}

fn checkers(c: &mut Criterion) {
    let middle = "B:W14,15,16,21,22,23,24,26,27,30,31:B1,2,3,5,6,7,8,9,10,11,12";
    let positions = [
        ("start", Checkers::default(), 8),
        (
            "middle_captures",
            Checkers::from_fen(middle).expect("valid FEN"),
            7,
        ),
    ];
    bench_walks(c, "checkers/perft_walks", &positions);
}

fn connect4(c: &mut Criterion) {
    let positions = [
        ("empty", Connect4::default(), 7),
        (
            // Test_L2_R1 line 1 (25 plies).
            "middle",
            Connect4::from_moves("5554224333234511764415115").expect("valid moves"),
            7,
        ),
    ];
    bench_walks(c, "connect4/perft_walks", &positions);
}

criterion_group!(benches, checkers, connect4);
criterion_main!(benches);
