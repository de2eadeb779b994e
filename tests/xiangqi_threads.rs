//! `Threads` (issue 37): the Xiangqi search's Lazy SMP (`src/xiangqi/search/smp.rs`). With several threads a
//! search still answers exactly one legal `bestmove` per `go` — by depth, stopped, pondered and hit, with banned
//! root moves — and reports every thread's nodes; `Threads 1` is exactly the single-threaded search, before and
//! after a parallel one; the option refuses values out of range; the protocols announce it. Positions: real
//! middlegames from benches/multipv-games.txt (games that began with master openings).

mod common;

use common::drive::{go_to_bestmove as run, stop_ponderhit_and_ban};
use duiyi::engine::{Engine, EngineError, GameMove, Setup};
use duiyi::search::GoParams;
use duiyi::xiangqi::Position;

/// Positions after plies 20, 40 and 60 of a game that began with a master opening (benches/multipv-games.txt).
const MIDDLEGAMES: [&str; 3] = [
    "1nbakabr1/9/c5n2/4p1p2/p1p5p/2P3P2/P3P2cP/N1C1C1N2/9/2BAKABR1 w - - 0 11",
    "1n2kab2/4a4/4b4/6p2/p3C3p/4P1P2/c2r1c2P/N1C1B4/4A4/4KABR1 w - - 2 21",
    "5ab1C/3ka4/4b4/2n6/p5p2/4P1PcC/5c2P/4B4/2N6/3AKAB2 w - - 7 31",
];

fn legal(fen: &str, m: Option<GameMove>) -> bool {
    let Some(GameMove::Xiangqi(m)) = m else { return false };
    Position::from_fen(fen).unwrap().legal_moves().as_slice().contains(&m)
}

#[test]
fn two_threads_answer_a_legal_move_by_depth_and_count_every_threads_nodes() {
    for fen in MIDDLEGAMES {
        let mut one = Engine::new();
        one.set_position(Setup::Xiangqi(fen), &[]).unwrap();
        let (m1, n1) = run(&mut one, GoParams { depth: Some(7), ..Default::default() });
        let mut two = Engine::new();
        two.set_option("Threads", "2").unwrap();
        two.set_position(Setup::Xiangqi(fen), &[]).unwrap();
        let (m2, n2) = run(&mut two, GoParams { depth: Some(7), ..Default::default() });
        assert!(legal(fen, m1) && legal(fen, m2), "{fen}: {m1:?} {m2:?}");
        assert!(n1 > 0 && n2 > 0, "{fen}: nodes reported");
    }
}

#[test]
fn two_threads_stop_and_ponderhit_answer_once() {
    let fen = MIDDLEGAMES[1];
    let mut e = Engine::new();
    e.set_option("Threads", "2").unwrap();
    e.set_position(Setup::Xiangqi(fen), &[]).unwrap();
    // Stopped, pondered and hit, then every root move but one banned (the helpers' search too).
    let moves: Vec<GameMove> = Position::from_fen(fen).unwrap().legal_moves().as_slice().iter().map(|&m| GameMove::from(m)).collect();
    let keep = moves[moves.len() / 2];
    stop_ponderhit_and_ban(&mut e, 600.0, &moves, keep, 100.0, |_, m| legal(fen, m));
}

#[test]
fn one_thread_is_the_single_threaded_search() {
    let depth = || GoParams { depth: Some(8), ..Default::default() };
    for fen in MIDDLEGAMES {
        let mut plain = Engine::new();
        plain.set_position(Setup::Xiangqi(fen), &[]).unwrap();
        let (a, ma, _) = plain.search_blocking(depth()).unwrap();
        // Set to 2 and back to 1 before searching: exactly the same search, node for node.
        let mut back = Engine::new();
        back.set_option("Threads", "2").unwrap();
        back.set_option("Threads", "1").unwrap();
        back.set_position(Setup::Xiangqi(fen), &[]).unwrap();
        let (b, mb, _) = back.search_blocking(depth()).unwrap();
        assert_eq!(a.last().unwrap().nodes, b.last().unwrap().nodes, "{fen}");
        assert_eq!(ma, mb, "{fen}");
        // A bounded search (`go nodes`) stays on one thread even with Threads 2: the same count again.
        let mut capped = Engine::new();
        capped.set_option("Threads", "2").unwrap();
        capped.set_position(Setup::Xiangqi(fen), &[]).unwrap();
        let (c, mc, _) = capped.search_blocking(GoParams { depth: Some(8), nodes: Some(u64::MAX - 1), ..Default::default() }).unwrap();
        assert_eq!(a.last().unwrap().nodes, c.last().unwrap().nodes, "{fen}: go nodes is single-threaded");
        assert_eq!(ma, mc, "{fen}");
    }
}

#[test]
fn threads_out_of_range_are_refused_with_the_reason() {
    let mut e = Engine::new();
    for bad in ["0", "-1", "two", "100000"] {
        let err = e.set_option("Threads", bad).unwrap_err();
        assert!(matches!(err, EngineError::OptionValue { .. }), "{bad}: {err:?}");
        assert!(err.to_string().contains("1.."), "{bad}: {err}");
    }
    e.set_option("Threads", "3").unwrap();
    e.set_option("threads", "1").unwrap();
}

/// The native binary over stdin: UCI lists `Threads` (up to the machine's cores), UCCI `threads` (0: one per
/// core), and a parallel `go depth` answers one `bestmove`.
#[test]
fn the_protocols_offer_threads() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let talk = |input: &str| {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duiyi")).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap()
    };
    let fen = MIDDLEGAMES[2];
    let uci = talk(&format!("uci\nsetoption name Threads value 2\nposition fen {fen}\ngo depth 6\n"));
    assert!(uci.lines().any(|l| l.starts_with("option name Threads type spin default 1 min 1 max ")), "{uci}");
    assert_eq!(uci.lines().filter(|l| l.starts_with("bestmove")).count(), 1, "{uci}");
    assert!(!uci.contains("info string"), "Threads 2 is accepted: {uci}");
    let ucci = talk(&format!("ucci\nsetoption threads 0\nposition fen {fen}\ngo depth 6\n"));
    assert!(ucci.lines().any(|l| l.starts_with("option threads type spin min 0 max ")), "{ucci}");
    assert_eq!(ucci.lines().filter(|l| l.starts_with("bestmove")).count(), 1, "{ucci}");
    assert!(!ucci.contains("info string"), "threads 0 is accepted: {ucci}");
}
