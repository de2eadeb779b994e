//! A Hex solver: proves which side wins a position with perfect play, and which moves win.
//!
//! **Search.** Depth-first proof-number search (DFPN; Nagai 2002, in the negamax form with proof number φ and
//! disproof number δ of the side to move, and Pawlewicz & Lew's "1 + ε" threshold trick), with a transposition
//! table keyed by the stones and the side to move. Hex positions never repeat (stones are only added), so the
//! graph-history interaction problem does not arise. Children are ordered by the current both sides' circuits
//! carry through the cell ([`super::resistance`], as Benzene's DFPN; ties: nearer the centre) and bounds use
//! **progressive widening** (Benzene's DFPN: only the first `1 + ⌈n/4⌉` of a node's `n` live children count,
//! see `widening`).
//!
//! **Proof sets** (Henderson, Arneson, Hayward 2009, "Solving 8×8 Hex"): every proved node carries the cells
//! its proof needs; once a move is refuted, every sibling move outside the refutation's proof loses too and is
//! dropped unsearched (see `Solver::mid` for the argument).
//!
//! **Knowledge** (every rule is sound: it never declares a win that is not one):
//! - *Win in one*: a side to move that can complete a chain wins. The union-find check of
//!   [`Position::winner`] is done here on bitboards (flood fill).
//! - *Virtual connections* (VCs) from bridges: two of a side's nodes (stone groups or its own edges) that share
//!   two empty neighbours are connected whatever the opponent does, by answering an intrusion into one cell with
//!   the other (Anshelevich's AND/OR rules at their first level; HexWiki "Bridge", "Template II"). Bridges are
//!   chosen greedily with **pairwise disjoint carriers**, so all of them hold at once. A side with a chain of
//!   such bridges joining its edges has won even with the opponent to move; for the side to move that is a win
//!   too (an extra stone never hurts in Hex), and for the opponent of the side to move it is a loss of the side
//!   to move.
//! - *Must-play region*: for every empty cell `k` where an opponent stone would create such an edge-to-edge
//!   connection with carrier `C` (a semi-connection with key `k`), the side to move must play in `C ∪ {k}`, or
//!   the opponent plays `k` and wins. The must-play region is the intersection over all such `k`; moves outside
//!   it lose, and an empty region means the side to move has lost (van Rijswijck; Hayward et al. 2003 "Solving
//!   7×7 Hex", the "mustplay" of Benzene's solvers). An immediate opponent win at `k` is the case `C = ∅`.
//!
//! - *Ziggurats* (edge template IIIa): a third-row stone with its 8 empty cells is joined to the edge; the
//!   templates of every edge are derived by symmetry and checked by exhaustive play in the unit tests.
//!
//! - *H-search* (the VC engine, [`super::vc`]; Anshelevich 2002): at every expanded node, full and semi
//!   connections built by the AND and OR rules over stone groups, edges and empty cells (bounded lists of
//!   minimal carriers, small ones between two empty cells: [`VcLimits::for_solver`]). Facing an opponent
//!   full connection the side to move loses; the must-play region is further cut to the intersection of the
//!   carriers of the opponent's edge-to-edge semi-connections. The static analyser also builds the side to
//!   move's own connections (with a full or semi one between its edges it wins); the proving search leaves
//!   that to the child (`Solver::own_connections`). A unit test checks every reported connection by brute
//!   force on small boards.
//!
//! - *Inferior cells* (`src/hex/ice/`; Björnsson, Hayward, Johanson, van Rijswijck 2007 "Dead cell
//!   analysis in Hex and the Shannon game"; Henderson, Hayward "Captured-reversible moves and star
//!   decomposition domination in Hex"; Henderson, Arneson, Hayward 2009 "Solving 8×8 Hex"): before an
//!   expanded node's analysis, dead cells (a stone there is useless to one side, so its colour never changes
//!   the winner), captured pairs (an intrusion into one cell is answered in the other, after which the
//!   intruder is dead) and permanently inferior cells (Benzene's patterns) are filled in, repeatedly
//!   (`Masks::fill`). The analysis, the must-play region and the move list then work on the filled board,
//!   which has the same value and whose winning moves win the original; the winner's captured and
//!   permanently inferior cells (with the latter's carriers) join the node's proof set. Then the side to
//!   move's vulnerable moves (the opponent's answer kills the stone) and dominated moves (another move makes
//!   the cell dead or captured) leave the region (`Masks::inferior_moves`); their killers and dominators
//!   join the region's share of a loss's proof. The rules are checked by brute force on random small
//!   positions (`ice/tests.rs`, `tests/hex_ice.rs`).
//!
//! Every board up to 19×19 ([`MAX_SOLVER_CELLS`]) is accepted (`u128` cell sets up to 128 cells, 384-bit
//! ones above; see `bitset.rs`). Without incremental connections or Benzene's larger inferior-cell pattern set
//! the solver is still weaker than Benzene's: puzzles up to 5×5 take milliseconds, the 6×6 openings a fraction
//! of a second to seconds (`duiyi hex bench` prints the measured times), the 7×7 openings 1–61 s (all 49 in
//! 421 s, 2.55× Benzene's DFPN; docs/benchmarks.md, "Hex solver"); 8×8 and larger boards only later in a game.
//!
//! The swap rule is handled at the root: when `swap-pieces` is legal, the swapped position is one more child.

