//! Alpha-beta search for Hex, resumable in time slices, after Queenbee (van Rijswijck 2000, the seed's ch. 5):
//! iterative deepening, principal variation search (negamax, fail-soft) with a transposition table
//! ([`crate::search::tt`], separate lower and upper bounds), Queenbee's static evaluation at the leaves
//! ([`super::eval::evaluate`], side to move's view, M = 100) and moves ordered by **move badness** (a cell's
//! total potential minus the board's lowest total, seed §5.4) with the worst pruned: a **beam** of the
//! [`SearchOptions::beam_base`] `+` [`SearchOptions::beam_per_ply`] `× depth` best cells at a node with `depth`
//! plies to go (every move at the root). Queenbee also searched only the best-ranked cells at each node; the
//! widths here are ours (defaults 8 + 2 per ply: 10 cells one ply from the leaves, 16 at four plies).
//!
//! Hex knowledge that is exact, so it is never pruned away: a side that has joined its edges has won (the
//! union-find of [`Position::winner`]), scored as a mate distance ([`crate::search::score`]); a side to move
//! with a cell completing its chain wins next ply; one facing two such cells of the opponent (and none of its
//! own) loses in two plies; facing exactly one, it must play there (the only move searched).
//!
//! **Time slicing** (as `xiangqi::search`, see its `node` module): [`Searcher::run`] searches until a deadline,
//! node limit or interrupt, stops at the next poll point and returns; each node above it saves its locals (its
//! move list, the move being searched, which call: first, null window or re-search) as it unwinds, and the next
//! `run` descends again along the same moves and resumes exactly there. A sliced search visits the same nodes as
//! an unsliced one whatever the slices. Interrupted nodes never write to the TT.

use super::eval::Maps;
use super::two_distance::Convention;
use super::{Color, Move, Position};
use crate::search::clock::now_ms;
use crate::search::score::{self, Bound, INFINITE, MATE, Score, mated_in};
use crate::search::tt::TranspositionTable;
use crate::search::multipv::{MAX_MULTIPV, TopK};
use crate::search::root_moves::RootMoves;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest ply the search reaches.
pub const MAX_PLY: usize = 72;
/// Nodes between two clock reads (a node costs a two-distance computation or more, so the clock is read
/// often; the deadline is also checked before each root move).
const POLL_NODES: u64 = 16;

/// Switches for each technique, so their effect can be measured and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Search only the best cells by badness below the root (the beam); off: every cell.
    pub beam: bool,
    /// Beam width at a node with `depth` plies to go: `beam_base + beam_per_ply × depth`.
    pub beam_base: usize,
    pub beam_per_ply: usize,
    /// Transposition-table cut-offs (the TT move is still tried first when off).
    pub tt_cutoffs: bool,
    /// Order moves by badness (lowest first); off: by cell index.
    pub ordering: bool,
    /// The exact win-in-one / must-block rules (see the module documentation).
    pub threats: bool,
    /// Neighbourhood rule of the evaluation and badness.
    pub convention: Convention,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            beam: true,
            beam_base: 8,
            beam_per_ply: 2,
            tt_cutoffs: true,
            ordering: true,
            threats: true,
            convention: Convention::Queenbee,
        }
    }
}

/// One completed iteration, as reported in `info` lines. The score is from the side to move's view:
/// Queenbee's eval units (100 per unit of board potential), or a mate score per [`crate::search::score`] for a
/// proved win or loss; `nodes` counts since the `go`.
pub type IterationInfo = crate::search::driver::IterationInfo<Move>;

/// What [`Searcher::run`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// An iteration completed (its info is in `Searcher::last`).
    IterationDone,
    /// The deadline, node limit or stop came first; the iteration resumes on the next call.
    Interrupted,
    /// No legal move at the root (the game is over, or every move is excluded).
    NoMoves,
}

/// State of the iteration in progress, kept across time slices.
#[derive(Clone, Debug)]
struct Iteration {
    depth: i32,
    /// Next root move to search.
    index: usize,
    best: Score,
    best_index: Option<usize>,
    /// The `k` best scores so far (MultiPV, `crate::search::multipv`; `k` = 1: the best alone).
    top: TopK,
    /// The call the root move `index` was in when a slice ended.
    site: Site,
    /// The node count when the root move `index` started.
    nodes_before: u64,
}

