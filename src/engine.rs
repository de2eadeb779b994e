//! The one `Engine` behind every front end (UCCI/UCI on stdin, the browser worker): set a position, `go`, then
//! call [`Engine::step`] repeatedly — each call searches for at most a time slice and returns what happened —
//! with [`Engine::stop`] and [`Engine::ponderhit`] in between. Semantics follow UCI / UCCI 3.0: exactly one
//! `bestmove` per `go`; a `go ponder` or `go infinite` search holds its `bestmove` until `stop` (or, for
//! ponder, until `ponderhit` and its own limits); `ponderhit` starts the clock of that `go` from that moment and
//! the search goes on without restarting.

use crate::search::clock::now_ms;
use crate::search::limits::{GoParams, LimitsError, MAX_DEPTH};
use crate::search::score::{self, Score};
use crate::xiangqi::search::{IterationInfo, RunOutcome, Searcher};
use crate::xiangqi::{FenError, Move, MoveError, Position};
use std::fmt;

/// Default transposition-table size (MiB).
pub const DEFAULT_HASH_MIB: usize = 16;
/// Largest `Hash` accepted (MiB).
pub const MAX_HASH_MIB: usize = 1024;

/// Why a command was refused. The engine's state is unchanged after any of these.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    Fen(FenError),
    /// A move of the `moves` list, with its 1-based index in the list.
    Move { index: usize, error: MoveError },
    Limits(LimitsError),
    /// `go` while a search is running (the host must `stop` and wait for `bestmove` first).
    Busy,
    /// `ponderhit` when no ponder search is running.
    NotPondering,
    UnknownOption(String),
    OptionValue { name: String, value: String, reason: String },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Fen(e) => write!(f, "{e}"),
            EngineError::Move { index, error } => write!(f, "moves[{index}]: {error}"),
            EngineError::Limits(e) => write!(f, "{e}"),
            EngineError::Busy => write!(f, "a search is running: send stop and wait for bestmove first"),
            EngineError::NotPondering => write!(f, "ponderhit: no ponder search is running"),
            EngineError::UnknownOption(n) => write!(f, "setoption: unknown option '{}'", crate::echo(n)),
            EngineError::OptionValue { name, value, reason } => {
                write!(f, "setoption: bad value '{}' for {}: {reason}", crate::echo(value), crate::echo(name))
            }
        }
    }
}
impl std::error::Error for EngineError {}

/// One `info` report: a completed iteration.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// Centipawns from the side to move's view; `None` when `mate` is set.
    pub cp: Option<i32>,
    /// Moves to mate (negative: the side to move is mated).
    pub mate: Option<i32>,
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the `go` (since `ponderhit` is not subtracted).
    pub time_ms: u64,
    /// Principal variation in ICCS.
    pub pv: Vec<String>,
}

/// What [`Engine::step`] returns.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// No search is running.
    Idle,
    /// Still searching; call `step` again.
    Searching(Vec<Info>),
    /// A ponder or infinite search reached its limits and holds its `bestmove` until `stop` / `ponderhit`:
    /// no need to call `step` until one of them.
    Waiting(Vec<Info>),
    /// Finished: the `bestmove` (`None` when the side to move has no legal move) and the ponder move.
    Done { infos: Vec<Info>, bestmove: Option<Move>, ponder: Option<Move> },
}

struct Search {
    params: GoParams,
    started_ms: f64,
    /// When the clock of this `go` started (`None` while pondering).
    clock_ms: Option<f64>,
    budget: Option<(f64, f64)>,
    holding: bool,
    stop: bool,
    /// Time spent pondering before the `ponderhit` (ms).
    pondered_ms: f64,
    /// Best move and score of each completed iteration.
    iterations: Vec<(Move, Score)>,
}

/// Time management (ms budgets from [`GoParams::budget`]): the soft budget is scaled by how settled the search
/// is. Best move changed in the last iteration: ×[`TM_BEST_MOVE_CHANGED`]; the same best move for the last four
/// iterations: ×[`TM_BEST_MOVE_STABLE`]; score fell by more than [`TM_SCORE_DROP_CP`]: ×[`TM_SCORE_DROPPED`].
/// A new iteration starts only while less than [`TM_NEW_ITERATION_SHARE`] of the scaled budget is used.
pub const TM_BEST_MOVE_CHANGED: f64 = 1.6;
pub const TM_BEST_MOVE_STABLE: f64 = 0.6;
pub const TM_SCORE_DROP_CP: Score = 30;
pub const TM_SCORE_DROPPED: f64 = 1.4;
pub const TM_NEW_ITERATION_SHARE: f64 = 0.5;

