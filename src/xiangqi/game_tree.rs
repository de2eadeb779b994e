//! The game tree of a Xiangqi record: the main line's moves with, for each move, its annotations — NAGs, a
//! comment, an engine evaluation and the variations that branch off it (each a line of its own, recursively).
//!
//! The shape is the one the page exchanges with `pgnWrite` / `pgnParse` / `xqfParse` (docs: spec of issue 22,
//! §2): a line is a list of moves and a parallel list of annotations; a variation of move *i* is an
//! alternative to that move, played from the position before it. PGN writes it as `( … )` right after move
//! *i* (PGN standard, Steven J. Edwards 1994, §8.2.5 "Recursive Annotation Variation"); XQF stores it as a
//! sibling branch of the move tree (docs/xqf.md).
//!
//! The evaluation travels inside a comment the way lichess writes it: `[%eval 0.35,12]` (pawns, two decimals,
//! from Red's point of view, optional `,depth`) or `[%eval #-3]` (mate in 3 moves for Black). [`Eval::command`]
//! writes it and [`take_eval`] reads it out of a comment.

use super::types::Move;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An engine evaluation of the position after a move, from Red's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eval {
    /// Centipawns, positive = Red is better. Ignored when `mate` is set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cp: Option<i32>,
    /// Moves to mate (full moves as lichess counts them), positive = Red mates, negative = Black mates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i32>,
    /// Search depth in plies, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
}

impl Eval {
    /// The `[%eval …]` command: `[%eval 0.35]`, `[%eval -1.20,18]`, `[%eval #3]`, `[%eval #-2,30]`; `None` when
    /// neither a score nor a mate is set.
    pub fn command(&self) -> Option<String> {
        let value = match (self.mate, self.cp) {
            (Some(m), _) => format!("#{m}"),
            (None, Some(cp)) => {
                // Two decimals without going through floating point: -5 → -0.05.
                let sign = if cp < 0 { "-" } else { "" };
                let a = cp.unsigned_abs();
                format!("{sign}{}.{:02}", a / 100, a % 100)
            }
            (None, None) => return None,
        };
        Some(match self.depth {
            Some(d) => format!("[%eval {value},{d}]"),
            None => format!("[%eval {value}]"),
        })
    }

    /// Reads the argument of an `[%eval …]` command: `0.35`, `-1.2,12`, `#3`, `#-3,20`, `+0.5`. Pawns are
    /// rounded to whole centipawns; `None` for anything else.
    pub fn parse_argument(text: &str) -> Option<Eval> {
        let text = text.trim();
        let (value, depth) = match text.split_once(',') {
            Some((v, d)) => (v.trim(), Some(d.trim().parse::<u32>().ok()?)),
            None => (text, None),
        };
        if let Some(m) = value.strip_prefix('#') {
            let mate = m.trim_start_matches('+').parse::<i32>().ok()?;
            return Some(Eval { cp: None, mate: Some(mate), depth });
        }
        if value.is_empty() || !value.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+')) {
            return None;
        }
        let pawns: f64 = value.parse().ok()?;
        if !pawns.is_finite() || pawns.abs() > 1.0e6 {
            return None;
        }
        Some(Eval { cp: Some((pawns * 100.0).round() as i32), mate: None, depth })
    }
}

/// Takes the first well-formed `[%eval …]` command out of a comment: the evaluation and the rest of the comment
/// (as [`comment_text`] keeps it, `None` when nothing is left). Other commands (`[%clk …]`, …) stay in the text.
pub fn take_eval(comment: &str) -> (Option<Eval>, Option<String>) {
    let mut from = 0;
    while let Some(at) = comment[from..].find("[%eval") {
        let start = from + at;
        let Some(len) = comment[start..].find(']') else { break };
        let end = start + len;
        if let Some(e) = Eval::parse_argument(&comment[start + "[%eval".len()..end]) {
            // the words on either side of the command, joined by one space where both have some
            let (before, after) = (comment[..start].trim_end(), comment[end + 1..].trim_start());
            let rest = if before.is_empty() || after.is_empty() { format!("{before}{after}") } else { format!("{before} {after}") };
            return (Some(e), comment_text(&rest));
        }
        from = end;
    }
    (None, comment_text(comment))
}

/// A comment's words as a record keeps them: line breaks made `\n` (from CRLF and CR), leading and trailing ASCII
/// whitespace trimmed, everything else verbatim (inner spaces, line breaks, a full-width indent `U+3000` at the
/// start of a paragraph, as annotated Chinese games have them); `None` when nothing is left. PGN, XQF and the
/// page's records all go through it, so a comment reads back exactly as it was written.
pub fn comment_text(text: &str) -> Option<String> {
    let t = text.replace("\r\n", "\n").replace('\r', "\n");
    let t = t.trim_matches(|c: char| c.is_ascii_whitespace());
    (!t.is_empty()).then(|| t.to_string())
}

