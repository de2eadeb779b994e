//! The teaching lab's ablation rows (`duiyi::bench::lab_ablations`, `duiyi bench --ablation --fen …`): plain
//! minimax and alpha-beta agree on the value and best move (Knuth & Moore 1975: alpha-beta with a full window
//! returns the minimax value) while alpha-beta visits fewer nodes; every switch is an engine option by name.

mod common;

use duiyi::bench::{
    ALPHABETA_ONLY_MAX_DEPTH, MINIMAX_MAX_DEPTH, ablation_on, hex_ablation_on, hex_lab_ablations, hex_option_switches,
    lab_ablations, option_switches,
};
use duiyi::engine::Engine;

const MIDDLEGAME: &str = "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1";

#[test]
fn minimax_and_alpha_beta_agree_on_value_and_move() {
    for (fen, depth) in [("startpos", 2), ("startpos", 3), (MIDDLEGAME, 2), (MIDDLEGAME, 3)] {
        let rows = ablation_on(fen, &[], depth).unwrap();
        let ab = rows.iter().find(|r| r.name == "alphabeta-only").unwrap();
        let mm = rows.iter().find(|r| r.name == "minimax").unwrap();
        assert_eq!((ab.cp, ab.mate), (mm.cp, mm.mate), "{fen} depth {depth}: value");
        assert_eq!(ab.best, mm.best, "{fen} depth {depth}: best move");
        assert!(ab.nodes * 3 < mm.nodes, "{fen} depth {depth}: alpha-beta {} vs minimax {}", ab.nodes, mm.nodes);
        assert!(rows.iter().all(|r| r.depth == depth));
    }
}

#[test]
fn minimax_row_only_at_small_depths() {
    assert!(lab_ablations(MINIMAX_MAX_DEPTH).iter().any(|(n, _)| *n == "minimax"));
    assert!(!lab_ablations(MINIMAX_MAX_DEPTH + 1).iter().any(|(n, _)| *n == "minimax"));
    assert!(lab_ablations(ALPHABETA_ONLY_MAX_DEPTH).iter().any(|(n, _)| *n == "alphabeta-only"));
    assert!(!lab_ablations(ALPHABETA_ONLY_MAX_DEPTH + 1).iter().any(|(n, _)| *n == "alphabeta-only"));
    assert_eq!(lab_ablations(8).len(), 14);
}

#[test]
fn every_switch_is_an_engine_option() {
    for (name, options) in lab_ablations(3) {
        let mut e = Engine::new();
        for (opt, value) in option_switches(&options) {
            e.set_option(opt, if value { "true" } else { "false" }).unwrap_or_else(|err| panic!("{name}: {opt}: {err}"));
        }
    }
}

#[test]
fn rows_are_reproducible_and_the_default_is_all_on() {
    let a = ablation_on(MIDDLEGAME, &[], 4).unwrap();
    let b = ablation_on(MIDDLEGAME, &[], 4).unwrap();
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((x.name, x.nodes, &x.best, x.cp), (y.name, y.nodes, &y.best, y.cp));
    }
    assert_eq!(a[0].name, "all");
    assert!(option_switches(&a[0].options).iter().all(|(_, v)| *v));
    assert!(ablation_on("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", &["z9z8"], 2).is_err());
}

/// The figures committed in tests/data/lab-ablation.json (which the browser test compares the page's worker
/// with) are what the native search gives now.
#[test]
fn committed_lab_figures_match_the_native_search() {
    let data = common::data("lab-ablation.json");
    for case in data["cases"].as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        let moves: Vec<&str> = case["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let depth = case["depth"].as_u64().unwrap() as u32;
        let rows = ablation_on(fen, &moves, depth).unwrap();
        let want = case["rows"].as_array().unwrap();
        assert_eq!(rows.len(), want.len(), "{fen} depth {depth}: rows");
        for (r, w) in rows.iter().zip(want) {
            assert_eq!(r.name, w["name"].as_str().unwrap());
            assert_eq!(r.nodes, w["nodes"].as_u64().unwrap(), "{fen} depth {depth} {}: nodes", r.name);
            assert_eq!(r.best.as_deref(), w["best"].as_str(), "{} best", r.name);
            assert_eq!(r.cp.map(i64::from), w["cp"].as_i64(), "{} cp", r.name);
            for (k, v) in option_switches(&r.options) {
                assert_eq!(Some(v), w["options"][k].as_bool(), "{} switch {k}", r.name);
            }
        }
    }
}

