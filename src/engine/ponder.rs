//! Pondering on several replies (issue 23; the seed's Hitech story, Bruce Moreland's "Pondering"): with the
//! option `PonderCandidates` k > 1, a `go ponder` on the position after the predicted reply also thinks about
//! the opponent's other likely replies, so that whatever the opponent plays among them, the engine goes on
//! from what it has.
//!
//! **The schedule**, in turns of one *unit* of effort — the move's planned time (the soft budget of the
//! `go ponder`'s clock or its `movetime`), else its `nodes`, else its `depth`, else [`DEFAULT_TURN_MS`]:
//! 1. the predicted reply (candidate 1) gets the first turn, as a plain ponder search would: by its end a hit
//!    can be answered at once;
//! 2. a **ranking** search of the position the opponent moves in, MultiPV k, for [`RANKING_SHARE`] of a unit
//!    (at least one completed iteration), orders the other replies: its best lines, after the predicted one,
//!    are candidates 2..k. When they are fewer (the Hex search, proving the position at once, reports only the
//!    winning line), it searches again without the replies taken, until there are k or none is left;
//! 3. each candidate in that order gets a turn, then candidate 1 again, and so on, round robin (a candidate
//!    that reaches the `go`'s depth or node limit, a mate, or the end of the game is done).
//!
//! Each candidate's search is put aside ([`SlicedSearch::suspend`]) when its turn ends and taken up again
//! ([`SlicedSearch::resume`]) at its next one: the transposition table is shared, and each search's node
//! count and iterations carry on. Only candidate 1 reports `info` lines, as UCI expects of a ponder search.
//!
//! **A hit**: `ponderhit` continues candidate 1 as a normal search (as with one candidate). When the opponent
//! plays another move, the host sends `stop` as usual (the protocols are unchanged); the searches are kept,
//! and the next `go` whose position is one of the candidates' goes on with that candidate's search, its
//! pondering time credited to the clock as a ponder hit's is ([`Resumed`]). Any other `go` drops them and
//! searches afresh, as without this option.

use super::{GameMove, Info};
use super::go_state::{Search, SlotStep, info_of};
use crate::search::clock::now_ms;
use crate::search::driver::{RunOutcome, SlicedSearch};
use crate::search::limits::MAX_DEPTH;
use crate::search::multipv::MAX_MULTIPV;
use crate::search::score::{self, Score};

/// The most replies pondered (`PonderCandidates` 1..=this; the ranking search is a MultiPV search).
pub const MAX_PONDER_CANDIDATES: usize = MAX_MULTIPV;
/// The ranking search's share of a unit of effort.
pub const RANKING_SHARE: f64 = 0.25;
/// A turn's length (ms) when the `go ponder` sets no clock, time, nodes or depth (`go ponder infinite`).
pub const DEFAULT_TURN_MS: f64 = 2000.0;

/// One reply being pondered, as the engine reports it ([`crate::engine::Engine::ponder_candidates`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PonderCandidate {
    /// The opponent's move, in the game's notation.
    #[serde(serialize_with = "as_text")]
    pub mv: GameMove,
    /// Depth of its search's last completed iteration (0: none yet).
    pub depth: u32,
    /// Nodes its search has visited.
    pub nodes: u64,
    /// Milliseconds of search it has had.
    pub ms: f64,
    /// Whether it is being searched now.
    pub active: bool,
}

fn as_text<S: serde::Serializer>(m: &GameMove, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&m.to_string())
}

/// A search that went on from pondering: a `ponderhit` (candidate 1), or a `go` on the position after one of
/// the other candidates ([`crate::engine::Engine::resumed`]).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resumed {
    /// Which candidate, 1-based in the order pondered (1 = the predicted reply).
    pub candidate: usize,
    /// Milliseconds of search it had had (credited to the clock as thinking done).
    pub ms: f64,
    /// Nodes its search had visited (the search goes on from there).
    pub nodes: u64,
    /// Depth of its last completed iteration.
    pub depth: u32,
}

/// A unit of effort (see the module documentation).
#[derive(Clone, Copy, Debug)]
enum Unit {
    Ms(f64),
    Nodes(u64),
    Depth(u32),
}

