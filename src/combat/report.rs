//! The JSON face of the combat module, shared by `duiyi combat` and the wasm bindings: a flat sheet as
//! input ([`SheetSpec`]) and one [`Report`] per model as output.

use super::attributes::{Attacker, AttributeError, BlockValue, Defender, Matchup};
use super::damage::DamageSummary;
use super::model::{Model, ModelKind};
use super::order::OrderError;
use super::outcome::{Distribution, PushedOff};
use super::sampling::SampleSummary;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A flat attribute sheet as JSON, URL queries and the CLI give it. Every field is optional (defaults as
/// in [`Attacker`] and [`Defender`]); unknown fields are refused. Keys are snake_case
/// (`crit_multiplier`); chances are fractions in `[0, 1]`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SheetSpec {
    /// Attacker hit chance.
    pub hit: Option<f64>,
    /// Attacker crit chance.
    pub crit: Option<f64>,
    /// Crit damage multiplier.
    pub crit_multiplier: Option<f64>,
    /// Glancing-blow chance.
    pub glance: Option<f64>,
    /// Glancing-blow damage multiplier.
    pub glance_multiplier: Option<f64>,
    /// Raw damage per normal hit.
    pub damage: Option<f64>,
    /// Attacks per second.
    pub aps: Option<f64>,
    /// Defender dodge chance.
    pub dodge: Option<f64>,
    /// Defender parry chance.
    pub parry: Option<f64>,
    /// Defender block chance.
    pub block: Option<f64>,
    /// Share of a blocked hit removed (exclusive with `block_amount`).
    pub block_fraction: Option<f64>,
    /// Flat damage a block removes (exclusive with `block_fraction`).
    pub block_amount: Option<f64>,
    /// Chance of being crushed.
    pub crush: Option<f64>,
    /// Crushing-blow damage multiplier.
    pub crush_multiplier: Option<f64>,
    /// Armour: share of all damage removed (免傷率).
    pub damage_reduction: Option<f64>,
    /// Defender hit points.
    pub hp: Option<f64>,
}

/// Bad input to the combat front ends.
#[derive(Clone, Debug, PartialEq)]
pub enum InputError {
    /// An attribute outside its domain.
    Attribute(AttributeError),
    /// A malformed roll order.
    Order(OrderError),
    /// Both `block_fraction` and `block_amount` were given.
    BlockValueTwice,
    /// A model name other than waterfall, round-table, hybrid.
    UnknownModel(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Attribute(e) => e.fmt(f),
            InputError::Order(e) => e.fmt(f),
            InputError::BlockValueTwice => f.write_str("give block-fraction or block-amount, not both"),
            InputError::UnknownModel(m) => {
                write!(f, "unknown model {m:?} (expected waterfall, round-table or hybrid)")
            }
        }
    }
}

impl std::error::Error for InputError {}

impl From<AttributeError> for InputError {
    fn from(e: AttributeError) -> Self {
        InputError::Attribute(e)
    }
}

impl From<OrderError> for InputError {
    fn from(e: OrderError) -> Self {
        InputError::Order(e)
    }
}

impl SheetSpec {
    /// Fills in defaults and validates.
    ///
    /// # Errors
    /// [`InputError::BlockValueTwice`], or the first attribute outside its domain.
    pub fn matchup(&self) -> Result<Matchup, InputError> {
        let da = Attacker::default();
        let dd = Defender::default();
        let block_value = match (self.block_fraction, self.block_amount) {
            (Some(_), Some(_)) => return Err(InputError::BlockValueTwice),
            (Some(f), None) => BlockValue::Fraction(f),
            (None, Some(a)) => BlockValue::Amount(a),
            (None, None) => dd.block_value,
        };
        let attacker = Attacker {
            hit: self.hit.unwrap_or(da.hit),
            crit: self.crit.unwrap_or(da.crit),
            crit_multiplier: self.crit_multiplier.unwrap_or(da.crit_multiplier),
            glance: self.glance.unwrap_or(da.glance),
            glance_multiplier: self.glance_multiplier.unwrap_or(da.glance_multiplier),
            damage: self.damage.unwrap_or(da.damage),
            attacks_per_second: self.aps.unwrap_or(da.attacks_per_second),
        };
        let defender = Defender {
            dodge: self.dodge.unwrap_or(dd.dodge),
            parry: self.parry.unwrap_or(dd.parry),
            block: self.block.unwrap_or(dd.block),
            block_value,
            crush: self.crush.unwrap_or(dd.crush),
            crush_multiplier: self.crush_multiplier.unwrap_or(dd.crush_multiplier),
            damage_reduction: self.damage_reduction.unwrap_or(dd.damage_reduction),
            hp: self.hp.unwrap_or(dd.hp),
        };
        Ok(Matchup::new(attacker, defender)?)
    }
}

/// Everything known about one model on one sheet: the JSON object `duiyi combat` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// `waterfall`, `round-table` or `hybrid`.
    pub model: &'static str,
    /// The roll order used, in the text form `--order` accepts.
    pub order: String,
    /// Exact P(outcome) per swing; all eight outcomes.
    pub distribution: Distribution,
    /// Part of each attribute pushed off its table (attribute units).
    pub pushed_off: PushedOff,
    /// The seed's 免傷概率: P(dodge) + P(parry) + P(block).
    pub avoided: f64,
    /// Expected damage, EDPS, EHP (see [`DamageSummary`]).
    #[serde(flatten)]
    pub damage: DamageSummary,
    /// Monte-Carlo result, when swings were sampled.
    pub samples: Option<SampleSummary>,
}

impl Report {
    /// The exact part of the report for `model` on `matchup` (no samples).
    pub fn exact(model: &Model, matchup: &Matchup) -> Report {
        let r = model.resolve(matchup);
        Report {
            model: model.kind().name(),
            order: model.order(),
            distribution: r.distribution,
            pushed_off: r.pushed_off,
            avoided: r.distribution.avoided(),
            damage: DamageSummary::new(matchup, &r.distribution),
            samples: None,
        }
    }
}

/// Parses a model name and optional order.
///
/// # Errors
/// Unknown model name or malformed order.
pub fn parse_model(name: &str, order: Option<&str>) -> Result<Model, InputError> {
    let kind = ModelKind::parse(name).ok_or_else(|| InputError::UnknownModel(name.to_string()))?;
    Ok(Model::with_order(kind, order.unwrap_or(""))?)
}

/// Rounds a float to 15 significant digits, so `1 − 0.9` prints as `0.1` rather than
/// `0.09999999999999998`. Changes a value by at most 5·10⁻¹⁶ of itself, far below every tolerance here.
pub fn tidy(x: f64) -> f64 {
    if !x.is_finite() || x == 0.0 {
        return x + 0.0;
    }
    format!("{x:.14e}").parse().unwrap_or(x)
}

/// A `serde_json` formatter that writes every float through [`tidy`]; otherwise compact JSON.
#[derive(Clone, Copy, Debug, Default)]
pub struct TidyFormatter;

impl serde_json::ser::Formatter for TidyFormatter {
    fn write_f64<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, value: f64) -> std::io::Result<()> {
        serde_json::ser::CompactFormatter.write_f64(writer, tidy(value))
    }
}

/// Serialises `value` as one line of compact JSON with tidied floats (see [`tidy`]).
///
/// # Errors
/// Only if `value`'s `Serialize` implementation fails (the types here do not).
pub fn to_tidy_json<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, TidyFormatter);
    value.serialize(&mut ser)?;
    Ok(String::from_utf8(out).expect("serde_json writes UTF-8"))
}
