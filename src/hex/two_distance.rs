//! Two-distance: Queenbee's distance from every empty cell to one of a side's edges (van Rijswijck, *Are Bees
//! Better Than Fruitflies?*, ch. 5 "Queenbee's evaluation function", §5.1; the seed chapter in this project's
//! sources).
//!
//! The family `d_z` of the thesis: a cell touching the edge has distance 1; any other empty cell has
//! `1 + ` the `z`-th lowest distance among its *neighbours*; with fewer than `z` neighbours of finite distance
//! it is unreachable ([`INFINITY`]). `z = 1` is the ordinary distance (the number of free moves needed to reach
//! the edge), `z = 2` the **two-distance**: the opponent can always block the best route, so the second best is
//! what counts.
//!
//! *Neighbours* (seed §5.1) are not just adjacent cells. For a side, two empty cells are neighbours when they
//! are adjacent, or when both touch the same group of that side's stones (a group "makes all its empty
//! liberties mutual neighbours"); opponent stones block. "Touching the edge" includes touching it through a
//! chain of own stones. The two [`Convention`]s differ in how the side's own edges take part:
//!
//! * [`Convention::Queenbee`] (the seed's rule, default): the side's *other* edge acts like one of its stones,
//!   so the cells along it — and the liberties of the side's groups that touch it — are all mutual neighbours
//!   (seed: on the empty 5×5 board, e5's Black neighbours include a5 and b5 "through the edge", so
//!   e5 = 7 rather than 9 for Black's distance to NORTH).
//! * [`Convention::Benzene`] (MoHex/Benzene `eval-twod`, `TwoDistance.cpp` with `ADJACENT` neighbourhood):
//!   cells along an edge are not neighbours of each other, and a group that touches one of the side's edges
//!   does not join its liberties: towards that edge it only gives them distance 1. Every cell of Benzene's
//!   printed numbers in `tests/data/hex.json` is reproduced under this convention.
//!
//! Occupied cells have no distance ([`INFINITY`] in the maps).
//!
//! Algorithm (as Benzene's `ComputeDistanceToEdge`): the cells at distance 1 are queued; cells are taken from
//! the queue in increasing distance, and each empty neighbour is *reached*; the `z`-th time a cell is reached
//! by a distinct neighbour its distance is fixed at `1 +` the distance of that neighbour, and it is queued.
//! As every step adds exactly 1, a FIFO queue keeps the order (a breadth-first search). A group's liberties
//! are visited only for the first `z` of them taken from the queue (after that every liberty is fixed), so
//! the whole computation is `O(cells)`.

use super::{Color, Edge, Geometry, Position};

/// The distance of a cell that cannot reach the edge by `z` routes (and of an occupied cell in the maps).
pub const INFINITY: u16 = u16::MAX;

/// "No entry" in the scratch arrays.
const NO: u16 = u16::MAX;

/// Which neighbourhood rule the distances follow (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The seed's (Queenbee's) rule: a side's other edge joins the cells along it like a group of its stones.
    #[default]
    Queenbee,
    /// MoHex/Benzene `eval-twod`: no neighbourhood along an edge; groups touching an edge do not join their
    /// liberties.
    Benzene,
}

impl Convention {
    /// Parses `queenbee` or `benzene` (any case).
    pub fn parse(s: &str) -> Option<Convention> {
        match s.trim().to_ascii_lowercase().as_str() {
            "queenbee" => Some(Convention::Queenbee),
            "benzene" => Some(Convention::Benzene),
            _ => None,
        }
    }

    /// `"queenbee"` or `"benzene"`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Queenbee => "queenbee",
            Convention::Benzene => "benzene",
        }
    }
}

/// Stones of a board as a plain array: `0` empty, `1` Black, `2` White, indexed like the cells of
/// [`Geometry`] (`row * width + col`). Lets the evaluation try a stone without touching a [`Position`].
pub fn stone_array(pos: &Position) -> Vec<u8> {
    (0..pos.geometry().cells())
        .map(|i| match pos.stone_at(i) {
            Some(c) => c.index() as u8 + 1,
            None => 0,
        })
        .collect()
}

