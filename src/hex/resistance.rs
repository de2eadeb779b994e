//! **Circuit resistance**: the Hex board as an electrical network, one per side (Anshelevich 2002, "A
//! hierarchical approach to computer Hex", after Shannon's Hex machine; the evaluation of the program Six and
//! the move ordering of Benzene's DFPN solver, Henderson, Arneson, Hayward 2009).
//!
//! For one side, every empty cell is a node, each of its stone groups is a node (a group touching one of its
//! edges is part of that edge's node), and the opponent's stones are cut out. Neighbours are joined by a
//! conductance: 1 between two empty cells, 2 between an empty cell and a group or edge (the values Benzene
//! uses). One unit of current enters at the side's first edge and leaves at the second; the **energy** of a
//! cell is the sum of the currents on its links (twice the current through it). A cell where both sides'
//! current is large lies on both sides' best routes: playing there matters most. The solver tries moves in
//! the order of the sum of both sides' energies ([`Circuit::energies`]).
//!
//! The network is solved exactly (Cholesky factorisation of the grounded conductance matrix: about 40 µs for
//! both sides of a 9×9 board with 18 stones, release build, 2026-12-06; the cost grows as the cube of the
//! empty cells, so a nearly empty 19×19 board takes milliseconds). Nodes cut off from both edges carry no
//! current: a tiny leak to the ground ([`LEAK`]) keeps the matrix positive definite without changing the
//! currents that matter.

use super::Color;
use super::bitboard::{Bits, Masks, RING_EDGE, bits};

/// Conductance between two empty cells.
const EMPTY_TO_EMPTY: f64 = 1.0;
/// Conductance between an empty cell and a group or an edge of the side.
const STONE_TO_EMPTY: f64 = 2.0;
/// Conductance from every node to the ground (the sink), so that nodes without a path to either edge leave
/// the matrix non-singular. Small against the unit conductances: it changes the energies by about 1e-9.
const LEAK: f64 = 1e-9;
/// Marks a cell that is not a node (an opponent stone).
const NONE: u16 = u16::MAX;
/// The sink (the side's second edge), grounded, not a row of the matrix.
const SINK: u16 = u16::MAX - 1;

/// Scratch space for [`Circuit::energies`], reused between calls (no allocation once sized).
#[derive(Default)]
pub(crate) struct Circuit {
    /// The node of each cell ([`NONE`], [`SINK`], or a row of the matrix; the source is row 0).
    node_of: Vec<u16>,
    /// The links: (node, node or [`SINK`], conductance).
    links: Vec<(u16, u16, f64)>,
    /// The conductance matrix (row-major, `n × n`), factorised in place.
    g: Vec<f64>,
    /// Voltages (the right-hand side first).
    v: Vec<f64>,
    /// Energy per node of the side being solved.
    e: Vec<f64>,
}

impl Circuit {
    pub(crate) fn new() -> Circuit {
        Circuit::default()
    }

    /// Adds both sides' energies of every empty cell of the position `stones` (by colour index) to `out`
    /// (indexed by cell, length ≥ the board's cells; other cells are left as they are). A side that has
    /// already joined its edges, or that is cut off from them, adds nothing.
    pub(crate) fn energies<B: Bits>(&mut self, m: &Masks<B>, stones: [B; 2], out: &mut [f64]) {
        for c in [Color::Black, Color::White] {
            self.side(m, stones, c, out);
        }
    }

    /// One side's network: adds each empty cell's energy to `out`.
    fn side<B: Bits>(&mut self, m: &Masks<B>, stones: [B; 2], c: Color, out: &mut [f64]) {
        let n_cells = m.ring.len();
        if n_cells == 0 {
            return;
        }
        let (p, q) = (stones[c.index()], stones[c.opponent().index()]);
        let empty = m.all & !(p | q);
        let (e1, e2) = m.edges(c);
        let src = m.flood(e1 & p, p);
        let snk = m.flood(e2 & p, p);
        let open = p | empty;
        if !(src & snk).is_zero() || (m.flood(e1 & open, open) & e2).is_zero() {
            return;
        }
        self.node_of.clear();
        self.node_of.resize(n_cells, NONE);
        // Row 0: the source (first edge and the groups on it); then the other groups; then the empty cells.
        for i in bits(src) {
            self.node_of[i] = 0;
        }
        for i in bits(snk) {
            self.node_of[i] = SINK;
        }
        let mut n = 1u16;
        let mut rest = p & !src & !snk;
        while !rest.is_zero() {
            let g = m.flood(rest.lowest(), p);
            for i in bits(g) {
                self.node_of[i] = n;
            }
            n += 1;
            rest = rest & !g;
        }
        for i in bits(empty) {
            self.node_of[i] = n;
            n += 1;
        }
        let (first, second) = {
            let [a, b] = c.edges();
            (RING_EDGE + a.index() as u16, RING_EDGE + b.index() as u16)
        };
        // Links from each empty cell (each node pair once: an empty cell meets a group once however many of
        // its stones it touches).
        self.links.clear();
        for i in bits(empty) {
            let a = self.node_of[i];
            let mut seen = [NONE; 6];
            for (k, &nb) in m.ring[i].iter().enumerate() {
                let (b, g) = if nb >= RING_EDGE {
                    if nb == first {
                        (0, STONE_TO_EMPTY)
                    } else if nb == second {
                        (SINK, STONE_TO_EMPTY)
                    } else {
                        continue;
                    }
                } else {
                    let j = nb as usize;
                    if empty.has(j) {
                        if j < i {
                            continue;
                        }
                        (self.node_of[j], EMPTY_TO_EMPTY)
                    } else {
                        (self.node_of[j], STONE_TO_EMPTY)
                    }
                };
                if b == NONE || seen.contains(&b) {
                    continue;
                }
                seen[k] = b;
                self.links.push((a, b, g));
            }
        }
        let n = n as usize;
        self.g.clear();
        self.g.resize(n * n, 0.0);
        for k in 0..n {
            self.g[k * n + k] = LEAK;
        }
        for &(a, b, g) in &self.links {
            let a = a as usize;
            self.g[a * n + a] += g;
            if b != SINK {
                let b = b as usize;
                self.g[b * n + b] += g;
                self.g[a * n + b] -= g;
                self.g[b * n + a] -= g;
            }
        }
        self.v.clear();
        self.v.resize(n, 0.0);
        self.v[0] = 1.0;
        if !cholesky_solve(&mut self.g, &mut self.v, n) {
            return;
        }
        self.e.clear();
        self.e.resize(n, 0.0);
        for &(a, b, g) in &self.links {
            let vb = if b == SINK { 0.0 } else { self.v[b as usize] };
            let i = (g * (self.v[a as usize] - vb)).abs();
            self.e[a as usize] += i;
            if b != SINK {
                self.e[b as usize] += i;
            }
        }
        for i in bits(empty) {
            out[i] += self.e[self.node_of[i] as usize];
        }
    }
}

