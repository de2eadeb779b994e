//! XQF, the binary game file of XQStudio (象棋演播室), XQ Wizard (象棋巫师) and 象棋桥: reading one into the game
//! tree ([`AnnotatedGame`], the same object a PGN gives). The format, its scrambling and the sources it was
//! learnt from are described in docs/xqf.md; the section numbers below refer to it.
//!
//! [`parse_xqf`] checks everything it reads and never panics: a bad file gives a typed [`XqfError`].
//! Files: `gbk.rs` (the texts' code page), `records.rs` (the unscrambling and the move records).

pub mod gbk;
mod records;

use super::game_tree::{Annotation, Variation, comment_text};
use super::pgn::{AnnotatedGame, PgnGame};
use super::{FenError, MoveError, Position};
use records::{Key, Record};
use std::fmt;

/// Size of the header: the move records start at this offset (§1).
pub const HEADER_LEN: usize = 0x400;

/// The deepest nesting of variations read (a variation inside a variation … of the main line); real files
/// stay far below it, and it bounds the reader's recursion.
pub const MAX_DEPTH: usize = 100;

/// Why a file is not a readable XQF game. Offsets are byte offsets in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfError {
    /// The file does not start with `XQ`.
    BadMagic,
    /// The file ends at `len` bytes where `needed` were needed (the header, a move record or a comment).
    Truncated { len: usize, needed: usize },
    /// Two pieces of the piece table (§2) on the same point: `index` (0–31) is the second one.
    BadPieceTable { index: usize, square: String },
    /// The start position of the piece table is not a legal position.
    BadPosition(FenError),
    /// Move record `index` (1 = the first move record after the root, in file order) has a point byte that is
    /// no point of the board once unscrambled.
    BadSquare { index: usize, value: u8 },
    /// Move record `index` is not a legal move in its position (`ply`: its ply from the start).
    IllegalMove { index: usize, ply: usize, mv: String, error: MoveError },
    /// Variations nested deeper than [`MAX_DEPTH`].
    TooDeep { max: usize },
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "XQF: ")?;
        match self {
            XqfError::BadMagic => write!(f, "not an XQF file (it does not start with 'XQ')"),
            XqfError::Truncated { len, needed } => write!(f, "the file is cut short: {len} bytes, {needed} needed"),
            XqfError::BadPieceTable { index, square } => {
                write!(f, "piece {index} of the start position is on {square}, where another piece already is")
            }
            XqfError::BadPosition(e) => write!(f, "the start position is not legal: {e}"),
            XqfError::BadSquare { index, value } => write!(f, "move record {index}: point byte {value} is off the board"),
            XqfError::IllegalMove { index, ply, mv, error } => {
                write!(f, "move record {index} ({mv}, ply {ply}) is not legal: {error}")
            }
            XqfError::TooDeep { max } => write!(f, "variations nested deeper than {max}"),
        }
    }
}

impl std::error::Error for XqfError {}

/// The texts and numbers of the header (§1) this reader uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct XqfHeader {
    /// Byte 0x02: 10 = XQF 1.0 (plain), 11 and above scrambled.
    pub version: u8,
    /// Byte 0x33: 0 unknown, 1 Red won, 2 Black won, 3 (and 4) a draw.
    pub result: u8,
    /// Byte 0x40: 0 a whole game, 1 an opening, 2 a middle game, 3 an ending.
    pub kind: u8,
    pub title: String,
    pub event: String,
    pub date: String,
    pub site: String,
    pub red: String,
    pub black: String,
    pub annotator: String,
    pub author: String,
}

/// A Pascal string of the header: its length byte at `at`, then at most `size - 1` bytes of GBK text.
fn text(bytes: &[u8], at: usize, size: usize) -> String {
    let len = (bytes[at] as usize).min(size - 1);
    gbk::decode(&bytes[at + 1..at + 1 + len]).trim().to_string()
}

/// Reads the header (the caller checked that there are [`HEADER_LEN`] bytes).
fn header(bytes: &[u8]) -> XqfHeader {
    XqfHeader {
        version: bytes[2],
        result: bytes[0x33],
        kind: bytes[0x40],
        title: text(bytes, 0x50, 64),
        event: text(bytes, 0xD0, 64),
        date: text(bytes, 0x110, 16),
        site: text(bytes, 0x120, 16),
        red: text(bytes, 0x130, 16),
        black: text(bytes, 0x140, 16),
        annotator: text(bytes, 0x1D0, 16),
        author: text(bytes, 0x1E0, 16),
    }
}

/// The FEN letters of the piece table's 32 entries (§2): Red's rook, horse, elephant, advisor, king, advisor,
/// elephant, horse, rook, two cannons, five pawns; then Black's in the same order.
const TABLE_PIECES: &[u8; 16] = b"RNBAKABNRCCPPPPP";

/// The ICCS name of an XQF point `x * 10 + y` (x the file from Red's left, y the rank from Red's side).
fn point_name(p: u8) -> String {
    format!("{}{}", (b'a' + p / 10) as char, p % 10)
}

