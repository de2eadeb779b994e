//! Static evaluation: material plus piece-square tables by game phase (middlegame and endgame values kept
//! incrementally in the position, tapered by the attacking material left), mobility and king safety; centipawns,
//! returned from the side to move's point of view.
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

/// Endgame adjustments of material (centipawns): horses gain and cannons lose as the board empties (a cannon
/// needs screens), crossed pawns gain, defenders lose.
pub const HORSE_ENDGAME: i32 = 40;
pub const CANNON_ENDGAME: i32 = -40;
pub const PAWN_CROSSED_ENDGAME: i32 = 50;
pub const DEFENDER_ENDGAME: i32 = -20;
/// Game phase weights of the attacking pieces; [`PHASE_MAX`] at the start (all 4 rooks, horses and cannons).
pub const PHASE_ROOK: i32 = 6;
pub const PHASE_MINOR: i32 = 3;
pub const PHASE_MAX: i32 = 4 * PHASE_ROOK + 8 * PHASE_MINOR;

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

/// Value of a Red piece of `kind` on file `f`, rank `r` (Red's view), material included: (middlegame, endgame).
fn red_square_value(kind: PieceKind, f: i32, r: i32) -> (i32, i32) {
    let centre = 4 - (f - 4).abs(); // 0 on the edge, 4 on file e
    let m = material(kind);
    let positional = match kind {
        PieceKind::King => if r == 0 && f == 4 { 10 } else { -5 * r },
        PieceKind::Advisor | PieceKind::Elephant => if f == 4 { 10 } else { 0 },
        PieceKind::Horse => {
            let adv = r.min(7) * HORSE_ADVANCE_STEP - if r >= 8 { 20 } else { 0 };
            // 窝心马: a horse on the palace centre blocks its own general.
            let home_centre = if f == 4 && r == 1 { -40 } else { 0 };
            centre.min(4) * HORSE_CENTRE_STEP + adv - if f == 0 || f == 8 { 15 } else { 0 } + home_centre
        }
        PieceKind::Rook => {
            (if f == 3 || f == 5 { ROOK_PALACE_FILE } else { 0 }) + if r >= 5 { ROOK_ADVANCED } else { 0 }
                - if r == 0 { 10 } else { 0 }
        }
        PieceKind::Cannon => {
            (if f == 4 { CANNON_CENTRAL_FILE } else { 0 }) + if r == 9 && (3..=5).contains(&f) { 15 } else { 0 }
                + if (5..=7).contains(&r) { -5 } else { 0 }
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
    };
    let mg = m + positional;
    let eg = mg
        + match kind {
            PieceKind::Horse => HORSE_ENDGAME,
            PieceKind::Cannon => CANNON_ENDGAME,
            PieceKind::Pawn if r >= 5 && r < 9 => PAWN_CROSSED_ENDGAME,
            PieceKind::Advisor | PieceKind::Elephant => DEFENDER_ENDGAME,
            // The general may step up in the endgame.
            PieceKind::King => 5 * r,
            _ => 0,
        };
    (mg, eg)
}

/// `table[piece code][mailbox cell]`: packed (middlegame, endgame) value from Red's point of view (Black's
/// pieces negative).
pub(crate) fn pst() -> &'static [[i32; 256]; 16] {
    static T: OnceLock<Box<[[i32; 256]; 16]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = Box::new([[0i32; 256]; 16]);
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let code = super::types::Piece::new(color, kind).0 as usize;
                for sq in super::types::Square::all() {
                    let (f, r) = (sq.file() as i32, sq.rank() as i32);
                    let (mg, eg) = match color {
                        Color::Red => red_square_value(kind, f, r),
                        Color::Black => {
                            let (mg, eg) = red_square_value(kind, 8 - f, 9 - r);
                            (-mg, -eg)
                        }
                    };
                    t[code][sq.index()] = pack(mg, eg);
                }
            }
        }
        t
    })
}

