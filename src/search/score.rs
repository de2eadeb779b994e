//! Scores in centipawns (1/100 of a pawn), from the side to move's point of view, with mate distances.
//!
//! A mate found `n` plies from the root scores `MATE - n` (being mated: `-(MATE - n)`), so shorter mates score
//! higher and mate-distance pruning works (chessprogramming.org "Mate Scores"). Scores past [`MATE_BOUND`] are
//! mates; the transposition table stores them relative to the node, see [`to_tt`]/[`from_tt`].

/// A score in centipawns (side to move's view).
pub type Score = i32;

/// Score of delivering mate at the root (never reached: mate takes at least one ply).
pub const MATE: Score = 30_000;
/// Scores with absolute value at least this are mate scores.
pub const MATE_BOUND: Score = MATE - 1_000;
/// Greater than any score.
pub const INFINITE: Score = MATE + 1;
/// A draw (repetition without a violation, or the 60-move rule).
pub const DRAW: Score = 0;

/// Mate in `ply` plies from the root, for the side that mates.
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether `s` is a mate score (for either side).
#[inline]
pub const fn is_mate(s: Score) -> bool {
    s >= MATE_BOUND || s <= -MATE_BOUND
}

/// The UCI/UCCI `mate N` number: moves (not plies) to mate, negative when the side to move is mated.
pub const fn mate_moves(s: Score) -> i32 {
    if s > 0 { (MATE - s + 1) / 2 } else { -(MATE + s) / 2 }
}

/// Converts a score found `ply` plies from the root into the node-relative form stored in the TT.
#[inline]
pub const fn to_tt(s: Score, ply: usize) -> Score {
    if s >= MATE_BOUND {
        s + ply as Score
    } else if s <= -MATE_BOUND {
        s - ply as Score
    } else {
        s
    }
}

/// Inverse of [`to_tt`].
#[inline]
pub const fn from_tt(s: Score, ply: usize) -> Score {
    if s >= MATE_BOUND {
        s - ply as Score
    } else if s <= -MATE_BOUND {
        s + ply as Score
    } else {
        s
    }
}

/// What a search result says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this (a fail high / beta cut-off).
    Lower,
    /// The true score is at most this (a fail low).
    Upper,
    /// The true score (a PV node).
    Exact,
}
