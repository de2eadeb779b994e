//! # duiyi (对弈) — a game-AI playground
//!
//! Rust engines compiled to WebAssembly (searching in a Web Worker) and to one native command-line
//! program that speaks the standard engine protocols.
//!
//! * [`xiangqi`] — Chinese chess: rules (flying general, horse-leg and elephant-eye blocks, stalemate
//!   is a loss), FEN and ICCS, perft, evaluation and an alpha-beta search.
//! * [`combat`] — attack-outcome distributions (waterfall, round table, hybrid), sampling and PRD.
//! * [`hex`] — Hex: rules (1×1 to 19×19, rectangular, the swap rule), Queenbee's two-distance evaluation,
//!   search, solver and SGF; played over GTP by [`protocol::gtp`].
//! * [`search`] — what every game's search shares: scores, TT, clock, limits, the sliced-search trait.
//! * [`geometry`] — the smallest enclosing circle (seed 001 §Ⅲ's O(n³) method and Welzl's algorithm).
//! * [`review`] — game review: win probability from an engine score, each move's class, summaries.
//! * [`engine`] — the one time-sliced `Engine` behind the native protocols and the browser worker, for every
//!   game (above the games and `search`; the protocols, wasm bindings and benches sit above it).
//! * [`mod@bench`] — `duiyi bench`: the Xiangqi node-count signature and speed figure.
//!
//! ```
//! use duiyi::xiangqi::{Position, perft};
//! let pos = Position::startpos();
//! assert_eq!(perft(&mut pos.clone(), 2), 1920); // chessprogramming.org "Chinese Chess Perft Results"
//! ```

// A wasm module built with some of the cargo features (scripts/build.sh) leaves code unused that the full build
// uses: its dead-code warnings say nothing.
#![cfg_attr(
    not(all(
        feature = "xiangqi",
        feature = "xiangqi-search",
        feature = "xiangqi-records",
        feature = "hex-search",
        feature = "hex-records",
        feature = "labs",
        feature = "protocol"
    )),
    allow(dead_code, unused_imports)
)]
pub mod args;
#[cfg(feature = "xiangqi-search")]
pub mod bench;
pub mod combat;
pub mod engine;
pub mod geometry;
pub mod hex;
pub mod levels;
pub mod protocol;
pub mod puzzles;
pub mod review;
pub mod search;
pub(crate) mod sort;
pub mod xiangqi;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

/// User input quoted in an error message: cut to 40 characters (a pasted 200 kB string must not fill a page or a
/// protocol line) and with control characters escaped (`\n` → `\\n`), so the message stays one line.
pub(crate) fn echo(s: &str) -> String {
    const MAX: usize = 40;
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i == MAX {
            out.push('…');
            break;
        }
        if c.is_control() { out.extend(c.escape_default()) } else { out.push(c) }
    }
    out
}
