//! The three algorithms beyond the seed's examples: overflow, boundaries, orders, invalid input, and the
//! closed forms of `docs/combat.md` §3 on many random sheets.

use duiyi::combat::{
    Attacker, Attribute, AttributeErrorKind, BlockValue, Defender, Distribution, Matchup, Model, ModelKind,
    OrderError, Outcome, Priority, Stages, hybrid, round_table, waterfall,
};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

const EXACT: f64 = 1e-12;

fn sheet(hit: f64, crit: f64, dodge: f64, parry: f64, block: f64) -> Matchup {
    Matchup::new(
        Attacker { hit, crit, ..Attacker::default() },
        Defender { dodge, parry, block, ..Defender::default() },
    )
    .expect("valid sheet")
}

fn resolve(kind: ModelKind, m: &Matchup) -> duiyi::combat::Resolution {
    Model::new(kind).resolve(m)
}

fn assert_well_formed(d: &Distribution, label: &str) {
    for (o, p) in d.iter() {
        assert!(p.is_finite() && (0.0..=1.0).contains(&p) && p.is_sign_positive(), "{label}: {o} = {p:e}");
    }
    assert!((d.total() - 1.0).abs() <= EXACT, "{label}: sum {}", d.total());
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= EXACT
}

#[test]
fn round_table_avoidance_over_100_percent_pushes_crit_and_normal_hit_off() {
    // 10% miss + 50% dodge + 40% parry = 100%: block, crit and normal hit find no room.
    let m = sheet(0.9, 0.3, 0.5, 0.4, 0.3);
    let r = resolve(ModelKind::RoundTable, &m);
    let d = r.distribution;
    assert_well_formed(&d, "overflow");
    assert!(close(d.get(Outcome::Miss), 0.1) && close(d.get(Outcome::Dodge), 0.5));
    assert!(close(d.get(Outcome::Parry), 0.4));
    assert_eq!(d.get(Outcome::Block), 0.0);
    assert_eq!(d.get(Outcome::Crit), 0.0);
    assert_eq!(d.get(Outcome::Normal), 0.0);
    assert!(close(r.pushed_off.get(Outcome::Block), 0.3));
    assert!(close(r.pushed_off.get(Outcome::Crit), 0.3));
    assert_eq!(r.pushed_off.get(Outcome::Parry), 0.0);
}

#[test]
fn round_table_partial_overflow_keeps_what_fits() {
    // 5% miss + 30 + 30 + 30 = 95%: crit 25% keeps 5%, 20% is pushed off; no normal hit.
    let m = sheet(0.95, 0.25, 0.3, 0.3, 0.3);
    let r = resolve(ModelKind::RoundTable, &m);
    assert!(close(r.distribution.get(Outcome::Crit), 0.05));
    assert!(close(r.pushed_off.get(Outcome::Crit), 0.2));
    assert_eq!(r.distribution.get(Outcome::Normal), 0.0);
}

#[test]
fn illidan_shear_style_stacking_leaves_only_avoidance() {
    // Seed: tanks stacking avoidance to ~70% plus a skill reach 100% and push hit and crit off entirely.
    let m = sheet(1.0, 0.4, 0.35, 0.35, 0.3);
    let r = resolve(ModelKind::RoundTable, &m);
    assert!(close(r.distribution.avoided(), 1.0));
    assert!(close(r.pushed_off.get(Outcome::Crit), 0.4));
    let s = duiyi::combat::DamageSummary::new(&m, &r.distribution);
    // Blocks still take half a hit by default.
    assert!(close(s.expected_fraction, 0.3 * 0.5));
}

#[test]
fn hit_100_percent_means_no_miss_in_every_model() {
    let m = sheet(1.0, 0.25, 0.2, 0.15, 0.3);
    for kind in ModelKind::ALL {
        let d = resolve(kind, &m).distribution;
        assert_eq!(d.get(Outcome::Miss), 0.0, "{kind}");
        assert_well_formed(&d, kind.name());
    }
}

