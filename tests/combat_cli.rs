//! `duiyi combat …` as a script sees it: one line of JSON on stdout, or exit status 2 with the reason on
//! stderr.

use serde_json::Value;
use std::process::Command;

const SEED_FLAGS: [&str; 10] = ["--hit", "0.9", "--crit", "0.25", "--dodge", "0.2", "--parry", "0.15", "--block", "0.3"];

fn combat(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_duiyi")).arg("combat").args(args).output().expect("runs duiyi");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

fn json(args: &[&str]) -> Value {
    let (code, stdout, stderr) = combat(args);
    assert_eq!(code, 0, "duiyi combat {args:?}: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "one line of JSON: {stdout}");
    serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

fn seed_args<'a>(model: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec!["--model", model];
    v.extend(SEED_FLAGS);
    v.extend(extra);
    v
}

#[test]
fn seed_sheet_prints_the_articles_distributions() {
    let cases = [
        ("waterfall", [0.1, 0.18, 0.108, 0.1836, 0.1071, 0.3213]),
        ("round-table", [0.1, 0.2, 0.15, 0.3, 0.25, 0.0]),
        ("hybrid", [0.1, 0.18, 0.135, 0.27, 0.0875, 0.2275]),
    ];
    for (model, want) in cases {
        let v = json(&seed_args(model, &[]));
        assert_eq!(v["model"], model);
        let d = &v["distribution"];
        for (name, w) in ["miss", "dodge", "parry", "block", "crit", "normal"].iter().zip(want) {
            // Printed numbers are rounded to 15 significant digits, so the article's decimals come out.
            assert_eq!(d[name].as_f64().unwrap(), w, "{model} {name}");
        }
        assert_eq!(d.as_object().unwrap().len(), 8);
        assert_eq!(v["samples"], Value::Null);
        assert!(v["pushed_off"].as_object().unwrap().values().all(|x| x.as_f64() == Some(0.0)));
    }
    let v = json(&seed_args("waterfall", &["--crit-multiplier", "2", "--block-fraction", "0.5"]));
    assert_eq!(v["expected_damage"].as_f64().unwrap(), 0.6273);
    assert!((v["ehp_multiplier"].as_f64().unwrap() - 1.0 / 0.6273).abs() < 1e-12);
    assert_eq!(v["avoided"].as_f64().unwrap(), 0.4716);
}

#[test]
fn samples_are_reproducible_with_a_seed_and_agree_with_the_exact_numbers() {
    let a = json(&seed_args("hybrid", &["--samples", "1000000", "--seed", "42"]));
    let b = json(&seed_args("hybrid", &["--samples", "1e6", "--seed", "42"]));
    assert_eq!(a["samples"], b["samples"]);
    let s = &a["samples"];
    assert_eq!(s["swings"], 1_000_000);
    assert_eq!(s["seed"], 42);
    assert!(s["chi_square"]["p_value"].as_f64().unwrap() > 0.001);
    let total: u64 = s["counts"].as_object().unwrap().values().map(|c| c.as_u64().unwrap()).sum();
    assert_eq!(total, 1_000_000);
    // A 95% interval misses the truth one time in twenty; twice its width around it never should here.
    let (lo, hi) = (s["intervals"]["crit"][0].as_f64().unwrap(), s["intervals"]["crit"][1].as_f64().unwrap());
    assert!(lo < hi && hi - lo < 0.002, "[{lo}, {hi}]");
    assert!(lo - (hi - lo) < 0.0875 && 0.0875 < hi + (hi - lo), "[{lo}, {hi}]");
}

#[test]
fn without_a_seed_one_is_drawn_and_printed() {
    let a = json(&seed_args("round-table", &["--samples", "1000"]));
    let seed = a["samples"]["seed"].as_u64().expect("seed printed");
    let again = json(&seed_args("round-table", &["--samples", "1000", "--seed", &seed.to_string()]));
    assert_eq!(a["samples"]["counts"], again["samples"]["counts"]);
}

#[test]
fn round_table_reports_what_was_pushed_off() {
    let v = json(&["--model", "round-table", "--hit", "0.9", "--crit", "0.3", "--dodge", "0.5", "--parry", "0.3", "--block", "0.3"]);
    assert_eq!(v["pushed_off"]["block"].as_f64().unwrap(), 0.2);
    assert_eq!(v["pushed_off"]["crit"].as_f64().unwrap(), 0.3);
    assert_eq!(v["distribution"]["normal"].as_f64().unwrap(), 0.0);
}

#[test]
fn orders_and_merged_rolls_are_accepted() {
    let v = json(&seed_args("waterfall", &["--order", "miss+dodge,parry,block,crit"]));
    assert_eq!(v["order"], "miss+dodge,parry,block,crit,glance,crush");
    assert_eq!(v["distribution"]["dodge"].as_f64().unwrap(), 0.2);
}

#[test]
fn unhittable_defender_has_null_ehp() {
    let v = json(&["--model", "round-table", "--hit", "0.8", "--dodge", "0.5", "--parry", "0.4"]);
    assert_eq!(v["ehp"], Value::Null);
    assert_eq!(v["expected_damage"].as_f64().unwrap(), 0.0);
}

#[test]
fn bad_input_exits_2_with_the_reason_on_stderr() {
    let cases: [(&[&str], &str); 14] = [
        (&["--model", "waterfall", "--crit", "1.5"], "crit = 1.5 is outside [0, 1]"),
        (&["--model", "waterfall", "--dodge", "NaN"], "dodge is NaN"),
        (&["--model", "waterfall", "--hit", "inf"], "hit is infinite"),
        (&["--model", "waterfall", "--parry", "-0.1"], "parry = -0.1 is outside [0, 1]"),
        (&["--model", "waterfall", "--crit-multiplier", "-2"], "crit-multiplier = -2 is negative"),
        (&["--model", "waterfall", "--block", "abc"], "--block: \"abc\" is not a number"),
        (&["--model", "bogus"], "unknown model \"bogus\""),
        (&["--hit", "0.9"], "missing --model"),
        (&["--model", "hybrid", "--frobnicate", "1"], "unknown flag --frobnicate"),
        (&["--model", "hybrid", "--hit"], "--hit needs a value"),
        (&["--model", "hybrid", "--samples", "-5"], "--samples"),
        (&["--model", "hybrid", "--block-fraction", "0.5", "--block-amount", "3"], "not both"),
        (&["--model", "round-table", "--order", "miss,crit,miss"], "miss appears twice"),
        (&["--model", "round-table", "--hit", "0.9", "--hit", "0.8"], "--hit given twice"),
    ];
    for (args, reason) in cases {
        let (code, stdout, stderr) = combat(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        assert!(stderr.contains(reason), "{args:?}: stderr {stderr:?} lacks {reason:?}");
    }
}

#[test]
fn prd_subcommand_prints_c_and_intervals() {
    let v = json(&["prd", "--p", "0.25", "--bag-size", "20"]);
    assert!((v["c"].as_f64().unwrap() - 0.08474409185231699).abs() < 1e-12);
    assert_eq!(v["max_attempts"], 12);
    assert_eq!(v["prd"].as_array().unwrap().len(), 12);
    assert_eq!(v["bag"]["procs"], 5);
    let (code, _, stderr) = combat(&["prd", "--p", "2"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("outside [0, 1]"), "{stderr}");
}

#[test]
fn help_goes_to_stdout_with_status_0() {
    let (code, stdout, _) = combat(&["--help"]);
    assert_eq!(code, 0);
    assert!(stdout.contains("--model waterfall|round-table|hybrid"));
}
