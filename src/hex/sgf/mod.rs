//! SGF for Hex (`GM[11]`, the specification at <https://www.red-bean.com/sgf/hex.html>, in HexGui's style).
//!
//! Read: `FF`, `GM[11]` (required if present: another game is refused), `SZ[n]` or `SZ[w:h]` (default 11),
//! setup stones `AB`/`AW` (before the first move), `PL[B|W]`, moves `B[cell]`/`W[cell]` (cells
//! case-insensitive), `B/W[swap-pieces]` (also `swap`), `B/W[swap-sides]`, `B/W[resign]` and `B/W[forfeit]`
//! (a result, not a stone: it ends the record), and `RE`. Other properties (`AP`, `C`, `PB`, `PW`, `DT`, …)
//! are skipped; `AE` is refused (removing stones is not supported). Only the main line is read: the first
//! variation at each branch.
//!
//! * `swap-pieces` is played as [`Move::Swap`] (Black's stone becomes White's, reflected), and the loaded
//!   position has the swap rule on.
//! * `swap-sides` (the players swap colours, the board stays) changes nothing in a position of colours and
//!   side to move: it is accepted where `swap-pieces` would be (White's answer to Black's first stone) and
//!   recorded in [`SgfGame::swapped_sides`], not played. It is never written.
//! * The side to move after setup: `PL` if given; otherwise the colour of the record's first move; with no
//!   moves, White when Black has one more setup stone than White, Black otherwise. (Puzzle collections give
//!   the side to move outside the record: set it with [`Position::set_to_move`].)
//! * Only the first game tree of a collection is read; text after it is ignored.
//!
//! Written (HexGui's `SgfWriter` layout): `(;FF[4]AP[duiyi:<version>]GM[11]SZ[n]` (or `SZ[w:h]`), then setup
//! `AB`/`AW` with `PL` when there are setup stones, then one node per move `;B[c3]`, `;W[swap-pieces]`, and a
//! resignation as a last `;B[resign]` node with `RE[W+Resign]`.
//!
//! Malformed input gives an [`SgfError`] naming the reason and the byte offset; nothing is changed (a new
//! position is built and only returned on success).

mod record;

pub use record::{HexLine, HexNote, HexRecord, HexSetup, SgfGameParse, parse_sgf_games, write_record};

use super::{Cell, Color, HexError, MAX_SIDE, Move, Position};

use std::fmt;

/// Why an SGF record was refused, with the byte offset in the text where the problem starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfError {
    /// Byte offset into the SGF text.
    pub offset: usize,
    pub kind: SgfErrorKind,
}

/// The reason of an [`SgfError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfErrorKind {
    /// Not SGF syntax; the text says what was expected.
    Syntax(String),
    /// `GM` other than 11.
    NotHex(String),
    /// `SZ` not `n` or `w:h` with sides 1..19.
    Size(String),
    /// A property value that is not a cell (or a known special move).
    Value { property: String, value: String },
    /// A move or setup stone the rules refuse (occupied, off the board, out of turn, …); `ply` counts moves
    /// from 1 (0 for setup stones).
    Illegal { ply: usize, error: HexError },
    /// A property this reader does not support (e.g. `AE`).
    Unsupported(String),
    /// Moves after a resignation.
    AfterEnd,
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SGF, at byte {}: ", self.offset)?;
        match &self.kind {
            SgfErrorKind::Syntax(s) => write!(f, "syntax: {s}"),
            SgfErrorKind::NotHex(gm) => write!(f, "GM[{gm}] is not Hex (GM[11])"),
            SgfErrorKind::Size(s) => write!(f, "SZ[{s}]: expected n or w:h with sides 1..{MAX_SIDE}"),
            SgfErrorKind::Value { property, value } => write!(f, "{property}[{value}]: not a cell"),
            SgfErrorKind::Illegal { ply: 0, error } => write!(f, "setup stone refused: {error}"),
            SgfErrorKind::Illegal { ply, error } => write!(f, "move {ply} refused: {error}"),
            SgfErrorKind::Unsupported(p) => write!(f, "property {p} is not supported"),
            SgfErrorKind::AfterEnd => write!(f, "a move after the game ended (resign/forfeit)"),
        }
    }
}
impl std::error::Error for SgfError {}

