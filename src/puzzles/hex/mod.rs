//! The Hex puzzle set (issue 36): positions from engine games where the side to move wins with exactly one or
//! two moves, each proved by the solver ([`crate::hex::solver`]) and shipped as `www/data/puzzles-hex.txt`.
//!
//! * The **file format** and its parser ([`parse`], [`shipped`], [`HexPuzzle`]): `#` lines are comments, every
//!   other line is `id  size  moves  solution  wins  rating  themes  source`, TAB-separated (see
//!   `docs/puzzles-hex.md`).
//! * The **miner** ([`mine`]): `duiyi puzzles mine --game hex …` reads games (SGF files, one-game-a-line move
//!   lists, or its own seeded self-play), proves the positions and writes puzzle lines.
//! * The **checker** ([`check`]): `duiyi puzzles check --game hex [--sample N] [--seed S]` re-proves the
//!   shipped set.
//! * The **listing**: `duiyi puzzles --game hex [--json]`, one line per shipped puzzle.

pub mod check;
pub mod mine;
mod prove;

use crate::hex::{Cell, Color, Move, Position};

/// The shipped set, compiled in (the page reads the same file).
pub const DATA: &str = include_str!("../../../www/data/puzzles-hex.txt");

/// Smallest and largest board side of the set.
pub const SIZES: std::ops::RangeInclusive<usize> = 5..=9;

/// One Hex puzzle: a position reached by `moves` on an empty `size`×`size` board (Black first, no swap), the
/// side to move (the player) wins; `solution` is the main line, `wins` every winning move at each of the
/// player's steps.
#[derive(Clone, Debug, PartialEq)]
pub struct HexPuzzle {
    /// `h0001`, …
    pub id: String,
    /// The board side (square boards, 5–9).
    pub size: usize,
    /// The game's moves from the empty board, cells like `c3`, Black first.
    pub moves: Vec<Cell>,
    /// The main line: the player's move, the defender's most stubborn reply, …, ending on a player's move after
    /// which the VC engine sees the player's connection (or the game is over).
    pub solution: Vec<Cell>,
    /// For each of the player's steps on the main line (`solution[0]`, `solution[2]`, …), every winning move
    /// (the first step: exactly these win, 1 or 2 of them).
    pub wins: Vec<Vec<Cell>>,
    /// Difficulty on the Glicko scale (a formula, `docs/puzzles-hex.md`).
    pub rating: u32,
    /// Themes (`oneMove`, `twoMoves`, `defend`, `attack`, `quick`, `long`, `sizeN`).
    pub themes: Vec<String>,
    /// Where the position comes from.
    pub source: String,
}

impl HexPuzzle {
    /// The puzzle's position (after `moves`).
    ///
    /// # Errors
    /// An illegal move (the message names it).
    pub fn position(&self) -> Result<Position, String> {
        let mut pos = Position::square(self.size).map_err(|e| e.to_string())?;
        for (i, c) in self.moves.iter().enumerate() {
            pos.try_play(Move::Place(*c)).map_err(|e| format!("move {} ({c}): {e}", i + 1))?;
        }
        Ok(pos)
    }

    /// The player: the side to move after `moves`.
    pub fn to_move(&self) -> Color {
        if self.moves.len().is_multiple_of(2) { Color::Black } else { Color::White }
    }

    /// The puzzle as one data-file line (the inverse of [`parse`] for one line).
    pub fn to_line(&self) -> String {
        let join = |v: &[Cell], sep: &str| v.iter().map(Cell::to_string).collect::<Vec<_>>().join(sep);
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.size,
            join(&self.moves, ","),
            join(&self.solution, " "),
            self.wins.iter().map(|w| join(w, ",")).collect::<Vec<_>>().join(";"),
            self.rating,
            self.themes.join(","),
            self.source
        )
    }

    /// The puzzle as the JSON object of `duiyi puzzles --game hex --json`.
    pub fn to_json(&self) -> serde_json::Value {
        let s = |v: &[Cell]| v.iter().map(Cell::to_string).collect::<Vec<_>>();
        serde_json::json!({
            "id": self.id, "game": "hex", "size": self.size, "moves": s(&self.moves),
            "to_move": self.to_move().name(), "solution": s(&self.solution),
            "wins": self.wins.iter().map(|w| s(w)).collect::<Vec<_>>(),
            "rating": self.rating, "themes": self.themes, "source": self.source,
        })
    }

    /// A key of the position that is the same for the position and its 180° rotation (each side keeps its
    /// edges under it): the smaller of the two boards' row strings, with the side to move.
    pub fn position_key(pos: &Position) -> String {
        let rows = pos.rows().join("/");
        let rotated: String = rows.chars().rev().collect();
        format!("{}:{}", rows.min(rotated), pos.to_move().name())
    }
}

