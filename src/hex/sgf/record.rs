//! Hex game records without loss: every game of an SGF collection `(;…)(;…)` read into a [`HexRecord`] (the
//! root's properties verbatim and in order, setup stones, the moves with their comments, other properties and
//! variations, the result) and written back by [`write_record`].
//!
//! Identity: for every record `r` that [`parse_sgf_games`] returns, `parse(write_record(r)) == r`, and writing
//! that again gives the same bytes. A file not written by us is not reproduced byte for byte; a record does not
//! keep: the layout (line breaks between nodes), `FF` (written `FF[4]`) and `GM` (always 11), the case of cells
//! (`C3` is `c3`), `swap` (written `swap-pieces`), where the setup stones and the root's properties were (a node
//! without a move before the first move is merged into the root; one after a move into that move's node, its
//! comment joined to the move's by a line break), properties without a known meaning inside a variation's
//! leading node without a move (only its comment is kept), and lower-case letters of FF[3] identifiers.
//! Comments and property values are kept exactly (escapes undone on reading, `\` and `]` escaped on writing).

use super::{Parser, Prop, SgfError, SgfErrorKind, parse_size};
use crate::hex::{Cell, Color, HexError, Move, Position};

/// Properties in file order: identifier and values (escapes undone).
pub type Props = Vec<(String, Vec<String>)>;

/// One game of an SGF collection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexRecord {
    /// Columns and rows (`SZ[n]` or `SZ[w:h]`; 11 when absent).
    pub width: usize,
    pub height: usize,
    /// The root's properties in file order, verbatim, except `FF`, `GM`, `SZ`, `AB`, `AW`, `PL` (the other
    /// fields), `C` ([`HexLine::comment`] of `line`) and `RE` (`result`).
    pub props: Props,
    /// Setup stones and the side to move after them (`AB`, `AW`, `PL`); `None` without any of them.
    pub setup: Option<HexSetup>,
    /// The main line: moves, their notes and variations; its `comment` is the root's `C`.
    pub line: HexLine,
    /// `RE` as written (`B+`, `W+Resign`, …).
    pub result: Option<String>,
}

/// Setup stones in file order and the side to move after them (`PL`, else the colour of the first move, else
/// White when Black has one stone more, else Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexSetup {
    pub black: Vec<Cell>,
    pub white: Vec<Cell>,
    pub to_move: Color,
}

/// A line of moves: `c3`, `swap-pieces`, `swap-sides`, `resign`, `forfeit` (each by the side to move), a note
/// per move (the list may be shorter: the rest have none) and a comment before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexLine {
    pub moves: Vec<String>,
    pub notes: Vec<HexNote>,
    pub comment: Option<String>,
}

/// What a move's node holds besides the move: its comment (`C`), its other properties in order, and the
/// alternatives to the move (each a line played from the position before it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HexNote {
    pub comment: Option<String>,
    pub props: Props,
    pub variations: Vec<HexLine>,
}

impl HexNote {
    /// No comment, property or variation.
    pub fn is_empty(&self) -> bool {
        self.comment.is_none() && self.props.is_empty() && self.variations.is_empty()
    }
}

/// One game of a collection as [`parse_sgf_games`] read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfGameParse {
    /// 0-based number of the game in the collection.
    pub index: usize,
    /// Byte offset of the game's `(`.
    pub offset: usize,
    pub game: Result<HexRecord, SgfError>,
}

/// A game tree: its sequence of nodes and the trees after it.
struct Tree {
    nodes: Vec<Vec<Prop>>,
    children: Vec<Tree>,
}

impl Parser<'_> {
    /// `(` node+ tree* `)`, the whole tree.
    fn tree(&mut self, depth: usize) -> Result<Tree, SgfError> {
        if depth > 1000 {
            return Err(self.err("variations nested deeper than 1000"));
        }
        if self.peek() != Some(b'(') {
            return Err(self.err("expected '(' to open a game tree"));
        }
        self.at += 1;
        if self.peek() != Some(b';') {
            return Err(self.err("expected ';' to start a node"));
        }
        let mut t = Tree { nodes: vec![], children: vec![] };
        while self.peek() == Some(b';') {
            self.at += 1;
            t.nodes.push(self.node()?);
        }
        while self.peek() == Some(b'(') {
            t.children.push(self.tree(depth + 1)?);
        }
        match self.peek() {
            Some(b')') => {
                self.at += 1;
                Ok(t)
            }
            Some(c) => Err(self.err(format!("unexpected '{}' (expected a property, ';', '(' or ')')", c as char))),
            None => Err(self.err("unexpected end of text: a game tree is not closed with ')'")),
        }
    }
}

