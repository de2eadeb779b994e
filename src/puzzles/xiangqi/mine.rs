//! The miner: positions of real games where the side to move has exactly one winning move, with the line that
//! follows (docs/puzzles-xiangqi.md "Method").
//!
//! For each position of a game from ply [`MineOptions::skip_plies`] on:
//!
//! 1. **Filter**: a MultiPV 5 search ([`MineOptions::multipv`]) to [`MineOptions::filter_depth`]. The
//!    position is a candidate when its first two lines pass [`unique`] (best decisive, second at most +100
//!    and 250 behind) and the position before the opponent's last move (the previous position's filter
//!    search, turned round) was at most [`BEFORE_MAX_CP`] for the player: the opponent's move lost, the
//!    player's move *creates* the win. Otherwise, when the side to move is not lost there (best at least
//!    −[`BEFORE_MAX_CP`]), each of its other moves in lines 2–5 that loses (at most −[`WIN_CP`]) and is not
//!    the game's move makes a **variation**: the position after it is filtered the same way (MultiPV 2), and
//!    of those that become puzzles the [`VARIATIONS_PER_POSITION`] best rated are kept. Master games seldom
//!    hold a decisive mistake (about one game in 30 of this source), so most of the set are the mistakes the
//!    opponent could have made in a real game position, and the refutation the player must then find.
//!    A puzzle position needs at least [`MIN_LEGAL_MOVES`] legal moves.
//! 2. **Find**: a MultiPV 2 search to [`MineOptions::find_depth`] must give the same best move and pass
//!    [`unique`] again.
//! 3. **Line**: the find search's principal variation, continued while the player's next move is again the
//!    only winning one (a new find-depth search at each of the player's turns) and until mate, or until the
//!    material won is secured (the player's material balance is up [`WIN_CP`] on the start and the opponent's
//!    expected reply is not a capture), at most [`MAX_PLAYER_MOVES`] of the player's moves; the line ends after
//!    the last only-move otherwise.
//!
//! A game gives at most [`MineOptions::max_per_game`] puzzles, each position (by key) once.

use super::analyse::{BEFORE_MAX_CP, Iteration, Line, WIN_CP, balance, decisive, mates, search, themes, unique};
use super::{XiangqiPuzzle, rating};
use crate::search::score::Score;
use crate::xiangqi::{Move, Position};
use std::collections::HashSet;

/// A plausible move ([`MineOptions::shallow_depth`]) scores at most this far below the shallow search's best
/// (centipawns).
pub const PLAUSIBLE_CP: Score = 60;
/// The most variation puzzles taken from one game position (the opponent's different losing moves there).
pub const VARIATIONS_PER_POSITION: usize = 2;
/// A puzzle's position has at least this many legal moves (with fewer the answer is all but forced).
pub const MIN_LEGAL_MOVES: usize = 3;
/// The most moves of the player in a solution line.
pub const MAX_PLAYER_MOVES: usize = 5;

/// The miner's settings (the defaults are the shipped set's; docs/puzzles-xiangqi.md).
#[derive(Clone, Debug)]
pub struct MineOptions {
    /// Depth (plies) of the MultiPV 2 filter search of every position.
    pub filter_depth: u32,
    /// Depth (plies) of the confirming search and of the line's searches (the "find" depth).
    pub find_depth: u32,
    /// Positions before this ply (moves played) are not looked at (the opening is known theory).
    pub skip_plies: usize,
    /// The most puzzles taken from one game (the first ones found, in game order).
    pub max_per_game: usize,
    /// Lines of the filter search (2–5): the lines after the second are the variations' moves.
    pub multipv: usize,
    /// When set, the variations' moves are the plausible ones instead: a MultiPV 5 search to this depth scores
    /// them within [`PLAUSIBLE_CP`] of its best (a mistake that looks right at a glance).
    pub shallow_depth: Option<u32>,
    /// The source's name in the `source` field (`NAME#game ply N`).
    pub label: String,
}

impl Default for MineOptions {
    fn default() -> Self {
        MineOptions { filter_depth: 5, find_depth: 9, skip_plies: 12, max_per_game: 10, multipv: 5, shallow_depth: None, label: "liu-dahua".into() }
    }
}