/// Which recursive call of a node (or of the root) a slice ended in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Site {
    /// None: the move starts afresh.
    Fresh,
    /// The first move's (or the first `k` root moves') full-window search.
    First,
    /// A later move's null-window search.
    ZeroWindow,
    /// The full-window re-search of a move that beat alpha.
    Research,
}

/// One suspended level of [`Searcher::pvs`], innermost first on [`Searcher::frames`].
#[derive(Clone, Debug)]
enum Frame {
    /// The node stopped at its poll.
    Poll,
    /// The node stopped inside a call: its locals.
    Node(Box<NodeFrame>),
}

#[derive(Clone, Debug)]
struct NodeFrame {
    site: Site,
    alpha: Score,
    depth: i32,
    key: u64,
    moves: Vec<Move>,
    k: usize,
    original_alpha: Score,
    best: Score,
    best_move: Option<Move>,
}

/// A search put aside by [`Searcher::suspend`], to be taken up again by [`Searcher::resume`].
#[derive(Clone)]
pub struct Suspended {
    pos: Position,
    root: RootMoves<Move>,
    iteration: Option<Iteration>,
    nodes: u64,
    seldepth: usize,
    frames: Vec<Frame>,
    pv: Vec<Vec<Move>>,
}

/// The search: position, table and the resumable iteration state.
pub struct Searcher {
    /// The root position.
    pub pos: Position,
    pub tt: TranspositionTable,
    pub options: SearchOptions,
    pv: Vec<Vec<Move>>,
    /// Nodes since [`Searcher::start`].
    pub nodes: u64,
    seldepth: usize,
    deadline: f64,
    node_limit: u64,
    aborted: bool,
    /// The root: its moves, the last completed iteration and its MultiPV lines, the iteration in progress's
    /// new best move ([`RootMoves`]).
    pub root: RootMoves<Move>,
    iteration: Option<Iteration>,
    /// MultiPV: lines per iteration (1–5).
    pub multipv: usize,
    /// Raised by another thread to interrupt [`run`](Self::run) like a deadline (polled with the clock). The
    /// searcher never lowers it.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// The suspended search's frames, innermost first (the module docs' time slicing).
    frames: Vec<Frame>,
}

/// The TT's 16-bit move: cell index + 1, `swap-pieces` = `u16::MAX`, 0 = none.
fn pack(pos: &Position, mv: Move) -> u16 {
    match mv {
        Move::Place(c) => pos.geometry().index(c) as u16 + 1,
        Move::Swap => u16::MAX,
    }
}

fn unpack(pos: &Position, m: u16) -> Option<Move> {
    match m {
        0 => None,
        u16::MAX => pos.swap_available().then_some(Move::Swap),
        i if (i as usize) <= pos.geometry().cells() && pos.stone_at(i as usize - 1).is_none() => {
            Some(Move::Place(pos.geometry().cell(i as usize - 1)))
        }
        _ => None,
    }
}

/// The empty cells where a stone of `color` would join its two edges (by the union-find).
pub fn winning_cells(pos: &Position, color: Color) -> Vec<usize> {
    let geom = pos.geometry();
    let [e1, e2] = color.edges();
    let (n1, n2) = (pos.edge_node(e1), pos.edge_node(e2));
    pos.empty_cells()
        .filter(|&i| {
            let (mut t1, mut t2) = (geom.touches(i, e1), geom.touches(i, e2));
            for j in geom.neighbours(i) {
                if pos.stone_at(j) == Some(color) {
                    t1 |= pos.connected(j, n1);
                    t2 |= pos.connected(j, n2);
                }
            }
            t1 && t2
        })
        .collect()
}

fn play(pos: &mut Position, mv: Move) {
    match mv {
        Move::Place(c) => {
            let i = pos.geometry().index(c);
            let side = pos.to_move();
            pos.place_unchecked(i, side);
        }
        Move::Swap => pos.swap_unchecked(),
    }
}