use super::bitboard::{Bits, Masks, bits};
use super::vc::{VcBuilder, VcLimits};
use super::resistance::Circuit;

mod greedy;
mod root;
use super::{Color, Move, Position};
use crate::search::clock::now_ms;

/// Largest board (in cells) the solver accepts: every board up to 19×19 (cell sets are `u128`s up to 128
/// cells, 384-bit sets above).
pub const MAX_SOLVER_CELLS: usize = 361;

/// Default transposition-table size of the solver (MiB).
pub const DEFAULT_TT_MIB: usize = 256;

/// Limits of one [`solve`] call.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SolveLimits {
    /// Give up after this many milliseconds (`None`: no limit).
    pub time_ms: Option<f64>,
    /// Give up after this many nodes (`None`: no limit).
    pub nodes: Option<u64>,
    /// Transposition-table size in MiB.
    pub tt_mib: usize,
    /// Prove or refute every root move, to list the full set of winning moves (otherwise the search stops at
    /// the first winning move found).
    pub all_winning_moves: bool,
}

impl Default for SolveLimits {
    fn default() -> Self {
        SolveLimits { time_ms: None, nodes: None, tt_mib: DEFAULT_TT_MIB, all_winning_moves: true }
    }
}

/// What [`solve`] proved.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveResult {
    /// The side that wins with perfect play from the position, or `None` when not proved within the limits.
    pub winner: Option<Color>,
    /// Moves of the side to move that are proved to win, sorted (cells by row then column, `swap-pieces`
    /// last). With [`SolveLimits::all_winning_moves`] and `complete`, this is the full set; empty when the side
    /// to move loses.
    pub winning_moves: Vec<Move>,
    /// Whether every root move was proved or refuted (so `winning_moves` is the full set).
    pub complete: bool,
    /// Nodes: positions analysed (win check, connections, must-play region).
    pub nodes: u64,
    /// Wall-clock time in milliseconds.
    pub time_ms: f64,
}

/// Why [`solve`] refused a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The board has more than [`MAX_SOLVER_CELLS`] cells.
    TooLarge { cells: usize },
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::TooLarge { cells } => {
                write!(f, "the solver handles boards of at most {MAX_SOLVER_CELLS} cells (this one has {cells})")
            }
        }
    }
}
impl std::error::Error for SolveError {}

pub use root::solve;

/// A position as two bitboards and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board<B: Bits = u128> {
    stones: [B; 2],
    to_move: Color,
}

impl<B: Bits> Board<B> {
    pub(crate) fn from_position(pos: &Position) -> Board<B> {
        let mut stones = [B::ZERO; 2];
        for i in 0..pos.width() * pos.height() {
            if let Some(c) = pos.stone_at(i) {
                stones[c.index()] |= B::bit(i);
            }
        }
        Board { stones, to_move: pos.to_move() }
    }

    /// A board from the stones (by colour index) and the side to move.
    pub(crate) fn new(stones: [B; 2], to_move: Color) -> Board<B> {
        Board { stones, to_move }
    }

    /// The stones by colour index.
    pub(crate) fn stones(&self) -> [B; 2] {
        self.stones
    }

    fn play(&self, i: usize) -> Board<B> {
        let mut b = *self;
        b.stones[self.to_move.index()] |= B::bit(i);
        b.to_move = self.to_move.opponent();
        b
    }

    /// A 64-bit hash of the stones and side to move (a multiply-xorshift mix; collisions are as unlikely as
    /// with Zobrist keys of this width). The 180° rotation maps a position to an equivalent one (each side
    /// keeps its edges), so the key is that of the smaller of the two encodings; the flag says whether that is
    /// the rotated one (cell sets stored with the key are then rotated too, see [`rotate`]).
    fn key(&self, n: usize) -> (u64, bool) {
        let a = mix(self.stones[0], self.stones[1], self.to_move);
        let b = mix(rotate(self.stones[0], n), rotate(self.stones[1], n), self.to_move);
        if b < a { (b, true) } else { (a, false) }
    }
}

/// The cell set `x` of an `n`-cell board turned by 180°: cell `i` goes to `n - 1 - i` (column and row both
/// mirrored).
#[inline]
fn rotate<B: Bits>(x: B, n: usize) -> B {
    x.reverse_low(n)
}

#[inline]
fn mix<B: Bits>(b: B, w: B, side: Color) -> u64 {
    // Each word is folded in through a full avalanche round (splitmix64's finaliser), the side to move last
    // as a word of its own, so no stone bit can cancel it.
    let mut h = 0x9E37_79B9_7F4A_7C15u64;
    for word in b.words().chain(w.words()).chain([0xD1B5_4A32_D192_ED03 ^ side as u64]) {
        h = h.wrapping_add(word).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 31;
        h = h.wrapping_mul(0x94D0_49BB_1331_11EB);
        h ^= h >> 29;
    }
    h
}

