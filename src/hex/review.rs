//! Hex game review: for every position of a game, the engine's evaluation at a small fixed budget and both
//! sides' board potentials (Queenbee's two-distance, [`super::eval`]: what the Hex page's heatmaps show); where
//! the DFPN solver ([`super::solver`]) can decide the positions, their values and **the losing move** — a move
//! after which a position won for its mover became lost — with a proved winning alternative, the proof's size
//! (nodes) and time; elsewhere the largest evaluation drops, marked as likely mistakes by a heuristic.
//!
//! **Evaluation.** The playing engine's Monte Carlo search ([`super::mcts`]) at [`ReviewOptions::playouts`]
//! playouts (bounded by playouts, so the same everywhere, natively and in wasm), read as the win probability of
//! the best move, `p = 1 / (1 + 10^(−score/400))` (the search's own Elo-like score, proved positions 0 or 1). A
//! position the Monte Carlo search does not take (a swap decision pending) is evaluated
//! by Queenbee's alpha-beta at [`ReviewOptions::alpha_beta_nodes`] nodes, its score in the same formula (a
//! stand-in: 100 eval units = one unit of board potential ≈ 64%).
//!
//! **Classes** (the names of the Xiangqi review, docs/review.md): by the drop of the mover's win probability
//! `loss = p(before) − (1 − p(after))`, with the Xiangqi review's limits ([`crate::review::classify`]):
//! `best` when the move is the engine's or `loss` ≤ 0.02, `good` < 0.05, `inaccuracy` < 0.10, `mistake` < 0.15,
//! `blunder` otherwise — labelled **heuristic** (`heuristic: true`):
//! the search at a small budget is noisy. Where the solver decided both positions around a move, the class is
//! proved instead: a move that keeps a proved win is `best`; a move from a proved win to a proved loss is a
//! `blunder` with `proved: true` and a proved winning alternative (`better`). The moves of a side already
//! proved lost keep their heuristic class.
//!
//! **The swap rule.** The empty start of a square board with the swap rule on is lost for Black whatever the
//! board (White swaps a first stone that wins for its owner, the swapped position being its mirror image with
//! the colours exchanged, and plays on after one that loses), so Black's first move there is never a losing
//! move; the position after it (the swap decision) is solved with the swap as one more move.
//!
//! **Solving** goes backward from the last position, with one solver (its table kept, so each proof reuses the
//! later ones): a position is tried when the board has at most [`ReviewOptions::solve_cells`] cells (8×8) or at
//! most [`ReviewOptions::solve_empties`] empty cells, each within [`ReviewOptions::solve_ms`] and
//! [`ReviewOptions::solve_nodes`], all within [`ReviewOptions::solve_total_ms`]; it stops at the first
//! position not decided (earlier ones have more empty cells). A position whose played move leads to a position
//! proved lost for the opponent is won by that move without a search (`inferred`).
//!
//! The work is split into steps ([`Reviewer::step`]: one position's evaluation, or a slice of at most
//! [`ReviewOptions::step_ms`] of one position's proof) so a worker can report progress and be cancelled between
//! two of them.

use super::eval::Maps;
use super::mcts::Mcts;
use super::search::Searcher;
use super::bitboard::NARROW_CELLS;
use super::solver::{Board, SolveLimits, Solver, solve};
use super::two_distance::Convention;
use super::{Cell, Color, INFINITY, Move, Position};
use crate::search::clock::now_ms;
use crate::search::score::MATE_BOUND;
use serde::Serialize;