/// One game to mine: its 1-based number in the file, start FEN, moves and players' names (may be empty).
#[derive(Clone, Debug)]
pub struct SourceGame {
    pub number: usize,
    pub fen: String,
    pub moves: Vec<Move>,
    pub red: String,
    pub black: String,
}

/// What the find search says of a puzzle's root (the rating's search feature, [`super::rating`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Features {
    /// The first depth (plies, 1 to the find depth) from which every iteration's best move was the solution's
    /// first move with a decisive score.
    pub found_depth: u32,
    /// The root's legal move count (recorded for reference; the rating counts the candidates itself).
    pub legal_moves: usize,
}

impl Features {
    /// The miner's comment line before each puzzle it prints: `#features found_depth=D legal=L`.
    pub fn comment(&self) -> String {
        format!("#features found_depth={} legal={}", self.found_depth, self.legal_moves)
    }

    /// Reads [`comment`](Self::comment)'s line; `None` for any other line.
    pub fn parse_comment(line: &str) -> Option<Features> {
        let rest = line.strip_prefix("#features ")?;
        let mut f = Features { found_depth: 0, legal_moves: 0 };
        for kv in rest.split_whitespace() {
            match kv.split_once('=')? {
                ("found_depth", v) => f.found_depth = v.parse().ok()?,
                ("legal", v) => f.legal_moves = v.parse().ok()?,
                _ => return None,
            }
        }
        Some(f)
    }
}

/// Mines one game: the puzzles found with their rating features, in game order (their `id` is `x0000`: the set's assembly numbers them).
/// `seen` holds the position keys already taken (shared across games by the caller).
pub fn mine_game(g: &SourceGame, o: &MineOptions, seen: &mut HashSet<u64>) -> Vec<(XiangqiPuzzle, Features)> {
    let Ok(mut pos) = Position::from_fen(&g.fen) else { return Vec::new() };
    let mut out = Vec::new();
    // The filter search's best score at the previous ply (side to move's view there).
    let mut prev_best: Option<Score> = None;
    for (ply, &mv) in g.moves.iter().enumerate() {
        if out.len() >= o.max_per_game {
            break;
        }
        if ply + 1 >= o.skip_plies {
            let filter = search(&pos, o.filter_depth, o.multipv);
            let Some(it) = filter.last() else { break };
            let best_here = it.lines.first().map(|l| l.score);
            if ply >= o.skip_plies
                && prev_best.is_some_and(|b| -b <= BEFORE_MAX_CP)
                && !seen.contains(&pos.key())
                && let Some(p) = candidate(&pos, &it.lines[..it.lines.len().min(2)], o, g, ply, None)
            {
                seen.insert(pos.key());
                out.push(p);
            } else if ply >= o.skip_plies && best_here.is_some_and(|b| b >= -BEFORE_MAX_CP) {
                // Variations: among the filter's other moves that lose (its lines 2–5, not the game's move), the
                // [`VARIATIONS_PER_POSITION`] whose refutations make the hardest puzzles (by rating).
                // With `shallow_depth`, the moves tried are instead the plausible ones: those a shallow MultiPV 5
                // search scores within [`PLAUSIBLE_CP`] of its best (not the deep best, not the game's move).
                let tries: Vec<Move> = match o.shallow_depth {
                    None => it.lines.iter().skip(1).filter(|l| l.score <= -WIN_CP && l.pv[0] != mv).map(|l| l.pv[0]).collect(),
                    Some(d) => {
                        let sh = search(&pos, d, 5).pop().map_or(Vec::new(), |i| i.lines);
                        let top = sh.first().map_or(0, |l| l.score);
                        sh.iter()
                            .filter(|l| l.score >= top - PLAUSIBLE_CP && l.pv[0] != mv && l.pv[0] != it.lines[0].pv[0])
                            .map(|l| l.pv[0])
                            .collect()
                    }
                };
                let mut picks: Vec<((XiangqiPuzzle, Features), u64)> = Vec::new();
                for alt in tries {
                    let mut child = pos.clone();
                    child.make_move(alt);
                    if seen.contains(&child.key()) {
                        continue;
                    }
                    let f = search(&child, o.filter_depth, 2);
                    if let Some(p) = f.last().and_then(|fi| candidate(&child, &fi.lines, o, g, ply + 1, Some(alt))) {
                        picks.push((p, child.key()));
                    }
                }
                crate::sort::sort_by_key(&mut picks, |(p, _)| std::cmp::Reverse(p.0.rating));
                for (p, key) in picks.into_iter().take(VARIATIONS_PER_POSITION) {
                    seen.insert(key);
                    out.push(p);
                }
            }
            prev_best = best_here;
        }
        if pos.try_play(&mv.to_string()).is_err() {
            break;
        }
    }
    out
}

