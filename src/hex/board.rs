//! The Hex position: a `width × height` rhombus of cells, the stones on it, the side to move, the move
//! history, and a union-find over the cells plus four edge nodes that tells at once whether a side has joined
//! its two edges.
//!
//! Geometry (HexGui / Benzene / SGF `GM[11]`): cell `(col, row)` touches `(col±1, row)`, `(col, row±1)`,
//! `(col+1, row-1)` and `(col-1, row+1)`. Row 0 touches NORTH, the last row SOUTH, column 0 WEST, the last
//! column EAST. Cell indices are `row * width + col`; the edge nodes follow the cells, numbered
//! `cells + Edge::index()`.
//!
//! The union-find is union-by-size without path compression, so every union can be undone: each move pushes
//! the unions it made and [`Position::undo`] pops them. `find` is `O(log cells)`.

use super::types::{Cell, CellError, Color, Edge, MAX_SIDE, Move};
use rand_core::{Rng, SeedableRng};
use std::fmt;
use std::sync::OnceLock;

/// No neighbour in a slot of [`Geometry::neighbours`].
const NONE: u16 = u16::MAX;

/// Zobrist keys: one per (colour, cell index up to 19×19), plus the White-to-move key; drawn once from PCG-64
/// with a fixed seed so keys are the same on every platform and every run.
struct Zobrist {
    stone: [[u64; MAX_SIDE * MAX_SIDE]; 2],
    white_to_move: u64,
}

fn zobrist() -> &'static Zobrist {
    static Z: OnceLock<Box<Zobrist>> = OnceLock::new();
    Z.get_or_init(|| {
        let mut rng = rand_pcg::Pcg64::seed_from_u64(0x4845_5821_D0E5_1A7B);
        let mut z = Box::new(Zobrist { stone: [[0; MAX_SIDE * MAX_SIDE]; 2], white_to_move: 0 });
        for c in 0..2 {
            for i in 0..MAX_SIDE * MAX_SIDE {
                z.stone[c][i] = rng.next_u64();
            }
        }
        z.white_to_move = rng.next_u64();
        z
    })
}

/// The board's shape: size and adjacency, shared by every position of that size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    width: usize,
    height: usize,
    /// Up to six neighbouring cell indices per cell, unused slots [`NONE`].
    neighbours: Box<[[u16; 6]]>,
    /// Bit `Edge::index()` set when the cell touches that edge.
    edges: Box<[u8]>,
}

impl Geometry {
    /// The geometry of a `width × height` board (columns × rows).
    ///
    /// # Errors
    /// [`HexError::Size`] unless both sides are 1..=[`MAX_SIDE`].
    pub fn new(width: usize, height: usize) -> Result<Geometry, HexError> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(HexError::Size { width, height });
        }
        let n = width * height;
        let mut neighbours = vec![[NONE; 6]; n].into_boxed_slice();
        let mut edges = vec![0u8; n].into_boxed_slice();
        const DIRS: [(i32, i32); 6] = [(-1, 0), (1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)];
        for row in 0..height {
            for col in 0..width {
                let i = row * width + col;
                let mut k = 0;
                for (dc, dr) in DIRS {
                    let (c, r) = (col as i32 + dc, row as i32 + dr);
                    if c >= 0 && r >= 0 && (c as usize) < width && (r as usize) < height {
                        neighbours[i][k] = (r as usize * width + c as usize) as u16;
                        k += 1;
                    }
                }
                let mut e = 0u8;
                if row == 0 {
                    e |= 1 << Edge::North.index();
                }
                if row == height - 1 {
                    e |= 1 << Edge::South.index();
                }
                if col == 0 {
                    e |= 1 << Edge::West.index();
                }
                if col == width - 1 {
                    e |= 1 << Edge::East.index();
                }
                edges[i] = e;
            }
        }
        Ok(Geometry { width, height, neighbours, edges })
    }

    /// Columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }
    /// Rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }
    /// Number of cells (`width × height`).
    #[inline]
    pub fn cells(&self) -> usize {
        self.width * self.height
    }
    /// Whether `cell` is on this board.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        (cell.col as usize) < self.width && (cell.row as usize) < self.height
    }
    /// The index of an on-board cell (`row * width + col`).
    #[inline]
    pub fn index(&self, cell: Cell) -> usize {
        debug_assert!(self.contains(cell));
        cell.row as usize * self.width + cell.col as usize
    }
    /// The cell at an index `< cells()`.
    #[inline]
    pub fn cell(&self, index: usize) -> Cell {
        Cell::new((index % self.width) as u8, (index / self.width) as u8)
    }
    /// The neighbouring cells' indices (2 to 6 of them; edges excluded).
    #[inline]
    pub fn neighbours(&self, index: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours[index].iter().take_while(|&&n| n != NONE).map(|&n| n as usize)
    }
    /// Whether the cell at `index` touches `edge`.
    #[inline]
    pub fn touches(&self, index: usize, edge: Edge) -> bool {
        self.edges[index] & (1 << edge.index()) != 0
    }
    /// The cell indices along `edge` (the cells touching it), in order.
    pub fn edge_cells(&self, edge: Edge) -> Vec<usize> {
        (0..self.cells()).filter(|&i| self.touches(i, edge)).collect()
    }
    /// Whether the board is square (the swap rule needs a square board: it reflects the stone).
    pub fn is_square(&self) -> bool {
        self.width == self.height
    }
}

