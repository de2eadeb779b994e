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
/// Central cannon (炮 on the central file in its own half, 中炮), middlegame only.
pub const CANNON_CENTRAL_FILE: i32 = 25;
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

/// Positional tables (centipawns, middlegame), Red's view, printed as the board is seen by Red: the first row is
/// Black's back rank (rank 9), the last row Red's back rank (rank 0), files a–i left to right. Our own values.
///
/// Rook: files d and f (the palace ribs) and the enemy's second rank (下二路) are the strong lines; an undeveloped
/// corner rook loses a little (mobility does the rest).
const ROOK_TABLE: [[i32; 9]; 10] = [
    [ 4,  8,  6, 14, 12, 14,  6,  8,  4],
    [ 8, 14, 12, 20, 18, 20, 12, 14,  8],
    [ 4, 10,  8, 16, 14, 16,  8, 10,  4],
    [ 6, 12, 10, 16, 14, 16, 10, 12,  6],
    [ 8, 12, 12, 14, 16, 14, 12, 12,  8],
    [ 6, 10,  8, 14, 14, 14,  8, 10,  6],
    [ 2,  8,  4, 12, 12, 12,  4,  8,  2],
    [ 0,  4,  4, 10,  6, 10,  4,  4,  0],
    [-4,  6,  2, 10,  0, 10,  2,  6, -4],
    [-12, 2,  0,  6,  0,  6,  0,  2,-12],
];
/// Horse: the attacking squares by the enemy palace (卧槽 c8/g8, 挂角 d7/f7) and river-crossing outposts; the
/// palace centre (窝心马) and the back rank are poor.
const HORSE_TABLE: [[i32; 9]; 10] = [
    [ 0, -4,  4,  0, -8,  0,  4, -4,  0],
    [ 0, 10, 34, 16,  6, 16, 34, 10,  0],
    [ 4, 16, 24, 36, 22, 36, 24, 16,  4],
    [ 4, 18, 24, 28, 26, 28, 24, 18,  4],
    [ 2, 14, 22, 24, 22, 24, 22, 14,  2],
    [ 0, 10, 16, 18, 20, 18, 16, 10,  0],
    [-2,  4, 12, 10, 14, 10, 12,  4, -2],
    [-4,  2, 10,  6,  8,  6, 10,  2, -4],
    [-8, -2,  2,  4,-40,  4,  2, -2, -8],
    [-12,-6,  0, -6,-10, -6,  0, -6,-12],
];
/// Cannon: the central file from home (中炮), the river bank (巡河炮); deep squares off the palace files are
/// weak (the bottom cannon is judged dynamically, with its screen).
const CANNON_TABLE: [[i32; 9]; 10] = [
    [ 6,  4,  0, -4, -6, -4,  0,  4,  6],
    [ 2,  2,  0, -4, -8, -4,  0,  2,  2],
    [ 2,  2,  0, -8, -4, -8,  0,  2,  2],
    [ 0,  0, -2,  0,  2,  0, -2,  0,  0],
    [ 0,  0,  0,  2,  6,  2,  0,  0,  0],
    [ 0,  2,  4,  2, 10,  2,  4,  2,  0],
    [ 0,  0,  2,  0, 10,  0,  2,  0,  0],
    [ 2,  4,  6,  6, 16,  6,  6,  4,  2],
    [ 0,  2,  4,  4,  8,  4,  4,  2,  0],
    [ 0,  0,  2,  4,  4,  4,  2,  0,  0],
];
/// Pawn (on top of [`PAWN`]): worth more once across the river, most on the palace files ranks 6–8 where it
/// presses the general; an old pawn on the last rank is nearly idle. Middle pawns (c, e, g) may advance one step.
const PAWN_TABLE: [[i32; 9]; 10] = [
    [ 0,  0,  0,  6, 10,  6,  0,  0,  0],
    [20, 40, 60, 90,110, 90, 60, 40, 20],
    [20, 40, 60, 96,110, 96, 60, 40, 20],
    [20, 36, 50, 70, 80, 70, 50, 36, 20],
    [16, 28, 40, 50, 60, 50, 40, 28, 16],
    [ 0,  0,  6,  0, 14,  0,  6,  0,  0],
    [ 0,  0,  0,  0,  6,  0,  0,  0,  0],
    [ 0,  0,  0,  0,  0,  0,  0,  0,  0],
    [ 0,  0,  0,  0,  0,  0,  0,  0,  0],
    [ 0,  0,  0,  0,  0,  0,  0,  0,  0],
];
/// General leaving its back rank in the middlegame, centipawns per rank stepped up (the endgame does not mind).
pub const KING_RANK_MG: i32 = -30;