/// Rook mobility: centipawns per reachable point (empty or capture).
pub const ROOK_MOBILITY: i32 = 5;
/// Horse mobility: centipawns per target whose leg is free and which holds no own piece.
pub const HORSE_MOBILITY: i32 = 9;
/// Horse with every leg blocked (蹩马腿 everywhere).
pub const HORSE_TRAPPED: i32 = -30;
/// Cannon mobility per reachable empty point.
pub const CANNON_MOBILITY: i32 = 1;
/// Enemy cannon on the general's file with no piece between (空头炮, "empty-head cannon").
pub const EMPTY_HEAD_CANNON: i32 = 90;
/// Enemy cannon on the general's file with exactly one screen (中炮 pressure on the central file).
pub const CENTRAL_CANNON: i32 = 25;
/// Enemy cannon on the general's back rank with one screen between (沉底炮, "bottom cannon").
pub const BOTTOM_CANNON: i32 = 45;
/// King attack: penalty `units² × KING_ATTACK_WEIGHT / (2 + defenders)`, where rooks within three files and four
/// ranks of the general (on its side of the river) count 3
/// units, horses and cannons 2, crossed pawns near the palace 1, and defenders are the advisors and elephants
/// left. Two or more attacking pieces are needed (the rook + horse + cannon convergence the seed describes).
pub const KING_ATTACK_WEIGHT: i32 = 22;
/// Defenders' worth against the attacking material left: centipawns per advisor/elephant per enemy attack unit
/// (rook 2, horse 1, cannon 1) above [`DEFENDER_NEUTRAL_UNITS`].
pub const DEFENDER_SCALE: i32 = 6;
pub const DEFENDER_NEUTRAL_UNITS: i32 = 5;
/// Two crossed pawns side by side.
pub const PAWNS_CONNECTED: i32 = 15;

/// The evaluation's non-incremental terms, in centipawns from Red's point of view (for `duiyi eval` and the
/// page's teaching views).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct EvalTerms {
    pub mobility: i32,
    pub king_attack: i32,
    pub cannon_threats: i32,
    pub defenders: i32,
    pub pawns: i32,
}

impl EvalTerms {
    /// Sum of the terms.
    pub fn total(&self) -> i32 {
        self.mobility + self.king_attack + self.cannon_threats + self.defenders + self.pawns
    }
}

fn side_sign(c: Color) -> i32 {
    if c == Color::Red { 1 } else { -1 }
}

impl Position {
    /// Static evaluation in centipawns from the side to move's point of view: material and piece-square
    /// values (incremental), mobility, king safety (empty-head, central and bottom cannons; converging
    /// attackers against the defenders left), defenders' worth by the attacking material left, connected
    /// crossed pawns, and tempo.
    #[inline]
    pub fn evaluate(&self) -> i32 {
        let v = self.tapered_pst() + self.dynamic_terms() + TEMPO * side_sign(self.side);
        if self.side == Color::Red { v } else { -v }
    }

    /// Game phase: [`PHASE_MAX`] with all attacking pieces on the board, 0 with none.
    pub fn phase(&self) -> i32 {
        let mut p = 0;
        for c in [Color::Red, Color::Black] {
            p += PHASE_ROOK * self.count(c, PieceKind::Rook) as i32
                + PHASE_MINOR * (self.count(c, PieceKind::Horse) + self.count(c, PieceKind::Cannon)) as i32;
        }
        p.min(PHASE_MAX)
    }

    /// Material and piece-square values, tapered between the middlegame and endgame tables by [`phase`](Self::phase).
    #[inline]
    pub fn tapered_pst(&self) -> i32 {
        let phase = self.phase();
        (mg_of(self.pst_score) * phase + eg_of(self.pst_score) * (PHASE_MAX - phase)) / PHASE_MAX
    }

    /// The non-incremental terms, from Red's point of view.
    fn dynamic_terms(&self) -> i32 {
        self.dynamic_breakdown().total()
    }

