//! `duiyi hex potentials` as a script sees it: one line of JSON on stdout in the issue's shape, or exit status
//! 2 with the reason on stderr and nothing on stdout.

use serde_json::{Value, json};
use std::process::Command;

/// `tests/data/hex.json`, naming the path if it cannot be read.
fn data() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

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

/// Benzene rows with -1 (infinite) as null, as the CLI prints them.
fn benzene_rows(v: &Value) -> Value {
    json!(
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r
                .as_array()
                .unwrap()
                .iter()
                .map(|c| if c.as_i64() == Some(-1) { Value::Null } else { c.clone() })
                .collect::<Vec<_>>())
            .collect::<Vec<_>>()
    )
}

#[test]
fn the_output_has_the_issue_shape() {
    let v = json(&["potentials", "--size", "4x3"]);
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort();
    assert_eq!(
        keys,
        ["attack_mobility", "badness", "board_potential", "eval", "potential", "tension", "to_move", "two_distance"]
    );
    let maps = [
        &v["two_distance"]["black"]["north"],
        &v["two_distance"]["black"]["south"],
        &v["two_distance"]["white"]["west"],
        &v["two_distance"]["white"]["east"],
        &v["potential"]["black"],
        &v["potential"]["white"],
        &v["badness"],
        &v["tension"],
    ];
    for m in maps {
        let rows = m.as_array().unwrap();
        assert_eq!(rows.len(), 3, "rows from row 1: {m}");
        assert!(rows.iter().all(|r| r.as_array().unwrap().len() == 4), "cells from column a: {m}");
    }
    assert_eq!(v["to_move"], "black");
    assert!(v["board_potential"]["black"].is_u64() && v["attack_mobility"]["white"].is_u64());
    assert!(v["eval"].is_i64());
    // 4 columns × 3 rows: Black's edges are nearer, Black (to move) is better.
    assert!(v["eval"].as_i64().unwrap() > 0);
    assert_eq!(v["two_distance"]["black"]["north"][0], json!([1, 1, 1, 1]));
    assert_eq!(v["two_distance"]["white"]["west"][2][0], json!(1));
}

#[test]
fn seed_figures_and_benzene_numbers_through_the_cli() {
    let data = data();
    let v = json(&["potentials", "--size", "5"]);
    let north = &v["two_distance"]["black"]["north"];
    // e4 = 7, e5 = 7, a5 = 5, b5 = 6 (column e = index 4, row 4 = index 3).
    assert_eq!(
        (north[3][4].clone(), north[4][4].clone(), north[4][0].clone(), north[4][1].clone()),
        (json!(7), json!(7), json!(5), json!(6))
    );
    let bz = &data["benzene_eval_twod"];
    let v = json(&["potentials", "--size", "5", "--convention", "benzene"]);
    assert_eq!(v["potential"]["black"], benzene_rows(&bz["empty_5x5_black"]));
    let v = json(&["potentials", "--size", "5", "--convention", "BENZENE", "--moves", "b:c3"]);
    assert_eq!(v["potential"]["black"], benzene_rows(&bz["after_b_c3_5x5"]["black"]));
    assert_eq!(v["potential"]["white"], benzene_rows(&bz["after_b_c3_5x5"]["white"]));
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["tension"][2][2], Value::Null, "occupied");
    assert_eq!(v["badness"][2][2], Value::Null, "occupied");
    assert_eq!(v["board_potential"], json!({"black": 5, "white": 7}));
    assert_eq!(v["eval"], json!(-(100 * 2 + 6 - 8)), "White's view");
}

#[test]
fn sgf_files_moves_and_swap() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let path = format!("{dir}/hex_cli_berge.sgf");
    std::fs::write(&path, data()["puzzles"]["list"][3]["sgf"].as_str().unwrap()).unwrap();
    let v = json(&["potentials", "--sgf", &path]);
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["potential"]["black"][0][0], Value::Null, "a1 is White's");
    // Moves after the record, bare (side to move) or with a colour.
    let v2 = json(&["potentials", "--sgf", &path, "--size", "5", "--moves", "w:e1 c1"]);
    assert_eq!(v2["to_move"], "white");
    assert_eq!(v2["potential"]["white"][0][4], Value::Null);
    // The swap rule only with --swap: b2 on 3×3 becomes White's b2 (reflected b2 = b2), Black to move.
    let v = json(&["potentials", "--size", "3", "--swap", "--moves", "b2 swap-pieces"]);
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["potential"]["white"][1][1], Value::Null);
}

#[test]
fn bad_input_exits_2_with_the_reason() {
    let dir = env!("CARGO_TARGET_TMPDIR");
    let sgf = format!("{dir}/hex_cli_bad.sgf");
    std::fs::write(&sgf, "(;FF[4]GM[11]SZ[5];B[c3];W[c3])").unwrap();
    let small = format!("{dir}/hex_cli_small.sgf");
    std::fs::write(&small, "(;FF[4]GM[11]SZ[4])").unwrap();
    let cases: &[(&[&str], &str)] = &[
        (&["potentials", "--size", "20"], "--size 20: expected N or WxH with sides 1..19"),
        (&["potentials", "--size", "5x"], "--size 5x"),
        (&["potentials", "--size", "5", "--convention", "resistance"], "expected queenbee or benzene"),
        (&["potentials", "--size", "5", "--moves", "c3 c3"], "move 2 (c3): c3 is occupied"),
        (&["potentials", "--size", "5", "--moves", "b:c3 b:d3"], "black cannot move: it is white's turn"),
        (&["potentials", "--size", "5", "--moves", "f1"], "f1 is off the 5x5 board"),
        (&["potentials", "--size", "5", "--moves", "x:c3"], "colour must be b or w"),
        (&["potentials", "--size", "5", "--moves", "c3 swap-pieces"], "the swap rule is off"),
        (&["potentials", "--size", "5", "--depth", "3"], "unknown argument '--depth'"),
        (&["potentials", "--size", "5", "--size", "6"], "--size given twice"),
        (&["potentials", "--moves"], "--moves needs a value"),
        (&["potentials", "--sgf", "/nonexistent/x.sgf"], "--sgf /nonexistent/x.sgf"),
        (&["potentials", "--sgf", &sgf], "move 2 refused: c3 is occupied"),
        (&["potentials", "--sgf", &small, "--size", "5"], "disagrees"),
        (&["frobnicate"], "unknown subcommand 'frobnicate'"),
        (&[], "a subcommand is needed"),
    ];
    for (args, reason) in cases {
        let (code, stdout, stderr) = hex(args);
        assert_eq!(code, 2, "{args:?}: {stdout} {stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(stderr.contains(reason), "{args:?}: {stderr}");
    }
}

/// `tests/data/hex-page-cli.json` is what the CLI prints: the browser test checks the #hex page's heatmaps
/// against that file, so the page and the CLI agree cell by cell as long as both tests pass.
#[test]
fn the_page_reference_file_is_the_cli_output() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex-page-cli.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let data: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"));
    let cases = data["cases"].as_array().expect("cases");
    assert_eq!(cases.len(), 2);
    for case in cases {
        let args: Vec<&str> = case["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
        assert_eq!(json(&args), case["output"], "duiyi hex {args:?}");
    }
}
