//! A search that records its tree (the teaching lab's tree explorer, issue 13 item 2): [`TreeSearch`] runs a
//! fresh [`Searcher`] with a [`TreeRecorder`] attached, in slices, and [`RecordedTree`] is what it found, with
//! the flat form the worker sends to the page. The recorder itself is [`super::tree`].

use super::board::Position;
use super::search::{RunOutcome, SearchOptions, Searcher};
use super::tree::TreeRecorder;
use super::types::Move;
use crate::search::score::Score;

/// A recorded search: the tree and what the search answered.
#[derive(Clone, Debug)]
pub struct RecordedTree {
    /// The recorder with the listed nodes.
    pub tree: TreeRecorder,
    /// The search's node count (equals [`TreeRecorder::total_nodes`]).
    pub search_nodes: u64,
    /// Score (centipawns, side to move's view) and best move of the last iteration.
    pub score: Score,
    pub best: Option<Move>,
    /// Depth of the last completed iteration.
    pub depth: u32,
}

/// A tree-recording search in progress, run in slices ([`TreeSearch::step`]): what the lab's worker drives.
pub struct TreeSearch {
    searcher: Searcher,
    depth: u32,
    done: bool,
}

impl TreeSearch {
    /// Prepares the search of `pos` to `depth` in a fresh searcher (16 MiB TT, empty history — as the lab's
    /// and the engine's fresh engines do) with `options`, recording the tree to `max_ply` plies and `max_nodes`
    /// listed nodes. A sliced run records the same tree as an unsliced one (a node open when a slice ends stays
    /// open and is taken up again).
    pub fn new(pos: Position, depth: u32, options: SearchOptions, max_ply: usize, max_nodes: usize) -> Self {
        let mut searcher = Searcher::new(16);
        searcher.options = options;
        searcher.set_tree_recorder(Some(Box::new(TreeRecorder::new(max_ply, max_nodes))));
        searcher.start(pos);
        TreeSearch { searcher, depth, done: false }
    }

    /// Searches until `deadline` (ms on the search clock, `f64::INFINITY` for no limit) or the end; true when
    /// the search has reached its depth (or the root has no legal move).
    pub fn step(&mut self, deadline: f64) -> bool {
        while !self.done {
            match self.searcher.run(deadline, u64::MAX) {
                RunOutcome::Interrupted => return false,
                RunOutcome::NoMoves => self.done = true,
                RunOutcome::IterationDone => {
                    self.done = self.searcher.root.last.as_ref().is_some_and(|l| l.depth >= self.depth);
                }
            }
        }
        true
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.searcher.nodes
    }

    /// The recorded tree and the search's answer (call after [`step`](Self::step) returned true).
    pub fn finish(mut self) -> RecordedTree {
        let last = self.searcher.root.last.clone();
        let best = self.searcher.best_move();
        RecordedTree {
            search_nodes: self.searcher.nodes,
            score: last.as_ref().map_or(0, |l| l.score),
            best: last.as_ref().and_then(|l| l.pv.first().copied()).or(best),
            depth: last.as_ref().map_or(0, |l| l.depth),
            tree: *self.searcher.set_tree_recorder(None).expect("recorder"),
        }
    }
}

/// Searches `pos` to `depth` with [`TreeSearch`], in slices of `slice_ms` milliseconds (0: unsliced), and
/// returns the recorded tree. The result does not depend on the slicing.
pub fn record_tree(pos: Position, depth: u32, options: SearchOptions, max_ply: usize, max_nodes: usize, slice_ms: f64) -> RecordedTree {
    let mut t = TreeSearch::new(pos, depth, options, max_ply, max_nodes);
    loop {
        let deadline = if slice_ms > 0.0 { crate::search::clock::now_ms() + slice_ms } else { f64::INFINITY };
        if t.step(deadline) {
            return t.finish();
        }
    }
}

/// Numbers per node in [`RecordedTree::flat`].
pub const FLAT_STRIDE: usize = 11;
/// Names of the numbers of one node in [`RecordedTree::flat`], in order.
pub const FLAT_FIELDS: [&str; FLAT_STRIDE] =
    ["parent", "ply", "move", "depth", "alpha", "beta", "value", "flags", "reduction", "nodes", "end"];

/// A move as one number: `from.file·1000 + from.rank·100 + to.file·10 + to.rank` (files a..i = 0..8, ranks
/// 0..9 as in ICCS), -1 for no move (a null move or a root pass).
pub fn move_code(mv: Move) -> i32 {
    if mv.is_null() {
        return -1;
    }
    let (f, t) = (mv.from(), mv.to());
    f.file() as i32 * 1000 + f.rank() as i32 * 100 + t.file() as i32 * 10 + t.rank() as i32
}

impl RecordedTree {
    /// The listed nodes as one flat array, [`FLAT_STRIDE`] numbers per node in the order of [`FLAT_FIELDS`]
    /// (moves by [`move_code`], node counts saturated at `i32::MAX`): what the worker sends to the page.
    pub fn flat(&self) -> Vec<i32> {
        let mut out = Vec::with_capacity(self.tree.nodes.len() * FLAT_STRIDE);
        for n in &self.tree.nodes {
            out.extend_from_slice(&[
                n.parent,
                n.ply as i32,
                move_code(n.mv),
                n.depth as i32,
                n.alpha,
                n.beta,
                n.value,
                n.flags as i32,
                n.reduction as i32,
                n.nodes.min(i32::MAX as u64) as i32,
                n.end as i32,
            ]);
        }
        out
    }

    /// The summary the page shows beside the tree (and `duiyi bench --tree --json` prints with `flat`):
    /// `{search_nodes, tree_nodes, listed, dropped, max_ply, max_nodes, depth, score, best, fields, stride}`.
    pub fn summary_json(&self) -> serde_json::Value {
        serde_json::json!({
            "search_nodes": self.search_nodes,
            "tree_nodes": self.tree.total_nodes(),
            "listed": self.tree.nodes.len(),
            "dropped": self.tree.dropped,
            "max_ply": self.tree.max_ply,
            "max_nodes": self.tree.max_nodes,
            "depth": self.depth,
            "score": self.score,
            "best": self.best.map(|m| m.to_string()),
            "fields": FLAT_FIELDS,
            "stride": FLAT_STRIDE,
        })
    }
}

/// Deepest ply the lab's tree explorer lists.
pub const LAB_MAX_PLY: usize = 4;
/// Most nodes the lab's tree explorer lists.
pub const LAB_MAX_NODES: usize = 20_000;
/// Deepest search the lab's tree explorer records.
pub const LAB_MAX_DEPTH: u32 = 6;

/// The position `fen` (or `"startpos"`) after `moves` (ICCS). Errors: the FEN's or the first bad move's reason.
pub fn position_after(fen: &str, moves: &[&str]) -> Result<Position, String> {
    let mut pos = if fen.trim() == "startpos" { Position::startpos() } else { Position::from_fen(fen).map_err(|e| e.to_string())? };
    for (i, m) in moves.iter().enumerate() {
        pos.try_play(m).map_err(|e| format!("move {} ({m}): {e}", i + 1))?;
    }
    Ok(pos)
}
