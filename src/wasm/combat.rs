//! Combat for JavaScript: exact reports for the page, a chunked `CombatSampler` for the worker, PRD
//! intervals. Sheets are plain objects with the snake_case keys of [`SheetSpec`] (`{hit: 0.9, crit: 0.25,
//! crit_multiplier: 2, …}`); every error is a JS `Error` whose message names the attribute or flag, with a
//! `code` and `params` (see the parent module):
//! - attributes ([`AttributeError`]): `attribute.not_a_number`, `attribute.infinite`,
//!   `attribute.outside_unit_interval`, `attribute.negative`, each `{attribute, value}` (`attribute`: the
//!   `SheetSpec` key, e.g. `crit_multiplier`; `value`: the number given, a fraction for chances);
//! - orders ([`OrderError`]): `order.unknown_event {text}`, `order.duplicate {event}`, `order.normal_listed`,
//!   `order.empty_item`, `order.merge_not_allowed {text}`;
//! - `sheet.block_value_twice`, `sheet.invalid {detail}` (not a sheet object), `model.unknown {name}`;
//! - samplers: `seed.invalid {text}`, `seed.no_entropy {detail}`, `swings.invalid {value}`;
//! - PRD ([`PrdError`]): `prd.rate_out_of_range {p}`, `prd.rate_too_small {p, min}`,
//!   `prd.constant_out_of_range {c}`, `prd.bad_bag {procs, size, max}`, `prd.zero`;
//! - `internal {detail}`: a value that could not be converted (a bug).

use super::{Coded, Params, coded, js_err, n, s};
use crate::combat::prd::{MAX_EXACT_BAG, MIN_NOMINAL_P, bag_intervals, c_from_p, independent_intervals, p_from_c, prd_intervals};
use crate::combat::report::{InputError, Report, SheetSpec, parse_model, to_tidy_json};
use crate::combat::sampling::{Sampler, random_seed};
use crate::combat::{AttributeError, AttributeErrorKind, Matchup, Model, ModelKind, OrderError, Outcome, PrdError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Largest chunk one `run` call accepts: 2⁵³ keeps the swing count exact in a JS number.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

impl Coded for AttributeError {
    fn code_params(&self) -> (&'static str, Params) {
        let code = match self.kind {
            AttributeErrorKind::NotANumber => "attribute.not_a_number",
            AttributeErrorKind::Infinite => "attribute.infinite",
            AttributeErrorKind::OutsideUnitInterval => "attribute.outside_unit_interval",
            AttributeErrorKind::Negative => "attribute.negative",
        };
        (code, vec![("attribute", s(self.attribute.name().replace('-', "_"))), ("value", n(self.value))])
    }
}

impl Coded for OrderError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            OrderError::UnknownEvent(t) => ("order.unknown_event", vec![("text", s(t))]),
            OrderError::Duplicate(o) => ("order.duplicate", vec![("event", s(o.name()))]),
            OrderError::NormalListed => ("order.normal_listed", vec![]),
            OrderError::EmptyItem => ("order.empty_item", vec![]),
            OrderError::MergeNotAllowed(t) => ("order.merge_not_allowed", vec![("text", s(t))]),
        }
    }
}

impl Coded for InputError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            InputError::Attribute(e) => e.code_params(),
            InputError::Order(e) => e.code_params(),
            InputError::BlockValueTwice => ("sheet.block_value_twice", vec![]),
            InputError::UnknownModel(m) => ("model.unknown", vec![("name", s(m))]),
            InputError::Json(e) => ("sheet.json", vec![("detail", s(e))]),
            InputError::QueryKey(k) => ("sheet.query_key", vec![("key", s(k))]),
            InputError::QueryValue { key, value } => ("sheet.query_value", vec![("key", s(key)), ("value", s(value))]),
            InputError::QueryDuplicate(k) => ("sheet.query_duplicate", vec![("key", s(k))]),
        }
    }
}

