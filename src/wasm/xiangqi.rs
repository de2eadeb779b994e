//! Xiangqi for JavaScript: `XiangqiGame` (rules, for the page), perft and the bench signature. The search
//! engine of every game is `Engine` in `engine.rs` (its error codes are listed there).
//!
//! Error codes (each thrown `Error` has `message`, `code`, `params`; see the parent module):
//! - FEN ([`FenError`]): `fen.empty`, `fen.wrong_rank_count {found}`, `fen.wrong_file_count {rank, field,
//!   found}`, `fen.unknown_piece {char, rank, field}`, `fen.bad_side_to_move {text}`, `fen.bad_counter {text}`,
//!   `fen.trailing_fields {text}`, `fen.missing_general {side}`, `fen.extra_general {side}`,
//!   `fen.too_many {piece, count, max}`, `fen.outside_palace {piece, square}`,
//!   `fen.elephant_off_points {piece, square}`, `fen.pawn_off_points {piece, square}`,
//!   `fen.side_not_to_move_in_check {side}` (`side`: `red` | `black`; `piece`: the FEN letter; `rank`: the
//!   ICCS rank 0–9, `field`: the same rank counted as the FEN writes it, 1 = the first, rank 9);
//! - moves ([`MoveError`]): `move.malformed {text}`, `move.no_piece {move, square}`,
//!   `move.wrong_side {move, square}`, `move.illegal_movement {move, piece}`,
//!   `move.leaves_general_in_check {move}`, `move.game_over {move}`;
//! - notation ([`NotationError`], [`WxfError`], [`ParseMoveError`]); every one has `notation` (`iccs` |
//!   `chinese` | `wxf`) and `text` (the move as typed, cut to 40 characters): `notation.empty`,
//!   `notation.length {found}` (not 4 characters), `notation.unknown_piece {char}`, `notation.bad_file {char}`,
//!   `notation.bad_place {char}` (Chinese 前/中/后/一…五), `notation.bad_origin {char}` (WXF's first two
//!   characters), `notation.bad_direction {char}`, `notation.bad_number {char}`, `notation.no_such_piece`,
//!   `notation.no_such_move`, `notation.ambiguous {moves}` (the ICCS moves it fits, comma-separated),
//!   `notation.illegal {cause}` (ICCS text: `cause` is the `move.*` reason as `{code, params, message}`);
//! - `side.unknown {text}` (`hasMatingMaterial`), `perft.depth {max}`, `bench.depth {min, max}`.

use super::{Coded, Params, coded, js_err, n, s, to_js};
use crate::xiangqi::{FenError, MoveError, Notation, NotationError, ParseMoveError, Position, START_FEN, WxfError};
use serde::Serialize;
use wasm_bindgen::prelude::*;

impl Coded for FenError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            FenError::Empty => ("fen.empty", vec![]),
            FenError::WrongRankCount { found } => ("fen.wrong_rank_count", vec![("found", n(*found as f64))]),
            FenError::WrongFileCount { rank, found } => (
                "fen.wrong_file_count",
                vec![("rank", n(*rank)), ("field", n(10 - *rank)), ("found", n(*found as f64))],
            ),
            FenError::UnknownPiece { ch, rank } => (
                "fen.unknown_piece",
                vec![("char", s(ch.to_string())), ("rank", n(*rank)), ("field", n(10 - *rank))],
            ),
            FenError::BadSideToMove(t) => ("fen.bad_side_to_move", vec![("text", s(t))]),
            FenError::BadCounter(t) => ("fen.bad_counter", vec![("text", s(t))]),
            FenError::TrailingFields(t) => ("fen.trailing_fields", vec![("text", s(t))]),
            FenError::MissingGeneral(c) => ("fen.missing_general", vec![("side", s(c.name()))]),
            FenError::ExtraGeneral(c) => ("fen.extra_general", vec![("side", s(c.name()))]),
            FenError::TooMany { piece, count, max } => (
                "fen.too_many",
                vec![("piece", s(piece.to_string())), ("count", n(*count)), ("max", n(*max))],
            ),
            FenError::OutsidePalace { piece, square } => {
                ("fen.outside_palace", vec![("piece", s(piece.to_string())), ("square", s(square.to_string()))])
            }
            FenError::ElephantOffPoints { piece, square } => {
                ("fen.elephant_off_points", vec![("piece", s(piece.to_string())), ("square", s(square.to_string()))])
            }
            FenError::PawnOffPoints { piece, square } => {
                ("fen.pawn_off_points", vec![("piece", s(piece.to_string())), ("square", s(square.to_string()))])
            }
            FenError::SideNotToMoveInCheck(c) => ("fen.side_not_to_move_in_check", vec![("side", s(c.name()))]),
        }
    }
}

