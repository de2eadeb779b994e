//! The only `#[wasm_bindgen]` code: thin handles over the Rust types, errors as JS `Error`s, no DOM, no unwrap.
//! Built with `wasm-bindgen --target web` into `www/pkg/duiyi.js`.

pub mod combat;
pub mod hex;
pub mod xiangqi;

use wasm_bindgen::prelude::*;

/// Installs the panic hook (a panic would be a bug: it is logged to the console with its message).
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Converts a serialisable value to a plain JS value (objects, arrays, `null` for `None`).
pub(crate) fn to_js<T: serde::Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}
