//! The Xiangqi position: a 16×16 mailbox, side to move, Zobrist key, and an undo stack that doubles as the
//! game history used for repetition detection. `make_move` / `unmake_move` are the fast, unchecked pair used by
//! search; user-facing code calls [`Position::try_play`](crate::xiangqi::Position::try_play).

use super::types::{Color, Move, Piece, PieceKind, Square};
use rand_core::{Rng, SeedableRng};
use std::sync::OnceLock;

/// Marks a mailbox cell outside the 9×10 board.
pub(crate) const OFF: u8 = 16;
/// An empty point.
pub(crate) const EMPTY: u8 = 0;

/// Zobrist keys: one per (piece code, mailbox cell), plus the side-to-move key.
pub(crate) struct Zobrist {
    pub(crate) piece: [[u64; 256]; 16],
    pub(crate) black_to_move: u64,
}

/// The Zobrist table, drawn once from a PCG-64 generator with a fixed seed, so keys (and so search node counts)
/// are the same on every platform and every run.
pub(crate) fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Box<Zobrist>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(0x5851_F42D_4C95_7F2D);
        let mut z = Box::new(Zobrist { piece: [[0; 256]; 16], black_to_move: 0 });
        for p in 0..16 {
            for sq in 0..256 {
                z.piece[p][sq] = rng.next_u64();
            }
        }
        z.black_to_move = rng.next_u64();
        z
    })
}

/// What `make_move` must remember to undo a move; the stack of these is also the game history.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub(crate) mv: Move,
    pub(crate) captured: u8,
    /// Zobrist key of the position *before* the move.
    pub(crate) key: u64,
    /// Plies since the last capture, before the move.
    pub(crate) halfmove: u16,
    /// Whether the side that made the move was giving check with it (filled by callers that know; rules use it).
    pub(crate) gives_check: bool,
}

/// A Xiangqi position with its history since the FEN it was set up from.
///
/// Invariants: exactly one general per side, `kings` holds their squares, `key` is the Zobrist key of the
/// cells and side to move.
#[derive(Clone)]
pub struct Position {
    pub(crate) cells: [u8; 256],
    pub(crate) side: Color,
    pub(crate) kings: [Square; 2],
    pub(crate) key: u64,
    /// Plies since the last capture (the FEN half-move clock).
    pub(crate) halfmove: u16,
    /// FEN full-move number at the start of the history.
    pub(crate) fullmove_start: u32,
    pub(crate) history: Vec<Undo>,
    /// Counts of each piece code on the board (index = piece code).
    pub(crate) counts: [u8; 16],
    /// Material + piece-square score from Red's view, kept incrementally: middlegame and endgame values packed
    /// in one integer (see `pst::pack`).
    pub(crate) pst_score: i32,
    /// The points (bit `rank × 9 + file`, see `geometry::POINT`) holding a rook, horse, cannon or pawn of
    /// either colour: the pieces the evaluation walks, kept incrementally.
    pub(crate) active: u128,
    /// The points (bits as in `active`) holding a piece of each colour (index `Color::index`), kept
    /// incrementally: move generation walks its own side's.
    pub(crate) occ: [u128; 2],
}

/// Whether piece code `code` is a rook, horse, cannon or pawn (a bit of [`Position::active`]).
#[inline]
pub(crate) fn is_active(code: u8) -> bool {
    code & 7 >= 4
}

/// The bit of mailbox cell `sq` in [`Position::active`].
#[inline]
fn point_bit(sq: usize) -> u128 {
    1u128 << super::geometry::POINT[sq]
}

impl Position {
    /// An empty board with Red to move and no generals: only for the FEN parser to fill.
    pub(crate) fn empty() -> Position {
        let mut cells = [OFF; 256];
        for sq in Square::all() {
            cells[sq.index()] = EMPTY;
        }
        Position {
            cells,
            active: 0,
            occ: [0; 2],
            side: Color::Red,
            kings: [Square(0), Square(0)],
            key: 0,
            halfmove: 0,
            fullmove_start: 1,
            history: Vec::with_capacity(256),
            counts: [0; 16],
            pst_score: 0,
        }
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.cells[sq.index()];
        if c == EMPTY || c == OFF { None } else { Some(Piece(c)) }
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist key (64 bits) of the pieces and side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Square of `color`'s general.
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        self.kings[color.index()]
    }

    /// Plies since the last capture, counting the history and the FEN's half-move clock.
    #[inline]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// Number of plies played since the position was set up.
    #[inline]
    pub fn ply_count(&self) -> usize {
        self.history.len()
    }

    /// The moves played since set-up, oldest first.
    pub fn moves_played(&self) -> Vec<Move> {
        self.history.iter().map(|u| u.mv).collect()
    }

    /// How many pieces of `color` and `kind` are on the board.
    #[inline]
    pub fn count(&self, color: Color, kind: PieceKind) -> u8 {
        self.counts[Piece::new(color, kind).0 as usize]
    }

    /// All pieces with their squares, rank 0 first.
    pub fn pieces(&self) -> Vec<(Square, Piece)> {
        Square::all().filter_map(|s| self.piece_at(s).map(|p| (s, p))).collect()
    }

