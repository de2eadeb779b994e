//! Tests of the Monte Carlo search: wins in one, a proved 5×5 opening, determinism, tree reuse, the root
//! solver (timed, and at a node budget on the issue-33 regression position) and bridge saving.

use super::*;
use crate::hex::solver::Board;

fn search(pos: &Position, playouts: u64) -> Tree<u128> {
    let mut m = Tree::<u128>::new(16);
    m.start(pos.clone());
    while m.run(f64::INFINITY, playouts) == MctsOutcome::IterationDone
        && m.last_iteration().unwrap().depth < crate::search::limits::MAX_DEPTH
    {}
    m
}

#[test]
fn wins_in_one_and_blocks_the_opponents_win_in_one() {
    // Black to move joins a1–a4 by a4? Column a: a1, a2, a3 black; a4 empty.
    let pos = Position::from_rows(&["B...", "B.W.", "BW..", "...."], Some(Color::Black)).unwrap();
    let m = search(&pos, 2000);
    assert_eq!(m.best_move().unwrap().to_string(), "a4");
    assert!(m.last_iteration().unwrap().score > MATE - 100);
    let pos = Position::from_rows(&["B...", "B.W.", "BW..", "...."], Some(Color::White)).unwrap();
    let m = search(&pos, 2000);
    assert_eq!(m.best_move().unwrap().to_string(), "a4");
}

#[test]
fn on_an_empty_5x5_board_it_proves_a_winning_first_move() {
    let pos = Position::square(5).unwrap();
    let m = search(&pos, 50_000);
    let best = m.best_move().unwrap();
    let all = crate::hex::solver::solve(&pos, crate::hex::solver::SolveLimits { all_winning_moves: true, ..Default::default() })
        .unwrap();
    assert!(all.winning_moves.contains(&best), "{best} not in {:?}", all.winning_moves);
    let last = m.last_iteration().unwrap();
    assert!(last.score > MATE - 100, "{last:?}");
}

#[test]
fn equal_playout_counts_give_equal_moves() {
    let mut pos = Position::square(9).unwrap();
    pos.play_str("e5").unwrap();
    let a = search(&pos, 5000);
    let b = search(&pos, 5000);
    assert_eq!(a.best_move(), b.best_move());
    assert_eq!(a.last_iteration(), b.last_iteration());
}

#[test]
fn with_priors_the_children_are_ordered_and_the_search_deterministic() {
    let mut pos = Position::square(9).unwrap();
    pos.play_str("e5").unwrap();
    pos.play_str("d6").unwrap();
    let run = || {
        let mut m = Tree::<u128>::new(16);
        m.options.priors = true;
        m.start(pos.clone());
        while m.run(f64::INFINITY, 5000) == MctsOutcome::IterationDone
            && m.last_iteration().unwrap().depth < crate::search::limits::MAX_DEPTH
        {}
        m
    };
    let (a, b) = (run(), run());
    assert_eq!(a.best_move(), b.best_move());
    assert_eq!(a.last_iteration(), b.last_iteration());
    let priors: Vec<u8> = a.children(0).map(|c| a.nodes[c].prior()).collect();
    assert!(priors.windows(2).all(|w| w[0] >= w[1]), "{priors:?}");
    assert!(priors[0] > priors[priors.len() - 1]);
}

#[test]
fn the_tree_under_the_played_moves_is_reused() {
    let mut pos = Position::square(7).unwrap();
    pos.play_str("d4").unwrap();
    let mut m = search(&pos, 20_000);
    let best = m.best_move().unwrap();
    let reply = m.ponder_move().unwrap();
    let before = {
        let a = m.children(0).find(|&c| m.cell_move(m.nodes[c].cell()) == best).unwrap();
        let b = m.children(a).find(|&c| m.cell_move(m.nodes[c].cell()) == reply).unwrap();
        m.nodes[b].visits()
    };
    assert!(before > 10, "{before} visits");
    pos.try_play(best).unwrap();
    pos.try_play(reply).unwrap();
    m.start(pos.clone());
    assert_eq!(m.nodes[0].visits(), before);
    // Any other position starts afresh.
    let mut other = Position::square(7).unwrap();
    other.play_str("a1").unwrap();
    m.start(other);
    assert_eq!(m.nodes[0].visits(), 0);
}

