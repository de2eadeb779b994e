//! Writing a game as PGN: the tag section, then the movetext with its NAGs (`$n`), comments (with the lichess
//! `[%eval …]` command) and `( … )` variations, lines kept under 80 columns.

use super::{AnnotatedGame, MAX_VARIATION_DEPTH, PgnError, PgnErrorKind, PgnFormat, PgnGame, RESULTS};
use crate::xiangqi::board::Position;
use crate::xiangqi::fen::START_FEN;
use crate::xiangqi::game_tree::{Annotation, Variation, comment_text, take_eval};
use crate::xiangqi::notation::{Notation, ParseMoveError};
use crate::xiangqi::types::{Color, Move};
use crate::xiangqi::MoveError;

fn fullmove_of(fen: &str) -> u32 {
    fen.split_whitespace().nth(5).and_then(|n| n.parse().ok()).filter(|&n| n >= 1).unwrap_or(1)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// The tags of the seven-tag roster, in the order they are written (after `Game`), with `Red`/`Black` for the
/// standard's `White`/`Black`.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "Red", "Black", "Result"];

/// Tags the writer sets itself from the game (any given value, whatever the case of its name, is replaced).
const OWN: [&str; 11] = ["Game", "Event", "Site", "Date", "Round", "Red", "Black", "Result", "FEN", "Format", "Termination"];

/// Whether `name` can be written as a tag name: not empty, no whitespace, no `]`, no `"`.
pub fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && !name.chars().any(|c| c.is_whitespace() || c == ']' || c == '"')
}

/// The tag section [`write_pgn`] writes for `game` in `format`, in order: `Game "Chinese Chess"`; the seven-tag
/// roster (`Event`, `Site`, `Date`, `Round`, `Red`, `Black` from the given tags, `?` — `????.??.??` for the
/// date — when not given; `Result` from `game.result`); every other given tag, verbatim, in its given order —
/// a given `FEN` naming the game's start (the opening position's too) and a given `Termination` equal to the
/// reason among them, where they were; then `FEN` when the start is not the opening position and none was
/// given; `Format`; `Termination` with the reason when there is one and it was not given. Reading the written PGN gives exactly these tags (this is the "identity" of a record: see the module
/// documentation).
///
/// # Errors
/// [`PgnError`] (line 0): a bad start FEN, a bad result, a tag name that cannot be written
/// ([`PgnErrorKind::BadTag`]: empty, or with whitespace, `]` or `"`).
pub fn written_tags(game: &PgnGame, format: PgnFormat) -> Result<Vec<(String, String)>, PgnError> {
    let (_, start_fen) = start_of(game)?;
    tag_section(game, &start_fen, format)
}

/// The record that reading `write_pgn_tree(tree, format)` gives back (what "identity" means, see the module
/// documentation): the tags of [`written_tags`] (line breaks in values made spaces); every comment as
/// [`comment_text`] keeps it (the ends trimmed, CRLF as `\n`), without `}` (`None` when nothing is left), a well-formed
/// `[%eval …]` in it taken out as the evaluation when the move has none; evaluations as their written command
/// reads back (a mate wins over centipawns; neither set: none); annotations past the last move, trailing empty
/// annotations and variations without moves dropped; the reason trimmed. For a record read from PGN this
/// changes the tags only (the readers keep comments as [`comment_text`] does).
///
/// # Errors
/// As [`written_tags`].
pub fn as_written(tree: &AnnotatedGame, format: PgnFormat) -> Result<AnnotatedGame, PgnError> {
    let mut out = tree.clone();
    out.game.tags = written_tags(&tree.game, format)?
        .into_iter()
        .map(|(k, v)| (k, v.replace(['\n', '\r'], " ")))
        .collect();
    let (_, start_fen) = start_of(&tree.game)?;
    out.game.fen = start_fen;
    out.game.reason = tree.game.reason.as_deref().map(str::trim).filter(|r| !r.is_empty()).map(String::from);
    out.comment = tree.comment.as_deref().and_then(clean_comment);
    out.annotations = clean_line(&tree.game.moves, &tree.annotations);
    out.normalise();
    Ok(out)
}

/// A comment as it reads back: `}` dropped, then as [`comment_text`] keeps it.
fn clean_comment(c: &str) -> Option<String> {
    comment_text(&c.replace('}', ""))
}

fn clean_line(moves: &[Move], notes: &[Annotation]) -> Vec<Annotation> {
    let mut out: Vec<Annotation> = notes.iter().take(moves.len()).cloned().collect();
    for a in &mut out {
        a.eval = a.eval.and_then(|e| e.command()).and_then(|c| take_eval(&c).0);
        a.comment = a.comment.as_deref().and_then(clean_comment);
        if a.eval.is_none()
            && let Some(c) = a.comment.take()
        {
            let (eval, words) = take_eval(&c);
            a.eval = eval;
            a.comment = words;
        }
        a.variations = std::mem::take(&mut a.variations)
            .into_iter()
            .filter(|v| !v.moves.is_empty())
            .map(|v| Variation { annotations: clean_line(&v.moves, &v.annotations), comment: v.comment.as_deref().and_then(clean_comment), moves: v.moves })
            .collect();
    }
    out
}

