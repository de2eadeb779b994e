//! Pseudo-random distribution: the C table of `tests/data/combat.json` (Liquipedia Dota 2 "Random
//! Distribution"), the exact interval distributions against sampling, per-attacker-and-ability state, and
//! shuffle bags.

use duiyi::combat::prd::{
    AbilityId, AttackerId, MIN_NOMINAL_P, Prd, PrdError, ProcRule, ProcTracker, ShuffleBag, TrackerError,
    bag_intervals, c_from_p, independent_intervals, p_from_c, prd_intervals, sample_intervals,
};
use duiyi::combat::stats::chi_square_pooled;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;

mod common;

fn c_table() -> Vec<(f64, f64)> {
    let v = common::data("combat.json");
    let table = v["prd_c"].as_object().expect("prd_c");
    let mut out: Vec<(f64, f64)> = table
        .iter()
        .filter(|(k, _)| !k.starts_with('_'))
        .map(|(k, c)| (k.parse().unwrap(), c.as_f64().unwrap()))
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    assert_eq!(out.len(), 10);
    out
}

fn mean(dist: &[f64]) -> f64 {
    dist.iter().enumerate().map(|(i, p)| (i + 1) as f64 * p).sum()
}

#[test]
fn bisection_reproduces_the_liquipedia_c_table_to_1e_12() {
    for (p, c) in c_table() {
        let got = c_from_p(p).unwrap();
        assert!((got - c).abs() <= 1e-12, "p {p}: {got} vs {c} (diff {:e})", got - c);
    }
}

#[test]
fn c_from_p_and_p_from_c_are_inverse() {
    for (p, c) in c_table() {
        assert!((p_from_c(c).unwrap() - p).abs() <= 1e-12, "p {p}");
    }
    for p in [0.001, 0.01, 0.17, 0.5, 0.77, 0.999] {
        let c = c_from_p(p).unwrap();
        assert!((p_from_c(c).unwrap() - p).abs() <= 1e-12, "p {p}");
    }
}

#[test]
fn legacy_warcraft_3_constants_are_not_exact() {
    // docs/combat.md §2 (derived): C 0.14628 gives 33.6% instead of 35%, C 0.25701 gives 45.7% not 50%.
    assert!((p_from_c(0.14628).unwrap() - 0.336).abs() < 5e-4);
    assert!((p_from_c(0.25701).unwrap() - 0.457).abs() < 5e-4);
}

#[test]
fn prd_intervals_sum_to_one_and_average_one_over_p() {
    for (p, c) in c_table() {
        let d = prd_intervals(c).unwrap();
        assert!(d.iter().all(|&x| (0.0..=1.0).contains(&x)));
        assert!((d.iter().sum::<f64>() - 1.0).abs() <= 1e-12);
        assert!((mean(&d) - 1.0 / p).abs() <= 1e-9, "p {p}");
        // A proc is certain by attempt ⌈1/C⌉: for 25%, C = 0.0847 gives at most 12 attempts.
        assert_eq!(d.len(), (1.0 / c).ceil() as usize);
    }
    assert_eq!(prd_intervals(c_from_p(0.25).unwrap()).unwrap().len(), 12);
    // P(N) = C·N · Π_{j<N}(1 − jC) (Liquipedia).
    let c = c_from_p(0.25).unwrap();
    let d = prd_intervals(c).unwrap();
    assert!((d[0] - c).abs() < 1e-15);
    assert!((d[1] - (1.0 - c) * 2.0 * c).abs() < 1e-15);
    assert!((d[2] - (1.0 - c) * (1.0 - 2.0 * c) * 3.0 * c).abs() < 1e-15);
}

#[test]
fn prd_has_shorter_droughts_and_fewer_streaks_than_independent_rolls() {
    let p = 0.25;
    let c = c_from_p(p).unwrap();
    let prd = prd_intervals(c).unwrap();
    let (ind, tail) = independent_intervals(p, prd.len());
    // Two procs in a row: C (8.5%) instead of p (25%).
    assert!((prd[0] - c).abs() < 1e-15 && (ind[0] - p).abs() < 1e-15);
    // Independent rolls can go 12 attempts without a proc with chance 0.75^12 ≈ 3.2%; PRD cannot.
    assert!((tail - 0.75f64.powi(12)).abs() < 1e-15);
    assert!((ind.iter().sum::<f64>() + tail - 1.0).abs() < 1e-12);
}

fn sampled_agrees(rule: ProcRule, exact: &[f64], seed: u64) {
    let mut rng = Pcg32::seed_from_u64(seed);
    let hist = sample_intervals(rule, 200_000, &mut rng).unwrap();
    assert!(hist.len() <= exact.len(), "{rule:?}: a gap of {} attempts", hist.len());
    let mut counts = hist.clone();
    counts.resize(exact.len(), 0);
    // Pool the long tail so every bin expects at least 5 (a single count where 0.001 is expected would
    // otherwise decide the test).
    let c = chi_square_pooled(&counts, exact, 5.0);
    assert!(c.p_value > 0.001, "{rule:?}: chi² {} df {} p {}", c.statistic, c.df, c.p_value);
}

#[test]
fn sampled_prd_gaps_agree_with_the_exact_distribution() {
    for (i, (_, c)) in c_table().into_iter().enumerate() {
        sampled_agrees(ProcRule::Pseudo(c), &prd_intervals(c).unwrap(), 100 + i as u64);
    }
}

