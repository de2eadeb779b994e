//! XQF reading: files generated from docs/xqf.md (plain, scrambled version 11 and 18 with different keys), with
//! variations and comments; real files from ElephantEye's XQF tools (tests/data/xqf); corrupt and truncated
//! files give typed errors; the CLI.

mod common;
mod xqf_support;

use duiyi::xiangqi::game_tree::Variation;
use duiyi::xiangqi::pgn::{AnnotatedGame, PgnFormat, parse_pgn_tree, write_pgn_tree};
use duiyi::xiangqi::xqf::{MAX_DEPTH, XqfError, parse_xqf};
use duiyi::xiangqi::{Move, START_FEN};
use xqf_support::*;

fn mv(list: &str) -> Vec<Move> {
    list.split_whitespace().map(|m| Move::parse_iccs(m).unwrap()).collect()
}

fn tag<'a>(g: &'a AnnotatedGame, name: &str) -> Option<&'a str> {
    g.game.tags.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

fn sample(version: u8, keys: Keys) -> Vec<u8> {
    write(version, keys, &sample_header(), OPENING_TABLE, Some("1997年“中立杯”决赛第二局"), &sample_tree())
}

/// What every version of the sample file reads as.
fn check_sample(g: &AnnotatedGame) {
    assert_eq!(g.game.fen, START_FEN);
    assert_eq!(g.game.moves, mv("c3c4 h9g7 g3g4 b7c7 g0e2 b9a7 b0c2 a9b9"));
    assert_eq!(g.game.result, "0-1");
    assert_eq!(tag(g, "Event"), Some("\"中立杯\"象棋电视快棋赛"));
    assert_eq!(tag(g, "Title"), Some("仙人指路对起马局"));
    assert_eq!(tag(g, "Red"), Some("柳大华"));
    assert_eq!(tag(g, "Black"), Some("吕钦"));
    assert_eq!(tag(g, "Date"), Some("1997.11.16"));
    assert_eq!(tag(g, "Site"), Some("北京"));
    assert_eq!(tag(g, "Result"), Some("0-1"));
    assert_eq!(tag(g, "Annotator"), Some("duiyi"));
    assert_eq!(g.comment.as_deref(), Some("1997年“中立杯”决赛第二局"));
    assert_eq!(g.annotations[0].comment.as_deref(), Some("仙人指路 — the pawn opening"));
    let alts = &g.annotations[1].variations;
    assert_eq!(alts.len(), 2, "two alternatives to 马８进７");
    assert_eq!(alts[0].moves, mv("g6g5 h0g2"));
    assert_eq!(alts[0].annotations[0].comment.as_deref(), Some("卒底炮的变例"));
    let nested = &alts[0].annotations[1].variations;
    assert_eq!(nested.len(), 1);
    assert_eq!(nested[0].moves, mv("h2e2"));
    assert_eq!(nested[0].annotations[0].comment.as_deref(), Some("center cannon"));
    assert_eq!(alts[1], Variation { moves: mv("b7e7"), annotations: vec![], comment: None });
    let red3 = &g.annotations[4].variations;
    assert_eq!(red3.len(), 1);
    assert_eq!(red3[0].moves, mv("b0c2"));
    assert_eq!(red3[0].annotations[0].comment.as_deref(), Some("另一着"));
    assert_eq!(g.annotations.len(), 5, "no annotation after the fifth move");
}

#[test]
fn generated_files_plain_and_scrambled_read_the_same_game() {
    for (version, keys) in [(10, NO_KEYS), (11, KEYS_A), (12, KEYS_B), (18, KEYS_A), (18, KEYS_B)] {
        let bytes = sample(version, keys);
        let g = parse_xqf(&bytes).unwrap_or_else(|e| panic!("version {version}: {e}"));
        check_sample(&g);
    }
    // The scrambled body really differs from the plain one.
    assert_ne!(sample(18, KEYS_A)[0x400..], sample(18, KEYS_B)[0x400..]);
}

/// The committed file the browser test imports is what the writer makes (regenerate with UPDATE_XQF=1).
#[test]
fn the_committed_generated_files_match_the_writer() {
    for (name, version, keys) in [("generated-plain.xqf", 10, NO_KEYS), ("generated-scrambled.xqf", 18, KEYS_A)] {
        let path = common::data_path(&format!("xqf/{name}"));
        let bytes = sample(version, keys);
        if std::env::var_os("UPDATE_XQF").is_some() {
            std::fs::write(&path, &bytes).unwrap();
        }
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{name}: rerun with UPDATE_XQF=1");
    }
}