fn start_of(game: &PgnGame) -> Result<(Position, String), PgnError> {
    let err = |kind| PgnError { line: 0, column: 0, kind };
    if !RESULTS.contains(&game.result.as_str()) {
        return Err(err(PgnErrorKind::Result(crate::echo(&game.result))));
    }
    let fen = if game.fen.trim().is_empty() || game.fen.trim() == "startpos" { START_FEN } else { game.fen.trim() };
    let pos = Position::from_fen(fen).map_err(|e| err(PgnErrorKind::Fen(e)))?;
    let start_fen = pos.fen();
    Ok((pos, start_fen))
}

fn tag_section(game: &PgnGame, start_fen: &str, format: PgnFormat) -> Result<Vec<(String, String)>, PgnError> {
    let tag = |name: &str| game.tags.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    let mut out: Vec<(String, String)> = vec![("Game".into(), "Chinese Chess".into())];
    for name in ROSTER {
        // Unknown values as the PGN standard writes them: `????.??.??` for a date, `?` otherwise.
        let value = match name {
            "Result" => game.result.as_str(),
            "Date" => tag(name).unwrap_or("????.??.??"),
            _ => tag(name).unwrap_or("?"),
        };
        out.push((name.into(), value.into()));
    }
    let reason = game.reason.as_deref().map(str::trim).filter(|r| !r.is_empty());
    let same_start = |f: &str| Position::from_fen(f).is_ok_and(|p| p.fen().split(' ').take(2).eq(start_fen.split(' ').take(2)));
    let (mut fen_written, mut reason_written) = (false, false);
    for (k, v) in &game.tags {
        if !valid_tag_name(k) {
            return Err(PgnError { line: 0, column: 0, kind: PgnErrorKind::BadTag(crate::echo(k)) });
        }
        // A [FEN] naming the game's start and a [Termination] giving its reason stay where the file had them,
        // as the file wrote them (the standard start's FEN too).
        if k.eq_ignore_ascii_case("FEN") && !fen_written && same_start(v) {
            out.push((k.clone(), v.clone()));
            fen_written = true;
            continue;
        }
        if k.eq_ignore_ascii_case("Termination") && !reason_written && reason == Some(v.trim()) {
            out.push((k.clone(), v.clone()));
            reason_written = true;
            continue;
        }
        if OWN.iter().any(|o| o.eq_ignore_ascii_case(k)) {
            continue;
        }
        out.push((k.clone(), v.clone()));
    }
    if !fen_written && start_fen.split(' ').take(2).ne(START_FEN.split(' ').take(2)) {
        out.push(("FEN".into(), start_fen.into()));
    }
    out.push(("Format".into(), format.tag().into()));
    if let (Some(r), false) = (reason, reason_written) {
        out.push(("Termination".into(), r.into()));
    }
    Ok(out)
}

/// Writes `game` as PGN with its moves in `format`: the tag section of [`written_tags`] (`[Name "value"]`, one
/// per line, `"` and `\` escaped, line breaks in values made spaces), a blank line, and the numbered moves
/// (`1. C2.5 H8+7`, `1. ... H8+7` when Black moves first), lines kept under 80 characters, then the result
/// token. The reason is written only as the `[Termination]` tag (no comment before the result: it would read
/// back as the last move's comment).
///
/// # Errors
/// [`PgnError`] (line 0): a bad start FEN, an illegal move (with its ply), a bad result, a tag name that cannot
/// be written.
pub fn write_pgn(game: &PgnGame, format: PgnFormat) -> Result<String, PgnError> {
    write_pgn_tree(&AnnotatedGame { game: game.clone(), annotations: vec![], comment: None }, format)
}

