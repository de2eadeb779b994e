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
//! - `perft.depth {max}`, `bench.depth {min, max}`.

use super::{Coded, Params, coded, js_err, n, s, to_js};
use crate::xiangqi::{FenError, MoveError, Position, START_FEN};
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


/// A game of Xiangqi: rules only (legal moves, play, result). Cheap enough for the page's main thread.
#[wasm_bindgen]
pub struct XiangqiGame {
    pos: Position,
}

#[derive(Serialize)]
struct PieceOut {
    square: String,
    piece: String,
}

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
    #[wasm_bindgen(js_name = parseChinese)]
    pub fn parse_chinese(&self, text: &str) -> Result<String, JsError> {
        self.pos.parse_chinese(text).map(|m| m.to_string()).map_err(|e| JsError::new(&e.to_string()))
    }
}

/// Perft leaf count of `fen` (or `"startpos"`) to `depth` plies (0–7). Throws on a bad FEN or depth.
#[wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> Result<f64, JsValue> {
    if depth > 7 {
        return Err(coded("perft.depth", vec![("max", n(7))], "perft: depth must be 0..7"));
    }
    let mut pos = if fen.trim() == "startpos" { Position::startpos() } else { Position::from_fen(fen).map_err(js_err)? };
    Ok(crate::xiangqi::perft(&mut pos, depth) as f64)
}

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
