//! Time management under a clock: when a search with a [`Budget`] (from [`GoParams::budget`]) stops, given the
//! iterations it has completed. The budget itself (soft and hard milliseconds from the clock, the moves-to-go
//! estimate, the caps) is in [`crate::search::limits`]; the sliced driver (`crate::engine`) asks
//! [`clock_stop`] after each completed iteration. Rules and constants, with their measurements, are described in
//! `docs/playing.md` ("Time management").
//!
//! [`GoParams::budget`]: crate::search::limits::GoParams::budget

use crate::search::driver::IterationInfo;
use crate::search::limits::Budget;
use crate::search::score::{self, Score};

/// The soft budget is scaled by how settled the search is. Best move changed in the last iteration:
/// ×[`TM_BEST_MOVE_CHANGED`]; the same best move for the last four iterations: ×[`TM_BEST_MOVE_STABLE`]; score
/// fell by more than [`TM_SCORE_DROP_CP`]: ×[`TM_SCORE_DROPPED`]. A new iteration starts only while less than
/// [`TM_NEW_ITERATION_SHARE`] of the scaled budget is used.
pub const TM_BEST_MOVE_CHANGED: f64 = 1.6;
/// See [`TM_BEST_MOVE_CHANGED`].
pub const TM_BEST_MOVE_STABLE: f64 = 0.6;
/// See [`TM_BEST_MOVE_CHANGED`] (centipawns, the side to move's view).
pub const TM_SCORE_DROP_CP: Score = 30;
/// See [`TM_BEST_MOVE_CHANGED`].
pub const TM_SCORE_DROPPED: f64 = 1.4;
/// See [`TM_BEST_MOVE_CHANGED`].
pub const TM_NEW_ITERATION_SHARE: f64 = 0.5;
/// Easy move: the search under a clock ends early, once [`TM_EASY_SOFT_SHARE`] of the soft budget is used, when
/// the best move has stayed the same for the last [`TM_EASY_ITERATIONS`] iterations (from depth
/// [`TM_EASY_MIN_DEPTH`]) without a score drop over [`TM_SCORE_DROP_CP`], and the last iteration spent at least
/// [`TM_EASY_NODE_SHARE`] of its root nodes under it: the alternatives were refuted at once, the sign of a clear
/// margin.
pub const TM_EASY_ITERATIONS: usize = 5;
/// See [`TM_EASY_ITERATIONS`].
pub const TM_EASY_MIN_DEPTH: u32 = 8;
/// See [`TM_EASY_ITERATIONS`].
pub const TM_EASY_NODE_SHARE: f64 = 0.85;
/// See [`TM_EASY_ITERATIONS`].
pub const TM_EASY_SOFT_SHARE: f64 = 0.15;

/// The soft-budget scale for the completed iterations (best move, score) so far (see [`TM_BEST_MOVE_CHANGED`]).
pub fn factor<M: PartialEq>(iterations: &[(M, Score)]) -> f64 {
    let n = iterations.len();
    let mut f = 1.0;
    if n >= 2 && iterations[n - 1].0 != iterations[n - 2].0 {
        f *= TM_BEST_MOVE_CHANGED;
    } else if n >= 4 && iterations[n - 4..].iter().all(|i| i.0 == iterations[n - 1].0) {
        f *= TM_BEST_MOVE_STABLE;
    }
    if n >= 2 && iterations[n - 2].1 - iterations[n - 1].1 > TM_SCORE_DROP_CP {
        f *= TM_SCORE_DROPPED;
    }
    f
}

/// The easy-move test of [`TM_EASY_ITERATIONS`]: `iterations` (best move, score) so far, `last` the last one,
/// `best_share` the share of its root nodes spent under its best move (`None`: unknown, never easy).
pub fn easy_move<M: PartialEq>(iterations: &[(M, Score)], last: &IterationInfo<M>, best_share: Option<f64>) -> bool {
    let n = iterations.len();
    if last.depth < TM_EASY_MIN_DEPTH || n < TM_EASY_ITERATIONS || score::is_mate(last.score) {
        return false;
    }
    let recent = &iterations[n - TM_EASY_ITERATIONS..];
    let same = recent.iter().all(|i| i.0 == recent[TM_EASY_ITERATIONS - 1].0);
    let no_drop = recent.windows(2).all(|w| w[0].1 - w[1].1 <= TM_SCORE_DROP_CP);
    same && no_drop && best_share.is_some_and(|x| x >= TM_EASY_NODE_SHARE)
}

