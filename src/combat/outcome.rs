//! The outcomes of one swing, and probability vectors over them.
//!
//! Names follow the seed article's six outcomes (未命中 miss, 閃避 dodge, 招架 parry, 格擋 block, 暴擊 crit,
//! 普通命中 normal hit) plus the two WoW table entries it mentions (偏斜 glancing blow, 碾壓 crushing blow); see
//! `docs/combat.md` §1 for the WoW attack-table order miss > dodge > parry > glance > block > crit > crush > hit.

use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;

/// One result of a swing. The discriminant is the index used by [`Distribution`] and the sampler's counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Outcome {
    /// The attacker misses (chance `1 − hit`).
    Miss = 0,
    /// The defender dodges.
    Dodge = 1,
    /// The defender parries.
    Parry = 2,
    /// A glancing blow (reduced damage; WoW auto-attacks of players against higher-level mobs).
    Glance = 3,
    /// The defender blocks part of the damage.
    Block = 4,
    /// A critical hit.
    Crit = 5,
    /// A crushing blow (increased damage; WoW mobs against players).
    Crush = 6,
    /// A plain hit: whatever is left when no other outcome happened.
    Normal = 7,
}

/// The number of outcomes, the length of every per-outcome array in this module.
pub const OUTCOME_COUNT: usize = 8;

impl Outcome {
    /// Every outcome in index order (which is also the default priority order, normal hit last).
    pub const ALL: [Outcome; OUTCOME_COUNT] = [
        Outcome::Miss,
        Outcome::Dodge,
        Outcome::Parry,
        Outcome::Glance,
        Outcome::Block,
        Outcome::Crit,
        Outcome::Crush,
        Outcome::Normal,
    ];

    /// The seven outcomes that have a chance of their own (all but [`Outcome::Normal`]), in default priority.
    pub const EVENTS: [Outcome; 7] = [
        Outcome::Miss,
        Outcome::Dodge,
        Outcome::Parry,
        Outcome::Glance,
        Outcome::Block,
        Outcome::Crit,
        Outcome::Crush,
    ];

    /// Index into per-outcome arrays, `0..8`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The outcome with this index; `None` for `index >= 8`.
    pub const fn from_index(index: usize) -> Option<Outcome> {
        if index < OUTCOME_COUNT { Some(Outcome::ALL[index]) } else { None }
    }

    /// English name used in JSON, the CLI and URLs: `miss`, `dodge`, `parry`, `glance`, `block`, `crit`,
    /// `crush`, `normal`.
    pub const fn name(self) -> &'static str {
        match self {
            Outcome::Miss => "miss",
            Outcome::Dodge => "dodge",
            Outcome::Parry => "parry",
            Outcome::Glance => "glance",
            Outcome::Block => "block",
            Outcome::Crit => "crit",
            Outcome::Crush => "crush",
            Outcome::Normal => "normal",
        }
    }

    /// Chinese name as the seed article writes it (traditional characters).
    pub const fn name_zh(self) -> &'static str {
        match self {
            Outcome::Miss => "未命中",
            Outcome::Dodge => "閃避",
            Outcome::Parry => "招架",
            Outcome::Glance => "偏斜",
            Outcome::Block => "格擋",
            Outcome::Crit => "暴擊",
            Outcome::Crush => "碾壓",
            Outcome::Normal => "普通命中",
        }
    }

    /// Parses an English name (see [`Outcome::name`]); `hit` is accepted for `normal`. Case-insensitive.
    pub fn from_name(name: &str) -> Option<Outcome> {
        let lower = name.trim().to_ascii_lowercase();
        match lower.as_str() {
            "hit" => Some(Outcome::Normal),
            _ => Outcome::ALL.into_iter().find(|o| o.name() == lower),
        }
    }

    /// True for the outcomes the seed article counts as damage avoided (免傷): dodge, parry and block.
    pub const fn is_avoidance(self) -> bool {
        matches!(self, Outcome::Dodge | Outcome::Parry | Outcome::Block)
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An exact probability distribution over the eight outcomes of a swing.
///
/// Invariants (checked in debug builds when constructed, and by the tests): every entry is finite and in
/// `[0, 1]` — never a negative round-off left-over such as `−1e-17` — and the entries sum to 1 within `1e-12`.
/// Serialises to a JSON object with all eight names as keys, in index order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distribution {
    p: [f64; OUTCOME_COUNT],
}