/// With exact slices (what the lab's worker turns on), a search cut into tiny time slices visits exactly the
/// nodes of the same search run in one piece, for every lab configuration.
#[test]
fn exact_slices_make_a_sliced_search_equal_the_blocking_one() {
    exact_slices_case(4, |name| name != "minimax"); // minimax: 3.4 million nodes, too slow for a test; same code path
}

/// Depth 5 of the alpha-beta-only row: deep enough for repetition cycles inside the search, whose nodes store only
/// their move in the TT (`store_move`); the rollback must undo those writes too (it once did not: 243,105 nodes
/// sliced against 247,981 unsliced, caught by the browser test of the lab).
#[test]
fn exact_slices_undo_move_only_tt_writes() {
    exact_slices_case(5, |name| name == "alphabeta-only");
}

fn exact_slices_case(depth: u32, rows: impl Fn(&str) -> bool) {
    use duiyi::engine::{Setup, Step};
    use duiyi::search::GoParams;
    let moves = ["h2e2", "h9g7"];
    let wanted = ablation_on("startpos", &moves, depth).unwrap();
    for (name, options) in lab_ablations(depth) {
        if !rows(name) {
            continue;
        }
        let want = wanted.iter().find(|r| r.name == name).unwrap();
        let mut e = Engine::new();
        e.set_option("ExactSlices", "true").unwrap();
        for (opt, value) in option_switches(&options) {
            e.set_option(opt, if value { "true" } else { "false" }).unwrap();
        }
        e.set_position(Setup::Xiangqi("startpos"), &moves).unwrap();
        e.go(GoParams { depth: Some(depth), ..Default::default() }).unwrap();
        let (mut last, mut slices) = (None, 0);
        let best = loop {
            slices += 1;
            match e.step(0.1) {
                Step::Searching(i) | Step::Waiting(i) => last = i.last().cloned().or(last),
                Step::Done { infos, bestmove, .. } => {
                    last = infos.last().cloned().or(last);
                    break bestmove;
                }
                Step::Idle => panic!("idle"),
            }
        };
        let last = last.unwrap();
        assert_eq!(last.nodes, want.nodes, "{name}: nodes after {slices} slices");
        assert_eq!(best.map(|m| m.to_string()), want.best.clone(), "{name}: best");
        assert!(slices > 2, "{name}: only {slices} slices");
        assert_eq!(last.cp, want.cp, "{name}: score");
    }
}

