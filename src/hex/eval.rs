//! Queenbee's evaluation (van Rijswijck, *Are Bees Better Than Fruitflies?*, ch. 5; the seed chapter): potentials
//! from [two-distances](super::two_distance), board potential, attack mobility, the evaluation
//! `M × (difference of board potentials) + (difference of attack mobility)` with `M = 100`, and the move-ordering
//! maps badness (§5.4) and tension (§5.5).
//!
//! * **Potential** of an empty cell for a side: the sum of its two-distances to the side's two edges
//!   ([`INFINITY`] if either is).
//! * **Board potential** of a side: its lowest potential over the empty cells; **attack mobility**: how many
//!   empty cells have it. Lower potential is better, more cells at it is better (more ways to attack, harder to
//!   block).
//! * **Eval** from Black's view: `M × (P_white − P_black) + (A_black − A_white)`; [`evaluate`] turns it to the
//!   side to move's view. Pinned by tests: a lower own board potential, or as low and more own attack mobility,
//!   scores higher.
//! * **Infinity.** A side whose every cell is unreachable has board potential [`INFINITY`] (kept as such in
//!   [`Maps`]) and attack mobility 0. In the eval its board potential counts as the finite stand-in
//!   [`infinite_stand_in`]` = 2 × cells + 1`, one more than any finite potential can be (a two-distance is at
//!   most the number of cells), so "no route" is worse than any route but is not a loss by itself (one route may
//!   still exist; only a finished chain ends the game — see [`Position::winner`]).
//! * **Badness** of an empty cell: its total potential (Black's + White's) minus the lowest total on the board
//!   (seed §5.4: "E2 is the worst cell, 21 − 9 = 12").
//! * **Tension** — the seed defines it only as "the swing of the board potentials a move causes", from a one-ply
//!   look (§5.5). Ours: the side to move puts its stone on the cell, and tension is the change of
//!   `P_opponent − P_own` (board potentials, with the stand-in for infinity) that this causes. It is the
//!   board-potential part of the one-ply eval swing, in the same unit as potentials (the seed's examples are
//!   small integers, 4 and 2), and usually ≥ 0: an own stone lowers own distances and blocks the opponent's.
//!   Attack mobility is left out because its counts jump between unrelated cells and would swamp "how much
//!   this stone matters".

use super::two_distance::{
    Convention, INFINITY, Lowering, Search, Workspace, add, board_potential_early, distances_into, lowered_distances,
    stone_array,
};
use super::{Cell, Color, Edge, Geometry, HexError, Position};
use std::cell::RefCell;

/// Weight of the board potentials against attack mobility (Queenbee's value, seed §5.2).
pub const M: i32 = 100;

/// The finite value that stands in for an infinite board potential in the eval and in tension:
/// `2 × cells + 1` (every finite potential is at most `2 × cells`).
pub fn infinite_stand_in(cells: usize) -> i32 {
    2 * cells as i32 + 1
}

/// A board potential as a finite number ([`infinite_stand_in`] for [`INFINITY`]).
fn finite(p: u16, cells: usize) -> i32 {
    if p == INFINITY { infinite_stand_in(cells) } else { p as i32 }
}

/// The eval from Black's view from both sides' board potentials and attack mobilities (indexed by
/// [`Color::index`]).
pub fn eval_black(board_potential: [u16; 2], attack_mobility: [u16; 2], cells: usize) -> i32 {
    let (b, w) = (Color::Black.index(), Color::White.index());
    M * (finite(board_potential[w], cells) - finite(board_potential[b], cells))
        + (attack_mobility[b] as i32 - attack_mobility[w] as i32)
}

