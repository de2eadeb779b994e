//! Static evaluation: piece-square values by game phase (material included, kept incrementally in the
//! position), mobility and king safety, tapered between middlegame and endgame weights by the attacking material
//! left; centipawns, returned from the side to move's point of view.
//!
//! The weights live in `eval_params.rs`, fitted by Texel's method (logistic regression of the evaluation on
//! labelled positions: `examples/tune.rs`); this file holds the features. One walk over the board feeds an
//! [`EvalSink`]: the search sums the weights, the tuner records the features ([`Trace`]), so they cannot drift.

use super::board::Position;
use super::types::{Color, PieceKind};

use super::eval_params;
pub use super::pst::{eg_of, mg_of, pack, psqt_feature};

/// Nominal material values in centipawns, for move ordering and the static exchange test in search (the
/// evaluation's own values are in the piece-square weights).
pub const ADVISOR: i32 = 120;
pub const ELEPHANT: i32 = 120;
pub const HORSE: i32 = 420;
pub const ROOK: i32 = 950;
pub const CANNON: i32 = 450;
pub const PAWN: i32 = 100;

/// Nominal material value of `kind` (the general counts 0: it is never exchanged).
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

/// Game phase weights of the attacking pieces; [`PHASE_MAX`] at the start (all 4 rooks, horses and cannons).
pub const PHASE_ROOK: i32 = 6;
pub const PHASE_MINOR: i32 = 3;
pub const PHASE_MAX: i32 = 4 * PHASE_ROOK + 8 * PHASE_MINOR;

/// The evaluation's scalar (non piece-square) features, in the order of `eval_params::SCALARS`. Each is counted
/// from Red's point of view (a Red instance +1, a Black one −1) and weighted by a (middlegame, endgame) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(usize)]
pub enum Scalar {
    /// Rook mobility: per reachable point (empty or capture).
    RookMobility,
    /// Horse mobility: per target whose leg is free and which holds no own piece.
    HorseMobility,
    /// Horse with every leg blocked or every target taken by its own side.
    HorseTrapped,
    /// Cannon mobility: per reachable empty point.
    CannonMobility,
    /// Own cannon on the enemy general's file with no piece between (空头炮, "empty-head cannon").
    EmptyHeadCannon,
    /// Empty-head cannon, per own rook left (the heavy pieces that follow it up).
    EmptyHeadPerRook,
    /// Own cannon on the enemy general's file behind exactly two screens (中炮 pressure).
    CentralCannon,
    /// Central cannon, per own rook left.
    CentralCannonPerRook,
    /// Own cannon on the enemy general's rank with nothing between (沉底炮, "bottom cannon").
    BottomCannon,
    /// Bottom cannon, per own rook left.
    BottomCannonPerRook,
    /// King attack: `units² / (2 + defenders)` with two or more attackers in the enemy general's zone (rook 3
    /// units, horse and cannon 2, crossed pawn 1; defenders = enemy advisors and elephants) — the rook + horse +
    /// cannon convergence the seed article describes.
    KingAttack,
    /// King attack, linear part: the same attack units (two or more attackers).
    KingAttackUnits,
    /// Own defender (advisor or elephant), per enemy attack unit left (rook 2, horse 1, cannon 1).
    DefenderPerEnemyUnit,
    /// Own defender (advisor or elephant), flat.
    Defender,
    /// Two crossed pawns side by side.
    PawnsConnected,
    /// Side to move.
    Tempo,
    /// Horse of the side to move attacking an enemy rook (leg free).
    HorseAttacksRook,
    /// Cannon of the side to move attacking an enemy rook (over one screen).
    CannonAttacksRook,
    /// Pawn of the side to move attacking an enemy rook, horse or cannon.
    PawnAttacksPiece,
    /// Rook or cannon of the side to move attacking an enemy horse or cannon that no enemy piece defends, or a
    /// horse attacking such a cannon (a "loose" piece; pins ignored).
    AttacksLooseMinor,
    /// Own advisor, per enemy horse left (advisors guard the points a horse checks from).
    AdvisorPerEnemyHorse,
    /// Own elephant, per enemy cannon left (elephants screen and guard against cannons).
    ElephantPerEnemyCannon,
    /// Own advisor, per enemy rook left.
    AdvisorPerEnemyRook,
    /// Own elephant, per enemy rook left.
    ElephantPerEnemyRook,
    /// The threats above by the side *not* to move (they can be parried; the ones above are by the side to
    /// move, which could take next): horse attacking a rook.
    HorseAttacksRookWaiting,
    /// Cannon attacking a rook, by the side not to move.
    CannonAttacksRookWaiting,
    /// Pawn attacking a piece, by the side not to move.
    PawnAttacksPieceWaiting,
    /// Attack on a loose horse or cannon, by the side not to move.
    AttacksLooseMinorWaiting,
    /// Both advisors left.
    AdvisorPair,
    /// Both elephants left.
    ElephantPair,
    /// Rook with at most two reachable points (boxed in).
    RookBoxedIn,
    /// Own rook pinning an enemy piece to the enemy general or a rook behind it on the same line (牵制).
    RookPin,
    /// Own cannon pinning an enemy piece (its capture target) to the enemy general or a rook behind it.
    CannonPin,
    /// Enemy palace points a rook attacks (its reachable points plus the first piece on each line).
    RookPalaceAttacks,
    /// Enemy palace points a horse attacks (leg free, any occupant).
    HorsePalaceAttacks,
    /// Enemy palace points a cannon attacks (past its screen, up to and including the next piece).
    CannonPalaceAttacks,
    /// Enemy palace points a pawn attacks.
    PawnPalaceAttacks,
    /// The square of all enemy palace points attacked (each side's count), divided by 4: attacks converging on
    /// the palace grow faster than linearly.
    PalaceAttacksSquared,
    /// Points the general can step to (empty or enemy-held, inside the palace).
    KingRoom,
    /// Horse moves of the side to move that would give check.
    HorseCheckMoves,
    /// Rook moves of the side to move that would give check.
    RookCheckMoves,
    /// Horse moves that would give check, by the side not to move.
    HorseCheckMovesWaiting,
    /// Rook moves that would give check, by the side not to move.
    RookCheckMovesWaiting,
}

