//! `Threads` for Hex (issue 37): the Monte Carlo search's root parallelism (`src/hex/mcts/parallel.rs`). With
//! two threads a search answers one legal move per `go` — timed, stopped, pondered and hit, with banned moves
//! — counts every tree's playouts, and still plays a proved win; a search bounded by playouts stays on one
//! thread and exactly reproducible.

mod common;

use common::drive::{go_to_bestmove as run, stop_ponderhit_and_ban};
use duiyi::engine::{Engine, GameMove, Setup, Step};
use duiyi::hex;
use duiyi::search::GoParams;

/// A 9×9 position from the openings the Benzene matches use (`benches/hex-openings-9.txt`: c3), a few moves in.
const NINE: [&str; 5] = ["c3", "e5", "g4", "f3", "d6"];

fn empty_cell(e: &Engine, m: Option<GameMove>) -> bool {
    let Some(GameMove::Hex(hex::Move::Place(c))) = m else { return false };
    e.hex_position().unwrap().stone(c).is_none()
}

/// Analyses the engine's position (`go infinite`) until a report counts a helper's playouts: the main tree's
/// iteration d ends at exactly 1000·2^(d−1) playouts, so a report with more counts the helper's. False after
/// 300 s without one (a loaded machine's margin). The search is left running.
fn analyse_until_helper_playouts_counted(e: &mut Engine) -> bool {
    e.go(GoParams { infinite: true, ..Default::default() }).unwrap();
    let started = std::time::Instant::now();
    while started.elapsed().as_secs() < 300 {
        if let Step::Searching(infos) | Step::Waiting(infos) = e.step(20.0)
            && infos.iter().any(|i| i.mate.is_none() && i.nodes > 1000 << (i.depth - 1))
        {
            return true;
        }
    }
    false
}

/// Whether `m` is one of the winning moves of [`REGRESSION`] (proved by the solver: c2, c3, f2).
fn wins_regression(m: &Option<GameMove>) -> bool {
    ["c2", "c3", "f2"].iter().any(|c| m.as_ref().map(|m| m.to_string()).as_deref() == Some(*c))
}

#[test]
fn two_trees_answer_a_legal_move_and_count_both_trees_playouts() {
    let mut e = Engine::new();
    e.set_option("Threads", "2").unwrap();
    e.set_position(Setup::Hex { width: 9, height: 9, swap: false }, &NINE).unwrap();
    let (m, _) = run(&mut e, GoParams { depth: Some(3), ..Default::default() });
    assert!(empty_cell(&e, m), "{m:?}");
    // Analysed until a report counts the helper's playouts, then stopped.
    assert!(analyse_until_helper_playouts_counted(&mut e), "the helper's playouts are counted");
    e.stop();
    assert!(matches!(e.step(5.0), Step::Done { bestmove: Some(GameMove::Hex(_)), .. }));
}

#[test]
fn two_trees_stop_ponderhit_and_banned_moves() {
    let mut e = Engine::new();
    e.set_option("Threads", "2").unwrap();
    e.set_position(Setup::Hex { width: 9, height: 9, swap: false }, &NINE).unwrap();
    // Stopped, pondered and hit, then every move but one banned (here a cell the knowledge prunes as
    // inferior): the answer is that move, in the helpers' trees and the merge too.
    let all: Vec<GameMove> = e.hex_position().unwrap().legal_moves().into_iter().map(GameMove::from).collect();
    let keep = all[all.len() / 3];
    stop_ponderhit_and_ban(&mut e, 2000.0, &all, keep, 200.0, empty_cell);
}

#[test]
fn a_search_bounded_by_playouts_stays_on_one_thread() {
    let params = || GoParams { nodes: Some(20_000), ..Default::default() };
    let mut one = Engine::new();
    one.set_position(Setup::Hex { width: 9, height: 9, swap: false }, &NINE).unwrap();
    let (i1, m1, _) = one.search_blocking(params()).unwrap();
    let mut two = Engine::new();
    two.set_option("Threads", "2").unwrap();
    two.set_position(Setup::Hex { width: 9, height: 9, swap: false }, &NINE).unwrap();
    let (i2, m2, _) = two.search_blocking(params()).unwrap();
    assert_eq!(m1, m2);
    assert_eq!(i1.last().unwrap().nodes, i2.last().unwrap().nodes);
}

/// Issue 33's regression position (7×7 after d4 d6 c5 b7 e3): c2, f2 and c3 win for White (proved by the
/// solver and by Benzene's). An analysis with two trees, stopped once the main tree's root solver has proved
/// the win (however long that takes on a loaded machine), answers a winning move: the merge keeps proofs.
#[test]
fn two_trees_play_the_proved_win() {
    let mut e = Engine::new();
    e.set_option("Threads", "2").unwrap();
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &["d4", "d6", "c5", "b7", "e3"]).unwrap();
    e.go(GoParams { infinite: true, ..Default::default() }).unwrap();
    let started = std::time::Instant::now();
    let mut proved = false;
    while !proved && started.elapsed().as_secs() < 300 {
        if let Step::Searching(infos) | Step::Waiting(infos) = e.step(20.0) {
            proved |= infos.iter().any(|i| i.mate.is_some_and(|m| m > 0));
        }
    }
    assert!(proved, "the root solver proves the win");
    e.stop();
    let Step::Done { bestmove: m, .. } = e.step(5.0) else { panic!("a stopped search answers") };
    let Some(GameMove::Hex(hex::Move::Place(c))) = m else { panic!("{m:?}") };
    assert!(["c2", "f2", "c3"].contains(&c.to_string().as_str()), "played {c}");
}

