//! The games of a PGN file: where each one starts and ends, found by one pass over the bytes, then each read by
//! [`parse_pgn_tree`] on its own, so that a bad game is reported with its place and the next one is still read.
//!
//! A game ends where the next one starts: at a result token (`1-0`, `0-1`, `1/2-1/2`, `*`) outside any
//! variation, or at a tag pair (`[`) after some movetext. The pass knows comments (`{…}` across lines, `;` to
//! the end of the line), `%` escape lines, tag pairs with `]` inside their quoted value, and variations; a line
//! that is a whole tag pair (`[Name "value"]`) after movetext starts a new game even inside an unclosed comment
//! or variation, so that such a game cannot swallow the ones after it (it is then reported as unclosed).

use super::read::parse_pgn_tree;
use super::{AnnotatedGame, PgnError, RESULTS};

/// One game of a file, as [`parse_pgn_games`] read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameParse {
    /// 0-based number of the game in the file (bad games are counted too).
    pub index: usize,
    /// 1-based line of the file where the game's text starts (its first tag, comment or move).
    pub line: usize,
    /// The game, or why it was refused, with the line and column counted from the start of the file.
    pub game: Result<AnnotatedGame, PgnError>,
}

/// Reads every game of a PGN text (a database export, or several games pasted one after the other; a UTF-8
/// byte-order mark is skipped). Each game is read by [`parse_pgn_tree`] on its own — tags verbatim, moves in
/// any notation, comments, NAGs, variations, the result from the token or `[Result]`, the reason from
/// `[Termination]` — and listed in file order with its index and starting line, whether it was read or not.
/// An empty text (or only whitespace and `;` comments) gives an empty list.
///
/// Speed: one pass over the bytes to split, then the games' own reading (each move is checked legal); on the
/// 1,000-game file of `benches/data/` it takes a fraction of a second natively.
pub fn parse_pgn_games(text: &str) -> Vec<GameParse> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut out = Vec::new();
    // Line counting carried along the ranges, which come in order.
    let (mut counted_to, mut line, mut line_start) = (0usize, 1usize, 0usize);
    for (index, (start, end)) in split_games(text).into_iter().enumerate() {
        for (k, b) in text.as_bytes()[counted_to..start].iter().enumerate() {
            if *b == b'\n' {
                line += 1;
                line_start = counted_to + k + 1;
            }
        }
        counted_to = start;
        let column0 = text[line_start..start].chars().count();
        let game = parse_pgn_tree(&text[start..end]).map_err(|mut e| {
            if e.line == 1 {
                e.column += column0;
            }
            if e.line > 0 {
                e.line += line - 1;
            }
            e
        });
        out.push(GameParse { index, line, game });
    }
    out
}

/// Whether `b` (from a `[`) starts a line that is one whole tag pair: `[Name "value"]`, the name without
/// whitespace, `]` or `"`, then only whitespace to the end of the line.
fn is_tag_line(b: &[u8]) -> bool {
    let end = b.iter().position(|&c| c == b'\n').unwrap_or(b.len());
    let line = b[..end].trim_ascii_end();
    let Some(inner) = line.strip_prefix(b"[").and_then(|l| l.strip_suffix(b"]")) else { return false };
    let name_len = inner.iter().position(|&c| c.is_ascii_whitespace() || c == b']' || c == b'"').unwrap_or(inner.len());
    if name_len == 0 {
        return false;
    }
    let rest = inner[name_len..].trim_ascii();
    rest.len() >= 2 && rest[0] == b'"' && rest[rest.len() - 1] == b'"'
}