/// Number of [`Scalar`] features.
pub const SCALAR_COUNT: usize = 43;
/// Number of piece-square features: 7 kinds × 50 points (files folded left-right).
pub const PSQT_COUNT: usize = 7 * 50;
/// All features: piece-square values first, then the scalars.
pub const FEATURE_COUNT: usize = PSQT_COUNT + SCALAR_COUNT;

/// Names of the scalar features (for the tuner's report and generated file).
pub const SCALAR_NAMES: [&str; SCALAR_COUNT] = [
    "ROOK_MOBILITY",
    "HORSE_MOBILITY",
    "HORSE_TRAPPED",
    "CANNON_MOBILITY",
    "EMPTY_HEAD_CANNON",
    "EMPTY_HEAD_PER_ROOK",
    "CENTRAL_CANNON",
    "CENTRAL_CANNON_PER_ROOK",
    "BOTTOM_CANNON",
    "BOTTOM_CANNON_PER_ROOK",
    "KING_ATTACK",
    "KING_ATTACK_UNITS",
    "DEFENDER_PER_ENEMY_UNIT",
    "DEFENDER",
    "PAWNS_CONNECTED",
    "TEMPO",
    "HORSE_ATTACKS_ROOK",
    "CANNON_ATTACKS_ROOK",
    "PAWN_ATTACKS_PIECE",
    "ATTACKS_LOOSE_MINOR",
    "ADVISOR_PER_ENEMY_HORSE",
    "ELEPHANT_PER_ENEMY_CANNON",
    "ADVISOR_PER_ENEMY_ROOK",
    "ELEPHANT_PER_ENEMY_ROOK",
    "HORSE_ATTACKS_ROOK_WAITING",
    "CANNON_ATTACKS_ROOK_WAITING",
    "PAWN_ATTACKS_PIECE_WAITING",
    "ATTACKS_LOOSE_MINOR_WAITING",
    "ADVISOR_PAIR",
    "ELEPHANT_PAIR",
    "ROOK_BOXED_IN",
    "ROOK_PIN",
    "CANNON_PIN",
    "ROOK_PALACE_ATTACKS",
    "HORSE_PALACE_ATTACKS",
    "CANNON_PALACE_ATTACKS",
    "PAWN_PALACE_ATTACKS",
    "PALACE_ATTACKS_SQUARED",
    "KING_ROOM",
    "HORSE_CHECK_MOVES",
    "ROOK_CHECK_MOVES",
    "HORSE_CHECK_MOVES_WAITING",
    "ROOK_CHECK_MOVES_WAITING",
];