impl Coded for MoveError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            MoveError::Malformed(t) => ("move.malformed", vec![("text", s(t))]),
            MoveError::NoPiece { mv, square } => ("move.no_piece", vec![("move", s(mv)), ("square", s(square.to_string()))]),
            MoveError::WrongSide { mv, square } => {
                ("move.wrong_side", vec![("move", s(mv)), ("square", s(square.to_string()))])
            }
            MoveError::IllegalMovement { mv, piece } => {
                ("move.illegal_movement", vec![("move", s(mv)), ("piece", s(piece.to_string()))])
            }
            MoveError::LeavesGeneralInCheck { mv } => ("move.leaves_general_in_check", vec![("move", s(mv))]),
            MoveError::GameOver { mv } => ("move.game_over", vec![("move", s(mv))]),
        }
    }
}

/// The `notation.*` code and params of a Chinese-notation error (`notation` = `chinese`).
impl Coded for NotationError {
    fn code_params(&self) -> (&'static str, Params) {
        let z = |t: &String| vec![("notation", s("chinese")), ("text", s(t))];
        let zc = |t: &String, c: &char| vec![("notation", s("chinese")), ("text", s(t)), ("char", s(c.to_string()))];
        match self {
            NotationError::Empty => ("notation.empty", vec![("notation", s("chinese")), ("text", s(""))]),
            NotationError::Length { text, found } => {
                let mut p = z(text);
                p.push(("found", n(*found as f64)));
                ("notation.length", p)
            }
            NotationError::UnknownPiece { text, ch } => ("notation.unknown_piece", zc(text, ch)),
            NotationError::BadFile { text, ch } => ("notation.bad_file", zc(text, ch)),
            NotationError::BadPlace { text, ch } => ("notation.bad_place", zc(text, ch)),
            NotationError::BadDirection { text, ch } => ("notation.bad_direction", zc(text, ch)),
            NotationError::BadNumber { text, ch } => ("notation.bad_number", zc(text, ch)),
            NotationError::NoSuchPiece { text } => ("notation.no_such_piece", z(text)),
            NotationError::NoSuchMove { text } => ("notation.no_such_move", z(text)),
            NotationError::Ambiguous { text, moves } => {
                let mut p = z(text);
                p.push(("moves", s(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "))));
                ("notation.ambiguous", p)
            }
        }
    }
}

/// The `notation.*` code and params of a WXF error (`notation` = `wxf`).
impl Coded for WxfError {
    fn code_params(&self) -> (&'static str, Params) {
        let z = |t: &String| vec![("notation", s("wxf")), ("text", s(t))];
        let zc = |t: &String, c: &char| vec![("notation", s("wxf")), ("text", s(t)), ("char", s(c.to_string()))];
        match self {
            WxfError::Empty => ("notation.empty", vec![("notation", s("wxf")), ("text", s(""))]),
            WxfError::Length { text, found } => {
                let mut p = z(text);
                p.push(("found", n(*found as f64)));
                ("notation.length", p)
            }
            WxfError::BadOrigin { text, ch } => ("notation.bad_origin", zc(text, ch)),
            WxfError::BadDirection { text, ch } => ("notation.bad_direction", zc(text, ch)),
            WxfError::BadNumber { text, ch } => ("notation.bad_number", zc(text, ch)),
            WxfError::NoSuchPiece { text } => ("notation.no_such_piece", z(text)),
            WxfError::NoSuchMove { text } => ("notation.no_such_move", z(text)),
            WxfError::Ambiguous { text, moves } => {
                let mut p = z(text);
                p.push(("moves", s(moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", "))));
                ("notation.ambiguous", p)
            }
        }
    }
}

/// `notation.*` for any notation; an ICCS text's move error is `notation.illegal` with the `move.*` cause.
impl Coded for ParseMoveError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            ParseMoveError::Chinese(e) => e.code_params(),
            ParseMoveError::Wxf(e) => e.code_params(),
            ParseMoveError::Iccs(e) => {
                ("notation.illegal", vec![("notation", s("iccs")), ("text", s(e.move_text())), ("cause", e.to_reason())])
            }
        }
    }
}

/// A game of Xiangqi: rules only (legal moves, play, result). Cheap enough for the page's main thread.
#[cfg(feature = "xiangqi")]
#[wasm_bindgen]
pub struct XiangqiGame {
    pos: Position,
}

