//! The one `Engine` behind every front end (UCCI/UCI and GTP on stdin, the browser worker), for every game: set
//! a position — the game is a parameter of the position ([`Setup`]) — `go`, then call [`Engine::step`]
//! repeatedly — each call searches for at most a time slice and returns what happened — with [`Engine::stop`]
//! and [`Engine::ponderhit`] in between. Semantics follow UCI / UCCI 3.0: exactly one `bestmove` per `go`; a
//! `go ponder` or `go infinite` search holds its `bestmove` until `stop` (or, for ponder, until `ponderhit` and
//! its own limits); `ponderhit` starts the clock of that `go` from that moment and the search goes on without
//! restarting.
//!
//! Layering: each game's searcher implements [`SlicedSearch`] (in `crate::search::driver`); this module owns the
//! time management, pondering and the `bestmove` protocol once for all of them (the private `Slot<S>`), and
//! hands moves across its boundary as [`GameMove`] (whose `Display` is the game's protocol notation).

use crate::hex;
use crate::levels::{self, LevelRng, LevelSpec};
use crate::search::clock::now_ms;
use crate::search::driver::{IterationInfo, RunOutcome, SlicedSearch};
use crate::search::limits::{Budget, GoParams, LimitsError, MAX_DEPTH};
use crate::search::score::{self, Score};
use crate::search::time;
use crate::xiangqi::{self, FenError, MoveError};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

mod root;

/// Default transposition-table size (MiB).
pub const DEFAULT_HASH_MIB: usize = 16;
/// Largest `Hash` accepted (MiB).
pub const MAX_HASH_MIB: usize = 1024;

/// The games the engine plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Xiangqi,
    Hex,
}

impl Game {
    /// The game's name as the protocols spell it: `xiangqi`, `hex`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Xiangqi => "xiangqi",
            Game::Hex => "hex",
        }
    }

    /// Parses `xiangqi` or `hex` (case-insensitive).
    ///
    /// # Errors
    /// [`EngineError::Game`] naming the unknown game.
    pub fn parse(text: &str) -> Result<Game, EngineError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "xiangqi" => Ok(Game::Xiangqi),
            "hex" => Ok(Game::Hex),
            other => Err(EngineError::Game(format!("unknown game '{other}' (expected xiangqi or hex)"))),
        }
    }
}

/// Where a game starts: the first half of a `position` command (the moves played from it are the second).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup<'a> {
    /// A Xiangqi FEN, or `startpos`.
    Xiangqi(&'a str),
    /// An empty Hex board of `width` columns × `height` rows (1..=19 each), with or without the swap rule.
    Hex { width: usize, height: usize, swap: bool },
    /// A Hex board with setup stones (SGF `AB`/`AW`, placed before any move, not moves themselves) and the
    /// side to move after them: `black` and `white` are comma-separated cells (`"c3,d4"`, possibly empty),
    /// checked when the position is set.
    HexStones { width: usize, height: usize, swap: bool, black: &'a str, white: &'a str, to_move: hex::Color },
}

