//! Hex: rules (any board from 1×1 to 19×19, rectangular too, the swap rule), and — built on them — Queenbee's
//! two-distance evaluation, search, a solver, SGF and GTP.
//!
//! Conventions are HexGui's, Benzene's and the SGF specification's for `GM[11]`
//! (<https://www.red-bean.com/sgf/hex.html>): columns `a…` left to right, rows `1…` top to bottom, Black moves
//! first and joins NORTH–SOUTH, White joins WEST–EAST. Draws are impossible: on a full board exactly one side
//! has joined its edges (HexWiki, "Rules").
//!
//! ```
//! use duiyi::hex::{Color, Position};
//! let mut pos = Position::square(2).unwrap();
//! pos.play_str("a2").unwrap(); // Black touches SOUTH …
//! pos.play_str("a1").unwrap(); // … White takes a corner …
//! pos.play_str("b1").unwrap(); // … and b1 (on NORTH) touches a2: Black has joined its edges.
//! assert_eq!(pos.winner(), Some(Color::Black));
//! ```

mod bitboard;
mod bitset;
mod board;
pub mod bench;
pub mod cli;
mod cli_args;
pub mod driver;
pub mod eval;
mod ice;
pub mod knowledge;
pub mod mcts;
mod resistance;
pub mod review;
mod review_cli;
pub mod search;
pub mod sgf;
pub mod solver;
pub mod two_distance;
mod types;
#[cfg(test)]
mod wide_tests;
mod vc;

pub use board::{Geometry, HexError, Position};
pub use eval::{Maps, evaluate};
pub use two_distance::{Convention, INFINITY};
pub use types::{Cell, CellError, Color, Edge, MAX_SIDE, Move};