    /// Puts `piece` on the empty point `sq` (set-up only).
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        debug_assert_eq!(self.cells[sq.index()], EMPTY);
        self.cells[sq.index()] = piece.0;
        self.key ^= zobrist().piece[piece.0 as usize][sq.index()];
        self.counts[piece.0 as usize] += 1;
        self.pst_score += super::pst::pst()[piece.0 as usize][sq.index()];
        if is_active(piece.0) {
            self.active |= point_bit(sq.index());
        }
        self.occ[piece.color().index()] |= point_bit(sq.index());
        if piece.kind() == PieceKind::King {
            self.kings[piece.color().index()] = sq;
        }
    }

    /// Plays `mv` without any legality check (search and perft only: `mv` must be pseudo-legal here).
    #[inline]
    pub(crate) fn make_move(&mut self, mv: Move) {
        let z = zobrist();
        let (from, to) = (mv.from().index(), mv.to().index());
        let moving = self.cells[from];
        let captured = self.cells[to];
        debug_assert!(moving != EMPTY && moving != OFF && Piece(moving).color() == self.side);
        debug_assert!(captured != OFF);
        self.history.push(Undo { mv, captured, key: self.key, halfmove: self.halfmove, gives_check: false });
        let mut key = self.key ^ z.piece[moving as usize][from] ^ z.piece[moving as usize][to] ^ z.black_to_move;
        let pst = super::pst::pst();
        self.pst_score += pst[moving as usize][to] - pst[moving as usize][from];
        if captured != EMPTY {
            self.pst_score -= pst[captured as usize][to];
            key ^= z.piece[captured as usize][to];
            self.counts[captured as usize] -= 1;
            self.halfmove = 0;
        } else {
            self.halfmove = self.halfmove.saturating_add(1);
        }
        self.cells[to] = moving;
        self.cells[from] = EMPTY;
        let (bf, bt) = (point_bit(from), point_bit(to));
        self.occ[self.side.index()] ^= bf | bt;
        if captured != EMPTY {
            self.occ[self.side.index() ^ 1] ^= bt;
        }
        if is_active(moving) | is_active(captured) {
            self.active &= !(bf | bt);
            if is_active(moving) {
                self.active |= bt;
            }
        }
        if moving & 7 == 1 {
            self.kings[self.side.index()] = mv.to();
        }
        self.key = key;
        self.side = self.side.flip();
    }

    /// Takes back the last move made by [`make_move`](Self::make_move).
    #[inline]
    pub(crate) fn unmake_move(&mut self) {
        let u = self.history.pop().expect("unmake_move with empty history");
        let (from, to) = (u.mv.from().index(), u.mv.to().index());
        let moving = self.cells[to];
        self.side = self.side.flip();
        self.cells[from] = moving;
        self.cells[to] = u.captured;
        let (bf, bt) = (point_bit(from), point_bit(to));
        self.occ[self.side.index()] ^= bf | bt;
        if u.captured != EMPTY {
            self.occ[self.side.index() ^ 1] ^= bt;
        }
        if is_active(moving) | is_active(u.captured) {
            self.active &= !bt;
            if is_active(moving) {
                self.active |= bf;
            }
            if is_active(u.captured) {
                self.active |= bt;
            }
        }
        let pst = super::pst::pst();
        self.pst_score -= pst[moving as usize][to] - pst[moving as usize][from];
        if u.captured != EMPTY {
            self.counts[u.captured as usize] += 1;
            self.pst_score += pst[u.captured as usize][to];
        }
        if moving & 7 == 1 {
            self.kings[self.side.index()] = u.mv.from();
        }
        self.key = u.key;
        self.halfmove = u.halfmove;
    }

    /// Passes the move (null-move pruning). Undo with [`unmake_null`](Self::unmake_null).
    #[inline]
    pub(crate) fn make_null(&mut self) {
        self.history.push(Undo { mv: Move::NULL, captured: EMPTY, key: self.key, halfmove: self.halfmove, gives_check: false });
        self.key ^= zobrist().black_to_move;
        self.side = self.side.flip();
    }

    /// Takes back a null move.
    #[inline]
    pub(crate) fn unmake_null(&mut self) {
        let u = self.history.pop().expect("unmake_null with empty history");
        debug_assert!(u.mv.is_null());
        self.side = self.side.flip();
        self.key = u.key;
        self.halfmove = u.halfmove;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `active` and `occ` masks recounted from the cells.
    fn recount(p: &Position) -> (u128, [u128; 2]) {
        let (mut m, mut occ) = (0, [0u128; 2]);
        for (i, &sq) in super::super::geometry::BOARD.iter().enumerate() {
            let c = p.cells[sq as usize];
            if is_active(c) {
                m |= 1u128 << i;
            }
            if c != EMPTY {
                occ[(c >> 3) as usize & 1] |= 1u128 << i;
            }
        }
        (m, occ)
    }

    /// The incremental `active` and `occ` masks match the cells after every move and take-back of random games
    /// (captures by every kind of piece, of every kind), from the start and from a FEN.
    #[test]
    fn piece_masks_follow_make_and_unmake() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        for fen in [None, Some("2bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/2N1C1N2/9/2BAKAB2 w - - 0 1")] {
            let mut p = fen.map_or_else(Position::startpos, |f| Position::from_fen(f).unwrap());
            assert_eq!((p.active, p.occ), recount(&p));
            for _ in 0..3000 {
                let moves = p.legal_moves();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                if moves.is_empty() || p.ply_count() > 150 || rng % 7 == 0 && p.ply_count() > 0 {
                    p.unmake_move();
                } else {
                    p.make_move(moves.as_slice()[(rng % moves.len() as u64) as usize]);
                }
                assert_eq!((p.active, p.occ), recount(&p), "{}", p.fen());
            }
        }
    }
}
