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

/// Plies 1–269 of a game against ElephantEye 3.31 (`tools/clock_match.py`, 200 ms a move, 2026-12-05; the engine
/// had Black): 129 plies without a capture, but Red gave more than ten checks in them, which the 60-move rule
/// does not count, so the game goes on. Black to move; `f2f0` loses to a mate (it was played).
const LONG_ENDGAME: &[&str] = &[
    "g3g4 g9e7 h2f2 c6c5 h0g2 h9g7 i0h0 i9h9 b0c2 b9c7 a0a1 a9a8 a1d1 h7h3 g2f4 h3c3 h0h9 c3c0 d0e1 g7h9 ",
    "d1d6 c5c4 d6c6 c4c3 c6c7 c3c2 c7c2 c0a0 f4e6 a8f8 c2c7 b7b9 e3e4 f8b8 c7c2 b8b4 e4e5 b9b2 f2b2 h9f8 ",
    "e6g7 f8d7 e5d5 d9e8 d5d6 d7b6 c2d2 b6c4 d2d4 b4b2 d4c4 b2b0 e1d0 a0d0 g7i6 d0f0 e0e1 b0b6 c4d4 f0a0 ",
    "g0e2 b6b1 e1e0 b1b2 e0e1 b2b1 e1e0 b1h1 i3i4 a6a5 i4i5 h1h0 e0e1 h0i0 i6h8 i0i1 e1e0 i1i2 d4e4 g6g5 ",
    "g4g5 i2i0 e0e1 i0i1 e1e0 i1i0 e0e1 i0i1 e1e0 i1i5 g5g6 i5i7 g6h6 i7i0 e0e1 i0i1 e1e0 i1h1 e4e6 a0b0 ",
    "d6c6 b0a0 h8i6 h1h0 e0e1 h0i0 e6e3 a0h0 e3f3 i0i1 e1e0 i1i5 c6d6 i5i0 f3e3 h0h2 e0e1 i0i1 e1e0 i1i0 ",
    "e0e1 i0i1 e1e0 h2h0 e3e5 i1i3 e5a5 i3d3 a5a6 h0h5 i6h4 h5e5 e2c0 d3e3 e0f0 e3h3 a6a4 h3h0 f0f1 h0c0 ",
    "a4e4 e5i5 d6e6 c0c1 f1f0 c1c0 f0f1 c0c1 f1f0 i5i0 h6g6 c1c0 f0f1 c0c1 f1f0 c1c0 f0f1 c0d0 f1e1 i0e0 ",
    "e1f1 e7g9 a3a4 d0d1 f1f0 e0b0 a4a5 d1d0 f0f1 d0d5 a5a6 d5g5 g6f6 g5g1 f1f0 g1g0 f0f1 g0g1 f1f0 g1g0 ",
    "f0f1 g0g3 f1e1 g3g1 e1e0 g1g0 e0e1 g0g5 a6b6 g5g1 e1e0 g1g0 e0e1 g0g1 e1e0 g1g3 b6c6 g3g0 e0e1 g0g1 ",
    "e1e0 g1g0 e0e1 g0g1 e1e0 g1c1 c6d6 c1c5 h4f3 c5c0 e0e1 c0c5 f3e5 c5c1 e1e0 c1c0 e0e1 c0c5 e4e3 c5c1 ",
    "e1e0 c1c2 e5g4 c2c0 e0e1 c0c1 e1e0 c1c0 e0e1 c0c1 e1e0 c1h1 f6g6 h1h0 e0e1 h0g0 e3e4 g0g3 g6f6 g3h3 ",
    "e4e3 h3h4 g4f2 h4i4 e3e5 i4i1 e1e0 i1i4 f2h3 i4h4 e5e3 h4c4 h3g5 g9i7 g5f3 i7g9 e3e2 c4f4 f3d2 b0b2 ",
    "e2e4 f4f2 d2c4 b2b4 c4b6 b4b0 b6c8 e9d9 e4d4 ",
];

/// The search applies the 60-move rule as the referee does (checks beyond ten per side are not counted): past
/// 120 plies without a capture the game above goes on, and the engine searches it instead of scoring every
/// position a draw (it did, and played `f2f0` into a mate).
#[test]
fn the_sixty_move_rule_in_the_search_discounts_checks_as_the_referee_does() {
    let moves: Vec<&str> = LONG_ENDGAME.iter().flat_map(|l| l.split_whitespace()).collect();
    assert_eq!(moves.len(), 269);
    let mut pos = Position::startpos();
    for m in &moves {
        pos.try_play(m).unwrap();
    }
    assert!(pos.halfmove_clock() >= 120, "past 120 plies without a capture: {}", pos.halfmove_clock());
    assert_eq!(pos.game_verdict().map(|v| v.code), None, "the referee lets the game go on");
    let mut e = Engine::new();
    e.set_position(Setup::Xiangqi("startpos"), &moves).unwrap();
    let (infos, best, _) = e.search_blocking(GoParams { depth: Some(9), ..Default::default() }).unwrap();
    let last = infos.last().unwrap();
    assert!(last.cp.is_some_and(|cp| cp < -100) || last.mate.is_some_and(|m| m < 0), "Black is worse, not drawn: {last:?}");
    let Some(GameMove::Xiangqi(best)) = best else { panic!("no Xiangqi bestmove") };
    assert_ne!(best.to_string(), "f2f0", "the move into the mate");
}
