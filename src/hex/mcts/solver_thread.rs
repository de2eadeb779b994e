//! The root's DFPN solver in a thread of its own, as MoHex 2.0 uses a second core (its DFPN solver runs in a
//! thread beside the tree, Arneson, Hayward & Henderson 2010 and Huang et al. 2013). With `Threads` n ≥ 2 and
//! the root solver applying (at most [`super::MctsOptions::solver_empties`] empty cells, the root not proved),
//! the first helper of the search ([`super::RootHelpers`]) proves the root for the whole search instead of
//! growing a tree.
//!
//! - **The table** is the thread's own ([`RootSolver`], kept by the engine from move to move: its entries are
//!   keyed by the position); the main tree keeps its own root solver and its share of the time too, so the
//!   thread only adds to what one thread does (as the browser's solver worker does beside its play worker).
//! - **What the solver proves reaches the tree during the search** through [`SolverNews`]: after each slice of
//!   [`SLICE_MS`] the thread publishes the facts it has (the root won or lost, root moves proved to win or to
//!   lose); the tree reads them every 64 playouts and marks them as its own root solver would
//!   (`Tree::note_root_move`): a winning move ends the search, a losing one is never chosen while another is
//!   open, the root lost when every move is.
//! - At the `bestmove` the facts also enter the trees' merge ([`super::merge_best`]) as root statistics.

use super::Tree;
use super::root_stats::RootStat;
use crate::hex::bitboard::{Bits, WideBits};
use crate::hex::solver::{Board, Solver};
use crate::hex::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Length of one slice of the solver thread (ms): how often it publishes and looks at its stop flag.
pub(super) const SLICE_MS: f64 = 20.0;

/// The solver thread's table, on the cell sets of the board's width.
pub(crate) enum RootSolver {
    Narrow(Box<Solver<u128>>),
    Wide(Box<Solver<WideBits>>),
}

/// What a root solver has proved of the root so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The side to move loses whatever (allowed move) it plays.
    pub root_lost: bool,
    /// Root moves by cell index: `true` the move wins, `false` it loses.
    pub moves: Vec<(usize, bool)>,
}

/// The facts the solver thread sends the main tree (newest first; read at the tree's polls).
#[derive(Default)]
pub(crate) struct SolverNews {
    fresh: AtomicBool,
    facts: Mutex<Facts>,
}

impl SolverNews {
    fn publish(&self, facts: &Facts) {
        if let Ok(mut f) = self.facts.lock() {
            *f = facts.clone();
            self.fresh.store(true, Ordering::Release);
        }
    }

    /// The facts, when they changed since the last call.
    pub(super) fn take(&self) -> Option<Facts> {
        if !self.fresh.swap(false, Ordering::Acquire) {
            return None;
        }
        self.facts.lock().ok().map(|f| f.clone())
    }
}

/// Proves `pos` (a position the Monte Carlo search supports, not finished) with `solver` until `stop` is raised
/// or the root is decided, publishing to `news` after every slice; moves in `excluded` are not reported.
/// Returns the facts as root statistics for the merge.
pub(super) fn prove_root(solver: &mut RootSolver, pos: &Position, excluded: &[Move], stop: &AtomicBool, news: &SolverNews) -> Vec<RootStat> {
    let facts = match solver {
        RootSolver::Narrow(s) => prove_until(&mut RootProver::new(&mut **s, pos, excluded), stop, news),
        RootSolver::Wide(s) => prove_until(&mut RootProver::new(&mut **s, pos, excluded), stop, news),
    };
    facts
        .moves
        .iter()
        .map(|&(i, wins)| RootStat {
            mv: Move::Place(pos.geometry().cell(i)),
            visits: 0,
            wins: 0,
            proof: if wins { -1 } else { 1 },
            pruned: false,
            excluded: false,
        })
        .collect()
}

fn prove_until<B: Bits, S: std::borrow::BorrowMut<Solver<B>>>(prover: &mut RootProver<B, S>, stop: &AtomicBool, news: &SolverNews) -> Facts {
    while !stop.load(Ordering::Relaxed) && !prover.decided() {
        if prover.slice(SLICE_MS) {
            news.publish(&prover.facts);
        }
    }
    prover.facts.clone()
}

