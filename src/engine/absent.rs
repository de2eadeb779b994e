//! The searcher of a game left out of a build: the engine's slot for that game holds this instead.
//!
//! The wasm build is split into modules (docs/architecture.md, "The wasm modules"): the Xiangqi play module is
//! built without the Hex searcher (cargo feature `hex-search` off), the full module without the Xiangqi one
//! (`xiangqi-search` off). The [`Engine`](super::Engine) keeps its two slots either way; a slot whose game is
//! absent holds an [`Absent`] searcher, which takes no memory and is never started:
//! [`Engine::set_position`](super::Engine::set_position) for that game answers
//! [`EngineError::GameNotBuilt`](super::EngineError::GameNotBuilt), and a `go` on the start position before any
//! `set_position` ends at once with no move. Native builds have both games (the default features).

use crate::search::driver::{IterationInfo, RunOutcome, SlicedSearch};
use std::fmt;
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// A searcher that has no moves: `P` and `M` are the absent game's position and move types.
pub struct Absent<P, M>(PhantomData<(P, M)>);

impl<P: Clone, M: Copy + PartialEq + fmt::Debug + fmt::Display> SlicedSearch for Absent<P, M> {
    type Position = P;
    type Move = M;
    type Suspended = ();
    fn with_hash(_hash_mib: usize) -> Self {
        Absent(PhantomData)
    }
    fn start(&mut self, _pos: P) {}
    fn suspend(&mut self) {}
    fn resume(&mut self, _s: ()) {}
    fn parent(_pos: &P) -> Option<(P, M)> {
        None
    }
    fn after(_pos: &P, _mv: M) -> Option<P> {
        None
    }
    fn same_position(_a: &P, _b: &P) -> bool {
        false
    }
    fn run(&mut self, _deadline_ms: f64, _node_limit: u64) -> RunOutcome {
        RunOutcome::NoMoves
    }
    fn last_iteration(&self) -> Option<IterationInfo<M>> {
        None
    }
    fn nodes(&self) -> u64 {
        0
    }
    fn best_move(&self) -> Option<M> {
        None
    }
    fn ponder_move(&self) -> Option<M> {
        None
    }
    fn root_move_count(&self) -> usize {
        0
    }
    fn in_iteration(&self) -> bool {
        false
    }
    fn exclude_root_moves(&mut self, _moves: &[M]) {}
    fn set_interrupt(&mut self, _flag: Option<Arc<AtomicBool>>) {}
    fn resize_hash(&mut self, _mib: usize) {}
    fn clear_hash(&mut self) {}
    fn set_option(&mut self, _name: &str, _value: &str) -> Option<Result<(), String>> {
        None
    }
    fn option_names() -> &'static [&'static str] {
        &[]
    }
    fn uses_white_clock(_pos: &P) -> bool {
        false
    }
}
