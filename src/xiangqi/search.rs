//! Alpha-beta search for Xiangqi, resumable in time slices.
//!
//! Iterative deepening over a root move list re-sorted after each iteration, aspiration windows, principal
//! variation search with distinct PV and non-PV nodes (no TT cut-offs and no pruning at PV nodes), a
//! transposition table with separate lower and upper bounds, null move (not at PV nodes, not in check, not
//! against mate scores, only with attacking material, verified at depth), late-move reductions with a re-search
//! (Fruit's history pruning), internal iterative reduction, reverse futility, futility and late-move pruning at
//! shallow non-PV nodes, killer moves, the counter-move heuristic and the history heuristic with a malus for
//! the quiet moves searched before a cut-off, MVV-LVA capture ordering, check extension, mate-distance
//! pruning, fail-soft scores, and a quiescence search on captures (and quiet checks at its first ply) that
//! answers checks with all evasions. The techniques follow the seed article's account of Fruit/Toga/ElephantEye,
//! chessprogramming.org and Stockfish's `search.cpp`; those added since the first version were each accepted by
//! a match against the build before them (docs/benchmarks.md "Strength log").
//!
//! **Repetitions**: a repeated position is scored by the rules (`rules::judge_cycle`: draw, or a win/loss by
//! the long-check / long-chase rules, [`RULE_WIN`]); such a score depends on the path, so a node whose subtree
//! met a cycle that started above it stores only its best move in the TT, never its score (the graph-history
//! interaction; docs/engine.md "Repetition in the search").
//!
//! **Time slicing** (docs/architecture.md §4): [`Searcher::run`] searches until a deadline (or node limit, or
//! interrupt), stops at the next poll point and returns; the next `run` resumes exactly there (the [`node`]
//! module: the nodes above the poll save their locals as they unwind and take them up again on the way back
//! down), so a search spread over many short calls visits the same nodes in the same order as one call, whatever
//! the slice lengths (tests/sliced_search.rs). Interrupted nodes never write to the TT.

use super::board::Position;
use super::eval;
use super::movegen::MoveList;
use super::tree::{self, TreeRecorder};
use super::types::{Color, Move, PieceKind};
use crate::search::clock::now_ms;
use crate::search::score::{DRAW, Score};
use crate::search::tt::TranspositionTable;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Deepest ply the search reaches (including quiescence).
pub const MAX_PLY: usize = 128;
/// Score of a win by the repetition rules (perpetual check): decisive, but not a mate.
pub const RULE_WIN: Score = 10_000;
/// Nodes between two clock reads.
const POLL_NODES: u64 = 1024;
/// Null-move reduction: `NULL_R_BASE + depth / NULL_R_DIVISOR` plies (Stockfish-style adaptive R).
const NULL_R_BASE: i32 = 2;
const NULL_R_DIVISOR: i32 = 4;
/// From this depth on, a null-move fail high is verified by a reduced normal search (the seed's "verification").
const NULL_VERIFY_DEPTH: i32 = 6;
/// At depth ≤ this, a null-move fail high is verified by a depth-1 search, so a mate-in-one threat the null move
/// would hide is still seen (the seed article's `do_search_verify(depth=1)` after a null move at `depth <= 4`).
const NULL_VERIFY_SHALLOW_MAX_DEPTH: i32 = 4;
/// History pruning (Fruit's LMR variant): a late quiet move is reduced only when it produced a cut-off in fewer
/// than 45% of the times it was searched — the seed's correction of Fruit's 60% for Xiangqi, where exchanges are
/// more frequent (`historyvalue < 16384 * 45%`).
const HISTORY_PRUNING_THRESHOLD: u32 = 16384 * 45 / 100;
/// A capture whose capturer is worth this much (centipawns) more than a defended victim counts as bad.
const BAD_CAPTURE_MARGIN: i32 = 50;
/// Reverse futility (static null move): at non-PV nodes of depth ≤ 3, a static evaluation this far (per ply)
/// above beta returns at once (Stockfish `search.cpp` step 8, with our own margin).
const RFP_MAX_DEPTH: i32 = 3;
const RFP_MARGIN_PER_PLY: Score = 120;
/// Futility pruning at frontier nodes: quiet non-checking moves are skipped when the static evaluation plus
/// this margin (index = depth) cannot reach alpha.
const FUTILITY_MARGIN: [Score; 3] = [0, 150, 300];
/// Late-move pruning (move-count pruning): at non-PV nodes of depth ≤ 3, not in check, a quiet non-checking
/// move is skipped once this many legal moves (index = depth) were searched (Stockfish `search.cpp` step 14's
/// `futility_move_count`, with our own counts; Xiangqi positions have about 40 legal moves).
const LMP_MOVE_COUNT: [usize; 4] = [0, 8, 14, 22];
/// Internal iterative reduction: a node of at least this depth without a TT move is searched one ply shallower
/// (its move ordering is poor; the next iteration finds it again with a TT move). Stockfish `search.cpp`, "IIR".
const IIR_MIN_DEPTH: i32 = 4;
/// Bound of the butterfly history values (both signs).
const HISTORY_MAX: i32 = 1 << 18;
/// LMR: the first `LMR_FULL_MOVES` moves are never reduced; only from `LMR_MIN_DEPTH` on.
const LMR_FULL_MOVES: usize = 3;
const LMR_MIN_DEPTH: i32 = 3;
/// Aspiration window half-width in centipawns (doubled after each failure).
const ASPIRATION: Score = 35;