/// Scratch buffers for one evaluation, reused between calls (one per thread).
#[derive(Default)]
struct Scratch {
    ws: Workspace,
    stones: Vec<u8>,
    d: [Vec<u16>; 2],
    pot: Vec<u16>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Both two-distances of `color` into `d` and its potentials into `pot`; returns (board potential, attack
/// mobility).
fn side(
    geom: &Geometry,
    stones: &[u8],
    color: Color,
    conv: Convention,
    ws: &mut Workspace,
    d: &mut [Vec<u16>; 2],
    pot: &mut Vec<u16>,
) -> (u16, u16) {
    let n = geom.cells();
    for (k, e) in color.edges().into_iter().enumerate() {
        d[k].resize(n, INFINITY);
        distances_into(geom, stones, e, 2, conv, ws, &mut d[k]);
    }
    pot.resize(n, INFINITY);
    let (mut best, mut count) = (INFINITY, 0u16);
    for i in 0..n {
        let p = sum(d[0][i], d[1][i]);
        pot[i] = p;
        if p < best {
            best = p;
            count = 1;
        } else if p == best && p != INFINITY {
            count += 1;
        }
    }
    (best, count)
}

/// Board potential and attack mobility of `color` only (no maps kept).
fn side_summary(geom: &Geometry, stones: &[u8], color: Color, conv: Convention, s: &mut Scratch) -> (u16, u16) {
    let Scratch { ws, d, pot, .. } = s;
    side(geom, stones, color, conv, ws, d, pot)
}

/// `a + b`, [`INFINITY`] if either is.
#[inline]
fn sum(a: u16, b: u16) -> u16 {
    if a == INFINITY || b == INFINITY { INFINITY } else { a.saturating_add(b).min(INFINITY - 1) }
}

/// Queenbee's static evaluation from the **side to move's** view (positive = good for the side to move), in
/// the seed's convention ([`Convention::Queenbee`]): `M × (P_opp − P_own) + (A_own − A_opp)` with `M = 100`,
/// an infinite board potential counting as [`infinite_stand_in`]. Does not look at [`Position::winner`]: a
/// search should test for a finished game first.
///
/// ```
/// use duiyi::hex::{Position, eval::evaluate};
/// let mut pos = Position::square(5).unwrap();
/// assert_eq!(evaluate(&pos), 0); // the empty board is symmetric
/// pos.play_str("c3").unwrap();    // Black takes the centre; White to move is worse off
/// assert!(evaluate(&pos) < 0);
/// ```
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, Convention::Queenbee)
}

/// [`evaluate`] under either [`Convention`].
pub fn evaluate_with(pos: &Position, conv: Convention) -> i32 {
    SCRATCH.with(|cell| {
        let mut s = cell.borrow_mut();
        let s = &mut *s;
        let geom = pos.geometry();
        let mut stones = std::mem::take(&mut s.stones);
        stones.clear();
        stones.extend((0..geom.cells()).map(|i| pos.stone_at(i).map_or(0, |c| c.index() as u8 + 1)));
        let b = side_summary(geom, &stones, Color::Black, conv, s);
        let w = side_summary(geom, &stones, Color::White, conv, s);
        s.stones = stones;
        let e = eval_black([b.0, w.0], [b.1, w.1], geom.cells());
        if pos.to_move() == Color::Black { e } else { -e }
    })
}

/// Badness of every cell (total potential minus the lowest total, seed §5.4), indexed by cell; [`INFINITY`]
/// for occupied cells and cells whose total is infinite. A cheap move-ordering key: four two-distance
/// computations.
pub fn badness(pos: &Position, conv: Convention) -> Vec<u16> {
    Maps::compute_with(pos, conv, false).badness
}