/// The budgets of a review (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewOptions {
    /// Monte Carlo playouts per position for the evaluation.
    pub playouts: u64,
    /// Alpha-beta nodes per position where the Monte Carlo search does not apply.
    pub alpha_beta_nodes: u64,
    /// Boards of at most this many cells are solved from any position (64: up to 8×8).
    pub solve_cells: usize,
    /// On larger boards (up to 128 cells: the review's solver works on `u128` cell sets), positions with at
    /// most this many empty cells are solved.
    pub solve_empties: usize,
    /// Solver time per position (ms).
    pub solve_ms: f64,
    /// Solver nodes per position.
    pub solve_nodes: u64,
    /// Solver time for the whole game (ms).
    pub solve_total_ms: f64,
    /// Solver time of one [`Reviewer::step`] (ms): a position's proof is worked on in slices of this length
    /// (its table kept), so a worker can look at its messages between two of them.
    pub step_ms: f64,
}

impl Default for ReviewOptions {
    fn default() -> Self {
        ReviewOptions {
            playouts: 4000,
            alpha_beta_nodes: 20_000,
            solve_cells: 64,
            solve_empties: 20,
            solve_ms: 3000.0,
            solve_nodes: 400_000,
            solve_total_ms: 12_000.0,
            step_ms: 250.0,
        }
    }
}

/// A move's class and the classification by the drop of win probability: the Xiangqi review's, shared
/// ([`crate::review`]: `best|good|inaccuracy|mistake|blunder`, limits 0.02, 0.05, 0.10, 0.15).
pub use crate::review::{MoveClass, classify};

/// Both sides' board potentials (`None`: infinite, no route left).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Potentials {
    pub black: Option<u16>,
    pub white: Option<u16>,
}

/// What the solver found for one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Proof {
    /// The side that wins with perfect play.
    pub winner: Color,
    /// A proved winning move of the side to move when it is the winner (`None` when it loses, or the game is
    /// over).
    pub winning_move: Option<String>,
    /// Nodes the solver spent on this position (its table keeps the later positions' proofs).
    pub nodes: u64,
    /// Milliseconds spent.
    pub time_ms: f64,
    /// Decided without a search: won by the played move, whose position was proved lost for the opponent; or
    /// the empty start with the swap rule on, lost for the first player by the pie rule.
    pub inferred: bool,
}

/// One position of the game (ply 0 = before the first move).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PositionReview {
    pub ply: usize,
    pub to_move: Color,
    /// The engine's win probability for Black (0–1).
    pub black_win: f64,
    /// The engine's score from the side to move's view (its units, see the module documentation), `None`
    /// once the game is over.
    pub score: Option<i32>,
    /// The engine's best move, `None` once the game is over.
    pub best: Option<String>,
    pub potential: Potentials,
    /// The solver's verdict, when it decided the position.
    pub proof: Option<Proof>,
}

/// One move of the game (ply 1 = the first move).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReview {
    pub ply: usize,
    pub color: Color,
    #[serde(rename = "move")]
    pub mv: String,
    pub class: MoveClass,
    /// The better move (a proved winning alternative when `proved`, else the engine's best) when not `best`.
    pub better: Option<String>,
    /// The class is proved: this move turned a proved win into a proved loss.
    pub proved: bool,
    /// The class comes from the evaluation's drop (not a proof).
    pub heuristic: bool,
    /// Drop of the mover's win probability (0–1; negative: the engine likes the move more than its own).
    pub loss: f64,
    /// For a proved losing move: the alternative's proof size (nodes) and time (ms) of the position before it.
    pub proof_nodes: Option<u64>,
    pub proof_ms: Option<f64>,
}

/// One side's counts of each class and average loss.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SideSummary {
    pub best: usize,
    pub good: usize,
    pub inaccuracy: usize,
    pub mistake: usize,
    pub blunder: usize,
    /// Average win-probability loss per move (0–1, drops below 0 count as 0).
    pub average_loss: f64,
}

/// The review of a whole game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    pub width: usize,
    pub height: usize,
    pub positions: Vec<PositionReview>,
    pub moves: Vec<MoveReview>,
    /// The last proved losing move (ply), if any.
    pub losing_move: Option<usize>,
    /// The plies of the largest heuristic drops (mistakes and blunders not proved, largest first, at most 3).
    pub likely_mistakes: Vec<usize>,
    /// The first ply from which every position was decided by the solver (`None`: none was).
    pub solved_from: Option<usize>,
    pub black: SideSummary,
    pub white: SideSummary,
    /// Whether every step ran (false for a partial report).
    pub complete: bool,
}

