//! The Hex player behind the engine's sliced driver: [`SlicedSearch`] for [`Player`], so `crate::engine`
//! runs, stops and ponders a Hex search exactly as a Xiangqi one (in the browser worker's 5 ms slices too).
//!
//! A [`Player`] holds both Hex searches and picks one per position by the option `HexEval`:
//! - `playouts` (the default): Monte Carlo tree search with H-search knowledge ([`super::mcts`]), on every
//!   board from 2×2 to 19×19 when no swap decision is pending (`u128` cell sets up to 128 cells, 384-bit ones
//!   above); otherwise alpha-beta;
//! - `queenbee`: Queenbee's alpha-beta with the two-distance evaluation ([`super::search`]), as the seed
//!   teaches it, unchanged (the lab always uses it; so do the playing levels 1–8, whose caps are in plies).
//!   Cutting its root moves to the knowledge's candidates was measured and not kept (benchmarks.md).

use super::mcts::{Mcts, MctsOutcome, RootHelpers, RootSolver, SolverNews, merge_best};
use super::search::{self, Searcher};
use super::two_distance::Convention;
use super::{Color, Move, Position};
use crate::search::driver::{IterationInfo, RunOutcome, SlicedSearch, parse_flag};
use crate::search::tt::TranspositionTable;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The solver thread's table (MiB), as large as the main tree's root solver's.
const THREAD_SOLVER_MIB: usize = 32;

/// A Hex search put aside ([`SlicedSearch::suspend`]): whichever of the two searches was running.
pub enum Suspended {
    /// The tree, and its root and excluded moves (for the helpers of a parallel search taken up again).
    Mcts(Box<super::mcts::MctsSuspended>, Box<(Position, Vec<Move>)>),
    AlphaBeta(Box<search::Suspended>),
}

/// Which search plays (the `HexEval` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HexEval {
    /// Monte Carlo tree search (random playouts with bridge saving, RAVE, H-search knowledge).
    Playouts,
    /// Queenbee's two-distance evaluation in alpha-beta.
    Queenbee,
}

impl HexEval {
    /// Parses `playouts` / `mcts` or `queenbee` / `alphabeta` (case-insensitive).
    pub fn parse(s: &str) -> Option<HexEval> {
        match s.trim().to_ascii_lowercase().as_str() {
            "playouts" | "mcts" => Some(HexEval::Playouts),
            "queenbee" | "alphabeta" | "alpha-beta" => Some(HexEval::Queenbee),
            _ => None,
        }
    }
}

/// Both Hex searches and the choice between them.
pub struct Player {
    /// Queenbee's alpha-beta (also the lab's searcher).
    pub alpha_beta: Searcher,
    /// The Monte Carlo tree search.
    pub mcts: Mcts,
    /// The `HexEval` option.
    pub eval: HexEval,
    /// A playing level (1–8) caps this search: alpha-beta plays, since the levels' depth caps are in plies
    /// (`crate::levels`).
    pub levelled: bool,
    /// Whether the current search is the MCTS one.
    using_mcts: bool,
    /// MultiPV lines per iteration (1–5).
    multipv: usize,
    /// `Threads`: the Monte Carlo search's trees, the main one and its root-parallel helpers
    /// (`super::mcts::parallel`); 1 by default.
    threads: usize,
    /// The `Hash` setting (MiB), for the helpers' trees.
    hash_mib: usize,
    /// The Monte Carlo search's root and the moves excluded from it (for its helpers).
    root: Option<(Position, Vec<Move>)>,
    /// The running helpers of the current Monte Carlo search.
    helpers: Option<RootHelpers>,
    /// The move all trees chose together once the helpers stopped (`None`: the main tree's own).
    merged: Option<Move>,
    /// The solver thread's table (`hex::mcts::solver_thread`) and its board size, kept from search to search.
    thread_solver: Option<((usize, usize), RootSolver)>,
    thread_solver_size: (usize, usize),
    /// Playouts of the current search's helpers that have stopped.
    helper_nodes_done: u64,
}

