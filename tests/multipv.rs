//! MultiPV and searchmoves (issue #22 item 1), through the `Engine` and the searchers: the k lines of each
//! iteration are distinct, sorted by score and led by the best move; in full-width mode (no null move, no
//! reductions, no futility pruning, no TT cut-offs) the first line's score is the single-PV search's at the
//! same depth and its move is one of the moves with that score; searchmoves restricts the root; with MultiPV 1
//! the search is node for node the single-PV one, sliced too; bad values are refused; mutual checks in
//! quiescence do not run the selective depth to the ply cap.

use duiyi::engine::{Engine, EngineError, Info, Setup};
use duiyi::search::GoParams;
use duiyi::xiangqi::search::{SearchOptions, Searcher};
use duiyi::xiangqi::{Position, START_FEN};

/// Positions: the start, an opening, a middlegame and an endgame of the bench set.
const FENS: [(&str, &str); 4] = [
    ("startpos", ""),
    ("startpos", "h2e2 h9g7"),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", ""),
    ("3k5/9/9/9/4p4/9/9/4C4/4A4/3AK4 w - - 0 1", ""),
];

fn engine_at(fen: &str, moves: &str) -> Engine {
    let mut e = Engine::new();
    let moves: Vec<&str> = moves.split_whitespace().collect();
    e.set_position(Setup::Xiangqi(fen), &moves).unwrap();
    e
}

/// A comparable value of an info's score (mates beyond any centipawn score).
fn value(i: &Info) -> i64 {
    match i.mate {
        Some(m) => m.signum() as i64 * (1_000_000 - m.abs() as i64),
        None => i.cp.unwrap_or(0) as i64,
    }
}

/// Splits infos into iterations (each starts at rank 1) and checks each: ranks 1..=k, one depth, distinct
/// first moves, scores not increasing.
fn iterations(infos: &[Info], k: usize, label: &str) -> Vec<Vec<Info>> {
    let mut out: Vec<Vec<Info>> = Vec::new();
    for i in infos {
        if i.multipv == 1 {
            out.push(Vec::new());
        }
        out.last_mut().expect("rank 1 first").push(i.clone());
    }
    for it in &out {
        let ranks: Vec<u32> = it.iter().map(|i| i.multipv).collect();
        assert_eq!(ranks, (1..=k as u32).collect::<Vec<_>>(), "{label}: ranks at depth {}", it[0].depth);
        assert!(it.iter().all(|i| i.depth == it[0].depth), "{label}");
        let mut firsts: Vec<&String> = it.iter().map(|i| &i.pv[0]).collect();
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), k, "{label}: distinct first moves at depth {}: {it:?}", it[0].depth);
        for w in it.windows(2) {
            assert!(value(&w[0]) >= value(&w[1]), "{label}: sorted at depth {}: {it:?}", it[0].depth);
        }
    }
    out
}

#[test]
fn lines_are_distinct_sorted_and_led_by_the_bestmove() {
    for (fen, moves) in FENS {
        let mut e = engine_at(fen, moves);
        let (infos, best, _) =
            e.search_blocking(GoParams { depth: Some(6), multipv: Some(3), ..Default::default() }).unwrap();
        let its = iterations(&infos, 3, fen);
        assert_eq!(its.len(), 6, "{fen}: one group per depth");
        assert_eq!(best.unwrap().to_string(), its[5][0].pv[0], "{fen}: bestmove is rank 1");
    }
}

/// After 1. C8+7 (b2b9) Black and Red can check each other with quiet moves; quiescence searches every evasion
/// in check, and before it tested those positions for repetition such a cycle ran to the ply cap: seldepth 127
/// from depth 11 with MultiPV 3 (the analysis board's report). Now the selective depth stays that of a real line.
#[test]
fn mutual_checks_in_quiescence_do_not_cycle_to_the_ply_cap() {
    let mut e = engine_at("startpos", "b2b9");
    let (infos, _, _) =
        e.search_blocking(GoParams { depth: Some(11), multipv: Some(3), ..Default::default() }).unwrap();
    assert!(!infos.is_empty());
    for i in &infos {
        assert!(i.seldepth < 64, "seldepth {} at depth {} (a cycle ran to the ply cap)", i.seldepth, i.depth);
    }
}

