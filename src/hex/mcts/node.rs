//! The Monte Carlo tree's nodes and the store that holds them, shared by the threads of a **tree-parallel**
//! search (Chaslot, Winands & van den Herik 2008, "Parallel Monte-Carlo Tree Search"; lock-free as in Fuego,
//! Enzenberger & Müller 2009, "A lock-free multithreaded Monte-Carlo tree search algorithm").
//!
//! Every field of a [`Node`] is an atomic read and written with relaxed loads and stores, so one thread's
//! search compiles to the plain loads and stores it had before, and threads sharing the store never make a
//! data race. Counters are added to with a load and a store, not a locked add: two threads adding at the same
//! instant may lose one of the two increments, as Fuego accepts; the statistics stay sound as estimates.
//! What must not be lost is published with release and read with acquire: a node's children (their cells and
//! flags written, then `first`, then `count`), and its `expanded` flag. Expanding a node and computing its
//! knowledge are claimed first (an atomic flag), so each is done once.
//!
//! The store is one array of nodes with an atomic count of those in use. One thread alone grows the array as a
//! vector grows ([`NodeStore::take`]); before threads share it, its slots are made up to the tree's whole
//! budget ([`NodeStore::make_slots`]), since a shared array cannot move, and threads take nodes from them with
//! an atomic add ([`NodeStore::alloc`]).

use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
use std::sync::atomic::{AtomicBool, AtomicI8, AtomicU8, AtomicU16, AtomicU32, AtomicU64, AtomicUsize};

/// [`Node`] flag: the children exist.
const EXPANDED: u8 = 1;
/// The knowledge was computed (or is being computed by a thread that claimed it).
const KNOWLEDGE: u8 = 2;
/// Pruned by the parent's knowledge (never selected).
const PRUNED: u8 = 4;
/// A thread is expanding the node (or has).
const CLAIMED: u8 = 8;

/// Adds one to a counter with a relaxed load and store (see the module documentation).
#[inline]
fn bump(a: &AtomicU32) {
    a.store(a.load(Relaxed).wrapping_add(1), Relaxed);
}

/// A tree node, 28 bytes. `wins` and `visits` count playouts from the view of the side that moved *into* the
/// node; `proof` is 0 (unknown), 1 (the side to move at this node wins) or −1 (it loses); `prior` is `√share ·
/// 255` of the pattern prior (0 without priors); the children are `first .. first + count` of the store.
#[derive(Debug, Default)]
pub(crate) struct Node {
    first: AtomicU32,
    visits: AtomicU32,
    wins: AtomicU32,
    rave_n: AtomicU32,
    rave_w: AtomicU32,
    cell: AtomicU16,
    count: AtomicU16,
    proof: AtomicI8,
    flags: AtomicU8,
    prior: AtomicU8,
}

const _: () = assert!(std::mem::size_of::<Node>() == 28, "a node stays 28 bytes");

impl Clone for Node {
    fn clone(&self) -> Node {
        let n = Node::default();
        n.copy_from(self);
        n
    }
}

impl Node {
    /// Makes this node a copy of `o` (children range included).
    pub(super) fn copy_from(&self, o: &Node) {
        self.first.store(o.first.load(Relaxed), Relaxed);
        self.visits.store(o.visits.load(Relaxed), Relaxed);
        self.wins.store(o.wins.load(Relaxed), Relaxed);
        self.rave_n.store(o.rave_n.load(Relaxed), Relaxed);
        self.rave_w.store(o.rave_w.load(Relaxed), Relaxed);
        self.cell.store(o.cell.load(Relaxed), Relaxed);
        self.count.store(o.count.load(Acquire), Relaxed);
        self.proof.store(o.proof.load(Relaxed), Relaxed);
        self.flags.store(o.flags.load(Acquire), Relaxed);
        self.prior.store(o.prior.load(Relaxed), Relaxed);
    }

    /// Makes this node a fresh leaf on `cell` with `prior` (a slot of the store being reused).
    pub(super) fn reset(&self, cell: usize, prior: u8) {
        for a in [&self.first, &self.visits, &self.wins, &self.rave_n, &self.rave_w] {
            a.store(0, Relaxed);
        }
        self.cell.store(cell as u16, Relaxed);
        self.count.store(0, Relaxed);
        self.proof.store(0, Relaxed);
        self.flags.store(0, Relaxed);
        self.prior.store(prior, Relaxed);
    }

