//! Builds the Xiangqi opening book (`src/xiangqi/book.txt`) by our own engine's self-play from the start
//! position: at each book position a fixed-depth search finds the best move, then the best move again with the
//! moves found so far excluded (UCCI `banmoves`), up to the ply's width; moves within `--margin` centipawns of
//! the best are kept, weighted by how close they are (best: 100, at the margin: 10), and their positions are
//! expanded in turn until `--plies`. Positions are stored once per left–right mirror pair.
//!
//! ```text
//! cargo run --release --example xiangqi_book -- [--depth 7] [--margin 25] [--plies 14] > src/xiangqi/book.txt
//! ```
//! Deterministic: a fresh searcher for every search, fixed depth.

use duiyi::search::RunOutcome;
use duiyi::xiangqi::search::Searcher;
use duiyi::xiangqi::{Move, Position, book};
use std::collections::{HashSet, VecDeque};

/// Moves kept at most per position, by ply (the last value holds for later plies).
const WIDTHS: [usize; 6] = [6, 4, 3, 2, 2, 1];

fn best(pos: &Position, excluded: &[Move], depth: u32) -> Option<(Move, i32)> {
    let mut s = Searcher::new(4);
    s.start(pos.clone());
    s.exclude_root_moves(excluded);
    if s.root_move_count() == 0 {
        return None;
    }
    while s.next_depth() <= depth {
        if s.run(f64::INFINITY, u64::MAX) != RunOutcome::IterationDone {
            break;
        }
    }
    let last = s.root.last.as_ref()?;
    Some((*last.pv.first()?, last.score))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: i64| -> i64 {
        args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).map_or(default, |v| v.parse().expect("a number"))
    };
    let (depth, margin, plies) = (arg("--depth", 7) as u32, arg("--margin", 25) as i32, arg("--plies", 14) as u32);
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([(Position::startpos(), 0u32)]);
    let mut lines = Vec::new();
    while let Some((pos, ply)) = queue.pop_front() {
        let (key, mirrored) = book::key_of(&pos);
        if ply >= plies || !seen.insert(key.clone()) {
            continue;
        }
        let width = WIDTHS[(ply as usize).min(WIDTHS.len() - 1)];
        let mut found: Vec<(Move, i32)> = Vec::new();
        while found.len() < width {
            let excluded: Vec<Move> = found.iter().map(|f| f.0).collect();
            let Some((m, s)) = best(&pos, &excluded, depth) else { break };
            if let Some(&(_, top)) = found.first()
                && s < top - margin
            {
                break;
            }
            found.push((m, s));
        }
        let Some(&(_, top)) = found.first() else { continue };
        let mut entry = key.clone();
        for &(m, s) in &found {
            let w = 10 + 90 * (margin - (top - s)).clamp(0, margin) / margin.max(1);
            let text = m.to_string();
            let stored = if mirrored { book::mirror_move(&text) } else { text };
            entry.push_str(&format!(" {stored}:{w}"));
            let mut child = pos.clone();
            child.play_unchecked(m);
            queue.push_back((child, ply + 1));
        }
        eprintln!("ply {ply} positions {} {entry}", lines.len() + 1);
        lines.push(entry);
    }
    lines.sort();
    println!("# duiyi Xiangqi opening book: {} positions (left-right mirror pairs stored once).", lines.len());
    println!("# Source: duiyi's own search, self-play from the start position (no game records).");
    println!("# Built by: cargo run --release --example xiangqi_book -- --depth {depth} --margin {margin} --plies {plies}");
    println!("# Widths by ply: {WIDTHS:?} moves at most; moves within {margin} cp of the best at depth {depth}; weight 10..100.");
    println!("# Format: <placement> <side> <move>:<weight> ... (src/xiangqi/book.rs).");
    for l in lines {
        println!("{l}");
    }
}