/// Tolerance on the sum of a [`Distribution`]; the algorithms here stay within a few ulps of it.
pub const SUM_TOLERANCE: f64 = 1e-12;

impl Distribution {
    /// Builds a distribution from per-outcome probabilities (index order). Used by the algorithms, which
    /// construct their entries as products and clamped shares so that none is negative.
    pub(crate) fn from_array(p: [f64; OUTCOME_COUNT]) -> Distribution {
        let d = Distribution { p };
        debug_assert!(d.p.iter().all(|x| x.is_finite() && (0.0..=1.0).contains(x)), "{d:?}");
        debug_assert!((d.total() - 1.0).abs() <= SUM_TOLERANCE, "{d:?}");
        d
    }

    /// Probability of `outcome`, in `[0, 1]`.
    #[inline]
    pub fn get(&self, outcome: Outcome) -> f64 {
        self.p[outcome.index()]
    }

    /// All eight probabilities in index order (see [`Outcome::ALL`]).
    #[inline]
    pub fn as_array(&self) -> &[f64; OUTCOME_COUNT] {
        &self.p
    }

    /// `(outcome, probability)` pairs in index order.
    pub fn iter(&self) -> impl Iterator<Item = (Outcome, f64)> + '_ {
        Outcome::ALL.into_iter().map(|o| (o, self.get(o)))
    }

    /// Sum of the probabilities (1 within [`SUM_TOLERANCE`]).
    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }

    /// The seed article's 免傷概率: P(dodge) + P(parry) + P(block). It gives 47.16% for the waterfall and
    /// 65% for the round table on the article's sheet.
    pub fn avoided(&self) -> f64 {
        self.get(Outcome::Dodge) + self.get(Outcome::Parry) + self.get(Outcome::Block)
    }
}

impl Serialize for Distribution {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(OUTCOME_COUNT))?;
        for (o, p) in self.iter() {
            map.serialize_entry(o.name(), &p)?;
        }
        map.end()
    }
}

/// How much of each attribute fell off its table, in the attribute's own units (a probability in `[0, 1]`).
///
/// A table holds at most 100%; entries are placed in priority order and the part of an entry that does not
/// fit is pushed off (seed article, 圓桌演算法特徵2: "圓桌放滿後優先順序低的事件將被擠出桌面"). For the waterfall
/// every roll is its own table, so nothing is pushed off unless rolls are merged. Serialises to a JSON object
/// keyed by the seven event names (normal hit has no chance of its own, so it is not listed).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct PushedOff {
    p: [f64; OUTCOME_COUNT],
}

impl PushedOff {
    pub(crate) fn add(&mut self, outcome: Outcome, amount: f64) {
        debug_assert!(amount >= 0.0);
        self.p[outcome.index()] += amount;
    }

    /// The part of `outcome`'s chance that did not fit on its table (0 for [`Outcome::Normal`]).
    #[inline]
    pub fn get(&self, outcome: Outcome) -> f64 {
        self.p[outcome.index()]
    }

    /// Sum over all attributes.
    pub fn total(&self) -> f64 {
        self.p.iter().sum()
    }

    /// True when nothing was pushed off.
    pub fn is_empty(&self) -> bool {
        self.p.iter().all(|&x| x == 0.0)
    }
}

impl Serialize for PushedOff {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(Outcome::EVENTS.len()))?;
        for o in Outcome::EVENTS {
            map.serialize_entry(o.name(), &self.get(o))?;
        }
        map.end()
    }
}
