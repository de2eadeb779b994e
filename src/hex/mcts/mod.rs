//! Monte Carlo tree search for Hex: the playing engine's default (`HexEval playouts`; Queenbee's alpha-beta,
//! [`super::search`], stays selectable as `HexEval queenbee` and is what the lab and the heatmaps teach).
//!
//! The field's recipe since MoHex (Arneson, Hayward, Henderson 2010, "Monte Carlo Tree Search in Hex"), in
//! our own code:
//! - **UCT with RAVE** (Gelly & Silver 2007): a child's value mixes its mean result `q` with its all-moves-as-
//!   first mean `r` (the results of every playout through the parent in which the side to move played that
//!   cell at any later time), `(1 − β) q + β r` with `β = √(K / (3n + K))` for `n` visits ([`MctsOptions::rave_k`]),
//!   plus a small exploration term `c √(ln N / (n + 1))`.
//! - **Playouts** fill the board at random, except that a **bridge is saved**: when the opponent's last move
//!   intrudes into a bridge of the side to move (two of its stones, or a stone and its edge, sharing two empty
//!   neighbours), it answers in the other cell. On a full Hex board exactly one side has joined its edges, so
//!   the winner is found by one flood fill at the end.
//! - **Knowledge** ([`super::knowledge`]) at the root, and at every node once it has been visited
//!   [`MctsOptions::knowledge_after`] times: only the must-play region without the inferior cells is searched,
//!   and a static win or loss (a virtual connection found by H-search) is a proof, backed up as one.
//! - **Proofs**: a node whose side to move has a winning child is won; one whose children are all won for the
//!   opponent is lost. A proved root is reported with a mate score.
//! - **The root's DFPN solver** works beside the playouts once at most [`MctsOptions::solver_empties`] cells
//!   are empty (`root_solver.rs`): a share of the time, or a deterministic number of solver nodes per playout
//!   in a search bounded by nodes; its proofs end the search, and root moves it refutes are marked lost.
//!
//! Every board from 2×2 to 19×19: bitboards in a `u128` up to 128 cells (11×11), exactly as before, and in a
//! 384-bit set above ([`Mcts`] keeps one [`Tree`] per width, `dispatch.rs`); the engine plays the swap
//! decision with alpha-beta. Deterministic: the random generator (PCG, `rand_pcg`) is seeded from the position, so
//! equal playout counts give equal moves natively and in the browser.
//!
//! **Units.** Nodes are playouts. The score of an iteration is the best move's win rate `p` on an Elo-like
//! scale, `400 · log10(p / (1 − p))` (so 0 = even, +200 ≈ 76%), or a mate score when proved.

use super::bitboard::{Bits, Masks, bits};
use super::vc::VcLimits;
use super::solver::Solver;
use super::{Color, Move, Position};
use crate::search::clock::now_ms;
use crate::search::score::{MATE, Score};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

mod dispatch;
mod knowledge;
mod lines;
mod node;
mod parallel;
mod patterns;
mod playout;
mod priors;
mod root;
mod root_solver;
mod root_stats;
mod solver_thread;
mod suspend;
pub use dispatch::Mcts;
pub use parallel::RootHelpers;
pub use root_stats::{RootStat, merge_best};
pub use solver_thread::Facts as RootFacts;
#[cfg_attr(not(target_arch = "wasm32"), allow(unused_imports))]
pub(crate) use solver_thread::OwnedRootProver;
pub(crate) use solver_thread::{RootSolver, SolverNews};
pub use suspend::MctsSuspended;
use node::{Node, NodeStore};