/// The root proved slice by slice (the solver thread's work, and the browser's solver worker's, which has no
/// threads: `crate::wasm`'s `HexRootProver`).
pub(crate) struct RootProver<B: Bits, S: std::borrow::BorrowMut<Solver<B>>> {
    solver: S,
    board: Board<B>,
    /// The allowed root moves (cell indices) and their set.
    moves: Vec<usize>,
    candidates: B,
    to_move: crate::hex::Color,
    /// What is proved so far.
    pub(crate) facts: Facts,
    /// Once the root is proved won but no allowed move is known to win (the winning moves are excluded, or the
    /// table lost them): the allowed moves are proved one by one, a slice each in turn.
    by_move: bool,
    turn: usize,
}

impl<B: Bits, S: std::borrow::BorrowMut<Solver<B>>> RootProver<B, S> {
    /// A prover of `pos` (not finished) with `solver`, reporting only moves outside `excluded`.
    pub(crate) fn new(solver: S, pos: &Position, excluded: &[Move]) -> Self {
        let geometry = pos.geometry();
        let moves: Vec<usize> = pos
            .empty_cells()
            .filter(|&i| !excluded.contains(&Move::Place(geometry.cell(i))))
            .collect();
        let candidates = moves.iter().fold(B::ZERO, |m, &i| m | B::bit(i));
        RootProver { solver, board: Board::from_position(pos), moves, candidates, to_move: pos.to_move(), facts: Facts::default(), by_move: false, turn: 0 }
    }

    /// Whether the root is decided: lost, or a winning allowed move is known.
    pub(crate) fn decided(&self) -> bool {
        self.facts.root_lost || self.facts.moves.iter().any(|&(_, wins)| wins)
    }

    /// Works for about `ms` milliseconds; returns whether the facts changed.
    pub(crate) fn slice(&mut self, ms: f64) -> bool {
        let before = self.facts.clone();
        let solver = self.solver.borrow_mut();
        let facts = &mut self.facts;
        if self.by_move {
            let open: Vec<usize> = self.moves.iter().copied().filter(|&i| !facts.moves.iter().any(|&(j, _)| j == i)).collect();
            if open.is_empty() {
                // every allowed move proved to lose
                facts.root_lost = true;
            } else {
                let i = open[self.turn % open.len()];
                self.turn += 1;
                let mut stones = self.board.stones();
                stones[self.to_move.index()] |= B::bit(i);
                let child = Board::new(stones, self.to_move.opponent());
                // the child's side to move (the opponent) loses: the move wins
                if let Some(opponent_wins) = solver.prove_for(&child, ms) {
                    facts.moves.push((i, !opponent_wins));
                }
            }
        } else {
            match solver.prove_for(&self.board, ms) {
                Some(true) => match solver.winning_cell(&self.board, self.candidates) {
                    Some(i) => {
                        facts.moves.retain(|&(j, _)| j != i);
                        facts.moves.push((i, true));
                    }
                    None => self.by_move = true,
                },
                Some(false) => facts.root_lost = true,
                None => {
                    for &i in &self.moves {
                        if let Some(wins) = solver.move_result(&self.board, i)
                            && !facts.moves.iter().any(|&(j, _)| j == i)
                        {
                            facts.moves.push((i, wins));
                        }
                    }
                }
            }
        }
        self.facts != before
    }
}

impl<B: Bits> Tree<B> {
    /// Reads the news of a solver thread working on this tree's root (`None`: none works).
    pub(super) fn set_solver_news(&mut self, news: Option<Arc<SolverNews>>) {
        self.solver_news = news;
    }

    /// Marks what the solver thread has published since the last look (see the module documentation).
    pub(super) fn read_solver_news(&mut self) {
        if let Some(facts) = self.solver_news.as_ref().and_then(|n| n.take()) {
            self.apply_facts(&facts);
        }
    }

    /// Marks `facts` about the root (a solver's proofs of this root: the thread's, or in the browser a solver
    /// worker's) as the tree's own root solver would.
    pub(super) fn apply_facts(&mut self, facts: &Facts) {
        if self.nodes.is_empty() {
            return;
        }
        if facts.root_lost {
            self.nodes[0].set_proof(-1);
            return;
        }
        for &(i, wins) in &facts.moves {
            let Some(c) = self.children(0).find(|&c| self.nodes[c].cell() == i) else { continue };
            if self.note_root_move(c, wins) {
                return;
            }
        }
        self.root_lost_if_every_move_is();
    }
}