impl<'a> Setup<'a> {
    /// Parses a game and its start spec, the form the wasm `setPosition(game, spec, moves)` takes:
    /// `xiangqi` with a FEN or `startpos`; `hex` with `N` or `WxH`, optionally followed by `swap` (the swap
    /// rule on), e.g. `11x11 swap`, and setup stones `black=c3,d4 white=e5` with `tomove=black|white` (who
    /// plays first after them; Black by default), e.g. `7x7 black=d4,c3 white=e5 tomove=white`. An empty Hex
    /// spec is 11×11 without swap.
    ///
    /// # Errors
    /// [`EngineError::Game`] (unknown game, a malformed size or an unknown word); board sizes are checked when
    /// the position is set ([`EngineError::HexBoard`]).
    pub fn parse(game: &str, spec: &'a str) -> Result<Setup<'a>, EngineError> {
        match Game::parse(game)? {
            Game::Xiangqi => Ok(Setup::Xiangqi(spec)),
            Game::Hex => {
                let mut words = spec.split_whitespace();
                let (width, height) = match words.next() {
                    None => (11, 11),
                    Some(size) => parse_hex_size(size)?,
                };
                let mut swap = false;
                let (mut black, mut white, mut to_move, mut stones) = ("", "", hex::Color::Black, false);
                for w in words {
                    let cells = |list: &'a str| -> Result<&'a str, EngineError> {
                        for c in list.split(',').filter(|c| !c.is_empty()) {
                            hex::Cell::parse(c).map_err(|e| EngineError::Game(format!("hex spec: setup stone '{c}': {e}")))?;
                        }
                        Ok(list)
                    };
                    match w.split_once('=') {
                        Some(("black", list)) => (black, stones) = (cells(list)?, true),
                        Some(("white", list)) => (white, stones) = (cells(list)?, true),
                        Some(("tomove", side)) => {
                            to_move = hex::Color::parse(side)
                                .ok_or_else(|| EngineError::Game(format!("hex spec: tomove={side} (expected black or white)")))?;
                            stones = true;
                        }
                        _ => match w.to_ascii_lowercase().as_str() {
                            "swap" => swap = true,
                            "noswap" => swap = false,
                            _ => {
                                return Err(EngineError::Game(format!(
                                    "hex spec: unknown word '{w}' (expected swap, noswap, black=…, white=… or tomove=…)"
                                )));
                            }
                        },
                    }
                }
                if stones {
                    Ok(Setup::HexStones { width, height, swap, black, white, to_move })
                } else {
                    Ok(Setup::Hex { width, height, swap })
                }
            }
        }
    }

    /// The game this setup belongs to.
    pub fn game(&self) -> Game {
        match self {
            Setup::Xiangqi(_) => Game::Xiangqi,
            Setup::Hex { .. } | Setup::HexStones { .. } => Game::Hex,
        }
    }
}

/// Parses a Hex board size `N` or `WxH` (`W:H` as in SGF's `SZ[w:h]` too).
///
/// # Errors
/// [`EngineError::Game`] when it is not one or two whole numbers.
pub fn parse_hex_size(size: &str) -> Result<(usize, usize), EngineError> {
    let bad = || EngineError::Game(format!("hex size '{size}': expected N or WxH, e.g. 11 or 11x11"));
    let mut parts = size.split(['x', 'X', ':']);
    let w: usize = parts.next().ok_or_else(bad)?.trim().parse().map_err(|_| bad())?;
    let h: usize = match parts.next() {
        Some(h) => h.trim().parse().map_err(|_| bad())?,
        None => w,
    };
    if parts.next().is_some() {
        return Err(bad());
    }
    Ok((w, h))
}

/// A move of either game, as it crosses the engine's boundary. `Display` gives the game's protocol notation:
/// ICCS (`h2e2`) for Xiangqi; a cell (`c3`) or `swap-pieces` for Hex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameMove {
    Xiangqi(xiangqi::Move),
    Hex(hex::Move),
}

impl fmt::Display for GameMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMove::Xiangqi(m) => write!(f, "{m}"),
            GameMove::Hex(m) => write!(f, "{m}"),
        }
    }
}

impl From<xiangqi::Move> for GameMove {
    fn from(m: xiangqi::Move) -> Self {
        GameMove::Xiangqi(m)
    }
}

impl From<hex::Move> for GameMove {
    fn from(m: hex::Move) -> Self {
        GameMove::Hex(m)
    }
}

/// A move of the game `M`, if `g` is one (the inverse of the `From` conversions).
pub trait FromGameMove: Sized {
    fn from_game_move(g: GameMove) -> Option<Self>;
}
impl FromGameMove for xiangqi::Move {
    fn from_game_move(g: GameMove) -> Option<Self> {
        match g {
            GameMove::Xiangqi(m) => Some(m),
            GameMove::Hex(_) => None,
        }
    }
}
impl FromGameMove for hex::Move {
    fn from_game_move(g: GameMove) -> Option<Self> {
        match g {
            GameMove::Hex(m) => Some(m),
            GameMove::Xiangqi(_) => None,
        }
    }
}

/// Why a command was refused. The engine's state is unchanged after any of these.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// An unknown game, or a malformed game spec (the reason is given).
    Game(String),
    Fen(FenError),
    /// A Xiangqi move of the `moves` list, with its 1-based index in the list.
    Move { index: usize, error: MoveError },
    /// A Hex board that cannot be set up (size out of 1..=19).
    HexBoard(hex::HexError),
    /// A Hex move of the `moves` list, with its 1-based index in the list.
    HexMove { index: usize, error: hex::HexError },
    Limits(LimitsError),
    /// `go` while a search is running (the host must `stop` and wait for `bestmove` first).
    Busy,
    /// `ponderhit` when no ponder search is running.
    NotPondering,
    UnknownOption(String),
    OptionValue { name: String, value: String, reason: String },
    /// A `go`'s `searchmoves` entry (1-based index; 0: the list itself) that is not a legal move here.
    SearchMoves { index: usize, mv: String, reason: String },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Game(e) => write!(f, "{e}"),
            EngineError::Fen(e) => write!(f, "{e}"),
            EngineError::Move { index, error } => write!(f, "moves[{index}]: {error}"),
            EngineError::HexBoard(e) => write!(f, "{e}"),
            EngineError::HexMove { index, error } => write!(f, "moves[{index}]: {error}"),
            EngineError::Limits(e) => write!(f, "{e}"),
            EngineError::Busy => write!(f, "a search is running: send stop and wait for bestmove first"),
            EngineError::NotPondering => write!(f, "ponderhit: no ponder search is running"),
            EngineError::UnknownOption(n) => write!(f, "setoption: unknown option '{}'", crate::echo(n)),
            EngineError::OptionValue { name, value, reason } => {
                write!(f, "setoption: bad value '{}' for {}: {reason}", crate::echo(value), crate::echo(name))
            }
            EngineError::SearchMoves { index: 0, reason, .. } => write!(f, "go: searchmoves: {reason}"),
            EngineError::SearchMoves { index, mv, reason } => write!(f, "go: searchmoves[{index}] '{mv}': {reason}"),
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
    /// Centipawns from the side to move's view (Hex: Queenbee's evaluation units, M = 100 per unit of board
    /// potential); `None` when `mate` is set.
    pub cp: Option<i32>,
    /// Moves to mate (negative: the side to move is mated; Hex: a proved win or loss in that many own moves).
    pub mate: Option<i32>,
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Milliseconds since the `go` (since `ponderhit` is not subtracted).
    pub time_ms: u64,
    /// Principal variation in the game's notation (ICCS; Hex cells and `swap-pieces`).
    pub pv: Vec<String>,
    /// The line's rank (1 = best) under MultiPV; 1 with a single line.
    pub multipv: u32,
}

