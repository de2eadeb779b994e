//! Pseudo-random distribution (PRD, 偽隨機) and shuffle bags: procs with the same long-run rate as an
//! independent roll, but fewer droughts and streaks.
//!
//! PRD (Dota 2; Liquipedia "Random Distribution"): the N-th attempt since the last proc procs with chance
//! `min(1, C·N)`, so a proc is certain by attempt ⌈1/C⌉. The constant C for a nominal rate p is found by
//! bisection on the expected number of attempts per proc, which reproduces Liquipedia's C table (in
//! `tests/data/combat.json`) to ~1e-16. The counter belongs to one attacker *and* one ability
//! ([`ProcTracker`]); attempts that cannot proc must not be rolled (the counter does not move on them).
//!
//! Shuffle bag: `procs` successes among `size` draws, drawn without replacement and refilled when empty
//! (the Tetris "7-bag" idea): exact rate per bag, gaps at most `2·(size − procs) + 1`.

use rand_core::Rng;
use std::collections::HashMap;
use std::fmt;

/// Smallest nominal rate [`c_from_p`] accepts besides 0: below it the expected gap needs more than ~10⁶
/// terms per evaluation.
pub const MIN_NOMINAL_P: f64 = 1e-3;

/// Smallest PRD constant the exact distributions accept: a proc within 10⁶ attempts (C for
/// [`MIN_NOMINAL_P`] is about 1.6·10⁻⁶).
pub const MIN_CONSTANT: f64 = 1e-6;

/// Largest shuffle bag [`bag_intervals`] accepts (its cost grows with the square of the size).
pub const MAX_EXACT_BAG: u32 = 10_000;

/// A rate or constant that PRD cannot use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PrdError {
    /// p is NaN, infinite, or outside `[0, 1]`.
    RateOutOfRange(f64),
    /// 0 < p < [`MIN_NOMINAL_P`].
    RateTooSmall(f64),
    /// C is NaN, infinite, or outside `(0, 1]`; for the exact distributions also below [`MIN_CONSTANT`].
    ConstantOutOfRange(f64),
    /// A shuffle bag needs `1 ≤ size` and `procs ≤ size` (and, for its exact distribution, `1 ≤ procs`
    /// and `size ≤` [`MAX_EXACT_BAG`]).
    BadBag {
        /// Successes per bag.
        procs: u32,
        /// Draws per bag.
        size: u32,
    },
}

impl fmt::Display for PrdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PrdError::RateOutOfRange(p) => write!(f, "proc chance p = {p} is outside [0, 1]"),
            PrdError::RateTooSmall(p) => {
                write!(f, "proc chance p = {p} is below {MIN_NOMINAL_P}, too small for PRD")
            }
            PrdError::ConstantOutOfRange(c) => write!(f, "PRD constant C = {c} is outside (0, 1]"),
            PrdError::BadBag { procs, size } => write!(
                f,
                "shuffle bag with {procs} procs in {size} draws (need 1 ≤ procs ≤ size ≤ {MAX_EXACT_BAG} for its distribution)"
            ),
        }
    }
}

impl std::error::Error for PrdError {}

fn check_c(c: f64) -> Result<f64, PrdError> {
    if c.is_finite() && c > 0.0 && c <= 1.0 { Ok(c) } else { Err(PrdError::ConstantOutOfRange(c)) }
}

/// Largest number of attempts between procs for constant `c`: ⌈1/C⌉ (the first N with `C·N ≥ 1`).
fn max_attempts(c: f64) -> usize {
    let mut n = (1.0 / c).ceil().max(1.0) as usize;
    // Guard against 1/C rounding: make it the first N with N·C ≥ 1 in the arithmetic used below.
    while n > 1 && ((n - 1) as f64) * c >= 1.0 {
        n -= 1;
    }
    while (n as f64) * c < 1.0 {
        n += 1;
    }
    n
}

/// P(the next proc happens on attempt k), k = 1 ..= ⌈1/C⌉, index `k − 1`, for PRD constant `c`.
///
/// `P(k) = min(1, kC) · Π_{j<k} (1 − jC)`; the entries are ≥ 0 and sum to 1 (the last one takes all the
/// remaining mass because its chance is 1).
///
/// # Errors
/// `c` outside `[MIN_CONSTANT, 1]`.
pub fn prd_intervals(c: f64) -> Result<Vec<f64>, PrdError> {
    let c = check_c(c)?;
    if c < MIN_CONSTANT {
        return Err(PrdError::ConstantOutOfRange(c));
    }
    let n = max_attempts(c);
    let mut out = Vec::with_capacity(n);
    let mut survive = 1.0_f64;
    for k in 1..=n {
        let chance = ((k as f64) * c).min(1.0);
        let pk = if k == n { survive } else { survive * chance };
        out.push(pk);
        survive *= 1.0 - chance;
    }
    Ok(out)
}

