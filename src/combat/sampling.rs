//! Monte-Carlo swings: the algorithms' rolls made with a seeded PRNG, counted per outcome.
//!
//! The sampler does not draw from the exact distribution (that would prove nothing); it makes the rolls
//! each algorithm makes — one per waterfall stage, one for a round table, two for the hybrid — against the
//! same filled tables ([`Plan`]) and counts what comes out. A roll is a `u32` from [`Pcg32`] (rand_pcg,
//! PCG-XSH-RR 64/32) compared with integer thresholds `round(cumulative share · 2³²)`, so every share is
//! realised to within 2⁻³³ ≈ 1.2·10⁻¹⁰ (WoW's server resolves to 10⁻⁴, docs/combat.md §1).
//!
//! Stream contract: for a given seed, sheet and model the counts after N swings are the same however the
//! N swings are split into [`Sampler::run`] calls, and the same natively and in wasm. A waterfall makes
//! every one of its rolls on every swing (rolls after the deciding one are made and ignored): the rolls
//! are independent, so the distribution is that of the waterfall, and the loop has no unpredictable branch.

use super::attributes::Matchup;
use super::model::{Model, ModelKind};
use super::outcome::{Distribution, OUTCOME_COUNT, Outcome};
use super::stats::{ChiSquare, Z_95, chi_square, wilson_interval};
use super::table::{Plan, Table};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// 2³², the number of distinct rolls.
const ROLL_SPAN: f64 = 4_294_967_296.0;
/// Most events on one table (the seven events).
const MAX_EVENTS: usize = 7;

/// Threshold for a cumulative share: roll `r` (a u32) is below it with probability `threshold / 2³²`.
fn threshold(cumulative: f64) -> u64 {
    (cumulative.clamp(0.0, 1.0) * ROLL_SPAN).round() as u64
}

/// One table as integer thresholds: roll `r` lands on entry `#{j : r ≥ cum[j]}`; `len` (past the last
/// entry) is the table's rest.
#[derive(Clone, Copy, Debug)]
struct Thresholds {
    cum: [u64; MAX_EVENTS],
    len: usize,
    /// Outcome index of each entry; `map[len]` is what the rest means for this table.
    map: [u8; MAX_EVENTS + 1],
}

impl Thresholds {
    /// Drops zero-share entries (they can never come up) and accumulates the rest.
    fn new(table: &Table, rest_means: u8) -> Thresholds {
        let mut t = Thresholds { cum: [u64::MAX; MAX_EVENTS], len: 0, map: [rest_means; MAX_EVENTS + 1] };
        let mut acc = 0.0;
        for &(event, share) in &table.entries {
            if share > 0.0 {
                acc += share;
                t.cum[t.len] = threshold(acc);
                t.map[t.len] = event as u8;
                t.len += 1;
            }
        }
        t.map[t.len] = rest_means;
        t
    }

    #[inline(always)]
    fn index(&self, r: u64) -> usize {
        let mut i = 0;
        for j in 0..self.len {
            i += usize::from(r >= self.cum[j]);
        }
        i
    }

    /// True when the rest has no room, i.e. some entry always comes up.
    fn always_fires(&self) -> bool {
        self.len > 0 && self.cum[self.len - 1] >= 1 << 32
    }

    /// Exact probabilities of the entries as realised by the integer thresholds.
    fn realised(&self) -> [f64; MAX_EVENTS + 1] {
        let mut out = [0.0; MAX_EVENTS + 1];
        let mut prev = 0u64;
        for (slot, &cum) in out.iter_mut().zip(&self.cum[..self.len]) {
            *slot = (cum - prev) as f64 / ROLL_SPAN;
            prev = cum;
        }
        out[self.len] = ((1u64 << 32) - prev) as f64 / ROLL_SPAN;
        out
    }
}

const NORMAL: u8 = Outcome::Normal as u8;
/// Marker for "no event on this roll" inside the hybrid's tables.
const PASS: u8 = u8::MAX;

#[derive(Clone, Debug)]
enum Kernel {
    /// Waterfall of single-event rolls: roll all, the first one that fires decides.
    Chain { t: [u64; MAX_EVENTS], n: usize, map: [u8; MAX_EVENTS + 1] },
    /// Any sequence of (possibly merged) rolls; a round table is one roll.
    Stages(Vec<Thresholds>),
    /// Two rolls, combined through `combine[attacker_index * 8 + defender_index]`.
    Hybrid { attacker: Thresholds, defender: Thresholds, combine: [u8; 64] },
}

