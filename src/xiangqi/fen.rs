//! FEN for Xiangqi: `<ranks 9..0> <side> [- - <halfmove> <fullmove>]`, piece letters K A B N R C P (uppercase
//! Red; `E`/`H` accepted for elephant/horse), side `w` (or `r`) for Red and `b` for Black. Format as used by
//! UCCI 3.0 and Pikafish; the start position is [`START_FEN`].
//!
//! Parsing validates what a legal game can reach: piece placement, counts, palace and elephant points,
//! pawn points, and that the side not to move is not in check.

use super::board::Position;
use super::geometry::own_half;
use super::types::{Color, Piece, PieceKind, Square};
use std::fmt;

/// The standard opening position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN string was rejected. `Display` gives a one-line English reason starting with `FEN:`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// The placement field does not have 10 ranks separated by `/`.
    WrongRankCount { found: usize },
    /// A rank does not describe exactly 9 files. `rank` is the ICCS rank (9 = first in the FEN).
    WrongFileCount { rank: u8, found: usize },
    /// A character that is neither a piece letter nor a digit 1–9.
    UnknownPiece { ch: char, rank: u8 },
    /// The side-to-move field is not `w`, `r` or `b`.
    BadSideToMove(String),
    /// A half-move or full-move counter that is not a number in range.
    BadCounter(String),
    /// Fields after the six FEN fields.
    TrailingFields(String),
    /// A side has no general.
    MissingGeneral(Color),
    /// A side has more than one general.
    ExtraGeneral(Color),
    /// More pieces of a kind than the set has (two of each, five pawns).
    TooMany { piece: char, count: u8, max: u8 },
    /// A general or advisor outside its palace, or an advisor off the palace diagonals.
    OutsidePalace { piece: char, square: Square },
    /// An elephant on a point it can never reach (the seven elephant points of its own half).
    ElephantOffPoints { piece: char, square: Square },
    /// A pawn on a point it can never reach (behind its start rank, or on a non-start file before the river).
    PawnOffPoints { piece: char, square: Square },
    /// The side that is not to move is in check (its general could be captured), which no legal game reaches.
    SideNotToMoveInCheck(Color),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => write!(f, "FEN: empty string"),
            FenError::WrongRankCount { found } => write!(f, "FEN: expected 10 ranks separated by '/', found {found}"),
            FenError::WrongFileCount { rank, found } => {
                write!(f, "FEN: rank {rank} has {found} files, expected 9")
            }
            FenError::UnknownPiece { ch, rank } => write!(f, "FEN: unknown piece letter {ch:?} on rank {rank}"),
            FenError::BadSideToMove(s) => write!(f, "FEN: side to move must be 'w' or 'b', found '{s}'"),
            FenError::BadCounter(s) => write!(f, "FEN: move counter must be a non-negative number, found '{s}'"),
            FenError::TrailingFields(s) => write!(f, "FEN: unexpected text after the move counters: '{s}'"),
            FenError::MissingGeneral(c) => write!(f, "FEN: {} has no general", c.name()),
            FenError::ExtraGeneral(c) => write!(f, "FEN: {} has more than one general", c.name()),
            FenError::TooMany { piece, count, max } => {
                write!(f, "FEN: {count} pieces '{piece}', a side has at most {max}")
            }
            FenError::OutsidePalace { piece, square } => {
                write!(f, "FEN: '{piece}' on {square} is outside its palace points")
            }
            FenError::ElephantOffPoints { piece, square } => {
                write!(f, "FEN: elephant '{piece}' on {square} is not on one of its seven points")
            }
            FenError::PawnOffPoints { piece, square } => {
                write!(f, "FEN: pawn '{piece}' on {square} is on a point no pawn can reach")
            }
            FenError::SideNotToMoveInCheck(c) => {
                write!(f, "FEN: {} is not to move but its general is in check", c.name())
            }
        }
    }
}

impl std::error::Error for FenError {}

use crate::echo;

