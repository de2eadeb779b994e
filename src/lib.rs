//! # duiyi (对弈) — a game-AI playground
//!
//! Rust engines compiled to WebAssembly (searching in a Web Worker) and to one native command-line
//! program that speaks the standard engine protocols.
//!
//! * [`xiangqi`] — Chinese chess: rules (flying general, horse-leg and elephant-eye blocks, stalemate
//!   is a loss), FEN and ICCS, perft, evaluation and an alpha-beta search.
//! * [`combat`] — attack-outcome distributions (waterfall, round table, hybrid), sampling and PRD.
//! * [`engine`] — the one time-sliced `Engine` behind the native protocols and the browser worker.
//!
//! ```
//! use duiyi::xiangqi::{Position, perft};
//! let pos = Position::startpos();
//! assert_eq!(perft(&mut pos.clone(), 2), 1920); // chessprogramming.org "Chinese Chess Perft Results"
//! ```

pub mod combat;
pub mod engine;
pub mod hex;
pub mod protocol;
pub mod search;
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