/// Tunable parameters of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// RAVE equivalence parameter `K` of `β = √(K / (3n + K))`.
    pub rave_k: f32,
    /// Exploration constant `c`.
    pub exploration: f32,
    /// A leaf gets children once visited this many times.
    pub expand_after: u32,
    /// A node's knowledge (must-play region, inferior cells, static proof) is computed once visited this many
    /// times (the root's always).
    pub knowledge_after: u32,
    /// Save bridges in playouts (off: uniformly random playouts).
    pub bridge_playouts: bool,
    /// H-search's largest carrier between two empty cells in the knowledge (0: adjacency only, as the solver;
    /// 2: bridges between empty cells too).
    pub hsearch_cells: u32,
    /// Analyse the root with H-search's wider bounds (`VcLimits::WIDE`: more connections kept per pair, deeper
    /// OR combinations, bridges between empty cells).
    pub wide_root: bool,
    /// Analyse every candidate child of the root once (opponent to move): moves into a static loss are
    /// marked lost, a static win proves the root.
    pub root_children: bool,
    /// The DFPN solver ([`super::solver`]) works on the root, beside the playouts, once at most this many cells
    /// are empty (0: never); see `root_solver.rs`. 64: every position of boards up to 8×8.
    pub solver_empties: u32,
    /// The solver's share of the time in a timed search (0–0.9).
    pub solver_share: f32,
    /// Solver nodes per 1000 playouts in a search bounded by nodes (0: none there); about the time share
    /// [`MctsOptions::solver_share`] on 7×7 and 8×8, and deterministic (the work depends on the playout count only).
    pub solver_rate: u32,
    /// Pattern priors in the tree ([`priors`]; off by default, see docs/benchmarks.md): at expansion each
    /// child gets its share of the children's Bradley–Terry weights, the children are ordered by it, and
    /// selection adds the progressive bias `prior_bias · √share / √(n + 1)`.
    pub priors: bool,
    /// The progressive bias's constant (see [`MctsOptions::priors`]).
    pub prior_bias: f32,
    /// With `Threads` n > 1 where the root's solver does not apply: the helper threads search the main tree
    /// itself (tree parallelism with virtual loss, `node.rs`), instead of a tree each (root parallelism,
    /// `parallel.rs`).
    pub tree_parallel: bool,
    /// With `Threads` n > 1 where the root's solver applies: the first helper runs a second DFPN solver on
    /// the root in a thread of its own (`solver_thread.rs`), as MoHex 2.0 does; off, the helpers search the
    /// tree there too (as [`MctsOptions::tree_parallel`] says) and the main tree's own solver keeps its share.
    pub solver_thread: bool,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions { rave_k: 1000.0, exploration: 0.02, expand_after: 2, knowledge_after: 256, bridge_playouts: true, hsearch_cells: 0, wide_root: true, root_children: true, solver_empties: 64, solver_share: 0.33, solver_rate: 45, priors: false, prior_bias: 0.5, tree_parallel: true, solver_thread: true }
    }
}

/// How [`Tree::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MctsOutcome {
    /// An iteration's batch of playouts is complete (or the root is proved).
    IterationDone,
    /// Stopped by the deadline, node limit or interrupt; call again to continue.
    Interrupted,
    /// No legal move.
    NoMoves,
}

/// One completed iteration (a batch of playouts).
#[derive(Clone, Debug, PartialEq)]
pub struct MctsIteration {
    /// Iteration number (1, 2, …): iteration `d` ends at `1000 · 2^(d−1)` playouts.
    pub depth: u32,
    /// Length of the most-visited line.
    pub seldepth: u32,
    /// See the module documentation (units).
    pub score: Score,
    /// Playouts since the start.
    pub nodes: u64,
    /// The most-visited line.
    pub pv: Vec<Move>,
}

