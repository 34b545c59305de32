//! Criterion benches for the generic searches: alpha-beta to a fixed depth
//! with each game's evaluation, and Monte Carlo tree search for a fixed
//! number of playouts, from an opening and a middle-game position. Each
//! iteration starts from an empty table; the throughput is in nodes
//! (alpha-beta: positions searched; MCTS: playouts), so criterion reports
//! nodes per second.
//!
//! Quick run: `cargo bench -p rulebook-benches --bench search -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulebook::checkers::{self, Checkers};
use rulebook::connect4::{self, Connect4};
use rulebook::search::{AlphaBeta, Evaluator, Limits, Mcts, Searcher};
use rulebook::Game;

/// The transposition table of the benches: 16 MiB, the engines' size.
const TABLE_BYTES: usize = 16 << 20;
/// Playouts of each MCTS search.
const PLAYOUTS: u64 = 2_000;

/// Benches alpha-beta to `depth` and MCTS from `game`, named `name`.
fn bench_game<G: Game, E: Evaluator<G> + Copy>(
    c: &mut Criterion,
    game_name: &str,
    positions: &[(&str, G, u32)],
    evaluator: E,
) {
    let mut group = c.benchmark_group(format!("search/{game_name}/alpha_beta"));
    group.sample_size(10);
    for (name, game, depth) in positions {
        let mut search = AlphaBeta::with_table_bytes(evaluator, TABLE_BYTES);
        let nodes = search.search(game.clone(), Limits::depth(*depth)).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(
            BenchmarkId::new(*name, format!("depth {depth}")),
            game,
            |b, game| {
                b.iter(|| {
                    search.clear();
                    search.search(black_box(game.clone()), Limits::depth(*depth))
                })
            },
        );
    }
    group.finish();

    let mut group = c.benchmark_group(format!("search/{game_name}/mcts"));
    group.sample_size(10);
    group.throughput(Throughput::Elements(PLAYOUTS));
    for (name, game, _) in positions {
        let mut search = Mcts::new(1);
        group.bench_with_input(
            BenchmarkId::new(*name, format!("{PLAYOUTS} playouts")),
            game,
            |b, game| b.iter(|| search.search(black_box(game.clone()), Limits::nodes(PLAYOUTS))),
        );
    }
    group.finish();
}

fn checkers_search(c: &mut Criterion) {
    let middle =
        Checkers::from_fen("B:W14,15,16,21,22,23,24,26,27,30,31:B1,2,3,5,6,7,8,9,10,11,12")
            .expect("bench FEN is valid");
    let positions = [
        ("opening", Checkers::default(), 13),
        ("middle_game", middle, 14),
    ];
    bench_game(c, "checkers", &positions, checkers::Evaluation::new());
}

fn connect4_search(c: &mut Criterion) {
    let middle = Connect4::from_moves("434352").expect("bench moves are valid");
    let positions = [
        ("opening", Connect4::default(), 12),
        ("middle_game", middle, 13),
    ];
    bench_game(c, "connect4", &positions, connect4::Evaluation::new());
}

criterion_group!(benches, checkers_search, connect4_search);
criterion_main!(benches);