/// Switches for each technique, so their effect can be measured (the ablation bench) and shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    pub null_move: bool,
    /// Late-move reductions and internal iterative reduction.
    pub lmr: bool,
    /// Killer moves and counter-moves in the move ordering.
    pub killers: bool,
    pub history: bool,
    pub aspiration: bool,
    pub check_extension: bool,
    pub tt_cutoffs: bool,
    /// Quiescence also tries quiet checking moves at its first ply.
    pub qsearch_checks: bool,
    /// Reverse futility, futility pruning, late-move pruning and skipping bad captures in quiescence.
    pub futility: bool,
    /// Alpha-beta cut-offs. Off: plain minimax (negamax) — every node gets the full window, the window never
    /// narrows and no move is cut off (implies PVS off); for teaching at small depths (the lab).
    pub alpha_beta: bool,
    /// Principal variation search: moves after the first get a null window and a re-search. Off: every move
    /// gets the node's full (alpha, beta) window.
    pub pvs: bool,
    /// A null-move fail high is verified (depth-1 search at depth ≤ 4, a reduced search at depth ≥ 6). Off:
    /// the fail high is trusted.
    pub null_verify: bool,
    /// Root moves are ordered (captures by MVV-LVA at the start, best first by score after each iteration).
    /// Off: they stay in generation order.
    pub root_ordering: bool,
    /// Quiescence search at the horizon. Off: the static evaluation at depth 0 (one node), the textbook
    /// fixed-depth minimax; the lab's minimax and alpha-beta-only rows use it (a capture tree searched without
    /// cut-offs has no practical bound).
    pub quiescence: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            null_move: true,
            lmr: true,
            killers: true,
            history: true,
            aspiration: true,
            check_extension: true,
            tt_cutoffs: true,
            qsearch_checks: true,
            futility: true,
            alpha_beta: true,
            pvs: true,
            null_verify: true,
            root_ordering: true,
            quiescence: true,
        }
    }
}

/// One completed iteration, as reported in `info` lines (score in centipawns from the side to move's view,
/// seldepth including quiescence).
pub type IterationInfo = crate::search::driver::IterationInfo<Move>;

pub use crate::search::driver::RunOutcome;

mod driver;
mod node;
mod root;
mod smp;
use node::Frame;
pub use root::Suspended;
use crate::search::root_moves::RootMoves;
use root::Iteration;

