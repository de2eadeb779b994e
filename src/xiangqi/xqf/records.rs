//! The body of an XQF file: the keys derived from the header, the unscrambling of the piece table and of the
//! bytes after the header (docs/xqf.md §3), and the move records read into a tree (§4), without recursion.

use super::{HEADER_LEN, XqfError, gbk};

/// The 32 characters whose bits mask the key stream (§3).
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// The scrambling keys of a file (all zero for a plain file).
pub(super) struct Key {
    version: u8,
    scrambled: bool,
    /// Added to every point of the piece table.
    piece: u8,
    /// Added to a move's from-point and to-point (beyond the fixed 24 and 32).
    from: u8,
    to: u8,
    /// Added to every comment length.
    comment: i64,
    /// Subtracted, in turn, from the bytes after the header.
    stream: [u8; 32],
}

/// `(54 k² + 221) · m` modulo 256: the step of the key chain.
fn chain(k: u8, m: u8) -> u8 {
    let k = k as u32;
    ((54 * k * k + 221) * m as u32) as u8
}

impl Key {
    /// The keys of the header `h` (at least [`HEADER_LEN`] bytes).
    pub(super) fn from_header(h: &[u8]) -> Key {
        let version = h[2];
        if version < 11 {
            return Key { version, scrambled: false, piece: 0, from: 0, to: 0, comment: 0, stream: [0; 32] };
        }
        let piece = chain(h[0x0D], h[0x0D]);
        let from = chain(h[0x0E], piece);
        let to = chain(h[0x0F], from);
        let comment = ((h[0x0C] as i64 * 256 + h[0x0D] as i64) % 32000) + 767;
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let word = h[8 + i % 4] | (h[12 + i % 4] & h[3]);
            *s = word & STREAM_MASK[i];
        }
        Key { version, scrambled: true, piece, from, to, comment, stream }
    }

    /// The 32 points of the piece table (§2) from its 32 stored bytes: from version 12 on the entries are also
    /// rotated by the key.
    pub(super) fn piece_table(&self, raw: &[u8]) -> [u8; 32] {
        let mut t = [0u8; 32];
        for i in 0..32 {
            let slot = if self.version >= 12 { (self.piece as usize + 1 + i) % 32 } else { i };
            t[slot] = raw[i].wrapping_sub(self.piece);
        }
        t
    }
}

/// One move record of the tree: its number in file order (the root is 0), points, comment and links.
pub(super) struct Record {
    pub index: usize,
    pub from: u8,
    pub to: u8,
    pub comment: Option<String>,
    /// The first continuation (the main line goes on here).
    pub child: Option<usize>,
    /// The next alternative to this move, from the same position.
    pub sibling: Option<usize>,
}

/// The root record: the game's comment and its first move.
pub(super) struct Root {
    pub comment: Option<String>,
    pub child: Option<usize>,
}

/// A record as stored: two point bytes, the flags and the comment.
struct Raw {
    src: u8,
    dst: u8,
    next: bool,
    variation: bool,
    comment: Option<String>,
}

struct Reader<'a> {
    key: &'a Key,
    body: Vec<u8>,
    file_len: usize,
    at: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], XqfError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.body.len());
        let Some(end) = end else {
            return Err(XqfError::Truncated { len: self.file_len, needed: HEADER_LEN.saturating_add(self.at).saturating_add(n) });
        };
        let s = &self.body[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn int(&mut self) -> Result<i64, XqfError> {
        let b = self.take(4)?;
        Ok(i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64)
    }

    /// Reads one record (§4): plain files (before version 11) always have a 4-byte comment length and flag
    /// a continuation in the tag's high half, a variation in its low half; scrambled ones have the length
    /// only when the tag has 0x20, a continuation 0x80, a variation 0x40, and a scrambled length.
    fn record(&mut self) -> Result<Raw, XqfError> {
        let h = self.take(4)?;
        let (src, dst, tag) = (h[0], h[1], h[2]);
        let (next, variation, length) = if self.key.scrambled {
            let length = if tag & 0x20 != 0 { self.int()? - self.key.comment } else { 0 };
            (tag & 0x80 != 0, tag & 0x40 != 0, length)
        } else {
            let length = self.int()?;
            (tag & 0xF0 != 0, tag & 0x0F != 0, length)
        };
        // A length of zero or below is no comment (as XQStudio's readers take it).
        let comment = if length > 0 {
            let bytes = self.take(usize::try_from(length).unwrap_or(usize::MAX))?;
            let t = gbk::decode(bytes);
            let t = t.trim();
            (!t.is_empty()).then(|| t.to_string())
        } else {
            None
        };
        Ok(Raw { src, dst, next, variation, comment })
    }
}

/// Where the next record goes in the tree.
enum Slot {
    RootChild,
    ChildOf(usize),
    SiblingOf(usize),
}

/// Reads the move records of `bytes` (a whole file, at least [`HEADER_LEN`] bytes) into the root and the list
/// of records. The records are stored depth first: a record, then (if it has a continuation) the whole
/// subtree of its continuation, then (if it has a variation) its next alternative; a stack of the records
/// whose alternative is still to come keeps the order without recursion.
///
/// # Errors
/// [`XqfError::Truncated`] when a record or comment is cut, [`XqfError::BadSquare`] for a point off the board.
pub(super) fn read_tree(bytes: &[u8], key: &Key) -> Result<(Root, Vec<Record>), XqfError> {
    let body: Vec<u8> = bytes[HEADER_LEN..]
        .iter()
        .enumerate()
        .map(|(i, &b)| if key.scrambled { b.wrapping_sub(key.stream[i % 32]) } else { b })
        .collect();
    let mut r = Reader { key, body, file_len: bytes.len(), at: 0 };
    let root = r.record()?;
    let mut out = Root { comment: root.comment, child: None };
    let mut nodes: Vec<Record> = Vec::new();
    let mut pending: Vec<usize> = Vec::new();
    let mut slot = root.next.then_some(Slot::RootChild);
    loop {
        let s = match slot.take() {
            Some(s) => s,
            None => match pending.pop() {
                Some(n) => Slot::SiblingOf(n),
                None => break,
            },
        };
        let index = nodes.len() + 1;
        let raw = r.record()?;
        let from = raw.src.wrapping_sub(24).wrapping_sub(key.from);
        let to = raw.dst.wrapping_sub(32).wrapping_sub(key.to);
        for v in [from, to] {
            if v > 89 {
                return Err(XqfError::BadSquare { index, value: v });
            }
        }
        let k = nodes.len();
        nodes.push(Record { index, from, to, comment: raw.comment, child: None, sibling: None });
        match s {
            Slot::RootChild => out.child = Some(k),
            Slot::ChildOf(p) => nodes[p].child = Some(k),
            Slot::SiblingOf(p) => nodes[p].sibling = Some(k),
        }
        if raw.variation {
            pending.push(k);
        }
        if raw.next {
            slot = Some(Slot::ChildOf(k));
        }
    }
    Ok((out, nodes))
}
