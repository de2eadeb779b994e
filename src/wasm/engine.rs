//! The search engine for the worker, one for every game: `setPosition(game, spec, moves)`, `go`, then
//! `step(sliceMs)` until `done`, with `stop` / `ponderhit` in between (the Rust `crate::engine::Engine`).
//!
//! Error codes (each thrown `Error` has `message`, `code`, `params`; see the parent module): the FEN codes of
//! `xiangqi.rs` and the `hex.*` codes of `hex.rs` for a bad setup; `engine.game {detail}` (unknown game or a
//! malformed Hex spec), `engine.move {index, cause}` / `engine.hex_move {index, cause}` (1-based index in the
//! move list, `cause` the move's reason), `engine.limits {detail}`, `engine.busy`, `engine.game_not_built {game}`, `engine.not_pondering`,
//! `engine.unknown_option {name}`, `engine.option_value {name, value, detail}`, `engine.go_params`,
//! `engine.go_unknown {name, known}`, `engine.go_value {detail}`, `engine.searchmoves {index, move, detail}` (a
//! `searchmoves` entry that is not a legal move here, 1-based; index 0: the list is empty).

use super::{Coded, Params, coded, js_err, n, s, to_js};
use crate::engine::{self, EngineError, Setup, Step};
use crate::search::GoParams;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The keys `Engine.go` accepts.
const GO_KEYS: [&str; 13] = [
    "depth", "nodes", "movetime", "wtime", "btime", "winc", "binc", "movestogo", "infinite", "ponder", "draw", "multipv",
    "searchmoves",
];

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
    /// On `done` after a `go` with `draw: true`: whether the engine accepts the draw (else absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    draw: Option<bool>,
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
    /// The line's rank under MultiPV (1 = best).
    multipv: u32,
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
        multipv: i.multipv,
    }
}

impl Coded for EngineError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            EngineError::Game(detail) => ("engine.game", vec![("detail", s(detail))]),
            // A module without a game's search refuses its positions first (`GameNotBuilt`), so these errors
            // of that game's rules never arise there: their codes are not linked.
            #[cfg(feature = "xiangqi-search")]
            EngineError::Fen(e) => e.code_params(),
            #[cfg(feature = "xiangqi-search")]
            EngineError::Move { index, error } => {
                ("engine.move", vec![("index", n(*index as f64)), ("cause", error.to_reason())])
            }
            #[cfg(not(feature = "xiangqi-search"))]
            EngineError::Fen(_) | EngineError::Move { .. } => ("engine.game_not_built", vec![("game", s("xiangqi"))]),
            #[cfg(feature = "hex-search")]
            EngineError::HexBoard(e) => e.code_params(),
            #[cfg(feature = "hex-search")]
            EngineError::HexMove { index, error } => {
                ("engine.hex_move", vec![("index", n(*index as f64)), ("cause", error.to_reason())])
            }
            #[cfg(not(feature = "hex-search"))]
            EngineError::HexBoard(_) | EngineError::HexMove { .. } => ("engine.game_not_built", vec![("game", s("hex"))]),
            EngineError::Limits(e) => ("engine.limits", vec![("detail", s(&e.0))]),
            EngineError::Busy => ("engine.busy", vec![]),
            EngineError::GameNotBuilt(game) => ("engine.game_not_built", vec![("game", s(game.name()))]),
            EngineError::NotPondering => ("engine.not_pondering", vec![]),
            EngineError::UnknownOption(name) => ("engine.unknown_option", vec![("name", s(name))]),
            EngineError::OptionValue { name, value, reason } => {
                ("engine.option_value", vec![("name", s(name)), ("value", s(value)), ("detail", s(reason))])
            }
            EngineError::SearchMoves { index, mv, reason } => {
                ("engine.searchmoves", vec![("index", n(*index as f64)), ("move", s(mv)), ("detail", s(reason))])
            }
        }
    }
}

#[wasm_bindgen(js_class = Engine)]
impl WasmEngine {
    /// A new engine (16 MiB hash) at the Xiangqi start position.
    #[wasm_bindgen(constructor)]
    pub fn new() -> WasmEngine {
        WasmEngine { inner: engine::Engine::new() }
    }

