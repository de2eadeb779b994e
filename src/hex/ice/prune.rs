//! Moves of the side to move that a search may leave out: **vulnerable** cells (the opponent's answer kills
//! the stone) and **dominated** cells (another move is at least as good), after Björnsson, Hayward, Johanson,
//! van Rijswijck 2007, "Dead cell analysis in Hex and the Shannon game" (vulnerable cells and their killers),
//! Hayward et al. 2005, "Solving 7×7 Hex with domination, fill-in, and virtual connections" (domination), and
//! Henderson, Hayward 2013, "Captured-reversible moves and star decomposition domination in Hex" (reversible
//! moves; "capture-domination" on HexWiki's "Domination" page). Benzene's `ice-patterns.txt` lists many of
//! these as patterns; here they are found by asking the local deadness rule ([`super::local`]) about the
//! position with one more stone, so every pattern of that kind within two cells is covered.
//!
//! Write `M` for the side to move and `O` for the opponent; `x` is an empty cell.
//!
//! - **Vulnerable**: an `O` stone on some empty `y` (the *killer*, at most two cells away) makes `x` dead.
//!   Then `M`'s move `x` is *reversible*: after `M x, O y` the `M` stone on `x` is dead, the same as an `O`
//!   stone, so the position is the original with two more `O` stones.
//! - **Dominated**: an `M` stone on some empty `y` (the *dominator*) makes `x` dead, or makes `x` and a
//!   neighbour `z` an `M`-captured pair. Then `M y` is at least as good as `M x`: after `M y` the stone on
//!   `x` may as well be `M`'s, and an extra stone never hurts.
//!
//! **Why all of them can be left out at once.** The deadness the local rule proves holds for *every* filling
//! of the other empty cells (the colour of `x` never changes the winner), so a vulnerable cell stays
//! vulnerable to its killer when stones of either colour are added elsewhere (with the killer still empty);
//! a domination (dead, or a captured pair: `M` answers an intrusion into one cell with the other) stays true
//! when stones of the side to move are added (with the dominator still empty). Say `M` wins the position
//! `P`; then some move that is not left out wins:
//! - A dominated `x` points to its dominator, chosen (greedily, in a fixed order) among the cells that are
//!   not vulnerable and not yet left out, so following the pointers from a winning dominated move ends at a
//!   winning move that is not left out.
//! - A winning vulnerable `x` with killer `y`: `M` wins `P + M x + O y`, which is `P + O x + O y` (dead
//!   `x`), a position with more `O` stones where `M` is to move and wins; a winning move there wins `P` too.
//!   If it is dominated, follow the pointers as above (in `P`); if vulnerable, repeat in the new position
//!   (its vulnerability still holds there). Each round adds `O` stones, so this ends, at a winning move
//!   that is not left out.
//!
//! So two cells that are each other's reason are never both left out: a dominator is never itself left
//! out for being vulnerable, and domination pointers never form a cycle.
//!
//! **Proof sets** (the solver's DFPN): when `M` loses, the proof must keep every killer and dominator of a
//! left-out move empty, so that the facts still hold once `M`'s stones fill the cells outside the proof
//! and the argument above runs there; the killers and dominators are in [`Inferior::reasons`]. The tests
//! check exactly that: `M`'s stones on any cells but the reasons, and still a kept move wins whenever `M`
//! wins.

use super::local::Local;
use crate::hex::bitboard::{Bits, Masks, bits};

/// The inferior moves of the side to move (see the module documentation), among the cells considered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Inferior<B: Bits = u128> {
    /// Vulnerable cells: an opponent stone on its killer makes the cell dead.
    pub(crate) vulnerable: B,
    /// Dominated cells (not vulnerable): a stone of the side to move on its dominator makes the cell dead or
    /// captured.
    pub(crate) dominated: B,
    /// Every killer and dominator of a left-out cell: the cells a loss's proof must keep empty.
    pub(crate) reasons: B,
    /// (cell, killer) of each vulnerable cell, then (cell, dominator) of each dominated one.
    pub(crate) why: Vec<(u16, u16)>,
}