/// Every map of a position in one call, for the page, the CLI and GTP's analyze commands. All per-cell vectors
/// are indexed by cell index (`row * width + col`, row 1 first, column `a` first) and use [`INFINITY`] for
/// occupied and unreachable cells; `stones` tells which.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Maps {
    /// Columns and rows.
    pub width: usize,
    pub height: usize,
    /// The neighbourhood rule used.
    pub convention: Convention,
    /// Side to move (the eval's and tension's point of view).
    pub to_move: Color,
    /// `0` empty, `1` Black, `2` White per cell.
    pub stones: Vec<u8>,
    /// Two-distance to each edge, indexed by [`Edge::index`] (North, South for Black; West, East for White).
    pub two_distance: [Vec<u16>; 4],
    /// Potential of each side (sum of its two edge two-distances), indexed by [`Color::index`].
    pub potential: [Vec<u16>; 2],
    /// Black's potential + White's potential.
    pub total: Vec<u16>,
    /// `total` minus the lowest total ([`INFINITY`] where `total` is).
    pub badness: Vec<u16>,
    /// Move tension for the side to move (see the module documentation); `None` for occupied cells, and all
    /// `None` when computed without tension.
    pub tension: Vec<Option<i32>>,
    /// Whether `tension` was computed.
    pub has_tension: bool,
    /// Each side's board potential (lowest potential; [`INFINITY`] if it has no finite cell).
    pub board_potential: [u16; 2],
    /// Each side's attack mobility (number of empty cells at its board potential; 0 if that is infinite).
    pub attack_mobility: [u16; 2],
    /// Each side's cells at its board potential (cell indices, ascending).
    pub best_cells: [Vec<usize>; 2],
    /// The lowest total potential ([`INFINITY`] if none is finite).
    pub lowest_total: u16,
    /// Queenbee's eval from Black's view (see [`eval_black`]).
    pub eval_black: i32,
    /// The eval from the side to move's view (= [`evaluate_with`]).
    pub eval: i32,
}

impl Maps {
    /// Every map of `pos`, tension included (one-ply look: about four two-distance computations per empty
    /// cell, the expensive map).
    pub fn compute(pos: &Position, conv: Convention) -> Maps {
        Maps::compute_with(pos, conv, true)
    }

    /// Every map of `pos`; tension only if `with_tension` (otherwise four two-distance computations in all).
    pub fn compute_with(pos: &Position, conv: Convention, with_tension: bool) -> Maps {
        let mut stones = stone_array(pos);
        compute_raw(pos.geometry(), &mut stones, pos.to_move(), conv, with_tension)
    }

    /// The maps after the side to move puts a stone on `cell` (the page's hover): the position is not changed,
    /// the stone is only tried; the side to move of the result is the opponent.
    ///
    /// # Errors
    /// [`HexError::OffBoard`] or [`HexError::Occupied`].
    pub fn what_if(pos: &Position, cell: Cell, conv: Convention, with_tension: bool) -> Result<Maps, HexError> {
        if !pos.contains(cell) {
            return Err(HexError::OffBoard { cell, width: pos.width(), height: pos.height() });
        }
        if let Some(by) = pos.stone(cell) {
            return Err(HexError::Occupied { cell, by });
        }
        let mut stones = stone_array(pos);
        let mover = pos.to_move();
        stones[pos.geometry().index(cell)] = mover.index() as u8 + 1;
        Ok(compute_raw(pos.geometry(), &mut stones, mover.opponent(), conv, with_tension))
    }

    /// The value at `cell` of a per-cell map (`map[row * width + col]`).
    pub fn at<T: Copy>(&self, map: &[T], cell: Cell) -> T {
        map[cell.row as usize * self.width + cell.col as usize]
    }

    /// A per-cell map as rows (row 1 first, column `a` first), `None` for [`INFINITY`] (occupied or
    /// unreachable).
    pub fn rows(&self, map: &[u16]) -> Vec<Vec<Option<u16>>> {
        map.chunks(self.width).map(|r| r.iter().map(|&v| (v != INFINITY).then_some(v)).collect()).collect()
    }

    /// The tension map as rows (row 1 first), `None` for occupied cells.
    pub fn tension_rows(&self) -> Vec<Vec<Option<i32>>> {
        self.tension.chunks(self.width).map(|r| r.to_vec()).collect()
    }
}