/// The engine's evaluation of `pos`: (Black's win probability, score from the side to move's view, best move).
fn engine_eval(pos: &Position, o: &ReviewOptions, mcts: &mut Mcts) -> (f64, Option<i32>, Option<Move>) {
    if let Some(w) = pos.winner() {
        return (if w == Color::Black { 1.0 } else { 0.0 }, None, None);
    }
    let (score, best) = if Mcts::supports(pos) {
        mcts.start(pos.clone());
        for _ in 0..64 {
            let out = mcts.run(f64::INFINITY, o.playouts);
            let proved = mcts.last_iteration().is_some_and(|l| l.score.abs() >= MATE_BOUND);
            if out != super::mcts::MctsOutcome::IterationDone || proved || mcts.nodes() >= o.playouts {
                break;
            }
        }
        (mcts.last_iteration().map_or(0, |l| l.score), mcts.best_move())
    } else {
        let mut s = Searcher::new(8);
        s.start(pos.clone());
        for _ in 0..64 {
            if s.run(f64::INFINITY, o.alpha_beta_nodes) != super::search::RunOutcome::IterationDone {
                break;
            }
        }
        (s.root.last.as_ref().map_or(0, |l| l.score), s.best_move())
    };
    let p = if score >= MATE_BOUND {
        1.0
    } else if score <= -MATE_BOUND {
        0.0
    } else {
        1.0 / (1.0 + 10f64.powf(-score as f64 / 400.0))
    };
    let black = if pos.to_move() == Color::Black { p } else { 1.0 - p };
    (black, Some(score), best)
}

fn potentials(pos: &Position) -> Potentials {
    let m = Maps::compute_with(pos, Convention::Queenbee, false);
    let f = |v: u16| (v != INFINITY).then_some(v);
    Potentials { black: f(m.board_potential[0]), white: f(m.board_potential[1]) }
}

/// Whether the side to move's next stone can be swapped (`swap-pieces`): the empty start of a square board
/// with the swap rule on. The solver's search does not see that answer, so such a position is never given to
/// it; its value follows from the pie rule instead (see [`Reviewer`]'s solving).
fn swap_next(pos: &Position) -> bool {
    pos.swap_rule() && pos.geometry().is_square() && pos.ply() == 0 && pos.empty_count() == pos.geometry().cells()
}

/// The cells of `pos`'s empty cells as a bit set (cell index `row * width + col`).
fn empty_bits(pos: &Position) -> u128 {
    pos.empty_cells().fold(0u128, |m, i| m | 1u128 << i)
}

/// The board after the side to move of `b` plays cell index `i`.
fn child(b: &Board, i: usize, to_move: Color) -> Board {
    let mut stones = b.stones();
    stones[to_move.index()] |= 1u128 << i;
    Board::new(stones, to_move.opponent())
}

/// One position's evaluation: Black's win probability, the score and best move (side to move's view), and
/// the board potentials.
#[derive(Clone, Copy)]
struct Eval {
    black_win: f64,
    score: Option<i32>,
    best: Option<Move>,
    potential: Potentials,
}

/// What one solving step did.
enum Solving {
    /// Not decided yet, budget left: the same position on the next step.
    Again,
    /// Decided: on to the previous position.
    Decided,
    /// Not decided within the budget (or not solvable): solving ends.
    Stop,
}

/// A review in progress: call [`Reviewer::step`] until it returns true, then [`Reviewer::report`].
pub struct Reviewer {
    opts: ReviewOptions,
    positions: Vec<Position>,
    moves: Vec<(Color, Move)>,
    evals: Vec<Option<Eval>>,
    proofs: Vec<Option<Proof>>,
    /// Next position to evaluate (forward), then next to solve (backward, `None` when solving ended).
    next_eval: usize,
    next_solve: Option<usize>,
    solve_total: usize,
    solved_count: usize,
    solver: Option<Solver>,
    solver_ms: f64,
    /// Solver time and nodes spent so far on the position being solved (it may take several steps).
    current: (f64, u64),
    mcts: Mcts,
}

