//! Queenbee's two-distance evaluation: the seed's worked figures, Benzene's `eval-twod` numbers cell by cell,
//! hand-checked boards, the eval's sign, symmetry and infinity.

use duiyi::hex::eval::{Maps, evaluate, evaluate_with, infinite_stand_in};
use duiyi::hex::two_distance::{distance, two_distance};
use duiyi::hex::{Cell, Color, Convention, Edge, INFINITY, Position};
use serde_json::Value;

/// `tests/data/hex.json`, naming the path if it cannot be read.
fn data() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

fn idx(pos: &Position, s: &str) -> usize {
    pos.geometry().index(Cell::parse(s).unwrap())
}

/// A map as rows with `None` for INFINITY.
fn rows(pos: &Position, map: &[u16]) -> Vec<Vec<Option<u16>>> {
    map.chunks(pos.width()).map(|r| r.iter().map(|&v| (v != INFINITY).then_some(v)).collect()).collect()
}

/// Benzene's printed rows: -1 = infinite (None here too), null = occupied (None).
fn json_rows(v: &Value) -> Vec<Vec<Option<u16>>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(|c| c.as_i64().filter(|&x| x >= 0).map(|x| x as u16)).collect())
        .collect()
}

fn potential(pos: &Position, color: Color, conv: Convention) -> Vec<u16> {
    Maps::compute_with(pos, conv, false).potential[color.index()].clone()
}

#[test]
fn seed_figure_5_1_on_the_empty_5x5_board() {
    let data = data();
    let facts = &data["seed_two_distance_facts"];
    assert_eq!(facts["edge"], "north");
    assert_eq!(facts["color"], "black");
    let pos = Position::square(facts["size"].as_u64().unwrap() as usize).unwrap();
    let two = two_distance(&pos, Edge::North, Convention::Queenbee);
    for (cell, want) in facts["two_distance"].as_object().unwrap() {
        assert_eq!(two[idx(&pos, cell)], want.as_u64().unwrap() as u16, "two-distance of {cell}");
    }
    let one = distance(&pos, Edge::North, Convention::Queenbee);
    for (cell, want) in facts["ordinary_distance"].as_object().unwrap() {
        assert_eq!(one[idx(&pos, cell)], want.as_u64().unwrap() as u16, "ordinary distance of {cell}");
    }
}

#[test]
fn benzene_eval_twod_numbers_cell_by_cell() {
    let data = data();
    let bz = &data["benzene_eval_twod"];
    let conv = Convention::Benzene;
    let p5 = Position::square(5).unwrap();
    assert_eq!(rows(&p5, &potential(&p5, Color::Black, conv)), json_rows(&bz["empty_5x5_black"]));
    assert_eq!(bz["empty_5x5_white_same_as_black"], true);
    assert_eq!(rows(&p5, &potential(&p5, Color::White, conv)), json_rows(&bz["empty_5x5_black"]));
    let p3 = Position::square(3).unwrap();
    assert_eq!(rows(&p3, &potential(&p3, Color::Black, conv)), json_rows(&bz["empty_3x3_black"]));
    let mut c3 = Position::square(5).unwrap();
    c3.play_str("c3").unwrap();
    let after = &bz["after_b_c3_5x5"];
    assert_eq!(rows(&c3, &potential(&c3, Color::Black, conv)), json_rows(&after["black"]), "Black after b c3");
    assert_eq!(rows(&c3, &potential(&c3, Color::White, conv)), json_rows(&after["white"]), "White after b c3");
}
