//! The solver proves the whole 6×6 opening table of `tests/data/hex.json` (Benzene's regression suite,
//! `regression/dfpn-solve-6x6.tst`): Black's first stone on each cell, White to move, who wins.
//!
//! The 180° rotation maps the opening on column `c`, row `r` to column `5 − c`, row `5 − r` with the same
//! winner (Hex is symmetric under it: each side keeps its own edges), so the table's left half (columns
//! a–c, 18 openings) is proved here and the right half is checked to mirror it. Deterministic: node limits, no
//! time limit; two threads share the openings (about 30 s of CPU in a release build, `duiyi hex bench` times
//! each opening).

use duiyi::hex::solver::{SolveLimits, solve};
use duiyi::hex::{Cell, Color, Move, Position};
use serde_json::Value;
use std::sync::Mutex;

fn table() -> Vec<Vec<Color>> {
    let data: Value = serde_json::from_str(include_str!("data/hex.json")).unwrap();
    let t = &data["opening_results_6x6"];
    "abcdef"
        .chars()
        .map(|c| {
            let col = t[c.to_string()].as_str().unwrap();
            assert_eq!(col.len(), 6, "column {c}");
            col.chars().map(|w| if w == 'b' { Color::Black } else { Color::White }).collect()
        })
        .collect()
}

#[test]
fn the_table_is_symmetric_under_the_180_degree_rotation() {
    let t = table();
    for c in 0..6 {
        for r in 0..6 {
            assert_eq!(t[c][r], t[5 - c][5 - r], "opening {}{}", (b'a' + c as u8) as char, r + 1);
        }
    }
}

#[test]
fn proves_every_6x6_opening_of_the_table() {
    let t = table();
    let todo: Mutex<Vec<(usize, usize)>> = Mutex::new((0..3).flat_map(|c| (0..6).map(move |r| (c, r))).collect());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some((c, r)) = todo.lock().unwrap().pop() {
                    let name = format!("{}{}", (b'a' + c as u8) as char, r + 1);
                    let mut pos = Position::square(6).unwrap();
                    pos.try_play(Move::Place(Cell::new(c as u8, r as u8))).unwrap();
                    // The hardest opening (a3) needs about 0.7 M nodes: four times that is a generous cap.
                    let limits = SolveLimits { time_ms: None, nodes: Some(3_000_000), all_winning_moves: false, ..SolveLimits::default() };
                    let got = solve(&pos, limits).unwrap();
                    if got.winner != Some(t[c][r]) {
                        failures.lock().unwrap().push(format!("{name}: expected {:?}, got {:?} ({} nodes)", t[c][r], got.winner, got.nodes));
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{failures:#?}");
}
