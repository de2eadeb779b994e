//! Xiangqi benchmarks (run with `cargo bench --bench xiangqi`; add `-- perft`, `-- mates` or `-- search` to run
//! one part). Figures, not pass/fail timings:
//! * perft: every count of `tests/data/xiangqi_perft.json` up to 150 M nodes (deeper than the tests), with
//!   nodes per second;
//! * mates: the whole mate set of `tests/data/xiangqi_mates.json` (mate in 1–4 from real games), how many the
//!   engine proves within a node budget and plays a mating first move, with the time;
//! * search: the `duiyi bench` signature and nps.

use duiyi::engine::Engine;
use duiyi::search::GoParams;
use duiyi::xiangqi::{Position, perft};
use std::time::Instant;

#[path = "../tests/common/mod.rs"]
mod common;

fn perft_bench() {
    println!("## perft (counts from chessprogramming.org in tests/data/xiangqi_perft.json)");
    let data = common::data("xiangqi_perft.json");
    let (mut total_nodes, mut total_secs) = (0u64, 0f64);
    for p in data["positions"].as_array().unwrap() {
        let mut pos = Position::from_fen(p["fen"].as_str().unwrap()).unwrap();
        for (i, n) in p["nodes"].as_array().unwrap().iter().enumerate() {
            let Some(expected) = n.as_u64() else { continue };
            if expected > 150_000_000 {
                break;
            }
            let t = Instant::now();
            let got = perft(&mut pos, i as u32 + 1);
            let secs = t.elapsed().as_secs_f64();
            assert_eq!(got, expected, "{} depth {}", p["name"], i + 1);
            if expected >= 1_000_000 {
                println!("{:24} depth {}  {:>11} nodes  {:7.3} s  {:6.1} M nodes/s", p["name"].as_str().unwrap(), i + 1, got, secs, got as f64 / secs / 1e6);
                total_nodes += got;
                total_secs += secs;
            }
        }
    }
    println!("perft total {total_nodes} nodes in {total_secs:.2} s: {:.1} M nodes/s", total_nodes as f64 / total_secs / 1e6);
}

fn mates_bench() {
    println!("## mates (tests/data/xiangqi_mates.json, node budget 20 M each)");
    let data = common::data("xiangqi_mates.json");
    let t = Instant::now();
    let mut by_n = std::collections::BTreeMap::<u64, (u32, u32)>::new();
    for p in data["positions"].as_array().unwrap() {
        let fen = p["fen"].as_str().unwrap();
        let n = p["mate_in"].as_u64().unwrap();
        let mut e = Engine::new();
        e.set_position(duiyi::engine::Setup::Xiangqi(fen), &[]).unwrap();
        let (infos, best, _) = e
            .search_blocking(GoParams { depth: Some(2 * n as u32 + 3), nodes: Some(20_000_000), ..Default::default() })
            .unwrap();
        let found = infos.last().and_then(|i| i.mate).is_some_and(|m| m > 0 && m as u64 <= n);
        let entry = by_n.entry(n).or_default();
        entry.1 += 1;
        if found && best.is_some() {
            entry.0 += 1;
        } else {
            println!("missed mate in {n}: {fen} (got {:?})", infos.last().map(|i| (i.depth, i.cp, i.mate)));
        }
    }
    for (n, (found, all)) in by_n {
        println!("mate in {n}: {found}/{all} found");
    }
    println!("mates: {:.2} s", t.elapsed().as_secs_f64());
}

fn search_bench() {
    println!("## search (duiyi bench)");
    let r = duiyi::bench::run_bench(duiyi::bench::BENCH_DEPTH, Default::default());
    println!("nodes {} nps {} ({:.2} s)", r.nodes, r.nps(), r.seconds);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let want = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    if want("perft") {
        perft_bench();
    }
    if want("mates") {
        mates_bench();
    }
    if want("search") {
        search_bench();
    }
}
