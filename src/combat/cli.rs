//! `duiyi combat …`: attack-outcome distributions on the command line, one line of JSON on stdout.
//!
//! ```text
//! duiyi combat --model waterfall|round-table|hybrid --hit 0.9 --crit 0.25 --dodge 0.2 --parry 0.15
//!              --block 0.3 [--crit-multiplier 2 --block-fraction 0.5] [--samples N --seed S] [more flags]
//! duiyi combat --model hybrid --sheet 'hit=0.9&crit=0.25&dodge=0.2'    (or --sheet '{"hit":0.9,…}')
//! duiyi combat prd --p 0.25 [--bag-size 20] [--samples N --seed S]
//! duiyi combat bench [swings per model, default 10^8]
//! ```
//!
//! Output of the first form (numbers rounded to 15 significant digits):
//! `{"model": …, "order": …, "distribution": {"miss": 0.1, …, "normal": …}, "pushed_off": {…},
//! "avoided": …, "expected_damage": …, "expected_fraction": …, "edps": …, "ehp": …, "ehp_multiplier": …,
//! "swings_to_kill": …, "samples": null | {"swings", "seed", "counts", "frequencies", "confidence",
//! "intervals", "chi_square": {"statistic", "df", "p_value"}}}`; `ehp`, `ehp_multiplier` and
//! `swings_to_kill` are `null` when infinite. Bad input: the reason on stderr, exit status 2.

use super::prd::{PrdError, ProcRule, bag_intervals, c_from_p, independent_intervals, p_from_c, prd_intervals};
use super::report::{InputError, Report, SheetSpec, parse_model, to_tidy_json};
use super::sampling::{Sampler, random_seed};
use rand_core::SeedableRng;
use serde::Serialize;

/// Exit status for bad input.
const EXIT_USAGE: i32 = 2;
/// Most swings one command will make (about 10 s natively).
const MAX_SAMPLES: u64 = 1_000_000_000_000;

const HELP: &str = "\
usage: duiyi combat --model waterfall|round-table|hybrid [attributes] [--order O] [--samples N [--seed S]]
       duiyi combat prd --p P [--bag-size N] [--samples N [--seed S]]
       duiyi combat bench [swings per model, default 1e8]   (prints a table of swings/s)

attributes (chances are fractions in [0, 1]; defaults in brackets):
  --hit [1] --crit [0] --crit-multiplier [2] --glance [0] --glance-multiplier [0.76]
  --damage [1] --aps [1]  (attacker: raw damage per hit, attacks per second)
  --dodge [0] --parry [0] --block [0] --block-fraction [0.5] | --block-amount A
  --crush [0] --crush-multiplier [1.5] --damage-reduction [0] --hp [1]
--sheet S: attributes as JSON ('{\"hit\":0.9,\"crit_multiplier\":2}') or as the page's query ('hit=0.9&crit=0.25',
           a whole '#combat?…' link works); a flag may not repeat an attribute of the sheet
--order: priority, highest first, e.g. miss,dodge,parry,block,crit; for a waterfall each comma is a roll
         and miss+dodge puts events on one roll
--samples N: also make N Monte-Carlo swings; --seed S repeats a run (default: a random seed, printed)
prints one line of JSON; bad input prints the reason on stderr and exits with status 2
";

/// A command-line mistake, printed on stderr. `Display` gives the reason in one line.
#[derive(Debug)]
pub enum CliError {
    /// A malformed or unknown flag, a missing value, a number out of range.
    Usage(String),
    /// A bad sheet, model or order.
    Input(InputError),
    /// A bad PRD rate or bag.
    Prd(PrdError),
}

impl std::error::Error for CliError {}

impl std::fmt::Display for CliError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CliError::Usage(s) => f.write_str(s),
            CliError::Input(e) => e.fmt(f),
            CliError::Prd(e) => e.fmt(f),
        }
    }
}

impl From<InputError> for CliError {
    fn from(e: InputError) -> Self {
        CliError::Input(e)
    }
}

impl From<PrdError> for CliError {
    fn from(e: PrdError) -> Self {
        CliError::Prd(e)
    }
}

/// Runs `duiyi combat` with the arguments after the subcommand; returns the process exit status
/// (0, or 2 for bad input with the reason on stderr).
pub fn run(args: &[String]) -> i32 {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{HELP}");
        return 0;
    }
    let result = match args.first().map(String::as_str) {
        #[cfg(not(target_arch = "wasm32"))]
        Some("bench") => match args.get(1).map(|a| count("swings", a)).transpose() {
            Ok(n) => {
                super::bench::run(n.unwrap_or(100_000_000).max(1));
                return 0;
            }
            Err(e) => Err(e),
        },
        _ => output(args),
    };
    match result {
        Ok(line) => {
            println!("{line}");
            0
        }
        Err(e) => {
            eprintln!("duiyi combat: {e}");
            EXIT_USAGE
        }
    }
}

