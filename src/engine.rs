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
use crate::levels::{self, LevelRng};
use crate::search::driver::SlicedSearch;
use crate::search::limits::{Budget, GoParams, LimitsError};
use crate::search::score::{self, Score};
use crate::xiangqi::{self, FenError, MoveError};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

#[cfg(not(all(feature = "xiangqi-search", feature = "hex-search")))]
mod absent;
mod go_state;
mod options;
mod ponder;
mod root;
mod slot;

pub use ponder::{MAX_PONDER_CANDIDATES, PonderCandidate, Resumed};
use go_state::SlotStep;
use slot::Slot;

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
    /// A position of a game whose search this build leaves out (a wasm module of the other game,
    /// `engine/absent.rs`).
    GameNotBuilt(Game),
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
            EngineError::GameNotBuilt(g) => write!(f, "this build of the engine cannot search {} (another module has it)", g.name()),
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

/// The Hex searcher the engine drives (its [`SlicedSearch`] implementation is in `hex/driver.rs`); a stand-in
/// in a build without the Hex search (`absent.rs`).
#[cfg(feature = "hex-search")]
type HexSearcher = crate::hex::driver::Player;
#[cfg(not(feature = "hex-search"))]
type HexSearcher = absent::Absent<crate::hex::driver::Player>;
/// The Xiangqi searcher the engine drives; a stand-in in a build without the Xiangqi search (`absent.rs`).
#[cfg(feature = "xiangqi-search")]
type XiangqiSearcher = xiangqi::search::Searcher;
#[cfg(not(feature = "xiangqi-search"))]
type XiangqiSearcher = absent::Absent<xiangqi::search::Searcher>;