/// The soft-budget scale for the iterations so far (see [`TM_BEST_MOVE_CHANGED`]).
fn time_factor(iterations: &[(Move, Score)]) -> f64 {
    let n = iterations.len();
    let mut f = 1.0;
    if n >= 2 && iterations[n - 1].0 != iterations[n - 2].0 {
        f *= TM_BEST_MOVE_CHANGED;
    } else if n >= 4 && iterations[n - 4..].iter().all(|i| i.0 == iterations[n - 1].0) {
        f *= TM_BEST_MOVE_STABLE;
    }
    if n >= 2 && iterations[n - 2].1 - iterations[n - 1].1 > TM_SCORE_DROP_CP {
        f *= TM_SCORE_DROPPED;
    }
    f
}

/// The engine: a position (with its game history), a searcher, and the state of the current `go`.
pub struct Engine {
    root: Position,
    searcher: Searcher,
    search: Option<Search>,
    hash_mib: usize,
    /// Root moves the next searches must not play (UCCI `banmoves`); cleared by `set_position`.
    banned: Vec<Move>,
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

impl Engine {
    /// An engine at the start position with a [`DEFAULT_HASH_MIB`] table.
    pub fn new() -> Self {
        Engine { root: Position::startpos(), searcher: Searcher::new(DEFAULT_HASH_MIB), search: None, hash_mib: DEFAULT_HASH_MIB, banned: Vec::new() }
    }

    /// Sets the search technique switches directly (bench, ablation).
    pub fn set_search_options(&mut self, options: crate::xiangqi::search::SearchOptions) {
        self.searcher.options = options;
    }

    /// Installs a flag another thread raises to interrupt a [`step`](Self::step) early (the native protocols'
    /// stdin reader does, when a command arrives). With it, `step(f64::INFINITY)` is not time-sliced at all —
    /// a search without input in between is exactly reproducible — and returns after each completed iteration
    /// (so its `info` can be printed), at its limits, or within about a thousand nodes of the flag being raised.
    pub fn set_interrupt(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.searcher.interrupt = Some(flag);
    }

    /// Whether a search is running (or holding its bestmove).
    pub fn is_searching(&self) -> bool {
        self.search.is_some()
    }

    /// Whether the running search is a ponder search that has not had its `ponderhit`.
    pub fn is_pondering(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.params.ponder && s.clock_ms.is_none())
    }

    /// The position searched next (FEN of the last `set_position`, after its moves).
    pub fn position(&self) -> &Position {
        &self.root
    }

    /// Sets the position: a FEN (or `"startpos"`) and ICCS moves played from it (the history is kept for the
    /// repetition rules).
    ///
    /// # Errors
    /// [`EngineError::Fen`] or [`EngineError::Move`] (1-based index); [`EngineError::Busy`] during a search.
    pub fn set_position(&mut self, fen: &str, moves: &[&str]) -> Result<(), EngineError> {
        if self.search.is_some() {
            return Err(EngineError::Busy);
        }
        let mut pos = if fen.trim() == "startpos" { Position::startpos() } else { Position::from_fen(fen).map_err(EngineError::Fen)? };
        for (i, m) in moves.iter().enumerate() {
            pos.try_play(m).map_err(|error| EngineError::Move { index: i + 1, error })?;
        }
        self.root = pos;
        self.banned.clear();
        Ok(())
    }

    /// Moves the searches of the current position must not play (UCCI 3.0 `banmoves`; UCI `searchmoves` is its
    /// complement). Kept until the next [`set_position`](Self::set_position) or `set_banned`. When every legal
    /// move is banned, the search ends with no `bestmove`.
    pub fn set_banned(&mut self, moves: &[Move]) {
        self.banned = moves.to_vec();
    }