#[test]
fn an_ending_with_black_to_move() {
    // Red: king e0, rook a1; Black: king d9, pawn e3 (the rest off the board, 0xFF).
    let mut table = [0xFF; 32];
    table[4] = 40; // red king e0
    table[0] = 1; // red rook a1
    table[20] = 39; // black king d9
    table[27] = 43; // black pawn e3
    let head = Header { kind: 3, ..Header::default() };
    for (version, keys) in [(10, NO_KEYS), (18, KEYS_B)] {
        let g = parse_xqf(&write(version, keys, &head, table, None, &line(&["e3d3", "a1a9"]))).unwrap();
        assert_eq!(g.game.fen, "3k5/9/9/9/9/9/4p4/9/R8/4K4 b - - 0 1");
        assert_eq!(g.game.moves, mv("e3d3 a1a9"));
        assert_eq!(g.game.result, "*");
        assert!(g.game.tags.iter().all(|(k, _)| k != "Event"), "empty texts give no tag");
    }
    // No moves at all: Red to move, an empty main line.
    let g = parse_xqf(&write(18, KEYS_A, &head, table, Some("puzzle"), &[])).unwrap();
    assert!(g.game.moves.is_empty());
    assert_eq!(g.comment.as_deref(), Some("puzzle"));
}

/// ElephantEye's sample (version 18, scrambled): the same game as its own xqf2pgn conversion, comment for
/// comment.
#[test]
fn the_eleeye_sample_matches_its_pgn() {
    let bytes = std::fs::read(common::data_path("xqf/eleeye-sample.xqf")).unwrap();
    let g = parse_xqf(&bytes).unwrap();
    let want = parse_pgn_tree(&std::fs::read_to_string(common::data_path("xqf/eleeye-sample.pgn")).unwrap()).unwrap();
    assert_eq!(g.game.fen, want.game.fen);
    assert_eq!(g.game.moves, want.game.moves);
    assert_eq!(g.game.moves.len(), 75);
    assert_eq!(g.game.result, "1-0");
    for name in ["Event", "Date", "Site", "Red", "Black"] {
        assert_eq!(tag(&g, name), tag(&want, name), "{name}");
    }
    let norm = |c: &Option<String>| c.as_deref().map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "));
    assert_eq!(norm(&g.comment), norm(&want.comment));
    let mut compared = 0;
    for i in 0..g.game.moves.len() {
        let (a, b) = (g.annotations.get(i).and_then(|a| norm(&a.comment)), want.annotations.get(i).and_then(|a| norm(&a.comment)));
        assert_eq!(a, b, "comment of move {}", i + 1);
        compared += a.is_some() as usize;
    }
    assert_eq!(compared, 11, "comments compared");
}

/// 七星聚会 from ElephantEye's examples: an ending with variations nested two deep; it round-trips through PGN.
#[test]
fn the_eleeye_ending_with_variations() {
    let bytes = std::fs::read(common::data_path("xqf/eleeye-qixing.xqf")).unwrap();
    let g = parse_xqf(&bytes).unwrap();
    assert_eq!(g.game.fen, "4rk3/3P5/4bP3/9/9/9/8P/1p2p2C1/3p1p3/4K1RR1 w - - 0 1");
    assert_eq!(tag(&g, "Event"), Some("七星聚会"));
    assert_eq!(g.game.result, "1/2-1/2");
    assert_eq!(g.game.moves[..4], mv("h2f2 e2f2 f7f8 f9f8"));
    let v6 = &g.annotations[11].variations;
    assert_eq!(v6.len(), 1, "车５平３ as the alternative to 卒６进１");
    assert_eq!(v6[0].moves[..2], mv("e9c9 d8e8"));
    let depth = |v: &Variation| -> usize {
        fn d(v: &Variation) -> usize {
            1 + v.annotations.iter().flat_map(|a| &a.variations).map(d).max().unwrap_or(0)
        }
        d(v)
    };
    assert!(g.annotations.iter().flat_map(|a| &a.variations).map(depth).max().unwrap() >= 2, "nested variations");
    for format in [PgnFormat::Iccs, PgnFormat::Chinese, PgnFormat::Wxf] {
        let back = parse_pgn_tree(&write_pgn_tree(&g, format).unwrap()).unwrap();
        assert_eq!(back.game.moves, g.game.moves);
        assert_eq!(back.main_line().size(), g.main_line().size(), "{format:?}");
    }
}

