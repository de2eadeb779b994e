//! Pondering coverage and time to depth after a move (issue 23), on real game records:
//! `cargo bench --bench ponder_coverage -- --games benches/ponder-human-games.txt [--nodes B] [--every K]
//! [--candidates K] [--max N]`.
//!
//! Each line of the games file is a game (ICCS moves from the start position) with `# who=red|black|both`:
//! whose moves are predicted (`both` in a person-against-person game). At every such move `m` (every K-th,
//! from the second move on), played in position `P + e` where `e` is the move before it:
//! 1. **the engine's move** `e` at `P`: `go nodes B searchmoves e`, as if the engine had played it; the
//!    reply it predicts is its `bestmove … ponder p` (candidate 1);
//! 2. **the ranking** at `P + e`: `go nodes B/4 multipv 5`, exactly the engine's ranking search of
//!    `crate::engine` module `ponder` (its share of a unit is `RANKING_SHARE`); its lines after `p` are
//!    candidates 2..5;
//! 3. **the search after the move** at `P + e + m`: `go nodes B`; `D` is the depth it completes within B
//!    nodes (the depth the engine reaches in its time) and `N_D` the nodes at which it completed `D`.
//!
//! **Coverage**: how often `m` was `p` (top-1) and how often it was among the first k candidates, per game
//! phase (by ply: opening 1–20, middlegame 21–60, endgame 61+), with 95% Wilson intervals.
//!
//! **Time to depth after the move**, in nodes (so the figures do not depend on the machine's load): the
//! opponent thinks `share × B` (the pondering the engine gets) before playing `m`.
//! - no pondering: `N_D`;
//! - one candidate: `max(0, N_D − share·B)` when `m = p`, else `N_D`;
//! - k candidates: the engine's schedule in node units (candidate 1 up to one unit B, the ranking B/4, then
//!   candidates 2..k up to a unit each, then round robin): `max(0, N_D − t)` when `m` is a candidate that had
//!   `t` nodes, else `N_D`.
//!
//! A candidate's search goes on after a hit with its node count carried on (`tests/ponder_candidates.rs`), so
//! the nodes left to depth D are `N_D − t` for the same search; `N_D` is measured on the search of `P + e + m`
//! (the one a hit continues, up to what the table holds from the other candidates).
//! The totals over all positions are printed as the share of the no-pondering work left.

use duiyi::engine::{Engine, Info, Setup};
use duiyi::search::GoParams;

const SHARES: [f64; 6] = [0.5, 0.58, 1.0, 1.5, 2.0, 3.0];
const MAX_K: usize = 5;
const RANKING_SHARE: f64 = 0.25;

struct Sample {
    ply: usize,
    /// 1-based rank of the played move among the candidates (0: not among them).
    rank: usize,
    /// Nodes to depth D after the move, from scratch.
    n_d: f64,
}

fn search(e: &mut Engine, moves: &[&str], p: GoParams) -> (Vec<Info>, Option<String>, Option<String>) {
    e.set_position(Setup::Xiangqi("startpos"), moves).expect("a legal game record");
    let (infos, best, ponder) = e.search_blocking(p).expect("a search");
    (infos, best.map(|m| m.to_string()), ponder.map(|m| m.to_string()))
}

/// Nodes each of `k` candidates had pondered when the opponent moved after `share` units (node units).
fn schedule(share: f64, k: usize) -> Vec<f64> {
    let mut t = vec![0.0; k];
    let mut left = share;
    let take = |left: &mut f64, want: f64| -> f64 {
        let x = left.min(want).max(0.0);
        *left -= x;
        x
    };
    t[0] = take(&mut left, 1.0);
    if k > 1 {
        take(&mut left, RANKING_SHARE);
        for c in t.iter_mut().skip(1) {
            *c = take(&mut left, 1.0);
        }
        while left > 1e-9 {
            for c in t.iter_mut() {
                *c += take(&mut left, 1.0);
            }
        }
    } else {
        t[0] += left;
    }
    t
}

