//! Bitboards of a Hex board (one bit per cell of a [`Bits`] set: `u128` up to 128 cells, [`WideBits`] up to
//! 19×19; index `row * width + col` as in [`Geometry`](super::Geometry)): neighbourhood dilation, flood fill, edge masks, the edge templates
//! (ziggurats) and each cell's ring of neighbours. Shared by the solver ([`super::solver`]), the inferior-cell
//! analysis ([`super::ice`]) and the VC engine ([`super::vc`]).

use super::{Cell, Color, Edge};
pub(crate) use super::bitset::{Bits, NARROW_CELLS, WideBits};

/// The elements of a cell set, lowest first.
#[inline]
pub(crate) fn bits<B: Bits>(mut m: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m.is_zero() {
            None
        } else {
            let i = m.trailing_zeros() as usize;
            m = m.clear_lowest();
            Some(i)
        }
    })
}

/// Shifts and masks of one board size for bitboard operations on cell sets `B` (the board must have at most
/// `B::BITS` cells). Cell index `row * width + col`, as in [`Geometry`](super::Geometry).
#[derive(Clone, Debug)]
pub(crate) struct Masks<B: Bits = u128> {
    pub(crate) w: usize,
    pub(crate) all: B,
    pub(crate) not_first_col: B,
    pub(crate) not_last_col: B,
    /// Cells touching each edge, in [`Edge::ALL`] order.
    pub(crate) edge: [B; 4],
    /// Tie-break order for moves: cells nearer the centre first.
    pub(crate) order: Vec<u16>,
    /// Ziggurats (edge template IIIa) per colour and per edge of that colour (in [`Color::edges`] order):
    /// (the third-row stone's cell, the 8 empty cells it needs).
    pub(crate) ziggurats: [[Vec<(u16, B)>; 2]; 2],
    /// Per cell, its six neighbours in ring order (consecutive ones are adjacent to each other): a cell index,
    /// or `RING_EDGE + e` for the board side `Edge::ALL[e]`. Empty when the board is thinner than 2 (no
    /// inferior-cell analysis there).
    pub(crate) ring: Vec<[u16; 6]>,
}

/// In [`Masks::ring`], `RING_EDGE + e` stands for the edge `Edge::ALL[e]` (above every cell index: boards
/// have at most 361 cells).
pub(crate) const RING_EDGE: u16 = 1000;