/// The neighbourhood of one side towards one edge (groups, hubs, the cells at distance 1), built once per
/// position and reused by every search over it — move tension tries a stone on every empty cell against the
/// same structure, with the stone's own neighbourhood added as an extra hub ([`Extra`]).
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    /// Group id of each own stone (`NO` otherwise).
    group: Vec<u16>,
    /// Edge bits (`1 << Edge::index()`) each group touches.
    group_edges: Vec<u8>,
    /// Hub of each group (`NO` if the group joins nothing).
    group_hub: Vec<u16>,
    /// Whether a hub's liberties are at distance 1 (the hub touches the target edge).
    hub_goal: Vec<bool>,
    /// Liberties of each hub, `hub_libs[hub_start[h]..hub_start[h + 1]]`.
    hub_start: Vec<u32>,
    hub_libs: Vec<u16>,
    cursor: Vec<u32>,
    /// Up to 7 hubs per empty cell (6 neighbouring groups and the edge).
    cell_hubs: Vec<[u16; 7]>,
    cell_hub_len: Vec<u8>,
    /// Empty cells at distance 1, in index order.
    init: Vec<u16>,
    /// The target edge, the other edge of the side, and the convention the structure was built for.
    target: Option<Edge>,
    other: Option<Edge>,
    conv: Convention,
    stack: Vec<u16>,
    /// A search kept for [`distances_into`], so repeated calls do not allocate.
    search: Search,
}

/// The state of one breadth-first search over a [`Workspace`].
#[derive(Clone, Debug, Default)]
pub(crate) struct Search {
    /// How many queued cells have visited each hub's liberties so far (the last entry: the extra hub).
    hub_visits: Vec<u8>,
    /// Times a cell was reached, and by which cell the first time.
    count: Vec<u8>,
    first_by: Vec<u16>,
    queue: Vec<u16>,
    /// Next queue entry to take, and the `z` of the search.
    head: usize,
    z: u8,
    /// Liberties of the extra hub and a mark per cell for membership.
    extra: Vec<u16>,
    in_extra: Vec<bool>,
}

/// One more stone of the side on an empty cell, as a change to a [`Workspace`] built without it: the stone's
/// neighbours (adjacent empty cells, liberties of the hubs it touches) become one extra hub, at distance 1 if
/// the stone touches the target edge directly or through a group. Exact for [`Convention::Queenbee`], and for
/// [`Convention::Benzene`] when the stone's new group touches neither of the side's edges
/// ([`Workspace::extra_for`] says when).
pub(crate) struct Extra {
    pub libs: Vec<u16>,
    pub goal: bool,
}

