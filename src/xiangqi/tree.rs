//! Search tree recorder for the teaching lab's tree explorer (issue 13 item 2).
//!
//! When a [`TreeRecorder`] is attached to a [`Searcher`](super::search::Searcher) (its `tree` field, `None` by
//! default, checked once per node), every call of the principal variation search up to `max_ply` plies is
//! appended to a flat list of [`TreeNode`]s in the order the search entered it: the move, the (alpha, beta)
//! window it got (side to move's view, negamax), its depth, the value it returned, its number of nodes (itself
//! and everything below it, quiescence included) and flags (TT hit, TT cut-off, null-move cut-off, reverse
//! futility, LMR reduction, re-search, beta cut-off, …). Each root pass (one iteration, or one aspiration
//! attempt of it) is a pseudo-node at ply 0 holding the root moves it searched, so the recorded passes' node
//! counts add up to the search's node count. Nodes deeper than `max_ply` are not listed but counted in their
//! ancestors; after `max_nodes` listed nodes the rest are only counted ([`TreeRecorder::dropped`]).
//!
//! Slices: a node open when a slice ends stays open (not exited) and is not entered again when the search takes
//! it up (`search/node.rs`), so a sliced recording equals an unsliced one.
//!
//! Running such a search and handing its tree to the page: [`super::tree_search`].

use super::board::Position;
use super::types::Move;
use crate::search::score::Score;

/// The node was searched as a PV node (full window expected).
pub const PV_NODE: u32 = 1;
/// The transposition table had an entry for the node.
pub const TT_HIT: u32 = 1 << 1;
/// The node returned a TT bound without searching (a TT cut-off).
pub const TT_CUT: u32 = 1 << 2;
/// The null move failed high (and its verification, if any, confirmed it): the node returned at once.
pub const NULL_CUT: u32 = 1 << 3;
/// Reverse futility (static null move): the static evaluation was far above beta, the node returned at once.
pub const RFP_CUT: u32 = 1 << 4;
/// Searched at a reduced depth by late-move reductions (the reduction is in [`TreeNode::reduction`]).
pub const REDUCED: u32 = 1 << 5;
/// A re-search of the previous sibling's move (after a reduced or null-window search beat alpha).
pub const RESEARCH: u32 = 1 << 6;
/// A move's value reached beta: the remaining moves were not searched (a beta cut-off).
pub const BETA_CUT: u32 = 1 << 7;
/// The node is the null-move search (the side to move passed).
pub const NULL_MOVE: u32 = 1 << 8;
/// The node is a null-move verification search (same position as its parent, reduced depth).
pub const VERIFY: u32 = 1 << 9;
/// Horizon: depth ≤ 0, the value is the quiescence search's (its nodes are counted here).
pub const HORIZON: u32 = 1 << 10;
/// A rule verdict (repetition, move limit) or mate-distance pruning ended the node.
pub const RULE: u32 = 1 << 11;
/// Futility pruning skipped some quiet moves at this frontier node.
pub const FUTILITY: u32 = 1 << 12;
/// A root pass (one iteration or aspiration attempt); `depth` is the iteration's, `alpha`/`beta` its window.
pub const PASS: u32 = 1 << 13;

/// One recorded node. Scores are centipawns from the side to move's view at that node (negamax).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// Index of the parent node, -1 for a root pass.
    pub parent: i32,
    /// Plies from the root (0 for a root pass).
    pub ply: u8,
    /// The move leading here ([`Move::NULL`] for a null move or a pass; a verification search repeats its
    /// parent's move).
    pub mv: Move,
    /// Remaining depth the node was searched with (plies).
    pub depth: i16,
    /// The window the node was called with.
    pub alpha: Score,
    pub beta: Score,
    /// The value it returned (fail-soft).
    pub value: Score,
    /// Flags ([`PV_NODE`], [`TT_HIT`], …).
    pub flags: u32,
    /// LMR reduction in plies (with [`REDUCED`]).
    pub reduction: u8,
    /// Nodes searched in this subtree, this node included (quiescence and unlisted deeper nodes too).
    pub nodes: u64,
    /// Number of nodes listed when this node returned: the nodes `index+1..end` are its listed descendants.
    pub end: u32,
}

