//! The **virtual-connection engine** (VC engine): one side's full and semi virtual connections between its
//! stone groups, its edges and the empty cells, built bottom-up by Anshelevich's H-search (Anshelevich 2002,
//! "A hierarchical approach to computer Hex"; the VC builder of Benzene, Henderson, Arneson & Hayward 2009)
//! from adjacency and the **edge templates** ([`templates`]), with a brute-force check of every reported edge
//! connection on small boards (the tests). Used by the solver's analysis, the playing search's knowledge and
//! the page's connection overlay.

pub(crate) mod report;
pub(crate) mod templates;

use super::Color;
use super::bitboard::{Bits, Masks, bits};
use super::Edge;

/// Largest semi-connection list of one pair (the OR rule's scratch array).
const MAX_SEMIS: usize = 64;

/// The bounds of a VC build: the most full and semi connections kept per pair of nodes (and between the two
/// edges, whose semi-connections make the must-play region), the deepest OR-rule combination, the largest
/// carrier between two empty cells, whether the edge templates seed the build, and the most queue steps.
/// Larger bounds find more connections (every one sound) at a cost in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct VcLimits {
    pub fulls: usize,
    pub semis: usize,
    /// Semi-connections kept between the two edges (the must-play region is their carriers' intersection).
    pub edge_semis: usize,
    pub or_depth: usize,
    /// 0 keeps only adjacency between two empty cells; larger ones keep carriers up to that many cells.
    pub cell_pair_carrier: u32,
    /// Seed the build with the edge templates ([`templates`]).
    pub templates: bool,
    /// Most connections taken from the work queue.
    pub budget: u32,
    /// The OR rule also over every kept semi-connection of a pair, greedily ([`VcBuilder::or_greedy`]), after
    /// the subsets of up to [`VcLimits::or_depth`] semis that contain the new one.
    pub or_greedy: bool,
}

impl VcLimits {
    /// The playing engine's bounds in its tree (and the solver's before the greedy OR rule).
    pub(crate) const DEFAULT: VcLimits =
        VcLimits { fulls: 4, semis: 8, edge_semis: 24, or_depth: 4, cell_pair_carrier: 0, templates: true, budget: 200_000, or_greedy: false };
    /// The solver's bounds (every [`VcBuilder::new`]'s): the default with the greedy OR rule, which proved
    /// more 7×7 openings in less time (docs/benchmarks.md, "Hex solver"); in the playing engine's tree it cost
    /// more than it gave.
    pub(crate) const SOLVER: VcLimits = VcLimits { or_greedy: true, ..VcLimits::DEFAULT };
    /// The solver's bounds on a `w × h` board: [`VcLimits::WIDE`] up to [`WIDE_SOLVER_CELLS`] cells (on the 49
    /// 7×7 openings it proved g2, a3 and g5, which `SOLVER` does not within 60 s, in 0.905× the time on the
    /// 44 both proved; docs/benchmarks.md "Hex solver", 2026-12-06), [`VcLimits::SOLVER`] above (on 9×9
    /// positions the wider bounds cost more time a node than they save in nodes).
    pub(crate) fn for_solver(w: usize, h: usize) -> VcLimits {
        if w * h <= WIDE_SOLVER_CELLS { VcLimits::WIDE } else { VcLimits::SOLVER }
    }
    /// Wider bounds: `duiyi hex vc --limits wide`, and the solver's on boards up to 7×7
    /// ([`VcLimits::for_solver`]).
    pub(crate) const WIDE: VcLimits =
        VcLimits { fulls: 8, semis: 24, edge_semis: 64, or_depth: 5, cell_pair_carrier: 2, templates: true, budget: 1_000_000, or_greedy: true };
    /// The playing engine's root: longer lists and carriers of up to 8 cells between two empty cells (more
    /// found fewer connections on the positions tried: lists fill with large carriers).
    pub(crate) const ROOT: VcLimits =
        VcLimits { fulls: 8, semis: 24, edge_semis: 64, or_depth: 5, cell_pair_carrier: 8, templates: true, budget: 2_000_000, or_greedy: true };
    /// The root's children (one analysis each, every move): the default with bridges between empty cells.
    pub(crate) const CHILD: VcLimits =
        VcLimits { fulls: 4, semis: 8, edge_semis: 32, or_depth: 4, cell_pair_carrier: 2, templates: true, budget: 300_000, or_greedy: true };
    /// The bounds before the edge templates (the H-search of earlier builds), for comparisons.
    pub(crate) const PLAIN: VcLimits =
        VcLimits { fulls: 4, semis: 8, edge_semis: 8, or_depth: 4, cell_pair_carrier: 0, templates: false, budget: 200_000, or_greedy: false };
}

