//! Samples the positions the Xiangqi search itself evaluates, for tuning the evaluation on them
//! (`tools/tune/README.md`, "Positions the search reaches").
//!
//! ```text
//! cargo run --release --example search_positions -- POSITIONS.csv [--depth D] [--per K] [--every N] [--seed S]
//! ```
//!
//! `POSITIONS.csv` has one position per line in the tuner's format, `fen;score;result[;…]`.
//! From every `N`-th line (default 10) a search to depth `D` (default 7: about 10,000–60,000 nodes) is run with
//! the tree recorder on ([`duiyi::xiangqi::tree`]), and up to `K` (default 4) of its horizon nodes are picked
//! at random (the positions where the main search hands over to quiescence): those not in check, whose
//! quiescence value is their static evaluation (no capture changed it, so the position is quiet for our
//! search), reached without a null move. Each is printed as `fen;;result`: the score is left empty (the
//! source's score is not this position's, and the tuner skips a line without one) until
//! `tools/tune/label_fens.py` labels it; `result` is the source game's.

use duiyi::xiangqi::Position;
use duiyi::xiangqi::search::SearchOptions;
use duiyi::xiangqi::tree::{HORIZON, TreeNode, VERIFY};
use duiyi::xiangqi::tree_search::TreeSearch;
use rand_core::{Rng, SeedableRng};

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    match args.iter().position(|a| a == name) {
        Some(i) => args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name} needs a value")),
        None => default,
    }
}

/// The position at listed node `i`: the root with the moves on the path to it played, or `None` when the path
/// holds a null move (the side to move passed, a position no game reaches).
fn position_at(root: &Position, nodes: &[TreeNode], i: usize) -> Option<Position> {
    let mut path = Vec::new();
    let mut j = i as i32;
    while j >= 0 {
        let n = &nodes[j as usize];
        if n.parent < 0 {
            break;
        }
        // A verification search repeats its parent's position.
        if n.flags & VERIFY == 0 {
            if n.mv.is_null() {
                return None;
            }
            path.push(n.mv);
        }
        j = n.parent;
    }
    let mut pos = root.clone();
    for &mv in path.iter().rev() {
        pos.play_unchecked(mv);
    }
    Some(pos)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let data = args.first().filter(|a| !a.starts_with("--")).expect("usage: search_positions POSITIONS.csv [--depth D]");
    let depth: u32 = arg(&args, "--depth", 7);
    let per: usize = arg(&args, "--per", 4);
    let every: usize = arg(&args, "--every", 10).max(1);
    let mut rng = rand_pcg::Pcg32::seed_from_u64(arg(&args, "--seed", 1));
    let text = std::fs::read_to_string(data).expect("read positions");
    let (mut searched, mut printed, mut nodes) = (0u64, 0u64, 0u64);
    for line in text.lines().step_by(every) {
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or("");
        let result = fields.nth(1).unwrap_or("0.5");
        let Ok(root) = Position::from_fen(fen) else { continue };
        let mut search = TreeSearch::new(root.clone(), depth, SearchOptions::default(), 64, 400_000);
        search.step(f64::INFINITY);
        let rec = search.finish();
        searched += 1;
        nodes += rec.search_nodes;
        let horizon: Vec<usize> =
            rec.tree.nodes.iter().enumerate().filter(|(_, n)| n.flags & HORIZON != 0).map(|(i, _)| i).collect();
        let mut kept = 0;
        for _ in 0..per * 20 {
            if kept == per || horizon.is_empty() {
                break;
            }
            let i = horizon[rng.next_u32() as usize % horizon.len()];
            let Some(pos) = position_at(&root, &rec.tree.nodes, i) else { continue };
            if pos.in_check() || pos.evaluate() != rec.tree.nodes[i].value || pos.legal_moves().is_empty() {
                continue;
            }
            println!("{};;{result}", pos.fen());
            kept += 1;
        }
        printed += kept as u64;
    }
    eprintln!("{searched} searches ({nodes} nodes), {printed} positions");
}
