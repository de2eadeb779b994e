//! The miner: `duiyi puzzles mine --game hex (--from PATH[,PATH…] | --selfplay K --size N [--seed S]
//! [--playouts P] [--open R] [--noise X]) [--min-empty E] [--max-empty E] [--ms MS] [--reply-ms MS]
//! [--per-game K] [--steps K] [--min-ply K] [--walk K] [--gap K] [--out FILE]`.
//!
//! For each game it walks the positions backward from the end (positions with at most `--max-empty` empty
//! cells, at least `--min-empty`), keeps those where the VC engine sees no connection yet, the side to move
//! wins and exactly one or two moves win (every move proved or refuted by the solver within `--ms`), and
//! builds the main line:
//!
//! * the **player's move**: a winning move after which the VC engine sees the connection when there is one,
//!   otherwise the winning move whose proof (the defender's loss) costs the solver the fewest nodes;
//! * the **most stubborn defence**: among the defender's candidate replies (its must-play region without the
//!   inferior moves, [`crate::hex::knowledge`]), the one whose refutation (a fresh solver proving the
//!   player's win after it) costs the most nodes; replies not refuted within `--reply-ms` are left out;
//! * every winning move of the player's next step (proved complete), and so on until the VC engine sees the
//!   player's connection, at most `--steps` player moves (6): a line that does not end so is dropped.
//!
//! Positions already in `--out` (also under the 180° rotation) are skipped; new puzzles are appended with
//! the next ids. The rating is [`rating`].

use super::prove::{after, all_wins, mover_wins, vc_won, wins_upto};
use super::HexPuzzle;
use crate::args::{check_args, flag as opt};
use crate::hex::knowledge::{self, Verdict};
use crate::hex::mcts::Mcts;
use crate::hex::{Cell, Move, Position};
use crate::search::clock::now_ms;
use std::collections::HashSet;

/// A game to mine: its board, its moves and where it comes from.
#[derive(Clone, Debug)]
pub struct Game {
    /// Board side.
    pub size: usize,
    /// The moves from the empty board (Black first).
    pub moves: Vec<Cell>,
    /// Its source, to which the miner adds `move N` (the first move of the puzzle's position is move 1).
    pub source: String,
}

/// The miner's budgets (see the module documentation).
#[derive(Clone, Copy, Debug)]
pub struct MineOptions {
    /// Positions with fewer moves played are not mined (not too early in the game).
    pub min_ply: usize,
    /// Positions with fewer empty cells are not mined.
    pub min_empty: usize,
    /// Positions with more empty cells are not mined (the walk from the end stops there).
    pub max_empty: usize,
    /// Solver time of one proof (ms).
    pub ms: f64,
    /// Solver time of one defender reply's refutation (ms).
    pub reply_ms: f64,
    /// Puzzles kept per game at most.
    pub per_game: usize,
    /// Player moves on the main line at most.
    pub steps: usize,
    /// Positions tried (not decided by the VC engine) per game at most, from the end.
    pub walk: usize,
    /// Kept positions of one game are at least this many moves apart.
    pub gap: usize,
}

/// The features the rating is computed from.
#[derive(Clone, Copy, Debug)]
pub struct Features {
    /// Board side.
    pub size: usize,
    /// Empty cells of the position.
    pub empty: usize,
    /// Winning first moves (1 or 2).
    pub wins: usize,
    /// Player moves on the main line.
    pub steps: usize,
    /// Solver nodes of the first step's complete proof (every move proved or refuted).
    pub nodes: u64,
    /// The defender threatens a connection strongly: the must-play region holds at most a third of the empty cells
    /// that are not filled in (dead, captured, permanently inferior).
    pub forced: bool,
    /// The first winning move touches the opponent's last stone.
    pub local: bool,
    /// The must-play region's size.
    pub region: usize,
    /// The empty cells not filled in.
    pub open: usize,
}

