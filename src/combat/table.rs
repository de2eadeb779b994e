//! The one primitive all three algorithms share: filling a 100% table in priority order.
//!
//! A roll is a uniform number in `[0, 1)`; a table assigns consecutive slices of that interval to events in
//! priority order. An event takes `min(chance, room left)`; what does not fit is pushed off
//! (docs/combat.md §3: `P_i = clamp(x_i, 0, 1 − Σ_{j<i} P_j)`); the room that is left after the last
//! event is "pass" (no event: go on to the next roll, or a normal hit).
//!
//! The filling is done in exact integer arithmetic on a grid of 10⁻¹⁵: each chance is snapped to the
//! nearest multiple (a change of at most 5·10⁻¹⁶, and none at all for chances written with up to 15
//! decimals), and miss is `10¹⁵ − hit` on that grid. So `1 − 0.9` is exactly one tenth of the table,
//! 10% + 20% + 15% + 30% + 25% fills it exactly, and no share or pushed-off amount is a round-off
//! residue like −1e-17 or 5.6e-17 (docs/combat.md §3).

use super::attributes::Matchup;
use super::outcome::{Distribution, OUTCOME_COUNT, Outcome, PushedOff};

/// The whole table, 100%, on the integer grid.
const GRID: u64 = 1_000_000_000_000_000;

/// A probability in `[0, 1]` as a whole number of 10⁻¹⁵ steps.
fn to_grid(x: f64) -> u64 {
    debug_assert!((0.0..=1.0).contains(&x));
    ((x * GRID as f64).round() as u64).min(GRID)
}

/// Back to a probability: the double nearest to `steps · 10⁻¹⁵`.
fn from_grid(steps: u64) -> f64 {
    steps as f64 / GRID as f64
}

/// The sheet's chance of `event` on the grid; miss is the exact complement of hit.
fn chance_on_grid(matchup: &Matchup, event: Outcome) -> u64 {
    match event {
        Outcome::Miss => GRID - to_grid(matchup.attacker().hit),
        _ => to_grid(matchup.chance(event)),
    }
}

/// One filled table: events with their shares of the roll, highest priority first, and the share left over.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// `(event, share)` in priority order; shares in `[0, 1]`, summing with `rest` to 1.
    pub entries: Vec<(Outcome, f64)>,
    /// The share of the roll on which no event happens (the table's "hit" / pass), in `[0, 1]`.
    pub rest: f64,
}

impl Table {
    /// Fills a table with the sheet's chances of `events` (highest priority first) and adds what did not
    /// fit to `pushed_off` (in attribute units).
    pub fn fill(matchup: &Matchup, events: &[Outcome], pushed_off: &mut PushedOff) -> Table {
        let mut room = GRID;
        let mut entries = Vec::with_capacity(events.len());
        for &event in events {
            let chance = chance_on_grid(matchup, event);
            let share = chance.min(room);
            room -= share;
            pushed_off.add(event, from_grid(chance - share));
            entries.push((event, from_grid(share)));
        }
        Table { entries, rest: from_grid(room) }
    }

    /// The share of `event` on this table (0 if it is not on it).
    pub fn share(&self, event: Outcome) -> f64 {
        self.entries.iter().find(|(o, _)| *o == event).map_or(0.0, |&(_, s)| s)
    }

    /// Sum of all shares other than `except`, plus the rest: the mass of "not `except`", computed as a sum
    /// of non-negative terms rather than as `1 − share` so it never goes below 0.
    pub fn mass_without(&self, except: Outcome) -> f64 {
        self.entries.iter().filter(|(o, _)| *o != except).map(|&(_, s)| s).sum::<f64>() + self.rest
    }
}

/// How a model turns rolls into an outcome; shared by the exact computation and the sampler.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// Rolls made one after another; the first event that happens ends the swing, and a swing that passes
    /// every roll is a normal hit. A waterfall has one table per roll; a round table has a single table.
    Sequential(Vec<Table>),
    /// The seed's 混合演算法: an attacker table (miss / glance / crit / crush / hit) and a defender table
    /// (dodge / parry / block / hit), both rolled. A miss ends the swing; otherwise a defender event wins,
    /// and only when the defender is hit does the attacker's glance, crit, crush or normal hit land.
    Hybrid {
        /// Attacker table: miss, glance, crit, crush in priority order.
        attacker: Table,
        /// Defender table: dodge, parry, block in priority order.
        defender: Table,
    },
}

impl Plan {
    /// The exact outcome distribution of this plan.
    pub fn distribution(&self) -> Distribution {
        let mut p = [0.0_f64; OUTCOME_COUNT];
        match self {
            Plan::Sequential(tables) => {
                // `reach` is the probability that the swing gets to this roll; a product of shares, ≥ 0.
                let mut reach = 1.0_f64;
                for table in tables {
                    for &(event, share) in &table.entries {
                        p[event.index()] += reach * share;
                    }
                    reach *= table.rest;
                }
                p[Outcome::Normal.index()] = reach;
            }
            Plan::Hybrid { attacker, defender } => {
                let lands = attacker.mass_without(Outcome::Miss);
                p[Outcome::Miss.index()] = attacker.share(Outcome::Miss);
                for &(event, share) in &defender.entries {
                    p[event.index()] += lands * share;
                }
                for &(event, share) in &attacker.entries {
                    if event != Outcome::Miss {
                        p[event.index()] += share * defender.rest;
                    }
                }
                p[Outcome::Normal.index()] = attacker.rest * defender.rest;
            }
        }
        Distribution::from_array(p)
    }
}
