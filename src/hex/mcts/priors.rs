//! Move priors for the tree ([`MctsOptions::priors`](super::MctsOptions::priors)): each empty cell's
//! 12-cell neighbourhood pattern, weighted by a Bradley–Terry fit on game records (tools/hex_patterns.py;
//! Coulom 2007's generalized model, as MoHex 2.0 uses), times a weight for its relation to the opponent's last
//! stone. The table is [`super::patterns`] (generated; its header says from what).
//!
//! A pattern is seen by the side to move: Black's board as is, White's transposed with the colours swapped
//! (so the mover always joins the top and bottom edges and both colours share the weights). Its twelve cells
//! are the six neighbours in ring order E, NE, N, W, SW, S and the six bridge cells between consecutive ones;
//! each is empty (0), the mover's (1) or the opponent's (2), digit `i` of a base-3 code; off the board, a row
//! out of range (in the mover's frame) is the mover's edge, else a column out of range the opponent's. The
//! 180° rotation (which keeps both sides' edges) maps digit `k` to `k + 3` in each group: the code is the
//! smaller of the two.
//!
//! The table is stored compactly (about 3 bytes a pattern, so that it costs the wasm bundle little): the
//! ascending codes as gaps, the gammas as bytes `q` with γ = 2^((q − 128) / 16) (steps of 4.4%), decoded once
//! ([`table`]) by products of one constant only, so natively and in wasm alike.

use super::patterns::{CODE_GAPS, LAST, LOG_GAMMAS, RARE};
use crate::hex::bitboard::Bits;
use std::sync::OnceLock;

/// 2^(1/16), the ratio between consecutive gamma bytes (the literal is rounded to the nearest `f32`).
const GAMMA_STEP: f32 = 1.044_273_8;

/// The gamma of each byte `q`: 2^((q − 128) / 16), built from 1.0 by multiplying and dividing by
/// [`GAMMA_STEP`] (correctly rounded operations only: the same values on every IEEE machine).
fn gamma_of_byte() -> [f32; 256] {
    let mut t = [1.0f32; 256];
    for q in 129..256 {
        t[q] = t[q - 1] * GAMMA_STEP;
    }
    for q in (0..128).rev() {
        t[q] = t[q + 1] / GAMMA_STEP;
    }
    t
}

/// The pattern table decoded: (canonical codes ascending, their gammas), built on first use.
fn table() -> &'static (Vec<u32>, Vec<f32>) {
    static TABLE: OnceLock<(Vec<u32>, Vec<f32>)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut code = 0u32;
        let codes = CODE_GAPS
            .iter()
            .map(|&gap| {
                code += gap as u32;
                code
            })
            .collect();
        let by_byte = gamma_of_byte();
        (codes, LOG_GAMMAS.iter().map(|&q| by_byte[q as usize]).collect())
    })
}

/// Neighbour offsets (dc, dr) in ring order, then the bridge cells (sums of consecutive neighbours).
const OFFSETS: [(i32, i32); 12] = [
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, 0),
    (-1, 1),
    (0, 1),
    (2, -1),
    (1, -2),
    (-1, -1),
    (-2, 1),
    (-1, 2),
    (1, 1),
];
/// A slot off the board on the mover's edge / the opponent's edge.
const MINE: u16 = u16::MAX - 1;
const THEIRS: u16 = u16::MAX;
const POW3: [u32; 12] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049, 177147];
/// Where the 180° rotation sends each digit.
const ROT: [usize; 12] = [3, 4, 5, 0, 1, 2, 9, 10, 11, 6, 7, 8];

/// Per side to move (colour index: Black 0, White 1) and cell, the twelve slots of its pattern in that side's
/// frame: a cell index, [`MINE`] or [`THEIRS`].
pub(super) fn pattern_slots(w: usize, h: usize) -> [Vec<[u16; 12]>; 2] {
    let mut out: [Vec<[u16; 12]>; 2] = [Vec::with_capacity(w * h), Vec::with_capacity(w * h)];
    for (side, list) in out.iter_mut().enumerate() {
        for i in 0..w * h {
            let (c, r) = ((i % w) as i32, (i / w) as i32);
            let mut slots = [0u16; 12];
            for (k, &(dc, dr)) in OFFSETS.iter().enumerate() {
                // The mover's frame: (vc, vr) on a vw × vh board; White's is the transpose.
                let (vc, vr, vw, vh) = if side == 0 { (c + dc, r + dr, w, h) } else { (r + dc, c + dr, h, w) };
                slots[k] = if vr < 0 || vr >= vh as i32 {
                    MINE
                } else if vc < 0 || vc >= vw as i32 {
                    THEIRS
                } else {
                    let (x, y) = if side == 0 { (vc, vr) } else { (vr, vc) };
                    (y as usize * w + x as usize) as u16
                };
            }
            list.push(slots);
        }
    }
    out
}

/// The canonical pattern code of a cell with slots `slots` (from [`pattern_slots`] for the side to move),
/// `mine` and `theirs` the stones of the side to move and of the opponent.
#[inline]
pub(super) fn pattern_code<B: Bits>(slots: &[u16; 12], mine: B, theirs: B) -> u32 {
    let (mut code, mut rot) = (0u32, 0u32);
    for (k, &s) in slots.iter().enumerate() {
        let d = match s {
            MINE => 1,
            THEIRS => 2,
            c => {
                if mine.has(c as usize) {
                    1
                } else if theirs.has(c as usize) {
                    2
                } else {
                    0
                }
            }
        };
        code += d * POW3[k];
        rot += d * POW3[ROT[k]];
    }
    code.min(rot)
}

