//! The teaching lab's ablation rows (`duiyi::bench::lab_ablations`, `duiyi bench --ablation --fen …`): plain
//! minimax and alpha-beta agree on the value and best move (Knuth & Moore 1975: alpha-beta with a full window
//! returns the minimax value) while alpha-beta visits fewer nodes; every switch is an engine option by name.

use duiyi::bench::{MINIMAX_MAX_DEPTH, ablation_on, lab_ablations, option_switches};
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