impl Workspace {
    /// Builds the structure of `stones` for the owner of `edge`.
    #[allow(clippy::needless_range_loop)]
    pub(crate) fn build(&mut self, geom: &Geometry, stones: &[u8], edge: Edge, conv: Convention) {
        let ws = self;
        let n = geom.cells();
        let color = edge.owner();
        let own = color.index() as u8 + 1;
        let [e1, e2] = color.edges();
        let other = if edge == e1 { e2 } else { e1 };
        let target_bit = 1u8 << edge.index();
        let other_bit = 1u8 << other.index();
        ws.target = Some(edge);
        ws.other = Some(other);
        ws.conv = conv;
        // Groups of own stones (flood fill).
        ws.group.clear();
        ws.group.resize(n, NO);
        ws.group_edges.clear();
        for start in 0..n {
            if stones[start] != own || ws.group[start] != NO {
                continue;
            }
            let id = ws.group_edges.len() as u16;
            let mut mask = 0u8;
            ws.stack.clear();
            ws.stack.push(start as u16);
            ws.group[start] = id;
            while let Some(s) = ws.stack.pop() {
                let s = s as usize;
                for e in Edge::ALL {
                    if geom.touches(s, e) {
                        mask |= 1 << e.index();
                    }
                }
                for nb in geom.neighbours(s) {
                    if stones[nb] == own && ws.group[nb] == NO {
                        ws.group[nb] = id;
                        ws.stack.push(nb as u16);
                    }
                }
            }
            ws.group_edges.push(mask);
        }

        // Hubs: sets of cells that are mutual neighbours. Queenbee: hub 0 is the other edge, with every group
        // touching it; each other group is a hub. Benzene: only groups touching neither of the side's edges.
        ws.group_hub.clear();
        ws.hub_goal.clear();
        let edge_hub = match conv {
            Convention::Queenbee => {
                ws.hub_goal.push(false);
                Some(0u16)
            }
            Convention::Benzene => None,
        };
        for g in 0..ws.group_edges.len() {
            let m = ws.group_edges[g];
            let hub = match conv {
                Convention::Queenbee if m & other_bit != 0 => 0,
                Convention::Queenbee => {
                    ws.hub_goal.push(false);
                    (ws.hub_goal.len() - 1) as u16
                }
                Convention::Benzene if m & (target_bit | other_bit) != 0 => NO,
                Convention::Benzene => {
                    ws.hub_goal.push(false);
                    (ws.hub_goal.len() - 1) as u16
                }
            };
            if hub != NO && m & target_bit != 0 {
                ws.hub_goal[hub as usize] = true;
            }
            ws.group_hub.push(hub);
        }
        let hubs = ws.hub_goal.len();

        // Each empty cell's hubs (distinct) and liberty counts per hub.
        ws.cell_hubs.clear();
        ws.cell_hubs.resize(n, [NO; 7]);
        ws.cell_hub_len.clear();
        ws.cell_hub_len.resize(n, 0);
        ws.hub_start.clear();
        ws.hub_start.resize(hubs + 1, 0);
        ws.init.clear();
        for i in 0..n {
            if stones[i] != 0 {
                continue;
            }
            let mut goal = geom.touches(i, edge);
            let mut len = 0usize;
            let mut list = [NO; 7];
            if let Some(h) = edge_hub
                && geom.touches(i, other)
            {
                list[0] = h;
                len = 1;
            }
            for nb in geom.neighbours(i) {
                let g = ws.group[nb];
                if g == NO {
                    continue;
                }
                if ws.group_edges[g as usize] & target_bit != 0 {
                    goal = true;
                }
                let h = ws.group_hub[g as usize];
                if h != NO && !list[..len].contains(&h) {
                    list[len] = h;
                    len += 1;
                }
            }
            for &h in &list[..len] {
                ws.hub_start[h as usize + 1] += 1;
                goal |= ws.hub_goal[h as usize];
            }
            ws.cell_hubs[i] = list;
            ws.cell_hub_len[i] = len as u8;
            if goal {
                ws.init.push(i as u16);
            }
        }
        for h in 0..hubs {
            ws.hub_start[h + 1] += ws.hub_start[h];
        }
        ws.hub_libs.clear();
        ws.hub_libs.resize(ws.hub_start[hubs] as usize, 0);
        // Fill the liberty lists with a running cursor per hub.
        ws.cursor.clear();
        ws.cursor.extend_from_slice(&ws.hub_start[..hubs]);
        for i in 0..n {
            for &h in &ws.cell_hubs[i][..ws.cell_hub_len[i] as usize] {
                ws.hub_libs[ws.cursor[h as usize] as usize] = i as u16;
                ws.cursor[h as usize] += 1;
            }
        }
    }

