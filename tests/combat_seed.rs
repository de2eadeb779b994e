//! The seed article's worked numbers, from `tests/data/combat.json` (source: the article
//! "游戲攻擊判定的三種模式", <http://www.gameres.com/677620.html>) and the derived values of `docs/combat.md`
//! §0 and §3.

use duiyi::combat::{Attacker, Defender, Distribution, Matchup, Model, ModelKind, Outcome, PushedOff};
use serde_json::Value;

const EXACT: f64 = 1e-12;

mod common;

fn data() -> Value {
    common::data("combat.json")
}

fn num(v: &Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("missing number {key} in {v}"))
}

fn sheet(example: &Value) -> Matchup {
    let a = &example["attacker"];
    let d = &example["defender"];
    Matchup::new(
        Attacker { hit: num(a, "hit"), crit: num(a, "crit"), ..Attacker::default() },
        Defender { dodge: num(d, "dodge"), parry: num(d, "parry"), block: num(d, "block"), ..Defender::default() },
    )
    .expect("the seed sheets are valid")
}

fn json_key(kind: ModelKind) -> &'static str {
    match kind {
        ModelKind::Waterfall => "waterfall",
        ModelKind::RoundTable => "round_table",
        ModelKind::Hybrid => "hybrid",
    }
}

fn assert_well_formed(d: &Distribution) {
    for (o, p) in d.iter() {
        assert!((0.0..=1.0).contains(&p) && p.is_sign_positive(), "{o} = {p:e}");
    }
    assert!((d.total() - 1.0).abs() <= EXACT, "sum {}", d.total());
}

/// Checks every outcome of `expected` (percentages) against `d`.
fn assert_matches(d: &Distribution, expected: &Value, label: &str) {
    assert_well_formed(d);
    for o in [Outcome::Miss, Outcome::Dodge, Outcome::Parry, Outcome::Block, Outcome::Crit, Outcome::Normal] {
        let want = num(expected, o.name()) / 100.0;
        let got = d.get(o);
        assert!((got - want).abs() <= EXACT, "{label} {o}: got {got}, article says {want}");
    }
    assert_eq!(d.get(Outcome::Glance), 0.0);
    assert_eq!(d.get(Outcome::Crush), 0.0);
}

#[test]
fn seed_sheet_gives_the_articles_three_distributions() {
    let v = data();
    let ex = &v["seed_example"];
    let m = sheet(ex);
    assert_eq!(m, Matchup::seed_example());
    for kind in ModelKind::ALL {
        let r = Model::new(kind).resolve(&m);
        assert_matches(&r.distribution, &ex[json_key(kind)], kind.name());
        assert!(r.pushed_off.is_empty(), "{kind}: {:?}", r.pushed_off);
    }
}

#[test]
fn seed_sheet_round_table_fills_exactly_and_pushes_normal_hit_off() {
    let r = Model::new(ModelKind::RoundTable).resolve(&Matchup::seed_example());
    // 10 + 20 + 15 + 30 + 25 = 100: the table is full, nothing of an attribute is lost, no normal hit.
    assert_eq!(r.distribution.get(Outcome::Normal), 0.0);
    assert_eq!(r.pushed_off, PushedOff::default());
    assert_eq!(r.distribution.get(Outcome::Miss), 0.1);
    assert_eq!(r.distribution.get(Outcome::Crit), 0.25);
}

#[test]
fn seed_avoided_damage_is_47_16_percent_waterfall_and_65_percent_round_table() {
    let v = data();
    let avoided = &v["seed_example"]["damage_avoided"];
    let m = Matchup::seed_example();
    let w = Model::new(ModelKind::Waterfall).resolve(&m).distribution.avoided();
    let r = Model::new(ModelKind::RoundTable).resolve(&m).distribution.avoided();
    assert!((w - num(avoided, "waterfall") / 100.0).abs() <= EXACT, "{w}");
    assert!((r - num(avoided, "round_table") / 100.0).abs() <= EXACT, "{r}");
    // The article: 18% + 10.8% + 18.36% = 47.16%, 20% + 15% + 30% = 65%.
    assert!((w - 0.4716).abs() <= EXACT && (r - 0.65).abs() <= EXACT);
}

#[test]
fn caps_example_gives_30_28_42_waterfall_and_30_40_30_round_table() {
    let v = data();
    let ex = &v["seed_caps_example"];
    let m = sheet(ex);
    for kind in [ModelKind::Waterfall, ModelKind::RoundTable] {
        let r = Model::new(kind).resolve(&m);
        assert_matches(&r.distribution, &ex[json_key(kind)], kind.name());
    }
}

#[test]
fn caps_example_hybrid_equals_the_waterfall_when_the_attacker_never_misses() {
    // (derived) Attacker table {crit 40, hit 60}, defender {dodge 30, hit 70}: dodge 30, crit 28, normal 42.
    let v = data();
    let m = sheet(&v["seed_caps_example"]);
    let h = Model::new(ModelKind::Hybrid).resolve(&m).distribution;
    let w = Model::new(ModelKind::Waterfall).resolve(&m).distribution;
    for o in Outcome::ALL {
        assert!((h.get(o) - w.get(o)).abs() <= EXACT, "{o}");
    }
    assert!((h.get(Outcome::Crit) - 0.28).abs() <= EXACT);
}

#[test]
fn hybrid_seed_crit_is_crit_chance_times_defender_hit_chance() {
    // The article: 25% × (1 − 20% − 15% − 30%) = 8.75%; normal (90% − 25%) × 35% = 22.75%.
    let d = Model::new(ModelKind::Hybrid).resolve(&Matchup::seed_example()).distribution;
    assert!((d.get(Outcome::Crit) - 0.25 * 0.35).abs() <= EXACT);
    assert!((d.get(Outcome::Normal) - 0.65 * 0.35).abs() <= EXACT);
    assert!((d.get(Outcome::Parry) - 0.9 * 0.15).abs() <= EXACT);
}

#[test]
fn seed_expected_damage_and_ehp_multipliers_match_the_notes() {
    // docs/combat.md §3 (derived): k = 2, β = 0.5 → E/D 0.6273, 0.65, 0.5375; EHP ×1.594, ×1.538, ×1.860.
    let m = Matchup::seed_example();
    let want = [(0.6273, 1.594), (0.65, 1.538), (0.5375, 1.860)];
    for (kind, (e, ehp)) in ModelKind::ALL.into_iter().zip(want) {
        let r = duiyi::combat::Report::exact(&Model::new(kind), &m);
        assert!((r.damage.expected_fraction - e).abs() <= EXACT, "{kind}: {}", r.damage.expected_fraction);
        let mult = r.damage.ehp_multiplier.expect("finite");
        assert!((mult - ehp).abs() < 5e-4, "{kind}: {mult}");
        assert!((mult - 1.0 / e).abs() <= EXACT);
    }
}

#[test]
fn waterfall_realised_crit_is_far_below_the_nominal_25_percent() {
    // 瀑布演算法特徵4: later rolls decay; 25% nominal becomes 10.71%.
    let d = Model::new(ModelKind::Waterfall).resolve(&Matchup::seed_example()).distribution;
    let c = d.get(Outcome::Crit);
    assert!((c - 0.9 * 0.8 * 0.85 * 0.7 * 0.25).abs() <= EXACT);
    assert!(c < 0.25 / 2.0);
}
