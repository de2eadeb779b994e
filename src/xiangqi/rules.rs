//! Game-ending rules beyond the board: repetition with the Asian (AXF/WXF) long-check and long-chase rules, and
//! the 60-move (natural move) limit.
//!
//! * **Repetition.** When a position repeats, the moves of the cycle decide. A side whose every move in the cycle
//!   gives check (長將, perpetual check) loses; failing that, a side whose every move is a check or chases the
//!   same enemy piece (長捉, perpetual chase) loses. Both sides violating equally, or neither: a draw. A check
//!   outranks a chase (WXF rules as quoted in Fairy-Stockfish issues #179 and #468; chessprogramming.org "Chinese Chess").
//! * **Chase.** A move chases a piece when, after it, a rook, horse, cannon, advisor or elephant newly threatens a
//!   legal capture of an enemy piece other than the general or an uncrossed pawn, and the target is either not
//!   truly protected (no legal recapture after the capture: protections that vanish with the capture, such as a
//!   cannon whose screen is the captured piece, or a general that would face the other general, do not count) or
//!   worth more than the attacker (horse or cannon on a rook; advisor or elephant on a rook, horse or cannon).
//!   Generals and pawns may chase. Two pieces of the same kind attacking each other (an offer to exchange) are no
//!   chase, unless the target cannot strike back (a lame horse).
//! * **60 moves.** 120 plies without a capture is a draw; checks beyond ten per side in that span do not count
//!   (AXF rule quoted in Fairy-Stockfish #405).
//!
//! Limits (documented, as in every engine we know): chases by two pieces on one piece, pins and blocked
//! protectors are judged by the general rule above only; the Chinese (CXA) rule set is not implemented.

use super::board::Position;
use super::movegen::MoveList;
use super::play::Verdict;
use super::types::{Color, Move, PieceKind, Square};

/// Plies without a capture after which the game is drawn (60 moves).
pub const NATURAL_MOVE_LIMIT_PLIES: u32 = 120;
/// Checks per side counted towards the 60-move limit; further checks are deducted.
pub const COUNTED_CHECKS_PER_SIDE: u32 = 10;
/// Occurrences of a position that end the game in a played game (third occurrence).
pub const GAME_REPETITION_FOLD: usize = 3;

/// How a side behaved over a repetition cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conduct {
    /// Not every move was a check or a chase.
    Idle,
    /// Every move checked or chased, the chases aimed at one piece (perpetual chase).
    Chase { attacker: PieceKind, target: PieceKind },
    /// Every move gave check (perpetual check).
    Check,
}

impl Conduct {
    fn rank(self) -> u8 {
        match self {
            Conduct::Idle => 0,
            Conduct::Chase { .. } => 1,
            Conduct::Check => 2,
        }
    }
}

/// The verdict of a repetition cycle: the loser (if any) and each side's conduct.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CycleVerdict {
    pub loser: Option<Color>,
    pub red: Conduct,
    pub black: Conduct,
}

fn rank_value(kind: PieceKind) -> u8 {
    match kind {
        PieceKind::Rook => 4,
        PieceKind::Horse | PieceKind::Cannon => 3,
        PieceKind::Advisor | PieceKind::Elephant => 2,
        PieceKind::Pawn => 1,
        PieceKind::King => 5,
    }
}

impl Position {
    /// Whether the pseudo-legal capture `mv` is legal (own general safe afterwards).
    fn capture_is_legal(&mut self, mv: Move) -> bool {
        if self.make_if_legal(mv) {
            self.unmake_move();
            true
        } else {
            false
        }
    }