#[test]
fn all_zeros_is_always_a_miss() {
    // hit 0 → miss 100%, whatever else the sheet says.
    let m = Matchup::new(
        Attacker { hit: 0.0, crit: 0.0, crit_multiplier: 0.0, glance: 0.0, glance_multiplier: 0.0, damage: 0.0, attacks_per_second: 0.0 },
        Defender { dodge: 0.0, parry: 0.0, block: 0.0, block_value: BlockValue::Fraction(0.0), crush: 0.0, crush_multiplier: 0.0, damage_reduction: 0.0, hp: 0.0 },
    )
    .unwrap();
    for kind in ModelKind::ALL {
        let d = resolve(kind, &m).distribution;
        assert_eq!(d.get(Outcome::Miss), 1.0, "{kind}");
        assert_well_formed(&d, kind.name());
    }
}

#[test]
fn everything_zero_but_hit_is_always_a_normal_hit() {
    let m = sheet(1.0, 0.0, 0.0, 0.0, 0.0);
    for kind in ModelKind::ALL {
        assert_eq!(resolve(kind, &m).distribution.get(Outcome::Normal), 1.0, "{kind}");
    }
}

#[test]
fn all_ones_follow_each_models_first_event() {
    // hit 1, crit 1, dodge 1, parry 1, block 1, glance 1, crush 1.
    let m = Matchup::new(
        Attacker { hit: 1.0, crit: 1.0, glance: 1.0, ..Attacker::default() },
        Defender { dodge: 1.0, parry: 1.0, block: 1.0, crush: 1.0, damage_reduction: 1.0, ..Defender::default() },
    )
    .unwrap();
    for kind in ModelKind::ALL {
        let r = resolve(kind, &m);
        assert_well_formed(&r.distribution, kind.name());
        // Miss is 0, dodge comes first among the rest in every model: the swing is always dodged.
        assert_eq!(r.distribution.get(Outcome::Dodge), 1.0, "{kind}");
    }
    let rt = resolve(ModelKind::RoundTable, &m);
    for o in [Outcome::Parry, Outcome::Glance, Outcome::Block, Outcome::Crit, Outcome::Crush] {
        assert_eq!(rt.pushed_off.get(o), 1.0, "{o}");
    }
    // Waterfall rolls are separate tables: nothing is pushed off, later rolls are simply never reached.
    assert!(resolve(ModelKind::Waterfall, &m).pushed_off.is_empty());
    // Hybrid: the attacker's table is full of glance (pushed crit and crush), the defender's of dodge.
    let h = resolve(ModelKind::Hybrid, &m);
    assert_eq!(h.pushed_off.get(Outcome::Crit), 1.0);
    assert_eq!(h.pushed_off.get(Outcome::Parry), 1.0);
    let s = duiyi::combat::DamageSummary::new(&m, &h.distribution);
    assert_eq!(s.expected_damage, 0.0);
    assert_eq!(s.ehp, None);
}

#[test]
fn hybrid_with_defender_table_full_has_no_crits_or_normal_hits() {
    // notes §3: if d + p + b ≥ 1 there are no crits or normal hits at all.
    let m = sheet(0.9, 0.5, 0.5, 0.3, 0.4);
    let r = resolve(ModelKind::Hybrid, &m);
    assert_eq!(r.distribution.get(Outcome::Crit), 0.0);
    assert_eq!(r.distribution.get(Outcome::Normal), 0.0);
    assert!(close(r.distribution.get(Outcome::Block), 0.9 * 0.2));
    assert!(close(r.pushed_off.get(Outcome::Block), 0.2));
}

#[test]
fn hybrid_clamps_crit_to_the_room_left_by_miss() {
    // m + c > 1: c' = min(c, 1 − m).
    let m = sheet(0.3, 0.5, 0.1, 0.0, 0.0);
    let r = resolve(ModelKind::Hybrid, &m);
    assert!(close(r.distribution.get(Outcome::Crit), 0.3 * 0.9));
    assert!(close(r.pushed_off.get(Outcome::Crit), 0.2));
    assert_eq!(r.distribution.get(Outcome::Normal), 0.0);
}

#[test]
fn hybrid_blocked_crit_counts_as_a_block() {
    // Attacker always crits, defender always blocks: every landed swing is a block.
    let m = sheet(0.8, 1.0, 0.0, 0.0, 1.0);
    let d = resolve(ModelKind::Hybrid, &m).distribution;
    assert!(close(d.get(Outcome::Block), 0.8));
    assert_eq!(d.get(Outcome::Crit), 0.0);
}

