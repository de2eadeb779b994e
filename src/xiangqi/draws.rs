//! Draws a player may claim, and mating material (for flag fall).
//!
//! * **Repetition** ([`DrawClaim::Repetition`]): the current position occurred before (same side to move, since
//!   the last capture) and the cycle between the two occurrences gives neither side a perpetual-check or
//!   perpetual-chase verdict ([`Position::judge_cycle`], the Asian rules of [`super::rules`]). A cycle with a
//!   violator is no draw: the violator must vary or lose at the third occurrence.
//! * **Sixty moves** ([`DrawClaim::SixtyMove`]): 120 plies without a capture, checks beyond ten per side not
//!   counted ([`super::rules::NATURAL_MOVE_LIMIT_PLIES`]) — the rule [`Position::game_verdict`] applies.
//! * **Material** ([`DrawClaim::Material`]): neither side has mating material ([`Position::has_mating_material`]).
//!
//! **Mating material**: a rook, horse, cannon or pawn (any pawn, crossed or not, even on the last rank: with the
//! other side's pieces a mate can still be built). Advisors and elephants never leave their own half (the palace,
//! their seven points), so they can neither check nor cover the enemy palace: a general with advisors and
//! elephants only cannot mate. This is the test for flag fall: the side whose time runs out loses, unless the
//! opponent has no mating material, then the game is drawn.

use super::board::Position;
use super::types::{Color, PieceKind};

/// Why a draw may be claimed ([`Position::claimable_draw`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawClaim {
    Repetition,
    SixtyMove,
    Material,
}

impl DrawClaim {
    /// `repetition`, `sixty-move`, `material`.
    pub fn name(self) -> &'static str {
        match self {
            DrawClaim::Repetition => "repetition",
            DrawClaim::SixtyMove => "sixty-move",
            DrawClaim::Material => "material",
        }
    }
}

impl Position {
    /// Whether `side` has a rook, horse, cannon or pawn (see the module docs).
    pub fn has_mating_material(&self, side: Color) -> bool {
        [PieceKind::Rook, PieceKind::Horse, PieceKind::Cannon, PieceKind::Pawn].iter().any(|&k| self.count(side, k) > 0)
    }

    /// A draw the side to move may claim now, if any: repetition without a perpetual verdict, the 60-move rule,
    /// or no mating material on either side (checked in that order; see the module docs). `None` when the game
    /// is already decided by the board (no legal move) or no rule gives a draw.
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.verdict().is_some() {
            return None;
        }
        if let Some(len) = self.last_repetition_distance(4) {
            let v = self.clone().judge_cycle(len);
            if v.loser.is_none() {
                return Some(DrawClaim::Repetition);
            }
        }
        if self.natural_move_limit_reached() {
            return Some(DrawClaim::SixtyMove);
        }
        if !self.has_mating_material(Color::Red) && !self.has_mating_material(Color::Black) {
            return Some(DrawClaim::Material);
        }
        None
    }
}