    /// Pseudo-legal captures of the side to move that land on `target`.
    fn captures_on(&self, target: Square) -> Vec<Move> {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, true);
        list.as_slice().iter().copied().filter(|m| m.to() == target).collect()
    }

    /// Whether the piece on `target` (of the side not to move) is truly protected against the capture `mv` by
    /// the side to move: after `mv`, its side has a legal recapture on `target`.
    fn truly_protected(&mut self, mv: Move) -> bool {
        if !self.make_if_legal(mv) {
            return true; // the capture itself is illegal: no threat
        }
        let mut any = false;
        for r in self.captures_on(mv.to()) {
            if self.capture_is_legal(r) {
                any = true;
                break;
            }
        }
        self.unmake_move();
        any
    }

    /// Pieces chased by the move that led to this position (the last move of the history), as
    /// `(attacker kind, target square)`. The side that moved is `self.side.flip()`.
    pub(crate) fn chases_of_last_move(&mut self) -> Vec<(PieceKind, Square)> {
        let Some(last) = self.history.last().copied() else { return vec![] };
        if last.mv.is_null() {
            return vec![];
        }
        let chaser = self.side.flip();
        // Threats after the move: captures by the chaser as if it were to move again.
        let after = self.threats(chaser);
        if after.is_empty() {
            return vec![];
        }
        self.unmake_move();
        let before = self.threats(chaser);
        self.make_move(last.mv);
        if let Some(u) = self.history.last_mut() {
            u.gives_check = last.gives_check;
        }
        let moved_from = last.mv.from();
        let moved_to = last.mv.to();
        let mut out = Vec::new();
        for (mv, akind, tkind) in after {
            // Same attacker and target before the move? Then it is not a new threat.
            let attacker_before = if mv.from() == moved_to { moved_from } else { mv.from() };
            if before.iter().any(|(b, _, _)| b.from() == attacker_before && b.to() == mv.to()) {
                continue;
            }
            if matches!(akind, PieceKind::King | PieceKind::Pawn) || tkind == PieceKind::King {
                continue;
            }
            if tkind == PieceKind::Pawn && super::geometry::own_half(mv.to().index(), chaser.flip()) {
                continue; // an uncrossed pawn
            }
            // Legality and protection are judged with the chaser to move.
            self.make_null();
            let legal = self.capture_is_legal(mv);
            let chase = legal
                && (rank_value(akind) < rank_value(tkind) || !self.truly_protected(mv))
                && !(akind == tkind && self.can_strike_back(mv));
            self.unmake_null();
            if chase {
                out.push((akind, mv.to()));
            }
        }
        out
    }

    /// With the attacker to move: whether the target of `mv` could capture the attacker back right now.
    fn can_strike_back(&mut self, mv: Move) -> bool {
        self.make_null();
        let back = Move::new(mv.to(), mv.from());
        let ok = self.is_pseudo_legal(back) && self.capture_is_legal(back);
        self.unmake_null();
        ok
    }

    /// Pseudo-legal captures `color` could make if it were to move: `(move, attacker kind, target kind)`.
    fn threats(&mut self, color: Color) -> Vec<(Move, PieceKind, PieceKind)> {
        let null = self.side != color;
        if null {
            self.make_null();
        }
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, true);
        let out = list
            .as_slice()
            .iter()
            .map(|&m| {
                (m, self.piece_at(m.from()).unwrap().kind(), self.piece_at(m.to()).unwrap().kind())
            })
            .collect();
        if null {
            self.unmake_null();
        }
        out
    }

    /// Judges the cycle formed by the last `len` plies of the history (the position now equals the one `len`
    /// plies ago). Replays the cycle in place; the position is unchanged on return.
    pub fn judge_cycle(&mut self, len: usize) -> CycleVerdict {
        let n = self.history.len();
        debug_assert!(len <= n && len >= 2);
        let moves: Vec<(Move, bool)> = self.history[n - len..].iter().map(|u| (u.mv, u.gives_check)).collect();
        for _ in 0..len {
            self.unmake_move();
        }
        let first_mover = self.side;
        // Per side: all checks? all check-or-chase? the set of chased targets (tracked as they move).
        let mut all_check = [true, true];
        let mut all_active = [true, true];
        let mut targets: [Option<Vec<Square>>; 2] = [None, None];
        let mut last_chase: [Option<(PieceKind, PieceKind)>; 2] = [None, None];
        for &(mv, check) in &moves {
            let mover = self.side;
            let me = mover.index();
            self.make_move(mv);
            self.history.last_mut().unwrap().gives_check = check;
            // The opponent's chased targets that this move displaced (the mover is the target's side).
            let them = mover.flip().index();
            if let Some(t) = targets[them].as_mut() {
                for s in t.iter_mut() {
                    if *s == mv.from() {
                        *s = mv.to();
                    }
                }
            }
            // Targets captured by this move disappear.
            if let Some(t) = targets[me].as_mut() {
                t.retain(|&s| s != mv.to());
            }
            if !check {
                all_check[me] = false;
                let chases = self.chases_of_last_move();
                if chases.is_empty() {
                    all_active[me] = false;
                } else {
                    let squares: Vec<Square> = chases.iter().map(|c| c.1).collect();
                    let kept = match targets[me].take() {
                        None => squares.clone(),
                        Some(prev) => prev.into_iter().filter(|s| squares.contains(s)).collect(),
                    };
                    if kept.is_empty() {
                        all_active[me] = false;
                    }
                    if let Some(&(a, s)) = chases.iter().find(|c| kept.contains(&c.1)) {
                        let tk = self.piece_at(s).map_or(PieceKind::Pawn, |p| p.kind());
                        last_chase[me] = Some((a, tk));
                    }
                    targets[me] = Some(kept);
                }
            }
        }
        let _ = first_mover;
        let conduct = |i: usize| {
            if all_check[i] {
                Conduct::Check
            } else if all_active[i] && targets[i].as_ref().is_some_and(|t| !t.is_empty()) {
                let (attacker, target) = last_chase[i].unwrap_or((PieceKind::Rook, PieceKind::Rook));
                Conduct::Chase { attacker, target }
            } else {
                Conduct::Idle
            }
        };
        let (red, black) = (conduct(0), conduct(1));
        let loser = match red.rank().cmp(&black.rank()) {
            std::cmp::Ordering::Greater => Some(Color::Red),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        };
        CycleVerdict { loser, red, black }
    }

    /// Number of plies back to the most recent earlier occurrence of the current position (same side to move),
    /// searching only since the last capture and not past a null move.
    pub(crate) fn last_repetition_distance(&self, from_ply_back: usize) -> Option<usize> {
        let h = &self.history;
        let n = h.len();
        let window = (self.halfmove as usize).min(n);
        let mut i = from_ply_back.max(4);
        if i % 2 == 1 {
            i += 1;
        }
        while i <= window {
            if h[n - i + 1..].iter().any(|u| u.mv.is_null()) || h[n - i].mv.is_null() {
                return None;
            }
            if h[n - i].key == self.key {
                return Some(i);
            }
            i += 2;
        }
        None
    }

    /// The full verdict of a played game at this point, or `None` while it goes on: no legal move (checkmate
    /// or stalemate: the side to move loses), the third occurrence of a position (judged by the long-check and
    /// long-chase rules), then the 60-move limit.
    pub fn game_verdict(&mut self) -> Option<Verdict> {
        if let Some(v) = self.verdict() {
            return Some(v);
        }
        // Third occurrence: two earlier occurrences of the current position.
        if let Some(d1) = self.last_repetition_distance(4)
            && self.last_repetition_distance(d1 + 2).is_some()
        {
            let v = self.judge_cycle(d1);
            return Some(describe_cycle(v));
        }
        if self.natural_move_limit_reached() {
            return Some(Verdict {
                result: "draw",
                reason: "60 moves without a capture (natural-move limit): draw".to_string(),
                code: "natural_move_limit",
                side: None,
            });
        }
        None
    }

    /// Whether the 60-move rule draws the game now: [`NATURAL_MOVE_LIMIT_PLIES`] plies without a capture,
    /// each side's checks beyond [`COUNTED_CHECKS_PER_SIDE`] not counted. Cheap below the limit (no history
    /// walk while fewer plies than the limit have passed), so the search asks it at every node.
    #[inline]
    pub(crate) fn natural_move_limit_reached(&self) -> bool {
        if (self.halfmove as u32) < NATURAL_MOVE_LIMIT_PLIES {
            return false;
        }
        let (plies, checks) = self.natural_move_count();
        let deducted: u32 = checks.iter().map(|&c| c.saturating_sub(COUNTED_CHECKS_PER_SIDE)).sum();
        plies.saturating_sub(deducted) >= NATURAL_MOVE_LIMIT_PLIES
    }

    /// Plies since the last capture and the checks each side gave in them (checks before the FEN are unknown).
    pub(crate) fn natural_move_count(&self) -> (u32, [u32; 2]) {
        let plies = self.halfmove as u32;
        let n = self.history.len();
        let recorded = (plies as usize).min(n);
        let mut checks = [0u32; 2];
        let mut side = self.side;
        for u in self.history[n - recorded..].iter().rev() {
            side = side.flip();
            if u.gives_check {
                checks[side.index()] += 1;
            }
        }
        (plies, checks)
    }
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// Human-readable verdict of a repetition, e.g. "Red chases the rook with the cannon perpetually: Red loses".
pub fn describe_cycle(v: CycleVerdict) -> Verdict {
    let what = |c: Color, k: Conduct| match k {
        Conduct::Check => format!("{} checks perpetually", side_name(c)),
        Conduct::Chase { attacker, target } => {
            format!("{} chases the {} with the {} perpetually", side_name(c), target.name(), attacker.name())
        }
        Conduct::Idle => String::new(),
    };
    match v.loser {
        Some(l) => {
            let conduct = if l == Color::Red { v.red } else { v.black };
            let code = if conduct == Conduct::Check { "perpetual_check" } else { "perpetual_chase" };
            Verdict {
                result: l.flip().name(),
                reason: format!("{}: {} loses", what(l, conduct), side_name(l)),
                code,
                side: Some(l.name()),
            }
        }
        None => {
            let reason = match (v.red, v.black) {
                (Conduct::Idle, Conduct::Idle) => "the position repeated three times with no perpetual check or chase: draw".to_string(),
                (Conduct::Check, Conduct::Check) => "both sides check perpetually: draw".to_string(),
                (r, b) => format!("{} and {}: draw", what(Color::Red, r), what(Color::Black, b).replacen("Black", "Black", 1)),
            };
            let code = if (v.red, v.black) == (Conduct::Idle, Conduct::Idle) { "repetition" } else { "mutual_perpetual" };
            Verdict { result: "draw", reason, code, side: None }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays quiet, non-repeating moves (rook a1 up the a-file and across, the black general shuttling), marking
    /// the first `checks` Red moves as checks, from a FEN whose clock is `clock`.
    fn shuffle(clock: u32, plies: usize, red_checks: usize) -> Position {
        let mut pos = Position::from_fen(&format!("3k5/9/9/9/9/9/9/9/R8/4K4 w - - {clock} 60")).unwrap();
        let red = ["a1a2", "a2a3", "a3a4", "a4a5", "a5a6", "a6a7", "a7b7", "b7c7", "c7c6", "c6c5", "c5c4", "c4c3",
            "c3c2", "c2c1", "c1b1", "b1b2", "b2b3", "b3b4"];
        for i in 0..plies {
            let m = if i % 2 == 0 { red[i / 2] } else if (i / 2) % 2 == 0 { "d9d8" } else { "d8d9" };
            pos.try_play(m).unwrap();
            if i % 2 == 0 && i / 2 < red_checks {
                pos.history.last_mut().unwrap().gives_check = true;
            }
        }
        pos
    }

    #[test]
    fn natural_move_limit_counts_plies_since_the_last_capture() {
        assert!(shuffle(100, 19, 0).game_verdict().is_none());
        assert!(shuffle(100, 20, 0).game_verdict().unwrap().reason.contains("60 moves"));
    }

    #[test]
    fn checks_beyond_ten_per_side_are_deducted_from_the_sixty_moves() {
        // 30 plies from a clock of 90: 120 plies, but 14 of Red's 15 moves were checks: 4 are deducted.
        assert!(shuffle(90, 30, 14).game_verdict().is_none());
        // With exactly ten checks nothing is deducted.
        assert!(shuffle(90, 30, 10).game_verdict().unwrap().reason.contains("60 moves"));
    }
}
