//! Xiangqi games as PGN, the way Xiangqi databases exchange them: XQBase's PGN (`[Game "Chinese Chess"]`,
//! `[Format "ICCS"]` with moves like `H2-E2`, or `[Format "WXF"]` with `C2.5`, or Chinese moves), as ElephantEye,
//! XQ Wizard and XQBase's XQ-PGN converter write and read it (xqbase.com "XQ-PGN" notes; the PGN standard's tag
//! pairs and movetext, Steven J. Edwards 1994, for the syntax: tag pairs `[Name "value"]`, move numbers, `{}` and
//! `;` comments, `$n` NAGs, `( … )` variations, result tokens).
//!
//! [`write_pgn`] writes one game; [`parse_pgn`] reads the first game of a text, following the main line only.

use super::board::Position;
use super::fen::{FenError, START_FEN};
use super::notation::{Notation, ParseMoveError};
use super::types::Move;
use std::fmt;

/// The move notation of a PGN's movetext (its `[Format]` tag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PgnFormat {
    /// `[Format "ICCS"]`: `H2-E2 H9-G7` (XQBase writes ICCS upper case with a dash).
    Iccs,
    /// `[Format "WXF"]`: `C2.5 H8+7`.
    Wxf,
    /// `[Format "Chinese"]`: `炮二平五 马８进７`.
    Chinese,
}

impl PgnFormat {
    /// Parses `iccs`, `wxf` or `chinese` (case-insensitive).
    pub fn parse(text: &str) -> Option<PgnFormat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "iccs" => Some(PgnFormat::Iccs),
            "wxf" => Some(PgnFormat::Wxf),
            "chinese" | "zh" => Some(PgnFormat::Chinese),
            _ => None,
        }
    }

    /// The `[Format]` tag value: `ICCS`, `WXF`, `Chinese`.
    pub fn tag(self) -> &'static str {
        match self {
            PgnFormat::Iccs => "ICCS",
            PgnFormat::Wxf => "WXF",
            PgnFormat::Chinese => "Chinese",
        }
    }
}

/// One game: its tags, start position, main-line moves, result and the reason for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// Tag pairs in file order (read) or in the order to write after the standard ones (write). On writing,
    /// `Game`, `Result`, `FEN` and `Format` are set from the other fields and any given value is replaced.
    pub tags: Vec<(String, String)>,
    /// The start FEN ([`START_FEN`] when the game starts from the opening position).
    pub fen: String,
    pub moves: Vec<Move>,
    /// `1-0` (Red won), `0-1` (Black won), `1/2-1/2` or `*` (unfinished / unknown).
    pub result: String,
    /// Why the game ended, in words (`[Termination]` tag; on reading, also the comment just before the result).
    pub reason: Option<String>,
}

/// Why a PGN text was refused (reading: [`parse_pgn`]) or a game could not be written ([`write_pgn`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line and column (in characters) where the problem is; 0 for errors of [`write_pgn`]'s input.
    pub line: usize,
    pub column: usize,
    pub kind: PgnErrorKind,
}

/// The reason of a [`PgnError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// No tag and no move in the text.
    Empty,
    /// A `[` tag pair not closed by `]` on its line, or without a quoted value.
    BadTag(String),
    /// A `{` comment never closed.
    UnterminatedComment,
    /// A `)` without `(`, or a `(` never closed.
    UnbalancedVariation,
    /// The `[FEN]` tag (or the given start FEN) is not a legal position.
    Fen(FenError),
    /// The move at `ply` (1-based, from the start position) is not a legal move there, in any notation.
    Move { ply: usize, text: String, error: ParseMoveError },
    /// A result other than `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(String),
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "PGN line {}, column {}: ", self.line, self.column)?;
        } else {
            write!(f, "PGN: ")?;
        }
        match &self.kind {
            PgnErrorKind::Empty => write!(f, "no game in the text (no tag pair and no move)"),
            PgnErrorKind::BadTag(t) => write!(f, "malformed tag pair '{t}' (expected [Name \"value\"])"),
            PgnErrorKind::UnterminatedComment => write!(f, "a {{ comment is never closed"),
            PgnErrorKind::UnbalancedVariation => write!(f, "unbalanced parentheses of a variation"),
            PgnErrorKind::Fen(e) => write!(f, "bad FEN tag: {e}"),
            PgnErrorKind::Move { ply, text, error } => write!(f, "move {ply} '{text}': {error}"),
            PgnErrorKind::Result(t) => write!(f, "result '{t}' is not 1-0, 0-1, 1/2-1/2 or *"),
        }
    }
}

impl std::error::Error for PgnError {}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

fn fullmove_of(fen: &str) -> u32 {
    fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).filter(|&n| n >= 1).unwrap_or(1)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// Writes `game` as PGN with its moves in `format`: the tag section (`Game "Chinese Chess"`, then `Event`,