impl Player {
    /// Starts the root-parallel helpers if this Monte Carlo search should have them (several threads, no node
    /// limit, not levelled) and has none yet.
    fn start_helpers(&mut self, node_limit: u64) {
        if self.threads <= 1 || !self.using_mcts || self.helpers.is_some() || node_limit != u64::MAX || self.levelled {
            return;
        }
        if let Some((pos, excluded)) = self.root.as_ref() {
            // Where the root solver applies, the first helper runs it (hex::mcts::solver_thread), on the table
            // kept for it from move to move (a new one for another board size).
            let solver = (self.mcts.options.solver_thread && self.mcts.root_solver_applies()).then(|| {
                let news = Arc::new(SolverNews::default());
                self.mcts.set_solver_news(Some(news.clone()));
                let size = (pos.width(), pos.height());
                let table = match self.thread_solver.take() {
                    Some((s, t)) if s == size => t,
                    _ => RootSolver::new(size.0, size.1, THREAD_SOLVER_MIB),
                };
                self.thread_solver_size = size;
                (table, news)
            });
            // Elsewhere the helpers search the main tree itself (tree parallelism), unless set to a tree each.
            let tree = (solver.is_none() && self.mcts.options.tree_parallel).then(|| self.mcts.share_tree());
            let (options, hash) = (self.mcts.options, self.hash_mib);
            self.helpers = Some(RootHelpers::spawn(pos, excluded, options, hash, self.threads - 1, solver, tree));
        }
    }

    /// Stops the helpers and merges their trees' root statistics with the main tree's into [`Player::merged`].
    fn stop_helpers(&mut self) {
        if let Some(h) = self.helpers.take() {
            let shared = h.shares_tree();
            let (stats, nodes, table) = h.stop();
            // Tree-parallel helpers added their playouts to the main tree: nothing to merge.
            let stats = if shared { Vec::new() } else { stats };
            self.mcts.unshare_tree();
            // The solver thread's table, kept for the next search.
            self.mcts.set_solver_news(None);
            if let Some(t) = table {
                self.thread_solver = Some((self.thread_solver_size, t));
            }
            self.helper_nodes_done += nodes;
            if !stats.is_empty() {
                let mut all = vec![self.mcts.root_stats()];
                all.extend(stats);
                self.merged = merge_best(&all);
            }
        }
    }

    /// Playouts of the current search's helpers so far.
    fn helper_nodes(&self) -> u64 {
        self.helper_nodes_done + self.helpers.as_ref().map_or(0, RootHelpers::nodes)
    }
}

impl Player {
    /// Marks proofs about the root of the Monte Carlo search in progress (`facts` from a solver working beside it:
    /// in the browser, a solver worker, `www/views/hex-solver-helper.js`), when `pos` is that root; returns
    /// whether they were taken.
    pub(crate) fn note_root_facts(&mut self, pos: &Position, facts: &super::mcts::RootFacts) -> bool {
        match &self.root {
            Some((root, _)) if self.using_mcts && Self::same_position(root, pos) => {
                self.mcts.note_root_facts(facts);
                true
            }
            _ => false,
        }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        self.stop_helpers();
    }
}

impl Player {
    /// Whether the search under way is the Monte Carlo one.
    pub fn using_mcts(&self) -> bool {
        self.using_mcts
    }
}