/// The search on one width of cell sets `B` (the board has at most `B::BITS` cells); [`Mcts`] holds one per
/// width and forwards to the one of the board being searched. Reused from move to move (the tree is rebuilt
/// at each [`Tree::start`], or reused, see [`Tree::reuse`]).
pub(crate) struct Tree<B: Bits> {
    pub(crate) options: MctsOptions,
    pos: Position,
    masks: Masks<B>,
    solver: Solver<B>,
    /// The nodes (shared with the helper threads of a tree-parallel search, `parallel.rs`).
    nodes: Arc<NodeStore>,
    /// Whether other threads search this tree now (`shared` stores: a playout counts its visits on the way
    /// down, as a virtual loss, and the store cannot grow).
    shared: bool,
    max_nodes: usize,
    root_stones: [B; 2],
    root_side: Color,
    rng: Pcg64Mcg,
    playouts: u64,
    iteration: u32,
    last: Option<MctsIteration>,
    interrupt: Option<Arc<AtomicBool>>,
    excluded: Vec<Move>,
    supported: bool,
    /// Board size of `masks`.
    size: (usize, usize),
    /// Per cell `x` and colour index `c`: the bridges of `c` an opponent stone on `x` breaks into, as (the
    /// other carrier cell, the cells of `c` the bridge needs); a bridge to an edge of `c` needs one stone.
    bridges: Vec<[Vec<(u16, B)>; 2]>,
    /// Per colour index and cell, the slots of its prior pattern ([`priors::pattern_slots`]).
    pattern_slots: [Vec<[u16; 12]>; 2],
    /// `β(n) = √(K / (3n + K))` for `n` < [`TABLE`] visits, and the `K` it was made for.
    beta: Vec<f32>,
    beta_k: f32,
    /// `1 / √(n + 1)` for `n` < [`TABLE`].
    inv_sqrt: Vec<f32>,
    /// The root's solver (made on first use per board size) and the time of its last
    /// slice.
    dfpn: Option<Solver<B>>,
    dfpn_clock: f64,
    /// The timed solver's time earned and not yet used (ms; negative after an overrun).
    dfpn_credit: f64,
    /// The solver of a search bounded by nodes (its own table, made afresh at each start) and the solver nodes
    /// it has used.
    node_solver: Option<Box<Solver<B>>>,
    node_solver_used: u64,
    /// While a root solver works in a thread of its own (`solver_thread.rs`): what it proves, read at the
    /// polls (besides this tree's own root solver).
    solver_news: Option<Arc<solver_thread::SolverNews>>,
    /// Scratch: the empty cells of a playout, and each one's place in that list.
    empties: Vec<B::Cell>,
    slot: Vec<B::Cell>,
    path: Vec<u32>,
    /// In a shared tree, per depth of the path up to [`RAVE_BATCH_DEPTH`]: the node last updated there and its
    /// children's RAVE results (by their place among the children: playouts, wins) not yet added to the nodes
    /// ([`Tree::flush_rave`]).
    rave_batch: Vec<(usize, Vec<(u32, u32)>)>,
    /// Mixed into the playouts' seed (0: the single-threaded search's; each root-parallel helper has its own,
    /// `parallel.rs`).
    seed_salt: u64,
}

/// Node budget per MiB of the engine's hash setting.
const fn nodes_per_mib() -> usize {
    (1 << 20) / std::mem::size_of::<Node>()
}
/// The tree gets at least this many MiB whatever the engine's hash setting (the default 16 MiB would fill in
/// well under a second at 150k playouts per second); once full, leaves are no longer expanded.
const MIN_TREE_MIB: usize = 64;
/// Table size of the root's solver (MiB); it is kept from move to move.
const SEARCH_SOLVER_MIB: usize = 32;
/// Size of the selection's lookup tables (visits).
const TABLE: usize = 1 << 16;
/// Playouts of a thread between two additions of its buffered RAVE results (a shared tree).
const RAVE_BATCH_PLAYOUTS: u64 = 32;
/// The depths of the path (0: the root) whose children's RAVE results a thread of a shared tree buffers.
const RAVE_BATCH_DEPTH: usize = 12;
/// Playouts between two clock reads.
const POLL_PLAYOUTS: u64 = 64;

fn side_index(c: Color) -> usize {
    c.index()
}

impl<B: Bits> Tree<B> {
    /// A searcher whose tree may use about `hash_mib` MiB (at least [`MIN_TREE_MIB`]).
    pub(crate) fn new(hash_mib: usize) -> Tree<B> {
        Tree {
            options: MctsOptions::default(),
            pos: Position::square(1).expect("1x1 is a valid size"),
            masks: Masks::new(1, 1),
            solver: Solver::analyser(1, 1),
            nodes: Arc::new(NodeStore::with_capacity(0)),
            shared: false,
            max_nodes: hash_mib.max(MIN_TREE_MIB) * nodes_per_mib(),
            root_stones: [B::ZERO, B::ZERO],
            root_side: Color::Black,
            rng: Pcg64Mcg::seed_from_u64(0),
            playouts: 0,
            iteration: 0,
            last: None,
            interrupt: None,
            excluded: Vec::new(),
            supported: false,
            size: (1, 1),
            bridges: Vec::new(),
            pattern_slots: [Vec::new(), Vec::new()],
            dfpn: None,
            dfpn_clock: 0.0,
            dfpn_credit: 0.0,
            node_solver: None,
            node_solver_used: 0,
            solver_news: None,
            beta: Vec::new(),
            beta_k: 0.0,
            inv_sqrt: (0..TABLE).map(|n| 1.0 / ((n + 1) as f32).sqrt()).collect(),
            empties: Vec::new(),
            slot: Vec::new(),
            path: Vec::new(),
            rave_batch: Vec::new(),
            seed_salt: 0,
        }
    }

