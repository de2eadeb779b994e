//! H-search (Anshelevich 2002, "A hierarchical approach to computer Hex"): one side's full and semi virtual
//! connections, built bottom-up by the AND and OR rules, with a brute-force check of every reported edge
//! connection on small boards (the tests). Used by the solver's analysis and by the playing search.

use super::Color;
use super::bitboard::{Masks, bits};

/// Most full connections kept per pair of nodes in [`HSearch`].
const H_FULLS: usize = 4;
/// Most semi-connections kept per pair of nodes in [`HSearch`].
const H_SEMIS: usize = 8;
/// Largest carrier kept by default for a connection between two empty cells ([`HSearch::cell_pair_carrier`]):
/// 0 keeps only adjacency; larger ones are built only with a stone group or an edge at one end (far fewer
/// pairs, a few connections lost). The solver uses this; the playing engine's knowledge keeps bridges too.
pub(crate) const H_CELL_PAIR_CARRIER: u32 = 0;
/// Deepest OR-rule combination (number of semi-connections combined).
const H_OR_DEPTH: usize = 4;
/// Largest [`HSearch::limits`] semi-connection list (the OR rule's scratch array).
const H_MAX_SEMIS: usize = 32;

/// The bounds of an H-search: the most full and semi connections kept per pair of nodes, the deepest OR-rule
/// combination, and the largest carrier between two empty cells. Larger bounds find more connections (every
/// one sound) at a cost in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct HLimits {
    pub fulls: usize,
    pub semis: usize,
    pub or_depth: usize,
    pub cell_pair_carrier: u32,
}

impl HLimits {
    /// The solver's bounds (and the playing engine's in its tree).
    pub(crate) const DEFAULT: HLimits =
        HLimits { fulls: H_FULLS, semis: H_SEMIS, or_depth: H_OR_DEPTH, cell_pair_carrier: H_CELL_PAIR_CARRIER };
    /// Wider bounds for one analysis that matters more (the playing engine's root).
    pub(crate) const WIDE: HLimits = HLimits { fulls: 8, semis: 24, or_depth: 5, cell_pair_carrier: 2 };
}

/// Anshelevich's H-search (Anshelevich 2002, "A hierarchical approach to computer Hex"; the VC builder of
/// Benzene): full and semi virtual connections of one side between its nodes — its stone groups (the groups
/// touching an edge merged with that edge) and the empty cells — built from adjacency by
/// - the AND rule: full(x, z) and full(z, y) with disjoint carriers, neither containing the other endpoint,
///   give full(x, y) when `z` is a stone group and semi(x, y) with key `z` when `z` is an empty cell; and
///   full(x, g) with semi(g, y) through a group `g` gives semi(x, y);
/// - the OR rule: semi(x, y)s whose carriers (key included) have an empty intersection give full(x, y) with
///   the union as carrier (the opponent's one move misses at least one of them).
///
/// Lists are bounded ([`H_FULLS`], [`H_SEMIS`], [`H_OR_DEPTH`]) and only minimal carriers are kept, so the
/// search is incomplete, but every connection it reports is sound.
pub(crate) struct HSearch {
    /// Number of nodes of the current position.
    nn: usize,
    /// Cells of each node: the group's stones (plus nothing for the edge), or the empty cell's bit.
    cell: Vec<u128>,
    /// Whether each node is a stone group (edges included) rather than an empty cell.
    group: Vec<bool>,
    /// Carriers per ordered pair (min, max): `fulls[(x * nn + y) * H_FULLS + i]`.
    fulls: Vec<u128>,
    nfull: Vec<u8>,
    semis: Vec<u128>,
    nsemi: Vec<u8>,
    /// New fulls / semis to combine: (x, y, carrier).
    queue_full: Vec<(u8, u8, u128)>,
    queue_semi: Vec<(u8, u8, u128)>,
    /// Per node, the nodes it has a full (resp. semi) connection with (bit sets of node indices).
    nbr_full: Vec<u128>,
    nbr_semi: Vec<u128>,
    /// Set when a full connection of the two edges (nodes 0 and 1) is found.
    done: bool,
    /// The node indices of the stone groups (edges included): the first nodes.
    group_nodes: u128,
    /// The bounds ([`HLimits::DEFAULT`] unless set).
    pub(crate) limits: HLimits,
}

/// Outcome of [`HSearch::run`] for one side.
pub(crate) struct EdgeConnections {
    /// The carrier of a full connection between the side's edges, if one was found (it wins even with the
    /// opponent to move); `Some(0)` when the edges are already joined.
    pub full: Option<u128>,
    /// Carriers (keys included) of the semi-connections found between the side's edges.
    pub semis: Vec<u128>,
}