/// The long-run proc rate of PRD constant `c`: 1 / E[attempts per proc].
///
/// # Errors
/// `c` outside `[MIN_CONSTANT, 1]`.
pub fn p_from_c(c: f64) -> Result<f64, PrdError> {
    let dist = prd_intervals(c)?;
    let mean: f64 = dist.iter().enumerate().map(|(i, &p)| (i + 1) as f64 * p).sum();
    Ok(1.0 / mean)
}

/// The PRD constant C whose long-run rate is `p`, by bisection on `[0, p]` (the rate grows with C, and
/// C = p already procs at least p of the time). `p = 0` gives 0 (never procs), `p = 1` gives 1.
///
/// # Errors
/// `p` NaN, infinite, outside `[0, 1]`, or in `(0, MIN_NOMINAL_P)`.
pub fn c_from_p(p: f64) -> Result<f64, PrdError> {
    if !(p.is_finite() && (0.0..=1.0).contains(&p)) {
        return Err(PrdError::RateOutOfRange(p));
    }
    if p == 0.0 || p == 1.0 {
        return Ok(p);
    }
    if p < MIN_NOMINAL_P {
        return Err(PrdError::RateTooSmall(p));
    }
    let rate = |c: f64| p_from_c(c).expect("MIN_CONSTANT ≤ c ≤ 1 inside the bisection");
    // rate(MIN_CONSTANT) ≈ 8·10⁻⁴ < MIN_NOMINAL_P ≤ p, so C lies above it.
    let (mut lo, mut hi) = (MIN_CONSTANT, p);
    loop {
        let mid = lo + (hi - lo) / 2.0;
        if mid <= lo || mid >= hi {
            break;
        }
        if rate(mid) > p {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    // lo and hi are neighbouring doubles; return the one whose rate is closer to p.
    if (rate(lo) - p).abs() <= (rate(hi) - p).abs() { Ok(lo) } else { Ok(hi) }
}

/// P(the next proc happens on attempt k) for independent rolls with chance `p`, k = 1 ..= `len` (index
/// `k − 1`), and the tail P(k > len) = (1 − p)^len. `p = 0` gives all zeros and a tail of 1.
pub fn independent_intervals(p: f64, len: usize) -> (Vec<f64>, f64) {
    let mut out = Vec::with_capacity(len);
    let mut survive = 1.0_f64;
    for _ in 0..len {
        out.push(survive * p);
        survive *= 1.0 - p;
    }
    (out, survive)
}

/// Stationary distribution of the attempts between consecutive procs (k = 1 ..= 2(size − procs) + 1,
/// index `k − 1`) for a shuffle bag with `procs` successes in `size` draws.
///
/// Derivation: within a bag the proc positions are a uniform `procs`-subset, so the numbers of blanks
/// before the first proc, between procs and after the last are exchangeable, each with
/// `P(s) = C(size−1−s, procs−1) / C(size, procs)` (`P(0) = procs/size`,
/// `P(s+1)/P(s) = (size−procs−s)/(size−1−s)`). Of the `procs` gaps a bag contributes, `procs − 1` are
/// inside it (gap `s + 1`) and one crosses into the next bag (gap `s₁ + s₂ + 1`, independent parts).
///
/// # Errors
/// `procs == 0` (no procs, no gaps), `procs > size`, or `size >` [`MAX_EXACT_BAG`].
pub fn bag_intervals(procs: u32, size: u32) -> Result<Vec<f64>, PrdError> {
    if procs == 0 || procs > size || size > MAX_EXACT_BAG {
        return Err(PrdError::BadBag { procs, size });
    }
    let (m, n) = (procs as usize, size as usize);
    let blanks = n - m;
    let mut spacing = vec![0.0_f64; blanks + 1];
    spacing[0] = m as f64 / n as f64;
    for s in 0..blanks {
        spacing[s + 1] = spacing[s] * (n - m - s) as f64 / (n - 1 - s) as f64;
    }
    let mut out = vec![0.0_f64; 2 * blanks + 1];
    let inside = (m - 1) as f64 / m as f64;
    let across = 1.0 / m as f64;
    for (s, &ps) in spacing.iter().enumerate() {
        out[s] += inside * ps;
        for (t, &pt) in spacing.iter().enumerate() {
            out[s + t] += across * ps * pt;
        }
    }
    Ok(out)
}

/// A uniform integer in `[0, bound)` from a `u32` stream, without bias (Lemire's multiply-and-reject).
fn below<R: Rng + ?Sized>(rng: &mut R, bound: u32) -> u32 {
    debug_assert!(bound > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(bound);
    if (m as u32) < bound {
        let reject_below = bound.wrapping_neg() % bound;
        while (m as u32) < reject_below {
            m = u64::from(rng.next_u32()) * u64::from(bound);
        }
    }
    (m >> 32) as u32
}

/// One PRD counter: the state of one ability of one attacker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prd {
    c: f64,
    attempts: u32,
}

impl Prd {
    /// A counter with constant `c`, no attempts yet.
    ///
    /// # Errors
    /// `c` outside `(0, 1]`.
    pub fn new(c: f64) -> Result<Prd, PrdError> {
        Ok(Prd { c: check_c(c)?, attempts: 0 })
    }

    /// The constant C.
    pub fn constant(&self) -> f64 {
        self.c
    }

    /// The chance that the next attempt procs: `min(1, C · (attempts since the last proc + 1))`.
    pub fn next_chance(&self) -> f64 {
        (f64::from(self.attempts + 1) * self.c).min(1.0)
    }

    /// One attempt: procs with [`Prd::next_chance`]; a proc resets the counter.
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> bool {
        // 53-bit uniform in [0, 1).
        let u = (rng.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0);
        let proc = u < self.next_chance();
        self.attempts = if proc { 0 } else { self.attempts + 1 };
        proc
    }
}

/// A shuffle bag: `procs` successes among `size` draws, without replacement, refilled when empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShuffleBag {
    procs: u32,
    size: u32,
    procs_left: u32,
    draws_left: u32,
}

impl ShuffleBag {
    /// A full bag.
    ///
    /// # Errors
    /// `size == 0` or `procs > size`.
    pub fn new(procs: u32, size: u32) -> Result<ShuffleBag, PrdError> {
        if size == 0 || procs > size {
            return Err(PrdError::BadBag { procs, size });
        }
        Ok(ShuffleBag { procs, size, procs_left: procs, draws_left: size })
    }

    /// The bag closest to rate `p` with `size` draws: `round(p · size)` procs.
    ///
    /// # Errors
    /// `p` outside `[0, 1]`, `size == 0`.
    pub fn for_rate(p: f64, size: u32) -> Result<ShuffleBag, PrdError> {
        if !(p.is_finite() && (0.0..=1.0).contains(&p)) {
            return Err(PrdError::RateOutOfRange(p));
        }
        ShuffleBag::new((p * f64::from(size)).round() as u32, size)
    }

    /// Successes per bag.
    pub fn procs(&self) -> u32 {
        self.procs
    }

    /// Draws per bag.
    pub fn size(&self) -> u32 {
        self.size
    }

    /// Draws one item: a proc with chance `procs left / draws left`, as a shuffled bag would give.
    pub fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> bool {
        if self.draws_left == 0 {
            self.procs_left = self.procs;
            self.draws_left = self.size;
        }
        let proc = below(rng, self.draws_left) < self.procs_left;
        self.draws_left -= 1;
        if proc {
            self.procs_left -= 1;
        }
        proc
    }
}

/// How an ability decides whether it procs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ProcRule {
    /// An independent roll with chance p every attempt.
    Independent(f64),
    /// PRD with constant C (use [`c_from_p`] to get C from a nominal rate).
    Pseudo(f64),
    /// A shuffle bag of `procs` successes in `size` draws.
    Bag {
        /// Successes per bag.
        procs: u32,
        /// Draws per bag.
        size: u32,
    },
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum ProcState {
    Independent(f64),
    Pseudo(Prd),
    Bag(ShuffleBag),
}

impl ProcRule {
    fn start(self) -> Result<ProcState, PrdError> {
        Ok(match self {
            ProcRule::Independent(p) => {
                if !(p.is_finite() && (0.0..=1.0).contains(&p)) {
                    return Err(PrdError::RateOutOfRange(p));
                }
                ProcState::Independent(p)
            }
            ProcRule::Pseudo(c) => ProcState::Pseudo(Prd::new(c)?),
            ProcRule::Bag { procs, size } => ProcState::Bag(ShuffleBag::new(procs, size)?),
        })
    }
}

impl ProcState {
    fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> bool {
        match self {
            ProcState::Independent(p) => {
                let u = (rng.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0);
                u < *p
            }
            ProcState::Pseudo(prd) => prd.roll(rng),
            ProcState::Bag(bag) => bag.draw(rng),
        }
    }
}

/// Identifies an attacker (a unit) in a [`ProcTracker`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttackerId(pub u32);

/// Identifies an ability or modifier in a [`ProcTracker`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbilityId(pub u32);

/// Proc state kept per attacker *and* ability, so two procs on one unit do not disturb each other
/// (dota_imba PR#168), and two units with the same ability keep separate counters.
#[derive(Clone, Debug, Default)]
pub struct ProcTracker {
    rules: HashMap<AbilityId, ProcRule>,
    states: HashMap<(AttackerId, AbilityId), ProcState>,
}

/// An error from a [`ProcTracker`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TrackerError {
    /// The ability was never given a rule.
    UnknownAbility(AbilityId),
    /// The rule itself is invalid.
    Rule(PrdError),
}

