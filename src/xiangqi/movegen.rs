//! Move generation and attack detection.
//!
//! Pseudo-legal moves follow the piece rules (general and advisors in the palace, elephants two points
//! diagonally on their own side and blocked by a piece on the "eye", horses blocked by a piece on the "leg",
//! cannons capturing over exactly one screen, pawns moving sideways only after crossing the river); a move is
//! legal when afterwards the mover's general is neither attacked nor facing the other general on an open file
//! (the flying-general rule). Rules as in chessprogramming.org "Chinese Chess" and the WXF laws.

use super::board::{EMPTY, OFF, Position};
use super::geometry::{BOARD, DIAG, HORSE, ORTHO, UP, in_palace, own_half};
use super::types::{Color, Move, PieceKind, Square};

/// A fixed-capacity move list (no allocation in search). 192 exceeds the most moves any legal Xiangqi position has.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 192],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList { moves: [Move::NULL; 192], len: 0 }
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> Self {
        Self::default()
    }
    #[inline]
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    #[inline]
    pub(crate) fn swap(&mut self, a: usize, b: usize) {
        self.moves.swap(a, b);
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

#[inline]
fn color_of(c: u8) -> usize {
    (c >> 3) as usize
}

/// Whether a move from `from` to `to` (mailbox indices) can change whether the general on `k` is attacked,
/// other than by a horse landing on `to`: it starts or ends on the general's file or rank (a rook's or
/// cannon's line, a cannon's screen, the flying general, a pawn behind or beside it) or leaves a point
/// diagonally next to it (a horse's leg). Advisors and elephants never attack a general.
#[inline(always)]
pub(crate) fn touches_general(k: usize, from: usize, to: usize) -> bool {
    let on_line = |s: usize| (s ^ k) & 15 == 0 || (s ^ k) >> 4 == 0;
    let (ff, fr) = (((from & 15) as i32 - (k & 15) as i32).abs(), ((from >> 4) as i32 - (k >> 4) as i32).abs());
    on_line(from) || on_line(to) || (ff == 1 && fr == 1)
}

impl Position {
    /// Appends the pseudo-legal moves of the side to move; only captures when `captures_only`.
    pub(crate) fn gen_pseudo(&self, list: &mut MoveList, captures_only: bool) {
        let side = self.side;
        let me = side.index();
        let cells = &self.cells;
        let add = |list: &mut MoveList, from: usize, to: usize| {
            let t = cells[to];
            if t == OFF {
                return;
            }
            if t == EMPTY {
                if !captures_only {
                    list.push(Move(from as u16 | (to as u16) << 8));
                }
            } else if color_of(t) != me {
                list.push(Move(from as u16 | (to as u16) << 8));
            }
        };
        // The side's pieces in board order (the order of the moves, which the search's ordering keeps on ties).
        let mut walk = self.occ[me];
        while walk != 0 {
            let from = BOARD[walk.trailing_zeros() as usize] as usize;
            walk &= walk - 1;
            let c = cells[from];
            match (c & 7) - 1 {
                0 => {
                    for d in ORTHO {
                        let to = (from as i32 + d) as usize;
                        if in_palace(to) {
                            add(list, from, to);
                        }
                    }
                }
                1 => {
                    for d in DIAG {
                        let to = (from as i32 + d) as usize;
                        if in_palace(to) {
                            add(list, from, to);
                        }
                    }
                }
                2 => {
                    for d in DIAG {
                        let eye = (from as i32 + d) as usize;
                        let to = (from as i32 + 2 * d) as usize;
                        if cells[eye] == EMPTY && cells[to] != OFF && own_half(to, side) {
                            add(list, from, to);
                        }
                    }
                }
                3 => {
                    for (d, leg) in HORSE {
                        if cells[(from as i32 + leg) as usize] == EMPTY {
                            add(list, from, (from as i32 + d) as usize);
                        }
                    }
                }
                4 => {
                    for d in ORTHO {
                        let mut to = (from as i32 + d) as usize;
                        loop {
                            let t = cells[to];
                            if t == EMPTY {
                                if !captures_only {
                                    list.push(Move(from as u16 | (to as u16) << 8));
                                }
                            } else {
                                if t != OFF && color_of(t) != me {
                                    list.push(Move(from as u16 | (to as u16) << 8));
                                }
                                break;
                            }
                            to = (to as i32 + d) as usize;
                        }
                    }
                }
                5 => {
                    for d in ORTHO {
                        let mut to = (from as i32 + d) as usize;
                        // Slide to the screen.
                        loop {
                            let t = cells[to];
                            if t != EMPTY {
                                break;
                            }
                            if !captures_only {
                                list.push(Move(from as u16 | (to as u16) << 8));
                            }
                            to = (to as i32 + d) as usize;
                        }
                        if cells[to] == OFF {
                            continue;
                        }
                        // Jump the screen to the first piece beyond it.
                        to = (to as i32 + d) as usize;
                        loop {
                            let t = cells[to];
                            if t == EMPTY {
                                to = (to as i32 + d) as usize;
                                continue;
                            }
                            if t != OFF && color_of(t) != me {
                                list.push(Move(from as u16 | (to as u16) << 8));
                            }
                            break;
                        }
                    }
                }
                _ => {
                    let fwd = if side == Color::Red { UP } else { -UP };
                    add(list, from, (from as i32 + fwd) as usize);
                    if !own_half(from, side) {
                        add(list, from, from + 1);
                        add(list, from, from - 1);
                    }
                }
            }
        }
    }

    /// Whether a rook or cannon of `by` attacks `sq` along a line; with `general_flies`, also `by`'s general
    /// facing `sq` on an open file (the flying-general rule, for checks).
    #[inline(always)]
    fn line_attack(&self, sq: usize, by: Color, general_flies: bool) -> bool {
        let cells = &self.cells;
        let code = |kind: PieceKind| 1 + kind as u8 + 8 * by as u8;
        let (rook, cannon, king) = (code(PieceKind::Rook), code(PieceKind::Cannon), code(PieceKind::King));
        for (i, d) in ORTHO.into_iter().enumerate() {
            let mut s = (sq as i32 + d) as usize;
            while cells[s] == EMPTY {
                s = (s as i32 + d) as usize;
            }
            let first = cells[s];
            if first == OFF {
                continue;
            }
            // ORTHO[0] and ORTHO[1] run along the file.
            if first == rook || (general_flies && i < 2 && first == king) {
                return true;
            }
            s = (s as i32 + d) as usize;
            while cells[s] == EMPTY {
                s = (s as i32 + d) as usize;
            }
            if cells[s] == cannon {
                return true;
            }
        }
        false
    }

    /// Whether a horse of `by` attacks `sq`: the leg of a horse attacking a point is that point's diagonal
    /// neighbour towards the horse, which must be empty.
    #[inline(always)]
    fn horse_attack(&self, sq: usize, by: Color) -> bool {
        let cells = &self.cells;
        let horse = 1 + PieceKind::Horse as u8 + 8 * by as u8;
        DIAG.into_iter().any(|d| {
            let vertical = if d > 0 { 16 } else { -16 };
            let horizontal = d - vertical;
            cells[(sq as i32 + d) as usize] == EMPTY
                && (cells[(sq as i32 + d + vertical) as usize] == horse
                    || cells[(sq as i32 + d + horizontal) as usize] == horse)
        })
    }

    /// Whether a pawn of `by` attacks `sq`: from behind it (as `by` moves), or beside it once across the river.
    #[inline(always)]
    fn pawn_attack(&self, sq: usize, by: Color) -> bool {
        let cells = &self.cells;
        let pawn = 1 + PieceKind::Pawn as u8 + 8 * by as u8;
        let back = if by == Color::Red { -UP } else { UP };
        cells[(sq as i32 + back) as usize] == pawn
            || (!own_half(sq, by) && (cells[sq + 1] == pawn || cells[sq - 1] == pawn))
    }

    /// Whether any piece of `by` attacks the point `sq` (pseudo-legally: pins are ignored). Used to tell safe
    /// captures from captures of defended pieces.
    pub(crate) fn attacked_by(&self, sq: usize, by: Color) -> bool {
        if self.line_attack(sq, by, false) || self.horse_attack(sq, by) || self.pawn_attack(sq, by) {
            return true;
        }
        let cells = &self.cells;
        let code = |kind: PieceKind| 1 + kind as u8 + 8 * by as u8;
        let (king, advisor, elephant) = (code(PieceKind::King), code(PieceKind::Advisor), code(PieceKind::Elephant));
        for d in DIAG {
            let diag = (sq as i32 + d) as usize;
            if cells[diag] == EMPTY && cells[(sq as i32 + 2 * d) as usize] == elephant && own_half(sq, by) {
                return true;
            }
            if cells[diag] == advisor && in_palace(sq) {
                return true;
            }
        }
        in_palace(sq) && ORTHO.into_iter().any(|d| cells[(sq as i32 + d) as usize] == king)
    }

    /// Whether `color`'s general is attacked by the other side, counting the flying-general rule
    /// (two generals facing each other on an open file). Advisors, elephants and the other general cannot
    /// reach a general in its palace except along the file.
    pub fn in_check_color(&self, color: Color) -> bool {
        let k = self.kings[color.index()].index();
        let them = color.flip();
        self.line_attack(k, them, true) || self.horse_attack(k, them) || self.pawn_attack(k, them)
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        self.in_check_color(self.side)
    }

    /// Plays a pseudo-legal `mv` if it is legal: returns `false` (position unchanged) when it would leave the
    /// mover's general in check or facing the other general.
    #[inline]
    pub(crate) fn make_if_legal(&mut self, mv: Move) -> bool {
        let me = self.side;
        self.make_move(mv);
        if self.in_check_color(me) {
            self.unmake_move();
            false
        } else {
            true
        }
    }

    /// Plays the pseudo-legal `mv` if it is legal, as [`make_if_legal`](Self::make_if_legal) does, given
    /// whether the side to move is in check now. A side not in check whose move neither starts nor ends on its
    /// general's file or rank nor leaves a point diagonally next to it ([`touches_general`]) cannot expose the
    /// general: such a move is played without the test. Same answers, fewer attack tests (the search's loops).
    #[inline]
    pub(crate) fn make_if_legal_given(&mut self, mv: Move, in_check: bool) -> bool {
        let k = self.kings[self.side.index()].index();
        if in_check || touches_general(k, mv.from().index(), mv.to().index()) {
            return self.make_if_legal(mv);
        }
        self.make_move(mv);
        debug_assert!(!self.in_check_color(self.side.flip()), "{mv:?} exposed the general");
        true
    }

    /// Whether the side to move is in check right after the other side played `mv` (the last move made) from a
    /// legal position, as [`in_check`](Self::in_check) answers it. The side to move was not in check before, so
    /// a move that does not touch its general's lines ([`touches_general`]) checks only by a horse landing a
    /// horse's move away.
    #[inline]
    pub(crate) fn in_check_after(&self, mv: Move) -> bool {
        let k = self.kings[self.side.index()].index();
        let to = mv.to().index();
        if touches_general(k, mv.from().index(), to) {
            return self.in_check();
        }
        let them = self.side.flip();
        self.cells[to] == 1 + PieceKind::Horse as u8 + 8 * them as u8 && self.horse_attack(k, them)
    }

    /// All legal moves of the side to move, in generation order.
    pub fn legal_moves(&self) -> MoveList {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo, false);
        let mut scratch = self.clone();
        let mut legal = MoveList::new();
        for &m in pseudo.as_slice() {
            if scratch.make_if_legal(m) {
                scratch.unmake_move();
                legal.push(m);
            }
        }
        legal
    }

    /// Whether `mv` is pseudo-legal here (right side's piece, a destination its rules allow).
    pub(crate) fn is_pseudo_legal(&self, mv: Move) -> bool {
        let from = mv.from().index();
        let c = self.cells[from];
        if c == EMPTY || c == OFF || color_of(c) != self.side.index() {
            return false;
        }
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, false);
        list.as_slice().contains(&mv)
    }

    /// Whether the side to move has any legal move.
    pub fn has_legal_move(&self) -> bool {
        let mut pseudo = MoveList::new();
        self.gen_pseudo(&mut pseudo, false);
        let mut scratch = self.clone();
        pseudo.as_slice().iter().any(|&m| {
            let ok = scratch.make_if_legal(m);
            if ok {
                scratch.unmake_move();
            }
            ok
        })
    }
}

