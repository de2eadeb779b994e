//! `duiyi bench --positions FILE [--multipv K] [--depth N]`: the cost of MultiPV `K` against MultiPV 1 on a
//! file of positions, paired position by position (docs/benchmarks.md "MultiPV"). Each position is searched to
//! the same depth twice, once with each setting, back to back with the order alternated from one position to
//! the next, a fresh engine and 16 MiB table each time; nodes are exact, CPU time is the searching thread's.
//! `tools/multipv_cost.py` repeats the run and computes the ratios with bootstrap intervals.
//!
//! File format: one position a line, a FEN or `startpos`, optionally followed by `moves m1 m2 …` (ICCS);
//! blank lines and everything after `#` are ignored.

use crate::engine::{Engine, Setup};
use crate::search::GoParams;
use std::time::Instant;

/// One position of a positions file: the FEN (or `startpos`) and the moves played from it.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchPosition {
    pub fen: String,
    pub moves: Vec<String>,
    /// 1-based line number in the file (for messages).
    pub line: usize,
}

/// Parses a positions file (format in the module docs).
///
/// # Errors
/// `"line N: …"` for a line with `moves` but no FEN, or whose position or moves the engine rejects.
pub fn parse_positions(text: &str) -> Result<Vec<BenchPosition>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (fen, moves) = match line.find(" moves") {
            Some(at) if line[at + 6..].is_empty() || line[at + 6..].starts_with(' ') => (line[..at].trim(), &line[at + 6..]),
            _ if line.starts_with("moves") => return Err(format!("line {}: a FEN or startpos must come before `moves`", i + 1)),
            _ => (line, ""),
        };
        let p = BenchPosition {
            fen: fen.to_string(),
            moves: moves.split_whitespace().map(str::to_string).collect(),
            line: i + 1,
        };
        let moves: Vec<&str> = p.moves.iter().map(String::as_str).collect();
        Engine::new().set_position(Setup::Xiangqi(&p.fen), &moves).map_err(|e| format!("line {}: {e}", i + 1))?;
        out.push(p);
    }
    if out.is_empty() {
        return Err("no positions in the file".into());
    }
    Ok(out)
}

/// One search of one position to a fixed depth.
#[derive(Clone, Debug)]
pub struct PositionRun {
    pub best: String,
    pub nodes: u64,
    /// CPU seconds of the searching thread (Linux `/proc/thread-self/schedstat`), wall seconds elsewhere.
    pub cpu: f64,
}

/// CPU seconds used so far by this thread, from `/proc/thread-self/schedstat` (ns); `None` where unavailable.
fn thread_cpu() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(s.split_whitespace().next()?.parse::<f64>().ok()? * 1e-9)
}

/// Searches `p` to `depth` with `multipv` lines (1–5), a fresh engine with its default options.
///
/// # Errors
/// The engine's message when it rejects the position or the search.
pub fn search_position(p: &BenchPosition, depth: u32, multipv: usize) -> Result<PositionRun, String> {
    let mut e = Engine::new();
    e.set_option("MultiPV", &multipv.to_string()).map_err(|e| e.to_string())?;
    let moves: Vec<&str> = p.moves.iter().map(String::as_str).collect();
    e.set_position(Setup::Xiangqi(&p.fen), &moves).map_err(|e| format!("line {}: {e}", p.line))?;
    let (c0, w0) = (thread_cpu(), Instant::now());
    let (infos, best, _) =
        e.search_blocking(GoParams { depth: Some(depth), ..Default::default() }).map_err(|e| format!("line {}: {e}", p.line))?;
    let cpu = match (c0, thread_cpu()) {
        (Some(a), Some(b)) => b - a,
        _ => w0.elapsed().as_secs_f64(),
    };
    let nodes = infos.last().map_or(0, |i| i.nodes);
    Ok(PositionRun { best: best.map_or("(none)".into(), |m| m.to_string()), nodes, cpu })
}

/// Searches every position with MultiPV 1 and with `multipv`, back to back, MultiPV 1 first at even indices
/// and second at odd ones; `on_each(index, single, multi)` is called after each position.
///
/// # Errors
/// The first position the engine rejects.
pub fn compare_multipv(
    positions: &[BenchPosition],
    depth: u32,
    multipv: usize,
    mut on_each: impl FnMut(usize, &PositionRun, &PositionRun),
) -> Result<(), String> {
    for (i, p) in positions.iter().enumerate() {
        let (one, k) = if i % 2 == 0 {
            let one = search_position(p, depth, 1)?;
            (one, search_position(p, depth, multipv)?)
        } else {
            let k = search_position(p, depth, multipv)?;
            (search_position(p, depth, 1)?, k)
        };
        on_each(i, &one, &k);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_fens_startpos_moves_and_comments() {
        let text = "# a comment\n\nstartpos moves h2e2 h9g7  # 中炮\n3k5/9/9/9/4p4/9/9/4C4/4A4/3AK4 w - - 0 1\n";
        let p = parse_positions(text).unwrap();
        assert_eq!(p.len(), 2);
        assert_eq!((p[0].fen.as_str(), p[0].moves.len(), p[0].line), ("startpos", 2, 3));
        assert!(p[1].moves.is_empty());
    }

    #[test]
    fn rejects_bad_lines_with_their_number() {
        assert!(parse_positions("startpos moves h2e2 z9z9\n").unwrap_err().starts_with("line 1:"));
        assert!(parse_positions("\nmoves h2e2\n").unwrap_err().starts_with("line 2:"));
        assert!(parse_positions("# nothing\n").is_err());
    }
}