/// The largest board (in cells) whose solver builds with [`VcLimits::WIDE`] ([`VcLimits::for_solver`]).
pub(crate) const WIDE_SOLVER_CELLS: usize = 49;

/// The VC engine (Anshelevich's H-search with edge templates): full and semi virtual connections of one side
/// between its nodes — its stone groups (the groups touching an edge merged with that edge) and the empty
/// cells — built from adjacency and the edge templates by
/// - the AND rule: full(x, z) and full(z, y) with disjoint carriers, neither containing the other endpoint,
///   give full(x, y) when `z` is a stone group and semi(x, y) with key `z` when `z` is an empty cell; and
///   full(x, g) with semi(g, y) through a group `g` gives semi(x, y);
/// - the OR rule: semi(x, y)s whose carriers (key included) have an empty intersection give full(x, y) with
///   the union as carrier (the opponent's one move misses at least one of them), over subsets of up to
///   [`VcLimits::or_depth`] semis that contain the newest one, and with [`VcLimits::or_greedy`] also greedily
///   over the pair's whole list ([`VcBuilder::or_greedy`]).
///
/// Lists are bounded ([`VcLimits`]) and only minimal carriers are kept, so the search is incomplete, but
/// every connection it reports is sound.
pub(crate) struct VcBuilder<B: Bits = u128> {
    /// Number of nodes of the current position.
    nn: usize,
    /// Cells of each node: the group's stones (plus nothing for the edge), or the empty cell's bit.
    cell: Vec<B>,
    /// Whether each node is a stone group (edges included) rather than an empty cell.
    group: Vec<bool>,
    /// Carriers per unordered pair `p` (min, max) of [`VcBuilder::pair`]: `fulls[fslot(p) * limits.fulls + i]`
    /// for `i < nfull[p]`, likewise the semis. On `u128` boards the slot of a pair is the pair itself (dense
    /// lists, `nn² ≤ 130²` of them); on wide boards (up to 363 nodes, 131,769 pairs) a pair gets a slot
    /// (`fslot_of` / `sslot_of`) the first time a carrier is kept for it, so memory follows the pairs that
    /// have connections.
    fulls: Vec<B>,
    nfull: Vec<u8>,
    semis: Vec<B>,
    nsemi: Vec<u8>,
    /// Wide boards: the slot of each pair in `fulls` / `semis` (`u32::MAX`: none yet), and the slots used.
    fslot_of: Vec<u32>,
    sslot_of: Vec<u32>,
    fslots: u32,
    sslots: u32,
    /// Scratch: the node of each empty cell.
    index: Vec<u16>,
    /// The semi-connections between the two edges (nodes 0 and 1), kept apart: up to `limits.edge_semis`.
    edge_semis: Vec<B>,
    /// New fulls / semis to combine: (x, y, carrier).
    queue_full: SizeQueue<B>,
    queue_semi: SizeQueue<B>,
    /// Per node, the nodes it has a full (resp. semi) connection with (bit sets of node indices).
    nbr_full: Vec<B>,
    nbr_semi: Vec<B>,
    /// Set when a full connection of the two edges (nodes 0 and 1) is found (or a semi one, with
    /// `stop_at_semi`).
    done: bool,
    /// Whether the build stops at the first semi-connection between the edges (enough to know the side to
    /// move has won).
    stop_at_semi: bool,
    /// The node indices of the stone groups (edges included): the first nodes.
    group_nodes: B,
    /// The edge templates of the board size last used: (width, height) and the list of
    /// [`templates::all_templates`].
    templates: ((usize, usize), Vec<templates::Placed<B>>),
    /// Queue steps taken by the last build.
    pub(crate) steps: u32,
    /// The bounds ([`VcLimits::SOLVER`] from [`VcBuilder::new`]; the solver's are by board size,
    /// [`VcLimits::for_solver`]).
    pub(crate) limits: VcLimits,
}