/// The difficulty on the Glicko scale. No human results exist to fit it: the weights are set by hand, so the
/// set spans about 800–2400 with its median near 1350:
/// `650 + 6·empty + 10·min(region, 40) + 140·(steps − 1) + 110·log10(nodes) + 30·(size − 5)
/// − 150·[two winning moves] − 120·[local]`, rounded to 10 and clamped to 800–2400 (`region`: the must-play
/// region's size, the moves worth considering; `nodes`: the first step's complete proof).
pub fn rating(f: &Features) -> u32 {
    let mut r = 650.0
        + 6.0 * f.empty as f64
        + 10.0 * f.region.min(40) as f64
        + 140.0 * (f.steps as f64 - 1.0)
        + 110.0 * (f.nodes.max(1) as f64).log10()
        + 30.0 * (f.size as f64 - 5.0);
    if f.wins == 2 {
        r -= 150.0;
    }
    if f.local {
        r -= 120.0;
    }
    ((r / 10.0).round() * 10.0).clamp(800.0, 2400.0) as u32
}

/// The themes of a puzzle (see `docs/puzzles-hex.md`).
pub fn themes(f: &Features) -> Vec<String> {
    let mut t = vec![if f.wins == 1 { "oneMove" } else { "twoMoves" }.to_string()];
    t.push(if f.forced { "defend" } else { "attack" }.to_string());
    if f.steps == 1 {
        t.push("quick".into());
    } else if f.steps >= 3 {
        t.push("long".into());
    }
    t.push(format!("size{}", f.size));
    t
}

/// Builds the main line from `pos` whose first step's winning moves are `first` (see the module
/// documentation): `(solution, wins)`, or `None` when a proof is not found in the budget or the line does not
/// end in a VC-engine-proved connection within `o.steps` player moves.
pub fn main_line(pos: &Position, first: Vec<Cell>, o: &MineOptions) -> Option<(Vec<Cell>, Vec<Vec<Cell>>)> {
    let mut cur = pos.clone();
    let (mut solution, mut wins) = (Vec::new(), Vec::new());
    let mut step_wins = first;
    for step in 0..o.steps {
        // The player's move: one the VC engine already sees through, else the cheapest to prove.
        let mut chosen = step_wins.iter().copied().find(|&c| vc_won(&after(&cur, c)));
        if chosen.is_none() {
            let mut best: Option<(u64, Cell)> = None;
            for &c in step_wins.iter().take(8) {
                let (defender_wins, n) = mover_wins(&after(&cur, c), o.ms)?;
                if defender_wins {
                    return None; // inconsistent with the proof: never expected
                }
                if best.is_none_or(|(bn, _)| n < bn) {
                    best = Some((n, c));
                }
            }
            chosen = best.map(|b| b.1);
        }
        let c = chosen?;
        solution.push(c);
        wins.push(std::mem::take(&mut step_wins));
        cur = after(&cur, c);
        if vc_won(&cur) {
            return Some((solution, wins));
        }
        if step + 1 == o.steps {
            return None;
        }
        // The defender's most stubborn reply: the costliest refutation.
        let k = knowledge::analyse(&cur)?;
        let mut best: Option<(u64, Cell)> = None;
        for &r in &k.candidates {
            let child = after(&cur, r);
            if child.winner().is_some() {
                continue;
            }
            match mover_wins(&child, o.reply_ms) {
                Some((true, n)) if best.is_none_or(|(bn, _)| n > bn) => best = Some((n, r)),
                Some((true, _)) => {}
                Some((false, _)) => return None, // never expected: the player's move was proved
                None => {}
            }
        }
        let r = best?.1;
        solution.push(r);
        cur = after(&cur, r);
        let (w, _) = all_wins(&cur, o.ms)?;
        if w.is_empty() {
            return None;
        }
        step_wins = w;
    }
    None
}

/// What mining one position gave.
#[derive(Clone, Debug)]
pub enum Mined {
    /// A puzzle (its id still empty).
    Puzzle(HexPuzzle),
    /// Not tried: the game is over, the empty cells are out of range, or the VC engine decides the position.
    Decided,
    /// Not a puzzle (lost for the side to move, more than two winning moves, or a main line not found).
    No,
    /// The solver did not decide the position within the budget.
    Undecided,
}

