//! Move generation against published counts: perft (chessprogramming.org "Chinese Chess Perft Results", in
//! `tests/data/xiangqi_perft.json`) and Fairy-Stockfish's legal-move lists of random positions
//! (`tests/data/xiangqi_legal_moves.json`).

mod common;

use duiyi::xiangqi::{Position, perft};
use serde_json::Value;

fn data(name: &str) -> Value {
    common::data(name)
}

/// Perft counts up to about one million nodes per position; deeper counts are in the perft bench.
#[test]
fn perft_matches_published_counts_up_to_a_million_nodes() {
    let data = data("xiangqi_perft.json");
    let mut checked = 0;
    for p in data["positions"].as_array().unwrap() {
        let fen = p["fen"].as_str().unwrap();
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for (i, n) in p["nodes"].as_array().unwrap().iter().enumerate() {
            let Some(n) = n.as_u64() else { continue };
            if n > 1_500_000 {
                break;
            }
            assert_eq!(perft(&mut pos, i as u32 + 1), n, "{} depth {}", p["name"], i + 1);
            checked += 1;
        }
        assert_eq!(pos.fen(), Position::from_fen(fen).unwrap().fen(), "perft restores the position");
    }
    assert!(checked >= 20, "checked {checked} counts");
}

#[test]
fn checkmate_probes_have_no_legal_move_and_are_in_check() {
    let data = data("xiangqi_perft.json");
    for fen in data["rule_probes"]["checkmate"].as_array().unwrap() {
        let pos = Position::from_fen(fen.as_str().unwrap()).unwrap();
        assert!(pos.in_check(), "{fen}");
        assert!(pos.legal_moves().is_empty(), "{fen}");
        let v = pos.verdict().expect("game over");
        assert_eq!(v.result, pos.side_to_move().flip().name());
        assert!(v.reason.contains("checkmated"), "{}", v.reason);
    }
}

#[test]
fn stalemate_is_a_loss_for_the_side_to_move() {
    let data = data("xiangqi_perft.json");
    for fen in data["rule_probes"]["stalemate_is_loss_for_side_to_move"].as_array().unwrap() {
        let pos = Position::from_fen(fen.as_str().unwrap()).unwrap();
        assert!(!pos.in_check(), "{fen}");
        assert!(pos.legal_moves().is_empty(), "{fen}");
        let v = pos.verdict().expect("game over");
        assert_eq!(v.result, pos.side_to_move().flip().name(), "the side that cannot move loses");
        assert!(v.reason.contains("stalemate"), "{}", v.reason);
    }
}

#[test]
fn flying_general_leaves_the_black_general_no_move() {
    let data = data("xiangqi_perft.json");
    let fen = data["rule_probes"]["king_has_no_moves_flying_general"].as_str().unwrap();
    let pos = Position::from_fen(fen).unwrap();
    let king_moves: Vec<String> = pos
        .legal_moves()
        .as_slice()
        .iter()
        .filter(|m| m.from() == pos.king_square(pos.side_to_move()))
        .map(|m| m.to_string())
        .collect();
    assert!(king_moves.is_empty(), "general moves: {king_moves:?}");
}

#[test]
fn legal_move_lists_match_fairy_stockfish() {
    let data = data("xiangqi_legal_moves.json");
    let positions = data["positions"].as_array().unwrap();
    assert!(positions.len() >= 50);
    for p in positions {
        let fen = p["fen"].as_str().unwrap();
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let mut ours: Vec<String> = pos.legal_moves().as_slice().iter().map(|m| m.to_string()).collect();
        ours.sort();
        let theirs: Vec<String> =
            p["legal"].as_array().unwrap().iter().map(|m| m.as_str().unwrap().to_string()).collect();
        assert_eq!(ours, theirs, "{fen}");
    }
}
