//! `cargo bench --bench circle [-- --seed-max N --welzl-max N]`: the smallest enclosing circle, the seed
//! article's O(n³) method (seed 001 §Ⅲ) against Welzl's algorithm (1991), on `random_points(n, 1)` (uniform in
//! [0, 100)², the page's random points). For each n: the operations (circles built + in-circle tests) and the
//! time of one run, both wall clock and this thread's CPU time (Linux `/proc/thread-self/schedstat`; the
//! machine may be shared, so CPU time is the steadier figure), and the seed/Welzl ratios. A size is repeated
//! until its runs take 0.3 s (the seed method's large sizes run once). Defaults: the seed method up to
//! n = 1000, Welzl up to 10⁵. `node benches/circle-wasm.mjs` gives the wasm figures.

use duiyi::geometry::circle::{random_points, seed_method, welzl};
use std::time::Instant;

const SIZES: [usize; 10] = [10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000];

/// Nanoseconds this thread has run on a CPU, or None off Linux.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// (operations, wall ms per run, CPU ms per run, runs).
fn measure(mut run: impl FnMut() -> u64) -> (u64, f64, Option<f64>, u32) {
    let ops = run(); // warm-up, and the count (the same every run)
    let (t0, c0) = (Instant::now(), cpu_ns());
    let mut runs = 0u32;
    while runs == 0 || t0.elapsed().as_secs_f64() < 0.3 {
        std::hint::black_box(run());
        runs += 1;
    }
    let wall = t0.elapsed().as_secs_f64() * 1e3 / f64::from(runs);
    let cpu = c0.zip(cpu_ns()).map(|(a, b)| (b - a) as f64 / 1e6 / f64::from(runs));
    (ops, wall, cpu, runs)
}

fn flag(args: &[String], name: &str, default: usize) -> usize {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.replace('_', "").parse().ok()).unwrap_or(default)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed_max = flag(&args, "--seed-max", 1_000);
    let welzl_max = flag(&args, "--welzl-max", 100_000);
    let ms = |v: Option<f64>| v.map_or("-".to_string(), |x| format!("{x:.4}"));
    println!("smallest enclosing circle: random_points(n, 1); ms per run (wall | this thread's CPU); operations = circles built + in-circle tests");
    println!(
        "{:>7} | {:>12} {:>12} {:>13} | {:>10} {:>10} {:>9} | {:>10} {:>10}",
        "n", "seed wall", "seed cpu", "seed ops", "welzl wall", "welzl cpu", "welzl ops", "cpu ratio", "ops ratio"
    );
    for n in SIZES {
        if n > seed_max && n > welzl_max {
            break;
        }
        let points = random_points(n, 1);
        let seed = (n <= seed_max).then(|| measure(|| seed_method(&points).expect("points").operations));
        let welzl = (n <= welzl_max).then(|| measure(|| welzl(&points, 0).expect("points").operations));
        let (sw, sc, so) = seed.map_or(("-".into(), "-".into(), "-".into()), |(o, w, c, _)| (format!("{w:.4}"), ms(c), o.to_string()));
        let (ww, wc, wo) = welzl.map_or(("-".into(), "-".into(), "-".into()), |(o, w, c, _)| (format!("{w:.4}"), ms(c), o.to_string()));
        let (cr, or) = match (seed, welzl) {
            (Some((so, sw, sc, _)), Some((wo, ww, wc, _))) => {
                let (a, b) = (sc.unwrap_or(sw), wc.unwrap_or(ww));
                (format!("{:.0}×", a / b), format!("{:.0}×", so as f64 / wo as f64))
            }
            _ => ("-".into(), "-".into()),
        };
        println!("{n:>7} | {sw:>12} {sc:>12} {so:>13} | {ww:>10} {wc:>10} {wo:>9} | {cr:>10} {or:>10}");
    }
}
