//! Expected damage, EDPS and EHP: one code path for every model, and the seed article's per-model
//! expressions ("不同的攻擊判定流程將影響有效生命EHP和有效攻擊EDPS的表達式") as its special cases.
//! Notation: r 免傷率 (damage_reduction), k 暴擊傷害倍率, DPS the raw damage per second D·APS.

use duiyi::combat::{
    Attacker, BlockValue, DamageSummary, Defender, Matchup, Model, ModelKind, Outcome, Stages,
};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

const EXACT: f64 = 1e-12;

struct Draw(Pcg32);

impl Draw {
    /// A chance on a 1/1000 grid in `[lo, hi]`.
    fn chance(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * f64::from(self.0.next_u32() % 1001) / 1000.0
    }
}

fn summary(kind: ModelKind, m: &Matchup) -> DamageSummary {
    DamageSummary::new(m, &Model::new(kind).resolve(m).distribution)
}

fn rel_close(a: f64, b: f64) -> bool {
    (a - b).abs() <= EXACT * b.abs().max(1.0)
}

#[test]
fn seed_waterfall_ehp_is_hp_over_one_minus_reduction_dodge_and_parry() {
    // EHP = HP / (1 − r) / (1 − d) / (1 − p), against an attacker who always hits and never crits.
    let mut g = Draw(Pcg32::seed_from_u64(1));
    for _ in 0..2000 {
        let (d, p, r) = (g.chance(0.0, 0.95), g.chance(0.0, 0.95), g.chance(0.0, 0.9));
        let hp = 1000.0 + g.chance(0.0, 1.0) * 9000.0;
        let m = Matchup::new(
            Attacker { hit: 1.0, crit: 0.0, ..Attacker::default() },
            Defender { dodge: d, parry: p, damage_reduction: r, hp, ..Defender::default() },
        )
        .unwrap();
        let ehp = summary(ModelKind::Waterfall, &m).ehp.unwrap();
        assert!(rel_close(ehp, hp / (1.0 - r) / (1.0 - d) / (1.0 - p)), "{ehp}");
    }
}

#[test]
fn seed_waterfall_edps_is_dps_times_hit_times_crit_factor() {
    // EDPS = DPS · h · [1 + c(k − 1)], against a defender with no avoidance.
    let mut g = Draw(Pcg32::seed_from_u64(2));
    for _ in 0..2000 {
        let (h, c) = (g.chance(0.0, 1.0), g.chance(0.0, 1.0));
        let k = 1.0 + g.chance(0.0, 3.0);
        let (damage, aps) = (50.0 + 100.0 * g.chance(0.0, 1.0), 0.5 + 2.0 * g.chance(0.0, 1.0));
        let m = Matchup::new(
            Attacker { hit: h, crit: c, crit_multiplier: k, damage, attacks_per_second: aps, ..Attacker::default() },
            Defender::default(),
        )
        .unwrap();
        let edps = summary(ModelKind::Waterfall, &m).edps;
        assert!(rel_close(edps, damage * aps * h * (1.0 + c * (k - 1.0))), "{edps}");
    }
}

#[test]
fn seed_waterfall_with_hit_and_dodge_on_one_roll_gives_hit_minus_dodge() {
    // 命中閃避合並判定: EHP = HP / (1 − r) / (h − d) / (1 − p); EDPS = DPS · (1 + c(k − 1)) at h = 1, d = 0.
    let mut g = Draw(Pcg32::seed_from_u64(3));
    let merged = Model::Waterfall(Stages::parse("miss+dodge").unwrap());
    for _ in 0..2000 {
        let h = g.chance(0.05, 1.0);
        let (d, p, r) = (g.chance(0.0, h - 0.01), g.chance(0.0, 0.9), g.chance(0.0, 0.9));
        let m = Matchup::new(
            Attacker { hit: h, crit: 0.0, ..Attacker::default() },
            Defender { dodge: d, parry: p, damage_reduction: r, hp: 100.0, ..Defender::default() },
        )
        .unwrap();
        let s = DamageSummary::new(&m, &merged.resolve(&m).distribution);
        assert!(rel_close(s.ehp.unwrap(), 100.0 / (1.0 - r) / (h - d) / (1.0 - p)));

        let (c, k) = (g.chance(0.0, 1.0), 1.0 + g.chance(0.0, 2.0));
        let m = Matchup::new(Attacker { hit: 1.0, crit: c, crit_multiplier: k, ..Attacker::default() }, Defender::default())
            .unwrap();
        let s = DamageSummary::new(&m, &merged.resolve(&m).distribution);
        assert!(rel_close(s.edps, 1.0 + c * (k - 1.0)));
    }
}

#[test]
fn seed_round_table_ehp_and_edps() {
    // EHP = HP / (1 − r) / (1 − d − p); EDPS = DPS · [h − d − p + c(k − 1)] while nothing overflows
    // (閃避、招架 > 暴擊 > 普通命中, and the states fit on the table).
    let mut g = Draw(Pcg32::seed_from_u64(4));
    for _ in 0..2000 {
        let d = g.chance(0.0, 0.5);
        let p = g.chance(0.0, 0.45);
        let r = g.chance(0.0, 0.9);
        let m = Matchup::new(
            Attacker { hit: 1.0, ..Attacker::default() },
            Defender { dodge: d, parry: p, damage_reduction: r, hp: 250.0, ..Defender::default() },
        )
        .unwrap();
        let ehp = summary(ModelKind::RoundTable, &m).ehp.unwrap();
        assert!(rel_close(ehp, 250.0 / (1.0 - r) / (1.0 - d - p)));

        let (d, p) = (g.chance(0.0, 0.3), g.chance(0.0, 0.2));
        let h = g.chance(0.5, 1.0);
        let c = g.chance(0.0, h - d - p);
        let k = 1.0 + g.chance(0.0, 2.0);
        let m = Matchup::new(
            Attacker { hit: h, crit: c, crit_multiplier: k, ..Attacker::default() },
            Defender { dodge: d, parry: p, ..Defender::default() },
        )
        .unwrap();
        let edps = summary(ModelKind::RoundTable, &m).edps;
        assert!(rel_close(edps, h - d - p + c * (k - 1.0)), "h {h} c {c} d {d} p {p}: {edps}");
    }
}