/// Mines one position (the first `ply` moves of `game`): a puzzle when the side to move wins with exactly one
/// or two moves and the main line ends in a proved connection.
pub fn mine_position(game: &Game, ply: usize, o: &MineOptions) -> Mined {
    let mut pos = Position::square(game.size).expect("a board");
    for &c in &game.moves[..ply] {
        if pos.try_play(Move::Place(c)).is_err() {
            return Mined::No;
        }
    }
    let empty = pos.empty_count();
    if pos.winner().is_some() || empty < o.min_empty || empty > o.max_empty {
        return Mined::Decided;
    }
    let Some(k) = knowledge::analyse(&pos) else { return Mined::Decided };
    if k.verdict != Verdict::Open {
        return Mined::Decided;
    }
    let Some((first, _)) = wins_upto(&pos, o.ms, 3) else { return Mined::Undecided };
    if !(1..=2).contains(&first.len()) {
        return Mined::No;
    }
    // The complete set by the root solver (the checker's proof), and its size for the rating.
    let Some((first, nodes)) = all_wins(&pos, o.ms) else { return Mined::Undecided };
    if !(1..=2).contains(&first.len()) {
        return Mined::No;
    }
    let Some((solution, wins)) = main_line(&pos, first.clone(), o) else { return Mined::No };
    let mut p = HexPuzzle {
        id: String::new(),
        size: game.size,
        moves: game.moves[..ply].to_vec(),
        solution,
        wins,
        rating: 0,
        themes: vec![],
        source: format!("{}, move {}", game.source, ply + 1),
    };
    let f = features(&p, &pos, nodes);
    p.rating = rating(&f);
    p.themes = themes(&f);
    Mined::Puzzle(p)
}

/// The rating's features of puzzle `p` whose position is `pos`, `nodes` being the first step's complete proof.
pub fn features(p: &HexPuzzle, pos: &Position, nodes: u64) -> Features {
    let g = pos.geometry();
    let local = p.moves.last().is_some_and(|&l| g.neighbours(g.index(p.solution[0])).any(|i| g.index(l) == i));
    let k = knowledge::analyse(pos).expect("an open position");
    let filled = k.dead.len() + k.captured.iter().chain(&k.permanently_inferior).map(Vec::len).sum::<usize>();
    let open = pos.empty_count() - filled;
    Features {
        size: p.size,
        empty: pos.empty_count(),
        wins: p.wins[0].len(),
        steps: p.wins.len(),
        nodes,
        forced: 3 * k.must_play.len() <= open,
        local,
        region: k.must_play.len(),
        open,
    }
}
/// Reads games: a directory (its `*.sgf` files, sorted), an SGF file, or a text file of one game a line (the
/// board side then the moves, `#` comments: `benches/hex-review-games.txt`). Games with a swap, on a board that
/// is not square or outside 5–9 are left out.
pub fn load_games(path: &str) -> Result<Vec<Game>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{path}: {e}"))?;
    if meta.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(path)
            .map_err(|e| format!("{path}: {e}"))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        files.sort();
        let mut out = Vec::new();
        for f in files {
            out.extend(load_games(&f.to_string_lossy())?);
        }
        return Ok(out);
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    if path.ends_with(".sgf") {
        let g = crate::hex::sgf::load(&text).map_err(|e| format!("{path}: {e}"))?;
        let p = &g.position;
        let mut moves = Vec::new();
        for (_, m) in p.moves() {
            match m {
                Move::Place(c) => moves.push(c),
                Move::Swap => return Ok(vec![]),
            }
        }
        if g.swapped_sides || p.width() != p.height() || !super::SIZES.contains(&p.width()) {
            return Ok(vec![]);
        }
        let prop = |id: &str| {
            text.find(&format!("{id}[")).and_then(|i| text[i + id.len() + 1..].split(']').next()).unwrap_or("?").to_string()
        };
        let name = std::path::Path::new(path);
        let short = name.iter().rev().take(2).collect::<Vec<_>>();
        let file = format!("{}/{}", short[1].to_string_lossy(), short[0].to_string_lossy().trim_end_matches(".sgf"));
        let source = format!(
            "{} (Black) vs {} (White) {}, {}x{}, {}",
            prop("PB"),
            prop("PW"),
            prop("DT"),
            p.width(),
            p.width(),
            file
        );
        return Ok(vec![Game { size: p.width(), moves, source }]);
    }
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut w = line.split_whitespace();
        let Some(first) = w.next().filter(|s| !s.starts_with('#')) else { continue };
        let size: usize = first.parse().map_err(|_| format!("{path} line {}: board side '{first}'", i + 1))?;
        let moves = w.map(|s| Cell::parse(s).map_err(|e| format!("{path} line {}: {e}", i + 1))).collect::<Result<Vec<_>, _>>()?;
        if super::SIZES.contains(&size) {
            out.push(Game { size, moves, source: format!("{path} line {}", i + 1) });
        }
    }
    Ok(out)
}

