//! The helper threads of a parallel search, written once for every game (`xiangqi::search::smp`'s Lazy SMP,
//! `hex::mcts::parallel`'s root parallelism): started together, each given its number (1, 2, …), the stop flag
//! it must poll and the counter it adds its nodes to; stopped together (flag raised, threads joined), each
//! returning its result. WebAssembly has no threads: there, nothing is started and `stop` returns no results.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// What a helper gets: its number (1-based), the stop flag to poll, the node counter to add to.
pub struct HelperContext {
    /// 1, 2, … (the main thread is 0).
    pub index: usize,
    /// Raised when the search ends; the helper returns soon after.
    pub stop: Arc<AtomicBool>,
    /// The helpers' nodes so far, which the engine reports with the main thread's.
    pub nodes: Arc<AtomicU64>,
}

/// The running helpers of one search, each returning an `R` when stopped.
pub struct Helpers<R> {
    stop: Arc<AtomicBool>,
    nodes: Arc<AtomicU64>,
    #[cfg(not(target_arch = "wasm32"))]
    handles: Vec<std::thread::JoinHandle<R>>,
    #[cfg(target_arch = "wasm32")]
    handles: std::marker::PhantomData<R>,
}

impl<R: Send + 'static> Helpers<R> {
    /// Starts `count` threads, each running `work` with its [`HelperContext`] (`work` makes its own searcher
    /// from what it captured). In WebAssembly, none.
    pub fn spawn<F>(count: usize, work: F) -> Helpers<R>
    where
        F: Fn(HelperContext) -> R + Send + Sync + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let nodes = Arc::new(AtomicU64::new(0));
        #[cfg(not(target_arch = "wasm32"))]
        let handles = {
            let work = Arc::new(work);
            (1..=count)
                .map(|index| {
                    let (work, ctx) = (work.clone(), HelperContext { index, stop: stop.clone(), nodes: nodes.clone() });
                    std::thread::spawn(move || work(ctx))
                })
                .collect()
        };
        #[cfg(target_arch = "wasm32")]
        let handles = {
            let _ = (count, work);
            std::marker::PhantomData
        };
        Helpers { stop, nodes, handles }
    }

    /// Nodes the helpers have added to their counter so far.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Raises the stop flag, waits for every helper and returns their results (a helper that panicked has only
    /// lost its own work: it is left out) and their nodes.
    pub fn stop(self) -> (Vec<R>, u64) {
        self.stop.store(true, Ordering::Relaxed);
        #[cfg(not(target_arch = "wasm32"))]
        let results = self.handles.into_iter().filter_map(|h| h.join().ok()).collect();
        #[cfg(target_arch = "wasm32")]
        let results = Vec::new();
        (results, self.nodes.load(Ordering::Relaxed))
    }
}