impl Searcher {
    /// A searcher with a `hash_mib` MiB transposition table.
    pub fn new(hash_mib: usize) -> Self {
        Searcher {
            pos: Position::square(11).expect("11x11 is a valid size"),
            tt: TranspositionTable::new(hash_mib),
            options: SearchOptions::default(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            nodes: 0,
            seldepth: 0,
            deadline: f64::INFINITY,
            node_limit: u64::MAX,
            aborted: false,
            root: RootMoves::default(),
            iteration: None,
            multipv: 1,
            interrupt: None,
            frames: Vec::new(),
        }
    }

    /// Exact slices (the lab's `ExactSlices` option): kept for the protocols, a no-op — every sliced search
    /// resumes exactly where its last slice stopped (module docs).
    pub fn set_exact_slices(&mut self, _on: bool) {}

    /// Starts a new search of `pos`: resets counters and the root move list (ordered by badness; the TT is
    /// kept).
    pub fn start(&mut self, pos: Position) {
        self.pos = pos;
        self.nodes = 0;
        self.seldepth = 0;
        self.aborted = false;
        self.iteration = None;
        self.frames.clear();
        self.tt.new_search();
        let moves = if self.pos.winner().is_some() { Vec::new() } else { self.ordered_moves(None) };
        self.root = RootMoves::new(moves);
    }

    /// Puts the current search aside (call between two [`run`](Self::run)s): what [`resume`](Self::resume)
    /// needs to go on with it as if it had never stopped. The table stays with the searcher.
    pub fn suspend(&self) -> Suspended {
        Suspended {
            pos: self.pos.clone(),
            root: self.root.clone(),
            iteration: self.iteration.clone(),
            nodes: self.nodes,
            seldepth: self.seldepth,
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
        self.frames = s.frames;
        self.pv = s.pv;
        self.aborted = false;
    }

    /// Removes `excluded` moves from the root move list; call right after [`start`](Self::start). When every
    /// move is excluded, [`run`](Self::run) answers [`RunOutcome::NoMoves`].
    pub fn exclude_root_moves(&mut self, excluded: &[Move]) {
        self.root.exclude(excluded);
    }

    /// Number of root moves.
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

    /// Searches until an iteration completes, or until `deadline` (ms on [`now_ms`]'s clock) or `node_limit`
    /// total nodes, whichever is first. Call again to continue.
    pub fn run(&mut self, deadline: f64, node_limit: u64) -> RunOutcome {
        if self.root.is_empty() {
            return RunOutcome::NoMoves;
        }
        self.deadline = deadline;
        self.node_limit = node_limit;
        self.aborted = false;
        if self.iteration.is_none() {
            let depth = self.root.next_iteration_depth() as i32;
            let k = self.multipv.clamp(1, MAX_MULTIPV).min(self.root.len());
            self.root.clear_nodes();
            self.iteration = Some(Iteration { depth, index: 0, best: -INFINITE, best_index: None, top: TopK::new(k), site: Site::Fresh, nodes_before: 0 });
        }
        let mut it = self.iteration.clone().expect("iteration");
        let k = it.top.k();
        while it.index < self.root.len() {
            let site = it.site;
            if site == Site::Fresh && self.interrupted() {
                self.iteration = Some(it);
                return RunOutcome::Interrupted;
            }
            let i = it.index;
            let mv = self.root.moves[i].mv;
            if site == Site::Fresh {
                it.nodes_before = self.nodes;
            }
            play(&mut self.pos, mv);
            // The k-th best so far (the best with one line): the first k moves get the full window.
            let alpha = it.top.threshold();
            let mut stop = Site::Fresh;
            let mut s: Score = 0;
            if i < k {
                s = -self.pvs(-INFINITE, INFINITE, it.depth - 1, 1, true);
                if self.aborted {
                    stop = Site::First;
                }
            } else {
                if site != Site::Research {
                    s = -self.pvs(-alpha - 1, -alpha, it.depth - 1, 1, false);
                    if self.aborted {
                        stop = Site::ZeroWindow;
                    }
                }
                if stop == Site::Fresh && (site == Site::Research || s > alpha) {
                    s = -self.pvs(-INFINITE, -alpha, it.depth - 1, 1, true);
                    if self.aborted {
                        stop = Site::Research;
                    }
                }
            }
            self.pos.undo();
            if self.aborted {
                it.site = stop;
                self.iteration = Some(it);
                return RunOutcome::Interrupted;
            }
            it.site = Site::Fresh;
            let nodes_before = it.nodes_before;
            let rm = &mut self.root.moves[i];
            rm.score = s;
            rm.nodes += self.nodes - nodes_before;
            if it.top.insert(s, i) {
                // An exact score: one of the k lines so far.
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
            it.index += 1;
            // A proved win cannot be bettered (with one line).
            if k == 1 && s >= MATE - it.depth {
                break;
            }
        }
        // Completed: the lines best first, the rest by their (bound) scores, ties in the previous order.
        let ranked: Vec<usize> = it.top.entries().iter().map(|e| e.1).collect();
        self.root.complete(it.depth as u32, self.seldepth as u32, self.nodes, it.best, &ranked, true);
        // The other lines' moves first, so the best line's win where they share a position.
        for l in self.root.lines.clone().iter().rev() {
            self.store_pv(&l.pv);
        }
        self.iteration = None;
        RunOutcome::IterationDone
    }

    /// The move to play now: the current iteration's new best if it has one, else the last iteration's, else
    /// the root move with the lowest badness.
    pub fn best_move(&self) -> Option<Move> {
        self.root.best_move()
    }

    /// The expected reply to [`best_move`](Self::best_move) (second move of the PV, else the TT's move after
    /// it), for pondering.
    pub fn ponder_move(&self) -> Option<Move> {
        let best = self.best_move()?;
        if let Some(reply) = self.root.pv_reply(best) {
            return Some(reply);
        }
        let mut after = self.pos.clone();
        after.try_play(best).ok()?;
        if after.winner().is_some() {
            return None;
        }
        unpack(&after, self.tt.probe(after.key())?.mv)
    }

    /// Writes the PV's moves back into the TT so the next iteration follows it first.
    fn store_pv(&mut self, pv: &[Move]) {
        let mut n = 0;
        for &m in pv {
            if self.pos.check(m).is_err() {
                break;
            }
            self.tt.store_move(self.pos.key(), pack(&self.pos, m));
            play(&mut self.pos, m);
            n += 1;
        }
        for _ in 0..n {
            self.pos.undo();
        }
    }

    /// Whether the deadline, node limit or interrupt has come.
    fn interrupted(&self) -> bool {
        now_ms() >= self.deadline
            || self.nodes >= self.node_limit
            || self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    #[inline]
    fn poll(&mut self) {
        if self.nodes.is_multiple_of(POLL_NODES) && self.interrupted() {
            self.aborted = true;
        }
    }

    /// The moves of the side to move, best first: the TT move, then by badness (lowest first, ties by cell
    /// index), `swap-pieces` after the cells; `beam` keeps that many (the TT move counts).
    fn ordered_moves(&self, beam: Option<usize>) -> Vec<Move> {
        let pos = &self.pos;
        let mut cells: Vec<usize> = pos.empty_cells().collect();
        if self.options.ordering {
            let maps = Maps::compute_with(pos, self.options.convention, false);
            let (w, h) = (pos.width() as i32, pos.height() as i32);
            // Ties (e.g. the whole short diagonal of an empty board has badness 0) go to cells nearer the
            // centre: hex distance in doubled coordinates.
            let centre = |i: usize| {
                let (c, r) = ((i as i32 % w) * 2 - (w - 1), (i as i32 / w) * 2 - (h - 1));
                c.abs() + r.abs() + (c + r).abs()
            };
            crate::sort::sort_by_key(&mut cells, |&i| (maps.badness[i], centre(i)));
        }
        let mut moves: Vec<Move> = cells.into_iter().map(|i| Move::Place(pos.geometry().cell(i))).collect();
        if pos.swap_available() {
            moves.push(Move::Swap);
        }
        if let Some(b) = beam {
            moves.truncate(b.max(1));
        }
        moves
    }

    /// Principal variation search: fail-soft negamax with PVS windows; `pv_node` marks the full-window nodes.
    /// Suspended at its poll or inside a call when a slice ends, and taken up again (module docs).
    fn pvs(&mut self, alpha_in: Score, beta: Score, depth_in: i32, ply: usize, pv_node: bool) -> Score {
        let mut frame = None;
        if self.frames.is_empty() {
            self.pv[ply].clear();
            self.nodes += 1;
            self.poll();
            if self.aborted {
                self.frames.push(Frame::Poll);
                return 0;
            }
        } else if let Some(Frame::Node(f)) = self.frames.pop() {
            frame = Some(f);
        }
        let (mut alpha, depth, key, moves, mut k, original_alpha, mut best, mut best_move, mut site);
        if let Some(f) = frame {
            let f = *f;
            (alpha, depth, key, moves, k, original_alpha, best, best_move, site) =
                (f.alpha, f.depth, f.key, f.moves, f.k, f.original_alpha, f.best, f.best_move, f.site);
        } else {
            alpha = alpha_in;
            self.seldepth = self.seldepth.max(ply);
            // The side that just moved may have joined its edges.
            if self.pos.winner().is_some() {
                return mated_in(ply);
            }
            let me = self.pos.to_move();
            let mut forced: Option<Move> = None;
            if self.options.threats {
                if !winning_cells(&self.pos, me).is_empty() {
                    return MATE - (ply as Score + 1);
                }
                let theirs = winning_cells(&self.pos, me.opponent());
                if theirs.len() >= 2 {
                    return mated_in(ply + 2);
                }
                if let Some(&i) = theirs.first() {
                    forced = Some(Move::Place(self.pos.geometry().cell(i)));
                }
            }
            if (depth_in <= 0 && forced.is_none()) || ply >= MAX_PLY - 1 {
                return super::eval::evaluate_with(&self.pos, self.options.convention);
            }
            depth = depth_in.max(1);
            key = self.pos.key();
            let mut tt_move = None;
            if let Some(p) = self.tt.probe(key) {
                tt_move = unpack(&self.pos, p.mv);
                // At PV nodes only an exact score of enough depth is taken: it lets a search sliced into very
                // short pieces make progress along the PV (the subtree's result is the one a re-search would give).
                if pv_node
                    && self.options.tt_cutoffs
                    && let (Some((lo, dl)), Some((up, du))) = (p.lower, p.upper)
                    && lo == up
                    && dl >= depth
                    && du >= depth
                {
                    return score::from_tt(lo, ply);
                }
                if !pv_node && self.options.tt_cutoffs {
                    if let Some((s, d)) = p.lower {
                        let s = score::from_tt(s, ply);
                        if d >= depth && s >= beta {
                            return s;
                        }
                    }
                    if let Some((s, d)) = p.upper {
                        let s = score::from_tt(s, ply);
                        if d >= depth && s <= alpha {
                            return s;
                        }
                    }
                }
            }
            moves = match forced {
                Some(m) => vec![m],
                None => {
                    let beam = self.options.beam.then(|| self.options.beam_base + self.options.beam_per_ply * depth as usize);
                    let mut moves = self.ordered_moves(None);
                    if let Some(t) = tt_move
                        && let Some(k) = moves.iter().position(|&m| m == t)
                    {
                        moves.remove(k);
                        moves.insert(0, t);
                    }
                    if let Some(b) = beam {
                        moves.truncate(b.max(1));
                    }
                    moves
                }
            };
            (k, original_alpha, best, best_move, site) = (0, alpha, -INFINITE, None, Site::Fresh);
        }
        while k < moves.len() {
            let mv = moves[k];
            play(&mut self.pos, mv);
            let mut stop = Site::Fresh;
            let mut s: Score = 0;
            if k == 0 {
                s = -self.pvs(-beta, -alpha, depth - 1, ply + 1, pv_node);
                if self.aborted {
                    stop = Site::First;
                }
            } else {
                if site != Site::Research {
                    s = -self.pvs(-alpha - 1, -alpha, depth - 1, ply + 1, false);
                    if self.aborted {
                        stop = Site::ZeroWindow;
                    }
                }
                if stop == Site::Fresh && (site == Site::Research || (pv_node && s > alpha && s < beta)) {
                    s = -self.pvs(-beta, -alpha, depth - 1, ply + 1, true);
                    if self.aborted {
                        stop = Site::Research;
                    }
                }
            }
            site = Site::Fresh;
            self.pos.undo();
            if self.aborted {
                self.frames.push(Frame::Node(Box::new(NodeFrame { site: stop, alpha, depth, key, moves, k, original_alpha, best, best_move })));
                return 0;
            }
            k += 1;
            if s > best {
                best = s;
                if s > alpha {
                    best_move = Some(mv);
                    alpha = s;
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        head[ply].clear();
                        head[ply].push(mv);
                        head[ply].extend_from_slice(&tail[0]);
                    }
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let packed = best_move.map_or(0, |m| pack(&self.pos, m));
        self.tt.store(key, depth, bound, score::to_tt(best, ply), packed);
        best
    }
}