/// Value of a Red piece of `kind` on file `f`, rank `r` (Red's view), material included: (middlegame, endgame).
fn red_square_value(kind: PieceKind, f: i32, r: i32) -> (i32, i32) {
    let m = material(kind);
    let cell = |t: &[[i32; 9]; 10]| t[(9 - r) as usize][f as usize];
    let positional = match kind {
        PieceKind::King => if r == 0 && f == 4 { 10 } else { KING_RANK_MG * r },
        PieceKind::Advisor | PieceKind::Elephant => if f == 4 { 10 } else { 0 },
        PieceKind::Horse => cell(&HORSE_TABLE),
        PieceKind::Rook => cell(&ROOK_TABLE),
        PieceKind::Cannon => cell(&CANNON_TABLE) + if f == 4 && r <= 4 { CANNON_CENTRAL_FILE } else { 0 },
        PieceKind::Pawn => cell(&PAWN_TABLE),
    };
    let mg = m + positional;
    let eg = mg
        + match kind {
            PieceKind::Horse => HORSE_ENDGAME,
            PieceKind::Cannon => CANNON_ENDGAME - if f == 4 && r <= 4 { CANNON_CENTRAL_FILE } else { 0 },
            PieceKind::Pawn if r >= 5 && r < 9 => PAWN_CROSSED_ENDGAME,
            PieceKind::Advisor | PieceKind::Elephant => DEFENDER_ENDGAME,
            // The general may step up in the endgame.
            PieceKind::King => -KING_RANK_MG * r,
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
/// Enemy cannon on the general's file behind exactly two screens (中炮 pressure on the central file; with one
/// screen it would be check).
pub const CENTRAL_CANNON: i32 = 25;
/// Enemy cannon on the general's rank with nothing between (沉底炮, "bottom cannon": any piece that steps in
/// becomes a screen and gives check; the general cannot step towards it).
pub const BOTTOM_CANNON: i32 = 45;
/// Extra weight of the empty-head and bottom cannon threats per enemy rook left (centipawns): a cannon aimed at
/// the general is dangerous in proportion to the heavy pieces that can follow it up (half of it for a central
/// cannon behind one screen).
pub const CANNON_THREAT_PER_ROOK: i32 = 35;
/// King attack: penalty `units² × KING_ATTACK_WEIGHT / (2 + defenders)`, where rooks within the king zone
/// ([`KING_ZONE_FILES`], [`KING_ZONE_RANKS`]) count 3
/// units, horses and cannons 2, crossed pawns near the palace 1, and defenders are the advisors and elephants
/// left. Two or more attacking pieces are needed (the rook + horse + cannon convergence the seed describes).
pub const KING_ATTACK_WEIGHT: i32 = 22;
/// The king-attack zone: files and ranks from the general within which a piece counts as an attacker (five
/// ranks reach the attacker's own river bank, where a rook or horse is one move from the palace).
pub const KING_ZONE_FILES: i32 = 3;
pub const KING_ZONE_RANKS: i32 = 5;
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
                df.abs() <= KING_ZONE_FILES && dr.abs() <= KING_ZONE_RANKS
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
        let rook_support = CANNON_THREAT_PER_ROOK * self.count(color.flip(), PieceKind::Rook) as i32;
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
                            (true, 0) => EMPTY_HEAD_CANNON + rook_support,
                            (true, 2) => CENTRAL_CANNON + rook_support / 2,
                            (false, 0) => BOTTOM_CANNON + rook_support,
                            _ => 0,
                        };
                        break;
                    }
                    screens += 1;
                    // One screen would be check (never evaluated); past two nothing counts.
                    if screens > 2 || !along_file {
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