    /// The extra hub for a stone of the side on the empty cell `x` (`stones` still without it), or `None`
    /// when the structure must be rebuilt instead (Benzene, when the new group touches one of the side's
    /// edges: that takes neighbourhood away).
    pub(crate) fn extra_for(&self, geom: &Geometry, stones: &[u8], x: usize, mark: &mut Vec<bool>) -> Option<Extra> {
        let (target, other) = (self.target?, self.other?);
        let (tb, ob) = (1u8 << target.index(), 1u8 << other.index());
        let mut goal = geom.touches(x, target);
        let mut on_other = geom.touches(x, other);
        let mut hubs = [NO; 7];
        let mut nh = 0;
        if self.conv == Convention::Queenbee && on_other {
            hubs[0] = 0;
            nh = 1;
        }
        for nb in geom.neighbours(x) {
            let g = self.group[nb];
            if g == NO {
                continue;
            }
            let m = self.group_edges[g as usize];
            goal |= m & tb != 0;
            on_other |= m & ob != 0;
            let h = self.group_hub[g as usize];
            if h != NO && !hubs[..nh].contains(&h) {
                hubs[nh] = h;
                nh += 1;
            }
        }
        if self.conv == Convention::Benzene && (goal || on_other) {
            return None;
        }
        // `mark` is all false between calls (each call unsets what it set), so it is sized once, not refilled
        if mark.len() != geom.cells() {
            mark.clear();
            mark.resize(geom.cells(), false);
        }
        mark[x] = true;
        let mut libs = Vec::with_capacity(16);
        for nb in geom.neighbours(x) {
            if stones[nb] == 0 && !mark[nb] {
                mark[nb] = true;
                libs.push(nb as u16);
            }
        }
        for &h in &hubs[..nh] {
            goal |= self.hub_goal[h as usize];
            for l in self.hub_start[h as usize]..self.hub_start[h as usize + 1] {
                let q = self.hub_libs[l as usize] as usize;
                if !mark[q] {
                    mark[q] = true;
                    libs.push(q as u16);
                }
            }
        }
        mark[x] = false;
        for &q in &libs {
            mark[q as usize] = false;
        }
        Some(Extra { libs, goal })
    }
}

impl Search {
    /// Starts a search for `d_z` over `ws`: `out` gets 1 for the cells at distance 1 that are still empty in
    /// `stones` (and for the extra hub's liberties if it touches the edge), [`INFINITY`] elsewhere.
    pub(crate) fn start(&mut self, ws: &Workspace, stones: &[u8], z: u8, extra: Option<&Extra>, out: &mut [u16]) {
        debug_assert!(z == 1 || z == 2);
        let n = stones.len();
        out[..n].fill(INFINITY);
        self.count.clear();
        self.count.resize(n, 0);
        self.first_by.clear();
        self.first_by.resize(n, NO);
        self.hub_visits.clear();
        self.hub_visits.resize(ws.hub_goal.len() + 1, 0);
        self.in_extra.clear();
        self.in_extra.resize(n, false);
        self.extra.clear();
        if let Some(e) = extra {
            self.extra.extend_from_slice(&e.libs);
            for &q in &e.libs {
                self.in_extra[q as usize] = true;
            }
        }
        for &i in &ws.init {
            if stones[i as usize] == 0 {
                out[i as usize] = 1;
            }
        }
        if let Some(e) = extra
            && e.goal
        {
            for &q in &e.libs {
                out[q as usize] = 1;
            }
        }
        self.queue.clear();
        for (i, &d) in out.iter().enumerate().take(n) {
            if d == 1 {
                self.queue.push(i as u16);
            }
        }
        self.head = 0;
        self.z = z;
    }

