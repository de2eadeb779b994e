//! The proofs the miner and the checker share: every winning move of a position, who wins a position, and
//! whether the VC engine already sees the player's connection.

use crate::hex::knowledge::{self, Verdict};
use crate::hex::solver::{SolveLimits, solve};
use crate::hex::{Cell, Move, Position};
use crate::search::clock::now_ms;

/// Transposition table of each solver call (MiB): enough for the positions of the set, cheap to allocate.
pub(crate) const TT_MIB: usize = 8;

/// The position after `c` is played on `pos`.
pub(crate) fn after(pos: &Position, c: Cell) -> Position {
    let mut p = pos.clone();
    p.try_play(Move::Place(c)).expect("a legal move");
    p
}

/// Every winning move of `pos`'s side to move, proved complete within `ms` (the solver's moves outside the
/// must-play region lose by its argument, every other move is proved or refuted), and the solver's nodes.
/// `Some((vec![], n))` when the side to move loses; `None` when not decided within the budget.
pub(crate) fn all_wins(pos: &Position, ms: f64) -> Option<(Vec<Cell>, u64)> {
    let limits = SolveLimits { time_ms: Some(ms), nodes: None, tt_mib: TT_MIB, all_winning_moves: true };
    let r = solve(pos, limits).ok()?;
    let winner = r.winner?;
    if winner != pos.to_move() {
        return Some((vec![], r.nodes));
    }
    if !r.complete {
        return None;
    }
    let cells = r.winning_moves.iter().filter_map(|m| if let Move::Place(c) = m { Some(*c) } else { None }).collect();
    Some((cells, r.nodes))
}

/// Whether `pos`'s side to move wins (proved within `ms`), and the solver's nodes; `None` when not decided.
pub(crate) fn mover_wins(pos: &Position, ms: f64) -> Option<(bool, u64)> {
    if let Some(w) = pos.winner() {
        return Some((w == pos.to_move(), 0));
    }
    let limits = SolveLimits { time_ms: Some(ms), nodes: None, tt_mib: TT_MIB, all_winning_moves: false };
    let r = solve(pos, limits).ok()?;
    Some((r.winner? == pos.to_move(), r.nodes))
}

/// Whether the player who just moved (the opponent of `pos`'s side to move) has won already: the game is over
/// with that player the winner, or the VC engine's verdict is a loss for the side to move.
pub(crate) fn vc_won(pos: &Position) -> bool {
    if let Some(w) = pos.winner() {
        return w != pos.to_move();
    }
    knowledge::analyse(pos).is_some_and(|k| matches!(k.verdict, Verdict::Loss { .. }))
}

/// The miner's fast filter: the winning moves of `pos`'s side to move, at most `limit` of them (a search that
/// stops at the `limit`-th winning move; every empty cell is tried, with one solver table shared by the root
/// and all children), and the solver's nodes. `Some((vec![], n))` when the side to move loses, `None` when a
/// proof does not end within `ms` in all. Boards up to 128 cells. The checker uses [`all_wins`] (the root
/// solver) instead, so a kept position's set is confirmed by a second, independent search.
pub(crate) fn wins_upto(pos: &Position, ms: f64, limit: usize) -> Option<(Vec<Cell>, u64)> {
    use crate::hex::solver::{Board, Solver};
    if pos.winner().is_some() {
        return Some((vec![], 0));
    }
    let t0 = now_ms();
    let left = |t0: f64| (ms - (now_ms() - t0)).max(1.0);
    let mut s: Solver<u128> = Solver::for_search(pos.width(), pos.height(), TT_MIB);
    if !s.prove_within(&Board::from_position(pos), ms, u64::MAX)? {
        return Some((vec![], s.nodes()));
    }
    let g = pos.geometry();
    let mut empties: Vec<Cell> = pos.empty_cells().map(|i| g.cell(i)).collect();
    crate::sort::sort_by_key(&mut empties, |c| (c.row, c.col));
    let mut wins = Vec::new();
    for c in empties {
        let child = after(pos, c);
        let won = match child.winner() {
            Some(w) => w == pos.to_move(),
            None => !s.prove_within(&Board::from_position(&child), left(t0), u64::MAX)?,
        };
        if won {
            wins.push(c);
            if wins.len() >= limit {
                break;
            }
        }
    }
    Some((wins, s.nodes()))
}
