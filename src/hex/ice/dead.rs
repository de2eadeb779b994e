//! Inferior cells of a Hex position: **dead** cells (a stone there never changes the winner) and **captured**
//! pairs (one side answers an intrusion into one cell with the other), after Björnsson, Hayward, Johanson,
//! van Rijswijck 2007, "Dead cell analysis in Hex and the Shannon game", and Henderson, Hayward,
//! "Captured-reversible moves and star decomposition domination in Hex". The rules are derived here and
//! checked by brute force on small boards (the tests). The fill-in ([`Masks::fill`]) also fills the
//! permanently inferior cells of `perm.rs`. Used by the solver (fill-in before a node's analysis), the
//! knowledge of a position and the playing search (inferior cells are never searched).

use super::local::Local;
use crate::hex::Edge;
use crate::hex::bitboard::{Bits, Masks, RING_EDGE, bits};

impl<B: Bits> Masks<B> {
    /// Whether a stone of colour index `c` on the empty cell `x` is **useless** to `c`: it never joins
    /// anything for `c` that is not joined without it. Holds when (a) `x`'s neighbours of colour `c` (stones
    /// and `c`'s edges) all belong to one group `G` of `c` (stones joined through `c`'s stones and edges: an
    /// edge joins every stone touching it) and every empty neighbour of `x` touches `G`: a chain of `c` through `x` enters and leaves
    /// by neighbours that are in or next to `G`, so it can go through `G` instead; or (b) `x` has no
    /// neighbour of colour `c` and its empty neighbours are pairwise adjacent (at most two, next to each
    /// other), so a chain through `x` can step between them directly.
    /// (The fill-in and the pruning use the same rule through `local.rs`, without flood fills; this
    /// definition is the reference its tests check against.)
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) fn useless(&self, x: usize, c: usize, stones: [B; 2]) -> bool {
        let (own, opp) = (stones[c], stones[1 - c]);
        let (mut a_stones, mut a_edges, mut empty) = (B::ZERO, 0u8, B::ZERO);
        for &s in &self.ring[x] {
            if s >= RING_EDGE {
                let e = (s - RING_EDGE) as usize;
                if Edge::ALL[e].owner().index() == c {
                    a_edges |= 1 << e;
                }
            } else if own.has(s as usize) {
                a_stones |= B::bit(s as usize);
            } else if !opp.has(s as usize) {
                empty |= B::bit(s as usize);
            }
        }
        if a_stones.is_zero() && a_edges == 0 {
            return match empty.count_ones() {
                0 | 1 => true,
                2 => self.dilate(empty.lowest()) & empty == empty,
                _ => false,
            };
        }
        let (mut group, mut g_edges) = if !a_stones.is_zero() {
            (self.flood(a_stones.lowest(), own), 0u8)
        } else {
            let e = a_edges.trailing_zeros() as usize;
            (self.flood(self.edge[e] & own, own), 1u8 << e)
        };
        // An edge is one node with every stone that touches it: the group takes the edges it touches and
        // their stones (twice at most: a group joined to both edges has won).
        for _ in 0..2 {
            for e in [2 * c, 2 * c + 1] {
                if g_edges >> e & 1 == 0 && !(group & self.edge[e]).is_zero() {
                    g_edges |= 1 << e;
                }
                if g_edges >> e & 1 == 1 {
                    group |= self.flood(self.edge[e] & own, own);
                }
            }
        }
        let mut reach = self.dilate(group);
        for e in 0..4 {
            if g_edges >> e & 1 == 1 {
                reach |= self.edge[e];
            }
        }
        (a_stones & !group).is_zero() && a_edges & !g_edges == 0 && (empty & !reach).is_zero()
    }

    /// Whether the empty cell `x` is **dead**: its colour never changes the winner. In Hex exactly one side
    /// wins every filled board, so a cell useless to either side (see [`Masks::useless`]) is dead.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(super) fn dead(&self, x: usize, stones: [B; 2]) -> Option<usize> {
        (0..2).find(|&c| self.useless(x, c, stones))
    }

    /// **Inferior-cell fill-in** (after Björnsson, Hayward, Johanson, van Rijswijck, "Dead cell analysis in
    /// Hex and the Shannon game", Henderson, Hayward, "Captured-reversible moves and star decomposition
    /// domination in Hex", and Henderson, Arneson, Hayward 2009, "Solving 8×8 Hex"; the rules are derived
    /// here or taken from Benzene's pattern set, and checked by brute force in the tests). Repeats until
    /// nothing changes:
    /// - *dead cell* ([`Masks::dead`]): filled with the stone of the side it is useless to (any colour would
    ///   do).
    /// - *permanently inferior cell* ([`Masks::permanently_inferior`], `perm.rs`): filled with its owner's
    ///   stone, its carrier staying empty; only when no dead cell or captured pair is left (a winner's
    ///   permanently inferior cell brings its carrier into a proof).
    /// - *captured pair*: two adjacent empty cells `a`, `b` such that with a colour-X stone on either one,
    ///   the other is dead. X answers an intrusion into one by
    ///   taking the other, so both can be filled with X.
    ///
    /// Each step keeps the game value, and stays valid when stones are added elsewhere (deadness only
    /// grows with stones), so every child of the filled position has the value of the same child of the
    /// original, with one exception: a move of the opponent of a permanently inferior cell's owner into its
    /// carrier may be worth more in the original (never less: the original has one opponent stone fewer).
    /// So every winning move of the filled position wins the original.
    ///
    /// For proof sets: a dead cell may take either colour, so only the winner's captured and permanently
    /// inferior cells, with the carriers of the latter, are needed to show that the winner still wins once
    /// the loser's stones fill the cells outside a proof ([`Fill::proof_cells`]).
    pub(crate) fn fill(&self, mut stones: [B; 2]) -> Fill<B> {
        let z = B::ZERO;
        let mut f = Fill { stones, filled: z, captured: [z, z], perm: [z, z], carrier: [z, z] };
        if self.ring.is_empty() {
            return f;
        }
        // The local rule with both colours' groups labelled (`local.rs`), labelled again after each fill.
        let mut local = Local::new(self, stones);
        // A cell whose six neighbours are all empty cells is neither dead (five or six empty neighbours stay
        // unreached) nor half of a captured pair (a stone on one neighbour reaches only two of the other five):
        // only cells next to a stone or an edge are tried.
        let edges = self.edge[0] | self.edge[1] | self.edge[2] | self.edge[3];
        loop {
            let before = f.filled;
            for i in bits(self.all & !(stones[0] | stones[1])) {
                let occupied = stones[0] | stones[1];
                if occupied.has(i) || (!edges.has(i) && (self.dilate(B::bit(i)) & occupied).is_zero()) {
                    continue;
                }
                if let Some(c) = (0..2).find(|&c| local.useless_with(i, c, z, z)) {
                    stones[c] |= B::bit(i);
                    f.filled |= B::bit(i);
                    local = Local::new(self, stones);
                    continue;
                }
                for &j in &self.ring[i] {
                    let j = j as usize;
                    if j >= RING_EDGE as usize || j < i || (stones[0] | stones[1]).has(j) {
                        continue;
                    }
                    let (bi, bj) = (B::bit(i), B::bit(j));
                    // X's answer on one cell makes the other (the intruder's) dead.
                    let owner = (0..2).find(|&x| local.dead_with(i, x, bj, z) && local.dead_with(j, x, bi, z));
                    if let Some(x) = owner {
                        stones[x] |= bi | bj;
                        f.filled |= bi | bj;
                        f.captured[x] |= bi | bj;
                        local = Local::new(self, stones);
                        break;
                    }
                }
            }
            if f.filled != before {
                continue;
            }
            // Only then a permanently inferior cell (its carrier makes proofs larger), and again from the top.
            let empty = self.all & !(stones[0] | stones[1]);
            let perm = bits(empty).find_map(|i| Some(i).zip(self.permanently_inferior(i, stones)));
            if let Some((i, (c, carrier))) = perm {
                stones[c] |= B::bit(i);
                f.filled |= B::bit(i);
                f.perm[c] |= B::bit(i);
                f.carrier[c] |= carrier;
                local = Local::new(self, stones);
                continue;
            }
            // A carrier cell may have been filled later on: it stays in the carrier (the proof-set argument
            // unwinds the fill-in step by step, and at the permanently inferior cell's step it was empty).
            f.stones = stones;
            return f;
        }
    }

    /// The fill-in of [`Masks::fill`] as (stones after the fill-in by colour index, the filled cells, the
    /// captured ones among them by owner's colour index).
    pub(crate) fn fill_inferior(&self, stones: [B; 2]) -> ([B; 2], B, [B; 2]) {
        let f = self.fill(stones);
        (f.stones, f.filled, f.captured)
    }
}

