//! The solver's public entry, [`solve`]: the root's moves as a `Position`-level layer (so `swap-pieces` is
//! handled exactly), each child proved by the DFPN search of [`super`], on the cell sets of the board's size.

use super::{Analysis, Board, MAX_SOLVER_CELLS, SolveError, SolveLimits, SolveResult, Solver};
use crate::hex::bitboard::{Bits, NARROW_CELLS, WideBits, bits};
use crate::hex::{Move, Position};
use crate::search::clock::now_ms;

/// Proves who wins `pos` (side to move's turn) and, with [`SolveLimits::all_winning_moves`], every winning move.
///
/// A position that already has a winner is returned as such with no moves.
///
/// # Errors
/// [`SolveError::TooLarge`] for a board of more than [`MAX_SOLVER_CELLS`] cells.
pub fn solve(pos: &Position, limits: SolveLimits) -> Result<SolveResult, SolveError> {
    let cells = pos.width() * pos.height();
    if cells > MAX_SOLVER_CELLS {
        return Err(SolveError::TooLarge { cells });
    }
    if cells <= NARROW_CELLS { solve_in::<u128>(pos, limits) } else { solve_in::<WideBits>(pos, limits) }
}

/// [`solve`] on cell sets `B` (the board has at most `B::BITS` cells).
fn solve_in<B: Bits>(pos: &Position, limits: SolveLimits) -> Result<SolveResult, SolveError> {
    let start = now_ms();
    let mut s = Solver::<B>::new(pos.width(), pos.height(), limits, start);
    let mover = pos.to_move();
    if let Some(w) = pos.winner() {
        return Ok(SolveResult { winner: Some(w), winning_moves: vec![], complete: true, nodes: 0, time_ms: 0.0 });
    }
    let mut winning = Vec::new();
    let mut complete = true;
    let mut mover_wins = None;
    // Children of the root: a `Position`-level layer so `swap-pieces` is handled exactly.
    let root = Board::from_position(pos);
    // Without the fill-in: a move into a filled cell can win too, and every winning move is wanted.
    s.use_fill = false;
    let candidates: Vec<Move> = match s.analyse(&root) {
        Analysis::Moves(m, _) if !pos.swap_available() => bits(m).map(|i| Move::Place(s.m.cell(i))).collect(),
        _ => pos.legal_moves(),
    };
    s.use_fill = true;
    // First a proof of the root itself (finds one winning move fast when there is one).
    if !pos.swap_available() {
        let r = s.prove_turning(&root);
        match r {
            Some(true) => mover_wins = Some(true),
            Some(false) => mover_wins = Some(false),
            None => complete = false,
        }
    }
    if mover_wins == Some(false) {
        // Every move loses (moves outside the must-play region by the region's argument, the others by proof).
        return Ok(s.finish(mover, Some(false), vec![], true));
    }
    if mover_wins == Some(true) && !limits.all_winning_moves {
        // One winning move is enough: a child the proof left in the table as lost for the opponent.
        for &mv in &candidates {
            if let Move::Place(c) = mv {
                let child = root.play(pos.geometry().index(c));
                if s.probe(child.key(s.n).0).is_some_and(|e| e.delta == 0) {
                    return Ok(s.finish(mover, Some(true), vec![mv], true));
                }
            }
        }
    }
    for mv in candidates {
        if s.out_of_budget() {
            complete = false;
            break;
        }
        let mut child = pos.clone();
        if child.try_play(mv).is_err() {
            continue;
        }
        // The child's result from the opponent's view: `Some(false)` = the opponent loses = `mv` wins.
        let r = if let Some(w) = child.winner() {
            Some(w == mover.opponent())
        } else if child.swap_available() {
            // Only after the very first move with the swap rule on: solve one more level at this layer.
            let sub = solve_in::<B>(&child, SolveLimits { all_winning_moves: false, ..limits_left(&s, limits) })?;
            s.nodes += sub.nodes;
            sub.winner.map(|w| w == mover.opponent())
        } else {
            s.prove_turning(&Board::from_position(&child))
        };
        match r {
            Some(false) => {
                winning.push(mv);
                mover_wins = Some(true);
                if !limits.all_winning_moves {
                    break;
                }
            }
            Some(true) => {}
            None => complete = false,
        }
    }
    if mover_wins.is_none() && complete {
        mover_wins = Some(false);
    }
    if mover_wins == Some(true) && !winning.is_empty() && !limits.all_winning_moves {
        complete = true;
    }
    crate::sort::sort_by_key(&mut winning, |m| match m {
        Move::Place(c) => (c.row as u32) << 8 | c.col as u32,
        Move::Swap => u32::MAX,
    });
    Ok(s.finish(mover, mover_wins, winning, complete))
}

/// The limits left for a nested solve.
fn limits_left<B: Bits>(s: &Solver<B>, limits: SolveLimits) -> SolveLimits {
    SolveLimits {
        time_ms: limits.time_ms.map(|t| (t - (now_ms() - s.start)).max(0.0)),
        nodes: limits.nodes.map(|n| n.saturating_sub(s.nodes)),
        ..limits
    }
}

