//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard test of a move
//! generator (chessprogramming.org "Perft"; Xiangqi counts in `tests/data/xiangqi_perft.json`).

use super::board::Position;
use super::movegen::MoveList;
use super::types::Move;

/// Counts the leaves of the legal-move tree `depth` plies deep (depth 0 → 1). `pos` is restored on return.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.gen_pseudo(&mut list, false);
    let mut nodes = 0;
    for &m in list.as_slice() {
        if pos.make_if_legal(m) {
            nodes += if depth == 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move();
        }
    }
    nodes
}

/// Perft split by root move: `(move, leaf count)` for every legal move, in generation order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let moves = pos.legal_moves();
    moves
        .as_slice()
        .iter()
        .map(|&m| {
            pos.make_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.unmake_move();
            (m, n)
        })
        .collect()
}
