//! SGF for Hex: HexGui-style round trips, the puzzles of the reference data, special moves, and malformed
//! records refused with a reason and a position.

use duiyi::hex::sgf::{self, SgfErrorKind};
use duiyi::hex::{Cell, Color, HexError, Move, Position};
use serde_json::Value;

/// `tests/data/hex.json`, naming the path if it cannot be read.
fn data() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

fn c(s: &str) -> Cell {
    Cell::parse(s).unwrap()
}

#[test]
fn every_puzzle_of_the_data_loads_with_its_stones() {
    let data = data();
    for p in data["puzzles"]["list"].as_array().unwrap() {
        let name = p["name"].as_str().unwrap();
        let g = sgf::load(p["sgf"].as_str().unwrap()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let size: usize = name.split('x').next().unwrap().parse().unwrap();
        assert_eq!((g.position.width(), g.position.height()), (size, size), "{name}");
        assert_eq!(g.position.winner(), None, "{name}");
        // The record's stones are on the board.
        let sgf_text = p["sgf"].as_str().unwrap();
        let stones = (0..size * size).filter(|&i| g.position.stone_at(i).is_some()).count();
        assert_eq!(stones, sgf_text.matches('[').count() - 3, "{name}: FF, GM, SZ and one value per stone");
    }
    let berge = sgf::load(data["puzzles"]["list"][3]["sgf"].as_str().unwrap()).unwrap();
    assert_eq!(berge.position.ply(), 10);
    assert_eq!(berge.position.to_move(), Color::White, "after W a1 … B a5");
    assert_eq!(berge.position.stone(c("a1")), Some(Color::White));
    assert_eq!(berge.position.stone(c("a5")), Some(Color::Black));
    let hein = sgf::load("(;FF[4]GM[11]SZ[3];AB[a2][b3]AW[a1])").unwrap();
    assert_eq!(hein.position.to_move(), Color::White, "Black has one more setup stone");
    assert_eq!(hein.position.ply(), 0);
}

#[test]
fn round_trips_in_hexgui_layout() {
    let mut pos = Position::square(7).unwrap();
    pos.set_swap_rule(true);
    for m in ["d4", "swap-pieces", "c3", "e2", "b6"] {
        pos.play_str(m).unwrap();
    }
    let text = sgf::write(&pos, None);
    assert!(text.starts_with("(;FF[4]AP[duiyi:"), "{text}");
    assert!(text.ends_with("GM[11]SZ[7];B[d4];W[swap-pieces];B[c3];W[e2];B[b6])"), "{text}");
    let back = sgf::load(&text).unwrap();
    assert_eq!(back.position, pos);
    assert_eq!(back.position.moves(), pos.moves());
    assert_eq!(sgf::write(&back.position, None), text);

    // Rectangular board, setup stones, White to move, a resignation.
    let mut pos = Position::new(5, 3).unwrap();
    pos.add_stone(c("a1"), Color::Black).unwrap();
    pos.add_stone(c("e3"), Color::White).unwrap();
    pos.add_stone(c("c2"), Color::White).unwrap();
    pos.play_str("b2").unwrap();
    let text = sgf::write(&pos, Some(Color::White));
    assert!(text.contains("SZ[5:3]AB[a1]AW[c2][e3]PL[B];B[b2];W[resign]RE[B+Resign])"), "{text}");
    let back = sgf::load(&text).unwrap();
    assert_eq!(back.position, pos);
    assert_eq!(back.resigned, Some(Color::White));
    assert_eq!(back.result.as_deref(), Some("B+Resign"));
    assert_eq!(sgf::write(&back.position, back.resigned), text);
}

#[test]
fn cells_are_case_insensitive_and_other_properties_are_skipped() {
    let g = sgf::load("(;FF[4]AP[HexGui:0.2]GM[11]SZ[5]C[a \\] comment]PB[x];B[C3]\n;W[D2](;B[a1])(;B[e5]))").unwrap();
    assert_eq!(g.position.stone(c("c3")), Some(Color::Black));
    assert_eq!(g.position.stone(c("d2")), Some(Color::White));
    assert_eq!(g.position.stone(c("a1")), Some(Color::Black), "main line = first variation");
    assert_eq!(g.position.stone(c("e5")), None);
    // Default size 11 without SZ; swap-sides is accepted and changes no stone.
    let g = sgf::load("(;FF[4]GM[11];B[f6];W[swap-sides];W[a1])").unwrap();
    assert_eq!(g.position.width(), 11);
    assert!(g.swapped_sides);
    assert_eq!(g.position.stone(c("f6")), Some(Color::Black));
    assert_eq!(g.position.stone(c("a1")), Some(Color::White));
    assert_eq!(g.position.moves(), vec![(Color::Black, Move::Place(c("f6"))), (Color::White, Move::Place(c("a1")))]);
}

#[test]
fn malformed_records_name_the_reason_and_the_place() {
    let cases: &[(&str, usize, &str)] = &[
        ("", 0, "expected '('"),
        ("(FF[4])", 1, "expected ';'"),
        ("(;FF[4]GM[11]SZ[5];B[c3]", 24, "not closed with ')'"),
        ("(;FF[4]GM[11]SZ[5];B[c3", 20, "not closed with ']'"),
        ("(;FF[4]GM[11]SZ[5];B", 20, "has no value"),
        ("(;GM[1]SZ[19])", 5, "is not Hex"),
        ("(;GM[11]SZ[20])", 11, "SZ[20]"),
        ("(;GM[11]SZ[3:0])", 11, "SZ[3:0]"),
        ("(;GM[11]SZ[5];B[zz])", 16, "B[zz]: not a cell"),
        ("(;GM[11]SZ[5];B[c3];W[c3])", 22, "move 2 refused: c3 is occupied"),
        ("(;GM[11]SZ[5];B[c3];B[d3])", 22, "move 2 refused: black cannot move"),
        ("(;GM[11]SZ[5];B[f1])", 16, "move 1 refused: f1 is off the 5x5 board"),
        ("(;GM[11]SZ[5];B[swap-sides])", 16, "swap-pieces not allowed: only as White's answer"),
        ("(;GM[11]SZ[5];B[c3];W[swap-sides];B[a1])", 36, "black cannot move: it is white's turn"),
        ("(;GM[11]SZ[5];B[c3];W[resign];B[a1])", 30, "after the game ended"),
        ("(;GM[11]SZ[5];B[c3];AB[a1])", 23, "setup stones can only be added before the first move"),
        ("(;GM[11]SZ[5]AE[a1])", 13, "AE is not supported"),
        ("(;GM[11]SZ[5]PL[x])", 16, "PL[x]"),
    ];
    for &(text, offset, reason) in cases {
        let e = sgf::load(text).err().unwrap_or_else(|| panic!("{text:?} should be refused"));
        let msg = e.to_string();
        assert!(msg.contains(reason), "{text:?}: {msg}");
        assert_eq!(e.offset, offset, "{text:?}: {msg}");
        assert!(msg.contains(&format!("at byte {offset}")), "{msg}");
    }
    let e = sgf::load("(;GM[11]SZ[5];B[c3];W[c3])").unwrap_err();
    assert_eq!(e.kind, SgfErrorKind::Illegal { ply: 2, error: HexError::Occupied { cell: c("c3"), by: Color::Black } });
}

#[test]
fn truncated_and_mangled_records_are_refused_or_read_never_a_panic() {
    let good = "(;FF[4]AP[HexGui:0.2]GM[11]SZ[5:4]AB[a1][E4]AW[c2]PL[W];W[b3];B[swap-pieces];W[d1]C[x\\]y](;B[resign])(;B[a2]))";
    for cut in 0..=good.len() {
        let _ = sgf::load(&good[..cut]);
    }
    let bytes = good.as_bytes();
    for i in 0..bytes.len() {
        for b in [b'(', b')', b';', b'[', b']', b'\\', b'Z', b'9', b':', b' '] {
            let mut m = bytes.to_vec();
            m[i] = b;
            let _ = sgf::load(&String::from_utf8_lossy(&m));
        }
    }
    // Multi-byte text inside values and stray bytes outside are handled too.
    assert!(sgf::load("(;GM[11]SZ[3]C[對弈];B[b2])").is_ok());
    assert!(sgf::load("(;GM[11]SZ[3]對;B[b2])").is_err());
}
