//! WXF and Chinese move notation: published examples, tandem pieces, and round trips over a real game.

use duiyi::xiangqi::{Move, Position, WxfError};

mod common;

fn mv(s: &str) -> Move {
    Move::parse_iccs(s).unwrap()
}

/// `(iccs, wxf)` pairs checked both ways in the position `fen`.
fn check_wxf(fen: &str, cases: &[(&str, &str)]) {
    let p = Position::from_fen(fen).unwrap();
    for &(iccs, wxf) in cases {
        assert_eq!(p.wxf(p.parse_move(iccs).unwrap()).as_deref(), Some(wxf), "{fen}: {iccs}");
        assert_eq!(p.parse_wxf(wxf).map(|m| m.to_string()), Ok(iccs.to_string()), "{fen}: {wxf}");
    }
}

fn check_chinese(fen: &str, cases: &[(&str, &str)]) {
    let p = Position::from_fen(fen).unwrap();
    for &(iccs, zh) in cases {
        assert_eq!(p.chinese(p.parse_move(iccs).unwrap()).as_deref(), Some(zh), "{fen}: {iccs}");
        assert_eq!(p.parse_chinese(zh).map(|m| m.to_string()), Ok(iccs.to_string()), "{fen}: {zh}");
    }
}

/// The opening of 柳大华–杨官璘 (1982 national championship, tests/data/xiangqi_games.json) in WXF, worked out by
/// hand from the WXF rules: files counted from each player's right, `.` sideways, the destination file for
/// horses, elephants and advisors, the number of ranks for the others.
#[test]
fn opening_of_a_real_game_in_wxf() {
    let mut p = Position::startpos();
    let expected = [
        ("b2e2", "C8.5"),
        ("b9c7", "H2+3"),
        ("b0c2", "H8+7"),
        ("a9b9", "R1.2"),
        ("a0b0", "R9.8"),
        ("h9g7", "H8+7"),
        ("g3g4", "P3+1"),
        ("c6c5", "P3+1"),
        ("b0b6", "R8+6"),
        ("b7a7", "C2.1"),
        ("b6c6", "R8.7"),
        ("a7a8", "C1-1"),
        ("h0g2", "H2+3"),
        ("f9e8", "A6+5"),
    ];
    for (iccs, wxf) in expected {
        let m = p.parse_move(iccs).unwrap();
        assert_eq!(p.wxf(m).as_deref(), Some(wxf), "{iccs}");
        assert_eq!(p.parse_wxf(wxf), Ok(m));
        p.try_play(iccs).unwrap();
    }
}

/// The usual first moves as every WXF text writes them: 1. C2.5 H8+7 2. H2+3 R9.8 (中炮对屏风马).
#[test]
fn central_cannon_opening() {
    let mut p = Position::startpos();
    for (iccs, wxf) in [("h2e2", "C2.5"), ("h9g7", "H8+7"), ("h0g2", "H2+3"), ("i9h9", "R9.8"), ("i0h0", "R1.2")] {
        let m = p.parse_move(iccs).unwrap();
        assert_eq!(p.wxf(m).as_deref(), Some(wxf));
        p.try_play(iccs).unwrap();
    }
    // Advisors and elephants: A6+5 (d0e1) and E3+5 (g0e2) always give the file.
    let p = Position::startpos();
    assert_eq!(p.wxf(mv("d0e1")).as_deref(), Some("A6+5"));
    assert_eq!(p.wxf(mv("g0e2")).as_deref(), Some("E3+5"));
    assert_eq!(p.wxf(mv("e0e1")).as_deref(), Some("K5+1"));
    assert_eq!(p.parse_wxf("c2=5"), Ok(mv("h2e2")), "lower case and '=' for '.'");
    assert_eq!(p.parse_wxf("n2+3"), Ok(mv("h0g2")), "N for the horse");
    assert_eq!(p.parse_wxf("B7+5"), Ok(mv("c0e2")), "B for the elephant");
}