    /// Continues the search: takes cells from the queue while their distance is at most `up_to`, so that
    /// afterwards every cell of distance `≤ up_to + 1` is fixed (and queued) and every other has distance
    /// `≥ up_to + 2`. Cells occupied in `stones` are skipped. Returns whether the queue still has cells.
    pub(crate) fn advance(&mut self, geom: &Geometry, stones: &[u8], ws: &Workspace, out: &mut [u16], up_to: u16) -> bool {
        let z = self.z;
        let extra_hub = ws.hub_goal.len();
        while self.head < self.queue.len() {
            let p = self.queue[self.head] as usize;
            if out[p] > up_to {
                return true;
            }
            self.head += 1;
            let next = out[p] + 1;
            let reach = |q: usize, out: &mut [u16], st: &mut Search| {
                if out[q] != INFINITY || stones[q] != 0 || st.first_by[q] == p as u16 {
                    return;
                }
                st.count[q] += 1;
                if st.count[q] >= z {
                    out[q] = next;
                    st.queue.push(q as u16);
                } else {
                    st.first_by[q] = p as u16;
                }
            };
            for q in geom.neighbours(p) {
                reach(q, out, self);
            }
            for k in 0..ws.cell_hub_len[p] as usize {
                let h = ws.cell_hubs[p][k] as usize;
                if self.hub_visits[h] >= z {
                    continue;
                }
                self.hub_visits[h] += 1;
                for l in ws.hub_start[h]..ws.hub_start[h + 1] {
                    let q = ws.hub_libs[l as usize] as usize;
                    if q != p {
                        reach(q, out, self);
                    }
                }
            }
            if self.in_extra[p] && self.hub_visits[extra_hub] < z {
                self.hub_visits[extra_hub] += 1;
                for l in 0..self.extra.len() {
                    let q = self.extra[l] as usize;
                    if q != p {
                        reach(q, out, self);
                    }
                }
            }
        }
        false
    }
}

/// The distance `d_z` (`z` = 1 or 2) of every cell to `edge` for the edge's owner, into `out` (indexed by
/// cell; [`INFINITY`] for occupied and unreachable cells). `stones` as [`stone_array`].
pub(crate) fn distances_into(
    geom: &Geometry,
    stones: &[u8],
    edge: Edge,
    z: u8,
    conv: Convention,
    ws: &mut Workspace,
    out: &mut [u16],
) {
    ws.build(geom, stones, edge, conv);
    let mut st = std::mem::take(&mut ws.search);
    st.start(ws, stones, z, None, out);
    st.advance(geom, stones, ws, out, INFINITY);
    ws.search = st;
}

/// The board potential of one side (its lowest potential, [`INFINITY`] if none is finite) over the
/// structures `ws` of its two edges (each with an optional extra stone), with both searches run level by
/// level and stopped as soon as no cell left can beat the best potential found: after level `v` every cell
/// not yet fixed for an edge is at least `v + 1` from it, so a cell not fixed for both is at least `v + 2` in
/// potential — or once the best reaches `floor`, a value the caller knows the result cannot be below (0: none).
/// Gives the same value as the full maps, usually after about half of the work. `st` and `d` are scratch
/// (left partly filled).
pub(crate) fn board_potential_early(
    geom: &Geometry,
    stones: &[u8],
    ws: [&Workspace; 2],
    extra: [Option<&Extra>; 2],
    floor: u16,
    st: &mut [Search; 2],
    d: &mut [Vec<u16>; 2],
) -> u16 {
    let n = geom.cells();
    for k in 0..2 {
        d[k].resize(n, INFINITY);
        st[k].start(ws[k], stones, 2, extra[k], &mut d[k]);
    }
    let mut best = INFINITY;
    let mut scanned = [0usize; 2];
    let mut v: u16 = 0;
    loop {
        // Cells fixed since the last look: a cell fixed for both edges has its potential.
        for k in 0..2 {
            let (this, other) = if k == 0 { (&d[0], &d[1]) } else { (&d[1], &d[0]) };
            for &y in &st[k].queue[scanned[k]..] {
                let y = y as usize;
                if other[y] != INFINITY {
                    best = best.min(this[y] + other[y]);
                }
            }
            scanned[k] = st[k].queue.len();
        }
        if best != INFINITY && (best as u32 <= v as u32 + 2 || best <= floor) {
            return best;
        }
        let [s0, s1] = st;
        let [d0, d1] = d;
        let more0 = s0.advance(geom, stones, ws[0], d0, v);
        let more1 = s1.advance(geom, stones, ws[1], d1, v);
        if !more0 && !more1 && scanned[0] == st[0].queue.len() && scanned[1] == st[1].queue.len() {
            return best;
        }
        v += 1;
    }
}

