//! The searcher of a game left out of a build: the engine's slot for that game holds this instead.
//!
//! The wasm build is split into modules (docs/architecture.md, "The wasm modules"): the Xiangqi play module is
//! built without the Hex searcher (cargo feature `hex-search` off), the full module without the Xiangqi one
//! (`xiangqi-search` off). The [`Engine`](super::Engine) keeps its two slots either way; a slot whose game is
//! absent holds an [`Absent`] searcher, which takes no memory and is never started (it knows the absent
//! searcher's option names, so that a host setting them gets the same answer as from a full build):
//! [`Engine::set_position`](super::Engine::set_position) for that game answers
//! [`EngineError::GameNotBuilt`](super::EngineError::GameNotBuilt), and a `go` on the start position before any
//! `set_position` ends at once with no move. Native builds have both games (the default features).

use crate::search::driver::{IterationInfo, RunOutcome, SlicedSearch};
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A searcher that has no moves, standing in for the searcher `S` of the absent game (whose position, move
/// types and option names it takes; none of `S`'s search code is used).
pub struct Absent<S>(PhantomData<S>);

impl<S: SlicedSearch> SlicedSearch for Absent<S> {
    type Position = S::Position;
    type Move = S::Move;
    type Suspended = ();
    fn with_hash(_hash_mib: usize) -> Self {
        Absent(PhantomData)
    }
    fn start(&mut self, _pos: S::Position) {}
    fn suspend(&mut self) {}
    fn resume(&mut self, _s: ()) {}
    fn parent(_pos: &S::Position) -> Option<(S::Position, S::Move)> {
        None
    }
    fn after(_pos: &S::Position, _mv: S::Move) -> Option<S::Position> {
        None
    }
    fn same_position(_a: &S::Position, _b: &S::Position) -> bool {
        false
    }
    fn run(&mut self, _deadline_ms: f64, _node_limit: u64) -> RunOutcome {
        RunOutcome::NoMoves
    }
    fn last_iteration(&self) -> Option<IterationInfo<S::Move>> {
        None
    }
    fn nodes(&self) -> u64 {
        0
    }
    fn best_move(&self) -> Option<S::Move> {
        None
    }
    fn ponder_move(&self) -> Option<S::Move> {
        None
    }
    fn root_move_count(&self) -> usize {
        0
    }
    fn in_iteration(&self) -> bool {
        false
    }
    fn exclude_root_moves(&mut self, _moves: &[S::Move]) {}
    fn set_interrupt(&mut self, _flag: Option<Arc<AtomicBool>>) {}
    fn resize_hash(&mut self, _mib: usize) {}
    fn clear_hash(&mut self) {}
    /// Takes (and ignores) the absent searcher's options, by name; `None` for any other.
    fn set_option(&mut self, name: &str, _value: &str) -> Option<Result<(), String>> {
        let key: String = name.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        S::option_names().contains(&key.as_str()).then_some(Ok(()))
    }
    fn option_names() -> &'static [&'static str] {
        S::option_names()
    }
    fn uses_white_clock(_pos: &S::Position) -> bool {
        false
    }
}
