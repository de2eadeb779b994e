//! Property tests of the Xiangqi parsers: FEN, ICCS moves, Chinese notation (中文纵线记法).
//!
//! Inputs: random bytes, random text over each parser's alphabet, and valid inputs (FENs and moves of positions
//! reached by seeded random games) mutated by byte flips, insertions, deletions, splices and dictionary tokens
//! (`tests/fuzz_support`). Properties: no panic; every error names its reason (`Display` one line, specific,
//! bounded); a parsed value formats back to an equal value. Deterministic: a fixed proptest seed
//! (`fuzz_support::SEED`); `PROPTEST_CASES=100000 cargo test --test fuzz_xiangqi` fuzzes longer.

mod fuzz_support;

use duiyi::xiangqi::{NotationError, Position};
use fuzz_support::*;
use proptest::prelude::*;

fn pos_index() -> impl Strategy<Value = usize> {
    0..positions().len()
}

proptest! {
    #![proptest_config(config(512))]

    #[test]
    fn fen_random_bytes(s in bytes_text(200)) {
        check_fen(&s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn fen_random_text(s in text_over(FEN_ALPHABET, 120)) {
        check_fen(&s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn fen_mutated(s in mutated(fen_corpus(), FEN_DICT)) {
        check_fen(&s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn iccs_random(i in pos_index(), s in prop_oneof![text_over(ICCS_ALPHABET, 8), bytes_text(12)]) {
        check_iccs(&positions()[i], &s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn iccs_mutated(i in pos_index(), s in mutated(iccs_corpus(), ICCS_DICT)) {
        check_iccs(&positions()[i], &s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn chinese_random(i in pos_index(), s in prop_oneof![text_over(CHINESE_ALPHABET, 6), bytes_text(16)]) {
        check_chinese(&positions()[i], &s).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn chinese_mutated(i in pos_index(), s in mutated(chinese_corpus(), CHINESE_DICT)) {
        check_chinese(&positions()[i], &s).map_err(TestCaseError::fail)?;
    }
}

proptest! {
    #![proptest_config(config(48))]

    /// Random games of a random length: the FEN of each position reads back to the same position, and every legal
    /// move's ICCS and Chinese notation read back to the move (no two legal moves written alike).
    #[test]
    fn round_trips_along_random_games(seed in any::<u64>(), plies in 0usize..160) {
        for pos in random_game_positions(seed, 1, plies, 1) {
            check_fen(&pos.fen()).map_err(TestCaseError::fail)?;
            check_move_round_trips(&pos).map_err(TestCaseError::fail)?;
            check_move_round_trips(&reset(&pos)).map_err(TestCaseError::fail)?;
        }
    }
}

/// Every position of the fixed set: `parse_move` accepts exactly the legal moves among all 8,100 square pairs.
#[test]
fn parse_move_accepts_exactly_the_legal_moves() {
    for pos in positions().iter().step_by(4) {
        check_all_pairs(pos).unwrap();
    }
}

#[test]
fn chinese_parser_reads_variants_and_names_errors() {
    let p = Position::startpos();
    for text in ["炮二平五", "炮 二 平 五", "砲二平五", "炮2平5", "炮２平５"] {
        assert_eq!(p.parse_chinese(text).map(|m| m.to_string()), Ok("h2e2".into()), "{text}");
    }
    assert_eq!(p.parse_chinese("马八进七").unwrap().to_string(), "b0c2");
    assert_eq!(p.parse_chinese("傌8進7").unwrap().to_string(), "b0c2");
    assert_eq!(p.parse_chinese(""), Err(NotationError::Empty));
    assert!(matches!(p.parse_chinese("炮二平"), Err(NotationError::Length { found: 3, .. })));
    assert!(matches!(p.parse_chinese("炮十平五"), Err(NotationError::BadFile { ch: '十', .. })));
    assert!(matches!(p.parse_chinese("炮二跳五"), Err(NotationError::BadDirection { ch: '跳', .. })));
    assert!(matches!(p.parse_chinese("炮二平零"), Err(NotationError::BadNumber { ch: '零', .. })));
    assert!(matches!(p.parse_chinese("左炮平五"), Err(NotationError::BadPlace { ch: '左', .. })));
    assert!(matches!(p.parse_chinese("前狗进一"), Err(NotationError::UnknownPiece { ch: '狗', .. })));
    assert!(matches!(p.parse_chinese("炮五平四"), Err(NotationError::NoSuchPiece { .. })));
    assert!(matches!(p.parse_chinese("前车进一"), Err(NotationError::NoSuchPiece { .. })));
    assert!(matches!(p.parse_chinese("车一平二"), Err(NotationError::NoSuchMove { .. })));
    // Black counts files from its own right, with full-width digits; Red's names and digits are accepted too.
    let mut b = Position::startpos();
    b.try_play("h2e2").unwrap();
    assert_eq!(b.parse_chinese("马２进３").unwrap().to_string(), "b9c7");
    assert_eq!(b.parse_chinese("馬2進3").unwrap().to_string(), "b9c7");
    assert_eq!(b.parse_chinese("炮８平５").unwrap().to_string(), "h7e7");
    // Two rooks on one file: 前/后, and the file number is ambiguous when both can make the move.
    let pos = Position::from_fen("3k5/9/9/9/9/9/R8/9/R8/4K4 w").unwrap();
    assert_eq!(pos.parse_chinese("前车平八").unwrap().to_string(), "a3b3");
    assert_eq!(pos.parse_chinese("后车平八").unwrap().to_string(), "a1b1");
    assert!(matches!(pos.parse_chinese("车九平八"), Err(NotationError::Ambiguous { ref moves, .. }) if moves.len() == 2));
    assert_eq!(pos.parse_chinese("车九进五").unwrap().to_string(), "a3a8");
    let long = "炮".repeat(10_000);
    let msg = p.parse_chinese(&long).unwrap_err().to_string();
    assert!(msg.chars().count() < 200, "{msg}");
}

/// Pawns doubled on two files (reached in play, rare in random games): every legal move still has its own
/// notation that reads back.
#[test]
fn tandem_pawns_on_two_files_round_trip() {
    for fen in [
        "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w",
        "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w",
        "4k4/9/9/9/9/2p3p2/2p3p2/2p6/9/3K5 b",
        "3k5/9/9/P1P1P4/P1P6/9/9/9/9/4K4 w",
    ] {
        check_move_round_trips(&Position::from_fen(fen).unwrap()).unwrap();
    }
    // Found by `round_trips_along_random_games`' property on constructed positions: both front pawns were written
    // 前兵进一. Now the file comes first (WXF rule IV).
    let pos = Position::from_fen("3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w").unwrap();
    let zh = |m: &str| pos.chinese(pos.parse_move(m).unwrap()).unwrap();
    assert_eq!(zh("c6c7"), "七前进一");
    assert_eq!(zh("g6g7"), "三前进一");
    assert_eq!(zh("g5f5"), "三后平四");
    assert_eq!(pos.parse_chinese("七前进一").unwrap().to_string(), "c6c7");
    assert!(matches!(pos.parse_chinese("前兵进一"), Err(NotationError::Ambiguous { .. })));
}
