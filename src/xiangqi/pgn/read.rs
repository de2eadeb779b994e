//! Reading PGN: a tokenizer (tags, comments, parentheses, words, each with its line and column) and a
//! recursive reader of the movetext into the game tree, every move checked legal in its own position.

use super::{AnnotatedGame, MAX_VARIATION_DEPTH, PgnError, PgnErrorKind, PgnGame, RESULTS};
use crate::xiangqi::board::Position;
use crate::xiangqi::game_tree::{Variation, take_eval};
use crate::xiangqi::notation::ParseMoveError;
use crate::xiangqi::MoveError;

/// A piece of the movetext with where it starts (1-based line and column, in characters).
struct Tok {
    kind: Kind,
    line: usize,
    column: usize,
}

enum Kind {
    /// A move, a move number, a NAG, a suffix or a result.
    Word(String),
    Comment(String),
    Open,
    Close,
}

/// Reads the first game of `text` (PGN as [`super::write_pgn`] writes it and as XQBase / ElephantEye / XQ Wizard
/// export it; a plain list of moves without tags is accepted too; [`super::parse_pgn_games`] reads every game
/// of a file). Tags: any `[Name "value"]` (the name: any characters but whitespace, `]` and `"`, non-ASCII
/// included), kept verbatim in file order (values with their `\"` / `\\` escapes undone); `FEN` (or `Fen`)
/// sets the start. Moves: ICCS (`h2e2`, `h2-e2`, `H2-E2`), WXF (`C2.5`) or Chinese (`炮二平五`), each token read
/// in the notation it is written in (whatever `[Format]` says); move numbers (`1.`, `1...`, `1.C2.5`), NAGs
/// (`$1`) and `!`/`?` suffixes, `{…}` and `;` comments and `(…)` variations (nested; their moves are checked
/// too) are read; only the main line is kept here (see [`parse_pgn_tree`] for the rest). Reading stops at the
/// result token or at the next game's first tag. The result is the `[Result]` tag when it names one (not `*`),
/// else the result token, else `*`
/// (never a comment); the reason is the `[Termination]` tag (trimmed), else `None` — never a comment.
///
/// # Errors
/// [`PgnError`] with the 1-based line and column of the problem: a malformed tag, an unclosed comment, an
/// unbalanced variation, a bad FEN, an illegal or unreadable move (with its ply and the notation's own reason,
/// in the main line or a variation), variations nested deeper than [`super::MAX_VARIATION_DEPTH`], or an
/// empty text.
pub fn parse_pgn(text: &str) -> Result<PgnGame, PgnError> {
    parse_pgn_tree(text).map(|t| t.game)
}

/// Reads the first game of `text` as [`parse_pgn`] does, with its tree: after each move its NAGs (`$n`, and
/// the suffixes `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6, glued to the move or alone), its comments (several
/// are joined by a space; kept as [`comment_text`](crate::xiangqi::game_tree::comment_text) keeps them; a `;`
/// rest-of-line comment is a comment like `{…}`), the first `[%eval …]`
/// command of its comments as its evaluation (lichess's form, see [`crate::xiangqi::game_tree::Eval`]) and its
/// variations `( … )`, each read from the position before the move, recursively. A comment before a line's
/// first move is that line's comment. The comment just before the result token is the last move's comment
/// like any other (the reason comes from `[Termination]` only). A variation without a move is dropped.
///
/// # Errors
/// As [`parse_pgn`].
pub fn parse_pgn_tree(text: &str) -> Result<AnnotatedGame, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let (tags, toks) = tokenize(text)?;
    let err = |line, column, kind| PgnError { line, column, kind };
    let tag = |name: &str| tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
    let fen_given = tag("FEN").filter(|f| !f.trim().is_empty());
    let pos = match &fen_given {
        Some(f) => {
            let at = text.lines().position(|l| l.trim_start().to_ascii_lowercase().starts_with("[fen")).map_or(1, |l| l + 1);
            Position::from_fen(f).map_err(|e| err(at, 1, PgnErrorKind::Fen(e)))?
        }
        None => Position::startpos(),
    };
    let fen = pos.fen();
    // The result token ends the main line (the tokenizer stops there).
    let mut result_token = None;
    let mut body = toks.as_slice();
    if let Some((last, rest)) = toks.split_last()
        && let Kind::Word(w) = &last.kind
        && RESULTS.contains(&w.as_str())
    {
        result_token = Some(w.clone());
        body = rest;
    }
    // The reason comes from the [Termination] tag only: a comment before the result token is the last
    // move's comment (issue 32: it used to become the reason too).
    let reason = tag("Termination").and_then(|r| non_empty_trim(&r));
    let mut at = 0;
    let line = read_line(body, &mut at, pos, 0, 0)?;
    // The [Result] tag when it names one (issue 32: a database export may end the movetext with `*` and keep
    // the result in the tag), else the token, else the tag as written.
    let tagged = tag("Result").filter(|r| r.trim() != "*" && RESULTS.contains(&r.trim()));
    let result = match tagged.or(result_token).or_else(|| tag("Result")) {
        Some(r) if RESULTS.contains(&r.trim()) => r.trim().to_string(),
        Some(r) if r.trim().is_empty() => "*".to_string(),
        Some(r) => return Err(err(1, 1, PgnErrorKind::Result(crate::echo(&r)))),
        None => "*".to_string(),
    };
    let mut tree = AnnotatedGame {
        game: PgnGame { tags, fen, moves: line.moves, result, reason },
        annotations: line.annotations,
        comment: line.comment,
    };
    tree.normalise();
    Ok(tree)
}

