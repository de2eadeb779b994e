//! Tunes the Xiangqi evaluation weights by Texel's method: logistic regression of the evaluation on labelled
//! quiet positions (Peter Österlund, "Texel's tuning method", talkchess 2014; chessprogramming.org "Texel's
//! Tuning Method"), minimised with Adam (Kingma & Ba 2015) instead of Texel's ±1 line search, since the
//! evaluation is linear in its weights (see `Trace` in `src/xiangqi/eval.rs`).
//!
//! ```text
//! cargo run --release --example tune -- DATA.csv [--epochs N] [--restart N] [--lambda L] [--lr R] [--l2 X]
//!     [--beta2 B] [--test HELD_OUT.csv] [--scalars-only | --psqt-only] [--residuals]
//!     [--out src/xiangqi/eval_params.rs]
//! ```
//!
//! `DATA.csv` has one quiet position per line, `fen;score;result[;…]`: `score` is a reference search score in
//! centipawns from Red's point of view, `result` the game's result for Red (1, 0.5, 0). The target of a
//! position is `λ·result + (1 − λ)·σ(score)` with `σ(x) = 1 / (1 + 10^(−x/400))`; the model is `σ(eval)`, so the
//! fitted weights keep the reference's centipawn scale. 10% of the positions (every tenth) are held out and
//! their error is reported before and after; with `--test FILE` every line of `DATA.csv` trains and
//! `FILE`'s lines are held out instead (positions of other games: lines of one game are alike, so every tenth line
//! flatters the fit). Prints the largest changes and writes the weights file.
//!
//! Starts from the compiled-in weights. `--l2` pulls each weight towards its start value; keep it tiny
//! (default 1e-9): at 1e-7 it held the fit at a held-out error of 0.0171 where 1e-9 reaches 0.0126. Every
//! `--restart` epochs Adam's moments are reset and the step halved. `--scalars-only` keeps the piece-square values
//! and fits only the scalar features (a few hundred games' positions overfit the 700 piece-square weights).
//! `--psqt-only` is the converse: the scalar features (mobility, king safety, threats) stay as they are.
//! `--residuals` prints the held-out residuals by material balance, before and after the fit.

use duiyi::xiangqi::Position;
use duiyi::xiangqi::eval::{FEATURE_COUNT, PSQT_COUNT, SCALAR_NAMES, Trace, weights};
use std::fmt::Write as _;

struct Sample {
    trace: Trace,
    target: f64,
    /// The reference score (centipawns, Red's view) and the material class ([`material_class`]).
    score: f64,
    class: [i8; 4],
}

/// The material balance of a FEN's board, Red minus Black: rooks, horses and cannons, advisors and elephants,
/// soldiers (each side's count capped at 3, so "3" means three or more). For the residual report.
fn material_class(fen: &str) -> [i8; 4] {
    let mut n = [[0i8; 4]; 2];
    for ch in fen.split(' ').next().unwrap_or("").chars() {
        let side = usize::from(ch.is_ascii_lowercase());
        match ch.to_ascii_lowercase() {
            'r' => n[side][0] += 1,
            'n' | 'h' | 'c' => n[side][1] += 1,
            'a' | 'b' | 'e' => n[side][2] += 1,
            'p' => n[side][3] += 1,
            _ => {}
        }
    }
    std::array::from_fn(|i| if i == 3 { n[0][3].min(3) - n[1][3].min(3) } else { n[0][i] - n[1][i] })
}

/// Held-out residuals (reference score minus evaluation, centipawns, Red's view) by material balance: the
/// classes with the most positions, each with its count, mean residual and mean absolute residual. A class
/// whose mean stays far from 0 after the fit points at a term the evaluation lacks.
fn residual_report(test: &[Sample], w: &[[f64; 2]]) {
    let mut by: std::collections::HashMap<[i8; 4], (usize, f64, f64)> = std::collections::HashMap::new();
    for s in test {
        let r = s.score.clamp(-1500.0, 1500.0) - s.trace.value(w).clamp(-1500.0, 1500.0);
        let e = by.entry(s.class).or_default();
        *e = (e.0 + 1, e.1 + r, e.2 + r.abs());
    }
    let mut rows: Vec<_> = by.into_iter().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.1.0));
    eprintln!("held-out residuals by material (Red − Black: rooks, horses+cannons, advisors+elephants, soldiers):");
    for &(c, (n, sum, abs)) in rows.iter().take(25) {
        let (mean, mean_abs) = (sum / n as f64, abs / n as f64);
        let [r, m, d, p] = c;
        eprintln!("  {r:+} {m:+} {d:+} {p:+}  {n:6} positions  mean {mean:+7.1}  mean |r| {mean_abs:6.1}");
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-x / 400.0))
}