/// Solves `g x = v` in place (`x` into `v`) for a symmetric positive definite `n × n` matrix `g` (row-major,
/// overwritten by its Cholesky factor). `false` if a pivot is not positive (not expected with the leak).
fn cholesky_solve(g: &mut [f64], v: &mut [f64], n: usize) -> bool {
    for j in 0..n {
        let mut d = g[j * n + j];
        for k in 0..j {
            d -= g[j * n + k] * g[j * n + k];
        }
        if d <= 0.0 {
            return false;
        }
        let d = d.sqrt();
        g[j * n + j] = d;
        for i in j + 1..n {
            let mut s = g[i * n + j];
            for k in 0..j {
                s -= g[i * n + k] * g[j * n + k];
            }
            g[i * n + j] = s / d;
        }
    }
    // L y = v, then Lᵀ x = y.
    for i in 0..n {
        let mut s = v[i];
        for k in 0..i {
            s -= g[i * n + k] * v[k];
        }
        v[i] = s / g[i * n + i];
    }
    for i in (0..n).rev() {
        let mut s = v[i];
        for k in i + 1..n {
            s -= g[k * n + i] * v[k];
        }
        v[i] = s / g[i * n + i];
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_factorisation_solves_a_small_system() {
        // [[4, -2], [-2, 3]] x = [2, 1] → x = [1, 1].
        let mut g = vec![4.0, -2.0, -2.0, 3.0];
        let mut v = vec![2.0, 1.0];
        assert!(cholesky_solve(&mut g, &mut v, 2));
        assert!((v[0] - 1.0).abs() < 1e-12 && (v[1] - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_unit_current_leaves_the_source_and_the_acute_corners_carry_least() {
        // The unit current leaves the source (row 0's energy is the current on its links), and every cell of
        // the empty board carries some.
        let m = Masks::<u128>::new(5, 5);
        let mut c = Circuit::new();
        let mut black = vec![0.0; 25];
        c.side(&m, [0, 0], Color::Black, &mut black);
        assert!((c.e[0] - 1.0).abs() < 1e-6, "{}", c.e[0]);
        assert!(black.iter().all(|&e| e > 0.0));
        // Symmetric under the 180° turn.
        let asym = (0..25).map(|i| (black[i] - black[24 - i]).abs()).fold(0.0, f64::max);
        assert!(asym < 1e-6, "{asym} {black:?}");
        let mut both = vec![0.0; 25];
        c.energies(&m, [0, 0], &mut both);
        // The acute corners (a1, e5) lie on neither side's short routes: the least current.
        let least = (0..25).min_by(|&a, &b| both[a].total_cmp(&both[b])).unwrap();
        assert!(least == 0 || least == 24, "{both:?}");
        assert!(both[12] > both[7] && both[12] > both[11], "the centre above its neighbours: {both:?}");
    }

    #[test]
    fn a_side_that_has_joined_or_is_cut_off_adds_nothing() {
        let m = Masks::<u128>::new(3, 3);
        let row2 = 0b111_000u128;
        let mut c = Circuit::new();
        let mut out = vec![0.0; 9];
        // White holds row 2: Black is cut off from its south edge, and White has joined its edges.
        c.energies(&m, [0, row2], &mut out);
        assert!(out.iter().all(|&e| e == 0.0), "{out:?}");
        // Black holds column b: joined; White is cut off.
        let col_b = 0b010_010_010u128;
        c.energies(&m, [col_b, 0], &mut out);
        assert!(out.iter().all(|&e| e == 0.0), "{out:?}");
    }
}
