//! Puzzles: positions from real games where one move wins (Xiangqi) or one or two moves win (Hex), shipped
//! with the page as data (`www/data/puzzles-xiangqi.txt`, `www/data/puzzles-hex.txt`) and printed from outside
//! by `duiyi puzzles` (issue 36).
//!
//! * [`xiangqi`]: the Xiangqi set, its file format, the miner that finds puzzles in real master games and
//!   the checker that re-confirms them at depth.
//! * [`hex`]: the Hex set, its file format, the miner that finds positions where exactly one or two moves
//!   win and the solver's re-proof of each.
//! * [`run`]: the command line, `duiyi puzzles --game xiangqi|hex [--json]` (one line per shipped puzzle:
//!   `{id, game, fen | size+moves, to_move, solution, rating, themes}`) and each game's own subcommands
//!   (`duiyi puzzles mine …`, `duiyi puzzles check …`).
//!
//! The page reads the same files (`www/views/puzzles*.js`); the native program compiles them in, so the
//! command prints exactly what the page ships.

pub mod hex;
pub mod xiangqi;

/// Reads a puzzle data file (both games' format): each line that is not blank or a `#` comment, by `line`
/// (a trailing `\r` removed).
///
/// # Errors
/// The first line `line` refuses, as `"{prefix}line N: {reason}"` (N 1-based).
pub(crate) fn parse_lines<T>(text: &str, prefix: &str, mut line: impl FnMut(&str) -> Result<T, String>) -> Result<Vec<T>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let l = raw.trim_end_matches('\r');
        if l.trim().is_empty() || l.starts_with('#') {
            continue;
        }
        out.push(line(l).map_err(|e| format!("{prefix}line {}: {e}", i + 1))?);
    }
    Ok(out)
}

/// `duiyi puzzles …`: returns the text to print, or an error message (the program exits 1 with it).
///
/// * `--game xiangqi|hex [--json]`: every shipped puzzle of that game, one per line; with `--json` each line
///   is a JSON object, otherwise tab-separated `id  to_move  rating  themes  position  solution`.
/// * `mine …` / `check …` with `--game`: the game's miner and checker (see [`xiangqi::cli`], [`hex::cli`]).
///
/// Errors: a missing or unknown `--game`, an unknown option, or the game's own errors.
pub fn run(args: &[String]) -> Result<String, String> {
    let game = args.iter().position(|a| a == "--game").and_then(|i| args.get(i + 1)).map(String::as_str);
    match game {
        Some("xiangqi") => xiangqi::cli(args),
        Some("hex") => hex::cli(args),
        Some(other) => Err(format!("puzzles: unknown game '{other}' (expected xiangqi or hex)")),
        None => Err("puzzles: --game xiangqi|hex is required".into()),
    }
}
