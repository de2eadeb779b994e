//! What a `go` asks for: depth, nodes, fixed move time, a clock, infinite or ponder (UCI `go` and UCCI 3.0 `go`
//! parameters), and the time budget derived from a clock.

use super::multipv::MAX_MULTIPV;
use serde::Deserialize;
use std::fmt;

/// Parameters of a `go` command. All times in milliseconds. With none set, the search runs to its maximum depth.
#[derive(Clone, Debug, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GoParams {
    /// Stop after completing this many plies (1–[`MAX_DEPTH`]).
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think exactly this long (ms).
    pub movetime: Option<f64>,
    /// Red's remaining time (ms); UCCI `time` when Red is to move.
    pub wtime: Option<f64>,
    /// Black's remaining time (ms).
    pub btime: Option<f64>,
    /// Red's increment per move (ms).
    pub winc: Option<f64>,
    /// Black's increment per move (ms).
    pub binc: Option<f64>,
    /// Moves to the next time control.
    pub movestogo: Option<u32>,
    /// Search until `stop`.
    #[serde(default)]
    pub infinite: bool,
    /// Ponder: search with no clock running until `ponderhit` (then the limits above apply from that moment)
    /// or `stop`; the best move is held until one of them.
    #[serde(default)]
    pub ponder: bool,
    /// The opponent offers a draw (UCCI 3.0 `go draw`): the engine answers when the search ends (the rule:
    /// `crate::engine::DRAW_ACCEPT_LOSING_CP`).
    #[serde(default)]
    pub draw: bool,
    /// MultiPV for this search: report the `k` best root moves (1–[`MAX_MULTIPV`]); `None`: the engine's
    /// `MultiPV` option.
    pub multipv: Option<u32>,
    /// Restrict the root to these moves (the game's notation: ICCS, Hex cells); checked legal by the engine.
    pub searchmoves: Option<Vec<String>>,
}

/// The deepest iteration the search runs.
pub const MAX_DEPTH: u32 = 64;

/// The most threads `Threads` accepts natively (more than the machine's cores only share them); WebAssembly
/// builds have no threads ([`max_threads`]).
pub const MAX_THREADS: usize = 256;

/// The most threads this build can use: [`MAX_THREADS`] natively, 1 in WebAssembly.
pub const fn max_threads() -> usize {
    if cfg!(target_arch = "wasm32") { 1 } else { MAX_THREADS }
}

/// A `go` parameter out of range.
#[derive(Clone, Debug, PartialEq)]
pub struct LimitsError(pub String);

impl fmt::Display for LimitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "go: {}", self.0)
    }
}
impl std::error::Error for LimitsError {}

/// Safety margin kept on the clock for communication and the GUI (ms).
pub const MOVE_OVERHEAD_MS: f64 = 30.0;
/// The move by which a clock without `movestogo` plans to have spent its bank: [`GoParams::budget`] assumes
/// `max(GAME_MOVES - move number, MIN_MOVES_TO_GO)` moves are left. Games between engines at a fast clock last
/// 50–70 moves, but they are decided in the middlegame; from then on the increment carries the game. With 60
/// (and 20) the engine ended its 10 s + 0.1 s games against ElephantEye with half its clock unused
/// (docs/benchmarks.md, "Time at a real clock").
pub const GAME_MOVES: u32 = 35;
/// The fewest moves to go the sudden-death estimate assumes (see [`GAME_MOVES`]).
pub const MIN_MOVES_TO_GO: u32 = 12;
/// The hard budget is at most this many times the soft one.
pub const HARD_OVER_SOFT: f64 = 2.5;
/// With more than a few moves to go, the hard budget is at most this share of the time left (one move never
/// takes an eighth of the clock).
pub const HARD_CLOCK_SHARE: f64 = 0.125;

/// The time budget of one move: `soft` (the planned time: no new iteration starts past a share of it) and
/// `hard` (the search is aborted there), both in ms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// The planned time for the move (ms).
    pub soft: f64,
    /// The most the move may take (ms).
    pub hard: f64,
}

impl GoParams {
    /// Checks the ranges: depth 1–64, non-negative finite times, nodes ≥ 1, movestogo ≥ 1.
    ///
    /// # Errors
    /// [`LimitsError`] naming the parameter.
    pub fn validate(&self) -> Result<(), LimitsError> {
        if let Some(d) = self.depth
            && !(1..=MAX_DEPTH).contains(&d)
        {
            return Err(LimitsError(format!("depth must be 1..{MAX_DEPTH}, got {d}")));
        }
        if let Some(k) = self.multipv
            && !(1..=MAX_MULTIPV as u32).contains(&k)
        {
            return Err(LimitsError(format!("multipv must be 1..{MAX_MULTIPV}, got {k}")));
        }
        if self.nodes == Some(0) {
            return Err(LimitsError("nodes must be at least 1".into()));
        }
        if self.movestogo == Some(0) {
            return Err(LimitsError("movestogo must be at least 1".into()));
        }
        for (name, v) in [
            ("movetime", self.movetime),
            ("wtime", self.wtime),
            ("btime", self.btime),
            ("winc", self.winc),
            ("binc", self.binc),
        ] {
            if let Some(v) = v
                && !(v.is_finite() && v >= 0.0)
            {
                return Err(LimitsError(format!("{name} must be a non-negative number of milliseconds, got {v}")));
            }
        }
        Ok(())
    }