/// Whether a search under a clock stops after its last completed iteration `last`: `used_ms` since its clock
/// started, `pondered_ms` spent pondering before a `ponderhit` (0 without one). No new iteration starts past
/// [`TM_NEW_ITERATION_SHARE`] of the soft budget scaled by [`factor`] (at most the hard one); after a ponder hit
/// whose best move held (factor ≤ 1), the pondering counts as thinking already done. An easy move
/// ([`easy_move`]) stops once [`TM_EASY_SOFT_SHARE`] of the soft budget is used.
pub fn clock_stop<M: PartialEq>(
    budget: Budget,
    iterations: &[(M, Score)],
    used_ms: f64,
    pondered_ms: f64,
    last: &IterationInfo<M>,
    best_share: Option<f64>,
) -> bool {
    let f = factor(iterations);
    let used = used_ms + if f <= 1.0 { pondered_ms } else { 0.0 };
    used >= (budget.soft * f).min(budget.hard) * TM_NEW_ITERATION_SHARE
        || (used >= budget.soft * TM_EASY_SOFT_SHARE && easy_move(iterations, last, best_share))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn it(depth: u32, score: Score) -> IterationInfo<char> {
        IterationInfo { depth, seldepth: depth, score, nodes: 0, pv: vec!['a'] }
    }

    #[test]
    fn the_factor_extends_on_a_new_best_move_and_on_a_score_drop() {
        assert_eq!(factor(&[('a', 10)]), 1.0);
        assert_eq!(factor(&[('a', 10), ('b', 10)]), TM_BEST_MOVE_CHANGED);
        assert_eq!(factor(&[('a', 50), ('a', 10)]), TM_SCORE_DROPPED);
        assert_eq!(factor(&[('a', 10), ('a', 10), ('a', 12), ('a', 11)]), TM_BEST_MOVE_STABLE);
    }

    #[test]
    fn an_easy_move_needs_a_held_best_move_a_steady_score_depth_and_a_clear_node_share() {
        let held: Vec<(char, Score)> = (0..6).map(|_| ('a', 20)).collect();
        assert!(easy_move(&held, &it(9, 20), Some(0.9)));
        assert!(!easy_move(&held, &it(9, 20), Some(0.5)), "the alternatives took real work");
        assert!(!easy_move(&held, &it(9, 20), None));
        assert!(!easy_move(&held, &it(6, 20), Some(0.9)), "too shallow");
        let changed = [('b', 20), ('a', 20), ('a', 20), ('a', 20), ('a', 20)];
        assert!(!easy_move(&changed[..4], &it(9, 20), Some(0.9)), "too few iterations");
        let mut dropped = held.clone();
        dropped[4].1 = -40;
        assert!(!easy_move(&dropped, &it(9, -40), Some(0.9)), "a score drop");
    }

    #[test]
    fn the_clock_stops_at_half_the_scaled_soft_budget_and_credits_a_settled_ponder_hit() {
        let b = Budget { soft: 1000.0, hard: 2500.0 };
        let settled: Vec<(char, Score)> = (0..4).map(|_| ('a', 20)).collect(); // ×0.6: stops at 300 ms
        assert!(!clock_stop(b, &settled, 290.0, 0.0, &it(7, 20), None));
        assert!(clock_stop(b, &settled, 310.0, 0.0, &it(7, 20), None));
        assert!(clock_stop(b, &settled, 10.0, 400.0, &it(7, 20), None), "the pondering counts");
        let changed = [('a', 20), ('b', 20)]; // ×1.6: 800 ms, and pondering does not count
        assert!(!clock_stop(b, &changed, 10.0, 5000.0, &it(7, 20), None));
        assert!(clock_stop(b, &changed, 810.0, 0.0, &it(7, 20), None));
        // an easy move stops at 15% of the soft budget
        let held: Vec<(char, Score)> = (0..6).map(|_| ('a', 20)).collect();
        assert!(!clock_stop(b, &held, 140.0, 0.0, &it(9, 20), Some(0.95)));
        assert!(clock_stop(b, &held, 160.0, 0.0, &it(9, 20), Some(0.95)));
    }
}
