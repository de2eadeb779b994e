//! The root of the Xiangqi search: the root move list, the resumable iteration (aspiration windows, the
//! root move being searched, kept across time slices; docs/architecture.md §4), MultiPV (the `k` best root
//! moves with exact scores and PVs, by the lowered-alpha method of `crate::search::multipv`) and the answers
//! taken from it (best move, ponder move, the best move's node share).
//!
//! A child module of `super` (the search), whose private state it shares.

use super::{ASPIRATION, IterationInfo, NO_CYCLE, RunOutcome, Searcher, tree};
use crate::search::multipv::{MAX_MULTIPV, TopK};
use crate::search::score::{self, INFINITE, Score};
use crate::xiangqi::{Move, Position};

#[derive(Clone, Debug)]
pub(super) struct RootMove {
    mv: Move,
    score: Score,
    pv: Vec<Move>,
    /// Nodes searched under this move in the iteration in progress (its completed attempts).
    nodes: u64,
}

/// State of the iteration in progress, kept across time slices.
#[derive(Clone, Debug)]
pub(super) struct Iteration {
    depth: i32,
    alpha: Score,
    beta: Score,
    delta: Score,
    /// Next root move to search.
    index: usize,
    best: Score,
    best_index: Option<usize>,
    /// The `k` best scores of this pass (MultiPV; `k` = 1: the best move only).
    top: TopK,
    /// Root moves whose exact scores were kept through a fail-low (MultiPV > 1): the next pass skips them.
    keep: Vec<usize>,
}

impl Iteration {
    /// Starts the pass again from the first root move (after an aspiration failure).
    fn restart_pass(&mut self) {
        self.index = 0;
        self.best = -INFINITE;
        self.best_index = None;
        self.top.clear();
        self.keep.clear();
    }
}

impl Searcher {
    /// Starts a new search of `pos`: resets counters, killers, history and the root move list.
    pub fn start(&mut self, pos: Position) {
        self.pos = pos;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.last = None;
        self.lines.clear();
        self.current_best = None;
        self.best_node_share = None;
        self.rep_floor = NO_CYCLE;
        self.killers.iter_mut().for_each(|k| *k = [Move::NULL; 2]);
        self.counter.iter_mut().for_each(|c| c.fill(Move::NULL));
        self.history.iter_mut().for_each(|h| h.iter_mut().for_each(|v| *v /= 8));
        self.hist_hit.iter_mut().for_each(|h| h.iter_mut().for_each(|v| *v /= 2));
        self.hist_tried.iter_mut().for_each(|h| h.iter_mut().for_each(|v| *v /= 2));
        self.tt.new_search();
        let moves = self.pos.legal_moves();
        // Initial order: captures by MVV-LVA, then the rest in generation order.
        let mut rm: Vec<RootMove> =
            moves.as_slice().iter().map(|&mv| RootMove { mv, score: -INFINITE, pv: vec![mv], nodes: 0 }).collect();
        if self.options.root_ordering {
            rm.sort_by_key(|r| -self.capture_score(r.mv));
        }
        self.root_moves = rm;
        self.iteration = None;
    }

    /// Removes `excluded` moves from the root move list (UCCI `banmoves`, UCI `searchmoves`); call right after
    /// [`start`](Self::start). When every move is excluded, [`run`](Self::run) answers [`RunOutcome::NoMoves`].
    pub fn exclude_root_moves(&mut self, excluded: &[Move]) {
        self.root_moves.retain(|r| !excluded.contains(&r.mv));
    }

    /// Number of legal root moves.
    pub fn root_move_count(&self) -> usize {
        self.root_moves.len()
    }

    /// The root moves in their current order (best first after an iteration).
    pub fn root_order(&self) -> Vec<Move> {
        self.root_moves.iter().map(|r| r.mv).collect()
    }

    /// Whether an iteration is in progress (interrupted by a deadline, to be resumed).
    pub fn in_iteration(&self) -> bool {
        self.iteration.is_some()
    }

    /// Depth of the iteration in progress (or the next one).
    pub fn next_depth(&self) -> u32 {
        self.iteration.as_ref().map_or(self.last.as_ref().map_or(1, |l| l.depth + 1), |it| it.depth as u32)
    }

    /// MultiPV: the number of lines (1–[`MAX_MULTIPV`]) the next iterations report, best first, each with an
    /// exact score and its PV ([`lines`](Searcher::lines)); the method is in `crate::search::multipv`. Takes
    /// effect at the next iteration (set it before [`start`](Self::start)'s first [`run`](Self::run)). With 1
    /// (the default) the search is exactly the single-PV one.
    pub fn set_multipv(&mut self, k: usize) {
        self.multipv = k.clamp(1, MAX_MULTIPV);
    }

