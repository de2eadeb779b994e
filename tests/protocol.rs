//! Protocol transcripts: the built `duiyi` binary driven through pipes, in UCCI 3.0
//! (`xqbase/eleeye:PROTOCOL/cchess_ucci.htm`) and UCI (Pikafish `src/uci.cpp`).
//!
//! Every wait is for an output line, with a timeout; no fixed sleeps. Latency bounds are generous (CI machines
//! are loaded, tests run in parallel) and the measured figures are printed (`cargo test -- --nocapture`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How long any awaited line may take before the test fails.
const WAIT: Duration = Duration::from_secs(20);
/// Bound asserted on the stop / ponder-miss latency (the design goal is a few ms; this only catches hangs).
const LATENCY_BOUND: Duration = Duration::from_millis(500);

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    transcript: Vec<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duiyi"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start duiyi");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine { child, stdin, lines: rx, transcript: Vec::new() }
    }

    fn ucci() -> Engine {
        let mut e = Engine::start();
        e.send("ucci");
        e.until(|l| l == "ucciok");
        e
    }

    fn uci() -> Engine {
        let mut e = Engine::start();
        e.send("uci");
        e.until(|l| l == "uciok");
        e
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {}", line.chars().take(200).collect::<String>()));
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.transcript.push(format!("> {bytes:?}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes stdin (end of input).
    fn close(&mut self) {
        self.transcript.push("> <EOF>".into());
        self.stdin = None;
    }

    fn next_line(&mut self, deadline: Instant) -> Option<String> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => {
                self.transcript.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `pred`; returns the lines before it and the line.
    fn until(&mut self, pred: impl Fn(&str) -> bool) -> (Vec<String>, String) {
        let deadline = Instant::now() + WAIT;
        let mut before = Vec::new();
        loop {
            match self.next_line(deadline) {
                Some(l) if pred(&l) => return (before, l),
                Some(l) => before.push(l),
                None => panic!("no matching line within {WAIT:?}; transcript:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// Waits for the exit status, failing after [`WAIT`].
    fn wait_exit(&mut self) -> std::process::ExitStatus {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "engine did not exit; transcript:\n{}", self.transcript.join("\n"));
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The remaining output after the process ended.
    fn rest(&mut self) -> Vec<String> {
        let deadline = Instant::now() + WAIT;
        let mut out = Vec::new();
        while let Some(l) = self.next_line(deadline) {
            out.push(l);
        }
        out
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn is_bestmove(l: &str) -> bool {
    l.starts_with("bestmove") || l == "nobestmove"
}

/// The value after `key` in an `info` line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut it = line.split_whitespace();
    while let Some(t) = it.next() {
        if t == key {
            return it.next();
        }
    }
    None
}

fn depth_of(line: &str) -> u32 {
    field(line, "depth").and_then(|d| d.parse().ok()).unwrap_or(0)
}

fn is_info_depth(l: &str) -> bool {
    l.starts_with("info depth")
}

fn bestmove_of(line: &str) -> &str {
    field(line, "bestmove").unwrap_or("")
}

#[test]
fn ucci_handshake_lists_options_and_quit_says_bye() {
    let mut e = Engine::start();
    e.send("ucci");
    let (before, _) = e.until(|l| l == "ucciok");
    assert!(before.iter().any(|l| l.starts_with("id name duiyi")), "{before:?}");
    for opt in ["usemillisec", "hashsize", "ponder", "newgame", "batch"] {
        assert!(before.iter().any(|l| l.starts_with(&format!("option {opt} type"))), "option {opt}: {before:?}");
    }
    e.send("isready");
    e.until(|l| l == "readyok");
    e.send("quit");
    e.until(|l| l == "bye");
    assert!(e.wait_exit().success());
}

#[test]
fn uci_handshake_lists_options_and_quits() {
    let mut e = Engine::start();
    e.send("uci");
    let (before, _) = e.until(|l| l == "uciok");
    assert!(before.iter().any(|l| l.starts_with("id name duiyi")), "{before:?}");
    assert!(before.iter().any(|l| l == "option name Hash type spin default 16 min 1 max 1024"), "{before:?}");
    assert!(before.iter().any(|l| l == "option name Ponder type check default false"), "{before:?}");
    e.send("setoption name Hash value 8");
    e.send("ucinewgame");
    e.send("isready");
    let (before, _) = e.until(|l| l == "readyok");
    assert!(before.is_empty(), "setoption/ucinewgame print nothing: {before:?}");
    e.send("quit");
    assert!(e.wait_exit().success());
    assert!(!e.rest().iter().any(|l| l == "bye"), "UCI has no 'bye'");
}

/// Runs `go depth 6` from a position in a fresh engine: (bestmove line, nodes of the last info).
fn depth6(protocol: &str) -> (String, u64) {
    let mut e = if protocol == "ucci" { Engine::ucci() } else { Engine::uci() };
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 6");
    let (infos, best) = e.until(is_bestmove);
    let last = infos.iter().rev().find(|l| is_info_depth(l)).expect("an info line").clone();
    assert_eq!(depth_of(&last), 6, "{infos:?}");
    for l in infos.iter().filter(|l| is_info_depth(l)) {
        for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(l.split_whitespace().any(|t| t == key), "'{key}' missing in {l}");
        }
    }
    if protocol == "uci" {
        assert!(last.contains(" score cp ") || last.contains(" score mate "), "{last}");
    }
    (best, field(&last, "nodes").unwrap().parse().unwrap())
}

#[test]
fn go_depth_is_reproducible_in_both_protocols() {
    let a = depth6("ucci");
    let b = depth6("ucci");
    let c = depth6("uci");
    println!("go depth 6: {} after {} nodes", a.0, a.1);
    assert_eq!(a, b, "two fresh UCCI runs differ");
    assert_eq!(a.1, c.1, "UCI and UCCI searched different trees");
    assert_eq!(bestmove_of(&a.0), bestmove_of(&c.0));
}

/// `go ponder` holds its bestmove; `ponderhit` starts the clock and the search answers within its time,
/// continuing from where it was (no restart from depth 1).
fn ponder_hit(protocol: &str) {
    let (mut e, go) = if protocol == "ucci" {
        let mut e = Engine::ucci();
        e.send("setoption usemillisec true");
        (e, "go ponder time 3000 increment 0")
    } else {
        (Engine::uci(), "go ponder wtime 3000 btime 3000")
    };
    e.send("position startpos moves h2e2 h9g7");
    e.send(go);
    let (_, info) = e.until(|l| is_info_depth(l) && depth_of(l) >= 4);
    let depth_before = depth_of(&info);
    // Still pondering: an isready is answered with no bestmove.
    e.send("isready");
    let (before, _) = e.until(|l| l == "readyok");
    assert!(!before.iter().any(|l| is_bestmove(l)), "bestmove while pondering: {before:?}");
    let depth_before =
        before.iter().filter(|l| is_info_depth(l)).map(|l| depth_of(l)).max().unwrap_or(0).max(depth_before);
    let t = Instant::now();
    e.send("ponderhit");
    let (after, best) = e.until(is_bestmove);
    let took = t.elapsed();
    println!("{protocol}: ponderhit at depth {depth_before} -> '{best}' after {took:?}");
    assert!(best.starts_with("bestmove "), "{best}");
    // 3000 ms with 30 moves to go: about a 100 ms budget, hard limit 4x that.
    assert!(took < Duration::from_millis(2000), "ponderhit answered after {took:?}");
    for l in after.iter().filter(|l| is_info_depth(l)) {
        assert!(depth_of(l) > depth_before, "search restarted after ponderhit: {l} (was at {depth_before})");
    }
    e.send("isready");
    let (extra, _) = e.until(|l| l == "readyok");
    assert!(!extra.iter().any(|l| is_bestmove(l)), "a second bestmove: {extra:?}");
}

#[test]
fn ucci_ponder_hit_answers_within_the_clock() {
    ponder_hit("ucci");
}

#[test]
fn uci_ponder_hit_answers_within_the_clock() {
    ponder_hit("uci");
}

/// Ponder miss: `stop` answers at once; then the real position and `go` work, with exactly one bestmove each.
fn ponder_miss(protocol: &str) {
    let (mut e, go_ponder, go) = if protocol == "ucci" {
        let mut e = Engine::ucci();
        e.send("setoption usemillisec true");
        (e, "go ponder time 60000 increment 0", "go depth 4")
    } else {
        (Engine::uci(), "go ponder wtime 60000 btime 60000", "go depth 4")
    };
    e.send("position startpos moves h2e2 h9g7");
    e.send(go_ponder);
    e.until(|l| is_info_depth(l) && depth_of(l) >= 3);
    let t = Instant::now();
    e.send("stop");
    let (_, best) = e.until(is_bestmove);
    let took = t.elapsed();
    println!("{protocol}: ponder miss, stop -> '{best}' after {took:?}");
    assert!(best.starts_with("bestmove "), "{best}");
    assert!(took < LATENCY_BOUND, "stop took {took:?}");
    e.send("position startpos moves h2e2 b9c7");
    e.send(go);
    let (infos, best2) = e.until(is_bestmove);
    assert!(best2.starts_with("bestmove "), "{best2}");
    assert!(infos.iter().any(|l| is_info_depth(l) && depth_of(l) == 4), "{infos:?}");
    e.send("isready");
    let (extra, _) = e.until(|l| l == "readyok");
    assert!(!extra.iter().any(|l| is_bestmove(l)), "a second bestmove: {extra:?}");
}

#[test]
fn ucci_ponder_miss_stop_answers_at_once_then_new_go_works() {
    ponder_miss("ucci");
}

#[test]
fn uci_ponder_miss_stop_answers_at_once_then_new_go_works() {
    ponder_miss("uci");
}

#[test]
fn stop_during_a_deep_search_is_answered_quickly() {
    for protocol in ["uci", "ucci"] {
        let mut e = if protocol == "ucci" { Engine::ucci() } else { Engine::uci() };
        let mut worst = Duration::ZERO;
        for round in 0..3 {
            e.send(&format!("position startpos moves h2e2 h9g7{}", if round % 2 == 1 { " h0g2" } else { "" }));
            e.send("go infinite");
            let (_, info) = e.until(|l| is_info_depth(l) && depth_of(l) >= 5);
            let t = Instant::now();
            e.send("stop");
            let (_, best) = e.until(is_bestmove);
            let took = t.elapsed();
            worst = worst.max(took);
            println!("{protocol}: stop at depth {} -> '{best}' after {took:?}", depth_of(&info));
            assert!(best.starts_with("bestmove "), "{best}");
        }
        println!("{protocol}: worst stop latency {worst:?}");
        assert!(worst < LATENCY_BOUND, "stop took {worst:?}");
    }
}

#[test]
fn garbage_lines_get_info_string_and_the_engine_carries_on() {
    for protocol in ["ucci", "uci"] {
        let mut e = if protocol == "ucci" { Engine::ucci() } else { Engine::uci() };
        let garbage: &[&str] = &[
            "frobnicate",
            "position",
            "position fen not/a/fen",
            "position startpos moves h2e2 e9e5",
            "setoption",
            if protocol == "ucci" { "setoption bogusoption 3" } else { "setoption name Bogus value 3" },
            if protocol == "ucci" { "setoption hashsize lots" } else { "setoption name Hash value lots" },
            "ponderhit",
        ];
        for g in garbage {
            e.send(g);
            let (_, l) = e.until(|l| l.starts_with("info string"));
            assert!(l.len() > "info string ".len(), "{g}: {l}");
        }
        e.send_bytes(b"\xff\xfe\x00 bad bytes\n");
        e.until(|l| l.starts_with("info string"));
        e.send(&"x".repeat(100_000));
        e.until(|l| l.starts_with("info string"));
        e.send("");
        // The refused `position ... e9e5` kept the legal prefix h2e2; a malformed go parameter is named and
        // the search still answers.
        e.send("d");
        let (_, fen) = e.until(|l| l.starts_with("info string fen"));
        assert!(fen.contains(" b "), "black to move after h2e2: {fen}");
        // A `go` whose only limit is unreadable is named and searches one ply rather than forever (a GUI
        // waiting for its bestmove would otherwise hang).
        e.send("go depth x");
        let (_, l) = e.until(|l| l.starts_with("info string"));
        assert!(l.contains("depth"), "{l}");
        let (_, l) = e.until(|l| l.starts_with("info string"));
        assert!(l.contains("searching depth 1"), "{l}");
        e.until(is_bestmove);
        e.send("go depth 3 sideways 7");
        let (_, l) = e.until(|l| l.starts_with("info string"));
        assert!(l.contains("sideways"), "{l}");
        let (_, best) = e.until(is_bestmove);
        assert!(best.starts_with("bestmove "), "{best}");
        e.send("isready");
        e.until(|l| l == "readyok");
    }
}

#[test]
fn nothing_before_the_protocol_is_chosen_but_an_info_string() {
    let mut e = Engine::start();
    e.send("isready");
    let (_, l) = e.until(|_| true);
    assert!(l.starts_with("info string") && l.contains("ucci"), "{l}");
    e.send("ucci");
    e.until(|l| l == "ucciok");
}

/// Bare generals: Red has two legal moves (e0f0, e0e1; e0d0 would face the black general). The bestmove, once
/// banned, is not played; with both banned there is no move; the next `position` lifts the ban.
#[test]
fn ucci_banmoves_are_respected_until_the_next_position() {
    let fen = "position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let mut e = Engine::ucci();
    e.send(fen);
    e.send("go depth 3");
    let (_, first) = e.until(is_bestmove);
    let first = bestmove_of(&first).to_string();
    assert!(!first.is_empty());
    e.send(fen);
    e.send(&format!("banmoves {first}"));
    e.send("go depth 3");
    let (infos, second) = e.until(is_bestmove);
    let second = bestmove_of(&second).to_string();
    assert!(!second.is_empty() && second != first, "banned {first} but got {second}");
    for l in infos.iter().filter(|l| is_info_depth(l)) {
        assert_ne!(field(l, "pv"), Some(first.as_str()), "banned move in pv: {l}");
    }
    // Every legal move banned (the red general has two: e0f0 and e0e1; e0d0 would face the black general).
    e.send(&format!("banmoves {first} {second}"));
    e.send("go depth 3");
    let (_, none) = e.until(is_bestmove);
    assert_eq!(none, "nobestmove");
    // A new position clears the ban.
    e.send(fen);
    e.send("go depth 3");
    let (_, again) = e.until(is_bestmove);
    assert_eq!(bestmove_of(&again), first);
}

#[test]
fn uci_searchmoves_restrict_the_root() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go depth 4 searchmoves a3a4 i3i4");
    let (_, best) = e.until(is_bestmove);
    assert!(["a3a4", "i3i4"].contains(&bestmove_of(&best)), "{best}");
}

#[test]
fn no_legal_move_gives_nobestmove_or_bestmove_none() {
    // Black general on d9 in check from the rook on d1; d8 stays on the file, e9 would face the red general.
    let mated = "position fen 3k5/9/9/9/9/9/9/9/3R5/4K4 b - - 0 1";
    let mut e = Engine::ucci();
    e.send(mated);
    e.send("go depth 3");
    assert_eq!(e.until(is_bestmove).1, "nobestmove");
    // A stray stop when idle is answered with nobestmove too (UCCI §3 note 6).
    e.send("stop");
    assert_eq!(e.until(is_bestmove).1, "nobestmove");
    let mut e = Engine::uci();
    e.send(mated);
    e.send("go depth 3");
    assert_eq!(e.until(is_bestmove).1, "bestmove (none)");
}

#[test]
fn ucci_go_depth_zero_gives_static_score_and_nobestmove() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go depth 0");
    let (before, l) = e.until(is_bestmove);
    assert_eq!(l, "nobestmove");
    assert!(before.iter().any(|l| l.starts_with("info depth 0 score ")), "{before:?}");
}

/// `go` during `go infinite` stops it (its bestmove first), then starts: one bestmove per go.
#[test]
fn go_while_searching_infinite_stops_it_first() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go infinite");
    e.until(|l| is_info_depth(l) && depth_of(l) >= 2);
    e.send("go depth 3");
    let (before, first) = e.until(is_bestmove);
    assert!(before.iter().any(|l| l.starts_with("info string")), "an info string explains the stop: {before:?}");
    assert!(first.starts_with("bestmove "));
    let (infos, second) = e.until(is_bestmove);
    assert!(second.starts_with("bestmove "));
    assert!(infos.iter().any(|l| is_info_depth(l) && depth_of(l) == 3), "{infos:?}");
    e.send("isready");
    let (extra, _) = e.until(|l| l == "readyok");
    assert!(!extra.iter().any(|l| is_bestmove(l)), "{extra:?}");
}

/// Lines sent during a bounded search are queued behind it, in order: a piped script gets every search whole.
#[test]
fn commands_during_a_bounded_search_run_after_its_bestmove() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go depth 5");
    e.send("position startpos moves h2e2");
    e.send("go depth 4");
    e.send("isready");
    let (infos, first) = e.until(is_bestmove);
    assert!(infos.iter().any(|l| is_info_depth(l) && depth_of(l) == 5), "first search cut short: {infos:?}");
    assert!(!infos.iter().any(|l| l.starts_with("info string")), "{infos:?}");
    // `isready` does not need an idle engine: it is answered at once, during the first search (UCI: always
    // answered immediately), while the queued position/go wait for that search's bestmove.
    assert_eq!(infos.iter().filter(|l| *l == "readyok").count(), 1, "{infos:?}");
    let (infos, second) = e.until(is_bestmove);
    assert!(first.starts_with("bestmove ") && second.starts_with("bestmove "));
    assert!(infos.iter().any(|l| is_info_depth(l) && depth_of(l) == 4), "{infos:?}");
}

/// `stop`, `isready` and `quit` are answered at once even while commands are queued behind a bounded search;
/// the queued commands then run in order.
#[test]
fn stop_and_isready_are_not_queued_behind_waiting_commands() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go depth 40");
    e.until(|l| is_info_depth(l) && depth_of(l) >= 3);
    e.send("go depth 2");
    e.send("isready");
    e.until(|l| l == "readyok");
    e.send("stop");
    let (_, first) = e.until(is_bestmove);
    let (infos, second) = e.until(is_bestmove);
    assert!(first.starts_with("bestmove ") && second.starts_with("bestmove "), "{first} / {second}");
    assert!(infos.iter().any(|l| is_info_depth(l) && depth_of(l) == 2), "the queued go ran: {infos:?}");
    e.send("quit");
    e.until(|l| l == "bye");
}

#[test]
fn end_of_input_finishes_a_bounded_search_and_exits() {
    let mut e = Engine::uci();
    e.send("position startpos");
    e.send("go depth 4");
    e.close();
    let status = e.wait_exit();
    let rest = e.rest();
    assert!(status.success());
    assert!(rest.iter().any(|l| is_info_depth(l) && depth_of(l) == 4), "{rest:?}");
    assert_eq!(rest.iter().filter(|l| is_bestmove(l)).count(), 1, "{rest:?}");
}

#[test]
fn end_of_input_stops_an_infinite_search_with_its_bestmove() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go infinite");
    e.until(|l| is_info_depth(l) && depth_of(l) >= 2);
    e.close();
    let status = e.wait_exit();
    assert!(status.success());
    let rest = e.rest();
    assert_eq!(rest.iter().filter(|l| is_bestmove(l)).count(), 1, "{rest:?}");
}

#[test]
fn quit_during_a_search_prints_its_bestmove_then_bye() {
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go infinite");
    e.until(|l| is_info_depth(l) && depth_of(l) >= 2);
    e.send("quit");
    let (_, best) = e.until(is_bestmove);
    assert!(best.starts_with("bestmove "));
    e.until(|l| l == "bye");
    assert!(e.wait_exit().success());
}

#[test]
fn ucci_time_is_in_seconds_unless_usemillisec() {
    // `go time 30 movestogo 1` is 30 seconds by default: still thinking at depth 7 (about 100 ms in), so
    // `isready` comes back with no bestmove; with `usemillisec true` it is 30 ms and answers by itself.
    let mut e = Engine::ucci();
    e.send("position startpos");
    e.send("go time 30 movestogo 1");
    e.until(|l| is_info_depth(l) && depth_of(l) >= 7);
    e.send("isready");
    let (before, _) = e.until(|l| l == "readyok");
    assert!(!before.iter().any(|l| is_bestmove(l)), "answered early: 30 was not read as seconds: {before:?}");
    e.send("stop");
    e.until(is_bestmove);
    e.send("setoption usemillisec true");
    let t = Instant::now();
    e.send("go time 30 movestogo 1");
    e.until(is_bestmove);
    let took = t.elapsed();
    println!("go time 30 movestogo 1 with usemillisec: bestmove after {took:?}");
    assert!(took < Duration::from_millis(1000), "{took:?}");
}

#[test]
fn ucci_draw_offer_is_accepted_only_when_not_ahead() {
    // Bare generals at move 40: dead equal, score 0 -> the offer is accepted.
    let mut e = Engine::ucci();
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 40");
    e.send("go draw depth 3");
    let (_, best) = e.until(is_bestmove);
    assert!(best.ends_with(" draw"), "{best}");
    // The same at move 1: too early for a level game (the rule accepts a level score from move 30 on).
    e.send("position fen 3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    e.send("go draw depth 3");
    let (_, best) = e.until(is_bestmove);
    assert!(!best.ends_with(" draw"), "{best}");
    // Black a rook down at move 1: losing, so it accepts at once.
    e.send("position fen 3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1");
    e.send("go draw depth 3");
    let (_, best) = e.until(is_bestmove);
    assert!(best.ends_with(" draw"), "{best}");
    // Red a rook up: declined.
    e.send("position fen 3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
    e.send("go draw depth 3");
    let (_, best) = e.until(is_bestmove);
    assert!(!best.ends_with(" draw"), "{best}");
}

/// `setoption … MultiPV` then `go depth 6`: every depth prints `multipv 1..3` lines with distinct first moves,
/// best first, and the bestmove is rank 1's first move; UCI lists the option, UCCI accepts both forms.
fn multipv3(protocol: &str, setoption: &str) {
    let mut e = if protocol == "ucci" { Engine::ucci() } else { Engine::uci() };
    e.send(setoption);
    e.send("position startpos moves h2e2");
    e.send("go depth 6");
    let (infos, best) = e.until(is_bestmove);
    let infos: Vec<&String> = infos.iter().filter(|l| is_info_depth(l)).collect();
    for d in 1..=6 {
        let at: Vec<&&String> = infos.iter().filter(|l| depth_of(l) == d).collect();
        let ranks: Vec<&str> = at.iter().map(|l| field(l, "multipv").unwrap_or("?")).collect();
        assert_eq!(ranks, ["1", "2", "3"], "{protocol} depth {d}: {at:?}");
        let mut firsts: Vec<&str> = at.iter().map(|l| field(l, "pv").unwrap()).collect();
        let score = |l: &str| field(l, if protocol == "uci" { "cp" } else { "score" }).and_then(|s| s.parse::<i32>().ok());
        let scores: Vec<Option<i32>> = at.iter().map(|l| score(l)).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{protocol} depth {d}: sorted {at:?}");
        if d == 6 {
            assert_eq!(bestmove_of(&best), firsts[0], "{best}");
        }
        firsts.sort();
        firsts.dedup();
        assert_eq!(firsts.len(), 3, "{protocol} depth {d}: distinct {at:?}");
    }
}

#[test]
fn multipv_3_prints_three_distinct_lines_per_depth() {
    multipv3("uci", "setoption name MultiPV value 3");
    multipv3("ucci", "setoption multipv 3");
    multipv3("ucci", "setoption name MultiPV value 3");
    let mut e = Engine::uci();
    e.send("uci");
    let (before, _) = e.until(|l| l == "uciok");
    assert!(before.iter().any(|l| l == "option name MultiPV type spin default 1 min 1 max 5"), "{before:?}");
    e.send("setoption name MultiPV value 9");
    let (_, l) = e.until(|l| l.starts_with("info string"));
    assert!(l.contains("MultiPV") && l.contains("1..5"), "{l}");
}