/// A loaded record: the position after its main line, and what is not part of a position.
#[derive(Clone, Debug)]
pub struct SgfGame {
    pub position: Position,
    /// The side that resigned or forfeited, if the record ends so.
    pub resigned: Option<Color>,
    /// `RE` as written (e.g. `B+Resign`, `W+`).
    pub result: Option<String>,
    /// Whether White answered with `swap-sides` (the players changed colours; the board did not change).
    pub swapped_sides: bool,
}

/// One property: identifier, values, and the offset of its identifier.
pub(crate) struct Prop {
    pub(crate) ident: String,
    pub(crate) values: Vec<(String, usize)>,
    pub(crate) at: usize,
}

/// A tiny SGF reader: the main line of the first game tree, as nodes of properties.
pub(crate) struct Parser<'a> {
    pub(crate) text: &'a [u8],
    pub(crate) at: usize,
}

impl<'a> Parser<'a> {
    pub(crate) fn err(&self, msg: impl Into<String>) -> SgfError {
        SgfError { offset: self.at, kind: SgfErrorKind::Syntax(msg.into()) }
    }
    fn skip_ws(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.text.get(self.at).copied()
    }

    /// `(` sequence game-tree* `)`; appends the main line's nodes.
    fn game_tree(&mut self, nodes: &mut Vec<Vec<Prop>>, main: bool) -> Result<(), SgfError> {
        if self.peek() != Some(b'(') {
            return Err(self.err("expected '(' to open a game tree"));
        }
        self.at += 1;
        if self.peek() != Some(b';') {
            return Err(self.err("expected ';' to start a node"));
        }
        while self.peek() == Some(b';') {
            self.at += 1;
            let node = self.node()?;
            if main {
                nodes.push(node);
            }
        }
        let mut first = true;
        while self.peek() == Some(b'(') {
            self.game_tree(nodes, main && first)?;
            first = false;
        }
        match self.peek() {
            Some(b')') => {
                self.at += 1;
                Ok(())
            }
            Some(c) => Err(self.err(format!("unexpected '{}' (expected a property, ';', '(' or ')')", c as char))),
            None => Err(self.err("unexpected end of text: a game tree is not closed with ')'")),
        }
    }

    pub(crate) fn node(&mut self) -> Result<Vec<Prop>, SgfError> {
        let mut props = Vec::new();
        while let Some(c) = self.peek() {
            if !c.is_ascii_alphabetic() {
                break;
            }
            let at = self.at;
            let mut ident = String::new();
            while let Some(&c) = self.text.get(self.at) {
                if !c.is_ascii_alphabetic() {
                    break;
                }
                // FF[3] and older allowed lower-case letters inside identifiers ("AddBlack"): keep capitals.
                if c.is_ascii_uppercase() {
                    ident.push(c as char);
                }
                self.at += 1;
            }
            if ident.is_empty() {
                self.at = at;
                return Err(self.err("a property identifier needs capital letters"));
            }
            let mut values = Vec::new();
            while self.peek() == Some(b'[') {
                self.at += 1;
                let start = self.at;
                let mut v = Vec::new();
                loop {
                    match self.text.get(self.at) {
                        None => {
                            self.at = start - 1;
                            return Err(self.err(format!("value of {ident} is not closed with ']'")));
                        }
                        Some(b']') => break,
                        Some(b'\\') => {
                            self.at += 1;
                            if let Some(&e) = self.text.get(self.at) {
                                v.push(e);
                            }
                        }
                        Some(&c) => v.push(c),
                    }
                    self.at += 1;
                }
                self.at += 1;
                values.push((String::from_utf8_lossy(&v).into_owned(), start));
            }
            if values.is_empty() {
                return Err(self.err(format!("property {ident} has no value")));
            }
            props.push(Prop { ident, values, at });
        }
        Ok(props)
    }
}

