//! Fuzz bench (not run in CI): each parser for a given time on random and mutated inputs, with the checkers of the
//! property tests (`tests/fuzz_support`), counting inputs per second, crashes (panics, caught with
//! `catch_unwind`) and property failures. Target: 0 crashes, 0 failures.
//!
//! ```sh
//! cargo bench --bench fuzz -- --seconds 60                  # every target, 60 s each
//! cargo bench --bench fuzz -- --seconds 10 --only fen,uci   # some targets
//! cargo bench --bench fuzz -- --seed 7                      # another input stream (default 1)
//! ```
//!
//! Targets: `fen`, `iccs`, `chinese`, `ucci`, `uci` (command sequences fed to a protocol session), `sheet-json`,
//! `sheet-query`, `order`, `combat-args`. Inputs: half are valid seeds with 1–8 mutations (bit flips, byte
//! insertions and deletions, splices with another seed, dictionary tokens, repeats), a quarter random text over
//! the parser's alphabet, a quarter random bytes. The first failures of each target are printed in full. The
//! release profile has debug assertions off; `PROPTEST_CASES=… cargo test --test fuzz_…` runs the same checks
//! with them on.

#[path = "../tests/fuzz_support/mod.rs"]
mod fuzz_support;

use fuzz_support::*;
use rand_core::{Rng, SeedableRng};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The last panic message (the hook stores it instead of printing it).
static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// One case: the input as text (printed on a failure) and the check to run on it.
type Case = (String, Box<dyn FnOnce() -> Result<(), String>>);
type Check = Box<dyn Fn(&mut rand_pcg::Pcg64) -> Case>;

/// One input of a target: a mutated seed, random text over `alphabet`, or random bytes.
fn input(rng: &mut rand_pcg::Pcg64, corpus: &[String], dict: &[&str], alphabet: &[char], max: usize) -> String {
    match rng.next_u32() % 4 {
        0 | 1 => {
            let seed = &corpus[rng.next_u32() as usize % corpus.len()];
            let muts: Vec<Mutation> = (0..1 + rng.next_u32() % 8).map(|_| random_mutation(rng)).collect();
            mutate(seed, corpus, dict, &muts)
        }
        2 => random_text(rng, alphabet, max),
        _ => random_bytes(rng, max),
    }
}

