//! The Hex game review (src/hex/review.rs): the solver finds the losing move of small-board games with a proved
//! winning alternative (checked again by a fresh solve), positions it cannot decide are never marked proved,
//! the heuristic classes' thresholds, and the hint.

use duiyi::hex::review::{MoveClass, ReviewOptions, Reviewer, classify, hint, review};
use duiyi::hex::solver::{SolveLimits, solve};
use duiyi::hex::{Color, Move, Position};

/// The position after `moves` (space-separated cells) on an `n × n` board.
fn game(n: usize, moves: &str) -> Position {
    let mut pos = Position::square(n).unwrap();
    for m in moves.split_whitespace() {
        pos.play_str(m).unwrap();
    }
    pos
}

/// Budgets that do not depend on the machine's speed: the solver is bounded by nodes (the time limits are
/// only a safety net).
fn opts() -> ReviewOptions {
    ReviewOptions { solve_ms: 120_000.0, solve_total_ms: 600_000.0, ..ReviewOptions::default() }
}

/// Who wins `pos` after `mv` (a fresh solve, no shared table).
fn winner_after(pos: &Position, mv: &str) -> Option<Color> {
    let mut p = pos.clone();
    p.try_play(Move::parse(mv).unwrap()).unwrap();
    solve(&p, SolveLimits { tt_mib: 32, all_winning_moves: false, ..SolveLimits::default() }).unwrap().winner
}

/// Every proved losing move's alternative wins (by a fresh solve) and the played move loses.
fn check_proved_moves(last: &Position, r: &duiyi::hex::review::Review) {
    let mut start = last.clone();
    while start.undo().is_some() {}
    let mut pos = start;
    for m in &r.moves {
        if m.proved {
            assert_eq!(m.class, MoveClass::Blunder, "move {}", m.ply);
            let better = m.better.as_deref().expect("a proved losing move has a winning alternative");
            assert_ne!(better, m.mv);
            assert_eq!(winner_after(&pos, better), Some(m.color), "move {}: the alternative {better} wins", m.ply);
            assert_eq!(winner_after(&pos, &m.mv), Some(m.color.opponent()), "move {}: {} loses", m.ply, m.mv);
            assert!(m.proof_nodes.is_some() && m.proof_ms.is_some());
        }
        pos.play_str(&m.mv).unwrap();
    }
}

#[test]
fn six_by_six_losing_move_is_found_with_a_proved_alternative() {
    // After c4 d3 Black wins (the solver proves it); a1 throws the win away.
    let last = game(6, "c4 d3 a1 c3 f2 e1 a4 b2 b3 c1 a3 a2 c2 d1 f1 e4 f4 f3 a5 b1 f6 d2 e6 e3");
    let r = review(&last, opts());
    assert!(r.complete);
    assert_eq!(r.positions.len(), r.moves.len() + 1);
    assert_eq!(r.losing_move, Some(3));
    let m = &r.moves[2];
    assert_eq!((m.mv.as_str(), m.class, m.proved, m.heuristic), ("a1", MoveClass::Blunder, true, false));
    assert_eq!(r.positions[2].proof.as_ref().unwrap().winner, Color::Black);
    assert_eq!(r.positions[3].proof.as_ref().unwrap().winner, Color::White);
    check_proved_moves(&last, &r);
    // The game ended with White's chain: the last position is decided without a search.
    assert_eq!(r.positions.last().unwrap().proof.as_ref().unwrap().winner, Color::White);
    assert_eq!(r.positions.last().unwrap().black_win, 0.0);
}

#[test]
fn seven_by_seven_losing_move_is_found_with_a_proved_alternative() {
    // Engine self-play at 300 playouts a move: 11. e5 gives Black's win away, 12. e7 gives it back, and
    // 12. e7 is the last (the game's) losing move.
    let last = game(7, "d5 e4 d4 d3 e3 d6 e2 b7 a7 b6 e5 e7 a6 c4 e6 f1 d7 e1 b1 c2 d1 d2 g1 f2 g2 f3 a3 g3 b4 a2 b2 g5 a1 c7 c1 f5 b3 g7 a5");
    let r = review(&last, opts());
    assert_eq!(r.losing_move, Some(12));
    assert!(r.moves[10].proved && r.moves[11].proved);
    assert_eq!(r.moves.iter().filter(|m| m.proved).count(), 2);
    check_proved_moves(&last, &r);
    // Every move after a proved position is classed by the proof, not the heuristic, while the mover wins.
    for m in &r.moves {
        if let Some(p) = &r.positions[m.ply - 1].proof
            && p.winner == m.color
        {
            assert!(!m.heuristic, "move {}", m.ply);
        }
    }
}

