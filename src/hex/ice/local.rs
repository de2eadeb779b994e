//! Fast local deadness tests with hypothetical stones: the rule of [`Masks::useless`] (see `dead.rs`) asked
//! of a position with one or two stones added, without flood fills. The groups of both colours are labelled
//! once per position ([`Groups`]); a hypothetical stone then only merges the groups next to it.
//!
//! Used by the move pruning ([`super::prune`]): "would a stone of this colour on `y` make `x` dead" is asked
//! for every empty `x` and every `y` near it, so it must cost a few bit operations.
//!
//! [`Masks::useless`]: crate::hex::bitboard::Masks

use crate::hex::Edge;
use crate::hex::bitboard::{Bits, Masks, RING_EDGE, bits};
use crate::hex::bitset::MAX_CELLS;

/// No group: the cell is not a stone of the labelled colour.
const NONE: u16 = u16::MAX;

/// The groups of one colour: stones joined through stones of that colour, each of the colour's two edges
/// belonging to the group of the stones that touch it (an edge nobody touches is a group of its own).
pub(super) struct Groups<B: Bits> {
    /// Group of each cell (`NONE` when not a stone of this colour).
    id: [u16; MAX_CELLS],
    /// Group of each edge of this colour, by [`Edge::ALL`] index (`NONE` for the other colour's edges).
    edge: [u16; 4],
    /// Per group, the cells next to it: next to its stones, and the cells along its edges.
    reach: Vec<B>,
}

impl<B: Bits> Groups<B> {
    /// The groups of colour index `c` with stones `own`.
    pub(super) fn new(m: &Masks<B>, c: usize, own: B) -> Groups<B> {
        let mut g = Groups { id: [NONE; MAX_CELLS], edge: [NONE; 4], reach: Vec::new() };
        let add = |g: &mut Groups<B>, stones: B, edges: u8| {
            let k = g.reach.len() as u16;
            let mut reach = m.dilate(stones);
            for i in bits(stones) {
                g.id[i] = k;
            }
            for e in 0..4 {
                if edges >> e & 1 == 1 {
                    g.edge[e] = k;
                    reach |= m.edge[e];
                }
            }
            g.reach.push(reach);
        };
        let mut rest = own;
        let (e1, e2) = (2 * c, 2 * c + 1);
        debug_assert!(Edge::ALL[e1].owner().index() == c && Edge::ALL[e2].owner().index() == c);
        let mut a = m.flood(m.edge[e1] & own, own);
        let touches_b = !(a & m.edge[e2]).is_zero();
        if touches_b {
            a |= m.flood(m.edge[e2] & own, own);
        }
        add(&mut g, a, 1 << e1 | (touches_b as u8) << e2);
        rest &= !a;
        if !touches_b {
            let b = m.flood(m.edge[e2] & own, own);
            add(&mut g, b, 1 << e2);
            rest &= !b;
        }
        while !rest.is_zero() {
            let s = m.flood(rest.lowest(), rest);
            add(&mut g, s, 0);
            rest &= !s;
        }
        g
    }

    /// Groups next to the cell `y` (its stone neighbours and edges of this colour), as a bit set of group ids
    /// (fewer than `B::BITS` groups: a board of `n ≤ B::BITS` cells has at most `n / 2 + 1` stone groups, plus two edges).
    fn around(&self, m: &Masks<B>, y: usize) -> B {
        let mut s = B::ZERO;
        for &t in &m.ring[y] {
            let k = if t >= RING_EDGE { self.edge[(t - RING_EDGE) as usize] } else { self.id[t as usize] };
            if k != NONE {
                s |= B::bit(k as usize);
            }
        }
        s
    }
}

/// The position of a local test: stones by colour index and both colours' groups.
pub(super) struct Local<'a, B: Bits> {
    pub(super) m: &'a Masks<B>,
    pub(super) stones: [B; 2],
    pub(super) groups: [Groups<B>; 2],
}

