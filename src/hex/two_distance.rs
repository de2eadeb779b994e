//! Two-distance: Queenbee's distance from every empty cell to one of a side's edges (van Rijswijck, *Are Bees
//! Better Than Fruitflies?*, ch. 5 "Queenbee's evaluation function", §5.1; the seed chapter in this project's
//! sources).
//!
//! The family `d_z` of the thesis: a cell touching the edge has distance 1; any other empty cell has
//! `1 + ` the `z`-th lowest distance among its *neighbours*; with fewer than `z` neighbours of finite distance
//! it is unreachable ([`INFINITY`]). `z = 1` is the ordinary distance (the number of free moves needed to reach
//! the edge), `z = 2` the **two-distance**: the opponent can always block the best route, so the second best is
//! what counts.
//!
//! *Neighbours* (seed §5.1) are not just adjacent cells. For a side, two empty cells are neighbours when they
//! are adjacent, or when both touch the same group of that side's stones (a group "makes all its empty
//! liberties mutual neighbours"); opponent stones block. "Touching the edge" includes touching it through a
//! chain of own stones. The two [`Convention`]s differ in how the side's own edges take part:
//!
//! * [`Convention::Queenbee`] (the seed's rule, default): the side's *other* edge acts like one of its stones,
//!   so the cells along it — and the liberties of the side's groups that touch it — are all mutual neighbours
//!   (seed: on the empty 5×5 board, e5's Black neighbours include a5 and b5 "through the edge", so
//!   e5 = 7 rather than 9 for Black's distance to NORTH).
//! * [`Convention::Benzene`] (MoHex/Benzene `eval-twod`, `TwoDistance.cpp` with `ADJACENT` neighbourhood):
//!   cells along an edge are not neighbours of each other, and a group that touches one of the side's edges
//!   does not join its liberties: towards that edge it only gives them distance 1. Every cell of Benzene's
//!   printed numbers in `tests/data/hex.json` is reproduced under this convention.
//!
//! Occupied cells have no distance ([`INFINITY`] in the maps).
//!
//! Algorithm (as Benzene's `ComputeDistanceToEdge`): the cells at distance 1 are queued; cells are taken from
//! the queue in increasing distance, and each empty neighbour is *reached*; the `z`-th time a cell is reached
//! by a distinct neighbour its distance is fixed at `1 +` the distance of that neighbour, and it is queued.
//! As every step adds exactly 1, a FIFO queue keeps the order (a breadth-first search). A group's liberties
//! are visited only for the first `z` of them taken from the queue (after that every liberty is fixed), so
//! the whole computation is `O(cells)`.

use super::{Color, Edge, Geometry, Position};

/// The distance of a cell that cannot reach the edge by `z` routes (and of an occupied cell in the maps).
pub const INFINITY: u16 = u16::MAX;

/// "No entry" in the scratch arrays.
const NO: u16 = u16::MAX;

/// Which neighbourhood rule the distances follow (see the module documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Convention {
    /// The seed's (Queenbee's) rule: a side's other edge joins the cells along it like a group of its stones.
    #[default]
    Queenbee,
    /// MoHex/Benzene `eval-twod`: no neighbourhood along an edge; groups touching an edge do not join their
    /// liberties.
    Benzene,
}

impl Convention {
    /// Parses `queenbee` or `benzene` (any case).
    pub fn parse(s: &str) -> Option<Convention> {
        match s.trim().to_ascii_lowercase().as_str() {
            "queenbee" => Some(Convention::Queenbee),
            "benzene" => Some(Convention::Benzene),
            _ => None,
        }
    }

    /// `"queenbee"` or `"benzene"`.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Queenbee => "queenbee",
            Convention::Benzene => "benzene",
        }
    }
}

/// Stones of a board as a plain array: `0` empty, `1` Black, `2` White, indexed like the cells of
/// [`Geometry`] (`row * width + col`). Lets the evaluation try a stone without touching a [`Position`].
pub fn stone_array(pos: &Position) -> Vec<u8> {
    (0..pos.geometry().cells())
        .map(|i| match pos.stone_at(i) {
            Some(c) => c.index() as u8 + 1,
            None => 0,
        })
        .collect()
}

