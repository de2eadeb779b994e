//! PGN with the game tree: NAGs, comments, `[%eval]` evaluations and nested variations written and read back in
//! every notation; other programs' annotations (suffixes, several comments); errors inside variations.

use duiyi::xiangqi::game_tree::{Annotation, Eval, Variation};
use duiyi::xiangqi::pgn::{AnnotatedGame, PgnErrorKind, PgnFormat, PgnGame, parse_pgn_tree, write_pgn_tree};
use duiyi::xiangqi::{Move, START_FEN};

mod common;

fn mv(list: &str) -> Vec<Move> {
    list.split_whitespace().map(|m| Move::parse_iccs(m).unwrap()).collect()
}

fn note(nags: &[u8], comment: Option<&str>, eval: Option<Eval>, variations: Vec<Variation>) -> Annotation {
    Annotation { nags: nags.to_vec(), comment: comment.map(String::from), eval, variations }
}

/// A game of 8 plies with, on its second move, a variation whose second move has a variation of its own
/// (three levels), comments, NAGs and evaluations in centipawns and mates, with and without depth.
fn sample() -> AnnotatedGame {
    let inner = Variation {
        moves: mv("b0c2 b9c7"),
        annotations: vec![note(&[5], Some("the other knight"), Some(Eval { cp: Some(-5), mate: None, depth: None }), vec![])],
        comment: Some("deeper".into()),
    };
    let side = Variation {
        moves: mv("h9g7 h0g2 i9h9"),
        annotations: vec![
            note(&[], Some("the usual reply"), None, vec![]),
            note(&[1], None, Some(Eval { cp: Some(20), mate: None, depth: Some(9) }), vec![inner]),
        ],
        comment: None,
    };
    let other = Variation { moves: mv("c6c5"), annotations: vec![], comment: None };
    AnnotatedGame {
        game: PgnGame {
            tags: vec![("Event".into(), "tree test".into()), ("Red".into(), "红".into())],
            fen: START_FEN.into(),
            moves: mv("b2e2 b9c7 b0c2 a9b9 a0b0 h9g7 g3g4 c6c5"),
            result: "*".into(),
            reason: None,
        },
        annotations: vec![
            note(&[], None, Some(Eval { cp: Some(35), mate: None, depth: Some(12) }), vec![]),
            note(&[6, 14], Some("a rare { brace-free } line"), None, vec![side, other]),
            Annotation::default(),
            note(&[2], Some("a long comment that goes on and on so that the line has to wrap somewhere in the middle of it"), None, vec![]),
            Annotation::default(),
            Annotation::default(),
            Annotation::default(),
            note(&[4], None, Some(Eval { cp: None, mate: Some(-3), depth: Some(30) }), vec![]),
        ],
        comment: Some("A game comment.".into()),
    }
}

#[test]
fn a_tree_round_trips_in_every_notation() {
    let tree = sample();
    for format in [PgnFormat::Iccs, PgnFormat::Wxf, PgnFormat::Chinese] {
        let text = write_pgn_tree(&tree, format).unwrap();
        // Lines stay under 80 columns, but for a long comment: it is written verbatim, never wrapped (issue 32).
        assert!(text.lines().filter(|l| !l.contains('{')).all(|l| l.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum::<usize>() < 80), "{text}");
        let back = parse_pgn_tree(&text).unwrap();
        let mut want = tree.clone();
        // `}` is dropped from comments; the rest is kept as it is (its spaces too).
        want.annotations[1].comment = Some("a rare { brace-free  line".into());
        want.normalise();
        assert_eq!(back.game.moves, want.game.moves, "{format:?}\n{text}");
        assert_eq!(back.annotations, want.annotations, "{format:?}\n{text}");
        assert_eq!(back.comment, want.comment);
        assert_eq!(back.game.reason, None);
    }
    let iccs = write_pgn_tree(&tree, PgnFormat::Iccs).unwrap().replace('\n', " ");
    assert!(iccs.contains("{A game comment.} 1. B2-E2 {[%eval 0.35,12]} 1. ... B9-C7 $6 $14 {a rare"), "{iccs}");
    assert!(iccs.contains("(1. ... H9-G7 {the usual reply} 2. H0-G2 $1 {[%eval 0.20,9]} ({deeper} 2. B0-C2"), "{iccs}");
    assert!(iccs.contains("(1. ... C6-C5) 2. B0-C2"), "{iccs}");
    assert!(iccs.contains("C6-C5 $4 {[%eval #-3,30]} *"), "{iccs}");
}