/// wxf.org "Official Xiangqi piece names and notation", "Tandem Positions": 車前平三 = R+.3, 炮後退一 = C--1.
#[test]
fn wxf_document_tandem_rook_and_cannon() {
    // Red rooks on file 5 (e6 front, e3 rear); red cannons on file 2 (h5 front, h3 rear).
    let fen = "3k5/9/9/4R4/7C1/9/4R2C1/9/9/5K3 w - - 0 1";
    check_wxf(fen, &[("e6g6", "R+.3"), ("e3e2", "R--1"), ("h3h2", "C--1"), ("h5e5", "C+.5")]);
    check_chinese(fen, &[("e6g6", "前车平三"), ("h3h2", "后炮退一")]);
}

/// The WXF document's special cases for tandem pawns, each traversing from file 3 to file 4 (Red).
#[test]
fn wxf_document_tandem_pawns() {
    // (I) three pawns on file 3: P+.4, P3.4, P-.4.
    let three = "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1";
    check_wxf(three, &[("g7f7", "P+.4"), ("g6f6", "P3.4"), ("g5f5", "P-.4")]);
    // (II) five pawns: ++.4, P+.4, P3.4, P-.4, --.4.
    let five = "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1";
    check_wxf(five, &[("g9f9", "++.4"), ("g8f8", "P+.4"), ("g7f7", "P3.4"), ("g6f6", "P-.4"), ("g5f5", "--.4")]);
    // (III) four pawns: ++.4, P+.4, P-.4, --.4.
    let four = "3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1";
    check_wxf(four, &[("g8f8", "++.4"), ("g7f7", "P+.4"), ("g6f6", "P-.4"), ("g5f5", "--.4")]);
    // (IV) three on file 3 and two on file 7: 3+.4, 33.4, 3-.4, 7+.6, 7-.6.
    let two_files = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
    check_wxf(two_files, &[("g7f7", "3+.4"), ("g6f6", "33.4"), ("g5f5", "3-.4"), ("c6d6", "7+.6"), ("c5d5", "7-.6")]);
}

/// Chinese notation for three to five pawns on a file (象棋竞赛规则: 前/中/后 for three, 一…五 from the front for
/// four or five) and for pawns doubled on two files (the file number first).
#[test]
fn chinese_tandem_pawns() {
    check_chinese(
        "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        &[("g7f7", "前兵平四"), ("g6f6", "中兵平四"), ("g5f5", "后兵平四"), ("g7g8", "前兵进一")],
    );
    check_chinese(
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        &[("g9f9", "一兵平四"), ("g8f8", "二兵平四"), ("g7f7", "三兵平四"), ("g6f6", "四兵平四"), ("g5f5", "五兵平四")],
    );
    check_chinese(
        "3k5/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        &[("g8f8", "一兵平四"), ("g5f5", "四兵平四")],
    );
    check_chinese(
        "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
        &[("g7f7", "三前平四"), ("g6f6", "三中平四"), ("g5f5", "三后平四"), ("c6d6", "七前平六"), ("c5d5", "七后平六")],
    );
    // Black: files from Black's right, full-width digits; two black pawns on file ３ (c-file from Black's right is 3).
    check_chinese("4k4/9/9/9/9/2p6/2p6/9/9/3K5 b - - 0 1", &[("c3b3", "前卒平２"), ("c4b4", "后卒平２")]);
    check_wxf("4k4/9/9/9/9/2p6/2p6/9/9/3K5 b - - 0 1", &[("c3b3", "P+.2"), ("c4b4", "P-.2"), ("c3c2", "P++1")]);
}

/// Every move of 柳大华–杨官璘 (1982), and every legal move of every position of that game, round-trips through
/// WXF and Chinese; the game ends in the FEN its source gives.
#[test]
fn round_trip_over_a_real_game() {
    let data = common::data("xiangqi_games.json");
    for g in data["games"].as_array().unwrap() {
        let mut p = Position::from_fen(g["fen"].as_str().unwrap()).unwrap();
        let moves = g["moves"].as_array().unwrap();
        for (i, m) in moves.iter().enumerate() {
            let m = p.parse_move(m.as_str().unwrap()).unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
            for &legal in p.legal_moves().as_slice() {
                let w = p.wxf(legal).unwrap();
                assert_eq!(p.parse_wxf(&w), Ok(legal), "ply {}: {w}", i + 1);
                let z = p.chinese(legal).unwrap();
                assert_eq!(p.parse_chinese(&z), Ok(legal), "ply {}: {z}", i + 1);
            }
            let w = p.wxf(m).unwrap();
            assert_eq!(p.parse_wxf(&w), Ok(m));
            p.try_play(&m.to_string()).unwrap();
        }
        assert_eq!(p.fen(), g["final_fen"].as_str().unwrap());
    }
}

