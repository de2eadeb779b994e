//! The playouts of the Monte Carlo search ([`super`]): the board is filled at random, except that a bridge the
//! opponent's last stone broke into is saved (the other carrier cell is taken), and the winner of the full
//! board is found by one flood fill. The bridge patterns are precomputed per cell and colour
//! ([`bridge_table`]).

use super::{Tree, side_index};
use crate::hex::bitboard::{Bits, Masks, RING_EDGE, bits};
use crate::hex::{Color, Edge};
use rand_core::Rng;

impl<B: Bits> Tree<B> {
    /// Fills the board from `stones` (`side` to move, `last` the opponent's last move) and returns the
    /// winner with the final stones.
    pub(super) fn rollout(&mut self, mut stones: [B; 2], mut side: Color, mut last: Option<usize>) -> (Color, [B; 2]) {
        let mut empties = std::mem::take(&mut self.empties);
        empties.clear();
        empties.extend(bits(self.masks.all & !(stones[0] | stones[1])).map(B::cell));
        // Each empty cell's place in `empties` (entries of other cells are stale and never read).
        let mut slot = std::mem::take(&mut self.slot);
        slot.resize(B::BITS, B::cell(0));
        for (j, &c) in empties.iter().enumerate() {
            slot[c.into()] = B::cell(j);
        }
        while !empties.is_empty() {
            let me = side_index(side);
            let mut pick = None;
            if self.options.bridge_playouts
                && let Some(x) = last
            {
                pick = self.save_bridge(x, stones, me);
            }
            let j = match pick {
                Some(c) => slot[c].into(),
                None => (self.rng.next_u32() as u64 * empties.len() as u64 >> 32) as usize,
            };
            let cell = empties.swap_remove(j);
            if j < empties.len() {
                slot[empties[j].into()] = B::cell(j);
            }
            stones[me] |= B::bit(cell.into());
            last = Some(cell.into());
            side = side.opponent();
        }
        self.empties = empties;
        self.slot = slot;
        let black = Color::Black.index();
        let (n, s) = (self.masks.edge[Edge::North.index()], self.masks.edge[Edge::South.index()]);
        let joined = !(self.masks.flood(n & stones[black], stones[black]) & s).is_zero();
        (if joined { Color::Black } else { Color::White }, stones)
    }

    /// The cell that saves a bridge of colour index `me` broken into by a stone on `x`, if any (the first in
    /// ring order).
    #[inline]
    pub(super) fn save_bridge(&self, x: usize, stones: [B; 2], me: usize) -> Option<usize> {
        let occupied = stones[0] | stones[1];
        self.bridges[x][me]
            .iter()
            .find(|&&(m, need)| stones[me] & need == need && !occupied.has(m as usize))
            .map(|&(m, _)| m as usize)
    }
}

/// The bridge table of [`Mcts::save_bridge`]: for each cell `x`, each three consecutive neighbours `a, m, b` in
/// ring order (so `m` touches both) with `m` a cell: a bridge of colour `c` between `a` and `b` when each is a
/// stone of `c` or an edge of `c`.
pub(super) fn bridge_table<B: Bits>(masks: &Masks<B>, n: usize) -> Vec<[Vec<(u16, B)>; 2]> {
    let mut out = vec![[Vec::new(), Vec::new()]; n];
    if masks.ring.is_empty() {
        return out;
    }
    for (x, entry) in out.iter_mut().enumerate() {
        let ring = &masks.ring[x];
        for k in 0..6 {
            let (a, m, b) = (ring[k], ring[(k + 1) % 6], ring[(k + 2) % 6]);
            if m >= RING_EDGE {
                continue;
            }
            for (c, list) in entry.iter_mut().enumerate() {
                let mut need = B::ZERO;
                let mut ok = true;
                for end in [a, b] {
                    if end >= RING_EDGE {
                        ok &= Edge::ALL[(end - RING_EDGE) as usize].owner().index() == c;
                    } else {
                        need |= B::bit(end as usize);
                    }
                }
                if ok {
                    list.push((m, need));
                }
            }
        }
    }
    out
}