impl RootSolver {
    /// A table of `tt_mib` MiB for the root solver of a board of `w` × `h` cells.
    pub(crate) fn new(w: usize, h: usize, tt_mib: usize) -> RootSolver {
        if w * h <= crate::hex::bitboard::NARROW_CELLS {
            RootSolver::Narrow(Box::new(Solver::for_search(w, h, tt_mib)))
        } else {
            RootSolver::Wide(Box::new(Solver::for_search(w, h, tt_mib)))
        }
    }
}

/// A root prover that owns its table, on the cell sets of the board's width (the browser's solver worker:
/// `crate::wasm`'s `HexRootProver`; natively only the tests use it).
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(crate) enum OwnedRootProver {
    Narrow(RootProver<u128, Box<Solver<u128>>>),
    Wide(RootProver<WideBits, Box<Solver<WideBits>>>),
}

#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
impl OwnedRootProver {
    /// A prover of `pos` (not finished) with a table of `tt_mib` MiB, reporting only moves outside `excluded`.
    pub(crate) fn new(pos: &Position, excluded: &[Move], tt_mib: usize) -> OwnedRootProver {
        let (w, h) = (pos.width(), pos.height());
        if w * h <= crate::hex::bitboard::NARROW_CELLS {
            OwnedRootProver::Narrow(RootProver::new(Box::new(Solver::for_search(w, h, tt_mib)), pos, excluded))
        } else {
            OwnedRootProver::Wide(RootProver::new(Box::new(Solver::for_search(w, h, tt_mib)), pos, excluded))
        }
    }

    /// Works for about `ms` milliseconds; returns whether the facts changed.
    pub(crate) fn slice(&mut self, ms: f64) -> bool {
        match self {
            OwnedRootProver::Narrow(p) => p.slice(ms),
            OwnedRootProver::Wide(p) => p.slice(ms),
        }
    }

    /// What is proved so far.
    pub(crate) fn facts(&self) -> &Facts {
        match self {
            OwnedRootProver::Narrow(p) => &p.facts,
            OwnedRootProver::Wide(p) => &p.facts,
        }
    }

    /// Whether the root is decided (lost, or a winning allowed move known).
    pub(crate) fn decided(&self) -> bool {
        match self {
            OwnedRootProver::Narrow(p) => p.decided(),
            OwnedRootProver::Wide(p) => p.decided(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The issue-33 regression position (7×7 `d4 d6 c5 b7 e3`, White to move): only c2, c3 and f2 win.
    fn regression() -> Position {
        let mut pos = Position::new(7, 7).unwrap();
        for m in ["d4", "d6", "c5", "b7", "e3"] {
            pos.try_play(Move::parse(m).unwrap()).unwrap();
        }
        pos
    }

    fn cells(pos: &Position, facts: &Facts, wins: bool) -> Vec<String> {
        facts.moves.iter().filter(|m| m.1 == wins).map(|m| pos.geometry().cell(m.0).to_string()).collect()
    }

    #[test]
    fn the_prover_finds_a_winning_move_and_only_allowed_ones() {
        let pos = regression();
        let mut p = OwnedRootProver::new(&pos, &[], 8);
        let mut slices = 0;
        while !p.decided() && slices < 10_000 {
            p.slice(20.0);
            slices += 1;
        }
        let wins = cells(&pos, p.facts(), true);
        assert_eq!(wins.len(), 1, "{:?}", p.facts());
        assert!(["c2", "c3", "f2"].contains(&wins[0].as_str()), "{wins:?}");
        assert!(!p.facts().root_lost);

        // c2 and f2 excluded: proved move by move, c3 is the win reported.
        let excluded = [Move::parse("c2").unwrap(), Move::parse("f2").unwrap()];
        let mut p = OwnedRootProver::new(&pos, &excluded, 8);
        let mut slices = 0;
        while !p.decided() && slices < 100_000 {
            p.slice(20.0);
            slices += 1;
        }
        assert_eq!(cells(&pos, p.facts(), true), vec!["c3".to_string()]);
        let lost = cells(&pos, p.facts(), false);
        assert!(!lost.iter().any(|c| c == "c2" || c == "f2" || c == "c3"), "{lost:?}");

        // Black to move after White's f2: lost whatever it plays.
        let mut after = pos.clone();
        after.try_play(Move::parse("f2").unwrap()).unwrap();
        let mut p = OwnedRootProver::new(&after, &[], 8);
        let mut slices = 0;
        while !p.decided() && slices < 10_000 {
            p.slice(20.0);
            slices += 1;
        }
        assert!(p.facts().root_lost);
    }
}