#[test]
fn positions_the_solver_cannot_decide_are_not_marked_proved() {
    let last = game(7, "d5 e4 d4 d3 e3 d6 e2 b7 a7 b6 e5 e7 a6 c4 e6 f1 d7 e1 b1 c2 d1 d2 g1 f2 g2 f3 a3 g3 b4 a2 b2 g5 a1 c7 c1 f5 b3 g7 a5");
    // A budget too small for the middle game: solving stops at the first position not decided.
    let small = ReviewOptions { solve_nodes: 30, ..opts() };
    let r = review(&last, small);
    let from = r.solved_from.expect("the end of the game is decided");
    assert!(from > 0);
    for p in &r.positions[..from] {
        assert!(p.proof.is_none(), "ply {} is not decided within 30 nodes", p.ply);
    }
    for m in &r.moves {
        if m.ply <= from {
            assert!(!m.proved, "move {} is before the decided range", m.ply);
        }
    }
    check_proved_moves(&last, &r);

    // 9×9 (81 cells): only positions with at most `solve_empties` empty cells are tried.
    let nine = game(9, "e5 d6 d5 c6 c5 b6 b5 a6 a5");
    let r = review(&nine, ReviewOptions { playouts: 1000, ..opts() });
    assert!(r.positions.iter().all(|p| p.proof.is_none()));
    assert!(r.moves.iter().all(|m| !m.proved && m.heuristic));
    assert_eq!(r.solved_from, None);
    assert_eq!(r.losing_move, None);
}

#[test]
fn progress_counts_every_step() {
    let last = game(6, "c4 d3 a1 c3 f2 e1 a4 b2 b3 c1 a3 a2 c2 d1 f1 e4 f4 f3 a5 b1 f6 d2 e6 e3");
    let mut rv = Reviewer::new(&last, opts());
    let (done, total) = rv.progress();
    assert_eq!(done, 0);
    assert_eq!(total, 2 * 25); // 25 evaluations and 25 positions to solve (6×6: every one)
    let mut steps = 0;
    while !rv.step() {
        steps += 1;
        let (d, t) = rv.progress();
        assert!(d <= t);
    }
    let (d, t) = rv.progress();
    assert_eq!(d, t);
    assert!(steps < 60);
    assert!(!rv.report().moves.is_empty());
}

#[test]
fn heuristic_thresholds() {
    assert_eq!(classify(-0.3), MoveClass::Best);
    assert_eq!(classify(0.0199), MoveClass::Best);
    assert_eq!(classify(0.021), MoveClass::Good);
    assert_eq!(classify(0.05), MoveClass::Inaccuracy);
    assert_eq!(classify(0.10), MoveClass::Mistake);
    assert_eq!(classify(0.14), MoveClass::Mistake);
    assert_eq!(classify(0.15), MoveClass::Blunder);
    assert_eq!(classify(1.0), MoveClass::Blunder);
}

#[test]
fn hint_prefers_a_proved_winning_move() {
    let pos = game(6, "c4 d3");
    let h = hint(&pos, 20_000.0).unwrap();
    assert!(h.proved, "the solver decides this 6x6 position well within the budget");
    assert_eq!(winner_after(&pos, &h.mv), Some(Color::Black));
    assert!(h.area.contains(&h.mv) && h.area.len() >= 3 && h.area.len() <= 7);

    // 11×11 opening: not proved, but a legal cell.
    let pos = game(11, "f6");
    let h = hint(&pos, 300.0).unwrap();
    assert!(!h.proved);
    assert!(pos.legal_moves().iter().any(|m| m.to_string() == h.mv));
    // A finished game has no hint.
    assert!(hint(&game(2, "a2 a1 b1"), 100.0).is_none());
}

#[test]
fn with_the_swap_rule_the_first_move_is_never_a_losing_move() {
    // The empty start with the swap rule on is lost for Black (the pie rule), so c4 cannot have lost a won
    // position; the swap decision after it is solved with the swap as a move.
    let mut last = Position::square(6).unwrap();
    last.set_swap_rule(true);
    for m in ["c4", "swap-pieces", "d4", "a1", "c3", "f2"] {
        last.play_str(m).unwrap();
    }
    let r = review(&last, opts());
    let start = r.positions[0].proof.as_ref().expect("decided by the pie rule");
    assert_eq!((start.winner, start.inferred), (Color::White, true));
    assert!(!r.moves[0].proved);
    assert_eq!(r.positions[1].proof.as_ref().map(|p| p.winner), Some(Color::White));
    check_proved_moves(&last, &r);
}

#[test]
fn prove_names_the_winner_of_a_decided_position_and_none_when_out_of_reach() {
    // 5×5, Black c2 c3 c4 (White's replies far away): Black connects whoever moves
    let pos = game(5, "c2 a5 c3 e1 c4");
    let v = duiyi::hex::review::prove(&pos, 5000.0);
    assert_eq!(v.winner, Some(Color::Black), "{v:?}");
    // the game over: its winner at once
    let done = game(5, "c2 a5 c3 e1 c4 b5 c1 d5 c5");
    assert_eq!(duiyi::hex::review::prove(&done, 1.0).winner, Some(Color::Black));
    // the empty 13×13 board: not proved in 10 ms
    let big = Position::square(13).unwrap();
    assert_eq!(duiyi::hex::review::prove(&big, 10.0).winner, None);
}