#[derive(Serialize)]
struct PieceOut {
    square: String,
    piece: String,
}

#[cfg(feature = "xiangqi")]
#[wasm_bindgen]
impl XiangqiGame {
    /// A game from `fen` (the start position when omitted).
    /// Throws an `Error` whose message names the FEN problem, with a `fen.*` code (see the module docs).
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<XiangqiGame, JsValue> {
        let pos = match fen.as_deref().map(str::trim) {
            None | Some("") | Some("startpos") => Position::startpos(),
            Some(f) => Position::from_fen(f).map_err(js_err)?,
        };
        Ok(XiangqiGame { pos })
    }

    /// The FEN of the start position.
    #[wasm_bindgen(js_name = startFen)]
    pub fn start_fen() -> String {
        START_FEN.to_string()
    }

    /// FEN of the current position.
    pub fn fen(&self) -> String {
        self.pos.fen()
    }

    /// `"red"` or `"black"`.
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.pos.side_to_move().name().to_string()
    }

    /// `[{square: "a0", piece: "R"}, …]`: every piece, FEN letter (uppercase = Red).
    pub fn pieces(&self) -> Result<JsValue, JsError> {
        let v: Vec<PieceOut> = self
            .pos
            .pieces()
            .into_iter()
            .map(|(s, p)| PieceOut { square: s.to_string(), piece: p.fen_char().to_string() })
            .collect();
        to_js(&v)
    }

    /// Legal moves in ICCS (`["a0a1", …]`); empty when the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.pos.legal_moves().as_slice().iter().map(|m| m.to_string()).collect()
    }

    /// Plays an ICCS move. Throws an `Error` naming the move and why it is illegal (a `move.*` code); the game
    /// is then unchanged.
    pub fn play(&mut self, iccs: &str) -> Result<(), JsValue> {
        self.pos.try_play(iccs).map(|_| ()).map_err(js_err)
    }

    /// Checks an ICCS move without playing it: returns it normalised (`"h2e2"`), or throws the `Error`
    /// [`play`](Self::play) would throw (`move.*` code: malformed, no piece, wrong side, the piece cannot move
    /// there, the general left in check, the game is over).
    #[wasm_bindgen(js_name = checkMove)]
    pub fn check_move(&self, iccs: &str) -> Result<String, JsValue> {
        let mv = self.pos.parse_move(iccs).map_err(js_err)?;
        if !self.pos.has_legal_move() {
            return Err(MoveError::GameOver { mv: mv.to_string() }.to_js_error());
        }
        Ok(mv.to_string())
    }

    /// Takes back the last move; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.pos.undo()
    }

    /// Moves played since the game was created, in ICCS.
    pub fn moves(&self) -> Vec<String> {
        self.pos.moves_played().iter().map(|m| m.to_string()).collect()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = inCheck)]
    pub fn in_check(&self) -> bool {
        self.pos.in_check()
    }

    /// `null` while the game goes on, else `{result: "red" | "black" | "draw", reason, code, side}`: checkmate
    /// or stalemate, the third occurrence of a position judged by the perpetual check / chase rules, or the
    /// 60-move limit (`code` names the rule, `side` the side it is about; see the Rust `Verdict`).
    pub fn result(&self) -> Result<JsValue, JsError> {
        match self.pos.clone().game_verdict() {
            None => Ok(JsValue::NULL),
            Some(v) => to_js(&v),
        }
    }

    /// Chinese notation of a legal ICCS move in this position (e.g. `炮二平五`). Throws for an illegal move
    /// (`move.*` code).
    pub fn chinese(&self, iccs: &str) -> Result<String, JsValue> {
        let mv = self.pos.parse_move(iccs).map_err(js_err)?;
        self.pos.chinese(mv).ok_or_else(|| {
            let square = mv.from().to_string();
            let message = format!("illegal move {mv}: no piece on {square}");
            coded("move.no_piece", vec![("move", s(mv.to_string())), ("square", s(square))], &message)
        })
    }

    /// The legal move meant by a move in Chinese notation (`炮二平五`; traditional characters and ASCII or
    /// full-width digits accepted), in ICCS. Throws an `Error` naming what is wrong: the character, no such piece,
    /// no such legal move, or an ambiguous text (see the Rust `NotationError`).
    /// Throws a coded `notation.*` error (see the module docs).
    #[wasm_bindgen(js_name = parseChinese)]
    pub fn parse_chinese(&self, text: &str) -> Result<String, JsValue> {
        self.pos.parse_chinese(text).map(|m| m.to_string()).map_err(js_err)
    }

    /// WXF notation of a legal ICCS move in this position (`h2e2` → `C2.5`; tandem pieces `R+.3`, `C--1`; pawns
    /// `P3.4`, `++.4`, `3+.4`; see the Rust `Position::wxf`). Throws for an illegal move (`move.*` code).
    pub fn wxf(&self, iccs: &str) -> Result<String, JsValue> {
        let mv = self.pos.parse_move(iccs).map_err(js_err)?;
        Ok(self.pos.wxf(mv).unwrap_or_default())
    }

    /// The legal move meant by a WXF text (`C2.5`, `h8+7`, `R+.3`; `=` for `.` accepted), in ICCS. Throws a coded
    /// `notation.*` error (`notation: "wxf"`) naming what is wrong.
    #[wasm_bindgen(js_name = parseWxf)]
    pub fn parse_wxf(&self, text: &str) -> Result<String, JsValue> {
        self.pos.parse_wxf(text).map(|m| m.to_string()).map_err(js_err)
    }

    /// The legal move meant by a text in any notation, in ICCS: ICCS (`h2e2`, `h2-e2`, `H2-E2`), 中文
    /// (`炮二平五`) or WXF (`C2.5`), detected from the text (two squares → ICCS; any non-ASCII → Chinese; else
    /// WXF). Throws a coded `notation.*` error whose `params.notation` says which notation it was read as.
    #[wasm_bindgen(js_name = parseMove)]
    pub fn parse_move(&self, text: &str) -> Result<String, JsValue> {
        self.pos.parse_any(text).map(|m| m.to_string()).map_err(js_err)
    }

    /// A draw the side to move may claim now: `null`, or `{reason: "repetition" | "sixty-move" | "material"}` —
    /// a repeated position whose cycle gives no perpetual-check/chase verdict, 60 moves (120 plies) without a
    /// capture (checks beyond ten per side not counted), or no mating material on either side (see the Rust
    /// `xiangqi::draws` module). `null` once the board decides the game (no legal move).
    #[wasm_bindgen(js_name = claimableDraw)]
    pub fn claimable_draw(&self) -> Result<JsValue, JsError> {
        match self.pos.claimable_draw() {
            None => Ok(JsValue::NULL),
            Some(c) => {
                #[derive(Serialize)]
                struct Claim {
                    reason: &'static str,
                }
                to_js(&Claim { reason: c.name() })
            }
        }
    }

    /// Whether `side` (`"red"` | `"black"`) has mating material: a rook, horse, cannon or pawn (advisors and
    /// elephants never reach the enemy palace). For flag fall: the side that runs out of time loses unless the
    /// opponent has none, then it is a draw. Throws `side.unknown {text}` for another side name.
    #[wasm_bindgen(js_name = hasMatingMaterial)]
    pub fn has_mating_material(&self, side: &str) -> Result<bool, JsValue> {
        let c = match side.trim().to_ascii_lowercase().as_str() {
            "red" | "w" => crate::xiangqi::Color::Red,
            "black" | "b" => crate::xiangqi::Color::Black,
            _ => {
                let t = crate::echo(side);
                return Err(coded("side.unknown", vec![("text", s(&t))], &format!("unknown side '{t}' (expected red or black)")));
            }
        };
        Ok(self.pos.has_mating_material(c))
    }

    /// Which notation `parseMove` reads `text` as: `"iccs"`, `"chinese"` or `"wxf"`.
    #[wasm_bindgen(js_name = detectNotation)]
    pub fn detect_notation(text: &str) -> String {
        Notation::detect(text).name().to_string()
    }
}