/// The text trimmed, `None` when nothing is left (inner whitespace kept as it is).
fn non_empty_trim(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.to_string())
}

/// Tag pairs in file order.
type Tags = Vec<(String, String)>;

/// Splits the text into its tag pairs and the movetext tokens of the first game, checking comments and
/// parentheses; stops after a result token at depth 0 or at the next game's first tag.
fn tokenize(text: &str) -> Result<(Tags, Vec<Tok>), PgnError> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut toks: Vec<Tok> = Vec::new();
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut line, mut col) = (0usize, 1usize, 1usize);
    let mut depth = 0usize;
    let mut var_start = (0, 0);
    let mut seen_moves = false;
    let err = |line, column, kind| PgnError { line, column, kind };
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            i += 1;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            bump!();
            continue;
        }
        let (l0, c0) = (line, col);
        match c {
            '[' if depth == 0 => {
                if seen_moves {
                    break; // the next game
                }
                // Up to the `]` outside the quoted value (a value may hold `]`, and `\"` / `\\` escapes).
                let mut raw = String::new();
                let (mut quoted, mut escaped) = (false, false);
                while i < chars.len() && chars[i] != '\n' && (quoted || chars[i] != ']') {
                    match chars[i] {
                        _ if escaped => escaped = false,
                        '\\' if quoted => escaped = true,
                        '"' => quoted = !quoted,
                        _ => {}
                    }
                    raw.push(chars[i]);
                    bump!();
                }
                if i >= chars.len() || chars[i] != ']' {
                    return Err(err(l0, c0, PgnErrorKind::BadTag(crate::echo(&raw))));
                }
                bump!();
                let inner = raw[1..].trim();
                let (name, rest) = inner.split_once(char::is_whitespace).unwrap_or((inner, ""));
                let rest = rest.trim();
                if name.is_empty() || name.contains('"') || !rest.starts_with('"') || !rest.ends_with('"') || rest.len() < 2 {
                    return Err(err(l0, c0, PgnErrorKind::BadTag(crate::echo(&format!("{raw}]")))));
                }
                let value = unescape(&rest[1..rest.len() - 1]);
                tags.push((name.to_string(), value));
            }
            '{' => {
                bump!();
                let mut body = String::new();
                while i < chars.len() && chars[i] != '}' {
                    body.push(chars[i]);
                    bump!();
                }
                if i >= chars.len() {
                    return Err(err(l0, c0, PgnErrorKind::UnterminatedComment));
                }
                bump!();
                toks.push(Tok { kind: Kind::Comment(body), line: l0, column: c0 });
            }
            ';' => {
                // a rest-of-line comment: kept as a comment (written back in braces)
                bump!();
                let mut body = String::new();
                while i < chars.len() && chars[i] != '\n' {
                    body.push(chars[i]);
                    bump!();
                }
                toks.push(Tok { kind: Kind::Comment(body), line: l0, column: c0 });
            }
            '(' => {
                if depth == 0 {
                    var_start = (line, col);
                }
                depth += 1;
                bump!();
                toks.push(Tok { kind: Kind::Open, line: l0, column: c0 });
            }
            ')' => {
                if depth == 0 {
                    return Err(err(line, col, PgnErrorKind::UnbalancedVariation));
                }
                depth -= 1;
                bump!();
                toks.push(Tok { kind: Kind::Close, line: l0, column: c0 });
            }
            _ => {
                let mut t = String::new();
                while i < chars.len() && !chars[i].is_whitespace() && !matches!(chars[i], '{' | '(' | ')' | ';' | '[') {
                    t.push(chars[i]);
                    bump!();
                }
                if t.is_empty() {
                    bump!(); // a `[` inside a variation
                    continue;
                }
                let stop = depth == 0 && RESULTS.contains(&t.as_str());
                if depth == 0 {
                    seen_moves = true;
                }
                toks.push(Tok { kind: Kind::Word(t), line: l0, column: c0 });
                if stop {
                    break;
                }
            }
        }
    }
    if depth > 0 {
        return Err(err(var_start.0, var_start.1, PgnErrorKind::UnbalancedVariation));
    }
    if tags.is_empty() && toks.is_empty() {
        return Err(err(1, 1, PgnErrorKind::Empty));
    }
    Ok((tags, toks))
}