fn cells(text: &str, sep: char, what: &str) -> Result<Vec<Cell>, String> {
    text.split(sep)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Cell::parse(s).map_err(|e| format!("{what}: '{s}': {e}")))
        .collect()
}

/// Parses one data line (no comment): the puzzle, or what is wrong with it.
fn parse_line(line: &str) -> Result<HexPuzzle, String> {
    let f: Vec<&str> = line.split('\t').collect();
    if f.len() != 8 {
        return Err(format!("expected 8 TAB-separated fields, found {}", f.len()));
    }
    let size: usize = f[1].parse().map_err(|_| format!("size '{}' is not a number", f[1]))?;
    if !SIZES.contains(&size) {
        return Err(format!("size {size} is outside 5..9"));
    }
    let wins = f[4].split(';').map(|s| cells(s, ',', "wins")).collect::<Result<Vec<_>, _>>()?;
    let p = HexPuzzle {
        id: f[0].to_string(),
        size,
        moves: cells(f[2], ',', "moves")?,
        solution: cells(f[3], ' ', "solution")?,
        wins,
        rating: f[5].parse().map_err(|_| format!("rating '{}' is not a number", f[5]))?,
        themes: f[6].split(',').filter(|s| !s.is_empty()).map(str::to_string).collect(),
        source: f[7].to_string(),
    };
    if p.solution.is_empty() || p.solution.len().is_multiple_of(2) {
        return Err("the solution must end on a player's move (an odd number of cells)".into());
    }
    if p.wins.len() != p.solution.len().div_ceil(2) {
        return Err(format!("{} steps of wins for {} player moves", p.wins.len(), p.solution.len().div_ceil(2)));
    }
    if !(1..=2).contains(&p.wins[0].len()) {
        return Err(format!("the first step lists {} winning moves (1 or 2 expected)", p.wins[0].len()));
    }
    for (k, w) in p.wins.iter().enumerate() {
        if !w.contains(&p.solution[2 * k]) {
            return Err(format!("step {}: the main line's {} is not among the wins", k + 1, p.solution[2 * k]));
        }
    }
    let mut pos = p.position()?;
    for (i, c) in p.solution.iter().enumerate() {
        pos.try_play(Move::Place(*c)).map_err(|e| format!("solution move {} ({c}): {e}", i + 1))?;
    }
    Ok(p)
}

/// Parses a data file in the format of `www/data/puzzles-hex.txt`.
///
/// # Errors
/// The first bad line, named by its number (a wrong field count, a bad cell, an illegal move, a main line whose
/// moves are not among the listed wins, …).
pub fn parse(text: &str) -> Result<Vec<HexPuzzle>, String> {
    super::parse_lines(text, "puzzles-hex.txt ", parse_line)
}

/// The shipped set ([`DATA`], parsed).
///
/// # Errors
/// As [`parse`] (a test keeps the shipped file valid).
pub fn shipped() -> Result<Vec<HexPuzzle>, String> {
    parse(DATA)
}

/// The listing: one line per puzzle, JSON objects or `id  to_move  rating  themes  size+moves  solution`.
pub fn listing(puzzles: &[HexPuzzle], json: bool) -> String {
    let mut out = String::new();
    for p in puzzles {
        if json {
            out.push_str(&p.to_json().to_string());
        } else {
            let moves = p.moves.iter().map(Cell::to_string).collect::<Vec<_>>().join(",");
            let sol = p.solution.iter().map(Cell::to_string).collect::<Vec<_>>().join(" ");
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}+{}\t{}",
                p.id,
                p.to_move().name(),
                p.rating,
                p.themes.join(","),
                p.size,
                moves,
                sol
            ));
        }
        out.push('\n');
    }
    out
}

/// `duiyi puzzles --game hex …` (see [`super::run`]): the listing (`[--json]`), `mine …` ([`mine::cli`]),
/// `check …` ([`check::cli`]) or `merge FILE…` ([`mine::merge_cli`]).
///
/// # Errors
/// An unknown argument, or the subcommand's own errors.
pub fn cli(args: &[String]) -> Result<String, String> {
    match args.first().map(String::as_str) {
        Some("mine") => mine::cli(&args[1..]),
        Some("check") => check::cli(&args[1..]),
        Some("merge") => mine::merge_cli(&args[1..]),
        _ => {
            crate::args::check_args("puzzles", args, &["--game"], &["--json"])?;
            Ok(listing(&shipped()?, args.iter().any(|a| a == "--json")))
        }
    }
}