/// Adds carrier `c` to a list of minimal carriers (`slot[..n]`, capacity `slot.len()`): refused when a kept
/// carrier is a subset of `c`; otherwise the supersets of `c` are dropped and `c` is added, or, with the list
/// full, replaces the largest kept carrier when smaller (a full list keeps its smallest carriers).
/// `Ok(new length)` when `c` was kept, `Err(new length)` when not.
fn insert_minimal<B: Bits>(slot: &mut [B], n: usize, c: B) -> Result<usize, usize> {
    if slot[..n].iter().any(|&f| (f & !c).is_zero()) {
        return Err(n);
    }
    let mut k = 0;
    for i in 0..n {
        let f = slot[i];
        if f & c != c {
            slot[k] = f;
            k += 1;
        }
    }
    if k < slot.len() {
        slot[k] = c;
        return Ok(k + 1);
    }
    let (j, big) = (0..k).map(|i| (i, slot[i].count_ones())).max_by_key(|&(_, n)| n).unwrap();
    if c.count_ones() >= big {
        return Err(k);
    }
    slot[j] = c;
    Ok(k)
}

/// A work queue of new connections `(x, y, carrier)` taken smallest carrier first (one bucket per carrier
/// size, last in first out within a bucket).
struct SizeQueue<B: Bits> {
    buckets: Vec<Vec<(u16, u16, B)>>,
    /// No bucket below this one holds anything.
    low: usize,
    len: usize,
}

impl<B: Bits> SizeQueue<B> {
    /// One past the largest carrier size.
    const END: usize = B::BITS + 1;

    fn new() -> SizeQueue<B> {
        SizeQueue { buckets: vec![Vec::new(); Self::END], low: Self::END, len: 0 }
    }

    fn clear(&mut self) {
        for b in &mut self.buckets {
            b.clear();
        }
        (self.low, self.len) = (Self::END, 0);
    }

    fn push(&mut self, x: usize, y: usize, c: B) {
        let n = c.count_ones() as usize;
        self.buckets[n].push((x as u16, y as u16, c));
        self.low = self.low.min(n);
        self.len += 1;
    }

    /// The size of the smallest carrier queued (`B::BITS + 1` when empty).
    fn lowest(&mut self) -> usize {
        if self.len == 0 {
            self.low = Self::END;
        }
        while self.low < Self::END && self.buckets[self.low].is_empty() {
            self.low += 1;
        }
        self.low
    }

    fn pop(&mut self) -> Option<(u16, u16, B)> {
        let l = self.lowest();
        if l >= Self::END {
            return None;
        }
        self.len -= 1;
        self.buckets[l].pop()
    }
}

/// Outcome of [`VcBuilder::run`] for one side.
pub(crate) struct EdgeConnections<B: Bits = u128> {
    /// The carrier of a full connection between the side's edges, if one was found (it wins even with the
    /// opponent to move); `Some(0)` when the edges are already joined.
    pub full: Option<B>,
    /// Carriers (keys included) of the semi-connections found between the side's edges.
    pub semis: Vec<B>,
}

impl<B: Bits> EdgeConnections<B> {
    /// The must-play region these connections leave the opponent: the empty cells `empty` cut to the
    /// intersection of the semi-connections' carriers (empty when there is a full connection: every move
    /// loses).
    pub(crate) fn must_play(&self, empty: B) -> B {
        if self.full.is_some() {
            return B::ZERO;
        }
        self.semis.iter().fold(empty, |m, &c| m & c)
    }
}

impl<B: Bits> VcBuilder<B> {
    /// Whether the pair lists are dense (`u128`) or get slots on first use (wide sets).
    const DENSE: bool = B::BITS <= 128;

    pub(crate) fn new() -> VcBuilder<B> {
        Self::with_limits(VcLimits::SOLVER)
    }

    /// A builder with the bounds `limits`.
    pub(crate) fn with_limits(limits: VcLimits) -> VcBuilder<B> {
        VcBuilder {
            nn: 0,
            cell: Vec::new(),
            group: Vec::new(),
            fulls: Vec::new(),
            nfull: Vec::new(),
            semis: Vec::new(),
            nsemi: Vec::new(),
            fslot_of: Vec::new(),
            sslot_of: Vec::new(),
            fslots: 0,
            sslots: 0,
            index: Vec::new(),
            edge_semis: Vec::new(),
            queue_full: SizeQueue::new(),
            queue_semi: SizeQueue::new(),
            nbr_full: Vec::new(),
            nbr_semi: Vec::new(),
            done: false,
            stop_at_semi: false,
            group_nodes: B::ZERO,
            templates: ((0, 0), Vec::new()),
            steps: 0,
            limits,
        }
    }