/// A tag value without its escapes: `\"` is `"`, `\\` is `\`, one character at a time.
fn unescape(v: &str) -> String {
    let mut out = String::with_capacity(v.len());
    let mut chars = v.chars();
    while let Some(c) = chars.next() {
        match (c, chars.clone().next()) {
            ('\\', Some(n @ ('"' | '\\'))) => {
                out.push(n);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The NAG of a `!`/`?` suffix (PGN standard §10).
fn suffix_nag(s: &str) -> Option<u8> {
    Some(match s {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// Reads one line from `toks[*at..]` starting in `pos` (at ply `ply0` from the game's start) up to its closing
/// `)` (consumed) or the end: its moves, their annotations and its opening comment.
fn read_line(toks: &[Tok], at: &mut usize, mut pos: Position, ply0: usize, depth: usize) -> Result<Variation, PgnError> {
    let err = |line, column, kind| PgnError { line, column, kind };
    let mut line = Variation::default();
    // The position before the last move read (where its variations start).
    let mut before: Option<Position> = None;
    while *at < toks.len() {
        let tok = &toks[*at];
        *at += 1;
        let last = line.moves.len().checked_sub(1);
        match &tok.kind {
            Kind::Close => {
                if depth > 0 {
                    break;
                }
            }
            Kind::Open if depth >= MAX_VARIATION_DEPTH => {
                return Err(err(tok.line, tok.column, PgnErrorKind::TooDeep { max: MAX_VARIATION_DEPTH }));
            }
            Kind::Open => match (&before, last) {
                (Some(b), Some(i)) => {
                    let v = read_line(toks, at, b.clone(), ply0 + i, depth + 1)?;
                    // A variation without a move (`()`, `({words})`) is an alternative to nothing: dropped.
                    if !v.moves.is_empty() {
                        line.note_mut(i).variations.push(v);
                    }
                }
                // A variation before any move: an alternative to nothing, skipped unread.
                _ => skip_variation(toks, at),
            },
            Kind::Comment(c) => {
                let (eval, words) = take_eval(c);
                match last {
                    Some(i) => {
                        let note = line.note_mut(i);
                        if let Some(e) = eval {
                            note.eval.get_or_insert(e);
                        }
                        note.add_comment(words.as_deref().unwrap_or(""));
                    }
                    None => {
                        if let Some(w) = words {
                            line.comment = Some(match line.comment.take() {
                                Some(c) => format!("{c} {w}"),
                                None => w,
                            });
                        }
                    }
                }
            }
            Kind::Word(w) => {
                if RESULTS.contains(&w.as_str()) {
                    continue; // a result inside a variation
                }
                if let Some(n) = w.strip_prefix('$') {
                    if let (Some(i), Ok(n)) = (last, n.parse::<u8>()) {
                        line.note_mut(i).nags.push(n);
                    }
                    continue;
                }
                // Annotation marks: no move of any notation ends in `+`, `#`, `!` or `?` (WXF's `R1+1` ends in a
                // digit), so a trailing `+` or `#` is a check mark and `!`/`?` a suffix NAG.
                let core = w.trim_end_matches(['!', '?', '+', '#']);
                let suffix: String = w[core.len()..].chars().filter(|c| matches!(c, '!' | '?')).collect();
                if let (Some(i), Some(n)) = (last, suffix_nag(&suffix))
                    && core.is_empty()
                {
                    line.note_mut(i).nags.push(n);
                    continue;
                }
                // Full-width ASCII (`Ｃ２＝５`, as some databases write WXF) read as ASCII when the whole move is.
                let ascii = from_full_width(core);
                let t = strip_number(ascii.as_deref().unwrap_or(core));
                if t.is_empty() {
                    continue;
                }
                let ply = ply0 + line.moves.len() + 1;
                let mv = pos
                    .parse_any(t)
                    .or_else(|e| sign_first_wxf(t).and_then(|w| pos.parse_any(&w).ok()).ok_or(e))
                    .map_err(|e| err(tok.line, tok.column, PgnErrorKind::Move { ply, text: crate::echo(t), error: e }))?;
                if !pos.has_legal_move() {
                    let e = ParseMoveError::Iccs(MoveError::GameOver { mv: mv.to_string() });
                    return Err(err(tok.line, tok.column, PgnErrorKind::Move { ply, text: crate::echo(t), error: e }));
                }
                before = Some(pos.clone());
                pos.play_unchecked(mv);
                line.moves.push(mv);
                if let Some(n) = suffix_nag(&suffix) {
                    line.note_mut(line.moves.len() - 1).nags.push(n);
                }
            }
        }
    }
    Ok(line)
}

/// WXF's tandem pieces written sign first (`+P+1`, `-R.3`, as the xqdb collections do) in the form the notation
/// reads (`P++1`, `R-.3`); `None` for any other text.
fn sign_first_wxf(t: &str) -> Option<String> {
    let b = t.as_bytes();
    (b.len() == 4 && matches!(b[0], b'+' | b'-') && b"KAEHRCPkaehrcp".contains(&b[1]))
        .then(|| format!("{}{}{}", b[1] as char, b[0] as char, &t[2..]))
}

/// `t` with its full-width forms (U+FF01–U+FF5E) made ASCII, when it has some and then is all ASCII; `None`
/// otherwise (a Chinese move keeps its full-width digits).
fn from_full_width(t: &str) -> Option<String> {
    if t.is_ascii() {
        return None;
    }
    let out: String = t.chars().map(|c| if ('\u{ff01}'..='\u{ff5e}').contains(&c) { char::from_u32(c as u32 - 0xfee0).unwrap_or(c) } else { c }).collect();
    out.is_ascii().then_some(out)
}

/// Skips to after the `)` closing the variation whose `(` was just read.
fn skip_variation(toks: &[Tok], at: &mut usize) {
    let mut depth = 1;
    while *at < toks.len() && depth > 0 {
        match toks[*at].kind {
            Kind::Open => depth += 1,
            Kind::Close => depth -= 1,
            _ => {}
        }
        *at += 1;
    }
}

/// The move of a token without its move number: alone (`12.`, `12...`, `...`) it is nothing, glued
/// (`12.C2.5`) it is cut off; WXF's `33.4` (the middle pawn of three on file 3, rule IV) is a move, not a number.
fn strip_number(t: &str) -> &str {
    let is_rule_iv = t.len() == 4 && t.as_bytes()[0].is_ascii_digit() && t.as_bytes()[1].is_ascii_digit() && t.as_bytes()[2] == b'.';
    if is_rule_iv {
        return t;
    }
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let rest = &t[digits..];
    if rest.starts_with('.') || (digits == t.len() && digits > 0) {
        rest.trim_start_matches('.').trim_start_matches('…')
    } else if let Some(r) = t.strip_prefix("...") {
        r
    } else {
        t
    }
}
