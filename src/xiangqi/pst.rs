//! Piece-square tables: the tuned (middlegame, endgame) weights of `eval_params.rs` laid out per piece code and
//! mailbox cell, packed into one integer each. The board keeps their sum incrementally, and the evaluation reads
//! the same weights, so both sit above this module.

use super::eval_params;
use super::types::{Color, Piece, PieceKind, Square};
use std::sync::OnceLock;

/// Packs a (middlegame, endgame) pair into one integer whose sums stay exact while each half fits an `i16`
/// (the Stockfish `make_score` trick).
pub const fn pack(mg: i32, eg: i32) -> i32 {
    (eg << 16).wrapping_add(mg)
}
/// Middlegame half of a packed score.
#[inline]
pub const fn mg_of(s: i32) -> i32 {
    s as i16 as i32
}
/// Endgame half of a packed score.
#[inline]
pub const fn eg_of(s: i32) -> i32 {
    ((s.wrapping_add(0x8000)) >> 16) as i16 as i32
}

/// Index of the piece-square feature of a Red piece of `kind` on file `f`, rank `r` (Red's view).
#[inline]
pub const fn psqt_feature(kind: PieceKind, f: i32, r: i32) -> usize {
    let folded = if f > 4 { 8 - f } else { f };
    kind as usize * 50 + (r * 5 + folded) as usize
}

/// `table[piece code][mailbox cell]`: packed (middlegame, endgame) value from Red's point of view (Black's
/// pieces negative).
pub(crate) fn pst() -> &'static [[i32; 256]; 16] {
    static T: OnceLock<Box<[[i32; 256]; 16]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([[0i32; 256]; 16]);
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let code = Piece::new(color, kind).0 as usize;
                for sq in Square::all() {
                    let (f, r) = (sq.file() as i32, sq.rank() as i32);
                    let [mg, eg] = match color {
                        Color::Red => eval_params::PSQT[kind as usize][psqt_feature(kind, f, r) % 50],
                        Color::Black => {
                            let [mg, eg] = eval_params::PSQT[kind as usize][psqt_feature(kind, 8 - f, 9 - r) % 50];
                            [-mg, -eg]
                        }
                    };
                    t[code][sq.index()] = pack(mg, eg);
                }
            }
        }
        t
    })
}