impl Reviewer {
    /// A review of the game that led to `last` (its moves from its start position, setup stones included).
    pub fn new(last: &Position, opts: ReviewOptions) -> Reviewer {
        let mut start = last.clone();
        while start.undo().is_some() {}
        let moves = last.moves();
        let mut positions = Vec::with_capacity(moves.len() + 1);
        let mut pos = start;
        positions.push(pos.clone());
        for &(c, mv) in &moves {
            // Replaying the game's own moves cannot fail.
            if pos.try_play_as(c, mv).is_err() {
                break;
            }
            positions.push(pos.clone());
        }
        let n = positions.len();
        let solve_total = positions.iter().filter(|p| Self::solvable(p, &opts)).count();
        Reviewer {
            opts,
            moves,
            evals: vec![None; n],
            proofs: vec![None; n],
            next_eval: 0,
            next_solve: Some(n - 1),
            solve_total,
            solved_count: 0,
            solver: None,
            solver_ms: 0.0,
            current: (0.0, 0),
            mcts: Mcts::new(16),
            positions,
        }
    }

    /// Whether the solver is tried on `pos` (see the module documentation).
    fn solvable(pos: &Position, o: &ReviewOptions) -> bool {
        let cells = pos.width() * pos.height();
        pos.winner().is_some()
            || (cells <= NARROW_CELLS && (cells <= o.solve_cells || pos.empty_count() <= o.solve_empties))
    }

    /// Steps done and the total: one per position's evaluation plus one per position the solver may try
    /// (the total drops to what was done when solving stops early).
    pub fn progress(&self) -> (usize, usize) {
        let evals = self.next_eval;
        let total_solve = if self.next_solve.is_some() { self.solve_total } else { self.solved_count };
        (evals + self.solved_count, self.positions.len() + total_solve)
    }

    /// Whether every step has run.
    pub fn finished(&self) -> bool {
        self.next_eval >= self.positions.len() && self.next_solve.is_none()
    }

    /// Does one step (one evaluation, or a slice of one position's proof); returns whether the review is
    /// finished.
    pub fn step(&mut self) -> bool {
        if self.next_eval < self.positions.len() {
            let i = self.next_eval;
            let pos = &self.positions[i];
            let (p, score, best) = engine_eval(pos, &self.opts, &mut self.mcts);
            self.evals[i] = Some(Eval { black_win: p, score, best, potential: potentials(pos) });
            self.next_eval += 1;
        } else if let Some(i) = self.next_solve {
            match self.solve_at(i) {
                Solving::Again => {}
                Solving::Decided => {
                    self.current = (0.0, 0);
                    self.next_solve = i.checked_sub(1);
                }
                Solving::Stop => {
                    self.current = (0.0, 0);
                    self.next_solve = None;
                }
            }
        }
        self.finished()
    }

    /// Runs every step.
    pub fn run(&mut self) -> Review {
        while !self.step() {}
        self.report()
    }

