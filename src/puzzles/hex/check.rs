//! The checker: `duiyi puzzles check --game hex [--sample N] [--seed S] [--ms MS] [--file FILE]` re-proves
//! the shipped set (or a seeded sample of it, or another file in its format).

use super::prove::{after, all_wins, mover_wins, vc_won, wins_upto};
use super::HexPuzzle;
use crate::args::{check_args, flag as opt};
use crate::search::clock::now_ms;

/// Re-proves one puzzle within `ms` per proof: at the first step exactly the listed moves win (every other
/// legal move loses); at each later step every listed move wins; the main line is legal and ends in a
/// connection the VC engine sees (or a finished game). Returns the solver nodes spent.
///
/// # Errors
/// What failed, naming the puzzle and the step.
pub fn check_puzzle(p: &HexPuzzle, ms: f64) -> Result<u64, String> {
    let fail = |m: String| format!("{}: {m}", p.id);
    let mut pos = p.position().map_err(fail)?;
    if pos.winner().is_some() {
        return Err(fail("the game is already over".into()));
    }
    if vc_won(&pos) {
        return Err(fail("the VC engine already sees the defender's connection".into()));
    }
    let (first, mut nodes) = all_wins(&pos, ms).ok_or_else(|| fail(format!("step 1 not proved within {ms} ms")))?;
    let (mut want, mut got) = (p.wins[0].clone(), first.clone());
    crate::sort::sort_by_key(&mut want, |c| (c.row, c.col));
    crate::sort::sort_by_key(&mut got, |c| (c.row, c.col));
    if want != got {
        return Err(fail(format!("step 1: the winning moves are {got:?}, the file lists {want:?}")));
    }
    // A second, independent proof: every empty cell tried, one by one.
    let (mut each, n) = wins_upto(&pos, ms, usize::MAX).ok_or_else(|| fail(format!("step 1 (each move) not proved within {ms} ms")))?;
    nodes += n;
    crate::sort::sort_by_key(&mut each, |c| (c.row, c.col));
    if each != got {
        return Err(fail(format!("step 1: moving on each cell, {each:?} win; the root solver found {got:?}")));
    }
    for (k, step) in p.wins.iter().enumerate() {
        if k > 0 {
            for &c in step {
                if pos.stone(c).is_some() {
                    return Err(fail(format!("step {}: {c} is occupied", k + 1)));
                }
                let child = after(&pos, c);
                let (defender_wins, n) = mover_wins(&child, ms).ok_or_else(|| fail(format!("step {}: {c} not proved", k + 1)))?;
                nodes += n;
                if defender_wins {
                    return Err(fail(format!("step {}: {c} loses", k + 1)));
                }
            }
        }
        pos.try_play(crate::hex::Move::Place(p.solution[2 * k])).map_err(|e| fail(format!("step {}: {e}", k + 1)))?;
        let last = 2 * k + 1 == p.solution.len();
        if vc_won(&pos) != last {
            return Err(fail(if last {
                "the line does not end in a VC-engine-proved connection".into()
            } else {
                format!("the VC engine sees the connection after step {}, before the line ends", k + 1)
            }));
        }
        if !last {
            pos.try_play(crate::hex::Move::Place(p.solution[2 * k + 1])).map_err(|e| fail(format!("reply {}: {e}", k + 1)))?;
        }
    }
    Ok(nodes)
}

/// The puzzles of `all` a check with `--sample n --seed s` takes: every one when `n` is `None` or at least the
/// set's size, otherwise `n` of them chosen by a seeded shuffle (the same every run).
pub fn sample(all: &[HexPuzzle], n: Option<usize>, seed: u64) -> Vec<HexPuzzle> {
    let mut v: Vec<HexPuzzle> = all.to_vec();
    let Some(n) = n.filter(|&n| n < all.len()) else { return v };
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    for i in (1..v.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
    v.truncate(n);
    v
}

/// `duiyi puzzles check --game hex …`: checks every (or a sample of) puzzle; the summary, or an error listing
/// the failures.
///
/// # Errors
/// Bad arguments, a file that does not parse, or any failed puzzle.
pub fn cli(args: &[String]) -> Result<String, String> {
    check_args("puzzles check", args, &["--game", "--sample", "--seed", "--ms", "--file"], &[])?;
    let all = match opt(args, "--file") {
        Some(f) => super::parse(&std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?)?,
        None => super::shipped()?,
    };
    let n = opt(args, "--sample").map(str::parse::<usize>).transpose().map_err(|_| "puzzles check: --sample N")?;
    let seed = opt(args, "--seed").map(str::parse::<u64>).transpose().map_err(|_| "puzzles check: --seed S")?.unwrap_or(1);
    let ms = opt(args, "--ms").map(str::parse::<f64>).transpose().map_err(|_| "puzzles check: --ms MS")?.unwrap_or(60_000.0);
    let set = sample(&all, n, seed);
    let t0 = now_ms();
    let mut failures = Vec::new();
    let mut nodes = 0;
    for p in &set {
        match check_puzzle(p, ms) {
            Ok(n) => nodes += n,
            Err(e) => failures.push(e),
        }
    }
    let summary = format!(
        "hex puzzles: {} of {} checked, {} failed, {nodes} solver nodes, {:.1} s\n",
        set.len(),
        all.len(),
        failures.len(),
        (now_ms() - t0) / 1000.0
    );
    if failures.is_empty() { Ok(summary) } else { Err(format!("{summary}{}", failures.join("\n"))) }
}
