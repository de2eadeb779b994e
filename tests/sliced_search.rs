//! A sliced Xiangqi search is the same search as an unsliced one, node for node (issue 34): the slices end
//! at poll points and the next `run` resumes exactly there (src/xiangqi/search/node.rs). Slices are simulated
//! deterministically — a node limit one node ahead (a slice ends at every node), a deadline already past (a
//! slice ends at every 1,024-node poll, as 1 ms slices would on a slow machine), node limits of varied
//! lengths — and every completed iteration (depth, seldepth, score, nodes, PV) and the best move must equal
//! the unsliced search's.

use duiyi::search::driver::IterationInfo;
use duiyi::search::RunOutcome;
use duiyi::xiangqi::search::{SearchOptions, Searcher};
use duiyi::xiangqi::{Move, Position};

/// Middlegame positions: the two of issue 34, a bench middlegame and real openings (benches/real-openings.txt)
/// played on.
const POSITIONS: [(&str, &str); 5] = [
    ("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w", ""),
    ("2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 w", ""),
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", ""),
    (
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6 h7i7 h6g6 i7i8 b0c2 g9e7",
    ),
    ("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", "g3g4 h7g7 b2e2 g9e7 b0c2 g6g5 a0b0 g5g4 h0i2 a9a8 e3e4 b9a7"),
];

fn position(fen: &str, moves: &str) -> Position {
    let mut p = Position::from_fen(fen).unwrap();
    for m in moves.split_whitespace() {
        p.try_play(m).unwrap();
    }
    p
}

/// What a search to `depth` answered: every iteration's report and the best move.
type Answer = (Vec<IterationInfo<Move>>, Option<Move>, u64);

/// Searches `pos` to `depth` in a fresh searcher, each `run` given the limits `slice(nodes so far)` returns.
fn search(pos: &Position, depth: u32, options: SearchOptions, multipv: usize, slice: impl Fn(u64) -> (f64, u64)) -> (Answer, usize) {
    let mut s = Searcher::new(16);
    s.options = options;
    s.set_multipv(multipv);
    s.start(pos.clone());
    let mut its = Vec::new();
    let mut runs = 0;
    while its.len() < depth as usize {
        let (deadline, limit) = slice(s.nodes);
        runs += 1;
        match s.run(deadline, limit) {
            RunOutcome::IterationDone => its.push(s.root.last.clone().unwrap()),
            RunOutcome::Interrupted => {}
            RunOutcome::NoMoves => panic!("no moves"),
        }
    }
    ((its, s.best_move(), s.nodes), runs)
}

fn unsliced(_: u64) -> (f64, u64) {
    (f64::INFINITY, u64::MAX)
}

#[test]
fn a_search_sliced_at_every_poll_is_the_unsliced_search() {
    let o = SearchOptions::default();
    for (i, (fen, moves)) in POSITIONS.iter().enumerate() {
        let pos = position(fen, moves);
        let depth = if i < 2 { 8 } else { 7 };
        let (whole, _) = search(&pos, depth, o, 1, unsliced);
        // A deadline already past: every poll (1,024 nodes) ends the slice.
        let (polls, runs) = search(&pos, depth, o, 1, |_| (0.0, u64::MAX));
        assert_eq!(whole, polls, "{fen} {moves}: deadline at every poll");
        assert!(runs as u64 > whole.2 / 2048, "{fen}: {runs} runs for {} nodes", whole.2);
        // Slices of varied node counts (1 to ~2,000 nodes), ending anywhere, not only at polls.
        let (varied, _) = search(&pos, depth, o, 1, |n| (f64::INFINITY, n + 1 + (n * 7919 + 13) % 1999));
        assert_eq!(whole, varied, "{fen} {moves}: varied slices");
    }
    // The figures: 41,250 and 14,444 nodes at depth 8.
    assert_eq!(search(&position(POSITIONS[0].0, ""), 8, o, 1, unsliced).0.2, 41_250);
    assert_eq!(search(&position(POSITIONS[1].0, ""), 8, o, 1, unsliced).0.2, 14_444);
}