    /// Works on position `i` for one step (see the module documentation).
    fn solve_at(&mut self, i: usize) -> Solving {
        let pos = &self.positions[i];
        let mover = pos.to_move();
        if let Some(w) = pos.winner() {
            self.proofs[i] = Some(Proof { winner: w, winning_move: None, nodes: 0, time_ms: 0.0, inferred: false });
            self.solved_count += 1;
            return Solving::Decided;
        }
        if !Self::solvable(pos, &self.opts) || self.solver_ms >= self.opts.solve_total_ms {
            return Solving::Stop;
        }
        if swap_next(pos) {
            // The pie rule: whatever Black's first stone, White swaps it when it wins for its owner (the
            // swapped position is its mirror image with the colours exchanged) and plays on otherwise.
            self.proofs[i] = Some(Proof { winner: mover.opponent(), winning_move: None, nodes: 0, time_ms: 0.0, inferred: true });
            self.solved_count += 1;
            return Solving::Decided;
        }
        let next = self.proofs.get(i + 1).and_then(|p| p.as_ref()).map(|p| p.winner);
        let played = self.moves.get(i).map(|&(_, m)| m);
        if next == Some(mover) {
            // The played move leads to a position lost for the opponent: it wins.
            self.proofs[i] = Some(Proof {
                winner: mover,
                winning_move: played.map(|m| m.to_string()),
                nodes: 0,
                time_ms: 0.0,
                inferred: true,
            });
            self.solved_count += 1;
            return Solving::Decided;
        }
        let o = self.opts;
        let t0 = now_ms();
        let (spent_ms, spent_nodes) = self.current;
        let budget_ms = (o.solve_ms - spent_ms).min(o.solve_total_ms - self.solver_ms).max(1.0);
        let found = if pos.swap_available() {
            // Only the position after the first move with the swap rule on: one call, not in slices.
            let limits = SolveLimits { time_ms: Some(budget_ms), nodes: Some(o.solve_nodes), tt_mib: 16, all_winning_moves: false };
            let r = solve(pos, limits).ok().and_then(|r| r.winner.map(|w| (w, r.winning_moves.first().copied(), r.nodes)));
            self.current.1 += r.map_or(0, |r| r.2);
            r.map(|(w, m, _)| (w, m))
        } else {
            let (w, h) = (pos.width(), pos.height());
            let solver = self.solver.get_or_insert_with(|| Solver::for_search(w, h, 32));
            let before = solver.nodes();
            let b = Board::from_position(pos);
            let slice = budget_ms.min(o.step_ms.max(1.0));
            let nodes_left = o.solve_nodes.saturating_sub(spent_nodes).max(1);
            let r = match solver.prove_within(&b, slice, nodes_left) {
                None => None,
                Some(false) => Some((mover.opponent(), None)),
                Some(true) => {
                    let empty = empty_bits(pos);
                    let mut cell = solver.winning_cell(&b, empty);
                    if cell.is_none() {
                        // The table lost the winning child: prove the children one by one.
                        for k in super::bitboard::bits(empty) {
                            if solver.prove_within(&child(&b, k, mover), budget_ms, nodes_left) == Some(false) {
                                cell = Some(k);
                                break;
                            }
                        }
                    }
                    cell.map(|k| (mover, Some(Move::Place(pos.geometry().cell(k)))))
                }
            };
            self.current.1 += solver.nodes() - before;
            r
        };
        let dt = now_ms() - t0;
        self.solver_ms += dt;
        self.current.0 += dt;
        match found {
            None if self.current.0 < o.solve_ms
                && self.current.1 < o.solve_nodes
                && self.solver_ms < o.solve_total_ms
                && !pos.swap_available() =>
            {
                Solving::Again
            }
            None => Solving::Stop,
            Some((winner, mv)) => {
                self.proofs[i] = Some(Proof {
                    winner,
                    winning_move: mv.filter(|_| winner == mover).map(|m| m.to_string()),
                    nodes: self.current.1,
                    time_ms: self.current.0,
                    inferred: false,
                });
                self.solved_count += 1;
                Solving::Decided
            }
        }
    }

