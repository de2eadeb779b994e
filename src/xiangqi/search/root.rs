//! The root of the Xiangqi search: the resumable iteration (aspiration windows, the root move being searched,
//! kept across time slices; docs/architecture.md §4) over the shared root move list
//! ([`crate::search::root_moves::RootMoves`]), MultiPV (the `k` best root moves with exact scores and PVs, by
//! the lowered-alpha method of `crate::search::multipv`), the answers taken from it (best move, ponder move,
//! the best move's node share), and putting a search aside to take it up later ([`Suspended`]).
//!
//! A child module of `super` (the search), whose private state it shares.

use super::{ASPIRATION, NO_CYCLE, RunOutcome, Searcher, tree};
use crate::search::multipv::{MAX_MULTIPV, TopK};
use crate::search::root_moves::RootMoves;
use crate::search::score::{self, INFINITE, Score};
use crate::xiangqi::{Move, Position};

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
    /// The call the root move `index` was in when a slice ended (`Fresh`: none, the move starts afresh).
    site: RootSite,
    /// The node count when the root move `index` started (its share of the iteration's nodes).
    nodes_before: u64,
}

/// Where the root move being searched was when a slice ended ([`Iteration::site`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RootSite {
    Fresh,
    /// The full-window search (the first `k` moves, or every move without PVS).
    Full,
    /// The null-window search of a later move.
    ZeroWindow,
    /// The full-window re-search of a move that beat alpha.
    Research,
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

/// A search put aside by [`Searcher::suspend`], to be taken up again by [`Searcher::resume`]: its root
/// position, root moves, completed iterations, the iteration in progress and its counters. The transposition
/// table, killers and history stay with the searcher, shared by every search it runs.
#[derive(Clone)]
pub struct Suspended {
    pos: Position,
    root: RootMoves<Move>,
    iteration: Option<Iteration>,
    nodes: u64,
    seldepth: usize,
    rep_floor: usize,
    /// The interrupted iteration's frames and PVs (the searcher's are overwritten by the searches in between).
    frames: Vec<super::Frame>,
    pv: Vec<Vec<Move>>,
}

impl Suspended {
    /// Nodes the search had visited.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }
}

impl Searcher {
    /// Starts a new search of `pos`: resets counters, killers, history and the root move list.
    pub fn start(&mut self, pos: Position) {
        self.end_search();
        self.helper_nodes_done = 0;
        self.pos = pos;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.rep_floor = NO_CYCLE;
        self.killers.iter_mut().for_each(|k| *k = [Move::NULL; 2]);
        self.counter.iter_mut().for_each(|c| c.fill(Move::NULL));
        self.history.iter_mut().for_each(|h| h.iter_mut().for_each(|v| *v /= 8));
        self.hist_hit.iter_mut().for_each(|h| h.iter_mut().for_each(|v| *v /= 2));
        self.hist_tried.iter_mut().for_each(|h| h.iter_mut().for_each(|v| *v /= 2));
        if self.helper_index == 0 {
            self.tt.new_search();
        }
        let mut moves = self.pos.legal_moves().as_slice().to_vec();
        // Initial order: captures by MVV-LVA, then the rest in generation order.
        if self.options.root_ordering {
            crate::sort::sort_by_key(&mut moves, |&mv| -self.capture_score(mv));
        }
        self.root = RootMoves::new(moves);
        self.iteration = None;
        self.frames.clear();
    }

