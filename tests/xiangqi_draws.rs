//! Claimable draws (repetition without a perpetual verdict, 60 moves, material) and mating material.

use duiyi::xiangqi::{Color, DrawClaim, Position};

mod common;

#[test]
fn a_repeated_position_without_perpetual_check_or_chase_may_be_claimed() {
    let mut p = Position::startpos();
    for m in ["h0g2", "h9g7", "g2h0"] {
        p.try_play(m).unwrap();
        assert_eq!(p.claimable_draw(), None);
    }
    p.try_play("g7h9").unwrap();
    assert_eq!(p.claimable_draw(), Some(DrawClaim::Repetition));
}

/// The repetition cases of tests/data/xiangqi_rules.json (Fairy-Stockfish's): a cycle the rules give to one
/// side is no draw to claim; a drawn cycle is.
#[test]
fn perpetual_check_or_chase_is_not_a_claimable_draw() {
    let data = common::data("xiangqi_rules.json");
    let (mut draws, mut wins) = (0, 0);
    for c in data["cases"].as_array().unwrap() {
        let mut p = Position::from_fen(c["fen"].as_str().unwrap()).unwrap();
        for m in c["moves"].as_array().unwrap() {
            p.try_play(m.as_str().unwrap()).unwrap();
        }
        let expected = if c["result"] == "draw" { Some(DrawClaim::Repetition) } else { None };
        if expected.is_some() { draws += 1 } else { wins += 1 }
        assert_eq!(p.claimable_draw(), expected, "{}", c["case"]);
    }
    assert!(draws > 0 && wins > 0, "{draws} draws, {wins} wins");
}

#[test]
fn sixty_moves_without_a_capture() {
    let p = Position::from_fen("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 119 60").unwrap();
    assert_eq!(p.claimable_draw(), None);
    let mut p = p;
    p.try_play("a1a2").unwrap();
    assert_eq!(p.claimable_draw(), Some(DrawClaim::SixtyMove));
}

#[test]
fn mating_material() {
    let bare = Position::from_fen("3k5/4a4/5a3/9/9/9/9/4B4/4A4/3AK4 w - - 0 1").unwrap();
    assert!(!bare.has_mating_material(Color::Red));
    assert!(!bare.has_mating_material(Color::Black));
    assert_eq!(bare.claimable_draw(), Some(DrawClaim::Material));
    for (fen, red) in [
        ("3k1P3/9/9/9/9/9/9/9/9/4K4 w - - 0 1", true), // a pawn on the last rank still counts
        ("3k5/9/9/9/9/9/9/9/9/4KC3 w - - 0 1", true),
        ("3k5/9/9/9/9/9/9/9/9/4KN3 w - - 0 1", true),
        ("3k5/9/9/9/9/9/9/9/9/4KR3 w - - 0 1", true),
        ("3k5/9/9/9/9/9/9/9/9/2BAK4 w - - 0 1", false),
    ] {
        let p = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(p.has_mating_material(Color::Red), red, "{fen}");
        assert!(!p.has_mating_material(Color::Black));
        assert_eq!(p.claimable_draw() == Some(DrawClaim::Material), !red, "{fen}");
    }
    assert!(Position::startpos().has_mating_material(Color::Black));
    assert_eq!(Position::startpos().claimable_draw(), None);
}
