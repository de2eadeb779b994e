//! The solver's cheap static analysis ([`Solver::quick`]): a win in one, two opponent threats, and the greedy
//! chain of bridges and ziggurats with pairwise disjoint carriers ([`Solver::vc`]); see the module
//! documentation of [`super`] ("Virtual connections from bridges", "Ziggurats").

use super::{Board, Solver};
use crate::hex::Color;
use crate::hex::bitboard::Bits;

impl<B: Bits> Solver<B> {
    /// The cells where `color` would complete a chain, given its stones `p` and the empty cells.
    #[inline]
    pub(super) fn win_cells(&self, p: B, empty: B, color: Color) -> B {
        let (e1, e2) = self.m.edges(color);
        let a = self.m.flood(e1 & p, p);
        let b = self.m.flood(e2 & p, p);
        if !(a & b).is_zero() {
            return !B::ZERO;
        }
        (self.m.dilate(a) | e1) & (self.m.dilate(b) | e2) & empty
    }

    /// A virtual connection of `color`'s two edges with stones `p`: its carrier (the empty cells it needs), or
    /// `None` when none is found. Nodes are the side's stone groups plus its two edges (with the groups that
    /// touch them); two nodes sharing two empty neighbours not used by another bridge are joined by a bridge
    /// (carrier: those two cells). Greedy, so incomplete, but sound: carriers are pairwise disjoint.
    pub(super) fn vc(&self, p: B, empty: B, color: Color) -> Option<B> {
        const MAXN: usize = 72;
        let (e1, e2) = self.m.edges(color);
        let a = self.m.flood(e1 & p, p);
        let b = self.m.flood(e2 & p, p);
        if !(a & b).is_zero() {
            return Some(B::ZERO);
        }
        let mut libs = [B::ZERO; MAXN];
        let mut groups = [B::ZERO; MAXN];
        libs[0] = (self.m.dilate(a) | e1) & empty;
        libs[1] = (self.m.dilate(b) | e2) & empty;
        groups[0] = a;
        groups[1] = b;
        let mut n = 2;
        let mut rest = p & !a & !b;
        while !rest.is_zero() && n < MAXN {
            let g = self.m.flood(rest.lowest(), rest);
            libs[n] = self.m.dilate(g) & empty;
            groups[n] = g;
            n += 1;
            rest &= !g;
        }
        let mut parent = [0u8; MAXN];
        for (i, p) in parent.iter_mut().enumerate().take(n) {
            *p = i as u8;
        }
        fn find(parent: &[u8; 72], mut x: usize) -> usize {
            while parent[x] as usize != x {
                x = parent[x] as usize;
            }
            x
        }
        let mut used = B::ZERO;
        let mut bridges: [(u8, u8, B); MAXN] = [(0, 0, B::ZERO); MAXN];
        let mut nb = 0;
        // Pass 0 takes the bridges with exactly two common cells (no choice to make), pass 1 the ziggurats
        // and the rest.
        for pass in 0..2 {
            let mut changed = true;
            while changed {
                changed = false;
                if pass == 1 {
                    for (side, zigs) in self.m.ziggurats[color.index()].iter().enumerate() {
                        for &(stone, carrier) in zigs {
                            if !p.has(stone as usize) || !(carrier & !empty).is_zero() || !(carrier & used).is_zero() {
                                continue;
                            }
                            let Some(g) = (0..n).find(|&g| groups[g].has(stone as usize)) else { continue };
                            let (rg, re) = (find(&parent, g), find(&parent, side));
                            if rg == re || nb >= MAXN {
                                continue;
                            }
                            used |= carrier;
                            parent[re] = rg as u8;
                            bridges[nb] = (g as u8, side as u8, carrier);
                            nb += 1;
                            changed = true;
                        }
                    }
                }
                for i in 0..n {
                    if (libs[i] & !used).is_zero() {
                        continue;
                    }
                    for j in i + 1..n {
                        let (ri, rj) = (find(&parent, i), find(&parent, j));
                        if ri == rj {
                            continue;
                        }
                        let common = libs[i] & libs[j] & !used;
                        let k = common.count_ones();
                        if k < 2 || (pass == 0 && k != 2) {
                            continue;
                        }
                        let x = common.lowest();
                        let rest = common & !x;
                        let y = rest.lowest();
                        let carrier = x | y;
                        if nb >= MAXN {
                            continue;
                        }
                        used |= carrier;
                        parent[rj] = ri as u8;
                        bridges[nb] = (i as u8, j as u8, carrier);
                        nb += 1;
                        changed = true;
                    }
                }
            }
            if find(&parent, 0) == find(&parent, 1) {
                break;
            }
        }
        if find(&parent, 0) != find(&parent, 1) {
            return None;
        }
        // The bridges form a forest; the carrier is that of the path from edge 0 to edge 1 (breadth first).
        let mut prev: [Option<(u8, B)>; MAXN] = [None; MAXN];
        let mut seen = [false; MAXN];
        let mut queue = [0u8; MAXN];
        let (mut head, mut tail) = (0, 1);
        queue[0] = 0;
        seen[0] = true;
        while head < tail {
            let x = queue[head] as usize;
            head += 1;
            if x == 1 {
                break;
            }
            for &(i, j, c) in &bridges[..nb] {
                let y = if i as usize == x {
                    j as usize
                } else if j as usize == x {
                    i as usize
                } else {
                    continue;
                };
                if !seen[y] {
                    seen[y] = true;
                    prev[y] = Some((x as u8, c));
                    queue[tail] = y as u8;
                    tail += 1;
                }
            }
        }
        let mut carrier = B::ZERO;
        let mut x = 1usize;
        while let Some((p, c)) = prev[x] {
            carrier |= c;
            x = p as usize;
        }
        Some(carrier)
    }

    /// The cheap part of the analysis: a win or loss by a completed chain, two opponent threats or a virtual
    /// connection; `None` when undecided.
    /// With the result comes the winner's proof set.
    pub(super) fn quick(&mut self, b: &Board<B>) -> Option<(bool, B)> {
        self.nodes += 1;
        let me = b.to_move;
        let you = me.opponent();
        let (p, q) = (b.stones[me.index()], b.stones[you.index()]);
        let empty = self.m.all & !(p | q);
        let my_wins = self.win_cells(p, empty, me);
        if !my_wins.is_zero() {
            return Some((true, if my_wins == !B::ZERO { B::ZERO } else { my_wins.lowest() }));
        }
        let your_wins = self.win_cells(q, empty, you);
        if your_wins == !B::ZERO {
            return Some((false, B::ZERO));
        }
        if your_wins.count_ones() >= 2 {
            return Some((false, your_wins));
        }
        if let Some(c) = self.vc(p, empty, me) {
            return Some((true, c));
        }
        if let Some(c) = self.vc(q, empty, you) {
            return Some((false, c));
        }
        None
    }

}
