//! Parallel search for the Hex Monte Carlo search: **tree parallelism** by default, root parallelism as the
//! option `MctsTreeParallel false`.
//!
//! With tree parallelism (Chaslot, Winands & van den Herik 2008; lock-free with virtual loss as Fuego's,
//! Enzenberger & Müller 2009) the main tree is shared ([`Mcts::share_tree`]) and each helper runs playouts on
//! it through a searcher of its own ([`Mcts::attach`]: its own random stream, scratch and analyser for the
//! nodes' knowledge), so the threads build one tree with the playouts of all (`node.rs` says how the nodes
//! are shared). The helpers return no statistics: the main tree already has everything.
//!
//! Root parallelism (Cazenave & Jouandeau 2007; Chaslot, Winands & van den
//! Herik 2008, "Parallel Monte-Carlo Tree Search", where it scaled best of the three schemes on few cores).
//! With `Threads` n > 1 the engine's tree (the *main* one: its root analysis, its root solver, its PV and
//! score are what the engine reports) gets n − 1 *helpers*: threads that each grow a tree of their own from the
//! same root with another random stream (`Mcts::set_seed_salt`), sharing nothing while they run. When the
//! search ends the root children's playouts and wins are added over the trees (`root_stats::merge_best`): a move proved
//! to win in any tree is played, a move proved to lose in any tree is not, and otherwise the most visited one.
//! Helpers leave the root's DFPN solver to the main tree (they would repeat its work); when the root solver
//! applies, the first helper runs it in a thread of its own instead (`solver_thread.rs`).
//!
//! Lifetime, as the Xiangqi search's helpers (`xiangqi::search::smp`): they start at the first slice of a
//! search without a node limit (a `go nodes`, a level's search and the bench stay single-threaded and exactly
//! reproducible), and stop — flag raised, threads joined within 64 playouts each — when the search ends, is
//! put aside or replaced. WebAssembly has no helpers.

use super::root_stats::RootStat;
use super::{Mcts, MctsOptions, MctsOutcome, NodeStore, RootSolver, SolverNews};
use crate::hex::{Move, Position};
use crate::search::helpers::{HelperContext, Helpers};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

/// A helper adds its playouts to the search's count this often (ms).
const REPORT_MS: f64 = 20.0;

/// The running helpers of one search: each returns its tree's root statistics (the solver thread, the
/// facts it proved as statistics).
pub struct RootHelpers {
    helpers: Helpers<Vec<RootStat>>,
    /// The root solver's table while the solver thread has it, and after (see [`super::solver_thread`]).
    solver: Arc<Mutex<Option<RootSolver>>>,
    /// Whether the helpers search the main tree (tree parallelism).
    shares_tree: bool,
}

impl RootHelpers {
    /// Starts `count` helpers on `pos` without the `excluded` root moves, with the main tree's `options`
    /// (without the root solver): with `tree` (the main tree's shared store, [`Mcts::share_tree`]) each adds
    /// playouts to the main tree, else each grows a tree of its own of `hash_mib` MiB. With `solver` (the
    /// main tree's root solver's table, lent, and the news it publishes to the tree), the first helper is the
    /// solver thread ([`super::solver_thread`]) instead. None in WebAssembly.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn spawn(
        pos: &Position,
        excluded: &[Move],
        options: MctsOptions,
        hash_mib: usize,
        count: usize,
        solver: Option<(RootSolver, Arc<SolverNews>)>,
        tree: Option<Arc<NodeStore>>,
    ) -> RootHelpers {
        let (pos, excluded) = (pos.clone(), excluded.to_vec());
        let (table, news) = match solver {
            Some((t, n)) => (Some(t), Some(n)),
            None => (None, None),
        };
        let table = Arc::new(Mutex::new(table));
        let shares_tree = tree.is_some();
        let lent = table.clone();
        let helpers = Helpers::spawn(count, move |ctx: HelperContext| {
            if ctx.index == 1
                && let Some(news) = news.as_ref()
            {
                let Some(mut solver) = lent.lock().ok().and_then(|mut t| t.take()) else { return Vec::new() };
                let stats = super::solver_thread::prove_root(&mut solver, &pos, &excluded, &ctx.stop, news);
                if let Ok(mut t) = lent.lock() {
                    *t = Some(solver);
                }
                return stats;
            }
            // A tree-parallel helper's own tree is only its view of the shared one (no nodes of its own).
            let mut m = Mcts::new(if tree.is_some() { 0 } else { hash_mib });
            m.options = MctsOptions { solver_empties: 0, ..options };
            m.set_seed_salt(ctx.index as u64);
            m.set_interrupt(Some(ctx.stop.clone()));
            match &tree {
                Some(store) => m.attach(pos.clone(), &excluded, store.clone()),
                None => {
                    m.start(pos.clone());
                    m.exclude_root_moves(&excluded);
                }
            }
            // Runs in slices of REPORT_MS, adding its playouts to the count after each (and to the shared
            // tree's, which the main tree's iterations count).
            let mut reported = 0;
            while !ctx.stop.load(Ordering::Relaxed) {
                let outcome = m.run(crate::search::clock::now_ms() + REPORT_MS, u64::MAX);
                ctx.nodes.fetch_add(m.nodes() - reported, Ordering::Relaxed);
                if let Some(store) = &tree {
                    store.helper_playouts.fetch_add(m.nodes() - reported, Ordering::Relaxed);
                }
                reported = m.nodes();
                let proved = m.last_iteration().is_some_and(|l| crate::search::score::is_mate(l.score));
                if outcome == MctsOutcome::NoMoves || proved {
                    break;
                }
            }
            if tree.is_some() { Vec::new() } else { m.root_stats() }
        });
        RootHelpers { helpers, solver: table, shares_tree }
    }

    /// Whether the helpers search the main tree (tree parallelism): their playouts are in it already.
    pub(crate) fn shares_tree(&self) -> bool {
        self.shares_tree
    }

    /// Playouts the helpers have reported so far (every [`REPORT_MS`] ms).
    pub fn nodes(&self) -> u64 {
        self.helpers.nodes()
    }

    /// Stops the helpers and returns each one's root statistics, their playouts, and the root solver's table
    /// when there was a solver thread (`None` also when it was lost).
    pub(crate) fn stop(self) -> (Vec<Vec<RootStat>>, u64, Option<RootSolver>) {
        let (stats, nodes) = self.helpers.stop();
        let table = self.solver.lock().ok().and_then(|mut t| t.take());
        (stats, nodes, table)
    }
}