/// Perft leaf count of `fen` (or `"startpos"`) to `depth` plies (0–7). Throws on a bad FEN or depth.
#[cfg(feature = "xiangqi")]
#[wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> Result<f64, JsValue> {
    if depth > 7 {
        return Err(coded("perft.depth", vec![("max", n(7))], "perft: depth must be 0..7"));
    }
    let mut pos = if fen.trim() == "startpos" { Position::startpos() } else { Position::from_fen(fen).map_err(js_err)? };
    Ok(crate::xiangqi::perft(&mut pos, depth) as f64)
}

#[cfg(feature = "xiangqi-search")]
/// The `duiyi bench` signature computed in wasm: `{nodes, bestmoves}` after a fixed-depth search of every bench
/// position (depth 1–10). Equal to the native `duiyi bench --depth N` total when the search is deterministic on
/// both platforms (a test checks it). Blocks for the whole run: call it in a worker or in Node.
#[wasm_bindgen(js_name = benchSignature)]
pub fn bench_signature(depth: u32) -> Result<JsValue, JsValue> {
    if !(1..=10).contains(&depth) {
        return Err(coded("bench.depth", vec![("min", n(1)), ("max", n(10))], "bench: depth must be 1..10"));
    }
    let r = crate::bench::run_bench_untimed(depth, Default::default());
    #[derive(Serialize)]
    struct Out {
        nodes: f64,
        bestmoves: Vec<String>,
    }
    Ok(to_js(&Out { nodes: r.nodes as f64, bestmoves: r.per_position.into_iter().map(|p| p.1).collect() })?)
}