/// Why a move, a size or a position was refused. The position is unchanged after any of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexError {
    /// A board side outside 1..=19.
    Size { width: usize, height: usize },
    /// A cell name that does not parse.
    Cell(CellError),
    /// A cell beyond this board's columns or rows.
    OffBoard { cell: Cell, width: usize, height: usize },
    /// A stone is already there.
    Occupied { cell: Cell, by: Color },
    /// It is the other side's turn.
    OutOfTurn { color: Color, to_move: Color },
    /// A side has already won.
    GameOver { winner: Color },
    /// `swap-pieces` is allowed only as White's answer to Black's first stone, with the swap rule on and on a
    /// square board; the reason says which failed.
    SwapNotAllowed(&'static str),
    /// Setup stones (SGF `AB`/`AW`) can only be added before the first move.
    SetupAfterMoves,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::Size { width, height } => {
                write!(f, "board size {width}x{height}: each side must be 1..{MAX_SIDE}")
            }
            HexError::Cell(e) => write!(f, "{e}"),
            HexError::OffBoard { cell, width, height } => {
                let last_col = (b'a' + *width as u8 - 1) as char;
                write!(f, "{cell} is off the {width}x{height} board (columns a..{last_col}, rows 1..{height})")
            }
            HexError::Occupied { cell, by } => write!(f, "{cell} is occupied (by {by})"),
            HexError::OutOfTurn { color, to_move } => write!(f, "{color} cannot move: it is {to_move}'s turn"),
            HexError::GameOver { winner } => write!(f, "the game is over: {winner} has won"),
            HexError::SwapNotAllowed(why) => write!(f, "swap-pieces not allowed: {why}"),
            HexError::SetupAfterMoves => write!(f, "setup stones can only be added before the first move"),
        }
    }
}
impl std::error::Error for HexError {}

impl From<CellError> for HexError {
    fn from(e: CellError) -> Self {
        HexError::Cell(e)
    }
}

/// One played move with what undoing it needs.
#[derive(Clone, Copy, Debug)]
struct Played {
    mv: Move,
    color: Color,
    /// Length of the union stack before the move.
    unions: u32,
    /// For a swap: the index of Black's stone that was taken away.
    swapped_from: u16,
}

/// A Hex position: stones, side to move, history (for undo and SGF) and the connectivity of each side.
///
/// Invariants: `stones[i]` is 0 (empty), 1 (Black) or 2 (White); `key` is the Zobrist key of the stones and
/// side to move; the union-find joins exactly the same-coloured neighbouring stones and each stone with its own
/// side's edges that it touches.
#[derive(Clone, Debug)]
pub struct Position {
    geom: Geometry,
    stones: Vec<u8>,
    to_move: Color,
    swap_rule: bool,
    history: Vec<Played>,
    parent: Vec<u16>,
    size: Vec<u16>,
    /// Unions made, as (child root, parent root), undone in reverse.
    unions: Vec<(u16, u16)>,
    key: u64,
    empties: usize,
}

impl PartialEq for Position {
    fn eq(&self, other: &Self) -> bool {
        self.geom == other.geom && self.stones == other.stones && self.to_move == other.to_move
    }
}

impl Position {
    /// An empty `width × height` board, Black to move, swap rule off.
    ///
    /// # Errors
    /// [`HexError::Size`] unless both sides are 1..=19.
    pub fn new(width: usize, height: usize) -> Result<Position, HexError> {
        let geom = Geometry::new(width, height)?;
        let n = geom.cells();
        let nodes = n + 4;
        Ok(Position {
            stones: vec![0; n],
            to_move: Color::Black,
            swap_rule: false,
            history: Vec::new(),
            parent: (0..nodes as u16).collect(),
            size: vec![1; nodes],
            unions: Vec::new(),
            key: 0,
            empties: n,
            geom,
        })
    }

