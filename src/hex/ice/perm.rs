//! **Permanently inferior** cells: an empty cell that one side (the *owner*) may fill with its own stone
//! without changing the winner, as long as the cells of its *carrier* stay as they are (Henderson, Arneson,
//! Hayward 2009, "Solving 8×8 Hex", and Henderson's thesis 2010; the pattern set below is Benzene's
//! `share/fillin-patterns.txt`, "pinf-*", written out again here as facts in our own notation).
//!
//! The shape: the cell `*` has the owner's stones on three consecutive sides (`X`) and three empty cells, the
//! carrier, on the other three; beyond each end of the carrier one more cell must hold the owner's stone or
//! the opponent's (`O`) in one of three places. The opponent's stone on `*` is never better than one on the
//! middle carrier cell (which kills `*`), and once the owner holds that middle cell the carrier with `*` is
//! the owner's (an intrusion is answered inside it; the cells beyond the carrier's ends see to that). That
//! is the idea; what the code relies on is what the fill-in keeps, checked by brute force in
//! `dead.rs`'s `permanently_inferior_fill_keeps_the_value` on every match on random small positions:
//! - the winner, for either side to move;
//! - the value of every move of the owner (the filled position's children are the original's);
//! - for the opponent only one direction: a move that wins in the filled position wins in the original (a
//!   move into the carrier may be worth more in the original, where the owner has no stone on `*`).
//!
//! Patterns are matched in all six rotations and both reflections; a cell off the board counts as a stone of
//! the side whose edge it lies beyond (a cell beyond a corner, off the board in both directions, matches
//! nothing).

use crate::hex::bitboard::{Bits, Masks, RING_EDGE};
use std::sync::OnceLock;

/// The nine permanently-inferior patterns, for the owner `X` against `O`: rows top to bottom, each row
/// shifted half a cell right of the one above (the board display's convention); `*` the cell filled,
/// `.` an empty carrier cell, `X`/`O` stones (or edges), blanks are cells the pattern does not look at.
/// The core `X * .` with `. .` above and `X X` below is common to all; the variants are the 3 × 3 choices
/// of one cell beyond the upper-left end of the carrier (`X` left of it, `O` above it, or `X` above-right of
/// it) and one beyond the right end (`X` below-right, `O` right, or `X` above-right).
pub(super) const PATTERNS: [&str; 9] = [
    // upper-left X, lower-right X (Benzene's pinf-xx)
    "X . .    \n X * .   \n  X X X  ",
    // upper-left X, right O (pinf-xb)
    "X . .    \n X * . O \n  X X    ",
    // upper-left X, upper-right X (pinf-xw)
    "X . . X  \n X * .   \n  X X    ",
    // above O, lower-right X (mirror of pinf-xb)
    " O       \n  . .    \n X * .   \n  X X X  ",
    // above O, right O (pinf-bb)
    " O       \n  . .    \n X * . O \n  X X    ",
    // above O, upper-right X (pinf-bw)
    " O       \n  . . X  \n X * .   \n  X X    ",
    // above-right X, lower-right X (mirror of pinf-xw)
    "   X     \n  . .    \n X * .   \n  X X X  ",
    // above-right X, right O (mirror of pinf-bw)
    "   X     \n  . .    \n X * . O \n  X X    ",
    // above-right X, upper-right X (pinf-ww)
    "   X     \n  . . X  \n X * .   \n  X X    ",
];

/// A parsed pattern: (column offset, row offset, what must be there) relative to `*`; `b'.'` empty,
/// `b'X'` the owner's, `b'O'` the opponent's.
type Pattern = Vec<(i32, i32, u8)>;

/// Parses a picture of [`PATTERNS`]: a cell at text column `x` of line `r` is at axial `(q, r)` with
/// `x = 2q + r + const` (each row shifted half a cell right).
pub(super) fn parse(picture: &str) -> Pattern {
    let lines: Vec<&str> = picture.lines().collect();
    let mut centre = None;
    for (r, line) in lines.iter().enumerate() {
        if let Some(x) = line.find('*') {
            centre = Some((x as i32, r as i32));
        }
    }
    let (cx, cr) = centre.expect("a pattern has a centre '*'");
    let mut out = Vec::new();
    for (r, line) in lines.iter().enumerate() {
        for (x, ch) in line.bytes().enumerate() {
            if matches!(ch, b'.' | b'X' | b'O') {
                let dr = r as i32 - cr;
                let dx = x as i32 - cx - dr;
                assert!(dx % 2 == 0, "pattern cell off the grid: {picture:?} line {r} column {x}");
                out.push((dx / 2, dr, ch));
            }
        }
    }
    out
}

