//! The sliced driver written once for every game's [`SlicedSearch`]: one game's root position, searcher and
//! the state of its current `go` (a `Slot`), its time management, pondering (one reply, or several with
//! `PonderCandidates`: `super::ponder`), level handicaps and the `bestmove` protocol.

use super::go_state::{Search, SlotStep, info_of};
use super::ponder::{PonderSet, Resumed};
use super::{EngineError, Info, ONE_MOVE_DEPTH, ONE_MOVE_TIME_SHARE, accepts_draw};
use crate::levels::{self, LevelRng, LevelSpec};
use crate::search::clock::now_ms;
use crate::search::driver::{IterationInfo, RunOutcome, SlicedSearch};
use crate::search::limits::{GoParams, MAX_DEPTH};
use crate::search::score::{self, Score};
use crate::search::time;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// One game's root position, searcher and the state of its current `go`: the sliced driver, written once for
/// every [`SlicedSearch`].
pub(super) struct Slot<S: SlicedSearch> {
    pub(super) root: S::Position,
    pub(super) searcher: S,
    pub(super) search: Option<Search<S::Move>>,
    /// Root moves the next searches must not play (UCCI `banmoves`); cleared by `set_root`.
    pub(super) banned: Vec<S::Move>,
    /// Root moves the next `go` only must not play (the complement of its `searchmoves`).
    pub(super) go_excluded: Vec<S::Move>,
    /// The level handicap of the running `go` and its random stream (levels 1–8).
    pub(super) handicap: Option<(&'static LevelSpec, LevelRng)>,
    /// The running `go` answers a draw offer; the move number of the root.
    pub(super) draw_offer: Option<u32>,
    /// The answer of the last finished `go` to a draw offer (`None`: none was made).
    pub(super) draw_answer: Option<bool>,
    /// Pondering on several replies (`super::ponder`): the running ponder search's candidates, or those a
    /// stopped one left for the next `go`.
    pub(super) ponder: Option<PonderSet<S>>,
    /// The current `go` went on from pondering (a ponder hit, or a kept candidate).
    pub(super) resumed: Option<Resumed>,
}

impl<S: SlicedSearch> Slot<S> {
    pub(super) fn new(root: S::Position, hash_mib: usize, interrupt: Option<Arc<AtomicBool>>) -> Self {
        let mut searcher = S::with_hash(hash_mib);
        searcher.set_interrupt(interrupt);
        Slot {
            root,
            searcher,
            search: None,
            banned: Vec::new(),
            go_excluded: Vec::new(),
            handicap: None,
            draw_offer: None,
            draw_answer: None,
            ponder: None,
            resumed: None,
        }
    }

    pub(super) fn is_pondering(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.params.ponder && s.clock_ms.is_none())
    }

    pub(super) fn set_root(&mut self, root: S::Position) {
        self.root = root;
        self.banned.clear();
    }

    /// Starts a `go`. `candidates`: how many replies a ponder search thinks about (`PonderCandidates`; more than
    /// one only for a ponder search with a single line and no `searchmoves`, see `super::ponder`). A `go` that is
    /// not a ponder one goes on with a kept candidate's search when its position is that candidate's.
    pub(super) fn go(&mut self, params: GoParams, move_number: u32, target_ms: Option<f64>, candidates: usize, multipv: usize) {
        let now = now_ms();
        let budget = params.budget(S::uses_white_clock(&self.root), move_number, target_ms);
        let mut search = Search {
            clock_ms: if params.ponder { None } else { Some(now) },
            params,
            started_ms: now,
            budget,
            holding: false,
            stop: false,
            pondered_ms: 0.0,
            iterations: Vec::new(),
        };
        self.resumed = None;
        let plain = multipv == 1 && self.go_excluded.is_empty() && self.banned.is_empty();
        let kept = self.ponder.take();
        if let Some(set) = kept.filter(|_| !search.params.ponder && plain) {
            self.resumed = set.resume(&mut self.searcher, &mut search, &self.root);
        }
        let resumed = self.resumed.is_some();
        if !resumed {
            self.searcher.start(self.root.clone());
        }
        self.searcher.exclude_root_moves(&self.banned);
        self.searcher.exclude_root_moves(&self.go_excluded);
        if search.params.ponder && plain {
            self.ponder = PonderSet::new(&self.root, candidates, &search);
        }
        self.search = Some(search);
    }

    /// The candidates of the running ponder search (empty without several).
    pub(super) fn candidates(&self) -> Vec<super::PonderCandidate>
    where
        S::Move: Into<super::GameMove>,
    {
        self.ponder.as_ref().filter(|_| self.search.is_some()).map_or_else(Vec::new, |p| p.report())
    }