pub(crate) fn parse_size(v: &str) -> Option<(usize, usize)> {
    let side = |s: &str| s.trim().parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
    match v.split_once(':') {
        Some((w, h)) => Some((side(w)?, side(h)?)),
        None => side(v).map(|n| (n, n)),
    }
}

/// Reads an SGF record of a Hex game (see the module documentation for what is supported).
///
/// # Errors
/// [`SgfError`] with the reason and byte offset: syntax, not Hex, bad size, a bad cell, an illegal move or
/// setup stone, an unsupported property.
///
/// ```
/// use duiyi::hex::{Color, sgf};
/// let g = sgf::load("(;FF[4]GM[11]SZ[5];B[C3];W[swap-pieces];B[d2])").unwrap();
/// assert_eq!(g.position.stone(duiyi::hex::Cell::parse("c3").unwrap()), Some(Color::White));
/// assert!(sgf::load("(;GM[1]SZ[19])").is_err());
/// ```
pub fn load(text: &str) -> Result<SgfGame, SgfError> {
    let mut parser = Parser { text: text.as_bytes(), at: 0 };
    let mut nodes = Vec::new();
    parser.game_tree(&mut nodes, true)?;
    parser.skip_ws();

    // Size and game first (they may come after other root properties).
    let (mut width, mut height) = (11, 11);
    if let Some(root) = nodes.first() {
        for p in root {
            let (v, at) = (&p.values[0].0, p.values[0].1);
            match p.ident.as_str() {
                "GM" if v.trim() != "11" => {
                    return Err(SgfError { offset: at, kind: SgfErrorKind::NotHex(v.clone()) });
                }
                "SZ" => {
                    (width, height) =
                        parse_size(v).ok_or_else(|| SgfError { offset: at, kind: SgfErrorKind::Size(v.clone()) })?;
                }
                _ => {}
            }
        }
    }
    let mut pos = Position::new(width, height).expect("size checked");
    let mut game = SgfGame { position: pos.clone(), resigned: None, result: None, swapped_sides: false };
    let mut pl: Option<Color> = None;
    let mut setup = [0usize; 2];
    let mut plies = 0usize;
    let mut ended = false;
    let mut side_set = false;
    let has_swap = nodes.iter().flatten().any(|p| {
        (p.ident == "B" || p.ident == "W")
            && matches!(p.values[0].0.trim().to_ascii_lowercase().as_str(), "swap-pieces" | "swap")
    });
    pos.set_swap_rule(has_swap);
    let cell_of = |p: &Prop, v: &str, at: usize| -> Result<Cell, SgfError> {
        Cell::parse(v).map_err(|_| SgfError {
            offset: at,
            kind: SgfErrorKind::Value { property: p.ident.clone(), value: v.to_string() },
        })
    };
    for (k, node) in nodes.iter().enumerate() {
        for p in node {
            match p.ident.as_str() {
                "AB" | "AW" => {
                    let color = if p.ident == "AB" { Color::Black } else { Color::White };
                    for (v, at) in &p.values {
                        let cell = cell_of(p, v, *at)?;
                        pos.add_stone(cell, color)
                            .map_err(|error| SgfError { offset: *at, kind: SgfErrorKind::Illegal { ply: 0, error } })?;
                        setup[color.index()] += 1;
                    }
                }
                "AE" => return Err(SgfError { offset: p.at, kind: SgfErrorKind::Unsupported("AE".into()) }),
                "PL" => {
                    let (v, at) = &p.values[0];
                    pl = Some(Color::parse(v).ok_or_else(|| SgfError {
                        offset: *at,
                        kind: SgfErrorKind::Value { property: "PL".into(), value: v.clone() },
                    })?);
                }
                "RE" => game.result = Some(p.values[0].0.clone()),
                _ => {}
            }
        }
        // The side to move once setup is over: set it before the first move of the record.
        let first_move = node.iter().find(|p| p.ident == "B" || p.ident == "W");
        if !side_set && (first_move.is_some() || k + 1 == nodes.len()) {
            let side = pl.unwrap_or(match first_move {
                Some(p) if p.ident == "W" => Color::White,
                Some(_) => Color::Black,
                None if setup[0] == setup[1] + 1 => Color::White,
                None => Color::Black,
            });
            pos.set_to_move(side);
            side_set = true;
        }
        for p in node {
            if p.ident != "B" && p.ident != "W" {
                continue;
            }
            let color = if p.ident == "B" { Color::Black } else { Color::White };
            let (v, at) = (&p.values[0].0, p.values[0].1);
            if ended {
                return Err(SgfError { offset: p.at, kind: SgfErrorKind::AfterEnd });
            }
            let illegal =
                |error: HexError, ply: usize| SgfError { offset: at, kind: SgfErrorKind::Illegal { ply, error } };
            match v.trim().to_ascii_lowercase().as_str() {
                "resign" | "forfeit" => {
                    game.resigned = Some(color);
                    ended = true;
                }
                "swap-sides" => {
                    // Legal where swap-pieces would be; the colours on the board do not change.
                    let mut probe = pos.clone();
                    probe.set_swap_rule(true);
                    if color != pos.to_move() {
                        return Err(illegal(HexError::OutOfTurn { color, to_move: pos.to_move() }, plies + 1));
                    }
                    probe.check(Move::Swap).map_err(|e| illegal(e, plies + 1))?;
                    game.swapped_sides = true;
                }
                _ => {
                    let mv = Move::parse(v).map_err(|_| SgfError {
                        offset: at,
                        kind: SgfErrorKind::Value { property: p.ident.clone(), value: v.clone() },
                    })?;
                    plies += 1;
                    pos.try_play_as(color, mv).map_err(|e| illegal(e, plies))?;
                }
            }
        }
    }
    game.position = pos;
    Ok(game)
}