    /// The review of what has been done so far (positions not yet evaluated count as even, 0.5).
    pub fn report(&self) -> Review {
        let p0 = &self.positions[0];
        let positions: Vec<PositionReview> = self
            .positions
            .iter()
            .enumerate()
            .map(|(i, pos)| {
                let e = self.evals[i].as_ref();
                PositionReview {
                    ply: i,
                    to_move: pos.to_move(),
                    black_win: e.map_or(0.5, |e| e.black_win),
                    score: e.and_then(|e| e.score),
                    best: e.and_then(|e| e.best).map(|m| m.to_string()),
                    potential: e.map_or(Potentials { black: None, white: None }, |e| e.potential),
                    proof: self.proofs[i].clone(),
                }
            })
            .collect();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (k, &(color, mv)) in self.moves.iter().enumerate() {
            let (before, after) = (&positions[k], &positions[k + 1]);
            let mine = |p: f64| if color == Color::Black { p } else { 1.0 - p };
            let loss = mine(before.black_win) - mine(after.black_win);
            let engine_best = before.best.clone();
            let played_is_best = engine_best.as_deref() == Some(mv.to_string().as_str());
            let proved_flip = matches!((&before.proof, &after.proof), (Some(a), Some(b)) if a.winner == color && b.winner != color);
            let keeps_win = matches!((&before.proof, &after.proof), (Some(a), Some(b)) if a.winner == color && b.winner == color);
            let (class, better, proved, heuristic) = if proved_flip {
                let alt = before.proof.as_ref().and_then(|p| p.winning_move.clone());
                (MoveClass::Blunder, alt, true, false)
            } else if keeps_win {
                (MoveClass::Best, None, false, false)
            } else {
                let class = if played_is_best { MoveClass::Best } else { classify(loss) };
                (class, if class == MoveClass::Best { None } else { engine_best }, false, true)
            };
            moves.push(MoveReview {
                ply: k + 1,
                color,
                mv: mv.to_string(),
                class,
                better,
                proved,
                heuristic,
                loss: (loss * 1e4).round() / 1e4,
                proof_nodes: if proved { before.proof.as_ref().map(|p| p.nodes) } else { None },
                proof_ms: if proved { before.proof.as_ref().map(|p| p.time_ms) } else { None },
            });
        }
        let losing_move = moves.iter().rev().find(|m| m.proved).map(|m| m.ply);
        let mut drops: Vec<&MoveReview> = moves
            .iter()
            .filter(|m| m.heuristic && matches!(m.class, MoveClass::Mistake | MoveClass::Blunder))
            .collect();
        crate::sort::sort_by(&mut drops, |a, b| b.loss.total_cmp(&a.loss));
        let likely_mistakes = drops.iter().take(3).map(|m| m.ply).collect();
        let solved_from = (0..positions.len()).rev().take_while(|&i| positions[i].proof.is_some()).last();
        let side = |c: Color| {
            let mut s = SideSummary::default();
            let mine: Vec<&MoveReview> = moves.iter().filter(|m| m.color == c).collect();
            for m in &mine {
                match m.class {
                    MoveClass::Best => s.best += 1,
                    MoveClass::Good => s.good += 1,
                    MoveClass::Inaccuracy => s.inaccuracy += 1,
                    MoveClass::Mistake => s.mistake += 1,
                    MoveClass::Blunder => s.blunder += 1,
                }
            }
            if !mine.is_empty() {
                let total: f64 = mine.iter().map(|m| m.loss.max(0.0)).sum();
                s.average_loss = (total / mine.len() as f64 * 1e4).round() / 1e4;
            }
            s
        };
        Review {
            width: p0.width(),
            height: p0.height(),
            black: side(Color::Black),
            white: side(Color::White),
            positions,
            moves,
            losing_move,
            likely_mistakes,
            solved_from,
            complete: self.finished(),
        }
    }
}

/// Reviews the game that led to `last` in one call ([`Reviewer`] step by step).
pub fn review(last: &Position, opts: ReviewOptions) -> Review {
    Reviewer::new(last, opts).run()
}

/// A hint for the side to move ([`hint`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    #[serde(rename = "move")]
    pub mv: String,
    /// The move is a proved win (the solver found it within the budget).
    pub proved: bool,
    /// The area shown first: the move's cell and its neighbours (cell names), sorted by row then column.
    pub area: Vec<String>,
    /// Solver nodes spent (0 when it was not tried), and the whole hint's time (ms).
    pub nodes: u64,
    pub time_ms: f64,
}