/// Records the search tree (see the module docs). Attach with [`Searcher::set_tree_recorder`].
#[derive(Clone, Debug)]
pub struct TreeRecorder {
    /// Deepest ply listed.
    pub max_ply: usize,
    /// Most nodes listed.
    pub max_nodes: usize,
    /// The listed nodes in the order the search entered them.
    pub nodes: Vec<TreeNode>,
    /// Nodes entered but not listed because the list was full (deeper nodes are not counted here).
    pub dropped: u64,
    stack: Vec<u32>,
    pending_flags: u32,
    pending_reduction: u8,
}

const UNLISTED: u32 = u32::MAX;

impl TreeRecorder {
    /// A recorder listing nodes up to `max_ply` plies, at most `max_nodes` of them.
    pub fn new(max_ply: usize, max_nodes: usize) -> Self {
        TreeRecorder {
            max_ply,
            max_nodes,
            nodes: Vec::new(),
            dropped: 0,
            stack: Vec::new(),
            pending_flags: 0,
            pending_reduction: 0,
        }
    }

    /// Sum of the root passes' node counts: the search's node count when the whole search was recorded.
    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().filter(|n| n.flags & PASS != 0).map(|n| n.nodes).sum()
    }

    fn push(&mut self, node: TreeNode) {
        let id = self.nodes.len() as u32;
        self.nodes.push(node);
        self.stack.push(id);
    }

    /// Opens a root pass unless one is open.
    pub(crate) fn open_pass(&mut self, depth: i32, alpha: Score, beta: Score, nodes_now: u64) {
        if !self.stack.is_empty() {
            return;
        }
        let node = TreeNode {
            parent: -1,
            ply: 0,
            mv: Move::NULL,
            depth: depth as i16,
            alpha,
            beta,
            value: 0,
            flags: PASS | PV_NODE,
            reduction: 0,
            nodes: nodes_now,
            end: 0,
        };
        self.push(node);
    }

    /// Closes the open root pass with its best value.
    pub(crate) fn close_pass(&mut self, value: Score, nodes_now: u64) {
        if let Some(id) = self.stack.pop() {
            let end = self.nodes.len() as u32;
            let n = &mut self.nodes[id as usize];
            n.value = value;
            n.nodes = nodes_now - n.nodes;
            n.end = end;
        }
        self.stack.clear();
    }

    /// Flags (and reduction) for the next node entered (set by its parent just before the call).
    #[inline]
    pub(crate) fn pending(&mut self, flags: u32, reduction: i32) {
        self.pending_flags = flags;
        self.pending_reduction = reduction.clamp(0, 255) as u8;
    }

    /// Enters a node of the principal variation search.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn enter(&mut self, pos: &Position, alpha: Score, beta: Score, depth: i32, ply: usize, pv_node: bool, nodes_now: u64) {
        let flags = std::mem::take(&mut self.pending_flags);
        let reduction = std::mem::take(&mut self.pending_reduction);
        if ply > self.max_ply {
            self.stack.push(UNLISTED);
            return;
        }
        if self.nodes.len() >= self.max_nodes {
            self.dropped += 1;
            self.stack.push(UNLISTED);
            return;
        }
        let parent = self.stack.iter().rev().find(|&&i| i != UNLISTED).map_or(-1, |&i| i as i32);
        let mv = if flags & NULL_MOVE != 0 { Move::NULL } else { pos.history.last().map_or(Move::NULL, |u| u.mv) };
        let node = TreeNode {
            parent,
            ply: ply as u8,
            mv,
            depth: depth.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            alpha,
            beta,
            value: 0,
            flags: flags | if pv_node { PV_NODE } else { 0 } | if depth <= 0 { HORIZON } else { 0 },
            reduction,
            nodes: nodes_now,
            end: 0,
        };
        self.push(node);
    }

    /// Leaves the node entered last.
    pub(crate) fn exit(&mut self, value: Score, nodes_now: u64) {
        if let Some(id) = self.stack.pop()
            && id != UNLISTED
        {
            let end = self.nodes.len() as u32;
            let n = &mut self.nodes[id as usize];
            n.value = value;
            n.nodes = nodes_now - n.nodes;
            n.end = end;
        }
    }

    /// Adds flags to the node being searched (if it is listed).
    #[inline]
    pub(crate) fn flag(&mut self, flags: u32) {
        if let Some(&id) = self.stack.last()
            && id != UNLISTED
        {
            self.nodes[id as usize].flags |= flags;
        }
    }
}
