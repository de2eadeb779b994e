//! The Hex game review and hint for JavaScript (src/hex/review.rs), used by www/hex-review-worker.js.
//!
//! A game is given as a plain object, the worker's Hex position:
//!
//! ```text
//! { size: "7" | "7x9", swap?: boolean, moves: ["d4", "swap-pieces", …],
//!   setup?: { black: ["c3", …], white: [...], toMove: "black"|"white" },
//!   options?: { playouts, solveMs, solveNodes, solveTotalMs, stepMs } }   (review only; all optional)
//! ```
//!
//! - `new HexReview(game)`: a review in progress. `step()` does one step (one position's evaluation or one
//!   slice of a proof, at most `stepMs` of solver time) and returns whether the review is finished;
//!   `progress()` is `[done, total]`; `report()` is the review so far as a plain object, the JSON of
//!   `duiyi hex review --json` (snake_case keys: `positions[{ply, to_move, black_win, score, best,
//!   potential{black, white}, proof{winner, winning_move, nodes, time_ms, inferred}}]`, `moves[{ply, color,
//!   move, class, better, proved, heuristic, loss, proof_nodes, proof_ms}]`, `losing_move`, `likely_mistakes`,
//!   `solved_from`, `black`/`white` summaries, `complete`).
//! - `hexHint(game, ms)`: `{move, proved, area, nodes, time_ms}` for the side to move, or `null` when the game
//!   is over.
//!
//! Errors: `hex.review_game {detail}` for a malformed object, and the rules' `hex.*` codes (src/wasm/hex.rs)
//! for a size, setup stone or move the rules refuse (`hex.record_move {index, move}` names the move).

use super::{Coded, coded, n, s};
use crate::hex::review::{Hint, ReviewOptions, Reviewer, hint};
use crate::hex::{Cell, Color, Move, Position};
use wasm_bindgen::prelude::*;

#[derive(serde::Deserialize)]
struct SetupIn {
    #[serde(default)]
    black: Vec<String>,
    #[serde(default)]
    white: Vec<String>,
    #[serde(default, rename = "toMove")]
    to_move: Option<String>,
}

#[derive(serde::Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct OptionsIn {
    playouts: Option<u64>,
    solve_ms: Option<f64>,
    solve_nodes: Option<u64>,
    solve_total_ms: Option<f64>,
    step_ms: Option<f64>,
}

#[derive(serde::Deserialize)]
struct GameIn {
    size: serde_json::Value,
    #[serde(default)]
    swap: bool,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    setup: Option<SetupIn>,
    #[serde(default)]
    options: Option<OptionsIn>,
}

pub(super) fn bad(detail: impl AsRef<str>) -> JsValue {
    let d = detail.as_ref();
    coded("hex.review_game", vec![("detail", s(d))], &format!("review: {d}"))
}

/// The game object's last position and options (see the module documentation).
pub(super) fn read_game(value: JsValue) -> Result<(Position, ReviewOptions), JsValue> {
    let g: GameIn = serde_wasm_bindgen::from_value(value).map_err(|e| bad(e.to_string()))?;
    let size = match &g.size {
        serde_json::Value::Number(k) => match k.as_f64() {
            Some(f) if f.fract() == 0.0 && (1.0..=99.0).contains(&f) => format!("{}", f as u32),
            _ => return Err(bad(format!("size {k}: expected a whole number of cells a side"))),
        },
        serde_json::Value::String(t) => t.clone(),
        other => return Err(bad(format!("size must be \"N\" or \"WxH\", got {other}"))),
    };
    let (w, h) = crate::hex::cli::parse_size(&size).map_err(bad)?;
    let mut pos = Position::new(w, h).map_err(|e| e.to_js_error())?;
    pos.set_swap_rule(g.swap);
    if let Some(st) = g.setup {
        for (list, color) in [(&st.black, Color::Black), (&st.white, Color::White)] {
            for c in list {
                let cell = Cell::parse(c).map_err(|e| bad(e.to_string()))?;
                pos.add_stone(cell, color).map_err(|e| e.to_js_error())?;
            }
        }
        if let Some(t) = st.to_move.as_deref() {
            pos.set_to_move(Color::parse(t).ok_or_else(|| bad(format!("setup.toMove: {t}")))?);
        }
    }
    for (i, m) in g.moves.iter().enumerate() {
        let r = Move::parse(m).map_err(crate::hex::HexError::from).and_then(|mv| pos.try_play(mv));
        if let Err(e) = r {
            let message = format!("move {} ({m}): {e}", i + 1);
            return Err(coded("hex.record_move", vec![("index", n((i + 1) as f64)), ("move", s(m)), ("cause", e.to_reason())], &message));
        }
    }
    let mut o = ReviewOptions::default();
    if let Some(x) = g.options {
        let positive = |v: f64| v.is_finite() && v > 0.0;
        o.playouts = x.playouts.filter(|&p| p > 0).unwrap_or(o.playouts);
        o.solve_ms = x.solve_ms.filter(|&v| positive(v)).unwrap_or(o.solve_ms);
        o.solve_nodes = x.solve_nodes.filter(|&v| v > 0).unwrap_or(o.solve_nodes);
        o.solve_total_ms = x.solve_total_ms.filter(|&v| positive(v)).unwrap_or(o.solve_total_ms);
        o.step_ms = x.step_ms.filter(|&v| positive(v)).unwrap_or(o.step_ms);
    }
    Ok((pos, o))
}

/// A Hex game review in progress (see the module documentation).
#[wasm_bindgen(js_name = HexReview)]
pub struct HexReview {
    inner: Reviewer,
}

#[wasm_bindgen(js_class = HexReview)]
impl HexReview {
    /// A review of `game` (the object of the module documentation). Throws a coded error for a bad game.
    #[wasm_bindgen(constructor)]
    pub fn new(game: JsValue) -> Result<HexReview, JsValue> {
        let (pos, o) = read_game(game)?;
        Ok(HexReview { inner: Reviewer::new(&pos, o) })
    }

    /// One step; returns whether the review is finished.
    pub fn step(&mut self) -> bool {
        self.inner.step()
    }

    /// `[done, total]` steps.
    pub fn progress(&self) -> Vec<u32> {
        let (d, t) = self.inner.progress();
        vec![d as u32, t as u32]
    }

    /// The review so far (a plain object, see the module documentation).
    pub fn report(&self) -> Result<JsValue, JsValue> {
        super::to_js(&self.inner.report()).map_err(JsValue::from)
    }
}

/// The hint for the side to move of `game` within about `ms` milliseconds, or `null` when the game is over.
#[wasm_bindgen(js_name = hexHint)]
pub fn hex_hint(game: JsValue, ms: f64) -> Result<JsValue, JsValue> {
    let (pos, _) = read_game(game)?;
    let ms = if ms.is_finite() && ms > 0.0 { ms } else { 1000.0 };
    let h: Option<Hint> = hint(&pos, ms);
    super::to_js(&h).map_err(JsValue::from)
}

/// The solver's verdict on `game`'s position within about `ms` milliseconds (default 3000):
/// `{winner: "black" | "white" | null, nodes, time_ms}`, null when not proved in time (src/hex/review.rs
/// `prove`). Throws a coded error for a bad game, as `HexReview` does.
#[wasm_bindgen(js_name = hexProve)]
pub fn hex_prove(game: JsValue, ms: f64) -> Result<JsValue, JsValue> {
    let (pos, _) = read_game(game)?;
    let ms = if ms.is_finite() && ms > 0.0 { ms } else { 3000.0 };
    super::to_js(&crate::hex::review::prove(&pos, ms)).map_err(JsValue::from)
}
