//! `duiyi hex review` and `duiyi hex hint` as a user runs them: the readable report with the proved losing
//! move, `--json`, an SGF file given by name, the hint's JSON, and exit status 2 with the reason on bad input.

use serde_json::Value;
use std::process::Command;

fn hex(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_duiyi")).arg("hex").args(args).output().expect("runs duiyi");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

/// A 6×6 game whose third move (a1) gives Black's win away (tests/hex_review.rs).
const GAME: &str = "c4 d3 a1 c3 f2 e1 a4 b2 b3 c1 a3 a2 c2 d1 f1 e4 f4 f3 a5 b1 f6 d2 e6 e3";

#[test]
fn the_report_names_the_proved_losing_move() {
    let (code, out, err) = hex(&["review", "--size", "6", "--moves", GAME, "--solve-ms", "120000"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Hex review, 6x6 board, 24 moves"), "{out}");
    let line = out.lines().find(|l| l.trim_start().starts_with("3. B a1")).expect("a line for move 3");
    assert!(line.contains("blunder") && line.contains("PROVED losing move; winning alternative"), "{line}");
    assert!(out.contains("Losing move (proved): 3. black a1;"), "{out}");
    assert_eq!(out.lines().filter(|l| l.contains("PROVED")).count(), 1);
}

#[test]
fn json_and_sgf_files() {
    let dir = std::env::temp_dir().join(format!("duiyi-hex-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.sgf");
    let nodes: String = GAME.split(' ').enumerate().map(|(i, m)| format!(";{}[{m}]", if i % 2 == 0 { 'B' } else { 'W' })).collect();
    std::fs::write(&path, format!("(;FF[4]GM[11]SZ[6]{nodes})")).unwrap();
    let (code, out, err) = hex(&["review", path.to_str().unwrap(), "--json", "--solve-ms", "120000"]);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 1);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["losing_move"], 3);
    assert_eq!(v["positions"].as_array().unwrap().len(), 25);
    assert_eq!(v["moves"][2]["class"], "blunder");
    assert_eq!(v["moves"][2]["proved"], true);
    assert!(v["moves"][2]["better"].is_string());
}

#[test]
fn the_hint_is_json() {
    let (code, out, err) = hex(&["hint", "--size", "6", "--moves", "c4 d3", "--ms", "20000"]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["proved"], true);
    let mv = v["move"].as_str().unwrap();
    assert!(v["area"].as_array().unwrap().iter().any(|c| c == mv));
}

#[test]
fn bad_input_exits_2_with_the_reason() {
    for (args, want) in [
        (&["review", "--size", "5", "--moves", "c3 c3"][..], "move 2 (c3): c3 is occupied"),
        (&["review", "/nonexistent/game.sgf"][..], "/nonexistent/game.sgf"),
        (&["review", "--size", "5", "--playouts", "lots"][..], "--playouts lots: expected a positive number"),
        (&["hint", "--size", "2", "--moves", "a2 a1 b1"][..], "the game is over"),
    ] {
        let (code, out, err) = hex(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty());
        assert!(err.contains(want), "{args:?}: {err}");
    }
}