/// Byte ranges of the games of `text`, in order; each starts at its first tag, comment, parenthesis or word and
/// ends after its result token or where the next game starts (trailing whitespace and `;` comments are left
/// out when a result token ends it).
fn split_games(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut games = Vec::new();
    let mut start: Option<usize> = None;
    let mut seen_moves = false;
    let mut depth = 0usize;
    let mut at_line_start = true;
    let mut i = 0;
    // Ends the current game at `end` (if it has begun).
    let close = |games: &mut Vec<(usize, usize)>, start: &mut Option<usize>, end: usize| {
        if let Some(s) = start.take() {
            games.push((s, end));
        }
    };
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            at_line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let line_start = std::mem::replace(&mut at_line_start, false);
        match c {
            b'[' if depth == 0 || (line_start && seen_moves && is_tag_line(&b[i..])) => {
                if seen_moves {
                    close(&mut games, &mut start, i);
                    seen_moves = false;
                }
                depth = 0;
                start.get_or_insert(i);
                // Up to the `]` outside the quoted value, or the end of the line (as the reader does).
                let (mut quoted, mut escaped) = (false, false);
                while i < b.len() && b[i] != b'\n' && (quoted || b[i] != b']') {
                    match b[i] {
                        _ if escaped => escaped = false,
                        b'\\' if quoted => escaped = true,
                        b'"' => quoted = !quoted,
                        _ => {}
                    }
                    i += 1;
                }
                if i < b.len() && b[i] == b']' {
                    i += 1;
                }
            }
            b'{' => {
                start.get_or_insert(i);
                i += 1;
                while i < b.len() && b[i] != b'}' {
                    // A whole tag line inside a comment: the comment was never closed, and a game starts there.
                    if b[i] == b'\n' {
                        let next = i + 1 + b[i + 1..].iter().take_while(|c| **c == b' ' || **c == b'\t').count();
                        if next < b.len() && b[next] == b'[' && is_tag_line(&b[next..]) {
                            close(&mut games, &mut start, i + 1);
                            seen_moves = false;
                            depth = 0;
                            break;
                        }
                    }
                    i += 1;
                }
                if i < b.len() && b[i] == b'}' {
                    i += 1;
                }
            }
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'%' if line_start => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' | b')' => {
                start.get_or_insert(i);
                depth = if c == b'(' { depth + 1 } else { depth.saturating_sub(1) };
                i += 1;
            }
            _ => {
                let mut j = i;
                while j < b.len() && !b[j].is_ascii_whitespace() && !matches!(b[j], b'{' | b'(' | b')' | b';' | b'[') {
                    j += 1;
                }
                let j = j.max(i + 1);
                start.get_or_insert(i);
                if depth == 0 {
                    if RESULTS.contains(&&text[i..j]) {
                        close(&mut games, &mut start, j);
                        seen_moves = false;
                    } else {
                        seen_moves = true;
                    }
                }
                i = j;
            }
        }
    }
    close(&mut games, &mut start, b.len());
    games
}

#[cfg(test)]
mod tests {
    use super::split_games;

    #[test]
    fn games_split_at_results_and_at_tags_after_moves() {
        let t = "[A \"1\"]\n1. h2e2 h9g7 1-0\n1. h2e2 *\n[B \"2\"]\n[C \"3\"]\n1. b2e2\n[D \"4\"]\n{x\n[E \"5\"]\n1. h2e2";
        let parts: Vec<&str> = split_games(t).iter().map(|&(s, e)| &t[s..e]).collect();
        assert_eq!(
            parts,
            ["[A \"1\"]\n1. h2e2 h9g7 1-0", "1. h2e2 *", "[B \"2\"]\n[C \"3\"]\n1. b2e2\n", "[D \"4\"]\n{x\n", "[E \"5\"]\n1. h2e2"]
        );
        // An unclosed comment after moves ends at the next whole tag line.
        let t = "1. h2e2 {never closed\n[Event \"next\"]\n1. h2e2 *";
        let parts: Vec<&str> = split_games(t).iter().map(|&(s, e)| &t[s..e]).collect();
        assert_eq!(parts, ["1. h2e2 {never closed\n", "[Event \"next\"]\n1. h2e2 *"]);
        assert!(split_games("  \n; only a comment\n").is_empty());
    }
}
