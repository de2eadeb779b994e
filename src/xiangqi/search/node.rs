//! The nodes of the Xiangqi search: principal variation search ([`Searcher::pvs`]) and quiescence
//! ([`Searcher::qsearch`]), suspendable at their poll point and resumable exactly where they were.
//!
//! **Suspending and resuming.** A time slice ends at a poll point (every 1,024 nodes (`POLL_NODES`), when the
//! deadline, the node limit or the interrupt is due): the node that polled returns at once and every node
//! above it unwinds as after a time-out, undoing its move, but each pushes on [`Searcher::frames`] what it needs
//! to go on: its locals (window, move list in its current order, the index of the move being searched, best so
//! far, the quiet moves tried…) and which of its recursive calls was running (a [`Stage`]). The stack is
//! ordered innermost first. The next `run` descends again along the same moves: each function, on entry while
//! the stack is not empty, pops its own frame (outermost first, the order they were pushed in reverse), replays
//! the move, skips the work it had already done and calls the interrupted child again, which does the same,
//! down to the node that polled, which continues just after its poll. Nothing else is undone or redone: the
//! killers, history, TT and node count are exactly as they were at the poll, so a sliced search visits the
//! same nodes in the same order as an unsliced one, whatever the slices' lengths.
//!
//! Why this design (rather than an explicit stack of frames for every node, or `async` recursion): the hot
//! path stays the plain recursion (one "is a resume pending" test per node; the frames are built only when a
//! slice ends, a few dozen per slice), so the native search and the wasm one are the same code at the same
//! speed, and the search reads as before. The price is that every recursive call site has a resume point of
//! its own ([`Stage`]), and work done before a call is either saved in the frame or repeated identically
//! (the move is made again, its `gives_check` set again; the tree recorder's `pending` flags are not set
//! again since the child was already entered).
//!
//! A child module of `super` (the search), whose private state it shares.

use crate::xiangqi::Move;
use crate::xiangqi::movegen::MoveList;
use crate::xiangqi::tree;
use super::{
    FUTILITY_MARGIN, HISTORY_MAX, HISTORY_PRUNING_THRESHOLD, IIR_MIN_DEPTH, LMP_MOVE_COUNT, LMR_FULL_MOVES, LMR_MIN_DEPTH,
    MAX_PLY, NO_CYCLE, NULL_R_BASE, NULL_R_DIVISOR, NULL_VERIFY_DEPTH, NULL_VERIFY_SHALLOW_MAX_DEPTH, RFP_MARGIN_PER_PLY,
    RFP_MAX_DEPTH, Searcher, lmr_reduction, pick_next,
};
use crate::search::score::{self, Bound, DRAW, INFINITE, MATE, MATE_BOUND, Score, mated_in};

/// One suspended level of the search (see the module docs); [`Searcher::frames`] holds them innermost first.
#[derive(Clone)]
pub(super) enum Frame {
    /// [`Searcher::pvs`]: the caller's repetition floor it restores on return.
    Floor(usize),
    /// A node (PV search or quiescence) stopped at its poll: the repetition floor at that moment.
    Poll(usize),
    /// A PV-search node stopped inside one of its recursive calls.
    Node(Box<NodeFrame>),
    /// A quiescence node stopped inside its recursive call.
    Quiescence(Box<QFrame>),
}

/// Where a PV-search node was when its child was interrupted: the call to make again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    /// Not resuming: the node runs from the start.
    Fresh,
    /// The null-move search.
    NullSearch,
    /// The null move's verification search.
    NullVerify,
    /// The first legal move, with the full window (also every move without PVS at full depth).
    First,
    /// A later move with a null window (possibly reduced).
    ZeroWindow,
    /// The null-window re-search at full depth after a reduced move beat alpha.
    Research,
    /// The full-window re-search of a PV node's move that landed inside the window.
    PvResearch,
    /// Without PVS: a later move with the node's window, possibly reduced.
    Full,
    /// Without PVS: the full-depth re-search after a reduced move beat alpha.
    FullResearch,
}