    pub(super) fn ponderhit(&mut self) -> Result<(), EngineError> {
        match self.search.as_mut() {
            Some(s) if s.params.ponder && s.clock_ms.is_none() => {
                let now = now_ms();
                s.clock_ms = Some(now);
                s.pondered_ms = now - s.started_ms;
                // A held ponder search re-checks its limits at the next step.
                s.holding = false;
                // With several replies: candidate 1's own search time is what is credited.
                if let Some(set) = self.ponder.take() {
                    self.resumed = Some(set.ponderhit(&mut self.searcher, s));
                }
                Ok(())
            }
            _ => Err(EngineError::NotPondering),
        }
    }

    pub(super) fn stop(&mut self) {
        if let Some(s) = self.search.as_mut() {
            s.stop = true;
        }
    }

    pub(super) fn info(&self, it: &IterationInfo<S::Move>, started_ms: f64) -> Info {
        info_of(it, started_ms)
    }

    pub(super) fn finish(&mut self, infos: Vec<Info>) -> SlotStep<S::Move> {
        // The helper threads of a parallel search stop with the search (the main thread's answer is taken).
        self.searcher.end_search();
        // A stopped search (a ponder miss, "move now") answers at once: no level passes after a stop.
        let stopped = self.search.as_ref().is_none_or(|s| s.stop);
        if let Some(set) = self.ponder.as_mut() {
            set.before_finish(&mut self.searcher);
        }
        self.search = None;
        if stopped {
            self.handicap = None;
        }
        let mut bestmove = self.searcher.best_move();
        let mut ponder = self.searcher.ponder_move();
        let last = self.searcher.last_iteration();
        self.draw_answer = self.draw_offer.take().map(|move_number| match &last {
            Some(it) => accepts_draw(it.score, move_number),
            None => false,
        });
        if let (Some((spec, rng)), Some(best), Some(last)) = (self.handicap.take(), bestmove, last)
            && let Some((m, p)) = self.weaker_choice(spec, rng, best, &last)
        {
            bestmove = Some(m);
            ponder = p;
        }
        if let Some(set) = self.ponder.as_mut() {
            set.after_finish(&mut self.searcher);
        }
        SlotStep::Done { infos, bestmove, ponder }
    }

    /// A level's weaker move instead of `best` (see [`crate::levels`]): `None` to keep `best`. Scores the next-best
    /// root moves by exclusion at the depth of `last`, each pass capped at the level's nodes.
    pub(super) fn weaker_choice(
        &mut self,
        spec: &'static LevelSpec,
        mut rng: LevelRng,
        best: S::Move,
        last: &IterationInfo<S::Move>,
    ) -> Option<(S::Move, Option<S::Move>)> {
        rng.mix(&format!("{best} {} {}", last.score, last.depth));
        if rng.next_f64() >= spec.chance || score::is_mate(last.score) || last.pv.first() != Some(&best) {
            return None;
        }
        let mut excluded = self.banned.clone();
        excluded.extend_from_slice(&self.go_excluded);
        excluded.push(best);
        self.searcher.set_multipv(1);
        let mut candidates: Vec<(S::Move, Option<S::Move>)> = Vec::new();
        for _ in 0..levels::ALTERNATIVES {
            self.searcher.start(self.root.clone());
            self.searcher.exclude_root_moves(&excluded);
            if self.searcher.root_move_count() == 0 {
                break;
            }
            let found = loop {
                match self.searcher.run(f64::INFINITY, spec.nodes / levels::PASS_NODE_SHARE) {
                    RunOutcome::IterationDone => {
                        if self.searcher.last_iteration().is_some_and(|it| it.depth >= last.depth) {
                            break self.searcher.last_iteration();
                        }
                    }
                    // The node cap (or an interrupt): the deepest completed iteration stands.
                    RunOutcome::Interrupted | RunOutcome::NoMoves => break self.searcher.last_iteration(),
                }
            };
            let Some(it) = found else { break };
            let Some(&m) = it.pv.first() else { break };
            // A pass that did not reach the best move's depth has no comparable score.
            if it.depth < last.depth {
                break;
            }
            // The passes come out best first: once one is too weak (or a mate against), the rest are too.
            if (score::is_mate(it.score) && it.score < 0) || last.score - it.score > spec.margin {
                break;
            }
            candidates.push((m, it.pv.get(1).copied()));
            excluded.push(m);
        }
        if candidates.is_empty() {
            return None;
        }
        let i = (rng.next_u64() % candidates.len() as u64) as usize;
        Some(candidates[i])
    }

