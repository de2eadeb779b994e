//! User-facing moves: parse ICCS, check legality, play; and the game state (checkmate, stalemate).

use super::board::Position;
use super::types::{Move, Square};
use std::fmt;

/// Why a move was refused. The position is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not ICCS syntax (`h2e2`, files a–i, ranks 0–9, two different squares).
    Malformed(String),
    /// No piece on the origin square.
    NoPiece { mv: String, square: Square },
    /// The piece on the origin belongs to the side not to move.
    WrongSide { mv: String, square: Square },
    /// The piece cannot move that way (its movement rules, a blocked leg or eye, no cannon screen, …).
    IllegalMovement { mv: String, piece: char },
    /// The move would leave the mover's general in check or facing the other general.
    LeavesGeneralInCheck { mv: String },
    /// The game is over (the side to move has no legal move).
    GameOver { mv: String },
}

impl MoveError {
    /// The move as it was given (the malformed text, or the move in ICCS).
    pub fn move_text(&self) -> &str {
        match self {
            MoveError::Malformed(t) => t,
            MoveError::NoPiece { mv, .. }
            | MoveError::WrongSide { mv, .. }
            | MoveError::IllegalMovement { mv, .. }
            | MoveError::LeavesGeneralInCheck { mv }
            | MoveError::GameOver { mv } => mv,
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(s) => {
                write!(f, "move '{s}' is not an ICCS move like 'h2e2' (files a-i, ranks 0-9)")
            }
            MoveError::NoPiece { mv, square } => write!(f, "illegal move {mv}: no piece on {square}"),
            MoveError::WrongSide { mv, square } => {
                write!(f, "illegal move {mv}: the piece on {square} belongs to the side not to move")
            }
            MoveError::IllegalMovement { mv, piece } => {
                write!(f, "illegal move {mv}: the piece '{piece}' cannot move there")
            }
            MoveError::LeavesGeneralInCheck { mv } => {
                write!(f, "illegal move {mv}: it leaves the general in check or facing the other general")
            }
            MoveError::GameOver { mv } => write!(f, "illegal move {mv}: the game is over"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A finished game's verdict.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Verdict {
    /// `"red"`, `"black"` or `"draw"`.
    pub result: &'static str,
    /// Why, in English, e.g. "Black is checkmated: Red wins".
    pub reason: String,
    /// The rule, for translations: `checkmate`, `stalemate`, `perpetual_check`, `perpetual_chase`,
    /// `mutual_perpetual` (both sides violate: draw), `repetition` (no violation: draw), `natural_move_limit`.
    pub code: &'static str,
    /// The side the rule is about (the mated, stalemated or violating side), when there is one.
    pub side: Option<&'static str>,
}

impl Position {
    /// Parses `text` as ICCS and checks that the move is legal here.
    ///
    /// # Errors
    /// [`MoveError`] with the reason; `self` is not changed.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::parse_iccs(text).ok_or_else(|| MoveError::Malformed(crate::echo(text.trim())))?;
        let s = mv.to_string();
        let piece = self.piece_at(mv.from()).ok_or(MoveError::NoPiece { mv: s.clone(), square: mv.from() })?;
        if piece.color() != self.side {
            return Err(MoveError::WrongSide { mv: s, square: mv.from() });
        }
        if !self.is_pseudo_legal(mv) {
            return Err(MoveError::IllegalMovement { mv: s, piece: piece.fen_char() });
        }
        let mut scratch = self.clone();
        if !scratch.make_if_legal(mv) {
            return Err(MoveError::LeavesGeneralInCheck { mv: s });
        }
        Ok(mv)
    }

    /// Plays the ICCS move `text` if it is legal.
    ///
    /// # Errors
    /// [`MoveError`] naming the move and the reason; the position is unchanged.
    pub fn try_play(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.parse_move(text)?;
        if !self.has_legal_move() {
            return Err(MoveError::GameOver { mv: mv.to_string() });
        }
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// Plays a move known to be legal (debug builds assert it), recording whether it gives check.
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert!(self.is_pseudo_legal(mv));
        self.make_move(mv);
        debug_assert!(!self.in_check_color(self.side.flip()));
        let check = self.in_check();
        if let Some(u) = self.history.last_mut() {
            u.gives_check = check;
        }
    }

    /// Takes back the last move of the history; `false` when there is none.
    pub fn undo(&mut self) -> bool {
        if self.history.is_empty() {
            return false;
        }
        if self.history.last().is_some_and(|u| u.mv.is_null()) {
            self.unmake_null();
        } else {
            self.unmake_move();
        }
        true
    }

    /// The verdict when the game is over by the board alone: the side to move has no legal move, which loses
    /// whether in check (checkmate) or not (stalemate — a loss in Xiangqi, unlike chess). `None` otherwise.
    pub fn verdict(&self) -> Option<Verdict> {
        if self.has_legal_move() {
            return None;
        }
        let loser = self.side;
        let winner = loser.flip();
        let (reason, code) = if self.in_check() {
            (format!("{} is checkmated: {} wins", cap(loser.name()), cap(winner.name())), "checkmate")
        } else {
            (
                format!("{} has no legal move (stalemate loses in Xiangqi): {} wins", cap(loser.name()), cap(winner.name())),
                "stalemate",
            )
        };
        Some(Verdict { result: winner.name(), reason, code, side: Some(loser.name()) })
    }
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
