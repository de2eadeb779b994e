//! The state of one `go` (its limits, clock, budget and iterations), what a game's driver step returns, and the
//! `info` report of a completed iteration: shared by the sliced driver (`super::slot`) and the pondering on
//! several replies (`super::ponder`).

use super::Info;
use crate::search::clock::now_ms;
use crate::search::driver::IterationInfo;
use crate::search::limits::{Budget, GoParams};
use crate::search::score::{self, Score};
use std::fmt::Display;

/// The state of one `go`.
pub(super) struct Search<M> {
    pub(super) params: GoParams,
    pub(super) started_ms: f64,
    /// When the clock of this `go` started (`None` while pondering).
    pub(super) clock_ms: Option<f64>,
    pub(super) budget: Option<Budget>,
    pub(super) holding: bool,
    pub(super) stop: bool,
    /// Time spent pondering before the `ponderhit` (ms).
    pub(super) pondered_ms: f64,
    /// Best move and score of each completed iteration.
    pub(super) iterations: Vec<(M, Score)>,
}

/// What a driver step returns (as [`Step`], with the game's own move type).
pub(super) enum SlotStep<M> {
    Idle,
    Searching(Vec<Info>),
    Waiting(Vec<Info>),
    Done { infos: Vec<Info>, bestmove: Option<M>, ponder: Option<M> },
}

/// The `info` report of a completed iteration of a search started at `started_ms` (its time and nodes per
/// second are measured from then).
pub(super) fn info_of<M: Display>(it: &IterationInfo<M>, started_ms: f64) -> Info {
    let elapsed = (now_ms() - started_ms).max(0.0);
    let (cp, mate) = if score::is_mate(it.score) { (None, Some(score::mate_moves(it.score))) } else { (Some(it.score), None) };
    Info {
        depth: it.depth,
        seldepth: it.seldepth,
        cp,
        mate,
        nodes: it.nodes,
        nps: if elapsed > 0.5 { (it.nodes as f64 * 1000.0 / elapsed) as u64 } else { 0 },
        time_ms: elapsed as u64,
        pv: it.pv.iter().map(|m| m.to_string()).collect(),
        multipv: 1,
    }
}