/// What [`Engine::search_blocking`] returns: every iteration's `info`, the `bestmove` and the ponder move.
pub type SearchResult = (Vec<Info>, Option<GameMove>, Option<GameMove>);

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
    Done { infos: Vec<Info>, bestmove: Option<GameMove>, ponder: Option<GameMove> },
}

/// Draw offers (`go draw` / the wasm `go({draw: true})`: the opponent offers a draw with the move it just made).
/// The engine searches as usual and answers with its `bestmove`: it **accepts** when its score (side to move's
/// view, at the end of the search) is at most [`DRAW_ACCEPT_LOSING_CP`] — it is losing — or when the game has
/// reached move [`DRAW_ACCEPT_FROM_MOVE`] and its score is at most [`DRAW_ACCEPT_LEVEL_CP`] — a level game late
/// enough; it **declines** otherwise (always when it has found a mate). Move numbers count as the FEN's full-move
/// number does (Xiangqi), or stones placed / 2 + 1 (Hex).
pub const DRAW_ACCEPT_LOSING_CP: Score = -100;
/// See [`DRAW_ACCEPT_LOSING_CP`].
pub const DRAW_ACCEPT_LEVEL_CP: Score = 20;
/// See [`DRAW_ACCEPT_LOSING_CP`].
pub const DRAW_ACCEPT_FROM_MOVE: u32 = 30;

/// The draw-offer rule ([`DRAW_ACCEPT_LOSING_CP`]): whether a side with `score` (its view) at move `move_number`
/// accepts a draw.
pub fn accepts_draw(score: Score, move_number: u32) -> bool {
    if score::is_mate(score) {
        return score < 0;
    }
    score <= DRAW_ACCEPT_LOSING_CP || (move_number >= DRAW_ACCEPT_FROM_MOVE && score <= DRAW_ACCEPT_LEVEL_CP)
}

/// The largest `TargetMoveTime` (ms): the soft budget of a clock is at most this option's value (0: no target), and
/// the hard one at most [`crate::search::limits::HARD_OVER_SOFT`] times it. The page sets it so that the engine answers at
/// a person's pace whatever the clock (its *Pace* setting).
pub const MAX_TARGET_MOVE_MS: u32 = 600_000;

/// One legal move (issue 12 item 8): searches without a clock (`go depth`, `go infinite`, `nodes`) treat it like
/// any position, so the score and PV are true (a mate score when the only move leads to mate). Under a clock or
/// a `movetime`, the engine stops as soon as the last iteration has a mate score searched to the mate's depth
/// (so the PV shows the mate) or reached [`ONE_MOVE_DEPTH`],
/// or [`ONE_MOVE_TIME_SHARE`] of the soft budget is used: the move is forced, so it keeps its time, but what it
/// reports has been searched.
pub const ONE_MOVE_DEPTH: u32 = 8;
/// See [`ONE_MOVE_DEPTH`].
pub const ONE_MOVE_TIME_SHARE: f64 = 0.1;

/// The state of one `go`.
struct Search<M> {
    params: GoParams,
    started_ms: f64,
    /// When the clock of this `go` started (`None` while pondering).
    clock_ms: Option<f64>,
    budget: Option<Budget>,
    holding: bool,
    stop: bool,
    /// Time spent pondering before the `ponderhit` (ms).
    pondered_ms: f64,
    /// Best move and score of each completed iteration.
    iterations: Vec<(M, Score)>,
}