/// Display group of each scalar feature (as in [`EvalTerms`]): 0 mobility, 1 king attack, 2 cannon threats,
/// 3 defenders, 4 pawns, 5 tempo, 6 threats and pins.
const SCALAR_GROUP: [usize; SCALAR_COUNT] = [
    0, 0, 0, 0, // mobility, trapped horse
    2, 2, 2, 2, 2, 2, // empty-head, central, bottom cannons
    1, 1, // king attack
    3, 3, // defenders
    4, // connected pawns
    5, // tempo
    6, 6, 6, 6, // threats by the side to move
    3, 3, 3, 3, // advisors and elephants against attackers
    6, 6, 6, 6, // threats by the side not to move
    3, 3, // pairs
    0, // boxed-in rook
    6, 6, // pins
    1, 1, 1, 1, 1, 1, // palace attacks, squared, king room
    1, 1, 1, 1, // checking moves
];

/// The current weights as one vector, `[middlegame, endgame]` per feature (index as in [`psqt_feature`], then
/// `PSQT_COUNT + Scalar as usize`).
pub fn weights() -> Vec<[i32; 2]> {
    let mut w = Vec::with_capacity(FEATURE_COUNT);
    for k in 0..7 {
        w.extend_from_slice(&eval_params::PSQT[k]);
    }
    w.extend_from_slice(&eval_params::SCALARS);
    w
}

/// The king's zone: files and ranks from the general within which a piece counts as an attacker (five ranks
/// reach the attacker's own river bank, where a rook or horse is one move from the palace).
pub const KING_ZONE_FILES: i32 = 3;
pub const KING_ZONE_RANKS: i32 = 5;

#[inline]
const fn scalar(s: Scalar) -> [i32; 2] {
    eval_params::SCALARS[s as usize]
}

/// Receives the evaluation's features as they are found: the same walk over the board either sums the
/// weights (search) or records the features (tuning, teaching views), so the two can never disagree.
pub trait EvalSink {
    /// `n` instances of scalar feature `s`, Red-positive.
    fn add(&mut self, s: Scalar, n: i32);
    /// A king attack by the side of `sign` (+1 Red, −1 Black) with `units` attack units against a general
    /// with `defenders` advisors and elephants (two or more attackers).
    fn king_attack(&mut self, sign: i32, units: i32, defenders: i32);
}

/// Sums the weights as one packed (middlegame, endgame) score.
struct Sum(i32);

impl EvalSink for Sum {
    #[inline(always)]
    fn add(&mut self, s: Scalar, n: i32) {
        let [mg, eg] = scalar(s);
        self.0 += pack(mg, eg) * n;
    }
    #[inline(always)]
    fn king_attack(&mut self, sign: i32, units: i32, defenders: i32) {
        let [mg, eg] = scalar(Scalar::KingAttack);
        let [lmg, leg] = scalar(Scalar::KingAttackUnits);
        let sq = units * units;
        self.0 += pack(sign * (sq * mg / (2 + defenders) + units * lmg), sign * (sq * eg / (2 + defenders) + units * leg));
    }
}

/// A position's features: `(feature index, count)` pairs (Red-positive; the king attack as its real value
/// `units² / (2 + defenders)`) and the phase, for the tuner (`examples/tune.rs`) and the teaching views.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// Sparse feature counts; an index may repeat (counts add).
    pub features: Vec<(u16, f32)>,
    /// Game phase, 0 ..= [`PHASE_MAX`].
    pub phase: i32,
}

