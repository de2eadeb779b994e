//! `duiyi circle` as a script sees it: points on stdin, one line of JSON on stdout, or exit status 2 with the
//! reason on stderr. Known answers: tests/data/circle.json.

mod common;

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

fn circle(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_duiyi"))
        .arg("circle")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs duiyi");
    child.stdin.take().expect("stdin").write_all(stdin.as_bytes()).expect("writes stdin");
    let out = child.wait_with_output().expect("waits");
    (out.status.code().expect("exit status"), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn points_text(points: &Value) -> String {
    points.as_array().unwrap().iter().map(|p| format!("{} {}\n", p[0], p[1])).collect()
}

#[test]
fn known_sets_for_both_methods() {
    let data = common::data("circle.json");
    for set in data["sets"].as_array().unwrap() {
        let text = points_text(&set["points"]);
        for args in [&["--method", "seed"][..], &["--method", "welzl"], &["--method", "welzl", "--seed", "12345"]] {
            let (code, stdout, stderr) = circle(args, &text);
            assert_eq!(code, 0, "{}: {stderr}", set["name"]);
            assert_eq!(stdout.lines().count(), 1);
            let v: Value = serde_json::from_str(&stdout).unwrap();
            let r = set["radius"].as_f64().unwrap();
            let got_r = v["radius"].as_f64().unwrap();
            assert!((got_r - r).abs() <= 1e-9 * r.max(1.0), "{} {args:?}: {stdout}", set["name"]);
            for axis in 0..2 {
                let want = set["center"][axis].as_f64().unwrap();
                let got = v["center"][axis].as_f64().unwrap();
                assert!((got - want).abs() <= 1e-9 * want.abs().max(1.0), "{} {args:?}: {stdout}", set["name"]);
            }
            assert_eq!(v["points_on_circle"], set["points_on_circle"], "{} {args:?}", set["name"]);
            assert!(v["operations"].as_u64().unwrap() >= 1);
        }
    }
}

#[test]
fn output_shape_and_operation_counts() {
    let (code, stdout, _) = circle(&["--method", "seed"], "# the seed's rule for a right triangle\n0 0\n\n4,0\n0 3  # apex\n");
    assert_eq!(code, 0);
    assert_eq!(stdout, "{\"center\":[2.0,1.5],\"radius\":2.5,\"points_on_circle\":[0,1,2],\"operations\":1}\n");
    let ten: String = (0..10).map(|i| format!("{i} {}\n", i * i)).collect();
    let (_, stdout, _) = circle(&["--method", "seed"], &ten);
    assert_eq!(serde_json::from_str::<Value>(&stdout).unwrap()["operations"], 120); // C(10, 3)
    // The same seed gives the same Welzl run; the circle does not depend on it.
    let a = circle(&["--method=welzl", "--seed=5"], &ten).1;
    assert_eq!(a, circle(&["--method", "welzl", "--seed", "5"], &ten).1);
}

#[test]
fn bad_input_is_a_clear_error() {
    let cases: [(&[&str], &str, &str); 10] = [
        (&["--method", "welzl"], "1 2\n3 abc\n", "line 2: 'abc' is not a number"),
        (&["--method", "seed"], "1 2\n\n# c\n4 nan\n", "line 4: 'nan' is not a finite number"),
        (&["--method", "seed"], "inf 2\n", "line 1: 'inf' is not a finite number"),
        (&["--method", "seed"], "1 2 3\n", "line 1: expected two numbers `x y`, found 3 fields"),
        (&["--method", "seed"], "", "no points"),
        (&["--method", "welzl"], "# nothing\n\n", "no points"),
        (&[], "1 2\n", "--method seed|welzl is required"),
        (&["--method", "fast"], "1 2\n", "unknown method 'fast'"),
        (&["--method", "welzl", "--seed", "-1"], "1 2\n", "--seed: '-1' is not a whole number"),
        (&["--method", "welzl", "--points", "3"], "1 2\n", "unknown argument '--points'"),
    ];
    for (args, stdin, want) in cases {
        let (code, stdout, stderr) = circle(args, stdin);
        assert_eq!(code, 2, "{args:?} {stdin:?}");
        assert!(stdout.is_empty(), "{stdout}");
        assert!(stderr.starts_with("duiyi circle: ") && stderr.contains(want), "{args:?} {stdin:?}: {stderr}");
    }
}

#[test]
fn help_goes_to_stdout_with_status_0() {
    let (code, stdout, stderr) = circle(&["--help"], "");
    assert_eq!(code, 0);
    assert!(stdout.starts_with("usage: duiyi circle --method seed|welzl") && stderr.is_empty(), "{stdout}");
}