    /// The non-incremental terms one by one, from Red's point of view.
    pub fn dynamic_breakdown(&self) -> EvalTerms {
        use super::movegen::{BOARD, HORSE, ORTHO, in_palace, own_half};
        let cells = &self.cells;
        let mut t = EvalTerms::default();
        // attack units against each side's general, attacker count, attack material per side
        let mut units = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut material_units = [0i32; 2];
        for &sq in BOARD.iter() {
            let from = sq as usize;
            let c = cells[from];
            if c == 0 {
                continue;
            }
            let color = if c & 8 == 0 { Color::Red } else { Color::Black };
            let me = color.index();
            let them = 1 - me;
            let sign = side_sign(color);
            let enemy_king = self.kings[them].index() as i32;
            let near = |s: usize| {
                let (df, dr) = ((s as i32 & 15) - (enemy_king & 15), (s as i32 >> 4) - (enemy_king >> 4));
                df.abs() <= 3 && dr.abs() <= 4 && !own_half(s, color)
            };
            match (c & 7) - 1 {
                3 => {
                    material_units[me] += 1;
                    let mut mob = 0;
                    for (d, leg) in HORSE {
                        if cells[(from as i32 + leg) as usize] != 0 {
                            continue;
                        }
                        let t = cells[(from as i32 + d) as usize];
                        if t != 16 && (t == 0 || (t & 8 == 0) != (color == Color::Red)) {
                            mob += 1;
                        }
                    }
                    t.mobility += sign * if mob == 0 { HORSE_TRAPPED } else { mob * HORSE_MOBILITY };
                    if near(from) {
                        units[them] += 2;
                        attackers[them] += 1;
                    }
                }
                4 => {
                    material_units[me] += 2;
                    let mut mob = 0;
                    for d in ORTHO {
                        let mut to = (from as i32 + d) as usize;
                        loop {
                            let t = cells[to];
                            if t == 16 {
                                break;
                            }
                            if t == 0 {
                                mob += 1;
                            } else {
                                if (t & 8 == 0) != (color == Color::Red) {
                                    mob += 1;
                                }
                                break;
                            }
                            to = (to as i32 + d) as usize;
                        }
                    }
                    t.mobility += sign * mob * ROOK_MOBILITY;
                    if near(from) {
                        units[them] += 3;
                        attackers[them] += 1;
                    }
                }
                5 => {
                    material_units[me] += 1;
                    let mut mob = 0;
                    for d in ORTHO {
                        let mut to = (from as i32 + d) as usize;
                        while cells[to] == 0 {
                            mob += 1;
                            to = (to as i32 + d) as usize;
                        }
                    }
                    t.mobility += sign * mob * CANNON_MOBILITY;
                    if near(from) {
                        units[them] += 2;
                        attackers[them] += 1;
                    }
                }
                6 => {
                    if !own_half(from, color) {
                        if near(from) {
                            units[them] += 1;
                        }
                        if cells[from + 1] == c {
                            t.pawns += sign * PAWNS_CONNECTED;
                        }
                    }
                }
                _ => {}
            }
            let _ = in_palace;
        }
        for color in [Color::Red, Color::Black] {
            let me = color.index();
            let them = color.flip();
            let sign = side_sign(color);
            let defenders = (self.count(color, PieceKind::Advisor) + self.count(color, PieceKind::Elephant)) as i32;
            // Defenders are worth more while the enemy keeps attacking material.
            t.defenders += sign * defenders * DEFENDER_SCALE * (material_units[them.index()] - DEFENDER_NEUTRAL_UNITS);
            if attackers[me] >= 2 {
                t.king_attack -= sign * units[me] * units[me] * KING_ATTACK_WEIGHT / (2 + defenders);
            }
            t.cannon_threats -= sign * self.cannon_threats(color);
        }
        t
    }

    /// Penalty (centipawns, positive = bad for `color`) for enemy cannons aimed at `color`'s general along its
    /// file (empty-head or central cannon) or its back rank (bottom cannon).
    fn cannon_threats(&self, color: Color) -> i32 {
        let enemy_cannon = super::types::Piece::new(color.flip(), PieceKind::Cannon).0;
        let k = self.kings[color.index()].index() as i32;
        let up = if color == Color::Red { 16 } else { -16 };
        let mut penalty = 0;
        for (d, along_file) in [(up, true), (1, false), (-1, false)] {
            let mut s = k + d;
            let mut screens = 0;
            loop {
                let c = self.cells[s as usize];
                if c == 16 {
                    break;
                }
                if c != 0 {
                    if c == enemy_cannon {
                        penalty += match (along_file, screens) {
                            (true, 0) => EMPTY_HEAD_CANNON,
                            (true, 1) => CENTRAL_CANNON,
                            (false, 1) => BOTTOM_CANNON,
                            _ => 0,
                        };
                        break;
                    }
                    screens += 1;
                    if screens > 1 {
                        break;
                    }
                }
                s += d;
            }
        }
        penalty
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packed_scores_add_exactly() {
        let a = pack(-950, 120);
        let b = pack(300, -4000);
        assert_eq!((mg_of(a + b), eg_of(a + b)), (-650, -3880));
        assert_eq!((mg_of(a - b), eg_of(a - b)), (-1250, 4120));
    }

    #[test]
    fn the_start_position_is_balanced_and_mirrored() {
        let p = Position::startpos();
        assert_eq!(p.tapered_pst(), 0);
        assert_eq!(p.phase(), PHASE_MAX);
        assert_eq!(p.evaluate(), TEMPO);
    }
}