    /// The MultiPV setting ([`set_multipv`](Self::set_multipv)).
    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// Searches until an iteration completes, or until `deadline` (ms on [`now_ms`]'s clock) or `node_limit`
    /// total nodes, whichever is first. Call again to continue.
    ///
    /// With MultiPV `k`, a root move is searched with the window's alpha lowered to the k-th best score so far
    /// (the first `k` moves with a full window), the aspiration window spans the last iteration's k-th score
    /// to its best, and the iteration fails low when its k-th score is not above alpha; the lines already
    /// scored above that alpha are kept, and only the other moves are searched again with the lower one.
    ///
    /// [`now_ms`]: crate::search::clock::now_ms
    pub fn run(&mut self, deadline: f64, node_limit: u64) -> RunOutcome {
        if self.root_moves.is_empty() {
            return RunOutcome::NoMoves;
        }
        self.deadline = deadline;
        self.node_limit = node_limit;
        self.aborted = false;
        if self.iteration.is_none() {
            let depth = self.last.as_ref().map_or(1, |l| l.depth as i32 + 1);
            let k = self.multipv.min(self.root_moves.len());
            let prev = self.last.as_ref().map(|l| l.score);
            // The lowest line's score bounds the window from below (the best one's with a single line).
            let low = if k > 1 { self.lines.get(k - 1).map(|l| l.score) } else { prev };
            let (alpha, beta, delta) = match (prev, low) {
                (Some(s), Some(l)) if self.options.aspiration && depth >= 4 && !score::is_mate(s) && !score::is_mate(l) => {
                    (l - ASPIRATION, s + ASPIRATION, ASPIRATION)
                }
                _ => (-INFINITE, INFINITE, ASPIRATION),
            };
            self.iteration =
                Some(Iteration { depth, alpha, beta, delta, index: 0, best: -INFINITE, best_index: None, top: TopK::new(k), keep: Vec::new() });
            for r in &mut self.root_moves {
                r.nodes = 0;
            }
        }
        loop {
            let mut it = self.iteration.clone().expect("iteration");
            let k = it.top.k();
            if let Some(t) = self.tree.as_deref_mut() {
                t.open_pass(it.depth, it.alpha, it.beta, self.nodes);
            }
            while it.index < self.root_moves.len() {
                let i = it.index;
                if it.keep.contains(&i) {
                    it.index += 1;
                    continue;
                }
                let mv = self.root_moves[i].mv;
                let nodes_before = self.nodes;
                self.snapshot_root_move();
                self.pos.make_move(mv);
                let gives_check = self.pos.in_check();
                self.pos.history.last_mut().unwrap().gives_check = gives_check;
                let ext = (gives_check && self.options.check_extension) as i32;
                let new_depth = it.depth - 1 + ext;
                // The k-th best so far (the best with a single line): a move must beat it to be a line.
                let floor = it.top.threshold();
                let alpha = if self.options.alpha_beta { it.alpha.max(floor) } else { -INFINITE };
                let s = if i < k || !(self.options.pvs && self.options.alpha_beta) {
                    -self.pvs(-it.beta, -alpha, new_depth, 1, true, true)
                } else {
                    let mut s = -self.pvs(-alpha - 1, -alpha, new_depth, 1, false, true);
                    if !self.aborted && s > alpha && s < it.beta {
                        self.tree_pending(tree::RESEARCH, 0);
                        s = -self.pvs(-it.beta, -alpha, new_depth, 1, true, true);
                    }
                    s
                };
                self.pos.unmake_move();
                if self.aborted {
                    // A node limit is final: undoing the move's nodes would only reach the limit again, forever.
                    if self.nodes < self.node_limit {
                        self.restore_root_move();
                    }
                    self.iteration = Some(it);
                    return RunOutcome::Interrupted;
                }
                if let Some(snap) = self.exact.as_mut() {
                    snap.retry_nodes = 0;
                }
                let rm = &mut self.root_moves[i];
                rm.nodes += self.nodes - nodes_before;
                rm.score = s;
                if s > it.alpha && s > floor {
                    // An exact score (or a fail high): the move is one of the lines so far.
                    let mut pv = vec![mv];
                    pv.extend_from_slice(&self.pv[1]);
                    rm.pv = pv;
                    if s > it.best && (i > 0 || it.depth > 1) {
                        self.current_best = Some(mv);
                    }
                }
                if s > it.best {
                    it.best = s;
                    it.best_index = Some(i);
                }
                it.top.insert(s, i);
                it.index += 1;
                if it.best >= it.beta {
                    break;
                }
            }
            // Aspiration: widen on failure and search the iteration again from its first move.
            let bi = it.best_index.unwrap_or(0);
            if let Some(t) = self.tree.as_deref_mut() {
                t.close_pass(it.best, self.nodes);
            }
            let lowest = it.top.lowest();
            if lowest <= it.alpha && it.alpha > -INFINITE {
                it.delta *= 2;
                let failed_alpha = it.alpha;
                it.alpha = (lowest - it.delta).max(-INFINITE);
                if it.delta > 600 {
                    it.alpha = -INFINITE;
                }
                // MultiPV: the lines scored above the failed alpha are exact within the wider window too; they are
                // kept and the pass searches only the other moves again (with one line, nothing is kept: the
                // single-PV restart).
                let kept: Vec<(Score, usize)> =
                    if k > 1 { it.top.entries().iter().copied().filter(|e| e.0 > failed_alpha).collect() } else { Vec::new() };
                it.restart_pass();
                for &(s, i) in &kept {
                    it.top.insert(s, i);
                    it.keep.push(i);
                    if s > it.best {
                        it.best = s;
                        it.best_index = Some(i);
                    }
                }
                self.iteration = Some(it);
                continue;
            }
            if it.best >= it.beta && it.beta < INFINITE {
                it.delta *= 2;
                it.beta = (it.best + it.delta).min(INFINITE);
                if it.delta > 600 {
                    it.beta = INFINITE;
                }
                // Search the move that failed high first.
                if self.options.root_ordering {
                    let m = self.root_moves.remove(bi);
                    self.root_moves.insert(0, m);
                }
                it.restart_pass();
                self.iteration = Some(it);
                continue;
            }
            // Completed.
            let total: u64 = self.root_moves.iter().map(|r| r.nodes).sum();
            self.best_node_share = (total > 0).then(|| self.root_moves[bi].nodes as f64 / total as f64);
            let ranked: Vec<usize> = it.top.entries().iter().map(|e| e.1).collect();
            let line = |r: &RootMove| IterationInfo {
                depth: it.depth as u32,
                seldepth: self.seldepth as u32,
                score: r.score,
                nodes: self.nodes,
                pv: r.pv.clone(),
            };
            self.lines = ranked.iter().skip(1).map(|&i| line(&self.root_moves[i])).collect();
            // Best first, then the other lines, the rest by their (bound) scores, ties in the previous order.
            let bi = if self.options.root_ordering {
                let mut rest: Vec<RootMove> = Vec::with_capacity(self.root_moves.len());
                let mut first: Vec<RootMove> = Vec::with_capacity(k);
                let mut taken = vec![false; self.root_moves.len()];
                for &i in std::iter::once(&bi).chain(ranked.iter().skip(1)) {
                    taken[i] = true;
                    first.push(self.root_moves[i].clone());
                }
                for (i, r) in self.root_moves.drain(..).enumerate() {
                    if !taken[i] {
                        rest.push(r);
                    }
                }
                rest.sort_by_key(|r| -r.score);
                first.extend(rest);
                self.root_moves = first;
                0
            } else {
                bi
            };
            let pv = self.root_moves[bi].pv.clone();
            // The other lines' moves first, so the best line's win where they share a position.
            for l in self.lines.clone().iter().rev() {
                self.store_pv(&l.pv);
            }
            self.store_pv(&pv);
            let best =
                IterationInfo { depth: it.depth as u32, seldepth: self.seldepth as u32, score: it.best, nodes: self.nodes, pv };
            self.lines.insert(0, best.clone());
            self.last = Some(best);
            self.current_best = None;
            self.iteration = None;
            return RunOutcome::IterationDone;
        }
    }