    #[inline]
    fn pair(&self, x: usize, y: usize) -> usize {
        if x < y { x * self.nn + y } else { y * self.nn + x }
    }

    /// Endpoint cells of node `x` that a carrier must avoid (an empty cell's own bit; nothing for a group).
    #[inline]
    fn ep(&self, x: usize) -> B {
        if self.group[x] { B::ZERO } else { self.cell[x] }
    }

    /// Where the full-connection list of pair `p` starts in `fulls` (the pair must have a list: dense
    /// storage, or at least one carrier kept).
    #[inline]
    fn fbase(&self, p: usize) -> usize {
        if Self::DENSE { p * self.limits.fulls } else { self.fslot_of[p] as usize * self.limits.fulls }
    }

    /// As [`VcBuilder::fbase`] for the semis.
    #[inline]
    fn sbase(&self, p: usize) -> usize {
        if Self::DENSE { p * self.limits.semis } else { self.sslot_of[p] as usize * self.limits.semis }
    }

    /// [`VcBuilder::fbase`], giving the pair a slot first if it has none (wide sets).
    #[inline]
    fn fbase_mut(&mut self, p: usize) -> usize {
        if !Self::DENSE && self.fslot_of[p] == u32::MAX {
            self.fslot_of[p] = self.fslots;
            self.fslots += 1;
            let need = self.fslots as usize * self.limits.fulls;
            if self.fulls.len() < need {
                self.fulls.resize(need, B::ZERO);
            }
        }
        self.fbase(p)
    }

    /// [`VcBuilder::sbase`], giving the pair a slot first if it has none (wide sets).
    #[inline]
    fn sbase_mut(&mut self, p: usize) -> usize {
        if !Self::DENSE && self.sslot_of[p] == u32::MAX {
            self.sslot_of[p] = self.sslots;
            self.sslots += 1;
            let need = self.sslots as usize * self.limits.semis;
            if self.semis.len() < need {
                self.semis.resize(need, B::ZERO);
            }
        }
        self.sbase(p)
    }

    fn add_full(&mut self, x: usize, y: usize, c: B) {
        if c.count_ones() > self.limits.cell_pair_carrier && !self.group[x] && !self.group[y] {
            return;
        }
        let p = self.pair(x, y);
        let (base, cap) = (self.fbase_mut(p), self.limits.fulls);
        match insert_minimal(&mut self.fulls[base..base + cap], self.nfull[p] as usize, c) {
            Ok(n) => self.nfull[p] = n as u8,
            Err(n) => {
                self.nfull[p] = n as u8;
                return;
            }
        }
        self.nbr_full[x] |= B::bit(y);
        self.nbr_full[y] |= B::bit(x);
        if (x, y) == (0, 1) || (x, y) == (1, 0) {
            self.done = true;
        }
        self.queue_full.push(x, y, c);
    }

