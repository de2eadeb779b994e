//! What the miner and the checker ask of the engine and of the board: a fixed-depth MultiPV search with every
//! iteration's lines ([`search`]), the "only winning move" test ([`unique`]), material balance, the puzzle's
//! phase ([`phase`]) and themes ([`themes`]).
//!
//! Every search here is a fresh [`Searcher`] (its own empty table) on a position set up from its FEN, so a
//! result depends on the FEN and the depth alone: the miner's and the checker's verdicts are reproducible.

use crate::search::RunOutcome;
use crate::search::score::{MATE_BOUND, Score, is_mate};
use crate::xiangqi::eval::material;
use crate::xiangqi::search::{RULE_WIN, Searcher};
use crate::xiangqi::{Color, Move, MoveList, PieceKind, Position};

/// A move is decisive when the engine scores it at least this (centipawns, the mover's view), or a mate.
pub const WIN_CP: Score = 300;
/// An "only move": the second-best root move scores at most this (centipawns, the mover's view)...
pub const SECOND_MAX_CP: Score = 100;
/// ... and at least this far below the best one.
pub const MARGIN_CP: Score = 250;
/// The position before the opponent's last move must have been at most this good for the player (its view,
/// the filter search of that position): the puzzle's move *creates* the win, it does not carry on one.
pub const BEFORE_MAX_CP: Score = 150;
/// Transposition table of each search, MiB.
const HASH_MIB: usize = 8;

/// One line of an iteration: its score (side to move's view; mate scores as in [`crate::search::score`]) and
/// its principal variation, root move first.
#[derive(Clone, Debug)]
pub struct Line {
    pub score: Score,
    pub pv: Vec<Move>,
}

/// One completed iteration: its depth (plies) and its lines, best first (at most the MultiPV asked).
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: u32,
    pub lines: Vec<Line>,
}

/// Searches `pos` (set up again from its FEN: no game history) to `depth` plies with `multipv` lines and
/// returns every completed iteration, depth 1 first; empty when the side to move has no legal move.
pub fn search(pos: &Position, depth: u32, multipv: usize) -> Vec<Iteration> {
    let root = Position::from_fen(&pos.fen()).expect("a position's own FEN reads back");
    let mut s = Searcher::new(HASH_MIB);
    s.set_multipv(multipv);
    s.start(root);
    let mut out = Vec::new();
    loop {
        match s.run(f64::INFINITY, u64::MAX) {
            RunOutcome::IterationDone => {
                let lines: Vec<Line> = s.root.lines.iter().map(|l| Line { score: l.score, pv: l.pv.clone() }).collect();
                let d = lines.first().map_or(0, |_| s.root.last.as_ref().map_or(0, |l| l.depth));
                out.push(Iteration { depth: d, lines });
                if d >= depth {
                    return out;
                }
            }
            RunOutcome::NoMoves => return out,
            RunOutcome::Interrupted => unreachable!("a search without deadline or node limit is never interrupted"),
        }
    }
}

/// Whether a score is decisive for the side it is from: a mate it gives, or at least [`WIN_CP`] centipawns.
/// A win by the repetition rules ([`crate::xiangqi::search::RULE_WIN`], perpetual check or chase) is not: a
/// puzzle's line must end on the board.
pub fn decisive(score: Score) -> bool {
    mates(score) || (WIN_CP..RULE_WIN - 1_000).contains(&score)
}

/// Whether a mate score for the side it is from.
pub fn mates(score: Score) -> bool {
    score >= MATE_BOUND
}

/// The "only winning move" test on an iteration's lines: the best is decisive ([`decisive`]) and the second
/// best (when there is one: a single legal move is unique) scores at most [`SECOND_MAX_CP`] and at least
/// [`MARGIN_CP`] below the best. `Err` says why not, for the checker's report.
pub fn unique(lines: &[Line]) -> Result<(), String> {
    let best = lines.first().ok_or("no line")?;
    if !decisive(best.score) {
        return Err(format!("best scores {} (< {WIN_CP})", show(best.score)));
    }
    if let Some(second) = lines.get(1) {
        if second.score > SECOND_MAX_CP {
            return Err(format!("second-best {} scores {} (> {SECOND_MAX_CP})", second.pv[0], show(second.score)));
        }
        if best.score.saturating_sub(second.score) < MARGIN_CP {
            return Err(format!("second-best {} only {} behind", second.pv[0], best.score - second.score));
        }
    }
    Ok(())
}

/// A score as people read it: `+312` or `mate 3` / `mated 2`.
pub fn show(score: Score) -> String {
    if is_mate(score) {
        let n = crate::search::score::mate_moves(score);
        if n > 0 { format!("mate {n}") } else { format!("mated {}", -n) }
    } else {
        format!("{score:+}")
    }
}

