//! The only `#[wasm_bindgen]` code: thin handles over the Rust types, errors as JS `Error`s, no DOM, no unwrap.
//! Built with `wasm-bindgen --target web` into `www/pkg/duiyi.js`.
//!
//! # Errors the page can translate
//! Every error thrown from here is a JS `Error` with three fields:
//! - `message`: one English sentence (the Rust `Display` text), for the console and bug reports;
//! - `code`: a stable, machine-readable name of the reason, dotted and snake_case (`fen.wrong_rank_count`,
//!   `move.no_piece`, `attribute.outside_unit_interval`, …); the page looks up `err.<code>` in its strings;
//! - `params`: a plain object with the details the message names (`{found: 9}`, `{side: "red"}`,
//!   `{piece: "P", square: "a5"}`, …), filled into the translated text. A reason wrapping another one (a bad
//!   move at index 3 of a `position` command) puts the inner one in `params.cause` as a plain
//!   `{code, params, message}` object, which survives `postMessage` (an `Error`'s own fields do not).
//!
//! The codes of each error type are listed where it is converted: [`xiangqi`] (FEN, moves, engine commands) and
//! [`combat`] (attributes, orders, PRD, samplers) and [`circle`] (point lists, the smallest enclosing circle).

// Which bindings a module has is set by cargo features (Cargo.toml; docs/architecture.md, "The wasm modules").
#[cfg(feature = "labs")]
pub mod circle;
#[cfg(feature = "labs")]
pub mod combat;
#[cfg(feature = "xiangqi")]
pub mod ecco;
pub mod engine;
#[cfg(feature = "hex-search")]
pub mod hex;
#[cfg(feature = "hex-search")]
pub mod hex_review;
#[cfg(feature = "hex-search")]
pub mod hex_solver;
#[cfg(feature = "protocol")]
pub mod protocol;
pub mod review;
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

/// The details of a coded error, in the order they are set on `params`.
pub(crate) type Params = Vec<(&'static str, JsValue)>;

/// A string detail.
pub(crate) fn s(text: impl AsRef<str>) -> JsValue {
    JsValue::from_str(text.as_ref())
}

/// A number detail.
pub(crate) fn n(value: impl Into<f64>) -> JsValue {
    JsValue::from_f64(value.into())
}

fn params_object(params: Params) -> js_sys::Object {
    let obj = js_sys::Object::new();
    for (key, value) in params {
        // Setting a property on a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&obj, &JsValue::from_str(key), &value);
    }
    obj
}

/// A reason as a plain object `{code, params, message}`: the `cause` of a wrapping error.
pub(crate) fn reason(code: &str, params: Params, message: &str) -> JsValue {
    let obj = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&obj, &s("code"), &s(code));
    let _ = js_sys::Reflect::set(&obj, &s("params"), &params_object(params));
    let _ = js_sys::Reflect::set(&obj, &s("message"), &s(message));
    obj.into()
}

/// A JS `Error` with `message`, plus `code` and `params` (see the module docs).
pub(crate) fn coded(code: &str, params: Params, message: &str) -> JsValue {
    let error = js_sys::Error::new(message);
    let _ = js_sys::Reflect::set(&error, &s("code"), &s(code));
    let _ = js_sys::Reflect::set(&error, &s("params"), &params_object(params));
    error.into()
}

/// An error type with a machine-readable reason (implemented for each Rust error crossing the boundary).
pub(crate) trait Coded: std::fmt::Display {
    /// The stable code and the details, e.g. `("fen.wrong_rank_count", [("found", 9)])`.
    fn code_params(&self) -> (&'static str, Params);

    /// The JS `Error` thrown for it.
    fn to_js_error(&self) -> JsValue {
        let (code, params) = self.code_params();
        coded(code, params, &self.to_string())
    }

    /// The plain `{code, params, message}` object, for `params.cause`.
    fn to_reason(&self) -> JsValue {
        let (code, params) = self.code_params();
        reason(code, params, &self.to_string())
    }
}

/// `map_err` helper: the coded JS `Error` of a Rust error.
pub(crate) fn js_err<E: Coded>(e: E) -> JsValue {
    e.to_js_error()
}
