//! `duiyi hex solve` as a script sees it: one line of JSON, or exit status 2 with the reason on stderr.

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

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = hex(args);
    assert_eq!(code, 0, "duiyi hex {args:?}: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "one line of JSON: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

#[test]
fn solve_prints_the_winner_and_every_winning_move() {
    // 3x3, Black a1 (a losing corner): White wins; b2 (centre) is among its winning replies.
    let v = json(&["solve", "--size", "3", "--moves", "b:a1"]);
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["winner"], "white");
    assert_eq!(v["complete"], true);
    let moves: Vec<&str> = v["winning_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(moves.contains(&"b2"), "{moves:?}");
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["time_ms"].is_u64());
    // The side to move loses: no winning moves.
    let v = json(&["solve", "--size", "4", "--moves", "a4"]);
    assert_eq!((v["to_move"].as_str(), v["winner"].as_str()), (Some("white"), Some("black")));
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
    // A finished game.
    let v = json(&["solve", "--size", "1", "--moves", "a1"]);
    assert_eq!(v["winner"], "black");
}

#[test]
fn solve_with_the_swap_rule_considers_swap_pieces() {
    // 2x2: Black's b1 wins (HexWiki "Swap": on 2x2 b1 wins), so with the swap rule White swaps.
    let v = json(&["solve", "--size", "2", "--swap", "--moves", "b1"]);
    assert_eq!(v["winner"], "white");
    let moves: Vec<&str> = v["winning_moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert_eq!(moves, ["swap-pieces"]);
}

#[test]
fn a_time_limit_too_short_to_prove_gives_null() {
    let v = json(&["solve", "--size", "7", "--moves", "a1", "--time-limit", "0.001"]);
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["complete"], false);
}

#[test]
fn bad_arguments_exit_2_with_the_reason() {
    for (args, needle) in [
        (vec!["solve", "--size", "3", "--time-limit", "soon"], "--time-limit"),
        (vec!["solve", "--size", "20"], "sides 1..19"),
        (vec!["solve", "--size", "3", "--moves", "z9"], "move 1"),
        (vec!["solve", "--depth", "3"], "unknown argument"),
        (vec!["bench", "--solve-limit", "-1"], "--solve-limit"),
        (vec!["bench", "--openings", "c4,g7"], "g7 is not a 6x6 cell"),
    ] {
        let (code, stdout, stderr) = hex(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}

#[test]
fn bench_solves_the_openings_asked_for_with_their_result_nodes_and_times() {
    // c4: Black wins (White to move loses); e1: White wins (tests/data/hex.json's table).
    let (code, stdout, stderr) = hex(&["bench", "--openings", "c4,e1", "--search-ms", "10"]);
    assert_eq!(code, 0, "{stderr}");
    let line = |name: &str| stdout.lines().find(|l| l.trim_start().starts_with(name)).unwrap_or_else(|| panic!("{name}: {stdout}"));
    for (name, winner) in [("c4:", "black"), ("e1:", "white")] {
        let l = line(name);
        assert!(l.contains(&format!("{winner} ")) && l.contains(&format!("(expected {winner})")), "{l}");
        assert!(l.contains(" nodes ") && l.contains(" ms wall ") && l.trim_end().ends_with("ms cpu"), "{l}");
    }
    assert!(line("6x6 total:").contains("2/2 proved, 2 as expected"), "{stdout}");
    assert!(!stdout.contains("a1:"), "only the openings asked for: {stdout}");
}
