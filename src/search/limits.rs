//! What a `go` asks for: depth, nodes, fixed move time, a clock, infinite or ponder (UCI `go` and UCCI 3.0 `go`
//! parameters), and the time budget derived from a clock.

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
}

/// The deepest iteration the search runs.
pub const MAX_DEPTH: u32 = 64;

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
/// Moves to the time control assumed when none is given (sudden death).
pub const DEFAULT_MOVES_TO_GO: u32 = 30;

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

    /// The time budget `(soft, hard)` in ms for the side to move (`red_to_move`), or `None` with no time limit.
    /// `soft`: do not start another iteration past about half of it; `hard`: abort the search.
    /// Sudden death / moves-to-go: `soft = time / movestogo + 0.75 * increment`, `hard = min(4 * soft, cap)`,
    /// both at most `cap` and computed on the time less [`MOVE_OVERHEAD_MS`] (never below 5 ms). `cap` is 40% of
    /// the time, except when the clock is refilled soon: 90% of it for the last move before the refill
    /// (`movestogo 1`, as UCCI GUIs send for a fixed time per move: `go time T movestogo 1`) and half of it
    /// with two moves to go.
    pub fn budget(&self, red_to_move: bool) -> Option<(f64, f64)> {
        if let Some(t) = self.movetime {
            let t = (t - 5.0).max(1.0);
            return Some((t, t));
        }
        let (time, inc) =
            if red_to_move { (self.wtime?, self.winc.unwrap_or(0.0)) } else { (self.btime?, self.binc.unwrap_or(0.0)) };
        let mtg = self.movestogo.unwrap_or(DEFAULT_MOVES_TO_GO).max(1);
        let cap = match mtg {
            1 => 0.9,
            2 => 0.5,
            _ => 0.4,
        };
        let usable = (time - MOVE_OVERHEAD_MS).max(5.0);
        let soft = (usable / mtg as f64 + 0.75 * inc).min(usable * cap).max(5.0);
        let hard = (soft * 4.0).min(usable * cap).max(soft);
        Some((soft, hard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn budget(time: f64, movestogo: Option<u32>, inc: Option<f64>) -> (f64, f64) {
        GoParams { wtime: Some(time), btime: Some(time), winc: inc, binc: inc, movestogo, ..Default::default() }
            .budget(true)
            .expect("a clock gives a budget")
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
    fn sudden_death_keeps_most_of_the_clock() {
        // 10 minutes, no increment: a thirtieth of it, at most 40% even in an emergency.
        let (soft, hard) = budget(600_000.0, None, None);
        assert!((soft - 599_970.0 / 30.0).abs() < 1e-6 && (hard - 4.0 * soft).abs() < 1e-6);
        let (soft, hard) = budget(1000.0, None, Some(5000.0));
        assert_eq!((soft, hard), (0.4 * 970.0, 0.4 * 970.0));
    }
}
