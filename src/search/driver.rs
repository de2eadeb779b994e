//! The sliced-search interface a game's searcher offers to the `Engine` above it.
//!
//! A game's searcher runs iterative deepening in resumable pieces: [`SlicedSearch::start`] sets the root,
//! [`SlicedSearch::run`] searches until an iteration completes or a deadline / node limit / interrupt comes
//! first, and the next `run` resumes where the last one stopped. The engine (`crate::engine`) owns the time
//! management, pondering and the `bestmove` protocol for every game on top of this trait alone, so each game
//! writes only its alpha-beta.
//!
//! Contract every implementation keeps (the engine's stop latency and reproducibility rest on it):
//! - `run` checks its deadline (on [`crate::search::clock::now_ms`]'s clock), its node limit and the interrupt
//!   flag at least every ~1000 nodes and returns [`RunOutcome::Interrupted`] promptly after either;
//! - an interrupted iteration never stores partial results as final: [`SlicedSearch::last_iteration`] only
//!   changes when an iteration completes;
//! - with no deadline, no node limit and no interrupt, the nodes searched do not depend on how the calls were
//!   sliced by iteration boundaries (a search is exactly reproducible when it is never interrupted). The Xiangqi
//!   searcher keeps a stronger promise: an interrupted `run` resumes exactly where it stopped, so its nodes do not
//!   depend on the slicing at all (src/xiangqi/search/node.rs); so does the Hex alpha-beta searcher.

use super::score::Score;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// What one [`SlicedSearch::run`] ended with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunOutcome {
    /// An iteration completed (its report is [`SlicedSearch::last_iteration`]).
    IterationDone,
    /// The deadline, node limit or interrupt came first; the iteration resumes on the next call.
    Interrupted,
    /// No legal move at the root (the game is over there, or every move is excluded).
    NoMoves,
}

/// The report of one completed iteration.
#[derive(Clone, Debug, PartialEq)]
pub struct IterationInfo<M> {
    /// Nominal depth in plies.
    pub depth: u32,
    /// Deepest ply reached (selective depth).
    pub seldepth: u32,
    /// Score from the side to move's view ([`crate::search::score`]: centipawn-like units, or a mate distance).
    pub score: Score,
    /// Nodes searched since [`SlicedSearch::start`].
    pub nodes: u64,
    /// Principal variation, root move first.
    pub pv: Vec<M>,
}

/// A game's resumable iterative-deepening searcher, as the engine drives it.
pub trait SlicedSearch {
    /// The game's position (the root of a search).
    type Position: Clone;
    /// The game's move; `Display` gives its protocol notation (ICCS for Xiangqi, `c3` / `swap-pieces` for Hex).
    type Move: Copy + PartialEq + fmt::Debug + fmt::Display;