/// What a [`Slot`] step returns (as [`Step`], with the game's own move type).
enum SlotStep<M> {
    Idle,
    Searching(Vec<Info>),
    Waiting(Vec<Info>),
    Done { infos: Vec<Info>, bestmove: Option<M>, ponder: Option<M> },
}

/// One game's root position, searcher and the state of its current `go`: the sliced driver, written once for
/// every [`SlicedSearch`].
struct Slot<S: SlicedSearch> {
    root: S::Position,
    searcher: S,
    search: Option<Search<S::Move>>,
    /// Root moves the next searches must not play (UCCI `banmoves`); cleared by `set_root`.
    banned: Vec<S::Move>,
    /// Root moves the next `go` only must not play (the complement of its `searchmoves`).
    go_excluded: Vec<S::Move>,
    /// The level handicap of the running `go` and its random stream (levels 1–8).
    handicap: Option<(&'static LevelSpec, LevelRng)>,
    /// The running `go` answers a draw offer; the move number of the root.
    draw_offer: Option<u32>,
    /// The answer of the last finished `go` to a draw offer (`None`: none was made).
    draw_answer: Option<bool>,
}

impl<S: SlicedSearch> Slot<S> {
    fn new(root: S::Position, hash_mib: usize, interrupt: Option<Arc<AtomicBool>>) -> Self {
        let mut searcher = S::with_hash(hash_mib);
        searcher.set_interrupt(interrupt);
        Slot { root, searcher, search: None, banned: Vec::new(), go_excluded: Vec::new(), handicap: None, draw_offer: None, draw_answer: None }
    }

    fn is_pondering(&self) -> bool {
        self.search.as_ref().is_some_and(|s| s.params.ponder && s.clock_ms.is_none())
    }

    fn set_root(&mut self, root: S::Position) {
        self.root = root;
        self.banned.clear();
    }

    fn go(&mut self, params: GoParams, move_number: u32, target_ms: Option<f64>) {
        let now = now_ms();
        let budget = params.budget(S::uses_white_clock(&self.root), move_number, target_ms);
        self.searcher.start(self.root.clone());
        self.searcher.exclude_root_moves(&self.banned);
        self.searcher.exclude_root_moves(&self.go_excluded);
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
    }

    fn ponderhit(&mut self) -> Result<(), EngineError> {
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

    fn stop(&mut self) {
        if let Some(s) = self.search.as_mut() {
            s.stop = true;
        }
    }

    fn info(&self, it: &IterationInfo<S::Move>, started_ms: f64) -> Info {
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
            multipv: 1,
        }
    }

    fn finish(&mut self, infos: Vec<Info>) -> SlotStep<S::Move> {
        // A stopped search (a ponder miss, "move now") answers at once: no level passes after a stop.
        let stopped = self.search.as_ref().is_none_or(|s| s.stop);
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
        SlotStep::Done { infos, bestmove, ponder }
    }