impl<'a, B: Bits> Local<'a, B> {
    pub(super) fn new(m: &'a Masks<B>, stones: [B; 2]) -> Local<'a, B> {
        Local { m, stones, groups: [Groups::new(m, 0, stones[0]), Groups::new(m, 1, stones[1])] }
    }

    /// Whether a stone of colour index `c` on the empty cell `x` is useless to `c` (the rule of
    /// `Masks::useless`) once stones of colour `c` are added on `extra` and stones of the other colour on
    /// `other` (all of them empty cells other than `x`).
    pub(super) fn useless_with(&self, x: usize, c: usize, extra: B, other: B) -> bool {
        let m = self.m;
        let g = &self.groups[c];
        let own = self.stones[c] | extra;
        let opp = self.stones[1 - c] | other;
        // x's neighbours of colour c: groups (bit set of ids) and added stones; its empty neighbours.
        let (mut nb_groups, mut nb_extra, mut empty) = (B::ZERO, B::ZERO, B::ZERO);
        for &s in &m.ring[x] {
            if s >= RING_EDGE {
                let k = g.edge[(s - RING_EDGE) as usize];
                if k != NONE {
                    nb_groups |= B::bit(k as usize);
                }
            } else if extra.has(s as usize) {
                nb_extra |= B::bit(s as usize);
            } else if own.has(s as usize) {
                nb_groups |= B::bit(g.id[s as usize] as usize);
            } else if !opp.has(s as usize) {
                empty |= B::bit(s as usize);
            }
        }
        if nb_groups.is_zero() && nb_extra.is_zero() {
            return match empty.count_ones() {
                0 | 1 => true,
                2 => m.dilate(empty.lowest()) & empty == empty,
                _ => false,
            };
        }
        // The component of one neighbour among the groups and the added stones.
        let (mut comp_groups, mut comp_extra) = if !nb_groups.is_zero() {
            (nb_groups.lowest(), B::ZERO)
        } else {
            let y = nb_extra.lowest();
            (g.around(m, y.trailing_zeros() as usize), y)
        };
        loop {
            let mut grew = false;
            for y in bits(extra & !comp_extra) {
                let around = g.around(m, y);
                if !(around & comp_groups).is_zero() || !(m.dilate(B::bit(y)) & comp_extra).is_zero() {
                    comp_extra |= B::bit(y);
                    comp_groups |= around;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        if !(nb_groups & !comp_groups).is_zero() || !(nb_extra & !comp_extra).is_zero() {
            return false;
        }
        let mut reach = m.dilate(comp_extra);
        for k in bits(comp_groups) {
            reach |= g.reach[k];
        }
        (empty & !reach).is_zero()
    }

    /// Whether the empty cell `x` is dead (useless to either colour) once stones of colour index `c` are added
    /// on `extra` and of the other colour on `other`.
    pub(super) fn dead_with(&self, x: usize, c: usize, extra: B, other: B) -> bool {
        self.useless_with(x, c, extra, other) || self.useless_with(x, 1 - c, other, extra)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The local test agrees with the flood-fill rule of `Masks::useless` on random positions with the
    /// hypothetical stones played.
    #[test]
    fn local_deadness_matches_the_flood_fill_rule() {
        let mut seed = 0x5EED_0F1C_E000_0001u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut checked = 0;
        for (w, h) in [(3usize, 3usize), (4, 4), (5, 4), (6, 6), (7, 5), (11, 11)] {
            let m = Masks::new(w, h);
            for _ in 0..300 {
                let mut stones = [0u128; 2];
                let k = (rnd() % (w * h) as u64) as usize;
                for _ in 0..k {
                    let i = (rnd() % (w * h) as u64) as usize;
                    if (stones[0] | stones[1]) >> i & 1 == 0 {
                        stones[(rnd() % 2) as usize] |= 1 << i;
                    }
                }
                let local = Local::new(&m, stones);
                let empty: Vec<usize> = bits(m.all & !(stones[0] | stones[1])).collect();
                if empty.len() < 4 {
                    continue;
                }
                for _ in 0..20 {
                    let x = empty[(rnd() % empty.len() as u64) as usize];
                    let y = empty[(rnd() % empty.len() as u64) as usize];
                    let z = empty[(rnd() % empty.len() as u64) as usize];
                    if x == y || x == z {
                        continue;
                    }
                    let c = (rnd() % 2) as usize;
                    let (extra, other) = if y == z { (1u128 << y, 0) } else { (1u128 << y, 1u128 << z) };
                    let mut s = stones;
                    s[c] |= extra;
                    s[1 - c] |= other;
                    for col in 0..2 {
                        let (e, o) = if col == c { (extra, other) } else { (other, extra) };
                        assert_eq!(local.useless_with(x, col, e, o), m.useless(x, col, s), "{w}x{h} {stones:?} x {x} c {col} +{e:b} -{o:b}");
                    }
                    // Two added stones of one colour.
                    let mut s2 = stones;
                    s2[c] |= 1 << y | 1 << z;
                    assert_eq!(local.useless_with(x, c, 1 << y | 1 << z, 0), m.useless(x, c, s2));
                    checked += 1;
                }
            }
        }
        assert!(checked > 3000, "{checked}");
    }
}