/// Full width: the switches that make the search visit every move to the nominal depth (the lab's ablation
/// switches, src/bench.rs), so the value of the root does not depend on the window.
fn full_width() -> SearchOptions {
    SearchOptions { null_move: false, lmr: false, futility: false, tt_cutoffs: false, ..SearchOptions::default() }
}

#[test]
fn in_full_width_the_first_line_is_the_single_pv_result() {
    for (fen, moves) in FENS {
        for depth in [3, 4] {
            let mut single = engine_at(fen, moves);
            single.set_search_options(full_width());
            let (one, best, _) = single.search_blocking(GoParams { depth: Some(depth), ..Default::default() }).unwrap();
            let one = one.last().unwrap().clone();
            let mut multi = engine_at(fen, moves);
            multi.set_search_options(full_width());
            let (infos, best3, _) =
                multi.search_blocking(GoParams { depth: Some(depth), multipv: Some(3), ..Default::default() }).unwrap();
            let last = iterations(&infos, 3, fen).pop().unwrap();
            assert_eq!(value(&last[0]), value(&one), "{fen} depth {depth}: rank 1's score is the single-PV score");
            let best = best.unwrap().to_string();
            assert_eq!(best3.unwrap().to_string(), last[0].pv[0]);
            // The single-PV move is rank 1, or a line with the same score (a tie broken in another order).
            assert!(
                last.iter().any(|l| l.pv[0] == best && value(l) == value(&one)),
                "{fen} depth {depth}: single-PV {best} ({one:?}) not among the best lines {last:?}"
            );
        }
    }
}

#[test]
fn multipv_one_searches_exactly_the_single_pv_nodes_sliced_or_not() {
    for (fen, moves) in FENS {
        let mut a = engine_at(fen, moves);
        let (ia, ba, _) = a.search_blocking(GoParams { depth: Some(7), ..Default::default() }).unwrap();
        let mut b = engine_at(fen, moves);
        b.set_option("MultiPV", "3").unwrap();
        let (ib, bb, _) = b.search_blocking(GoParams { depth: Some(7), multipv: Some(1), ..Default::default() }).unwrap();
        let strip = |v: &[Info]| v.iter().map(|i| Info { nps: 0, time_ms: 0, ..i.clone() }).collect::<Vec<_>>();
        assert_eq!(strip(&ia), strip(&ib), "{fen}");
        assert_eq!(ba, bb);
        assert!(ia.iter().all(|i| i.multipv == 1));
    }
    // Sliced with exact slices: the same nodes and lines as one run, MultiPV 3.
    let pos = Position::from_fen(START_FEN).unwrap();
    let run = |slice: bool| {
        let mut s = Searcher::new(16);
        s.set_exact_slices(true);
        s.set_multipv(3);
        s.start(pos.clone());
        while s.root.last.as_ref().is_none_or(|l| l.depth < 6) {
            let deadline = if slice { duiyi::search::now_ms() + 0.2 } else { f64::INFINITY };
            s.run(deadline, u64::MAX);
        }
        (s.nodes, s.root.lines.clone())
    };
    assert_eq!(run(true), run(false));
}

#[test]
fn searchmoves_restricts_the_root_and_illegal_ones_are_refused() {
    let mut e = engine_at("startpos", "");
    let list = vec!["h0g2".to_string(), "b0c2".to_string(), "a3a4".to_string()];
    let (infos, best, _) = e
        .search_blocking(GoParams { depth: Some(5), multipv: Some(5), searchmoves: Some(list.clone()), ..Default::default() })
        .unwrap();
    // Fewer lines than asked: only three moves may be searched.
    let its = iterations(&infos, 3, "searchmoves");
    for it in &its {
        assert!(it.iter().all(|i| list.contains(&i.pv[0])), "{it:?}");
    }
    assert!(list.contains(&best.unwrap().to_string()));
    // The restriction is for that go only.
    let (infos, _, _) = e.search_blocking(GoParams { depth: Some(2), multipv: Some(5), ..Default::default() }).unwrap();
    iterations(&infos, 5, "after searchmoves");
    for bad in [vec!["h0g2".to_string(), "e2e9".to_string()], vec!["zz".to_string()], vec![]] {
        let err = e.go(GoParams { depth: Some(2), searchmoves: Some(bad.clone()), ..Default::default() }).unwrap_err();
        assert!(matches!(err, EngineError::SearchMoves { .. }), "{bad:?}: {err:?}");
        assert!(err.to_string().contains("searchmoves"), "{err}");
        assert!(!e.is_searching());
    }
}