/// What the static analysis of a position says, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Analysis<B: Bits = u128> {
    /// The side to move wins (it completes a chain now, or it has a virtual connection); with its proof set.
    Win(B),
    /// The side to move loses (the opponent has a virtual connection or two ways to win); with the
    /// opponent's proof set.
    Loss(B),
    /// Not decided: the side to move must play in this non-empty region (first; inferior moves left out);
    /// the second set is the union of the opponent's connection carriers that define the region and of the
    /// killers and dominators of the moves left out (the region's share of a loss's proof).
    Moves(B, B),
}

/// Proof and disproof numbers at or above this are infinite (proved / disproved).
const INF: u32 = u32::MAX;
/// Largest finite proof or disproof number.
const MAX_PN: u32 = INF - 1;

#[derive(Clone, Copy)]
struct Entry<B: Bits> {
    key: u64,
    phi: u32,
    delta: u32,
    /// Nodes spent below this entry (replacement priority).
    work: u32,
    /// The must-play region when not proved; the proof set (see [`Solver::mid`]) when proved.
    moves: B,
    /// The carriers that define the must-play region (when not proved).
    mp: B,
}

impl<B: Bits> Entry<B> {
    const EMPTY: Entry<B> = Entry { key: 0, phi: 0, delta: 0, work: 0, moves: B::ZERO, mp: B::ZERO };
}
const WAYS: usize = 4;
/// Slots of [`Solver::fill`]'s memo (a power of two).
const FILL_MEMO: usize = 1024;
/// The first node budget of [`Solver::prove_turning`] (doubled at each turn of the board).
const TURN_NODES: u64 = 40_000;

/// DFPN state: masks, transposition table, counters and limits.
pub(crate) struct Solver<B: Bits = u128> {
    m: Masks<B>,
    n: usize,
    table: Vec<Entry<B>>,
    mask: usize,
    nodes: u64,
    start: f64,
    limits: SolveLimits,
    aborted: bool,
    /// Reused H-search state.
    hs: VcBuilder<B>,
    /// Whether [`Solver::analyse`] runs H-search (off: the bridge/ziggurat connections only).
    pub(crate) use_hsearch: bool,
    /// Whether [`Solver::analyse`] builds the side to move's own connections too, to find a win by its
    /// edge-to-edge semi-connection (H-search for both sides). The proving search ([`Solver::new`]) leaves
    /// that win to the child: after the key move the opponent faces a full connection, which its own analysis
    /// finds. That costs one more analysis (and a move list) on such nodes, and saves one of the two builds on
    /// every other node: on the 49 7×7 openings at 60 s each, 48 proved instead of 47 in 0.73× the time on
    /// the 47 both proved (docs/benchmarks.md, "Hex solver", 2026-12-06). [`Solver::analyser`] keeps it.
    pub(crate) own_connections: bool,
    /// Whether [`Solver::analyse`] fills in dead and captured cells first ([`Masks::fill_inferior`]).
    pub(crate) use_fill: bool,
    /// Whether [`Solver::analyse`] (with the fill-in) leaves the inferior moves out of the region
    /// ([`Masks::inferior_moves`]).
    pub(crate) use_prune: bool,
    /// The first node budget of [`Solver::prove_turning`] (`TURN_NODES` unless set).
    turn_nodes: u64,
    /// The last fill-ins by slot ([`Solver::fill`]): (stones, filled stones, proof cells by colour index);
    /// empty until first used.
    fill_memo: Vec<([B; 2], [B; 2], [B; 2])>,
    /// Scratch of the move ordering ([`super::resistance`]) and its energies per cell.
    circuit: Circuit,
    energy: Vec<f64>,
}