impl Coded for PrdError {
    fn code_params(&self) -> (&'static str, Params) {
        match *self {
            PrdError::RateOutOfRange(p) => ("prd.rate_out_of_range", vec![("p", n(p))]),
            PrdError::RateTooSmall(p) => ("prd.rate_too_small", vec![("p", n(p)), ("min", n(MIN_NOMINAL_P))]),
            PrdError::ConstantOutOfRange(c) => ("prd.constant_out_of_range", vec![("c", n(c))]),
            PrdError::BadBag { procs, size } => {
                ("prd.bad_bag", vec![("procs", n(procs)), ("size", n(size)), ("max", n(MAX_EXACT_BAG))])
            }
        }
    }
}

/// A value that serde could not convert: a bug, reported with its reason.
fn internal(e: impl std::fmt::Display) -> JsValue {
    let detail = e.to_string();
    coded("internal", vec![("detail", s(&detail))], &detail)
}

fn plain<T: Serialize>(v: &T) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(internal)
}

fn sheet(value: JsValue) -> Result<Matchup, JsValue> {
    let spec: SheetSpec = if value.is_undefined() || value.is_null() {
        SheetSpec::default()
    } else {
        serde_wasm_bindgen::from_value(value)
            .map_err(|e| coded("sheet.invalid", vec![("detail", s(e.to_string()))], &format!("sheet: {e}")))?
    };
    spec.matchup().map_err(js_err)
}

fn model(name: &str, order: Option<String>) -> Result<Model, JsValue> {
    parse_model(name, order.as_deref().filter(|o| !o.trim().is_empty())).map_err(js_err)
}

/// The names of the eight outcomes in the index order of every per-outcome array here:
/// `miss dodge parry glance block crit crush normal`.
#[wasm_bindgen(js_name = combatOutcomes)]
pub fn combat_outcomes() -> Vec<String> {
    Outcome::ALL.iter().map(|o| o.name().to_string()).collect()
}

/// The exact report (distribution, pushed_off, avoided, expected_damage, edps, ehp, …; see
/// `duiyi::combat::report::Report`) of `model` (`waterfall` | `round-table` | `hybrid`) with an optional
/// `order` on `sheet`. Throws on an unknown model, a bad order or a bad attribute.
#[wasm_bindgen(js_name = combatReport)]
pub fn combat_report(model_name: &str, order: Option<String>, sheet_value: JsValue) -> Result<JsValue, JsValue> {
    let m = sheet(sheet_value)?;
    plain(&Report::exact(&model(model_name, order)?, &m))
}

/// The exact reports of all three models with their default orders, as `[waterfall, round-table,
/// hybrid]`.
#[wasm_bindgen(js_name = combatReports)]
pub fn combat_reports(sheet_value: JsValue) -> Result<JsValue, JsValue> {
    let m = sheet(sheet_value)?;
    let reports: Vec<Report> = ModelKind::ALL.iter().map(|&k| Report::exact(&Model::new(k), &m)).collect();
    plain(&reports)
}

/// A seeded Monte-Carlo sampler for one model and sheet. The worker calls `run` in chunks and posts
/// `counts()` between them; the same seed gives the same counts however the swings are chunked.
#[wasm_bindgen]
pub struct CombatSampler {
    inner: Sampler,
}