    /// The node's cell (the move into it; the root's is 0).
    #[inline]
    pub(super) fn cell(&self) -> usize {
        self.cell.load(Relaxed) as usize
    }
    #[inline]
    pub(super) fn proof(&self) -> i8 {
        self.proof.load(Relaxed)
    }
    #[inline]
    pub(super) fn set_proof(&self, p: i8) {
        self.proof.store(p, Relaxed)
    }
    #[inline]
    pub(super) fn prior(&self) -> u8 {
        self.prior.load(Relaxed)
    }
    #[inline]
    pub(super) fn visits(&self) -> u32 {
        self.visits.load(Relaxed)
    }
    #[inline]
    pub(super) fn wins(&self) -> u32 {
        self.wins.load(Relaxed)
    }
    #[inline]
    pub(super) fn rave(&self) -> (u32, u32) {
        (self.rave_n.load(Relaxed), self.rave_w.load(Relaxed))
    }
    #[inline]
    pub(super) fn add_visit(&self) {
        bump(&self.visits)
    }
    #[inline]
    pub(super) fn add_win(&self) {
        bump(&self.wins)
    }
    /// One more playout in which the side to move at the parent played this cell, won or not.
    #[inline]
    pub(super) fn add_rave(&self, won: bool) {
        bump(&self.rave_n);
        if won {
            bump(&self.rave_w);
        }
    }
    /// `n` more such playouts, `w` of them won.
    pub(super) fn add_rave_batch(&self, n: u32, w: u32) {
        self.rave_n.fetch_add(n, Relaxed);
        self.rave_w.fetch_add(w, Relaxed);
    }
    /// The children's range in the store (empty before the node is expanded).
    #[inline]
    pub(super) fn children(&self) -> std::ops::Range<usize> {
        let count = self.count.load(Acquire) as usize;
        let first = self.first.load(Relaxed) as usize;
        first..first + count
    }
    /// Publishes the children `first .. first + count` (written before this call).
    pub(super) fn set_children(&self, first: usize, count: usize) {
        self.first.store(first as u32, Relaxed);
        self.count.store(count as u16, Release);
    }
    #[inline]
    fn flag(&self, f: u8) -> bool {
        self.flags.load(Acquire) & f != 0
    }
    fn set_flag(&self, f: u8, on: bool) {
        if on {
            self.flags.fetch_or(f, Release);
        } else {
            self.flags.fetch_and(!f, Release);
        }
    }
    #[inline]
    pub(super) fn expanded(&self) -> bool {
        self.flag(EXPANDED)
    }
    pub(super) fn set_expanded(&self) {
        self.set_flag(EXPANDED, true)
    }
    #[inline]
    pub(super) fn knowledge(&self) -> bool {
        self.flag(KNOWLEDGE)
    }
    /// Marks the knowledge computed; false when it already was (another thread claimed it).
    pub(super) fn claim_knowledge(&self) -> bool {
        self.flags.fetch_or(KNOWLEDGE, AcqRel) & KNOWLEDGE == 0
    }
    pub(super) fn clear_knowledge(&self) {
        self.set_flag(KNOWLEDGE, false)
    }
    #[inline]
    pub(super) fn pruned(&self) -> bool {
        self.flag(PRUNED)
    }
    pub(super) fn set_pruned(&self, on: bool) {
        self.set_flag(PRUNED, on)
    }
    /// Claims the node's expansion; false when another thread has.
    pub(super) fn claim_expansion(&self) -> bool {
        self.flags.fetch_or(CLAIMED, AcqRel) & CLAIMED == 0
    }
    /// Gives a claimed expansion up (the store was full).
    pub(super) fn release_expansion(&self) {
        self.set_flag(CLAIMED, false)
    }
}

/// A value alone on its 64-byte cache line.
#[derive(Debug)]
#[repr(align(64))]
struct CacheLine<T>(T);

impl<T> std::ops::Deref for CacheLine<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// The nodes of one tree, shared by the threads of a tree-parallel search: `nodes[..used]` are in use (node
/// 0 is the root).
#[derive(Debug)]
pub(crate) struct NodeStore {
    nodes: Vec<Node>,
    /// On a cache line of its own: every expansion adds to it, and the line of `nodes` (read at every step of
    /// every thread) must not travel between the threads' caches with it.
    used: CacheLine<AtomicUsize>,
    /// Whether every expanded node's children are in ascending cell order (none was expanded with the
    /// pattern priors' ordering since the tree was last cleared): see `Tree::update`.
    pub(super) ordered: AtomicBool,
    /// Playouts run by the helper threads on this tree since its search started.
    pub(super) helper_playouts: AtomicU64,
    /// The root's children still to be analysed (see [`RootQueue`]).
    pub(super) root_queue: RootQueue,
}

