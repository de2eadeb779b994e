//! Property tests of the engine protocols' command readers (UCCI 3.0 and UCI lines, `src/protocol/`): a
//! [`duiyi::protocol::Session`] is fed random and mutated command sequences, searching a fraction of a millisecond
//! after each line, then stopped (`tests/fuzz_support::check_session`).
//!
//! Properties: no panic on any input sequence; the session ends idle; every output line is a protocol reply; every
//! `info string` gives a reason; UCI answers each `go` with exactly one `bestmove` (UCCI with at least one).
//! Deterministic inputs (fixed proptest seed); the searches are time-sliced, so their output varies, not the
//! properties.

mod fuzz_support;

use fuzz_support::*;
use proptest::prelude::*;

fn ucci_corpus() -> &'static [String] {
    leak(UCCI_SEEDS)
}
fn uci_corpus() -> &'static [String] {
    leak(UCI_SEEDS)
}

fn run(header: &str, text: &str) -> Result<(), TestCaseError> {
    let mut lines = vec![header.to_string()];
    lines.extend(lines_of(text));
    check_session(&lines).map(|_| ()).map_err(TestCaseError::fail)
}

proptest! {
    #![proptest_config(config(96))]

    #[test]
    fn ucci_mutated_sessions(text in mutated(ucci_corpus(), PROTOCOL_DICT)) {
        run("", &text)?;
    }

    #[test]
    fn uci_mutated_sessions(text in mutated(uci_corpus(), PROTOCOL_DICT)) {
        run("", &text)?;
    }

    #[test]
    fn ucci_random_lines(text in prop_oneof![text_over(PROTOCOL_ALPHABET, 200), bytes_text(200)]) {
        run("ucci", &text)?;
    }

    #[test]
    fn uci_random_lines(text in prop_oneof![text_over(PROTOCOL_ALPHABET, 200), bytes_text(200)]) {
        run("uci", &text)?;
    }

    /// Valid lines in any order (the state machine: `ponderhit`/`stop` with no search, `go` during a ponder search,
    /// `position` during an infinite one, …).
    #[test]
    fn shuffled_valid_lines(ucci in any::<bool>(), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..24)) {
        let pool: Vec<String> = (if ucci { UCCI_SEEDS } else { UCI_SEEDS }).iter().flat_map(|s| lines_of(s)).filter(|l| l != "quit").collect();
        let text: Vec<String> = picks.iter().map(|i| i.get(&pool).clone()).collect();
        run(if ucci { "ucci" } else { "uci" }, &text.join("\n"))?;
    }
}

/// Lines before the protocol is chosen get an `info string`; the session then works normally.
#[test]
fn garbage_before_the_protocol_then_a_search() {
    let lines: Vec<String> = ["\u{0}\u{1}", "go depth 2", "ucc", "uci", "position startpos moves h2e2", "go depth 2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let out = check_session(&lines).unwrap();
    assert!(out.iter().any(|l| l.starts_with("info string unknown command")), "{out:?}");
    assert_eq!(out.iter().filter(|l| l.starts_with("bestmove")).count(), 1, "{out:?}");
}

/// A 10,000-character token is quoted cut short: every reply stays a short line (found by the length bound of
/// the reason property; the unknown-command and bad-parameter replies used to echo the whole token).
#[test]
fn long_tokens_are_quoted_cut_short() {
    let long = "x".repeat(10_000);
    for proto in ["ucci", "uci"] {
        let lines: Vec<String> = vec![
            proto.into(),
            long.clone(),
            format!("go depth {long}"),
            format!("go {long}"),
            format!("setoption {long} true"),
            format!("setoption name {long} value 1"),
            format!("setoption name Hash value {long}"),
            format!("go nodes 1 wtime {long}"),
        ];
        let out = check_session(&lines).unwrap();
        assert!(out.iter().all(|l| l.len() < MAX_REASON), "{proto}: {:?}", out.iter().map(|l| l.len()).max());
        assert!(out.iter().filter(|l| l.starts_with("info string")).count() >= 6, "{out:?}");
    }
}
