//! Setting up a search's root: the tables for the board size, the kept subtree when the game went on by two
//! moves (**tree reuse**), sharing the tree with helper threads (`parallel.rs`), and root moves excluded from
//! the search.

use super::node::Node;
use super::playout::bridge_table;
use super::{Mcts, NodeStore, TABLE, Tree, priors, side_index};
use crate::hex::bitboard::{Bits, Masks};
use crate::hex::solver::{Board, Solver};
use crate::hex::{Move, Position, Color};
use rand_core::SeedableRng;
use rand_pcg::Pcg64Mcg;
use std::sync::Arc;
use std::sync::atomic::Ordering;

impl<B: Bits> Tree<B> {
    /// Starts a new search of `pos` (the position must satisfy [`Tree::supports`]).
    pub fn start(&mut self, pos: Position) {
        let was_supported = self.prepare(&pos);
        let board = Board::from_position(&pos);
        let reused = was_supported && self.supported && self.reuse(board.stones(), pos.to_move());
        self.set_root(pos, &board);
        self.excluded.clear();
        if !reused {
            let store = self.store_mut();
            store.clear();
            let root = store.take(1);
            store[root].reset(0, 0);
        }
        self.nodes.helper_playouts.store(0, Ordering::Relaxed);
        self.nodes.root_queue.clear();
        if self.supported && self.pos.winner().is_none() {
            if !self.nodes[0].expanded() {
                let last = match self.pos.moves().last() {
                    Some(&(_, Move::Place(c))) if self.pos.contains(c) => Some(self.pos.geometry().index(c)),
                    _ => None,
                };
                self.expand(0, self.root_stones, self.root_side, last);
            }
            if self.nodes[0].knowledge() {
                // Apply the root's own rules again (a static win looks for its connecting move).
                self.nodes[0].clear_knowledge();
            }
            self.root_knowledge();
        }
    }

    /// Makes the tree searchable by other threads ([`parallel`]): the store grows to the tree's whole budget
    /// (a shared store cannot move) and is returned for the helpers' [`Tree::attach`]; from now on, until
    /// [`Tree::unshare`], this tree's playouts count their visits on the way down (see [`Tree::playout`]).
    pub(crate) fn share(&mut self) -> Arc<NodeStore> {
        let budget = self.max_nodes;
        self.store_mut().make_slots(budget);
        self.shared = true;
        self.nodes.clone()
    }

    /// The helpers of a tree-parallel search have stopped: the tree is this thread's alone again.
    pub(crate) fn unshare(&mut self) {
        self.shared = false;
    }

    /// Makes this tree a helper's view of a tree another thread shared ([`Tree::share`]) for a search of
    /// `pos` without the `excluded` root moves: its playouts run on `store`'s nodes (the root already
    /// expanded and analysed by the main tree), with this tree's own random stream, scratch and analyser for
    /// the nodes' knowledge.
    pub(crate) fn attach(&mut self, pos: Position, excluded: &[Move], store: Arc<NodeStore>) {
        self.prepare(&pos);
        let board = Board::from_position(&pos);
        self.set_root(pos, &board);
        self.excluded = excluded.to_vec();
        self.max_nodes = store.capacity();
        self.nodes = store;
        self.shared = true;
    }

    /// The tables for `pos`'s board size and the options (made again only when they change); returns whether
    /// the tree searched a supported position of this size before.
    pub(super) fn prepare(&mut self, pos: &Position) -> bool {
        let (w, h) = (pos.width(), pos.height());
        if self.size != (w, h) {
            self.masks = Masks::new(w, h);
            self.solver = Solver::analyser(w, h);
            self.size = (w, h);
            self.bridges = bridge_table(&self.masks, w * h);
            self.pattern_slots = priors::pattern_slots(w, h);
            self.dfpn = None;
        }
        let was_supported = self.supported && self.size == (w, h);
        self.supported = Mcts::supports(pos);
        self.solver.set_hsearch_limits(self.tree_limits());
        if self.beta_k != self.options.rave_k {
            let k = self.options.rave_k;
            self.beta = (0..TABLE).map(|n| (k / (3.0 * n as f32 + k)).sqrt()).collect();
            self.beta_k = k;
        }
        was_supported
    }

    /// The root `pos` (`board` its stones) with fresh counters and random stream.
    pub(super) fn set_root(&mut self, pos: Position, board: &Board<B>) {
        self.root_stones = board.stones();
        self.root_side = pos.to_move();
        self.rng = Pcg64Mcg::seed_from_u64(pos.key() ^ 0x5EED_0F_4E58 ^ self.seed_salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.pos = pos;
        self.playouts = 0;
        self.iteration = 1;
        self.last = None;
        self.dfpn_clock = 0.0;
        self.dfpn_credit = 0.0;
        self.node_solver = None;
        self.node_solver_used = 0;
        self.rave_batch.clear();
    }

    /// **Tree reuse**: when the new root is the old one plus one stone of the side to move and one of the
    /// opponent (the engine's move and the reply), the subtree under those two moves becomes the tree, with
    /// its statistics and proofs. Returns whether it did.
    pub(super) fn reuse(&mut self, stones: [B; 2], side: Color) -> bool {
        if self.nodes.is_empty() || side != self.root_side {
            return false;
        }
        let (me, old) = (side_index(side), self.root_stones);
        if !(old[0] & !stones[0]).is_zero() || !(old[1] & !stones[1]).is_zero() {
            return false;
        }
        let (mine, theirs) = (stones[me] & !old[me], stones[1 - me] & !old[1 - me]);
        if mine.count_ones() != 1 || theirs.count_ones() != 1 {
            return false;
        }
        let find = |k: usize, bit: B| self.children(k).find(|&c| B::bit(self.nodes[c].cell()) == bit);
        let Some(a) = find(0, mine) else { return false };
        let Some(b) = find(a, theirs) else { return false };
        let mut out: Vec<Node> = Vec::new();
        let root = self.nodes[b].clone();
        root.set_pruned(false);
        out.push(root);
        let mut queue = std::collections::VecDeque::from([(b, 0usize)]);
        while let Some((o, n)) = queue.pop_front() {
            let kids = self.children(o);
            if !self.nodes[o].expanded() || kids.is_empty() {
                continue;
            }
            out[n].set_children(out.len(), kids.len());
            for k in kids {
                out.push(self.nodes[k].clone());
                queue.push_back((k, out.len() - 1));
            }
        }
        self.store_mut().replace(out);
        true
    }

    /// Removes moves from the root (they are never chosen, and prove nothing): excluded children are pruned,
    /// and a root proved won by an excluded child only (a tree kept from the last search) is open again.
    pub fn exclude_root_moves(&mut self, moves: &[Move]) {
        self.excluded.extend_from_slice(moves);
        self.prune_excluded();
    }

    /// Prunes the root's excluded children (see [`exclude_root_moves`](Self::exclude_root_moves)).
    pub(super) fn prune_excluded(&mut self) {
        if self.excluded.is_empty() || self.nodes.is_empty() {
            return;
        }
        for c in self.children(0) {
            if self.excluded.contains(&self.cell_move(self.nodes[c].cell())) {
                self.nodes[c].set_pruned(true);
            }
        }
        if self.nodes[0].proof() == 1 && !self.children(0).any(|c| !self.nodes[c].pruned() && self.nodes[c].proof() == -1) {
            self.nodes[0].set_proof(0);
        }
    }
}