fn targets() -> Vec<(&'static str, Check)> {
    let strs = |v: &[&str]| -> Vec<String> { v.iter().map(|s| s.to_string()).collect() };
    let (ucci, uci) = (strs(UCCI_SEEDS), strs(UCI_SEEDS));
    let (json, query, orders, cli) = (strs(SHEET_JSON_SEEDS), strs(SHEET_QUERY_SEEDS), strs(ORDER_SEEDS), strs(CLI_SEEDS));
    let pos = |rng: &mut rand_pcg::Pcg64| &positions()[rng.next_u32() as usize % positions().len()];
    vec![
        (
            "fen",
            Box::new(|rng: &mut _| {
                let s = input(rng, fen_corpus(), FEN_DICT, FEN_ALPHABET, 120);
                let d = s.clone();
                (d, Box::new(move || check_fen(&s)) as Box<dyn FnOnce() -> Result<(), String>>)
            }) as Check,
        ),
        (
            "iccs",
            Box::new(move |rng: &mut _| {
                let p = pos(rng);
                let s = input(rng, iccs_corpus(), ICCS_DICT, ICCS_ALPHABET, 10);
                let d = format!("{} | {s}", p.fen());
                (d, Box::new(move || check_iccs(p, &s)) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "chinese",
            Box::new(move |rng: &mut _| {
                let p = pos(rng);
                let s = input(rng, chinese_corpus(), CHINESE_DICT, CHINESE_ALPHABET, 8);
                let d = format!("{} | {s}", p.fen());
                (d, Box::new(move || check_chinese(p, &s)) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "ucci",
            Box::new(move |rng: &mut _| {
                let mut lines = vec!["ucci".to_string()];
                lines.extend(lines_of(&input(rng, &ucci, PROTOCOL_DICT, PROTOCOL_ALPHABET, 200)));
                let d = lines.join("\n");
                (d, Box::new(move || check_session(&lines).map(|_| ())) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "uci",
            Box::new(move |rng: &mut _| {
                let mut lines = vec!["uci".to_string()];
                lines.extend(lines_of(&input(rng, &uci, PROTOCOL_DICT, PROTOCOL_ALPHABET, 200)));
                let d = lines.join("\n");
                (d, Box::new(move || check_session(&lines).map(|_| ())) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "sheet-json",
            Box::new(move |rng: &mut _| {
                let s = input(rng, &json, SHEET_DICT, SHEET_ALPHABET, 120);
                let d = s.clone();
                (d, Box::new(move || check_sheet_json(&s)) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "sheet-query",
            Box::new(move |rng: &mut _| {
                let s = input(rng, &query, SHEET_DICT, SHEET_ALPHABET, 120);
                let d = s.clone();
                (d, Box::new(move || check_sheet_query(&s)) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "order",
            Box::new(move |rng: &mut _| {
                let model = MODELS[rng.next_u32() as usize % MODELS.len()];
                let s = input(rng, &orders, ORDER_DICT, &['m', 'i', 's', ',', '+', 'd', 'o', 'g', 'e', 'c', 'r', 't'], 40);
                let d = format!("{model} | {s}");
                (d, Box::new(move || check_order(model, &s)) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
        (
            "combat-args",
            Box::new(move |rng: &mut _| {
                let s = input(rng, &cli, CLI_DICT, &['-', 'h', 'i', 't', ' ', '0', '.', '5', 'm', 'o', 'd', 'e', 'l', '='], 80);
                let d = s.clone();
                (d, Box::new(move || check_cli(&args_of(&s))) as Box<dyn FnOnce() -> Result<(), String>>)
            }),
        ),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seconds = 10.0f64;
    let mut only: Option<Vec<String>> = None;
    let mut seed = 1u64;
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1);
        match args[i].as_str() {
            "--seconds" => seconds = value.and_then(|v| v.parse().ok()).expect("--seconds needs a number"),
            "--only" => only = value.map(|v| v.split(',').map(str::to_string).collect()),
            "--seed" => seed = value.and_then(|v| v.parse().ok()).expect("--seed needs a whole number"),
            "--bench" => {
                i += 1;
                continue;
            }
            other => panic!("unknown argument {other} (use --seconds S, --only a,b, --seed N)"),
        }
        i += 2;
    }
    std::panic::set_hook(Box::new(|info| {
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = info.to_string();
        }
    }));
    // Build the corpora (random games) before timing.
    let _ = (positions().len(), fen_corpus().len(), iccs_corpus().len(), chinese_corpus().len());
    println!("# fuzz: {seconds} s per target, seed {seed}; inputs = 1/2 mutated seeds, 1/4 random text, 1/4 random bytes");
    println!("{:<12} {:>10} {:>12} {:>8} {:>9}", "target", "inputs", "inputs/s", "crashes", "failures");
    let (mut total_crashes, mut total_failures) = (0u64, 0u64);
    for (name, check) in targets() {
        if only.as_ref().is_some_and(|o| !o.iter().any(|x| x == name)) {
            continue;
        }
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed ^ fnv(name));
        let (mut n, mut crashes, mut failures) = (0u64, 0u64, 0u64);
        let mut shown = 0;
        let start = Instant::now();
        let budget = Duration::from_secs_f64(seconds);
        while start.elapsed() < budget {
            // A few inputs per clock read.
            for _ in 0..16 {
                n += 1;
                let (described, run) = check(&mut rng);
                let outcome = catch_unwind(AssertUnwindSafe(run));
                match outcome {
                    Ok(Ok(())) => {}
                    Ok(Err(reason)) => {
                        failures += 1;
                        if shown < 3 {
                            shown += 1;
                            println!("  !! {name}: property failed: {reason}\n     input: {described:?}");
                        }
                    }
                    Err(_) => {
                        crashes += 1;
                        if shown < 3 {
                            shown += 1;
                            let msg = LAST_PANIC.lock().map(|m| m.clone()).unwrap_or_default();
                            println!("  !! {name}: PANIC {msg}\n     input: {described:?}");
                        }
                    }
                }
            }
        }
        let secs = start.elapsed().as_secs_f64();
        println!("{name:<12} {n:>10} {:>12.0} {crashes:>8} {failures:>9}", n as f64 / secs);
        total_crashes += crashes;
        total_failures += failures;
    }
    println!("total crashes {total_crashes}, property failures {total_failures} (target 0)");
    if total_crashes + total_failures > 0 {
        std::process::exit(1);
    }
}

/// FNV-1a of a name: a per-target stream from one seed.
fn fnv(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}
