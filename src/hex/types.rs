//! Hex vocabulary: colours, edges, cells and moves, in the conventions of HexGui, Benzene and the SGF
//! specification for `GM[11]` (<https://www.red-bean.com/sgf/hex.html>): columns are letters `a`, `b`, … from
//! left to right, rows are numbers `1`, `2`, … from top to bottom; Black moves first and joins the NORTH edge
//! (above row 1) to the SOUTH edge (below the last row); White joins WEST (left of column `a`) to EAST.

use std::fmt;

/// Largest board side (columns or rows): 19, the largest size in common use.
pub const MAX_SIDE: usize = 19;

/// A side. Black (HexWiki's Red) connects NORTH–SOUTH and moves first; White (Blue) connects WEST–EAST.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other side.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White (array index).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The two edges this side joins: Black `[North, South]`, White `[West, East]`.
    #[inline]
    pub fn edges(self) -> [Edge; 2] {
        match self {
            Color::Black => [Edge::North, Edge::South],
            Color::White => [Edge::West, Edge::East],
        }
    }

    /// `"black"` / `"white"` (the JSON and GTP spelling).
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Parses GTP/SGF spellings: `b`, `black`, `w`, `white` (any case).
    pub fn parse(s: &str) -> Option<Color> {
        match s.trim().to_ascii_lowercase().as_str() {
            "b" | "black" => Some(Color::Black),
            "w" | "white" => Some(Color::White),
            _ => None,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the four board edges. Each is a node of its own in the connectivity graph (see
/// [`Position::edge_node`](super::Position::edge_node)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// Above row 1 (Black's).
    North,
    /// Below the last row (Black's).
    South,
    /// Left of column `a` (White's).
    West,
    /// Right of the last column (White's).
    East,
}

impl Edge {
    /// All four, in node order (North, South, West, East).
    pub const ALL: [Edge; 4] = [Edge::North, Edge::South, Edge::West, Edge::East];

    /// `0..4` in [`Edge::ALL`] order.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The side whose edge this is.
    pub fn owner(self) -> Color {
        match self {
            Edge::North | Edge::South => Color::Black,
            Edge::West | Edge::East => Color::White,
        }
    }

    /// `"north"`, `"south"`, `"west"`, `"east"`.
    pub fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::South => "south",
            Edge::West => "west",
            Edge::East => "east",
        }
    }
}

/// A cell by column and row, both 0-based (`a1` is `Cell { col: 0, row: 0 }`). Written as the column letter
/// followed by the 1-based row number: `a1`, `c3`, `s19`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    pub col: u8,
    pub row: u8,
}

impl Cell {
    /// The cell at 0-based `col`, `row`.
    pub const fn new(col: u8, row: u8) -> Cell {
        Cell { col, row }
    }

    /// Parses `a1` … `s19` (letters are case-insensitive; rows start at 1). The result may still be off a
    /// particular board: check with [`Position::contains`](super::Position::contains).
    ///
    /// # Errors
    /// [`CellError`] naming what is wrong with the text.
    pub fn parse(text: &str) -> Result<Cell, CellError> {
        let t = text.trim();
        let shown = || t.chars().take(20).collect::<String>();
        let mut chars = t.chars();
        let letter = chars.next().ok_or(CellError::Empty)?;
        if !letter.is_ascii_alphabetic() {
            return Err(CellError::Column(shown()));
        }
        let col = letter.to_ascii_lowercase() as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(CellError::Row(shown()));
        }
        let row: usize = digits.parse().map_err(|_| CellError::Row(shown()))?;
        if row == 0 {
            return Err(CellError::Row(shown()));
        }
        if col as usize >= MAX_SIDE || row > MAX_SIDE {
            return Err(CellError::TooFar(shown()));
        }
        Ok(Cell { col, row: (row - 1) as u8 })
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row as u32 + 1)
    }
}

/// Why a cell's name did not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CellError {
    Empty,
    /// The first character is not a column letter.
    Column(String),
    /// No row number, or not a positive number.
    Row(String),
    /// Beyond column `s` or row 19.
    TooFar(String),
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CellError::Empty => write!(f, "empty cell name (expected e.g. c3)"),
            CellError::Column(s) => write!(f, "'{s}': a cell starts with a column letter a..s (e.g. c3)"),
            CellError::Row(s) => write!(f, "'{s}': a cell ends with a row number 1..19 (e.g. c3)"),
            CellError::TooFar(s) => write!(f, "'{s}': beyond the largest board (columns a..s, rows 1..19)"),
        }
    }
}
impl std::error::Error for CellError {}

/// A move: a stone on a cell, or the swap (pie rule) in its `swap-pieces` form — White takes Black's first
/// stone, which is reflected across the board's long diagonal (`c2` becomes White's `b3`), and Black moves next
/// (SGF spec for Hex; HexWiki "Swap rule").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place(Cell),
    Swap,
}

impl Move {
    /// Parses a cell (`c3`) or `swap-pieces` (also `swap`, Little Golem's spelling).
    ///
    /// # Errors
    /// The cell's [`CellError`].
    pub fn parse(text: &str) -> Result<Move, CellError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "swap-pieces" | "swap" => Ok(Move::Swap),
            _ => Cell::parse(text).map(Move::Place),
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(c) => write!(f, "{c}"),
            Move::Swap => f.write_str("swap-pieces"),
        }
    }
}

/// Serialized as its name (`black` / `white`), as the protocols spell it.
impl serde::Serialize for Color {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Serialized as its name (`c3`).
impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}