#[test]
fn the_root_solver_proves_a_timed_search() {
    // 6×6, Black d3 and White c4: the solver proves it within the time (the playouts alone, with the tree's
    // knowledge turned off, would not), and the move played is one the full solver calls winning.
    let pos = Position::from_rows(&["......", "......", "...B..", "..W...", "......", "......"], Some(Color::Black)).unwrap();
    let mut m = Tree::<u128>::new(16);
    m.options.knowledge_after = u32::MAX;
    m.options.solver_empties = 36;
    m.options.solver_share = 0.5;
    m.start(pos.clone());
    let deadline = now_ms() + 20_000.0;
    while m.run(deadline, u64::MAX) == MctsOutcome::IterationDone
        && m.last_iteration().unwrap().depth < crate::search::limits::MAX_DEPTH
    {}
    let last = m.last_iteration().unwrap();
    assert!(crate::search::score::is_mate(last.score), "{last:?}");
    let full = crate::hex::solver::solve(&pos, crate::hex::solver::SolveLimits { all_winning_moves: true, ..Default::default() })
        .unwrap();
    if last.score > 0 {
        assert!(full.winning_moves.contains(&m.best_move().unwrap()), "{:?} vs {:?}", m.best_move(), full.winning_moves);
    } else {
        assert_eq!(full.winner, Some(Color::White));
    }
}

#[test]
fn bridge_saving_answers_an_intrusion() {
    let pos = Position::from_rows(&[".....", ".B...", ".....", "..B..", "....."], Some(Color::White)).unwrap();
    let mut m = Tree::<u128>::new(1);
    m.start(pos.clone());
    let b = Board::from_position(&pos).stones();
    // b2 and c4 are not a bridge; b2 to the north edge is one (a1/b1... b2's bridge cells are b1 and c1).
    let x = pos.geometry().index(crate::hex::Cell::parse("b1").unwrap());
    let got = m.save_bridge(x, b, Color::Black.index()).map(|i| pos.geometry().cell(i).to_string());
    assert_eq!(got.as_deref(), Some("c1"));
}

#[test]
fn the_root_solver_proves_the_regression_position_at_a_node_budget() {
    // Issue 33: 7×7 after b:d4 w:d6 b:c5 w:b7 b:e3 (44 empty cells) White wins only with c2, c3 or f2; the
    // playouts alone do not prove it (nor always prefer a winning move at 1 s). The root's solver, with its
    // node-budget slices (`solver_rate` solver nodes per 1000 playouts), proves it within 100k playouts, and
    // equal budgets give equal results.
    let mut pos = Position::square(7).unwrap();
    for c in ["d4", "d6", "c5", "b7", "e3"] {
        pos.play_str(c).unwrap();
    }
    let a = search(&pos, 100_000);
    let last = a.last_iteration().unwrap();
    assert!(crate::search::score::is_mate(last.score) && last.score > 0, "{last:?}");
    let best = a.best_move().unwrap().to_string();
    assert!(["c2", "c3", "f2"].contains(&best.as_str()), "{best}");
    assert!(a.nodes() < 100_000);
    let b = search(&pos, 100_000);
    assert_eq!(a.last_iteration(), b.last_iteration());
    // Without the solver's slices the same budget proves nothing.
    let mut m = Mcts::new(16);
    m.options.solver_rate = 0;
    m.start(pos.clone());
    while m.run(f64::INFINITY, 100_000) == MctsOutcome::IterationDone
        && m.last_iteration().unwrap().depth < crate::search::limits::MAX_DEPTH
    {}
    assert!(!crate::search::score::is_mate(m.last_iteration().unwrap().score));
}