#[test]
fn a_search_sliced_at_every_node_is_the_unsliced_search() {
    let o = SearchOptions::default();
    for (fen, moves) in &POSITIONS[..3] {
        let pos = position(fen, moves);
        let (whole, _) = search(&pos, 6, o, 1, unsliced);
        let (nodes, _) = search(&pos, 6, o, 1, |n| (f64::INFINITY, n + 1));
        assert_eq!(whole, nodes, "{fen} {moves}: a slice per node");
    }
}

#[test]
fn multipv_and_the_other_techniques_slice_exactly_too() {
    let pos = position(POSITIONS[3].0, POSITIONS[3].1);
    let every = |n: u64| (f64::INFINITY, n + 1 + n % 37);
    // MultiPV 3.
    let o = SearchOptions::default();
    assert_eq!(search(&pos, 6, o, 3, unsliced).0, search(&pos, 6, o, 3, every).0, "MultiPV 3");
    // Without PVS, without alpha-beta (minimax at a small depth), without null-move verification, without
    // quiescence: each has its own call sites.
    let rows = [
        ("no PVS", SearchOptions { pvs: false, ..o }, 5),
        ("no null verify", SearchOptions { null_verify: false, ..o }, 6),
        ("no aspiration", SearchOptions { aspiration: false, ..o }, 6),
        ("minimax", SearchOptions { alpha_beta: false, pvs: false, null_move: false, quiescence: false, futility: false, lmr: false, ..o }, 3),
        ("alpha-beta only", SearchOptions { pvs: false, null_move: false, quiescence: false, futility: false, lmr: false, ..o }, 4),
    ];
    for (name, opts, depth) in rows {
        assert_eq!(search(&pos, depth, opts, 1, unsliced).0, search(&pos, depth, opts, 1, every).0, "{name}");
    }
}

#[test]
fn a_search_put_aside_between_slices_resumes_exactly() {
    // Pondering on several replies: slices of two searches interleaved in one searcher. Killers, history and
    // the table are shared, so the interleaved counts differ from lone searches; the check is that each search
    // is taken up where it was: a search suspended and resumed with nothing in between is unchanged.
    let a = position(POSITIONS[0].0, "");
    let (whole, _) = search(&a, 7, SearchOptions::default(), 1, unsliced);
    let mut s = Searcher::new(16);
    s.start(a.clone());
    let mut its = Vec::new();
    while its.len() < 7 {
        let limit = s.nodes + 500;
        if s.run(f64::INFINITY, limit) == RunOutcome::IterationDone {
            its.push(s.root.last.clone().unwrap());
        }
        let put_aside = s.suspend();
        s.resume(put_aside);
    }
    assert_eq!(whole.0, its);
}

#[test]
fn a_hex_search_sliced_anywhere_is_the_unsliced_search() {
    use duiyi::hex::search::{RunOutcome as HexOutcome, SearchOptions as HexOptions, Searcher as HexSearcher};
    use duiyi::hex::{Move as HexMove, Position as HexPosition};
    let mut pos = HexPosition::square(7).unwrap();
    for m in ["d4", "c5", "e3"] {
        pos.try_play(HexMove::parse(m).unwrap()).unwrap();
    }
    let run = |options: HexOptions, multipv: usize, slice: &dyn Fn(u64) -> u64| {
        let mut s = HexSearcher::new(16);
        s.options = options;
        s.multipv = multipv;
        s.start(pos.clone());
        let mut its = Vec::new();
        let mut runs = 0u64;
        while its.len() < 4 {
            runs += 1;
            match s.run(f64::INFINITY, slice(s.nodes)) {
                HexOutcome::IterationDone => its.push(s.root.last.clone().unwrap()),
                HexOutcome::Interrupted => {}
                HexOutcome::NoMoves => panic!("no moves"),
            }
        }
        (its, s.best_move(), runs)
    };
    for (options, multipv) in [(HexOptions::default(), 1), (HexOptions::default(), 3), (HexOptions { beam: false, ..HexOptions::default() }, 1)] {
        let whole = run(options, multipv, &|_| u64::MAX);
        let sliced = run(options, multipv, &|n| n + 1 + n % 23);
        assert_eq!((&whole.0, whole.1), (&sliced.0, sliced.1));
        assert!(sliced.2 > 20, "{} runs", sliced.2);
    }
}
