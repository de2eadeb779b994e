//! PGN writing and reading: round trips in every format, and files in the styles other Xiangqi programs write.

use duiyi::xiangqi::pgn::{PgnErrorKind, PgnFormat, PgnGame, parse_pgn, write_pgn};
use duiyi::xiangqi::{Move, Position, START_FEN};

mod common;

/// The real game of tests/data/xiangqi_games.json: (moves, final FEN).
fn real_game() -> (Vec<Move>, String) {
    let v = common::data("xiangqi_games.json");
    let g = &v["games"][0];
    let moves = g["moves"].as_array().unwrap().iter().map(|m| Move::parse_iccs(m.as_str().unwrap()).unwrap()).collect();
    (moves, g["final_fen"].as_str().unwrap().to_string())
}

fn read(name: &str) -> String {
    std::fs::read_to_string(common::data_path(&format!("pgn/{name}"))).unwrap()
}

#[test]
fn round_trip_in_every_format() {
    let (moves, _) = real_game();
    let game = PgnGame {
        tags: vec![("Event".into(), "1982年全国赛".into()), ("Red".into(), "柳大华".into()), ("Black".into(), "杨官璘 \"Yang\"".into())],
        fen: START_FEN.into(),
        moves,
        result: "1/2-1/2".into(),
        reason: Some("draw by agreement".into()),
    };
    for format in [PgnFormat::Iccs, PgnFormat::Wxf, PgnFormat::Chinese] {
        let text = write_pgn(&game, format).unwrap();
        assert!(text.starts_with("[Game \"Chinese Chess\"]\n[Event \"1982年全国赛\"]\n[Site \"?\"]"), "{text}");
        assert!(text.contains(&format!("[Format \"{}\"]", format.tag())));
        assert!(text.contains("[Termination \"draw by agreement\"]"));
        assert!(!text.contains("[FEN"), "no FEN tag for the start position");
        assert!(text.contains("[Date \"????.??.??\"]\n[Round \"?\"]"), "{text}");
        // The reason is the [Termination] tag only: a comment before the result would read back as the last
        // move's comment (issue 32).
        assert!(text.trim_end().ends_with(" 1/2-1/2") && !text.contains('{'), "{text}");
        let back = parse_pgn(&text).unwrap();
        assert_eq!(back.moves, game.moves, "{format:?}");
        assert_eq!(back.result, "1/2-1/2");
        assert_eq!(back.reason.as_deref(), Some("draw by agreement"));
        assert_eq!(back.fen, START_FEN);
        assert!(back.tags.contains(&("Black".into(), "杨官璘 \"Yang\"".into())));
    }
    let iccs = write_pgn(&game, PgnFormat::Iccs).unwrap();
    assert!(iccs.contains("\n1. B2-E2 B9-C7 2. B0-C2 A9-B9 3. A0-B0 H9-G7"), "{iccs}");
    let wxf = write_pgn(&game, PgnFormat::Wxf).unwrap();
    assert!(wxf.contains("\n1. C8.5 H2+3 2. H8+7 R1.2 3. R9.8 H8+7"), "{wxf}");
    let zh = write_pgn(&game, PgnFormat::Chinese).unwrap();
    assert!(zh.contains("\n1. 炮八平五 马２进３ 2. 马八进七 车１平２"), "{zh}");
}

#[test]
fn a_game_from_a_fen_with_black_to_move() {
    let fen = "3akc3/9/4ba3/r7p/P1bC5/9/8P/3AB1N2/4K1nR1/2B6 b - - 16 63";
    let p = Position::from_fen(fen).unwrap();
    let first = p.legal_moves().as_slice()[0];
    let game = PgnGame { tags: vec![], fen: fen.into(), moves: vec![first], result: "*".into(), reason: None };
    let text = write_pgn(&game, PgnFormat::Wxf).unwrap();
    assert!(text.contains(&format!("[FEN \"{fen}\"]")), "{text}");
    assert!(text.contains("\n63. ... "), "{text}");
    let back = parse_pgn(&text).unwrap();
    assert_eq!(back.fen, fen);
    assert_eq!(back.moves, vec![first]);
    assert_eq!(back.result, "*");
}

/// The PGN of the xiangqi.js README (lower-case ICCS without dashes, as its `pgn()` writes): every move, the
/// result, and the final FEN its source gives.
#[test]
fn reads_the_xiangqi_js_sample() {
    let (moves, final_fen) = real_game();
    let g = parse_pgn(&read("liu-yang-1982-iccs.pgn")).unwrap();
    assert_eq!(g.moves, moves);
    assert_eq!(g.result, "1/2-1/2");
    assert_eq!(g.reason, None);
    assert!(g.tags.contains(&("Red".into(), "柳大华".into())));
    let mut p = Position::from_fen(&g.fen).unwrap();
    for m in &g.moves {
        p.try_play(&m.to_string()).unwrap();
    }
    assert_eq!(p.fen(), final_fen);
}

