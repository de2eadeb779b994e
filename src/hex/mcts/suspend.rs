//! Putting a Monte Carlo search aside and taking it up again (the engine's pondering on several replies,
//! `crate::engine::ponder`): the tree, its root and the playout counters move out of the searcher and back.
//! The root's timed solver table, the bridge and RAVE tables and the options stay with the searcher; the
//! solver of a search bounded by nodes goes with the tree.

use super::{MctsIteration, NodeStore, Tree};
use crate::hex::bitboard::{Bits, WideBits};
use crate::hex::solver::Solver;
use crate::hex::{Color, Move, Position};
use rand_pcg::Pcg64Mcg;

/// A Monte Carlo search put aside by [`Mcts::suspend`](super::Mcts::suspend): its tree (a few MiB per
/// million playouts, kept as it is), root and counters, on the cell sets of its board.
pub struct MctsSuspended(pub(super) Parked);

/// [`MctsSuspended`] by the width of the board's cell sets.
pub(super) enum Parked {
    Narrow(TreeSuspended<u128>),
    Wide(TreeSuspended<WideBits>),
}

/// The part of a [`Tree`] that [`Tree::suspend`] moves out.
pub(super) struct TreeSuspended<B: Bits> {
    pos: Position,
    nodes: std::sync::Arc<NodeStore>,
    root_stones: [B; 2],
    root_side: Color,
    rng: Pcg64Mcg,
    playouts: u64,
    iteration: u32,
    last: Option<MctsIteration>,
    excluded: Vec<Move>,
    supported: bool,
    node_solver: Option<Box<Solver<B>>>,
    node_solver_used: u64,
}

impl MctsSuspended {
    /// Playouts the search had run.
    pub fn playouts(&self) -> u64 {
        match &self.0 {
            Parked::Narrow(t) => t.playouts,
            Parked::Wide(t) => t.playouts,
        }
    }
}

impl<B: Bits> Tree<B> {
    /// Moves the current search out (between two `run`s); the searcher is left with an empty tree until the
    /// next `start` or [`resume`](Self::resume).
    pub(super) fn suspend(&mut self) -> TreeSuspended<B> {
        TreeSuspended {
            pos: self.pos.clone(),
            nodes: std::mem::replace(&mut self.nodes, std::sync::Arc::new(NodeStore::with_capacity(0))),
            root_stones: self.root_stones,
            root_side: self.root_side,
            rng: self.rng.clone(),
            playouts: self.playouts,
            iteration: self.iteration,
            last: self.last.take(),
            excluded: std::mem::take(&mut self.excluded),
            supported: self.supported,
            node_solver: self.node_solver.take(),
            node_solver_used: self.node_solver_used,
        }
    }

    /// Takes up a search put aside by [`suspend`](Self::suspend) on a board of the same size: the next `run`
    /// goes on with its tree and counters.
    pub(super) fn resume(&mut self, s: TreeSuspended<B>) {
        self.pos = s.pos;
        self.nodes = s.nodes;
        self.root_stones = s.root_stones;
        self.root_side = s.root_side;
        self.rng = s.rng;
        self.playouts = s.playouts;
        self.iteration = s.iteration;
        self.last = s.last;
        self.excluded = s.excluded;
        self.supported = s.supported;
        self.node_solver = s.node_solver;
        self.node_solver_used = s.node_solver_used;
        self.dfpn_clock = 0.0;
    }
}