/// The locals of a PV-search node interrupted inside a recursive call.
#[derive(Clone)]
pub(super) struct NodeFrame {
    stage: Stage,
    alpha: Score,
    beta: Score,
    /// After internal iterative reduction.
    depth: i32,
    in_check: bool,
    key: u64,
    tt_move: Move,
    static_eval: Score,
    /// The null move's (adjusted) fail-high score, returned when the verification confirms it.
    null_score: Score,
    // The move loop (stages from `First` on).
    list: MoveList,
    keys: [i32; 192],
    i: usize,
    original_alpha: Score,
    best: Score,
    best_move: Move,
    legal: usize,
    quiets: [Move; 64],
    n_quiets: usize,
    // The move being searched.
    mv: Move,
    is_capture: bool,
    piece: usize,
    gives_check: bool,
    new_depth: i32,
    reduce: i32,
}

/// The locals of a quiescence node interrupted inside its recursive call.
#[derive(Clone)]
pub(super) struct QFrame {
    alpha: Score,
    best: Score,
    in_check: bool,
    list: MoveList,
    keys: [i32; 192],
    i: usize,
    legal: usize,
    mv: Move,
}

impl Searcher {
    /// Counts a new node and polls: true when the slice ends here (the node's `Poll` frame is pushed and the
    /// caller returns at once, to be taken up just after this poll by the next `run`).
    #[inline]
    fn enter_node(&mut self) -> bool {
        self.nodes += 1;
        self.poll();
        if self.aborted {
            self.frames.push(Frame::Poll(self.rep_floor));
        }
        self.aborted
    }

    /// Whether a suspended search is being taken up again (frames are waiting on [`Searcher::frames`]).
    #[inline]
    pub(super) fn resuming(&self) -> bool {
        !self.frames.is_empty()
    }

    /// Principal variation search. Fail-soft; `pv_node` marks the PV (full-window) nodes.
    ///
    /// Keeps [`rep_floor`](Self::rep_floor) for the subtree: on return it holds the smallest cycle start met in
    /// this node's subtree or before it in the caller's.
    pub(super) fn pvs(&mut self, alpha: Score, beta: Score, depth: i32, ply: usize, pv_node: bool, allow_null: bool) -> Score {
        let outer = if self.resuming() {
            match self.frames.pop() {
                Some(Frame::Floor(f)) => f,
                _ => unreachable!("resume frames out of step (pvs)"),
            }
        } else {
            self.rep_floor
        };
        self.rep_floor = NO_CYCLE;
        let s = self.pvs_node(alpha, beta, depth, ply, pv_node, allow_null);
        self.rep_floor = self.rep_floor.min(outer);
        if self.aborted {
            self.frames.push(Frame::Floor(outer));
        }
        s
    }

    /// A node of [`pvs`](Self::pvs) with a tree recorder attached: enters it in the recorder, searches it (the
    /// next `pvs` call runs the node itself: `tree_inside`) and records what it returned. A node suspended by
    /// the end of a slice stays open in the recorder; taken up again, it is not entered a second time.
    #[cold]
    fn pvs_traced(&mut self, alpha: Score, beta: Score, depth: i32, ply: usize, pv_node: bool, allow_null: bool) -> Score {
        if !self.resuming()
            && let Some(t) = self.tree.as_deref_mut()
        {
            t.enter(&self.pos, alpha, beta, depth, ply, pv_node, self.nodes);
        }
        self.tree_inside = true;
        let s = self.pvs(alpha, beta, depth, ply, pv_node, allow_null);
        let nodes = self.nodes;
        if !self.aborted
            && let Some(t) = self.tree.as_deref_mut()
        {
            t.exit(s, nodes);
        }
        s
    }

    /// Saves a PV-search node's locals and returns from it (its child was interrupted; the move is undone).
    #[cold]
    #[inline(never)]
    fn suspend_node(&mut self, frame: NodeFrame) -> Score {
        self.frames.push(Frame::Node(Box::new(frame)));
        0
    }