/// What the searcher holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Active {
    Candidate(usize),
    Ranking,
    Nothing,
}

struct Candidate<S: SlicedSearch> {
    mv: S::Move,
    root: S::Position,
    /// Its search while put aside (`None` while in the searcher, or not begun).
    state: Option<S::Suspended>,
    begun: bool,
    ms: f64,
    nodes: u64,
    depth: u32,
    /// Best move and score of each completed iteration (the time manager's, after a hit).
    iterations: Vec<(S::Move, Score)>,
    done: bool,
    /// Effort at the start of its current turn.
    turn_start: f64,
    turns: u32,
}

impl<S: SlicedSearch> Candidate<S> {
    fn new(mv: S::Move, root: S::Position) -> Self {
        Candidate { mv, root, state: None, begun: false, ms: 0.0, nodes: 0, depth: 0, iterations: Vec::new(), done: false, turn_start: 0.0, turns: 0 }
    }

    fn effort(&self, unit: Unit) -> f64 {
        match unit {
            Unit::Ms(_) => self.ms,
            Unit::Nodes(_) => self.nodes as f64,
            Unit::Depth(_) => self.depth as f64,
        }
    }
}

/// The replies of one `go ponder` (see the module documentation); kept after a `stop` for the next `go`.
pub(super) struct PonderSet<S: SlicedSearch> {
    parent: S::Position,
    want: usize,
    unit: Unit,
    cands: Vec<Candidate<S>>,
    active: Active,
    ranked: bool,
    ranking_ms: f64,
    ranking_start_nodes: u64,
    /// Rounds of the ranking search so far (see `take_ranking`).
    ranking_rounds: usize,
    cursor: usize,
}

impl<S: SlicedSearch> PonderSet<S> {
    /// The set for a `go ponder` on `root` (the position after the predicted reply) with `want` candidates, or
    /// `None` when `root` has no parent (nothing before the predicted reply) or `want` < 2.
    pub(super) fn new(root: &S::Position, want: usize, search: &Search<S::Move>) -> Option<Self> {
        if want < 2 {
            return None;
        }
        let (parent, predicted) = S::parent(root)?;
        let p = &search.params;
        let unit = if let Some(b) = search.budget.filter(|_| p.depth.is_none() && p.nodes.is_none()) {
            Unit::Ms(b.soft.max(1.0))
        } else if let Some(n) = p.nodes {
            Unit::Nodes(n.max(1))
        } else if let Some(d) = p.depth {
            Unit::Depth(d.max(1))
        } else {
            Unit::Ms(DEFAULT_TURN_MS)
        };
        let mut first = Candidate::new(predicted, root.clone());
        first.begun = true;
        Some(PonderSet {
            parent,
            want: want.min(MAX_PONDER_CANDIDATES),
            unit,
            cands: vec![first],
            active: Active::Candidate(0),
            ranked: false,
            ranking_ms: 0.0,
            ranking_start_nodes: 0,
            ranking_rounds: 0,
            cursor: 0,
        })
    }

    fn turn_over(&self, i: usize) -> bool {
        let c = &self.cands[i];
        match self.unit {
            Unit::Ms(ms) => c.ms - c.turn_start >= ms,
            // A node or depth limit is the candidate's own: its turn lasts until it is done.
            Unit::Nodes(_) | Unit::Depth(_) => c.done,
        }
    }

    fn ranking_over(&self, nodes_now: u64, depth: u32) -> bool {
        if depth == 0 {
            return false;
        }
        match self.unit {
            Unit::Ms(ms) => self.ranking_ms >= ms * RANKING_SHARE,
            Unit::Nodes(n) => (nodes_now - self.ranking_start_nodes) as f64 >= n as f64 * RANKING_SHARE,
            Unit::Depth(d) => depth >= (d / 2).max(1),
        }
    }

    /// What to search next; `None` when every candidate is done.
    fn next_task(&mut self) -> Option<Active> {
        if !self.ranked && (self.cands[0].done || self.turn_over(0)) {
            return Some(Active::Ranking);
        }
        let n = self.cands.len();
        for _ in 0..=n {
            let i = self.cursor;
            if !self.cands[i].done && !self.turn_over(i) {
                return Some(Active::Candidate(i));
            }
            if self.cands.iter().all(|c| c.done) {
                return None;
            }
            if !self.cands[i].done && self.turn_over(i) {
                self.cands[i].turns += 1;
            }
            self.cursor = (i + 1) % n;
            let unit = self.unit;
            let c = &mut self.cands[self.cursor];
            c.turn_start = c.effort(unit);
        }
        None
    }

