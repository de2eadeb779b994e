//! The public Monte Carlo searcher: one [`Tree`] per width of cell sets, chosen by the board being searched.
//! Boards of up to [`NARROW_CELLS`] cells (up to 11×11) run on `u128` sets exactly as before; larger ones, up
//! to 19×19, on [`WideBits`] (384 bits), made on first use (see `bitset.rs` for why two widths).

use super::suspend::{MctsSuspended, Parked};
use super::{MctsIteration, MctsOptions, MctsOutcome, NodeStore, Tree};
use crate::hex::bitboard::{Bits, NARROW_CELLS, WideBits};
use crate::hex::{Move, Position};
use crate::search::score::Score;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The Monte Carlo tree search of [`super`] on any board from 2×2 to 19×19: the state is reused from move to
/// move (the tree is rebuilt at each [`Mcts::start`], or reused when the new root is two plies below the old
/// one).
pub struct Mcts {
    /// The search's parameters (read at each [`Mcts::start`] and [`Mcts::run`]).
    pub options: MctsOptions,
    /// Boards of at most [`NARROW_CELLS`] cells.
    narrow: Tree<u128>,
    /// Larger boards; made on first use.
    wide: Option<Box<Tree<WideBits>>>,
    /// Whether the current search is the wide one.
    is_wide: bool,
    hash_mib: usize,
    interrupt: Option<Arc<AtomicBool>>,
    /// See [`Mcts::set_seed_salt`].
    seed_salt: u64,
}

/// Runs `$e` with `$t` bound to the current tree (`ref` or `mut`).
macro_rules! on_tree {
    ($self:ident, ref $t:ident => $e:expr) => {
        match ($self.is_wide, $self.wide.as_deref()) {
            (true, Some($t)) => $e,
            _ => {
                let $t = &$self.narrow;
                $e
            }
        }
    };
    ($self:ident, mut $t:ident => $e:expr) => {
        match ($self.is_wide, $self.wide.as_deref_mut()) {
            (true, Some($t)) => $e,
            _ => {
                let $t = &mut $self.narrow;
                $e
            }
        }
    };
}

impl Mcts {
    /// A searcher whose tree may use about `hash_mib` MiB (at least 64 MiB, see `MIN_TREE_MIB`).
    pub fn new(hash_mib: usize) -> Mcts {
        Mcts { options: MctsOptions::default(), narrow: Tree::new(hash_mib), wide: None, is_wide: false, hash_mib, interrupt: None, seed_salt: 0 }
    }

    /// Whether this search handles `pos`: a board of at least 2×2 and at most 19×19 (361 cells, every size
    /// the rules allow) with no swap decision pending (the engine plays the swap decision with alpha-beta).
    pub fn supports(pos: &Position) -> bool {
        pos.width() * pos.height() <= WideBits::BITS && !pos.swap_available() && pos.width() >= 2 && pos.height() >= 2
    }

    /// Forgets the trees (a new game: nothing is reused).
    pub fn clear(&mut self) {
        self.narrow.clear();
        if let Some(w) = self.wide.as_deref_mut() {
            w.clear();
        }
    }

    /// Sets the trees' memory to about `mib` MiB (at least 64 MiB).
    pub fn resize(&mut self, mib: usize) {
        self.hash_mib = mib;
        self.narrow.resize(mib);
        if let Some(w) = self.wide.as_deref_mut() {
            w.resize(mib);
        }
    }