/// The squares of the 90 points as [`Square`]s (rank 0 first).
pub fn board_squares() -> impl Iterator<Item = Square> {
    BOARD.iter().map(|&i| Square(i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::{Rng, SeedableRng};

    /// The shortcuts agree with the full tests: over random games from the start and from a middlegame, every
    /// pseudo-legal move is legal by [`Position::make_if_legal_given`] exactly when by
    /// [`Position::make_if_legal`], and after every legal move [`Position::in_check_after`] is
    /// [`Position::in_check`].
    #[test]
    fn legality_and_check_shortcuts_agree_with_the_full_tests() {
        let mut rng = rand_pcg::Pcg32::seed_from_u64(11);
        let (mut checks, mut illegal, mut evasions) = (0, 0, 0);
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 w - - 0 1",
            "3k5/4a4/4b4/9/2n1r4/9/4R4/4C4/4A4/3AK4 w - - 0 1",
        ] {
            for _ in 0..60 {
                let mut pos = Position::from_fen(fen).unwrap();
                for _ in 0..100 {
                    let in_check = pos.in_check();
                    evasions += in_check as u32;
                    let mut list = MoveList::new();
                    pos.gen_pseudo(&mut list, false);
                    let mut legal = Vec::new();
                    for &m in list.as_slice() {
                        let fast = pos.make_if_legal_given(m, in_check);
                        if fast {
                            let check = pos.in_check();
                            assert_eq!(pos.in_check_after(m), check, "{m:?} after {}", pos.fen());
                            checks += check as u32;
                            pos.unmake_move();
                        }
                        let full = pos.make_if_legal(m);
                        if full {
                            pos.unmake_move();
                            legal.push(m);
                        }
                        assert_eq!(fast, full, "{m:?} in {}", pos.fen());
                        illegal += !full as u32;
                    }
                    if legal.is_empty() {
                        break;
                    }
                    pos.make_move(legal[(rng.next_u32() as usize) % legal.len()]);
                }
            }
        }
        assert!(checks > 500 && illegal > 500 && evasions > 50, "{checks} checks, {illegal} illegal, {evasions} in check");
    }
}