/// The byte ranges of the collection's game trees: each `(` at the top level to its matching `)` (values and
/// their escapes skipped), or to the end of the text when it is never closed. Text between games is skipped.
fn split_collection(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'(' {
            i += 1;
            continue;
        }
        let start = i;
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'[' => {
                    i += 1;
                    while i < b.len() && b[i] != b']' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'(' => depth += 1,
                b')' => {
                    depth -= 1;
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        out.push((start, i.min(b.len())));
    }
    out
}

/// Reads every game of an SGF collection of Hex records (`GM[11]`; see the parent module for what a move, a
/// size and setup are), each on its own with its own error: a bad game is listed with the byte offset and the
/// reason, the others are kept. Every move of every variation is checked legal in its position. A text
/// without any game tree (not blank) gives one error.
pub fn parse_sgf_games(text: &str) -> Vec<SgfGameParse> {
    let ranges = split_collection(text.as_bytes());
    if ranges.is_empty() && !text.trim().is_empty() {
        let offset = text.len() - text.trim_start().len();
        let e = SgfError { offset, kind: SgfErrorKind::Syntax("expected '(' to open a game tree".into()) };
        return vec![SgfGameParse { index: 0, offset, game: Err(e) }];
    }
    ranges
        .into_iter()
        .enumerate()
        .map(|(index, (start, end))| {
            let mut p = Parser { text: &text.as_bytes()[..end], at: start };
            let game = p.tree(0).and_then(|t| record_of(&t));
            SgfGameParse { index, offset: start, game }
        })
        .collect()
}

fn values(p: &Prop) -> Vec<String> {
    p.values.iter().map(|(v, _)| v.clone()).collect()
}

fn join(a: Option<String>, b: &str) -> Option<String> {
    Some(match a {
        Some(a) => format!("{a}\n{b}"),
        None => b.to_string(),
    })
}

fn record_of(t: &Tree) -> Result<HexRecord, SgfError> {
    let root = t.nodes.first().map(Vec::as_slice).unwrap_or(&[]);
    let (mut width, mut height) = (11, 11);
    for p in root {
        let (v, at) = (&p.values[0].0, p.values[0].1);
        match p.ident.as_str() {
            "GM" if v.trim() != "11" => return Err(SgfError { offset: at, kind: SgfErrorKind::NotHex(v.clone()) }),
            "SZ" => (width, height) = parse_size(v).ok_or_else(|| SgfError { offset: at, kind: SgfErrorKind::Size(v.clone()) })?,
            _ => {}
        }
    }
    let mut pos = Position::new(width, height).map_err(|error| SgfError { offset: 0, kind: SgfErrorKind::Illegal { ply: 0, error } })?;
    let has_swap = all_nodes(t).flatten().any(|p| {
        (p.ident == "B" || p.ident == "W") && matches!(p.values[0].0.trim().to_ascii_lowercase().as_str(), "swap-pieces" | "swap")
    });
    pos.set_swap_rule(has_swap);
    let mut rec = HexRecord { width, height, props: vec![], setup: None, line: HexLine::default(), result: None };
    // Setup: the nodes before the first move.
    let mut black = Vec::new();
    let mut white = Vec::new();
    let mut pl = None;
    let mut any_setup = false;
    let mut first_move_color = None;
    for (k, node) in t.nodes.iter().enumerate() {
        if let Some(p) = node.iter().find(|p| p.ident == "B" || p.ident == "W") {
            first_move_color = Some(if p.ident == "B" { Color::Black } else { Color::White });
            break;
        }
        for p in node {
            match p.ident.as_str() {
                "AB" | "AW" => {
                    any_setup = true;
                    let color = if p.ident == "AB" { Color::Black } else { Color::White };
                    for (v, at) in &p.values {
                        let cell = Cell::parse(v).map_err(|_| SgfError { offset: *at, kind: SgfErrorKind::Value { property: p.ident.clone(), value: v.clone() } })?;
                        pos.add_stone(cell, color).map_err(|error| SgfError { offset: *at, kind: SgfErrorKind::Illegal { ply: 0, error } })?;
                        if color == Color::Black { black.push(cell) } else { white.push(cell) }
                    }
                }
                "PL" => {
                    any_setup = true;
                    let (v, at) = &p.values[0];
                    pl = Some(Color::parse(v).ok_or_else(|| SgfError { offset: *at, kind: SgfErrorKind::Value { property: "PL".into(), value: v.clone() } })?);
                }
                "FF" | "GM" | "SZ" if k == 0 => {}
                "C" => rec.line.comment = join(rec.line.comment.take(), &p.values[0].0),
                "RE" => rec.result = Some(p.values[0].0.clone()),
                "AE" => return Err(SgfError { offset: p.at, kind: SgfErrorKind::Unsupported("AE".into()) }),
                _ => rec.props.push((p.ident.clone(), values(p))),
            }
        }
    }
    let to_move = pl.unwrap_or(match first_move_color {
        Some(c) => c,
        None if black.len() == white.len() + 1 => Color::White,
        None => Color::Black,
    });
    pos.set_to_move(to_move);
    if any_setup {
        rec.setup = Some(HexSetup { black, white, to_move });
    }
    // The moves: the main line from the first node with a move.
    let skip = t.nodes.iter().position(|n| n.iter().any(|p| p.ident == "B" || p.ident == "W")).unwrap_or(t.nodes.len());
    let mut result = rec.result.take();
    let line = read_line(&t.nodes[skip..], &t.children, pos, 0, &mut result, true)?;
    rec.line.moves = line.moves;
    rec.line.notes = line.notes;
    rec.result = result;
    Ok(rec)
}

fn all_nodes(t: &Tree) -> Box<dyn Iterator<Item = &Vec<Prop>> + '_> {
    Box::new(t.nodes.iter().chain(t.children.iter().flat_map(all_nodes)))
}