/// `a + b`, [`INFINITY`] if either is (a potential from two distances).
#[inline]
pub fn add(a: u16, b: u16) -> u16 {
    if a == INFINITY || b == INFINITY { INFINITY } else { a.saturating_add(b).min(INFINITY - 1) }
}

/// Two-distance (`z = 2`) of every cell to `edge`, for the side that owns the edge (Black: NORTH, SOUTH;
/// White: WEST, EAST). Indexed by cell index (`row * width + col`); [`INFINITY`] for occupied cells and for
/// cells with fewer than two routes.
///
/// ```
/// use duiyi::hex::{Cell, Edge, Position, two_distance::{two_distance, Convention}};
/// let pos = Position::square(5).unwrap();
/// let d = two_distance(&pos, Edge::North, Convention::Queenbee);
/// let at = |s: &str| d[pos.geometry().index(Cell::parse(s).unwrap())];
/// assert_eq!((at("e4"), at("e5"), at("a5"), at("b5")), (7, 7, 5, 6)); // the seed's figure 5.1
/// ```
pub fn two_distance(pos: &Position, edge: Edge, conv: Convention) -> Vec<u16> {
    let mut out = vec![INFINITY; pos.geometry().cells()];
    let stones = stone_array(pos);
    distances_into(pos.geometry(), &stones, edge, 2, conv, &mut Workspace::default(), &mut out);
    out
}

/// Ordinary distance (`z = 1`): the number of free moves that join the cell to `edge` for the edge's owner,
/// with the same neighbourhood as [`two_distance`]. On the empty 5×5 board e4 is 4 from NORTH (seed §5.1).
pub fn distance(pos: &Position, edge: Edge, conv: Convention) -> Vec<u16> {
    let mut out = vec![INFINITY; pos.geometry().cells()];
    let stones = stone_array(pos);
    distances_into(pos.geometry(), &stones, edge, 1, conv, &mut Workspace::default(), &mut out);
    out
}

/// The two edges' two-distances of `color` at once: `[first edge, second edge]` in [`Color::edges`] order.
pub fn two_distances(pos: &Position, color: Color, conv: Convention) -> [Vec<u16>; 2] {
    let [a, b] = color.edges();
    [two_distance(pos, a, conv), two_distance(pos, b, conv)]
}

/// The four lowest `(distance, cell)` among a hub's liberties, ascending (`(INFINITY, NO)` when fewer).
type Top4 = [(u16, u16); 4];

/// Puts `(v, cell)` into `top` (replacing the cell's entry if there); returns its position (4 if not kept).
fn top_insert(top: &mut Top4, v: u16, cell: u16) -> usize {
    if let Some(i) = top.iter().position(|e| e.1 == cell) {
        for j in i..3 {
            top[j] = top[j + 1];
        }
        top[3] = (INFINITY, NO);
    }
    let Some(pos) = top.iter().position(|e| v < e.0) else { return 4 };
    for j in (pos + 1..4).rev() {
        top[j] = top[j - 1];
    }
    top[pos] = (v, cell);
    pos
}

/// Scratch and result of [`lowered_distances`]: per hub, the lowest distances of its liberties for the
/// position without the stone ([`Lowering::prepare`]) and their copy being lowered; the lowered distances
/// themselves (`vals`), kept equal to the base ones but for the cells of `dirty`, so that each trial stone
/// costs only the cells it changes (no copy of the whole board per stone).
#[derive(Clone, Debug, Default)]
pub(crate) struct Lowering {
    heap: std::collections::BinaryHeap<std::cmp::Reverse<(u16, u16)>>,
    /// All false between calls.
    in_extra: Vec<bool>,
    base_tops: Vec<Top4>,
    tops: Vec<Top4>,
    /// The distances after the last trial stone: the base distances except on `dirty`.
    vals: Vec<u16>,
    /// The cells where `vals` may differ from the base: the last stone's cell and the cells it lowered.
    dirty: Vec<u16>,
    /// Whether `vals` holds the base distances (but for `dirty`); false after [`Lowering::prepare`].
    synced: bool,
}

