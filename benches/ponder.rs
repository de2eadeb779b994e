//! Ponder benchmark (issue 12 "Performance"): time to depth D after a ponder hit vs from cold, on the same
//! positions, through the Engine API as the worker drives it (`go ponder`, `step`, `ponderhit`, `step` until
//! `bestmove`). Run with `cargo bench --bench ponder [-- --depth D] [--ponder-ms T] [--positions N]`.
//!
//! For each position X of `duiyi::bench::BENCH_POSITIONS` (the first N, default 12) — X stands for the
//! position after the predicted reply —
//! * **cold**: a fresh engine (empty 16 MiB TT) searches X with `go depth D`; the time to `bestmove` is taken;
//! * **ponder hit**: a fresh engine runs `go ponder depth D` on X for T ms of CPU (default 500), then
//!   `ponderhit`; the time from the hit to `bestmove` is taken.
//!
//! Times are the thread's CPU time (`/proc/thread-self/schedstat`, Linux; wall time elsewhere), so the figures
//! do not depend on the load of a shared machine; wall times are printed next to them. Prints each position's
//! cold time, the depth the ponder search had reached at the hit, the time after the hit and the ratio, then the
//! mean ratio and the ratio of the total times (target ≥ 2×).

use duiyi::bench::BENCH_POSITIONS;
use duiyi::engine::{Engine, Setup, Step};
use duiyi::search::GoParams;
use std::time::Instant;

/// CPU time of this thread in ms (wall time when the kernel does not say).
fn cpu_ms(wall: &Instant) -> f64 {
    match std::fs::read_to_string("/proc/thread-self/schedstat") {
        Ok(s) => s.split_whitespace().next().and_then(|n| n.parse::<f64>().ok()).map_or(0.0, |ns| ns / 1e6),
        Err(_) => wall.elapsed().as_secs_f64() * 1000.0,
    }
}

fn engine_at(fen: &str, moves: &str) -> Engine {
    let mut e = Engine::new();
    let moves: Vec<&str> = moves.split_whitespace().collect();
    e.set_position(Setup::Xiangqi(fen), &moves).unwrap();
    e
}

/// Steps until `bestmove`; returns the depth of the last info seen.
fn run_to_end(e: &mut Engine, mut depth: u32) -> u32 {
    loop {
        match e.step(20.0) {
            Step::Searching(i) | Step::Waiting(i) => {
                if let Some(x) = i.last() {
                    depth = x.depth;
                }
            }
            Step::Done { infos, .. } => return infos.last().map_or(depth, |x| x.depth),
            Step::Idle => return depth,
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: f64| -> f64 {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
    };
    let depth = arg("--depth", 9.0) as u32;
    let ponder_ms = arg("--ponder-ms", 500.0);
    let count = (arg("--positions", 12.0) as usize).min(BENCH_POSITIONS.len());
    let clock = Instant::now();
    println!("## ponder hit vs cold: time to depth {depth}, {ponder_ms} ms (CPU) of pondering before the hit");
    println!("| # | position | cold ms CPU (wall) | depth at hit | after hit ms CPU (wall) | ratio |");
    println!("|---|---|---|---|---|---|");
    let (mut sum_cold, mut sum_hit, mut ratios) = (0.0, 0.0, Vec::new());
    for (i, &(fen, moves)) in BENCH_POSITIONS.iter().take(count).enumerate() {
        // Cold.
        let mut e = engine_at(fen, moves);
        let (c0, w0) = (cpu_ms(&clock), Instant::now());
        e.go(GoParams { depth: Some(depth), ..Default::default() }).unwrap();
        run_to_end(&mut e, 0);
        let (cold, cold_wall) = (cpu_ms(&clock) - c0, w0.elapsed().as_secs_f64() * 1000.0);
        // Ponder, then hit.
        let mut e = engine_at(fen, moves);
        e.go(GoParams { depth: Some(depth), ponder: true, ..Default::default() }).unwrap();
        let p0 = cpu_ms(&clock);
        let mut reached = 0;
        while cpu_ms(&clock) - p0 < ponder_ms {
            match e.step(10.0) {
                Step::Searching(infos) => {
                    if let Some(x) = infos.last() {
                        reached = x.depth;
                    }
                }
                Step::Waiting(infos) => {
                    if let Some(x) = infos.last() {
                        reached = x.depth;
                    }
                    break;
                }
                _ => break,
            }
        }
        let (h0, hw0) = (cpu_ms(&clock), Instant::now());
        e.ponderhit().unwrap();
        run_to_end(&mut e, reached);
        let (hit, hit_wall) = (cpu_ms(&clock) - h0, hw0.elapsed().as_secs_f64() * 1000.0);
        let ratio = cold / hit.max(0.05);
        sum_cold += cold;
        sum_hit += hit;
        ratios.push(ratio);
        let name = if moves.is_empty() { fen.split(' ').next().unwrap_or(fen).chars().take(24).collect::<String>() } else { format!("startpos {moves}") };
        println!("| {} | `{name}` | {cold:.0} ({cold_wall:.0}) | {reached} | {hit:.1} ({hit_wall:.0}) | {ratio:.1}× |", i + 1);
    }
    let mean = ratios.iter().sum::<f64>() / ratios.len().max(1) as f64;
    let mut sorted = ratios.clone();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(0.0);
    println!(
        "\nmean ratio {mean:.1}×, median {median:.1}×, total cold {sum_cold:.0} ms / total after hit {sum_hit:.0} ms = {:.1}× (CPU time)",
        sum_cold / sum_hit.max(0.05)
    );
}
