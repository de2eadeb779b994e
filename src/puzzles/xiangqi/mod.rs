//! The Xiangqi puzzle set: positions of real master games (柳大华 Liu Dahua's, `benches/data/`) where the side
//! to move has exactly one winning move, with the line that follows; shipped as `www/data/puzzles-xiangqi.txt`
//! and compiled in here. docs/puzzles-xiangqi.md has the method, every threshold, the themes and the rating.
//!
//! **File format** (one puzzle a line, `#` lines are comments, fields separated by one TAB):
//! `id  fen  solution  rating  themes  source`
//! * `id`: `x0001`, `x0002`, … in source order;
//! * `fen`: the position, the player (the solver) to move;
//! * `solution`: lower-case ICCS moves separated by single spaces, the player's first, then the opponent's
//!   best defence, alternating, ending on a player's move (an odd count);
//! * `rating`: difficulty on the Glicko scale (800–2600, [`rating`]);
//! * `themes`: comma-separated, from [`THEMES`];
//! * `source`: `liu-dahua#G ply P Red vs Black` (the game's 1-based number in the PGN file, the moves played
//!   before the position, the players).
//!
//! Commands ([`cli`]): the listing, `mine` ([`mine`]), `check` ([`check`]) and `assemble` (chunks of mined
//! lines → the numbered file).

pub mod analyse;
pub mod check;
pub mod mine;

use crate::args::{check_args, check_args_and_files, flag};
use crate::xiangqi::{Color, Position};
use std::collections::HashSet;
use std::time::Instant;

/// The shipped file, compiled in.
pub const DATA: &str = include_str!("../../../www/data/puzzles-xiangqi.txt");

/// The theme names a puzzle may carry (docs/puzzles-xiangqi.md "Themes").
pub const THEMES: [&str; 15] = [
    "mateIn1", "mateIn2", "mateIn3", "mateIn4", "mateIn5", "mate", "capture", "sacrifice", "fork", "discoveredAttack",
    "check", "quiet", "opening", "middlegame", "endgame",
];

/// One puzzle of the set (see the module documentation for each field's form).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XiangqiPuzzle {
    /// `x0001`, …
    pub id: String,
    /// Full FEN, the player to move.
    pub fen: String,
    /// ICCS moves, the player's first and last (an odd count).
    pub solution: Vec<String>,
    /// Glicko-scale difficulty, 800–2600.
    pub rating: u32,
    /// Names from [`THEMES`].
    pub themes: Vec<String>,
    /// Where the position comes from (`liu-dahua#G ply P …`).
    pub source: String,
}

impl XiangqiPuzzle {
    /// The player's side: the side to move in [`fen`](Self::fen) (`w` Red, `b` Black).
    pub fn to_move(&self) -> Color {
        if self.fen.split_whitespace().nth(1) == Some("b") { Color::Black } else { Color::Red }
    }

    /// The puzzle as a line of the data file (no newline).
    pub fn data_line(&self) -> String {
        format!("{}\t{}\t{}\t{}\t{}\t{}", self.id, self.fen, self.solution.join(" "), self.rating, self.themes.join(","), self.source)
    }

    /// The listing's JSON object: `{"id","game":"xiangqi","fen","to_move":"red"|"black","solution":[…],
    /// "rating","themes":[…],"source"}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "id": self.id, "game": "xiangqi", "fen": self.fen, "to_move": self.to_move().name(),
            "solution": self.solution, "rating": self.rating, "themes": self.themes, "source": self.source,
        })
    }
}

/// Reads a puzzle file (format in the module documentation). Each puzzle is checked: six fields, a legal FEN,
/// a solution of an odd number of moves each legal in turn, a whole-number rating, known themes.
///
/// # Errors
/// `"line N: …"` (1-based) naming the first bad line and what is wrong with it.
pub fn parse(text: &str) -> Result<Vec<XiangqiPuzzle>, String> {
    super::parse_lines(text, "", parse_line)
}

