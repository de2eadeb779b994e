//! The Hex alpha-beta search: wins and blocks in one, centre preference, resumable slices, stop, determinism.

use duiyi::hex::search::{RunOutcome, Searcher};
use duiyi::hex::{Cell, Color, Move, Position};
use duiyi::search::clock::now_ms;
use duiyi::search::score::MATE_BOUND;

fn search(pos: &Position, depth: u32) -> Searcher {
    let mut s = Searcher::new(8);
    s.start(pos.clone());
    while s.root.last.as_ref().is_none_or(|l| l.depth < depth) {
        assert_eq!(s.run(f64::INFINITY, u64::MAX), RunOutcome::IterationDone);
    }
    s
}

fn cell(s: &str) -> Move {
    Move::Place(Cell::parse(s).unwrap())
}

#[test]
fn finds_a_win_in_one() {
    // Black (to move) has b1-b2-b3 on a 4x4 board: b4 (or a4) completes NORTH-SOUTH.
    let pos = Position::from_rows(&[".B..", "WB..", "WBW.", "...."], Some(Color::Black)).unwrap();
    let s = search(&pos, 2);
    let best = s.best_move().unwrap();
    assert!(best == cell("b4") || best == cell("a4"), "{best}");
    assert!(s.root.last.as_ref().unwrap().score >= MATE_BOUND);
}

#[test]
fn blocks_the_opponents_win_in_one() {
    // White threatens a1-b1-c1 + d1 on the top row (WEST-EAST); only d1 stops it... Black to move.
    let pos = Position::from_rows(&["WWW.", "B...", "B...", "...."], Some(Color::Black)).unwrap();
    let s = search(&pos, 3);
    assert_eq!(s.best_move(), Some(cell("d1")));
    // A double threat is a proved loss: White's c1-c2 chain reaches both d1 and d2... (b3 column: Black's a2, a3).
    let lost = Position::from_rows(&["WWW.", "..W.", "BB..", "...."], Some(Color::Black)).unwrap();
    let s = search(&lost, 2);
    assert!(s.root.last.as_ref().unwrap().score <= -MATE_BOUND);
}

#[test]
fn prefers_the_centre_on_an_empty_board() {
    // 5x5 at depth 3: the centre.
    let s = search(&Position::square(5).unwrap(), 3);
    assert_eq!(s.best_move(), Some(cell("c3")));
    // 7x7: Queenbee's evaluation ranks the short diagonal (c + r = 6, every cell of badness 0) first; the
    // search keeps to it and stays off the corners.
    let s = search(&Position::square(7).unwrap(), 3);
    let Some(Move::Place(c)) = s.best_move() else { panic!() };
    assert_eq!(c.col + c.row, 6, "{c}");
    assert!(c.col >= 1 && c.row >= 1, "{c}");
}

#[test]
fn sliced_runs_give_the_result_of_one_run() {
    let mut pos = Position::square(7).unwrap();
    for m in ["d4", "c5", "e3"] {
        pos.play_str(m).unwrap();
    }
    let whole = search(&pos, 3);
    let mut sliced = Searcher::new(8);
    sliced.start(pos.clone());
    let mut interrupted = 0;
    while sliced.root.last.as_ref().is_none_or(|l| l.depth < 3) {
        // A 0.05 ms slice: most calls end in the middle of an iteration.
        match sliced.run(now_ms() + 0.05, u64::MAX) {
            RunOutcome::Interrupted => interrupted += 1,
            RunOutcome::IterationDone => {}
            RunOutcome::NoMoves => panic!(),
        }
        assert!(sliced.best_move().is_some());
    }
    assert!(interrupted > 0);
    let (a, b) = (whole.root.last.unwrap(), sliced.root.last.unwrap());
    assert_eq!((a.score, a.pv.first()), (b.score, b.pv.first()));
}

#[test]
fn stop_returns_a_legal_move_and_node_counts_repeat() {
    let mut pos = Position::square(11).unwrap();
    pos.play_str("f6").unwrap();
    let mut s = Searcher::new(8);
    s.start(pos.clone());
    assert_eq!(s.run(now_ms() - 1.0, u64::MAX), RunOutcome::Interrupted);
    let best = s.best_move().unwrap();
    assert!(pos.check(best).is_ok());
    // Fixed-depth searches are deterministic.
    let (a, b) = (search(&pos, 2), search(&pos, 2));
    assert_eq!(a.nodes, b.nodes);
    assert_eq!(a.root.last.unwrap().pv, b.root.last.unwrap().pv);
    // A finished game has no moves.
    let won = Position::from_rows(&["B.", "B."], Some(Color::White)).unwrap();
    let mut s = Searcher::new(1);
    s.start(won);
    assert_eq!(s.run(f64::INFINITY, u64::MAX), RunOutcome::NoMoves);
}