/// The 12 orientations of an offset: rotations by 60° ((q, r) → (−r, q + r)) and the reflection
/// (q, r) → (r, q), all of which map neighbours to neighbours.
fn orient(o: usize, (mut q, mut r): (i32, i32)) -> (i32, i32) {
    if o >= 6 {
        (q, r) = (r, q);
    }
    for _ in 0..o % 6 {
        (q, r) = (-r, q + r);
    }
    (q, r)
}

/// Every pattern in every orientation (duplicates from symmetric patterns removed).
fn oriented() -> &'static [Pattern] {
    static ALL: OnceLock<Vec<Pattern>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all: Vec<Pattern> = Vec::new();
        for p in PATTERNS {
            let base = parse(p);
            for o in 0..12 {
                let mut q: Pattern = base
                    .iter()
                    .map(|&(dq, dr, ch)| {
                        let (a, b) = orient(o, (dq, dr));
                        (a, b, ch)
                    })
                    .collect();
                crate::sort::sort_by(&mut q, |x, y| x.cmp(y));
                if !all.contains(&q) {
                    all.push(q);
                }
            }
        }
        all
    })
}

impl<B: Bits> Masks<B> {
    /// If the empty cell `x` is permanently inferior for some side: that side's colour index and the carrier
    /// (the pattern's empty cells). `stones` by colour index; `h` is the board's height.
    pub(super) fn permanently_inferior(&self, x: usize, stones: [B; 2]) -> Option<(usize, B)> {
        // The core first, on the ring: three consecutive empty cells, the other three neighbours one colour.
        let (mut empty, mut of) = (0u8, [0u8; 2]);
        for (k, &t) in self.ring[x].iter().enumerate() {
            if t >= RING_EDGE {
                of[crate::hex::Edge::ALL[(t - RING_EDGE) as usize].owner().index()] |= 1 << k;
            } else if stones[0].has(t as usize) {
                of[0] |= 1 << k;
            } else if stones[1].has(t as usize) {
                of[1] |= 1 << k;
            } else {
                empty |= 1 << k;
            }
        }
        let three = |m: u8| (0..6).any(|k| m == (0b111u8 << k | 0b111u8 >> (6 - k)) & 0b11_1111);
        if !three(empty) || !(of[0] == !empty & 0b11_1111 || of[1] == !empty & 0b11_1111) {
            return None;
        }
        let w = self.w as i32;
        let h = (self.all.count_ones() as i32) / w;
        let (c, r) = ((x as i32) % w, (x as i32) / w);
        // What is at (c, r): Some(0 | 1) a stone or edge of that colour, Some(2) empty, None beyond a corner.
        let at = |c: i32, r: i32| -> Option<(u8, B)> {
            let (oc, or) = (c < 0 || c >= w, r < 0 || r >= h);
            match (oc, or) {
                (true, true) => None,
                (false, true) => Some((0, B::ZERO)),
                (true, false) => Some((1, B::ZERO)),
                (false, false) => {
                    let i = (r * w + c) as usize;
                    Some(if stones[0].has(i as usize) {
                        (0, B::ZERO)
                    } else if stones[1].has(i as usize) {
                        (1, B::ZERO)
                    } else {
                        (2, B::bit(i))
                    })
                }
            }
        };
        for owner in 0..2u8 {
            'pattern: for p in oriented() {
                let mut carrier = B::ZERO;
                for &(dq, dr, want) in p {
                    let Some((got, bit)) = at(c + dq, r + dr) else { continue 'pattern };
                    let ok = match want {
                        b'.' => got == 2,
                        b'X' => got == owner,
                        _ => got == 1 - owner,
                    };
                    if !ok {
                        continue 'pattern;
                    }
                    carrier |= bit;
                }
                return Some((owner as usize, carrier));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patterns_share_the_core_and_differ_beyond_its_ends() {
        let core = [(-1, 0, b'X'), (-1, 1, b'X'), (0, 1, b'X'), (0, -1, b'.'), (1, -1, b'.'), (1, 0, b'.')];
        let mut variants = Vec::new();
        for p in PATTERNS {
            let cells = parse(p);
            assert_eq!(cells.len(), 8, "{p}");
            for c in core {
                assert!(cells.contains(&c), "{p}: core cell {c:?}");
            }
            let mut extra: Vec<_> = cells.into_iter().filter(|c| !core.contains(c)).collect();
            extra.sort_unstable();
            assert!(!variants.contains(&extra));
            variants.push(extra);
        }
        // 9 patterns = 6 up to reflection, 3 of them symmetric: 3 × 6 + 3 × 12 orientations.
        assert_eq!(oriented().len(), 54);
    }
}