/// Reusable scratch space for distance computations, so that repeated computations (move tension tries a
/// stone on every empty cell) do not allocate.
#[derive(Clone, Debug, Default)]
pub struct Workspace {
    /// Group id of each own stone (`NO` otherwise).
    group: Vec<u16>,
    /// Edge bits (`1 << Edge::index()`) each group touches.
    group_edges: Vec<u8>,
    /// Hub of each group (`NO` if the group joins nothing).
    group_hub: Vec<u16>,
    /// Whether a hub's liberties are at distance 1 (the hub touches the target edge).
    hub_goal: Vec<bool>,
    /// How many queued cells have visited the hub's liberties so far.
    hub_visits: Vec<u8>,
    /// Liberties of each hub, `hub_libs[hub_start[h]..hub_start[h + 1]]`.
    hub_start: Vec<u32>,
    hub_libs: Vec<u16>,
    cursor: Vec<u32>,
    /// Up to 7 hubs per empty cell (6 neighbouring groups and the edge).
    cell_hubs: Vec<[u16; 7]>,
    cell_hub_len: Vec<u8>,
    /// Times a cell was reached, and by which cell the first time.
    count: Vec<u8>,
    first_by: Vec<u16>,
    queue: Vec<u16>,
    stack: Vec<u16>,
}

/// The distance `d_z` (`z` = 1 or 2) of every cell to `edge` for the edge's owner, into `out` (indexed by
/// cell; [`INFINITY`] for occupied and unreachable cells). `stones` as [`stone_array`].
pub(crate) fn distances_into(
    geom: &Geometry,
    stones: &[u8],
    edge: Edge,
    z: u8,
    conv: Convention,
    ws: &mut Workspace,
    out: &mut [u16],
) {
    debug_assert!(z == 1 || z == 2);
    let n = geom.cells();
    let color = edge.owner();
    let own = color.index() as u8 + 1;
    let [e1, e2] = color.edges();
    let other = if edge == e1 { e2 } else { e1 };
    let target_bit = 1u8 << edge.index();
    let other_bit = 1u8 << other.index();

    // Groups of own stones (flood fill).
    ws.group.clear();
    ws.group.resize(n, NO);
    ws.group_edges.clear();
    for start in 0..n {
        if stones[start] != own || ws.group[start] != NO {
            continue;
        }
        let id = ws.group_edges.len() as u16;
        let mut mask = 0u8;
        ws.stack.clear();
        ws.stack.push(start as u16);
        ws.group[start] = id;
        while let Some(s) = ws.stack.pop() {
            let s = s as usize;
            for e in Edge::ALL {
                if geom.touches(s, e) {
                    mask |= 1 << e.index();
                }
            }
            for nb in geom.neighbours(s) {
                if stones[nb] == own && ws.group[nb] == NO {
                    ws.group[nb] = id;
                    ws.stack.push(nb as u16);
                }
            }
        }
        ws.group_edges.push(mask);
    }

    // Hubs: sets of cells that are mutual neighbours. Queenbee: hub 0 is the other edge, with every group
    // touching it; each other group is a hub. Benzene: only groups touching neither of the side's edges.
    ws.group_hub.clear();
    ws.hub_goal.clear();
    let edge_hub = match conv {
        Convention::Queenbee => {
            ws.hub_goal.push(false);
            Some(0u16)
        }
        Convention::Benzene => None,
    };
    for g in 0..ws.group_edges.len() {
        let m = ws.group_edges[g];
        let hub = match conv {
            Convention::Queenbee if m & other_bit != 0 => 0,
            Convention::Queenbee => {
                ws.hub_goal.push(false);
                (ws.hub_goal.len() - 1) as u16
            }
            Convention::Benzene if m & (target_bit | other_bit) != 0 => NO,
            Convention::Benzene => {
                ws.hub_goal.push(false);
                (ws.hub_goal.len() - 1) as u16
            }
        };
        if hub != NO && m & target_bit != 0 {
            ws.hub_goal[hub as usize] = true;
        }
        ws.group_hub.push(hub);
    }
    let hubs = ws.hub_goal.len();

    // Each empty cell's hubs (distinct) and liberty counts per hub.
    ws.cell_hubs.clear();
    ws.cell_hubs.resize(n, [NO; 7]);
    ws.cell_hub_len.clear();
    ws.cell_hub_len.resize(n, 0);
    ws.hub_start.clear();
    ws.hub_start.resize(hubs + 1, 0);
    for (i, out_i) in out.iter_mut().enumerate().take(n) {
        *out_i = INFINITY;
        if stones[i] != 0 {
            continue;
        }
        let mut goal = geom.touches(i, edge);
        let mut len = 0usize;
        let mut list = [NO; 7];
        if let Some(h) = edge_hub
            && geom.touches(i, other)
        {
            list[0] = h;
            len = 1;
        }
        for nb in geom.neighbours(i) {
            let g = ws.group[nb];
            if g == NO {
                continue;
            }
            if ws.group_edges[g as usize] & target_bit != 0 {
                goal = true;
            }
            let h = ws.group_hub[g as usize];
            if h != NO && !list[..len].contains(&h) {
                list[len] = h;
                len += 1;
            }
        }
        for &h in &list[..len] {
            ws.hub_start[h as usize + 1] += 1;
            goal |= ws.hub_goal[h as usize];
        }
        ws.cell_hubs[i] = list;
        ws.cell_hub_len[i] = len as u8;
        if goal {
            *out_i = 1;
        }
    }
    for h in 0..hubs {
        ws.hub_start[h + 1] += ws.hub_start[h];
    }
    ws.hub_libs.clear();
    ws.hub_libs.resize(ws.hub_start[hubs] as usize, 0);
    // Fill the liberty lists with a running cursor per hub.
    ws.cursor.clear();
    ws.cursor.extend_from_slice(&ws.hub_start[..hubs]);
    for i in 0..n {
        for &h in &ws.cell_hubs[i][..ws.cell_hub_len[i] as usize] {
            ws.hub_libs[ws.cursor[h as usize] as usize] = i as u16;
            ws.cursor[h as usize] += 1;
        }
    }
    ws.hub_visits.clear();
    ws.hub_visits.resize(hubs, 0);

    // Breadth-first search from the cells at distance 1.
    ws.count.clear();
    ws.count.resize(n, 0);
    ws.first_by.clear();
    ws.first_by.resize(n, NO);
    ws.queue.clear();
    for (i, &d) in out.iter().enumerate().take(n) {
        if d == 1 {
            ws.queue.push(i as u16);
        }
    }
    let mut head = 0;
    while head < ws.queue.len() {
        let p = ws.queue[head] as usize;
        head += 1;
        let next = out[p] + 1;
        let reach = |q: usize, out: &mut [u16], ws: &mut Workspace| {
            if out[q] != INFINITY || ws.first_by[q] == p as u16 {
                return;
            }
            ws.count[q] += 1;
            if ws.count[q] >= z {
                out[q] = next;
                ws.queue.push(q as u16);
            } else {
                ws.first_by[q] = p as u16;
            }
        };
        for q in geom.neighbours(p) {
            if stones[q] == 0 {
                reach(q, out, ws);
            }
        }
        for k in 0..ws.cell_hub_len[p] as usize {
            let h = ws.cell_hubs[p][k] as usize;
            if ws.hub_visits[h] >= z {
                continue;
            }
            ws.hub_visits[h] += 1;
            for l in ws.hub_start[h]..ws.hub_start[h + 1] {
                let q = ws.hub_libs[l as usize] as usize;
                if q != p {
                    reach(q, out, ws);
                }
            }
        }
    }
}

