//! Pondering on several replies (`PonderCandidates`, `duiyi::engine` module `ponder`, issue 23): the candidates
//! and their order, a hit on any candidate going on with that very search (its node count carries on), a miss
//! on all of them searching afresh as before, a `ponderhit`, the option's range, and Hex.

use duiyi::engine::{Engine, EngineError, Setup, Step};
use duiyi::search::GoParams;

/// Steps until the search holds (every candidate done) or ends; returns the infos seen.
fn step_until_waiting(e: &mut Engine) -> Vec<duiyi::engine::Info> {
    let mut infos = Vec::new();
    for _ in 0..100_000 {
        match e.step(f64::INFINITY) {
            Step::Searching(i) => infos.extend(i),
            Step::Waiting(i) => {
                infos.extend(i);
                return infos;
            }
            other => panic!("the ponder search ended by itself: {other:?}"),
        }
    }
    panic!("the ponder search never held");
}

/// Steps to `bestmove`; returns the infos and the move.
fn step_to_end(e: &mut Engine) -> (Vec<duiyi::engine::Info>, String) {
    let mut all = Vec::new();
    loop {
        match e.step(f64::INFINITY) {
            Step::Searching(i) | Step::Waiting(i) => all.extend(i),
            Step::Done { infos, bestmove, .. } => {
                all.extend(infos);
                return (all, bestmove.expect("a move").to_string());
            }
            Step::Idle => panic!("idle"),
        }
    }
}

const NODES: u64 = 20_000;

/// An engine that has pondered, with 3 candidates at `NODES` each, on the start position after 1. h2e2 with
/// 1… h9g7 predicted, and then was stopped (the opponent played something else).
fn pondered() -> (Engine, Vec<duiyi::engine::PonderCandidate>) {
    let mut e = Engine::new();
    e.set_option("PonderCandidates", "3").unwrap();
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2", "h9g7"]).unwrap();
    e.go(GoParams { ponder: true, nodes: Some(NODES), ..Default::default() }).unwrap();
    let infos = step_until_waiting(&mut e);
    let cands = e.ponder_candidates();
    assert!(!infos.is_empty() && infos.iter().all(|i| i.nodes <= cands[0].nodes), "only candidate 1 reports info lines");
    e.stop();
    assert!(matches!(e.step(1.0), Step::Done { .. }));
    (e, cands)
}

#[test]
fn the_predicted_reply_comes_first_then_the_ranked_others() {
    let (_, cands) = pondered();
    assert_eq!(cands.len(), 3, "{cands:?}");
    assert_eq!(cands[0].mv.to_string(), "h9g7");
    let moves: Vec<String> = cands.iter().map(|c| c.mv.to_string()).collect();
    assert!(moves[1] != moves[2] && !moves[1..].contains(&"h9g7".to_string()), "{moves:?}");
    for c in &cands {
        assert!(c.nodes >= NODES && c.depth >= 3, "each candidate searched to its node limit: {c:?}");
    }
}

#[test]
fn a_hit_on_candidate_two_goes_on_with_its_own_search() {
    let (mut e, cands) = pondered();
    let second = cands[1].mv.to_string();
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2", &second]).unwrap();
    e.go(GoParams { nodes: Some(NODES * 3), ..Default::default() }).unwrap();
    let r = e.resumed().expect("a candidate was resumed");
    assert_eq!(r.candidate, 2);
    assert_eq!(r.nodes, cands[1].nodes);
    assert_eq!(r.depth, cands[1].depth);
    let (infos, best) = step_to_end(&mut e);
    let first = infos.first().expect("an iteration after the hit");
    assert!(first.nodes > cands[1].nodes, "the node count carries on: {} after {}", first.nodes, cands[1].nodes);
    assert!(first.depth > cands[1].depth, "the next iteration, not depth 1: {}", first.depth);
    assert!(!best.is_empty());
}

#[test]
fn a_miss_on_every_candidate_searches_afresh() {
    let (mut e, cands) = pondered();
    let other = ["b9c7", "h7e7", "c6c5", "g6g5", "b7e7"].into_iter().find(|m| cands.iter().all(|c| c.mv.to_string() != *m)).unwrap();
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2", other]).unwrap();
    e.go(GoParams { nodes: Some(NODES), ..Default::default() }).unwrap();
    assert_eq!(e.resumed(), None);
    let (infos, _) = step_to_end(&mut e);
    assert_eq!(infos.first().map(|i| i.depth), Some(1), "a fresh search starts at depth 1");
    // The same as an engine that never pondered, apart from what the shared table holds: a legal answer within
    // the node limit (plus the iteration in progress).
    assert!(infos.last().unwrap().nodes <= 2 * NODES);
}