    /// Installs (or removes) a flag that stops [`run`](Self::run).
    pub fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.narrow.set_interrupt(flag.clone());
        if let Some(w) = self.wide.as_deref_mut() {
            w.set_interrupt(flag.clone());
        }
        self.interrupt = flag;
    }

    /// Starts a new search of `pos` (the position must satisfy [`Mcts::supports`]), on the tree of its width;
    /// the other width's tree is released.
    pub fn start(&mut self, pos: Position) {
        let wide = pos.width() * pos.height() > NARROW_CELLS;
        if wide != self.is_wide {
            if wide {
                self.narrow.release();
            } else if let Some(w) = self.wide.as_deref_mut() {
                w.release();
            }
        }
        self.is_wide = wide;
        if wide {
            self.make_wide();
        }
        let options = self.options;
        on_tree!(self, mut t => {
            t.options = options;
            t.start(pos)
        })
    }

    /// Makes the tree of wide boards on first use, with the searcher's interrupt and seed salt.
    fn make_wide(&mut self) -> &mut Tree<WideBits> {
        let (mib, flag, salt) = (self.hash_mib, self.interrupt.clone(), self.seed_salt);
        self.wide.get_or_insert_with(|| {
            let mut t = Box::new(Tree::new(mib));
            t.set_interrupt(flag);
            t.seed_salt = salt;
            t
        })
    }

    /// Shares the current tree with the helper threads of a tree-parallel search (see `Tree::share`); the
    /// store returned is what each helper's [`Mcts::attach`] takes.
    pub(crate) fn share_tree(&mut self) -> Arc<NodeStore> {
        on_tree!(self, mut t => t.share())
    }

    /// The helpers sharing the current tree have stopped (see `Tree::unshare`).
    pub(crate) fn unshare_tree(&mut self) {
        self.narrow.unshare();
        if let Some(w) = self.wide.as_deref_mut() {
            w.unshare();
        }
    }

    /// Makes this searcher a helper of a tree-parallel search of `pos` without the `excluded` root moves, on
    /// the tree another searcher shared ([`Mcts::share_tree`]); [`Mcts::run`] then adds playouts to it.
    pub(crate) fn attach(&mut self, pos: Position, excluded: &[Move], store: Arc<NodeStore>) {
        let wide = pos.width() * pos.height() > NARROW_CELLS;
        self.is_wide = wide;
        if wide {
            self.make_wide();
        }
        let options = self.options;
        on_tree!(self, mut t => {
            t.options = options;
            t.attach(pos, excluded, store)
        })
    }

    /// Runs playouts until an iteration completes, or `deadline` (ms on the search clock), `node_limit`
    /// playouts or the interrupt; call again to continue.
    pub fn run(&mut self, deadline: f64, node_limit: u64) -> MctsOutcome {
        let options = self.options;
        on_tree!(self, mut t => {
            t.options = options;
            t.run(deadline, node_limit)
        })
    }

    /// Removes moves from the root (they are never chosen).
    pub fn exclude_root_moves(&mut self, moves: &[Move]) {
        on_tree!(self, mut t => t.exclude_root_moves(moves))
    }

    /// Root moves left.
    pub fn root_move_count(&self) -> usize {
        on_tree!(self, ref t => t.root_move_count())
    }

    /// Playouts since [`start`](Self::start).
    pub fn nodes(&self) -> u64 {
        on_tree!(self, ref t => t.nodes())
    }

    /// The last completed iteration.
    pub fn last_iteration(&self) -> Option<&MctsIteration> {
        on_tree!(self, ref t => t.last_iteration())
    }

    /// Whether the tree has run playouts past the last reported iteration.
    pub fn in_iteration(&self) -> bool {
        on_tree!(self, ref t => t.in_iteration())
    }

    /// The move to play now.
    pub fn best_move(&self) -> Option<Move> {
        on_tree!(self, ref t => t.best_move())
    }

    /// The expected reply (the most visited child of the best move).
    pub fn ponder_move(&self) -> Option<Move> {
        on_tree!(self, ref t => t.ponder_move())
    }

    /// MultiPV: the `k` best root moves as `(score, line)`, best first (see `Tree::lines`).
    pub fn lines(&self, k: usize) -> Vec<(Score, Vec<Move>)> {
        on_tree!(self, ref t => t.lines(k))
    }

    /// Moves the current search out (between two `run`s); the searcher is left with an empty tree until the
    /// next `start` or [`resume`](Self::resume).
    pub fn suspend(&mut self) -> MctsSuspended {
        match (self.is_wide, self.wide.as_deref_mut()) {
            (true, Some(w)) => MctsSuspended(Parked::Wide(w.suspend())),
            _ => MctsSuspended(Parked::Narrow(self.narrow.suspend())),
        }
    }

    /// Takes up a search put aside by [`suspend`](Self::suspend) on a board of the same size: the next `run`
    /// goes on with its tree and counters.
    pub fn resume(&mut self, s: MctsSuspended) {
        match s.0 {
            Parked::Narrow(t) => {
                self.is_wide = false;
                self.narrow.resume(t);
            }
            Parked::Wide(t) => {
                self.is_wide = true;
                self.make_wide().resume(t);
            }
        }
    }

    /// Every root child's statistics (see `Tree::root_stats`).
    pub fn root_stats(&self) -> Vec<super::RootStat> {
        on_tree!(self, ref t => t.root_stats())
    }

    /// Mixes `salt` into the playouts' seed from the next [`start`](Self::start) on (0: the single-threaded
    /// search's own seed).
    pub fn set_seed_salt(&mut self, salt: u64) {
        self.narrow.seed_salt = salt;
        if let Some(w) = self.wide.as_deref_mut() {
            w.seed_salt = salt;
        }
        self.seed_salt = salt;
    }

    /// Whether the current search's root solver applies (on, few enough empty cells, the root not proved).
    pub fn root_solver_applies(&self) -> bool {
        on_tree!(self, ref t => t.solver_applies())
    }

    /// Marks a solver's proofs about the current search's root (`facts`, see `solver_thread.rs`); the caller
    /// makes sure they are about this root.
    pub(crate) fn note_root_facts(&mut self, facts: &super::solver_thread::Facts) {
        on_tree!(self, mut t => t.apply_facts(facts))
    }

    /// Makes the current tree read the news of a solver thread on its root (`None`: none).
    pub(crate) fn set_solver_news(&mut self, news: Option<std::sync::Arc<super::SolverNews>>) {
        on_tree!(self, mut t => t.set_solver_news(news))
    }

    /// Whether the current (or last) search is on wide cell sets (a board of more than [`NARROW_CELLS`]
    /// cells).
    pub fn is_wide(&self) -> bool {
        self.is_wide
    }
}
