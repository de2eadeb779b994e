//! Vocabulary types for Xiangqi: [`Color`], [`PieceKind`], [`Piece`], [`Square`], [`Move`].
//!
//! Coordinates follow ICCS (the UCCI 3.0 spec, `xqbase/eleeye:PROTOCOL/cchess_ucci.htm`): files `a`–`i` from
//! Red's left, ranks `0`–`9` from Red's back rank. Internally a square is an index into a 16×16 mailbox whose
//! border cells are marked off-board, so sliding and jumping pieces need no bounds arithmetic.

use std::fmt;

/// The side: Red (moves first, FEN `w`, uppercase letters) or Black (FEN `b`, lowercase letters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Red = 0,
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn flip(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }
    /// 0 for Red, 1 for Black (an array index).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// `"red"` / `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }
}

/// The seven kinds of Xiangqi piece. FEN letters (uppercase for Red): K general, A advisor, B elephant
/// (also `E`), N horse (also `H`), R rook (chariot), C cannon, P pawn (soldier).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    King = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Rook = 4,
    Cannon = 5,
    Pawn = 6,
}

impl PieceKind {
    /// All kinds, in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];
    /// How many of this kind one side has in the full set (1 general, 2 each of A/B/N/R/C, 5 pawns).
    pub const fn count_in_set(self) -> u8 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }
    /// Lowercase FEN letter.
    pub const fn letter(self) -> char {
        ['k', 'a', 'b', 'n', 'r', 'c', 'p'][self as usize]
    }
    /// Parses a FEN letter of either case (`e`/`h` accepted for elephant/horse, as Fairy-Stockfish does).
    pub fn from_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_lowercase() {
            'k' => PieceKind::King,
            'a' => PieceKind::Advisor,
            'b' | 'e' => PieceKind::Elephant,
            'n' | 'h' => PieceKind::Horse,
            'r' => PieceKind::Rook,
            'c' => PieceKind::Cannon,
            'p' => PieceKind::Pawn,
            _ => return None,
        })
    }
    /// English name.
    pub const fn name(self) -> &'static str {
        ["general", "advisor", "elephant", "horse", "rook", "cannon", "pawn"][self as usize]
    }
}

/// A coloured piece, stored as one byte: `1 + kind + 8 * color` (Red 1–7, Black 9–15); 0 is an empty point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub(crate) u8);

impl Piece {
    /// Makes the piece of `kind` and `color`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece(1 + kind as u8 + 8 * color as u8)
    }
    /// Its side.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 8 == 0 { Color::Red } else { Color::Black }
    }
    /// Its kind.
    #[inline]
    pub const fn kind(self) -> PieceKind {
        PieceKind::ALL[((self.0 & 7) - 1) as usize]
    }
    /// FEN letter: uppercase for Red.
    pub const fn fen_char(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        }
    }
    /// Parses a FEN letter; case gives the side.
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_letter(c)?;
        let color = if c.is_ascii_uppercase() { Color::Red } else { Color::Black };
        Some(Piece::new(color, kind))
    }
    /// The traditional character drawn on the piece: 帥仕相俥傌炮兵 (Red) / 將士象車馬砲卒 (Black).
    pub const fn hanzi(self) -> char {
        let red = ['帥', '仕', '相', '傌', '俥', '炮', '兵'];
        let black = ['將', '士', '象', '馬', '車', '砲', '卒'];
        match self.color() {
            Color::Red => red[self.kind() as usize],
            Color::Black => black[self.kind() as usize],
        }
    }
}

/// A board point. Holds the 16×16 mailbox index `(rank + 3) * 16 + (file + 3)`; build one with
/// [`Square::new`] or parse ICCS text with [`Square::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

impl Square {
    /// The square at `file` 0–8 (a–i) and `rank` 0–9; `None` off the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 { Some(Square((rank + 3) * 16 + file + 3)) } else { None }
    }
    /// File 0–8 (`a`–`i`).
    #[inline]
    pub const fn file(self) -> u8 {
        (self.0 & 15) - 3
    }
    /// Rank 0–9 (Red's back rank is 0).
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 3
    }
    /// The mailbox index (0–255).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Parses an ICCS square such as `e0` or `h9` (the file letter may be uppercase).
    pub fn parse(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'0');
        Square::new(f, r)
    }
    /// All 90 points, rank 0 first, file a first within a rank.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..10u8).flat_map(|r| (0..9u8).map(move |f| Square((r + 3) * 16 + f + 3)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// A move from one point to another, packed as `from | to << 8`. `Move::NULL` (0) is no move.
/// Shown in ICCS (`h2e2`) by `Display`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u16);

impl Move {
    /// No move (also the null move of null-move pruning).
    pub const NULL: Move = Move(0);
    /// The move `from` → `to` (not checked for legality).
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move(from.0 as u16 | (to.0 as u16) << 8)
    }
    /// Origin.
    #[inline]
    pub const fn from(self) -> Square {
        Square(self.0 as u8)
    }
    /// Destination.
    #[inline]
    pub const fn to(self) -> Square {
        Square((self.0 >> 8) as u8)
    }
    /// Whether this is [`Move::NULL`].
    #[inline]
    pub const fn is_null(self) -> bool {
        self.0 == 0
    }
    /// Parses the syntax of an ICCS move: `h2e2`, also `H2-E2` (the ICCS file format); legality is not checked.
    pub fn parse_iccs(s: &str) -> Option<Move> {
        let t: String = s.trim().chars().filter(|&c| c != '-').collect();
        if t.len() != 4 || !t.is_ascii() {
            return None;
        }
        let from = Square::parse(&t[0..2])?;
        let to = Square::parse(&t[2..4])?;
        if from == to {
            return None;
        }
        Some(Move::new(from, to))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_null() { write!(f, "0000") } else { write!(f, "{}{}", self.from(), self.to()) }
    }
}