impl<B: Bits> Inferior<B> {
    /// The moves that can be left out: vulnerable or dominated.
    pub(crate) fn pruned(&self) -> B {
        self.vulnerable | self.dominated
    }
}

impl<B: Bits> Masks<B> {
    /// The empty cells within two steps of `x` (not `x`), nearest first: (distance 1, distance 2).
    fn near(&self, x: usize, empty: B) -> (B, B) {
        let one = self.dilate(B::bit(x));
        let two = self.dilate(one);
        (one & empty & !(B::bit(x)), two & !one & empty)
    }

    /// The inferior moves of colour index `mover` (the side to move) among the empty cells of `consider`, in
    /// the position `stones` (by colour index; normally after the fill-in, [`Masks::fill`]). Empty when the
    /// board has no rings (thinner than 2).
    ///
    /// [`Masks::fill`]: crate::hex::bitboard::Masks::fill
    pub(crate) fn inferior_moves(&self, stones: [B; 2], mover: usize, consider: B) -> Inferior<B> {
        let mut out = Inferior::default();
        if self.ring.is_empty() {
            return out;
        }
        let (me, you) = (mover, 1 - mover);
        let occupied = stones[0] | stones[1];
        let empty = self.all & !occupied;
        let consider = consider & empty;
        // A cell with no stone and no edge within two steps is never dead after one more stone.
        let edges = self.edge[0] | self.edge[1] | self.edge[2] | self.edge[3];
        let busy = self.dilate(self.dilate(occupied)) | self.dilate(edges);
        let local = Local::new(self, stones);
        for x in bits(consider & busy) {
            let (one, two) = self.near(x, empty);
            // An O stone next to x can make it useless to either side; one two steps away only to O (it may
            // join O's groups around x, but takes no empty neighbour of x from M).
            let killer = bits(one)
                .find(|&y| local.dead_with(x, you, B::bit(y), B::ZERO))
                .or_else(|| bits(two).find(|&y| local.useless_with(x, you, B::bit(y), B::ZERO)));
            if let Some(y) = killer {
                out.vulnerable |= B::bit(x);
                out.reasons |= B::bit(y);
                out.why.push((x as u16, y as u16));
            }
        }
        // Domination, cells farther from the centre first (so a centre cell is kept of two that dominate each
        // other); a dominator is neither vulnerable nor already dominated.
        for k in (0..self.order.len()).rev() {
            let x = self.order[k] as usize;
            if !(consider & busy & !out.vulnerable).has(x) {
                continue;
            }
            let (one, two) = self.near(x, empty);
            let free = !(out.vulnerable | out.dominated);
            let dominator = bits(one & free)
                .find(|&y| local.dead_with(x, me, B::bit(y), B::ZERO) || self.captured_with(&local, x, me, y, one))
                .or_else(|| bits(two & free).find(|&y| local.useless_with(x, me, B::bit(y), B::ZERO)));
            if let Some(y) = dominator {
                out.dominated |= B::bit(x);
                out.reasons |= B::bit(y);
                out.why.push((x as u16, y as u16));
            }
        }
        out
    }

    /// Whether, with a stone of colour index `c` on `y`, the empty cell `x` and one of its empty neighbours
    /// `z` (in `nbrs`, not `y`) form a pair captured by `c`: a `c` stone on either makes the other dead.
    fn captured_with(&self, local: &Local<B>, x: usize, c: usize, y: usize, nbrs: B) -> bool {
        bits(nbrs & !(B::bit(y))).any(|z| {
            local.dead_with(x, c, B::bit(y) | B::bit(z), B::ZERO) && local.dead_with(z, c, B::bit(y) | B::bit(x), B::ZERO)
        })
    }
}