#[test]
fn shuffle_bag_gaps_agree_with_the_exact_distribution() {
    for (i, (procs, size)) in [(1, 1), (1, 4), (2, 8), (5, 20), (3, 7), (7, 7), (1, 10)].into_iter().enumerate() {
        let exact = bag_intervals(procs, size).unwrap();
        assert!((exact.iter().sum::<f64>() - 1.0).abs() <= 1e-12);
        assert!((mean(&exact) - f64::from(size) / f64::from(procs)).abs() <= 1e-9, "{procs}/{size}");
        assert_eq!(exact.len() as u32, 2 * (size - procs) + 1);
        sampled_agrees(ProcRule::Bag { procs, size }, &exact, 200 + i as u64);
    }
}

#[test]
fn shuffle_bag_gives_exactly_its_procs_per_bag() {
    let mut rng = Pcg32::seed_from_u64(3);
    let mut bag = ShuffleBag::for_rate(0.25, 20).unwrap();
    assert_eq!((bag.procs(), bag.size()), (5, 20));
    for _ in 0..1000 {
        let procs = (0..20).filter(|_| bag.draw(&mut rng)).count();
        assert_eq!(procs, 5);
    }
}

#[test]
fn prd_counter_resets_on_a_proc() {
    let mut prd = Prd::new(0.3).unwrap();
    let mut rng = Pcg32::seed_from_u64(11);
    assert!((prd.next_chance() - 0.3).abs() < 1e-15);
    let mut seen_proc = false;
    for _ in 0..100 {
        let before = prd.next_chance();
        if prd.roll(&mut rng) {
            seen_proc = true;
            assert!((prd.next_chance() - 0.3).abs() < 1e-15);
        } else {
            assert!((prd.next_chance() - (before + 0.3).min(1.0)).abs() < 1e-12);
        }
    }
    assert!(seen_proc);
    // With C = 0.3 the fourth attempt is certain.
    assert_eq!(prd_intervals(0.3).unwrap().len(), 4);
}

#[test]
fn tracker_keeps_one_counter_per_attacker_and_ability() {
    let mut t = ProcTracker::new();
    let (crit, bash) = (AbilityId(1), AbilityId(2));
    let (a, b) = (AttackerId(10), AttackerId(20));
    // C = 0.01: a proc is very unlikely in a few attempts, so counters just count.
    t.set_rule(crit, ProcRule::Pseudo(0.01)).unwrap();
    t.set_rule(bash, ProcRule::Pseudo(0.01)).unwrap();
    let mut rng = Pcg32::seed_from_u64(1);
    // Find a stretch without procs so the counts are predictable.
    let mut attempts = [(a, crit, 0u32), (a, bash, 0), (b, crit, 0)];
    for (n, (who, what, expect)) in attempts.iter_mut().enumerate() {
        for _ in 0..=n {
            if t.roll(*who, *what, &mut rng).unwrap() {
                *expect = 0;
            } else {
                *expect += 1;
            }
        }
    }
    for (who, what, expect) in attempts {
        assert_eq!(t.prd_attempts(who, what), Some(expect), "{who:?} {what:?}");
    }
    assert_eq!(t.prd_attempts(b, bash), None);
    assert_eq!(t.roll(a, AbilityId(3), &mut rng), Err(TrackerError::UnknownAbility(AbilityId(3))));
    assert!(matches!(t.set_rule(crit, ProcRule::Pseudo(1.5)), Err(TrackerError::Rule(PrdError::ConstantOutOfRange(_)))));
    // A new rule restarts the ability's counters.
    t.set_rule(crit, ProcRule::Bag { procs: 1, size: 4 }).unwrap();
    assert_eq!(t.prd_attempts(a, crit), None);
}

#[test]
fn bad_rates_and_bags_are_refused() {
    assert_eq!(c_from_p(1.5), Err(PrdError::RateOutOfRange(1.5)));
    assert!(matches!(c_from_p(f64::NAN), Err(PrdError::RateOutOfRange(_))));
    assert_eq!(c_from_p(MIN_NOMINAL_P / 2.0), Err(PrdError::RateTooSmall(MIN_NOMINAL_P / 2.0)));
    assert_eq!(c_from_p(0.0), Ok(0.0));
    assert_eq!(c_from_p(1.0), Ok(1.0));
    assert_eq!(p_from_c(0.0), Err(PrdError::ConstantOutOfRange(0.0)));
    assert_eq!(bag_intervals(0, 5), Err(PrdError::BadBag { procs: 0, size: 5 }));
    assert_eq!(ShuffleBag::new(6, 5), Err(PrdError::BadBag { procs: 6, size: 5 }));
    assert!(PrdError::RateTooSmall(1e-5).to_string().contains("too small"));
    // Exact distributions stay bounded in size.
    assert_eq!(prd_intervals(1e-9), Err(PrdError::ConstantOutOfRange(1e-9)));
    assert_eq!(bag_intervals(1, 20_000), Err(PrdError::BadBag { procs: 1, size: 20_000 }));
    assert!(c_from_p(MIN_NOMINAL_P).unwrap() > duiyi::combat::prd::MIN_CONSTANT);
}