/// Every legal move of random-play positions with many pawns on few files round-trips through WXF and Chinese.
#[test]
fn round_trip_tandem_heavy_positions() {
    for fen in [
        "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w - - 0 1",
        "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1",
        "2bakab2/4r4/4r4/9/4R4/4C4/4R4/4C4/4N4/3AKAB2 w - - 0 1",
        "4k4/9/9/4p4/4p4/4p4/4p4/4p4/9/3K5 b - - 0 1",
    ] {
        let Ok(p) = Position::from_fen(fen) else { panic!("{fen}") };
        assert!(!p.legal_moves().as_slice().is_empty(), "{fen}");
        for &legal in p.legal_moves().as_slice() {
            let w = p.wxf(legal).unwrap();
            assert_eq!(p.parse_wxf(&w), Ok(legal), "{fen}: {w}");
            let z = p.chinese(legal).unwrap();
            assert_eq!(p.parse_chinese(&z), Ok(legal), "{fen}: {z}");
        }
    }
}

#[test]
fn wxf_errors_name_the_reason() {
    let p = Position::startpos();
    assert_eq!(p.parse_wxf("  "), Err(WxfError::Empty));
    assert!(matches!(p.parse_wxf("C2.55"), Err(WxfError::Length { found: 5, .. })));
    assert!(matches!(p.parse_wxf("X2.5"), Err(WxfError::BadOrigin { ch: 'X', .. })));
    assert!(matches!(p.parse_wxf("C0.5"), Err(WxfError::BadOrigin { ch: '0', .. })));
    assert!(matches!(p.parse_wxf("C2*5"), Err(WxfError::BadDirection { ch: '*', .. })));
    assert!(matches!(p.parse_wxf("C2.0"), Err(WxfError::BadNumber { ch: '0', .. })));
    assert!(matches!(p.parse_wxf("C5.4"), Err(WxfError::NoSuchPiece { .. })));
    assert!(matches!(p.parse_wxf("C2+9"), Err(WxfError::NoSuchMove { .. })));
    assert!(matches!(p.parse_wxf("R+.3"), Err(WxfError::NoSuchPiece { .. })));
    assert!(p.parse_wxf("C2+9").unwrap_err().to_string().contains("C2+9"));
}

/// `parse_any` (the wasm `parseMove`) reads ICCS, Chinese and WXF, and keeps the notation's own error.
#[test]
fn parse_any_detects_the_notation() {
    use duiyi::xiangqi::{Notation, ParseMoveError};
    let p = Position::startpos();
    for text in ["h2e2", "h2-e2", "H2-E2", "炮二平五", "C2.5", "c2=5"] {
        assert_eq!(p.parse_any(text), Ok(mv("h2e2")), "{text}");
    }
    assert_eq!(Notation::detect("b0c2"), Notation::Iccs);
    assert_eq!(Notation::detect("马八进七"), Notation::Chinese);
    assert_eq!(Notation::detect("H8+7"), Notation::Wxf);
    assert!(matches!(p.parse_any("h2h9x"), Err(ParseMoveError::Wxf(WxfError::Length { .. }))));
    assert!(matches!(p.parse_any("e5e6"), Err(ParseMoveError::Iccs(_))));
    assert!(matches!(p.parse_any("炮五平四"), Err(ParseMoveError::Chinese(_))));
    assert!(matches!(p.parse_any("C5.4"), Err(ParseMoveError::Wxf(WxfError::NoSuchPiece { .. }))));
}
