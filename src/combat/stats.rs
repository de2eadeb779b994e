//! Small statistics for checking samples against exact distributions: Wilson score intervals and
//! Pearson's chi-square goodness-of-fit test with its p-value.
//!
//! The p-value uses the regularized upper incomplete gamma function `Q(k/2, x/2)` (power series below
//! `a + 1`, Lentz's continued fraction above), with `ln Γ(k/2)` computed exactly from `Γ(1) = 1` and
//! `Γ(1/2) = √π` — degrees of freedom are whole numbers, so no general Γ approximation is needed.

use serde::Serialize;

/// z for a two-sided 95% interval, Φ⁻¹(0.975).
pub const Z_95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for `successes` out of `trials` at normal quantile `z`; `(lo, hi)` within
/// `[0, 1]`. For `trials == 0` it is the whole `[0, 1]`.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    let n = trials as f64;
    let p = successes as f64 / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    let lo = if successes == 0 { 0.0 } else { (centre - half).max(0.0) };
    let hi = if successes == trials { 1.0 } else { (centre + half).min(1.0) };
    (lo, hi)
}

/// Natural log of Γ(k/2) for a whole number `k ≥ 1`, by the recurrence Γ(a + 1) = a·Γ(a).
pub fn ln_gamma_half(k: u32) -> f64 {
    assert!(k >= 1, "Γ(0) is undefined");
    let (mut a, mut acc) = if k.is_multiple_of(2) { (1.0, 0.0) } else { (0.5, 0.5 * std::f64::consts::PI.ln()) };
    let target = f64::from(k) / 2.0;
    while a < target {
        acc += a.ln();
        a += 1.0;
    }
    acc
}

/// Regularized upper incomplete gamma `Q(k/2, x) = Γ(k/2, x) / Γ(k/2)` for whole `k ≥ 1`, `x ≥ 0`.
pub fn gamma_q_half(k: u32, x: f64) -> f64 {
    let a = f64::from(k) / 2.0;
    if x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 {
        return 1.0;
    }
    if x.is_infinite() {
        return 0.0;
    }
    // x^a e^{-x} / Γ(a), in logs.
    let log_front = a * x.ln() - x - ln_gamma_half(k);
    if x < a + 1.0 {
        // P(a, x) = x^a e^{-x} / Γ(a + 1) · Σ_n x^n / ((a+1)…(a+n)); Γ(a+1) = a Γ(a).
        let mut term = 1.0 / a;
        let mut sum = term;
        let mut denom = a;
        for _ in 0..10_000 {
            denom += 1.0;
            term *= x / denom;
            sum += term;
            if term.abs() < sum.abs() * 1e-17 {
                break;
            }
        }
        (1.0 - sum * log_front.exp()).clamp(0.0, 1.0)
    } else {
        // Q(a, x) = x^a e^{-x} / Γ(a) · 1 / (x + 1 − a − 1(1 − a) / (x + 3 − a − 2(2 − a) / (x + 5 − a − …)))
        // evaluated with the modified Lentz method.
        const TINY: f64 = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / TINY;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let fi = f64::from(i);
            let an = -fi * (fi - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < TINY {
                d = TINY;
            }
            c = b + an / c;
            if c.abs() < TINY {
                c = TINY;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (log_front.exp() * h).clamp(0.0, 1.0)
    }
}

/// P(X ≥ `statistic`) for X ~ χ² with `df ≥ 1` degrees of freedom.
pub fn chi_square_survival(statistic: f64, df: u32) -> f64 {
    gamma_q_half(df, statistic / 2.0)
}

/// Result of Pearson's goodness-of-fit test of observed counts against expected probabilities.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChiSquare {
    /// Σ (observed − expected)² / expected over the categories with expected probability > 0;
    /// `f64::INFINITY` (serialised as `null`) if an impossible category was observed.
    #[serde(serialize_with = "finite_or_null")]
    pub statistic: f64,
    /// Number of categories with probability > 0, minus 1.
    pub df: u32,
    /// P(χ²_df ≥ statistic): small values mean the sample disagrees with the distribution.
    pub p_value: f64,
}

fn finite_or_null<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    if x.is_finite() { s.serialize_f64(*x) } else { s.serialize_none() }
}

/// Pearson's chi-square test of `counts` against `probabilities` (same length; probabilities summing to 1).
///
/// Categories with probability 0 are left out of the sum and the degrees of freedom; a count in one of
/// them makes the statistic infinite and the p-value 0. With a single possible category (df 0) the
/// p-value is 1 when every count falls in it.
pub fn chi_square(counts: &[u64], probabilities: &[f64]) -> ChiSquare {
    assert_eq!(counts.len(), probabilities.len());
    let n: u64 = counts.iter().sum();
    let total = n as f64;
    let mut statistic = 0.0;
    let mut categories = 0u32;
    for (&c, &p) in counts.iter().zip(probabilities) {
        if p > 0.0 {
            categories += 1;
            let expected = total * p;
            let diff = c as f64 - expected;
            statistic += diff * diff / expected;
        } else if c > 0 {
            statistic = f64::INFINITY;
        }
    }
    let df = categories.saturating_sub(1);
    let p_value = if statistic.is_infinite() {
        0.0
    } else if df == 0 || n == 0 {
        1.0
    } else {
        chi_square_survival(statistic, df)
    };
    ChiSquare { statistic, df, p_value }
}

/// [`chi_square`] after pooling neighbouring categories (in the given order) until each pool expects at
/// least `min_expected` observations — Cochran's rule of thumb is 5. Use it for long-tailed histograms
/// (intervals between procs), where a single count in a bin expecting 0.001 would swamp the statistic.
/// Categories with probability 0 stay separate, so a count in one still gives p-value 0.
pub fn chi_square_pooled(counts: &[u64], probabilities: &[f64], min_expected: f64) -> ChiSquare {
    assert_eq!(counts.len(), probabilities.len());
    let n = counts.iter().sum::<u64>() as f64;
    let (mut pooled_counts, mut pooled_p) = (Vec::new(), Vec::new());
    let (mut c_acc, mut p_acc) = (0u64, 0.0f64);
    for (&c, &p) in counts.iter().zip(probabilities) {
        if p == 0.0 {
            pooled_counts.push(c);
            pooled_p.push(0.0);
            continue;
        }
        c_acc += c;
        p_acc += p;
        if p_acc * n >= min_expected {
            pooled_counts.push(c_acc);
            pooled_p.push(p_acc);
            (c_acc, p_acc) = (0, 0.0);
        }
    }
    if p_acc > 0.0 || c_acc > 0 {
        // The remainder joins the last pool with positive probability (or stands alone if there is none).
        match pooled_p.iter().rposition(|&p| p > 0.0) {
            Some(i) => {
                pooled_counts[i] += c_acc;
                pooled_p[i] += p_acc;
            }
            None => {
                pooled_counts.push(c_acc);
                pooled_p.push(p_acc);
            }
        }
    }
    chi_square(&pooled_counts, &pooled_p)
}
