//! The smallest enclosing circle for JavaScript (the `#circle` page and its worker). Points travel as flat
//! `Float64Array`s `[x0, y0, x1, y1, …]`; results are plain objects
//! `{center: [x, y], radius, points_on_circle: [i, …], operations}` (see
//! [`crate::geometry::circle::Enclosing`]). Every error is a JS `Error` with a `code` and `params` (see the
//! parent module):
//! - `circle.no_points`, `circle.not_finite {index, axis}`, `circle.too_large {index, axis, max}`,
//!   `circle.unknown_method {name}` ([`CircleError`]);
//! - `circle.odd_coordinates {length}` (a flat array of odd length), `circle.bad_seed {value}` (not a whole
//!   number in 0..2⁵³), `circle.bad_count {value, max}` (random points: not a whole number in 1..=10⁶);
//! - point lists ([`PointsError`]): `points.not_a_number {line, text}`, `points.wrong_count {line, found}`,
//!   `points.not_finite {line, text}`, `points.too_large {line, text, max}`, `points.none`.

use super::{Coded, Params, coded, js_err, n, s, to_js};
use crate::geometry::circle::{CircleError, MAX_COORDINATE, Method, Point, enclose, random_points};
use crate::geometry::cli::{PointsError, parse_points};
use wasm_bindgen::prelude::*;

/// Most random points one call makes.
const MAX_RANDOM: f64 = 1e6;
/// 2⁵³ − 1: the largest seed a JS number holds exactly.
const MAX_SEED: f64 = 9_007_199_254_740_991.0;

impl Coded for CircleError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            CircleError::NoPoints => ("circle.no_points", vec![]),
            CircleError::NotFinite { index, axis, .. } => {
                ("circle.not_finite", vec![("index", n(*index as f64)), ("axis", s(axis.to_string()))])
            }
            CircleError::TooLarge { index, axis, .. } => (
                "circle.too_large",
                vec![("index", n(*index as f64)), ("axis", s(axis.to_string())), ("max", n(MAX_COORDINATE))],
            ),
            CircleError::UnknownMethod(m) => ("circle.unknown_method", vec![("name", s(m))]),
        }
    }
}

impl Coded for PointsError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            PointsError::NotANumber { line, text } => ("points.not_a_number", vec![("line", n(*line as f64)), ("text", s(text))]),
            PointsError::WrongCount { line, found } => {
                ("points.wrong_count", vec![("line", n(*line as f64)), ("found", n(*found as f64))])
            }
            PointsError::NotFinite { line, text } => ("points.not_finite", vec![("line", n(*line as f64)), ("text", s(text))]),
            PointsError::TooLarge { line, text } => {
                ("points.too_large", vec![("line", n(*line as f64)), ("text", s(text)), ("max", n(MAX_COORDINATE))])
            }
            PointsError::NoPoints => ("points.none", vec![]),
        }
    }
}

fn points_of(coords: &[f64]) -> Result<Vec<Point>, JsValue> {
    if coords.len() % 2 != 0 {
        let len = coords.len() as f64;
        return Err(coded("circle.odd_coordinates", vec![("length", n(len))], &format!("{len} coordinates: x and y come in pairs")));
    }
    Ok(coords.chunks_exact(2).map(|c| Point::new(c[0], c[1])).collect())
}

fn seed_of(seed: f64) -> Result<u64, JsValue> {
    if seed.is_finite() && seed >= 0.0 && seed <= MAX_SEED && seed.fract() == 0.0 {
        Ok(seed as u64)
    } else {
        Err(coded("circle.bad_seed", vec![("value", n(seed))], &format!("seed {seed} is not a whole number in 0..2^53")))
    }
}

/// The smallest enclosing circle of `coords` (`[x0, y0, x1, y1, …]`) by `method` (`seed` | `welzl`); `seed`
/// fixes Welzl's shuffle (a whole number in 0..2⁵³). Throws a coded error on no points, NaN/∞, an odd length.
#[wasm_bindgen(js_name = circleEnclose)]
pub fn circle_enclose(method: &str, coords: &[f64], seed: f64) -> Result<JsValue, JsValue> {
    let method = Method::parse(method).map_err(js_err)?;
    let points = points_of(coords)?;
    let result = enclose(&points, method, seed_of(seed)?).map_err(js_err)?;
    to_js(&result).map_err(|e| coded("internal", vec![("detail", s(format!("{e:?}")))], "could not convert the result"))
}

/// Parses a pasted point list (`x y` per line, `#` comments; the format of `duiyi circle`) into
/// `[x0, y0, x1, y1, …]`. Throws `points.*` with the line number.
#[wasm_bindgen(js_name = circleParsePoints)]
pub fn circle_parse_points(text: &str) -> Result<Vec<f64>, JsValue> {
    let points = parse_points(text).map_err(js_err)?;
    Ok(points.iter().flat_map(|p| [p.x, p.y]).collect())
}

/// `count` points uniform in [0, 100)², rounded to 0.01, from Pcg32 with `seed` — the same as
/// `duiyi::geometry::circle::random_points` natively. Throws `circle.bad_count` / `circle.bad_seed`.
#[wasm_bindgen(js_name = circleRandomPoints)]
pub fn circle_random_points(count: f64, seed: f64) -> Result<Vec<f64>, JsValue> {
    if !(count.is_finite() && count >= 1.0 && count <= MAX_RANDOM && count.fract() == 0.0) {
        return Err(coded(
            "circle.bad_count",
            vec![("value", n(count)), ("max", n(MAX_RANDOM))],
            &format!("{count} is not a whole number of points in 1..={MAX_RANDOM}"),
        ));
    }
    let points = random_points(count as usize, seed_of(seed)?);
    Ok(points.iter().flat_map(|p| [p.x, p.y]).collect())
}