fn placement_error(p: Piece, sq: Square) -> Option<FenError> {
    let (f, r) = (sq.file(), sq.rank());
    // Rank counted from the piece's own back rank.
    let own_r = if p.color() == Color::Red { r } else { 9 - r };
    let ch = p.fen_char();
    match p.kind() {
        PieceKind::King if !(3..=5).contains(&f) || own_r > 2 => Some(FenError::OutsidePalace { piece: ch, square: sq }),
        PieceKind::Advisor => {
            let ok = matches!((f, own_r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2));
            (!ok).then_some(FenError::OutsidePalace { piece: ch, square: sq })
        }
        PieceKind::Elephant => {
            let ok = matches!((f, own_r), (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4));
            (!ok).then_some(FenError::ElephantOffPoints { piece: ch, square: sq })
        }
        PieceKind::Pawn => {
            let crossed = !own_half(sq.index(), p.color());
            let ok = crossed || (own_r >= 3 && f % 2 == 0);
            (!ok).then_some(FenError::PawnOffPoints { piece: ch, square: sq })
        }
        _ => None,
    }
}

impl Position {
    /// The opening position.
    pub fn startpos() -> Position {
        Position::from_fen(START_FEN).expect("START_FEN is valid")
    }

    /// Parses and validates a FEN string (see the module docs for the checks). The half-move clock and
    /// full-move number are optional.
    ///
    /// # Errors
    /// A [`FenError`] naming the first problem found.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let placement = fields.next().ok_or(FenError::Empty)?;
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::WrongRankCount { found: ranks.len() });
        }
        let mut pos = Position::empty();
        let mut placed: Vec<(Square, Piece)> = Vec::with_capacity(32);
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u8;
            let mut file: usize = 0;
            for ch in text.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                    file += d as usize;
                } else if let Some(p) = Piece::from_fen_char(ch) {
                    if file < 9 {
                        placed.push((Square::new(file as u8, rank).unwrap(), p));
                    }
                    file += 1;
                } else {
                    return Err(FenError::UnknownPiece { ch, rank });
                }
            }
            if file != 9 {
                return Err(FenError::WrongFileCount { rank, found: file });
            }
        }
        let side = match fields.next() {
            None | Some("w") | Some("r") | Some("W") | Some("R") => Color::Red,
            Some("b") | Some("B") => Color::Black,
            Some(s) => return Err(FenError::BadSideToMove(echo(s))),
        };
        // Optional "- -" (castling/en passant placeholders) then two counters.
        let rest: Vec<&str> = fields.collect();
        let mut idx = 0;
        while idx < rest.len() && idx < 2 && rest[idx] == "-" {
            idx += 1;
        }
        let mut counters = [0u32, 1u32];
        for c in counters.iter_mut() {
            if idx < rest.len() {
                *c = rest[idx].parse::<u32>().map_err(|_| FenError::BadCounter(echo(rest[idx])))?;
                idx += 1;
            }
        }
        if idx < rest.len() {
            return Err(FenError::TrailingFields(echo(&rest[idx..].join(" "))));
        }
        // Validation: counts, generals, placement.
        for color in [Color::Red, Color::Black] {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                let n = placed.iter().filter(|(_, q)| *q == p).count() as u8;
                if kind == PieceKind::King {
                    if n == 0 {
                        return Err(FenError::MissingGeneral(color));
                    }
                    if n > 1 {
                        return Err(FenError::ExtraGeneral(color));
                    }
                } else if n > kind.count_in_set() {
                    return Err(FenError::TooMany { piece: p.fen_char(), count: n, max: kind.count_in_set() });
                }
            }
        }
        // Report placement problems in reading order (rank 9 first).
        for &(sq, p) in &placed {
            if let Some(e) = placement_error(p, sq) {
                return Err(e);
            }
        }
        for (sq, p) in placed {
            pos.put(sq, p);
        }
        if side == Color::Black {
            pos.key ^= super::board::zobrist().black_to_move;
        }
        pos.side = side;
        pos.halfmove = counters[0].min(u16::MAX as u32) as u16;
        pos.fullmove_start = counters[1].max(1);
        if pos.in_check_color(side.flip()) {
            return Err(FenError::SideNotToMoveInCheck(side.flip()));
        }
        Ok(pos)
    }

    /// The FEN of the current position: placement, side (`w`/`b`), `- -`, half-move clock, full-move number.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match self.piece_at(Square::new(file, rank).unwrap()) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let fullmove = self.fullmove_start as usize
            + (self.history.len() + if self.side_at_start() == Color::Black { 1 } else { 0 }) / 2;
        s.push_str(&format!(
            " {} - - {} {}",
            if self.side == Color::Red { 'w' } else { 'b' },
            self.halfmove,
            fullmove
        ));
        s
    }

    /// Side to move at set-up (before the recorded history).
    pub(crate) fn side_at_start(&self) -> Color {
        if self.history.len() % 2 == 0 { self.side } else { self.side.flip() }
    }
}
