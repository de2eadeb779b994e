//! The root's DFPN solver ([`crate::hex::solver`]) beside the playouts, as the field runs one (Wolve and
//! MoHex prove the root with DFPN while they search): once at most [`MctsOptions::solver_empties`] cells are
//! empty, the solver works on the root in slices between playouts, keeping its table from slice to slice.
//!
//! - In a **timed** search it gets [`MctsOptions::solver_share`] of the time, in a table kept from move to
//!   move (its entries are keyed by the position).
//! - In a search **bounded by nodes** it gets [`MctsOptions::solver_rate`] solver nodes per 1000 playouts,
//!   every [`NODE_SLICE_PLAYOUTS`] playouts, in a table of the search's own (made afresh at each start, put
//!   aside and taken up with the tree): its work depends only on the playout count, so equal node budgets
//!   still give equal moves (natively and in the browser).
//!
//! A proved root ends the search with a mate score (a win marks the winning child). Short of that, the root
//! children the table has proved are marked: a move proved to lose is never chosen while another is open
//! (all lost: the root is lost), a move proved to win proves the root.
//!
//! [`MctsOptions::solver_empties`]: super::MctsOptions::solver_empties
//! [`MctsOptions::solver_share`]: super::MctsOptions::solver_share
//! [`MctsOptions::solver_rate`]: super::MctsOptions::solver_rate

use super::{SEARCH_SOLVER_MIB, Tree};
use crate::hex::Move;
use crate::hex::bitboard::Bits;
use crate::hex::solver::{Board, Solver};
use crate::search::clock::now_ms;

/// Table size (MiB) of the solver of a search bounded by nodes.
const NODE_SOLVER_MIB: usize = 8;
/// Playouts between two looks at the solver's budget in a search bounded by nodes.
pub(super) const NODE_SLICE_PLAYOUTS: u64 = 1024;
/// The least budget of a slice (each slice descends from the root again): nodes in a search bounded by
/// nodes, milliseconds in a timed one.
const MIN_SLICE_NODES: u64 = 512;
const MIN_SLICE_MS: f64 = 20.0;

impl<B: Bits> Tree<B> {
    /// Whether the root's solver works now: it is on, at most [`super::MctsOptions::solver_empties`] cells are
    /// empty and the root is not proved.
    pub(super) fn solver_applies(&self) -> bool {
        let o = &self.options;
        let empty = self.masks.all & !(self.root_stones[0] | self.root_stones[1]);
        o.solver_empties != 0 && empty.count_ones() <= o.solver_empties && self.nodes[0].proof() == 0
    }

    /// A timed search: the root's solver earns [`super::MctsOptions::solver_share`] of the time the playouts
    /// take, and works once it has earned [`MIN_SLICE_MS`] (at most until `deadline`); the time it takes is
    /// charged in full (an analysis can overrun its slice), so the share holds over the search.
    pub(super) fn solver_slice(&mut self, deadline: f64) {
        if !self.solver_applies() {
            return;
        }
        let now = now_ms();
        let since = now - self.dfpn_clock;
        self.dfpn_clock = now;
        if !(0.0..=1000.0).contains(&since) {
            // The first poll, or the search was paused: nothing earned.
            return;
        }
        let share = self.options.solver_share.clamp(0.0, 0.9) as f64;
        self.dfpn_credit = (self.dfpn_credit + since * share / (1.0 - share)).min(1000.0);
        if self.dfpn_credit < MIN_SLICE_MS || share == 0.0 {
            return;
        }
        let ms = self.dfpn_credit.min(deadline - now);
        if ms <= 0.0 {
            return;
        }
        let (w, h) = self.size;
        let mut solver = self.dfpn.take().unwrap_or_else(|| Solver::for_search(w, h, SEARCH_SOLVER_MIB));
        let board = Board::new(self.root_stones, self.root_side);
        let result = solver.prove_for(&board, ms);
        self.solver_verdict(&mut solver, &board, result);
        self.dfpn = Some(solver);
        let end = now_ms();
        self.dfpn_credit -= end - now;
        self.dfpn_clock = end;
    }

    /// A search bounded by nodes: every [`NODE_SLICE_PLAYOUTS`] playouts, gives the root's solver the nodes
    /// it has earned ([`super::MctsOptions::solver_rate`] per 1000 playouts) less those it has used, once that
    /// is at least [`MIN_SLICE_NODES`].
    pub(super) fn solver_node_slice(&mut self) {
        let rate = self.options.solver_rate as u64;
        if rate == 0 || !self.playouts.is_multiple_of(NODE_SLICE_PLAYOUTS) || !self.solver_applies() {
            return;
        }
        let budget = (self.playouts * rate / 1000).saturating_sub(self.node_solver_used);
        if budget < MIN_SLICE_NODES {
            return;
        }
        let (w, h) = self.size;
        let mut solver = self.node_solver.take().unwrap_or_else(|| Box::new(Solver::for_search(w, h, NODE_SOLVER_MIB)));
        let board = Board::new(self.root_stones, self.root_side);
        let before = solver.nodes();
        let result = solver.prove_within(&board, f64::INFINITY, budget);
        self.node_solver_used += solver.nodes() - before;
        self.solver_verdict(&mut solver, &board, result);
        self.node_solver = Some(solver);
    }

    /// Marks what `solver` has proved of the root (`result`) and of its children.
    fn solver_verdict(&mut self, solver: &mut Solver<B>, board: &Board<B>, result: Option<bool>) {
        match result {
            Some(true) => {
                let empty = self.masks.all & !(self.root_stones[0] | self.root_stones[1]);
                let win = solver.winning_cell(board, empty);
                if let Some(c) = self.children(0).find(|&c| win == Some(self.nodes[c].cell())) {
                    self.mark_root_win(c);
                }
            }
            Some(false) => self.nodes[0].set_proof(-1),
            None => {
                for c in self.children(0) {
                    if let Some(wins) = solver.move_result(board, self.nodes[c].cell())
                        && self.note_root_move(c, wins)
                    {
                        return;
                    }
                }
                self.root_lost_if_every_move_is();
            }
        }
    }

    /// Root child `c` is proved to win (`wins`) or to lose: a win is marked and proves the root (returns true),
    /// a loss marks the child unless it is pruned. A child already proved is left as it is.
    pub(super) fn note_root_move(&mut self, c: usize, wins: bool) -> bool {
        let n = &self.nodes[c];
        if n.proof() != 0 {
            return false;
        }
        if wins {
            return self.mark_root_win(c);
        }
        if !n.pruned() {
            n.set_proof(1);
        }
        false
    }

    /// The root is lost when every root child is pruned or proved to lose.
    pub(super) fn root_lost_if_every_move_is(&mut self) {
        if self.children(0).all(|c| self.nodes[c].pruned() || self.nodes[c].proof() == 1) {
            self.nodes[0].set_proof(-1);
        }
    }

    /// Root child `c` is a proved win: it is marked (and no longer pruned) and the root proved, unless the
    /// move is excluded (searchmoves). Returns whether it was marked.
    pub(super) fn mark_root_win(&mut self, c: usize) -> bool {
        if self.excluded.contains(&Move::Place(self.masks.cell(self.nodes[c].cell()))) {
            return false;
        }
        self.nodes[c].set_proof(-1);
        self.nodes[c].set_pruned(false);
        self.nodes[0].set_proof(1);
        true
    }
}