    /// The candidates, for the host.
    pub(super) fn report(&self) -> Vec<PonderCandidate>
    where
        S::Move: Into<GameMove>,
    {
        self.cands
            .iter()
            .enumerate()
            .map(|(i, c)| PonderCandidate {
                mv: c.mv.into(),
                depth: c.depth,
                nodes: c.nodes,
                ms: c.ms,
                active: self.active == Active::Candidate(i),
            })
            .collect()
    }
}

impl<S: SlicedSearch> PonderSet<S> {
    /// Puts the searcher's current task aside and gives it `task`.
    fn switch_to(&mut self, searcher: &mut S, task: Active) {
        if self.active == task {
            return;
        }
        if let Active::Candidate(j) = self.active {
            self.cands[j].state = Some(searcher.suspend());
        }
        match task {
            Active::Candidate(i) => {
                let c = &mut self.cands[i];
                match c.state.take() {
                    Some(st) => searcher.resume(st),
                    None => {
                        searcher.set_multipv(1);
                        searcher.start(c.root.clone());
                        c.begun = true;
                    }
                }
            }
            Active::Ranking => {
                searcher.set_multipv(self.want);
                searcher.start(self.parent.clone());
                self.ranking_start_nodes = 0;
            }
            Active::Nothing => {}
        }
        self.active = task;
    }

    /// A round of the ranking search is over: its lines after the predicted reply become candidates 2..k. When
    /// they are fewer than wanted (a search that proves its root at once, as the Hex one often does, reports only
    /// the lines it has visited), another round searches the parent again without the replies already taken,
    /// until there are enough or no reply is left.
    fn take_ranking(&mut self, searcher: &mut S) {
        let lines = searcher.last_lines();
        let any_line = !lines.is_empty();
        self.ranking_rounds += 1;
        for line in lines {
            let Some(&mv) = line.pv.first() else { continue };
            if self.cands.iter().any(|c| c.mv == mv) || self.cands.len() >= self.want {
                continue;
            }
            if let Some(root) = S::after(&self.parent, mv) {
                self.cands.push(Candidate::new(mv, root));
            }
        }
        if self.cands.len() < self.want && any_line && self.ranking_rounds < self.want {
            searcher.start(self.parent.clone());
            let taken: Vec<S::Move> = self.cands.iter().map(|c| c.mv).collect();
            searcher.exclude_root_moves(&taken);
            self.ranking_start_nodes = 0;
            return;
        }
        searcher.set_multipv(1);
        self.ranked = true;
        self.active = Active::Nothing;
        self.cursor = if self.cands.len() > 1 { 1 } else { 0 };
        let unit = self.unit;
        let c = &mut self.cands[self.cursor];
        c.turn_start = c.effort(unit);
    }