    /// Whether the finished iteration satisfies the `go`'s limits (depth, mate found, soft time, one legal move).
    pub(super) fn limits_reached(&self, s: &Search<S::Move>, last: &IterationInfo<S::Move>, now: f64) -> bool {
        let p = &s.params;
        let max_depth = p.depth.unwrap_or(MAX_DEPTH);
        if last.depth >= max_depth {
            return true;
        }
        if p.nodes.is_some_and(|n| self.searcher.nodes() >= n) {
            return true;
        }
        let timed = s.budget.is_some() && p.depth.is_none();
        // A fixed `movetime` is used to the end (only its hard deadline stops the search); a clock is managed.
        if let (Some(clock), Some(budget), None) = (s.clock_ms, s.budget, p.movetime) {
            let share = self.searcher.best_move_node_share();
            if time::clock_stop(budget, &s.iterations, now - clock, s.pondered_ms, last, share) {
                return true;
            }
        }
        if timed && let Some(clock) = s.clock_ms {
            // One legal move under a clock: no choice to make, but the score and PV shown should be true, so search
            // on until a mate score, depth ONE_MOVE_DEPTH or ONE_MOVE_TIME_SHARE of the soft budget, whichever first.
            if self.searcher.root_move_count() == 1 {
                let soft = s.budget.map_or(0.0, |b| b.soft);
                let mate_seen = score::is_mate(last.score) && last.depth as Score >= score::MATE - last.score.abs();
                if mate_seen || last.depth >= ONE_MOVE_DEPTH || now - clock >= soft * ONE_MOVE_TIME_SHARE {
                    return true;
                }
            }
            let plies_to_mate = score::MATE - last.score.abs();
            if score::is_mate(last.score) && last.depth as Score >= plies_to_mate + 2 {
                return true;
            }
        }
        false
    }

    /// Whether the search holds its `bestmove` at its limits (infinite, or pondering before the `ponderhit`).
    pub(super) fn holds(s: &Search<S::Move>) -> bool {
        s.params.infinite || (s.params.ponder && s.clock_ms.is_none())
    }

    pub(super) fn step(&mut self, slice_ms: f64) -> SlotStep<S::Move> {
        let Some(s) = self.search.as_ref() else { return SlotStep::Idle };
        let mut infos = Vec::new();
        if s.stop {
            return self.finish(infos);
        }
        if s.holding {
            return SlotStep::Waiting(infos);
        }
        if self.ponder.is_some() && Self::holds(s) && !s.params.infinite {
            let (Some(set), Some(search)) = (self.ponder.as_mut(), self.search.as_mut()) else { return SlotStep::Idle };
            return set.step(&mut self.searcher, search, slice_ms);
        }
        let started = s.started_ms;
        let now = now_ms();
        // Limits already met by the last iteration (e.g. after a ponderhit on a finished ponder search). After a
        // ponder hit whose best move held (the pondering is credited as thinking done), an iteration begun while
        // pondering is not waited for: the reply comes at once when the credited time is enough.
        let credited_hit = s.pondered_ms > 0.0 && s.clock_ms.is_some() && time::factor(&s.iterations) <= 1.0;
        if (!self.searcher.in_iteration() || credited_hit)
            && let Some(last) = self.searcher.last_iteration()
            && (self.limits_reached(s, &last, now) || last.depth >= MAX_DEPTH)
        {
            if Self::holds(s) {
                self.search.as_mut().unwrap().holding = true;
                return SlotStep::Waiting(infos);
            }
            return self.finish(infos);
        }
        let slice_end = now + slice_ms.max(0.1);
        let hard_end = match (s.clock_ms, s.budget) {
            (Some(c), Some(b)) => c + b.hard,
            _ => f64::INFINITY,
        };
        let node_limit = s.params.nodes.unwrap_or(u64::MAX);
        loop {
            let deadline = slice_end.min(hard_end);
            match self.searcher.run(deadline, node_limit) {
                RunOutcome::NoMoves => {
                    if Self::holds(self.search.as_ref().unwrap()) {
                        self.search.as_mut().unwrap().holding = true;
                        return SlotStep::Waiting(infos);
                    }
                    return self.finish(infos);
                }
                RunOutcome::Interrupted => {
                    let now = now_ms();
                    if now >= hard_end || self.searcher.nodes() >= node_limit {
                        // A ponder search at its node limit holds its bestmove until ponderhit or stop, as UCI wants.
                        if Self::holds(self.search.as_ref().unwrap()) {
                            self.search.as_mut().unwrap().holding = true;
                            return SlotStep::Waiting(infos);
                        }
                        return self.finish(infos);
                    }
                    return SlotStep::Searching(infos);
                }
                RunOutcome::IterationDone => {
                    let last = self.searcher.last_iteration().expect("a completed iteration");
                    if let (Some(s), Some(&m)) = (self.search.as_mut(), last.pv.first()) {
                        s.iterations.push((m, last.score));
                    }
                    for (rank, line) in self.searcher.last_lines().iter().enumerate() {
                        infos.push(Info { multipv: rank as u32 + 1, ..self.info(line, started) });
                    }
                    let now = now_ms();
                    let s = self.search.as_ref().unwrap();
                    if self.limits_reached(s, &last, now) || last.depth >= MAX_DEPTH {
                        if Self::holds(s) {
                            self.search.as_mut().unwrap().holding = true;
                            return SlotStep::Waiting(infos);
                        }
                        return self.finish(infos);
                    }
                    if now >= slice_end || slice_end.is_infinite() {
                        return SlotStep::Searching(infos);
                    }
                }
            }
        }
    }
}