    /// One node of [`pvs`](Self::pvs).
    pub(super) fn pvs_node(&mut self, alpha_in: Score, beta_in: Score, depth_in: i32, ply: usize, pv_node: bool, allow_null: bool) -> Score {
        let resuming = self.resuming();
        if !resuming {
            self.pv[ply].clear();
        }
        if self.tree.is_some() && !std::mem::take(&mut self.tree_inside) {
            return self.pvs_traced(alpha_in, beta_in, depth_in, ply, pv_node, allow_null);
        }
        if depth_in <= 0 {
            if !self.options.quiescence {
                self.nodes += 1;
                self.seldepth = self.seldepth.max(ply);
                return self.static_eval();
            }
            return self.qsearch(alpha_in, beta_in, ply, 0);
        }
        let mut frame: Option<Box<NodeFrame>> = None;
        if resuming {
            match self.frames.pop() {
                Some(Frame::Poll(f)) => self.rep_floor = f,
                Some(Frame::Node(f)) => frame = Some(f),
                _ => unreachable!("resume frames out of step (pvs_node)"),
            }
        } else if self.enter_node() {
            return 0;
        }
        let (mut alpha, beta, depth, in_check, key, static_eval, mut at, mut null_score, tt_move);
        if let Some(f) = frame.as_deref() {
            (alpha, beta, depth, in_check, key, static_eval, at, null_score, tt_move) =
                (f.alpha, f.beta, f.depth, f.in_check, f.key, f.static_eval, f.stage, f.null_score, f.tt_move);
        } else {
            let mut alpha0 = alpha_in;
            let mut beta0 = beta_in;
            self.seldepth = self.seldepth.max(ply);
            // Step 1. Repetition rules and mate-distance pruning.
            if let Some(s) = self.repetition(ply) {
                self.tree_flag(tree::RULE);
                return s;
            }
            // The 60-move rule as the referee applies it (checks beyond ten per side are not counted): before,
            // the search called every position past 120 plies without a capture a draw, and in long endgames full
            // of checks it played any move, blunders into mate included, while the game went on.
            if self.pos.natural_move_limit_reached() {
                self.tree_flag(tree::RULE);
                return DRAW;
            }
            if self.options.alpha_beta {
                alpha0 = alpha0.max(mated_in(ply));
                beta0 = beta0.min(MATE - ply as Score - 1);
                if alpha0 >= beta0 {
                    self.tree_flag(tree::RULE);
                    return alpha0;
                }
            }
            if ply >= MAX_PLY - 1 {
                return self.static_eval();
            }
            in_check = self.in_check_now(ply);
            // Step 2. Transposition table: cut-offs only at non-PV nodes.
            key = self.pos.key();
            let mut ttm = Move::NULL;
            if let Some(p) = self.tt.probe(key) {
                ttm = Move(p.mv);
                self.tree_flag(tree::TT_HIT);
                if !pv_node && self.options.tt_cutoffs {
                    if let Some((s, d)) = p.lower {
                        let s = score::from_tt(s, ply);
                        if d >= depth_in && s >= beta0 {
                            self.tree_flag(tree::TT_CUT);
                            return s;
                        }
                    }
                    if let Some((s, d)) = p.upper {
                        let s = score::from_tt(s, ply);
                        if d >= depth_in && s <= alpha0 {
                            self.tree_flag(tree::TT_CUT);
                            return s;
                        }
                    }
                }
            }
            tt_move = ttm;
            static_eval = if in_check { -INFINITE } else { self.static_eval() };
            // Internal iterative reduction: no TT move, a deep node — search it one ply shallower.
            depth = if self.options.lmr && self.options.alpha_beta && tt_move.is_null() && depth_in >= IIR_MIN_DEPTH {
                depth_in - 1
            } else {
                depth_in
            };
            // Step 3. Reverse futility: far above beta near the leaves, stand pat.
            if self.options.futility
                && !pv_node
                && !in_check
                && depth <= RFP_MAX_DEPTH
                && beta0.abs() < MATE_BOUND
                && static_eval - RFP_MARGIN_PER_PLY * depth >= beta0
            {
                self.tree_flag(tree::RFP_CUT);
                return static_eval;
            }
            (alpha, beta, at, null_score) = (alpha0, beta0, Stage::Fresh, 0);
        }
        // The frame as it stands before the move loop (a null-move stage's resume point).
        macro_rules! pre_loop_frame {
            ($stage:expr) => {
                NodeFrame {
                    stage: $stage,
                    alpha,
                    beta,
                    depth,
                    in_check,
                    key,
                    tt_move,
                    static_eval,
                    null_score,
                    list: MoveList::new(),
                    keys: [0; 192],
                    i: 0,
                    original_alpha: alpha,
                    best: -INFINITE,
                    best_move: Move::NULL,
                    legal: 0,
                    quiets: [Move::NULL; 64],
                    n_quiets: 0,
                    mv: Move::NULL,
                    is_capture: false,
                    piece: 0,
                    gives_check: false,
                    new_depth: 0,
                    reduce: 0,
                }
            };
        }
        // Step 4. Null move with verification.
        let r = NULL_R_BASE + depth / NULL_R_DIVISOR;
        let mut verify = at == Stage::NullVerify;
        if at == Stage::NullSearch
            || (at == Stage::Fresh
                && self.options.null_move
                && !pv_node
                && !in_check
                && allow_null
                && depth >= 2
                && beta.abs() < MATE_BOUND
                && self.pos.attacking_material(self.pos.side) > 0
                && static_eval >= beta)
        {
            self.pos.make_null();
            if at == Stage::Fresh {
                self.tree_pending(tree::NULL_MOVE, 0);
            }
            at = Stage::Fresh;
            let s = -self.pvs(-beta, -beta + 1, depth - 1 - r, ply + 1, false, false);
            self.pos.unmake_null();
            if self.aborted {
                return self.suspend_node(pre_loop_frame!(Stage::NullSearch));
            }
            if s >= beta {
                let s = if s >= MATE_BOUND { beta } else { s };
                if !self.options.null_verify || (depth > NULL_VERIFY_SHALLOW_MAX_DEPTH && depth < NULL_VERIFY_DEPTH) {
                    self.tree_flag(tree::NULL_CUT);
                    return s;
                }
                null_score = s;
                self.tree_pending(tree::VERIFY, 0);
                verify = true;
            }
        }
        if verify {
            at = Stage::Fresh;
            let verify_depth = if depth <= NULL_VERIFY_SHALLOW_MAX_DEPTH { 1 } else { depth - r };
            let v = self.pvs(beta - 1, beta, verify_depth, ply, false, false);
            if self.aborted {
                return self.suspend_node(pre_loop_frame!(Stage::NullVerify));
            }
            if v >= beta {
                self.tree_flag(tree::NULL_CUT);
                return null_score;
            }
        }
        // Step 5. Moves: TT move, captures (MVV-LVA), killers, quiet moves by history.
        let (mut list, mut keys, mut i, original_alpha, mut best, mut best_move, mut legal, mut quiets, mut n_quiets);
        let (mut mv, mut is_capture, mut piece, mut gives_check, mut new_depth, mut reduce);
        if let Some(f) = frame.filter(|f| !matches!(f.stage, Stage::NullSearch | Stage::NullVerify)) {
            let f = *f;
            (list, keys, i, original_alpha, best, best_move, legal, quiets, n_quiets) =
                (f.list, f.keys, f.i, f.original_alpha, f.best, f.best_move, f.legal, f.quiets, f.n_quiets);
            (mv, is_capture, piece, gives_check, new_depth, reduce) = (f.mv, f.is_capture, f.piece, f.gives_check, f.new_depth, f.reduce);
        } else {
            list = MoveList::new();
            self.pos.gen_pseudo(&mut list, false);
            keys = [0i32; 192];
            self.order(&list, &mut keys, tt_move, ply);
            (i, original_alpha, best, best_move, legal, quiets, n_quiets) = (0, alpha, -INFINITE, Move::NULL, 0, [Move::NULL; 64], 0);
            (mv, is_capture, piece, gives_check, new_depth, reduce) = (Move::NULL, false, 0, false, 0, 0);
        }
        let n = list.len();
        while i < n {
            let site = at;
            if site == Stage::Fresh {
                // Selection sort step.
                let (order_key, picked) = pick_next(&mut list, &mut keys, i);
                mv = picked;
                is_capture = self.pos.cells[mv.to().index()] != 0;
                piece = self.pos.cells[mv.from().index()] as usize;
                if !self.pos.make_if_legal_given(mv, in_check) {
                    i += 1;
                    continue;
                }
                legal += 1;
                gives_check = self.pos.in_check_after(mv);
                // Step 6a. Late-move pruning: enough quiet moves tried at a shallow non-PV node.
                if self.options.futility
                    && !pv_node
                    && !in_check
                    && !gives_check
                    && !is_capture
                    && depth < LMP_MOVE_COUNT.len() as i32
                    && legal > LMP_MOVE_COUNT[depth as usize]
                    && best > -MATE_BOUND
                {
                    self.pos.unmake_move();
                    self.tree_flag(tree::FUTILITY);
                    i += 1;
                    continue;
                }
                // Step 6. Futility pruning: hopeless quiet moves at frontier nodes.
                if self.options.futility
                    && !pv_node
                    && !in_check
                    && !gives_check
                    && !is_capture
                    && legal > 1
                    && depth < FUTILITY_MARGIN.len() as i32
                    && alpha.abs() < MATE_BOUND
                    && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha
                {
                    self.pos.unmake_move();
                    self.tree_flag(tree::FUTILITY);
                    if static_eval + FUTILITY_MARGIN[depth as usize] > best {
                        best = static_eval + FUTILITY_MARGIN[depth as usize];
                    }
                    i += 1;
                    continue;
                }
                self.pos.history.last_mut().unwrap().gives_check = gives_check;
                let ext = (gives_check && self.options.check_extension && ply < 2 * MAX_PLY / 3) as i32;
                new_depth = depth - 1 + ext;
                reduce = 0;
                if legal > 1 {
                    // Step 7. Late-move reductions: not captures, checks, evasions, killers or the TT move.
                    let killer = order_key >= (1 << 20) - 2 && !is_capture;
                    let (hit, tried) = (self.hist_hit[piece][mv.to().index()], self.hist_tried[piece][mv.to().index()]);
                    let rarely_good = tried == 0 || (hit as u64 * 16384 / tried as u64) < HISTORY_PRUNING_THRESHOLD as u64;
                    if self.options.lmr
                        && depth >= LMR_MIN_DEPTH
                        && legal > LMR_FULL_MOVES
                        && !is_capture
                        && !in_check
                        && !gives_check
                        && !killer
                        && rarely_good
                    {
                        reduce = lmr_reduction(depth, legal);
                    }
                }
            } else {
                // Taking up the interrupted move: play it again.
                self.pos.make_move(mv);
                self.pos.history.last_mut().unwrap().gives_check = gives_check;
                at = Stage::Fresh;
            }
            // The recursive calls, each a resume point (`site`: the one interrupted, `Fresh` when none was).
            let mut stop = Stage::Fresh;
            let mut s: Score = 0;
            if legal == 1 || site == Stage::First {
                s = -self.pvs(-beta, -alpha, new_depth, ply + 1, pv_node, true);
                if self.aborted {
                    stop = Stage::First;
                }
            } else if self.options.pvs && self.options.alpha_beta {
                if site == Stage::Fresh || site == Stage::ZeroWindow {
                    if site == Stage::Fresh && reduce > 0 {
                        self.tree_pending(tree::REDUCED, reduce);
                    }
                    s = -self.pvs(-alpha - 1, -alpha, new_depth - reduce, ply + 1, false, true);
                    if self.aborted {
                        stop = Stage::ZeroWindow;
                    }
                }
                if stop == Stage::Fresh
                    && (site == Stage::Research || ((site == Stage::Fresh || site == Stage::ZeroWindow) && reduce > 0 && s > alpha))
                {
                    if site != Stage::Research {
                        self.tree_pending(tree::RESEARCH, 0);
                    }
                    s = -self.pvs(-alpha - 1, -alpha, new_depth, ply + 1, false, true);
                    if self.aborted {
                        stop = Stage::Research;
                    }
                }
                if stop == Stage::Fresh && (site == Stage::PvResearch || (pv_node && s > alpha && s < beta)) {
                    if site != Stage::PvResearch {
                        self.tree_pending(tree::RESEARCH, 0);
                    }
                    s = -self.pvs(-beta, -alpha, new_depth, ply + 1, true, true);
                    if self.aborted {
                        stop = Stage::PvResearch;
                    }
                }
            } else {
                // Without PVS (or without alpha-beta): the node's own window for every move.
                if site == Stage::Fresh || site == Stage::Full {
                    if site == Stage::Fresh && reduce > 0 {
                        self.tree_pending(tree::REDUCED, reduce);
                    }
                    s = -self.pvs(-beta, -alpha, new_depth - reduce, ply + 1, pv_node, true);
                    if self.aborted {
                        stop = Stage::Full;
                    }
                }
                if stop == Stage::Fresh && (site == Stage::FullResearch || (site != Stage::FullResearch && reduce > 0 && s > alpha)) {
                    if site != Stage::FullResearch {
                        self.tree_pending(tree::RESEARCH, 0);
                    }
                    s = -self.pvs(-beta, -alpha, new_depth, ply + 1, pv_node, true);
                    if self.aborted {
                        stop = Stage::FullResearch;
                    }
                }
            }
            self.pos.unmake_move();
            if self.aborted {
                return self.suspend_node(NodeFrame {
                    stage: stop,
                    alpha,
                    beta,
                    depth,
                    in_check,
                    key,
                    tt_move,
                    static_eval,
                    null_score,
                    list,
                    keys,
                    i,
                    original_alpha,
                    best,
                    best_move,
                    legal,
                    quiets,
                    n_quiets,
                    mv,
                    is_capture,
                    piece,
                    gives_check,
                    new_depth,
                    reduce,
                });
            }
            i += 1;
            if !is_capture {
                let t = &mut self.hist_tried[piece][mv.to().index()];
                *t = t.saturating_add(1);
                if s >= beta {
                    let h = &mut self.hist_hit[piece][mv.to().index()];
                    *h = h.saturating_add(1);
                }
            }
            let quiet_searched = !is_capture && n_quiets < quiets.len();
            if s > best {
                best = s;
                if s > alpha {
                    best_move = mv;
                    if self.options.alpha_beta {
                        alpha = s;
                    }
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(mv);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if s >= beta {
                        if !is_capture {
                            let k = &mut self.killers[ply];
                            if k[0] != mv {
                                k[1] = k[0];
                                k[0] = mv;
                            }
                            if let Some((piece, to)) = self.counter_slot() {
                                self.counter[piece][to] = mv;
                            }
                            let bonus = depth * depth;
                            let p = self.pos.cells[mv.from().index()] as usize;
                            let h = &mut self.history[p][mv.to().index()];
                            *h = (*h + bonus).min(HISTORY_MAX);
                            for &q in &quiets[..n_quiets] {
                                let p = self.pos.cells[q.from().index()] as usize;
                                let h = &mut self.history[p][q.to().index()];
                                *h = (*h - bonus).max(-HISTORY_MAX);
                            }
                        }
                        self.tree_flag(tree::BETA_CUT);
                        break;
                    }
                }
            }
            if quiet_searched {
                quiets[n_quiets] = mv;
                n_quiets += 1;
            }
        }
        if legal == 0 {
            // Checkmate or stalemate: both lose in Xiangqi.
            return mated_in(ply);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if self.path_dependent(ply) {
            // Keep the move for ordering, not the score.
            if !best_move.is_null() {
                self.tt.store_move(key, best_move.0);
            }
        } else {
            self.tt.store(key, depth, bound, score::to_tt(best, ply), best_move.0);
        }
        best
    }

    /// Quiescence search: captures (and at its first ply, `qply == 0`, quiet checking moves), all evasions when
    /// in check, with stand-pat.
    pub(super) fn qsearch(&mut self, alpha_in: Score, beta: Score, ply: usize, qply: usize) -> Score {
        let (mut alpha, mut best, in_check, mut list, mut keys, mut i, mut legal, mut resume_mv);
        let frame = if self.resuming() {
            match self.frames.pop() {
                Some(Frame::Poll(f)) => {
                    self.rep_floor = f;
                    None
                }
                Some(Frame::Quiescence(f)) => Some(f),
                _ => unreachable!("resume frames out of step (qsearch)"),
            }
        } else if self.enter_node() {
            return 0;
        } else {
            None
        };
        if let Some(f) = frame {
            let f = *f;
            (alpha, best, in_check, list, keys, i, legal, resume_mv) = (f.alpha, f.best, f.in_check, f.list, f.keys, f.i, f.legal, Some(f.mv));
        } else {
            alpha = alpha_in;
            self.seldepth = self.seldepth.max(ply);
            if ply >= MAX_PLY - 1 {
                return self.static_eval();
            }
            in_check = self.in_check_now(ply);
            // In check every evasion is searched, quiet ones too, and an evasion may give check back: two sides
            // checking each other can cycle here (a cycle needs quiet moves, and a quiet move below the first
            // quiescence ply is only ever an evasion, so looking at the nodes in check finds every cycle). Without
            // this the cycle ran to MAX_PLY (seldepth 127 in the analysis board's MultiPV after 1. C8+7).
            if in_check && let Some(s) = self.repetition(ply) {
                return s;
            }
            best = -INFINITE;
            if in_check {
                list = MoveList::new();
                self.pos.gen_pseudo(&mut list, false);
            } else {
                let stand = self.static_eval();
                if stand >= beta {
                    return stand;
                }
                // The list only once the stand-pat has not cut (a cleared 192-move array is not free).
                list = MoveList::new();
                if self.options.alpha_beta {
                    alpha = alpha.max(stand);
                }
                best = stand;
                if qply == 0 && self.options.qsearch_checks {
                    // Captures and quiet checks.
                    self.pos.gen_pseudo(&mut list, false);
                    let mut keep = MoveList::new();
                    for &m in list.as_slice() {
                        if self.pos.cells[m.to().index()] != 0 || self.gives_check(m) {
                            keep.push(m);
                        }
                    }
                    list = keep;
                } else {
                    self.pos.gen_pseudo(&mut list, true);
                }
            }
            keys = [0i32; 192];
            for (k, &m) in keys.iter_mut().zip(list.as_slice()) {
                *k = self.capture_score(m);
            }
            (i, legal, resume_mv) = (0, 0, None);
        }
        let n = list.len();
        while i < n {
            let mv = if let Some(mv) = resume_mv.take() {
                // Taking up the interrupted move: play it again.
                self.pos.make_move(mv);
                mv
            } else {
                let (_, mv) = pick_next(&mut list, &mut keys, i);
                if !in_check && self.options.futility && self.pos.cells[mv.to().index()] != 0 && self.is_bad_capture(mv) {
                    i += 1;
                    continue;
                }
                if !self.pos.make_if_legal_given(mv, in_check) {
                    i += 1;
                    continue;
                }
                legal += 1;
                mv
            };
            let s = -self.qsearch(-beta, -alpha, ply + 1, qply + 1);
            self.pos.unmake_move();
            if self.aborted {
                self.frames.push(Frame::Quiescence(Box::new(QFrame { alpha, best, in_check, list, keys, i, legal, mv })));
                return 0;
            }
            i += 1;
            if s > best {
                best = s;
                if s > alpha && self.options.alpha_beta {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        if in_check && legal == 0 {
            return mated_in(ply);
        }
        best
    }
}
