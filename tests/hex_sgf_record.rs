//! Issue 32: Hex records without loss. Every real SGF file of tests/data/hex-sgf and a collection of several
//! games: `parse(write(r)) == r` and `write(parse(write(r))) == write(r)`; root properties verbatim and in order,
//! comments and other properties per move, variations, setup, the result; each game of a collection with its
//! own error.

use duiyi::hex::sgf::{self, HexRecord, parse_sgf_games, write_record};
use duiyi::hex::{Cell, Color};

fn identity(what: &str, r: &HexRecord) -> String {
    let t1 = write_record(r).unwrap_or_else(|e| panic!("{what}: {e}"));
    let back = parse_sgf_games(&t1);
    assert_eq!(back.len(), 1, "{what}");
    let r2 = back[0].game.clone().unwrap_or_else(|e| panic!("{what}: {e}\n{t1}"));
    assert_eq!(&r2, r, "{what}: parse(write(r)) == r\n{t1}");
    assert_eq!(write_record(&r2).unwrap(), t1, "{what}: byte for byte");
    t1
}

fn read(name: &str) -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex-sgf/").to_string() + name).unwrap()
}

#[test]
fn real_files_round_trip() {
    let r = parse_sgf_games(&read("benzene-olympiad09-ms1.sgf"))[0].game.clone().unwrap();
    let names: Vec<&str> = r.props.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["PB", "PW", "DT", "GN", "US", "GC"]);
    assert_eq!(r.props[0].1, ["Mohex 0.9.GIT"]);
    assert!(r.props[5].1[0].contains("\nResult according to W: B+"), "multi-line value kept");
    assert_eq!(r.result.as_deref(), Some("B+"));
    assert_eq!(r.line.moves.len(), 34);
    assert_eq!(r.line.moves.last().map(String::as_str), Some("resign"));
    let text = identity("ms1", &r);
    assert!(text.starts_with("(;FF[4]GM[11]SZ[11]PB[Mohex 0.9.GIT]PW[Six 0.5.4]DT[2009-05-12]"), "{text}");

    let r = parse_sgf_games(&read("benzene-olympiad08-mohex-six-2.sgf"))[0].game.clone().unwrap();
    assert_eq!(r.props, [("AP".to_string(), vec!["HexGui:1.0.".to_string()])]);
    assert_eq!(r.line.moves.len(), 41, "39 moves, then the first variation's two");
    let v = &r.line.notes[39].variations;
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].moves[..2], ["e3".to_string(), "j2".to_string()]);
    identity("mohex-six-2", &r);
    // The position of the first game's main line is what sgf::load gives.
    let g = sgf::load(&read("benzene-olympiad08-mohex-six-2.sgf")).unwrap();
    assert_eq!(g.position.ply(), 41);

    let r = parse_sgf_games(&read("benzene-close-endgame01.sgf"))[0].game.clone().unwrap();
    let s = r.setup.as_ref().unwrap();
    assert_eq!((s.black.len(), s.white.len(), s.to_move), (28, 28, Color::Black));
    assert_eq!(s.black[0], Cell::parse("e1").unwrap(), "file order");
    assert!(r.line.moves.is_empty());
    identity("close-endgame01", &r);
}

#[test]
fn comments_properties_variations_and_swap_are_kept() {
    let text = "(;FF[4]AP[HexGui:0.9]GM[11]SZ[5]EV[test \\] event]C[root\ncomment]PB[b]RE[W+Resign]XX[1][2]\
                ;B[C3]C[first]BL[30];W[swap-pieces](;B[a1]C[main];W[b2])(;C[a side line];B[e4];W[d1]C[x]LB[d1:A])\
                (;B[b1];W[resign]))";
    let list = parse_sgf_games(text);
    let r = list[0].game.clone().unwrap();
    assert_eq!((r.width, r.height), (5, 5));
    let names: Vec<&str> = r.props.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["AP", "EV", "PB", "XX"]);
    assert_eq!(r.props[1].1, ["test ] event"]);
    assert_eq!(r.props[3].1, ["1", "2"]);
    assert_eq!(r.line.comment.as_deref(), Some("root\ncomment"));
    assert_eq!(r.result.as_deref(), Some("W+Resign"));
    assert_eq!(r.line.moves, ["c3", "swap-pieces", "a1", "b2"]);
    assert_eq!(r.line.notes[0].comment.as_deref(), Some("first"));
    assert_eq!(r.line.notes[0].props, [("BL".to_string(), vec!["30".to_string()])]);
    let alts = &r.line.notes[2].variations;
    assert_eq!(alts.len(), 2);
    assert_eq!(alts[0].comment.as_deref(), Some("a side line"));
    assert_eq!(alts[0].moves, ["e4", "d1"]);
    assert_eq!(alts[0].notes[1].props, [("LB".to_string(), vec!["d1:A".to_string()])]);
    assert_eq!(alts[1].moves, ["b1", "resign"]);
    identity("made up", &r);
}

#[test]
fn a_collection_gives_each_game_with_its_own_error() {
    let text = format!(
        "{}\n(;FF[4]GM[11]SZ[5];B[c3];W[c3])\n{}\n(;GM[1]SZ[19])\n(;FF[4]GM[11]SZ[3];B[b2]",
        read("benzene-olympiad09-ms1.sgf"),
        read("benzene-close-endgame01.sgf")
    );
    let list = parse_sgf_games(&text);
    let ok: Vec<bool> = list.iter().map(|g| g.game.is_ok()).collect();
    assert_eq!(ok, [true, false, true, false, false]);
    let e = list[1].game.clone().unwrap_err();
    assert!(e.to_string().contains("move 2 refused: c3 is occupied"), "{e}");
    assert_eq!(&text[list[1].offset..list[1].offset + 2], "(;");
    assert_eq!(e.offset, list[1].offset + 27, "the offset is in the whole text");
    assert!(list[3].game.clone().unwrap_err().to_string().contains("is not Hex"));
    assert!(list[4].game.clone().unwrap_err().to_string().contains("not closed"));
    assert_eq!(list.iter().map(|g| g.index).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
    assert!(parse_sgf_games("  ").is_empty());
    assert_eq!(parse_sgf_games("hello").len(), 1);
}