#[test]
fn a_ponderhit_goes_on_with_candidate_one() {
    let mut e = Engine::new();
    e.set_option("PonderCandidates", "2").unwrap();
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2", "h9g7"]).unwrap();
    e.go(GoParams { ponder: true, nodes: Some(NODES), ..Default::default() }).unwrap();
    step_until_waiting(&mut e);
    let cands = e.ponder_candidates();
    assert_eq!(cands.len(), 2);
    e.ponderhit().unwrap();
    let r = e.resumed().unwrap();
    assert_eq!((r.candidate, r.nodes), (1, cands[0].nodes));
    assert!(e.ponder_candidates().is_empty(), "the other candidates are dropped at the hit");
    let (_, best) = step_to_end(&mut e);
    assert!(!best.is_empty());
}

#[test]
fn one_candidate_ponders_as_before() {
    let mut e = Engine::new();
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2", "h9g7"]).unwrap();
    e.go(GoParams { ponder: true, nodes: Some(NODES), ..Default::default() }).unwrap();
    step_until_waiting(&mut e);
    assert!(e.ponder_candidates().is_empty());
    e.stop();
    assert!(matches!(e.step(1.0), Step::Done { .. }));
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2", "h9g7"]).unwrap();
    e.go(GoParams { nodes: Some(NODES), ..Default::default() }).unwrap();
    assert_eq!(e.resumed(), None, "without candidates nothing is kept after a stop");
}

#[test]
fn the_option_range_is_checked() {
    let mut e = Engine::new();
    for bad in ["0", "6", "two"] {
        assert!(matches!(e.set_option("PonderCandidates", bad), Err(EngineError::OptionValue { .. })), "{bad}");
    }
    e.set_option("pondercandidates", "5").unwrap();
}

#[test]
fn hex_ponders_several_replies_too() {
    let mut e = Engine::new();
    e.set_option("PonderCandidates", "3").unwrap();
    e.set_position(Setup::Hex { width: 9, height: 9, swap: false }, &["e5", "d6"]).unwrap();
    e.go(GoParams { ponder: true, nodes: Some(4000), ..Default::default() }).unwrap();
    step_until_waiting(&mut e);
    let cands = e.ponder_candidates();
    assert_eq!(cands.len(), 3, "{cands:?}");
    assert_eq!(cands[0].mv.to_string(), "d6");
    e.stop();
    assert!(matches!(e.step(1.0), Step::Done { .. }));
    let third = cands[2].mv.to_string();
    e.set_position(Setup::Hex { width: 9, height: 9, swap: false }, &["e5", &third]).unwrap();
    e.go(GoParams { nodes: Some(8000), ..Default::default() }).unwrap();
    let r = e.resumed().expect("candidate 3 resumed");
    assert_eq!((r.candidate, r.nodes), (3, cands[2].nodes));
    let (infos, _) = step_to_end(&mut e);
    assert!(infos.first().unwrap().nodes > cands[2].nodes);
}

/// 7×7 after 1. d4 c5 2. d5 (the engine's move): Black wins, and the Hex search proves the position the user
/// moves in at once, so its first ranking round gives one line only (the proved win, the predicted reply).
/// Further rounds without the replies taken still give the two others.
#[test]
fn hex_ponders_several_replies_when_the_ranking_proves_its_root() {
    let mut e = Engine::new();
    e.set_option("PonderCandidates", "3").unwrap();
    let setup = || Setup::Hex { width: 7, height: 7, swap: false };
    e.set_position(setup(), &["d4", "c5", "d5"]).unwrap();
    e.go(GoParams { ponder: true, nodes: Some(3000), ..Default::default() }).unwrap();
    step_until_waiting(&mut e);
    let cands = e.ponder_candidates();
    assert_eq!(cands.len(), 3, "{cands:?}");
    assert_eq!(cands[0].mv.to_string(), "d5");
    let moves: Vec<String> = cands.iter().map(|c| c.mv.to_string()).collect();
    assert!(moves[1] != moves[2] && !moves[1..].contains(&"d5".to_string()), "{moves:?}");
    assert!(cands.iter().all(|c| c.depth >= 1), "each searched: {cands:?}");
}
