//! Expected damage per swing, EDPS (有效攻擊) and EHP (有效生命), from any outcome distribution.
//!
//! One code path for every algorithm: `E = damage · (1 − armour) · Σ_o P(o) · factor(o)` with the factors
//! of [`Matchup::damage_factor`]. The seed article's per-algorithm EHP/EDPS expressions are special cases
//! of it (see the tests in `tests/combat_damage.rs`); docs/combat.md §3 gives the closed forms.

use super::attributes::Matchup;
use super::outcome::Distribution;
use serde::Serialize;

/// What one attacker does to one defender on average.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DamageSummary {
    /// Expected damage taken per swing, in damage units: `damage · expected_fraction`.
    pub expected_damage: f64,
    /// Expected damage per swing as a share of one raw normal hit (`E/D` in the notes), ≥ 0.
    pub expected_fraction: f64,
    /// Effective damage per second (EDPS): `expected_damage · attacks_per_second`.
    pub edps: f64,
    /// Effective hit points against this attacker (EHP): `hp · ehp_multiplier`; `None` (∞) when the
    /// attacker can never deal damage, e.g. a round table that is all miss / dodge / parry.
    pub ehp: Option<f64>,
    /// `1 / expected_fraction`: how many raw hits' worth of HP the defender effectively has per point of
    /// HP; `None` (∞) when the expected damage is 0.
    pub ehp_multiplier: Option<f64>,
    /// Swings until the defender dies on average, `hp / expected_damage`; `None` when that is ∞.
    pub swings_to_kill: Option<f64>,
}

impl DamageSummary {
    /// Computes the summary of `distribution` for this sheet.
    pub fn new(matchup: &Matchup, distribution: &Distribution) -> DamageSummary {
        let a = matchup.attacker();
        let d = matchup.defender();
        let per_hit: f64 = distribution.iter().map(|(o, p)| p * matchup.damage_factor(o)).sum();
        let expected_fraction = (1.0 - d.damage_reduction) * per_hit;
        let expected_damage = a.damage * expected_fraction;
        let ehp_multiplier = (expected_fraction > 0.0).then(|| 1.0 / expected_fraction);
        DamageSummary {
            expected_damage,
            expected_fraction,
            edps: expected_damage * a.attacks_per_second,
            ehp: ehp_multiplier.map(|m| d.hp * m),
            ehp_multiplier,
            swings_to_kill: (expected_damage > 0.0).then(|| d.hp / expected_damage),
        }
    }
}
