//! `duiyi hex bench`: the solver on the 36 openings of 6×6 (the table in `tests/data/hex.json`, from Benzene's
//! regression suite; per opening the result, nodes, wall and CPU time, then the totals), the search's speed and depth in one second on an empty 11×11 board, the time of every
//! map of a 19×19 position, and a node-count signature of fixed-depth searches (deterministic: a change of the
//! search shows as a change of the number).

use super::eval::Maps;
use super::search::Searcher;
use super::solver::{SolveLimits, solve};
use super::two_distance::Convention;
use super::{Cell, Color, Move, Position};
use crate::search::clock::now_ms;

/// Who wins each 6×6 opening (Black plays the cell, White to move), by column `a`..`f`, rows 1..6: `b`/`w`.
/// Source: cgao3/benzene-vanilla-cmake `regression/dfpn-solve-6x6.tst` (as in `tests/data/hex.json`).
pub const OPENINGS_6X6: [&str; 6] = ["wwbbbb", "wbbbbw", "wbbbbw", "wbbbbw", "wbbbbw", "bbbbww"];

/// Options of [`run`].
#[derive(Clone, Copy, Debug)]
pub struct BenchOptions {
    /// Wall-clock time limit per 6×6 opening (ms); `None` skips the solver part.
    pub solve_ms: Option<f64>,
    /// Time for the 11×11 search (ms).
    pub search_ms: f64,
    /// The openings to solve: bit `6 × column + row` (column `a` = 0, row 1 = 0); all 36 by default.
    pub openings: u64,
}

/// The [`BenchOptions::openings`] bit of an opening cell name such as `"e3"` (columns `a`..`f`, rows 1..6).
pub fn opening_bit(name: &str) -> Option<u64> {
    let b = name.as_bytes();
    match b {
        [c @ b'a'..=b'f', r @ b'1'..=b'6'] => Some(1u64 << ((c - b'a') * 6 + (r - b'1'))),
        _ => None,
    }
}

impl Default for BenchOptions {
    fn default() -> Self {
        BenchOptions { solve_ms: Some(60_000.0), search_ms: 1000.0, openings: (1u64 << 36) - 1 }
    }
}

/// Fixed-depth searches of the signature: (size, moves, depth).
const SIGNATURE: [(usize, &str, u32); 4] =
    [(7, "", 3), (9, "e5 d6", 3), (11, "f6 e7 g5", 3), (13, "g7 f8 h6 g5 c10", 2)];

/// CPU time (user + system) of this process so far in milliseconds, from Linux's `/proc/self/stat` (fields
/// 14 and 15, in clock ticks of 1/100 s, the fixed `USER_HZ` of that interface); `None` elsewhere. Timings on a
/// loaded machine are inflated in wall-clock time but not in CPU time.
pub fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 * 10.0)
}

/// Runs the bench, printing one line per figure; returns the signature line `nodes <N> nps <M>`.
pub fn run(opts: BenchOptions) -> String {
    if let Some(limit) = opts.solve_ms {
        println!("6x6 openings (Black's first stone, White to move), solver limit {:.0} s each:", limit / 1000.0);
        let (mut total, mut proved, mut right) = (0.0, 0, 0);
        let mut cpu_total = Some(0.0);
        for (col, results) in OPENINGS_6X6.iter().enumerate() {
            for (row, want) in results.chars().enumerate() {
                if opts.openings >> (col * 6 + row) & 1 == 0 {
                    continue;
                }
                let mut pos = Position::square(6).expect("6x6");
                pos.try_play(Move::Place(Cell::new(col as u8, row as u8))).expect("empty board");
                let limits = SolveLimits { time_ms: Some(limit), all_winning_moves: false, ..SolveLimits::default() };
                let cpu0 = cpu_ms();
                let r = solve(&pos, limits).expect("6x6 fits the solver");
                let cpu = cpu0.zip(cpu_ms()).map(|(a, b)| b - a);
                cpu_total = cpu_total.zip(cpu).map(|(t, c)| t + c);
                let want = if want == 'b' { Color::Black } else { Color::White };
                total += r.time_ms;
                let got = r.winner.map_or("unproved", |w| w.name());
                proved += r.winner.is_some() as u32;
                right += (r.winner == Some(want)) as u32;
                println!(
                    "  {}{}: {got:<8} (expected {}) {:>9} nodes {:>9.1} ms wall {:>8} ms cpu",
                    (b'a' + col as u8) as char,
                    row + 1,
                    want.name(),
                    r.nodes,
                    r.time_ms,
                    cpu.map_or("-".to_string(), |c| format!("{c:.0}"))
                );
            }
        }
        let count = opts.openings.count_ones();
        println!(
            "6x6 total: {proved}/{count} proved, {right} as expected, {:.1} s wall, {} s cpu",
            total / 1000.0,
            cpu_total.map_or("-".to_string(), |c| format!("{:.1}", c / 1000.0))
        );
    }
    // Search speed and depth in the given time on the empty 11x11 board.
    let mut s = Searcher::new(64);
    s.start(Position::square(11).expect("11x11"));
    let t0 = now_ms();
    let deadline = t0 + opts.search_ms;
    while now_ms() < deadline {
        if s.run(deadline, u64::MAX) != super::search::RunOutcome::IterationDone {
            break;
        }
    }
    let dt = (now_ms() - t0).max(1e-3);
    let depth = s.root.last.as_ref().map_or(0, |l| l.depth);
    println!(
        "search 11x11 empty, {:.0} ms: depth {depth} completed, {} nodes, {:.0} nodes/s, best {}",
        opts.search_ms,
        s.nodes,
        s.nodes as f64 * 1000.0 / dt,
        s.best_move().map_or("-".into(), |m| m.to_string())
    );
    // Every map of a 19x19 middle-game position (with and without tension).
    let mut pos = Position::square(19).expect("19x19");
    for (i, m) in ["j10", "k9", "i12", "l11", "h8", "g14", "m7", "j13", "e15", "n5", "c17", "p4"].iter().enumerate() {
        let _ = i;
        pos.play_str(m).expect("legal");
    }
    for (label, tension) in [("maps 19x19 (no tension)", false), ("maps 19x19 (with tension)", true)] {
        let reps = if tension { 3 } else { 50 };
        let t = now_ms();
        for _ in 0..reps {
            std::hint::black_box(Maps::compute_with(&pos, Convention::Queenbee, tension));
        }
        println!("{label}: {:.3} ms each", (now_ms() - t) / reps as f64);
    }
    // Signature.
    let (mut nodes, t) = (0u64, now_ms());
    for (n, moves, depth) in SIGNATURE {
        let mut pos = Position::square(n).expect("size");
        for m in moves.split_whitespace() {
            pos.play_str(m).expect("legal");
        }
        let mut s = Searcher::new(16);
        s.start(pos);
        while s.root.last.as_ref().is_none_or(|l| l.depth < depth) {
            s.run(f64::INFINITY, u64::MAX);
        }
        nodes += s.nodes;
    }
    let nps = (nodes as f64 * 1000.0 / (now_ms() - t).max(1e-3)) as u64;
    format!("nodes {nodes} nps {nps}")
}
