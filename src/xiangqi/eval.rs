//! Static evaluation: material plus piece-square tables (centipawns, from Red's point of view, kept
//! incrementally in the position), returned from the side to move's point of view.
//!
//! Values are our own, in the proportions Xiangqi literature commonly gives (rook ≈ 2 horses, cannon slightly
//! above a horse in the opening, advisor and elephant ≈ 2 unadvanced pawns, a pawn doubles after the river).

use super::board::Position;
use super::types::{Color, PieceKind};
use std::sync::OnceLock;

/// Material values in centipawns.
pub const ADVISOR: i32 = 120;
pub const ELEPHANT: i32 = 120;
pub const HORSE: i32 = 420;
pub const ROOK: i32 = 950;
pub const CANNON: i32 = 450;
pub const PAWN: i32 = 100;
/// Bonus for a pawn that has crossed the river.
pub const PAWN_CROSSED: i32 = 80;
/// Extra for a crossed pawn on the three palace files, ranks 6–8 (from its side), pressing the palace.
pub const PAWN_NEAR_PALACE: i32 = 60;
/// Penalty for a pawn that reached the last rank (it can only move sideways).
pub const PAWN_LAST_RANK: i32 = -60;
/// Central cannon (炮 on the central file, 中炮).
pub const CANNON_CENTRAL_FILE: i32 = 25;
/// Horse centralisation, per step towards the centre files (max 4).
pub const HORSE_CENTRE_STEP: i32 = 8;
/// Horse advancement, per rank up to the enemy's rank 7.
pub const HORSE_ADVANCE_STEP: i32 = 10;
/// Rook on a file d or f, ready to pin or attack the palace.
pub const ROOK_PALACE_FILE: i32 = 10;
/// Rook advanced to the enemy's side.
pub const ROOK_ADVANCED: i32 = 20;
/// Tempo: the side to move's bonus.
pub const TEMPO: i32 = 10;

/// Material value of `kind` (the general counts 0: it is never exchanged).
pub const fn material(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::King => 0,
        PieceKind::Advisor => ADVISOR,
        PieceKind::Elephant => ELEPHANT,
        PieceKind::Horse => HORSE,
        PieceKind::Rook => ROOK,
        PieceKind::Cannon => CANNON,
        PieceKind::Pawn => PAWN,
    }
}

/// Value of a Red piece of `kind` on file `f`, rank `r` (Red's view), material included.
fn red_square_value(kind: PieceKind, f: i32, r: i32) -> i32 {
    let centre = 4 - (f - 4).abs(); // 0 on the edge, 4 on file e
    let m = material(kind);
    m + match kind {
        PieceKind::King => if r == 0 && f == 4 { 10 } else { -5 * r },
        PieceKind::Advisor | PieceKind::Elephant => if f == 4 { 10 } else { 0 },
        PieceKind::Horse => {
            let adv = r.min(7) * HORSE_ADVANCE_STEP - if r >= 8 { 20 } else { 0 };
            centre.min(4) * HORSE_CENTRE_STEP + adv - if f == 0 || f == 8 { 15 } else { 0 }
        }
        PieceKind::Rook => {
            (if f == 3 || f == 5 { ROOK_PALACE_FILE } else { 0 }) + if r >= 5 { ROOK_ADVANCED } else { 0 }
                - if r == 0 { 10 } else { 0 }
        }
        PieceKind::Cannon => {
            (if f == 4 { CANNON_CENTRAL_FILE } else { 0 }) + if r == 9 && (3..=5).contains(&f) { 15 } else { 0 }
                + if r >= 5 && r <= 7 { -5 } else { 0 }
        }
        PieceKind::Pawn => {
            if r >= 5 {
                let mut v = PAWN_CROSSED + (r - 5).min(2) * 10;
                if (3..=5).contains(&f) && (6..=8).contains(&r) {
                    v += PAWN_NEAR_PALACE;
                }
                if r == 9 {
                    v += PAWN_LAST_RANK;
                }
                v
            } else if f == 4 {
                10
            } else {
                0
            }
        }
    }
}

/// `table[piece code][mailbox cell]`: signed value from Red's point of view (Black's pieces negative).
pub(crate) fn pst() -> &'static [[i16; 256]; 16] {
    static T: OnceLock<Box<[[i16; 256]; 16]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([[0i16; 256]; 16]);
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let code = super::types::Piece::new(color, kind).0 as usize;
                for sq in super::types::Square::all() {
                    let (f, r) = (sq.file() as i32, sq.rank() as i32);
                    let v = match color {
                        Color::Red => red_square_value(kind, f, r),
                        Color::Black => -red_square_value(kind, 8 - f, 9 - r),
                    };
                    t[code][sq.index()] = v as i16;
                }
            }
        }
        t
    })
}

impl Position {
    /// Static evaluation in centipawns from the side to move's point of view (material, piece-square values,
    /// tempo).
    #[inline]
    pub fn evaluate(&self) -> i32 {
        let v = self.pst_score + TEMPO * if self.side == Color::Red { 1 } else { -1 };
        if self.side == Color::Red { v } else { -v }
    }

    /// Non-pawn attacking material (rooks, horses, cannons) of `color`, in centipawns: null-move pruning is
    /// unsafe without some (zugzwang in bare endings).
    pub fn attacking_material(&self, color: Color) -> i32 {
        [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon]
            .iter()
            .map(|&k| self.count(color, k) as i32 * material(k))
            .sum()
    }
}