    /// Sets the position, and with it the game: `game` is `"xiangqi"` or `"hex"`; `spec` is, for Xiangqi, a
    /// FEN or `"startpos"`, for Hex the board size `"N"` or `"WxH"` optionally followed by `" swap"` (the swap
    /// rule on), e.g. `"11x11 swap"`; `moves` are played from it: ICCS for Xiangqi, cells (`"c3"`) and
    /// `"swap-pieces"` for Hex. Throws an `Error` naming the problem (with the move's 1-based index); the
    /// position is then unchanged.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(&mut self, game: &str, spec: &str, moves: Vec<String>) -> Result<(), JsValue> {
        let refs: Vec<&str> = moves.iter().map(|s| s.as_str()).collect();
        let setup = Setup::parse(game, spec).map_err(js_err)?;
        self.inner.set_position(setup, &refs).map_err(js_err)
    }

    /// The game of the last `setPosition`: `"xiangqi"` (the default) or `"hex"`.
    pub fn game(&self) -> String {
        self.inner.game().name().to_string()
    }

    /// Starts a search. `params`: `{depth, nodes, movetime, wtime, btime, winc, binc, movestogo, infinite, ponder,
    /// draw, multipv, searchmoves}` (all optional, times in ms). `multipv` (1–5, default the `MultiPV` option):
    /// each completed iteration gives that many `infos` (ranks 1.., best first, each `{…, multipv}`);
    /// `searchmoves` (moves in the game's notation) restricts the root to them. With a clock (`wtime`/`btime` and increments) the engine manages its own
    /// time (the budget of `GoParams::budget`, scaled by the search's stability). `draw: true`: the opponent offers
    /// a draw; the `done` step then carries `draw: true | false` (the rule: `crate::engine::DRAW_ACCEPT_LOSING_CP`).
    /// At a `Level` 1–8 the level's depth and node caps apply to every `go` but `infinite`. Throws on unknown keys
    /// or out-of-range values, or during another search.
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
                    let message = format!("go: unknown parameter '{}' (known: {known})", crate::echo(&k));
                    return Err(coded("engine.go_unknown", vec![("name", s(&k)), ("known", s(&known))], &message));
                }
            }
            serde_wasm_bindgen::from_value(params).map_err(|e| {
                coded("engine.go_value", vec![("detail", s(e.to_string()))], &format!("go: {e}"))
            })?
        };
        self.inner.go(p).map_err(js_err)
    }

    /// Searches for at most `sliceMs` ms. Returns `{done, waiting, idle, infos, bestmove, ponder, draw?}`; `bestmove` and
    /// `ponder` are move strings in the game's notation (ICCS; Hex cells or `swap-pieces`); `bestmove` is `null`
    /// when done and the side to move has no legal move (or the Hex game is over).
    pub fn step(&mut self, slice_ms: f64) -> Result<JsValue, JsError> {
        let slice = if slice_ms.is_finite() && slice_ms > 0.0 { slice_ms } else { 5.0 };
        let out = match self.inner.step(slice) {
            Step::Idle => StepOut { done: false, waiting: false, idle: true, infos: vec![], bestmove: None, ponder: None, draw: None },
            Step::Searching(i) => StepOut {
                done: false,
                waiting: false,
                idle: false,
                infos: i.into_iter().map(info_out).collect(),
                bestmove: None,
                ponder: None,
                draw: None,
            },
            Step::Waiting(i) => StepOut {
                done: false,
                waiting: true,
                idle: false,
                infos: i.into_iter().map(info_out).collect(),
                bestmove: None,
                ponder: None,
                draw: None,
            },
            Step::Done { infos, bestmove, ponder } => StepOut {
                done: true,
                waiting: false,
                idle: false,
                infos: infos.into_iter().map(info_out).collect(),
                bestmove: bestmove.map(|m| m.to_string()),
                ponder: ponder.map(|m| m.to_string()),
                draw: self.inner.draw_answer(),
            },
        };
        to_js(&out)
    }

    /// The ponder search now runs on its own clock from this moment. Throws when not pondering.
    pub fn ponderhit(&mut self) -> Result<(), JsValue> {
        self.inner.ponderhit().map_err(js_err)
    }

    /// The replies the running ponder search thinks about (option `PonderCandidates` > 1), in the order
    /// pondered: `[{mv, depth, nodes, ms, active}]` (`mv` in the game's notation; candidate 1, the predicted
    /// reply, first); `[]` otherwise.
    #[wasm_bindgen(js_name = ponderCandidates)]
    pub fn ponder_candidates(&self) -> Result<JsValue, JsError> {
        to_js(&self.inner.ponder_candidates())
    }

    /// Whether the current search went on from pondering: `{candidate, ms, nodes, depth}` (candidate 1-based, 1
    /// = the predicted reply; `ms` of thinking it had, credited to the clock), after a `ponderhit` with several
    /// candidates or a `go` on a position one of them had searched; `null` otherwise.
    pub fn resumed(&self) -> Result<JsValue, JsError> {
        match self.inner.resumed() {
            Some(r) => to_js(&r),
            None => Ok(JsValue::NULL),
        }
    }

    /// The next `step` returns `done` with the best move so far.
    pub fn stop(&mut self) {
        self.inner.stop();
    }

    /// The time budget of the running search: `{softMs, hardMs}` (the planned and the most milliseconds from the
    /// start of its clock, see the Rust `GoParams::budget`), or `null` without a time limit, while idle, or while
    /// pondering before the `ponderhit`.
    pub fn budget(&self) -> JsValue {
        match self.inner.budget() {
            Some(b) => {
                let o = js_sys::Object::new();
                let _ = js_sys::Reflect::set(&o, &"softMs".into(), &b.soft.round().into());
                let _ = js_sys::Reflect::set(&o, &"hardMs".into(), &b.hard.round().into());
                o.into()
            }
            None => JsValue::NULL,
        }
    }

    /// Proofs about the root of the Hex search in progress from the page's solver worker (a `HexRootProver`'s
    /// facts on `game`'s position, `src/wasm/hex_solver.rs`: the root lost, the moves proved to win and to lose
    /// as cells): marked in the engine's tree when the search in progress is a Monte Carlo search of that
    /// position. Returns whether they were taken. Throws a coded error (`hex.review_game`) for a bad game or
    /// cell.
    #[cfg(feature = "hex-search")]
    #[wasm_bindgen(js_name = hexRootFacts)]
    pub fn hex_root_facts(&mut self, game: JsValue, root_lost: bool, wins: Vec<String>, losses: Vec<String>) -> Result<bool, JsValue> {
        let (pos, _) = super::hex_review::read_game(game)?;
        let facts = super::hex_solver::facts_of(&pos, root_lost, &wins, &losses)?;
        Ok(self.inner.note_hex_root_facts(&pos, &facts))
    }

    /// Whether a search is running.
    #[wasm_bindgen(js_name = isSearching)]
    pub fn is_searching(&self) -> bool {
        self.inner.is_searching()
    }

    /// Sets an engine option (`MultiPV` 1–5, `PonderCandidates` 1–5, `Hash` in MiB, `Clear Hash`, either game's technique switches: `NullMove`, `LMR`, …;
    /// `Level` 0–8 and `LevelSeed`, see `levels()`; `TargetMoveTime` in ms, the most a clock's planned time per move
    /// may be, 0 for none). Throws on unknown names or bad values.
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