fn parse_line(line: &str) -> Result<XiangqiPuzzle, String> {
    let f: Vec<&str> = line.split('\t').collect();
    let [id, fen, solution, rating, themes, source] = f[..] else {
        return Err(format!("expected 6 tab-separated fields, found {}", f.len()));
    };
    if id.is_empty() || !id.starts_with('x') || !id[1..].chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("bad id '{}' (expected x and digits)", crate::echo(id)));
    }
    let mut pos = Position::from_fen(fen).map_err(|e| format!("{id}: bad FEN: {e}"))?;
    let solution: Vec<String> = solution.split(' ').map(str::to_string).collect();
    if solution.len().is_multiple_of(2) {
        return Err(format!("{id}: the solution has {} moves: it must end on the player's move", solution.len()));
    }
    for m in &solution {
        if m.len() != 4 || m.chars().any(|c| c.is_ascii_uppercase()) {
            return Err(format!("{id}: '{}' is not a lower-case ICCS move", crate::echo(m)));
        }
        pos.try_play(m).map_err(|e| format!("{id}: move '{m}': {e}"))?;
    }
    let rating: u32 = rating.parse().map_err(|_| format!("{id}: bad rating '{}'", crate::echo(rating)))?;
    let themes: Vec<String> = themes.split(',').map(str::to_string).collect();
    if let Some(t) = themes.iter().find(|t| t.is_empty() || !THEMES.contains(&t.as_str())) {
        return Err(format!("{id}: unknown theme '{}'", crate::echo(t)));
    }
    Ok(XiangqiPuzzle { id: id.into(), fen: fen.into(), solution, rating, themes, source: source.into() })
}

/// Every shipped Xiangqi puzzle, in id order: `www/data/puzzles-xiangqi.txt` as compiled into the program
/// (the file the page loads), read by [`parse`].
///
/// # Errors
/// [`parse`]'s `"line N: …"` when the compiled-in file is malformed (the tests keep it from happening).
pub fn shipped() -> Result<Vec<XiangqiPuzzle>, String> {
    parse(DATA)
}

/// The difficulty rating of a puzzle (docs/puzzles-xiangqi.md "Rating"), on the Glicko scale, 800–2600:
///
/// `r = 700 + 110·(d − 1) + 120·(n − 1) + 150·sacrifice − 100·free + 90·ln(k)`,
///
/// where `d` is the first search depth from which the engine kept the solution's first move with a decisive
/// score (1–9, [`mine::Features::found_depth`]), `n` the player's moves in the line, `sacrifice` the theme,
/// `free` a first move that captures without being a sacrifice, and `k` the number of legal moves of the first
/// move's kind in the position ([`candidates`]); rounded to 10 and clamped to 800–2600. No human results
/// exist to fit it to: the weights are reasoned, not fitted.
pub fn rating(found_depth: u32, pos: &Position, solution: &[crate::xiangqi::Move], themes: &[String]) -> u32 {
    let has = |t: &str| themes.iter().any(|x| x == t);
    let n = solution.len().div_ceil(2) as f64;
    let free = has("capture") && !has("sacrifice");
    let k = candidates(pos, solution[0]).max(1) as f64;
    let r = 700.0 + 110.0 * (found_depth.max(1) - 1) as f64 + 120.0 * (n - 1.0) + if has("sacrifice") { 150.0 } else { 0.0 }
        - if free { 100.0 } else { 0.0 }
        + 90.0 * k.ln();
    ((r / 10.0).round() * 10.0).clamp(800.0, 2600.0) as u32
}

/// The moves a solver weighs against `first` at `pos`: the legal captures when `first` captures, else the
/// legal checks when it checks, else every legal move (a quiet move has no shortcut to it).
pub fn candidates(pos: &Position, first: crate::xiangqi::Move) -> usize {
    let capture = |m: crate::xiangqi::Move| pos.piece_at(m.to()).is_some();
    let mut scratch = pos.clone();
    let mut check = |m: crate::xiangqi::Move| {
        scratch.make_move(m);
        let c = scratch.in_check();
        scratch.unmake_move();
        c
    };
    let legal = pos.legal_moves();
    let moves = legal.as_slice();
    if capture(first) {
        moves.iter().filter(|&&m| capture(m)).count()
    } else if check(first) {
        moves.iter().filter(|&&m| check(m)).count()
    } else {
        moves.len()
    }
}

fn number<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match flag(args, name) {
        Some(v) => v.parse().map_err(|_| format!("puzzles: {name} must be a whole number")),
        None => Ok(default),
    }
}

/// The puzzles of `--file F` when given, else the shipped ones.
fn puzzles_from(args: &[String]) -> Result<Vec<XiangqiPuzzle>, String> {
    match flag(args, "--file") {
        Some(f) => parse(&std::fs::read_to_string(f).map_err(|e| format!("puzzles: {f}: {e}"))?).map_err(|e| format!("puzzles: {f}: {e}")),
        None => shipped().map_err(|e| format!("puzzles: the shipped file: {e}")),
    }
}