impl Lowering {
    /// Records, for each hub of `ws`, the four lowest of `base` (the distances without the stone) among its
    /// liberties.
    pub(crate) fn prepare(&mut self, ws: &Workspace, base: &[u16]) {
        let hubs = ws.hub_goal.len();
        self.synced = false;
        self.base_tops.clear();
        self.base_tops.resize(hubs + 1, [(INFINITY, NO); 4]);
        for h in 0..hubs {
            for l in ws.hub_start[h]..ws.hub_start[h + 1] {
                let q = ws.hub_libs[l as usize];
                top_insert(&mut self.base_tops[h], base[q as usize], q);
            }
        }
    }

    /// The distances after the last trial stone ([`lowered_distances`]), indexed by cell.
    pub(crate) fn vals(&self) -> &[u16] {
        &self.vals
    }

    /// The cells whose distance may differ from the base after the last trial stone (its own cell and the
    /// cells it lowered); every other cell has its base distance.
    pub(crate) fn changed(&self) -> &[u16] {
        &self.dirty
    }
}

/// Two-distances to `ws`'s edge after one more stone of the side, from those before it, by lowering only the
/// cells that change (a decremental update, processed in increasing distance like Dijkstra's algorithm).
///
/// `base`: the two-distances of the position without the stone, over `ws` (with `scratch` prepared from
/// them); `stones`: with the stone on `x`; `extra`: the stone's neighbourhood from [`Workspace::extra_for`]
/// (exact only where no neighbourhood is lost, so distances can only fall: each cell keeps its old neighbours
/// but `x`, and every cell that had `x` as a neighbour gains all of `x`'s neighbours — the lowest two of which
/// gave `x` its distance). The cells that may change are the new hub's liberties; a cell whose distance falls
/// makes its neighbours candidates. A cell's candidate distance is `1 +` the second lowest current distance
/// among its distinct neighbours, read from its adjacent cells and the four lowest liberties of each of its
/// hubs (enough to leave out the cell itself and `x`); candidates are taken lowest first, so a cell taken is
/// final. A hub's other liberties are candidates only when the lowered cell enters the hub's lowest four.
/// The result ([`INFINITY`] on `x`) is [`Lowering::vals`]; [`Lowering::changed`] lists the cells that may
/// differ from `base`. Between calls with the same prepared `scratch`, only those cells are restored.
///
/// `stop_at` ([`INFINITY`]: never): the caller only needs potentials below it, so lowering stops at the first
/// candidate `c` with `c + 1 ≥ stop_at` — every cell still to lower is at least `c` from this edge and 1 from
/// the other. Cells left unlowered then keep distances that are too high, but their true potential is at least
/// `stop_at` anyway.
#[allow(clippy::too_many_arguments)]
pub(crate) fn lowered_distances(
    geom: &Geometry,
    stones: &[u8],
    ws: &Workspace,
    base: &[u16],
    x: usize,
    extra: &Extra,
    stop_at: u16,
    scratch: &mut Lowering,
) {
    use std::cmp::Reverse;
    let n = geom.cells();
    let extra_hub = ws.hub_goal.len();
    let Lowering { heap, in_extra, base_tops, tops, vals, dirty, synced } = scratch;
    if *synced && vals.len() == n {
        for &c in dirty.iter() {
            vals[c as usize] = base[c as usize];
        }
    } else {
        vals.clear();
        vals.extend_from_slice(&base[..n]);
        *synced = true;
    }
    dirty.clear();
    vals[x] = INFINITY;
    dirty.push(x as u16);
    tops.clear();
    tops.extend_from_slice(base_tops);
    tops[extra_hub] = [(INFINITY, NO); 4];
    if in_extra.len() != n {
        in_extra.clear();
        in_extra.resize(n, false);
    }
    for &q in &extra.libs {
        in_extra[q as usize] = true;
        top_insert(&mut tops[extra_hub], vals[q as usize], q);
    }
    heap.clear();
    // 1 + the second lowest distance among the distinct neighbours of `w`.
    let candidate = |w: usize, vals: &[u16], tops: &[Top4], in_extra: &[bool]| -> u16 {
        let (mut b1, mut c1, mut b2, mut c2) = (INFINITY, NO, INFINITY, NO);
        let mut see = |q: usize| {
            if q == w || stones[q] != 0 || q as u16 == c1 || q as u16 == c2 {
                return;
            }
            let v = vals[q];
            if v < b1 {
                (b2, c2, b1, c1) = (b1, c1, v, q as u16);
            } else if v < b2 {
                (b2, c2) = (v, q as u16);
            }
        };
        for q in geom.neighbours(w) {
            see(q);
        }
        for k in 0..ws.cell_hub_len[w] as usize {
            for &(_, q) in &tops[ws.cell_hubs[w][k] as usize] {
                if q != NO {
                    see(q as usize);
                }
            }
        }
        if in_extra[w] {
            for &(_, q) in &tops[extra_hub] {
                if q != NO {
                    see(q as usize);
                }
            }
        }
        if b2 == INFINITY { INFINITY } else { b2 + 1 }
    };
    // Seeds: the new hub's liberties. A liberty's new neighbours are its old ones but `x` plus the hub's other
    // liberties, so its second lowest is at least min(old second lowest, hub's lowest other) — when the hub
    // has nothing below `vals[q] − 1` for it, it cannot fall.
    let [(e1, f1), (e2, _), ..] = tops[extra_hub];
    for &q in &extra.libs {
        let q = q as usize;
        let c = if extra.goal {
            1
        } else {
            let lowest_other = if f1 == q as u16 { e2 } else { e1 };
            if lowest_other as u32 + 1 >= vals[q] as u32 {
                continue;
            }
            candidate(q, vals, tops, in_extra)
        };
        if c < vals[q] {
            heap.push(Reverse((c, q as u16)));
        }
    }
    while let Some(Reverse((c, y))) = heap.pop() {
        if stop_at != INFINITY && c as u32 + 1 >= stop_at as u32 {
            break;
        }
        let y = y as usize;
        if c >= vals[y] {
            continue;
        }
        if vals[y] == base[y] {
            dirty.push(y as u16);
        }
        vals[y] = c;
        // Update the hubs' lowest liberties first, then look at the neighbours.
        let mut spread = [NO; 8];
        let mut ns = 0;
        for k in 0..ws.cell_hub_len[y] as usize {
            let h = ws.cell_hubs[y][k];
            if top_insert(&mut tops[h as usize], c, y as u16) < 4 {
                spread[ns] = h;
                ns += 1;
            }
        }
        if in_extra[y] && top_insert(&mut tops[extra_hub], c, y as u16) < 4 {
            spread[ns] = extra_hub as u16;
            ns += 1;
        }
        // Cells are taken in increasing distance, so a cell lowered from here on gets at least `c + 1`; with
        // `c + 2 ≥ stop_at` it would only be taken to stop the loop, and its candidate is not worth computing.
        let last_level = stop_at != INFINITY && c as u32 + 2 >= stop_at as u32;
        let consider = |w: usize, vals: &[u16], tops: &[Top4], heap: &mut std::collections::BinaryHeap<Reverse<(u16, u16)>>| {
            if last_level || w == y || stones[w] != 0 || vals[w] <= c + 1 {
                return;
            }
            let cw = candidate(w, vals, tops, in_extra);
            if cw < vals[w] {
                heap.push(Reverse((cw, w as u16)));
            }
        };
        for w in geom.neighbours(y) {
            consider(w, vals, tops, heap);
        }
        for &h in &spread[..ns] {
            if h as usize == extra_hub {
                for l in 0..extra.libs.len() {
                    consider(extra.libs[l] as usize, vals, tops, heap);
                }
            } else {
                for l in ws.hub_start[h as usize]..ws.hub_start[h as usize + 1] {
                    consider(ws.hub_libs[l as usize] as usize, vals, tops, heap);
                }
            }
        }
    }    for &q in &extra.libs {
        in_extra[q as usize] = false;
    }
}