/// All maps from a stone array (restored before returning).
fn compute_raw(geom: &Geometry, stones: &mut [u8], to_move: Color, conv: Convention, with_tension: bool) -> Maps {
    let n = geom.cells();
    let mut ws = Workspace::default();
    let mut d: [[Vec<u16>; 2]; 2] = Default::default();
    let mut potential: [Vec<u16>; 2] = Default::default();
    let mut board_potential = [INFINITY; 2];
    let mut attack_mobility = [0u16; 2];
    for color in [Color::Black, Color::White] {
        let c = color.index();
        let (bp, am) = side(geom, stones, color, conv, &mut ws, &mut d[c], &mut potential[c]);
        board_potential[c] = bp;
        attack_mobility[c] = if bp == INFINITY { 0 } else { am };
    }
    let best_cells: [Vec<usize>; 2] = [0, 1].map(|c| {
        if board_potential[c] == INFINITY {
            Vec::new()
        } else {
            (0..n).filter(|&i| potential[c][i] == board_potential[c]).collect()
        }
    });
    let total: Vec<u16> = (0..n).map(|i| sum(potential[0][i], potential[1][i])).collect();
    let lowest_total = total.iter().copied().min().unwrap_or(INFINITY);
    let badness: Vec<u16> = total.iter().map(|&t| if t == INFINITY { INFINITY } else { t - lowest_total }).collect();
    let tension = if with_tension {
        tension_map(geom, stones, to_move, conv, &d, &potential, board_potential)
    } else {
        vec![None; n]
    };
    let eval_black = eval_black(board_potential, attack_mobility, n);
    let [black, white] = d;
    let [north, south] = black;
    let [west, east] = white;
    let mut two_distance: [Vec<u16>; 4] = Default::default();
    two_distance[Edge::North.index()] = north;
    two_distance[Edge::South.index()] = south;
    two_distance[Edge::West.index()] = west;
    two_distance[Edge::East.index()] = east;
    Maps {
        width: geom.width(),
        height: geom.height(),
        convention: conv,
        to_move,
        stones: stones.to_vec(),
        two_distance,
        potential,
        total,
        badness,
        tension,
        has_tension: with_tension,
        board_potential,
        attack_mobility,
        best_cells,
        lowest_total,
        eval_black,
        eval: if to_move == Color::Black { eval_black } else { -eval_black },
    }
}