impl HSearch {
    pub(crate) fn new() -> HSearch {
        HSearch {
            nn: 0,
            cell: Vec::new(),
            group: Vec::new(),
            fulls: Vec::new(),
            nfull: Vec::new(),
            semis: Vec::new(),
            nsemi: Vec::new(),
            queue_full: Vec::new(),
            queue_semi: Vec::new(),
            nbr_full: Vec::new(),
            nbr_semi: Vec::new(),
            done: false,
            group_nodes: 0,
            limits: HLimits::DEFAULT,
        }
    }

    #[inline]
    fn pair(&self, x: usize, y: usize) -> usize {
        if x < y { x * self.nn + y } else { y * self.nn + x }
    }

    /// Endpoint cells of node `x` that a carrier must avoid (an empty cell's own bit; nothing for a group).
    #[inline]
    fn ep(&self, x: usize) -> u128 {
        if self.group[x] { 0 } else { self.cell[x] }
    }

    fn add_full(&mut self, x: usize, y: usize, c: u128) {
        if c.count_ones() > self.limits.cell_pair_carrier && !self.group[x] && !self.group[y] {
            return;
        }
        let p = self.pair(x, y);
        let base = p * self.limits.fulls;
        let n = self.nfull[p] as usize;
        if self.fulls[base..base + n].iter().any(|&f| (f & !c) == 0) {
            return;
        }
        // Drop supersets.
        let mut k = 0;
        for i in 0..n {
            let f = self.fulls[base + i];
            if f & c != c {
                self.fulls[base + k] = f;
                k += 1;
            }
        }
        if k >= self.limits.fulls {
            self.nfull[p] = k as u8;
            return;
        }
        self.fulls[base + k] = c;
        self.nfull[p] = k as u8 + 1;
        self.nbr_full[x] |= 1u128 << y;
        self.nbr_full[y] |= 1u128 << x;
        if (x, y) == (0, 1) || (x, y) == (1, 0) {
            self.done = true;
        }
        self.queue_full.push((x as u8, y as u8, c));
    }

    fn add_semi(&mut self, x: usize, y: usize, c: u128) {
        if c.count_ones() > self.limits.cell_pair_carrier && !self.group[x] && !self.group[y] {
            return;
        }
        let p = self.pair(x, y);
        {
            let fb = p * self.limits.fulls;
            if self.fulls[fb..fb + self.nfull[p] as usize].iter().any(|&f| (f & !c) == 0) {
                return;
            }
        }
        let base = p * self.limits.semis;
        let n = self.nsemi[p] as usize;
        if self.semis[base..base + n].iter().any(|&s| (s & !c) == 0) {
            return;
        }
        let mut k = 0;
        for i in 0..n {
            let s = self.semis[base + i];
            if s & c != c {
                self.semis[base + k] = s;
                k += 1;
            }
        }
        if k >= self.limits.semis {
            self.nsemi[p] = k as u8;
            return;
        }
        self.semis[base + k] = c;
        self.nsemi[p] = k as u8 + 1;
        self.nbr_semi[x] |= 1u128 << y;
        self.nbr_semi[y] |= 1u128 << x;
        if self.group[x] || self.group[y] {
            self.queue_semi.push((x as u8, y as u8, c));
        }
        // OR rule: combinations that include the new semi.
        let mut list = [0u128; H_MAX_SEMIS];
        list[..k].copy_from_slice(&self.semis[base..base + k]);
        if let Some(u) = Self::or_rule(&list[..k], 0, c, c, 1, self.limits.or_depth) {
            self.add_full(x, y, u);
        }
    }