fn wilson(hits: usize, n: usize) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let (p, n, z) = (hits as f64 / n as f64, n as f64, 1.96);
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    (p, c - h, c + h)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let val = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let path = val("--games").unwrap_or_else(|| "benches/ponder-human-games.txt".into());
    let nodes: u64 = val("--nodes").and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let every: usize = val("--every").and_then(|v| v.parse().ok()).unwrap_or(1).max(1);
    let k: usize = val("--candidates").and_then(|v| v.parse().ok()).unwrap_or(3).clamp(1, MAX_K);
    let max: usize = val("--max").and_then(|v| v.parse().ok()).unwrap_or(usize::MAX);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut samples: Vec<Sample> = Vec::new();
    let mut count = 0usize;
    'games: for line in text.lines() {
        let (moves, comment) = line.split_once('#').unwrap_or((line, ""));
        let moves: Vec<&str> = moves.split_whitespace().collect();
        if moves.is_empty() {
            continue;
        }
        let who = comment.split('|').next().unwrap_or("").trim().strip_prefix("who=").unwrap_or("both").to_string();
        let mut e = Engine::new();
        for i in 1..moves.len() {
            let side = if i % 2 == 0 { "red" } else { "black" };
            if who != "both" && who != side {
                continue;
            }
            count += 1;
            if count % every != 0 {
                continue;
            }
            if samples.len() >= max {
                break 'games;
            }
            let (before, played) = (&moves[..i - 1], moves[i]);
            let engine_move = moves[i - 1].to_string();
            let own = GoParams { nodes: Some(nodes), searchmoves: Some(vec![engine_move]), ..Default::default() };
            let (_, _, predicted) = search(&mut e, before, own);
            let Some(predicted) = predicted else { continue };
            let rank_params = GoParams { nodes: Some((nodes as f64 * RANKING_SHARE) as u64), multipv: Some(MAX_K as u32), ..Default::default() };
            let (infos, _, _) = search(&mut e, &moves[..i], rank_params);
            let deepest = infos.iter().map(|x| x.depth).max().unwrap_or(0);
            let mut cands = vec![predicted.clone()];
            let mut lines: Vec<&Info> = infos.iter().filter(|x| x.depth == deepest).collect();
            lines.sort_by_key(|x| x.multipv);
            for l in lines {
                if let Some(m) = l.pv.first()
                    && !cands.contains(m)
                    && cands.len() < MAX_K
                {
                    cands.push(m.clone());
                }
            }
            let rank = cands.iter().position(|c| c == played).map_or(0, |r| r + 1);
            let (after, _, _) = search(&mut e, &moves[..=i], GoParams { nodes: Some(nodes), ..Default::default() });
            let d = after.iter().filter(|x| x.nodes <= nodes).map(|x| x.depth).max().unwrap_or(1);
            let n_d = after.iter().filter(|x| x.depth == d).map(|x| x.nodes).min().unwrap_or(nodes) as f64;
            samples.push(Sample { ply: i + 1, rank, n_d });
            if samples.len() % 50 == 0 {
                eprintln!("{} positions", samples.len());
            }
        }
    }
    println!("# {path}: {} positions (every {every}), B = {nodes} nodes, ranking B/4 at MultiPV {MAX_K}", samples.len());
    println!("\n## Coverage: the move played among the first k candidates (95% Wilson interval)\n");
    println!("| phase | positions | top-1 (predicted) | top-2 | top-3 | top-5 | top-3 / top-1 |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let phases: [(&str, Box<dyn Fn(usize) -> bool>); 4] = [
        ("opening (plies 1–20)", Box::new(|p| p <= 20)),
        ("middlegame (21–60)", Box::new(|p| (21..=60).contains(&p))),
        ("endgame (61+)", Box::new(|p| p > 60)),
        ("all", Box::new(|_| true)),
    ];
    for (name, f) in &phases {
        let s: Vec<&Sample> = samples.iter().filter(|x| f(x.ply)).collect();
        let cell = |kk: usize| {
            let hits = s.iter().filter(|x| x.rank >= 1 && x.rank <= kk).count();
            let (p, lo, hi) = wilson(hits, s.len());
            format!("{:.1}% [{:.1}, {:.1}]", 100.0 * p, 100.0 * lo, 100.0 * hi)
        };
        let top1 = s.iter().filter(|x| x.rank == 1).count() as f64;
        let top3 = s.iter().filter(|x| x.rank >= 1 && x.rank <= 3).count() as f64;
        println!("| {name} | {} | {} | {} | {} | {} | {:.2}× |", s.len(), cell(1), cell(2), cell(3), cell(5), if top1 > 0.0 { top3 / top1 } else { 0.0 });
    }
    println!("\n## Time to depth D after the move: nodes left, as a share of the no-pondering work (all positions)\n");
    println!("| opponent thinks (share of B) | one candidate | {k} candidates | speed-up, one | speed-up, {k} |");
    println!("|---:|---:|---:|---:|---:|");
    let total: f64 = samples.iter().map(|x| x.n_d).sum();
    let b = nodes as f64;
    for share in SHARES {
        let one: f64 = samples.iter().map(|x| if x.rank == 1 { (x.n_d - share * b).max(0.0) } else { x.n_d }).sum();
        let t = schedule(share, k);
        let many: f64 = samples
            .iter()
            .map(|x| if x.rank >= 1 && x.rank <= k { (x.n_d - t[x.rank - 1] * b).max(0.0) } else { x.n_d })
            .sum();
        println!("| {share} | {:.3} | {:.3} | {:.2}× | {:.2}× |", one / total, many / total, total / one.max(1.0), total / many.max(1.0));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_schedule_gives_candidate_one_a_unit_first() {
        assert_eq!(super::schedule(0.5, 3), vec![0.5, 0.0, 0.0]);
        assert_eq!(super::schedule(2.25, 3), vec![1.0, 1.0, 0.0]);
    }
}
