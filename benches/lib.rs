//! The criterion benchmarks of `rulebook` (the `[[bench]]` targets of this
//! package); this library is empty. A package of its own, so that the
//! library's `cargo test` never builds criterion.