    fn add_semi(&mut self, x: usize, y: usize, c: B) {
        if c.count_ones() > self.limits.cell_pair_carrier && !self.group[x] && !self.group[y] {
            return;
        }
        let p = self.pair(x, y);
        if self.nfull[p] > 0 {
            let fb = self.fbase(p);
            if self.fulls[fb..fb + self.nfull[p] as usize].iter().any(|&f| (f & !c).is_zero()) {
                return;
            }
        }
        let mut list = [B::ZERO; MAX_SEMIS];
        let k;
        if p == 1 {
            // The two edges (nodes 0 and 1): a list of its own, longer.
            self.done |= self.stop_at_semi;
            if self.edge_semis.iter().any(|&s| (s & !c).is_zero()) {
                return;
            }
            self.edge_semis.retain(|&s| s & c != c);
            k = self.edge_semis.len().min(MAX_SEMIS);
            list[..k].copy_from_slice(&self.edge_semis[..k]);
            if self.edge_semis.len() >= self.limits.edge_semis {
                let (j, big) = self.edge_semis.iter().enumerate().map(|(i, s)| (i, s.count_ones())).max_by_key(|&(_, n)| n).unwrap();
                if c.count_ones() >= big {
                    return;
                }
                self.edge_semis[j] = c;
            } else {
                self.edge_semis.push(c);
            }
        } else {
            let (base, cap) = (self.sbase_mut(p), self.limits.semis);
            match insert_minimal(&mut self.semis[base..base + cap], self.nsemi[p] as usize, c) {
                Ok(n) => self.nsemi[p] = n as u8,
                Err(n) => {
                    self.nsemi[p] = n as u8;
                    return;
                }
            }
            k = self.nsemi[p] as usize;
            list[..k].copy_from_slice(&self.semis[base..base + k]);
        }
        self.nbr_semi[x] |= B::bit(y);
        self.nbr_semi[y] |= B::bit(x);
        if self.group[x] || self.group[y] {
            self.queue_semi.push(x, y, c);
        }
        // OR rule: combinations that include the new semi, then (greedy) over every semi of the pair.
        if let Some(u) = Self::or_rule(&list[..k], 0, c, c, 1, self.limits.or_depth) {
            self.add_full(x, y, u);
        }
        if self.limits.or_greedy {
            let fulls_inter = if p == 1 || self.nfull[p] == 0 {
                None
            } else {
                let fb = self.fbase(p);
                Some(self.fulls[fb..fb + self.nfull[p] as usize].iter().fold(!B::ZERO, |i, &f| i & f))
            };
            for u in Self::or_greedy(&mut list[..k], fulls_inter) {
                self.add_full(x, y, u);
            }
        }
    }

    /// The OR rule over a pair's whole list of semi-connections `list` (carriers with their keys), greedily,
    /// as Benzene's VC builder does it (Pawlewicz, Hayward, Henderson & Arneson 2015, "Stronger virtual
    /// connections in Hex"): for a cell `a` that every full connection of the pair found so far uses
    /// (`fulls_inter`), the semis that avoid `a` give a full connection avoiding `a` when their carriers have
    /// an empty intersection; its carrier is a union of some of them, taken smallest first while each one
    /// shrinks the intersection. Each full found narrows the cells left to avoid to its own carrier. A pair
    /// without a full yet (`None`) first gets one from all its semis, when their intersection is empty. Returns the new full carriers (each sound: no single opponent
    /// stone meets every semi of the union). `list` is reordered (by size).
    fn or_greedy(list: &mut [B], fulls_inter: Option<B>) -> Vec<B> {
        let mut out = Vec::new();
        if list.len() < 2 || !list.iter().fold(!B::ZERO, |i, &s| i & s).is_zero() {
            return out;
        }
        crate::sort::sort_by_key(list, |s| s.count_ones());
        // The union of semis avoiding cell `a` (every semi for `None`), smallest first, each shrinking the
        // intersection until it is empty; `None` when their intersection is not empty.
        let greedy = |list: &[B], a: Option<usize>| {
            let avoids = |s: &B| a.is_none_or(|a| !s.has(a));
            if !list.iter().filter(|s| avoids(s)).fold(!B::ZERO, |i, &s| i & s).is_zero() {
                return None;
            }
            let (mut inter, mut u) = (!B::ZERO, B::ZERO);
            for s in list.iter().filter(|s| avoids(s)) {
                if (inter & !*s).is_zero() {
                    continue;
                }
                inter = inter & *s;
                u = u | *s;
                if inter.is_zero() {
                    break;
                }
            }
            Some(u)
        };
        let mut cands = match fulls_inter {
            Some(f) => f,
            None => {
                // No full yet: one from all the semis (it avoids every cell outside them).
                let Some(u) = greedy(list, None) else { return out };
                out.push(u);
                u
            }
        };
        while !cands.is_zero() {
            let a = cands.trailing_zeros() as usize;
            cands = cands & !B::bit(a);
            if let Some(u) = greedy(list, Some(a)) {
                out.push(u);
                cands = cands & u;
            }
        }
        out
    }

