//! Repetition verdicts under the Asian rules: every case of `tests/data/xiangqi_rules.json`
//! (Fairy-Stockfish's test.py cases), plus the 60-move limit.

use duiyi::xiangqi::Position;

mod common;

#[test]
fn every_rules_case_of_the_test_data_gives_the_listed_verdict() {
    let v = common::data("xiangqi_rules.json");
    let mut failures = Vec::new();
    for c in v["cases"].as_array().unwrap() {
        let mut pos = Position::from_fen(c["fen"].as_str().unwrap()).unwrap();
        let moves = c["moves"].as_array().unwrap();
        for (i, m) in moves.iter().enumerate() {
            assert!(pos.game_verdict().is_none(), "{}: game over before move {}", c["case"], i + 1);
            pos.try_play(m.as_str().unwrap()).unwrap();
        }
        let verdict = pos.game_verdict();
        let got = verdict.as_ref().map(|v| v.result);
        if got != Some(c["result"].as_str().unwrap()) {
            failures.push(format!("{}: got {:?}", c["case"], verdict));
        } else {
            eprintln!("{} -> {}", c["case"], verdict.unwrap().reason);
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn sixty_moves_without_capture_is_a_draw() {
    // 100 plies already on the clock; 20 more quiet, non-repeating, non-checking plies end the game.
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 100 80").unwrap();
    let red = ["a1a2", "a2a3", "a3a4", "a4a5", "a5a6", "a6a7", "a7b7", "b7c7", "c7c6", "c6c5"];
    for (i, r) in red.iter().enumerate() {
        assert!(pos.game_verdict().is_none(), "over too early, ply {}", 100 + 2 * i);
        pos.try_play(r).unwrap();
        assert!(pos.game_verdict().is_none());
        pos.try_play(if i % 2 == 0 { "d9d8" } else { "d8d9" }).unwrap();
    }
    let v = pos.game_verdict().expect("game over");
    assert_eq!(v.result, "draw");
    assert!(v.reason.contains("60 moves"), "{}", v.reason);
}