impl Player {
    /// The Monte Carlo search's parameters as engine options ([`MctsOptions`](super::mcts::MctsOptions)):
    /// `MctsKnowledge` (visits before a node's knowledge, 1..=100000), `MctsExpand` (visits before a leaf gets
    /// children, 1..=1000), `MctsExploration` (0..=2), `MctsRaveK` (1..=1000000), `MctsBridges` (bridge
    /// saving in playouts, `true`/`false`) and `MctsHsearchCells` (H-search's largest carrier between two empty
    /// cells, 0..=8), `MctsWideRoot` (the root analysed with H-search's wider bounds, `true`/`false`),
    /// `MctsSolverEmpties` (the DFPN solver works on the root once at most this many cells are empty, 0..=361, 0 =
    /// never), `MctsSolverShare` (its share of the time in a timed search, 0..=0.9), `MctsSolverRate` (its
    /// nodes per 1000 playouts in a search bounded by nodes, 0..=1000, 0 = none there), `MctsPriors` (pattern priors in the tree,
    /// `true`/`false`), `MctsPriorBias` (their progressive bias, 0..=10) and `MctsTreeParallel` (several threads
    /// search one tree, `true`/`false`; else a tree each) and `MctsSolverThread` (where the root's solver
    /// applies, the first helper is a solver thread, `true`/`false`). `None`: not one of these.
    fn set_mcts_option(&mut self, key: &str, value: &str) -> Option<Result<(), String>> {
        let o = &mut self.mcts.options;
        let whole = |min: u32, max: u32| -> Result<u32, String> {
            let n: u32 = value.trim().parse().map_err(|_| "expected a whole number".to_string())?;
            if !(min..=max).contains(&n) {
                return Err(format!("must be {min}..{max}"));
            }
            Ok(n)
        };
        let real = |min: f32, max: f32| -> Result<f32, String> {
            let x: f32 = value.trim().parse().map_err(|_| "expected a number".to_string())?;
            if !(x.is_finite() && (min..=max).contains(&x)) {
                return Err(format!("must be {min}..{max}"));
            }
            Ok(x)
        };
        Some(match key {
            "mctsknowledge" => whole(1, 100_000).map(|n| o.knowledge_after = n),
            "mctsexpand" => whole(1, 1000).map(|n| o.expand_after = n),
            "mctsexploration" => real(0.0, 2.0).map(|x| o.exploration = x),
            "mctsravek" => real(1.0, 1_000_000.0).map(|x| o.rave_k = x),
            "mctsbridges" => parse_flag(value).map(|b| o.bridge_playouts = b),
            "mctshsearchcells" => whole(0, 8).map(|n| o.hsearch_cells = n),
            "mctswideroot" => parse_flag(value).map(|b| o.wide_root = b),
            "mctsrootchildren" => parse_flag(value).map(|b| o.root_children = b),
            "mctssolverempties" => whole(0, 361).map(|n| o.solver_empties = n),
            "mctssolvershare" => real(0.0, 0.9).map(|x| o.solver_share = x),
            "mctssolverrate" => whole(0, 1000).map(|n| o.solver_rate = n),
            "mctspriors" => parse_flag(value).map(|b| o.priors = b),
            "mctspriorbias" => real(0.0, 10.0).map(|x| o.prior_bias = x),
            "mctstreeparallel" => parse_flag(value).map(|b| o.tree_parallel = b),
            "mctssolverthread" => parse_flag(value).map(|b| o.solver_thread = b),
            _ => return None,
        })
    }
}

