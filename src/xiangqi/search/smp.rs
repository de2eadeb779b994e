//! Lazy SMP: the parallel search of the field's engines since about 2013 (Stockfish 4 onwards; Dan Homan's
//! name for it). With `Threads` n > 1 the searcher that the engine drives (the *main* thread: its moves, PV,
//! time management and node limits are what the engine reports) gets n − 1 *helpers*: threads that search the
//! same root at the same time, each with a searcher of its own (killers, history, evaluation cache, iteration
//! state), sharing only the transposition table ([`crate::search::tt`], lock-free). What a helper finds reaches
//! the main search through the table: cut-offs, bounds and best moves it has not searched yet. Helpers with an
//! odd number open every iteration one ply deeper than the last one they completed (so two threads do not
//! search the same depth in the same order); they do not age the table (`new_search` is the main thread's).
//!
//! Lifetime: helpers start at the first [`run`](super::Searcher::run) of a search that has no node limit (a
//! `go nodes`, a level's capped search or the bench stays on one thread, exactly reproducible), and stop — the
//! flag raised, the threads joined, within about 1,024 nodes each — when the search ends
//! ([`end_search`](super::Searcher::end_search): the engine's `bestmove`), is put aside, or another starts. With
//! `Threads 1` (the default) nothing here runs and the search is exactly the single-threaded one (the bench
//! signature is unchanged). WebAssembly without threads has no helpers (`Threads` is 1 there).

use super::Searcher;
use crate::search::driver::RunOutcome;
use crate::search::helpers::{HelperContext, Helpers};
use crate::search::limits::MAX_DEPTH;
use crate::xiangqi::{Move, Position};
use std::sync::atomic::Ordering;

impl Searcher {
    /// The number of threads the next searches use (clamped to 1–[`max_threads`]: 1 in WebAssembly builds).
    ///
    /// [`max_threads`]: crate::search::limits::max_threads
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, crate::search::limits::max_threads());
    }

    /// The `Threads` setting.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Nodes the current search's helpers have searched so far (0 with one thread).
    pub(super) fn helper_nodes(&self) -> u64 {
        self.helpers.as_ref().map_or(0, |h| h.nodes()) + self.helper_nodes_done
    }

    /// Starts the helpers if this search should have them (see the module docs) and has none yet.
    pub(super) fn start_helpers(&mut self, node_limit: u64) {
        if self.threads <= 1 || self.helper_index != 0 || self.helpers.is_some() || node_limit != u64::MAX || self.tree.is_some() {
            return;
        }
        if self.root.is_empty() {
            return;
        }
        let (tt, options, pos, root_moves) = (self.tt.clone(), self.options, self.pos.clone(), self.root.order());
        self.helpers = Some(Helpers::spawn(self.threads - 1, move |ctx: HelperContext| {
            let mut helper = Searcher::with_table(tt.clone());
            helper.options = options;
            helper.helper_index = ctx.index;
            helper.interrupt = Some(ctx.stop.clone());
            helper.shared_nodes = Some((ctx.nodes, 0));
            helper.help(pos.clone(), &root_moves);
        }));
    }

    /// Stops the helpers (the search ended, was put aside or is replaced); their nodes stay counted in
    /// [`helper_nodes`](Self::helper_nodes) until the next [`start`](Self::start).
    pub fn end_search(&mut self) {
        if let Some(h) = self.helpers.take() {
            self.helper_nodes_done += h.stop().1;
        }
    }

    /// A helper's: adds the nodes it searched since the last call to its search's helper count (at every poll,
    /// each 1,024 nodes, and at its end).
    pub(super) fn report_helper_nodes(&mut self) {
        if let Some((counter, reported)) = self.shared_nodes.as_mut() {
            counter.fetch_add(self.nodes - *reported, Ordering::Relaxed);
            *reported = self.nodes;
        }
    }

    /// A helper's loop: iterative deepening on `pos` until its interrupt (the helpers' stop flag) is raised,
    /// or the deepest iteration.
    fn help(mut self, pos: Position, root_moves: &[Move]) {
        self.start(pos);
        let excluded: Vec<Move> = self.root.order().into_iter().filter(|m| !root_moves.contains(m)).collect();
        self.exclude_root_moves(&excluded);
        loop {
            let outcome = self.run(f64::INFINITY, u64::MAX);
            let deepest = self.root.last.as_ref().is_some_and(|l| l.depth >= MAX_DEPTH);
            if outcome != RunOutcome::IterationDone || deepest {
                break;
            }
        }
        self.report_helper_nodes();
    }
}

impl Drop for Searcher {
    fn drop(&mut self) {
        self.end_search();
    }
}