    /// One step of a ponder search on several replies (`search`, before its `ponderhit`): runs the current task
    /// for at most `slice_ms` and returns after each run, with candidate 1's completed iterations as `info`.
    pub(super) fn step(&mut self, searcher: &mut S, search: &mut Search<S::Move>, slice_ms: f64) -> SlotStep<S::Move> {
        let mut infos = Vec::new();
        let Some(task) = self.next_task() else {
            // Every candidate is done: hold the bestmove until stop or ponderhit, with candidate 1 in the searcher.
            self.switch_to(searcher, Active::Candidate(0));
            search.holding = true;
            return SlotStep::Waiting(infos);
        };
        self.switch_to(searcher, task);
        let now = now_ms();
        let slice_end = now + slice_ms.max(0.1);
        let (deadline, node_limit) = match (task, self.unit) {
            (Active::Candidate(i), Unit::Ms(ms)) => (slice_end.min(now + self.cands[i].turn_start + ms - self.cands[i].ms), u64::MAX),
            (Active::Candidate(_), Unit::Nodes(n)) => (slice_end, n),
            (Active::Ranking, Unit::Ms(ms)) => (slice_end.min(now + (ms * RANKING_SHARE - self.ranking_ms).max(0.5)), u64::MAX),
            // Its share of nodes, but never short of the first completed iteration (the ranking needs its lines;
            // a Hex iteration is a batch of playouts that may be larger than the share).
            (Active::Ranking, Unit::Nodes(n)) if searcher.last_iteration().is_some() => {
                (slice_end, ((n as f64 * RANKING_SHARE) as u64).max(1))
            }
            (Active::Ranking, Unit::Nodes(_)) => (slice_end, u64::MAX),
            (_, Unit::Depth(_)) => (slice_end, u64::MAX),
            (Active::Nothing, _) => (slice_end, u64::MAX),
        };
        let outcome = searcher.run(deadline, node_limit);
        let spent = now_ms() - now;
        let nodes = searcher.nodes();
        let last = searcher.last_iteration();
        match task {
            Active::Ranking => {
                self.ranking_ms += spent;
                let depth = last.as_ref().map_or(0, |l| l.depth);
                if outcome == RunOutcome::NoMoves || self.ranking_over(nodes, depth) || depth >= MAX_DEPTH {
                    self.take_ranking(searcher);
                }
            }
            Active::Candidate(i) => {
                let p = &search.params;
                let c = &mut self.cands[i];
                c.ms += spent;
                c.nodes = nodes;
                if outcome == RunOutcome::NoMoves || p.nodes.is_some_and(|n| nodes >= n) {
                    c.done = true;
                }
                if outcome == RunOutcome::IterationDone
                    && let Some(l) = last
                {
                    c.depth = l.depth;
                    if let Some(&m) = l.pv.first() {
                        c.iterations.push((m, l.score));
                    }
                    let mate_seen = score::is_mate(l.score) && l.depth as Score >= score::MATE - l.score.abs() + 2;
                    if p.depth.is_some_and(|d| l.depth >= d) || l.depth >= MAX_DEPTH || mate_seen {
                        c.done = true;
                    }
                    if i == 0 {
                        for (rank, line) in searcher.last_lines().iter().enumerate() {
                            infos.push(Info { multipv: rank as u32 + 1, ..info_of(line, search.started_ms) });
                        }
                    }
                }
            }
            Active::Nothing => {}
        }
        SlotStep::Searching(infos)
    }

    /// `ponderhit`: candidate 1 goes on as the search, its own pondering credited (in `search`); the others are
    /// dropped with the set.
    pub(super) fn ponderhit(mut self, searcher: &mut S, search: &mut Search<S::Move>) -> Resumed {
        self.switch_to(searcher, Active::Candidate(0));
        let c = &mut self.cands[0];
        search.iterations = std::mem::take(&mut c.iterations);
        search.pondered_ms = c.ms;
        Resumed { candidate: 1, ms: c.ms, nodes: c.nodes, depth: c.depth }
    }

    /// Before a stopped ponder search answers: candidate 1 back in the searcher (its bestmove is the `go`'s).
    pub(super) fn before_finish(&mut self, searcher: &mut S) {
        self.switch_to(searcher, Active::Candidate(0));
    }

    /// After a stopped ponder search answered: every candidate's search put aside, for the next `go`.
    pub(super) fn after_finish(&mut self, searcher: &mut S) {
        if self.active == Active::Candidate(0) {
            self.cands[0].state = Some(searcher.suspend());
            self.active = Active::Nothing;
        }
    }

    /// A `go` (not a ponder one) on `root`: when one of the kept candidates searched that position, its search
    /// goes on in `searcher` and what it had is credited in `search`.
    pub(super) fn resume(mut self, searcher: &mut S, search: &mut Search<S::Move>, root: &S::Position) -> Option<Resumed> {
        if self.active != Active::Nothing {
            return None;
        }
        let i = self.cands.iter().position(|c| c.state.is_some() && S::same_position(&c.root, root))?;
        let c = &mut self.cands[i];
        searcher.resume(c.state.take().expect("a kept search"));
        search.iterations = std::mem::take(&mut c.iterations);
        search.pondered_ms = c.ms;
        Some(Resumed { candidate: i + 1, ms: c.ms, nodes: c.nodes, depth: c.depth })
    }
}