/// The JSON line `duiyi combat <args>` prints for a table (`--model …`) or `prd` command (not `bench`, not
/// `--help`): the whole reading of the arguments, without printing.
///
/// # Errors
/// [`CliError`] with the reason, as printed on stderr with exit status 2.
pub fn output(args: &[String]) -> Result<String, CliError> {
    match args.first().map(String::as_str) {
        Some("prd") => run_prd(&args[1..]),
        _ => run_table(args),
    }
}

/// Splits `--flag value` / `--flag=value` pairs.
fn pairs(args: &[String]) -> Result<Vec<(String, String)>, CliError> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let Some(flag) = arg.strip_prefix("--") else {
            return Err(CliError::Usage(format!("unexpected argument {:?} (flags start with --)", crate::echo(arg))));
        };
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => {
                let v = it.next().ok_or_else(|| CliError::Usage(format!("--{} needs a value", crate::echo(flag))))?;
                (flag.to_string(), v.clone())
            }
        };
        if out.iter().any(|(n, _): &(String, String)| *n == name) {
            return Err(CliError::Usage(format!("--{} given twice", crate::echo(&name))));
        }
        out.push((name, value));
    }
    Ok(out)
}

fn number(flag: &str, value: &str) -> Result<f64, CliError> {
    value.trim().parse::<f64>().map_err(|_| CliError::Usage(format!("--{}: {:?} is not a number", crate::echo(flag), crate::echo(value))))
}

fn count(flag: &str, value: &str) -> Result<u64, CliError> {
    let bad = || CliError::Usage(format!("--{flag}: {:?} is not a whole number of swings", crate::echo(value)));
    let n = match value.trim().parse::<u64>() {
        Ok(n) => n,
        Err(_) => {
            let x = value.trim().parse::<f64>().map_err(|_| bad())?;
            if !(x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= MAX_SAMPLES as f64) {
                return Err(bad());
            }
            x as u64
        }
    };
    if n > MAX_SAMPLES {
        return Err(CliError::Usage(format!("--{flag}: at most {MAX_SAMPLES}")));
    }
    Ok(n)
}

fn seed(value: &str) -> Result<u64, CliError> {
    let v = value.trim();
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse::<u64>(),
    };
    parsed.map_err(|_| CliError::Usage(format!("--seed: {:?} is not a whole number in [0, 2^64)", crate::echo(value))))
}

fn pick_seed(given: Option<u64>) -> Result<u64, CliError> {
    match given {
        Some(s) => Ok(s),
        None => random_seed().map_err(|e| CliError::Usage(format!("no entropy for a random seed: {e}"))),
    }
}

/// The `--sheet` sheet with the attribute flags added; an attribute in both is refused.
fn merge(sheet: SheetSpec, flags: SheetSpec) -> Result<SheetSpec, CliError> {
    let (a, b) = (serde_json::to_value(&sheet), serde_json::to_value(&flags));
    let (Ok(serde_json::Value::Object(mut a)), Ok(serde_json::Value::Object(b))) = (a, b) else {
        return Err(CliError::Usage("--sheet: the sheet could not be combined with the flags".into()));
    };
    for (k, v) in b {
        if v.is_null() {
            continue;
        }
        if a.get(&k).is_some_and(|x| !x.is_null()) {
            return Err(CliError::Usage(format!("--{} given both as a flag and in --sheet", k.replace('_', "-"))));
        }
        a.insert(k, v);
    }
    serde_json::from_value(serde_json::Value::Object(a))
        .map_err(|e| CliError::Usage(format!("--sheet: {e}")))
}