/// A small seeded generator (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, p: f64) -> bool {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64 <= p
    }
}

/// Self-play games of our engine on `size`×`size`: the first `open` moves at random, then each move the Monte
/// Carlo search's at `playouts` playouts, or with probability `noise` a random move (so mistakes occur); the
/// random choices from `seed`.
pub fn selfplay(size: usize, games: usize, seed: u64, playouts: u64, open: usize, noise: f64) -> Vec<Game> {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut mcts = Mcts::new(16);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = Position::square(size).expect("a board");
        let mut moves = Vec::new();
        while pos.winner().is_none() {
            let legal: Vec<Cell> =
                pos.legal_moves().into_iter().filter_map(|m| if let Move::Place(c) = m { Some(c) } else { None }).collect();
            let c = if moves.len() < open || rng.chance(noise) {
                legal[rng.below(legal.len())]
            } else {
                mcts.start(pos.clone());
                for _ in 0..64 {
                    if mcts.run(f64::INFINITY, playouts) != crate::hex::mcts::MctsOutcome::IterationDone
                        || mcts.nodes() >= playouts
                    {
                        break;
                    }
                }
                match mcts.best_move() {
                    Some(Move::Place(c)) => c,
                    _ => legal[rng.below(legal.len())],
                }
            };
            pos.try_play(Move::Place(c)).expect("a legal move");
            moves.push(c);
        }
        out.push(Game {
            size,
            moves,
            source: format!(
                "duiyi self-play {size}x{size}, seed {seed} game {}, {playouts} playouts, {open} random opening moves, noise {noise}",
                g + 1
            ),
        });
    }
    out
}

