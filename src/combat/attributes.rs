//! Attacker and defender attribute sheets (面板屬性), and their validation.
//!
//! Chances are probabilities in `[0, 1]` (0.25 means 25%). Multipliers, damage, hit points and attack
//! speed are finite and non-negative. Anything else — outside the range, NaN, ±∞ — is rejected with an
//! [`AttributeError`] naming the attribute. Nothing is clamped silently: a sheet either validates into a
//! [`Matchup`] or says which number is wrong.

use std::fmt;

/// Every number a sheet holds; used to name the culprit in an [`AttributeError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// Attacker's hit chance (命中率); miss chance is `1 − hit`.
    Hit,
    /// Attacker's crit chance (暴擊率).
    Crit,
    /// Damage of a crit relative to a normal hit (暴擊傷害倍率).
    CritMultiplier,
    /// Attacker's glancing-blow chance.
    Glance,
    /// Damage of a glancing blow relative to a normal hit.
    GlanceMultiplier,
    /// Raw damage of one normal hit, in damage units.
    Damage,
    /// Swings per second.
    AttacksPerSecond,
    /// Defender's dodge chance (閃避率).
    Dodge,
    /// Defender's parry chance (招架率).
    Parry,
    /// Defender's block chance (格擋率).
    Block,
    /// Share of a blocked hit's damage that the block removes.
    BlockFraction,
    /// Flat damage a block removes, in damage units.
    BlockAmount,
    /// Chance that the attacker lands a crushing blow on this defender.
    Crush,
    /// Damage of a crushing blow relative to a normal hit.
    CrushMultiplier,
    /// Share of all damage taken that the defender's armour removes (the article's 免傷率).
    DamageReduction,
    /// Defender's hit points.
    Hp,
}

impl Attribute {
    /// The name used by the CLI flags (`--crit-multiplier`) and the page's URL (`crit-multiplier=`).
    pub const fn name(self) -> &'static str {
        match self {
            Attribute::Hit => "hit",
            Attribute::Crit => "crit",
            Attribute::CritMultiplier => "crit-multiplier",
            Attribute::Glance => "glance",
            Attribute::GlanceMultiplier => "glance-multiplier",
            Attribute::Damage => "damage",
            Attribute::AttacksPerSecond => "aps",
            Attribute::Dodge => "dodge",
            Attribute::Parry => "parry",
            Attribute::Block => "block",
            Attribute::BlockFraction => "block-fraction",
            Attribute::BlockAmount => "block-amount",
            Attribute::Crush => "crush",
            Attribute::CrushMultiplier => "crush-multiplier",
            Attribute::DamageReduction => "damage-reduction",
            Attribute::Hp => "hp",
        }
    }

    /// True for attributes that are probabilities (must lie in `[0, 1]`); the others only need to be ≥ 0.
    pub const fn is_probability(self) -> bool {
        matches!(
            self,
            Attribute::Hit
                | Attribute::Crit
                | Attribute::Glance
                | Attribute::Dodge
                | Attribute::Parry
                | Attribute::Block
                | Attribute::BlockFraction
                | Attribute::Crush
                | Attribute::DamageReduction
        )
    }
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a number was refused.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum AttributeErrorKind {
    /// The value is NaN.
    NotANumber,
    /// The value is +∞ or −∞.
    Infinite,
    /// A probability below 0 or above 1.
    OutsideUnitInterval,
    /// A multiplier, amount, damage, HP or speed below 0.
    Negative,
}

/// An attribute outside its domain. `Display` gives e.g. `crit = 1.5 is outside [0, 1]`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttributeError {
    /// The offending attribute.
    pub attribute: Attribute,
    /// The value that was given.
    pub value: f64,
    /// What is wrong with it.
    pub kind: AttributeErrorKind,
}

impl fmt::Display for AttributeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let a = self.attribute;
        match self.kind {
            AttributeErrorKind::NotANumber => write!(f, "{a} is NaN"),
            AttributeErrorKind::Infinite => write!(f, "{a} is infinite ({})", self.value),
            AttributeErrorKind::OutsideUnitInterval => {
                write!(f, "{a} = {} is outside [0, 1] (chances are fractions: 0.25 means 25%)", self.value)
            }
            AttributeErrorKind::Negative => write!(f, "{a} = {} is negative", self.value),
        }
    }
}