#[test]
fn a_reason_and_a_last_comment_stay_apart() {
    let mut tree = sample();
    tree.game.reason = Some("Black resigned".into());
    tree.game.result = "1-0".into();
    tree.annotations[7].comment = Some("last words".into());
    let text = write_pgn_tree(&tree, PgnFormat::Wxf).unwrap();
    let back = parse_pgn_tree(&text).unwrap();
    assert_eq!(back.game.reason.as_deref(), Some("Black resigned"));
    assert_eq!(back.annotations[7].comment.as_deref(), Some("last words"));
    assert_eq!(back.game.result, "1-0");
}

#[test]
fn reads_other_programs_annotations() {
    let text = std::fs::read_to_string(common::data_path("pgn/xqbase-style-iccs.pgn")).unwrap();
    let g = parse_pgn_tree(&text).unwrap();
    assert_eq!(g.comment.as_deref(), Some("The opening, with a comment, a NAG and a side line."));
    assert_eq!(g.annotations[3].nags, [1], "$1 after A9-B9");
    assert_eq!(g.annotations[8].nags, [5], "!? glued to B0-B6");
    let v = &g.annotations[6].variations;
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].moves, mv("h0g2 i9h9"));
    assert_eq!(v[0].annotations[0].comment.as_deref(), Some("a side line"));
    assert_eq!(v[0].annotations[1].variations[0].moves, mv("c6c5"), "4... C6-C5 is the alternative to 4... I9-H9");
    // Suffixes glued or alone, check marks, several comments, lichess's eval without depth, other commands kept.
    let g = parse_pgn_tree("1. h2e2?! h9g7 ?? 2. h0g2!! {one} {[%clk 0:05:00] [%eval -0.4] two} i9h9!? 3. i0h0? $19 *").unwrap();
    let nags: Vec<Vec<u8>> = g.annotations.iter().map(|a| a.nags.clone()).collect();
    assert_eq!(nags, [vec![6], vec![4], vec![3], vec![5], vec![2, 19]]);
    assert_eq!(g.annotations[2].comment.as_deref(), Some("one [%clk 0:05:00] two"));
    assert_eq!(g.annotations[2].eval, Some(Eval { cp: Some(-40), mate: None, depth: None }));
    // Without a [Termination] tag there is no reason: the last comment stays the move's comment (issue 32).
    let g = parse_pgn_tree("1. h2e2 h9g7 {Red lost on time} 0-1").unwrap();
    assert_eq!(g.game.reason, None);
    assert_eq!(g.annotations[1].comment.as_deref(), Some("Red lost on time"));
}

#[test]
fn an_illegal_move_in_a_variation_is_located() {
    let e = parse_pgn_tree("[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7\n(1... h9g7 2. h0g2 (2. e5e6) i9h9) 2. h0g2 *").unwrap_err();
    assert_eq!((e.line, e.column), (4, 24), "{e}");
    assert!(matches!(e.kind, PgnErrorKind::Move { ply: 3, .. }), "{e}");
    // An illegal variation on writing gives its ply too.
    let mut tree = sample();
    tree.annotations[0].variations.push(Variation { moves: mv("h2e2 e5e6"), annotations: vec![], comment: None });
    let e = write_pgn_tree(&tree, PgnFormat::Iccs).unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::Move { ply: 2, .. }), "{e}");
}

/// A tag value with `]`, quotes and backslashes comes back as it was (found by tests/fuzz_xqf.rs: XQF texts are
/// arbitrary).
#[test]
fn tag_values_with_brackets_and_escapes_round_trip() {
    let mut tree = sample();
    tree.game.tags = vec![("Event".into(), "a ] b \\ \"q\" \\\"".into()), ("Site".into(), "[x]".into())];
    let back = parse_pgn_tree(&write_pgn_tree(&tree, PgnFormat::Iccs).unwrap()).unwrap();
    assert!(back.game.tags.contains(&("Event".into(), "a ] b \\ \"q\" \\\"".into())), "{:?}", back.game.tags);
    assert!(back.game.tags.contains(&("Site".into(), "[x]".into())));
}
