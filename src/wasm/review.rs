//! Game review for JavaScript (the Rust `crate::review`): the win-probability curve, a move's class, the
//! per-side summary, and the constants the page shows (www/review-worker.js, www/views/xiangqi-review.js).
//!
//! Scores are plain objects `{cp}` or `{mate}` from the side to move's point of view (as the worker's `info`
//! messages carry them). Errors: `review.score {detail}` (neither a whole `cp` nor a whole `mate`),
//! `review.class {name}` (an unknown class name), `review.side {name}` (not red / black).

use super::{coded, s, to_js};
use crate::review::{self, MoveClass, MoveReview, Score};
use serde::Serialize;
use wasm_bindgen::prelude::*;

fn get(obj: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(obj, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

fn whole(v: &JsValue) -> Option<i32> {
    v.as_f64().filter(|x| x.fract() == 0.0 && x.abs() < 1e9).map(|x| x as i32)
}

/// `{cp}` or `{mate}` → a [`Score`]; `cp` wins when both are given.
fn score_of(v: &JsValue) -> Result<Score, JsValue> {
    if let Some(cp) = whole(&get(v, "cp")) {
        return Ok(Score::Cp(cp));
    }
    if let Some(m) = whole(&get(v, "mate")) {
        return Ok(Score::Mate(m));
    }
    let detail = js_sys::JSON::stringify(v).ok().and_then(|t| t.as_string()).unwrap_or_else(|| "?".into());
    Err(coded(
        "review.score",
        vec![("detail", s(crate::echo(&detail)))],
        &format!("a score must be {{cp}} or {{mate}} with a whole number, got {}", crate::echo(&detail)),
    ))
}

/// P(the side to move wins) for `cp` centipawns (side to move's view), 0…1; draws count ½.
#[wasm_bindgen(js_name = winProbability)]
pub fn win_probability(cp: f64) -> f64 {
    review::win_probability(cp)
}

/// P(the side to move wins) for a score `{cp}` / `{mate}` (a mate given: 1, received: 0). Throws
/// `review.score`.
#[wasm_bindgen(js_name = scoreWinProbability)]
pub fn score_win_probability(score: JsValue) -> Result<f64, JsValue> {
    Ok(review::score_win_probability(score_of(&score)?))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Constants {
    scale_cp: f64,
    nodes: f64,
    best_max: f64,
    good_max: f64,
    inaccuracy_max: f64,
    mistake_max: f64,
}

/// `{scaleCp, nodes, bestMax, goodMax, inaccuracyMax, mistakeMax}`: the curve's fitted scale (cp), the review
/// budget (nodes per position) and the class limits (win probability, 0…1).
#[wasm_bindgen(js_name = reviewConstants)]
pub fn review_constants() -> Result<JsValue, JsError> {
    to_js(&Constants {
        scale_cp: review::WIN_SCALE_CP,
        nodes: review::REVIEW_NODES as f64,
        best_max: review::BEST_MAX,
        good_max: review::GOOD_MAX,
        inaccuracy_max: review::INACCURACY_MAX,
        mistake_max: review::MISTAKE_MAX,
    })
}

/// The class name (`best|good|inaccuracy|mistake|blunder`) of a loss of win probability (0…1).
#[wasm_bindgen(js_name = classifyLoss)]
pub fn classify_loss(loss: f64) -> String {
    review::classify(loss).name().to_string()
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MoveOut {
    class: &'static str,
    nag: Option<u8>,
    loss: f64,
    wp_before: f64,
    wp_after: f64,
}

fn move_out(r: MoveReview) -> MoveOut {
    MoveOut { class: r.class.name(), nag: r.class.nag(), loss: r.loss, wp_before: r.wp_before, wp_after: r.wp_after }
}

/// Judges one move: `before` = the score of the position it was played in (mover to move), `after` = the
/// score of the position it led to (opponent to move), `playedIsBest` = it is the engine's move there.
/// Returns `{class, nag (6|2|4|null), loss, wpBefore, wpAfter}` (the mover's win probabilities). Throws
/// `review.score`.
#[wasm_bindgen(js_name = reviewMove)]
pub fn review_move(before: JsValue, after: JsValue, played_is_best: bool) -> Result<JsValue, JsValue> {
    let r = review::review_move(score_of(&before)?, score_of(&after)?, played_is_best);
    to_js(&move_out(r)).map_err(JsValue::from)
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SideOut {
    best: u32,
    good: u32,
    inaccuracy: u32,
    mistake: u32,
    blunder: u32,
    moves: u32,
    average_loss: f64,
}

#[derive(Serialize)]
struct SummaryOut {
    red: SideOut,
    black: SideOut,
}

fn side_out(s: review::SideSummary) -> SideOut {
    let [best, good, inaccuracy, mistake, blunder] = s.counts;
    SideOut { best, good, inaccuracy, mistake, blunder, moves: s.moves, average_loss: s.average_loss }
}

/// The per-side summary of judged moves `[{side: 'red'|'black', class, loss}, …]`: `{red: {best, good,
/// inaccuracy, mistake, blunder, moves, averageLoss}, black: {…}}` (averageLoss 0…1). Throws `review.side`
/// or `review.class` for a bad entry.
#[wasm_bindgen(js_name = reviewSummary)]
pub fn review_summary(moves: JsValue) -> Result<JsValue, JsValue> {
    let mut judged = Vec::new();
    for entry in js_sys::Array::from(&moves).iter() {
        let side_name = get(&entry, "side").as_string().unwrap_or_default();
        let side = match side_name.as_str() {
            "red" => 0,
            "black" => 1,
            _ => {
                return Err(coded(
                    "review.side",
                    vec![("name", s(crate::echo(&side_name)))],
                    &format!("side must be red or black, got '{}'", crate::echo(&side_name)),
                ));
            }
        };
        let class_name = get(&entry, "class").as_string().unwrap_or_default();
        let class = MoveClass::from_name(&class_name).ok_or_else(|| {
            coded(
                "review.class",
                vec![("name", s(crate::echo(&class_name)))],
                &format!("unknown move class '{}'", crate::echo(&class_name)),
            )
        })?;
        let loss = get(&entry, "loss").as_f64().filter(|x| x.is_finite()).unwrap_or(0.0);
        judged.push((side, MoveReview { class, loss, wp_before: 0.0, wp_after: 0.0 }));
    }
    let [red, black] = review::summarize(&judged);
    to_js(&SummaryOut { red: side_out(red), black: side_out(black) }).map_err(JsValue::from)
}
