//! Xiangqi games as PGN, the way Xiangqi databases exchange them: XQBase's PGN (`[Game "Chinese Chess"]`,
//! `[Format "ICCS"]` with moves like `H2-E2`, or `[Format "WXF"]` with `C2.5`, or Chinese moves), as ElephantEye,
//! XQ Wizard and XQBase's XQ-PGN converter write and read it (xqbase.com "XQ-PGN" notes; the PGN standard's tag
//! pairs and movetext, Steven J. Edwards 1994, for the syntax: tag pairs `[Name "value"]`, move numbers, `{}` and
//! `;` comments, `$n` NAGs, `( … )` variations, result tokens).
//!
//! [`write_pgn`] writes one game's main line; [`parse_pgn`] reads the first game of a text and keeps its main
//! line. [`write_pgn_tree`] and [`parse_pgn_tree`] do the same with the whole game tree ([`AnnotatedGame`]:
//! NAGs, comments, `[%eval]` evaluations and nested variations, see [`super::game_tree`]).
//! [`parse_pgn_games`] reads every game of a file (a database export, several games one after the other), each
//! on its own: a bad game is reported with its place and the others are still read.
//!
//! # What is kept: the identity of a record
//!
//! A record is an [`AnnotatedGame`]: tags, start FEN, moves, result, reason, and per move its NAGs, comment,
//! evaluation and variations, plus the comment before the first move. For a game written by [`write_pgn_tree`]
//! in a format `f`, reading is the inverse: `parse(write(r, f)) == r` whenever `r.tags == written_tags(r, f)`
//! and `r` is *normal* (comments as [`comment_text`](super::game_tree::comment_text) keeps them, without `}`, no empty annotation at the end of a
//! line, no variation without moves, the reason trimmed) — which every record [`parse_pgn_tree`] returns is.
//! So for any text `t` that reads as `r1 = parse(t)`:
//!
//! * `r2 = parse(write(r1, f))` equals `r1` in everything but the tags, and its tags are
//!   [`written_tags`]`(r1, f)`: `Game "Chinese Chess"` first, the seven-tag roster (`Event`, `Site`, `Date`,
//!   `Round`, `Red`, `Black`, `Result`) with `?` (`????.??.??`) for those the file lacks and `Result` from the
//!   result, then every other tag of the file verbatim in file order (non-ASCII names such as `棋谱名称`
//!   included), `FEN` when the start is not the opening position, `Format` naming `f` (whatever the file
//!   said), `Termination` with the reason;
//! * from then on it is exact: `parse(write(r2, f)) == r2` and `write(r2, f)` is byte for byte `write(r1, f)`.
//!
//! [`as_written`]`(r, f)` computes `parse(write(r, f))` without writing, for any record (one read from XQF
//! too, whose comments keep their line breaks until written); the tests check both equalities on every real
//! file of `tests/data/`.
//!
//! What a file may hold that a record does not keep (so a foreign file is not reproduced byte for byte): the
//! layout (line breaks, move numbers, ICCS case and dashes, the notation of each move), a comment's leading and
//! trailing spaces and its CRLF line ends (a comment is otherwise kept verbatim, line breaks included), several
//! comments after one move (joined by a space), the form of a `;` comment (kept, written in braces), a variation before
//! the first move or without moves, a tag given twice (the first `Event`… is used), NAGs above 255, anything
//! after the result token (the next game, for [`parse_pgn_games`]). The result comes from the `[Result]` tag
//! (the result token when the tag names none, or `*`) and the reason from `[Termination]`, never from a comment.
//!
//! Files: `write.rs` (the writer), `read.rs` (the tokenizer and the tree reader), `games.rs` (the games of a
//! file).

mod games;
mod read;
mod write;

pub use games::{GameParse, parse_pgn_games};
pub use read::{parse_pgn, parse_pgn_tree};
pub use write::{ROSTER, as_written, valid_tag_name, write_pgn, write_pgn_tree, written_tags};

use super::game_tree::{Annotation, Variation};
use super::fen::FenError;
use super::notation::ParseMoveError;
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
    /// Tag pairs in file order, verbatim (read), or in the order to write after the roster (write). On writing,
    /// `Game`, `Result`, `FEN`, `Format` and `Termination` are set from the other fields and any given value is
    /// replaced (see [`written_tags`]).
    pub tags: Vec<(String, String)>,
    /// The start FEN ([`START_FEN`](crate::xiangqi::START_FEN) when the game starts from the opening position).
    pub fen: String,
    pub moves: Vec<Move>,
    /// `1-0` (Red won), `0-1` (Black won), `1/2-1/2` or `*` (unfinished / unknown).
    pub result: String,
    /// Why the game ended, in words: the `[Termination]` tag (never a comment).
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
    /// Variations nested deeper than `max` (a guard for the reader's recursion; real games stay far below).
    TooDeep { max: usize },
}

/// The deepest nesting of variations [`parse_pgn_tree`] reads.
pub const MAX_VARIATION_DEPTH: usize = 100;

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
            PgnErrorKind::TooDeep { max } => write!(f, "variations nested deeper than {max}"),
        }
    }
}

impl std::error::Error for PgnError {}


/// A game with its whole tree: the tags, start, main line, result and reason of [`PgnGame`], plus one
/// [`Annotation`] per main-line move (NAGs, comment, evaluation, variations; the list may be shorter than the
/// moves: the rest have none) and the comment before the first move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnnotatedGame {
    pub game: PgnGame,
    /// Parallel to `game.moves`.
    pub annotations: Vec<Annotation>,
    /// A comment before the first move (a game comment).
    pub comment: Option<String>,
}

impl AnnotatedGame {
    /// The main line as a [`Variation`] (moves, annotations, opening comment).
    pub fn main_line(&self) -> Variation {
        Variation { moves: self.game.moves.clone(), annotations: self.annotations.clone(), comment: self.comment.clone() }
    }

    /// Drops trailing empty annotations at every level.
    pub fn normalise(&mut self) {
        let mut line = Variation { moves: vec![], annotations: std::mem::take(&mut self.annotations), comment: None };
        line.normalise();
        self.annotations = line.annotations;
    }
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame { tags: vec![], fen: String::new(), moves: vec![], result: "*".into(), reason: None }
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