/// The cell's relation to the opponent's last stone `last`: 1 adjacent, 2 a bridge cell of it, 0 otherwise.
#[inline]
pub(super) fn last_class(slots: &[u16; 12], last: Option<usize>) -> usize {
    match last {
        Some(l) => match slots.iter().position(|&s| s as usize == l) {
            Some(k) if k < 6 => 1,
            Some(_) => 2,
            None => 0,
        },
        None => 0,
    }
}

/// The prior weight (gamma) of a cell: its pattern's times its last-move relation's. Products of table
/// constants only (exact IEEE arithmetic, the same natively and in wasm).
#[inline]
pub(super) fn gamma(code: u32, last: usize) -> f32 {
    let (codes, gammas) = table();
    let g = match codes.binary_search(&code) {
        Ok(i) => gammas[i],
        Err(_) => RARE,
    };
    g * LAST[last]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pseudo-random position of `w × h` (stones `[black, white]`).
    fn position(w: usize, h: usize, seed: u64) -> [u128; 2] {
        let mut s = seed;
        let mut out = [0u128; 2];
        for i in 0..w * h {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            match s >> 61 {
                0 | 1 => out[0] |= 1 << i,
                2 | 3 => out[1] |= 1 << i,
                _ => {}
            }
        }
        out
    }

    fn map(stones: u128, w: usize, h: usize, f: impl Fn(usize, usize) -> usize) -> u128 {
        (0..w * h).filter(|&i| stones >> i & 1 == 1).fold(0, |m, i| m | 1u128 << f(i % w, i / w))
    }

    /// The decoded table: codes strictly ascending below 3^12, and each byte's gamma within 10^-5 of
    /// 2^((q − 128) / 16).
    #[test]
    fn the_compact_table_decodes() {
        let (codes, gammas) = table();
        assert_eq!(codes.len(), CODE_GAPS.len());
        assert_eq!(gammas.len(), codes.len());
        assert!(codes.windows(2).all(|w| w[0] < w[1]));
        assert!(*codes.last().unwrap() < 3u32.pow(12));
        for (q, g) in gamma_of_byte().iter().enumerate() {
            let want = 2f64.powf((q as f64 - 128.0) / 16.0);
            assert!((*g as f64 / want - 1.0).abs() < 1e-5, "q {q}: {g} against {want}");
        }
        assert!(gammas.iter().all(|&g| g > 0.0));
    }

    #[test]
    fn rotation_gives_the_same_codes() {
        for (w, h, seed) in [(9, 9, 1), (11, 11, 2), (7, 5, 3), (5, 8, 4)] {
            let p = position(w, h, seed);
            let rot = |c: usize, r: usize| (h - 1 - r) * w + (w - 1 - c);
            let q = [map(p[0], w, h, rot), map(p[1], w, h, rot)];
            let slots = pattern_slots(w, h);
            for side in 0..2 {
                let mut distinct = std::collections::HashSet::new();
                for i in 0..w * h {
                    let (c, r) = (i % w, i / w);
                    let a = pattern_code(&slots[side][i], p[side], p[1 - side]);
                    let b = pattern_code(&slots[side][rot(c, r)], q[side], q[1 - side]);
                    assert_eq!(a, b, "{w}x{h} side {side} cell {i}");
                    distinct.insert(a);
                }
                assert!(distinct.len() > 5);
            }
        }
    }

    #[test]
    fn white_sees_the_transposed_board_as_black() {
        for (w, h, seed) in [(9, 9, 5), (11, 11, 6), (7, 5, 7)] {
            let p = position(w, h, seed);
            // The transposed board (h × w) with the colours swapped: White there is Black here.
            let t = |c: usize, r: usize| c * h + r;
            let q = [map(p[1], w, h, t), map(p[0], w, h, t)];
            let (sp, sq) = (pattern_slots(w, h), pattern_slots(h, w));
            for i in 0..w * h {
                let j = t(i % w, i / w);
                let black_here = pattern_code(&sp[0][i], p[0], p[1]);
                let white_there = pattern_code(&sq[1][j], q[1], q[0]);
                assert_eq!(black_here, white_there, "{w}x{h} cell {i}");
                let white_here = pattern_code(&sp[1][i], p[1], p[0]);
                let black_there = pattern_code(&sq[0][j], q[0], q[1]);
                assert_eq!(white_here, black_there, "{w}x{h} cell {i}");
            }
        }
    }

    #[test]
    fn edges_and_last_move() {
        let slots = pattern_slots(9, 9);
        // Black to move on the empty board: a1 sees its own edge above, the opponent's to the left.
        let a1 = pattern_code(&slots[0][0], 0, 0);
        let centre = pattern_code(&slots[0][40], 0, 0);
        assert_eq!(centre, 0);
        assert_ne!(a1, 0);
        // White's frame: a1 is transposed onto itself, and the edges swap roles, so the code is the same.
        assert_eq!(pattern_code(&slots[1][0], 0, 0), a1);
        assert_eq!(last_class(&slots[0][40], Some(41)), 1);
        assert_eq!(last_class(&slots[0][40], Some(50)), 2);
        assert_eq!(last_class(&slots[0][40], Some(42)), 0);
        assert_eq!(last_class(&slots[0][40], None), 0);
        assert!(gamma(centre, 1) > 0.0);
    }
}