    /// A level's weaker move instead of `best` (see [`crate::levels`]): `None` to keep `best`. Scores the next-best
    /// root moves by exclusion at the depth of `last`, each pass capped at the level's nodes.
    fn weaker_choice(
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
    fn limits_reached(&self, s: &Search<S::Move>, last: &IterationInfo<S::Move>, now: f64) -> bool {
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
    fn holds(s: &Search<S::Move>) -> bool {
        s.params.infinite || (s.params.ponder && s.clock_ms.is_none())
    }

    fn step(&mut self, slice_ms: f64) -> SlotStep<S::Move> {
        let Some(s) = self.search.as_ref() else { return SlotStep::Idle };
        let mut infos = Vec::new();
        if s.stop {
            return self.finish(infos);
        }
        if s.holding {
            return SlotStep::Waiting(infos);
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

/// The Hex searcher the engine drives (its [`SlicedSearch`] implementation is in `hex/driver.rs`).
type HexSearcher = crate::hex::driver::Player;

/// The engine: one `Slot` (position, searcher, state of the `go`) per game (the Hex one made on first use), the game of the last `set_position`,
/// and the options that apply to every game.
pub struct Engine {
    game: Game,
    xiangqi: Slot<xiangqi::search::Searcher>,
    hex: Option<Slot<HexSearcher>>,
    hash_mib: usize,
    interrupt: Option<Arc<AtomicBool>>,
    /// Opening book (`xiangqi::book`): option `OwnBook` (UCCI `usebook`), off by default; the generator that
    /// draws among book moves (option `BookSeed`); a book move waiting for the next [`step`](Self::step).
    book: BookState,
    /// `Level` 0–8 (0: full strength).
    level: u8,
    /// `LevelSeed`.
    level_seed: u64,
    /// `TargetMoveTime` in ms (`None`: none): caps the soft budget of a clock ([`GoParams::budget`]).
    target_move_ms: Option<f64>,
    /// Searches started since `LevelSeed` was set (mixed into each search's random stream).
    searches: u64,
    /// `MultiPV` (1–5): lines reported per iteration when a `go` does not set its own.
    multipv: usize,
}

/// The opening-book part of the [`Engine`]'s state.
struct BookState {
    on: bool,
    rng: rand_pcg::Pcg32,
    pending: Option<GameMove>,
}

impl BookState {
    fn new(seed: u64) -> Self {
        use rand_core::SeedableRng;
        BookState { on: false, rng: rand_pcg::Pcg32::seed_from_u64(seed), pending: None }
    }
}

impl Default for Engine {
    fn default() -> Self {
        Self::new()
    }
}

/// Runs `$body` with `$slot` bound to the current game's slot; `$on_step` wraps a `SlotStep` into a `Step`.
macro_rules! with_slot {
    ($self:ident, $slot:ident => $body:expr) => {
        match $self.game {
            Game::Xiangqi => {
                let $slot = &mut $self.xiangqi;
                $body
            }
            Game::Hex => {
                let $slot = $self.hex.as_mut().expect("the Hex slot exists while Hex is the game");
                $body
            }
        }
    };
}

fn to_step<M: Into<GameMove>>(s: SlotStep<M>) -> Step {
    match s {
        SlotStep::Idle => Step::Idle,
        SlotStep::Searching(i) => Step::Searching(i),
        SlotStep::Waiting(i) => Step::Waiting(i),
        SlotStep::Done { infos, bestmove, ponder } => {
            Step::Done { infos, bestmove: bestmove.map(Into::into), ponder: ponder.map(Into::into) }
        }
    }
}

impl Engine {
    /// An engine at the Xiangqi start position with a [`DEFAULT_HASH_MIB`] table.
    pub fn new() -> Self {
        Engine {
            game: Game::Xiangqi,
            xiangqi: Slot::new(xiangqi::Position::startpos(), DEFAULT_HASH_MIB, None),
            hex: None,
            hash_mib: DEFAULT_HASH_MIB,
            interrupt: None,
            book: BookState::new(0),
            level: 0,
            level_seed: 0,
            target_move_ms: None,
            searches: 0,
            multipv: 1,
        }
    }

    /// Sets the Xiangqi search technique switches directly (bench, ablation).
    pub fn set_search_options(&mut self, options: xiangqi::search::SearchOptions) {
        self.xiangqi.searcher.options = options;
    }

    /// Installs a flag another thread raises to interrupt a [`step`](Self::step) early (the native protocols'
    /// stdin reader does, when a command arrives). With it, `step(f64::INFINITY)` is not time-sliced at all —
    /// a search without input in between is exactly reproducible — and returns after each completed iteration
    /// (so its `info` can be printed), at its limits, or within about a thousand nodes of the flag being raised.
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.xiangqi.searcher.set_interrupt(Some(flag.clone()));
        if let Some(h) = self.hex.as_mut() {
            h.searcher.set_interrupt(Some(flag.clone()));
        }
        self.interrupt = Some(flag);
    }

    /// The game of the last [`set_position`](Self::set_position) (Xiangqi at first).
    pub fn game(&self) -> Game {
        self.game
    }

    /// Whether a search is running (or holding its bestmove).
    pub fn is_searching(&self) -> bool {
        if self.book.pending.is_some() {
            return true;
        }
        match self.game {
            Game::Xiangqi => self.xiangqi.search.is_some(),
            Game::Hex => self.hex.as_ref().is_some_and(|h| h.search.is_some()),
        }
    }

    /// Whether the running search is a ponder search that has not had its `ponderhit`.
    pub fn is_pondering(&self) -> bool {
        match self.game {
            Game::Xiangqi => self.xiangqi.is_pondering(),
            Game::Hex => self.hex.as_ref().is_some_and(|h| h.is_pondering()),
        }
    }

    /// The Xiangqi position searched when Xiangqi is the game (the FEN of the last Xiangqi `set_position`,
    /// after its moves; the start position before any).
    pub fn xiangqi_position(&self) -> &xiangqi::Position {
        &self.xiangqi.root
    }

    /// The Hex playout search's parameters (defaults before the first Hex position).
    pub fn hex_mcts_options(&self) -> hex::mcts::MctsOptions {
        self.hex.as_ref().map_or_else(hex::mcts::MctsOptions::default, |h| h.searcher.mcts.options)
    }

    /// The Hex position searched when Hex is the game (`None` before the first Hex `set_position`).
    pub fn hex_position(&self) -> Option<&hex::Position> {
        self.hex.as_ref().map(|h| &h.root)
    }

    /// Sets the position and with it the game: a [`Setup`] (a Xiangqi FEN or `startpos`; an empty Hex board)
    /// and the moves played from it — ICCS for Xiangqi (the history is kept for the repetition rules), Hex
    /// cells (`c3`) and `swap-pieces` for Hex, each played by the side to move.
    ///
    /// # Errors
    /// [`EngineError::Fen`] / [`EngineError::HexBoard`] for the setup, [`EngineError::Move`] /
    /// [`EngineError::HexMove`] (1-based index) for a move; [`EngineError::Busy`] during a search. The
    /// position and game are unchanged after any of these.
    pub fn set_position(&mut self, setup: Setup<'_>, moves: &[&str]) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(EngineError::Busy);
        }
        match setup {
            Setup::Xiangqi(fen) => {
                let mut pos = if fen.trim() == "startpos" {
                    xiangqi::Position::startpos()
                } else {
                    xiangqi::Position::from_fen(fen).map_err(EngineError::Fen)?
                };
                for (i, m) in moves.iter().enumerate() {
                    pos.try_play(m).map_err(|error| EngineError::Move { index: i + 1, error })?;
                }
                self.set_xiangqi_position(pos)
            }
            Setup::Hex { width, height, swap } => {
                self.set_position(Setup::HexStones { width, height, swap, black: "", white: "", to_move: hex::Color::Black }, moves)
            }
            Setup::HexStones { width, height, swap, black, white, to_move } => {
                let mut pos = hex::Position::new(width, height).map_err(EngineError::HexBoard)?;
                pos.set_swap_rule(swap);
                for (list, color) in [(black, hex::Color::Black), (white, hex::Color::White)] {
                    for c in list.split(',').filter(|c| !c.is_empty()) {
                        let cell = hex::Cell::parse(c).map_err(|e| EngineError::Game(format!("hex setup stone '{c}': {e}")))?;
                        pos.add_stone(cell, color).map_err(EngineError::HexBoard)?;
                    }
                }
                pos.set_to_move(to_move);
                for (i, m) in moves.iter().enumerate() {
                    pos.play_str(m).map_err(|error| EngineError::HexMove { index: i + 1, error })?;
                }
                self.set_hex_position(pos)
            }
        }
    }

    /// Sets a Xiangqi position directly (its history is kept for the repetition rules) and makes Xiangqi the
    /// game.
    ///
    /// # Errors
    /// [`EngineError::Busy`] during a search.
    pub fn set_xiangqi_position(&mut self, pos: xiangqi::Position) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(EngineError::Busy);
        }
        self.xiangqi.set_root(pos);
        self.game = Game::Xiangqi;
        Ok(())
    }

    /// Sets a Hex position directly (e.g. one with SGF setup stones, as GTP's `loadsgf` gives) and makes Hex
    /// the game.
    ///
    /// # Errors
    /// [`EngineError::Busy`] during a search.
    pub fn set_hex_position(&mut self, pos: hex::Position) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(EngineError::Busy);
        }
        match self.hex.as_mut() {
            Some(h) => h.set_root(pos),
            None => self.hex = Some(Slot::new(pos, self.hash_mib, self.interrupt.clone())),
        }
        self.game = Game::Hex;
        Ok(())
    }