/// The engine: one `Slot` (position, searcher, state of the `go`) per game (the Hex one made on first use, or at
/// once in a build without the Xiangqi search), the game of the last `set_position`,
/// and the options that apply to every game.
pub struct Engine {
    game: Game,
    xiangqi: Slot<XiangqiSearcher>,
    hex: Option<Slot<HexSearcher>>,
    hash_mib: usize,
    /// `Threads` (1 by default), given to each game's searcher, the Hex one when it is made.
    threads: usize,
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
    /// `PonderCandidates` (1–[`MAX_PONDER_CANDIDATES`]): replies a ponder search thinks about (`ponder`).
    ponder_candidates: usize,
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
/// A game this build leaves out (`absent.rs`) is never the engine's game: its arm is not compiled, so the
/// slot code of its stand-in is not linked.
macro_rules! with_slot {
    ($self:ident, $slot:ident => $body:expr) => {
        match $self.game {
            #[cfg(feature = "xiangqi-search")]
            Game::Xiangqi => {
                let $slot = &mut $self.xiangqi;
                $body
            }
            #[cfg(feature = "hex-search")]
            Game::Hex => {
                let $slot = $self.hex.as_mut().expect("the Hex slot exists while Hex is the game");
                $body
            }
            #[allow(unreachable_patterns)]
            _ => unreachable!("a game this build leaves out is never the engine's game"),
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
    /// An engine at the Xiangqi start position with a [`DEFAULT_HASH_MIB`] table (in a build without the
    /// Xiangqi search, on an empty 11×11 Hex board).
    pub fn new() -> Self {
        // A build without the Xiangqi search (`absent.rs`) starts on an empty 11×11 Hex board instead: the game
        // of the engine is always one it can search.
        #[cfg(feature = "xiangqi-search")]
        let (game, hex) = (Game::Xiangqi, None);
        #[cfg(not(feature = "xiangqi-search"))]
        let (game, hex) = (
            Game::Hex,
            Some(Slot::new(hex::Position::new(11, 11).expect("11×11 is a board size"), DEFAULT_HASH_MIB, None)),
        );
        Engine {
            game,
            // (without the Xiangqi search, a root that is never searched: no FEN parser linked for it)
            #[cfg(feature = "xiangqi-search")]
            xiangqi: Slot::new(xiangqi::Position::startpos(), DEFAULT_HASH_MIB, None),
            #[cfg(not(feature = "xiangqi-search"))]
            xiangqi: Slot::new(xiangqi::Position::empty(), DEFAULT_HASH_MIB, None),
            hex,
            hash_mib: DEFAULT_HASH_MIB,
            threads: 1,
            interrupt: None,
            book: BookState::new(0),
            level: 0,
            level_seed: 0,
            target_move_ms: None,
            searches: 0,
            multipv: 1,
            ponder_candidates: 1,
        }
    }

    /// Sets the Xiangqi search technique switches directly (bench, ablation).
    #[cfg(feature = "xiangqi-search")]
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

    /// The `Threads` setting (1 by default).
    pub fn threads(&self) -> usize {
        self.threads
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
        #[cfg(feature = "hex-search")]
        return self.hex.as_ref().map_or_else(hex::mcts::MctsOptions::default, |h| h.searcher.mcts.options);
        #[cfg(not(feature = "hex-search"))]
        hex::mcts::MctsOptions::default()
    }

    /// Proofs about the root of the Hex search in progress, from a solver working beside it (the browser's
    /// solver worker, `www/views/hex-solver-helper.js`; natively the solver thread does this itself): taken,
    /// and `true` returned, only while a Monte Carlo search of `pos` runs.
    #[cfg(feature = "hex-search")]
    pub fn note_hex_root_facts(&mut self, pos: &hex::Position, facts: &hex::mcts::RootFacts) -> bool {
        self.game == Game::Hex && self.hex.as_mut().is_some_and(|h| h.searcher.note_root_facts(pos, facts))
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
        // A game this build leaves out is refused before its rules are used (so they are not linked in).
        match setup {
            Setup::Xiangqi(_) if !cfg!(feature = "xiangqi-search") => Err(EngineError::GameNotBuilt(Game::Xiangqi)),
            Setup::Hex { .. } | Setup::HexStones { .. } if !cfg!(feature = "hex-search") => Err(EngineError::GameNotBuilt(Game::Hex)),
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
    /// [`EngineError::Busy`] during a search; [`EngineError::GameNotBuilt`] in a build without the Xiangqi
    /// search.
    pub fn set_xiangqi_position(&mut self, pos: xiangqi::Position) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(EngineError::Busy);
        }
        if !cfg!(feature = "xiangqi-search") {
            return Err(EngineError::GameNotBuilt(Game::Xiangqi));
        }
        self.xiangqi.set_root(pos);
        self.game = Game::Xiangqi;
        Ok(())
    }

    /// Sets a Hex position directly (e.g. one with SGF setup stones, as GTP's `loadsgf` gives) and makes Hex
    /// the game.
    ///
    /// # Errors
    /// [`EngineError::Busy`] during a search; [`EngineError::GameNotBuilt`] in a build without the Hex search.
    pub fn set_hex_position(&mut self, pos: hex::Position) -> Result<(), EngineError> {
        if self.is_searching() {
            return Err(EngineError::Busy);
        }
        if !cfg!(feature = "hex-search") {
            return Err(EngineError::GameNotBuilt(Game::Hex));
        }
        match self.hex.as_mut() {
            Some(h) => h.set_root(pos),
            None => {
                let mut slot: Slot<HexSearcher> = Slot::new(pos, self.hash_mib, self.interrupt.clone());
                slot.searcher.set_threads(self.threads);
                self.hex = Some(slot);
            }
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
        if cfg!(feature = "xiangqi-search")
            && self.book.on
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
        #[cfg(feature = "hex-search")]
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
            slot.go(params, move_number, self.target_move_ms, self.ponder_candidates, multipv)
        });
        Ok(())
    }

    /// The move number of the current position: the FEN's full-move number (Xiangqi), stones placed / 2 + 1 (Hex).
    fn move_number(&self) -> u32 {
        match self.game {
            #[cfg(feature = "xiangqi-search")]
            Game::Xiangqi => self.xiangqi.root.fen().split_whitespace().nth(5).and_then(|n| n.parse().ok()).unwrap_or(1),
            #[cfg(feature = "hex-search")]
            Game::Hex => self.hex.as_ref().map_or(1, |h| h.root.ply() as u32 / 2 + 1),
            // a game this build leaves out is never the engine's game (`absent.rs`)
            #[allow(unreachable_patterns)]
            _ => 1,
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

    /// The replies the running ponder search thinks about, in the order pondered (candidate 1, the predicted
    /// reply, first), each with its depth, nodes and time; empty unless `PonderCandidates` > 1 and a ponder
    /// search runs ([`ponder`] has the schedule).
    pub fn ponder_candidates(&self) -> Vec<PonderCandidate> {
        match self.game {
            Game::Xiangqi => self.xiangqi.candidates(),
            Game::Hex => self.hex.as_ref().map_or_else(Vec::new, |h| h.candidates()),
        }
    }

    /// Whether the current (or last) `go` went on from pondering, and from which candidate: set by a
    /// `ponderhit` on a search with several replies, or by a `go` on a position one of a stopped ponder
    /// search's candidates had searched; `None` otherwise (reset by each `go`).
    pub fn resumed(&self) -> Option<Resumed> {
        match self.game {
            Game::Xiangqi => self.xiangqi.resumed,
            Game::Hex => self.hex.as_ref().and_then(|h| h.resumed),
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