impl EvalSink for Trace {
    fn add(&mut self, s: Scalar, n: i32) {
        if n != 0 {
            self.features.push(((PSQT_COUNT + s as usize) as u16, n as f32));
        }
    }
    fn king_attack(&mut self, sign: i32, units: i32, defenders: i32) {
        let sq = (units * units) as f32 / (2 + defenders) as f32;
        self.features.push(((PSQT_COUNT + Scalar::KingAttack as usize) as u16, sign as f32 * sq));
        self.features.push(((PSQT_COUNT + Scalar::KingAttackUnits as usize) as u16, (sign * units) as f32));
    }
}

impl Trace {
    /// Value of the trace under weights `w` (`[middlegame, endgame]` per feature, as [`weights`] gives),
    /// tapered by the phase: centipawns, Red's view.
    pub fn value(&self, w: &[[f64; 2]]) -> f64 {
        let (mut mg, mut eg) = (0.0, 0.0);
        for &(i, n) in &self.features {
            mg += w[i as usize][0] * n as f64;
            eg += w[i as usize][1] * n as f64;
        }
        let rho = self.phase as f64 / PHASE_MAX as f64;
        mg * rho + eg * (1.0 - rho)
    }
}

/// The evaluation's terms, in centipawns from Red's point of view, tapered by the phase (for `duiyi eval` and
/// the page's teaching views).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct EvalTerms {
    pub mobility: i32,
    pub king_attack: i32,
    pub cannon_threats: i32,
    pub defenders: i32,
    pub pawns: i32,
    pub tempo: i32,
    pub threats: i32,
}

impl EvalTerms {
    /// Sum of the terms.
    pub fn total(&self) -> i32 {
        self.mobility + self.king_attack + self.cannon_threats + self.defenders + self.pawns + self.tempo + self.threats
    }
}

fn side_sign(c: Color) -> i32 {
    if c == Color::Red { 1 } else { -1 }
}