#[test]
fn seed_hybrid_ehp_and_edps() {
    // EHP = HP / (1 − r) / (1 − d − p); EDPS = DPS · [h + c(k − 1)] against no avoidance.
    let mut g = Draw(Pcg32::seed_from_u64(5));
    for _ in 0..2000 {
        let (d, p, r) = (g.chance(0.0, 0.5), g.chance(0.0, 0.45), g.chance(0.0, 0.9));
        let m = Matchup::new(
            Attacker { hit: 1.0, ..Attacker::default() },
            Defender { dodge: d, parry: p, damage_reduction: r, hp: 80.0, ..Defender::default() },
        )
        .unwrap();
        assert!(rel_close(summary(ModelKind::Hybrid, &m).ehp.unwrap(), 80.0 / (1.0 - r) / (1.0 - d - p)));

        let h = g.chance(0.0, 1.0);
        let c = g.chance(0.0, h);
        let k = 1.0 + g.chance(0.0, 2.0);
        let m = Matchup::new(Attacker { hit: h, crit: c, crit_multiplier: k, ..Attacker::default() }, Defender::default())
            .unwrap();
        assert!(rel_close(summary(ModelKind::Hybrid, &m).edps, h + c * (k - 1.0)));
    }
}

#[test]
fn general_closed_forms_with_blocks_match_the_notes() {
    // notes §3: waterfall E/D = h(1−d)(1−p)·[b(1−β) + (1−b)(1 + c(k−1))];
    //           hybrid E/D = (1−m)·b'(1−β) + t_hit·(1 − m − c' + k·c').
    let mut g = Draw(Pcg32::seed_from_u64(6));
    for _ in 0..5000 {
        let (h, c, d, p, b) = (g.chance(0.0, 1.0), g.chance(0.0, 1.0), g.chance(0.0, 1.0), g.chance(0.0, 1.0), g.chance(0.0, 1.0));
        let (beta, k) = (g.chance(0.0, 1.0), g.chance(0.0, 4.0));
        let m = Matchup::new(
            Attacker { hit: h, crit: c, crit_multiplier: k, ..Attacker::default() },
            Defender { dodge: d, parry: p, block: b, block_value: BlockValue::Fraction(beta), ..Defender::default() },
        )
        .unwrap();
        let w = summary(ModelKind::Waterfall, &m).expected_fraction;
        let want = h * (1.0 - d) * (1.0 - p) * (b * (1.0 - beta) + (1.0 - b) * (1.0 + c * (k - 1.0)));
        assert!((w - want).abs() <= EXACT, "waterfall {w} vs {want}");

        let miss = 1.0 - h;
        let c2 = c.min(1.0 - miss);
        let p2 = p.min(1.0 - d);
        let b2 = b.min(1.0 - d - p2);
        let t_hit = (1.0 - d - p2 - b2).max(0.0);
        let hy = summary(ModelKind::Hybrid, &m).expected_fraction;
        let want = (1.0 - miss) * b2 * (1.0 - beta) + t_hit * (1.0 - miss - c2 + k * c2);
        assert!((hy - want).abs() <= EXACT, "hybrid {hy} vs {want}");
    }
}

#[test]
fn flat_block_amount_takes_damage_minus_amount_and_never_heals() {
    let with = |amount: f64| {
        Matchup::new(
            Attacker { hit: 1.0, damage: 100.0, ..Attacker::default() },
            Defender { block: 1.0, block_value: BlockValue::Amount(amount), hp: 1000.0, ..Defender::default() },
        )
        .unwrap()
    };
    let s = summary(ModelKind::RoundTable, &with(30.0));
    assert!(rel_close(s.expected_damage, 70.0));
    assert!(rel_close(s.swings_to_kill.unwrap(), 1000.0 / 70.0));
    let s = summary(ModelKind::RoundTable, &with(150.0));
    assert_eq!(s.expected_damage, 0.0);
    assert_eq!((s.ehp, s.ehp_multiplier, s.swings_to_kill), (None, None, None));
}

#[test]
fn glancing_and_crushing_blows_use_their_multipliers() {
    let m = Matchup::new(
        Attacker { hit: 1.0, glance: 0.4, glance_multiplier: 0.76, ..Attacker::default() },
        Defender { crush: 0.2, crush_multiplier: 1.5, ..Defender::default() },
    )
    .unwrap();
    let d = Model::new(ModelKind::RoundTable).resolve(&m).distribution;
    assert!(rel_close(d.get(Outcome::Normal), 0.4));
    let s = DamageSummary::new(&m, &d);
    assert!(rel_close(s.expected_fraction, 0.4 * 0.76 + 0.2 * 1.5 + 0.4));
}

#[test]
fn an_unhittable_defender_has_infinite_ehp() {
    // A round table that is all miss / dodge / parry (notes §3).
    let m = Matchup::new(
        Attacker { hit: 0.8, ..Attacker::default() },
        Defender { dodge: 0.5, parry: 0.4, ..Defender::default() },
    )
    .unwrap();
    let s = summary(ModelKind::RoundTable, &m);
    assert_eq!((s.expected_damage, s.ehp), (0.0, None));
    // The waterfall lets some through.
    assert!(summary(ModelKind::Waterfall, &m).ehp.is_some());
}
