//! The Hex searcher behind the engine's sliced driver: [`SlicedSearch`] for [`Searcher`], so `crate::engine`
//! runs, stops and ponders a Hex search exactly as a Xiangqi one (in the browser worker's 5 ms slices too).

use super::search::{self, Searcher};
use super::two_distance::Convention;
use super::{Color, Move, Position};
use crate::search::driver::{IterationInfo, RunOutcome, SlicedSearch, parse_flag};
use crate::search::tt::TranspositionTable;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

impl SlicedSearch for Searcher {
    type Position = Position;
    type Move = Move;
    fn with_hash(hash_mib: usize) -> Self {
        Searcher::new(hash_mib)
    }
    fn start(&mut self, pos: Position) {
        Searcher::start(self, pos)
    }
    fn run(&mut self, deadline_ms: f64, node_limit: u64) -> RunOutcome {
        match Searcher::run(self, deadline_ms, node_limit) {
            search::RunOutcome::IterationDone => RunOutcome::IterationDone,
            search::RunOutcome::Interrupted => RunOutcome::Interrupted,
            search::RunOutcome::NoMoves => RunOutcome::NoMoves,
        }
    }
    fn last_iteration(&self) -> Option<IterationInfo<Move>> {
        self.last.as_ref().map(|l| IterationInfo {
            depth: l.depth,
            seldepth: l.seldepth,
            score: l.score,
            nodes: l.nodes,
            pv: l.pv.clone(),
        })
    }
    fn nodes(&self) -> u64 {
        self.nodes
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
    fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.interrupt = flag;
    }
    fn resize_hash(&mut self, mib: usize) {
        self.tt = TranspositionTable::new(mib);
    }
    fn clear_hash(&mut self) {
        self.tt.clear();
    }
    /// The fields of [`search::SearchOptions`]: `Beam`, `TTCutoffs`, `Ordering`, `Threats` (`true`/`false`),
    /// `BeamBase`, `BeamPerPly` (whole numbers, 1..=400 and 0..=100), `Convention` (`queenbee`/`benzene`); `ExactSlices` (not a technique:
    /// [`Searcher::set_exact_slices`]).
    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        if crate::search::driver::option_key(name) == "exactslices" {
            return Some(parse_flag(value).map(|v| self.set_exact_slices(v)));
        }
        let o = &mut self.options;
        let count = |max: usize, min: usize| -> Result<usize, String> {
            let n: usize = value.trim().parse().map_err(|_| "expected a whole number".to_string())?;
            if !(min..=max).contains(&n) {
                return Err(format!("must be {min}..{max}"));
            }
            Ok(n)
        };
        let r = match name.trim().to_ascii_lowercase().replace(' ', "").as_str() {
            "beam" => parse_flag(value).map(|v| o.beam = v),
            "ttcutoffs" => parse_flag(value).map(|v| o.tt_cutoffs = v),
            "ordering" => parse_flag(value).map(|v| o.ordering = v),
            "threats" => parse_flag(value).map(|v| o.threats = v),
            "beambase" => count(400, 1).map(|v| o.beam_base = v),
            "beamperply" => count(100, 0).map(|v| o.beam_per_ply = v),
            "convention" => Convention::parse(value)
                .map(|c| o.convention = c)
                .ok_or_else(|| "expected queenbee or benzene".to_string()),
            _ => return None,
        };
        Some(r)
    }
    fn option_names() -> &'static [&'static str] {
        &["beam", "ttcutoffs", "ordering", "threats", "beambase", "beamperply", "convention"]
    }
    fn uses_white_clock(pos: &Position) -> bool {
        pos.to_move() == Color::White
    }
}