/// XQBase-style ICCS (upper case, dashes, CRLF), comments, a NAG, `!?`, nested variations and a `;` comment;
/// WXF with the move numbers glued to the moves; Chinese in traditional characters with full-width digits.
#[test]
fn reads_other_programs_styles() {
    let (moves, _) = real_game();
    let g = parse_pgn(&read("xqbase-style-iccs.pgn")).unwrap();
    assert_eq!(g.moves, moves[..14]);
    assert_eq!(g.result, "1/2-1/2", "the [Result] tag wins over a `*` token (issue 32: the result is the tag's)");
    assert!(g.tags.contains(&("ECCO".into(), "A60".into())));
    let g = parse_pgn(&read("wxf-glued-numbers.pgn")).unwrap();
    assert_eq!(g.moves, moves[..28]);
    assert_eq!(g.result, "*", "no result token and no tag");
    let g = parse_pgn(&read("chinese-traditional.pgn")).unwrap();
    assert_eq!(g.moves, moves[..16]);
    // A plain move list, mixed notations.
    let g = parse_pgn("h2e2 马８进７ H2+3 i9-h9 1-0").unwrap();
    assert_eq!(g.moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(g.result, "1-0");
}

#[test]
fn errors_give_line_column_and_reason() {
    let e = parse_pgn("[Game \"Chinese Chess\"]\n\n1. h2e2 h9g7 2. h0g2 e5e6\n").unwrap_err();
    assert_eq!((e.line, e.column), (3, 22));
    assert!(matches!(e.kind, PgnErrorKind::Move { ply: 4, .. }), "{e}");
    assert!(e.to_string().starts_with("PGN line 3, column 22: move 4 'e5e6'"), "{e}");
    let e = parse_pgn("[Event \"x\"\n1. h2e2").unwrap_err();
    assert_eq!((e.line, e.column), (1, 1));
    assert!(matches!(e.kind, PgnErrorKind::BadTag(_)));
    let e = parse_pgn("1. h2e2 {never closed").unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (1, 9, PgnErrorKind::UnterminatedComment));
    let e = parse_pgn("1. h2e2 (1. b2e2 h9g7").unwrap_err();
    assert_eq!((e.line, e.column, e.kind), (1, 9, PgnErrorKind::UnbalancedVariation));
    let e = parse_pgn("[FEN \"rnbakabnr/9 w\"]\n1. h2e2").unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::Fen(_)));
    assert_eq!(parse_pgn("  \n").unwrap_err().kind, PgnErrorKind::Empty);
    let e = parse_pgn("[Result \"2-0\"]\n1. h2e2").unwrap_err();
    assert!(matches!(e.kind, PgnErrorKind::Result(_)));
    let game = PgnGame { tags: vec![], fen: String::new(), moves: vec![Move::parse_iccs("e5e6").unwrap()], result: "*".into(), reason: None };
    assert!(matches!(write_pgn(&game, PgnFormat::Iccs).unwrap_err().kind, PgnErrorKind::Move { ply: 1, .. }));
}

/// Mutated PGN texts (bytes replaced, cut, duplicated; some made invalid UTF-8-safe by working on chars) never
/// panic: each is a game or a `PgnError`; an error's line is within the text.
#[test]
fn mutated_texts_never_panic() {
    let base: Vec<char> = read("xqbase-style-iccs.pgn").chars().chain(read("wxf-glued-numbers.pgn").chars()).collect();
    let alphabet: Vec<char> = "[]{}()\";$!?+-.=0123456789abcdefghiKAEHRCP炮马进退平前后中一二三 \n\r\t*/".chars().collect();
    let mut state: u64 = 0x2026_1202;
    let mut rand = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n.max(1)
    };
    for _ in 0..3000 {
        let mut t = base.clone();
        for _ in 0..1 + rand(6) {
            match rand(3) {
                0 => {
                    let i = rand(t.len());
                    t[i] = alphabet[rand(alphabet.len())];
                }
                1 => {
                    let i = rand(t.len());
                    t.truncate(i.max(1));
                }
                _ => {
                    let i = rand(t.len());
                    let j = (i + rand(40)).min(t.len());
                    let piece: Vec<char> = t[i..j].to_vec();
                    let k = rand(t.len());
                    t.splice(k..k, piece);
                }
            }
        }
        let text: String = t.iter().collect();
        if let Err(e) = parse_pgn(&text) {
            assert!(e.line <= text.lines().count() + 1, "{e} in {} lines", text.lines().count());
        }
    }
}