/// Steps 2 and 3 of the method for a position whose filter iteration is `filter`: the puzzle, or `None`.
fn candidate(
    pos: &Position,
    filter: &[Line],
    o: &MineOptions,
    g: &SourceGame,
    ply: usize,
    var: Option<Move>,
) -> Option<(XiangqiPuzzle, Features)> {
    if pos.legal_moves().len() < MIN_LEGAL_MOVES {
        return None;
    }
    unique(filter).ok()?;
    let find = search(pos, o.find_depth, 2);
    let last = find.last()?;
    unique(&last.lines).ok()?;
    if last.lines[0].pv[0] != filter[0].pv[0] {
        return None;
    }
    let line = build_line(pos, last, o.find_depth);
    let f = features(pos, &find);
    let themes = themes(pos, &line, ply);
    let rating = rating(f.found_depth, pos, &line, &themes);
    let names = if g.red.is_empty() && g.black.is_empty() { String::new() } else { format!(" {} vs {}", g.red, g.black) };
    let p = XiangqiPuzzle {
        id: "x0000".into(),
        fen: pos.fen(),
        solution: line.iter().map(Move::to_string).collect(),
        rating,
        themes,
        source: match var {
            None => format!("{}#{} ply {}{}", o.label, g.number, ply, names),
            Some(m) => format!("{}#{} ply {} var {}{}", o.label, g.number, ply, m, names),
        },
    };
    Some((p, f))
}

/// The rating features of a root from its find search's iterations.
pub fn features(pos: &Position, find: &[Iteration]) -> Features {
    let best = find.last().map(|i| i.lines[0].pv[0]);
    let mut found_depth = find.last().map_or(1, |i| i.depth);
    for it in find.iter().rev() {
        match (it.lines.first(), best) {
            (Some(l), Some(m)) if l.pv[0] == m && decisive(l.score) => found_depth = it.depth,
            _ => break,
        }
    }
    Features { found_depth, legal_moves: pos.legal_moves().len() }
}

/// The solution line from `root` (whose find iteration is `first`): see the module documentation, step 3.
pub fn build_line(root: &Position, first: &Iteration, depth: u32) -> Vec<Move> {
    let me = root.side_to_move();
    let b0 = balance(root, me);
    let mut pos = root.clone();
    let mut line = Vec::new();
    let mut lines = first.lines.clone();
    for k in 0..MAX_PLAYER_MOVES {
        if k > 0 {
            match search(&pos, depth, 2).pop() {
                Some(it) if unique(&it.lines).is_ok() => lines = it.lines,
                _ => {
                    line.pop(); // the opponent's move: the line ends on the player's
                    break;
                }
            }
        }
        let best = &lines[0];
        let m = best.pv[0];
        pos.make_move(m);
        line.push(m);
        if !pos.has_legal_move() {
            break;
        }
        let reply = best.pv.get(1).copied();
        let reply_captures = reply.is_some_and(|r| pos.piece_at(r.to()).is_some());
        if !mates(best.score) && balance(&pos, me) - b0 >= WIN_CP && !reply_captures {
            break;
        }
        let Some(r) = reply else { break };
        if k + 1 == MAX_PLAYER_MOVES {
            break;
        }
        pos.make_move(r);
        line.push(r);
    }
    line
}