/// The search: position, tables and the resumable iteration state.
pub struct Searcher {
    /// The root position (with its game history, used for repetition).
    pub pos: Position,
    /// The transposition table, shared with the helpers of a parallel search ([`smp`]).
    pub tt: Arc<TranspositionTable>,
    pub options: SearchOptions,
    killers: Vec<[Move; 2]>,
    /// Counter-move heuristic: the quiet move that last cut off after the previous move, by that move's
    /// (piece, destination) (Uiterwijk 1992, "The countermove heuristic"). Ordered right after the killers.
    counter: Box<[[Move; 256]; 16]>,
    /// Butterfly history by (piece, destination): `+depth²` for a quiet move that cut off, `−depth²` for the
    /// quiet moves searched before it at that node (the history "malus"), within ±[`HISTORY_MAX`].
    history: Box<[[i32; 256]; 16]>,
    /// Fruit-style history statistics for history pruning: cut-offs and tries per (piece, destination).
    hist_hit: Box<[[u32; 256]; 16]>,
    hist_tried: Box<[[u32; 256]; 16]>,
    pv: Vec<Vec<Move>>,
    /// Nodes since [`Searcher::start`].
    pub nodes: u64,
    seldepth: usize,
    deadline: f64,
    node_limit: u64,
    aborted: bool,
    /// The root: its moves, the last completed iteration and its MultiPV lines, the iteration in progress's
    /// new best move ([`RootMoves`]).
    pub root: RootMoves<Move>,
    iteration: Option<Iteration>,
    /// MultiPV: lines reported per iteration (1–5, [`Searcher::set_multipv`]).
    multipv: usize,
    /// Raised by another thread to interrupt [`run`](Self::run) like a deadline (polled with the clock); the
    /// native protocols' stdin reader raises it when a command arrives. The searcher never lowers it.
    pub interrupt: Option<Arc<AtomicBool>>,
    /// Static evaluations by Zobrist key: `(key >> 32) << 32 | eval as u32`, indexed by the key's low bits
    /// ([`EVAL_CACHE_ENTRIES`] entries). The evaluation is a function of the key's position, so the cache only
    /// saves time: node counts do not change.
    eval_cache: Box<[u64]>,
    /// Smallest ply at which a repetition cycle judged in the current subtree started (the earlier occurrence of
    /// the repeated position; 0 when it lies in the game before the root), [`NO_CYCLE`] when none was. A node at
    /// ply `p` whose subtree met a cycle starting above it (`< p`) has a path-dependent score (graph-history
    /// interaction): it is not stored in the TT. See [`Searcher::pvs`].
    rep_floor: usize,
    /// The suspended search's frames, innermost first ([`node`] module docs): pushed as a slice ends inside
    /// an iteration, popped by the next `run` as it descends back to where the search stopped.
    frames: Vec<Frame>,
    /// The tree explorer's recorder (super::tree); `None` (the default) costs one check per node.
    tree: Option<Box<TreeRecorder>>,
    /// Set by [`Searcher::pvs_traced`] just before it runs the node it entered in the recorder.
    tree_inside: bool,
    /// `Threads`: the main thread and its helpers ([`smp`]); 1 by default.
    threads: usize,
    /// 0 for the searcher the engine drives; 1, 2, … for a helper thread's.
    helper_index: usize,
    /// The running helpers of the current search.
    helpers: Option<crate::search::helpers::Helpers<()>>,
    /// Nodes of the current search's helpers that have stopped.
    helper_nodes_done: u64,
    /// A helper's: the counter of its search's helper nodes, and how many of its own it has added to it.
    shared_nodes: Option<(Arc<std::sync::atomic::AtomicU64>, u64)>,
}

/// [`Searcher::rep_floor`] when no repetition was judged.
const NO_CYCLE: usize = usize::MAX;

/// Entries of the evaluation cache (8 bytes each: 512 KiB).
const EVAL_CACHE_ENTRIES: usize = 1 << 16;