fn run_table(args: &[String]) -> Result<String, CliError> {
    let mut spec = SheetSpec::default();
    let (mut model, mut order, mut samples, mut seed_value, mut sheet) = (None, None, None, None, None);
    for (name, value) in pairs(args)? {
        let slot = match name.as_str() {
            "sheet" => {
                sheet = Some(SheetSpec::parse(&value)?);
                continue;
            }
            "model" => {
                model = Some(value);
                continue;
            }
            "order" => {
                order = Some(value);
                continue;
            }
            "samples" => {
                samples = Some(count("samples", &value)?);
                continue;
            }
            "seed" => {
                seed_value = Some(seed(&value)?);
                continue;
            }
            "hit" => &mut spec.hit,
            "crit" => &mut spec.crit,
            "crit-multiplier" => &mut spec.crit_multiplier,
            "glance" => &mut spec.glance,
            "glance-multiplier" => &mut spec.glance_multiplier,
            "damage" => &mut spec.damage,
            "aps" | "attacks-per-second" => &mut spec.aps,
            "dodge" => &mut spec.dodge,
            "parry" => &mut spec.parry,
            "block" => &mut spec.block,
            "block-fraction" => &mut spec.block_fraction,
            "block-amount" => &mut spec.block_amount,
            "crush" => &mut spec.crush,
            "crush-multiplier" => &mut spec.crush_multiplier,
            "damage-reduction" | "armor" => &mut spec.damage_reduction,
            "hp" => &mut spec.hp,
            _ => return Err(CliError::Usage(format!("unknown flag --{} (see --help)", crate::echo(&name)))),
        };
        *slot = Some(number(&name, &value)?);
    }
    if let Some(sheet) = sheet {
        spec = merge(sheet, spec)?;
    }
    let model = model.ok_or_else(|| CliError::Usage("missing --model waterfall|round-table|hybrid".into()))?;
    let model = parse_model(&model, order.as_deref())?;
    let matchup = spec.matchup()?;
    if seed_value.is_some() && samples.is_none() {
        return Err(CliError::Usage("--seed needs --samples".into()));
    }
    let mut report = Report::exact(&model, &matchup);
    if let Some(n) = samples {
        let mut sampler = Sampler::new(&model, &matchup, pick_seed(seed_value)?);
        sampler.run(n);
        report.samples = Some(sampler.summary());
    }
    Ok(to_tidy_json(&report).expect("report serialises"))
}

/// `duiyi combat prd` output.
#[derive(Serialize)]
struct PrdReport {
    p: f64,
    c: f64,
    realised_p: f64,
    max_attempts: usize,
    prd: Vec<f64>,
    independent: Vec<f64>,
    independent_tail: f64,
    bag: Option<BagReport>,
    samples: Option<PrdSamples>,
}

#[derive(Serialize)]
struct BagReport {
    procs: u32,
    size: u32,
    intervals: Vec<f64>,
}

#[derive(Serialize)]
struct PrdSamples {
    seed: u64,
    procs: u64,
    prd: Vec<u64>,
    independent: Vec<u64>,
    bag: Option<Vec<u64>>,
}

fn run_prd(args: &[String]) -> Result<String, CliError> {
    let (mut p, mut bag_size, mut samples, mut seed_value) = (None, None, None, None);
    for (name, value) in pairs(args)? {
        match name.as_str() {
            "p" => p = Some(number("p", &value)?),
            "bag-size" => {
                let n = count("bag-size", &value)?;
                let n = u32::try_from(n)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| CliError::Usage(format!("--bag-size: {:?} must be in 1..2^32", crate::echo(&value))))?;
                bag_size = Some(n);
            }
            "samples" => samples = Some(count("samples", &value)?),
            "seed" => seed_value = Some(seed(&value)?),
            _ => return Err(CliError::Usage(format!("unknown flag --{} for `combat prd`", crate::echo(&name)))),
        }
    }
    let p = p.ok_or_else(|| CliError::Usage("missing --p (nominal proc chance)".into()))?;
    let c = c_from_p(p)?;
    if c == 0.0 {
        return Err(CliError::Usage("--p 0 never procs: there are no intervals to show".into()));
    }
    let prd = prd_intervals(c)?;
    let (independent, independent_tail) = independent_intervals(p, prd.len().max(1) * 2);
    let bag = match bag_size {
        Some(size) => {
            let procs = (p * f64::from(size)).round() as u32;
            Some(BagReport { procs, size, intervals: bag_intervals(procs, size)? })
        }
        None => None,
    };
    let samples = match samples {
        Some(n) => {
            let seed = pick_seed(seed_value)?;
            let mut rng = rand_pcg::Pcg32::seed_from_u64(seed);
            let prd = super::prd::sample_intervals(ProcRule::Pseudo(c), n, &mut rng)?;
            let independent = super::prd::sample_intervals(ProcRule::Independent(p), n, &mut rng)?;
            let bag = match &bag {
                Some(b) => Some(super::prd::sample_intervals(
                    ProcRule::Bag { procs: b.procs, size: b.size },
                    n,
                    &mut rng,
                )?),
                None => None,
            };
            Some(PrdSamples { seed, procs: n, prd, independent, bag })
        }
        None => None,
    };
    let report = PrdReport {
        p,
        c,
        realised_p: p_from_c(c)?,
        max_attempts: prd.len(),
        prd,
        independent,
        independent_tail,
        bag,
        samples,
    };
    Ok(to_tidy_json(&report).expect("report serialises"))
}