    /// A union of `inter`'s semi plus some of `list[from..]` whose carriers' intersection is empty.
    fn or_rule(list: &[B], from: usize, union: B, inter: B, depth: usize, max_depth: usize) -> Option<B> {
        for i in from..list.len() {
            let ni = inter & list[i];
            if ni.is_zero() {
                return Some(union | list[i]);
            }
            if ni != inter
                && depth + 1 < max_depth
                && let Some(u) = Self::or_rule(list, i + 1, union | list[i], ni, depth + 1, max_depth)
            {
                return Some(u);
            }
        }
        None
    }

    /// The semi-connections found between nodes `x` and `y` (the edges' own list for nodes 0 and 1).
    fn semis_of(&self, p: usize) -> &[B] {
        if p == 1 {
            &self.edge_semis
        } else {
            let n = self.nsemi[p] as usize;
            if n == 0 {
                return &[];
            }
            let base = self.sbase(p);
            &self.semis[base..base + n]
        }
    }

    /// Builds the connections of `color` (stones `p`, empty cells `empty`) and returns those between its
    /// edges. Stops early once the edges are fully connected.
    pub(crate) fn run(&mut self, m: &Masks<B>, p: B, empty: B, color: Color) -> EdgeConnections<B> {
        self.stop_at_semi = false;
        self.build(m, p, empty, color)
    }

    /// As [`VcBuilder::run`], but stops at the first connection between the edges, full or semi: for the side
    /// to move, either one is a win.
    pub(crate) fn run_to_move(&mut self, m: &Masks<B>, p: B, empty: B, color: Color) -> EdgeConnections<B> {
        self.stop_at_semi = true;
        self.build(m, p, empty, color)
    }

