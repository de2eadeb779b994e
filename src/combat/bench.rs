//! The combat benchmark (`duiyi combat bench [swings]`, also `cargo bench --bench combat`): Monte-Carlo
//! swings per second for each model on two sheets, and the cost of the exact parts.
//!
//! Rates are best of three, by wall clock and by this thread's CPU time (Linux
//! `/proc/thread-self/schedstat`), so a figure taken while other processes share the machine is still
//! meaningful. The wasm figure comes from `node benches/combat-wasm.mjs` on the built `www/pkg`. Target
//! (issue 4): ≥ 50 M swings/s in wasm.

use super::{Attacker, Defender, Matchup, Model, ModelKind, Sampler, Stages, c_from_p};
use std::hint::black_box;
use std::time::Instant;

fn sheets() -> Vec<(&'static str, Matchup)> {
    let seed = Matchup::seed_example();
    let wow = Matchup::new(
        Attacker { hit: 0.92, crit: 0.3, glance: 0.24, ..Attacker::default() },
        Defender { dodge: 0.056, parry: 0.14, block: 0.05, crush: 0.15, ..Defender::default() },
    )
    .expect("valid sheet");
    vec![("seed sheet", seed), ("WoW-like, 7 events", wow)]
}

/// Nanoseconds this thread has spent on a CPU (Linux `/proc/thread-self/schedstat`), so that the figure
/// is not diluted when other processes share the machine; `None` elsewhere.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

/// Best of three runs (wall-clock rate, CPU-time rate), each with a fresh sampler.
fn rate(model: &Model, matchup: &Matchup, swings: u64) -> (f64, Option<f64>) {
    let mut best = (0.0_f64, None::<f64>);
    for run in 0..3 {
        let mut s = Sampler::new(model, matchup, 0x5EED + run);
        let (t, c) = (Instant::now(), cpu_ns());
        s.run(swings);
        let wall = t.elapsed().as_secs_f64();
        let cpu = c.zip(cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e9);
        black_box(s.counts());
        best.0 = best.0.max(swings as f64 / wall);
        if let Some(cpu) = cpu {
            best.1 = Some(best.1.unwrap_or(0.0).max(swings as f64 / cpu));
        }
    }
    best
}

/// Runs the benchmark with `swings` swings per model and sheet, printing a table on stdout.
pub fn run(swings: u64) {
    println!("combat sampling, {swings} swings per run, best of 3 (Pcg32, native)");
    println!("{:<20} {:<22} {:>12} {:>12}", "sheet", "model", "M/s (wall)", "M/s (cpu)");
    for (name, m) in sheets() {
        let mut models: Vec<(String, Model)> =
            ModelKind::ALL.iter().map(|&k| (k.name().to_string(), Model::new(k))).collect();
        models.push((
            "waterfall miss+dodge".into(),
            Model::Waterfall(Stages::parse("miss+dodge").expect("valid order")),
        ));
        for (label, model) in models {
            let (wall, cpu) = rate(&model, &m, swings);
            let cpu = cpu.map_or("-".to_string(), |c| format!("{:.1}", c / 1e6));
            println!("{name:<20} {label:<22} {:>12.1} {cpu:>12}", wall / 1e6);
        }
    }

    let m = Matchup::seed_example();
    let n = 1_000_000;
    let t = Instant::now();
    let mut acc = 0.0;
    for i in 0..n {
        let model = Model::new(ModelKind::ALL[i % 3]);
        acc += model.resolve(black_box(&m)).distribution.get(super::Outcome::Crit);
    }
    black_box(acc);
    println!("exact resolve: {:.2} µs per call", t.elapsed().as_secs_f64() * 1e6 / n as f64);

    let t = Instant::now();
    for p in [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5] {
        black_box(c_from_p(p).expect("valid p"));
    }
    println!("PRD C for the 10 table rates: {:.2} ms", t.elapsed().as_secs_f64() * 1e3);
}
