//! Plane geometry for the teaching demos (a bottom-layer module, beside the games: it imports nothing of the
//! crate but [`crate::echo`]).
//!
//! * [`circle`] — the smallest enclosing circle of a point set: the seed article's O(n³) method and Welzl's
//!   expected-O(n) algorithm, with operation counts.
//! * [`cli`] — `duiyi circle --method seed|welzl [--seed N]`: points on stdin, one line of JSON on stdout.

pub mod circle;
pub mod cli;
