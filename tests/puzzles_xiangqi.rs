//! The shipped Xiangqi puzzle set (`www/data/puzzles-xiangqi.txt`, issue 36): it parses, its ids and positions
//! are unique, every solution is legal and ends on the player's move, the mate themes end in mate, and a fixed
//! seeded sample still checks at the checker's depth (docs/puzzles-xiangqi.md).

use duiyi::puzzles::xiangqi::{THEMES, XiangqiPuzzle, check, parse, shipped};
use duiyi::xiangqi::Position;
use std::collections::HashSet;

/// The number of puzzles shipped (the set is at least this large).
const SHIPPED_AT_LEAST: usize = 500;
/// The CI re-check: this many puzzles drawn with this seed, each searched at the checker's depth.
const CI_SAMPLE: usize = 16;
const CI_SEED: u64 = 36;

fn puzzles() -> Vec<XiangqiPuzzle> {
    shipped().expect("the shipped file parses")
}

#[test]
fn the_shipped_set_parses_and_is_large_enough() {
    let p = puzzles();
    assert!(p.len() >= SHIPPED_AT_LEAST, "{} puzzles", p.len());
}

#[test]
fn ids_are_numbered_in_order_and_positions_are_unique() {
    let p = puzzles();
    let mut boards = HashSet::new();
    for (i, q) in p.iter().enumerate() {
        assert_eq!(q.id, format!("x{:04}", i + 1));
        let board: Vec<&str> = q.fen.split_whitespace().take(2).collect();
        assert!(boards.insert(board.join(" ")), "{}: the same position as an earlier puzzle", q.id);
    }
}

#[test]
fn every_solution_is_legal_and_ends_on_the_players_move_and_mates_mate() {
    for q in puzzles() {
        assert_eq!(q.solution.len() % 2, 1, "{}: ends on the opponent's move", q.id);
        let mut pos = Position::from_fen(&q.fen).unwrap();
        let me = pos.side_to_move();
        assert_eq!(me, q.to_move());
        for m in &q.solution {
            pos.try_play(m).unwrap_or_else(|e| panic!("{}: {m}: {e}", q.id));
        }
        let mated = !pos.has_legal_move();
        let has = |t: &str| q.themes.iter().any(|x| x == t);
        let n = q.solution.len().div_ceil(2);
        assert_eq!(has("mate"), mated, "{}: the mate theme and the final position disagree", q.id);
        for k in 1..=5 {
            assert_eq!(has(&format!("mateIn{k}")), mated && n == k, "{}: mateIn{k}", q.id);
        }
        assert!((800..=2600).contains(&q.rating), "{}: rating {}", q.id, q.rating);
        assert!(q.themes.iter().all(|t| THEMES.contains(&t.as_str())));
        let phases = ["opening", "middlegame", "endgame"].iter().filter(|t| has(t)).count();
        assert_eq!(phases, 1, "{}: one phase", q.id);
        let first_moves = ["capture", "check", "quiet"].iter().filter(|t| has(t)).count();
        assert!((1..=2).contains(&first_moves) && !(has("quiet") && first_moves > 1), "{}: first-move themes", q.id);
    }
}

#[test]
fn parse_errors_name_the_line() {
    let good = "x0001\t3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1\te1e8\t800\tquiet,endgame\ttest";
    assert_eq!(parse(&format!("# c\n{good}\n")).unwrap().len(), 1);
    let bad_move = good.replace("e1e8", "e1e8 e9d9");
    assert!(parse(&format!("# c\n\n{bad_move}\n")).unwrap_err().starts_with("line 3:"));
    assert!(parse("x1\tfoo\n").unwrap_err().starts_with("line 1:"));
    assert!(parse(&good.replace("quiet", "dance")).unwrap_err().contains("unknown theme"));
    assert!(parse(&good.replace("\t800\t", "\tabc\t")).unwrap_err().contains("rating"));
}

#[test]
fn the_listing_prints_every_puzzle_as_json() {
    let args: Vec<String> = ["--game", "xiangqi", "--json"].iter().map(|s| s.to_string()).collect();
    let out = duiyi::puzzles::run(&args).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), puzzles().len());
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["id"], "x0001");
    assert_eq!(v["game"], "xiangqi");
    assert!(v["to_move"] == "red" || v["to_move"] == "black");
    assert!(v["solution"].as_array().is_some_and(|s| s.len() % 2 == 1));
    let plain = duiyi::puzzles::run(&args[..2]).unwrap();
    assert_eq!(plain.lines().next().unwrap().split('\t').count(), 6);
}

/// The CI re-check: a fixed seeded sample, each puzzle's first move still the only winning one at the
/// checker's depth (the whole set's check is in docs/puzzles-xiangqi.md).
#[test]
fn a_seeded_sample_still_checks_at_depth() {
    let p = puzzles();
    let idx = check::sample_indices(p.len(), Some(CI_SAMPLE), CI_SEED);
    assert_eq!(idx.len(), CI_SAMPLE);
    for i in idx {
        check::check_one(&p[i], check::CHECK_DEPTH).unwrap_or_else(|e| panic!("{} ({}): {e}", p[i].id, p[i].source));
    }
}

#[test]
fn samples_are_seeded_distinct_and_sorted_and_features_read_back() {
    let a = check::sample_indices(100, Some(10), 7);
    assert_eq!(a, check::sample_indices(100, Some(10), 7));
    assert_ne!(a, check::sample_indices(100, Some(10), 8));
    assert!(a.windows(2).all(|w| w[0] < w[1]) && a.iter().all(|&i| i < 100));
    assert_eq!(check::sample_indices(5, None, 1), vec![0, 1, 2, 3, 4]);
    assert_eq!(check::sample_indices(5, Some(9), 1).len(), 5);
    use duiyi::puzzles::xiangqi::mine::Features;
    let f = Features { found_depth: 4, legal_moves: 37 };
    assert_eq!(Features::parse_comment(&f.comment()), Some(f));
    assert_eq!(Features::parse_comment("# a comment"), None);
}
