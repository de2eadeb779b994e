//! The seeded sampler against the exact distributions (chi-square at α = 0.001 on 10⁶ swings with fixed
//! seeds), its stream contract, and the statistics it reports.

use duiyi::combat::sampling::{SampleSummary, random_seed};
use duiyi::combat::stats::{chi_square, chi_square_survival, gamma_q_half, ln_gamma_half, wilson_interval, Z_95};
use duiyi::combat::{Attacker, Defender, Matchup, Model, ModelKind, Outcome, Sampler, Stages};

const ALPHA: f64 = 0.001;
const SWINGS: u64 = 1_000_000;

fn sheets() -> Vec<(&'static str, Matchup)> {
    vec![
        ("seed sheet", Matchup::seed_example()),
        (
            "seven events (WoW-like)",
            Matchup::new(
                Attacker { hit: 0.92, crit: 0.3, glance: 0.24, ..Attacker::default() },
                Defender { dodge: 0.056, parry: 0.14, block: 0.05, crush: 0.15, ..Defender::default() },
            )
            .unwrap(),
        ),
        (
            "avoidance over 100%",
            Matchup::new(
                Attacker { hit: 0.9, crit: 0.3, ..Attacker::default() },
                Defender { dodge: 0.5, parry: 0.3, block: 0.3, ..Defender::default() },
            )
            .unwrap(),
        ),
        (
            "rare outcomes",
            Matchup::new(Attacker { hit: 0.999, crit: 0.002, ..Attacker::default() }, Defender { dodge: 0.001, ..Defender::default() })
                .unwrap(),
        ),
    ]
}

fn models() -> Vec<Model> {
    let mut m: Vec<Model> = ModelKind::ALL.iter().map(|&k| Model::new(k)).collect();
    m.push(Model::Waterfall(Stages::parse("miss+dodge,crit,parry+block").unwrap()));
    m
}

#[test]
fn samples_agree_with_exact_distributions_at_alpha_0_001() {
    for (name, sheet) in sheets() {
        for (i, model) in models().iter().enumerate() {
            let mut s = Sampler::new(model, &sheet, 20_260_000 + i as u64);
            s.run(SWINGS);
            let sum = s.summary();
            assert_eq!(sum.swings, SWINGS);
            assert!(
                sum.chi_square.p_value > ALPHA,
                "{name} / {} ({}): chi² {} df {} p {}",
                model.kind(),
                model.order(),
                sum.chi_square.statistic,
                sum.chi_square.df,
                sum.chi_square.p_value
            );
            // Impossible outcomes never come up.
            for o in Outcome::ALL {
                if s.exact().get(o) == 0.0 {
                    assert_eq!(s.counts()[o.index()], 0, "{name} {o}");
                }
            }
        }
    }
}

#[test]
fn a_wrong_distribution_is_rejected() {
    // The test has power: the waterfall's samples against the round table's numbers fail badly.
    let m = Matchup::seed_example();
    let mut s = Sampler::new(&Model::new(ModelKind::Waterfall), &m, 1);
    s.run(100_000);
    let wrong = Model::new(ModelKind::Hybrid).resolve(&m).distribution;
    let sum = SampleSummary::new(1, &s.counts(), &wrong);
    assert!(sum.chi_square.p_value < 1e-100, "{}", sum.chi_square.p_value);
}

#[test]
fn same_seed_same_counts_however_the_run_is_chunked() {
    let m = Matchup::seed_example();
    for model in models() {
        let mut whole = Sampler::new(&model, &m, 99);
        whole.run(300_001);
        let mut parts = Sampler::new(&model, &m, 99);
        for chunk in [1, 2, 253, 256, 1000, 98_489, 200_000] {
            parts.run(chunk);
        }
        assert_eq!(parts.swings(), 300_001);
        assert_eq!(whole.counts(), parts.counts(), "{}", model.kind());
        let mut other = Sampler::new(&model, &m, 100);
        other.run(300_001);
        assert_ne!(whole.counts(), other.counts());
    }
}

#[test]
fn counts_for_a_fixed_seed_are_pinned() {
    // A signature of the stream contract (rand_pcg Pcg32 lanes, 2³² thresholds): it changes only when the
    // sampler's use of the PRNG changes; the browser test checks the same numbers in wasm.
    let mut s = Sampler::new(&Model::new(ModelKind::Waterfall), &Matchup::seed_example(), 42);
    s.run(1_000_000);
    assert_eq!(s.counts(), PINNED_WATERFALL_SEED_42);
}

const PINNED_WATERFALL_SEED_42: [u64; 8] = [100121, 180130, 107888, 0, 183742, 106925, 0, 321194];