#[test]
fn waterfall_cannot_overflow() {
    let m = sheet(1.0, 1.0, 0.9, 0.9, 0.9);
    let r = resolve(ModelKind::Waterfall, &m);
    assert!(r.pushed_off.is_empty());
    assert!(close(r.distribution.get(Outcome::Crit), 0.1 * 0.1 * 0.1));
    assert_eq!(r.distribution.get(Outcome::Normal), 0.0);
}

#[test]
fn waterfall_with_every_event_on_one_roll_is_the_round_table() {
    let mut rng = Pcg32::seed_from_u64(7);
    for _ in 0..500 {
        let m = random_sheet(&mut rng);
        let p = Priority::default();
        let merged = waterfall(&m, &Stages::single_roll(&p));
        let table = round_table(&m, &p);
        assert_eq!(merged.distribution, table.distribution);
        assert_eq!(merged.pushed_off, table.pushed_off);
    }
}

#[test]
fn merged_hit_and_dodge_roll_gives_hit_minus_dodge() {
    // Seed: "有的游戲會將命中和閃避合並在一次擲骰中判定" — one roll {miss 1−h, dodge d}, so P(pass) = h − d.
    let m = sheet(0.95, 0.0, 0.2, 0.1, 0.0);
    let r = waterfall(&m, &Stages::parse("miss+dodge,parry").unwrap());
    assert!(close(r.distribution.get(Outcome::Dodge), 0.2));
    assert!(close(r.distribution.get(Outcome::Parry), (0.95 - 0.2) * 0.1));
    assert!(close(r.distribution.get(Outcome::Normal), (0.95 - 0.2) * 0.9));
}

#[test]
fn round_table_priority_decides_what_is_pushed_off() {
    // 10 + 30 + 25 + 30 + 25 = 120%. Default order: crit keeps 5 and loses 20. Crit ranked first: block
    // keeps 10 and loses 20 instead.
    let m = sheet(0.9, 0.25, 0.3, 0.25, 0.3);
    let default = round_table(&m, &Priority::default());
    let crit_first = round_table(&m, &Priority::parse("miss,crit,dodge,parry,block").unwrap());
    assert!(close(default.pushed_off.get(Outcome::Crit), 0.2));
    assert!(close(default.distribution.get(Outcome::Block), 0.3));
    assert!(close(crit_first.distribution.get(Outcome::Crit), 0.25));
    assert!(close(crit_first.distribution.get(Outcome::Block), 0.1));
    assert!(close(crit_first.pushed_off.get(Outcome::Block), 0.2));
    assert_eq!(crit_first.pushed_off.get(Outcome::Crit), 0.0);
}

#[test]
fn orders_name_their_problems() {
    assert_eq!(Priority::parse("miss,dodge,miss"), Err(OrderError::Duplicate(Outcome::Miss)));
    assert_eq!(Priority::parse("miss,fumble"), Err(OrderError::UnknownEvent("fumble".into())));
    assert_eq!(Priority::parse("miss,normal"), Err(OrderError::NormalListed));
    assert_eq!(Priority::parse("miss,,crit"), Err(OrderError::EmptyItem));
    assert!(matches!(Priority::parse("miss+dodge"), Err(OrderError::MergeNotAllowed(_))));
    assert_eq!(Stages::parse("miss+dodge+"), Err(OrderError::EmptyItem));
    assert_eq!(Stages::parse("crit,parry+crit"), Err(OrderError::Duplicate(Outcome::Crit)));
    // Unlisted events keep their default relative order after the listed ones.
    assert_eq!(Priority::parse("crit").unwrap().to_string(), "crit,miss,dodge,parry,glance,block,crush");
    assert_eq!(Stages::parse("MISS + Dodge").unwrap().to_string(), "miss+dodge,parry,glance,block,crit,crush");
    assert_eq!(Priority::parse("").unwrap(), Priority::default());
}

