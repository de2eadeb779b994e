//! Opening names: the ECCO code (中国象棋开局分类编码, *Encyclopedia of Chinese Chess Openings*, A00–E99) of a game
//! and its name in Chinese and English.
//!
//! The classification is the one xqbase.com publishes and its ECCO program applies to game records (the `[ECCO]`
//! tag of XQ Wizard / 象棋巫师 PGN files): 260 codes in five groups — A 非中炮类 (flank openings: 飞相, 起马, 仕角炮,
//! 过宫炮, …), B 中炮对非屏风马 (Central Cannon against other defences: 反宫马, 单提马, 左三步虎, …), C 中炮对屏风马
//! (Central Cannon against Screen Horses), D 顺炮 and 列炮 (Same- and Opposite-Direction Cannons), E 仙人指路 (Pawn
//! Opening). The table (`ecco.txt`: names and the rules that decide each code, in our own notation, with its
//! sources) is embedded and parsed at first use; `rules.rs` reads it.
//!
//! Method: the first 20 plies of the game are written in WXF; when Red's first move starts on files 6–9 (counted
//! from Red's right) the whole game is mirrored left-right first, so `炮八平五` is classified as `炮二平五`. The rule
//! tree then looks at given moves (Red's 3rd move, the plies from Black's 5th on), at each side's moves in any
//! order (transpositions of the main lines), and walks a side's moves skipping the developing moves that do not
//! decide the code until one that does. Limits: only games from the standard start position (others: `None`);
//! only the first 10 moves of each side count; a tandem piece (two rooks on one file, written `R+`/`R-`) never
//! matches a rule; see docs/ecco.md for the measured agreement with tagged master games.

mod rules;

use super::{FenError, Move, MoveError, Position, Square};
use serde::Serialize;
use std::sync::OnceLock;

/// An ECCO opening: its code (`"B24"`), Chinese name (`"中炮过河炮对左三步虎"`) and English name. A variation of an
/// opening has it after the opening's name, in `（…）` (Chinese) and `(…)` (English).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Opening {
    /// `A00`…`E99`.
    pub code: &'static str,
    /// The Chinese name (simplified characters), as the classification gives it.
    pub zh: &'static str,
    /// Our English translation (terms in docs/ecco.md).
    pub en: &'static str,
}

/// Why [`classify`] refused its input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EccoError {
    /// The start FEN does not parse.
    Fen(FenError),
    /// Move `index` (0-based) of the list is malformed or illegal.
    Move { index: usize, error: MoveError },
}

impl std::fmt::Display for EccoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EccoError::Fen(e) => write!(f, "ECCO: bad start position: {e}"),
            EccoError::Move { index, error } => write!(f, "ECCO: move {} of the game: {error}", index + 1),
        }
    }
}

impl std::error::Error for EccoError {}

fn table() -> &'static rules::Table {
    static TABLE: OnceLock<rules::Table> = OnceLock::new();
    TABLE.get_or_init(|| match rules::Table::parse(include_str!("ecco.txt")) {
        Ok(t) => t,
        // The embedded file is checked by the unit tests; an empty table (everything A00) beats a panic.
        Err(_) => rules::Table::parse("[names]\nA00|其他开局|Other Openings\n[rules]\nmain\n  -> A00\n")
            .unwrap_or_else(|_| unreachable!("the fallback table parses")),
    })
}

fn opening(i: usize) -> Opening {
    let r = table().names[i];
    Opening { code: r.code, zh: r.zh, en: r.en }
}

/// The opening with this code (`"C83"`, case-insensitive), or `None` when the classification does not use it.
pub fn name(code: &str) -> Option<Opening> {
    let code = code.trim();
    table().names.iter().position(|r| r.code.eq_ignore_ascii_case(code)).map(opening)
}

/// Every code of the classification, in order (A00 … E48).
pub fn all() -> Vec<Opening> {
    (0..table().names.len()).map(opening).collect()
}

/// The opening of the game that starts at `start_fen` (`"startpos"` or a FEN) and goes on with `moves` (ICCS,
/// `h2e2`). `Ok(None)` when the start is not the standard opening position or there is no move.
///
/// # Errors
/// [`EccoError::Fen`] for a FEN that does not parse, [`EccoError::Move`] for the first move of the list that is
/// malformed or illegal (every move is checked, not only the ones the classification reads).
pub fn classify<S: AsRef<str>>(start_fen: &str, moves: &[S]) -> Result<Option<Opening>, EccoError> {
    let fen = start_fen.trim();
    let mut pos = if fen.is_empty() || fen == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(fen).map_err(EccoError::Fen)?
    };
    let standard = board_and_side(&pos.fen()) == board_and_side(super::START_FEN);
    let mut played = Vec::with_capacity(moves.len());
    for (index, text) in moves.iter().enumerate() {
        played.push(pos.try_play(text.as_ref()).map_err(|error| EccoError::Move { index, error })?);
    }
    if !standard || played.is_empty() {
        return Ok(None);
    }
    Ok(Some(classify_moves(&played)))
}

