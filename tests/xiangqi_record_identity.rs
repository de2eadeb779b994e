//! Issue 32: a Xiangqi game record read and written without loss. For every real file of tests/data (PGN, the
//! multi-game collections, XQF) and every notation: `parse(write(r))` is `as_written(r)` (the record with the
//! tags of the writer's tag section, see `xiangqi::pgn`'s module documentation), which for a record read from
//! PGN differs from it in the tags only; and writing that again gives the same bytes. Also: the reason comes
//! from `[Termination]` only, never from a comment; tags are kept verbatim whatever their name; a file of many
//! games is read game by game, a bad one reported with its place.

use duiyi::xiangqi::pgn::{
    AnnotatedGame, PgnErrorKind, PgnFormat, as_written, parse_pgn_games, parse_pgn_tree, write_pgn_tree, written_tags,
};
use duiyi::xiangqi::xqf::parse_xqf;

mod common;

const FORMATS: [PgnFormat; 3] = [PgnFormat::Iccs, PgnFormat::Wxf, PgnFormat::Chinese];

/// The two identity checks for one record, in every notation; `from_pgn`: the record was read from PGN, so
/// only its tags may change on the way.
fn check_identity(what: &str, r1: &AnnotatedGame, from_pgn: bool) {
    for f in FORMATS {
        let t1 = write_pgn_tree(r1, f).unwrap_or_else(|e| panic!("{what} {f:?}: {e}"));
        let r2 = parse_pgn_tree(&t1).unwrap_or_else(|e| panic!("{what} {f:?}: {e}\n{t1}"));
        let want = as_written(r1, f).unwrap();
        assert_eq!(r2, want, "{what} {f:?}: parse(write(r)) is as_written(r)\n{t1}");
        assert_eq!(r2.game.tags, written_tags(&r1.game, f).unwrap(), "{what} {f:?}");
        if from_pgn {
            let mut same = r1.clone();
            same.game.tags = r2.game.tags.clone();
            assert_eq!(r2, same, "{what} {f:?}: only the tags differ");
        }
        let t2 = write_pgn_tree(&r2, f).unwrap();
        assert_eq!(t2, t1, "{what} {f:?}: write(parse(write(r))) is write(r), byte for byte");
        assert_eq!(parse_pgn_tree(&t2).unwrap(), r2, "{what} {f:?}");
    }
}

fn pgn_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(common::data_path("pgn"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.push(common::data_path("xqf/eleeye-sample.pgn"));
    files.sort();
    files
}

#[test]
fn every_real_pgn_file_round_trips() {
    let mut games = 0;
    for path in pgn_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let list = parse_pgn_games(&text);
        assert!(!list.is_empty(), "{name}");
        for g in &list {
            let r1 = g.game.as_ref().unwrap_or_else(|e| panic!("{name} game {} (line {}): {e}", g.index, g.line));
            check_identity(&format!("{name} game {}", g.index), r1, true);
            games += 1;
        }
    }
    assert!(games >= 100 + 15 + 15 + 5, "{games} games checked");
}

/// The real collections: every game read, the counts, tags and lengths of a few games as the files have them.
#[test]
fn real_collections_are_read_game_by_game() {
    let read = |name: &str| std::fs::read_to_string(common::data_path(&format!("pgn/{name}"))).unwrap();
    let list = parse_pgn_games(&read("liu-dahua-100-games.pgn"));
    assert_eq!(list.len(), 100);
    assert!(list.iter().all(|g| g.game.is_ok()));
    let first = list[0].game.as_ref().unwrap();
    assert_eq!(
        first.game.tags,
        [("Event".into(), "Jiafun Cup National Champion 1997".into()), ("Red".into(), "LIU DianZhong".into()), ("Black".into(), "LIU DaHua".into())]
    );
    assert_eq!(first.game.moves.len(), 76, "38 full moves, ending b4c2");
    assert_eq!(first.game.moves.last().unwrap().to_string(), "b4c2");
    assert_eq!(first.game.result, "*", "no Result tag and no token: unknown");
    assert_eq!((list[0].line, list[1].line), (1, 7));
    // The same 15 games in Chinese notation (traditional) and in WXF give the same moves.
    let zh = parse_pgn_games(&read("xqdb-traditional-15-games.pgn"));
    let wxf = parse_pgn_games(&read("xqdb-international-15-games.pgn"));
    assert_eq!((zh.len(), wxf.len()), (15, 15));
    for (a, b) in zh.iter().zip(&wxf) {
        let (a, b) = (a.game.as_ref().unwrap(), b.game.as_ref().unwrap());
        assert_eq!(a.game.moves, b.game.moves);
        assert_eq!(a.game.tags, b.game.tags);
    }
}