impl Searcher {
    /// Static evaluation of the current position (side to move's view), through the evaluation cache.
    #[inline]
    fn static_eval(&mut self) -> Score {
        let key = self.pos.key();
        let slot = &mut self.eval_cache[key as usize & (EVAL_CACHE_ENTRIES - 1)];
        if *slot >> 32 == key >> 32 && *slot != 0 {
            return *slot as u32 as i32;
        }
        let e = self.pos.evaluate();
        *slot = (key >> 32) << 32 | e as u32 as u64;
        e
    }

    /// A searcher with a `hash_mib` MiB transposition table.
    pub fn new(hash_mib: usize) -> Self {
        Self::with_table(Arc::new(TranspositionTable::new(hash_mib)))
    }

    /// A searcher using `tt` (shared with other searchers: the helpers of a parallel search).
    pub fn with_table(tt: Arc<TranspositionTable>) -> Self {
        Searcher {
            pos: Position::startpos(),
            tt,
            options: SearchOptions::default(),
            killers: vec![[Move::NULL; 2]; MAX_PLY + 2],
            counter: Box::new([[Move::NULL; 256]; 16]),
            history: Box::new([[0; 256]; 16]),
            hist_hit: Box::new([[0; 256]; 16]),
            hist_tried: Box::new([[0; 256]; 16]),
            pv: vec![Vec::new(); MAX_PLY + 2],
            eval_cache: vec![0u64; EVAL_CACHE_ENTRIES].into_boxed_slice(),
            nodes: 0,
            seldepth: 0,
            deadline: f64::INFINITY,
            node_limit: u64::MAX,
            aborted: false,
            root: RootMoves::default(),
            iteration: None,
            multipv: 1,
            interrupt: None,
            rep_floor: NO_CYCLE,
            frames: Vec::new(),
            tree: None,
            tree_inside: false,
            threads: 1,
            helper_index: 0,
            helpers: None,
            helper_nodes_done: 0,
            shared_nodes: None,
        }
    }

    /// Attaches a search tree recorder (or detaches it with `None`) and returns the previous one. See
    /// [`super::tree`]; a sliced search records the same tree as an unsliced one.
    pub fn set_tree_recorder(&mut self, rec: Option<Box<TreeRecorder>>) -> Option<Box<TreeRecorder>> {
        std::mem::replace(&mut self.tree, rec)
    }

    /// Flags for the tree recorder's current node (no-op without one).
    #[inline]
    fn tree_flag(&mut self, flags: u32) {
        if let Some(t) = self.tree.as_deref_mut() {
            t.flag(flags);
        }
    }

    /// Flags for the tree recorder's next node (no-op without one).
    #[inline]
    fn tree_pending(&mut self, flags: u32, reduction: i32) {
        if let Some(t) = self.tree.as_deref_mut() {
            t.pending(flags, reduction);
        }
    }

    /// Exact slices (the teaching lab's `ExactSlices` option): kept for the protocols, now a no-op — every
    /// sliced search resumes exactly where its last slice stopped ([`node`] module docs), so it visits the same
    /// nodes as an unsliced one whatever the slices.
    pub fn set_exact_slices(&mut self, _on: bool) {}

