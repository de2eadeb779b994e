//! Xiangqi (Chinese chess): rules, notation, perft, evaluation and search.
//!
//! Rules follow the WXF/AXF laws (chessprogramming.org "Chinese Chess"; docs/engine.md, "Rules"): the
//! flying-general rule, horse-leg and elephant-eye blocks, elephants on their own side, advisors and generals in
//! the palace, cannons capturing over one screen, pawns moving sideways only after the river, and a side with no
//! legal move (checkmate *or* stalemate) loses.

mod board;
pub mod book;
pub mod eval;
mod draws;
pub mod ecco;
mod eval_params;
mod fen;
pub mod game_tree;
mod geometry;
mod movegen;
mod notation;
mod perft;
pub mod pgn;
mod play;
mod pst;
pub mod rules;
pub mod search;
pub mod tree;
pub mod tree_search;
pub mod xqf;
mod types;

pub use board::Position;
pub use draws::DrawClaim;
pub use fen::{FenError, START_FEN};
pub use movegen::{MoveList, board_squares};
pub use notation::{Notation, NotationError, ParseMoveError, WxfError};
pub use perft::{perft, perft_divide};
pub use play::{MoveError, Verdict};
pub use types::{Color, Move, Piece, PieceKind, Square};
