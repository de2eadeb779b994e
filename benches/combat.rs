//! `cargo bench --bench combat [swings per model]`: the combat sampling benchmark of
//! `duiyi::combat::bench` (the same as `duiyi combat bench`). Add `RUSTFLAGS="-C target-cpu=native"` for
//! the native figure in docs/benchmarks.md ("Combat sampling"); `node benches/combat-wasm.mjs` gives the wasm one.

fn main() {
    let swings = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.replace('_', "").parse().ok())
        .unwrap_or(100_000_000);
    duiyi::combat::bench::run(swings);
}