/// The best move of `pos` at a short budget of `ms` milliseconds: a proved winning move when the solver finds
/// one within the first half of the time (boards up to 128 cells, no swap decision pending), else the engine's
/// move (Monte Carlo for the rest of the time, or alpha-beta where it does not apply). `None` when the game is
/// over.
pub fn hint(pos: &Position, ms: f64) -> Option<Hint> {
    if pos.winner().is_some() || pos.legal_moves().is_empty() {
        return None;
    }
    let t0 = now_ms();
    let mut found: Option<(Move, bool)> = None;
    let mut nodes = 0;
    let (w, h) = (pos.width(), pos.height());
    if w * h <= NARROW_CELLS && !pos.swap_available() && !swap_next(pos) {
        let mut solver = Solver::for_search(w, h, 16);
        let b = Board::from_position(pos);
        if solver.prove_within(&b, ms * 0.5, u64::MAX) == Some(true)
            && let Some(k) = solver.winning_cell(&b, empty_bits(pos))
        {
            found = Some((Move::Place(pos.geometry().cell(k)), true));
        }
        nodes = solver.nodes();
    }
    if found.is_none() {
        let deadline = t0 + ms;
        let mv = if Mcts::supports(pos) {
            let mut m = Mcts::new(16);
            m.start(pos.clone());
            while now_ms() < deadline {
                if m.run(deadline, u64::MAX) == super::mcts::MctsOutcome::NoMoves {
                    break;
                }
                if m.last_iteration().is_some_and(|l| l.score.abs() >= MATE_BOUND) {
                    break;
                }
            }
            m.best_move()
        } else {
            let mut s = Searcher::new(8);
            s.start(pos.clone());
            while now_ms() < deadline {
                if s.run(deadline, u64::MAX) == super::search::RunOutcome::NoMoves {
                    break;
                }
            }
            s.best_move()
        };
        found = mv.or_else(|| pos.legal_moves().first().copied()).map(|m| (m, false));
    }
    let (mv, proved) = found?;
    let area = match mv {
        Move::Place(c) => {
            let g = pos.geometry();
            let i = g.index(c);
            let mut cells: Vec<Cell> = std::iter::once(i).chain(g.neighbours(i)).map(|k| g.cell(k)).collect();
            crate::sort::sort_by_key(&mut cells, |c| (c.row, c.col));
            cells.iter().map(Cell::to_string).collect()
        }
        Move::Swap => Vec::new(),
    };
    Some(Hint { mv: mv.to_string(), proved, area, nodes, time_ms: now_ms() - t0 })
}

/// The solver's verdict on a position (practising a review's proved losing move checks each try with it).
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// The proved winner, or `None` when the solver did not decide within the budget (or the board is one it
    /// does not take: over [`NARROW_CELLS`] cells (the review's own limit), a swap decision pending).
    pub winner: Option<Color>,
    /// Solver nodes spent, and the time (ms).
    pub nodes: u64,
    pub time_ms: f64,
}

/// Proves who wins `pos` within about `ms` milliseconds (the game's own winner when it is over).
pub fn prove(pos: &Position, ms: f64) -> Verdict {
    let t0 = now_ms();
    if let Some(w) = pos.winner() {
        return Verdict { winner: Some(w), nodes: 0, time_ms: 0.0 };
    }
    let (w, h) = (pos.width(), pos.height());
    if w * h > NARROW_CELLS || pos.swap_available() || swap_next(pos) {
        return Verdict { winner: None, nodes: 0, time_ms: now_ms() - t0 };
    }
    let mut solver: Solver<u128> = Solver::for_search(w, h, 16);
    let verdict = solver.prove_within(&Board::from_position(pos), ms, u64::MAX);
    let mover = pos.to_move();
    let winner = verdict.map(|wins| if wins { mover } else { mover.opponent() });
    Verdict { winner, nodes: solver.nodes(), time_ms: now_ms() - t0 }
}