impl fmt::Display for TrackerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrackerError::UnknownAbility(a) => write!(f, "ability {} has no proc rule", a.0),
            TrackerError::Rule(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for TrackerError {}

impl ProcTracker {
    /// An empty tracker.
    pub fn new() -> ProcTracker {
        ProcTracker::default()
    }

    /// Sets the rule of `ability`; counters already running for it restart.
    ///
    /// # Errors
    /// An invalid rule (rate outside `[0, 1]`, C outside `(0, 1]`, a bad bag).
    pub fn set_rule(&mut self, ability: AbilityId, rule: ProcRule) -> Result<(), TrackerError> {
        rule.start().map_err(TrackerError::Rule)?;
        self.rules.insert(ability, rule);
        self.states.retain(|(_, ab), _| *ab != ability);
        Ok(())
    }

    /// One attempt of `ability` by `attacker`. Call it only for attempts that can proc: skipped attempts
    /// (a target that cannot be crit, a cooldown) leave the counter as it is.
    ///
    /// # Errors
    /// `ability` has no rule.
    pub fn roll<R: Rng + ?Sized>(
        &mut self,
        attacker: AttackerId,
        ability: AbilityId,
        rng: &mut R,
    ) -> Result<bool, TrackerError> {
        let rule = *self.rules.get(&ability).ok_or(TrackerError::UnknownAbility(ability))?;
        let state = match self.states.entry((attacker, ability)) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => e.insert(rule.start().map_err(TrackerError::Rule)?),
        };
        Ok(state.roll(rng))
    }

    /// Attempts since the last proc of `ability` by `attacker` (PRD rules only; `None` otherwise or if
    /// it never attempted).
    pub fn prd_attempts(&self, attacker: AttackerId, ability: AbilityId) -> Option<u32> {
        match self.states.get(&(attacker, ability)) {
            Some(ProcState::Pseudo(prd)) => Some(prd.attempts),
            _ => None,
        }
    }
}

/// Counts how many attempts each of `procs` consecutive procs took under `rule`: `hist[k − 1]` is the
/// number of gaps of length k (the gap before the first proc is counted too). The histogram grows as
/// needed.
///
/// # Errors
/// An invalid rule, or one that can never proc (p = 0, a bag without procs).
pub fn sample_intervals<R: Rng + ?Sized>(rule: ProcRule, procs: u64, rng: &mut R) -> Result<Vec<u64>, PrdError> {
    match rule {
        ProcRule::Independent(p) if p == 0.0 => return Err(PrdError::RateTooSmall(p)),
        ProcRule::Bag { procs: 0, size } => return Err(PrdError::BadBag { procs: 0, size }),
        _ => {}
    }
    let mut state = rule.start()?;
    let mut hist = Vec::new();
    for _ in 0..procs {
        let mut k = 1usize;
        while !state.roll(rng) {
            k += 1;
        }
        if hist.len() < k {
            hist.resize(k, 0);
        }
        hist[k - 1] += 1;
    }
    Ok(hist)
}