/// Reads a line from `nodes` then the first of `children` (the others: alternatives to the next move), moves
/// played on `pos` (at ply `ply0`). `main`: moveless nodes before the first move belong to the root (already
/// read), else they give the line's comment.
fn read_line(nodes: &[Vec<Prop>], children: &[Tree], mut pos: Position, ply0: usize, result: &mut Option<String>, main: bool) -> Result<HexLine, SgfError> {
    let mut line = HexLine::default();
    let mut ended = false;
    let mut nodes: Vec<&Vec<Prop>> = nodes.iter().collect();
    let mut children: &[Tree] = children;
    loop {
        for node in nodes.drain(..) {
            for p in node.iter().filter(|p| p.ident == "B" || p.ident == "W") {
                let color = if p.ident == "B" { Color::Black } else { Color::White };
                let (v, at) = (&p.values[0].0, p.values[0].1);
                let ply = ply0 + line.moves.len() + 1;
                let illegal = |error: HexError| SgfError { offset: at, kind: SgfErrorKind::Illegal { ply, error } };
                if ended {
                    return Err(SgfError { offset: p.at, kind: SgfErrorKind::AfterEnd });
                }
                if color != pos.to_move() {
                    return Err(illegal(HexError::OutOfTurn { color, to_move: pos.to_move() }));
                }
                let word = v.trim().to_ascii_lowercase();
                let text = match word.as_str() {
                    "resign" | "forfeit" => {
                        ended = true;
                        word
                    }
                    "swap-sides" => {
                        let mut probe = pos.clone();
                        probe.set_swap_rule(true);
                        probe.check(Move::Swap).map_err(illegal)?;
                        word
                    }
                    _ => {
                        let mv = Move::parse(v).map_err(|_| SgfError { offset: at, kind: SgfErrorKind::Value { property: p.ident.clone(), value: v.clone() } })?;
                        pos.try_play_as(color, mv).map_err(illegal)?;
                        mv.to_string()
                    }
                };
                line.moves.push(text);
            }
            for p in node.iter().filter(|p| p.ident != "B" && p.ident != "W") {
                let last = line.moves.len().checked_sub(1);
                match (p.ident.as_str(), last) {
                    ("RE", _) => *result = Some(p.values[0].0.clone()),
                    // A root node with a move: its game properties were read with the root.
                    ("FF" | "GM" | "SZ", _) if main => {}
                    ("AB" | "AW" | "PL", Some(_)) => return Err(SgfError { offset: p.at, kind: SgfErrorKind::Illegal { ply: 0, error: HexError::SetupAfterMoves } }),
                    ("AE", _) => return Err(SgfError { offset: p.at, kind: SgfErrorKind::Unsupported("AE".into()) }),
                    ("C", None) if !main => line.comment = join(line.comment.take(), &p.values[0].0),
                    ("C", Some(i)) => {
                        let n = note_mut(&mut line, i);
                        n.comment = join(n.comment.take(), &p.values[0].0);
                    }
                    (_, Some(i)) => note_mut(&mut line, i).props.push((p.ident.clone(), values(p))),
                    _ => {}
                }
            }
        }
        let Some((first, rest)) = children.split_first() else { break };
        // The alternatives to the next move: read from the position here.
        let at = line.moves.len();
        for alt in rest {
            let v = read_line(&alt.nodes, &alt.children, pos.clone(), ply0 + at, &mut None, false)?;
            if !v.moves.is_empty() {
                note_mut(&mut line, at).variations.push(v);
            }
        }
        nodes = first.nodes.iter().collect();
        children = &first.children;
    }
    while line.notes.last().is_some_and(HexNote::is_empty) {
        line.notes.pop();
    }
    line.notes.truncate(line.moves.len());
    Ok(line)
}