/// The annotations of one move. All parts optional; [`Annotation::is_empty`] when none is set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Annotation {
    /// Numeric Annotation Glyphs in order (1 `!`, 2 `?`, 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`, others as the PGN
    /// standard §10 lists them), 0–255.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nags: Vec<u8>,
    /// Words about the move (without the `[%eval]` command).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The engine's evaluation after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub eval: Option<Eval>,
    /// Alternatives to this move, each played from the position before it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<Variation>,
}

impl Annotation {
    /// True when no NAG, comment, evaluation or variation is set.
    pub fn is_empty(&self) -> bool {
        self.nags.is_empty() && self.comment.is_none() && self.eval.is_none() && self.variations.is_empty()
    }

    /// Adds words to the comment (joined by a space to what is there).
    pub fn add_comment(&mut self, text: &str) {
        let Some(t) = comment_text(text) else { return };
        self.comment = Some(match self.comment.take() {
            Some(c) => format!("{c} {t}"),
            None => t,
        });
    }
}

/// A line of moves with their annotations: a variation (or, with the game's tags, the main line).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variation {
    /// The moves, in ICCS on the JavaScript side (`"h2e2"`).
    #[serde(serialize_with = "moves_out", deserialize_with = "moves_in")]
    pub moves: Vec<Move>,
    /// One entry per move (shorter lists mean the rest have none); `null` on the JavaScript side for none.
    #[serde(default, serialize_with = "notes_out", deserialize_with = "notes_in")]
    pub annotations: Vec<Annotation>,
    /// A comment before the line's first move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
}

impl Variation {
    /// The annotation of move `i` (created empty when missing).
    pub fn note_mut(&mut self, i: usize) -> &mut Annotation {
        if self.annotations.len() <= i {
            self.annotations.resize(i + 1, Annotation::default());
        }
        &mut self.annotations[i]
    }

    /// The annotation of move `i`, if any is set.
    pub fn note(&self, i: usize) -> Option<&Annotation> {
        self.annotations.get(i).filter(|a| !a.is_empty())
    }

    /// Drops trailing empty annotations (so lines compare equal however they were built).
    pub fn normalise(&mut self) {
        while self.annotations.last().is_some_and(|a| a.is_empty()) {
            self.annotations.pop();
        }
        for a in &mut self.annotations {
            for v in &mut a.variations {
                v.normalise();
            }
        }
    }

    /// The line with one annotation per move (empty ones added) in it and all its variations: the form the
    /// page reads, where every move has its entry (`null` when empty).
    pub fn padded(mut self) -> Variation {
        self.annotations.resize(self.moves.len().max(self.annotations.len()), Annotation::default());
        for a in &mut self.annotations {
            a.variations = std::mem::take(&mut a.variations).into_iter().map(Variation::padded).collect();
        }
        self
    }

    /// Number of moves in the line and all its variations, recursively.
    pub fn size(&self) -> usize {
        self.moves.len() + self.annotations.iter().flat_map(|a| &a.variations).map(Variation::size).sum::<usize>()
    }
}

fn moves_out<S: Serializer>(moves: &[Move], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(moves.iter().map(|m| m.to_string()))
}

fn moves_in<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Move>, D::Error> {
    let texts = Vec::<String>::deserialize(d)?;
    texts
        .iter()
        .map(|t| Move::parse_iccs(t).ok_or_else(|| serde::de::Error::custom(format!("'{}' is not an ICCS move", crate::echo(t)))))
        .collect()
}

fn notes_out<S: Serializer>(notes: &[Annotation], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(notes.iter().map(|a| (!a.is_empty()).then_some(a)))
}

fn notes_in<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Annotation>, D::Error> {
    let v = Option::<Vec<Option<Annotation>>>::deserialize(d)?;
    Ok(v.unwrap_or_default().into_iter().map(Option::unwrap_or_default).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_commands_round_trip() {
        for (e, text) in [
            (Eval { cp: Some(35), mate: None, depth: Some(12) }, "[%eval 0.35,12]"),
            (Eval { cp: Some(-5), mate: None, depth: None }, "[%eval -0.05]"),
            (Eval { cp: Some(-120), mate: None, depth: None }, "[%eval -1.20]"),
            (Eval { cp: None, mate: Some(-3), depth: None }, "[%eval #-3]"),
            (Eval { cp: None, mate: Some(2), depth: Some(30) }, "[%eval #2,30]"),
        ] {
            assert_eq!(e.command().as_deref(), Some(text));
            assert_eq!(take_eval(&format!("{text} good")), (Some(e), Some("good".into())));
        }
        assert_eq!(take_eval("[%clk 0:01:00] [%eval x] hi").0, None);
        assert_eq!(take_eval("[%eval 1.5]").1, None);
        assert_eq!(Eval::parse_argument("+0.5"), Some(Eval { cp: Some(50), mate: None, depth: None }));
    }
}