/// Two-distance (`z = 2`) of every cell to `edge`, for the side that owns the edge (Black: NORTH, SOUTH;
/// White: WEST, EAST). Indexed by cell index (`row * width + col`); [`INFINITY`] for occupied cells and for
/// cells with fewer than two routes.
///
/// ```
/// use duiyi::hex::{Cell, Edge, Position, two_distance::{two_distance, Convention}};
/// let pos = Position::square(5).unwrap();
/// let d = two_distance(&pos, Edge::North, Convention::Queenbee);
/// let at = |s: &str| d[pos.geometry().index(Cell::parse(s).unwrap())];
/// assert_eq!((at("e4"), at("e5"), at("a5"), at("b5")), (7, 7, 5, 6)); // the seed's figure 5.1
/// ```
pub fn two_distance(pos: &Position, edge: Edge, conv: Convention) -> Vec<u16> {
    let mut out = vec![INFINITY; pos.geometry().cells()];
    let stones = stone_array(pos);
    distances_into(pos.geometry(), &stones, edge, 2, conv, &mut Workspace::default(), &mut out);
    out
}

/// Ordinary distance (`z = 1`): the number of free moves that join the cell to `edge` for the edge's owner,
/// with the same neighbourhood as [`two_distance`]. On the empty 5×5 board e4 is 4 from NORTH (seed §5.1).
pub fn distance(pos: &Position, edge: Edge, conv: Convention) -> Vec<u16> {
    let mut out = vec![INFINITY; pos.geometry().cells()];
    let stones = stone_array(pos);
    distances_into(pos.geometry(), &stones, edge, 1, conv, &mut Workspace::default(), &mut out);
    out
}

/// The two edges' two-distances of `color` at once: `[first edge, second edge]` in [`Color::edges`] order.
pub fn two_distances(pos: &Position, color: Color, conv: Convention) -> [Vec<u16>; 2] {
    let [a, b] = color.edges();
    [two_distance(pos, a, conv), two_distance(pos, b, conv)]
}
