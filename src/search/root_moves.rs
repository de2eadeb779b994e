//! The root of a resumable iterative-deepening search, shared by the alpha-beta searchers of both games
//! (Xiangqi `crate::xiangqi::search`, Hex `crate::hex::search`): the root move list with each move's last
//! score, line and nodes, the last completed iteration and its MultiPV lines, the new best move of the
//! iteration in progress, and the answers read from them (best move, the reply to ponder on, the best move's
//! node share).
//!
//! A searcher keeps one `RootMoves` per search. Because everything a search has learnt at its root is here
//! (with the game's own iteration state beside it), a searcher can put a search aside and take it up again
//! later (the engine's pondering on several replies, `crate::engine::ponder`): the node counts and iterations
//! carry on where they were.

use super::driver::IterationInfo;
use super::score::{INFINITE, Score};

/// One root move: its score in the last pass that searched it (exact, or a bound), its line (the move first)
/// and the nodes searched under it in the iteration in progress.
#[derive(Clone, Debug)]
pub struct RootMove<M> {
    pub mv: M,
    pub score: Score,
    pub pv: Vec<M>,
    pub nodes: u64,
}

/// The root move list of one search and what its completed iterations found (see the module documentation).
#[derive(Clone, Debug)]
pub struct RootMoves<M> {
    /// The root moves, best first after each completed iteration (when the search reorders them).
    pub moves: Vec<RootMove<M>>,
    /// The last completed iteration (its best line).
    pub last: Option<IterationInfo<M>>,
    /// The last completed iteration's lines, best first (`lines[0]` equals `last`; MultiPV `k` lines).
    pub lines: Vec<IterationInfo<M>>,
    /// The new best move of the iteration in progress (a root move that completed with a better score).
    pub current_best: Option<M>,
    /// The share (0–1) of the last completed iteration's root nodes spent under its best move.
    pub best_node_share: Option<f64>,
}

impl<M> Default for RootMoves<M> {
    fn default() -> Self {
        RootMoves { moves: Vec::new(), last: None, lines: Vec::new(), current_best: None, best_node_share: None }
    }
}

impl<M: Copy + PartialEq> RootMoves<M> {
    /// A new search's root with these moves, in this order (unscored); nothing completed yet.
    pub fn new(moves: impl IntoIterator<Item = M>) -> Self {
        RootMoves {
            moves: moves.into_iter().map(|mv| RootMove { mv, score: -INFINITE, pv: vec![mv], nodes: 0 }).collect(),
            ..Default::default()
        }
    }

    /// Removes `excluded` moves (UCCI `banmoves`, UCI `searchmoves`' complement).
    pub fn exclude(&mut self, excluded: &[M]) {
        self.moves.retain(|r| !excluded.contains(&r.mv));
    }

    /// Number of root moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no root move is left.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The root moves in their current order.
    pub fn order(&self) -> Vec<M> {
        self.moves.iter().map(|r| r.mv).collect()
    }

    /// The depth of the next iteration to open: one more than the last completed one (1 at first).
    pub fn next_iteration_depth(&self) -> u32 {
        self.last.as_ref().map_or(1, |l| l.depth + 1)
    }

    /// Forgets the nodes counted under each move (an iteration opens).
    pub fn clear_nodes(&mut self) {
        for r in &mut self.moves {
            r.nodes = 0;
        }
    }

    /// Closes an iteration of `depth` plies: `ranked` are the indices of its lines in `moves`, best first (at
    /// least one), with exact scores and lines already stored in their [`RootMove`]s; `best_score` is the
    /// best line's score. Sets the best move's node share, the lines and `last`; with `reorder`, the moves
    /// become the lines in rank order and then the rest by their (bound) scores, ties in their previous order.
    /// Returns the best move's index in `moves` (0 after reordering).
    pub fn complete(&mut self, depth: u32, seldepth: u32, nodes: u64, best_score: Score, ranked: &[usize], reorder: bool) -> usize {
        let best = ranked[0];
        let total: u64 = self.moves.iter().map(|r| r.nodes).sum();
        self.best_node_share = (total > 0).then(|| self.moves[best].nodes as f64 / total as f64);
        let line = |r: &RootMove<M>, score: Score| IterationInfo { depth, seldepth, score, nodes, pv: r.pv.clone() };
        self.lines = ranked
            .iter()
            .enumerate()
            .map(|(rank, &i)| line(&self.moves[i], if rank == 0 { best_score } else { self.moves[i].score }))
            .collect();
        let best = if reorder {
            let mut taken = vec![false; self.moves.len()];
            let mut order: Vec<RootMove<M>> = Vec::with_capacity(self.moves.len());
            for &i in ranked {
                taken[i] = true;
                order.push(self.moves[i].clone());
            }
            let mut rest: Vec<RootMove<M>> =
                self.moves.drain(..).enumerate().filter(|(i, _)| !taken[*i]).map(|(_, r)| r).collect();
            crate::sort::sort_by_key(&mut rest, |r| -r.score);
            order.extend(rest);
            self.moves = order;
            0
        } else {
            best
        };
        self.last = Some(self.lines[0].clone());
        self.current_best = None;
        best
    }

    /// The move to play now: the iteration in progress's new best, else the last iteration's, else the first
    /// root move.
    pub fn best_move(&self) -> Option<M> {
        self.current_best
            .or_else(|| self.last.as_ref().and_then(|l| l.pv.first().copied()))
            .or_else(|| self.moves.first().map(|r| r.mv))
    }

    /// The expected reply to `best` from the last iteration's principal variation (its second move), when that
    /// line starts with `best`; `None` otherwise (the searcher then asks its table).
    pub fn pv_reply(&self, best: M) -> Option<M> {
        let last = self.last.as_ref()?;
        if last.pv.first() == Some(&best) { last.pv.get(1).copied() } else { None }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_an_iteration_lines_first_then_the_rest_by_score() {
        let mut r = RootMoves::new([1u8, 2, 3, 4]);
        for (i, s) in [(0, 10), (1, 50), (2, -5), (3, 30)] {
            r.moves[i].score = s;
            r.moves[i].nodes = 10;
        }
        r.moves[1].nodes = 70;
        r.moves[1].pv = vec![2, 9];
        let best = r.complete(3, 5, 100, 50, &[1, 3], true);
        assert_eq!(best, 0);
        assert_eq!(r.order(), vec![2, 4, 1, 3]);
        assert_eq!(r.lines.len(), 2);
        assert_eq!(r.last.as_ref().unwrap().score, 50);
        assert_eq!(r.best_move(), Some(2));
        assert_eq!(r.pv_reply(2), Some(9));
        assert_eq!(r.pv_reply(4), None);
        assert!((r.best_node_share.unwrap() - 0.7).abs() < 1e-9);
        assert_eq!(r.next_iteration_depth(), 4);
    }

    #[test]
    fn without_reordering_the_best_keeps_its_index() {
        let mut r = RootMoves::new([1u8, 2, 3]);
        r.moves[2].score = 7;
        assert_eq!(r.complete(1, 1, 3, 7, &[2], false), 2);
        assert_eq!(r.order(), vec![1, 2, 3]);
        r.exclude(&[1]);
        assert_eq!(r.len(), 2);
    }
}