#[test]
fn a_proved_root_reports_at_least_one_move_to_the_end_for_either_side() {
    // 5×5, Black c2–c3–c4 with both edge templates: Black connects whoever moves. Proved at once (the root's
    // solver or the static analysis), before the tree has a line: the mate number is still ≥ 1 move (it once
    // said "White is mated in 0 moves").
    use crate::search::score::mate_moves;
    for (moves, black_to_move) in [("c2 a5 c3 e1 c4", false), ("c2 a5 c3 e1 c4 b5", true)] {
        let mut pos = Position::square(5).unwrap();
        for c in moves.split_whitespace() {
            pos.play_str(c).unwrap();
        }
        // a node budget, and a short timed search (the page's kind, where the root's timed solver proves the
        // root before the tree has a line): whatever the search found, the number is at least one move
        let timed = {
            let mut m = Tree::<u128>::new(16);
            m.start(pos.clone());
            let deadline = crate::search::clock::now_ms() + 300.0;
            while m.run(deadline, u64::MAX) == MctsOutcome::IterationDone
                && m.last_iteration().unwrap().depth < crate::search::limits::MAX_DEPTH
            {}
            m
        };
        for (how, m) in [("20,000 playouts", search(&pos, 20_000)), ("300 ms", timed)] {
            let score = m.last_iteration().unwrap().score;
            assert!(crate::search::score::is_mate(score), "{moves}, {how}: {score}");
            let n = mate_moves(score);
            if black_to_move { assert!(n >= 1, "{moves}, {how}: mate {n}") } else { assert!(n <= -1, "{moves}, {how}: mate {n}") }
        }
    }
}

/// The RAVE update by rank (children found from the empty cells) gives the same statistics, node for node, as
/// testing every child: on a `u128` board and on a wide one, with tree reuse in between.
#[test]
fn rave_update_by_rank_matches_the_update_over_every_child() {
    fn stats<B: Bits>(m: &Tree<B>) -> Vec<(u32, u32, u32, u32, i8)> {
        m.nodes.used_nodes().iter().map(|n| (n.visits(), n.wins(), n.rave().0, n.rave().1, n.proof())).collect()
    }
    fn compare<B: Bits>(size: usize, opening: &[&str], reply: &[&str], playouts: u64) {
        let mut pos = Position::square(size).unwrap();
        for m in opening {
            pos.play_str(m).unwrap();
        }
        let (mut fast, mut slow) = (Tree::<B>::new(16), Tree::<B>::new(16));
        for round in 0..2 {
            if round == 1 {
                for m in reply {
                    pos.play_str(m).unwrap();
                }
            }
            fast.start(pos.clone());
            slow.start(pos.clone());
            slow.nodes.ordered.store(false, std::sync::atomic::Ordering::Relaxed);
            while fast.run(f64::INFINITY, playouts) == MctsOutcome::IterationDone {}
            while slow.run(f64::INFINITY, playouts) == MctsOutcome::IterationDone {}
            assert!(fast.nodes.ordered.load(std::sync::atomic::Ordering::Relaxed), "the default search keeps its children in cell order");
            assert!(fast.nodes.len() > 100, "{} nodes", fast.nodes.len());
            assert_eq!(stats(&fast), stats(&slow), "{size}x{size}, round {round}");
            assert_eq!(fast.best_move(), slow.best_move());
        }
    }
    compare::<u128>(9, &["e5"], &["c7", "d6"], 6000);
    compare::<super::super::bitset::Wide<6>>(13, &["g7"], &["e9", "f8"], 3000);
}

/// A helper thread of a tree-parallel search of `pos`: a tree attached to the shared `store` (seed salt 1),
/// on which it runs `work` and returns what `work` returns.
fn spawn_helper<T: Send + 'static>(
    pos: &Position,
    store: &std::sync::Arc<NodeStore>,
    work: impl FnOnce(&mut Tree<u128>) -> T + Send + 'static,
) -> std::thread::JoinHandle<T> {
    let (pos, store) = (pos.clone(), store.clone());
    std::thread::spawn(move || {
        let mut h = Tree::<u128>::new(0);
        h.seed_salt = 1;
        h.attach(pos, &[], store);
        work(&mut h)
    })
}

