//! ECCO opening names for the page: `eccoClassify(fen, moves)` and `eccoName(code)` (see
//! [`crate::xiangqi::ecco`] for the classification, its table and its sources).
//!
//! Both return a plain object `{code: "B24", zh: "中炮过河炮对左三步虎", en: "Central Cannon, …"}` or `null`.
//! Errors (coded JS `Error`s, see the parent module): a FEN that does not parse throws its `fen.*` error
//! (listed in `xiangqi.rs`); a malformed or illegal move throws `ecco.move {index, move, cause}` (`index`
//! 0-based in the list, `cause` the `move.*` reason as `{code, params, message}`).

use super::{Coded, Params, n, s, to_js};
use crate::xiangqi::ecco::{self, EccoError};
use wasm_bindgen::prelude::*;

impl Coded for EccoError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            EccoError::Fen(e) => e.code_params(),
            EccoError::Move { index, error } => (
                "ecco.move",
                vec![("index", n(*index as f64)), ("move", s(error.move_text())), ("cause", error.to_reason())],
            ),
        }
    }
}

/// The ECCO opening of the game from `fen` (`"startpos"`, empty or a FEN) with `moves` (ICCS, e.g. `h2e2`):
/// `{code, zh, en}`, or `null` when the start is not the opening position or there is no move.
#[wasm_bindgen(js_name = eccoClassify)]
pub fn ecco_classify(fen: &str, moves: Vec<String>) -> Result<JsValue, JsValue> {
    match ecco::classify(fen, &moves) {
        Ok(Some(o)) => to_js(&o).map_err(JsValue::from),
        Ok(None) => Ok(JsValue::NULL),
        Err(e) => Err(e.to_js_error()),
    }
}

/// The opening with this ECCO code (`"C83"`, any case): `{code, zh, en}`, or `null` for a code the
/// classification does not use (including any text that is not a code).
#[wasm_bindgen(js_name = eccoName)]
pub fn ecco_name(code: &str) -> Result<JsValue, JsValue> {
    match ecco::name(code) {
        Some(o) => to_js(&o).map_err(JsValue::from),
        None => Ok(JsValue::NULL),
    }
}