fn mse(samples: &[Sample], w: &[[f64; 2]]) -> f64 {
    samples.iter().map(|s| (sigmoid(s.trace.value(w)) - s.target).powi(2)).sum::<f64>() / samples.len() as f64
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    match args.iter().position(|a| a == name) {
        Some(i) => args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} needs a value")),
        None => default,
    }
}

const KIND_NAMES: [&str; 7] = ["King", "Advisor", "Elephant", "Horse", "Rook", "Cannon", "Pawn"];

fn feature_name(i: usize) -> String {
    if i < PSQT_COUNT {
        let (k, sq) = (i / 50, i % 50);
        format!("{} {}{}", KIND_NAMES[k], (b'a' + (sq % 5) as u8) as char, sq / 5)
    } else {
        SCALAR_NAMES[i - PSQT_COUNT].to_string()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let data = args.first().filter(|a| !a.starts_with("--")).expect("usage: tune DATA.csv [--epochs N] [--lambda L] [--lr R] [--out FILE]");
    let epochs: usize = arg(&args, "--epochs", 800);
    let lambda: f64 = arg(&args, "--lambda", 0.2);
    let lr: f64 = arg(&args, "--lr", 2.0);
    let l2: f64 = arg(&args, "--l2", 1e-9);
    let scalars_only = args.iter().any(|a| a == "--scalars-only");
    let psqt_only = args.iter().any(|a| a == "--psqt-only");
    assert!(!(scalars_only && psqt_only), "--scalars-only and --psqt-only together would fit nothing");
    let out: String = arg(&args, "--out", "src/xiangqi/eval_params.rs".to_string());

    let held_out: Option<String> = args.iter().any(|a| a == "--test").then(|| arg(&args, "--test", String::new()));
    let mut text = std::fs::read_to_string(data).expect("read data");
    let ntrain = text.lines().count();
    if let Some(f) = &held_out {
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(&std::fs::read_to_string(f).expect("read --test data"));
    }
    let (mut train, mut test) = (Vec::new(), Vec::new());
    let mut bad = 0;
    for (n, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split(';').collect();
        if f.len() < 3 {
            bad += 1;
            continue;
        }
        let (Ok(pos), Ok(score), Ok(result)) = (Position::from_fen(f[0]), f[1].trim().parse::<f64>(), f[2].trim().parse::<f64>()) else {
            bad += 1;
            continue;
        };
        let target = lambda * result + (1.0 - lambda) * sigmoid(score);
        let s = Sample { trace: pos.trace(), target, score, class: material_class(f[0]) };
        let held = if held_out.is_some() { n >= ntrain } else { n % 10 == 9 };
        if held { test.push(s) } else { train.push(s) }
    }
    eprintln!("{} training, {} held-out positions ({} lines skipped)", train.len(), test.len(), bad);

    let start: Vec<[f64; 2]> = weights().iter().map(|&[a, b]| [a as f64, b as f64]).collect();
    let mut w = start.clone();
    eprintln!("start: train mse {:.6}, held-out mse {:.6}", mse(&train, &w), mse(&test, &w));

    // Adam over the full batch.
    let (b1, b2, eps) = (0.9, arg(&args, "--beta2", 0.999), 1e-8);
    let mut m: Vec<[f64; 2]> = vec![[0.0f64; 2]; FEATURE_COUNT];
    let mut v: Vec<[f64; 2]> = vec![[0.0f64; 2]; FEATURE_COUNT];
    let k = std::f64::consts::LN_10 / 400.0;
    // Adam's second-moment memory keeps the large early gradients for ~1/(1 − β2) epochs and then takes tiny
    // steps; restarting the moments every `restart` epochs lets the fit go on converging.
    let restart: usize = arg(&args, "--restart", 200);
    // Each restart also halves the step (Adam's steps are ~lr whatever the gradient's size, so a fixed lr
    // ends in a jitter of that size around the minimum).
    let mut t = 0;
    let mut step = lr;
    for epoch in 1..=epochs {
        if restart > 0 && (epoch - 1) % restart == 0 {
            m = vec![[0.0f64; 2]; FEATURE_COUNT];
            v = vec![[0.0f64; 2]; FEATURE_COUNT];
            t = 0;
            if epoch > 1 {
                step /= 2.0;
            }
        }
        t += 1;
        let mut g = vec![[0.0f64; 2]; FEATURE_COUNT];
        for s in &train {
            let p = sigmoid(s.trace.value(&w));
            let d = 2.0 * (p - s.target) * p * (1.0 - p) * k;
            let rho = s.trace.phase as f64 / duiyi::xiangqi::eval::PHASE_MAX as f64;
            for &(i, x) in &s.trace.features {
                g[i as usize][0] += d * x as f64 * rho;
                g[i as usize][1] += d * x as f64 * (1.0 - rho);
            }
        }
        let n = train.len() as f64;
        for i in if scalars_only { PSQT_COUNT } else { 0 }..if psqt_only { PSQT_COUNT } else { FEATURE_COUNT } {
            for h in 0..2 {
                let gi = g[i][h] / n + l2 * (w[i][h] - start[i][h]);
                m[i][h] = b1 * m[i][h] + (1.0 - b1) * gi;
                v[i][h] = b2 * v[i][h] + (1.0 - b2) * gi * gi;
                let mh = m[i][h] / (1.0 - b1.powi(t));
                let vh = v[i][h] / (1.0 - b2.powi(t));
                w[i][h] -= step * mh / (vh.sqrt() + eps);
            }
        }
        if epoch % 50 == 0 || epoch == epochs {
            eprintln!("epoch {epoch}: train mse {:.6}, held-out mse {:.6}", mse(&train, &w), mse(&test, &w));
        }
    }

    let mut changes: Vec<(f64, usize)> =
        (0..FEATURE_COUNT).map(|i| ((w[i][0] - start[i][0]).abs() + (w[i][1] - start[i][1]).abs(), i)).collect();
    changes.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    eprintln!("largest changes (mg, eg):");
    for &(_, i) in changes.iter().take(25) {
        eprintln!("  {:24} [{:5.0}, {:5.0}] -> [{:5.0}, {:5.0}]", feature_name(i), start[i][0], start[i][1], w[i][0], w[i][1]);
    }
    for i in PSQT_COUNT..FEATURE_COUNT {
        eprintln!("  {:24} [{:5.0}, {:5.0}] -> [{:6.1}, {:6.1}]", feature_name(i), start[i][0], start[i][1], w[i][0], w[i][1]);
    }

    let fitted = train.len() + if held_out.is_some() { 0 } else { test.len() };
    std::fs::write(&out, params_source(&w, data, fitted, lambda, epochs)).expect("write weights");
    eprintln!("wrote {out}");
    if args.iter().any(|a| a == "--residuals") {
        residual_report(&test, &start);
        eprintln!("after the fit:");
        residual_report(&test, &w);
    }
}

/// The weights file (`src/xiangqi/eval_params.rs`), rounded to whole centipawns.
fn params_source(w: &[[f64; 2]], data: &str, positions: usize, lambda: f64, epochs: usize) -> String {
    let mut s = String::new();
    let name = std::path::Path::new(data).file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default();
    writeln!(s, "//! Evaluation weights: (middlegame, endgame) centipawn pairs, Red's view, material included in the").unwrap();
    writeln!(s, "//! piece-square values. Generated by `cargo run --release --example tune` (Texel's method: logistic regression").unwrap();
    writeln!(s, "//! of the evaluation on labelled positions, see `examples/tune.rs`) from {positions} quiet positions of `{name}`,").unwrap();
    writeln!(s, "//! λ = {lambda}, {epochs} epochs. The first weights were set by hand (rook ribs and 下二路, horse 卧槽/挂角 points,").unwrap();
    writeln!(s, "//! central cannon, crossed pawns by file: commit b3eff84). Edit by re-running the tuner, not by hand.").unwrap();
    writeln!(s).unwrap();
    writeln!(s, "/// `PSQT[kind][rank * 5 + min(file, 8 - file)]`: value of a Red piece of that kind on that point (rank 0 = Red's").unwrap();
    writeln!(s, "/// back rank, files folded left-right), `[middlegame, endgame]` centipawns; Black's values are the mirror image.").unwrap();
    writeln!(s, "pub(super) const PSQT: [[[i32; 2]; 50]; 7] = [").unwrap();
    for (k, kind) in KIND_NAMES.iter().enumerate() {
        writeln!(s, "    // {kind}").unwrap();
        writeln!(s, "    [").unwrap();
        for r in 0..10 {
            let row: Vec<String> =
                (0..5).map(|f| { let x = w[k * 50 + r * 5 + f]; format!("[{}, {}],", x[0].round() as i32, x[1].round() as i32) }).collect();
            writeln!(s, "        {}", row.join(" ")).unwrap();
        }
        writeln!(s, "    ],").unwrap();
    }
    writeln!(s, "];").unwrap();
    writeln!(s).unwrap();
    writeln!(s, "/// `SCALARS[feature]`, features in the order of `eval::Scalar`: `[middlegame, endgame]` centipawns per unit.").unwrap();
    writeln!(s, "pub(super) const SCALARS: [[i32; 2]; {}] = [", SCALAR_NAMES.len()).unwrap();
    for (j, n) in SCALAR_NAMES.iter().enumerate() {
        let x = w[PSQT_COUNT + j];
        writeln!(s, "    [{}, {}], // {n}", x[0].round() as i32, x[1].round() as i32).unwrap();
    }
    writeln!(s, "];").unwrap();
    s
}
