//! Xiangqi for JavaScript: `XiangqiGame` (rules, for the page) and `Engine` (search, for the worker).
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
//! - engine commands ([`EngineError`]): the FEN codes, `engine.move {index, cause}` (1-based index in the
//!   move list, `cause` the move's reason), `engine.limits {detail}`, `engine.busy`, `engine.not_pondering`,
//!   `engine.unknown_option {name}`, `engine.option_value {name, value, detail}`, `engine.go_params`,
//!   `engine.go_unknown {name, known}`, `engine.go_value {detail}`;
//! - `perft.depth {max}`, `bench.depth {min, max}`.

use super::{Coded, Params, coded, js_err, n, s, to_js};
use crate::engine::{self, EngineError, Step};
use crate::search::GoParams;
use crate::xiangqi::{FenError, Move, MoveError, Position, START_FEN};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The keys `Engine.go` accepts.
const GO_KEYS: [&str; 10] = ["depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "infinite", "ponder"];

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

impl Coded for EngineError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            EngineError::Fen(e) => e.code_params(),
            EngineError::Move { index, error } => {
                ("engine.move", vec![("index", n(*index as f64)), ("cause", error.to_reason())])
            }
            EngineError::Limits(e) => ("engine.limits", vec![("detail", s(&e.0))]),
            EngineError::Busy => ("engine.busy", vec![]),
            EngineError::NotPondering => ("engine.not_pondering", vec![]),
            EngineError::UnknownOption(name) => ("engine.unknown_option", vec![("name", s(name))]),
            EngineError::OptionValue { name, value, reason } => {
                ("engine.option_value", vec![("name", s(name)), ("value", s(value)), ("detail", s(reason))])
            }
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

/// The search engine for the worker: `setPosition`, `go`, then `step(sliceMs)` until `done`.
#[wasm_bindgen(js_name = Engine)]
pub struct WasmEngine {
    inner: engine::Engine,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StepOut {
    done: bool,
    /// True when a ponder/infinite search holds its bestmove: no need to step until stop/ponderhit.
    waiting: bool,
    idle: bool,
    infos: Vec<InfoOut>,
    bestmove: Option<String>,
    ponder: Option<String>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ScoreOut {
    cp: Option<i32>,
    mate: Option<i32>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct InfoOut {
    depth: u32,
    seldepth: u32,
    score: ScoreOut,
    nodes: f64,
    nps: f64,
    time_ms: f64,
    pv: Vec<String>,
}

fn info_out(i: engine::Info) -> InfoOut {
    InfoOut {
        depth: i.depth,
        seldepth: i.seldepth,
        score: ScoreOut { cp: i.cp, mate: i.mate },
        nodes: i.nodes as f64,
        nps: i.nps as f64,
        time_ms: i.time_ms as f64,
        pv: i.pv,
    }
}

#[wasm_bindgen(js_class = Engine)]
impl WasmEngine {
    /// A new engine (16 MiB hash) at the start position.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WasmEngine {
        WasmEngine { inner: engine::Engine::new() }
    }

    /// Sets the position: FEN (or `"startpos"`) and ICCS moves from it. Throws naming the problem.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&mut self, fen: &str, moves: Vec<String>) -> Result<(), JsValue> {
        let refs: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
        self.inner.set_position(fen, &refs).map_err(js_err)
    }

    /// Starts a search. `params`: `{depth, nodes, movetime, wtime, btime, winc, binc, movestogo, infinite, ponder}`
    /// (all optional, times in ms). Throws on unknown keys or out-of-range values, or during another search.
    pub fn go(&mut self, params: JsValue) -> Result<(), JsValue> {
        let p: GoParams = if params.is_undefined() || params.is_null() {
            GoParams::default()
        } else {
            if !params.is_object() {
                return Err(coded("engine.go_params", vec![], "go: parameters must be an object"));
            }
            for key in js_sys::Object::keys(params.unchecked_ref::<js_sys::Object>()).iter() {
                let k = key.as_string().unwrap_or_default();
                if !GO_KEYS.contains(&k.as_str()) {
                    let known = GO_KEYS.join(", ");
                    let message = format!("go: unknown parameter '{k}' (known: {known})");
                    return Err(coded("engine.go_unknown", vec![("name", s(&k)), ("known", s(&known))], &message));
                }
            }
            serde_wasm_bindgen::from_value(params).map_err(|e| {
                coded("engine.go_value", vec![("detail", s(e.to_string()))], &format!("go: {e}"))
            })?
        };
        self.inner.go(p).map_err(js_err)
    }

    /// Searches for at most `sliceMs` ms. Returns `{done, waiting, idle, infos, bestmove, ponder}`; `bestmove` is
    /// `null` when done and the side to move has no legal move.
    pub fn step(&mut self, slice_ms: f64) -> Result<JsValue, JsError> {
        let slice = if slice_ms.is_finite() && slice_ms > 0.0 { slice_ms } else { 5.0 };
        let out = match self.inner.step(slice) {
            Step::Idle => StepOut { done: false, waiting: false, idle: true, infos: vec![], bestmove: None, ponder: None },
            Step::Searching(i) => StepOut {
                done: false,
                waiting: false,
                idle: false,
                infos: i.into_iter().map(info_out).collect(),
                bestmove: None,
                ponder: None,
            },
            Step::Waiting(i) => StepOut {
                done: false,
                waiting: true,
                idle: false,
                infos: i.into_iter().map(info_out).collect(),
                bestmove: None,
                ponder: None,
            },
            Step::Done { infos, bestmove, ponder } => StepOut {
                done: true,
                waiting: false,
                idle: false,
                infos: infos.into_iter().map(info_out).collect(),
                bestmove: bestmove.map(|m: Move| m.to_string()),
                ponder: ponder.map(|m| m.to_string()),
            },
        };
        to_js(&out)
    }

    /// The ponder search now runs on its own clock from this moment. Throws when not pondering.
    pub fn ponderhit(&mut self) -> Result<(), JsValue> {
        self.inner.ponderhit().map_err(js_err)
    }

    /// The next `step` returns `done` with the best move so far.
    pub fn stop(&mut self) {
        self.inner.stop();
    }

    /// Whether a search is running.
    #[wasm_bindgen(js_name = isSearching)]
    pub fn is_searching(&self) -> bool {
        self.inner.is_searching()
    }

    /// Sets an engine option (`Hash` in MiB, technique switches `NullMove`, `LMR`, …). Throws on unknown names
    /// or bad values.
    #[wasm_bindgen(js_name = setOption)]
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), JsValue> {
        self.inner.set_option(name, value).map_err(js_err)
    }
}

impl Default for WasmEngine {
    fn default() -> Self {
        Self::new()
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
    let r = crate::xiangqi::bench::run_bench_untimed(depth, Default::default());
    #[derive(Serialize)]
    struct Out {
        nodes: f64,
        bestmoves: Vec<String>,
    }
    Ok(to_js(&Out { nodes: r.nodes as f64, bestmoves: r.per_position.into_iter().map(|p| p.1).collect() })?)
}
