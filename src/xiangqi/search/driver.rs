//! The Xiangqi searcher as the engine drives it: its [`SlicedSearch`](crate::search::driver::SlicedSearch)
//! implementation (start, run, suspend and resume, the answers, the technique switches as engine options).
//! A child module of `super` (the search).

use super::{IterationInfo, RunOutcome, Searcher, Suspended};
use crate::search::tt::TranspositionTable;
use crate::xiangqi::{Color, Move, Position};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl crate::search::driver::SlicedSearch for Searcher {
    type Position = Position;
    type Move = Move;
    fn with_hash(hash_mib: usize) -> Self {
        Searcher::new(hash_mib)
    }
    #[inline]
    fn start(&mut self, pos: Position) {
        Searcher::start(self, pos)
    }
    type Suspended = Suspended;
    fn suspend(&mut self) -> Suspended {
        self.end_search();
        Searcher::suspend(self)
    }
    fn resume(&mut self, s: Suspended) {
        Searcher::resume(self, s)
    }
    fn parent(pos: &Position) -> Option<(Position, Move)> {
        let last = pos.history.last()?.mv;
        let mut parent = pos.clone();
        parent.unmake_move();
        Some((parent, last))
    }
    fn after(pos: &Position, mv: Move) -> Option<Position> {
        let mut next = pos.clone();
        next.try_play(&mv.to_string()).ok()?;
        Some(next)
    }
    fn same_position(a: &Position, b: &Position) -> bool {
        a.key() == b.key()
    }
    #[inline]
    fn run(&mut self, deadline_ms: f64, node_limit: u64) -> RunOutcome {
        Searcher::run(self, deadline_ms, node_limit)
    }
    fn last_iteration(&self) -> Option<IterationInfo> {
        self.root.last.clone()
    }
    fn set_multipv(&mut self, k: usize) {
        Searcher::set_multipv(self, k)
    }
    fn last_lines(&self) -> Vec<IterationInfo> {
        self.root.lines.clone()
    }
    fn nodes(&self) -> u64 {
        self.nodes
    }
    fn best_move_node_share(&self) -> Option<f64> {
        Searcher::best_move_node_share(self)
    }
    fn best_move(&self) -> Option<Move> {
        Searcher::best_move(self)
    }
    fn ponder_move(&self) -> Option<Move> {
        Searcher::ponder_move(self)
    }
    fn root_move_count(&self) -> usize {
        Searcher::root_move_count(self)
    }
    fn in_iteration(&self) -> bool {
        Searcher::in_iteration(self)
    }
    fn exclude_root_moves(&mut self, moves: &[Move]) {
        Searcher::exclude_root_moves(self, moves)
    }
    fn end_search(&mut self) {
        Searcher::end_search(self)
    }
    fn set_threads(&mut self, n: usize) {
        Searcher::set_threads(self, n)
    }
    fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.interrupt = flag;
    }
    fn resize_hash(&mut self, mib: usize) {
        self.end_search();
        self.tt = Arc::new(TranspositionTable::new(mib));
    }
    /// Empties the table and forgets the move-ordering statistics ([`Searcher::forget_statistics`]): the next
    /// search runs as a new searcher's would, node for node (the game review relies on it).
    fn clear_hash(&mut self) {
        self.end_search();
        self.tt.clear();
        self.forget_statistics();
    }
    /// `NullMove`, `LMR`, `Killers`, `History`, `Aspiration`, `CheckExtension`, `TTCutoffs`, `QsearchChecks`,
    /// `Futility`, `AlphaBeta`, `PVS`, `NullVerify`, `RootOrdering`, `Quiescence`: `true`/`false` (the fields of
    /// [`SearchOptions`](super::SearchOptions)); `ExactSlices` (not a technique: [`Searcher::set_exact_slices`]).
    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let key = name.trim().to_ascii_lowercase().replace(' ', "");
        if key == "exactslices" {
            return Some(crate::search::driver::parse_flag(value).map(|v| self.set_exact_slices(v)));
        }
        let o = &mut self.options;
        let slot = match key.as_str() {
            "nullmove" => &mut o.null_move,
            "lmr" => &mut o.lmr,
            "killers" => &mut o.killers,
            "history" => &mut o.history,
            "aspiration" => &mut o.aspiration,
            "checkextension" => &mut o.check_extension,
            "ttcutoffs" => &mut o.tt_cutoffs,
            "qsearchchecks" => &mut o.qsearch_checks,
            "futility" => &mut o.futility,
            "alphabeta" => &mut o.alpha_beta,
            "pvs" => &mut o.pvs,
            "nullverify" => &mut o.null_verify,
            "rootordering" => &mut o.root_ordering,
            "quiescence" => &mut o.quiescence,
            _ => return None,
        };
        Some(crate::search::driver::parse_flag(value).map(|v| *slot = v))
    }
    fn option_names() -> &'static [&'static str] {
        &[
            "nullmove", "lmr", "killers", "history", "aspiration", "checkextension", "ttcutoffs", "qsearchchecks", "futility",
            "alphabeta", "pvs", "nullverify", "rootordering", "quiescence",
        ]
    }
    fn uses_white_clock(pos: &Position) -> bool {
        pos.side_to_move() == Color::Red
    }
}