/// `duiyi puzzles --game xiangqi …` (see [`super::run`]):
///
/// * `[--json] [--file F]`: every puzzle, one per line: a JSON object ([`XiangqiPuzzle::to_json`]) or
///   tab-separated `id to_move rating themes fen solution`;
/// * `mine --pgn FILE [--games A..B] [--depth D] [--filter-depth F] [--shallow S] [--label NAME]`: mines games
///   A–B (1-based, inclusive) and prints data lines as it finds them, each after its `#features` comment
///   (progress on stderr); `--shallow S` takes the variations' moves from a depth-S search ([`mine`]);
/// * `check [--sample N] [--seed S] [--depth D] [--file F]`: re-searches every puzzle (or a seeded sample) at
///   depth D ([`check::CHECK_DEPTH`] by default); prints each failure and a summary; `Err` on any failure;
/// * `assemble [--drop-file F] [--date D] FILE…`: chunks of mined lines → the data file: sorted by source,
///   duplicates (same position) and the puzzles whose `source` is a line of F dropped, numbered `x0001`…,
///   with the header.
///
/// # Errors
/// Bad arguments, unreadable files, a malformed puzzle file, a failed check.
pub fn cli(args: &[String]) -> Result<String, String> {
    let sub = args.first().map(String::as_str).filter(|s| !s.starts_with("--"));
    let rest: Vec<String> = args.iter().skip(usize::from(sub.is_some())).cloned().collect();
    match sub {
        None => {
            check_args("puzzles", &rest, &["--game", "--file"], &["--json"])?;
            let json = rest.iter().any(|a| a == "--json");
            let mut out = String::new();
            for p in puzzles_from(&rest)? {
                if json {
                    out.push_str(&p.to_json().to_string());
                } else {
                    out.push_str(&format!(
                        "{}\t{}\t{}\t{}\t{}\t{}",
                        p.id, p.to_move().name(), p.rating, p.themes.join(","), p.fen, p.solution.join(" ")
                    ));
                }
                out.push('\n');
            }
            Ok(out)
        }
        Some("mine") => mine_cmd(&rest),
        Some("check") => check_cmd(&rest),
        Some("assemble") => assemble_cmd(&rest),
        Some(other) => Err(format!("puzzles: unknown command '{}' (expected mine, check or assemble)", crate::echo(other))),
    }
}

fn mine_cmd(args: &[String]) -> Result<String, String> {
    use std::io::Write;
    check_args("puzzles mine", args, &["--game", "--pgn", "--games", "--depth", "--filter-depth", "--label", "--shallow"], &[])?;
    let file = flag(args, "--pgn").ok_or("puzzles mine: --pgn FILE is required")?;
    let text = std::fs::read_to_string(file).map_err(|e| format!("puzzles mine: {file}: {e}"))?;
    let games = crate::xiangqi::pgn::parse_pgn_games(&text);
    let (a, b) = match flag(args, "--games") {
        Some(r) => {
            let (a, b) = r.split_once("..").ok_or("puzzles mine: --games A..B")?;
            (a.parse::<usize>().map_err(|_| "puzzles mine: --games A..B")?, b.parse::<usize>().map_err(|_| "puzzles mine: --games A..B")?)
        }
        None => (1, games.len()),
    };
    let mut o = mine::MineOptions::default();
    o.find_depth = number(args, "--depth", o.find_depth)?;
    o.filter_depth = number(args, "--filter-depth", o.filter_depth)?;
    if flag(args, "--shallow").is_some() {
        o.shallow_depth = Some(number(args, "--shallow", 2)?);
        o.multipv = 2;
    }
    if let Some(l) = flag(args, "--label") {
        o.label = l.into();
    }
    let mut seen = HashSet::new();
    let (mut total, t0) = (0, Instant::now());
    let stdout = std::io::stdout();
    for g in games.iter().filter(|g| (a..=b).contains(&(g.index + 1))) {
        let Ok(game) = &g.game else { continue };
        let tag = |k: &str| game.game.tags.iter().find(|(n, _)| n == k).map_or(String::new(), |(_, v)| v.replace('\t', " "));
        let src = mine::SourceGame {
            number: g.index + 1,
            fen: game.game.fen.clone(),
            moves: game.game.moves.clone(),
            red: tag("Red"),
            black: tag("Black"),
        };
        let found = mine::mine_game(&src, &o, &mut seen);
        total += found.len();
        let mut lock = stdout.lock();
        for (p, f) in &found {
            writeln!(lock, "{}\n{}", f.comment(), p.data_line()).map_err(|e| e.to_string())?;
        }
        lock.flush().map_err(|e| e.to_string())?;
        eprintln!("game {}: {} puzzles ({total} in all, {:.0} s)", g.index + 1, found.len(), t0.elapsed().as_secs_f64());
    }
    Ok(String::new())
}