    fn build(&mut self, m: &Masks<B>, p: B, empty: B, color: Color) -> EdgeConnections<B> {
        self.steps = 0;
        let (e1, e2) = m.edges(color);
        let a = m.flood(e1 & p, p);
        let b = m.flood(e2 & p, p);
        if !(a & b).is_zero() {
            return EdgeConnections { full: Some(B::ZERO), semis: vec![] };
        }
        self.cell.clear();
        self.group.clear();
        // Node adjacency sets (empty cells next to each group node).
        let mut libs: Vec<B> = Vec::new();
        self.cell.push(a);
        self.group.push(true);
        libs.push((m.dilate(a) | e1) & empty);
        self.cell.push(b);
        self.group.push(true);
        libs.push((m.dilate(b) | e2) & empty);
        let mut rest = p & !a & !b;
        while !rest.is_zero() {
            let g = m.flood(rest.lowest(), rest);
            self.cell.push(g);
            self.group.push(true);
            libs.push(m.dilate(g) & empty);
            rest &= !g;
        }
        self.group_nodes = B::low(self.cell.len());
        let mut index = std::mem::take(&mut self.index);
        index.resize(B::BITS, 0);
        for i in bits(empty) {
            index[i] = self.cell.len() as u16;
            self.cell.push(B::bit(i));
            self.group.push(false);
        }
        let nn = self.cell.len();
        if nn > B::BITS {
            // Node sets are `B`s: too many nodes (a nearly empty `u128` board of more than 126 cells; wide
            // sets have room for every node of a 19×19 board).
            self.index = index;
            return EdgeConnections { full: None, semis: vec![] };
        }
        self.nn = nn;
        self.nbr_full.clear();
        self.nbr_full.resize(nn, B::ZERO);
        self.nbr_semi.clear();
        self.nbr_semi.resize(nn, B::ZERO);
        if Self::DENSE {
            self.fulls.resize(nn * nn * self.limits.fulls, B::ZERO);
            self.semis.resize(nn * nn * self.limits.semis, B::ZERO);
        } else {
            self.fslot_of.clear();
            self.fslot_of.resize(nn * nn, u32::MAX);
            self.sslot_of.clear();
            self.sslot_of.resize(nn * nn, u32::MAX);
            (self.fslots, self.sslots) = (0, 0);
        }
        self.nfull.clear();
        self.nfull.resize(nn * nn, 0);
        self.nsemi.clear();
        self.nsemi.resize(nn * nn, 0);
        self.edge_semis.clear();
        self.queue_full.clear();
        self.queue_semi.clear();
        self.done = false;
        // Base: adjacent nodes are fully connected with an empty carrier.
        for (g, &l) in libs.iter().enumerate() {
            for i in bits(l) {
                self.add_full(g, index[i] as usize, B::ZERO);
            }
        }
        for i in bits(empty) {
            for j in bits(m.dilate(B::bit(i)) & empty & !B::low(i + 1)) {
                self.add_full(index[i] as usize, index[j] as usize, B::ZERO);
            }
        }
        // Edge templates: a cell or a stone's group joined to one of the side's edges inside a carrier free of
        // opponent stones.
        if self.limits.templates {
            let size = (m.w, m.all.count_ones() as usize / m.w.max(1));
            if self.templates.0 != size {
                self.templates = (size, templates::all_templates(size.0, size.1));
            }
            let [f1, f2] = color.edges();
            let opp = m.all & !(p | empty);
            let ts = std::mem::take(&mut self.templates.1);
            for &(e, stone, carrier) in &ts {
                let node_e = if Edge::ALL[e] == f1 {
                    0
                } else if Edge::ALL[e] == f2 {
                    1
                } else {
                    continue;
                };
                if !(carrier & opp).is_zero() {
                    continue;
                }
                let sb = B::bit(stone as usize);
                let x = if !(empty & sb).is_zero() {
                    index[stone as usize] as usize
                } else if !(p & sb).is_zero() {
                    match (0..self.group_nodes.count_ones() as usize).find(|&g| !(self.cell[g] & sb).is_zero()) {
                        Some(g) => g,
                        None => continue,
                    }
                } else {
                    continue;
                };
                if x != node_e {
                    self.add_full(x, node_e, carrier & empty);
                }
            }
            self.templates.1 = ts;
        }
        self.index = index;
        let mut budget: u32 = self.limits.budget;
        while !self.done && budget > 0 {
            budget -= 1;
            // The smallest carriers first (Benzene's order too): a list that fills up keeps the best ones.
            let semi_first = self.queue_semi.lowest() < self.queue_full.lowest();
            let full = if semi_first { None } else { self.queue_full.pop() };
            if let Some((x, y, c)) = full {
                let (x, y) = (x as usize, y as usize);
                for (a, mid) in [(x, y), (y, x)] {
                    let ea = self.ep(a);
                    let emid = self.ep(mid);
                    let is_group = self.group[mid];
                    let mut cand = (self.nbr_full[mid] | if is_group { self.nbr_semi[mid] } else { B::ZERO })
                        & !(B::bit(a))
                        & !(B::bit(mid));
                    // Connections between two empty cells are kept only with an empty carrier: from a cell
                    // `a`, a product through an empty `mid` (its carrier holds `mid`) or with a non-empty
                    // carrier `c` can only reach a group.
                    if self.limits.cell_pair_carrier == 0 && !self.group[a] && (!is_group || !c.is_zero()) {
                        cand &= self.group_nodes;
                    }
                    for z in bits(cand) {
                        let ez = self.ep(z);
                        if !(c & ez).is_zero() {
                            continue;
                        }
                        let p2 = self.pair(mid, z);
                        let nf = self.nfull[p2] as usize;
                        for i in 0..nf {
                            let c2 = self.fulls[self.fbase(p2) + i];
                            if !(c & c2).is_zero() || !(c2 & ea).is_zero() {
                                continue;
                            }
                            if is_group {
                                self.add_full(a, z, c | c2);
                            } else {
                                self.add_semi(a, z, c | c2 | emid);
                            }
                        }
                        if is_group {
                            let ns = self.semis_of(p2).len();
                            for i in 0..ns {
                                let s = self.semis_of(p2)[i];
                                if !(c & s).is_zero() || !(s & ea).is_zero() {
                                    continue;
                                }
                                self.add_semi(a, z, c | s);
                            }
                        }
                    }
                }
            } else if let Some((x, y, s)) = self.queue_semi.pop() {
                // A new semi(x, y) at a group end: fulls into that group extend it.
                let (x, y) = (x as usize, y as usize);
                for (g, far) in [(x, y), (y, x)] {
                    if !self.group[g] {
                        continue;
                    }
                    let ef = self.ep(far);
                    for a in bits(self.nbr_full[g] & !(B::bit(g)) & !(B::bit(far))) {
                        let ea = self.ep(a);
                        if !(s & ea).is_zero() {
                            continue;
                        }
                        let p2 = self.pair(a, g);
                        for i in 0..self.nfull[p2] as usize {
                            let c = self.fulls[self.fbase(p2) + i];
                            if !(c & s).is_zero() || !(c & ef).is_zero() {
                                continue;
                            }
                            self.add_semi(a, far, c | s);
                        }
                    }
                }
            } else {
                break;
            }
        }
        self.steps = self.limits.budget - budget;
        let p01 = self.pair(0, 1);
        let full = (self.nfull[p01] > 0).then(|| self.fulls[self.fbase(p01)]);
        EdgeConnections { full, semis: self.edge_semis.clone() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::bitboard::brute::wins;
    use std::collections::HashMap;

    /// Every edge-to-edge connection H-search reports on random positions of small boards holds by brute
    /// force: a full one wins with the opponent to move; with a semi-connection of carrier `C`, every
    /// opponent move outside `C` loses (the must-play argument), and the owner to move wins.
    #[test]
    fn edge_connections_hold_by_brute_force() {
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut fulls, mut semis) = (0, 0);
        for (limits, (w, h)) in [VcLimits::PLAIN, VcLimits::DEFAULT, VcLimits::SOLVER, VcLimits::WIDE, VcLimits::ROOT, VcLimits::CHILD]
            .into_iter()
            .flat_map(|l| [(3usize, 3usize), (4, 4), (4, 3), (3, 4), (5, 4), (4, 5)].map(|s| (l, s)))
        {
            // At most 12 empty cells, so the brute force stays small.
            let least = (w * h).saturating_sub(12);
            let m = Masks::new(w, h);
            let mut memo = HashMap::new();
            let mut hs = VcBuilder::new();
            hs.limits = limits;
            for _ in 0..150 {
                let mut stones = [0u128; 2];
                let k = least + (rnd() % 5) as usize;
                for j in 0..k {
                    let empty = m.all & !(stones[0] | stones[1]);
                    let cells: Vec<usize> = bits(empty).collect();
                    let i = cells[(rnd() % cells.len() as u64) as usize];
                    stones[j % 2] |= 1 << i;
                }
                let empty = m.all & !(stones[0] | stones[1]);
                for side in [Color::Black, Color::White] {
                    let you = side.opponent();
                    let (e1, e2) = m.edges(you);
                    if m.flood(e1 & stones[you.index()], stones[you.index()]) & e2 != 0 {
                        continue;
                    }
                    let r = hs.run(&m, stones[side.index()], empty, side);
                    if let Some(c) = r.full {
                        fulls += 1;
                        assert_eq!(c & !empty, 0);
                        assert!(!wins(&m, stones, you, &mut memo), "{w}x{h} {stones:?} full for {side:?}");
                    }
                    for &c in &r.semis {
                        semis += 1;
                        assert_eq!(c & !empty, 0);
                        assert!(wins(&m, stones, side, &mut memo), "{w}x{h} {stones:?} semi for {side:?}");
                        for x in bits(empty & !c) {
                            let mut s = stones;
                            s[you.index()] |= 1 << x;
                            assert!(wins(&m, s, side, &mut memo), "{w}x{h} {stones:?} semi {c:b} for {side:?}, intrusion {x}");
                        }
                    }
                }
            }
        }
        assert!(fulls > 50 && semis > 50, "{fulls} fulls, {semis} semis");
    }

    /// A 4th-row stone three columns from the obtuse corner's side (h4 on 11×11, White at j4 closing the short
    /// way round) is joined to NORTH by the 31-cell edge template; the stone's group reaches SOUTH by a column,
    /// so Black's edges are fully connected. Without that template the VC engine found nothing here.
    #[test]
    fn a_fourth_row_stone_near_the_obtuse_corner_reaches_its_edge() {
        use crate::hex::Position;
        let mut rows = vec![String::from("..........."); 11];
        for r in 3..11 {
            rows[r].replace_range(7..8, "B");
        }
        for r in 1..9 {
            rows[r].replace_range(0..1, "W");
        }
        rows[3].replace_range(9..10, "W");
        let refs: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        let pos = Position::from_rows(&refs, Some(Color::White)).unwrap();
        let report = report::report(&pos, VcLimits::DEFAULT, false).unwrap();
        let full = report["black"]["full"].as_array().expect("Black's edges fully connected");
        assert!(full.iter().any(|c| c == "c1") && full.iter().any(|c| c == "g5"), "{full:?}");
    }
}