/// The result of [`Masks::fill`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fill<B: Bits = u128> {
    /// The stones after the fill-in, by colour index.
    pub(crate) stones: [B; 2],
    /// Every filled cell.
    pub(crate) filled: B,
    /// The captured cells among them, by owner's colour index.
    pub(crate) captured: [B; 2],
    /// The permanently inferior cells among them, by owner's colour index.
    pub(crate) perm: [B; 2],
    /// The carriers of the permanently inferior cells (empty after the fill-in), by owner's colour index.
    pub(crate) carrier: [B; 2],
}

impl<B: Bits> Fill<B> {
    /// The cells a proof set of a win of colour index `winner` must contain on top of the filled position's
    /// proof: the winner's captured and permanently inferior cells and the latter's carriers (see
    /// [`Masks::fill`]); the other filled cells may take the loser's colour.
    pub(crate) fn proof_cells(&self, winner: usize) -> B {
        self.captured[winner] | self.perm[winner] | self.carrier[winner]
    }

    /// The dead cells: filled and neither captured nor permanently inferior.
    pub(crate) fn dead(&self) -> B {
        self.filled & !(self.captured[0] | self.captured[1] | self.perm[0] | self.perm[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Color;
    use crate::hex::bitboard::brute::value;
    use std::collections::HashMap;

    /// Inferior-cell fill-in keeps the game value: on random positions of small boards (every dead, captured
    /// and permanently inferior pattern found there), the filled position has the same winner as the original
    /// by plain minimax, for both sides to move; every winning move of the filled position wins the original
    /// (and has the same value there, except the moves into a permanently inferior cell's carrier by the
    /// opponent of its owner), the proof-set claim of [`Masks::fill`] holds, and every filled cell is empty in
    /// the original.
    #[test]
    fn fill_in_keeps_the_game_value_by_brute_force() {
        let mut seed = 0x0F1E_2D3C_4B5A_6978u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut checked, mut cells, mut perms) = (0, 0, 0);
        for (w, h) in [(2usize, 2usize), (3, 3), (4, 4), (4, 3), (3, 4), (5, 4), (4, 5), (5, 5)] {
            let least = (w * h).saturating_sub(12);
            let m = Masks::new(w, h);
            let mut memo = HashMap::new();
            for _ in 0..400 {
                let mut stones = [0u128; 2];
                let k = (least + (rnd() % 6) as usize).min(w * h - 1);
                for _ in 0..k {
                    let empty = m.all & !(stones[0] | stones[1]);
                    let cs: Vec<usize> = bits(empty).collect();
                    let i = cs[(rnd() % cs.len() as u64) as usize];
                    stones[(rnd() % 2) as usize] |= 1 << i;
                }
                let f = m.fill(stones);
                let (filled, fill, cap, perm) = (f.stones, f.filled, f.captured, f.perm);
                assert_eq!(m.fill_inferior(stones), (filled, fill, cap));
                assert_eq!(cap[0] & cap[1], 0);
                assert_eq!((cap[0] | cap[1]) & (perm[0] | perm[1]), 0);
                assert_eq!((cap[0] | cap[1] | perm[0] | perm[1]) & !fill, 0);
                for c in 0..2 {
                    assert_eq!((cap[c] | perm[c]) & !filled[c], 0);
                    assert_eq!(f.carrier[c] & (stones[0] | stones[1]), 0);
                }
                if fill == 0 {
                    continue;
                }
                assert_eq!(fill & (stones[0] | stones[1]), 0);
                assert_eq!(filled[0] | filled[1], stones[0] | stones[1] | fill);
                checked += 1;
                cells += fill.count_ones();
                perms += (perm[0] | perm[1]).count_ones();
                for side in [Color::Black, Color::White] {
                    let you = side.opponent();
                    let (e1, e2) = m.edges(you);
                    if m.flood(e1 & stones[you.index()], stones[you.index()]) & e2 != 0 {
                        continue;
                    }
                    let v = value(&m, stones, side, &mut memo);
                    assert_eq!(value(&m, filled, side, &mut memo), v, "{w}x{h} {stones:?} -> {filled:?}, {side:?} to move");
                    // The proof-set claim: the loser may take the dead cells and its own captured and
                    // permanently inferior ones; the winner's carriers stay empty.
                    let (winner, loser) = if v { (side, you) } else { (you, side) };
                    let mut t = stones;
                    t[winner.index()] |= cap[winner.index()] | perm[winner.index()];
                    t[loser.index()] |= fill & !f.proof_cells(winner.index());
                    assert_eq!(value(&m, t, side, &mut memo), v, "{w}x{h} {stones:?} -> {t:?}, {side:?} to move");
                    let empty = m.all & !(filled[0] | filled[1]);
                    for x in bits(empty) {
                        let (mut a, mut b) = (stones, filled);
                        a[side.index()] |= 1 << x;
                        b[side.index()] |= 1 << x;
                        let (va, vb) = (value(&m, a, you, &mut memo), value(&m, b, you, &mut memo));
                        if f.carrier[you.index()] >> x & 1 == 1 {
                            // Into the opponent's carrier: a win in the filled position is one in the original.
                            assert!(vb || !va, "{w}x{h} {stones:?} -> {filled:?}, {side:?} plays {x}");
                        } else {
                            assert_eq!(va, vb, "{w}x{h} {stones:?} -> {filled:?}, {side:?} plays {x}");
                        }
                    }
                }
            }
        }
        assert!(checked > 300 && cells > 600 && perms > 20, "{checked} positions, {cells} cells filled, {perms} permanently inferior");
    }

    /// Every permanently inferior pattern keeps the value on its own: on random positions of 4×4 to 5×5
    /// boards, wherever one matches, filling the cell with its owner's stone keeps the winner for either side
    /// to move and the value of every move of the owner.
    #[test]
    fn permanently_inferior_fill_keeps_the_value() {
        let mut seed = 0x0A1B_2C3D_4E5F_6071u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut hits = 0;
        for (w, h) in [(4usize, 4usize), (5, 4), (4, 5), (5, 5)] {
            let m = Masks::new(w, h);
            let mut memo = HashMap::new();
            for _ in 0..700 {
                let mut stones = [0u128; 2];
                let k = ((w * h).saturating_sub(12) + (rnd() % 5) as usize).min(w * h - 1);
                for _ in 0..k {
                    let cs: Vec<usize> = bits(m.all & !(stones[0] | stones[1])).collect();
                    let i = cs[(rnd() % cs.len() as u64) as usize];
                    stones[(rnd() % 2) as usize] |= 1 << i;
                }
                for x in bits(m.all & !(stones[0] | stones[1])) {
                    let Some((owner, carrier)) = m.permanently_inferior(x, stones) else { continue };
                    assert_eq!(carrier.count_ones(), 3);
                    assert_eq!(carrier & (stones[0] | stones[1] | 1 << x), 0);
                    hits += 1;
                    let mut f = stones;
                    f[owner] |= 1 << x;
                    for side in [Color::Black, Color::White] {
                        let you = side.opponent();
                        let (e1, e2) = m.edges(you);
                        if m.flood(e1 & stones[you.index()], stones[you.index()]) & e2 != 0 {
                            continue;
                        }
                        assert_eq!(value(&m, stones, side, &mut memo), value(&m, f, side, &mut memo), "{w}x{h} {stones:?} fill {x}");
                        if side.index() == owner {
                            for y in bits(m.all & !(f[0] | f[1])) {
                                let (mut a, mut b) = (stones, f);
                                a[owner] |= 1 << y;
                                b[owner] |= 1 << y;
                                assert_eq!(value(&m, a, you, &mut memo), value(&m, b, you, &mut memo), "{w}x{h} {stones:?} fill {x}, move {y}");
                            }
                        }
                    }
                }
            }
        }
        assert!(hits > 300, "{hits} matches");
    }
}