fn check_cmd(args: &[String]) -> Result<String, String> {
    check_args("puzzles check", args, &["--game", "--sample", "--seed", "--depth", "--file"], &[])?;
    let puzzles = puzzles_from(args)?;
    let depth: u32 = number(args, "--depth", check::CHECK_DEPTH)?;
    let sample = flag(args, "--sample").map(|s| s.parse::<usize>().map_err(|_| "puzzles check: --sample must be a whole number")).transpose()?;
    let seed: u64 = number(args, "--seed", 1)?;
    let t0 = Instant::now();
    let idx = check::sample_indices(puzzles.len(), sample, seed);
    let mut failed = Vec::new();
    for &i in &idx {
        let p = &puzzles[i];
        if let Err(e) = check::check_one(p, depth) {
            println!("FAIL {}\t{}\t{e}", p.id, p.source);
            failed.push(p.id.clone());
        }
    }
    let summary = format!(
        "checked {} of {} puzzles at depth {depth}: {} passed, {} failed{} in {:.1} s",
        idx.len(),
        puzzles.len(),
        idx.len() - failed.len(),
        failed.len(),
        if failed.is_empty() { String::new() } else { format!(" ({})", failed.join(",")) },
        t0.elapsed().as_secs_f64()
    );
    if failed.is_empty() { Ok(format!("{summary}\n")) } else { Err(summary) }
}

/// The data file's header.
const HEADER: &str = "\
# duiyi Xiangqi puzzles (issue 36): positions of real master games where the side to move has one winning move.
# Source: benches/data/liu-dahua-1000-games.pgn (1,000 games of Liu Dahua from wxf.ca's master database, via the
#   wukong-xiangqi repository, MIT licence). Method, thresholds, themes and rating: docs/puzzles-xiangqi.md.
# Mined by `duiyi puzzles mine --game xiangqi` (filter depth 5, find depth 9; game positions, and the positions
#   after a losing alternative to the game's move, `var M` in the source), re-checked at depth 14 by
#   `duiyi puzzles check --game xiangqi` (failures dropped), assembled by `duiyi puzzles assemble --game xiangqi`.
# Fields (TAB-separated): id fen solution rating themes source\n";

fn assemble_cmd(args: &[String]) -> Result<String, String> {
    check_args_and_files("puzzles assemble", args, &["--game", "--drop-file", "--date"], &[])?;
    let mut drop: HashSet<String> = HashSet::new();
    if let Some(f) = flag(args, "--drop-file") {
        let text = std::fs::read_to_string(f).map_err(|e| format!("puzzles assemble: {f}: {e}"))?;
        drop.extend(text.lines().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string));
    }
    let mut files = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i].starts_with("--") {
            i += 2;
        } else {
            files.push(args[i].clone());
            i += 1;
        }
    }
    let mut all = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).map_err(|e| format!("puzzles assemble: {f}: {e}"))?;
        // The miner's `#features` comment before a puzzle: its rating is computed again from them (so the
        // set's ratings follow the current formula).
        let mut features = None;
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') {
                features = mine::Features::parse_comment(line);
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            let mut p = parse_line(line).map_err(|e| format!("puzzles assemble: {f}: line {}: {e}", i + 1))?;
            if let Some(ft) = features.take() {
                let pos = Position::from_fen(&p.fen).map_err(|e| format!("puzzles assemble: {f}: line {}: {e}", i + 1))?;
                let moves: Vec<crate::xiangqi::Move> =
                    p.solution.iter().filter_map(|m| crate::xiangqi::Move::parse_iccs(m)).collect();
                p.rating = rating(ft.found_depth, &pos, &moves, &p.themes);
            }
            all.push(p);
        }
    }
    // Source order: game number, then ply.
    let key = |p: &XiangqiPuzzle| -> (usize, usize) {
        let s = &p.source;
        let g = s.split('#').nth(1).and_then(|t| t.split(' ').next()).and_then(|t| t.parse().ok()).unwrap_or(usize::MAX);
        let ply = s.split(" ply ").nth(1).and_then(|t| t.split(' ').next()).and_then(|t| t.parse().ok()).unwrap_or(0);
        (g, ply)
    };
    crate::sort::sort_by_key(&mut all, key);
    let mut seen = HashSet::new();
    let mut out = String::from(HEADER);
    if let Some(d) = flag(args, "--date") {
        out.push_str(&format!("# Assembled {d}.\n"));
    }
    let mut n = 0;
    for mut p in all {
        let board: String = p.fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        if drop.contains(&p.source) || drop.contains(&board) || !seen.insert(board) {
            continue;
        }
        n += 1;
        p.id = format!("x{n:04}");
        out.push_str(&p.data_line());
        out.push('\n');
    }
    Ok(out)
}