/// The 1,000-game collection of benches/data (the browser benchmark's file): every game read. The time is
/// printed (`--nocapture`), not asserted.
#[test]
fn a_thousand_games_are_read() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/benches/data/liu-dahua-1000-games.pgn")).unwrap();
    let t = std::time::Instant::now();
    let list = parse_pgn_games(&text);
    let ms = t.elapsed().as_secs_f64() * 1e3;
    assert_eq!(list.len(), 1000);
    assert!(list.iter().all(|g| g.game.is_ok()));
    let plies: usize = list.iter().map(|g| g.game.as_ref().unwrap().game.moves.len()).sum();
    eprintln!("parse_pgn_games: 1000 games, {plies} plies, {} bytes in {ms:.1} ms", text.len());
}

/// The defect of issue 32: a comment on the last move became the reason, and the writer then wrote
/// `[Termination "<the comment>"]` (and the comment again before the result).
#[test]
fn the_last_comment_stays_a_comment_and_the_reason_comes_from_termination() {
    let text = "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 {Red lost on time, a long thought} 0-1\n";
    let g = parse_pgn_tree(text).unwrap();
    assert_eq!(g.game.reason, None, "no [Termination]: no reason");
    assert_eq!(g.annotations[1].comment.as_deref(), Some("Red lost on time, a long thought"));
    assert_eq!(g.game.result, "0-1");
    let out = write_pgn_tree(&g, PgnFormat::Iccs).unwrap();
    assert!(!out.contains("[Termination"), "{out}");
    assert!(out.contains("H9-G7 {Red lost on time, a long thought} 0-1"), "{out}");
    assert_eq!(parse_pgn_tree(&out).unwrap(), as_written(&g, PgnFormat::Iccs).unwrap());
    // With a [Termination] tag: the reason is the tag, the comment stays the move's, even when equal.
    let g = parse_pgn_tree("[Termination \"time forfeit\"]\n1. h2e2 h9g7 {time forfeit} 0-1").unwrap();
    assert_eq!(g.game.reason.as_deref(), Some("time forfeit"));
    assert_eq!(g.annotations[1].comment.as_deref(), Some("time forfeit"));
    let out = write_pgn_tree(&g, PgnFormat::Wxf).unwrap();
    assert_eq!(out.matches("time forfeit").count(), 2, "the tag and the comment, once each:\n{out}");
    assert_eq!(parse_pgn_tree(&out).unwrap(), as_written(&g, PgnFormat::Wxf).unwrap());
    // The result is never read from a comment.
    let g = parse_pgn_tree("1. h2e2 h9g7 {1-0 Red wins}").unwrap();
    assert_eq!(g.game.result, "*");
}

/// Tags of any name (non-ASCII, punctuation) are kept verbatim and in order, after the roster.
#[test]
fn tags_are_kept_verbatim_in_order() {
    let text = "[Game \"Chinese Chess\"]\n[棋谱名称 \"第一局\"]\n[Red \"许银川\"]\n[Opening-Name \"中炮\"]\n[ECCO \"B00\"]\n\
                [Event \"e\"]\n[Annotator \"a \\\"q\\\" b\"]\n1. h2e2 *";
    let g = parse_pgn_tree(text).unwrap();
    let names: Vec<&str> = g.game.tags.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["Game", "棋谱名称", "Red", "Opening-Name", "ECCO", "Event", "Annotator"]);
    let out = write_pgn_tree(&g, PgnFormat::Chinese).unwrap();
    let head: Vec<&str> = out.lines().take_while(|l| l.starts_with('[')).collect();
    assert_eq!(
        head,
        [
            "[Game \"Chinese Chess\"]",
            "[Event \"e\"]",
            "[Site \"?\"]",
            "[Date \"????.??.??\"]",
            "[Round \"?\"]",
            "[Red \"许银川\"]",
            "[Black \"?\"]",
            "[Result \"*\"]",
            "[棋谱名称 \"第一局\"]",
            "[Opening-Name \"中炮\"]",
            "[ECCO \"B00\"]",
            "[Annotator \"a \\\"q\\\" b\"]",
            "[Format \"Chinese\"]",
        ]
    );
    check_identity("verbatim tags", &g, true);
    // A name that cannot be written is refused, not changed.
    let mut bad = g.clone();
    bad.game.tags.push(("two words".into(), "x".into()));
    assert!(matches!(write_pgn_tree(&bad, PgnFormat::Iccs).unwrap_err().kind, PgnErrorKind::BadTag(_)));
}