#[test]
fn integer_thresholds_realise_each_share_within_2_pow_minus_33() {
    for (name, sheet) in sheets() {
        for model in models() {
            let s = Sampler::new(&model, &sheet, 0);
            let realised = s.realised();
            for o in Outcome::ALL {
                let gap = (realised[o.index()] - s.exact().get(o)).abs();
                assert!(gap <= 8.0 * 2f64.powi(-33), "{name} {} {o}: {gap:e}", model.kind());
            }
        }
    }
}

#[test]
fn certain_outcomes_are_certain() {
    let sure_miss = Matchup::new(Attacker { hit: 0.0, ..Attacker::default() }, Defender::default()).unwrap();
    let sure_hit = Matchup::new(Attacker::default(), Defender::default()).unwrap();
    let sure_dodge = Matchup::new(Attacker::default(), Defender { dodge: 1.0, parry: 1.0, ..Defender::default() }).unwrap();
    for model in models() {
        for (sheet, o) in [(&sure_miss, Outcome::Miss), (&sure_hit, Outcome::Normal), (&sure_dodge, Outcome::Dodge)] {
            let mut s = Sampler::new(&model, sheet, 5);
            s.run(10_000);
            assert_eq!(s.counts()[o.index()], 10_000, "{} {o}", model.kind());
            assert_eq!(s.summary().chi_square.p_value, 1.0);
        }
    }
}

#[test]
fn wilson_intervals_cover_the_exact_values() {
    let m = Matchup::seed_example();
    let mut s = Sampler::new(&Model::new(ModelKind::RoundTable), &m, 7);
    s.run(SWINGS);
    let sum = s.summary();
    for o in Outcome::ALL {
        let [lo, hi] = sum.intervals.0[o.index()];
        let p = s.exact().get(o);
        assert!(lo <= hi && (0.0..=1.0).contains(&lo) && hi <= 1.0);
        // 95% intervals: with six outcomes a miss is possible, but not by more than a whisker.
        let width = hi - lo;
        assert!(p >= lo - width && p <= hi + width, "{o}: {p} not near [{lo}, {hi}]");
    }
    assert_eq!(sum.intervals.0[Outcome::Normal.index()], [0.0, wilson_interval(0, SWINGS, Z_95).1]);
}

#[test]
fn random_seeds_fit_in_a_javascript_number() {
    for _ in 0..100 {
        assert!(random_seed().unwrap() < 1 << 53);
    }
}

#[test]
fn chi_square_survival_matches_table_critical_values_at_0_001() {
    // Upper 0.1% points of χ² (NIST/SEMATECH e-Handbook, table 1.3.6.7.4).
    for (df, x) in [(1, 10.828), (2, 13.816), (3, 16.266), (4, 18.467), (5, 20.515), (6, 22.458), (7, 24.322)] {
        let p = chi_square_survival(x, df);
        assert!((p - 0.001).abs() < 2e-6, "df {df}: {p}");
    }
    // df 2: Q(1, x/2) = e^{−x/2} exactly.
    for x in [0.1, 1.0, 5.0, 30.0] {
        assert!((chi_square_survival(x, 2) - (-x / 2.0f64).exp()).abs() < 1e-14);
    }
    // df 1 at x = 3.841458820694124 is the 5% point (1.96²).
    assert!((chi_square_survival(Z_95 * Z_95, 1) - 0.05).abs() < 1e-12);
    assert_eq!(gamma_q_half(3, 0.0), 1.0);
    assert!((ln_gamma_half(1) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-15);
    assert!((ln_gamma_half(10) - 24f64.ln()).abs() < 1e-14);
}

#[test]
fn pooling_merges_thin_tail_bins() {
    use duiyi::combat::stats::chi_square_pooled;
    // Expected 50, 30, 15, 4, 1 → pools {50}, {30}, {15}, {4 + 1}: 4 pools, df 3.
    let c = chi_square_pooled(&[50, 30, 15, 3, 2], &[0.5, 0.3, 0.15, 0.04, 0.01], 5.0);
    assert_eq!(c.df, 3);
    assert!(c.statistic.abs() < 1e-12);
    // A count in an impossible bin still fails.
    assert_eq!(chi_square_pooled(&[5, 1], &[1.0, 0.0], 5.0).p_value, 0.0);
}

#[test]
fn chi_square_handles_impossible_and_certain_categories() {
    let c = chi_square(&[10, 0, 5], &[0.5, 0.0, 0.5]);
    assert_eq!(c.df, 1);
    let c = chi_square(&[10, 1, 5], &[0.5, 0.0, 0.5]);
    assert!(c.statistic.is_infinite() && c.p_value == 0.0);
    let c = chi_square(&[7, 0], &[1.0, 0.0]);
    assert_eq!((c.df, c.p_value), (0, 1.0));
}