    /// The time budget for the side to move (`red_to_move`: Red's / White's clock) at full move `move_number`
    /// (1 for the first move), or `None` with no time limit. `target_ms` (the engine option `TargetMoveTime`,
    /// `None` or 0 for none) caps the soft budget: the page uses it to answer at a person's pace whatever the
    /// clock.
    ///
    /// - `movetime T`: soft = hard = T − 5 ms (a fixed time is used to the end).
    /// - A clock, on the time less [`MOVE_OVERHEAD_MS`] (never below 5 ms): moves to go `mtg` = `movestogo`,
    ///   else the estimate `max(GAME_MOVES − move_number, MIN_MOVES_TO_GO)` ([`GAME_MOVES`]);
    ///   `soft = time / mtg + 0.75 × increment`; `hard = min(HARD_OVER_SOFT × soft, cap × time)` where `cap` is
    ///   [`HARD_CLOCK_SHARE`] (⅛) with 8 or more moves to go, and grows as the refill nears: 90% of the time for
    ///   the last move before it (`movestogo 1`, as UCCI GUIs send for a fixed time per move: `go time T
    ///   movestogo 1`), half of it with two moves to go, `1 / (mtg + 1)` between. The soft budget is at most the
    ///   hard one.
    pub fn budget(&self, red_to_move: bool, move_number: u32, target_ms: Option<f64>) -> Option<Budget> {
        let target = target_ms.filter(|t| *t > 0.0);
        if let Some(t) = self.movetime {
            let t = (t - 5.0).max(1.0);
            return Some(Budget { soft: t, hard: t });
        }
        let (time, inc) =
            if red_to_move { (self.wtime?, self.winc.unwrap_or(0.0)) } else { (self.btime?, self.binc.unwrap_or(0.0)) };
        let mtg = self
            .movestogo
            .unwrap_or_else(|| GAME_MOVES.saturating_sub(move_number).max(MIN_MOVES_TO_GO))
            .max(1);
        let cap = match mtg {
            1 => 0.9,
            2 => 0.5,
            3..=7 => 1.0 / (mtg as f64 + 1.0),
            _ => HARD_CLOCK_SHARE,
        };
        let usable = (time - MOVE_OVERHEAD_MS).max(5.0);
        let mut soft = usable / mtg as f64 + 0.75 * inc;
        if let Some(t) = target {
            soft = soft.min(t);
        }
        let hard = (soft * HARD_OVER_SOFT).min(usable * cap).max(5.0);
        Some(Budget { soft: soft.min(hard).max(5.0), hard })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(time: f64, movestogo: Option<u32>, inc: Option<f64>) -> (f64, f64) {
        budget_at(time, movestogo, inc, 1, None)
    }

    fn budget_at(time: f64, movestogo: Option<u32>, inc: Option<f64>, move_number: u32, target: Option<f64>) -> (f64, f64) {
        let b = GoParams { wtime: Some(time), btime: Some(time), winc: inc, binc: inc, movestogo, ..Default::default() }
            .budget(true, move_number, target)
            .expect("a clock gives a budget");
        (b.soft, b.hard)
    }

    #[test]
    fn a_fixed_time_per_move_by_movestogo_1_may_use_most_of_it() {
        // UCCI GUIs give 1 s per move as `go time 1000 movestogo 1` (with usemillisec).
        let (soft, hard) = budget(1000.0, Some(1), None);
        assert_eq!((soft, hard), (0.9 * 970.0, 0.9 * 970.0));
        let (soft, hard) = budget(1000.0, Some(2), None);
        assert_eq!((soft, hard), (485.0, 485.0));
    }

    #[test]
    fn sudden_death_never_spends_an_eighth_of_the_clock_on_one_move() {
        // 10 minutes, no increment, move 1: 34 moves to go; hard = 2.5 × soft, under an eighth of the clock.
        let (soft, hard) = budget(600_000.0, None, None);
        assert!((soft - 599_970.0 / 34.0).abs() < 1e-6, "{soft}");
        assert!((hard - 2.5 * soft).abs() < 1e-6 && hard <= 600_000.0 / 8.0, "{hard}");
        // Late in the game the estimate stays at 12 moves to go.
        let (soft, _) = budget_at(100_000.0, None, None, 70, None);
        assert!((soft - 99_970.0 / 12.0).abs() < 1e-6, "{soft}");
        // An increment larger than the clock: the soft budget is cut to the hard one, an eighth of the time.
        let (soft, hard) = budget(1000.0, None, Some(5000.0));
        assert_eq!((soft, hard), (970.0 / 8.0, 970.0 / 8.0));
    }

    #[test]
    fn the_default_page_game_is_brisk_with_a_target() {
        // 10 + 5 at move 1: by the clock about 21 s planned and 53 s at most; with TargetMoveTime 2 s, 2 s and 5 s.
        let (soft, hard) = budget(600_000.0, None, Some(5000.0));
        assert!((20_000.0..22_000.0).contains(&soft) && (hard - 2.5 * soft).abs() < 1e-6, "{soft} {hard}");
        let (soft, hard) = budget_at(600_000.0, None, Some(5000.0), 1, Some(2000.0));
        assert_eq!((soft, hard), (2000.0, 5000.0));
        // A target of 0 means none; a fixed move time ignores it.
        assert_eq!(budget_at(600_000.0, None, Some(5000.0), 1, Some(0.0)), budget(600_000.0, None, Some(5000.0)));
        let fixed = GoParams { movetime: Some(1000.0), ..Default::default() }.budget(true, 1, Some(200.0)).unwrap();
        assert_eq!((fixed.soft, fixed.hard), (995.0, 995.0));
    }

    #[test]
    fn a_few_moves_to_go_allow_a_larger_share() {
        let (soft, hard) = budget(10_000.0, Some(4), None);
        assert_eq!(hard, 9970.0 / 5.0);
        assert_eq!(soft, hard.min(9970.0 / 4.0));
    }
}