/// The issue-33 regression position (7×7 `d4 d6 c5 b7 e3`, White to move): only c2, c3 and f2 win.
const REGRESSION: [&str; 5] = ["d4", "d6", "c5", "b7", "e3"];

/// Runs a `go` to its `bestmove`; returns the move and the last info's mate score.
fn bestmove_and_mate(e: &mut Engine, params: GoParams) -> (Option<GameMove>, Option<i32>) {
    e.go(params).unwrap();
    let mut mate = None;
    loop {
        match e.step(5.0) {
            Step::Done { bestmove, infos, .. } => {
                return (bestmove, infos.last().map_or(mate, |i| i.mate));
            }
            Step::Searching(infos) | Step::Waiting(infos) => mate = infos.last().map_or(mate, |i| i.mate),
            Step::Idle => panic!("idle during a search"),
        }
    }
}

#[test]
fn with_two_threads_the_root_solver_runs_beside_the_tree_and_proves_the_win() {
    // The solver thread (src/hex/mcts/solver_thread.rs) proves the root while the main tree searches; its proof
    // reaches the tree and ends the search with a mate score long before the 20 s (a loaded machine's margin).
    let mut e = Engine::new();
    e.set_option("Threads", "2").unwrap();
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &REGRESSION).unwrap();
    let (m, mate) = bestmove_and_mate(&mut e, GoParams { movetime: Some(20_000.0), ..Default::default() });
    assert!(wins_regression(&m), "{m:?}");
    assert!(mate.is_some_and(|n| n > 0), "proved: {mate:?}");

    // Two of the three winning moves banned: the solver reports only allowed moves, so the answer is c3.
    let ban: Vec<GameMove> = ["c2", "f2"].iter().map(|c| GameMove::Hex(hex::Move::parse(c).unwrap())).collect();
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &REGRESSION).unwrap();
    e.set_banned(&ban);
    let (m, _) = bestmove_and_mate(&mut e, GoParams { movetime: Some(20_000.0), ..Default::default() });
    assert_eq!(m.map(|m| m.to_string()).as_deref(), Some("c3"));

    // Black to move after White's winning f2: lost whatever it plays. The search says so and still answers a
    // legal move.
    let mut lost: Vec<&str> = REGRESSION.to_vec();
    lost.push("f2");
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &lost).unwrap();
    let (m, mate) = bestmove_and_mate(&mut e, GoParams { movetime: Some(20_000.0), ..Default::default() });
    assert!(empty_cell(&e, m), "{m:?}");
    assert!(mate.is_some_and(|n| n < 0), "proved lost: {mate:?}");
}

#[test]
fn root_facts_from_outside_reach_only_the_search_of_their_position() {
    // What the browser's solver worker sends (Engine::note_hex_root_facts): taken while a Monte Carlo search of
    // that very position runs, and then decisive; refused for another position or with no search.
    use duiyi::hex::mcts::RootFacts;
    let empty = hex::Position::new(7, 7).unwrap();
    let mut other = empty.clone();
    other.try_play(hex::Move::parse("d4").unwrap()).unwrap();
    let a1 = empty.geometry().index(hex::Cell::parse("a1").unwrap());
    let facts = RootFacts { root_lost: false, moves: vec![(a1, true)] };

    let mut e = Engine::new();
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &[]).unwrap();
    assert!(!e.note_hex_root_facts(&empty, &facts), "no search runs");
    e.go(GoParams { movetime: Some(60_000.0), ..Default::default() }).unwrap();
    assert!(matches!(e.step(5.0), Step::Searching(_)));
    assert!(!e.note_hex_root_facts(&other, &facts), "another position");
    assert!(e.note_hex_root_facts(&empty, &facts));
    let started = std::time::Instant::now();
    let bestmove = loop {
        if let Step::Done { bestmove, .. } = e.step(5.0) {
            break bestmove;
        }
        assert!(started.elapsed().as_secs() < 50, "the told win ends the search");
    };
    assert_eq!(bestmove.map(|m| m.to_string()).as_deref(), Some("a1"));
}

#[test]
fn without_the_solver_thread_the_helper_shares_the_tree_where_the_solver_applies() {
    // `MctsSolverThread false`: on an empty 8×8 board (64 empty cells, where the root's solver applies) the
    // helper adds playouts to the main tree instead of running a second solver; they are counted.
    let mut e = Engine::new();
    e.set_option("Threads", "2").unwrap();
    e.set_option("MctsSolverThread", "false").unwrap();
    e.set_position(Setup::Hex { width: 8, height: 8, swap: false }, &[]).unwrap();
    assert!(analyse_until_helper_playouts_counted(&mut e), "the helper's playouts are counted");
    e.stop();
    assert!(matches!(e.step(5.0), Step::Done { bestmove: Some(GameMove::Hex(_)), .. }));

    // The main tree's own solver still proves the win of the 7×7 regression position, with a winning move.
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &REGRESSION).unwrap();
    let (m, mate) = bestmove_and_mate(&mut e, GoParams { movetime: Some(60_000.0), ..Default::default() });
    assert!(wins_regression(&m), "{m:?}");
    assert!(mate.is_some_and(|n| n > 0), "proved: {mate:?}");
    assert!(e.set_option("MctsSolverThread", "maybe").is_err());
}