impl Position {
    /// Static evaluation in centipawns from the side to move's point of view: material and piece-square
    /// values (incremental), mobility, king safety (empty-head, central and bottom cannons; converging
    /// attackers against the defenders left), defenders' worth by the attacking material left, connected
    /// crossed pawns, and tempo, all tapered between middlegame and endgame weights by [`phase`](Self::phase).
    #[inline]
    pub fn evaluate(&self) -> i32 {
        let mut s = Sum(self.pst_score);
        self.walk_features(&mut s);
        let phase = self.phase();
        let v = (mg_of(s.0) * phase + eg_of(s.0) * (PHASE_MAX - phase)) / PHASE_MAX;
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

    /// All features of the position (piece-square and scalar) with its phase: see [`Trace`].
    pub fn trace(&self) -> Trace {
        let mut t = Trace { features: Vec::with_capacity(48), phase: self.phase() };
        for sq in super::types::Square::all() {
            if let Some(p) = self.piece_at(sq) {
                let (f, r) = (sq.file() as i32, sq.rank() as i32);
                let (i, n) = match p.color() {
                    Color::Red => (psqt_feature(p.kind(), f, r), 1.0),
                    Color::Black => (psqt_feature(p.kind(), 8 - f, 9 - r), -1.0),
                };
                t.features.push((i as u16, n));
            }
        }
        self.walk_features(&mut t);
        t
    }

    /// The non-piece-square terms grouped for display, tapered, from Red's point of view.
    pub fn dynamic_breakdown(&self) -> EvalTerms {
        let mut t = Trace { features: Vec::new(), phase: self.phase() };
        self.walk_features(&mut t);
        let w: Vec<[f64; 2]> = weights().iter().map(|&[a, b]| [a as f64, b as f64]).collect();
        let mut groups: Vec<Trace> = (0..7).map(|_| Trace { features: Vec::new(), phase: t.phase }).collect();
        for &(i, n) in &t.features {
            groups[SCALAR_GROUP[i as usize - PSQT_COUNT]].features.push((i, n));
        }
        let v: Vec<i32> = groups.iter().map(|g| g.value(&w).round() as i32).collect();
        EvalTerms {
            mobility: v[0],
            king_attack: v[1],
            cannon_threats: v[2],
            defenders: v[3],
            pawns: v[4],
            tempo: v[5],
            threats: v[6],
        }
    }

    /// Walks the board once and reports every scalar feature to `sink` (Red-positive).
    #[inline(always)]
    fn walk_features<S: EvalSink>(&self, sink: &mut S) {
        use super::geometry::{BOARD, HORSE, ORTHO, enemy_palace, in_palace, own_half};
        let cells = &self.cells;
        // attack units against each side's general, attacker count, attack material per side
        let mut units = [0i32; 2];
        let mut attackers = [0i32; 2];
        let mut material_units = [0i32; 2];
        let (mut rook_mob, mut horse_mob, mut horse_trapped, mut cannon_mob, mut connected) = (0, 0, 0, 0, 0);
        // threats indexed by [attacker is the side to move]
        let (mut horse_rook, mut cannon_rook, mut pawn_piece, mut loose_minor) = ([0; 2], [0; 2], [0; 2], [0; 2]);
        let (mut rook_boxed, mut rook_pin, mut cannon_pin) = (0, 0, 0);
        // attacks on the enemy palace's points, per kind: rook, horse, cannon, pawn
        let mut palace = [[0i32; 4]; 2];
        // quiet or capturing moves that would give check, indexed by [mover is the side to move]
        let (mut horse_check, mut rook_check) = ([0i32; 2], [0i32; 2]);
        // a horse on `s` would check the general on `k` (leg free)
        let horse_checks = |s: usize, k: i32| {
            let (df, dr) = ((k & 15) - (s as i32 & 15), (k >> 4) - (s as i32 >> 4));
            if df.abs() + dr.abs() != 3 || df == 0 || dr == 0 {
                return false;
            }
            // the leg is the orthogonal neighbour of the horse towards the long side
            let leg = if dr.abs() == 2 { s as i32 + 16 * dr.signum() } else { s as i32 + df.signum() };
            cells[leg as usize] == 0
        };
        // a rook on `s` (arriving from `from`) would check the general on `k`: same line, nothing between
        let rook_checks = |s: usize, from: usize, k: i32| {
            let (s, k) = (s as i32, k);
            let d = if s & 15 == k & 15 {
                if k > s { 16 } else { -16 }
            } else if s >> 4 == k >> 4 {
                if k > s { 1 } else { -1 }
            } else {
                return false;
            };
            let mut x = s + d;
            while x != k {
                if cells[x as usize] != 0 && x as usize != from {
                    return false;
                }
                x += d;
            }
            true
        };
        // the first piece (or the border) beyond `s` in direction `d`
        let next_piece = |mut s: usize, d: i32| loop {
            s = (s as i32 + d) as usize;
            if cells[s] != 0 {
                return s;
            }
        };
        // a rook or general of the colour `enemy_bit` (0 Red, 8 Black) on cell `s`
        let pinned_to = |s: usize, enemy_bit: u8| {
            let y = cells[s];
            y != 16 && (y & 8) == enemy_bit && matches!((y & 7) as i32 - 1, 0 | 4)
        };
        // Piece codes are 1 + kind + 8 × colour (0 empty, 16 off the board).
        let kind_of = |t: u8| (t & 7) as i32 - 1;
        // `t` (an occupied on-board cell) holds a piece of the other colour than `color`
        let hostile = |t: u8, color: Color| (t & 8 == 0) != (color == Color::Red);
        let loose = |sq: usize, owner: Color| !self.attacked_by(sq, owner);
        // The rooks, horses, cannons and pawns (the other pieces' terms are counted below).
        let mut walk = self.active;
        while walk != 0 {
            let from = BOARD[walk.trailing_zeros() as usize] as usize;
            walk &= walk - 1;
            let c = cells[from];
            let color = if c & 8 == 0 { Color::Red } else { Color::Black };
            let me = color.index();
            let them = 1 - me;
            let sign = side_sign(color);
            let stm = (color == self.side) as usize;
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
                        let to = (from as i32 + d) as usize;
                        let t = cells[to];
                        if t != 16 && enemy_palace(to, color) {
                            palace[me][1] += 1;
                        }
                        if t != 16 && (t == 0 || hostile(t, color)) {
                            mob += 1;
                            if horse_checks(to, enemy_king) {
                                horse_check[stm] += sign;
                            }
                            if t != 0 && kind_of(t) == 4 {
                                horse_rook[stm] += sign;
                            } else if t != 0 && kind_of(t) == 5 && loose(to, color.flip()) {
                                loose_minor[stm] += sign;
                            }
                        }
                    }
                    if mob == 0 {
                        horse_trapped += sign;
                    } else {
                        horse_mob += sign * mob;
                    }
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
                            if enemy_palace(to, color) {
                                palace[me][0] += 1;
                            }
                            if (t == 0 || hostile(t, color)) && rook_checks(to, from, enemy_king) {
                                rook_check[stm] += sign;
                            }
                            if t == 0 {
                                mob += 1;
                            } else {
                                if hostile(t, color) {
                                    mob += 1;
                                    if matches!(kind_of(t), 3 | 5) && loose(to, color.flip()) {
                                        loose_minor[stm] += sign;
                                    }
                                    if matches!(kind_of(t), 1 | 2 | 3 | 5 | 6) && pinned_to(next_piece(to, d), t & 8) {
                                        rook_pin += sign;
                                    }
                                }
                                break;
                            }
                            to = (to as i32 + d) as usize;
                        }
                    }
                    rook_mob += sign * mob;
                    if mob <= 2 {
                        rook_boxed += sign;
                    }
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
                        if cells[to] == 16 {
                            continue;
                        }
                        // past the screen: the cannon's capture target
                        to = (to as i32 + d) as usize;
                        while cells[to] == 0 {
                            if enemy_palace(to, color) {
                                palace[me][2] += 1;
                            }
                            to = (to as i32 + d) as usize;
                        }
                        if cells[to] != 16 && enemy_palace(to, color) {
                            palace[me][2] += 1;
                        }
                        let t = cells[to];
                        if t != 16 && hostile(t, color) {
                            match kind_of(t) {
                                4 => cannon_rook[stm] += sign,
                                3 | 5 if loose(to, color.flip()) => loose_minor[stm] += sign,
                                _ => {}
                            }
                            if kind_of(t) != 0 && pinned_to(next_piece(to, d), t & 8) {
                                cannon_pin += sign;
                            }
                        }
                    }
                    cannon_mob += sign * mob;
                    if near(from) {
                        units[them] += 2;
                        attackers[them] += 1;
                    }
                }
                6 => {
                    let ahead = if color == Color::Red { from + 16 } else { from - 16 };
                    let mut targets = [cells[ahead], 0, 0];
                    if !own_half(from, color) {
                        targets[1] = cells[from + 1];
                        targets[2] = cells[from - 1];
                        for s in [ahead, from + 1, from - 1] {
                            if cells[s] != 16 && enemy_palace(s, color) {
                                palace[me][3] += 1;
                            }
                        }
                    }
                    for t in targets {
                        if t != 0 && t != 16 && hostile(t, color) && matches!(kind_of(t), 3 | 4 | 5) {
                            pawn_piece[stm] += sign;
                        }
                    }
                    if !own_half(from, color) {
                        if near(from) {
                            units[them] += 1;
                        }
                        if cells[from + 1] == c {
                            connected += sign;
                        }
                    }
                }
                _ => {}
            }
        }
        sink.add(Scalar::RookMobility, rook_mob);
        sink.add(Scalar::HorseMobility, horse_mob);
        sink.add(Scalar::HorseTrapped, horse_trapped);
        sink.add(Scalar::CannonMobility, cannon_mob);
        sink.add(Scalar::PawnsConnected, connected);
        sink.add(Scalar::Tempo, side_sign(self.side));
        sink.add(Scalar::HorseAttacksRook, horse_rook[1]);
        sink.add(Scalar::CannonAttacksRook, cannon_rook[1]);
        sink.add(Scalar::PawnAttacksPiece, pawn_piece[1]);
        sink.add(Scalar::AttacksLooseMinor, loose_minor[1]);
        sink.add(Scalar::HorseAttacksRookWaiting, horse_rook[0]);
        sink.add(Scalar::CannonAttacksRookWaiting, cannon_rook[0]);
        sink.add(Scalar::PawnAttacksPieceWaiting, pawn_piece[0]);
        sink.add(Scalar::AttacksLooseMinorWaiting, loose_minor[0]);
        sink.add(Scalar::RookBoxedIn, rook_boxed);
        sink.add(Scalar::RookPin, rook_pin);
        sink.add(Scalar::CannonPin, cannon_pin);
        sink.add(Scalar::RookPalaceAttacks, palace[0][0] - palace[1][0]);
        sink.add(Scalar::HorsePalaceAttacks, palace[0][1] - palace[1][1]);
        sink.add(Scalar::CannonPalaceAttacks, palace[0][2] - palace[1][2]);
        sink.add(Scalar::PawnPalaceAttacks, palace[0][3] - palace[1][3]);
        let total = |p: &[i32; 4]| p.iter().sum::<i32>();
        sink.add(Scalar::PalaceAttacksSquared, (total(&palace[0]).pow(2) - total(&palace[1]).pow(2)) / 4);
        let king_room = |color: Color| {
            let k = self.kings[color.index()].index();
            ORTHO.iter().filter(|&&d| {
                let s = (k as i32 + d) as usize;
                in_palace(s) && (cells[s] == 0 || hostile(cells[s], color))
            }).count() as i32
        };
        sink.add(Scalar::KingRoom, king_room(Color::Red) - king_room(Color::Black));
        sink.add(Scalar::HorseCheckMoves, horse_check[1]);
        sink.add(Scalar::RookCheckMoves, rook_check[1]);
        sink.add(Scalar::HorseCheckMovesWaiting, horse_check[0]);
        sink.add(Scalar::RookCheckMovesWaiting, rook_check[0]);
        for color in [Color::Red, Color::Black] {
            let me = color.index();
            let them = color.flip();
            let sign = side_sign(color);
            let defenders = (self.count(color, PieceKind::Advisor) + self.count(color, PieceKind::Elephant)) as i32;
            // Defenders are worth more while the enemy keeps attacking material.
            sink.add(Scalar::DefenderPerEnemyUnit, sign * defenders * material_units[them.index()]);
            sink.add(Scalar::Defender, sign * defenders);
            let (advisors, elephants) = (self.count(color, PieceKind::Advisor) as i32, self.count(color, PieceKind::Elephant) as i32);
            let enemy_rooks = self.count(them, PieceKind::Rook) as i32;
            sink.add(Scalar::AdvisorPerEnemyHorse, sign * advisors * self.count(them, PieceKind::Horse) as i32);
            sink.add(Scalar::ElephantPerEnemyCannon, sign * elephants * self.count(them, PieceKind::Cannon) as i32);
            sink.add(Scalar::AdvisorPerEnemyRook, sign * advisors * enemy_rooks);
            sink.add(Scalar::ElephantPerEnemyRook, sign * elephants * enemy_rooks);
            sink.add(Scalar::AdvisorPair, sign * (advisors == 2) as i32);
            sink.add(Scalar::ElephantPair, sign * (elephants == 2) as i32);
            if attackers[me] >= 2 {
                sink.king_attack(-sign, units[me], defenders);
            }
            self.cannon_threats(color, sink);
        }
    }

    /// Reports enemy cannons aimed at `color`'s general along its file (empty-head or central cannon) or its
    /// back rank (bottom cannon), as features of the cannon's side.
    #[inline(always)]
    fn cannon_threats<S: EvalSink>(&self, color: Color, sink: &mut S) {
        let enemy_cannon = super::types::Piece::new(color.flip(), PieceKind::Cannon).0;
        let k = self.kings[color.index()].index() as i32;
        let up = if color == Color::Red { 16 } else { -16 };
        let rooks = self.count(color.flip(), PieceKind::Rook) as i32;
        let attacker = -side_sign(color);
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
                        match (along_file, screens) {
                            (true, 0) => {
                                sink.add(Scalar::EmptyHeadCannon, attacker);
                                sink.add(Scalar::EmptyHeadPerRook, attacker * rooks);
                            }
                            (true, 2) => {
                                sink.add(Scalar::CentralCannon, attacker);
                                sink.add(Scalar::CentralCannonPerRook, attacker * rooks);
                            }
                            (false, 0) => {
                                sink.add(Scalar::BottomCannon, attacker);
                                sink.add(Scalar::BottomCannonPerRook, attacker * rooks);
                            }
                            _ => {}
                        }
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
        assert_eq!(p.evaluate(), scalar(Scalar::Tempo)[0]);
    }

    #[test]
    fn scalar_names_follow_the_enum() {
        assert_eq!(Scalar::RookCheckMovesWaiting as usize + 1, SCALAR_COUNT);
        assert_eq!(SCALAR_NAMES[Scalar::KingAttack as usize], "KING_ATTACK");
        assert_eq!(weights().len(), FEATURE_COUNT);
    }

    /// The trace (what the tuner fits) and the search's evaluation agree on real positions, and colour-mirrored
    /// positions evaluate the same for the side to move.
    #[test]
    fn trace_matches_evaluate_and_mirror() {
        let w: Vec<[f64; 2]> = weights().iter().map(|&[a, b]| [a as f64, b as f64]).collect();
        let mut p = Position::startpos();
        let mut rng = 0x2545F4914F6CDD1Du64;
        for ply in 0..400 {
            let red = if p.side_to_move() == Color::Red { 1 } else { -1 };
            let e = p.evaluate();
            let t = p.trace().value(&w);
            // integer division in the king-attack and the taper: a few centipawns at most
            assert!((red as f64 * t - e as f64).abs() <= 3.0, "ply {ply}: trace {t} vs eval {e} in {}", p.fen());
            let m = mirror_fen(&p.fen());
            let q = Position::from_fen(&m).unwrap();
            assert_eq!(q.evaluate(), e, "mirror of {}", p.fen());
            let moves = p.legal_moves();
            if moves.is_empty() || p.halfmove_clock() > 60 {
                p = Position::startpos();
                continue;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves.as_slice()[(rng % moves.len() as u64) as usize];
            p.make_move(mv);
        }
    }

    fn count(fen: &str, s: Scalar) -> f32 {
        let p = Position::from_fen(fen).unwrap();
        p.trace().features.iter().filter(|f| f.0 as usize == PSQT_COUNT + s as usize).map(|f| f.1).sum()
    }

    /// Hand-counted features on small positions.
    #[test]
    fn features_count_what_they_name() {
        // Horse b6 reaches c8 and d7, both checking the general on e9 (legs b7, c6 and d8 free).
        assert_eq!(count("4k4/9/9/1N7/9/9/9/9/9/3K5 w - - 0 1", Scalar::HorseCheckMoves), 2.0);
        // The same horse with Black to move: the checks belong to the side not to move.
        assert_eq!(count("4k4/9/9/1N7/9/9/9/9/9/3K5 b - - 0 1", Scalar::HorseCheckMovesWaiting), 2.0);
        // A piece on d8 blocks both legs towards e9.
        assert_eq!(count("4k4/3n5/9/1N7/9/9/9/9/9/3K5 w - - 0 1", Scalar::HorseCheckMoves), 0.0);
        // Rook a5: from a9 the rank is clear to e9 and from e5 the file is clear to e9: two checking moves.
        assert_eq!(count("4k4/9/9/9/R8/9/9/9/9/3K5 w - - 0 1", Scalar::RookCheckMoves), 2.0);
        // A red cannon behind a screen pins the black horse to its general (not from another file).
        assert_eq!(count("4k4/9/4n4/9/4P4/9/9/3C5/9/3K5 w - - 0 1", Scalar::CannonPin), 0.0);
        assert_eq!(count("4k4/9/4n4/9/4P4/9/9/4C4/9/3K5 w - - 0 1", Scalar::CannonPin), 1.0);
        // Both advisors and elephants: pairs count for Red only.
        assert_eq!(count("3k5/9/9/9/9/9/9/9/9/2BAKAB2 w - - 0 1", Scalar::AdvisorPair), 1.0);
    }

    /// Colour mirror of a FEN: ranks reversed, cases swapped, side flipped.
    fn mirror_fen(fen: &str) -> String {
        let mut parts = fen.split_whitespace();
        let board = parts.next().unwrap();
        let side = parts.next().unwrap();
        let ranks: Vec<String> = board
            .split('/')
            .rev()
            .map(|r| r.chars().map(|c| if c.is_ascii_uppercase() { c.to_ascii_lowercase() } else { c.to_ascii_uppercase() }).collect())
            .collect();
        format!("{} {} - - 0 1", ranks.join("/"), if side == "w" { "b" } else { "w" })
    }
}