// ---------------------------------------------------------------------------------------------------------------
// PGN
// ---------------------------------------------------------------------------------------------------------------

#[cfg(feature = "xiangqi-records")]
pub use records::*;

/// PGN and XQF bindings (cargo feature `xiangqi-records`).
#[cfg(feature = "xiangqi-records")]
mod records {
use super::*;

use crate::xiangqi::game_tree::{Annotation, Variation};
use crate::xiangqi::pgn::{AnnotatedGame, PgnError, PgnErrorKind, PgnFormat, PgnGame, parse_pgn_games, parse_pgn_tree, write_pgn_tree};

/// PGN error codes, each with `line` and `column` (1-based; 0 for `pgnWrite` input): `pgn.empty`,
/// `pgn.bad_tag {text}`, `pgn.unterminated_comment`, `pgn.unbalanced_variation`, `pgn.bad_fen {cause}` (the
/// `fen.*` reason), `pgn.bad_move {ply, text, cause}` (the `notation.*` reason), `pgn.bad_result {text}`,
/// `pgn.too_deep {max}` (variations nested deeper than `max`); and
/// for `pgnWrite`'s argument: `pgn.bad_format {text}`, `pgn.bad_input {reason}`.
impl Coded for PgnError {
    fn code_params(&self) -> (&'static str, Params) {
        let mut p: Params = vec![("line", n(self.line as f64)), ("column", n(self.column as f64))];
        let code = match &self.kind {
            PgnErrorKind::Empty => "pgn.empty",
            PgnErrorKind::BadTag(t) => {
                p.push(("text", s(t)));
                "pgn.bad_tag"
            }
            PgnErrorKind::UnterminatedComment => "pgn.unterminated_comment",
            PgnErrorKind::UnbalancedVariation => "pgn.unbalanced_variation",
            PgnErrorKind::Fen(e) => {
                p.push(("cause", e.to_reason()));
                "pgn.bad_fen"
            }
            PgnErrorKind::Move { ply, text, error } => {
                p.push(("ply", n(*ply as f64)));
                p.push(("text", s(text)));
                p.push(("cause", error.to_reason()));
                "pgn.bad_move"
            }
            PgnErrorKind::Result(t) => {
                p.push(("text", s(t)));
                "pgn.bad_result"
            }
            PgnErrorKind::TooDeep { max } => {
                p.push(("max", n(*max as f64)));
                "pgn.too_deep"
            }
        };
        (code, p)
    }
}

fn pgn_input_error(code: &str, key: &'static str, value: String) -> JsValue {
    let message = format!("pgnWrite: {code}: {value}");
    coded(code, vec![("line", n(0)), ("column", n(0)), (key, s(value))], &message)
}

/// Writes a game as PGN text (see the Rust `write_pgn_tree`): `{tags: {Event, Site, Date, Round, Red, Black,
/// …}, fen, moves: ["h2e2", …], result: "1-0" | "0-1" | "1/2-1/2" | "*", reason?, format: "iccs" | "wxf" |
/// "chinese", annotations?, comment?}`. Every tag of `tags` is written verbatim (any name without whitespace,
/// `]` or `"`, non-ASCII included; another name throws `pgn.bad_tag`): `Game`, the seven-tag roster (`?` for
/// those missing), then the others in key order; `fen` empty, missing or `startpos` is the opening position
/// (no `[FEN]` tag); `reason` (words, e.g. "Black resigned") goes to `[Termination]` only (no comment before
/// the result); `format` defaults to `iccs`
/// (`H2-E2`, XQBase's form). `annotations` is parallel to `moves` (entries may be null): `{nags?: [6, …],
/// comment?: string, eval?: {cp?, mate?, depth?} (Red's point of view; written `[%eval 0.35,12]` / `[%eval
/// #-3]`), variations?: [{moves: ["h9g7", …], annotations?: [… the same, recursive], comment?}]}`, a variation
/// of move i being an alternative to it from the position before it; `comment` is the comment before the first
/// move. Throws a coded `pgn.*` error (see `PgnError`'s codes): an illegal move (`pgn.bad_move` with its `ply`,
/// in a variation too), a bad FEN, result or format, or a malformed argument (`pgn.bad_input`).
#[wasm_bindgen(js_name = pgnWrite)]
pub fn pgn_write(game: JsValue) -> Result<String, JsValue> {
    use js_sys::Reflect;
    let get = |k: &str| Reflect::get(&game, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED);
    if !game.is_object() {
        return Err(pgn_input_error("pgn.bad_input", "reason", "the argument is not an object".into()));
    }
    let text_of = |k: &'static str| -> Result<Option<String>, JsValue> {
        let v = get(k);
        if v.is_undefined() || v.is_null() {
            Ok(None)
        } else {
            v.as_string().map(Some).ok_or_else(|| pgn_input_error("pgn.bad_input", "reason", format!("{k} is not a string")))
        }
    };
    let mut tags = Vec::new();
    let t = get("tags");
    if t.is_object() {
        for entry in js_sys::Object::entries(&js_sys::Object::from(t)).iter() {
            let pair = js_sys::Array::from(&entry);
            let (k, v) = (pair.get(0).as_string().unwrap_or_default(), pair.get(1));
            let v = v.as_string().or_else(|| v.as_f64().map(|x| x.to_string())).unwrap_or_default();
            tags.push((k, v));
        }
    }
    let mut moves = Vec::new();
    let m = get("moves");
    if js_sys::Array::is_array(&m) {
        for (i, v) in js_sys::Array::from(&m).iter().enumerate() {
            let text = v.as_string().unwrap_or_default();
            match crate::xiangqi::Move::parse_iccs(&text) {
                Some(mv) => moves.push(mv),
                None => {
                    let e = PgnError {
                        line: 0,
                        column: 0,
                        kind: PgnErrorKind::Move {
                            ply: i + 1,
                            text: crate::echo(&text),
                            error: ParseMoveError::Iccs(MoveError::Malformed(crate::echo(&text))),
                        },
                    };
                    return Err(e.to_js_error());
                }
            }
        }
    } else if !m.is_undefined() && !m.is_null() {
        return Err(pgn_input_error("pgn.bad_input", "reason", "moves is not an array".into()));
    }
    let format_text = text_of("format")?.unwrap_or_else(|| "iccs".into());
    let format = PgnFormat::parse(&format_text).ok_or_else(|| pgn_input_error("pgn.bad_format", "text", crate::echo(&format_text)))?;
    let g = PgnGame {
        tags,
        fen: text_of("fen")?.unwrap_or_default(),
        moves,
        result: text_of("result")?.unwrap_or_else(|| "*".into()),
        reason: text_of("reason")?,
    };
    let a = get("annotations");
    let annotations: Vec<Annotation> = if a.is_undefined() || a.is_null() {
        vec![]
    } else {
        let list: Vec<Option<Annotation>> = serde_wasm_bindgen::from_value(a)
            .map_err(|e| pgn_input_error("pgn.bad_input", "reason", format!("annotations: {e}")))?;
        list.into_iter().map(Option::unwrap_or_default).collect()
    };
    let tree = AnnotatedGame { game: g, annotations, comment: text_of("comment")? };
    write_pgn_tree(&tree, format).map_err(js_err)
}

