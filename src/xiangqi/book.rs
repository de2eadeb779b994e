//! Opening book: weighted moves for positions of the first plies, built by our own engine's self-play
//! (`examples/xiangqi_book.rs`, run by `tools/book/build.sh`; provenance in the file's header and
//! `tools/book/README.md`).
//!
//! **Format** (`book.txt`, embedded at compile time): `#` lines are comments; every other line is
//! `<placement> <side> <move>:<weight> …` — the first two FEN fields of a position (side `w` or `b`), then its
//! book moves in ICCS with positive integer weights. Positions are stored once per left–right mirror pair
//! (the lexicographically smaller placement); a probe tries the position and then its mirror image, whose
//! moves are mirrored back (Xiangqi is symmetric under the a↔i file reflection).
//!
//! **Choice**: a move is drawn with probability proportional to its weight by the caller's random number
//! generator, so a seeded generator replays the same choices. Every returned move is legal in the position
//! (checked at probe time; a stale line is skipped, never played).

use super::board::Position;
use super::types::Move;
use rand_core::Rng;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The embedded book text.
const BOOK_TEXT: &str = include_str!("book.txt");

/// Plies from the start of the game after which the book is never consulted (the book's positions are all
/// earlier; this bounds a probe in positions set up from a FEN with a small move number).
pub const BOOK_MAX_PLY: u32 = 16;

/// The parsed book: `"<placement> <side>"` → `[(move, weight)]`.
type Table = HashMap<String, Vec<(String, u32)>>;

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| parse(BOOK_TEXT).expect("the embedded book parses (checked by a test)"))
}

/// Parses book text (the format above).
///
/// # Errors
/// The 1-based line number and a reason for a malformed line (missing side, bad `move:weight`, weight 0).
pub fn parse(text: &str) -> Result<Table, String> {
    let mut t = Table::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut f = line.split_whitespace();
        let (Some(placement), Some(side)) = (f.next(), f.next()) else {
            return Err(format!("line {}: expected '<placement> <side> <move>:<weight>…'", i + 1));
        };
        if side != "w" && side != "b" {
            return Err(format!("line {}: side must be w or b", i + 1));
        }
        let mut moves = Vec::new();
        for item in f {
            let (m, w) = item.split_once(':').ok_or_else(|| format!("line {}: '{item}' is not move:weight", i + 1))?;
            let w: u32 = w.parse().map_err(|_| format!("line {}: bad weight in '{item}'", i + 1))?;
            if w == 0 || m.len() != 4 {
                return Err(format!("line {}: bad entry '{item}'", i + 1));
            }
            moves.push((m.to_string(), w));
        }
        if moves.is_empty() {
            return Err(format!("line {}: no moves", i + 1));
        }
        t.insert(format!("{placement} {side}"), moves);
    }
    Ok(t)
}

/// Number of positions in the embedded book (mirror pairs counted once).
pub fn len() -> usize {
    table().len()
}

/// Every `(key, moves)` entry of the embedded book (key = `"<placement> <side>"`), for tests and tools.
pub fn entries() -> impl Iterator<Item = (&'static String, &'static Vec<(String, u32)>)> {
    table().iter()
}

/// Left–right mirror of a FEN placement (files a↔i).
pub fn mirror_placement(placement: &str) -> String {
    placement
        .split('/')
        .map(|rank| {
            let mut cells: Vec<Option<char>> = Vec::with_capacity(9);
            for c in rank.chars() {
                match c.to_digit(10) {
                    Some(n) => cells.extend(std::iter::repeat_n(None, n as usize)),
                    None => cells.push(Some(c)),
                }
            }
            let mut out = String::new();
            let mut empty = 0;
            for c in cells.into_iter().rev() {
                match c {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p);
                    }
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            out
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Left–right mirror of an ICCS move (`h2e2` ↔ `b2e2`).
pub fn mirror_move(m: &str) -> String {
    m.chars().map(|c| if ('a'..='i').contains(&c) { char::from(b'a' + b'i' - c as u8) } else { c }).collect()
}

/// The book key of a position and whether it is the mirror image of the stored one: `"<placement> <side>"` of
/// the lexicographically smaller of the position and its mirror.
pub fn key_of(pos: &Position) -> (String, bool) {
    let fen = pos.fen();
    let mut f = fen.split_whitespace();
    let (placement, side) = (f.next().unwrap_or(""), f.next().unwrap_or("w"));
    let mirrored = mirror_placement(placement);
    if mirrored.as_str() < placement { (format!("{mirrored} {side}"), true) } else { (format!("{placement} {side}"), false) }
}

/// Plies played since the start of the game (from the FEN's move number and the side to move).
fn game_ply(pos: &Position) -> u32 {
    let fen = pos.fen();
    let f: Vec<&str> = fen.split_whitespace().collect();
    let fullmove: u32 = f.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    (fullmove.max(1) - 1) * 2 + u32::from(f.get(1) == Some(&"b"))
}

/// The book moves of `pos` that are legal there, with their weights (mirrored back when the position was found
/// as its mirror image); empty when the position is not in the book or past [`BOOK_MAX_PLY`].
pub fn moves(pos: &Position) -> Vec<(Move, u32)> {
    if game_ply(pos) >= BOOK_MAX_PLY {
        return Vec::new();
    }
    let (key, mirrored) = key_of(pos);
    let Some(entries) = table().get(&key) else { return Vec::new() };
    let legal = pos.legal_moves();
    entries
        .iter()
        .filter_map(|(m, w)| {
            let text = if mirrored { mirror_move(m) } else { m.clone() };
            let mv = legal.as_slice().iter().copied().find(|l| l.to_string() == text)?;
            Some((mv, *w))
        })
        .collect()
}

/// A book move for `pos` drawn with probability proportional to its weight, or `None` when the book has none.
pub fn pick(pos: &Position, rng: &mut impl Rng) -> Option<Move> {
    let moves = moves(pos);
    let total: u64 = moves.iter().map(|&(_, w)| w as u64).sum();
    if total == 0 {
        return None;
    }
    let mut r = rng.next_u64() % total;
    for (m, w) in moves {
        if r < w as u64 {
            return Some(m);
        }
        r -= w as u64;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirror_of_placements_and_moves() {
        assert_eq!(mirror_placement("rnbakab1r/9/1c4nc1/9/9/9/9/9/9/9"), "r1bakabnr/9/1cn4c1/9/9/9/9/9/9/9");
        assert_eq!(mirror_move("h2e2"), "b2e2");
        assert_eq!(mirror_move("a0a1"), "i0i1");
    }

    #[test]
    fn malformed_lines_are_refused_with_their_number() {
        assert!(parse("# c\n9/9 w h2e2:0\n").unwrap_err().starts_with("line 2"));
        assert!(parse("9/9 x h2e2:1").is_err());
        assert!(parse("9/9 w h2e2").is_err());
        assert_eq!(parse("9/9 w h2e2:3 b2e2:1").unwrap()["9/9 w"].len(), 2);
    }
}
