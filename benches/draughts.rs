//! Perft of each draughts variant from its start position, beside
//! `Checkers` at the same depth (the yardstick: the 8x8 variants
//! within twice Checkers' time), and International on its 10x10 board in
//! both counting conventions.
//!
//! Quick run: `cargo bench -p rulebook-benches --bench draughts -- --quick`.
//! Longer counts from the command line:
//! `cargo run --release --example perft -- russian 11` against `-- checkers 11`.

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulebook::catalog::Variant;
use rulebook::checkers::Checkers;
use rulebook::draughts::{Draughts, International, Rules, RulesVisitor};
use rulebook::{perft, Game};

/// The depth the 8x8 variants and checkers are counted to.
const DEPTH_8X8: u32 = 8;
/// The depth International is counted to.
const DEPTH_INTERNATIONAL: u32 = 6;

/// Benches `game`'s perft to `depth` under `name`, reporting leaves/s.
fn bench_perft<G: Game>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    name: &str,
    game: &G,
    depth: u32,
) {
    group.throughput(Throughput::Elements(perft(game, depth)));
    group.bench_with_input(BenchmarkId::new(name, depth), game, |b, game| {
        b.iter(|| perft(black_box(game), depth))
    });
}

/// Benches one draughts variant from its start position.
fn bench_variant<R: Rules>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    depth: u32,
) {
    bench_perft(group, R::NAME, &Draughts::<R>::default(), depth);
}

fn start_8x8(c: &mut Criterion) {
    let mut group = c.benchmark_group("draughts/perft_start_8x8");
    group.sample_size(10);
    bench_perft(&mut group, "checkers", &Checkers::default(), DEPTH_8X8);
    /// [`bench_variant`] for the 8x8 variants.
    struct Bench8x8<'a, 'g>(
        &'a mut criterion::BenchmarkGroup<'g, criterion::measurement::WallTime>,
    );
    impl RulesVisitor for Bench8x8<'_, '_> {
        type Output = ();
        fn visit<R: Rules>(self) {
            if R::SIZE == 8 {
                bench_variant::<R>(self.0, DEPTH_8X8);
            }
        }
    }
    for variant in Variant::ALL {
        variant.rules().visit_rules(Bench8x8(&mut group));
    }
    group.finish();
}

fn international(c: &mut Criterion) {
    let mut group = c.benchmark_group("draughts/perft_start_international");
    group.sample_size(10);
    let game = International::default();
    bench_perft(&mut group, "routes", &game, DEPTH_INTERNATIONAL);
    group.throughput(Throughput::Elements(
        game.perft_distinct(DEPTH_INTERNATIONAL),
    ));
    group.bench_with_input(
        BenchmarkId::new("distinct", DEPTH_INTERNATIONAL),
        &game,
        |b, game| b.iter(|| black_box(game).perft_distinct(DEPTH_INTERNATIONAL)),
    );
    group.finish();
}

criterion_group!(benches, start_8x8, international);
criterion_main!(benches);
