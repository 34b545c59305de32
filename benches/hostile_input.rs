//! Criterion benches for hostile input: text built to make a parser do
//! more than linear work. Each input is measured at two sizes, a quarter
//! and the whole of `LARGE`; a linear reader takes about 4 times as long on
//! the larger one (criterion reports the time and the bytes per second,
//! which stay about the same).
//!
//! - `pdn/unclosed_comments`: games whose `{` is never closed
//!   (`[E ""]`, `{`, a blank line, again and again);
//! - `pdn/unclosed_variations`: the same with `(`;
//! - `pdn/closed_comments`: the same games with `{}`, the baseline;
//! - `pdn/many_tags`: one game with thousands of distinct tags (duplicates
//!   must be found without comparing every pair).
//!
//! Quick run: `cargo bench -p rulebook-benches --bench hostile_input -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rulebook::checkers::pdn::PdnReader;

/// The larger size of every input, in bytes.
const LARGE: usize = 256 * 1024;
/// The two sizes measured.
const SIZES: [usize; 2] = [LARGE / 4, LARGE];

/// `unit` repeated (the last one cut) to exactly `size` bytes of ASCII.
fn repeated(unit: &str, size: usize) -> String {
    unit.repeat(size / unit.len() + 1)[..size].to_owned()
}

/// One game with `[T0 ""]`, `[T1 ""]`, ... up to `size` bytes of tags.
fn many_tags(size: usize) -> String {
    let mut text = String::with_capacity(size + 16);
    let mut index = 0;
    while text.len() < size {
        text.push_str(&format!("[T{index} \"\"]\n"));
        index += 1;
    }
    text.push_str("*\n");
    text
}

/// Builds an input of the given size in bytes.
type Build = fn(usize) -> String;

fn pdn(c: &mut Criterion) {
    let inputs: [(&str, Build); 4] = [
        ("unclosed_comments", |size| {
            repeated("[E \"\"]\n{\n\n", size)
        }),
        ("unclosed_variations", |size| {
            repeated("[E \"\"]\n(\n\n", size)
        }),
        ("closed_comments", |size| repeated("[E \"\"]\n{}\n\n", size)),
        ("many_tags", many_tags),
    ];
    for (name, build) in inputs {
        let mut group = c.benchmark_group(format!("pdn/{name}"));
        for size in SIZES {
            let text = build(size);
            group.throughput(Throughput::Bytes(text.len() as u64));
            group.bench_with_input(BenchmarkId::from_parameter(size), &text, |b, text| {
                b.iter(|| PdnReader::new(black_box(text)).count())
            });
        }
        group.finish();
    }
}

criterion_group!(benches, pdn);
criterion_main!(benches);