#[test]
fn corrupt_files_give_typed_errors() {
    let good = sample(18, KEYS_A);
    assert_eq!(parse_xqf(b""), Err(XqfError::BadMagic));
    assert_eq!(parse_xqf(b"PK\x03\x04rest"), Err(XqfError::BadMagic));
    assert_eq!(parse_xqf(&good[..100]), Err(XqfError::Truncated { len: 100, needed: 0x400 }));
    // Cut inside the root record, inside a move record, inside a comment: truncated, never a shorter game.
    for cut in [0x402, 0x40A, good.len() - 1] {
        assert!(matches!(parse_xqf(&good[..cut]), Err(XqfError::Truncated { len, .. }) if len == cut), "cut at {cut:#x}");
    }
    let plain = sample(10, NO_KEYS);
    assert!(matches!(parse_xqf(&plain[..plain.len() - 3]), Err(XqfError::Truncated { .. })));
    // Two pieces on one point.
    let mut t = OPENING_TABLE;
    t[1] = t[0];
    let e = parse_xqf(&write(10, NO_KEYS, &sample_header(), t, None, &[])).unwrap_err();
    assert_eq!(e, XqfError::BadPieceTable { index: 1, square: "i0".into() });
    // No red king.
    let mut t = OPENING_TABLE;
    t[4] = 0xFF;
    assert!(matches!(parse_xqf(&write(18, KEYS_B, &sample_header(), t, None, &[])), Err(XqfError::BadPosition(_))));
    // A point off the board (plain: from-point byte 24 + 95).
    let mut bad = write(10, NO_KEYS, &sample_header(), OPENING_TABLE, None, &sample_tree());
    bad[0x408] = 24 + 95;
    assert_eq!(parse_xqf(&bad), Err(XqfError::BadSquare { index: 1, value: 95 }));
    // An illegal move deep in a variation: its record number and ply.
    let mut tree = sample_tree();
    tree[0].next[1].next[0].next = vec![leaf("e0e5")];
    let e = parse_xqf(&write(12, KEYS_A, &sample_header(), OPENING_TABLE, None, &tree)).unwrap_err();
    match e {
        XqfError::IllegalMove { index, ply, ref mv, .. } => {
            assert_eq!((ply, mv.as_str()), (4, "e0e5"));
            assert_eq!(index, 12, "records: root, 8 main moves, then g6g5 (10), h0g2 (11), e0e5 (12)");
        }
        other => panic!("{other}"),
    }
    assert!(e.to_string().starts_with("XQF: move record 12 (e0e5, ply 4) is not legal"), "{e}");
    // Variations nested deeper than the limit: horses out and back, each variation's fifth move with an
    // alternative of its own.
    fn level(k: usize) -> Vec<Node> {
        if k == 0 {
            return vec![leaf("h0g2")];
        }
        let back = Node { mv: "g2h0", comment: None, next: vec![Node { mv: "c7b9", comment: None, next: level(k - 1) }] };
        vec![Node { mv: "h0g2", comment: None, next: vec![leaf("h9g7"), Node { mv: "b9c7", comment: None, next: vec![back] }] }]
    }
    let e = parse_xqf(&write(10, NO_KEYS, &Header::default(), OPENING_TABLE, None, &level(MAX_DEPTH + 2))).unwrap_err();
    assert_eq!(e, XqfError::TooDeep { max: MAX_DEPTH });
    assert!(parse_xqf(&write(18, KEYS_B, &Header::default(), OPENING_TABLE, None, &level(MAX_DEPTH - 1))).is_ok());
}

#[test]
fn the_cli_prints_pgn_and_exits_2_on_a_bad_file() {
    let exe = env!("CARGO_BIN_EXE_duiyi");
    let path = common::data_path("xqf/generated-scrambled.xqf");
    let out = std::process::Command::new(exe).args(["xqf", path.to_str().unwrap(), "--notation", "chinese"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap().replace('\n', " ");
    assert!(text.contains("[Red \"柳大华\"]") && text.contains("[Format \"Chinese\"]"), "{text}");
    assert!(text.contains("1. 兵七进一 {仙人指路 — the pawn opening} 1. ... 马８进７ (1. ... 卒７进１"), "{text}");
    let iccs = std::process::Command::new(exe).args(["xqf", path.to_str().unwrap()]).output().unwrap();
    assert!(String::from_utf8_lossy(&iccs.stdout).contains("1. C3-C4"));
    let dir = std::env::temp_dir().join(format!("duiyi-xqf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("cut.xqf");
    std::fs::write(&bad, &sample(18, KEYS_A)[..0x410]).unwrap();
    let out = std::process::Command::new(exe).args(["xqf", bad.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cut short"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = std::process::Command::new(exe).args(["xqf", path.to_str().unwrap(), "--notation", "sgf"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = std::process::Command::new(exe).args(["xqf"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(dir);
}
