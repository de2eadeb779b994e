//! The shipped Hex puzzle set (`www/data/puzzles-hex.txt`, issue 36): it parses, has at least 200 puzzles with
//! unique ids and positions (also under the 180° rotation), every line is legal and ends in a connection the VC
//! engine sees, and a re-proof by the solver (see `docs/puzzles-hex.md` for what part of the set).

use duiyi::hex::knowledge::{self, Verdict};
use duiyi::hex::{Move, Position};
use duiyi::puzzles::hex::{HexPuzzle, check, parse, shipped};
use std::collections::HashSet;

/// Puzzles re-proved by `cargo test` (a fixed seeded sample; `duiyi puzzles check --game hex` proves them all).
const CI_SAMPLE: usize = 40;
const CI_SEED: u64 = 36;

#[test]
fn the_set_parses_with_unique_ids_and_positions() {
    let all = shipped().expect("the shipped file parses");
    assert!(all.len() >= 200, "{} puzzles", all.len());
    let mut ids = HashSet::new();
    let mut keys = HashSet::new();
    for p in &all {
        assert!(ids.insert(p.id.clone()), "duplicate id {}", p.id);
        let pos = p.position().unwrap_or_else(|e| panic!("{}: {e}", p.id));
        assert!(keys.insert(HexPuzzle::position_key(&pos)), "{}: a duplicate position", p.id);
        assert!((800..=2400).contains(&p.rating), "{}: rating {}", p.id, p.rating);
        assert!(p.themes.contains(&format!("size{}", p.size)), "{}: {:?}", p.id, p.themes);
        assert!(!p.source.is_empty());
    }
    for n in 5..=9 {
        assert!(all.iter().any(|p| p.size == n), "no {n}x{n} puzzle");
    }
}

#[test]
fn every_line_is_legal_and_ends_in_a_vc_proved_connection() {
    for p in shipped().unwrap() {
        let mut pos: Position = p.position().unwrap();
        let player = pos.to_move();
        let start = knowledge::analyse(&pos).expect("the game is not over");
        assert_eq!(start.verdict, Verdict::Open, "{}: the VC engine already decides the start", p.id);
        for (i, c) in p.solution.iter().enumerate() {
            pos.try_play(Move::Place(*c)).unwrap_or_else(|e| panic!("{}: move {}: {e}", p.id, i + 1));
        }
        match knowledge::analyse(&pos) {
            None => assert_eq!(pos.winner(), Some(player), "{}", p.id),
            Some(k) => assert!(matches!(k.verdict, Verdict::Loss { .. }), "{}: {:?}", p.id, k.verdict),
        }
    }
}

#[test]
fn the_parser_names_the_bad_line() {
    let good = shipped().unwrap()[0].to_line();
    assert_eq!(parse(&format!("# c\n{good}\n")).unwrap().len(), 1);
    let e = parse(&format!("# c\n\n{good}\nh9999\t5\ta1\n")).unwrap_err();
    assert!(e.contains("line 4"), "{e}");
    let bad = good.split('\t').enumerate().map(|(i, f)| if i == 4 { "a1" } else { f }).collect::<Vec<_>>().join("\t");
    assert!(parse(&bad).unwrap_err().contains("line 1"));
}

#[test]
fn a_seeded_sample_is_re_proved_by_the_solver() {
    let all = shipped().unwrap();
    let sample = check::sample(&all, Some(CI_SAMPLE), CI_SEED);
    assert_eq!(sample.len(), CI_SAMPLE.min(all.len()));
    for p in &sample {
        check::check_puzzle(p, 120_000.0).unwrap();
    }
}

#[test]
fn the_listing_has_one_line_per_puzzle_and_the_json_its_fields() {
    let all = shipped().unwrap();
    let text = duiyi::puzzles::run(&["--game".into(), "hex".into()]).unwrap();
    assert_eq!(text.lines().count(), all.len());
    let json = duiyi::puzzles::run(&["--game".into(), "hex".into(), "--json".into()]).unwrap();
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    for k in ["id", "game", "size", "moves", "to_move", "solution", "wins", "rating", "themes", "source"] {
        assert!(first.get(k).is_some(), "{k} missing: {first}");
    }
    assert_eq!(first["game"], "hex");
    assert!(duiyi::puzzles::run(&["--game".into(), "hex".into(), "--bogus".into()]).is_err());
}
