//! The level ladder (`cargo bench --bench levels [-- --games N] [--from L] [--to L] [--full-nodes N]`): each level
//! L = 1…7 plays level L+1, and level 8 plays the full engine (level 0, node-capped at `--full-nodes`, default
//! 800 000 nodes per move), N games per pair (default 8) over the openings of `benches/openings.txt`, each
//! opening played twice with colours swapped. Games end by the rules (`Position::game_verdict`: mate,
//! stalemate, repetition verdicts, 60 moves) or are adjudicated a draw at 200 plies. Prints, per pair, the
//! result from the stronger side's view, its score, and the Elo difference with a 95% interval (normal
//! approximation of the per-game score's mean, mapped through `Elo = −400·log10(1/p − 1)`).
//!
//! Node- and depth-capped searches do not depend on timing, so the figures replay exactly (LevelSeed = game
//! index); CPU time is printed for the cost.

use duiyi::engine::Engine;
use duiyi::search::GoParams;
use duiyi::xiangqi::Position;
use std::time::Instant;

const MAX_PLIES: usize = 200;

fn openings() -> Vec<Vec<String>> {
    let path = format!("{}/benches/openings.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

/// A player: a level (0 = full strength with a node cap).
fn player(level: u8, seed: u64) -> Engine {
    let mut e = Engine::new();
    e.set_option("Level", &level.to_string()).unwrap();
    e.set_option("LevelSeed", &seed.to_string()).unwrap();
    e
}

/// Plays one game from `opening`; returns Red's score (1, ½, 0) and the plies played.
fn play(red: &mut Engine, black: &mut Engine, opening: &[String], full_nodes: u64, levels: [u8; 2]) -> (f64, usize) {
    let mut pos = Position::startpos();
    for m in opening {
        pos.try_play(m).unwrap();
    }
    loop {
        if let Some(v) = pos.clone().game_verdict() {
            return (match v.result { "red" => 1.0, "black" => 0.0, _ => 0.5 }, pos.ply_count());
        }
        if pos.ply_count() >= MAX_PLIES {
            return (0.5, pos.ply_count());
        }
        let red_to_move = pos.side_to_move() == duiyi::xiangqi::Color::Red;
        let (e, level) = if red_to_move { (&mut *red, levels[0]) } else { (&mut *black, levels[1]) };
        e.set_xiangqi_position(pos.clone()).unwrap();
        let params = if level == 0 { GoParams { nodes: Some(full_nodes), ..Default::default() } } else { GoParams::default() };
        let (_, bm, _) = e.search_blocking(params).unwrap();
        pos.try_play(&bm.expect("a move while the game goes on").to_string()).unwrap();
    }
}

fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3); // ±1200
    -400.0 * (1.0 / p - 1.0).log10()
}

fn cpu_seconds() -> f64 {
    // user + sys of this process, from /proc (Linux); 0 elsewhere.
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return 0.0 };
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: u64| -> u64 {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).and_then(|v| v.parse().ok()).unwrap_or(default)
    };
    let games = arg("--games", 8).max(2) as usize;
    let from = arg("--from", 1) as u8;
    let to = arg("--to", 8) as u8;
    let full_nodes = arg("--full-nodes", 800_000);
    let openings = openings();
    println!("## level ladder: {games} games per pair, openings of benches/openings.txt, colours swapped, draw at {MAX_PLIES} plies");
    println!("| weaker | stronger | games | +win =draw -loss (stronger) | score | Elo (stronger − weaker) | 95% interval | plies/game | CPU s |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for weak in from..=to.min(8) {
        let strong = if weak == 8 { 0 } else { weak + 1 };
        let (mut w, mut d, mut l) = (0, 0, 0);
        let mut scores = Vec::new();
        let mut plies = 0;
        let cpu0 = cpu_seconds();
        let wall0 = Instant::now();
        for g in 0..games {
            let opening = &openings[(g / 2) % openings.len()];
            let strong_red = g % 2 == 0;
            let mut s = player(strong, g as u64);
            let mut k = player(weak, 1000 + g as u64);
            let (red_score, n) = if strong_red {
                play(&mut s, &mut k, opening, full_nodes, [strong, weak])
            } else {
                play(&mut k, &mut s, opening, full_nodes, [weak, strong])
            };
            let sc = if strong_red { red_score } else { 1.0 - red_score };
            plies += n;
            scores.push(sc);
            match sc {
                x if x > 0.75 => w += 1,
                x if x < 0.25 => l += 1,
                _ => d += 1,
            }
        }
        let n = scores.len() as f64;
        let mean = scores.iter().sum::<f64>() / n;
        let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let se = (var / n).sqrt();
        // A clean sweep has no finite Elo estimate: show the bound of one game's half point (p = (n − ½)/n).
        let (lo, hi) = (elo(mean - 1.96 * se), elo(mean + 1.96 * se));
        let shown = if mean >= 1.0 {
            format!("> {:+.0}", elo((n - 0.5) / n))
        } else if mean <= 0.0 {
            format!("< {:+.0}", elo(0.5 / n))
        } else {
            format!("{:+.0}", elo(mean))
        };
        let strong_name = if strong == 0 { format!("full ({full_nodes} nodes)") } else { strong.to_string() };
        println!(
            "| {weak} | {strong_name} | {} | +{w} ={d} -{l} | {:.1}% | {shown} | [{:+.0}, {:+.0}] | {:.0} | {:.1} (wall {:.1}) |",
            scores.len(),
            mean * 100.0,
            lo,
            hi,
            plies as f64 / n,
            cpu_seconds() - cpu0,
            wall0.elapsed().as_secs_f64()
        );
    }
}