    /// Forgets what earlier searches taught the move ordering — killers, counter moves, history and the
    /// history-pruning statistics — as a new searcher has none. With an empty table (`Clear Hash`), the next
    /// search is then the one a new searcher would run: a search no longer depends on which positions were
    /// searched before it.
    pub fn forget_statistics(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [Move::NULL; 2]);
        self.counter.iter_mut().for_each(|c| c.fill(Move::NULL));
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.hist_hit.iter_mut().for_each(|h| h.fill(0));
        self.hist_tried.iter_mut().for_each(|h| h.fill(0));
    }

    /// Puts the current search aside (call between two [`run`](Self::run)s): what [`resume`](Self::resume)
    /// needs to go on with it as if it had never stopped — the same iteration, root move and node count. The
    /// searcher keeps its state until the next [`start`](Self::start) or `resume`.
    pub fn suspend(&self) -> Suspended {
        Suspended {
            pos: self.pos.clone(),
            root: self.root.clone(),
            iteration: self.iteration.clone(),
            nodes: self.nodes,
            seldepth: self.seldepth,
            rep_floor: self.rep_floor,
            frames: self.frames.clone(),
            pv: self.pv.clone(),
        }
    }

    /// Takes up a search put aside by [`suspend`](Self::suspend): the next [`run`](Self::run) continues it.
    pub fn resume(&mut self, s: Suspended) {
        self.pos = s.pos;
        self.root = s.root;
        self.iteration = s.iteration;
        self.nodes = s.nodes;
        self.seldepth = s.seldepth;
        self.rep_floor = s.rep_floor;
        self.frames = s.frames;
        self.pv = s.pv;
        self.aborted = false;
    }

    /// Removes `excluded` moves from the root move list (UCCI `banmoves`, UCI `searchmoves`); call right after
    /// [`start`](Self::start). When every move is excluded, [`run`](Self::run) answers [`RunOutcome::NoMoves`].
    pub fn exclude_root_moves(&mut self, excluded: &[Move]) {
        self.root.exclude(excluded);
    }

    /// Number of legal root moves.
    pub fn root_move_count(&self) -> usize {
        self.root.len()
    }

    /// The root moves in their current order (best first after an iteration).
    pub fn root_order(&self) -> Vec<Move> {
        self.root.order()
    }

    /// Whether an iteration is in progress (interrupted by a deadline, to be resumed).
    pub fn in_iteration(&self) -> bool {
        self.iteration.is_some()
    }

    /// Depth of the iteration in progress (or the next one).
    pub fn next_depth(&self) -> u32 {
        self.iteration.as_ref().map_or(self.root.next_iteration_depth(), |it| it.depth as u32)
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
        if self.root.is_empty() {
            return RunOutcome::NoMoves;
        }
        self.deadline = deadline;
        self.node_limit = node_limit;
        self.aborted = false;
        self.start_helpers(node_limit);
        if self.iteration.is_none() {
            // Odd helpers of a parallel search open each iteration a ply deeper (`smp`).
            let depth = self.root.next_iteration_depth() as i32 + (self.helper_index % 2) as i32;
            let k = self.multipv.min(self.root.len());
            let prev = self.root.last.as_ref().map(|l| l.score);
            // The lowest line's score bounds the window from below (the best one's with a single line).
            let low = if k > 1 { self.root.lines.get(k - 1).map(|l| l.score) } else { prev };
            let (alpha, beta, delta) = match (prev, low) {
                (Some(s), Some(l)) if self.options.aspiration && depth >= 4 && !score::is_mate(s) && !score::is_mate(l) => {
                    (l - ASPIRATION, s + ASPIRATION, ASPIRATION)
                }
                _ => (-INFINITE, INFINITE, ASPIRATION),
            };
            self.iteration =
                Some(Iteration { depth, alpha, beta, delta, index: 0, best: -INFINITE, best_index: None, top: TopK::new(k), keep: Vec::new(), site: RootSite::Fresh, nodes_before: 0 });
            self.root.clear_nodes();
        }
        loop {
            let mut it = self.iteration.clone().expect("iteration");
            let k = it.top.k();
            if let Some(t) = self.tree.as_deref_mut() {
                t.open_pass(it.depth, it.alpha, it.beta, self.nodes);
            }
            while it.index < self.root.len() {
                let i = it.index;
                if it.keep.contains(&i) {
                    it.index += 1;
                    continue;
                }
                let mv = self.root.moves[i].mv;
                let site = it.site;
                if site == RootSite::Fresh {
                    it.nodes_before = self.nodes;
                }
                self.pos.make_move(mv);
                let gives_check = self.pos.in_check();
                self.pos.history.last_mut().unwrap().gives_check = gives_check;
                let ext = (gives_check && self.options.check_extension) as i32;
                let new_depth = it.depth - 1 + ext;
                // The k-th best so far (the best with a single line): a move must beat it to be a line.
                let floor = it.top.threshold();
                let alpha = if self.options.alpha_beta { it.alpha.max(floor) } else { -INFINITE };
                // Each call is a resume point (`site`: the one a slice ended in; node module docs).
                let mut stop = RootSite::Fresh;
                let mut s: Score = 0;
                if i < k || !(self.options.pvs && self.options.alpha_beta) {
                    s = -self.pvs(-it.beta, -alpha, new_depth, 1, true, true);
                    if self.aborted {
                        stop = RootSite::Full;
                    }
                } else {
                    if site != RootSite::Research {
                        s = -self.pvs(-alpha - 1, -alpha, new_depth, 1, false, true);
                        if self.aborted {
                            stop = RootSite::ZeroWindow;
                        }
                    }
                    if stop == RootSite::Fresh && (site == RootSite::Research || (s > alpha && s < it.beta)) {
                        if site != RootSite::Research {
                            self.tree_pending(tree::RESEARCH, 0);
                        }
                        s = -self.pvs(-it.beta, -alpha, new_depth, 1, true, true);
                        if self.aborted {
                            stop = RootSite::Research;
                        }
                    }
                }
                self.pos.unmake_move();
                if self.aborted {
                    it.site = stop;
                    self.iteration = Some(it);
                    return RunOutcome::Interrupted;
                }
                it.site = RootSite::Fresh;
                let nodes_before = it.nodes_before;
                let rm = &mut self.root.moves[i];
                rm.nodes += self.nodes - nodes_before;
                rm.score = s;
                if s > it.alpha && s > floor {
                    // An exact score (or a fail high): the move is one of the lines so far.
                    let mut pv = vec![mv];
                    pv.extend_from_slice(&self.pv[1]);
                    rm.pv = pv;
                    if s > it.best && (i > 0 || it.depth > 1) {
                        self.root.current_best = Some(mv);
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
                    let m = self.root.moves.remove(bi);
                    self.root.moves.insert(0, m);
                }
                it.restart_pass();
                self.iteration = Some(it);
                continue;
            }
            // Completed: the lines best first (the best move first even without root ordering).
            let mut ranked: Vec<usize> = it.top.entries().iter().map(|e| e.1).collect();
            ranked[0] = bi;
            self.root.complete(it.depth as u32, self.seldepth as u32, self.nodes + self.helper_nodes(), it.best, &ranked, self.options.root_ordering);
            // The other lines' moves first, so the best line's win where they share a position.
            for l in self.root.lines.clone().iter().rev() {
                self.store_pv(&l.pv);
            }
            self.iteration = None;
            return RunOutcome::IterationDone;
        }
    }

    /// The share (0–1) of the last completed iteration's root-move nodes that were spent under its best move,
    /// counting every attempt of the iteration (aspiration re-searches included); `None` before the first
    /// iteration. Near 1 when the alternatives were refuted at once: the time manager's "easy move" sign.
    pub fn best_move_node_share(&self) -> Option<f64> {
        self.root.best_node_share
    }

    /// The move to play now: the current iteration's new best if it has one, else the last iteration's.
    pub fn best_move(&self) -> Option<Move> {
        self.root.best_move()
    }

    /// The expected reply to [`best_move`](Self::best_move) (second move of the PV), for pondering.
    /// When the best move is not the last PV's first move (a new best in an unfinished iteration), the reply
    /// stored in the TT for the position after it is used, if it is legal there.
    pub fn ponder_move(&self) -> Option<Move> {
        let best = self.best_move()?;
        if let Some(reply) = self.root.pv_reply(best) {
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
