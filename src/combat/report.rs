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
    /// A JSON sheet that is not an object of known keys with numbers (`serde_json`'s reason, with line and column).
    Json(String),
    /// A query-string key that names no attribute (nor a page setting the sheet ignores).
    QueryKey(String),
    /// A query-string value that is missing, empty or not a number.
    QueryValue { key: String, value: String },
    /// A key given twice in one query string (also as `crit-multiplier` and `crit_multiplier`).
    QueryDuplicate(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Attribute(e) => e.fmt(f),
            InputError::Order(e) => e.fmt(f),
            InputError::BlockValueTwice => f.write_str("give block-fraction or block-amount, not both"),
            InputError::UnknownModel(m) => {
                write!(f, "unknown model {:?} (expected waterfall, round-table or hybrid)", echo(m))
            }
            InputError::Json(e) => write!(f, "sheet JSON: {e}"),
            InputError::QueryKey(k) => write!(
                f,
                "sheet query: unknown key {:?} (expected hit, crit, crit_multiplier, glance, glance_multiplier, damage, aps, dodge, parry, block, block_fraction, block_amount, crush, crush_multiplier, damage_reduction, hp)",
                echo(k)
            ),
            InputError::QueryValue { key, value } if value.trim().is_empty() => {
                write!(f, "sheet query: {} has no value (expected a number)", echo(key))
            }
            InputError::QueryValue { key, value } => {
                write!(f, "sheet query: {} = {:?} is not a number", echo(key), echo(value))
            }
            InputError::QueryDuplicate(k) => write!(f, "sheet query: {} is given twice", echo(k)),
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

pub(crate) use crate::echo;

/// Keys of the page's `#combat?…` query that are page settings, not sheet attributes: [`SheetSpec::from_query`]
/// skips them, so a whole page query can be pasted.
pub const PAGE_QUERY_KEYS: [&str; 8] =
    ["model", "waterfall_order", "round_table_order", "hybrid_order", "swings", "seed", "prd_p", "bag"];

/// Decodes one `application/x-www-form-urlencoded` component as the page's `URLSearchParams` does: `+` is a space,
/// `%XX` a byte; a `%` not followed by two hex digits stays as it is; bytes that are not UTF-8 become U+FFFD.
fn form_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < b.len() && b[i + 1].is_ascii_hexdigit() && b[i + 2].is_ascii_hexdigit() => {
                let hex = |c: u8| (c as char).to_digit(16).unwrap_or(0) as u8;
                out.push(hex(b[i + 1]) * 16 + hex(b[i + 2]));
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A number as the query writes it: the shortest text that reads back to the same `f64` (`0.1`, `2`, `1e300`).
fn query_number(x: f64) -> String {
    let s = format!("{x:?}");
    match s.strip_suffix(".0") {
        Some(whole) => whole.to_string(),
        None => s,
    }
}

impl SheetSpec {
    /// The sheet's fields in declaration order, with their snake_case keys.
    fn fields(&self) -> [(&'static str, Option<f64>); 16] {
        [
            ("hit", self.hit),
            ("crit", self.crit),
            ("crit_multiplier", self.crit_multiplier),
            ("glance", self.glance),
            ("glance_multiplier", self.glance_multiplier),
            ("damage", self.damage),
            ("aps", self.aps),
            ("dodge", self.dodge),
            ("parry", self.parry),
            ("block", self.block),
            ("block_fraction", self.block_fraction),
            ("block_amount", self.block_amount),
            ("crush", self.crush),
            ("crush_multiplier", self.crush_multiplier),
            ("damage_reduction", self.damage_reduction),
            ("hp", self.hp),
        ]
    }

    fn slot(&mut self, key: &str) -> Option<&mut Option<f64>> {
        Some(match key {
            "hit" => &mut self.hit,
            "crit" => &mut self.crit,
            "crit_multiplier" => &mut self.crit_multiplier,
            "glance" => &mut self.glance,
            "glance_multiplier" => &mut self.glance_multiplier,
            "damage" => &mut self.damage,
            "aps" => &mut self.aps,
            "dodge" => &mut self.dodge,
            "parry" => &mut self.parry,
            "block" => &mut self.block,
            "block_fraction" => &mut self.block_fraction,
            "block_amount" => &mut self.block_amount,
            "crush" => &mut self.crush,
            "crush_multiplier" => &mut self.crush_multiplier,
            "damage_reduction" => &mut self.damage_reduction,
            "hp" => &mut self.hp,
            _ => return None,
        })
    }

    /// Reads a sheet given as text: a JSON object (`{"hit": 0.9, "crit": 0.25}`, see [`from_json`](Self::from_json))
    /// when it starts with `{`, else the page's URL query (`hit=0.9&crit=0.25`, see [`from_query`](Self::from_query)).
    ///
    /// # Errors
    /// As the two readers; the values are not validated yet (see [`matchup`](Self::matchup)).
    pub fn parse(text: &str) -> Result<SheetSpec, InputError> {
        if text.trim_start().starts_with('{') { Self::from_json(text) } else { Self::from_query(text) }
    }

    /// Reads a JSON object with the snake_case keys of this struct, each a number or `null`.
    ///
    /// # Errors
    /// [`InputError::Json`] with `serde_json`'s reason (unknown key, not a number, syntax), cut to one line.
    pub fn from_json(text: &str) -> Result<SheetSpec, InputError> {
        serde_json::from_str(text).map_err(|e| {
            let msg = e.to_string().replace(['\r', '\n'], " ");
            // serde_json quotes the offending key or value: keep the message to a line.
            InputError::Json(if msg.chars().count() > 300 { msg.chars().take(300).collect::<String>() + "…" } else { msg })
        })
    }

    /// The sheet as one line of JSON with only the given keys (`{"hit":0.9,"crit":0.25}`); floats are written
    /// exactly (shortest round-trip form), so [`from_json`](Self::from_json) reads back an equal sheet.
    /// NaN and ±∞ have no JSON form and are written as `null` (not given).
    pub fn to_json(&self) -> String {
        let mut map = serde_json::Map::new();
        for (k, v) in self.fields() {
            if let Some(x) = v {
                map.insert(k.to_string(), serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, Into::into));
            }
        }
        serde_json::Value::Object(map).to_string()
    }

    /// Reads the page's URL query, as in `#combat?hit=0.9&crit=0.25&dodge=0.2` (a leading `?` or `#combat?` is
    /// skipped): `&`-separated `key=value` pairs, form-encoded as `URLSearchParams` writes them; keys in
    /// snake_case or kebab-case (`crit-multiplier`); values are numbers as Rust's `f64` parser reads them (`NaN`
    /// and `inf` are read, and refused later by [`matchup`](Self::matchup) with the attribute's name). The page's
    /// own settings ([`PAGE_QUERY_KEYS`]) are skipped.
    ///
    /// # Errors
    /// [`InputError::QueryKey`] for an unknown key, [`InputError::QueryValue`] for a missing, empty or non-numeric
    /// value, [`InputError::QueryDuplicate`] for a key given twice.
    pub fn from_query(text: &str) -> Result<SheetSpec, InputError> {
        let t = text.trim();
        let t = t.strip_prefix("#combat").unwrap_or(t);
        let t = t.strip_prefix('?').unwrap_or(t);
        let mut spec = SheetSpec::default();
        for pair in t.split('&').filter(|p| !p.is_empty()) {
            let (raw_key, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
            let key = form_decode(raw_key).trim().replace('-', "_");
            let value = form_decode(raw_value);
            if PAGE_QUERY_KEYS.contains(&key.as_str()) {
                continue;
            }
            let Some(slot) = spec.slot(&key) else { return Err(InputError::QueryKey(key)) };
            if slot.is_some() {
                return Err(InputError::QueryDuplicate(key));
            }
            let x: f64 = value.trim().parse().map_err(|_| InputError::QueryValue { key: key.clone(), value: value.clone() })?;
            *slot = Some(x);
        }
        Ok(spec)
    }

    /// The sheet as the page's query (`hit=0.9&crit=0.25`, snake_case keys, only the given fields, in field order);
    /// [`from_query`](Self::from_query) reads back an equal sheet (NaN as `NaN`, infinities as `inf`/`-inf`).
    pub fn to_query(&self) -> String {
        let parts: Vec<String> =
            self.fields().iter().filter_map(|(k, v)| v.map(|x| format!("{k}={}", query_number(x)))).collect();
        parts.join("&")
    }

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
