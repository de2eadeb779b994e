//! The three attack-judgement algorithms of the seed article (攻擊判定的三種模式): waterfall (瀑布),
//! round table (圓桌) and hybrid (混合), each with a configurable order.

use super::attributes::Matchup;
use super::order::{OrderError, Priority, Stages};
use super::outcome::{Distribution, Outcome, PushedOff};
use super::table::{Plan, Table};
use std::fmt;

/// Which algorithm, without its order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ModelKind {
    /// 瀑布演算法: one independent roll per event, in order; later rolls only happen if earlier ones failed.
    Waterfall,
    /// 圓桌演算法: one roll against a single 100% table filled in priority order (World of Warcraft).
    RoundTable,
    /// 混合演算法: an attacker table, then a defender table.
    Hybrid,
}

impl ModelKind {
    /// All three, in the order the article presents them.
    pub const ALL: [ModelKind; 3] = [ModelKind::Waterfall, ModelKind::RoundTable, ModelKind::Hybrid];

    /// `waterfall`, `round-table` or `hybrid` (CLI `--model`, JSON `"model"`, test ids on the page).
    pub const fn name(self) -> &'static str {
        match self {
            ModelKind::Waterfall => "waterfall",
            ModelKind::RoundTable => "round-table",
            ModelKind::Hybrid => "hybrid",
        }
    }

    /// Parses a name from [`ModelKind::name`]; `round_table` and `roundtable` are accepted too.
    pub fn parse(name: &str) -> Option<ModelKind> {
        match name.trim().to_ascii_lowercase().as_str() {
            "waterfall" => Some(ModelKind::Waterfall),
            "round-table" | "round_table" | "roundtable" => Some(ModelKind::RoundTable),
            "hybrid" => Some(ModelKind::Hybrid),
            _ => None,
        }
    }
}

impl fmt::Display for ModelKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An algorithm together with its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Model {
    /// Waterfall with these rolls.
    Waterfall(Stages),
    /// Round table with this priority.
    RoundTable(Priority),
    /// Hybrid; the priority is split into the attacker's events (miss, glance, crit, crush) and the
    /// defender's (dodge, parry, block), each keeping its relative order.
    Hybrid(Priority),
}

impl Model {
    /// The algorithm with its default order.
    pub fn new(kind: ModelKind) -> Model {
        match kind {
            ModelKind::Waterfall => Model::Waterfall(Stages::default()),
            ModelKind::RoundTable => Model::RoundTable(Priority::default()),
            ModelKind::Hybrid => Model::Hybrid(Priority::default()),
        }
    }

    /// The algorithm with an order in text form (see [`super::order`]); an empty text is the default.
    ///
    /// # Errors
    /// A malformed order, or `+` outside a waterfall.
    pub fn with_order(kind: ModelKind, order: &str) -> Result<Model, OrderError> {
        Ok(match kind {
            ModelKind::Waterfall => Model::Waterfall(Stages::parse(order)?),
            ModelKind::RoundTable => Model::RoundTable(Priority::parse(order)?),
            ModelKind::Hybrid => Model::Hybrid(Priority::parse(order)?),
        })
    }

    /// Which algorithm this is.
    pub fn kind(&self) -> ModelKind {
        match self {
            Model::Waterfall(_) => ModelKind::Waterfall,
            Model::RoundTable(_) => ModelKind::RoundTable,
            Model::Hybrid(_) => ModelKind::Hybrid,
        }
    }

    /// The order in text form, as [`Model::with_order`] reads it.
    pub fn order(&self) -> String {
        match self {
            Model::Waterfall(s) => s.to_string(),
            Model::RoundTable(p) | Model::Hybrid(p) => p.to_string(),
        }
    }

    /// Fills this model's tables for `matchup`; returns them with what each attribute had pushed off.
    pub fn plan(&self, matchup: &Matchup) -> (Plan, PushedOff) {
        let mut pushed = PushedOff::default();
        let plan = match self {
            Model::Waterfall(stages) => Plan::Sequential(
                stages.rolls().iter().map(|roll| Table::fill(matchup, roll, &mut pushed)).collect(),
            ),
            Model::RoundTable(priority) => {
                Plan::Sequential(vec![Table::fill(matchup, priority.events(), &mut pushed)])
            }
            Model::Hybrid(priority) => {
                let (att, def): (Vec<Outcome>, Vec<Outcome>) =
                    priority.events().iter().partition(|o| !o.is_avoidance());
                Plan::Hybrid {
                    attacker: Table::fill(matchup, &att, &mut pushed),
                    defender: Table::fill(matchup, &def, &mut pushed),
                }
            }
        };
        (plan, pushed)
    }

    /// The exact outcome distribution of one swing, and what was pushed off the tables.
    pub fn resolve(&self, matchup: &Matchup) -> Resolution {
        let (plan, pushed_off) = self.plan(matchup);
        Resolution { kind: self.kind(), distribution: plan.distribution(), pushed_off }
    }
}

/// The exact result of an algorithm on a sheet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Resolution {
    /// Which algorithm produced it.
    pub kind: ModelKind,
    /// P(outcome) for one swing.
    pub distribution: Distribution,
    /// The part of each attribute that did not fit on its table (attribute units).
    pub pushed_off: PushedOff,
}

/// 瀑布演算法 with the given rolls.
///
/// With the default rolls: miss `1−h`, dodge `h·d`, parry `h(1−d)p`, block `h(1−d)(1−p)b`,
/// crit `h(1−d)(1−p)(1−b)c`, normal the rest (seed article; 10 / 18 / 10.8 / 18.36 / 10.71 / 32.13% on its
/// sheet). Single-event rolls never overflow; merged rolls (`miss+dodge`) are filled like a round table.
pub fn waterfall(matchup: &Matchup, stages: &Stages) -> Resolution {
    Model::Waterfall(stages.clone()).resolve(matchup)
}

/// 圓桌演算法 with the given priority: one roll, the table filled in priority order, overflow pushed off
/// (seed article; 10 / 20 / 15 / 30 / 25 / 0% on its sheet, normal hit entirely pushed off).
pub fn round_table(matchup: &Matchup, priority: &Priority) -> Resolution {
    Model::RoundTable(priority.clone()).resolve(matchup)
}

/// 混合演算法 with the given priority: attacker table {miss, crit, hit} (crit pushed off beyond `1 − miss`),
/// then defender table {dodge, parry, block, hit}; a crit that is dodged, parried or blocked counts as that
/// defender outcome (seed article; 10 / 18 / 13.5 / 27 / 8.75 / 22.75% on its sheet).
pub fn hybrid(matchup: &Matchup, priority: &Priority) -> Resolution {
    Model::Hybrid(priority.clone()).resolve(matchup)
}