/// The `pgnParse` / `xqfParse` object of a game with its tree (see [`pgn_parse`]).
pub(crate) fn annotated_to_js(t: AnnotatedGame) -> Result<JsValue, JsValue> {
    let line = Variation { moves: t.game.moves.clone(), annotations: t.annotations, comment: None }.padded();
    let g = t.game;
    let tags = js_sys::Object::new();
    for (k, v) in &g.tags {
        let _ = js_sys::Reflect::set(&tags, &s(k), &s(v));
    }
    let out = js_sys::Object::new();
    let moves: js_sys::Array = g.moves.iter().map(|m| s(m.to_string())).collect();
    let annotations: js_sys::Array = line
        .annotations
        .iter()
        .map(|a| if a.is_empty() { Ok(JsValue::NULL) } else { to_js(a) })
        .collect::<Result<_, JsError>>()?;
    let _ = js_sys::Reflect::set(&out, &s("tags"), &tags);
    let _ = js_sys::Reflect::set(&out, &s("fen"), &s(&g.fen));
    let _ = js_sys::Reflect::set(&out, &s("moves"), &moves);
    let _ = js_sys::Reflect::set(&out, &s("result"), &s(&g.result));
    let _ = js_sys::Reflect::set(&out, &s("reason"), &g.reason.as_deref().map_or(JsValue::NULL, s));
    let _ = js_sys::Reflect::set(&out, &s("annotations"), &annotations);
    let _ = js_sys::Reflect::set(&out, &s("comment"), &t.comment.as_deref().map_or(JsValue::NULL, s));
    Ok(out.into())
}

