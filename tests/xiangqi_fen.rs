//! FEN reading and writing, ICCS moves, and Chinese notation.

use duiyi::xiangqi::{Color, FenError, MoveError, Position, START_FEN, Square};

mod common;

fn err(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Err(e) => e,
        Ok(_) => panic!("accepted {fen}"),
    }
}

#[test]
fn start_fen_round_trips() {
    assert_eq!(Position::startpos().fen(), START_FEN);
}

#[test]
fn every_test_data_fen_parses_and_round_trips() {
    for file in ["xiangqi_mates.json", "xiangqi_legal_moves.json", "xiangqi_perft.json"] {
        let v = common::data(file);
        for p in v["positions"].as_array().unwrap() {
            let fen = p["fen"].as_str().unwrap();
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{file}: {fen}: {e}"));
            let again = Position::from_fen(&pos.fen()).unwrap();
            assert_eq!(again.key(), pos.key(), "{fen}");
            assert_eq!(pos.fen().split(' ').next(), fen.split(' ').next());
        }
    }
}

#[test]
fn fen_rejects_wrong_rank_count() {
    assert_eq!(err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"), FenError::WrongRankCount { found: 9 });
}

#[test]
fn fen_rejects_a_rank_with_ten_files() {
    let e = err("rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w");
    assert_eq!(e, FenError::WrongFileCount { rank: 7, found: 10 });
    assert_eq!(e.to_string(), "FEN: rank 7 has 10 files, expected 9");
}

#[test]
fn fen_rejects_unknown_letter() {
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKQBNR w"),
        FenError::UnknownPiece { ch: 'Q', rank: 0 }
    );
}

#[test]
fn fen_rejects_bad_side_to_move() {
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
        FenError::BadSideToMove("x".into())
    );
}

#[test]
fn fen_rejects_missing_and_extra_generals() {
    assert_eq!(err("rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"), FenError::MissingGeneral(Color::Black));
    assert_eq!(err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w"), FenError::ExtraGeneral(Color::Red));
}

#[test]
fn fen_rejects_general_or_advisor_outside_the_palace() {
    assert!(matches!(err("3k5/9/9/9/9/9/9/9/9/K8 w"), FenError::OutsidePalace { piece: 'K', .. }));
    assert!(matches!(err("3k5/9/9/9/9/9/9/9/9/A3K4 w"), FenError::OutsidePalace { piece: 'A', .. }));
    assert!(Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/4K4 w").is_ok(), "e1 is an advisor point");
}

#[test]
fn fen_rejects_elephant_off_its_points() {
    let e = err("3k5/9/9/9/9/4B4/9/9/9/4K4 w");
    assert_eq!(e, FenError::ElephantOffPoints { piece: 'B', square: Square::parse("e4").unwrap() });
}

#[test]
fn fen_rejects_more_pieces_than_the_set_has() {
    assert_eq!(err("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"), FenError::TooMany { piece: 'R', count: 3, max: 2 });
}

#[test]
fn fen_rejects_the_side_not_to_move_in_check() {
    // Generals facing on an open file with Red to move: Black's general could be captured.
    assert_eq!(err("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::SideNotToMoveInCheck(Color::Black));
}

#[test]
fn fen_rejects_pawn_behind_its_start() {
    assert!(matches!(err("3k5/9/9/9/9/9/9/9/4P4/4K4 w"), FenError::PawnOffPoints { .. }));
}

#[test]
fn illegal_moves_are_refused_with_a_reason_and_the_position_unchanged() {
    let mut pos = Position::startpos();
    let before = pos.fen();
    assert!(matches!(pos.try_play("h2"), Err(MoveError::Malformed(_))));
    assert!(matches!(pos.try_play("e5e6"), Err(MoveError::NoPiece { .. })));
    assert!(matches!(pos.try_play("h7e7"), Err(MoveError::WrongSide { .. })));
    assert!(matches!(pos.try_play("b0b2"), Err(MoveError::IllegalMovement { piece: 'N', .. })));
    assert_eq!(pos.fen(), before);
    pos.try_play("h2e2").unwrap();
    assert_eq!(pos.side_to_move(), Color::Black);
}

#[test]
fn a_pinned_piece_cannot_leave_the_file_between_generals() {
    // Red cannon on e4 is the only piece between the generals.
    let pos = Position::from_fen("4k4/9/9/9/9/4C4/9/9/9/4K4 w").unwrap();
    let mut p = pos.clone();
    assert!(matches!(p.try_play("e4d4"), Err(MoveError::LeavesGeneralInCheck { .. })));
    assert!(p.try_play("e4e5").is_ok());
}

#[test]
fn chinese_notation_matches_the_ucci_examples() {
    let pos = Position::startpos();
    assert_eq!(pos.chinese(duiyi::xiangqi::Move::parse_iccs("h2e2").unwrap()).unwrap(), "炮二平五");
    let mut p = Position::startpos();
    let mut out = Vec::new();
    for m in ["b0c2", "b9c7", "c3c4", "h9i7", "c2d4", "h7e7"] {
        let mv = p.parse_move(m).unwrap();
        out.push(p.chinese(mv).unwrap());
        p.play_unchecked(mv);
    }
    assert_eq!(out.join(" "), "马八进七 马２进３ 兵七进一 马８进９ 马七进六 炮８平５");
    let mut p = Position::startpos();
    p.try_play("h2e2").unwrap();
    assert_eq!(p.chinese(p.parse_move("h7e7").unwrap()).unwrap(), "炮８平５");
    p.try_play("h7e7").unwrap();
    assert_eq!(p.chinese(p.parse_move("e2e6").unwrap()).unwrap(), "炮五进四");
}

#[test]
fn tandem_pieces_use_front_and_back() {
    // Two red rooks on file a.
    let pos = Position::from_fen("3k5/9/9/9/9/R8/9/9/R8/4K4 w").unwrap();
    assert_eq!(pos.chinese(pos.parse_move("a4a6").unwrap()).unwrap(), "前车进二");
    assert_eq!(pos.chinese(pos.parse_move("a1b1").unwrap()).unwrap(), "后车平八");
}