#[test]
fn bad_attributes_are_named() {
    let cases: [(Attacker, Defender, Attribute, AttributeErrorKind); 10] = [
        (Attacker { hit: 1.5, ..Attacker::default() }, Defender::default(), Attribute::Hit, AttributeErrorKind::OutsideUnitInterval),
        (Attacker { crit: f64::NAN, ..Attacker::default() }, Defender::default(), Attribute::Crit, AttributeErrorKind::NotANumber),
        (Attacker { crit_multiplier: -2.0, ..Attacker::default() }, Defender::default(), Attribute::CritMultiplier, AttributeErrorKind::Negative),
        (Attacker { glance: -0.01, ..Attacker::default() }, Defender::default(), Attribute::Glance, AttributeErrorKind::OutsideUnitInterval),
        (Attacker { damage: f64::INFINITY, ..Attacker::default() }, Defender::default(), Attribute::Damage, AttributeErrorKind::Infinite),
        (Attacker::default(), Defender { dodge: f64::NEG_INFINITY, ..Defender::default() }, Attribute::Dodge, AttributeErrorKind::Infinite),
        (Attacker::default(), Defender { parry: 1.0000001, ..Defender::default() }, Attribute::Parry, AttributeErrorKind::OutsideUnitInterval),
        (Attacker::default(), Defender { block_value: BlockValue::Fraction(2.0), ..Defender::default() }, Attribute::BlockFraction, AttributeErrorKind::OutsideUnitInterval),
        (Attacker::default(), Defender { block_value: BlockValue::Amount(-1.0), ..Defender::default() }, Attribute::BlockAmount, AttributeErrorKind::Negative),
        (Attacker::default(), Defender { hp: f64::NAN, ..Defender::default() }, Attribute::Hp, AttributeErrorKind::NotANumber),
    ];
    for (a, d, attribute, kind) in cases {
        let e = Matchup::new(a, d).unwrap_err();
        assert_eq!((e.attribute, e.kind), (attribute, kind), "{e}");
        assert!(e.to_string().starts_with(attribute.name()), "{e}");
    }
    let e = Matchup::new(Attacker { crit: 1.5, ..Attacker::default() }, Defender::default()).unwrap_err();
    assert_eq!(e.to_string(), "crit = 1.5 is outside [0, 1] (chances are fractions: 0.25 means 25%)");
}

#[test]
fn negative_zero_is_accepted_as_zero() {
    let m = Matchup::new(Attacker { crit: -0.0, ..Attacker::default() }, Defender::default()).unwrap();
    assert!(m.attacker().crit.is_sign_positive());
}

/// A random sheet over all seven events; about one value in six is exactly 0 or 1.
fn random_sheet(rng: &mut Pcg32) -> Matchup {
    let mut p = || match rng.next_u32() % 12 {
        0 => 0.0,
        1 => 1.0,
        _ => f64::from(rng.next_u32()) / f64::from(u32::MAX),
    };
    Matchup::new(
        Attacker { hit: p(), crit: p(), glance: p(), ..Attacker::default() },
        Defender { dodge: p(), parry: p(), block: p(), crush: p(), ..Defender::default() },
    )
    .unwrap()
}

#[test]
fn random_sheets_give_well_formed_distributions_and_consistent_pushed_off() {
    let mut rng = Pcg32::seed_from_u64(0xC0FFEE);
    for i in 0..20_000 {
        let m = random_sheet(&mut rng);
        for kind in ModelKind::ALL {
            let r = resolve(kind, &m);
            assert_well_formed(&r.distribution, &format!("sheet {i} {kind}"));
            for o in Outcome::EVENTS {
                let pushed = r.pushed_off.get(o);
                assert!(pushed >= 0.0 && pushed <= m.chance(o) + EXACT, "sheet {i} {kind} {o}");
            }
        }
        // Round table: every event gets exactly its chance minus what was pushed off.
        let rt = resolve(ModelKind::RoundTable, &m);
        for o in Outcome::EVENTS {
            let got = rt.distribution.get(o) + rt.pushed_off.get(o);
            assert!((got - m.chance(o)).abs() <= EXACT, "sheet {i} {o}");
        }
    }
}

