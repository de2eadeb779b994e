//! A small XQF writer for the tests, written from docs/xqf.md alone (header §1, piece table §2, scrambling §3,
//! move records §4), so that the reader is checked against the description rather than against itself.

#![allow(dead_code)] // each test crate uses its own subset

use duiyi::xiangqi::xqf::gbk;

/// One move of the tree: its ICCS points, its comment, and what may follow it — `next[0]` the continuation,
/// `next[1..]` alternatives to `next[0]` (its siblings in the file).
#[derive(Clone, Debug)]
pub struct Node {
    pub mv: &'static str,
    pub comment: Option<String>,
    pub next: Vec<Node>,
}

/// A move with nothing after it.
pub fn leaf(mv: &'static str) -> Node {
    Node { mv, comment: None, next: vec![] }
}

/// A main line of moves (each the continuation of the one before).
pub fn line(moves: &[&'static str]) -> Vec<Node> {
    let mut out: Vec<Node> = Vec::new();
    for mv in moves.iter().rev() {
        out = vec![Node { mv, comment: None, next: out }];
    }
    out
}

/// The header fields the writer sets.
#[derive(Clone, Debug, Default)]
pub struct Header {
    pub title: String,
    pub event: String,
    pub date: String,
    pub site: String,
    pub red: String,
    pub black: String,
    pub annotator: String,
    /// 0 unknown, 1 Red won, 2 Black won, 3 draw.
    pub result: u8,
    /// 0 whole game … 3 ending.
    pub kind: u8,
}

/// The scrambling keys: header bytes 003 (mask), 008–00B (A–D), 00C (sum), 00D (piece), 00E (from), 00F (to).
#[derive(Clone, Copy, Debug)]
pub struct Keys {
    pub mask: u8,
    pub or: [u8; 4],
    pub sum: u8,
    pub xy: u8,
    pub xyf: u8,
    pub xyt: u8,
}

/// The piece table of the opening position (§2).
pub const OPENING_TABLE: [u8; 32] = [
    80, 70, 60, 50, 40, 30, 20, 10, 0, 72, 12, 83, 63, 43, 23, 3, 9, 19, 29, 39, 49, 59, 69, 79, 89, 17, 77, 6, 26, 46, 66, 86,
];

/// The point `x*10+y` of an ICCS square.
pub fn point(sq: &str) -> u8 {
    let b = sq.as_bytes();
    (b[0] - b'a') * 10 + (b[1] - b'0')
}

fn step(k: u8, m: u8) -> u8 {
    let k = k as u32;
    ((54 * k * k + 221) * m as u32) as u8
}

const MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

fn pascal(out: &mut [u8], at: usize, size: usize, text: &str) {
    let bytes = gbk::encode(text);
    let n = bytes.len().min(size - 1);
    out[at] = n as u8;
    out[at + 1..at + 1 + n].copy_from_slice(&bytes[..n]);
}

/// Writes a file: `version` (10 plain; ≥ 11 scrambled with `keys`), the header, the piece `table`, the root
/// comment and the tree (`first[0]` the first move, `first[1..]` its alternatives).
pub fn write(version: u8, keys: Keys, head: &Header, table: [u8; 32], root_comment: Option<&str>, first: &[Node]) -> Vec<u8> {
    let scrambled = version >= 11;
    let mut h = vec![0u8; 0x400];
    h[0] = b'X';
    h[1] = b'Q';
    h[2] = version;
    let (p, f, t, c) = if scrambled {
        h[3] = keys.mask;
        h[8..12].copy_from_slice(&keys.or);
        h[0x0C] = keys.sum;
        h[0x0D] = keys.xy;
        h[0x0E] = keys.xyf;
        h[0x0F] = keys.xyt;
        let p = step(keys.xy, keys.xy);
        let f = step(keys.xyf, p);
        let t = step(keys.xyt, f);
        let c = (keys.sum as i64 * 256 + keys.xy as i64) % 32000 + 767;
        (p, f, t, c)
    } else {
        (0, 0, 0, 0)
    };
    for piece in 0..32 {
        // Stored entry i belongs to piece (P + 1 + i) mod 32 from version 12 on.
        let slot = if version >= 12 { (piece + 32 - (p as usize + 1) % 32) % 32 } else { piece };
        h[0x10 + slot] = table[piece].wrapping_add(p);
    }
    h[0x33] = head.result;
    h[0x40] = head.kind;
    pascal(&mut h, 0x50, 64, &head.title);
    pascal(&mut h, 0xD0, 64, &head.event);
    pascal(&mut h, 0x110, 16, &head.date);
    pascal(&mut h, 0x120, 16, &head.site);
    pascal(&mut h, 0x130, 16, &head.red);
    pascal(&mut h, 0x140, 16, &head.black);
    pascal(&mut h, 0x1D0, 16, &head.annotator);
    let mut body = Vec::new();
    let mut record = |body: &mut Vec<u8>, from: u8, to: u8, next: bool, alt: bool, comment: Option<&str>| {
        let text = comment.map(gbk::encode).unwrap_or_default();
        if scrambled {
            let tag = if next { 0x80 } else { 0 } | if alt { 0x40 } else { 0 } | if text.is_empty() { 0 } else { 0x20 };
            body.extend([from.wrapping_add(24).wrapping_add(f), to.wrapping_add(32).wrapping_add(t), tag, 0]);
            if !text.is_empty() {
                body.extend(((text.len() as i64 + c) as i32).to_le_bytes());
            }
        } else {
            let tag = if next { 0xF0 } else { 0 } | if alt { 0x0F } else { 0 };
            body.extend([from + 24, to + 32, tag, 0]);
            body.extend((text.len() as i32).to_le_bytes());
        }
        body.extend(text);
    };
    record(&mut body, 0, 0, !first.is_empty(), false, root_comment);
    fn siblings(body: &mut Vec<u8>, list: &[Node], record: &mut dyn FnMut(&mut Vec<u8>, u8, u8, bool, bool, Option<&str>)) {
        for (k, n) in list.iter().enumerate() {
            record(body, point(&n.mv[..2]), point(&n.mv[2..]), !n.next.is_empty(), k + 1 < list.len(), n.comment.as_deref());
            siblings(body, &n.next, record);
        }
    }
    siblings(&mut body, first, &mut record);
    if scrambled {
        let words: Vec<u8> = (0..4).map(|j| keys.or[j] | ([keys.sum, keys.xy, keys.xyf, keys.xyt][j] & keys.mask)).collect();
        for (i, b) in body.iter_mut().enumerate() {
            *b = b.wrapping_add(words[i % 4] & MASK[i % 32]);
        }
    }
    h.extend(body);
    h
}

/// Keys for a scrambled file (any bytes do; these exercise every bit of the mask).
pub const KEYS_A: Keys = Keys { mask: 0xBE, or: [0xE8, 0xD8, 0xBC, 0x84], sum: 0xA5, xy: 0x9C, xyf: 0xE7, xyt: 0xD8 };
pub const KEYS_B: Keys = Keys { mask: 0x5F, or: [0x11, 0x00, 0x7E, 0xC3], sum: 0x02, xy: 0xFF, xyf: 0x01, xyt: 0x80 };
pub const NO_KEYS: Keys = Keys { mask: 0, or: [0; 4], sum: 0, xy: 0, xyf: 0, xyt: 0 };

/// The test game: 柳大华–吕钦's opening from XQF.TXT's example (兵七进一 马８进７ 兵三进一 炮２平３ …), with a
/// game comment, comments on moves, two alternatives to Black's first move (one with a nested alternative and
/// a comment), and an alternative to Red's third move.
pub fn sample_tree() -> Vec<Node> {
    let mut main = line(&["c3c4", "h9g7", "g3g4", "b7c7", "g0e2", "b9a7", "b0c2", "a9b9"]);
    main[0].comment = Some("仙人指路 — the pawn opening".into());
    let black1 = &mut main[0].next;
    // Alternatives to 马８进７ (h9g7): 卒７进１ (g6g5) then 马二进三 with its own alternative 炮二平五.
    let mut alt = Node { mv: "g6g5", comment: Some("卒底炮的变例".into()), next: vec![leaf("h0g2"), leaf("h2e2")] };
    alt.next[1].comment = Some("center cannon".into());
    black1.push(alt);
    black1.push(leaf("b7e7"));
    // Alternative to 相七进五 (g0e2, the fifth ply): 马八进七 (b0c2).
    let red3 = &mut black1[0].next[0].next[0].next;
    red3.push(Node { mv: "b0c2", comment: Some("另一着".into()), next: vec![] });
    main
}

pub fn sample_header() -> Header {
    Header {
        title: "仙人指路对起马局".into(),
        event: "\"中立杯\"象棋电视快棋赛".into(),
        date: "1997.11.16".into(),
        site: "北京".into(),
        red: "柳大华".into(),
        black: "吕钦".into(),
        annotator: "duiyi".into(),
        result: 2,
        kind: 0,
    }
}