    #[inline]
    fn poll(&mut self) {
        // The first iteration always completes (it takes well under a millisecond), so there is always a
        // searched best move to answer with, even after an immediate stop.
        if self.root.last.is_none() {
            return;
        }
        if self.nodes % POLL_NODES == 0 {
            if self.helper_index != 0 {
                self.report_helper_nodes();
            }
            if now_ms() >= self.deadline || self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)) {
                self.aborted = true;
            }
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
    }

    /// Whether the side to move is in check, from the last move when the search made it (`ply > 0`: the
    /// position before it was legal, see [`Position::in_check_after`]), else by the full test.
    #[inline]
    fn in_check_now(&self, ply: usize) -> bool {
        match self.pos.history.last() {
            Some(u) if ply > 0 && !u.mv.is_null() => self.pos.in_check_after(u.mv),
            _ => self.pos.in_check(),
        }
    }

    /// Whether the pseudo-legal `mv` gives check (it is played and taken back).
    fn gives_check(&mut self, mv: Move) -> bool {
        if !may_give_check(&self.pos, mv) {
            return false;
        }
        self.pos.make_move(mv);
        let check = self.pos.in_check();
        self.pos.unmake_move();
        check
    }

    /// MVV-LVA key of a capture (0 for a quiet move): most valuable victim first, then least valuable attacker.
    fn capture_score(&self, mv: Move) -> i32 {
        let victim = self.pos.cells[mv.to().index()];
        if victim == 0 {
            return 0;
        }
        let attacker = self.pos.cells[mv.from().index()];
        let v = |c: u8| match (c & 7) - 1 {
            0 => 2000,
            k => eval::material(PieceKind::ALL[k as usize]),
        };
        10 * v(victim) - v(attacker) / 10 + 100_000
    }

    /// A capture of a defended piece worth clearly less than the capturer (a losing exchange by the simplest
    /// static exchange test). Ordered after the killers; skipped in quiescence.
    fn is_bad_capture(&self, mv: Move) -> bool {
        let victim = self.pos.cells[mv.to().index()];
        let attacker = self.pos.cells[mv.from().index()];
        if victim == 0 || attacker & 7 == 1 {
            return false;
        }
        let value = |c: u8| eval::material(PieceKind::ALL[((c & 7) - 1) as usize]);
        value(attacker) > value(victim) + BAD_CAPTURE_MARGIN && self.pos.attacked_by(mv.to().index(), self.pos.side.flip())
    }

    /// Repetition verdict at this node (`ply` > 0), if the position occurred before: two-fold when the earlier
    /// occurrence is inside the search, three-fold when it is in the game before the root (as Pikafish and
    /// Fairy-Stockfish do). Judged by the long-check / long-chase rules (`rules::judge_cycle`).
    fn repetition(&mut self, ply: usize) -> Option<Score> {
        let d = self.pos.last_repetition_distance(4)?;
        if d > ply && self.pos.last_repetition_distance(d + 2).is_none() {
            return None;
        }
        // The verdict depends on the path from the cycle's first position: record where it starts.
        self.rep_floor = self.rep_floor.min(ply.saturating_sub(d));
        let v = self.pos.judge_cycle(d);
        let win = RULE_WIN - ply as Score;
        Some(match v.loser {
            None => DRAW,
            Some(c) if c == self.pos.side => -win,
            Some(_) => win,
        })
    }

    /// The counter-move slot of the move that led to the current position: (its piece, its destination), `None`
    /// after a null move or at the start of the history.
    #[inline]
    fn counter_slot(&self) -> Option<(usize, usize)> {
        let u = self.pos.history.last().filter(|u| !u.mv.is_null())?;
        let to = u.mv.to().index();
        Some((self.pos.cells[to] as usize, to))
    }

    /// The counter-move recorded for the move that led to the current position (null when there is none).
    #[inline]
    fn counter_move(&self) -> Move {
        self.counter_slot().map_or(Move::NULL, |(piece, to)| self.counter[piece][to])
    }

    /// Ordering keys for `list` into `keys`: TT move, captures (MVV-LVA), killers, quiet moves by history.
    fn order(&self, list: &MoveList, keys: &mut [i32; 192], tt_move: Move, ply: usize) {
        let killers = self.killers[ply];
        let counter = self.counter_move();
        for (k, &m) in keys.iter_mut().zip(list.as_slice()) {
            *k = if m == tt_move {
                1 << 30
            } else {
                let c = self.capture_score(m);
                if c > 0 {
                    if self.is_bad_capture(m) { c - 100_000 + (1 << 18) } else { c + (1 << 20) }
                } else if self.options.killers && m == killers[0] {
                    (1 << 20) - 1
                } else if self.options.killers && m == killers[1] {
                    (1 << 20) - 2
                } else if self.options.killers && m == counter {
                    (1 << 20) - 3
                } else if self.options.history {
                    let p = self.pos.cells[m.from().index()] as usize;
                    self.history[p][m.to().index()]
                } else {
                    0
                }
            };
        }
    }

    /// Whether the score being computed at `ply` depends on the path to the node: a repetition verdict in its
    /// subtree whose cycle started above it (at a smaller ply, or in the game before the root). Such a score
    /// holds only for this path, so it is neither stored in the TT nor could it be taken from it elsewhere
    /// (the standard remedy for the graph-history interaction; chessprogramming.org "Graph History Interaction").
    #[inline]
    fn path_dependent(&self, ply: usize) -> bool {
        self.rep_floor < ply
    }
}