impl std::error::Error for AttributeError {}

/// Checks one number against the domain of `attribute`.
pub fn check(attribute: Attribute, value: f64) -> Result<f64, AttributeError> {
    let fail = |kind| Err(AttributeError { attribute, value, kind });
    if value.is_nan() {
        return fail(AttributeErrorKind::NotANumber);
    }
    if value.is_infinite() {
        return fail(AttributeErrorKind::Infinite);
    }
    if attribute.is_probability() {
        if !(0.0..=1.0).contains(&value) {
            return fail(AttributeErrorKind::OutsideUnitInterval);
        }
    } else if value < 0.0 {
        return fail(AttributeErrorKind::Negative);
    }
    // −0.0 passes both range checks; store +0.0 so nothing downstream prints "-0".
    Ok(value + 0.0)
}

/// How much damage a block removes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BlockValue {
    /// A share of the hit, in `[0, 1]` (β in docs/combat.md §3). 1 means a block stops the whole hit.
    Fraction(f64),
    /// A flat amount in damage units; a blocked hit deals `max(0, damage − amount)`.
    Amount(f64),
}

/// The attacker's sheet. Chances in `[0, 1]`; see the field docs for the other units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Attacker {
    /// Hit chance (命中率). Default 1.
    pub hit: f64,
    /// Crit chance (暴擊率). Default 0.
    pub crit: f64,
    /// Crit damage relative to a normal hit (暴擊傷害倍率). Default 2.
    pub crit_multiplier: f64,
    /// Glancing-blow chance. Default 0.
    pub glance: f64,
    /// Glancing-blow damage relative to a normal hit. Default 0.76 (elitistjerks melee mechanics, TBC era).
    pub glance_multiplier: f64,
    /// Raw damage of a normal hit, in damage units. Default 1, so expected damage reads as a fraction.
    pub damage: f64,
    /// Swings per second; EDPS = expected damage per swing × this. Default 1.
    pub attacks_per_second: f64,
}

impl Default for Attacker {
    fn default() -> Self {
        Attacker {
            hit: 1.0,
            crit: 0.0,
            crit_multiplier: 2.0,
            glance: 0.0,
            glance_multiplier: 0.76,
            damage: 1.0,
            attacks_per_second: 1.0,
        }
    }
}

/// The defender's sheet. Chances in `[0, 1]`; see the field docs for the other units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Defender {
    /// Dodge chance (閃避率). Default 0.
    pub dodge: f64,
    /// Parry chance (招架率). Default 0.
    pub parry: f64,
    /// Block chance (格擋率). Default 0.
    pub block: f64,
    /// What a block removes. Default: half the hit (`Fraction(0.5)`).
    pub block_value: BlockValue,
    /// Chance of being crushed. Default 0.
    pub crush: f64,
    /// Crushing-blow damage relative to a normal hit. Default 1.5 (elitistjerks melee mechanics).
    pub crush_multiplier: f64,
    /// Share of every hit removed by armour (the seed's 免傷率 in its EHP formulas). Default 0.
    pub damage_reduction: f64,
    /// Hit points. Default 1, so EHP reads as a multiplier of HP.
    pub hp: f64,
}

impl Default for Defender {
    fn default() -> Self {
        Defender {
            dodge: 0.0,
            parry: 0.0,
            block: 0.0,
            block_value: BlockValue::Fraction(0.5),
            crush: 0.0,
            crush_multiplier: 1.5,
            damage_reduction: 0.0,
            hp: 1.0,
        }
    }
}

/// A validated attacker–defender pair: every attribute is finite and inside its domain.
///
/// The only way to get one is [`Matchup::new`], so the algorithms never see a bad number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Matchup {
    attacker: Attacker,
    defender: Defender,
}