    /// The share (0–1) of the last completed iteration's root-move nodes that were spent under its best move,
    /// counting every attempt of the iteration (aspiration re-searches included); `None` before the first
    /// iteration. Near 1 when the alternatives were refuted at once: the time manager's "easy move" sign.
    pub fn best_move_node_share(&self) -> Option<f64> {
        self.best_node_share
    }

    /// The move to play now: the current iteration's new best if it has one, else the last iteration's.
    pub fn best_move(&self) -> Option<Move> {
        self.current_best.or_else(|| self.last.as_ref().and_then(|l| l.pv.first().copied()))
            .or_else(|| self.root_moves.first().map(|r| r.mv))
    }

    /// The expected reply to [`best_move`](Self::best_move) (second move of the PV), for pondering.
    /// When the best move is not the last PV's first move (a new best in an unfinished iteration), the reply
    /// stored in the TT for the position after it is used, if it is legal there.
    pub fn ponder_move(&self) -> Option<Move> {
        let best = self.best_move()?;
        if let Some(last) = self.last.as_ref()
            && last.pv.first() == Some(&best)
            && let Some(&reply) = last.pv.get(1)
        {
            return Some(reply);
        }
        let mut after = self.pos.clone();
        after.make_move(best);
        let reply = Move(self.tt.probe(after.key())?.mv);
        (!reply.is_null() && after.is_pseudo_legal(reply) && after.clone().make_if_legal(reply)).then_some(reply)
    }

    /// Writes the PV's moves back into the TT so the next iteration follows it first.
    fn store_pv(&mut self, pv: &[Move]) {
        let mut n = 0;
        for &m in pv {
            if !self.pos.is_pseudo_legal(m) {
                break;
            }
            self.tt.store_move(self.pos.key(), m.0);
            self.pos.make_move(m);
            n += 1;
        }
        for _ in 0..n {
            self.pos.unmake_move();
        }
    }
}