impl<B: Bits> Solver<B> {
    fn new(w: usize, h: usize, limits: SolveLimits, start: f64) -> Solver<B> {
        // Small boards need a small table (and allocating a large one would dominate their time).
        let mib = if w * h <= 25 { limits.tt_mib.min(4) } else { limits.tt_mib };
        let bytes = mib.max(1) * 1024 * 1024;
        let buckets = (bytes / (WAYS * std::mem::size_of::<Entry<B>>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let hs = VcBuilder::with_limits(VcLimits::for_solver(w, h));
        Self::with_parts(w, h, limits, start, buckets, hs, false)
    }

    /// A solver used only for [`Solver::analyse`] (a one-bucket table: nothing is searched), with both sides'
    /// connections ([`Solver::own_connections`]).
    pub(crate) fn analyser(w: usize, h: usize) -> Solver<B> {
        Self::with_parts(w, h, SolveLimits::default(), now_ms(), 1, VcBuilder::new(), true)
    }

    /// The fields [`Solver::new`] and [`Solver::analyser`] share; `buckets` (a power of two) sets the table.
    fn with_parts(
        w: usize,
        h: usize,
        limits: SolveLimits,
        start: f64,
        buckets: usize,
        hs: VcBuilder<B>,
        own_connections: bool,
    ) -> Solver<B> {
        Solver {
            m: Masks::new(w, h),
            n: w * h,
            table: vec![Entry::EMPTY; buckets * WAYS],
            mask: buckets - 1,
            nodes: 0,
            start,
            limits,
            aborted: false,
            hs,
            use_hsearch: true,
            own_connections,
            use_fill: true,
            use_prune: true,
            turn_nodes: TURN_NODES,
            fill_memo: Vec::new(),
            circuit: Circuit::new(),
            energy: Vec::new(),
        }
    }

    /// A solver kept by the playing search ([`super::mcts`]): a `tt_mib` MiB table that stays valid from move to
    /// move (entries are keyed by the position), proving in time slices with [`Solver::prove_for`].
    pub(crate) fn for_search(w: usize, h: usize, tt_mib: usize) -> Solver<B> {
        Solver::new(w, h, SolveLimits { tt_mib, ..SolveLimits::default() }, now_ms())
    }

    /// Works on proving `b` for about `ms` milliseconds: `Some(true)` = the side to move wins, `Some(false)` =
    /// it loses, `None` = not yet (call again: the table keeps the work done).
    pub(crate) fn prove_for(&mut self, b: &Board<B>, ms: f64) -> Option<bool> {
        self.aborted = false;
        self.limits.nodes = None;
        self.limits.time_ms = Some(now_ms() - self.start + ms.max(0.0));
        self.prove(b)
    }

    /// Works on proving `b` for at most `ms` milliseconds and `nodes` more nodes (the game review's bounded
    /// step, [`super::review`]): `Some(true)` = the side to move wins, `Some(false)` = it loses, `None` = not
    /// within the budget (the table keeps the work done).
    pub(crate) fn prove_within(&mut self, b: &Board<B>, ms: f64, nodes: u64) -> Option<bool> {
        self.aborted = false;
        self.limits.nodes = Some(self.nodes.saturating_add(nodes));
        self.limits.time_ms = Some(now_ms() - self.start + ms.max(0.0));
        self.prove(b)
    }

    /// Nodes analysed since this solver was made (positions analysed, as [`SolveResult::nodes`]).
    pub(crate) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// What the table holds on playing `cell` on `b`, for `b`'s side to move: `Some(true)` the move wins (the
    /// child is proved lost for the opponent), `Some(false)` it loses, `None` not known.
    pub(crate) fn move_result(&self, b: &Board<B>, cell: usize) -> Option<bool> {
        let e = self.probe(b.play(cell).key(self.n).0)?;
        if e.delta == 0 { Some(true) } else if e.phi == 0 { Some(false) } else { None }
    }

    /// After [`Solver::prove_for`] proved `b` won: a cell of `candidates` whose child the table holds as lost
    /// for the opponent (the winning move), or else (a root won statically, by a virtual connection, has no
    /// children in the table) one whose child the analysis finds lost for the opponent; `None` if neither.
    pub(crate) fn winning_cell(&mut self, b: &Board<B>, candidates: B) -> Option<usize> {
        if let Some(i) = bits(candidates).find(|&i| self.probe(b.play(i).key(self.n).0).is_some_and(|e| e.delta == 0)) {
            return Some(i);
        }
        bits(candidates).find(|&i| {
            let c = b.play(i);
            let you = c.to_move;
            let p = c.stones[you.opponent().index()];
            let joined = {
                let (e1, e2) = self.m.edges(you.opponent());
                !(self.m.flood(e1 & p, p) & e2).is_zero()
            };
            joined || matches!(self.analyse(&c), Analysis::Loss(_))
        })
    }

    /// Sets H-search's bounds for the following analyses.
    pub(crate) fn set_hsearch_limits(&mut self, limits: VcLimits) {
        self.hs.limits = limits;
    }

    /// The bitboard masks of this solver's board.
    pub(crate) fn masks(&self) -> &Masks<B> {
        &self.m
    }

    fn finish(&self, mover: Color, mover_wins: Option<bool>, winning: Vec<Move>, complete: bool) -> SolveResult {
        SolveResult {
            winner: mover_wins.map(|w| if w { mover } else { mover.opponent() }),
            winning_moves: winning,
            complete,
            nodes: self.nodes,
            time_ms: now_ms() - self.start,
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || self.limits.time_ms.is_some_and(|t| now_ms() - self.start >= t)
        {
            self.aborted = true;
        }
        self.aborted
    }

    fn probe(&self, key: u64) -> Option<Entry<B>> {
        let b = (key as usize & self.mask) * WAYS;
        self.table[b..b + WAYS].iter().find(|e| e.key == key && (e.phi | e.delta) != 0).copied()
    }

    fn store(&mut self, e: Entry<B>) {
        let b = (e.key as usize & self.mask) * WAYS;
        let slot = &mut self.table[b..b + WAYS];
        let i = slot.iter().position(|x| x.key == e.key).unwrap_or_else(|| {
            // Victim: an empty slot, else the unproved entry with the least work, else the least work.
            let value = |x: &Entry<B>| {
                if (x.phi | x.delta) == 0 {
                    0u64
                } else if x.phi == 0 || x.delta == 0 {
                    (1u64 << 40) + x.work as u64
                } else {
                    1 + x.work as u64
                }
            };
            (0..WAYS).min_by_key(|&i| value(&slot[i])).unwrap()
        });
        slot[i] = e;
    }

    /// `b` after the inferior-cell fill-in ([`Masks::fill`]) when `on`, with the cells a proof of either
    /// side's win needs on top of the filled board's proof (`Fill::proof_cells`: its captured and
    /// permanently inferior cells with their carriers), by colour index.
    ///
    /// The last fill-ins are kept (`fill_memo`, one slot per hash of the stones, checked against the stones
    /// themselves): a node's move list ([`Solver::mid`]) needs the fill its analysis just made.
    fn fill(&mut self, b: &Board<B>, on: bool) -> (Board<B>, [B; 2]) {
        if !on {
            return (*b, [B::ZERO, B::ZERO]);
        }
        let slot = mix(b.stones[0], b.stones[1], Color::Black) as usize & (FILL_MEMO - 1);
        let (stones, proof) = match self.fill_memo.get(slot) {
            Some(&(key, filled, proof)) if key == b.stones => (filled, proof),
            _ => {
                let f = self.m.fill(b.stones);
                let entry = (b.stones, f.stones, [f.proof_cells(0), f.proof_cells(1)]);
                if self.fill_memo.is_empty() {
                    self.fill_memo = vec![([B::ZERO; 2], [B::ZERO; 2], [B::ZERO; 2]); FILL_MEMO];
                }
                self.fill_memo[slot] = entry;
                (entry.1, entry.2)
            }
        };
        (Board { stones, to_move: b.to_move }, proof)
    }

    /// The static analysis of `b` for the side to move (see the module documentation).
    pub(crate) fn analyse(&mut self, b: &Board<B>) -> Analysis<B> {
        // Inferior cells: the analysis is on the filled board (same value). The winner's captured cells join
        // the proof set: the proof needs them left to the winner; dead cells may take the loser's colour.
        let (filled_board, cap) = self.fill(b, self.use_fill);
        let (mine, yours) = (cap[b.to_move.index()], cap[b.to_move.opponent().index()]);
        match self.quick(&filled_board) {
            Some((true, proof)) => return Analysis::Win(proof | mine),
            Some((false, proof)) => return Analysis::Loss(proof | yours),
            None => {}
        }
        let b = &filled_board;
        let you = b.to_move.opponent();
        let q = b.stones[you.index()];
        let empty = self.m.all & !(b.stones[0] | b.stones[1]);
        let mut must = empty;
        // The union of the carriers that cut the region: if every move in it loses, this plus their proofs
        // is the proof of the loss.
        let mut mp = yours;
        if self.use_hsearch {
            // The side to move's own connections (a win by an edge-to-edge semi-connection): see
            // `Solver::own_connections`.
            if self.own_connections {
                let me = b.to_move;
                let my_conns = self.hs.run_to_move(&self.m, b.stones[me.index()], empty, me);
                if let Some(c) = my_conns.full {
                    return Analysis::Win(c | mine);
                }
                if let Some(&c) = my_conns.semis.first() {
                    return Analysis::Win(c | mine);
                }
            }
            let your_conns = self.hs.run(&self.m, q, empty, you);
            if let Some(c) = your_conns.full {
                return Analysis::Loss(c | yours);
            }
            for c in your_conns.semis {
                if must & c != must {
                    must &= c;
                    mp |= c;
                }
            }
            if must.is_zero() {
                return Analysis::Loss(mp);
            }
        }
        for k in bits(empty) {
            let bit = B::bit(k);
            if let Some(c) = self.vc(q | bit, empty & !bit, you) {
                if must & (c | bit) != must {
                    must &= c | bit;
                    mp |= c | bit;
                }
                if must.is_zero() {
                    return Analysis::Loss(mp);
                }
            }
        }
        // Inferior moves (vulnerable and dominated, `ice::prune`) leave the region; their killers and
        // dominators join the carriers, which a loss's proof keeps (see `Masks::inferior_moves`).
        if self.use_fill && self.use_prune {
            let inf = self.m.inferior_moves(b.stones, b.to_move.index(), must);
            if !inf.pruned().is_zero() {
                must &= !inf.pruned();
                mp |= inf.reasons;
                if must.is_zero() {
                    return Analysis::Loss(mp);
                }
            }
        }
        Analysis::Moves(must, mp)
    }

    /// The TT entry of `b` with its cell sets in `b`'s orientation.
    fn probe_board(&self, b: &Board<B>) -> (u64, bool, Option<Entry<B>>) {
        let (key, rotated) = b.key(self.n);
        let e = self.probe(key).map(|mut e| {
            if rotated {
                e.moves = rotate(e.moves, self.n);
                e.mp = rotate(e.mp, self.n);
            }
            e
        });
        (key, rotated, e)
    }

    /// Stores `e` (cell sets in the orientation of a board whose key has the flag `rotated`).
    fn store_board(&mut self, mut e: Entry<B>, rotated: bool) {
        if rotated {
            e.moves = rotate(e.moves, self.n);
            e.mp = rotate(e.mp, self.n);
        }
        self.store(e);
    }

    /// Entry<B> of `b` for a new child: from the TT, else the cheap analysis (stored when decisive), else the
    /// unexpanded (1, 1). Cell sets in `b`'s orientation.
    fn child_entry(&mut self, b: &Board<B>) -> Entry<B> {
        let (key, rotated, old) = self.probe_board(b);
        if let Some(e) = old {
            return e;
        }
        // Without the fill-in: here it costs more than the virtual connections it reveals.
        let e = match self.quick(b) {
            Some((true, proof)) => Entry { key, phi: 0, delta: INF, work: 0, moves: proof, mp: B::ZERO },
            Some((false, proof)) => Entry { key, phi: INF, delta: 0, work: 0, moves: proof, mp: B::ZERO },
            None => return Entry { key, phi: 1, delta: 1, work: 0, moves: B::ZERO, mp: B::ZERO },
        };
        self.store_board(e, rotated);
        e
    }

    /// The (φ, δ, region) of `b` from the TT, or from a fresh full analysis (stored); an entry stored without
    /// its region (unexpanded) is analysed again. Cell sets are returned in the board's orientation.
    fn lookup(&mut self, b: &Board<B>) -> (u64, bool, Entry<B>) {
        let (key, rotated, old) = self.probe_board(b);
        if let Some(e) = old
            && (!e.moves.is_zero() || e.phi == 0 || e.delta == 0)
        {
            return (key, rotated, e);
        }
        let work = old.map_or(0, |e| e.work);
        let e = match self.analyse(b) {
            Analysis::Win(proof) => Entry { key, phi: 0, delta: INF, work, moves: proof, mp: B::ZERO },
            Analysis::Loss(proof) => Entry { key, phi: INF, delta: 0, work, moves: proof, mp: B::ZERO },
            Analysis::Moves(m, mp) => {
                let (phi, delta) = old.map_or((1, m.count_ones().clamp(1, MAX_PN)), |e| (e.phi, e.delta));
                Entry { key, phi, delta, work, moves: m, mp }
            }
        };
        self.store_board(e, rotated);
        (key, rotated, e)
    }

    /// Proves or disproves `b` for its side to move: `Some(true)` = it wins; `None` = out of budget.
    fn prove(&mut self, b: &Board<B>) -> Option<bool> {
        let (_, _, e) = self.lookup(b);
        if e.phi == 0 {
            return Some(true);
        }
        if e.delta == 0 {
            return Some(false);
        }
        let (phi, delta, _) = self.mid(b, INF, INF);
        if phi == 0 {
            Some(true)
        } else if delta == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// [`Solver::prove`] with restarts on the board turned by 180° (an equivalent position: each side keeps its
    /// edges): in node budgets of `TURN_NODES`, doubling, alternately on `b` and on its rotation, until proved or
    /// out of the caller's limits. The table's keys are the same for both (see [`Board::key`]), so the work of
    /// each turn is kept for the next. The two orientations order tied moves differently, and one often proves
    /// much sooner than the other (7×7 openings: b1 in 9.0 s, its rotation f7 in 2.3 s; a5 not in 60 s, g3 in
    /// 27 s). Measured on all 49 7×7 openings: 45 proved within 60 s instead of 42 (docs/benchmarks.md "Hex
    /// solver").
    fn prove_turning(&mut self, b: &Board<B>) -> Option<bool> {
        let outer = self.limits.nodes;
        let turned = Board { stones: [rotate(b.stones[0], self.n), rotate(b.stones[1], self.n)], to_move: b.to_move };
        let mut budget = self.turn_nodes;
        let mut k = 0u32;
        loop {
            let cap = self.nodes.saturating_add(budget);
            self.limits.nodes = Some(outer.map_or(cap, |o| o.min(cap)));
            let r = self.prove(if k % 2 == 0 { b } else { &turned });
            self.limits.nodes = outer;
            if r.is_some() {
                return r;
            }
            // Out of the caller's limits, or only of this turn's budget.
            self.aborted = false;
            if self.out_of_budget() {
                return None;
            }
            budget = budget.saturating_mul(2);
            k += 1;
        }
    }

    /// DFPN's multiple-iterative-deepening step: searches `b` until its φ ≥ `th_phi` or δ ≥ `th_delta`, or a
    /// limit; returns (φ, δ, proof set when proved).
    ///
    /// **Proof sets** (the "proof" of Benzene's solvers; Henderson, Arneson, Hayward 2009): a proved node
    /// carries a set `P` of cells empty at the node such that the winner still wins when every other empty
    /// cell is filled with the loser's stones (so the loser's extra stones outside `P` never help). A win by
    /// a virtual connection has its carrier; a win by the move `m` has `{m} ∪ P(child)`; a loss has the
    /// carriers of the must-play region plus `{m} ∪ P(child)` for every move `m` searched. Once a move `m`
    /// is refuted with proof `P`, every other move `m' ∉ P` loses too: the child of `m'` has a subset of the
    /// loser's stones of the child of `m` with the cells outside `P` filled, and an extra stone never hurts
    /// its owner in Hex. Such moves are dropped without search.
    fn mid(&mut self, b: &Board<B>, th_phi: u32, th_delta: u32) -> (u32, u32, B) {
        let (key, rotated, e) = self.lookup(b);
        if e.phi >= th_phi || e.delta >= th_delta || e.phi == 0 || e.delta == 0 {
            return (e.phi, e.delta, e.moves);
        }
        let nodes_before = self.nodes;
        // Children in the must-play region, the most promising first: by the sum of both sides' circuit
        // energies on the filled board ([`super::resistance`], Benzene's DFPN ordering), ties nearer the centre.
        // Against the change of both sides' shortest-path distances used before: 4.3× fewer nodes on 9×9 game
        // positions, 1.76× less time on the 7×7 openings both proved (docs/benchmarks.md, "Hex solver"). The
        // fill is usually the one the analysis just made (`Solver::fill`'s memo).
        self.energy.clear();
        self.energy.resize(self.n, 0.0);
        let filled = self.fill(b, self.use_fill).0.stones;
        self.circuit.energies(&self.m, filled, &mut self.energy);
        let mut kids: Vec<Kid<B>> = Vec::with_capacity(e.moves.count_ones() as usize);
        let mut keys: Vec<i64> = Vec::with_capacity(kids.capacity());
        for k in 0..self.n {
            let i = self.m.order[k];
            if e.moves.has(i as usize) {
                let c = b.play(i as usize);
                let ce = self.child_entry(&c);
                keys.push(-(self.energy[i as usize] * 1e9) as i64);
                let solved = ce.phi == 0 || ce.delta == 0;
                kids.push(Kid {
                    board: c,
                    cell: i,
                    phi: ce.phi,
                    delta: ce.delta,
                    proof: if solved { ce.moves } else { B::ZERO },
                    pruned: false,
                });
            }
        }
        let mut idx: Vec<usize> = (0..kids.len()).collect();
        crate::sort::sort_by_key(&mut idx, |&i| keys[i]);
        let mut kids: Vec<Kid<B>> = idx.into_iter().map(|i| kids[i]).collect();
        for k in 0..kids.len() {
            if kids[k].phi == 0 && !kids[k].pruned {
                Self::prune(&mut kids, k);
            }
        }
        let (mut phi, mut delta);
        let mut best;
        loop {
            // φ(n) = min δ(child), δ(n) = Σ φ(child) (children are from the opponent's view).
            phi = INF;
            delta = 0u32;
            best = 0usize;
            let mut second = INF;
            let widen = widening(&kids);
            for (k, kid) in kids.iter().enumerate().take(widen) {
                let (cphi, cdelta) = (kid.phi, kid.delta);
                if cdelta < phi {
                    second = phi;
                    phi = cdelta;
                    best = k;
                } else if cdelta < second {
                    second = cdelta;
                }
                delta = if cphi == INF || delta == INF { INF } else { delta.saturating_add(cphi).min(MAX_PN) };
            }
            if phi >= th_phi || delta >= th_delta || self.out_of_budget() {
                break;
            }
            let kid = kids[best];
            // The child's φ threshold keeps δ(n) below th_delta; its δ threshold keeps it the best child
            // (with the 1 + ε trick: a little beyond the second best, ε = 1/4).
            let th_cphi = (th_delta as u64 - delta as u64 + kid.phi as u64).min(INF as u64) as u32;
            let eps = second.saturating_add(second / 4).saturating_add(1);
            let th_cdelta = th_phi.min(eps);
            let r = self.mid(&kid.board, th_cphi, th_cdelta);
            kids[best].phi = r.0;
            kids[best].delta = r.1;
            kids[best].proof = r.2;
            if r.0 == 0 {
                Self::prune(&mut kids, best);
            }
        }
        let work = (self.nodes - nodes_before).min(u32::MAX as u64) as u32;
        let work = e.work.saturating_add(work);
        let (moves, mp) = if phi == 0 {
            // Won by the best child (lost for the opponent).
            (kids[best].proof | B::bit(kids[best].cell as usize), B::ZERO)
        } else if delta == 0 {
            let mut proof = e.mp;
            for kid in kids.iter().filter(|k| !k.pruned) {
                proof |= kid.proof | B::bit(kid.cell as usize);
            }
            (proof, B::ZERO)
        } else {
            (e.moves, e.mp)
        };
        self.store_board(Entry { key, phi, delta, work, moves, mp }, rotated);
        (phi, delta, moves)
    }

    /// Child `k` is lost for the side to move (won by the opponent with proof `kids[k].proof`): every other
    /// move outside that proof loses too (see [`Solver::mid`]); marks those lost and pruned.
    fn prune(kids: &mut [Kid<B>], k: usize) {
        let proof = kids[k].proof;
        for (j, kid) in kids.iter_mut().enumerate() {
            if j != k && !kid.pruned && kid.phi != 0 && !proof.has(kid.cell as usize) {
                kid.pruned = true;
                kid.phi = 0;
                kid.delta = INF;
            }
        }
    }
}

/// Progressive widening (as in Benzene's DFPN): the bounds of a node come from its first children in move
/// order, up to and including the `1 + ⌈n / 4⌉`-th of its `n` children not yet lost for the side to move
/// (all of them when fewer than two are left). Returns how many children (a prefix) count. It only steers the
/// search: a node is proved lost only when all its children are (a prefix with a live child has δ > 0).
fn widening<B: Bits>(kids: &[Kid<B>]) -> usize {
    let live = kids.iter().filter(|k| k.phi != 0).count();
    if live < 2 {
        return kids.len();
    }
    let look = 1 + live.div_ceil(WIDENING_DIV);
    let mut seen = 0;
    for (i, k) in kids.iter().enumerate() {
        if k.phi != 0 {
            seen += 1;
            if seen == look {
                return i + 1;
            }
        }
    }
    kids.len()
}

/// See [`widening`]: a quarter (Benzene's default; a half and an eighth both cost more nodes here).
const WIDENING_DIV: usize = 4;

/// A child in [`Solver::mid`]: its board, the move's cell, its (φ, δ) from the opponent's view, its proof set
/// once proved, and whether it was dropped by a sibling's proof.
#[derive(Clone, Copy)]
struct Kid<B: Bits> {
    board: Board<B>,
    cell: u16,
    phi: u32,
    delta: u32,
    proof: B,
    pruned: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_the_side_to_move_and_follow_the_rotation() {
        // A hash flaw once made a position and its child (one more stone, other side to move) share a key.
        let pos = Position::from_rows(&[".....", "B.W..", "WBWBW", ".BBBB", "WWWW."], Some(Color::Black)).unwrap();
        let b = Board::<u128>::from_position(&pos);
        let child = b.play(24);
        assert_ne!(b.key(25).0, child.key(25).0);
        let mut other = b;
        other.to_move = Color::White;
        assert_ne!(b.key(25).0, other.key(25).0);
        let turned = Board { stones: [rotate(b.stones[0], 25), rotate(b.stones[1], 25)], to_move: b.to_move };
        assert_eq!(b.key(25).0, turned.key(25).0);
        assert_ne!(b.key(25).1, turned.key(25).1);
    }

    /// The proving search without the side to move's own connections (`own_connections` off, as
    /// [`Solver::new`] makes it) reaches the verdict of the search with both sides' builds, on 6×6 openings
    /// of both results, and the fill memo gives the fill itself.
    #[test]
    fn leaving_the_movers_connections_to_the_child_keeps_the_verdicts() {
        for cell in ["a1", "c3", "d2", "f1", "b5"] {
            let mut pos = Position::square(6).unwrap();
            pos.try_play(Move::parse(cell).unwrap()).unwrap();
            let b = Board::<u128>::from_position(&pos);
            let mut without = Solver::<u128>::new(6, 6, SolveLimits::default(), now_ms());
            let mut with = Solver::<u128>::new(6, 6, SolveLimits::default(), now_ms());
            with.own_connections = true;
            assert!(!without.own_connections);
            let (a, c) = (without.prove(&b), with.prove(&b));
            assert!(a.is_some() && a == c, "{cell}: {a:?} against {c:?}");
            // A fresh solver: the first fill is computed, the second comes from the memo.
            let mut fresh = Solver::<u128>::analyser(6, 6);
            let f = fresh.m.fill(b.stones);
            let expected = (Board { stones: f.stones, to_move: b.to_move }, [f.proof_cells(0), f.proof_cells(1)]);
            assert_eq!(fresh.fill(&b, true), expected, "{cell}: computed");
            assert_eq!(fresh.fill(&b, true), expected, "{cell}: from the memo");
        }
    }

    /// Restarts on the turned board ([`Solver::prove_turning`]) reach the verdict of one plain DFPN run, and
    /// stop at the caller's node limit.
    #[test]
    fn turning_the_board_proves_what_the_plain_search_proves() {
        for (cell, nodes) in [("c3", None), ("a1", None), ("d2", None), ("a3", Some(5_000u64))] {
            let mut pos = Position::square(6).unwrap();
            pos.try_play(Move::parse(cell).unwrap()).unwrap();
            let b = Board::<u128>::from_position(&pos);
            let limits = SolveLimits { nodes, ..SolveLimits::default() };
            let mut plain = Solver::<u128>::new(6, 6, limits, now_ms());
            let mut turning = Solver::<u128>::new(6, 6, limits, now_ms());
            // Small budgets, so that the board is turned many times before a proof.
            turning.turn_nodes = 50;
            let (p, t) = (plain.prove(&b), turning.prove_turning(&b));
            match nodes {
                None => assert!(p.is_some() && p == t, "{cell}: {p:?} against {t:?}"),
                Some(n) => {
                    assert_eq!(t, None, "{cell} within {n} nodes");
                    assert!(turning.nodes() <= n + 64, "{cell}: {} nodes", turning.nodes());
                }
            }
        }
    }
}
