//! Property tests of the XQF reader: random bytes, random bytes behind a real header, and valid files (generated
//! plain and scrambled ones, ElephantEye's real ones) mutated by byte changes, cuts, insertions and deletions.
//! Properties: no panic; an error's `Display` is one specific, bounded line (`fuzz_support::reason_ok`); a game
//! read writes to PGN and reads back to the same moves. Deterministic (`fuzz_support::SEED`);
//! `PROPTEST_CASES=100000 cargo test --test fuzz_xqf` fuzzes longer.

mod common;
mod fuzz_support;
mod xqf_support;

use duiyi::xiangqi::pgn::{PgnFormat, parse_pgn_tree, write_pgn_tree};
use duiyi::xiangqi::xqf::parse_xqf;
use proptest::prelude::*;
use std::sync::OnceLock;

/// The valid files the mutations start from.
fn corpus() -> &'static [Vec<u8>] {
    static C: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    C.get_or_init(|| {
        use xqf_support::*;
        let mut c = vec![
            write(10, NO_KEYS, &sample_header(), OPENING_TABLE, Some("root"), &sample_tree()),
            write(11, KEYS_B, &sample_header(), OPENING_TABLE, None, &sample_tree()),
            write(18, KEYS_A, &sample_header(), OPENING_TABLE, Some("root"), &sample_tree()),
        ];
        for name in ["eleeye-sample.xqf", "eleeye-qixing.xqf"] {
            c.push(std::fs::read(common::data_path(&format!("xqf/{name}"))).unwrap());
        }
        c
    })
}

/// Reads `bytes`; checks the error's text or the game's PGN round trip.
fn check(bytes: &[u8]) -> Result<(), String> {
    match parse_xqf(bytes) {
        Err(e) => fuzz_support::reason_ok("xqf", &format!("{} bytes", bytes.len()), &e.to_string()),
        Ok(g) => {
            let text = write_pgn_tree(&g, PgnFormat::Iccs).map_err(|e| format!("a game read does not write: {e}"))?;
            let back = parse_pgn_tree(&text).map_err(|e| format!("its PGN does not read back: {e}\n{text}"))?;
            if back.game.moves != g.game.moves || back.game.fen != g.game.fen {
                return Err(format!("its PGN reads back to another game\n{text}"));
            }
            Ok(())
        }
    }
}

/// A mutation of a corpus file: `(file, kind, at, value, len)` applied by [`apply`].
fn mutation() -> impl Strategy<Value = (usize, u8, usize, u8, usize)> {
    (0..5usize, 0..5u8, any::<usize>(), any::<u8>(), 1..64usize)
}

fn apply(mut b: Vec<u8>, (kind, at, value, len): (u8, usize, u8, usize)) -> Vec<u8> {
    let at = at % (b.len() + 1);
    match kind {
        // change one byte (often in the header's keys, table or the records)
        0 => {
            if at < b.len() {
                b[at] = value;
            }
        }
        // flip bits
        1 => {
            if at < b.len() {
                b[at] ^= value | 1;
            }
        }
        // cut
        2 => b.truncate(at),
        // insert bytes
        3 => {
            b.splice(at..at, std::iter::repeat_n(value, len));
        }
        // delete bytes
        _ => {
            let end = (at + len).min(b.len());
            b.drain(at..end);
        }
    }
    b
}

proptest! {
    #![proptest_config(fuzz_support::config(512))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..1600)) {
        check(&bytes).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_body_behind_a_real_header(file in 0..5usize, body in proptest::collection::vec(any::<u8>(), 0..600)) {
        let mut b = corpus()[file][..0x400].to_vec();
        b.extend(body);
        check(&b).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mutated_files(m1 in mutation(), m2 in mutation(), m3 in mutation(), n in 1..4usize) {
        let mut b = corpus()[m1.0].clone();
        for m in [m1, m2, m3].into_iter().take(n) {
            b = apply(b, (m.1, m.2, m.3, m.4));
        }
        check(&b).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn mutated_records(file in 0..5usize, at in 0..800usize, value in any::<u8>()) {
        // One byte of the move records changed: every record flag, point and length gets hit.
        let mut b = corpus()[file].clone();
        let i = 0x400 + at % (b.len() - 0x400);
        b[i] = value;
        check(&b).map_err(TestCaseError::fail)?;
    }
}