#[wasm_bindgen]
impl CombatSampler {
    /// `seed`: a decimal (or `0x` hex) `u64` string; empty or absent draws a fresh one (read it back from
    /// `seed`). Throws on a bad model, order, attribute or seed.
    #[wasm_bindgen(constructor)]
    pub fn new(
        model_name: &str,
        order: Option<String>,
        sheet_value: JsValue,
        seed: Option<String>,
    ) -> Result<CombatSampler, JsValue> {
        let m = sheet(sheet_value)?;
        let model = model(model_name, order)?;
        let seed = match seed.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            Some(text) => {
                let parsed = match text.strip_prefix("0x") {
                    Some(hex) => u64::from_str_radix(hex, 16),
                    None => text.parse::<u64>(),
                };
                parsed.map_err(|_| {
                    coded("seed.invalid", vec![("text", s(text))], &format!("seed {text:?} is not a whole number in [0, 2^64)"))
                })?
            }
            None => random_seed().map_err(|e| {
                coded("seed.no_entropy", vec![("detail", s(e.to_string()))], &format!("no entropy for a random seed: {e}"))
            })?,
        };
        Ok(CombatSampler { inner: Sampler::new(&model, &m, seed) })
    }

    /// Makes `swings` more swings (a whole number, 0 ≤ swings < 2⁵³). About 10–20 ms per million in
    /// wasm: keep chunks small enough for the worker to answer a cancel promptly.
    pub fn run(&mut self, swings: f64) -> Result<(), JsValue> {
        if !(swings.is_finite() && swings >= 0.0 && swings.fract() == 0.0 && swings <= MAX_SAFE) {
            let message = format!("swings = {swings} is not a whole number in [0, 2^53)");
            return Err(coded("swings.invalid", vec![("value", n(swings))], &message));
        }
        self.inner.run(swings as u64);
        Ok(())
    }

    /// Swings made so far.
    #[wasm_bindgen(getter)]
    pub fn swings(&self) -> f64 {
        self.inner.swings() as f64
    }

    /// The seed, as a decimal string (exact for any `u64`).
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> String {
        self.inner.seed().to_string()
    }

    /// `waterfall`, `round-table` or `hybrid`.
    #[wasm_bindgen(getter)]
    pub fn model(&self) -> String {
        self.inner.kind().name().to_string()
    }

    /// Swings per outcome so far (a `Float64Array` of 8, in `combatOutcomes()` order).
    pub fn counts(&self) -> Vec<f64> {
        self.inner.counts().iter().map(|&c| c as f64).collect()
    }

    /// The exact distribution the counts converge to (a `Float64Array` of 8).
    pub fn exact(&self) -> Vec<f64> {
        self.inner.exact().as_array().to_vec()
    }

    /// Frequencies, 95% Wilson intervals and the chi-square test against the exact distribution, as JSON
    /// text (parse it with `JSON.parse`; the seed field is exact only below 2⁵³, use `seed` for the rest).
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> Result<String, JsValue> {
        to_tidy_json(&self.inner.summary()).map_err(internal)
    }
}

#[derive(Serialize)]
struct Intervals {
    p: f64,
    c: f64,
    realised_p: f64,
    prd: Vec<f64>,
    independent: Vec<f64>,
    independent_tail: f64,
    bag: Option<Bag>,
}

#[derive(Serialize)]
struct Bag {
    procs: u32,
    size: u32,
    intervals: Vec<f64>,
}

/// The PRD constant C for nominal proc chance `p` (bisection; Liquipedia's table to ~1e-16).
/// Throws for p outside [0, 1] or in (0, 0.001).
#[wasm_bindgen(js_name = prdConstant)]
pub fn prd_constant(p: f64) -> Result<f64, JsValue> {
    c_from_p(p).map_err(js_err)
}

/// Exact distributions of the attempts between procs (index k − 1 for k attempts) for nominal chance
/// `p`: `{p, c, realised_p, prd: [...], independent: [...] (twice as long as prd), independent_tail,
/// bag: {procs, size, intervals} | null}`; the bag holds `round(p · bag_size)` procs and is left out when
/// that is 0 (or `bag_size` is 0). Throws for p = 0 or a p PRD cannot use, and for a bag above 10 000.
#[wasm_bindgen(js_name = prdIntervals)]
pub fn prd_intervals_js(p: f64, bag_size: u32) -> Result<JsValue, JsValue> {
    let c = c_from_p(p).map_err(js_err)?;
    if c == 0.0 {
        return Err(coded("prd.zero", vec![], "p = 0 never procs: there are no intervals"));
    }
    let prd = prd_intervals(c).map_err(js_err)?;
    let (independent, independent_tail) = independent_intervals(p, prd.len() * 2);
    let procs = (p * f64::from(bag_size)).round() as u32;
    let bag = if bag_size == 0 || procs == 0 {
        None // no bag asked for, or one too small to hold a single proc at this rate
    } else {
        Some(Bag { procs, size: bag_size, intervals: bag_intervals(procs, bag_size).map_err(js_err)? })
    };
    plain(&Intervals { p, c, realised_p: p_from_c(c).map_err(js_err)?, prd, independent, independent_tail, bag })
}