/// Reads an XQF file: the header's texts become the tags (`Event` — the title when there is no event name —,
/// `Date`, `Site`, `Red`, `Black`, `Result`, plus `Title` and `Annotator` when set), the piece table the
/// start FEN (Black to move when the first move is a black piece's), the root record's comment the game's
/// comment, and the move tree its main line (the first continuation at every node) with the other
/// continuations as variations and each record's comment as its move's comment. Versions below 11 are read
/// plain; 11 and above are unscrambled first (§3).
///
/// # Errors
/// [`XqfError`]: not `XQ`, a file cut short, two pieces on one point, an illegal start position, a point off
/// the board, an illegal move (with its record number and ply), variations nested
/// too deep.
pub fn parse_xqf(bytes: &[u8]) -> Result<AnnotatedGame, XqfError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        return Err(XqfError::BadMagic);
    }
    if bytes.len() < HEADER_LEN {
        return Err(XqfError::Truncated { len: bytes.len(), needed: HEADER_LEN });
    }
    let head = header(bytes);
    let key = Key::from_header(bytes);
    // The piece table (§2): 32 points, > 89 for a piece off the board.
    let table = key.piece_table(&bytes[0x10..0x30]);
    let mut board: [Option<(usize, char)>; 90] = [None; 90];
    for (i, &p) in table.iter().enumerate() {
        if p > 89 {
            continue;
        }
        if board[p as usize].is_some() {
            return Err(XqfError::BadPieceTable { index: i, square: point_name(p) });
        }
        let letter = TABLE_PIECES[i % 16] as char;
        board[p as usize] = Some((i, if i < 16 { letter } else { letter.to_ascii_lowercase() }));
    }
    let (root, nodes) = records::read_tree(bytes, &key)?;
    // Black moves first when the first move is a black piece's (XQF has no side-to-move field that the
    // programs agree on; xqf2pgn decides the same way).
    let black_first = root.child.and_then(|c| board[nodes[c].from as usize]).is_some_and(|(i, _)| i >= 16);
    let mut fen = String::new();
    for y in (0..10u8).rev() {
        let mut empty = 0;
        for x in 0..9u8 {
            match board[(x * 10 + y) as usize] {
                Some((_, c)) => {
                    if empty > 0 {
                        fen += &empty.to_string();
                        empty = 0;
                    }
                    fen.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen += &empty.to_string();
        }
        if y > 0 {
            fen.push('/');
        }
    }
    fen += if black_first { " b - - 0 1" } else { " w - - 0 1" };
    let pos = Position::from_fen(&fen).map_err(XqfError::BadPosition)?;
    let fen = pos.fen();
    let main = match root.child {
        Some(first) => line(&nodes, first, true, pos, 0, 0)?,
        None => Variation::default(),
    };
    let result = match head.result {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut tag = |k: &str, v: &str| {
        if !v.is_empty() {
            tags.push((k.to_string(), v.to_string()));
        }
    };
    tag("Event", if head.event.is_empty() { &head.title } else { &head.event });
    tag("Site", &head.site);
    tag("Date", &head.date);
    tag("Red", &head.red);
    tag("Black", &head.black);
    tag("Result", result);
    if !head.event.is_empty() {
        tag("Title", &head.title);
    }
    tag("Annotator", &head.annotator);
    let mut game = AnnotatedGame {
        game: PgnGame { tags, fen, moves: main.moves, result: result.to_string(), reason: None },
        annotations: main.annotations,
        comment: root.comment.as_deref().and_then(comment_text),
    };
    game.normalise();
    Ok(game)
}

/// The header of a file (for tools that want the raw fields).
///
/// # Errors
/// [`XqfError::BadMagic`], [`XqfError::Truncated`].
pub fn parse_header(bytes: &[u8]) -> Result<XqfHeader, XqfError> {
    if bytes.len() < 2 || &bytes[..2] != b"XQ" {
        return Err(XqfError::BadMagic);
    }
    if bytes.len() < HEADER_LEN {
        return Err(XqfError::Truncated { len: bytes.len(), needed: HEADER_LEN });
    }
    Ok(header(bytes))
}

/// The line starting at node `first`, played from `pos` (at ply `ply0`): `first`, then its first child, its
/// first child, …; the siblings of every node but `first` (unless `siblings_of_first`) become that move's
/// variations, read recursively.
fn line(nodes: &[Record], first: usize, siblings_of_first: bool, mut pos: Position, ply0: usize, depth: usize) -> Result<Variation, XqfError> {
    if depth > MAX_DEPTH {
        return Err(XqfError::TooDeep { max: MAX_DEPTH });
    }
    let mut out = Variation::default();
    let mut at = Some(first);
    while let Some(k) = at {
        let node = &nodes[k];
        let i = out.moves.len();
        let ply = ply0 + i + 1;
        let text = format!("{}{}", point_name(node.from), point_name(node.to));
        let mv = pos.parse_move(&text).map_err(|error| XqfError::IllegalMove { index: node.index, ply, mv: text.clone(), error })?;
        let before = pos.clone();
        if !pos.has_legal_move() {
            let error = MoveError::GameOver { mv: text.clone() };
            return Err(XqfError::IllegalMove { index: node.index, ply, mv: text, error });
        }
        pos.play_unchecked(mv);
        out.moves.push(mv);
        let mut note = Annotation { comment: node.comment.as_deref().and_then(comment_text), ..Annotation::default() };
        if i > 0 || siblings_of_first {
            let mut sib = node.sibling;
            while let Some(s) = sib {
                note.variations.push(line(nodes, s, false, before.clone(), ply0 + i, depth + 1)?);
                sib = nodes[s].sibling;
            }
        }
        *out.note_mut(i) = note;
        at = node.child;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn points_name_iccs_squares() {
        assert_eq!(super::point_name(40), "e0");
        assert_eq!(super::point_name(89), "i9");
        assert_eq!(super::point_name(23), "c3");
    }
}