impl Kernel {
    fn new(plan: &Plan) -> Kernel {
        match plan {
            Plan::Sequential(tables) => {
                let mut rolls = Vec::new();
                for table in tables {
                    let th = Thresholds::new(table, PASS);
                    if th.len == 0 {
                        continue; // never fires: making the roll would change nothing
                    }
                    let stop = th.always_fires();
                    rolls.push(th);
                    if stop {
                        break; // later rolls are never reached
                    }
                }
                if rolls.iter().all(|r| r.len == 1) {
                    let mut t = [0; MAX_EVENTS];
                    let mut map = [NORMAL; MAX_EVENTS + 1];
                    for (i, r) in rolls.iter().enumerate() {
                        t[i] = r.cum[0];
                        map[i] = r.map[0];
                    }
                    Kernel::Chain { t, n: rolls.len(), map }
                } else {
                    Kernel::Stages(rolls)
                }
            }
            Plan::Hybrid { attacker, defender } => {
                let a = Thresholds::new(attacker, NORMAL);
                let d = Thresholds::new(defender, PASS);
                let mut combine = [NORMAL; 64];
                for ai in 0..=a.len {
                    for di in 0..=d.len {
                        let att = a.map[ai];
                        let def = d.map[di];
                        combine[ai * 8 + di] = if att == Outcome::Miss as u8 || def == PASS { att } else { def };
                    }
                }
                Kernel::Hybrid { attacker: a, defender: d, combine }
            }
        }
    }

    /// Adds `swings` swings to `counts`.
    fn run(&self, rng: &mut Pcg32, swings: u64, counts: &mut [u64; OUTCOME_COUNT]) {
        match self {
            Kernel::Chain { t, n, map } => {
                let n = *n;
                let stop = 1u32 << n;
                for _ in 0..swings {
                    let mut fired = stop;
                    for (i, &ti) in t.iter().enumerate().take(n) {
                        let r = u64::from(rng.next_u32());
                        fired |= u32::from(r < ti) << i;
                    }
                    counts[usize::from(map[fired.trailing_zeros() as usize])] += 1;
                }
            }
            Kernel::Stages(rolls) => {
                // Same idea as the chain: every roll is made, a bit per roll says whether it fired, and
                // the lowest set bit picks the deciding roll's outcome.
                let n = rolls.len();
                for _ in 0..swings {
                    let mut fired = 1u32 << n;
                    let mut outcome = [NORMAL; MAX_EVENTS + 1];
                    for (i, roll) in rolls.iter().enumerate() {
                        let r = u64::from(rng.next_u32());
                        let o = roll.map[roll.index(r)];
                        fired |= u32::from(o != PASS) << i;
                        outcome[i] = o;
                    }
                    counts[usize::from(outcome[fired.trailing_zeros() as usize])] += 1;
                }
            }
            Kernel::Hybrid { attacker, defender, combine } => {
                for _ in 0..swings {
                    let ra = u64::from(rng.next_u32());
                    let rd = u64::from(rng.next_u32());
                    let o = combine[attacker.index(ra) * 8 + defender.index(rd)];
                    counts[usize::from(o)] += 1;
                }
            }
        }
    }

    /// The distribution the integer thresholds realise (within 2⁻³³ per share of the exact one).
    fn realised(&self) -> [f64; OUTCOME_COUNT] {
        let mut p = [0.0; OUTCOME_COUNT];
        match self {
            Kernel::Chain { t, n, map } => {
                let mut reach = 1.0;
                for i in 0..*n {
                    let fire = t[i] as f64 / ROLL_SPAN;
                    p[usize::from(map[i])] += reach * fire;
                    reach *= 1.0 - fire;
                }
                p[Outcome::Normal.index()] += reach;
            }
            Kernel::Stages(rolls) => {
                let mut reach = 1.0;
                for roll in rolls {
                    let q = roll.realised();
                    for j in 0..roll.len {
                        p[usize::from(roll.map[j])] += reach * q[j];
                    }
                    reach *= q[roll.len];
                }
                p[Outcome::Normal.index()] += reach;
            }
            Kernel::Hybrid { attacker, defender, combine } => {
                let qa = attacker.realised();
                let qd = defender.realised();
                for ai in 0..=attacker.len {
                    for di in 0..=defender.len {
                        p[usize::from(combine[ai * 8 + di])] += qa[ai] * qd[di];
                    }
                }
            }
        }
        p
    }
}

