//! The checker: re-searches shipped puzzles well beyond the depth they were found at and confirms that the
//! first move is still the engine's best and the only winning one ([`unique`]: the best decisive, the second
//! at most +100 cp and at least 250 cp behind).

use super::XiangqiPuzzle;
use super::analyse::{search, show, unique};
use crate::xiangqi::Position;
use rand_core::SeedableRng;

/// The checker's default depth (plies): the miner's find depth (9) + 5.
pub const CHECK_DEPTH: u32 = 14;

/// One puzzle's verdict: `Ok(())`, or why it failed.
pub fn check_one(p: &XiangqiPuzzle, depth: u32) -> Result<(), String> {
    let pos = Position::from_fen(&p.fen).map_err(|e| format!("bad FEN: {e}"))?;
    let iters = search(&pos, depth, 2);
    let last = iters.last().ok_or("no legal move")?;
    let best = &last.lines[0];
    if best.pv[0].to_string() != p.solution[0] {
        return Err(format!("best move is {} ({}), not {}", best.pv[0], show(best.score), p.solution[0]));
    }
    unique(&last.lines)
}

/// Indices of the puzzles to check: all of `n` (`sample` = `None` or at least `n`), else `sample` of them
/// drawn without replacement by a PCG-64 generator seeded with `seed`, in increasing order.
pub fn sample_indices(n: usize, sample: Option<usize>, seed: u64) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..n).collect();
    let Some(k) = sample.filter(|&k| k < n) else { return idx };
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    for i in 0..k {
        let j = i + (rand_core::Rng::next_u64(&mut rng) % (n - i) as u64) as usize;
        idx.swap(i, j);
    }
    idx.truncate(k);
    idx.sort_unstable();
    idx
}