/// Tension of every empty cell for `mover` (see the module documentation). `d`, `pot` and `board` are the
/// position's two-distances, potentials and board potentials by colour.
///
/// The opponent's side after the stone is often known without recomputing: blocking a cell `x` cannot change
/// a cell whose distance to an edge is at most `x`'s (its value was fixed from cells nearer the edge than
/// `x`), and can only raise the others. So if a cell other than `x` at the lowest remaining potential has
/// both distances at most `x`'s, the opponent's board potential is that potential. Otherwise both of the
/// opponent's board potential is recomputed over the position's neighbourhood with `x` blocked, stopping as
/// soon as no cell can beat the best potential found (see `two_distance::board_potential_early`). The mover's
/// distances are lowered from the position's where the stone's neighbourhood (one extra hub: its stone joins
/// them) makes them fall (`two_distance::lowered_distances`, a decremental update touching only the cells
/// that change); in the Benzene cases where the stone takes neighbourhood away they are recomputed.
#[allow(clippy::too_many_arguments)]
fn tension_map(
    geom: &Geometry,
    stones: &mut [u8],
    mover: Color,
    conv: Convention,
    d: &[[Vec<u16>; 2]; 2],
    pot: &[Vec<u16>; 2],
    board: [u16; 2],
) -> Vec<Option<i32>> {
    let n = geom.cells();
    let (me, opp) = (mover.index(), mover.opponent().index());
    let before = finite(board[opp], n) - finite(board[me], n);
    // The opponent's lowest two distinct potentials and the cells at each.
    let m1 = board[opp];
    let at_m1: Vec<usize> = if m1 == INFINITY { Vec::new() } else { (0..n).filter(|&i| pot[opp][i] == m1).collect() };
    let m2 = pot[opp].iter().copied().filter(|&p| p > m1).min().unwrap_or(INFINITY);
    let at_m2: Vec<usize> = if m2 == INFINITY { Vec::new() } else { (0..n).filter(|&i| pot[opp][i] == m2).collect() };
    let unaffected = |y: usize, x: usize| (0..2).all(|k| d[opp][k][x] == INFINITY || d[opp][k][y] <= d[opp][k][x]);
    // The neighbourhoods of the position without the stone, for both sides; each trial stone is an extra hub
    // for the mover and a blocked cell for the opponent.
    let build = |color: Color| {
        color.edges().map(|e| {
            let mut ws = Workspace::default();
            ws.build(geom, stones, e, conv);
            ws
        })
    };
    let (ws_me, ws_opp) = (build(mover), build(mover.opponent()));
    let mut rebuilt: [Workspace; 2] = Default::default();
    let mut st: [Search; 2] = Default::default();
    let mut buf_d: [Vec<u16>; 2] = Default::default();
    let mut mark = Vec::new();
    let mut lowering: [Lowering; 2] = Default::default();
    for k in 0..2 {
        lowering[k].prepare(&ws_me[k], &d[me][k]);
    }
    let mut out = vec![None; n];
    let stone = mover.index() as u8 + 1;
    let my_m1 = board[me];
    let my_m2 = pot[me].iter().copied().filter(|&p| p > my_m1).min().unwrap_or(INFINITY);
    let my_count = pot[me].iter().filter(|&&p| p == my_m1 && p != INFINITY).count();
    for x in 0..n {
        if stones[x] != 0 {
            continue;
        }
        let extra = [0, 1].map(|k| ws_me[k].extra_for(geom, stones, x, &mut mark));
        stones[x] = stone;
        let own_after = match &extra {
            [Some(e0), Some(e1)] => {
                // Distances only fall here, so the other cells' lowest potential bounds the result; lowering
                // can stop once no cell left to lower can go below it.
                let bound = if pot[me][x] == my_m1 && my_count == 1 { my_m2 } else { my_m1 };
                for (k, e) in [e0, e1].into_iter().enumerate() {
                    lowered_distances(geom, stones, &ws_me[k], &d[me][k], x, e, bound, &mut lowering[k]);
                }
                // Every cell but the changed ones keeps its potential, which is at least `bound`.
                let (v0, v1) = (lowering[0].vals(), lowering[1].vals());
                let lowest = lowering[0]
                    .changed()
                    .iter()
                    .chain(lowering[1].changed())
                    .map(|&y| y as usize)
                    .filter(|&y| stones[y] == 0)
                    .map(|y| add(v0[y], v1[y]))
                    .min();
                lowest.unwrap_or(INFINITY).min(bound)
            }
            _ => {
                for (k, e) in mover.edges().into_iter().enumerate() {
                    rebuilt[k].build(geom, stones, e, conv);
                }
                board_potential_early(geom, stones, [&rebuilt[0], &rebuilt[1]], [None, None], 0, &mut st, &mut buf_d)
            }
        };
        let (lowest, cells) = if pot[opp][x] == m1 && at_m1.len() == 1 { (m2, &at_m2) } else { (m1, &at_m1) };
        let opp_after = if lowest == INFINITY {
            INFINITY
        } else if cells.iter().any(|&y| y != x && unaffected(y, x)) {
            lowest
        } else {
            // Blocking only raises distances: the other cells' lowest potential is a floor.
            board_potential_early(geom, stones, [&ws_opp[0], &ws_opp[1]], [None, None], lowest, &mut st, &mut buf_d)
        };
        stones[x] = 0;
        out[x] = Some(finite(opp_after, n) - finite(own_after, n) - before);
    }
    out
}

