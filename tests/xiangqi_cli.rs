//! The `duiyi` subcommands people and scripts use: perft's divide and last line, judge's JSON and its exit
//! status 2 on an illegal move, bench's signature line, and argument errors.

use std::process::Command;

fn duiyi(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_duiyi")).args(args).output().expect("run duiyi");
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn perft_prints_a_divide_and_the_total_last() {
    let (code, out, _) = duiyi(&["perft", "--depth", "2"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"nodes 1920"));
    assert_eq!(lines.len(), 45, "44 root moves then the total");
    let sum: u64 = lines[..44].iter().map(|l| l.split(": ").nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 1920);
}

#[test]
fn judge_reports_a_perpetual_check_and_refuses_an_illegal_move() {
    let (code, out, _) = duiyi(&[
        "judge",
        "--fen",
        "3k5/9/9/9/9/5p3/9/5p3/5K3/5C3 w - - 0 1",
        "--moves",
        "f1e1 f2e2 e1f1 e2f2 f1e1 f2e2 e1f1 e2f2",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["result"], "red");
    assert_eq!(v["code"], "perpetual_check");
    let (code, _, err) = duiyi(&["judge", "--moves", "h2e2 h9g7 e2e9"]);
    assert_eq!(code, 2);
    assert!(err.contains("move 3") && err.contains("e2e9"), "{err}");
    let (code, out, _) = duiyi(&["judge", "--moves", "h2e2"]);
    assert_eq!(code, 0);
    assert!(out.contains("\"result\":null"), "{out}");
}

#[test]
fn bench_ends_with_its_signature_line() {
    let (code, out, _) = duiyi(&["bench", "--depth", "3"]);
    assert_eq!(code, 0);
    let last = out.lines().last().unwrap();
    let parts: Vec<&str> = last.split_whitespace().collect();
    assert_eq!((parts[0], parts[2]), ("nodes", "nps"), "{last}");
    assert!(parts[1].parse::<u64>().unwrap() > 1000);
    assert!(out.lines().count() >= 21, "at least 20 positions");
}

#[test]
fn bad_arguments_exit_2_with_the_reason() {
    for (args, why) in [
        (vec!["perft", "--depth", "1", "--fen"], "--fen needs a value"),
        (vec!["perft", "--depth", "1", "--bogus"], "unknown argument '--bogus'"),
        (vec!["perft", "--depth", "99"], "at most"),
        (vec!["perft", "--depth", "2", "--fen", "rnbakabnr/9 w"], "FEN:"),
        (vec!["bench", "--depth", "0"], "--depth must be"),
        (vec!["frobnicate"], "unknown command"),
    ] {
        let (code, _, err) = duiyi(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(why), "{args:?}: {err}");
    }
}