    /// Moves the searches of the current position must not play (UCCI 3.0 `banmoves`; UCI `searchmoves` is its
    /// complement); moves of another game are ignored. Kept until the next
    /// [`set_position`](Self::set_position) or `set_banned`. When every legal move is banned, the search ends
    /// with no `bestmove`.
    pub fn set_banned(&mut self, moves: &[GameMove]) {
        fn of<M: FromGameMove>(moves: &[GameMove]) -> Vec<M> {
            moves.iter().filter_map(|&m| M::from_game_move(m)).collect()
        }
        match self.game {
            Game::Xiangqi => self.xiangqi.banned = of(moves),
            Game::Hex => {
                if let Some(h) = self.hex.as_mut() {
                    h.banned = of(moves);
                }
            }
        }
    }

    /// Sets an option. For every game: `Hash` (TT size in MiB, 1–[`MAX_HASH_MIB`]) and `Clear Hash` (empties
    /// the TTs). Technique switches (`true`/`false`) of either game, whatever the current game is — Xiangqi:
    /// `NullMove`, `LMR`, `Killers`, `History`, `Aspiration`, `CheckExtension`, `TTCutoffs`, `QsearchChecks`,
    /// `Futility`; Hex: those of `hex::search::SearchOptions`. Xiangqi opening book: `OwnBook` (alias `usebook`,
    /// `true`/`false`, default `false`) and `BookSeed` (the seed, 0–2^64−1, of the book's weighted random choice;
    /// setting it restarts the generator). `Level` (0 = full strength, 1–8 the handicaps of
    /// [`crate::levels::LEVELS`], for every game) and `LevelSeed` (a whole number: the seed of the levels' random
    /// choices; setting it restarts their stream).
    ///
    /// # Errors
    /// Unknown name, or a value out of range (the reason is given); `Hash` during a search.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let bad = |reason: &str| EngineError::OptionValue { name: name.into(), value: value.into(), reason: reason.into() };
        match name.trim().to_ascii_lowercase().replace(' ', "").as_str() {
            "hash" | "hashsize" => {
                let mib: usize = value.trim().parse().map_err(|_| bad("expected a whole number of MiB"))?;
                if !(1..=MAX_HASH_MIB).contains(&mib) {
                    return Err(bad(&format!("must be 1..{MAX_HASH_MIB} MiB")));
                }
                if self.is_searching() {
                    return Err(EngineError::Busy);
                }
                if mib != self.hash_mib {
                    self.xiangqi.searcher.resize_hash(mib);
                    if let Some(h) = self.hex.as_mut() {
                        h.searcher.resize_hash(mib);
                    }
                    self.hash_mib = mib;
                }
                Ok(())
            }
            // The opening book (UCI `OwnBook`, UCCI `usebook`) and the seed of its weighted random choice.
            "ownbook" | "usebook" => {
                self.book.on = crate::search::driver::parse_flag(value).map_err(|r| bad(&r))?;
                Ok(())
            }
            "bookseed" => {
                let seed: u64 = value.trim().parse().map_err(|_| bad("expected a whole number 0..2^64-1"))?;
                let on = self.book.on;
                self.book = BookState::new(seed);
                self.book.on = on;
                Ok(())
            }
            "level" => {
                let l: u8 = value.trim().parse().map_err(|_| bad("expected a whole number 0..8"))?;
                if l > levels::MAX_LEVEL {
                    return Err(bad("must be 0 (full strength) .. 8"));
                }
                self.level = l;
                Ok(())
            }
            "levelseed" => {
                self.level_seed = value.trim().parse().map_err(|_| bad("expected a whole number 0..2^64-1"))?;
                self.searches = 0;
                Ok(())
            }
            "targetmovetime" => {
                let ms: u32 = value.trim().parse().map_err(|_| bad("expected a whole number of ms"))?;
                if ms > MAX_TARGET_MOVE_MS {
                    return Err(bad(&format!("must be 0 (none) .. {MAX_TARGET_MOVE_MS} ms")));
                }
                self.target_move_ms = (ms > 0).then_some(ms as f64);
                Ok(())
            }
            "multipv" => {
                self.multipv = crate::search::multipv::parse_multipv(value).map_err(|r| bad(&r))?;
                Ok(())
            }
            "clearhash" => {
                self.xiangqi.searcher.clear_hash();
                if let Some(h) = self.hex.as_mut() {
                    h.searcher.clear_hash();
                }
                Ok(())
            }
            _ => {
                // The current game's switches first, then the other game's.
                let mut tried = Vec::new();
                if self.game == Game::Hex {
                    tried.push(self.hex.as_mut().and_then(|h| h.searcher.set_option(name, value)));
                }
                tried.push(self.xiangqi.searcher.set_option(name, value));
                let key = crate::search::driver::option_key(name);
                if self.game == Game::Xiangqi && (self.hex.is_some() || HexSearcher::option_names().contains(&key.as_str())) {
                    let hex = self.hex.get_or_insert_with(|| {
                        Slot::new(hex::Position::square(11).expect("11x11 is a valid board"), self.hash_mib, self.interrupt.clone())
                    });
                    tried.push(hex.searcher.set_option(name, value));
                }
                match tried.into_iter().flatten().next() {
                    Some(r) => r.map_err(|reason| bad(&reason)),
                    None => Err(EngineError::UnknownOption(name.to_string())),
                }
            }
        }
    }

    /// Starts a search of the current position with `params`.
    ///
    /// # Errors
    /// [`EngineError::Limits`] for out-of-range parameters, [`EngineError::Busy`] during another search.
    pub fn go(&mut self, mut params: GoParams) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(EngineError::Busy);
        }
        params.validate().map_err(EngineError::Limits)?;
        let multipv = root::multipv_of(params.multipv, self.multipv);
        self.restrict_root(params.searchmoves.as_deref())?;
        // A book move answers a normal search of a book position at once (not a ponder, infinite or MultiPV
        // search, nor one restricted by banned moves or searchmoves).
        if self.book.on
            && self.game == Game::Xiangqi
            && !params.ponder
            && !params.infinite
            && multipv == 1
            && self.xiangqi.banned.is_empty()
            && self.xiangqi.go_excluded.is_empty()
            && let Some(m) = xiangqi::book::pick(&self.xiangqi.root, &mut self.book.rng)
        {
            self.book.pending = Some(m.into());
            return Ok(());
        }
        // Levels cap every search but analysis (`infinite`); the caps never raise a limit the `go` set.
        let handicap = match levels::spec(self.level) {
            Some(spec) if !params.infinite => {
                params.depth = Some(params.depth.map_or(spec.depth, |d| d.min(spec.depth)));
                params.nodes = Some(params.nodes.map_or(spec.nodes, |n| n.min(spec.nodes)));
                let mut rng = LevelRng(self.level_seed);
                rng.mix(&format!("search {} level {}", self.searches, spec.level));
                Some((spec, rng))
            }
            _ => None,
        };
        self.searches += 1;
        if let Some(h) = self.hex.as_mut() {
            h.searcher.levelled = handicap.is_some();
        }
        let draw = params.draw;
        let move_number = self.move_number();
        with_slot!(self, slot => {
            slot.handicap = handicap;
            slot.draw_offer = draw.then_some(move_number);
            slot.draw_answer = None;
            slot.searcher.set_multipv(multipv);
            slot.go(params, move_number, self.target_move_ms)
        });
        Ok(())
    }

    /// The move number of the current position: the FEN's full-move number (Xiangqi), stones placed / 2 + 1 (Hex).
    fn move_number(&self) -> u32 {
        match self.game {
            Game::Xiangqi => self.xiangqi.root.fen().split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1),
            Game::Hex => self.hex.as_ref().map_or(1, |h| h.root.ply() as u32 / 2 + 1),
        }
    }

    /// The opponent offers a draw during the running search (UCCI `ponderhit draw`): the search answers it when it
    /// ends ([`draw_answer`](Self::draw_answer)). No effect when idle.
    pub fn offer_draw(&mut self) {
        if !self.is_searching() {
            return;
        }
        let n = self.move_number();
        with_slot!(self, slot => slot.draw_offer = Some(n));
    }

    /// The time budget of the running search (`None` without a time limit, while idle, or while pondering before
    /// the `ponderhit`): the planned (`soft`) and the most (`hard`) milliseconds from the start of its clock.
    pub fn budget(&self) -> Option<Budget> {
        let (clock, budget) = match self.game {
            Game::Xiangqi => self.xiangqi.search.as_ref().map(|s| (s.clock_ms, s.budget)),
            Game::Hex => self.hex.as_ref().and_then(|h| h.search.as_ref()).map(|s| (s.clock_ms, s.budget)),
        }?;
        clock.and(budget)
    }

    /// The current level (0 = full strength, 1–8 handicapped; see [`crate::levels`]).
    pub fn level(&self) -> u8 {
        self.level
    }

    /// The answer of the last finished search to a draw offer (`go` with `draw`): `Some(true)` accept,
    /// `Some(false)` decline (the rule: [`DRAW_ACCEPT_LOSING_CP`]); `None` when that `go` had no offer.
    pub fn draw_answer(&self) -> Option<bool> {
        match self.game {
            Game::Xiangqi => self.xiangqi.draw_answer,
            Game::Hex => self.hex.as_ref().and_then(|h| h.draw_answer),
        }
    }

    /// The ponder search becomes a normal search whose clock starts now; it continues where it is.
    ///
    /// # Errors
    /// [`EngineError::NotPondering`] when no ponder search runs.
    pub fn ponderhit(&mut self) -> Result<(), EngineError> {
        with_slot!(self, slot => slot.ponderhit())
    }

    /// Asks the search to finish: the next [`step`](Self::step) returns [`Step::Done`] at once. No effect when idle.
    pub fn stop(&mut self) {
        with_slot!(self, slot => slot.stop())
    }

    /// Searches for at most `slice_ms` milliseconds (or until a limit), then reports. With `f64::INFINITY` it
    /// returns after each completed iteration (or at the interrupt flag, see [`set_interrupt`](Self::set_interrupt)).
    pub fn step(&mut self, slice_ms: f64) -> Step {
        if let Some(m) = self.book.pending.take() {
            return Step::Done { infos: Vec::new(), bestmove: Some(m), ponder: None };
        }
        match self.game {
            Game::Xiangqi => to_step(self.xiangqi.step(slice_ms)),
            Game::Hex => match self.hex.as_mut() {
                Some(h) => to_step(h.step(slice_ms)),
                None => Step::Idle,
            },
        }
    }

    /// Runs a whole search to its end (for the CLI, tests and benches). It is not time-sliced, so a search
    /// limited by depth or nodes is exactly reproducible however loaded the machine is. A `ponder` or
    /// `infinite` search is not allowed here (nothing could stop it).
    ///
    /// # Errors
    /// As [`go`](Self::go), and [`EngineError::Limits`] for `ponder` / `infinite`.
    pub fn search_blocking(&mut self, params: GoParams) -> Result<SearchResult, EngineError> {
        if params.infinite || params.ponder {
            return Err(EngineError::Limits(LimitsError("a blocking search cannot be infinite or ponder".into())));
        }
        self.go(params)?;
        let mut all = Vec::new();
        loop {
            match self.step(f64::INFINITY) {
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