/// `duiyi puzzles mine --game hex …` (see the module documentation): mines, appends to `--out` (or prints)
/// the new puzzle lines, and returns a summary.
///
/// # Errors
/// Bad arguments, unreadable games, or an `--out` file that does not parse.
pub fn cli(args: &[String]) -> Result<String, String> {
    check_args(
        "puzzles mine",
        args,
        &[
            "--game", "--from", "--min-ply", "--selfplay", "--size", "--seed", "--playouts", "--open", "--noise", "--min-empty",
            "--max-empty", "--ms", "--reply-ms", "--per-game", "--steps", "--walk", "--gap", "--out",
        ],
        &[],
    )?;
    let num = |name: &str, default: f64| -> Result<f64, String> {
        opt(args, name).map_or(Ok(default), |v| v.parse().map_err(|_| format!("puzzles mine: {name} '{v}' is not a number")))
    };
    let size = opt(args, "--size").map(|s| s.parse::<usize>()).transpose().map_err(|_| "puzzles mine: --size N")?;
    let mut games = Vec::new();
    if let Some(from) = opt(args, "--from") {
        for p in from.split(',') {
            games.extend(load_games(p)?);
        }
    }
    if let Some(k) = opt(args, "--selfplay") {
        let n = size.ok_or("puzzles mine: --selfplay needs --size N")?;
        let k: usize = k.parse().map_err(|_| "puzzles mine: --selfplay K")?;
        games.extend(selfplay(
            n,
            k,
            num("--seed", 1.0)? as u64,
            num("--playouts", 200.0)? as u64,
            num("--open", 2.0)? as usize,
            num("--noise", 0.1)?,
        ));
    }
    if let Some(n) = size {
        games.retain(|g| g.size == n);
    }
    let side = size.unwrap_or(9);
    let o = MineOptions {
        min_ply: num("--min-ply", (side * side / 5).max(4) as f64)? as usize,
        min_empty: num("--min-empty", 4.0)? as usize,
        max_empty: num("--max-empty", if side >= 9 { 60.0 } else { (side * side) as f64 })? as usize,
        ms: num("--ms", 5000.0)?,
        reply_ms: num("--reply-ms", 3000.0)?,
        per_game: num("--per-game", 3.0)? as usize,
        steps: num("--steps", 6.0)? as usize,
        walk: num("--walk", 1000.0)? as usize,
        gap: num("--gap", 4.0)? as usize,
    };
    let out = opt(args, "--out");
    let existing = match out {
        Some(f) if std::path::Path::new(f).exists() => {
            super::parse(&std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?)?
        }
        _ => Vec::new(),
    };
    let mut seen: HashSet<String> = existing.iter().filter_map(|p| p.position().ok()).map(|p| HexPuzzle::position_key(&p)).collect();
    let mut next = existing.iter().filter_map(|p| p.id.trim_start_matches('h').parse::<usize>().ok()).max().unwrap_or(0) + 1;
    let mut lines = String::new();
    let t0 = now_ms();
    let trace = std::env::var_os("DUIYI_MINE_TRACE").is_some();
    let mut found = 0;
    for (gi, game) in games.iter().enumerate() {
        let mut kept = 0;
        let mut undecided = 0;
        let mut tried = 0;
        let mut last_kept = usize::MAX;
        for ply in (o.min_ply.max(1)..game.moves.len()).rev() {
            if kept >= o.per_game || undecided >= 3 || tried >= o.walk {
                break;
            }
            // Puzzles of one game at least `gap` moves apart (a ladder's steps are one puzzle, not three).
            if last_kept.saturating_sub(ply) < o.gap {
                continue;
            }
            let empty = game.size * game.size - ply;
            if empty < o.min_empty {
                continue;
            }
            if empty > o.max_empty {
                break;
            }
            let mut pos = Position::square(game.size).map_err(|e| e.to_string())?;
            for &c in &game.moves[..ply] {
                pos.try_play(Move::Place(c)).map_err(|e| format!("{}: {e}", game.source))?;
            }
            let key = HexPuzzle::position_key(&pos);
            if seen.contains(&key) {
                continue;
            }
            let t = now_ms();
            let mined = mine_position(game, ply, &o);
            if trace {
                eprintln!("  game {} ply {ply}: {mined:?} in {:.0} ms", gi + 1, now_ms() - t);
            }
            // Positions the solver cannot decide end the walk (earlier ones have more empty cells).
            match mined {
                Mined::Undecided => {
                    undecided += 1;
                    tried += 1;
                }
                Mined::Decided => {}
                _ => tried += 1,
            }
            if let Mined::Puzzle(mut p) = mined {
                p.id = format!("h{next:04}");
                next += 1;
                seen.insert(key);
                kept += 1;
                last_kept = ply;
                found += 1;
                let line = p.to_line();
                eprintln!("[{:.0}s] game {}/{}: {line}", (now_ms() - t0) / 1000.0, gi + 1, games.len());
                if let Some(f) = out {
                    use std::io::Write;
                    let new = !std::path::Path::new(f).exists();
                    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(f).map_err(|e| format!("{f}: {e}"))?;
                    if new {
                        writeln!(file, "# Hex puzzles mined by duiyi puzzles mine --game hex (see docs/puzzles-hex.md)").map_err(|e| e.to_string())?;
                    }
                    writeln!(file, "{line}").map_err(|e| format!("{f}: {e}"))?;
                } else {
                    lines.push_str(&line);
                    lines.push('\n');
                }
            }
        }
    }
    lines.push_str(&format!("# {found} puzzles from {} games in {:.1} s", games.len(), (now_ms() - t0) / 1000.0));
    Ok(lines)
}