/// The playing levels 1–8 (level 0 is full strength): `[{level, depth, nodes, marginCp, chance, description:
/// {en, zh}}]` — the depth cap (plies), the node cap, the largest score loss of a weaker move (centipawns for
/// Xiangqi, evaluation units ×100 for Hex) and the chance of looking for one (see the Rust `crate::levels`).
#[wasm_bindgen]
pub fn levels() -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Desc {
        en: &'static str,
        zh: &'static str,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct LevelOut {
        level: u8,
        depth: u32,
        nodes: f64,
        margin_cp: i32,
        chance: f64,
        description: Desc,
    }
    let v: Vec<LevelOut> = crate::levels::LEVELS
        .iter()
        .map(|l| LevelOut {
            level: l.level,
            depth: l.depth,
            nodes: l.nodes as f64,
            margin_cp: l.margin,
            chance: l.chance,
            description: Desc { en: l.en, zh: l.zh },
        })
        .collect();
    to_js(&v)
}

/// The Hex rules' errors (`hex.*` codes), here because the engine's setup reports them in every module, with
/// or without the Hex bindings of `hex.rs`.
impl Coded for crate::hex::HexError {
    fn code_params(&self) -> (&'static str, Params) {
        match self {
            crate::hex::HexError::Size { width, height } => {
                ("hex.size", vec![("width", n(*width as f64)), ("height", n(*height as f64))])
            }
            crate::hex::HexError::Cell(e) => ("hex.cell", vec![("detail", s(e.to_string()))]),
            crate::hex::HexError::OffBoard { cell, width, height } => (
                "hex.off_board",
                vec![("cell", s(cell.to_string())), ("width", n(*width as f64)), ("height", n(*height as f64))],
            ),
            crate::hex::HexError::Occupied { cell, by } => ("hex.occupied", vec![("cell", s(cell.to_string())), ("by", s(by.name()))]),
            crate::hex::HexError::OutOfTurn { color, to_move } => {
                ("hex.out_of_turn", vec![("color", s(color.name())), ("to_move", s(to_move.name()))])
            }
            crate::hex::HexError::GameOver { winner } => ("hex.game_over", vec![("winner", s(winner.name()))]),
            crate::hex::HexError::SwapNotAllowed(why) => ("hex.swap_not_allowed", vec![("detail", s(why))]),
            crate::hex::HexError::SetupAfterMoves => ("hex.setup_after_moves", vec![]),
        }
    }
}