/// Reads the first game of a PGN text (or a plain move list) — see the Rust `parse_pgn_tree`: tags, `[FEN]`,
/// moves in ICCS, WXF or 中文 (each move read in its own notation), comments, NAGs (`$n` and `!`/`?` suffixes),
/// `[%eval]` and nested variations (their moves checked legal too). Returns `{tags: {name: value, …} (file
/// order), fen (the start FEN, always set), moves: ["h2e2", …], result: "1-0" | "0-1" | "1/2-1/2" | "*",
/// reason: string | null, annotations: [one per move: null or {nags?, comment?, eval?: {cp?, mate?, depth?},
/// variations?: [{moves, annotations (one per move, null or the same shape), comment?}]}], comment: string |
/// null (before the first move)}`. `result` comes from the result token or the `[Result]` tag, `reason` from
/// `[Termination]` only: a comment before the result token is the last move's comment. Throws a coded `pgn.*`
/// error with the `line` and `column` of the problem.
#[wasm_bindgen(js_name = pgnParse)]
pub fn pgn_parse(text: &str) -> Result<JsValue, JsValue> {
    annotated_to_js(parse_pgn_tree(text).map_err(js_err)?)
}

/// Reads every game of a PGN text (see the Rust `parse_pgn_games`): `[{ok: true, index, line, game} | {ok: false,
/// index, line, error: {code, params, message}}]` in file order, `index` the 0-based game number, `line` the
/// 1-based line where the game starts, `game` the [`pgn_parse`] object, `error` the `pgn.*` reason with the
/// file's `line` and `column`. Bad games are listed and the others kept; an empty text gives `[]`. Never throws
/// for any text.
#[wasm_bindgen(js_name = pgnParseGames)]
pub fn pgn_parse_games(text: &str) -> Result<JsValue, JsValue> {
    let out = js_sys::Array::new();
    for g in parse_pgn_games(text) {
        let o = js_sys::Object::new();
        let ok = g.game.is_ok();
        let _ = js_sys::Reflect::set(&o, &s("ok"), &JsValue::from_bool(ok));
        let _ = js_sys::Reflect::set(&o, &s("index"), &n(g.index as f64));
        let _ = js_sys::Reflect::set(&o, &s("line"), &n(g.line as f64));
        match g.game {
            Ok(game) => {
                let _ = js_sys::Reflect::set(&o, &s("game"), &annotated_to_js(game)?);
            }
            Err(e) => {
                let _ = js_sys::Reflect::set(&o, &s("error"), &e.to_reason());
            }
        }
        out.push(&o);
    }
    Ok(out.into())
}

// ---------------------------------------------------------------------------------------------------------------
// XQF
// ---------------------------------------------------------------------------------------------------------------

use crate::xiangqi::xqf::{XqfError, parse_xqf};

/// XQF error codes, each with `reason` (the English sentence): `xqf.bad_magic` (not `XQ`), `xqf.truncated
/// {len, needed}` (bytes), `xqf.bad_piece_table {index, square}` (two pieces on one point), `xqf.bad_position
/// {cause}` (the `fen.*` reason), `xqf.bad_square {index, value}` (a move record's point off the board),
/// `xqf.illegal_move {index, ply, move, cause}` (`index`: the record's number in the file, `cause` the
/// `move.*` reason), `xqf.too_deep {max}`.
impl Coded for XqfError {
    fn code_params(&self) -> (&'static str, Params) {
        let mut p: Params = vec![("reason", s(self.to_string()))];
        let code = match self {
            XqfError::BadMagic => "xqf.bad_magic",
            XqfError::Truncated { len, needed } => {
                p.push(("len", n(*len as f64)));
                p.push(("needed", n(*needed as f64)));
                "xqf.truncated"
            }
            XqfError::BadPieceTable { index, square } => {
                p.push(("index", n(*index as f64)));
                p.push(("square", s(square)));
                "xqf.bad_piece_table"
            }
            XqfError::BadPosition(e) => {
                p.push(("cause", e.to_reason()));
                "xqf.bad_position"
            }
            XqfError::BadSquare { index, value } => {
                p.push(("index", n(*index as f64)));
                p.push(("value", n(*value)));
                "xqf.bad_square"
            }
            XqfError::IllegalMove { index, ply, mv, error } => {
                p.push(("index", n(*index as f64)));
                p.push(("ply", n(*ply as f64)));
                p.push(("move", s(mv)));
                p.push(("cause", error.to_reason()));
                "xqf.illegal_move"
            }
            XqfError::TooDeep { max } => {
                p.push(("max", n(*max as f64)));
                "xqf.too_deep"
            }
        };
        (code, p)
    }
}