    /// A union of `inter`'s semi plus some of `list[from..]` whose carriers' intersection is empty.
    fn or_rule(list: &[u128], from: usize, union: u128, inter: u128, depth: usize, max_depth: usize) -> Option<u128> {
        for i in from..list.len() {
            let ni = inter & list[i];
            if ni == 0 {
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

    /// Builds the connections of `color` (stones `p`, empty cells `empty`) and returns those between its
    /// edges. Stops early once the edges are fully connected.
    pub(crate) fn run(&mut self, m: &Masks, p: u128, empty: u128, color: Color) -> EdgeConnections {
        let (e1, e2) = m.edges(color);
        let a = m.flood(e1 & p, p);
        let b = m.flood(e2 & p, p);
        if a & b != 0 {
            return EdgeConnections { full: Some(0), semis: vec![] };
        }
        self.cell.clear();
        self.group.clear();
        // Node adjacency sets (empty cells next to each group node).
        let mut libs: Vec<u128> = Vec::new();
        self.cell.push(a);
        self.group.push(true);
        libs.push((m.dilate(a) | e1) & empty);
        self.cell.push(b);
        self.group.push(true);
        libs.push((m.dilate(b) | e2) & empty);
        let mut rest = p & !a & !b;
        while rest != 0 {
            let g = m.flood(rest & rest.wrapping_neg(), rest);
            self.cell.push(g);
            self.group.push(true);
            libs.push(m.dilate(g) & empty);
            rest &= !g;
        }
        self.group_nodes = (1u128 << self.cell.len()) - 1;
        let mut index = [0u8; 128];
        for i in bits(empty) {
            index[i] = self.cell.len() as u8;
            self.cell.push(1u128 << i);
            self.group.push(false);
        }
        let nn = self.cell.len();
        if nn > 128 {
            // Node sets are `u128`s: too many nodes (a nearly empty board of more than 126 cells).
            return EdgeConnections { full: None, semis: vec![] };
        }
        self.nn = nn;
        self.nbr_full.clear();
        self.nbr_full.resize(nn, 0);
        self.nbr_semi.clear();
        self.nbr_semi.resize(nn, 0);
        self.fulls.resize(nn * nn * self.limits.fulls, 0);
        self.semis.resize(nn * nn * self.limits.semis, 0);
        self.nfull.clear();
        self.nfull.resize(nn * nn, 0);
        self.nsemi.clear();
        self.nsemi.resize(nn * nn, 0);
        self.queue_full.clear();
        self.queue_semi.clear();
        self.done = false;
        // Base: adjacent nodes are fully connected with an empty carrier.
        for (g, &l) in libs.iter().enumerate() {
            for i in bits(l) {
                self.add_full(g, index[i] as usize, 0);
            }
        }
        for i in bits(empty) {
            for j in bits(m.dilate(1u128 << i) & empty & !((1u128 << i) | ((1u128 << i) - 1))) {
                self.add_full(index[i] as usize, index[j] as usize, 0);
            }
        }
        let mut budget: u32 = 200_000;
        while !self.done && budget > 0 {
            budget -= 1;
            if let Some((x, y, c)) = self.queue_full.pop() {
                let (x, y) = (x as usize, y as usize);
                for (a, mid) in [(x, y), (y, x)] {
                    let ea = self.ep(a);
                    let emid = self.ep(mid);
                    let is_group = self.group[mid];
                    let mut cand = (self.nbr_full[mid] | if is_group { self.nbr_semi[mid] } else { 0 })
                        & !(1u128 << a)
                        & !(1u128 << mid);
                    // Connections between two empty cells are kept only with an empty carrier: from a cell
                    // `a`, a product through an empty `mid` (its carrier holds `mid`) or with a non-empty
                    // carrier `c` can only reach a group.
                    if self.limits.cell_pair_carrier == 0 && !self.group[a] && (!is_group || c != 0) {
                        cand &= self.group_nodes;
                    }
                    for z in bits(cand) {
                        let ez = self.ep(z);
                        if c & ez != 0 {
                            continue;
                        }
                        let p2 = self.pair(mid, z);
                        let nf = self.nfull[p2] as usize;
                        for i in 0..nf {
                            let c2 = self.fulls[p2 * self.limits.fulls + i];
                            if c & c2 != 0 || c2 & ea != 0 {
                                continue;
                            }
                            if is_group {
                                self.add_full(a, z, c | c2);
                            } else {
                                self.add_semi(a, z, c | c2 | emid);
                            }
                        }
                        if is_group {
                            let ns = self.nsemi[p2] as usize;
                            for i in 0..ns {
                                let s = self.semis[p2 * self.limits.semis + i];
                                if c & s != 0 || s & ea != 0 {
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
                    for a in bits(self.nbr_full[g] & !(1u128 << g) & !(1u128 << far)) {
                        let ea = self.ep(a);
                        if s & ea != 0 {
                            continue;
                        }
                        let p2 = self.pair(a, g);
                        for i in 0..self.nfull[p2] as usize {
                            let c = self.fulls[p2 * self.limits.fulls + i];
                            if c & s != 0 || c & ef != 0 {
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
        let p01 = self.pair(0, 1);
        let full = (self.nfull[p01] > 0).then(|| self.fulls[p01 * self.limits.fulls]);
        let (sb, ns) = (p01 * self.limits.semis, self.nsemi[p01] as usize);
        let semis = self.semis[sb..sb + ns].to_vec();
        EdgeConnections { full, semis }
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
    fn hsearch_edge_connections_hold_by_brute_force() {
        let mut seed = 0x1234_5678_9ABC_DEF0u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut fulls, mut semis) = (0, 0);
        for (limits, (w, h)) in [HLimits::DEFAULT, HLimits::WIDE]
            .into_iter()
            .flat_map(|l| [(3usize, 3usize), (4, 4), (4, 3), (3, 4), (5, 4), (4, 5)].map(|s| (l, s)))
        {
            // At most 12 empty cells, so the brute force stays small.
            let least = (w * h).saturating_sub(12);
            let m = Masks::new(w, h);
            let mut memo = HashMap::new();
            let mut hs = HSearch::new();
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
}