/// The root's children waiting for their one analysis each (`Tree::root_children_work`): every thread of a
/// search takes them in turn, from the first, before its playouts, so the analyses of a tree-parallel search
/// are split over its threads; one thread alone takes them all in order. Indices are node indices.
#[derive(Debug, Default)]
pub(crate) struct RootQueue {
    next: AtomicUsize,
    end: AtomicUsize,
    /// Children taken by no thread or not finished yet.
    left: AtomicUsize,
}

impl RootQueue {
    /// Queues the nodes `first..first + count`.
    pub(super) fn set(&self, first: usize, count: usize) {
        self.next.store(first, Relaxed);
        self.end.store(first + count, Relaxed);
        self.left.store(count, Relaxed);
    }

    /// Empties the queue.
    pub(super) fn clear(&self) {
        self.set(0, 0);
    }

    /// Whether a child is left to take.
    pub(super) fn is_open(&self) -> bool {
        self.next.load(Relaxed) < self.end.load(Relaxed)
    }

    /// The next child to analyse, if any is left.
    pub(super) fn take(&self) -> Option<usize> {
        let k = self.next.fetch_add(1, Relaxed);
        (k < self.end.load(Relaxed)).then_some(k)
    }

    /// A child taken is done; returns whether it was the last of the queue.
    pub(super) fn finish(&self) -> bool {
        self.left.fetch_sub(1, Relaxed) == 1
    }
}

impl NodeStore {
    /// An empty store with room for `capacity` nodes.
    pub(super) fn with_capacity(capacity: usize) -> NodeStore {
        NodeStore {
            nodes: Vec::with_capacity(capacity),
            used: CacheLine(AtomicUsize::new(0)),
            ordered: AtomicBool::new(true),
            helper_playouts: AtomicU64::new(0),
            root_queue: RootQueue::default(),
        }
    }

    /// Nodes in use.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.used.load(Relaxed).min(self.nodes.len())
    }

    pub(super) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Slots made (in use or not): the shared store's size.
    pub(super) fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Forgets every node (the slots stay, to be reused).
    pub(super) fn clear(&mut self) {
        self.used.store(0, Relaxed);
        self.ordered.store(true, Relaxed);
    }

    /// A thread alone: takes `count` nodes and returns the first one's index, making slots as needed (the
    /// array grows as a vector does). The nodes are not reset.
    pub(super) fn take(&mut self, count: usize) -> usize {
        let first = self.len();
        if first + count > self.nodes.len() {
            self.nodes.resize_with(first + count, Node::default);
        }
        self.used.store(first + count, Relaxed);
        first
    }

    /// A shared store: takes `count` nodes from the slots made ([`NodeStore::make_slots`]) and returns the first
    /// one's index, or `None` when there is no room. The nodes are not reset.
    pub(super) fn alloc(&self, count: usize) -> Option<usize> {
        let first = self.used.fetch_add(count, Relaxed);
        (first + count <= self.nodes.len()).then_some(first)
    }

    /// Makes `capacity` slots (only while unshared): a shared store cannot grow, since its array cannot move.
    pub(super) fn make_slots(&mut self, capacity: usize) {
        if capacity > self.nodes.len() {
            self.nodes.resize_with(capacity, Node::default);
        }
    }

    /// Holds `nodes` instead of its nodes, in the same slots (so a store made for sharing keeps its size from
    /// search to search).
    pub(super) fn replace(&mut self, nodes: Vec<Node>) {
        if nodes.len() > self.nodes.len() {
            self.nodes.resize_with(nodes.len(), Node::default);
        }
        for (slot, n) in self.nodes.iter().zip(&nodes) {
            slot.copy_from(n);
        }
        self.used.store(nodes.len(), Relaxed);
    }

    /// Every slot of the store (those past [`NodeStore::len`] unused): for hot loops, which index a slice
    /// once found.
    #[inline]
    pub(super) fn slots(&self) -> &[Node] {
        &self.nodes
    }

    /// The nodes in use.
    pub(super) fn used_nodes(&self) -> &[Node] {
        &self.nodes[..self.len()]
    }
}

impl std::ops::Index<usize> for NodeStore {
    type Output = Node;
    #[inline]
    fn index(&self, k: usize) -> &Node {
        &self.nodes[k]
    }
}