    /// Sets an option. `Hash`: TT size in MiB, 1–[`MAX_HASH_MIB`]; `Clear Hash`: empties the TT;
    /// `NullMove`, `LMR`, `Killers`, `History`, `Aspiration`, `CheckExtension`, `TTCutoffs`, `QsearchChecks`, `Futility`: `true`/`false`.
    ///
    /// # Errors
    /// Unknown name, or a value out of range (the reason is given).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let bad = |reason: &str| EngineError::OptionValue { name: name.into(), value: value.into(), reason: reason.into() };
        let flag = || match value.trim().to_ascii_lowercase().as_str() {
            "true" | "on" | "1" => Ok(true),
            "false" | "off" | "0" => Ok(false),
            _ => Err(bad("expected true or false")),
        };
        let o = &mut self.searcher.options;
        match name.trim().to_ascii_lowercase().replace(' ', "").as_str() {
            "hash" | "hashsize" => {
                let mib: usize = value.trim().parse().map_err(|_| bad("expected a whole number of MiB"))?;
                if !(1..=MAX_HASH_MIB).contains(&mib) {
                    return Err(bad(&format!("must be 1..{MAX_HASH_MIB} MiB")));
                }
                if self.search.is_some() {
                    return Err(EngineError::Busy);
                }
                if mib != self.hash_mib {
                    self.searcher.tt = crate::search::tt::TranspositionTable::new(mib);
                    self.hash_mib = mib;
                }
            }
            "clearhash" => self.searcher.tt.clear(),
            "nullmove" => o.null_move = flag()?,
            "lmr" => o.lmr = flag()?,
            "killers" => o.killers = flag()?,
            "history" => o.history = flag()?,
            "aspiration" => o.aspiration = flag()?,
            "checkextension" => o.check_extension = flag()?,
            "ttcutoffs" => o.tt_cutoffs = flag()?,
            "qsearchchecks" => o.qsearch_checks = flag()?,
            "futility" => o.futility = flag()?,
            _ => return Err(EngineError::UnknownOption(name.to_string())),
        }
        Ok(())
    }

    /// Starts a search of the current position with `params`.
    ///
    /// # Errors
    /// [`EngineError::Limits`] for out-of-range parameters, [`EngineError::Busy`] during another search.
    pub fn go(&mut self, params: GoParams) -> Result<(), EngineError> {
        if self.search.is_some() {
            return Err(EngineError::Busy);
        }
        params.validate().map_err(EngineError::Limits)?;
        let now = now_ms();
        let red = self.root.side_to_move() == crate::xiangqi::Color::Red;
        let budget = params.budget(red);
        self.searcher.start(self.root.clone());
        self.searcher.exclude_root_moves(&self.banned);
        self.search = Some(Search {
            clock_ms: if params.ponder { None } else { Some(now) },
            params,
            started_ms: now,
            budget,
            holding: false,
            stop: false,
            pondered_ms: 0.0,
            iterations: Vec::new(),
        });
        Ok(())
    }

    /// The ponder search becomes a normal search whose clock starts now; it continues where it is.
    ///
    /// # Errors
    /// [`EngineError::NotPondering`] when no ponder search runs.
    pub fn ponderhit(&mut self) -> Result<(), EngineError> {
        match self.search.as_mut() {
            Some(s) if s.params.ponder && s.clock_ms.is_none() => {
                let now = now_ms();
                s.clock_ms = Some(now);
                s.pondered_ms = now - s.started_ms;
                // A held ponder search re-checks its limits at the next step.
                s.holding = false;
                Ok(())
            }
            _ => Err(EngineError::NotPondering),
        }
    }

    /// Asks the search to finish: the next [`step`](Self::step) returns [`Step::Done`] at once. No effect when idle.
    pub fn stop(&mut self) {
        if let Some(s) = self.search.as_mut() {
            s.stop = true;
        }
    }

    fn info(&self, it: &IterationInfo, started_ms: f64) -> Info {
        let elapsed = (now_ms() - started_ms).max(0.0);
        let (cp, mate) = if score::is_mate(it.score) { (None, Some(score::mate_moves(it.score))) } else { (Some(it.score), None) };
        Info {
            depth: it.depth,
            seldepth: it.seldepth,
            cp,
            mate,
            nodes: it.nodes,
            nps: if elapsed > 0.5 { (it.nodes as f64 * 1000.0 / elapsed) as u64 } else { 0 },
            time_ms: elapsed as u64,
            pv: it.pv.iter().map(|m| m.to_string()).collect(),
        }
    }

    fn finish(&mut self, infos: Vec<Info>) -> Step {
        self.search = None;
        Step::Done { infos, bestmove: self.searcher.best_move(), ponder: self.searcher.ponder_move() }
    }

    /// Whether the finished iteration satisfies the `go`'s limits (depth, mate found, soft time, one legal move).
    fn limits_reached(&self, s: &Search, last: &IterationInfo, now: f64) -> bool {
        let p = &s.params;
        let max_depth = p.depth.unwrap_or(MAX_DEPTH);
        if last.depth >= max_depth {
            return true;
        }
        if p.nodes.is_some_and(|n| self.searcher.nodes >= n) {
            return true;
        }
        let timed = s.budget.is_some() && p.depth.is_none();
        // A fixed `movetime` is used to the end (only its hard deadline stops the search); a clock is managed.
        if let (Some(clock), Some((soft, hard)), None) = (s.clock_ms, s.budget, p.movetime) {
            // Do not start an iteration that is unlikely to finish within the scaled soft budget. After a ponder
            // hit with a settled best move, the pondering counts as thinking already done (answer at once when
            // the work is done); otherwise the whole budget is still there to think deeper.
            let factor = time_factor(&s.iterations);
            let credit = if factor < 1.0 { s.pondered_ms } else { 0.0 };
            let used = now - clock + credit;
            if used >= (soft * factor).min(hard) * TM_NEW_ITERATION_SHARE {
                return true;
            }
        }
        if timed && s.clock_ms.is_some() {
            if self.searcher.root_move_count() == 1 {
                return true;
            }
            let plies_to_mate = score::MATE - last.score.abs();
            if score::is_mate(last.score) && last.depth as Score >= plies_to_mate + 2 {
                return true;
            }
        }
        false
    }

    /// Searches for at most `slice_ms` milliseconds (or until a limit), then reports.
    pub fn step(&mut self, slice_ms: f64) -> Step {
        let Some(s) = self.search.as_ref() else { return Step::Idle };
        let mut infos = Vec::new();
        if s.stop {
            return self.finish(infos);
        }
        if s.holding {
            return Step::Waiting(infos);
        }
        let started = s.started_ms;
        let now = now_ms();
        // Limits already met by the last iteration (e.g. after a ponderhit on a finished ponder search).
        if let Some(last) = self.searcher.last.clone()
            && !self.searcher.in_iteration()
            && (self.limits_reached(s, &last, now) || last.depth >= MAX_DEPTH)
        {
            if s.params.infinite || (s.params.ponder && s.clock_ms.is_none()) {
                self.search.as_mut().unwrap().holding = true;
                return Step::Waiting(infos);
            }
            return self.finish(infos);
        }
        let slice_end = now + slice_ms.max(0.1);
        let hard_end = match (s.clock_ms, s.budget) {
            (Some(c), Some((_, hard))) => c + hard,
            _ => f64::INFINITY,
        };
        let node_limit = s.params.nodes.unwrap_or(u64::MAX);
        loop {
            let deadline = slice_end.min(hard_end);
            match self.searcher.run(deadline, node_limit) {
                RunOutcome::NoMoves => {
                    let s = self.search.as_ref().unwrap();
                    if s.params.infinite || (s.params.ponder && s.clock_ms.is_none()) {
                        self.search.as_mut().unwrap().holding = true;
                        return Step::Waiting(infos);
                    }
                    return self.finish(infos);
                }
                RunOutcome::Interrupted => {
                    let now = now_ms();
                    if now >= hard_end || self.searcher.nodes >= node_limit {
                        return self.finish(infos);
                    }
                    return Step::Searching(infos);
                }
                RunOutcome::IterationDone => {
                    let last = self.searcher.last.clone().unwrap();
                    if let (Some(s), Some(&m)) = (self.search.as_mut(), last.pv.first()) {
                        s.iterations.push((m, last.score));
                    }
                    infos.push(self.info(&last, started));
                    let now = now_ms();
                    let s = self.search.as_ref().unwrap();
                    if self.limits_reached(s, &last, now) || last.depth >= MAX_DEPTH {
                        let hold = s.params.infinite || (s.params.ponder && s.clock_ms.is_none());
                        if hold {
                            self.search.as_mut().unwrap().holding = true;
                            return Step::Waiting(infos);
                        }
                        return self.finish(infos);
                    }
                    if now >= slice_end || slice_end.is_infinite() {
                        return Step::Searching(infos);
                    }
                }
            }
        }
    }

    /// Runs a whole search to its end without slicing (for the CLI, tests and benches). A `ponder` or
    /// `infinite` search is not allowed here (nothing could stop it).
    pub fn search_blocking(&mut self, params: GoParams) -> Result<(Vec<Info>, Option<Move>, Option<Move>), EngineError> {
        if params.infinite || params.ponder {
            return Err(EngineError::Limits(LimitsError("a blocking search cannot be infinite or ponder".into())));
        }
        self.go(params)?;
        let mut all = Vec::new();
        loop {
            match self.step(1000.0) {
                Step::Searching(i) | Step::Waiting(i) => all.extend(i),
                Step::Done { infos, bestmove, ponder } => {
                    all.extend(infos);
                    return Ok((all, bestmove, ponder));
                }
                Step::Idle => return Ok((all, None, None)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Square, Move};

    fn mv(a: &str, b: &str) -> Move {
        Move::new(Square::parse(a).unwrap(), Square::parse(b).unwrap())
    }

    #[test]
    fn time_factor_extends_on_a_new_best_move_and_on_a_score_drop() {
        let (a, b) = (mv("h2", "e2"), mv("b2", "e2"));
        assert_eq!(time_factor(&[(a, 10)]), 1.0);
        assert_eq!(time_factor(&[(a, 10), (b, 10)]), TM_BEST_MOVE_CHANGED);
        assert_eq!(time_factor(&[(a, 50), (a, 10)]), TM_SCORE_DROPPED);
        assert_eq!(time_factor(&[(a, 10), (a, 10), (a, 12), (a, 11)]), TM_BEST_MOVE_STABLE);
    }
}