/// Whether `mv` (pseudo-legal for the side to move of `pos`) can give check at all: false only when it neither
/// starts nor ends on a line through the enemy general (a rook or cannon attack, a cannon's screen, the flying
/// general, a pawn beside it), nor lands a horse's move away from it, nor leaves a point diagonally next to it
/// (a horse's leg). A cheap filter before playing the move to find out (quiescence's quiet checks).
fn may_give_check(pos: &Position, mv: Move) -> bool {
    let k = pos.kings[pos.side.flip().index()].index();
    let (from, to) = (mv.from().index(), mv.to().index());
    let (df, dr) = (((to & 15) as i32 - (k & 15) as i32).abs(), ((to >> 4) as i32 - (k >> 4) as i32).abs());
    super::movegen::touches_general(k, from, to) || (df + dr == 3 && df != 0 && dr != 0)
}

/// Late-move reduction in plies for the `legal`-th move at `depth`: `1 + ln(depth)·ln(legal) / 3`, at most
/// `depth - 2` (a logarithmic formula of the kind Stockfish uses; our constants).
fn lmr_reduction(depth: i32, legal: usize) -> i32 {
    let r = 1.0 + (depth as f64).ln() * (legal as f64).ln() / 3.0;
    (r as i32).clamp(1, (depth - 2).max(1))
}

/// Moves the highest-keyed move among `i..` to position `i` and returns it (one selection-sort step).
#[inline]
fn pick_next(list: &mut MoveList, keys: &mut [i32; 192], i: usize) -> (i32, Move) {
    let n = list.len();
    // The first of the highest keys, in two passes the compiler can vectorise (the largest key, then where it
    // first is): the move a scan keeping the first strictly greater key would take.
    let top = keys[i..n].iter().copied().fold(i32::MIN, i32::max);
    let best = i + keys[i..n].iter().position(|&k| k == top).unwrap_or(0);
    keys.swap(i, best);
    list.swap(i, best);
    (keys[i], list.as_slice()[i])
}

/// Whether a score is from the point of view of `side`: helper for callers that report Red's view.
pub fn score_for(side: Color, score: Score) -> Score {
    if side == Color::Red { score } else { -score }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::{Rng, SeedableRng};

    /// The filter never hides a check: over random games from the start and from a middlegame, every
    /// pseudo-legal move that gives check passes it (and most moves do not).
    #[test]
    fn may_give_check_lets_every_checking_move_through() {
        let mut rng = rand_pcg::Pcg32::seed_from_u64(7);
        let (mut checks, mut filtered, mut moves) = (0, 0, 0);
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 w - - 0 1",
        ] {
            for _ in 0..60 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..80 {
                    let mut list = MoveList::new();
                    pos.gen_pseudo(&mut list, false);
                    let mut legal = Vec::new();
                    for &m in list.as_slice() {
                        moves += 1;
                        if !pos.make_if_legal(m) {
                            continue;
                        }
                        let check = pos.in_check();
                        pos.unmake_move();
                        legal.push(m);
                        let maybe = may_give_check(&pos, m);
                        assert!(!check || maybe, "{m:?} gives check but was filtered out in {}", pos.fen());
                        checks += check as u32;
                        filtered += !maybe as u32;
                    }
                    if legal.is_empty() {
                        break;
                    }
                    pos.make_move(legal[(rng.next_u32() as usize) % legal.len()]);
                }
            }
        }
        assert!(checks > 500, "{checks} checking moves seen");
        assert!(filtered * 2 > moves, "the filter answers most moves without playing them ({filtered} of {moves})");
    }
}
