//! The engine: mates from real games (`tests/data/xiangqi_mates.json`), the go/stop/ponder flow of the
//! time-sliced `Engine`, and reproducible fixed-depth searches.

use duiyi::engine::{Engine, EngineError, GameMove, Setup, Step};
use duiyi::search::GoParams;
use duiyi::xiangqi::Position;

mod common;

fn mates() -> Vec<serde_json::Value> {
    let v = common::data("xiangqi_mates.json");
    v["positions"].as_array().unwrap().clone()
}

/// Every mate in 1 and 2 of the set, within a node budget: the engine reports a mate of at most `mate_in` moves
/// and plays a first move after which the opponent is mated (mate in 1) or still gets mated.
#[test]
fn finds_the_short_mates_from_real_games() {
    let mut checked = 0;
    for p in mates().iter().filter(|p| p["mate_in"].as_u64().unwrap() <= 2) {
        let fen = p["fen"].as_str().unwrap();
        let n = p["mate_in"].as_i64().unwrap() as i32;
        let mut e = Engine::new();
        e.set_position(Setup::Xiangqi(fen), &[]).unwrap();
        let (infos, best, _) = e.search_blocking(GoParams { depth: Some((2 * n + 1) as u32), nodes: Some(3_000_000), ..Default::default() }).unwrap();
        let last = infos.last().expect("an iteration");
        assert!(last.mate.is_some_and(|m| m > 0 && m <= n), "{fen}: expected mate in {n}, got {last:?}");
        let Some(GameMove::Xiangqi(best)) = best else { panic!("{fen}: no Xiangqi bestmove") };
        if n == 1 {
            let mut pos = Position::from_fen(fen).unwrap();
            pos.play_unchecked(best);
            assert!(pos.verdict().is_some(), "{fen}: {best} does not mate");
        }
        checked += 1;
    }
    assert!(checked >= 10, "{checked}");
}

#[test]
fn fixed_depth_search_is_reproducible() {
    let run = || {
        let mut e = Engine::new();
        e.search_blocking(GoParams { depth: Some(6), ..Default::default() }).unwrap()
    };
    let (a, ma, _) = run();
    let (b, mb, _) = run();
    assert_eq!(ma, mb);
    assert_eq!(a.last().unwrap().nodes, b.last().unwrap().nodes);
    assert_eq!(a.last().unwrap().pv, b.last().unwrap().pv);
}

#[test]
fn sliced_search_reaches_the_same_result_as_one_call() {
    let mut whole = Engine::new();
    let (_, best_whole, _) = whole.search_blocking(GoParams { depth: Some(6), ..Default::default() }).unwrap();
    let mut sliced = Engine::new();
    sliced.go(GoParams { depth: Some(6), ..Default::default() }).unwrap();
    let mut steps = 0;
    let best = loop {
        steps += 1;
        match sliced.step(0.2) {
            Step::Done { bestmove, .. } => break bestmove,
            Step::Searching(_) => {}
            other => panic!("{other:?}"),
        }
    };
    assert!(steps > 3, "the search was really sliced ({steps} steps)");
    assert!(best.is_some());
    assert!(best_whole.is_some());
}

#[test]
fn ponder_holds_bestmove_until_ponderhit_or_stop() {
    let mut e = Engine::new();
    e.go(GoParams { depth: Some(3), ponder: true, ..Default::default() }).unwrap();
    // Depth 3 completes quickly, but the ponder search must hold its bestmove.
    let mut waited = false;
    for _ in 0..200 {
        match e.step(5.0) {
            Step::Waiting(_) => {
                waited = true;
                break;
            }
            Step::Searching(_) => {}
            other => panic!("ponder search ended on its own: {other:?}"),
        }
    }
    assert!(waited);
    assert!(matches!(e.step(5.0), Step::Waiting(_)));
    e.ponderhit().unwrap();
    assert!(matches!(e.step(5.0), Step::Done { bestmove: Some(_), .. }));
    assert!(matches!(e.ponderhit(), Err(EngineError::NotPondering)));
}

#[test]
fn stop_ends_an_infinite_search_with_one_bestmove() {
    let mut e = Engine::new();
    e.go(GoParams { infinite: true, ..Default::default() }).unwrap();
    for _ in 0..5 {
        assert!(matches!(e.step(2.0), Step::Searching(_) | Step::Waiting(_)));
    }
    e.stop();
    assert!(matches!(e.step(2.0), Step::Done { bestmove: Some(_), .. }));
    assert_eq!(e.step(2.0), Step::Idle);
}

#[test]
fn bad_commands_are_refused_and_change_nothing() {
    let mut e = Engine::new();
    assert!(matches!(e.set_position(Setup::Xiangqi("bad fen"), &[]), Err(EngineError::Fen(_))));
    assert!(matches!(e.set_position(Setup::Xiangqi("startpos"), &["h2e2", "h2e2"]), Err(EngineError::Move { index: 2, .. })));
    assert_eq!(e.xiangqi_position().fen(), Position::startpos().fen());
    assert!(matches!(e.go(GoParams { depth: Some(0), ..Default::default() }), Err(EngineError::Limits(_))));
    assert!(matches!(e.set_option("Hash", "0"), Err(EngineError::OptionValue { .. })));
    assert!(matches!(e.set_option("Bogus", "1"), Err(EngineError::UnknownOption(_))));
    e.go(GoParams { depth: Some(2), ..Default::default() }).unwrap();
    assert!(matches!(e.go(GoParams::default()), Err(EngineError::Busy)));
}

#[test]
fn a_side_with_no_legal_move_gets_no_bestmove() {
    let mut e = Engine::new();
    e.set_position(Setup::Xiangqi("4k4/9/9/9/9/9/9/9/4Ar3/2r1K4 w - - 0 1"), &[]).unwrap();
    let (_, best, _) = e.search_blocking(GoParams { depth: Some(3), ..Default::default() }).unwrap();
    assert_eq!(best, None);
}