/// Tree parallelism (`node.rs`, `parallel.rs`): a helper thread attached to the shared store adds its playouts
/// to the main tree, the tree stays well formed (every node but the root is the child of exactly one node,
/// children on distinct empty cells), nearly every playout's visit reaches the root (two threads adding at the
/// same instant may lose one, by design), and once unshared one thread searches and reuses the tree as before.
#[test]
fn a_shared_tree_takes_the_playouts_of_both_threads() {
    let mut pos = Position::square(9).unwrap();
    for m in ["c3", "e5", "g4", "f3", "d6"] {
        pos.play_str(m).unwrap();
    }
    let playouts = 40_000u64;
    let mut main = Tree::<u128>::new(64);
    main.start(pos.clone());
    let store = main.share();
    // Runs a tree's playouts up to `playouts` (or a proof of the root).
    fn run_to(t: &mut Tree<u128>, playouts: u64) {
        while t.run(f64::INFINITY, playouts) == MctsOutcome::IterationDone && t.nodes[0].proof() == 0 {}
    }
    let helper = spawn_helper(&pos, &store, move |h| {
        run_to(h, playouts);
        h.nodes()
    });
    run_to(&mut main, playouts);
    let helped = helper.join().unwrap();
    drop(store);
    main.unshare();
    assert_eq!((main.nodes(), helped), (playouts, playouts));
    let root = main.nodes[0].visits() as u64;
    assert!(root <= 2 * playouts && root >= 2 * playouts * 9 / 10, "{root} root visits of {} playouts", 2 * playouts);
    // Well formed: the children ranges are disjoint and cover every node but the root; cells are distinct
    // and empty at the root.
    let n = main.nodes.len();
    let mut parent = vec![usize::MAX; n];
    let root_stones = main.root_stones[0] | main.root_stones[1];
    for k in 0..n {
        if !main.nodes[k].expanded() {
            assert!(main.children(k).is_empty());
            continue;
        }
        let mut cells = 0u128;
        for c in main.children(k) {
            assert!(c < n && parent[c] == usize::MAX, "node {c} under {k} and {}", parent[c]);
            parent[c] = k;
            let cell = main.nodes[c].cell();
            assert!(!cells.has(cell) && !root_stones.has(cell), "cell {cell} twice or on a stone");
            cells |= u128::bit(cell);
        }
    }
    assert!(parent[1..].iter().all(|&p| p != usize::MAX), "every node but the root has a parent");
    // One thread again: more playouts, a legal move, and the tree reused two plies down.
    let before = main.nodes[0].visits();
    while main.run(f64::INFINITY, playouts + 5000) == MctsOutcome::IterationDone && main.nodes[0].proof() == 0 {}
    assert_eq!(main.nodes[0].visits(), before + 5000);
    let (best, reply) = (main.best_move().unwrap(), main.ponder_move().unwrap());
    pos.try_play(best).unwrap();
    pos.try_play(reply).unwrap();
    main.start(pos);
    assert!(main.nodes[0].visits() > 0, "the subtree under the two moves is kept");
}

/// The root children's analyses are shared by the threads of a tree-parallel search (`root_children_work`):
/// whoever takes a child, the marks are those of one thread alone. The position (8×8, from the hard tactics
/// set, `benches/data/hex-tactics-hard.txt`) has a root child the opponent statically wins after.
#[test]
fn the_root_children_analysed_by_two_threads_are_marked_as_by_one() {
    let mut pos = Position::square(8).unwrap();
    for m in ["c8", "b7", "f4", "g2", "e3", "e4", "d6", "d7", "c7", "f1"] {
        pos.play_str(m).unwrap();
    }
    let marks = |t: &Tree<u128>| t.children(0).map(|c| (t.nodes[c].cell(), t.nodes[c].proof(), t.nodes[c].pruned())).collect::<Vec<_>>();
    let mut one = Tree::<u128>::new(16);
    one.start(pos.clone());
    assert!(one.nodes.root_queue.is_open(), "the children wait for the first run");
    one.run(f64::INFINITY, 1);
    assert!(!one.nodes.root_queue.is_open());
    let alone = marks(&one);
    let lost = alone.iter().filter(|m| m.1 == 1).count();
    assert!(lost >= 1 && one.nodes[0].proof() == 0, "{lost} children marked lost, root {}", one.nodes[0].proof());
    for _ in 0..4 {
        let mut main = Tree::<u128>::new(16);
        main.start(pos.clone());
        let store = main.share();
        let helper = spawn_helper(&pos, &store, |h| h.root_children_work());
        main.root_children_work();
        helper.join().unwrap();
        drop(store);
        main.unshare();
        assert!(!main.nodes.root_queue.is_open());
        assert_eq!(marks(&main), alone);
    }
}