/// `Site`, `Date`, `Round`, `Red`, `Black`, `Result` — the seven-tag roster with `Red`/`Black` for
/// `White`/`Black`, `?` when not given — then the other given tags, `FEN` when the start is not the opening
/// position, `Format`, and `Termination` with the reason), a blank line, and the numbered moves (`1. C2.5 H8+7`,
/// `1. ... H8+7` when Black moves first), lines kept under 80 characters, the reason again as a comment before
/// the result token.
///
/// # Errors
/// [`PgnError`] (line 0): a bad start FEN, an illegal move (with its ply), a bad result.
pub fn write_pgn(game: &PgnGame, format: PgnFormat) -> Result<String, PgnError> {
    let err = |kind| PgnError { line: 0, column: 0, kind };
    if !RESULTS.contains(&game.result.as_str()) {
        return Err(err(PgnErrorKind::Result(crate::echo(&game.result))));
    }
    let fen = if game.fen.trim().is_empty() || game.fen.trim() == "startpos" { START_FEN } else { game.fen.trim() };
    let mut pos = Position::from_fen(fen).map_err(|e| err(PgnErrorKind::Fen(e)))?;
    let start_fen = pos.fen();
    let tag = |name: &str| game.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let mut out = String::from("[Game \"Chinese Chess\"]\n");
    for name in ["Event", "Site", "Date", "Round", "Red", "Black"] {
        out += &format!("[{name} \"{}\"]\n", escape(tag(name).unwrap_or("?")));
    }
    out += &format!("[Result \"{}\"]\n", game.result);
    const OWN: [&str; 11] = ["Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "FEN", "Format", "Termination"];
    for (k, v) in &game.tags {
        let clean: String = k.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        if clean.is_empty() || OWN.iter().any(|o| o.eq_ignore_ascii_case(&clean)) {
            continue;
        }
        out += &format!("[{clean} \"{}\"]\n", escape(v));
    }
    if start_fen.split(' ').take(2).ne(START_FEN.split(' ').take(2)) {
        out += &format!("[FEN \"{start_fen}\"]\n");
    }
    out += &format!("[Format \"{}\"]\n", format.tag());
    if let Some(r) = game.reason.as_deref().filter(|r| !r.trim().is_empty()) {
        out += &format!("[Termination \"{}\"]\n", escape(r.trim()));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    let mut number = fullmove_of(&start_fen);
    for (i, &mv) in game.moves.iter().enumerate() {
        let ply = i + 1;
        let text = mv.to_string();
        let legal = pos.parse_move(&text).map_err(|e| err(PgnErrorKind::Move { ply, text: text.clone(), error: ParseMoveError::Iccs(e) }))?;
        let red = pos.side_to_move() == super::types::Color::Red;
        // The move number stays on the line of its move.
        let prefix = if red {
            format!("{number}. ")
        } else if i == 0 {
            format!("{number}. ... ")
        } else {
            String::new()
        };
        let written = match format {
            PgnFormat::Iccs => {
                let s = legal.to_string().to_ascii_uppercase();
                format!("{}-{}", &s[..2], &s[2..])
            }
            PgnFormat::Wxf => Notation::Wxf.format(&pos, legal).unwrap_or(text),
            PgnFormat::Chinese => Notation::Chinese.format(&pos, legal).unwrap_or(text),
        };
        tokens.push(prefix + &written);
        if !pos.has_legal_move() {
            return Err(err(PgnErrorKind::Move { ply, text: legal.to_string(), error: ParseMoveError::Iccs(super::MoveError::GameOver { mv: legal.to_string() }) }));
        }
        pos.play_unchecked(legal);
        if !red {
            number += 1;
        }
    }
    if let Some(r) = game.reason.as_deref().filter(|r| !r.trim().is_empty()) {
        tokens.push(format!("{{{}}}", r.trim().replace(['{', '}'], "")));
    }
    tokens.push(game.result.clone());
    let mut line_len = 0;
    for t in tokens {
        // Display width: CJK characters take two columns.
        let w: usize = t.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum();
        if line_len > 0 && line_len + 1 + w > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out += &t;
        line_len += w;
    }
    out.push('\n');
    Ok(out)
}

/// A token of the movetext with where it starts.
struct Tok {
    text: String,
    line: usize,
    column: usize,
}

/// Reads the first game of `text` (PGN as [`write_pgn`] writes it and as XQBase / ElephantEye / XQ Wizard export
/// it; a plain list of moves without tags is accepted too). Tags: any `[Name "value"]`; `FEN` (or `Fen`) sets
/// the start. Moves: ICCS (`h2e2`, `h2-e2`, `H2-E2`), WXF (`C2.5`) or Chinese (`炮二平五`), each token read in the
/// notation it is written in (whatever `[Format]` says); move numbers (`1.`, `1...`, `1.C2.5`), NAGs (`$1`) and
/// `!`/`?` suffixes, `{…}` and `;` comments and `(…)` variations (nested) are skipped; reading stops at the
/// result token or at the next game's first tag. The result is the token, else the `[Result]` tag, else `*`;
/// the reason is the `[Termination]` tag, else the comment just before the result token.
///
/// # Errors
/// [`PgnError`] with the 1-based line and column of the problem: a malformed tag, an unclosed comment, an
/// unbalanced variation, a bad FEN, an illegal or unreadable move (with its ply and the notation's own reason),
/// or an empty text.
pub fn parse_pgn(text: &str) -> Result<PgnGame, PgnError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut toks: Vec<Tok> = Vec::new();
    // Comments, each with the index of the token it follows.
    let mut last_comment: Option<(usize, String)> = None;
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
        match c {
            '[' if depth == 0 => {
                if seen_moves {
                    break; // the next game
                }
                let (l0, c0) = (line, col);
                let mut raw = String::new();
                while i < chars.len() && chars[i] != '\n' && chars[i] != ']' {
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
                if name.is_empty() || !rest.starts_with('"') || !rest.ends_with('"') || rest.len() < 2 {
                    return Err(err(l0, c0, PgnErrorKind::BadTag(crate::echo(&format!("{raw}]")))));
                }
                let value = rest[1..rest.len() - 1].replace("\\\"", "\"").replace("\\\\", "\\");
                tags.push((name.to_string(), value));
            }
            '{' => {
                let (l0, c0) = (line, col);
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
                if depth == 0 {
                    last_comment = Some((toks.len(), body.trim().to_string()));
                }
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    bump!();
                }
            }
            '(' => {
                if depth == 0 {
                    var_start = (line, col);
                }
                depth += 1;
                bump!();
            }
            ')' => {
                if depth == 0 {
                    return Err(err(line, col, PgnErrorKind::UnbalancedVariation));
                }
                depth -= 1;
                bump!();
            }
            _ => {
                let (l0, c0) = (line, col);
                let mut t = String::new();
                while i < chars.len() && !chars[i].is_whitespace() && !matches!(chars[i], '{' | '(' | ')' | ';' | '[') {
                    t.push(chars[i]);
                    bump!();
                }
                if t.is_empty() {
                    bump!(); // a `[` inside a variation
                    continue;
                }
                if depth == 0 {
                    seen_moves = true;
                    let stop = RESULTS.contains(&t.as_str());
                    toks.push(Tok { text: t, line: l0, column: c0 });
                    if stop {
                        break;
                    }
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
    let tag = |name: &str| tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone());
    let fen_given = tag("FEN").filter(|f| !f.trim().is_empty());
    let mut pos = match &fen_given {
        Some(f) => {
            let at = text.lines().position(|l| l.trim_start().to_ascii_lowercase().starts_with("[fen")).map_or(1, |l| l + 1);
            Position::from_fen(f).map_err(|e| err(at, 1, PgnErrorKind::Fen(e)))?
        }
        None => Position::startpos(),
    };
    let fen = pos.fen();
    let mut moves = Vec::new();
    let mut result: Option<String> = None;
    let mut result_index = toks.len();
    for (k, tok) in toks.iter().enumerate() {
        let mut t = tok.text.as_str();
        if RESULTS.contains(&t) {
            result = Some(t.to_string());
            result_index = k;
            break;
        }
        if t.starts_with('$') {
            continue;
        }
        // A move number, alone (`12.`, `12...`, `...`) or glued to the move (`12.C2.5`); WXF's `33.4` (the middle
        // pawn of three on file 3, rule IV) is a move, not a number.
        let is_rule_iv = t.len() == 4 && t.as_bytes()[0].is_ascii_digit() && t.as_bytes()[1].is_ascii_digit() && t.as_bytes()[2] == b'.';
        if !is_rule_iv {
            let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
            let rest = &t[digits..];
            if rest.starts_with('.') || (digits == t.len() && digits > 0) {
                t = rest.trim_start_matches('.').trim_start_matches('…');
            } else if let Some(r) = t.strip_prefix("...") {
                t = r;
            }
        }
        // Annotation marks: no move of any notation ends in `+` (WXF's `R1+1` ends in a digit), so a trailing
        // `+` or `#` is a check mark.
        let t = t.trim_end_matches(['!', '?', '+', '#']);
        if t.is_empty() {
            continue;
        }
        let ply = moves.len() + 1;
        let mv = pos
            .parse_any(t)
            .map_err(|e| err(tok.line, tok.column, PgnErrorKind::Move { ply, text: crate::echo(t), error: e }))?;
        if !pos.has_legal_move() {
            let e = ParseMoveError::Iccs(super::MoveError::GameOver { mv: mv.to_string() });
            return Err(err(tok.line, tok.column, PgnErrorKind::Move { ply, text: crate::echo(t), error: e }));
        }
        pos.play_unchecked(mv);
        moves.push(mv);
    }
    let result = match result.or_else(|| tag("Result")) {
        Some(r) if RESULTS.contains(&r.trim()) => r.trim().to_string(),
        Some(r) if r.trim().is_empty() => "*".to_string(),
        Some(r) => return Err(err(1, 1, PgnErrorKind::Result(crate::echo(&r)))),
        None => "*".to_string(),
    };
    let reason = tag("Termination")
        .filter(|r| !r.trim().is_empty())
        .or_else(|| last_comment.filter(|(at, c)| *at == result_index && !c.is_empty() && result_index < toks.len()).map(|(_, c)| c));
    Ok(PgnGame { tags, fen, moves, result, reason })
}