    /// A searcher with a transposition table of `hash_mib` MiB.
    fn with_hash(hash_mib: usize) -> Self;
    /// Sets the root and forgets the previous search's iterations (the TT is kept).
    fn start(&mut self, pos: Self::Position);
    /// A search put aside ([`suspend`](Self::suspend)): its root, root moves, iterations and node count.
    type Suspended;
    /// Puts the current search aside, between two [`run`](Self::run)s: [`resume`](Self::resume) later goes on
    /// with it exactly where it was (the same iteration and node count), whatever ran in between. The table
    /// (and the move-ordering statistics) stay with the searcher, shared by the searches it takes up.
    fn suspend(&mut self) -> Self::Suspended;
    /// Takes up a search put aside by [`suspend`](Self::suspend); the next `run` continues it.
    fn resume(&mut self, s: Self::Suspended);
    /// The position before the last move of `pos`'s history and that move; `None` when `pos` has no move in
    /// its history (a FEN or an empty board). Pondering on several replies uses it to find the position the
    /// opponent moves in.
    fn parent(pos: &Self::Position) -> Option<(Self::Position, Self::Move)>;
    /// The position after `mv` is played at `pos` (its history extended, as a host's `position … moves`
    /// would give it); `None` when `mv` is not legal there.
    fn after(pos: &Self::Position, mv: Self::Move) -> Option<Self::Position>;
    /// Whether `a` and `b` are the same position (the same pieces or stones and side to move), by key.
    fn same_position(a: &Self::Position, b: &Self::Position) -> bool;
    /// Searches until an iteration completes or `deadline_ms` (on `now_ms`'s clock) / `node_limit` total nodes
    /// / the interrupt flag comes first; resumable (see the module's contract).
    fn run(&mut self, deadline_ms: f64, node_limit: u64) -> RunOutcome;
    /// The last completed iteration of this search.
    fn last_iteration(&self) -> Option<IterationInfo<Self::Move>>;
    /// Nodes searched since `start`.
    fn nodes(&self) -> u64;
    /// The share (0–1) of the last completed iteration's root nodes spent under its best move, where the search
    /// keeps it (the time manager's "easy move" sign, see `crate::search::time::TM_EASY_NODE_SHARE`); `None` otherwise.
    fn best_move_node_share(&self) -> Option<f64> {
        None
    }
    /// The move to play now (the running iteration's new best, else the last iteration's, else any legal one).
    fn best_move(&self) -> Option<Self::Move>;
    /// The expected reply to [`best_move`](Self::best_move), for pondering.
    fn ponder_move(&self) -> Option<Self::Move>;
    /// MultiPV: report the `k` (1–5) best root moves from the next `start` on. The default keeps one line
    /// (a searcher without MultiPV).
    fn set_multipv(&mut self, _k: usize) {}
    /// The last completed iteration's lines, best first (`[0]` is [`last_iteration`](Self::last_iteration));
    /// by default that iteration alone.
    fn last_lines(&self) -> Vec<IterationInfo<Self::Move>> {
        self.last_iteration().into_iter().collect()
    }
    /// Legal root moves left after the exclusions.
    fn root_move_count(&self) -> usize;
    /// Whether an iteration is under way (interrupted, to be resumed).
    fn in_iteration(&self) -> bool;
    /// Removes these moves from the root (UCCI `banmoves`, UCI `searchmoves`' complement).
    fn exclude_root_moves(&mut self, moves: &[Self::Move]);
    /// The search ended (the engine answered `bestmove`): stop whatever works for it beside `run` (the helper
    /// threads of a parallel search). The default does nothing.
    fn end_search(&mut self) {}
    /// `Threads`: how many threads the next searches use (1 = the single-threaded search). The default ignores
    /// it (a game without a parallel search).
    fn set_threads(&mut self, _n: usize) {}
    /// Installs (or removes) a flag another thread raises to make `run` return early.
    fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>);
    /// Replaces the transposition table by an empty one of `mib` MiB.
    fn resize_hash(&mut self, mib: usize);
    /// Empties the transposition table.
    fn clear_hash(&mut self);
    /// Sets a game-specific technique switch by name (matched case-insensitively, spaces ignored).
    /// `None`: no such option for this game; `Some(Err(reason))`: a bad value.
    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>>;
    /// The names [`set_option`](Self::set_option) knows, lower case without spaces.
    fn option_names() -> &'static [&'static str];
    /// Whether the side to move at `pos` uses the `wtime`/`winc` clock of a `go` (Xiangqi: Red, as in UCCI/UCI
    /// FEN's `w`; Hex: White), else `btime`/`binc`.
    fn uses_white_clock(pos: &Self::Position) -> bool;
}

/// Parses an on/off option value: `true|on|1` or `false|off|0` (case-insensitive).
///
/// # Errors
/// `"expected true or false"`.
pub fn parse_flag(value: &str) -> Result<bool, String> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "1" => Ok(true),
        "false" | "off" | "0" => Ok(false),
        _ => Err("expected true or false".into()),
    }
}

/// An option name as the searchers match it: lower case, spaces removed (`Clear Hash` → `clearhash`).
pub fn option_key(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace(' ', "")
}