impl Matchup {
    /// Validates both sheets.
    ///
    /// # Errors
    /// The first attribute (attacker first, in field order) that is NaN, infinite, a chance outside
    /// `[0, 1]`, or a negative multiplier / damage / amount / HP / speed.
    pub fn new(attacker: Attacker, defender: Defender) -> Result<Matchup, AttributeError> {
        let a = Attacker {
            hit: check(Attribute::Hit, attacker.hit)?,
            crit: check(Attribute::Crit, attacker.crit)?,
            crit_multiplier: check(Attribute::CritMultiplier, attacker.crit_multiplier)?,
            glance: check(Attribute::Glance, attacker.glance)?,
            glance_multiplier: check(Attribute::GlanceMultiplier, attacker.glance_multiplier)?,
            damage: check(Attribute::Damage, attacker.damage)?,
            attacks_per_second: check(Attribute::AttacksPerSecond, attacker.attacks_per_second)?,
        };
        let d = Defender {
            dodge: check(Attribute::Dodge, defender.dodge)?,
            parry: check(Attribute::Parry, defender.parry)?,
            block: check(Attribute::Block, defender.block)?,
            block_value: match defender.block_value {
                BlockValue::Fraction(x) => BlockValue::Fraction(check(Attribute::BlockFraction, x)?),
                BlockValue::Amount(x) => BlockValue::Amount(check(Attribute::BlockAmount, x)?),
            },
            crush: check(Attribute::Crush, defender.crush)?,
            crush_multiplier: check(Attribute::CrushMultiplier, defender.crush_multiplier)?,
            damage_reduction: check(Attribute::DamageReduction, defender.damage_reduction)?,
            hp: check(Attribute::Hp, defender.hp)?,
        };
        Ok(Matchup { attacker: a, defender: d })
    }

    /// The seed article's sheet: hit 0.9, crit 0.25 against dodge 0.2, parry 0.15, block 0.3 (other
    /// attributes at their defaults).
    pub fn seed_example() -> Matchup {
        let attacker = Attacker { hit: 0.9, crit: 0.25, ..Attacker::default() };
        let defender = Defender { dodge: 0.2, parry: 0.15, block: 0.3, ..Defender::default() };
        Matchup { attacker, defender }
    }

    /// The attacker's validated sheet.
    pub fn attacker(&self) -> &Attacker {
        &self.attacker
    }

    /// The defender's validated sheet.
    pub fn defender(&self) -> &Defender {
        &self.defender
    }

    /// The nominal chance of an event as the sheet states it: `1 − hit` for miss, the attribute itself for
    /// the others, 0 for [`Outcome::Normal`](super::Outcome::Normal) (which has no chance of its own).
    pub fn chance(&self, outcome: super::Outcome) -> f64 {
        use super::Outcome as O;
        match outcome {
            O::Miss => 1.0 - self.attacker.hit,
            O::Dodge => self.defender.dodge,
            O::Parry => self.defender.parry,
            O::Glance => self.attacker.glance,
            O::Block => self.defender.block,
            O::Crit => self.attacker.crit,
            O::Crush => self.defender.crush,
            O::Normal => 0.0,
        }
    }

    /// Damage of `outcome` relative to a normal hit, before armour: 0 for miss/dodge/parry, the
    /// multiplier for glance/crit/crush, `1 − fraction` or `max(0, damage − amount) / damage` for a block
    /// (0 when damage is 0), 1 for a normal hit.
    pub fn damage_factor(&self, outcome: super::Outcome) -> f64 {
        use super::Outcome as O;
        match outcome {
            O::Miss | O::Dodge | O::Parry => 0.0,
            O::Glance => self.attacker.glance_multiplier,
            O::Block => match self.defender.block_value {
                BlockValue::Fraction(f) => 1.0 - f,
                BlockValue::Amount(b) => {
                    let d = self.attacker.damage;
                    if d > 0.0 { (d - b).max(0.0) / d } else { 0.0 }
                }
            },
            O::Crit => self.attacker.crit_multiplier,
            O::Crush => self.defender.crush_multiplier,
            O::Normal => 1.0,
        }
    }
}