/// Reads an XQF game file (XQStudio / XQ Wizard / 象棋桥; docs/xqf.md) given as bytes — the same object as
/// [`pgn_parse`]: `{tags: {Event, Site, Date, Red, Black, Result, Title?, Annotator?}, fen, moves, result,
/// reason: null, annotations (comments and variations), comment (the game's, before the first move)}`. Throws
/// a coded `xqf.*` error (see `XqfError`'s codes) for a file that is not a good XQF game.
#[wasm_bindgen(js_name = xqfParse)]
pub fn xqf_parse(bytes: &[u8]) -> Result<JsValue, JsValue> {
    annotated_to_js(parse_xqf(bytes).map_err(js_err)?)
}
}

/// The teaching lab's search tree explorer (`src/xiangqi/tree.rs`): a fixed-depth search of one position in a
/// fresh searcher (all techniques on, sliced exactly) that records its tree to 4 plies and at most 20,000 listed
/// nodes. Run it in slices with [`step`](Self::step) (in the worker), then read [`flat`](Self::flat) and
/// [`summary`](Self::summary). The tree equals the native `duiyi bench --tree --fen … --depth N`.
#[cfg(feature = "xiangqi-search")]
#[wasm_bindgen]
pub struct XiangqiTreeSearch {
    search: Option<crate::xiangqi::tree_search::TreeSearch>,
    result: Option<crate::xiangqi::tree_search::RecordedTree>,
}

#[cfg(feature = "xiangqi-search")]
#[wasm_bindgen]
impl XiangqiTreeSearch {
    /// Prepares the search of `fen` (or `"startpos"`) after `moves` (ICCS) to `depth` plies (1–6). Throws a
    /// coded `Error`: `fen.*` for a bad FEN, `move.*` for a bad move, `tree.depth` for a depth outside 1–6.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: &str, moves: Vec<String>, depth: u32) -> Result<XiangqiTreeSearch, JsValue> {
        use crate::xiangqi::tree_search;
        if !(1..=tree_search::LAB_MAX_DEPTH).contains(&depth) {
            return Err(coded(
                "tree.depth",
                vec![("max", n(tree_search::LAB_MAX_DEPTH as f64)), ("depth", n(depth as f64))],
                &format!("the tree explorer searches depth 1..{}, got {depth}", tree_search::LAB_MAX_DEPTH),
            ));
        }
        let mut pos = match fen.trim() {
            "" | "startpos" => Position::startpos(),
            f => Position::from_fen(f).map_err(js_err)?,
        };
        for m in &moves {
            pos.try_play(m).map_err(js_err)?;
        }
        let search = tree_search::TreeSearch::new(pos, depth, crate::xiangqi::search::SearchOptions::default(), tree_search::LAB_MAX_PLY, tree_search::LAB_MAX_NODES);
        Ok(XiangqiTreeSearch { search: Some(search), result: None })
    }

    /// Searches for about `ms` milliseconds (to the next poll after it); true when
    /// the search is done.
    pub fn step(&mut self, ms: f64) -> bool {
        if let Some(s) = self.search.as_mut() {
            if !s.step(crate::search::clock::now_ms() + ms) {
                return false;
            }
            self.result = self.search.take().map(|s| s.finish());
        }
        true
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> f64 {
        match (&self.search, &self.result) {
            (Some(s), _) => s.nodes() as f64,
            (None, Some(r)) => r.search_nodes as f64,
            _ => 0.0,
        }
    }

    /// The listed nodes (an `Int32Array`, `stride` numbers per node in the order of `fields`, see
    /// [`summary`](Self::summary)); empty before the search is done.
    pub fn flat(&self) -> Vec<i32> {
        self.result.as_ref().map_or_else(Vec::new, |r| r.flat())
    }

    /// JSON text `{search_nodes, tree_nodes, listed, dropped, max_ply, max_nodes, depth, score, best, fields,
    /// stride}` (score in centipawns, side to move's view; best in ICCS); `null` before the search is done.
    pub fn summary(&self) -> String {
        self.result.as_ref().map_or_else(|| "null".to_string(), |r| r.summary_json().to_string())
    }
}
