//! Driving an `Engine` the way the protocols do (`go`, then `step` in slices, `stop`, `ponderhit`), shared by the
//! tests of the parallel searches (`tests/xiangqi_threads.rs`, `tests/hex_threads.rs`).

use duiyi::engine::{Engine, GameMove, Step};
use duiyi::search::GoParams;

/// Runs a `go` to its `bestmove` in 5 ms slices: the move and the nodes of the last report.
pub fn go_to_bestmove(e: &mut Engine, params: GoParams) -> (Option<GameMove>, u64) {
    e.go(params).unwrap();
    let mut nodes = 0;
    for _ in 0..200_000 {
        match e.step(5.0) {
            Step::Done { bestmove, infos, .. } => return (bestmove, infos.last().map_or(nodes, |i| i.nodes)),
            Step::Searching(infos) | Step::Waiting(infos) => nodes = infos.last().map_or(nodes, |i| i.nodes),
            Step::Idle => panic!("idle during a search"),
        }
    }
    panic!("no bestmove");
}

/// On the engine's current position: a `go infinite` stopped, then a `go ponder` (both clocks at `clock_ms`)
/// hit, each answering exactly one move that `is_good` accepts; then, with every move of `all` but `keep`
/// banned, a `go movetime` of `movetime_ms` answering `keep`.
pub fn stop_ponderhit_and_ban(
    e: &mut Engine,
    clock_ms: f64,
    all: &[GameMove],
    keep: GameMove,
    movetime_ms: f64,
    is_good: impl Fn(&Engine, Option<GameMove>) -> bool,
) {
    e.go(GoParams { infinite: true, ..Default::default() }).unwrap();
    for _ in 0..20 {
        assert!(matches!(e.step(5.0), Step::Searching(_) | Step::Waiting(_)));
    }
    e.stop();
    let Step::Done { bestmove, .. } = e.step(5.0) else { panic!("a stopped search answers") };
    assert!(is_good(e, bestmove), "{bestmove:?}");
    assert_eq!(e.step(5.0), Step::Idle, "one bestmove per go");
    e.go(GoParams { ponder: true, wtime: Some(clock_ms), btime: Some(clock_ms), ..Default::default() }).unwrap();
    for _ in 0..10 {
        assert!(matches!(e.step(5.0), Step::Searching(_) | Step::Waiting(_)), "a ponder search holds its bestmove");
    }
    e.ponderhit().unwrap();
    let mut answered = None;
    for _ in 0..100_000 {
        if let Step::Done { bestmove, .. } = e.step(5.0) {
            answered = Some(bestmove);
            break;
        }
    }
    let answered = answered.expect("a bestmove after the ponderhit");
    assert!(is_good(e, answered), "{answered:?}");
    assert_eq!(e.step(5.0), Step::Idle);
    e.set_banned(&all.iter().copied().filter(|&m| m != keep).collect::<Vec<_>>());
    let (m, _) = go_to_bestmove(e, GoParams { movetime: Some(movetime_ms), ..Default::default() });
    assert_eq!(m, Some(keep));
}