/// `duiyi puzzles merge --game hex FILE… [--date D] [--rerate]`: the miners' files as one data file: puzzles
/// parsed, the repeated positions (also under the 180° rotation) dropped, with `--rerate` the ratings and
/// themes recomputed ([`features`], [`rating`], [`themes`]), sorted by board size then rating, numbered
/// `h0001…`, under a header naming the method and every game source.
///
/// # Errors
/// A file that cannot be read or parsed.
pub fn merge_cli(args: &[String]) -> Result<String, String> {
    let mut files = Vec::new();
    let mut date = "?".to_string();
    let mut rerate = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--game" => i += 1,
            "--rerate" => rerate = true,
            "--date" => {
                date = args.get(i + 1).cloned().ok_or("puzzles merge: --date D")?;
                i += 1;
            }
            f => files.push(f.to_string()),
        }
        i += 1;
    }
    let mut all = Vec::new();
    let mut seen = HashSet::new();
    for f in &files {
        for p in super::parse(&std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}"))?).map_err(|e| format!("{f}: {e}"))? {
            if seen.insert(HexPuzzle::position_key(&p.position()?)) {
                all.push(p);
            }
        }
    }
    // Ratings and themes recomputed (the formula may have changed since a file was mined).
    if rerate {
        for p in &mut all {
            let pos = p.position()?;
            let (_, nodes) = all_wins(&pos, 60_000.0).ok_or_else(|| format!("{}: not proved", p.id))?;
            let f = features(p, &pos, nodes);
            p.rating = rating(&f);
            p.themes = themes(&f);
            eprintln!("{} {f:?} -> {}", p.source, p.rating);
        }
    }
    crate::sort::sort_by_key(&mut all, |p| (p.size, p.rating));
    let mut groups: Vec<String> = Vec::new();
    for p in &all {
        let g = if p.source.contains("/game-") {
            let file = p.source.rsplit(", ").nth(1).unwrap_or("");
            format!("9x9 engine matches: {}", file.split('/').next().unwrap_or(file))
        } else if let Some((file, _)) = p.source.split_once(" line ") {
            format!("{file} (engine self-play; see its header)")
        } else {
            p.source.split(" game ").next().unwrap_or(&p.source).to_string()
        };
        if !groups.contains(&g) {
            groups.push(g);
        }
    }
    let mut out = format!(
        "# Hex puzzles (issue 36): {} positions from engine games where the side to move wins with exactly one or two\n\
         # moves, every move proved by duiyi's solver. Made by `duiyi puzzles mine --game hex` and `duiyi puzzles merge`\n\
         # on {date}; checked by `duiyi puzzles check --game hex`. Method, rating formula and themes: docs/puzzles-hex.md.\n\
         # Fields (TAB-separated): id, size, moves (from the empty board, Black first, no swap), solution (the main\n\
         # line, ending on a player's move after which the VC engine sees the connection), wins (every winning move\n\
         # of each player step, ';' between steps), rating, themes, source.\n# Game sources:\n",
        all.len()
    );
    for g in &groups {
        out.push_str(&format!("#   {g}\n"));
    }
    for (k, p) in all.iter_mut().enumerate() {
        p.id = format!("h{:04}", k + 1);
        out.push_str(&p.to_line());
        out.push('\n');
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_follows_its_formula_and_stays_in_range() {
        let f = Features { size: 7, empty: 30, wins: 1, steps: 2, nodes: 1000, forced: true, local: false, region: 8, open: 28 };
        // 650 + 180 + 80 + 140 + 330 + 60 = 1440
        assert_eq!(rating(&f), 1440);
        assert_eq!(rating(&Features { wins: 2, local: true, ..f }), 1170);
        assert_eq!(rating(&Features { empty: 0, region: 0, steps: 1, nodes: 1, size: 5, wins: 2, local: true, ..f }), 800);
        assert_eq!(rating(&Features { empty: 80, region: 80, steps: 6, nodes: 1 << 40, ..f }), 2400);
        assert_eq!(themes(&f), ["oneMove", "defend", "size7"]);
        assert_eq!(themes(&Features { steps: 1, forced: false, wins: 2, ..f }), ["twoMoves", "attack", "quick", "size7"]);
        assert!(themes(&Features { steps: 3, ..f }).contains(&"long".to_string()));
    }

    #[test]
    fn selfplay_is_seeded() {
        let a = selfplay(5, 2, 3, 50, 2, 0.2);
        let b = selfplay(5, 2, 3, 50, 2, 0.2);
        assert_eq!(a.iter().map(|g| g.moves.clone()).collect::<Vec<_>>(), b.iter().map(|g| g.moves.clone()).collect::<Vec<_>>());
        assert!(a.iter().all(|g| g.moves.len() >= 5 && g.source.contains("seed 3")));
    }
}