/// The Hex rows' figures committed in tests/data/lab-ablation-hex.json (which the browser test compares the
/// page's worker with) are what the native Hex search gives now; the switches are those of each row.
#[test]
fn committed_hex_lab_figures_match_the_native_search() {
    let data = common::data("lab-ablation-hex.json");
    for case in data["cases"].as_array().unwrap() {
        let size = case["size"].as_str().unwrap();
        let moves: Vec<&str> = case["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let depth = case["depth"].as_u64().unwrap() as u32;
        let rows = hex_ablation_on(size, &moves, depth).unwrap();
        let want = case["rows"].as_array().unwrap();
        assert_eq!(rows.len(), want.len(), "{size} {moves:?} depth {depth}: rows");
        for (r, w) in rows.iter().zip(want) {
            assert_eq!(r.name, w["name"].as_str().unwrap());
            assert_eq!(r.nodes, w["nodes"].as_u64().unwrap(), "{size} depth {depth} {}: nodes", r.name);
            assert_eq!(r.best.as_deref(), w["best"].as_str(), "{} best", r.name);
            assert_eq!(r.cp.map(i64::from), w["cp"].as_i64(), "{} cp", r.name);
            assert_eq!(r.depth, depth);
            for (k, v) in hex_option_switches(&r.options) {
                assert_eq!(v, w["options"][k], "{} switch {k}", r.name);
            }
        }
    }
}

/// The Hex rows: the first is the searcher's defaults; switching the beam off (full width) and badness
/// ordering off cost nodes (van Rijswijck 2000 §5.4: ordering by badness is what makes pruning the worst
/// moves safe and cheap); a wider beam costs more than the default and a narrower one less; bad input is an
/// error, not a panic.
#[test]
fn hex_rows_measure_each_technique() {
    let rows = hex_ablation_on("7", &["d4", "c5", "e3"], 4).unwrap();
    let n = |name: &str| rows.iter().find(|r| r.name == name).unwrap().nodes;
    assert_eq!(rows[0].name, "all");
    assert_eq!(rows[0].options, duiyi::hex::search::SearchOptions::default());
    assert!(n("no-beam") > 2 * n("all"), "full width {} vs beam {}", n("no-beam"), n("all"));
    assert!(n("no-ordering") > n("all"));
    assert!(n("beam-narrow") < n("all") && n("all") < n("beam-wide"));
    assert_eq!(rows.len(), hex_lab_ablations().len());
    assert!(hex_ablation_on("7", &["d4", "d4"], 2).is_err());
    assert!(hex_ablation_on("banana", &[], 2).is_err());
    assert!(hex_ablation_on("30", &[], 2).is_err());
}

/// With exact slices (what the lab's worker turns on), a Hex search cut into tiny time slices visits exactly
/// the nodes of the same search run in one piece, for every Hex lab configuration.
#[test]
fn hex_exact_slices_make_a_sliced_search_equal_the_blocking_one() {
    use duiyi::engine::{Setup, Step};
    use duiyi::search::GoParams;
    let (moves, depth) = (["d4", "c5", "e3"], 4);
    let wanted = hex_ablation_on("7", &moves, depth).unwrap();
    for (name, options) in hex_lab_ablations() {
        let want = wanted.iter().find(|r| r.name == name).unwrap();
        let mut e = Engine::new();
        e.set_position(Setup::parse("hex", "7").unwrap(), &moves).unwrap();
        e.set_option("ExactSlices", "true").unwrap();
        // The lab's search (the worker sets it too): Queenbee's alpha-beta.
        e.set_option("HexEval", "queenbee").unwrap();
        for (opt, value) in hex_option_switches(&options) {
            let v = if let Some(b) = value.as_bool() { b.to_string() } else { value.to_string() };
            e.set_option(opt, &v).unwrap();
        }
        e.go(GoParams { depth: Some(depth), ..Default::default() }).unwrap();
        let (mut last, mut slices) = (None, 0);
        let best = loop {
            slices += 1;
            match e.step(0.2) {
                Step::Searching(i) | Step::Waiting(i) => last = i.last().cloned().or(last),
                Step::Done { infos, bestmove, .. } => {
                    last = infos.last().cloned().or(last);
                    break bestmove;
                }
                Step::Idle => panic!("idle"),
            }
        };
        let last = last.unwrap();
        assert_eq!(last.nodes, want.nodes, "{name}: nodes after {slices} slices");
        assert_eq!(best.map(|m| m.to_string()), want.best.clone(), "{name}: best");
        assert!(slices > 2, "{name}: only {slices} slices");
        assert_eq!(last.cp, want.cp, "{name}: score");
    }
}

/// Exact slices with a node limit end: the root move cut by the limit is not undone (undoing it would only
/// reach the limit again, and the search would never finish). Both games, in short slices.
#[test]
fn exact_slices_with_a_node_limit_finish() {
    use duiyi::engine::{Setup, Step};
    use duiyi::search::GoParams;
    for (setup, moves, eval) in [(Setup::parse("hex", "9").unwrap(), vec!["e5"], true), (Setup::Xiangqi("startpos"), vec!["h2e2"], false)] {
        let mut e = Engine::new();
        e.set_position(setup, &moves).unwrap();
        e.set_option("ExactSlices", "true").unwrap();
        if eval {
            e.set_option("HexEval", "queenbee").unwrap();
        }
        e.go(GoParams { nodes: Some(3000), ..Default::default() }).unwrap();
        let mut steps = 0;
        let best = loop {
            steps += 1;
            assert!(steps < 100_000, "{moves:?}: no end after {steps} steps");
            if let Step::Done { bestmove, .. } = e.step(0.2) {
                break bestmove;
            }
        };
        assert!(best.is_some(), "{moves:?}: a move");
    }
}