    /// H-search's bounds in the tree: the solver's, with [`MctsOptions::hsearch_cells`].
    fn tree_limits(&self) -> VcLimits {
        VcLimits { cell_pair_carrier: self.options.hsearch_cells, ..VcLimits::DEFAULT }
    }

    /// Forgets the tree (a new game: nothing is reused).
    pub fn clear(&mut self) {
        self.store_mut().clear();
        self.supported = false;
    }

    /// Forgets the tree and gives its memory back (a board of the other width is being searched).
    pub(crate) fn release(&mut self) {
        self.nodes = Arc::new(NodeStore::with_capacity(0));
        self.supported = false;
        self.dfpn = None;
    }

    /// Sets the tree's memory to about `mib` MiB (at least [`MIN_TREE_MIB`]).
    pub fn resize(&mut self, mib: usize) {
        self.max_nodes = mib.max(MIN_TREE_MIB) * nodes_per_mib();
    }

    /// Installs (or removes) a flag that stops [`run`](Self::run).
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.interrupt = flag;
    }

    /// Every root child's playout statistics (pruned ones included, marked), for merging root-parallel trees.
    pub(crate) fn root_stats(&self) -> Vec<RootStat> {
        if !self.supported || self.nodes.is_empty() {
            return Vec::new();
        }
        self.children(0)
            .map(|c| {
                let n = &self.nodes[c];
                let mv = self.cell_move(n.cell());
                let (visits, wins) = (n.visits() as u64, n.wins() as u64);
                RootStat { mv, visits, wins, proof: n.proof(), pruned: n.pruned(), excluded: self.excluded.contains(&mv) }
            })
            .collect()
    }

    /// Root moves left.
    pub fn root_move_count(&self) -> usize {
        if self.nodes.is_empty() {
            return 0;
        }
        self.children(0).filter(|&k| !self.nodes[k].pruned()).count()
    }

    /// Playouts since [`start`](Self::start).
    pub fn nodes(&self) -> u64 {
        self.playouts
    }

    /// The last completed iteration.
    pub fn last_iteration(&self) -> Option<&MctsIteration> {
        self.last.as_ref()
    }

    /// Whether the tree has run playouts past the last reported iteration.
    pub fn in_iteration(&self) -> bool {
        self.playouts > self.last.as_ref().map_or(0, |l| l.nodes)
    }

    fn children(&self, k: usize) -> std::ops::Range<usize> {
        self.nodes[k].children()
    }

    /// The store, to change it alone: it is not shared now (the helpers of a tree-parallel search have
    /// stopped and dropped it), or else it is replaced by a copy of its nodes.
    fn store_mut(&mut self) -> &mut NodeStore {
        if Arc::get_mut(&mut self.nodes).is_none() {
            let mut copy = NodeStore::with_capacity(0);
            copy.replace(self.nodes.used_nodes().to_vec());
            copy.ordered.store(self.nodes.ordered.load(Ordering::Relaxed), Ordering::Relaxed);
            self.nodes = Arc::new(copy);
        }
        Arc::get_mut(&mut self.nodes).expect("a store just made is not shared")
    }

    /// `count` new nodes (not reset): taken from the shared slots by an atomic add, or by this thread alone
    /// from a store that grows as it needs; `None` when a shared store is full.
    fn take_nodes(&mut self, count: usize) -> Option<usize> {
        if self.shared { self.nodes.alloc(count) } else { Some(self.store_mut().take(count)) }
    }

    /// The root child to play: a proved win, else the most visited (ties: the better mean), never a pruned one
    /// unless nothing else is left.
    /// At the root, a move excluded by the engine (`banmoves`, `searchmoves`) is never chosen, even when every
    /// move left is pruned as inferior.
    fn best_child(&self, k: usize) -> Option<usize> {
        let all = self.children(k);
        if all.is_empty() {
            return None;
        }
        let allowed = |c: &usize| k != 0 || self.excluded.is_empty() || !self.excluded.contains(&self.cell_move(self.nodes[*c].cell()));
        let kids = all.filter(allowed);
        if let Some(win) = kids.clone().find(|&c| !self.nodes[c].pruned() && self.nodes[c].proof() == -1) {
            return Some(win);
        }
        let key = |c: usize| {
            let n = &self.nodes[c];
            let lost = n.proof() == 1;
            (!n.pruned(), !lost, n.visits(), n.wins())
        };
        kids.max_by_key(|&c| key(c))
    }

    fn cell_move(&self, cell: usize) -> Move {
        Move::Place(self.masks.cell(cell))
    }

    /// The move to play now.
    pub fn best_move(&self) -> Option<Move> {
        if !self.supported || self.nodes.is_empty() {
            return None;
        }
        self.best_child(0).map(|c| self.cell_move(self.nodes[c].cell()))
    }

    /// The expected reply (the most visited child of the best move).
    pub fn ponder_move(&self) -> Option<Move> {
        let b = self.best_child(0)?;
        let r = self.best_child(b)?;
        Some(self.cell_move(self.nodes[r].cell()))
    }

    fn pv(&self) -> Vec<Move> {
        self.line_from(0)
    }

    /// The most-visited line below node `k` (at most 40 moves).
    fn line_from(&self, k: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut k = k;
        while let Some(c) = self.best_child(k) {
            if self.nodes[c].visits() == 0 && self.nodes[c].proof() == 0 {
                break;
            }
            pv.push(self.cell_move(self.nodes[c].cell()));
            k = c;
            if pv.len() >= 40 {
                break;
            }
        }
        pv
    }

    fn score(&self) -> Score {
        let root = self.nodes[0].proof();
        if root != 0 {
            // A proved root: mate in the length of the PV, at least 1 move. The winner makes the last move, so
            // a won root's plies are odd and a lost root's even (a PV the solver cut short is rounded up: a
            // lost root proved before its tree has a line once scored "mated in 0 moves").
            let len = self.pv().len() as Score;
            return if root == 1 {
                MATE - (len.max(1) | 1)
            } else {
                -(MATE - (len.max(2) + (len.max(2) & 1)))
            };
        }
        match self.best_child(0) {
            Some(c) if self.nodes[c].visits() > 0 => self.win_rate_score(c),
            _ => 0,
        }
    }

    /// A child's mean result on the Elo-like scale of the module's units.
    fn win_rate_score(&self, c: usize) -> Score {
        let n = &self.nodes[c];
        let p = ((n.wins() as f64 + 0.5) / (n.visits() as f64 + 1.0)).clamp(0.001, 0.999);
        (400.0 * (p / (1.0 - p)).log10()).round() as Score
    }

    fn interrupted(&self, deadline: f64, node_limit: u64) -> bool {
        self.playouts >= node_limit
            || self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
            || now_ms() >= deadline
    }

    /// Runs playouts until an iteration completes, or `deadline` (ms on [`now_ms`]'s clock), `node_limit`
    /// playouts or the interrupt; call again to continue.
    pub fn run(&mut self, deadline: f64, node_limit: u64) -> MctsOutcome {
        if !self.supported || self.pos.winner().is_some() || self.root_move_count() == 0 {
            return MctsOutcome::NoMoves;
        }
        if self.nodes.root_queue.is_open() {
            self.root_children_work();
        }
        loop {
            let target = 1000u64 << (self.iteration - 1).min(40);
            if self.nodes[0].proof() != 0 || self.playouts + self.nodes.helper_playouts.load(Ordering::Relaxed) >= target {
                self.finish_iteration();
                return MctsOutcome::IterationDone;
            }
            if self.playouts.is_multiple_of(POLL_PLAYOUTS) {
                if self.interrupted(deadline, node_limit) {
                    return MctsOutcome::Interrupted;
                }
                if self.solver_news.is_some() {
                    self.read_solver_news();
                }
                if node_limit == u64::MAX {
                    self.solver_slice(deadline);
                } else {
                    self.solver_node_slice();
                }
            }
            if self.playouts >= node_limit {
                return MctsOutcome::Interrupted;
            }
            self.playout();
            if self.shared && self.playouts.is_multiple_of(RAVE_BATCH_PLAYOUTS) {
                self.flush_rave();
            }
        }
    }

    /// Adds the buffered RAVE results to the nodes (a shared tree; see [`Tree::update`]).
    fn flush_rave(&mut self) {
        let nodes = self.nodes.slots();
        for b in &mut self.rave_batch {
            Self::flush_rave_at(nodes, b);
        }
    }

    /// Adds one depth's buffered RAVE results, `(node, results by child)`, to that node's children.
    fn flush_rave_at(nodes: &[Node], (k, results): &mut (usize, Vec<(u32, u32)>)) {
        if *k == usize::MAX {
            return;
        }
        let kids = nodes[*k].children();
        for (r, (n, w)) in results.iter_mut().enumerate() {
            if *n > 0 && r < kids.len() {
                nodes[kids.start + r].add_rave_batch(*n, *w);
            }
            *n = 0;
            *w = 0;
        }
    }

    fn finish_iteration(&mut self) {
        let pv = self.pv();
        // A proved root completes the search: it is reported at the deepest depth, which ends every `go`.
        let depth = if self.nodes[0].proof() != 0 { crate::search::limits::MAX_DEPTH } else { self.iteration };
        self.last = Some(MctsIteration {
            depth,
            seldepth: pv.len() as u32,
            score: self.score(),
            nodes: self.playouts,
            pv,
        });
        self.iteration += 1;
    }

    /// Creates the children of node `k` (position `stones`, `side` to move): every empty cell, or the only
    /// sensible move when the side to move can win at once or must stop the opponent's win in one.
    fn expand(&mut self, k: usize, stones: [B; 2], side: Color, last: Option<usize>) {
        // A thread of a tree-parallel search expands a node only if no other has claimed it.
        if self.nodes.len() + B::BITS > self.max_nodes || !self.nodes[k].claim_expansion() {
            return;
        }
        let empty = self.masks.all & !(stones[0] | stones[1]);
        let me = side_index(side);
        // At a root with excluded moves every cell is a child (the shortcuts could keep only an excluded one).
        let (mine, theirs) = if k == 0 && !self.excluded.is_empty() {
            (B::ZERO, B::ZERO)
        } else {
            (self.win_cells(stones[me], empty, side), self.win_cells(stones[1 - me], empty, side.opponent()))
        };
        let set = if !mine.is_zero() {
            mine.lowest()
        } else if theirs.count_ones() == 1 {
            theirs
        } else {
            empty
        };
        let count = set.count_ones() as usize;
        let Some(first) = self.take_nodes(count) else {
            self.nodes[k].release_expansion();
            return;
        };
        if self.options.priors && count > 1 {
            self.write_with_priors(first, set, stones, me, last);
        } else {
            for (j, i) in bits(set).enumerate() {
                self.nodes[first + j].reset(i, 0);
            }
        }
        if !mine.is_zero() {
            self.nodes[first].set_proof(-1);
        }
        // The children are written before they are published, and published before the node is expanded.
        let n = &self.nodes[k];
        n.set_children(first, count);
        n.set_expanded();
        if !mine.is_zero() {
            n.set_proof(1);
        } else if theirs.count_ones() >= 2 {
            n.set_proof(-1);
        }
        if k == 0 {
            self.prune_excluded();
        }
    }

    /// Writes the children `set` from node `first` on (colour index `me` to move, `last` the opponent's last
    /// stone) ordered by their pattern weights (ties: the lower cell first), each with its prior (`√share ·
    /// 255`).
    fn write_with_priors(&mut self, first: usize, set: B, stones: [B; 2], me: usize, last: Option<usize>) {
        self.nodes.ordered.store(false, Ordering::Relaxed);
        let slots = &self.pattern_slots[me];
        let mut kids: Vec<(f32, usize)> = bits(set)
            .map(|i| (priors::gamma(priors::pattern_code(&slots[i], stones[me], stones[1 - me]), priors::last_class(&slots[i], last)), i))
            .collect();
        crate::sort::sort_by(&mut kids, |a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        let total: f32 = kids.iter().map(|k| k.0).sum();
        for (j, (g, i)) in kids.into_iter().enumerate() {
            // Division, sqrt and rounding are exact IEEE operations: the same prior natively and in wasm.
            let prior = ((g / total).sqrt() * 255.0).round().min(255.0) as u8;
            self.nodes[first + j].reset(i, prior);
        }
    }

    /// The cells where `color` (stones `p`) would complete a chain.
    fn win_cells(&self, p: B, empty: B, color: Color) -> B {
        let [a, b] = color.edges();
        let (e1, e2) = (self.masks.edge[a.index()], self.masks.edge[b.index()]);
        let x = self.masks.flood(e1 & p, p);
        let y = self.masks.flood(e2 & p, p);
        (self.masks.dilate(x) | e1) & (self.masks.dilate(y) | e2) & empty
    }

    /// The child of `k` to descend into (UCT-RAVE over the live children; a child proved lost for its side
    /// to move is taken at once).
    fn select(&self, k: usize) -> Option<usize> {
        let nodes = self.nodes.slots();
        let parent = &nodes[k];
        // ln in f64, then rounded: the same f32 natively and in wasm (their libm's f32 ln may differ in the
        // last bit; sqrt and division are exact everywhere).
        let sqrt_ln_n = (((parent.visits() + 1) as f64).ln() as f32).sqrt();
        let o = &self.options;
        let bias = if o.priors { o.prior_bias / 255.0 } else { 0.0 };
        let mut best = None;
        let mut best_v = f32::NEG_INFINITY;
        for c in parent.children() {
            let n = &nodes[c];
            if n.pruned() {
                continue;
            }
            let proof = n.proof();
            if proof == -1 {
                return Some(c);
            }
            let v = if proof == 1 {
                -1.0
            } else {
                let (n_visits, wins, (rave_n, rave_w)) = (n.visits(), n.wins(), n.rave());
                let visits = n_visits as f32;
                let r = (rave_w as f32 + 0.5 * 4.0) / (rave_n as f32 + 4.0);
                let i = n_visits as usize;
                let (beta, inv) = if i < TABLE {
                    (self.beta[i], self.inv_sqrt[i])
                } else {
                    ((o.rave_k / (3.0 * visits + o.rave_k)).sqrt(), 1.0 / (visits + 1.0).sqrt())
                };
                let q = if n_visits > 0 { wins as f32 / visits } else { r };
                (1.0 - beta) * q + beta * r + (o.exploration * sqrt_ln_n + bias * n.prior() as f32) * inv
            };
            if v > best_v {
                best_v = v;
                best = Some(c);
            }
        }
        best
    }

    /// One descent, playout and update. In a tree shared with other threads, each node's visit is counted on
    /// the way down (a *virtual loss*: until the result comes back it counts as a lost playout, so the other
    /// threads' descents spread over other lines), and [`Tree::update`] adds only the wins.
    fn playout(&mut self) {
        self.playouts += 1;
        let mut stones = self.root_stones;
        let mut side = self.root_side;
        let mut k = 0usize;
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        path.push(0);
        // This playout's own visit, when not yet counted (see above).
        let own = u32::from(!self.shared);
        if self.shared {
            self.nodes[0].add_visit();
        }
        let mut last: Option<usize> = None;
        let mut known: Option<Color> = None;
        loop {
            let n = &self.nodes[k];
            let proof = n.proof();
            if proof != 0 {
                known = Some(if proof == 1 { side } else { side.opponent() });
                break;
            }
            if !n.expanded() {
                if n.visits() + own >= self.options.expand_after {
                    self.expand(k, stones, side, last);
                }
                if !self.nodes[k].expanded() || self.nodes[k].proof() != 0 {
                    if self.nodes[k].proof() != 0 {
                        continue;
                    }
                    break;
                }
            }
            if k != 0 && !self.nodes[k].knowledge() && self.nodes[k].visits() >= self.options.knowledge_after {
                self.apply_knowledge(k, stones, side);
                if self.nodes[k].proof() != 0 {
                    continue;
                }
            }
            let Some(c) = self.select(k) else { break };
            let cell = self.nodes[c].cell();
            if self.shared {
                self.nodes[c].add_visit();
            }
            stones[side_index(side)] |= B::bit(cell);
            last = Some(cell);
            side = side.opponent();
            k = c;
            path.push(c as u32);
        }
        let (winner, final_stones) = match known {
            Some(w) => (w, None),
            None => {
                let (w, f) = self.rollout(stones, side, last);
                (w, Some(f))
            }
        };
        self.update(&path, winner, final_stones);
        self.backup_proofs(&path);
        self.path = path;
    }

    /// Adds the result to every node of the path, and the RAVE statistics to their children.
    ///
    /// A node whose children are all the empty cells of its position, in ascending order (every node but
    /// the few expanded to one forced move, unless the priors reordered them), has the child of cell `i` at
    /// `first + |empty ∩ {0, …, i − 1}|`: the RAVE statistics then visit only the children whose cell the
    /// side to move took in the playout, instead of testing every child.
    fn update(&mut self, path: &[u32], winner: Color, final_stones: Option<[B; 2]>) {
        let mut side = self.root_side;
        let mut empty = self.masks.all & !(self.root_stones[0] | self.root_stones[1]);
        let ordered = self.nodes.ordered.load(Ordering::Relaxed);
        let nodes = self.nodes.slots();
        for (j, &k) in path.iter().enumerate() {
            let k = k as usize;
            let n = &nodes[k];
            if j > 0 {
                empty = empty & !B::bit(n.cell());
            }
            // The node's mover is the side before `side` (the root's mover is the opponent of the root side).
            let mover = side.opponent();
            if !self.shared {
                n.add_visit();
            }
            if winner == mover {
                n.add_win();
            }
            if let Some(f) = final_stones
                && n.expanded()
            {
                let kids = n.children();
                let mine = f[side_index(side)];
                let won = winner == side;
                if self.shared && j < RAVE_BATCH_DEPTH {
                    // The nodes near the root are read by nearly every descent of every thread: their
                    // children's RAVE results are added a batch at a time, so that the threads' caches do not
                    // pass these lines back and forth at each playout.
                    if self.rave_batch.len() <= j {
                        self.rave_batch.resize_with(j + 1, || (usize::MAX, Vec::new()));
                    }
                    if self.rave_batch[j].0 != k {
                        Self::flush_rave_at(nodes, &mut self.rave_batch[j]);
                        self.rave_batch[j].0 = k;
                    }
                    let batch = &mut self.rave_batch[j].1;
                    batch.resize(kids.len(), (0, 0));
                    if ordered && kids.len() == empty.count_ones() as usize {
                        for i in bits(mine & empty) {
                            let r = &mut batch[(empty & B::low(i)).count_ones() as usize];
                            r.0 += 1;
                            r.1 += u32::from(won);
                        }
                    } else {
                        for (r, c) in kids.enumerate() {
                            if mine.has(nodes[c].cell()) {
                                batch[r].0 += 1;
                                batch[r].1 += u32::from(won);
                            }
                        }
                    }
                    side = side.opponent();
                    continue;
                }
                if ordered && kids.len() == empty.count_ones() as usize {
                    for i in bits(mine & empty) {
                        nodes[kids.start + (empty & B::low(i)).count_ones() as usize].add_rave(won);
                    }
                    side = side.opponent();
                    continue;
                }
                for c in kids {
                    let ch = &nodes[c];
                    if mine.has(ch.cell()) {
                        ch.add_rave(won);
                    }
                }
            }
            side = side.opponent();
        }
    }

    /// Backs proofs up the path: a node with a child lost for its side to move is won; one whose live
    /// children are all won for the opponent is lost.
    fn backup_proofs(&mut self, path: &[u32]) {
        for &k in path.iter().rev() {
            let k = k as usize;
            if self.nodes[k].proof() != 0 || !self.nodes[k].expanded() {
                continue;
            }
            // Pruned children are dominated (outside the must-play region, inferior, or excluded): the node's
            // value is that of its live children.
            let (mut alive, mut all_lost, mut won) = (0, true, false);
            for c in self.children(k) {
                let n = &self.nodes[c];
                if n.pruned() {
                    continue;
                }
                alive += 1;
                match n.proof() {
                    -1 => won = true,
                    1 => {}
                    _ => all_lost = false,
                }
            }
            if won {
                self.nodes[k].set_proof(1);
            } else if all_lost && alive > 0 {
                self.nodes[k].set_proof(-1);
            } else {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests;
