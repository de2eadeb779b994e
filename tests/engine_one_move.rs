//! Analysis with one legal move (issue 12 item 8): the engine still searches, so the score and PV are true.

use duiyi::engine::{Engine, ONE_MOVE_DEPTH, Setup, Step};
use duiyi::search::GoParams;

/// After Red's first move of a mate in 2 (tests/data/xiangqi_mates.json), Black's only move walks into mate.
const ONLY_MOVE_MATED: &str = "3n1cb2/2Rka4/4b3r/2n1P3p/6p2/2p6/6P1P/Nc7/9/2BAKAB2 b - - 1 1";

fn engine() -> Engine {
    let mut e = Engine::new();
    e.set_position(Setup::Xiangqi(ONLY_MOVE_MATED), &[]).unwrap();
    assert_eq!(e.xiangqi_position().legal_moves().as_slice().len(), 1);
    e
}

#[test]
fn go_depth_reports_the_mate() {
    let mut e = engine();
    let (infos, bm, _) = e.search_blocking(GoParams { depth: Some(6), ..Default::default() }).unwrap();
    assert_eq!(bm.unwrap().to_string(), "d8d7");
    let last = infos.last().unwrap();
    assert_eq!(last.depth, 6);
    assert_eq!((last.cp, last.mate), (None, Some(-1)), "{last:?}");
    assert_eq!(last.pv.len(), 2, "{last:?}");
}

#[test]
fn go_infinite_searches_on_until_stop() {
    let mut e = engine();
    e.go(GoParams { infinite: true, ..Default::default() }).unwrap();
    let mut infos = Vec::new();
    loop {
        match e.step(f64::INFINITY) {
            Step::Searching(i) => infos.extend(i),
            Step::Waiting(i) => {
                infos.extend(i);
                break;
            }
            other => panic!("an infinite search ended by itself: {other:?}"),
        }
        if infos.last().is_some_and(|i| i.depth >= 10) {
            break;
        }
    }
    e.stop();
    let Step::Done { infos: rest, bestmove, .. } = e.step(f64::INFINITY) else { panic!("no bestmove after stop") };
    infos.extend(rest);
    assert_eq!(bestmove.unwrap().to_string(), "d8d7");
    assert!(infos.last().unwrap().depth >= 10);
    assert_eq!(infos.last().unwrap().mate, Some(-1));
}

#[test]
fn with_a_clock_it_moves_soon_with_a_searched_score() {
    let mut e = engine();
    let clock = GoParams { wtime: Some(600_000.0), btime: Some(600_000.0), winc: Some(5_000.0), binc: Some(5_000.0), ..Default::default() };
    let (infos, bm, _) = e.search_blocking(clock).unwrap();
    assert_eq!(bm.unwrap().to_string(), "d8d7");
    let last = infos.last().unwrap();
    assert!(last.mate == Some(-1) || last.depth >= ONE_MOVE_DEPTH, "{last:?}");
    assert_eq!(last.pv.len(), 2, "the PV shows the mate: {last:?}");
    assert!(last.time_ms < 6_000, "a forced move keeps most of its time: {last:?}");
}

/// Time management (issue 12 item 1): an engine-vs-engine game at 10 s + 0.1 s per move through the Engine API,
/// each side's clock run from the wall time its searches take (minus nothing: the engine's own overhead margin
/// is all it has). Neither side may lose on time over 50 plies, and the engine must use its time (not move
/// instantly).
#[test]
fn ten_seconds_plus_a_tenth_never_flags() {
    use std::time::Instant;
    let mut e = Engine::new();
    let mut pos = duiyi::xiangqi::Position::startpos();
    let mut clocks = [10_000.0f64, 10_000.0];
    let inc = 100.0;
    let mut spent = [0.0f64; 2];
    for ply in 0..50 {
        if !pos.has_legal_move() {
            break;
        }
        let side = ply % 2;
        e.set_xiangqi_position(pos.clone()).unwrap();
        let params = GoParams { wtime: Some(clocks[0]), btime: Some(clocks[1]), winc: Some(inc), binc: Some(inc), ..Default::default() };
        let t = Instant::now();
        let (_, bm, _) = e.search_blocking(params).unwrap();
        let used = t.elapsed().as_secs_f64() * 1000.0;
        clocks[side] -= used;
        assert!(clocks[side] > 0.0, "ply {ply}: flag fall ({:.0} ms left after {used:.0} ms)", clocks[side]);
        clocks[side] += inc;
        spent[side] += used;
        pos.try_play(&bm.unwrap().to_string()).unwrap();
    }
    println!("clocks left {clocks:?} ms, spent {spent:?} ms");
    assert!(spent[0] > 1_000.0 && spent[1] > 1_000.0, "the engine thinks on its clock: {spent:?}");
}