fn note_mut(line: &mut HexLine, i: usize) -> &mut HexNote {
    if line.notes.len() <= i {
        line.notes.resize(i + 1, HexNote::default());
    }
    &mut line.notes[i]
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace(']', "\\]")
}

fn write_props(out: &mut String, props: &Props) {
    for (k, vs) in props {
        out.push_str(k);
        for v in vs {
            out.push('[');
            out.push_str(&escape(v));
            out.push(']');
        }
    }
}

/// Writes a record as SGF: `(;FF[4]GM[11]SZ[n]` (or `SZ[w:h]`), the root's other properties in order, `AB`,
/// `AW` and `PL` for the setup, `RE`, `C`; then one node per move (`;B[c3]` with the colour of the side to
/// move, its `C` and other properties), a move with alternatives opening one `( … )` for the rest of the line
/// and one for each alternative (a line's comment is a node without a move at its start).
///
/// # Errors
/// A move that cannot be replayed (the record was not made by [`parse_sgf_games`] and is wrong): the
/// [`SgfError`] of reading it, with offset 0.
pub fn write_record(r: &HexRecord) -> Result<String, SgfError> {
    let mut out = String::from("(;FF[4]GM[11]");
    if r.width == r.height {
        out += &format!("SZ[{}]", r.width);
    } else {
        out += &format!("SZ[{}:{}]", r.width, r.height);
    }
    write_props(&mut out, &r.props);
    let mut pos = Position::new(r.width, r.height).map_err(|error| SgfError { offset: 0, kind: SgfErrorKind::Illegal { ply: 0, error } })?;
    pos.set_swap_rule(true);
    if let Some(s) = &r.setup {
        for (ident, cells, color) in [("AB", &s.black, Color::Black), ("AW", &s.white, Color::White)] {
            if !cells.is_empty() {
                out.push_str(ident);
                for c in cells {
                    out += &format!("[{c}]");
                    pos.add_stone(*c, color).map_err(|error| SgfError { offset: 0, kind: SgfErrorKind::Illegal { ply: 0, error } })?;
                }
            }
        }
        out += if s.to_move == Color::Black { "PL[B]" } else { "PL[W]" };
        pos.set_to_move(s.to_move);
    }
    if let Some(re) = &r.result {
        out += &format!("RE[{}]", escape(re));
    }
    if let Some(c) = &r.line.comment {
        out += &format!("C[{}]", escape(c));
    }
    write_line(&mut out, &r.line.moves, &r.line.notes, pos, 0)?;
    out.push(')');
    Ok(out)
}

fn write_line(out: &mut String, moves: &[String], notes: &[HexNote], mut pos: Position, ply0: usize) -> Result<(), SgfError> {
    for (i, m) in moves.iter().enumerate() {
        let note = notes.get(i);
        let alts = note.map_or(&[][..], |n| &n.variations[..]);
        if !alts.is_empty() {
            out.push('(');
            write_line(out, &moves[i..], &with_first_unbranched(&notes[i..]), pos.clone(), ply0 + i)?;
            out.push(')');
            for v in alts {
                out.push('(');
                if let Some(c) = &v.comment {
                    out.push_str(&format!(";C[{}]", escape(c)));
                }
                write_line(out, &v.moves, &v.notes, pos.clone(), ply0 + i)?;
                out.push(')');
            }
            return Ok(());
        }
        let color = pos.to_move();
        let letter = if color == Color::Black { 'B' } else { 'W' };
        out.push_str(&format!(";{letter}[{m}]"));
        if !matches!(m.as_str(), "resign" | "forfeit" | "swap-sides") {
            let mv = Move::parse(m).map_err(|_| SgfError { offset: 0, kind: SgfErrorKind::Value { property: letter.to_string(), value: m.clone() } })?;
            pos.try_play_as(color, mv).map_err(|error| SgfError { offset: 0, kind: SgfErrorKind::Illegal { ply: ply0 + i + 1, error } })?;
        }
        if let Some(n) = note {
            if let Some(c) = &n.comment {
                out.push_str(&format!("C[{}]", escape(c)));
            }
            write_props(out, &n.props);
        }
    }
    Ok(())
}

/// `notes` with the first one's variations taken off (they are written beside it).
fn with_first_unbranched(notes: &[HexNote]) -> Vec<HexNote> {
    let mut v = notes.to_vec();
    if let Some(first) = v.first_mut() {
        first.variations.clear();
    }
    v
}