/// A fresh seed from the operating system (getrandom; `crypto.getRandomValues` in the browser), below
/// 2⁵³ so that it survives a trip through JavaScript numbers, JSON and URLs unchanged. Any `u64` is a
/// valid seed when given explicitly.
///
/// # Errors
/// When the platform has no entropy source.
pub fn random_seed() -> Result<u64, getrandom::Error> {
    Ok(getrandom::u64()? >> 11)
}

/// A seeded Monte-Carlo sampler for one model and sheet; swings accumulate over [`Sampler::run`] calls.
#[derive(Clone, Debug)]
pub struct Sampler {
    kind: ModelKind,
    exact: Distribution,
    kernel: Kernel,
    rng: Pcg32,
    seed: u64,
    counts: [u64; OUTCOME_COUNT],
    swings: u64,
}

impl Sampler {
    /// A sampler whose PRNG is `Pcg32::seed_from_u64(seed)`.
    pub fn new(model: &Model, matchup: &Matchup, seed: u64) -> Sampler {
        let (plan, _) = model.plan(matchup);
        Sampler {
            kind: model.kind(),
            exact: plan.distribution(),
            kernel: Kernel::new(&plan),
            rng: Pcg32::seed_from_u64(seed),
            seed,
            counts: [0; OUTCOME_COUNT],
            swings: 0,
        }
    }

    /// A sampler seeded from [`random_seed`]; read the seed back with [`Sampler::seed`] to repeat the run.
    ///
    /// # Errors
    /// When no entropy is available.
    pub fn from_entropy(model: &Model, matchup: &Matchup) -> Result<Sampler, getrandom::Error> {
        Ok(Sampler::new(model, matchup, random_seed()?))
    }

    /// Makes `swings` more swings.
    pub fn run(&mut self, swings: u64) {
        let mut local = [0u64; OUTCOME_COUNT];
        self.kernel.run(&mut self.rng, swings, &mut local);
        for (c, l) in self.counts.iter_mut().zip(local) {
            *c += l;
        }
        self.swings += swings;
    }

    /// The seed this sampler started from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Which algorithm is sampled.
    pub fn kind(&self) -> ModelKind {
        self.kind
    }

    /// Swings made so far.
    pub fn swings(&self) -> u64 {
        self.swings
    }

    /// Swings per outcome so far, in [`Outcome`] index order.
    pub fn counts(&self) -> [u64; OUTCOME_COUNT] {
        self.counts
    }

    /// The exact distribution the samples should converge to.
    pub fn exact(&self) -> &Distribution {
        &self.exact
    }

    /// The distribution the integer thresholds realise exactly (within 2⁻³³ per share of [`Sampler::exact`]).
    pub fn realised(&self) -> [f64; OUTCOME_COUNT] {
        self.kernel.realised()
    }

    /// Frequencies, 95% Wilson intervals and a chi-square test against the exact distribution.
    pub fn summary(&self) -> SampleSummary {
        SampleSummary::new(self.seed, &self.counts, &self.exact)
    }
}

/// Eight values keyed by outcome name in JSON.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ByOutcome<T>(pub [T; OUTCOME_COUNT]);

impl<T: Serialize> Serialize for ByOutcome<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(OUTCOME_COUNT))?;
        for (o, v) in Outcome::ALL.iter().zip(&self.0) {
            map.serialize_entry(o.name(), v)?;
        }
        map.end()
    }
}

/// What a run of swings showed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SampleSummary {
    /// Number of swings.
    pub swings: u64,
    /// The PRNG seed; the same seed, sheet and model give the same counts.
    pub seed: u64,
    /// Swings per outcome.
    pub counts: ByOutcome<u64>,
    /// counts / swings.
    pub frequencies: ByOutcome<f64>,
    /// Confidence level of `intervals`.
    pub confidence: f64,
    /// Wilson score intervals `[lo, hi]` for each outcome's probability.
    pub intervals: ByOutcome<[f64; 2]>,
    /// Pearson's test against the exact distribution.
    pub chi_square: ChiSquare,
}

impl SampleSummary {
    /// Summarises `counts` (from a run started with `seed`) against `exact`.
    pub fn new(seed: u64, counts: &[u64; OUTCOME_COUNT], exact: &Distribution) -> SampleSummary {
        let swings: u64 = counts.iter().sum();
        let n = swings.max(1) as f64;
        SampleSummary {
            swings,
            seed,
            counts: ByOutcome(*counts),
            frequencies: ByOutcome(counts.map(|c| c as f64 / n)),
            confidence: 0.95,
            intervals: ByOutcome(counts.map(|c| {
                let (lo, hi) = wilson_interval(c, swings, Z_95);
                [lo, hi]
            })),
            chi_square: chi_square(counts, exact.as_array()),
        }
    }
}