/// What a database export holds is kept where it was (a new user's check of issue 32): the `[Result]` tag wins
/// over a `*` token (an opening excerpt of a finished game), a `[FEN]` naming the opening position and a
/// `[Termination]` stay in their places, a `;` rest-of-line comment is kept (written back in braces).
#[test]
fn database_exports_keep_their_result_fen_termination_and_line_comments() {
    let text = "[Game \"Chinese Chess\"]\n[Event \"e\"]\n[Result \"1-0\"]\n[Termination \"Black resigned\"]\n\
                [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n[Opening \"中炮\"]\n\n\
                1. h2e2 ; the central cannon\nh9g7 2. h0g2 *\n";
    let g = parse_pgn_tree(text).unwrap();
    assert_eq!(g.game.result, "1-0");
    assert_eq!(g.game.reason.as_deref(), Some("Black resigned"));
    assert_eq!(g.annotations[0].comment.as_deref(), Some("the central cannon"));
    let out = write_pgn_tree(&g, PgnFormat::Iccs).unwrap();
    let head: Vec<&str> = out.lines().take_while(|l| l.starts_with('[')).collect();
    let names: Vec<&str> = head.iter().map(|l| l[1..].split(' ').next().unwrap()).collect();
    assert_eq!(names, ["Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "Termination", "FEN", "Opening", "Format"]);
    assert!(out.contains("{the central cannon}"), "{out}");
    let back = parse_pgn_tree(&out).unwrap();
    assert_eq!(back.game.result, "1-0");
    assert_eq!(back.annotations, g.annotations);
    check_identity("a database export", &g, true);
}

/// A collection with a bad game in the middle: the error has the file's line and column and the game's index;
/// the games after it are read. Games end at a result token or at tags after moves.
#[test]
fn a_bad_game_does_not_stop_the_others() {
    let text = "[Event \"one\"]\n\n1. h2e2 h9g7 1-0\n\n[Event \"two\"]\n\n1. h2e2 h9g7\n2. h0g2 e5e6 *\n\
                [Event \"three\"]\n1. b2e2\n[Event \"four\"]\n{unclosed\n[Event \"five\"]\n1. h2e2 *  1. b2e2 b9c7 0-1\n";
    let list = parse_pgn_games(text);
    let summary: Vec<(usize, usize, bool)> = list.iter().map(|g| (g.index, g.line, g.game.is_ok())).collect();
    assert_eq!(summary, [(0, 1, true), (1, 5, false), (2, 9, true), (3, 11, false), (4, 13, true), (5, 14, true)]);
    let e = list[1].game.as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (8, 9), "{e}");
    assert!(matches!(e.kind, PgnErrorKind::Move { ply: 4, .. }), "{e}");
    let e = list[3].game.as_ref().unwrap_err();
    assert_eq!((e.line, e.column, &e.kind), (12, 1, &PgnErrorKind::UnterminatedComment));
    assert_eq!(list[2].game.as_ref().unwrap().game.moves.len(), 1);
    assert_eq!(list[4].game.as_ref().unwrap().game.tags, [("Event".to_string(), "five".to_string())]);
    // The sixth game starts mid-line after a result token: an error there has the file's column.
    let text = "1. h2e2 *  1. e5e6 *";
    let e = parse_pgn_games(text)[1].game.clone().unwrap_err();
    assert_eq!((e.line, e.column), (1, 15), "{e}");
    assert!(parse_pgn_games("").is_empty());
}

/// XQF: the result from the header, and XQF → PGN → record keeps the players, event, date, every comment
/// (whitespace made single spaces, as PGN comments are) and every variation.
#[test]
fn xqf_files_keep_everything_through_pgn() {
    let mut files: Vec<_> = std::fs::read_dir(common::data_path("xqf"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "xqf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 4);
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let r = parse_xqf(&std::fs::read(path).unwrap()).unwrap();
        check_identity(&name, &r, false);
        let back = parse_pgn_tree(&write_pgn_tree(&r, PgnFormat::Chinese).unwrap()).unwrap();
        for (k, v) in &r.game.tags {
            assert!(back.game.tags.contains(&(k.clone(), v.clone())), "{name}: tag {k} kept");
        }
        assert_eq!(back.main_line().size(), r.main_line().size(), "{name}: every move of every variation");
    }
    let r = parse_xqf(&std::fs::read(common::data_path("xqf/eleeye-sample.xqf")).unwrap()).unwrap();
    assert_eq!(r.game.result, "1-0", "from the header's result byte");
    assert_eq!(r.game.reason, None);
    let back = parse_pgn_tree(&write_pgn_tree(&r, PgnFormat::Iccs).unwrap()).unwrap();
    let tag = |g: &AnnotatedGame, k: &str| g.game.tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    for (k, v) in [("Red", "许银川"), ("Black", "聂卫平"), ("Date", "1999.12.09"), ("Site", "广州"), ("Result", "1-0")] {
        assert_eq!(tag(&back, k).as_deref(), Some(v), "{k}");
    }
    assert_eq!(tag(&back, "Event"), tag(&r, "Event"));
    let norm = |c: &Option<String>| c.as_deref().map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "));
    let comments = |g: &AnnotatedGame| -> Vec<Option<String>> { g.annotations.iter().map(|a| norm(&a.comment)).collect() };
    assert_eq!(comments(&back), comments(&r));
    assert_eq!(comments(&r).iter().flatten().count(), 11);
    assert_eq!(norm(&back.comment), norm(&r.comment));
    assert!(back.comment.is_some());
}