#[test]
fn bad_multipv_values_are_refused() {
    let mut e = Engine::new();
    for v in ["0", "6", "-1", "two", ""] {
        assert!(matches!(e.set_option("MultiPV", v), Err(EngineError::OptionValue { .. })), "{v}");
    }
    assert_eq!(e.multipv(), 1);
    for k in [0, 6] {
        let err = e.go(GoParams { depth: Some(2), multipv: Some(k), ..Default::default() }).unwrap_err();
        assert!(matches!(err, EngineError::Limits(_)) && err.to_string().contains("multipv"), "{err}");
    }
}

#[test]
fn hex_lines_for_both_searches_and_searchmoves() {
    for eval in ["playouts", "queenbee"] {
        let mut e = Engine::new();
        e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &["d4"]).unwrap();
        e.set_option("HexEval", eval).unwrap();
        let (infos, best, _) = e.search_blocking(GoParams { depth: Some(2), multipv: Some(3), ..Default::default() }).unwrap();
        let mut groups: Vec<Vec<Info>> = Vec::new();
        for i in infos {
            if i.multipv == 1 {
                groups.push(Vec::new());
            }
            groups.last_mut().unwrap().push(i);
        }
        for g in &groups {
            assert_eq!(g.iter().map(|i| i.multipv).collect::<Vec<_>>(), vec![1, 2, 3], "{eval}: {g:?}");
            let mut firsts: Vec<&String> = g.iter().map(|i| &i.pv[0]).collect();
            firsts.sort();
            firsts.dedup();
            assert_eq!(firsts.len(), 3, "{eval}: {g:?}");
            if eval == "queenbee" {
                assert!(g.windows(2).all(|w| value(&w[0]) >= value(&w[1])), "{eval}: sorted {g:?}");
            }
        }
        assert_eq!(best.unwrap().to_string(), groups.last().unwrap()[0].pv[0], "{eval}");
        let list = vec!["a1".to_string(), "g7".to_string()];
        let (infos, best, _) = e
            .search_blocking(GoParams { depth: Some(2), multipv: Some(3), searchmoves: Some(list.clone()), ..Default::default() })
            .unwrap();
        assert!(list.contains(&best.unwrap().to_string()), "{eval}");
        assert!(infos.iter().all(|i| list.contains(&i.pv[0])), "{eval}: {infos:?}");
        let err = e.go(GoParams { depth: Some(2), searchmoves: Some(vec!["d4".into()]), ..Default::default() }).unwrap_err();
        assert!(matches!(err, EngineError::SearchMoves { index: 1, .. }), "{eval}: {err:?}");
    }
}

/// A Hex root proved won by one move, searched again without that move (searchmoves): the kept tree's proof
/// does not carry over, every line starts with an allowed move, and the answer is one of them.
#[test]
fn hex_searchmoves_without_the_proved_winning_move() {
    let mut e = Engine::new();
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &["d4", "c5"]).unwrap();
    let (infos, best, _) = e.search_blocking(GoParams { nodes: Some(20_000), ..Default::default() }).unwrap();
    let win = best.unwrap().to_string();
    assert!(infos.last().unwrap().mate.is_some_and(|m| m > 0), "the root is proved: {infos:?}");
    let list: Vec<String> = (b'a'..=b'g')
        .flat_map(|c| (1..=7).map(move |r| format!("{}{r}", c as char)))
        .filter(|m| !["d4", "c5", win.as_str()].contains(&m.as_str()))
        .collect();
    let (infos, best, _) = e
        .search_blocking(GoParams { nodes: Some(3000), multipv: Some(3), searchmoves: Some(list.clone()), ..Default::default() })
        .unwrap();
    let best = best.unwrap().to_string();
    assert!(list.contains(&best), "{best} is allowed");
    assert!(!infos.is_empty() && infos.iter().all(|i| i.pv.first().is_some_and(|m| list.contains(m))), "{infos:?}");
    assert!(infos.last().unwrap().nodes > 0, "searched again, not answered from the kept proof: {infos:?}");
}