/// Writes a game with its tree, as [`write_pgn`] does, plus: the opening comment before the first move; after
/// each move its NAGs (`$6`), its comment with the evaluation first (`{[%eval 0.35,12] words}`: pawns from
/// Red's point of view, or `#n` for a mate, see [`crate::xiangqi::game_tree::Eval`]) and its variations, each as
/// `( … )` with its own numbers and annotations (recursively). A black move after a comment or a variation
/// gets its number again (`5. ... H8+7`). A `}` in a comment is dropped (it would end the comment); a comment
/// is otherwise written as it is (line breaks and inner spaces kept, CRLF as `\n`, the ends trimmed: see
/// [`comment_text`]), never wrapped; variations without moves are not written.
///
/// # Errors
/// As [`write_pgn`]; an illegal move of a variation gives [`PgnErrorKind::Move`] with its ply counted from the
/// start position along its own line; variations nested deeper than [`super::MAX_VARIATION_DEPTH`] give
/// [`PgnErrorKind::TooDeep`].
pub fn write_pgn_tree(tree: &AnnotatedGame, format: PgnFormat) -> Result<String, PgnError> {
    let game = &tree.game;
    let (pos, start_fen) = start_of(game)?;
    let mut out = String::new();
    for (k, v) in tag_section(game, &start_fen, format)? {
        out += &format!("[{k} \"{}\"]\n", escape(&v));
    }
    out.push('\n');
    let mut w = Movetext { tokens: Vec::new(), format };
    if let Some(c) = tree.comment.as_deref() {
        let _ = w.comment(None, c);
    }
    let number = fullmove_of(&start_fen);
    w.line(&pos, number, &game.moves, &tree.annotations, 0, 0)?;
    w.tokens.push(game.result.clone());
    let mut line_len = 0;
    let mut open = String::new();
    for t in w.tokens {
        // `(` goes with the token after it, `)` with the one before.
        if t == "(" {
            open.push('(');
            continue;
        }
        let t = std::mem::take(&mut open) + &t;
        // Display width: CJK characters take two columns (of a comment with line breaks: its first line; its
        // last line is where the next token goes).
        let columns = |s: &str| -> usize { s.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum() };
        let width = columns(t.split('\n').next().unwrap_or(""));
        let glued = t == ")";
        if line_len > 0 && !glued && line_len + 1 + width > 79 {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 && !glued {
            out.push(' ');
            line_len += 1;
        }
        out += &t;
        match t.rsplit_once('\n') {
            Some((_, last)) => line_len = columns(last),
            None => line_len += width,
        }
    }
    out.push('\n');
    Ok(out)
}

/// The movetext being written: its tokens (each kept on one line; `(` and `)` glue to their neighbours).
struct Movetext {
    tokens: Vec<String>,
    format: PgnFormat,
}

impl Movetext {
    /// A comment, as one token written verbatim (its spaces and line breaks are its words', so it is not
    /// wrapped: a long comment makes a long line); false when there was nothing to write.
    fn comment(&mut self, eval: Option<String>, text: &str) -> bool {
        let words = clean_comment(text);
        let body = eval.into_iter().chain(words).collect::<Vec<_>>().join(" ");
        if body.is_empty() {
            return false;
        }
        self.tokens.push(format!("{{{body}}}"));
        true
    }

    /// Writes `moves` from `start` (whose move number is `number`), with their annotations; `ply0` is the ply of
    /// `start` counted from the game's start (for errors).
    fn line(&mut self, start: &Position, mut number: u32, moves: &[Move], notes: &[Annotation], ply0: usize, depth: usize) -> Result<(), PgnError> {
        let err = |kind| PgnError { line: 0, column: 0, kind };
        if depth > MAX_VARIATION_DEPTH {
            return Err(err(PgnErrorKind::TooDeep { max: MAX_VARIATION_DEPTH }));
        }
        let mut pos = start.clone();
        let mut renumber = true;
        for (i, &mv) in moves.iter().enumerate() {
            let ply = ply0 + i + 1;
            let text = mv.to_string();
            let legal = pos
                .parse_move(&text)
                .map_err(|e| err(PgnErrorKind::Move { ply, text: text.clone(), error: ParseMoveError::Iccs(e) }))?;
            if !pos.has_legal_move() {
                let e = ParseMoveError::Iccs(MoveError::GameOver { mv: legal.to_string() });
                return Err(err(PgnErrorKind::Move { ply, text: legal.to_string(), error: e }));
            }
            let red = pos.side_to_move() == Color::Red;
            // The move number stays on the line of its move.
            let prefix = if red {
                format!("{number}. ")
            } else if renumber {
                format!("{number}. ... ")
            } else {
                String::new()
            };
            let written = match self.format {
                PgnFormat::Iccs => {
                    let s = legal.to_string().to_ascii_uppercase();
                    format!("{}-{}", &s[..2], &s[2..])
                }
                PgnFormat::Wxf => Notation::Wxf.format(&pos, legal).unwrap_or(text),
                PgnFormat::Chinese => Notation::Chinese.format(&pos, legal).unwrap_or(text),
            };
            self.tokens.push(prefix + &written);
            renumber = false;
            let before = pos.clone();
            pos.play_unchecked(legal);
            if let Some(note) = notes.get(i) {
                for nag in &note.nags {
                    self.tokens.push(format!("${nag}"));
                }
                let eval = note.eval.and_then(|e| e.command());
                if (eval.is_some() || note.comment.is_some()) && self.comment(eval, note.comment.as_deref().unwrap_or("")) {
                    renumber = true;
                }
                for v in note.variations.iter().filter(|v| !v.moves.is_empty()) {
                    self.variation(&before, number, v, ply0 + i, depth + 1)?;
                    renumber = true;
                }
            }
            if !red {
                number += 1;
            }
        }
        Ok(())
    }

    fn variation(&mut self, start: &Position, number: u32, v: &Variation, ply0: usize, depth: usize) -> Result<(), PgnError> {
        self.tokens.push("(".into());
        if let Some(c) = v.comment.as_deref() {
            let _ = self.comment(None, c);
        }
        self.line(start, number, &v.moves, &v.annotations, ply0, depth)?;
        self.tokens.push(")".into());
        Ok(())
    }
}
