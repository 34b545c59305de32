//! `Match` with draw rules: the cost of one move must not grow with the
//! length of the game or the size of the move limit (the hostile case:
//! the largest `move_limit` and tens of thousands of king shuffles).
//!
//! Quick run: `cargo bench -p rulebook-benches --bench match_draw_rules -- --quick`. Compare the
//! two sizes: with constant work per move, 60,000 plies cost about 6 times
//! 10,000.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use rulebook::checkers::{Checkers, Move};
use rulebook::{DrawRules, Game, Match};

/// Two kings shuffling: every move reversible, positions repeating.
const START: &str = "B:WK32:BK1";
const SHUFFLE: [&str; 4] = ["1-6", "32-27", "6-1", "27-32"];

fn shuffle_moves(plies: usize) -> Vec<Move> {
    let mut game = Checkers::from_fen(START).expect("valid FEN");
    (0..plies)
        .map(|ply| {
            let mv = game.parse_move(SHUFFLE[ply % 4]).expect("legal shuffle");
            game.apply_unchecked(mv);
            mv
        })
        .collect()
}

fn play_with_huge_limit(c: &mut Criterion) {
    let mut group = c.benchmark_group("match/king_shuffle_move_limit_u32_max");
    group.sample_size(10);
    let rules = DrawRules {
        threefold_repetition: false,
        move_limit: Some(u32::MAX),
    };
    let start = Checkers::from_fen(START).expect("valid FEN");
    for plies in [10_000, 60_000] {
        let moves = shuffle_moves(plies);
        group.bench_with_input(BenchmarkId::from_parameter(plies), &moves, |b, moves| {
            b.iter(|| {
                let mut game = Match::with_rules(start, rules);
                for &mv in moves {
                    game.play(mv).expect("legal");
                }
                black_box(game.reversible_plies())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, play_with_huge_limit);
criterion_main!(benches);