/// Writes `pos` as an SGF record in HexGui's layout: root with `FF[4]`, `AP`, `GM[11]`, `SZ`; setup stones
/// (the stones not placed by the position's moves) as `AB`/`AW` with `PL`; then one node per move; and
/// `resigned` (the side that resigned, if any) as a final `resign` node with `RE`.
pub fn write(pos: &Position, resigned: Option<Color>) -> String {
    let mut start = pos.clone();
    while start.undo().is_some() {}
    let mut s = String::from("(;FF[4]AP[duiyi:");
    s.push_str(env!("CARGO_PKG_VERSION"));
    s.push_str("]GM[11]");
    if pos.width() == pos.height() {
        s.push_str(&format!("SZ[{}]", pos.width()));
    } else {
        s.push_str(&format!("SZ[{}:{}]", pos.width(), pos.height()));
    }
    let mut any_setup = false;
    for (ident, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let cells: Vec<Cell> = (0..start.geometry().cells())
            .filter(|&i| start.stone_at(i) == Some(color))
            .map(|i| start.geometry().cell(i))
            .collect();
        if !cells.is_empty() {
            any_setup = true;
            s.push_str(ident);
            for c in cells {
                s.push_str(&format!("[{c}]"));
            }
        }
    }
    if any_setup || start.to_move() != Color::Black {
        s.push_str(if start.to_move() == Color::Black { "PL[B]" } else { "PL[W]" });
    }
    let letter = |c: Color| if c == Color::Black { 'B' } else { 'W' };
    for (color, mv) in pos.moves() {
        s.push_str(&format!(";{}[{mv}]", letter(color)));
    }
    if let Some(r) = resigned {
        s.push_str(&format!(";{}[resign]RE[{}+Resign]", letter(r), letter(r.opponent())));
    }
    s.push(')');
    s
}
