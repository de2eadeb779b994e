//! Mailbox geometry of the Xiangqi board: direction steps, the horse's legs, per-cell flags (on board, palace,
//! each side's half) and the 90 board cells as mailbox indices. The lowest layer of the rules: board, move
//! generation and evaluation all read it, and it reads only the piece types.

use super::types::Color;

/// Mailbox steps: one point up (towards Black), down, right, left.
pub(crate) const UP: i32 = 16;
pub(crate) const ORTHO: [i32; 4] = [16, -16, 1, -1];
pub(crate) const DIAG: [i32; 4] = [17, 15, -15, -17];
/// Horse moves, each with its leg (the orthogonal neighbour that blocks it).
pub(crate) const HORSE: [(i32, i32); 8] =
    [(33, 16), (31, 16), (-31, -16), (-33, -16), (18, 1), (-14, 1), (14, -1), (-18, -1)];

const fn build_flags() -> [u8; 256] {
    // bit 0: on board; bit 1: in a palace; bit 2: Red's half (ranks 0-4); bit 3: Black's half; bit 4: Black's
    // palace (Red's enemy palace); bit 5: Red's palace.
    let mut t = [0u8; 256];
    let mut r = 0;
    while r < 10 {
        let mut f = 0;
        while f < 9 {
            let i = (r + 3) * 16 + f + 3;
            let mut v = 1u8;
            if f >= 3 && f <= 5 && (r <= 2 || r >= 7) {
                v |= if r >= 7 { 2 | 16 } else { 2 | 32 };
            }
            v |= if r <= 4 { 4 } else { 8 };
            t[i] = v;
            f += 1;
        }
        r += 1;
    }
    t
}
pub(crate) static FLAGS: [u8; 256] = build_flags();

#[inline]
pub(crate) fn in_palace(sq: usize) -> bool {
    FLAGS[sq] & 2 != 0
}
/// Whether `sq` is on `color`'s own half of the board (the river lies between ranks 4 and 5).
#[inline]
pub(crate) fn own_half(sq: usize, color: Color) -> bool {
    FLAGS[sq] & (4 << color.index()) != 0
}

/// Point index (`rank × 9 + file`, 0 ..= 89) of each mailbox cell; 255 off the board. [`BOARD`]'s inverse.
pub(crate) static POINT: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut i = 0;
    while i < 90 {
        t[((i / 9) + 3) * 16 + (i % 9) + 3] = i as u8;
        i += 1;
    }
    t
};

/// Whether `sq` is a palace point on the far half from `color`'s (the palace of `color`'s enemy general).
#[inline]
pub(crate) fn enemy_palace(sq: usize, color: Color) -> bool {
    FLAGS[sq] & (16 << color.index()) != 0
}

/// The 90 board cells, as mailbox indices.
pub(crate) static BOARD: [u8; 90] = {
    let mut b = [0u8; 90];
    let mut i = 0;
    while i < 90 {
        b[i] = (((i / 9) + 3) * 16 + (i % 9) + 3) as u8;
        i += 1;
    }
    b
};