#[test]
fn random_sheets_match_the_closed_forms_of_the_notes() {
    // docs/combat.md §3, with glance and crush at 0:
    //   waterfall: miss 1−h, dodge h·d, parry h(1−d)p, block h(1−d)(1−p)b, crit h(1−d)(1−p)(1−b)c
    //   round table: P_i = clamp(x_i, 0, 1 − Σ_{j<i} P_j)
    //   hybrid: c' = min(c, 1−m), t_hit = max(0, 1−d−p−b), defender table clamped the same way
    let mut rng = Pcg32::seed_from_u64(42);
    for i in 0..20_000 {
        let mut u = || f64::from(rng.next_u32() % 1001) / 1000.0;
        let (h, c, d, p, b) = (u(), u(), u(), u(), u());
        let m = sheet(h, c, d, p, b);

        let w = resolve(ModelKind::Waterfall, &m).distribution;
        let pass = h * (1.0 - d) * (1.0 - p) * (1.0 - b);
        let want = [1.0 - h, h * d, h * (1.0 - d) * p, h * (1.0 - d) * (1.0 - p) * b, pass * c, pass * (1.0 - c)];
        let got = [Outcome::Miss, Outcome::Dodge, Outcome::Parry, Outcome::Block, Outcome::Crit, Outcome::Normal].map(|o| w.get(o));
        for (g, e) in got.iter().zip(want) {
            assert!((g - e).abs() <= EXACT, "waterfall sheet {i}: {got:?} vs {want:?}");
        }

        let rt = resolve(ModelKind::RoundTable, &m).distribution;
        let mut room: f64 = 1.0;
        for (o, x) in [(Outcome::Miss, 1.0 - h), (Outcome::Dodge, d), (Outcome::Parry, p), (Outcome::Block, b), (Outcome::Crit, c)] {
            let e = x.clamp(0.0, room.max(0.0));
            room -= e;
            assert!((rt.get(o) - e).abs() <= EXACT, "round table sheet {i} {o}");
        }
        assert!((rt.get(Outcome::Normal) - room.max(0.0)).abs() <= EXACT);

        let hy = resolve(ModelKind::Hybrid, &m).distribution;
        let miss = 1.0 - h;
        let c2 = c.min(1.0 - miss);
        let dd = d.min(1.0);
        let pp = p.min(1.0 - dd);
        let bb = b.min(1.0 - dd - pp);
        let t_hit = (1.0 - dd - pp - bb).max(0.0);
        let want = [miss, h * dd, h * pp, h * bb, c2 * t_hit, (h - c2) * t_hit];
        let got = [Outcome::Miss, Outcome::Dodge, Outcome::Parry, Outcome::Block, Outcome::Crit, Outcome::Normal].map(|o| hy.get(o));
        for (g, e) in got.iter().zip(want) {
            assert!((g - e).abs() <= EXACT, "hybrid sheet {i}: {got:?} vs {want:?}");
        }
    }
}

#[test]
fn glance_and_crush_sit_where_the_wow_table_puts_them() {
    // Round table miss > dodge > parry > glance > block > crit > crush: 5 + 5 + 10 + 40 + 5 + 30 = 95, crush 15
    // keeps 5 (notes §1: combined avoidance ≥ 102.4% removes crushing blows).
    let m = Matchup::new(
        Attacker { hit: 0.95, crit: 0.3, glance: 0.4, ..Attacker::default() },
        Defender { dodge: 0.05, parry: 0.1, block: 0.05, crush: 0.15, ..Defender::default() },
    )
    .unwrap();
    let r = round_table(&m, &Priority::default());
    assert!(close(r.distribution.get(Outcome::Glance), 0.4));
    assert!(close(r.distribution.get(Outcome::Crush), 0.05));
    assert!(close(r.pushed_off.get(Outcome::Crush), 0.1));
    assert_eq!(r.distribution.get(Outcome::Normal), 0.0);
    // Hybrid: glance, crit and crush are attacker events and only land when the defender is hit; the
    // attacker's own table (5 + 40 + 30 + 15 = 90%) has room for all of crush.
    let h = hybrid(&m, &Priority::default());
    let t_hit = 1.0 - 0.05 - 0.1 - 0.05;
    assert!(close(h.distribution.get(Outcome::Glance), 0.4 * t_hit));
    assert!(close(h.distribution.get(Outcome::Crit), 0.3 * t_hit));
    assert!(close(h.distribution.get(Outcome::Crush), 0.15 * t_hit));
    assert!(close(h.distribution.get(Outcome::Normal), 0.1 * t_hit));
    assert_well_formed(&h.distribution, "hybrid");
}