impl SlicedSearch for Player {
    type Position = Position;
    type Move = Move;
    fn with_hash(hash_mib: usize) -> Self {
        Player {
            alpha_beta: Searcher::new(hash_mib),
            mcts: Mcts::new(hash_mib),
            eval: HexEval::Playouts,
            levelled: false,
            using_mcts: false,
            multipv: 1,
            threads: 1,
            hash_mib,
            root: None,
            helpers: None,
            thread_solver: None,
            thread_solver_size: (0, 0),
            merged: None,
            helper_nodes_done: 0,
        }
    }
    fn start(&mut self, pos: Position) {
        self.stop_helpers();
        self.merged = None;
        self.helper_nodes_done = 0;
        self.using_mcts = self.eval == HexEval::Playouts && !self.levelled && Mcts::supports(&pos);
        if self.using_mcts {
            self.root = Some((pos.clone(), Vec::new()));
            self.mcts.start(pos)
        } else {
            self.root = None;
            self.alpha_beta.start(pos)
        }
    }
    type Suspended = Suspended;
    fn suspend(&mut self) -> Suspended {
        self.stop_helpers();
        self.merged = None;
        if self.using_mcts {
            let root = self.root.clone().unwrap_or_else(|| (Position::square(1).expect("1x1 is a valid size"), Vec::new()));
            Suspended::Mcts(Box::new(self.mcts.suspend()), Box::new(root))
        } else {
            Suspended::AlphaBeta(Box::new(self.alpha_beta.suspend()))
        }
    }
    fn resume(&mut self, s: Suspended) {
        self.stop_helpers();
        self.merged = None;
        self.helper_nodes_done = 0;
        match s {
            Suspended::Mcts(m, root) => {
                self.using_mcts = true;
                self.root = Some(*root);
                self.mcts.resume(*m);
            }
            Suspended::AlphaBeta(a) => {
                self.using_mcts = false;
                self.alpha_beta.resume(*a);
            }
        }
    }
    fn parent(pos: &Position) -> Option<(Position, Move)> {
        let mut parent = pos.clone();
        let last = parent.undo()?;
        Some((parent, last))
    }
    fn after(pos: &Position, mv: Move) -> Option<Position> {
        let mut next = pos.clone();
        next.try_play(mv).ok()?;
        Some(next)
    }
    fn same_position(a: &Position, b: &Position) -> bool {
        a.key() == b.key() && a.width() == b.width() && a.height() == b.height()
    }
    fn run(&mut self, deadline_ms: f64, node_limit: u64) -> RunOutcome {
        self.start_helpers(node_limit);
        if self.using_mcts {
            return match self.mcts.run(deadline_ms, node_limit) {
                MctsOutcome::IterationDone => RunOutcome::IterationDone,
                MctsOutcome::Interrupted => RunOutcome::Interrupted,
                MctsOutcome::NoMoves => RunOutcome::NoMoves,
            };
        }
        match self.alpha_beta.run(deadline_ms, node_limit) {
            search::RunOutcome::IterationDone => RunOutcome::IterationDone,
            search::RunOutcome::Interrupted => RunOutcome::Interrupted,
            search::RunOutcome::NoMoves => RunOutcome::NoMoves,
        }
    }
    fn last_iteration(&self) -> Option<IterationInfo<Move>> {
        if self.using_mcts {
            return self.mcts.last_iteration().map(|l| IterationInfo {
                depth: l.depth,
                seldepth: l.seldepth,
                score: l.score,
                nodes: l.nodes + self.helper_nodes(),
                pv: l.pv.clone(),
            });
        }
        self.alpha_beta.root.last.as_ref().map(|l| IterationInfo {
            depth: l.depth,
            seldepth: l.seldepth,
            score: l.score,
            nodes: l.nodes,
            pv: l.pv.clone(),
        })
    }
    fn set_multipv(&mut self, k: usize) {
        self.multipv = k.clamp(1, crate::search::multipv::MAX_MULTIPV);
        self.alpha_beta.multipv = self.multipv;
    }
    /// MCTS: the best root children by visits ([`Mcts::lines`]) at the last iteration's depth and nodes;
    /// alpha-beta: its lines.
    fn last_lines(&self) -> Vec<IterationInfo<Move>> {
        let Some(last) = self.last_iteration() else { return Vec::new() };
        if !self.using_mcts {
            return self.alpha_beta.root.lines.iter().map(|l| IterationInfo { depth: l.depth, seldepth: l.seldepth, score: l.score, nodes: l.nodes, pv: l.pv.clone() }).collect();
        }
        if self.multipv == 1 {
            return vec![last];
        }
        let mut lines = vec![last.clone()];
        for (score, pv) in self.mcts.lines(self.multipv).into_iter().skip(1) {
            lines.push(IterationInfo { depth: last.depth, seldepth: pv.len() as u32, score, nodes: last.nodes, pv });
        }
        lines
    }
    fn nodes(&self) -> u64 {
        if self.using_mcts { self.mcts.nodes() } else { self.alpha_beta.nodes }
    }
    fn best_move(&self) -> Option<Move> {
        if self.using_mcts { self.merged.or_else(|| self.mcts.best_move()) } else { self.alpha_beta.best_move() }
    }
    /// The main tree's expected reply to its own best move; none when the trees together chose another move.
    fn ponder_move(&self) -> Option<Move> {
        if !self.using_mcts {
            return self.alpha_beta.ponder_move();
        }
        match self.merged {
            Some(m) if Some(m) != self.mcts.best_move() => None,
            _ => self.mcts.ponder_move(),
        }
    }
    fn root_move_count(&self) -> usize {
        if self.using_mcts { self.mcts.root_move_count() } else { self.alpha_beta.root_move_count() }
    }
    fn in_iteration(&self) -> bool {
        if self.using_mcts { self.mcts.in_iteration() } else { self.alpha_beta.in_iteration() }
    }
    fn exclude_root_moves(&mut self, moves: &[Move]) {
        if self.using_mcts {
            if let Some((_, excluded)) = self.root.as_mut() {
                excluded.extend_from_slice(moves);
            }
            self.mcts.exclude_root_moves(moves)
        } else {
            self.alpha_beta.exclude_root_moves(moves)
        }
    }
    fn end_search(&mut self) {
        self.stop_helpers();
    }
    fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, crate::search::limits::max_threads());
    }
    fn set_interrupt(&mut self, flag: Option<Arc<AtomicBool>>) {
        self.mcts.set_interrupt(flag.clone());
        self.alpha_beta.interrupt = flag;
    }
    fn resize_hash(&mut self, mib: usize) {
        self.stop_helpers();
        self.hash_mib = mib;
        self.alpha_beta.tt = TranspositionTable::new(mib);
        self.mcts.resize(mib);
    }
    fn clear_hash(&mut self) {
        self.stop_helpers();
        self.alpha_beta.tt.clear();
        self.mcts.clear();
    }
    /// `HexEval` (`playouts` / `queenbee`, see the module documentation); the fields of
    /// [`search::SearchOptions`] for the alpha-beta search: `Beam`, `TTCutoffs`, `Ordering`, `Threats`
    /// (`true`/`false`), `BeamBase`, `BeamPerPly` (whole numbers, 1..=400 and 0..=100), `Convention`
    /// (`queenbee`/`benzene`); `ExactSlices` (not a technique: [`Searcher::set_exact_slices`]).
    fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let key = crate::search::driver::option_key(name);
        if key == "exactslices" {
            return Some(parse_flag(value).map(|v| self.alpha_beta.set_exact_slices(v)));
        }
        if let Some(r) = self.set_mcts_option(&key, value) {
            return Some(r);
        }
        if key == "hexeval" {
            return Some(
                HexEval::parse(value).map(|e| self.eval = e).ok_or_else(|| "expected playouts or queenbee".to_string()),
            );
        }
        let o = &mut self.alpha_beta.options;
        let count = |max: usize, min: usize| -> Result<usize, String> {
            let n: usize = value.trim().parse().map_err(|_| "expected a whole number".to_string())?;
            if !(min..=max).contains(&n) {
                return Err(format!("must be {min}..{max}"));
            }
            Ok(n)
        };
        let r = match key.as_str() {
            "beam" => parse_flag(value).map(|v| o.beam = v),
            "ttcutoffs" => parse_flag(value).map(|v| o.tt_cutoffs = v),
            "ordering" => parse_flag(value).map(|v| o.ordering = v),
            "threats" => parse_flag(value).map(|v| o.threats = v),
            "beambase" => count(400, 1).map(|v| o.beam_base = v),
            "beamperply" => count(100, 0).map(|v| o.beam_per_ply = v),
            "convention" => Convention::parse(value)
                .map(|c| o.convention = c)
                .ok_or_else(|| "expected queenbee or benzene".to_string()),
            _ => return None,
        };
        Some(r)
    }
    fn option_names() -> &'static [&'static str] {
        &["hexeval", "mctsknowledge", "mctsexpand", "mctsexploration", "mctsravek", "mctsbridges", "mctshsearchcells", "mctswideroot", "mctsrootchildren", "mctssolverempties", "mctssolvershare", "mctssolverrate", "mctspriors", "mctspriorbias", "mctstreeparallel", "mctssolverthread", "beam", "ttcutoffs", "ordering", "threats", "beambase", "beamperply", "convention"]
    }
    fn uses_white_clock(pos: &Position) -> bool {
        pos.to_move() == Color::White
    }
}