/// The two ziggurats (edge template IIIa, HexWiki "Ziggurat") of a stone at `(c, 2)` joining it to the NORTH
/// edge of a `w × h` board, as lists of (col, row) carrier cells, when they fit on the board. Found (and
/// checked minimal) by exhaustive search of the connection game on rows 1–3.
fn north_ziggurats(w: usize, h: usize, c: i32) -> Vec<Vec<(i32, i32)>> {
    let shapes: [[(i32, i32); 8]; 2] = [
        [(-1, 0), (0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (-1, 2)],
        [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    ];
    if h < 3 {
        return vec![];
    }
    shapes
        .iter()
        .map(|s| s.iter().map(|&(dc, r)| (c + dc, r)).collect::<Vec<_>>())
        .filter(|cells| cells.iter().all(|&(x, _)| x >= 0 && (x as usize) < w))
        .collect()
}

/// Ziggurats of every edge of a `w × h` board, by symmetry from [`north_ziggurats`]: SOUTH by the 180°
/// rotation, WEST by transposing a `h × w` board's NORTH ones (the transpose keeps adjacency), EAST by rotating
/// WEST's.
fn all_ziggurats<B: Bits>(w: usize, h: usize) -> [[Vec<(u16, B)>; 2]; 2] {
    let bit = |c: i32, r: i32| B::bit(r as usize * w + c as usize);
    let mut out: [[Vec<(u16, B)>; 2]; 2] = Default::default();
    // (board width/height to build NORTH templates on, map of (c, r) into this board)
    type Map = Box<dyn Fn(i32, i32) -> (i32, i32)>;
    let (wi, hi) = (w as i32, h as i32);
    let maps: [(usize, usize, usize, usize, Map); 4] = [
        (0, 0, w, h, Box::new(|c, r| (c, r))),
        (0, 1, w, h, Box::new(move |c, r| (wi - 1 - c, hi - 1 - r))),
        (1, 0, h, w, Box::new(|c, r| (r, c))),
        (1, 1, h, w, Box::new(move |c, r| (wi - 1 - r, hi - 1 - c))),
    ];
    for (color, side, bw, bh, map) in maps {
        for c in 0..bw as i32 {
            for cells in north_ziggurats(bw, bh, c) {
                let (sc, sr) = map(c, 2);
                let carrier = cells.iter().fold(B::ZERO, |m, &(x, y)| {
                    let (x, y) = map(x, y);
                    m | bit(x, y)
                });
                out[color][side].push(((sr as usize * w + sc as usize) as u16, carrier));
            }
        }
    }
    out
}

impl<B: Bits> Masks<B> {
    /// The masks of a `w × h` board (`w · h ≤ B::BITS`).
    pub(crate) fn new(w: usize, h: usize) -> Masks<B> {
        debug_assert!(w * h <= B::BITS);
        let n = w * h;
        let all = B::low(n);
        let mut first = B::ZERO;
        let mut last = B::ZERO;
        let mut edge = [B::ZERO; 4];
        for r in 0..h {
            first |= B::bit(r * w);
            last |= B::bit(r * w + w - 1);
        }
        for c in 0..w {
            edge[Edge::North.index()] |= B::bit(c);
            edge[Edge::South.index()] |= B::bit((h - 1) * w + c);
        }
        edge[Edge::West.index()] = first;
        edge[Edge::East.index()] = last;
        // Centre distance in the hex metric (doubled coordinates avoid fractions).
        let mut order: Vec<u16> = (0..n as u16).collect();
        let dist = |i: usize| {
            let (c, r) = ((i % w) as i32 * 2 - (w as i32 - 1), (i / w) as i32 * 2 - (h as i32 - 1));
            // Hex distance with axial coordinates (q = c, r = r): (|q| + |r| + |q + r|) / 2.
            (c.abs() + r.abs() + (c + r).abs(), i)
        };
        crate::sort::sort_by_key(&mut order, |&i| dist(i as usize));
        // Ring order E, NE, N, W, SW, S: each step turns by 60°, so consecutive neighbours touch.
        let mut ring = Vec::new();
        if w >= 2 && h >= 2 {
            for i in 0..n {
                let (c, r) = ((i % w) as i32, (i / w) as i32);
                let mut slots = [0u16; 6];
                for (k, (dc, dr)) in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)].into_iter().enumerate() {
                    let (x, y) = (c + dc, r + dr);
                    slots[k] = if y < 0 {
                        RING_EDGE + Edge::North.index() as u16
                    } else if y >= h as i32 {
                        RING_EDGE + Edge::South.index() as u16
                    } else if x < 0 {
                        RING_EDGE + Edge::West.index() as u16
                    } else if x >= w as i32 {
                        RING_EDGE + Edge::East.index() as u16
                    } else {
                        (y as usize * w + x as usize) as u16
                    };
                }
                ring.push(slots);
            }
        }
        Masks { w, all, not_first_col: all & !first, not_last_col: all & !last, edge, order, ziggurats: all_ziggurats(w, h), ring }
    }

    pub(crate) fn cell(&self, i: usize) -> Cell {
        Cell::new((i % self.w) as u8, (i / self.w) as u8)
    }

    /// `s` and every cell next to a cell of `s`.
    #[inline]
    pub(crate) fn dilate(&self, s: B) -> B {
        let w = self.w as u32;
        (s | ((s << 1) & self.not_first_col)
            | ((s >> 1) & self.not_last_col)
            | (s << w)
            | (s >> w)
            | ((s >> (w - 1)) & self.not_first_col)
            | ((s << (w - 1)) & self.not_last_col))
            & self.all
    }

    /// The cells of `within` joined to `seed ∩ within` through `within`.
    #[inline]
    pub(crate) fn flood(&self, seed: B, within: B) -> B {
        let mut x = seed & within;
        loop {
            let y = self.dilate(x) & within;
            if y == x {
                return x;
            }
            x = y;
        }
    }

    pub(crate) fn edges(&self, c: Color) -> (B, B) {
        let [a, b] = c.edges();
        (self.edge[a.index()], self.edge[b.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::Position;

    /// Whether the owner of `stones` joins the stone `seed` to `edge` cells with play restricted to
    /// `carrier` (the opponent moving first unless `owner_to_move`).
    fn holds(m: &Masks, seed: u128, stones: u128, carrier: u128, edge: u128, owner_to_move: bool) -> bool {
        if m.flood(seed, stones) & edge != 0 {
            return true;
        }
        if owner_to_move {
            bits(carrier).any(|i| holds(m, seed, stones | 1 << i, carrier & !(1u128 << i), edge, false))
        } else {
            carrier != 0 && bits(carrier).all(|i| holds(m, seed, stones, carrier & !(1u128 << i), edge, true))
        }
    }

    #[test]
    fn every_ziggurat_holds_against_any_intrusion() {
        for (w, h) in [(6, 6), (5, 7), (7, 4)] {
            let m = Masks::<u128>::new(w, h);
            let mut count = 0;
            for color in [Color::Black, Color::White] {
                for (side, edge) in color.edges().iter().enumerate() {
                    for &(stone, carrier) in &m.ziggurats[color.index()][side] {
                        assert_eq!(carrier.count_ones(), 8);
                        assert_eq!(carrier >> stone & 1, 0);
                        assert!(holds(&m, 1 << stone, 1 << stone, carrier, m.edge[edge.index()], false), "{w}x{h} {color:?} {edge:?}");
                        // Minimal away from the board's sides: without any one of its cells it fails.
                        if color == Color::Black && (w, h) == (6, 6) && carrier & (m.edge[2] | m.edge[3]) == 0 {
                            for i in bits(carrier) {
                                assert!(!holds(&m, 1 << stone, 1 << stone, carrier & !(1u128 << i), m.edge[edge.index()], false), "{edge:?} {stone} {:?} {i}", bits(carrier).collect::<Vec<_>>());
                            }
                        }
                        count += 1;
                    }
                }
            }
            assert!(count > 0);
        }
        // 6x6: shape A fits for c = 1..3, shape B for c = 0..2.
        let m = Masks::<u128>::new(6, 6);
        assert_eq!(m.ziggurats[0][0].len(), 6);
    }

    #[test]
    fn dilate_follows_the_geometry() {
        let pos = Position::square(5).unwrap();
        let g = pos.geometry();
        let m = Masks::new(5, 5);
        for i in 0..25 {
            let mut want = 1u128 << i;
            for j in g.neighbours(i) {
                want |= 1 << j;
            }
            assert_eq!(m.dilate(1 << i), want, "cell {i}");
        }
        let m = Masks::new(4, 3);
        let g = Position::new(4, 3).unwrap();
        for i in 0..12 {
            let mut want = 1u128 << i;
            for j in g.geometry().neighbours(i) {
                want |= 1 << j;
            }
            assert_eq!(m.dilate(1 << i), want, "cell {i}");
        }
    }
}

/// Plain minimax on small boards, for the brute-force checks of the inferior-cell analysis and H-search.
#[cfg(test)]
pub(crate) mod brute {
    use super::{Masks, bits};
    use crate::hex::Color;
    use std::collections::HashMap;

    /// Whether `mover` wins with perfect play (plain minimax with a memo; `stones` by colour index).
    pub(crate) fn wins(m: &Masks, stones: [u128; 2], mover: Color, memo: &mut HashMap<(u128, u128, u8), bool>) -> bool {
        let joined = |c: Color, s: u128| {
            let (e1, e2) = m.edges(c);
            m.flood(e1 & s, s) & e2 != 0
        };
        let you = mover.opponent();
        if joined(you, stones[you.index()]) {
            return false;
        }
        let key = (stones[0], stones[1], mover as u8);
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        let empty = m.all & !(stones[0] | stones[1]);
        let mut r = false;
        for i in bits(empty) {
            let mut s = stones;
            s[mover.index()] |= 1 << i;
            if joined(mover, s[mover.index()]) || !wins(m, s, you, memo) {
                r = true;
                break;
            }
        }
        memo.insert(key, r);
        r
    }

    /// The winner of `stones` with `mover` to move, also when a chain is already complete.
    pub(crate) fn value(m: &Masks, stones: [u128; 2], mover: Color, memo: &mut HashMap<(u128, u128, u8), bool>) -> bool {
        let (e1, e2) = m.edges(mover);
        if m.flood(e1 & stones[mover.index()], stones[mover.index()]) & e2 != 0 {
            return true;
        }
        wins(m, stones, mover, memo)
    }
}