/// Material of `color` minus the other side's, in the nominal centipawn values of
/// [`crate::xiangqi::eval::material`] (rook 950, cannon 450, horse 420, advisor / elephant 120, pawn 100).
pub fn balance(pos: &Position, color: Color) -> i32 {
    pos.pieces()
        .iter()
        .map(|(_, p)| if p.color() == color { material(p.kind()) } else { -material(p.kind()) })
        .sum()
}

/// The game phase of a puzzle position (docs/puzzles-xiangqi.md "Phase"), from its attacking material
/// (`Position::phase`: rook 6, horse / cannon 3, 48 with all on the board) and the ply it occurred at:
/// `endgame` when the phase is at most 18 (for example a rook and a horse each), else `opening` before ply 30
/// with the phase above 36 (at most a rook and a minor piece, or three minor pieces, traded), else `middlegame`.
pub fn phase(pos: &Position, ply: usize) -> &'static str {
    let p = pos.phase();
    if p <= 18 {
        "endgame"
    } else if ply < 30 && p > 36 {
        "opening"
    } else {
        "middlegame"
    }
}

/// Pseudo-legal captures `color`'s pieces could make on `pos` (as if `color` were to move): (from, to).
fn captures_by(pos: &Position, color: Color) -> Vec<Move> {
    let mut p = pos.clone();
    p.side = color;
    let mut list = MoveList::new();
    p.gen_pseudo(&mut list, true);
    list.as_slice().to_vec()
}

/// Whether an attack on the piece at `to` by the piece at `from` (of the side not owning `to`) is a real
/// threat: the target is the general (a check), or a rook / horse / cannon that is worth more than the
/// attacker or is undefended.
fn threat(pos: &Position, from: crate::xiangqi::Square, to: crate::xiangqi::Square) -> bool {
    let (Some(a), Some(t)) = (pos.piece_at(from), pos.piece_at(to)) else { return false };
    match t.kind() {
        PieceKind::King => true,
        PieceKind::Rook | PieceKind::Horse | PieceKind::Cannon => {
            material(t.kind()) > material(a.kind()) || !pos.attacked_by(to.index(), t.color())
        }
        _ => false,
    }
}

/// The themes of a solution line played from `root` (docs/puzzles-xiangqi.md "Themes"), in a fixed order:
/// `mateInN` and `mate` when the line ends in mate (`N` = the player's moves), `capture` / `check` / `quiet`
/// for the first move, `sacrifice`, `fork`, `discoveredAttack`, then the phase. `line` must be legal from
/// `root` and end on the player's move.
pub fn themes(root: &Position, line: &[Move], ply: usize) -> Vec<String> {
    let me = root.side_to_move();
    let mut pos = root.clone();
    let b0 = balance(&pos, me);
    let mut balances = Vec::new();
    let (mut fork, mut discovered) = (false, false);
    let first_capture = root.piece_at(line[0].to()).is_some();
    let mut first_check = false;
    for (i, &mv) in line.iter().enumerate() {
        let mine = i % 2 == 0;
        let before: Vec<Move> = if mine { captures_by(&pos, me) } else { Vec::new() };
        pos.make_move(mv);
        balances.push(balance(&pos, me));
        if !mine {
            continue;
        }
        if i == 0 {
            first_check = pos.in_check();
        }
        let after = captures_by(&pos, me);
        let threats_of = |sq| after.iter().filter(|m| m.from() == sq && threat(&pos, m.from(), m.to())).count();
        if threats_of(mv.to()) >= 2 {
            fork = true;
        }
        if after.iter().any(|m| m.from() != mv.to() && !before.contains(m) && threat(&pos, m.from(), m.to())) {
            discovered = true;
        }
    }
    let mate = line.len() % 2 == 1 && !pos.has_legal_move();
    let mut out = Vec::new();
    if mate {
        let n = line.len().div_ceil(2);
        if n <= 5 {
            out.push(format!("mateIn{n}"));
        }
        out.push("mate".into());
    }
    if first_capture {
        out.push("capture".into());
    }
    if first_check {
        out.push("check".into());
    }
    if !first_capture && !first_check {
        out.push("quiet".into());
    }
    // A sacrifice: after the opponent's answer to the first move the player has less material than at the
    // start (by at least a pawn), and the line mates or ends with the player's material back at least level.
    if balances.len() >= 2 && balances[1] <= b0 - 100 && (mate || *balances.last().unwrap() >= b0) {
        out.push("sacrifice".into());
    }
    if fork {
        out.push("fork".into());
    }
    if discovered {
        out.push("discoveredAttack".into());
    }
    out.push(phase(root, ply).into());
    out
}
