//! Attack-outcome distributions: how games resolve a swing (攻擊判定), exactly and by sampling.
//!
//! Source: the article "游戲攻擊判定的三種模式" (<http://www.gameres.com/677620.html>; worked values in
//! `docs/combat.md` §0): the same attribute sheet — hit 90%, crit 25% against dodge 20%,
//! parry 15%, block 30% — gives very different fights under
//!
//! * the **waterfall** (瀑布): one independent roll per event in turn; 10 / 18 / 10.8 / 18.36 / 10.71 /
//!   32.13% miss / dodge / parry / block / crit / normal, damage avoided 47.16%;
//! * the **round table** (圓桌, World of Warcraft): one roll on a 100% table filled in priority order,
//!   overflow pushed off; 10 / 20 / 15 / 30 / 25 / 0%, damage avoided 65%;
//! * the **hybrid** (混合): an attacker table, then a defender table; 10 / 18 / 13.5 / 27 / 8.75 / 22.75%.
//!
//! WoW's table order and its glancing and crushing blows follow the references in `docs/combat.md` §1.
//!
//! ```
//! use duiyi::combat::{Matchup, Model, ModelKind, Outcome};
//! let sheet = Matchup::seed_example();
//! let table = Model::new(ModelKind::RoundTable).resolve(&sheet);
//! assert!((table.distribution.get(Outcome::Crit) - 0.25).abs() < 1e-12);
//! assert_eq!(table.distribution.get(Outcome::Normal), 0.0); // pushed off the table
//! ```
//!
//! Parts: [`attributes`] (sheets and validation), [`order`] (priorities and waterfall rolls), [`table`]
//! (the fill primitive), [`model`] (the three algorithms), [`damage`] (expected damage, EDPS, EHP),
//! [`sampling`] (seeded Monte-Carlo with confidence intervals), [`stats`] (Wilson, chi-square), [`prd`]
//! (pseudo-random distribution and shuffle bags), [`report`] (JSON in and out), [`cli`], and `bench`
//! (native only: `duiyi combat bench`).

pub mod attributes;
#[cfg(not(target_arch = "wasm32"))]
pub mod bench;
pub mod cli;
pub mod damage;
pub mod model;
pub mod order;
pub mod outcome;
pub mod prd;
pub mod report;
pub mod sampling;
pub mod stats;
pub mod table;

pub use attributes::{Attacker, Attribute, AttributeError, AttributeErrorKind, BlockValue, Defender, Matchup};
pub use damage::DamageSummary;
pub use model::{Model, ModelKind, Resolution, hybrid, round_table, waterfall};
pub use order::{OrderError, Priority, Stages};
pub use outcome::{Distribution, OUTCOME_COUNT, Outcome, PushedOff};
pub use prd::{PrdError, ProcRule, ProcTracker, ShuffleBag, c_from_p, p_from_c};
pub use report::{InputError, Report, SheetSpec};
pub use sampling::{SampleSummary, Sampler};