    /// An empty `n × n` board.
    ///
    /// # Errors
    /// [`HexError::Size`] unless `n` is 1..=19.
    pub fn square(n: usize) -> Result<Position, HexError> {
        Position::new(n, n)
    }

    /// Turns the swap rule (`swap-pieces`) on or off for the rest of the game.
    pub fn set_swap_rule(&mut self, on: bool) {
        self.swap_rule = on;
    }

    /// Whether the swap rule is on.
    pub fn swap_rule(&self) -> bool {
        self.swap_rule
    }

    /// The board's shape.
    #[inline]
    pub fn geometry(&self) -> &Geometry {
        &self.geom
    }
    /// Columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.geom.width
    }
    /// Rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.geom.height
    }
    /// Whether `cell` is on this board.
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.geom.contains(cell)
    }
    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    /// Zobrist key of the stones and the side to move.
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    /// Number of empty cells.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.empties
    }

    /// The stone at a cell index, if any.
    #[inline]
    pub fn stone_at(&self, index: usize) -> Option<Color> {
        match self.stones[index] {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The stone on `cell`, if any (`None` also for a cell off the board).
    pub fn stone(&self, cell: Cell) -> Option<Color> {
        if self.contains(cell) { self.stone_at(self.geom.index(cell)) } else { None }
    }

    /// The moves played so far with the side that played each (setup stones from SGF `AB`/`AW` are not moves).
    pub fn moves(&self) -> Vec<(Color, Move)> {
        self.history.iter().map(|p| (p.color, p.mv)).collect()
    }

    /// Number of moves played (plies).
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// The node of an edge in the union-find (`cells + edge.index()`).
    #[inline]
    pub fn edge_node(&self, edge: Edge) -> usize {
        self.geom.cells() + edge.index()
    }

    #[inline]
    fn find(&self, mut x: usize) -> usize {
        while self.parent[x] as usize != x {
            x = self.parent[x] as usize;
        }
        x
    }

    fn union(&mut self, a: usize, b: usize) {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return;
        }
        if self.size[ra] < self.size[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb] = ra as u16;
        self.size[ra] += self.size[rb];
        self.unions.push((rb as u16, ra as u16));
    }

    /// Whether two union-find nodes (cell indices or [`edge_node`](Self::edge_node)s) are joined by stones of
    /// one colour.
    #[inline]
    pub fn connected(&self, a: usize, b: usize) -> bool {
        self.find(a) == self.find(b)
    }

    /// The side that has joined its two edges, if any. Only one side can (and, on a full board, one does).
    pub fn winner(&self) -> Option<Color> {
        if self.connected(self.edge_node(Edge::North), self.edge_node(Edge::South)) {
            Some(Color::Black)
        } else if self.connected(self.edge_node(Edge::West), self.edge_node(Edge::East)) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The winner's stones that join its two edges (the whole winning group), sorted by index; empty if no one
    /// has won.
    pub fn winning_chain(&self) -> Vec<Cell> {
        let Some(w) = self.winner() else { return Vec::new() };
        let root = self.find(self.edge_node(w.edges()[0]));
        let want = w.index() as u8 + 1;
        (0..self.geom.cells())
            .filter(|&i| self.stones[i] == want && self.find(i) == root)
            .map(|i| self.geom.cell(i))
            .collect()
    }

    /// Places a stone of `color` on the cell at `index` and joins it with its neighbours of that colour and its
    /// side's edges. No legality checks (see [`try_play`](Self::try_play)); the side to move passes to the
    /// other side. Used by search with [`undo`](Self::undo).
    pub fn place_unchecked(&mut self, index: usize, color: Color) {
        debug_assert_eq!(self.stones[index], 0);
        let before = self.unions.len() as u32;
        self.put(index, color);
        self.history.push(Played { mv: Move::Place(self.geom.cell(index)), color, unions: before, swapped_from: 0 });
        self.flip_turn();
    }

    fn put(&mut self, index: usize, color: Color) {
        self.stones[index] = color.index() as u8 + 1;
        self.key ^= zobrist().stone[color.index()][index];
        self.empties -= 1;
        let want = color.index() as u8 + 1;
        for k in 0..6 {
            let n = self.geom.neighbours[index][k];
            if n == NONE {
                break;
            }
            if self.stones[n as usize] == want {
                self.union(index, n as usize);
            }
        }
        for e in color.edges() {
            if self.geom.touches(index, e) {
                self.union(index, self.edge_node(e));
            }
        }
    }

    fn take(&mut self, index: usize) {
        let c = self.stones[index] as usize - 1;
        self.key ^= zobrist().stone[c][index];
        self.stones[index] = 0;
        self.empties += 1;
    }

    fn flip_turn(&mut self) {
        self.to_move = self.to_move.opponent();
        self.key ^= zobrist().white_to_move;
    }

    fn undo_unions(&mut self, to: usize) {
        while self.unions.len() > to {
            let (child, parent) = self.unions.pop().unwrap();
            self.size[parent as usize] -= self.size[child as usize];
            self.parent[child as usize] = child;
        }
    }

    /// Plays `mv` for the side to move.
    ///
    /// # Errors
    /// [`HexError::OffBoard`], [`HexError::Occupied`], [`HexError::GameOver`] or [`HexError::SwapNotAllowed`];
    /// the position is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), HexError> {
        self.check(mv)?;
        match mv {
            Move::Place(cell) => self.place_unchecked(self.geom.index(cell), self.to_move),
            Move::Swap => self.swap_unchecked(),
        }
        Ok(())
    }

    /// Plays `mv` for `color`, which must be the side to move.
    ///
    /// # Errors
    /// [`HexError::OutOfTurn`] or any error of [`try_play`](Self::try_play).
    pub fn try_play_as(&mut self, color: Color, mv: Move) -> Result<(), HexError> {
        if color != self.to_move {
            return Err(HexError::OutOfTurn { color, to_move: self.to_move });
        }
        self.try_play(mv)
    }

    /// Parses a move (`c3`, `swap-pieces`) and plays it for the side to move.
    ///
    /// # Errors
    /// [`HexError::Cell`] for a name that does not parse, or any error of [`try_play`](Self::try_play).
    pub fn play_str(&mut self, text: &str) -> Result<Move, HexError> {
        let mv = Move::parse(text)?;
        self.try_play(mv)?;
        Ok(mv)
    }

    /// Whether `mv` is legal for the side to move, and why not.
    ///
    /// # Errors
    /// As [`try_play`](Self::try_play).
    pub fn check(&self, mv: Move) -> Result<(), HexError> {
        if let Some(winner) = self.winner() {
            return Err(HexError::GameOver { winner });
        }
        match mv {
            Move::Place(cell) => {
                if !self.contains(cell) {
                    return Err(HexError::OffBoard { cell, width: self.width(), height: self.height() });
                }
                if let Some(by) = self.stone(cell) {
                    return Err(HexError::Occupied { cell, by });
                }
                Ok(())
            }
            Move::Swap => {
                if !self.swap_rule {
                    Err(HexError::SwapNotAllowed("the swap rule is off"))
                } else if !self.geom.is_square() {
                    Err(HexError::SwapNotAllowed("the board is not square"))
                } else if !self.swap_available() {
                    Err(HexError::SwapNotAllowed("only as White's answer to Black's first stone"))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Whether `swap-pieces` is a legal move now: swap rule on, square board, and exactly one move played so
    /// far — Black's first stone.
    pub fn swap_available(&self) -> bool {
        self.swap_rule
            && self.geom.is_square()
            && self.history.len() == 1
            && self.history[0].color == Color::Black
            && matches!(self.history[0].mv, Move::Place(_))
            && self.empties + 1 == self.geom.cells()
    }

    /// White's `swap-pieces`: Black's only stone is replaced by a White stone on the reflected cell
    /// (column ↔ row), and Black is to move. Call only when [`swap_available`](Self::swap_available).
    pub fn swap_unchecked(&mut self) {
        debug_assert!(self.swap_available());
        let Move::Place(c) = self.history[0].mv else { unreachable!("swap after a non-placing first move") };
        let from = self.geom.index(c);
        let to = self.geom.index(Cell::new(c.row, c.col));
        // Undo Black's unions, then place White's stone: the swap's unions start where Black's did.
        let base = self.history[0].unions;
        self.undo_unions(base as usize);
        self.take(from);
        self.put(to, Color::White);
        self.history.push(Played { mv: Move::Swap, color: Color::White, unions: base, swapped_from: from as u16 });
        self.flip_turn();
    }

    /// Takes back the last move; returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let p = self.history.pop()?;
        self.flip_turn();
        match p.mv {
            Move::Place(c) => {
                self.undo_unions(p.unions as usize);
                self.take(self.geom.index(c));
            }
            Move::Swap => {
                let Move::Place(first) = self.history[0].mv else { unreachable!() };
                let to = self.geom.index(Cell::new(first.row, first.col));
                self.undo_unions(p.unions as usize);
                self.take(to);
                let from = p.swapped_from as usize;
                // Black's stone comes back; its unions again start at the first move's mark (`p.unions`).
                self.put(from, Color::Black);
            }
        }
        Some(p.mv)
    }

    /// Adds a setup stone (SGF `AB`/`AW`) without making it a move: it is not in the history and does not
    /// change the side to move. Meant for setting up a position before any move is played.
    ///
    /// # Errors
    /// [`HexError::SetupAfterMoves`] once a move has been played, [`HexError::OffBoard`] or
    /// [`HexError::Occupied`].
    pub fn add_stone(&mut self, cell: Cell, color: Color) -> Result<(), HexError> {
        if !self.history.is_empty() {
            return Err(HexError::SetupAfterMoves);
        }
        if !self.contains(cell) {
            return Err(HexError::OffBoard { cell, width: self.width(), height: self.height() });
        }
        if let Some(by) = self.stone(cell) {
            return Err(HexError::Occupied { cell, by });
        }
        let index = self.geom.index(cell);
        self.put(index, color);
        Ok(())
    }

    /// Sets the side to move (SGF `PL`, or a setup position where White is to play).
    pub fn set_to_move(&mut self, color: Color) {
        if color != self.to_move {
            self.flip_turn();
        }
    }

    /// Indices of the empty cells, in index order.
    pub fn empty_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.stones.iter().enumerate().filter(|(_, s)| **s == 0).map(|(i, _)| i)
    }

    /// The legal moves: every empty cell (none once a side has won), plus `swap-pieces` when available.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut v: Vec<Move> = self.empty_cells().map(|i| Move::Place(self.geom.cell(i))).collect();
        if self.swap_available() {
            v.push(Move::Swap);
        }
        v
    }

    /// Rows of the board from row 1, as text: `.` empty, `B` Black, `W` White (columns from `a`).
    pub fn rows(&self) -> Vec<String> {
        (0..self.height())
            .map(|r| {
                (0..self.width())
                    .map(|c| match self.stones[r * self.width() + c] {
                        1 => 'B',
                        2 => 'W',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// A position from rows as [`rows`](Self::rows) prints them (`.`/`B`/`W`, row 1 first). The side to move
    /// is Black when both have as many stones, White when Black has one more, and must be given otherwise.
    ///
    /// # Errors
    /// A message naming the bad row or character.
    pub fn from_rows(rows: &[&str], to_move: Option<Color>) -> Result<Position, String> {
        let height = rows.len();
        let width = rows.first().map_or(0, |r| r.chars().count());
        let mut pos = Position::new(width, height).map_err(|e| e.to_string())?;
        let (mut b, mut w) = (0usize, 0usize);
        for (r, line) in rows.iter().enumerate() {
            if line.chars().count() != width {
                return Err(format!("row {} has {} cells, row 1 has {width}", r + 1, line.chars().count()));
            }
            for (c, ch) in line.chars().enumerate() {
                let color = match ch {
                    '.' => continue,
                    'B' | 'b' | 'X' | 'x' => Color::Black,
                    'W' | 'w' | 'O' | 'o' => Color::White,
                    _ => return Err(format!("row {}: '{ch}' is not . B or W", r + 1)),
                };
                match color {
                    Color::Black => b += 1,
                    Color::White => w += 1,
                }
                pos.add_stone(Cell::new(c as u8, r as u8), color).map_err(|e| e.to_string())?;
            }
        }
        let side = match to_move {
            Some(c) => c,
            None if b == w => Color::Black,
            None if b == w + 1 => Color::White,
            None => return Err(format!("{b} Black and {w} White stones: give the side to move")),
        };
        pos.set_to_move(side);
        Ok(pos)
    }
}

impl fmt::Display for Position {
    /// The board as a rhombus, row 1 at the top, each row shifted right by half a cell more than the last.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "  ")?;
        for c in 0..self.width() {
            write!(f, " {}", (b'a' + c as u8) as char)?;
        }
        writeln!(f)?;
        for (r, row) in self.rows().iter().enumerate() {
            write!(f, "{:>2}{}", r + 1, " ".repeat(r))?;
            for ch in row.chars() {
                write!(f, " {ch}")?;
            }
            writeln!(f, " {}", r + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        Cell::parse(s).unwrap()
    }

    #[test]
    fn neighbours_follow_the_hexgui_geometry() {
        let g = Geometry::new(5, 5).unwrap();
        let mut n: Vec<Cell> = g.neighbours(g.index(c("c3"))).map(|i| g.cell(i)).collect();
        n.sort();
        let mut want = vec![c("b3"), c("d3"), c("c2"), c("c4"), c("d2"), c("b4")];
        want.sort();
        assert_eq!(n, want);
        assert_eq!(g.neighbours(g.index(c("a1"))).count(), 2);
        assert_eq!(g.neighbours(g.index(c("e1"))).count(), 3);
        assert!(g.touches(g.index(c("a1")), Edge::North) && g.touches(g.index(c("a1")), Edge::West));
        assert!(g.touches(g.index(c("e5")), Edge::South) && g.touches(g.index(c("e5")), Edge::East));
    }

    #[test]
    fn a_column_of_black_stones_wins_and_undo_takes_it_back() {
        let mut p = Position::square(3).unwrap();
        for (b, w) in [("b1", "a1"), ("b2", "a2")] {
            p.play_str(b).unwrap();
            p.play_str(w).unwrap();
        }
        assert_eq!(p.winner(), None);
        p.play_str("b3").unwrap();
        assert_eq!(p.winner(), Some(Color::Black));
        assert_eq!(p.winning_chain(), vec![c("b1"), c("b2"), c("b3")]);
        assert!(matches!(p.try_play(Move::Place(c("c3"))), Err(HexError::GameOver { .. })));
        let key = p.key();
        p.undo();
        assert_eq!(p.winner(), None);
        p.play_str("b3").unwrap();
        assert_eq!(p.key(), key);
    }

    #[test]
    fn errors_leave_the_position_unchanged() {
        let mut p = Position::square(4).unwrap();
        p.play_str("b2").unwrap();
        let before = p.clone();
        assert_eq!(p.play_str("b2"), Err(HexError::Occupied { cell: c("b2"), by: Color::Black }));
        assert!(matches!(p.play_str("e1"), Err(HexError::OffBoard { .. })));
        assert!(matches!(p.play_str("swap-pieces"), Err(HexError::SwapNotAllowed(_))));
        assert!(matches!(p.try_play_as(Color::Black, Move::Place(c("a1"))), Err(HexError::OutOfTurn { .. })));
        assert!(matches!(p.play_str("1a"), Err(HexError::Cell(_))));
        assert_eq!(p, before);
        assert_eq!(p.moves(), before.moves());
    }

    #[test]
    fn swap_pieces_reflects_the_first_stone_and_undo_restores_it() {
        let mut p = Position::square(5).unwrap();
        p.set_swap_rule(true);
        p.play_str("c2").unwrap();
        let key_after_first = p.key();
        assert!(p.legal_moves().contains(&Move::Swap));
        p.play_str("swap-pieces").unwrap();
        assert_eq!(p.stone(c("c2")), None);
        assert_eq!(p.stone(c("b3")), Some(Color::White));
        assert_eq!(p.to_move(), Color::Black);
        assert!(!p.legal_moves().contains(&Move::Swap));
        assert_eq!(p.undo(), Some(Move::Swap));
        assert_eq!(p.stone(c("c2")), Some(Color::Black));
        assert_eq!(p.key(), key_after_first);
        // A White edge stone after the swap joins White's edge: a1 reflects to a1 and touches West.
        let mut q = Position::square(1).unwrap();
        q.set_swap_rule(true);
        q.play_str("a1").unwrap();
        assert_eq!(q.winner(), Some(Color::Black));
    }

    #[test]
    fn rectangular_boards_and_sizes() {
        assert!(matches!(Position::new(0, 3), Err(HexError::Size { .. })));
        assert!(matches!(Position::new(20, 3), Err(HexError::Size { .. })));
        let mut p = Position::new(4, 2).unwrap();
        p.set_swap_rule(true);
        p.play_str("d2").unwrap();
        assert_eq!(p.play_str("swap"), Err(HexError::SwapNotAllowed("the board is not square")));
        let full = Position::from_rows(&["WWWW", "....", "BBBB", "...."], None).unwrap();
        assert_eq!(full.winner(), Some(Color::White));
        assert_eq!(full.rows()[0], "WWWW");
    }
}
