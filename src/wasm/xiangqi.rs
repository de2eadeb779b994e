//! Xiangqi for JavaScript: `XiangqiGame` (rules, for the page), perft and the bench signature. The search
//! engine of every game is `Engine` in `engine.rs`.

use super::to_js;
use crate::xiangqi::{Position, START_FEN};
use serde::Serialize;
use wasm_bindgen::prelude::*;

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
    /// Throws an `Error` whose message names the FEN problem.
    #[wasm_bindgen(constructor)]
    pub fn new(fen: Option<String>) -> Result<XiangqiGame, JsError> {
        let pos = match fen.as_deref().map(str::trim) {
            None | Some("") | Some("startpos") => Position::startpos(),
            Some(f) => Position::from_fen(f).map_err(|e| JsError::new(&e.to_string()))?,
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

    /// Plays an ICCS move. Throws an `Error` naming the move and why it is illegal; the game is then unchanged.
    pub fn play(&mut self, iccs: &str) -> Result<(), JsError> {
        self.pos.try_play(iccs).map(|_| ()).map_err(|e| JsError::new(&e.to_string()))
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

    /// Chinese notation of a legal ICCS move in this position (e.g. `炮二平五`). Throws for an illegal move.
    pub fn chinese(&self, iccs: &str) -> Result<String, JsError> {
        let mv = self.pos.parse_move(iccs).map_err(|e| JsError::new(&e.to_string()))?;
        self.pos.chinese(mv).ok_or_else(|| JsError::new("no piece to move"))
    }
}

/// Perft leaf count of `fen` (or `"startpos"`) to `depth` plies (0–7). Throws on a bad FEN or depth.
#[wasm_bindgen]
pub fn perft(fen: &str, depth: u32) -> Result<f64, JsError> {
    if depth > 7 {
        return Err(JsError::new("perft: depth must be 0..7"));
    }
    let mut pos = if fen.trim() == "startpos" { Position::startpos() } else { Position::from_fen(fen).map_err(err)? };
    Ok(crate::xiangqi::perft(&mut pos, depth) as f64)
}

/// The `duiyi bench` signature computed in wasm: `{nodes, bestmoves}` after a fixed-depth search of every bench
/// position (depth 1–10). Equal to the native `duiyi bench --depth N` total when the search is deterministic on
/// both platforms (a test checks it). Blocks for the whole run: call it in a worker or in Node.
#[wasm_bindgen(js_name = benchSignature)]
pub fn bench_signature(depth: u32) -> Result<JsValue, JsError> {
    if !(1..=10).contains(&depth) {
        return Err(JsError::new("bench: depth must be 1..10"));
    }
    let r = crate::bench::run_bench_untimed(depth, Default::default());
    #[derive(Serialize)]
    struct Out {
        nodes: f64,
        bestmoves: Vec<String>,
    }
    to_js(&Out { nodes: r.nodes as f64, bestmoves: r.per_position.into_iter().map(|p| p.1).collect() })
}

fn err(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}
