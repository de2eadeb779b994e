//! The knowledge of the Monte Carlo search ([`super`]): the root's analysis (must-play region, inferior
//! cells, a static proof, and one ply below it) and a node's once it has been visited
//! [`MctsOptions::knowledge_after`](super::MctsOptions::knowledge_after) times ([`crate::hex::knowledge`]
//! explains the rules).

use super::{Tree, side_index};
use crate::hex::Color;
use crate::hex::bitboard::{Bits, NARROW_CELLS};
use crate::hex::solver::{Analysis, Board};
use crate::hex::vc::VcLimits;

/// On boards of more than [`NARROW_CELLS`] cells the root's children are analysed one by one only when at
/// most this many candidates are left: each analysis costs about 5 ms on 13×13 and 15 ms on 19×19 (all of
/// them on an open 13×13 board took 0.85 s of a 1 s move), and these analyses matter once a threat has cut
/// the must-play region, which is then small. Smaller boards analyse every child, as before.
pub(super) const WIDE_ROOT_CHILDREN: usize = 48;

impl<B: Bits> Tree<B> {
    /// The root's knowledge: its children are cut to the candidates; when the root is statically won, each
    /// child is analysed so that a winning move is found (a child whose side to move has statically lost); a
    /// statically lost root keeps every move (one must still be played, and the opponent may err).
    pub(super) fn root_knowledge(&mut self) {
        self.nodes[0].claim_knowledge();
        if self.nodes[0].proof() != 0 || !self.nodes[0].expanded() {
            return;
        }
        let (stones, side) = (self.root_stones, self.root_side);
        let (_, filled, _) = self.masks.fill_inferior(stones);
        // The root's analysis is done once per search: with wider H-search bounds when asked.
        if self.options.wide_root {
            self.solver.set_hsearch_limits(VcLimits::ROOT);
        }
        let analysis = self.solver.analyse(&Board::new(stones, side));
        self.solver.set_hsearch_limits(self.tree_limits());
        match analysis {
            Analysis::Win(_) => {
                let me = side_index(side);
                for c in self.children(0) {
                    let mut s = stones;
                    s[me] |= B::bit(self.nodes[c].cell());
                    if let Analysis::Loss(_) = self.solver.analyse(&Board::new(s, side.opponent()))
                        && self.mark_root_win(c)
                    {
                        return;
                    }
                }
            }
            Analysis::Loss(_) => {}
            Analysis::Moves(region, _) => {
                let keep = region & !filled;
                if !keep.is_zero() {
                    for c in self.children(0) {
                        if !keep.has(self.nodes[c].cell()) {
                            self.nodes[c].set_pruned(true);
                        }
                    }
                }
                let few = || self.children(0).filter(|&c| !self.nodes[c].pruned() && self.nodes[c].proof() == 0).count() <= WIDE_ROOT_CHILDREN;
                if self.options.root_children && (B::BITS <= NARROW_CELLS || few()) {
                    self.queue_root_children();
                }
            }
        }
    }

    /// One ply of knowledge under the root (MoHex prunes the same way): every candidate child is analysed
    /// with the opponent to move ([`VcLimits::CHILD`]); a child the opponent has statically won is marked
    /// lost for us (never chosen while another move is open), and one the opponent has statically lost
    /// proves the root. The children are queued here and analysed by the first [`Tree::run`] of every
    /// thread of the search ([`Tree::root_children_work`]): with tree parallelism the threads share them.
    fn queue_root_children(&mut self) {
        let kids = self.children(0);
        self.nodes.root_queue.set(kids.start, kids.len());
    }

    /// Analyses the queued root children ([`Tree::queue_root_children`]) until none is left to take or the root
    /// is proved. The thread that finishes the last child marks the root lost when every move is.
    pub(super) fn root_children_work(&mut self) {
        let (stones, side) = (self.root_stones, self.root_side);
        let me = side_index(side);
        self.solver.set_hsearch_limits(VcLimits::CHILD);
        while self.nodes[0].proof() == 0
            && let Some(c) = self.nodes.root_queue.take()
        {
            if !self.nodes[c].pruned() && self.nodes[c].proof() == 0 {
                let mut s = stones;
                s[me] |= B::bit(self.nodes[c].cell());
                match self.solver.analyse(&Board::new(s, side.opponent())) {
                    Analysis::Loss(_) => {
                        // A win proves the root (the loop ends), unless the move is excluded.
                        self.mark_root_win(c);
                    }
                    Analysis::Win(_) => self.nodes[c].set_proof(1),
                    Analysis::Moves(..) => {}
                }
            }
            if self.nodes.root_queue.finish()
                && self.nodes[0].proof() == 0
                && self.children(0).all(|c| self.nodes[c].pruned() || self.nodes[c].proof() == 1)
            {
                self.nodes[0].set_proof(-1);
            }
        }
        self.solver.set_hsearch_limits(self.tree_limits());
    }

    /// Prunes node `k`'s children to its knowledge's candidates, and marks a static proof. In a tree shared by
    /// several threads, the one that claims the node first does this.
    pub(super) fn apply_knowledge(&mut self, k: usize, stones: [B; 2], side: Color) {
        if !self.nodes[k].claim_knowledge() || self.nodes[k].proof() != 0 || !self.nodes[k].expanded() {
            return;
        }
        let board = Board::new(stones, side);
        let (_, filled, _) = self.masks.fill_inferior(stones);
        let keep = match self.solver.analyse(&board) {
            Analysis::Win(_) => {
                self.nodes[k].set_proof(1);
                return;
            }
            Analysis::Loss(_) => {
                self.nodes[k].set_proof(-1);
                return;
            }
            Analysis::Moves(region, _) => region & !filled,
        };
        if keep.is_zero() {
            return;
        }
        for c in self.children(k) {
            if !keep.has(self.nodes[c].cell()) {
                self.nodes[c].set_pruned(true);
            }
        }
    }

}