/// The opening of a game from the standard start position whose moves are `moves` (legal, as played). Moves after
/// the 20th ply are not read.
pub fn classify_moves(moves: &[Move]) -> Opening {
    let first = &moves[..moves.len().min(20)];
    let mut wxf = wxf_list(first);
    if wxf.first().is_some_and(|w| matches!(w[1], b'6'..=b'9')) {
        let mirrored: Vec<Move> = first.iter().map(|&m| mirror(m)).collect();
        wxf = wxf_list(&mirrored);
    }
    let mut red = Vec::new();
    let mut black = Vec::new();
    for (i, w) in wxf.into_iter().enumerate() {
        if i % 2 == 0 { red.push(w) } else { black.push(w) }
    }
    opening(table().classify(&rules::Moves { red, black }))
}

/// "board side" of a FEN: the fields that say whether a position is the opening position.
fn board_and_side(fen: &str) -> String {
    fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ").replace(" r", " w")
}

fn mirror(m: Move) -> Move {
    let flip = |s: Square| Square::new(8 - s.file(), s.rank()).unwrap_or(s);
    Move::new(flip(m.from()), flip(m.to()))
}

/// The WXF of each move from the start position (moves given legal); a move with no 4-letter WXF (never in an
/// opening) is kept as no move.
fn wxf_list(moves: &[Move]) -> Vec<rules::Wxf> {
    let mut pos = Position::startpos();
    let mut out = Vec::with_capacity(moves.len());
    for &m in moves {
        let text = pos.wxf(m).unwrap_or_default();
        out.push(rules::wxf(&text).unwrap_or([0; 4]));
        pos.play_unchecked(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(moves: &str) -> &'static str {
        let list: Vec<&str> = moves.split_whitespace().collect();
        classify("startpos", &list).expect("legal").expect("classified").code
    }

    #[test]
    fn the_table_parses_and_names_every_code_once() {
        let t = rules::Table::parse(include_str!("ecco.txt")).expect("ecco.txt parses");
        assert_eq!(t.names.len(), 260);
        let mut codes: Vec<&str> = t.names.iter().map(|r| r.code).collect();
        codes.dedup();
        assert_eq!(codes.len(), 260, "codes sorted and unique");
        assert!(t.names.iter().all(|r| r.code.len() == 3 && !r.zh.is_empty() && !r.en.is_empty()));
    }

    #[test]
    fn hand_checked_openings() {
        // 1. 炮二平五 马８进７ 2. 马二进三 车９平８: Black has one horse out, B05 中炮对进左马, until the second horse
        // makes it Screen Horses: 3. 车一平二 马２进３ gives C00 中炮对屏风马.
        assert_eq!(c("h2e2 h9g7 h0g2 i9h9"), "B05");
        assert_eq!(c("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"), "C00");
        // 1. 相三进五: Elephant Opening.
        assert_eq!(c("g0e2"), "A10");
        // 1. 兵七进一: Pawn Opening.
        assert_eq!(c("c3c4"), "E00");
        // 1. 炮二平五 炮８平５: Same-Direction Cannons (D00 until a rook comes out); 1. … 炮２平５: Opposite-Direction.
        assert_eq!(c("h2e2 h7e7"), "D00");
        assert_eq!(c("h2e2 b7e7"), "D50");
        // The mirror: 1. 炮八平五 马２进３ is the same opening as 1. 炮二平五 马８进７.
        assert_eq!(c("b2e2 b9c7 b0c2 a9b9 a0b0 h9g7"), "C00");
        // 1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ 4. 兵七进一 卒７进１ 5. 车二进六:
        // 中炮过河车互进七兵对屏风马; the same moves in another order are the same opening.
        assert_eq!(c("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5 h0h6"), "C30");
        assert_eq!(c("h2e2 h9g7 h0g2 b9c7 c3c4 i9h9 i0h0 g6g5 h0h6"), "C30");
        // B24 as XQ Wizard tags 吕钦–许银川 (the xiangqi.js test game): 中炮过河炮对左三步虎.
        assert_eq!(c("h2e2 h9g7 h0g2 i9h9 g3g4 h7i7 b0c2 c6c5 b2b6 b9c7"), "B24");
    }

    #[test]
    fn names_and_non_standard_starts() {
        let b24 = name("b24").expect("B24 exists");
        assert_eq!(b24.zh, "中炮过河炮对左三步虎");
        assert!(b24.en.starts_with("Central Cannon"));
        assert_eq!(name("B08"), None);
        assert_eq!(all().len(), 260);
        let none: [&str; 0] = [];
        assert_eq!(classify("startpos", &none), Ok(None));
        let endgame = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(classify(endgame, &["e0e1"]), Ok(None));
        assert!(matches!(classify("startpos", &["h2e2", "h2e2"]), Err(EccoError::Move { index: 1, .. })));
        assert!(matches!(classify("nonsense", &["h2e2"]), Err(EccoError::Fen(_))));
    }
}
