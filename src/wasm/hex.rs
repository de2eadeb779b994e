//! Hex for JavaScript: `HexGame` — rules, SGF, and every two-distance map of a position in one call.
//!
//! **Maps** (`maps(convention, withTension)`, `whatIf(cell, convention, withTension)`) come as one plain object
//! of typed arrays, each indexed by cell `row * width + col` (row 1 first, column `a` first):
//!
//! ```text
//! { width, height, convention: "queenbee"|"benzene", toMove: "black"|"white", hasTension,
//!   stones: Uint8Array            0 empty, 1 Black, 2 White
//!   twoDistance: { north, south, west, east }: Uint16Array
//!   potential: { black, white }: Uint16Array
//!   total: Uint16Array            Black's + White's potential
//!   badness: Uint16Array          total − lowest total
//!   tension: Float32Array         for the side to move; NaN = occupied (or tension not computed)
//!   boardPotential: { black, white }: number | null     null = infinite
//!   attackMobility: { black, white }: number
//!   bestCells: { black, white }: Uint16Array            cell indices at the board potential
//!   lowestTotal: number | null, eval: number (side to move's view), evalBlack: number }
//! ```
//!
//! In the `Uint16Array`s, **65535 ([`hex_infinity`]) is infinity**: an occupied cell (see `stones`) or a cell
//! with fewer than two routes to the edge. Errors are JS `Error`s with `message`, `code` and `params` (see the
//! parent module): `hex.size {width, height}`, `hex.cell {text}`, `hex.off_board {cell, width, height}`,
//! `hex.occupied {cell, by}`, `hex.out_of_turn {color, to_move}`, `hex.game_over {winner}`,
//! `hex.swap_not_allowed {detail}`, `hex.setup_after_moves`, `hex.sgf {detail}`, `hex.convention {name}`; the
//! game is unchanged after any error.
//!
//! **Knowledge** (`knowledge()`, the "Connections" overlay): what Hex theory proves about the position for the
//! side to move, before any search (src/hex/knowledge.rs), as a plain object of cell names (`"c3"`), each list
//! sorted by row then column:
//!
//! ```text
//! { toMove: "black"|"white",
//!   verdict: "win"|"loss"|"open",   win: the side to move has a virtual connection (full, or semi with the
//!                                   key its to play); loss: the opponent has one (or every move is outside
//!                                   some opponent threat's carrier); open: not decided statically
//!   carrier: string[]               the empty cells of the proof (win / loss), [] when open
//!   dead: string[]                  a stone there never changes the winner
//!   captured: { black, white }: string[]   cells the owner can fill (it answers an intrusion in a pair)
//!   permanentlyInferior: { black, white }: string[]   cells the owner can fill (Benzene's patterns)
//!   vulnerable: [cell, killer][]    moves of the side to move that the opponent's answer on the killer kills
//!   dominated: [cell, dominator][]  moves of the side to move no better than one on the dominator
//!   mustPlay: string[]              outside it every move of the side to move loses; [] on a loss
//!   threats: string[]               the opponent's edge-to-edge threat carriers (union, keys included)
//!   candidates: string[] }          the moves worth searching
//! ```
//!
//! or `null` on a board of more than 128 cells (the analysis works on 128-bit sets) or a finished game.

use crate::hex::eval::Maps;
use crate::hex::knowledge::{self, Knowledge, Verdict};
use crate::hex::{Cell, Color, Convention, Edge, HexError, INFINITY, Move, Position, sgf};
use super::{Coded, coded, n, s};
use js_sys::{Float32Array, Object, Reflect, Uint8Array, Uint16Array};
use wasm_bindgen::prelude::*;

/// The value of infinity in the maps' `Uint16Array`s (65535).
#[wasm_bindgen(js_name = hexInfinity)]
pub fn hex_infinity() -> u16 {
    INFINITY
}

fn hex_error(e: &HexError) -> JsValue {
    e.to_js_error()
}

fn convention(name: Option<String>) -> Result<Convention, JsValue> {
    match name.as_deref() {
        None | Some("") => Ok(Convention::Queenbee),
        Some(s) => Convention::parse(s)
            .ok_or_else(|| {
                let message = format!("convention '{}': expected queenbee or benzene", crate::echo(s));
                coded("hex.convention", vec![("name", super::s(s))], &message)
            }),
    }
}

fn set(obj: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &key.into(), value);
}

fn pair(a: JsValue, a_key: &str, b: JsValue, b_key: &str) -> JsValue {
    let o = Object::new();
    set(&o, a_key, &a);
    set(&o, b_key, &b);
    o.into()
}

fn u16s(v: &[u16]) -> JsValue {
    Uint16Array::from(v).into()
}

fn finite_or_null(v: u16) -> JsValue {
    if v == INFINITY { JsValue::NULL } else { JsValue::from(v) }
}

/// The maps as the JS object described in the module documentation. The `Uint16Array` maps are views
/// (`subarray`) of one buffer, so one call makes one allocation for them.
fn maps_to_js(m: &Maps) -> JsValue {
    let o = Object::new();
    let (b, w) = (Color::Black.index(), Color::White.index());
    let n = m.stones.len() as u32;
    let mut all: Vec<u16> = Vec::with_capacity(8 * n as usize);
    for e in Edge::ALL {
        all.extend_from_slice(&m.two_distance[e.index()]);
    }
    for map in [&m.potential[b], &m.potential[w], &m.total, &m.badness] {
        all.extend_from_slice(map);
    }
    let buf = Uint16Array::from(&all[..]);
    let view = |k: u32| -> JsValue { buf.subarray(k * n, (k + 1) * n).into() };
    set(&o, "width", &JsValue::from(m.width as u32));
    set(&o, "height", &JsValue::from(m.height as u32));
    set(&o, "convention", &m.convention.name().into());
    set(&o, "toMove", &m.to_move.name().into());
    set(&o, "hasTension", &m.has_tension.into());
    set(&o, "stones", &Uint8Array::from(&m.stones[..]).into());
    let td = Object::new();
    for (k, e) in Edge::ALL.into_iter().enumerate() {
        set(&td, e.name(), &view(k as u32));
    }
    set(&o, "twoDistance", &td.into());
    set(&o, "potential", &pair(view(4), "black", view(5), "white"));
    set(&o, "total", &view(6));
    set(&o, "badness", &view(7));
    let tension: Vec<f32> = m.tension.iter().map(|t| t.map_or(f32::NAN, |v| v as f32)).collect();
    set(&o, "tension", &Float32Array::from(&tension[..]).into());
    set(
        &o,
        "boardPotential",
        &pair(finite_or_null(m.board_potential[b]), "black", finite_or_null(m.board_potential[w]), "white"),
    );
    set(
        &o,
        "attackMobility",
        &pair(JsValue::from(m.attack_mobility[b]), "black", JsValue::from(m.attack_mobility[w]), "white"),
    );
    let cells = |c: usize| -> JsValue {
        let v: Vec<u16> = m.best_cells[c].iter().map(|&i| i as u16).collect();
        u16s(&v)
    };
    set(&o, "bestCells", &pair(cells(b), "black", cells(w), "white"));
    set(&o, "lowestTotal", &finite_or_null(m.lowest_total));
    set(&o, "eval", &JsValue::from(m.eval));
    set(&o, "evalBlack", &JsValue::from(m.eval_black));
    o.into()
}

/// The `knowledge()` object of the module documentation (camelCase, the verdict's kind and carrier flattened).
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct KnowledgeOut<'a> {
    to_move: Color,
    verdict: &'static str,
    carrier: &'a [Cell],
    dead: &'a [Cell],
    captured: CapturedOut<'a>,
    permanently_inferior: CapturedOut<'a>,
    vulnerable: &'a [[Cell; 2]],
    dominated: &'a [[Cell; 2]],
    must_play: &'a [Cell],
    threats: &'a [Cell],
    candidates: &'a [Cell],
}

#[derive(serde::Serialize)]
struct CapturedOut<'a> {
    black: &'a [Cell],
    white: &'a [Cell],
}

fn knowledge_out(k: &Knowledge) -> KnowledgeOut<'_> {
    let (verdict, carrier): (&'static str, &[Cell]) = match &k.verdict {
        Verdict::Win { carrier } => ("win", carrier),
        Verdict::Loss { carrier } => ("loss", carrier),
        Verdict::Open => ("open", &[]),
    };
    KnowledgeOut {
        to_move: k.to_move,
        verdict,
        carrier,
        dead: &k.dead,
        captured: CapturedOut { black: &k.captured[Color::Black.index()], white: &k.captured[Color::White.index()] },
        permanently_inferior: CapturedOut {
            black: &k.permanently_inferior[Color::Black.index()],
            white: &k.permanently_inferior[Color::White.index()],
        },
        vulnerable: &k.vulnerable,
        dominated: &k.dominated,
        must_play: &k.must_play,
        threats: &k.threats,
        candidates: &k.candidates,
    }
}

/// A game of Hex: rules, SGF and the evaluation's maps (see docs/benchmarks.md, "Hex maps", for measured times: well under a
/// millisecond for a 19×19 position without tension, a few milliseconds with it).
#[wasm_bindgen]
pub struct HexGame {
    pos: Position,
    /// The side that resigned, if the game ended so (from SGF or [`HexGame::resign`]).
    resigned: Option<Color>,
}

impl HexGame {
    /// The position before the first move (setup stones only).
    fn start(&self) -> Position {
        let mut start = self.pos.clone();
        while start.undo().is_some() {}
        start
    }
}

/// `"black"`/`"white"` (or `b`/`w`), else a coded `hex.color` error.
fn parse_color(text: &str) -> Result<Color, JsValue> {
    Color::parse(text).ok_or_else(|| {
        let shown: String = text.chars().take(20).collect();
        coded("hex.color", vec![("detail", s(shown.clone()))], &format!("not a colour: {shown} (black or white)"))
    })
}

#[wasm_bindgen]
impl HexGame {
    /// An empty `width × height` board (columns × rows, 1..19 each), Black to move; `swap` turns the swap rule
    /// (`swap-pieces`) on. Throws (`code: "size"`) for a bad size.
    #[wasm_bindgen(constructor)]
    pub fn new(width: usize, height: usize, swap: bool) -> Result<HexGame, JsValue> {
        let mut pos = Position::new(width, height).map_err(|e| hex_error(&e))?;
        pos.set_swap_rule(swap);
        Ok(HexGame { pos, resigned: None })
    }

    /// A game from an SGF record (`GM[11]`; see the Rust `hex::sgf` for what is read). Throws (`code: "sgf"`)
    /// with the reason and byte offset.
    #[wasm_bindgen(js_name = fromSgf)]
    pub fn from_sgf(text: &str) -> Result<HexGame, JsValue> {
        let g = sgf::load(text).map_err(|e| coded("hex.sgf", vec![("detail", s(e.to_string()))], &e.to_string()))?;
        Ok(HexGame { pos: g.position, resigned: g.resigned })
    }

    /// The game as SGF in HexGui's layout.
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self) -> String {
        sgf::write(&self.pos, self.resigned)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        self.pos.width()
    }

    /// Rows.
    pub fn height(&self) -> usize {
        self.pos.height()
    }

    /// Plays a move for the side to move: a cell (`c3`, any case) or `swap-pieces`. Throws an `Error` with a
    /// `code` (`cell`, `off-board`, `occupied`, `game-over`, `swap-not-allowed`) naming why; the game is then
    /// unchanged.
    pub fn play(&mut self, mv: &str) -> Result<(), JsValue> {
        if let Some(r) = self.resigned {
            let message = format!("the game is over: {r} resigned");
            return Err(coded("hex.game_over", vec![("resigned", s(r.to_string()))], &message));
        }
        self.pos.play_str(mv).map(|_| ()).map_err(|e| hex_error(&e))
    }

    /// The side to move resigns (recorded for SGF; no stone).
    pub fn resign(&mut self) {
        if self.resigned.is_none() && self.pos.winner().is_none() {
            self.resigned = Some(self.pos.to_move());
        }
    }

    /// Takes back the last move (or a resignation); returns it (`"c3"`, `"swap-pieces"`, `"resign"`), or
    /// `undefined` at the start.
    pub fn undo(&mut self) -> Option<String> {
        if self.resigned.take().is_some() {
            return Some("resign".into());
        }
        self.pos.undo().map(|m| m.to_string())
    }

    /// Legal moves (`["a1", …, "swap-pieces"]`); empty once the game is over.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        if self.resigned.is_some() {
            return Vec::new();
        }
        self.pos.legal_moves().iter().map(|m| m.to_string()).collect()
    }

    /// The stones: `Uint8Array` by cell `row * width + col`, 0 empty, 1 Black, 2 White.
    pub fn stones(&self) -> Uint8Array {
        let v: Vec<u8> = (0..self.pos.geometry().cells()).map(|i| self.pos.stone_at(i).map_or(0, |c| c.index() as u8 + 1)).collect();
        Uint8Array::from(&v[..])
    }

    /// `"black"` or `"white"`.
    #[wasm_bindgen(js_name = toMove)]
    pub fn to_move(&self) -> String {
        self.pos.to_move().name().into()
    }

    /// `"black"` or `"white"` once a side has joined its edges (or the other resigned), else `undefined`.
    pub fn winner(&self) -> Option<String> {
        self.pos.winner().or(self.resigned.map(Color::opponent)).map(|c| c.name().into())
    }

    /// The winner's stones that join its edges (`["b1", "b2", …]`); empty without a connection.
    #[wasm_bindgen(js_name = winningChain)]
    pub fn winning_chain(&self) -> Vec<String> {
        self.pos.winning_chain().iter().map(Cell::to_string).collect()
    }

    /// The moves played, as `"b:c3"`, `"w:swap-pieces"` (setup stones from SGF are not moves).
    pub fn moves(&self) -> Vec<String> {
        self.pos
            .moves()
            .iter()
            .map(|(c, m)| format!("{}:{m}", if *c == Color::Black { 'b' } else { 'w' }))
            .collect()
    }

    /// Puts a setup stone (SGF `AB`/`AW`; `color` `"black"`/`"white"`, also `b`/`w`) before any move: it is not a
    /// move and does not change the side to move. Throws (`code`: `hex.setup_after_moves`, `hex.off_board`,
    /// `hex.occupied`, `hex.cell`, `hex.color`) with the game unchanged.
    #[wasm_bindgen(js_name = addStone)]
    pub fn add_stone(&mut self, cell: &str, color: &str) -> Result<(), JsValue> {
        let color = parse_color(color)?;
        let cell = Cell::parse(cell).map_err(|e| coded("hex.cell", vec![("detail", s(cell.chars().take(20).collect::<String>()))], &e.to_string()))?;
        self.pos.add_stone(cell, color).map_err(|e| hex_error(&e))
    }

    /// Sets the side to move (`"black"`/`"white"`), as SGF's `PL` does after setup stones; only before any
    /// move (throws `hex.setup_after_moves` after one, `hex.color` for another word).
    #[wasm_bindgen(js_name = setToMove)]
    pub fn set_to_move(&mut self, color: &str) -> Result<(), JsValue> {
        let color = parse_color(color)?;
        if self.pos.ply() > 0 {
            return Err(hex_error(&HexError::SetupAfterMoves));
        }
        self.pos.set_to_move(color);
        Ok(())
    }

    /// The setup stones (those not placed by moves), as `"b:c3"`, `"w:e5"`, Black's first, each in cell order;
    /// empty for a game that started on an empty board.
    #[wasm_bindgen(js_name = setupStones)]
    pub fn setup_stones(&self) -> Vec<String> {
        let start = self.start();
        let mut out = Vec::new();
        for (letter, color) in [('b', Color::Black), ('w', Color::White)] {
            for i in 0..start.geometry().cells() {
                if start.stone_at(i) == Some(color) {
                    out.push(format!("{letter}:{}", start.geometry().cell(i)));
                }
            }
        }
        out
    }

    /// The side to move before the first move (`"black"`, or `"white"` after setup stones with `PL[W]`).
    #[wasm_bindgen(js_name = startToMove)]
    pub fn start_to_move(&self) -> String {
        self.start().to_move().name().into()
    }

    /// Every map of the position in one call (the object described in the module documentation).
    /// `convention`: `"queenbee"` (default) or `"benzene"`; `withTension` (default true): also the tension map,
    /// the expensive one (a one-ply look at every empty cell) — pass false for the other maps alone.
    pub fn maps(&self, convention_name: Option<String>, with_tension: Option<bool>) -> Result<JsValue, JsValue> {
        let conv = convention(convention_name)?;
        Ok(maps_to_js(&Maps::compute_with(&self.pos, conv, with_tension.unwrap_or(true))))
    }

    /// The maps after the side to move puts a stone on `cell` (for hovering); the game is unchanged.
    /// `withTension` (default false) also computes the tension map of that position, which costs about one
    /// two-distance computation per empty cell. Throws (`cell`, `off-board`, `occupied`, `convention`).
    #[wasm_bindgen(js_name = whatIf)]
    pub fn what_if(
        &self,
        cell: &str,
        convention_name: Option<String>,
        with_tension: Option<bool>,
    ) -> Result<JsValue, JsValue> {
        let conv = convention(convention_name)?;
        let c = Cell::parse(cell).map_err(|e| hex_error(&HexError::Cell(e)))?;
        let m = Maps::what_if(&self.pos, c, conv, with_tension.unwrap_or(false)).map_err(|e| hex_error(&e))?;
        Ok(maps_to_js(&m))
    }

    /// What Hex theory proves about the position for the side to move (the object described in the module
    /// documentation), or `null` on a board of more than 128 cells or once the game is over (connected or
    /// resigned). (The analysis works on every size up to 19×19 and the engine uses it there; the overlay
    /// keeps its 128-cell limit, as its page text and tests say.) Costs one H-search of the position: 1–30 ms on 7×7 to 11×11 positions (measured in Node on
    /// the project's loaded 2-core machine). Throws only if the object cannot be built (a bug), as an `Error`.
    pub fn knowledge(&self) -> Result<JsValue, JsValue> {
        if self.resigned.is_some() || self.pos.width() * self.pos.height() > 128 {
            return Ok(JsValue::NULL);
        }
        match knowledge::analyse(&self.pos) {
            None => Ok(JsValue::NULL),
            Some(k) => super::to_js(&knowledge_out(&k)).map_err(JsValue::from),
        }
    }

    /// Queenbee's eval from the side to move's view (`M = 100`).
    pub fn eval(&self) -> i32 {
        crate::hex::evaluate(&self.pos)
    }

    /// Whether `swap-pieces` is a legal move now.
    #[wasm_bindgen(js_name = swapAvailable)]
    pub fn swap_available(&self) -> bool {
        self.resigned.is_none() && self.pos.check(Move::Swap).is_ok()
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Lossless SGF records (issue 32)
// ---------------------------------------------------------------------------------------------------------------

#[cfg(feature = "hex-records")]
pub use sgf_records::*;

/// SGF bindings (cargo feature `hex-records`).
#[cfg(feature = "hex-records")]
mod sgf_records {
use super::*;

use crate::hex::sgf::{HexLine, HexNote, HexRecord, HexSetup, SgfError};

fn sgf_reason(e: &SgfError) -> JsValue {
    crate::wasm::reason("hex.sgf", vec![("detail", s(e.to_string())), ("offset", n(e.offset as f64))], &e.to_string())
}

fn bad_record(why: impl Into<String>) -> JsValue {
    let why = why.into();
    coded("sgf.bad_input", vec![("reason", s(&why))], &format!("sgfWriteGame: {why}"))
}

fn strings(list: &[String]) -> JsValue {
    list.iter().map(s).collect::<js_sys::Array>().into()
}

fn props_to_js(props: &[(String, Vec<String>)]) -> JsValue {
    let o = Object::new();
    for (k, v) in props {
        set(&o, k, &strings(v));
    }
    o.into()
}

fn line_to_js(line: &HexLine, with_comment: bool) -> JsValue {
    let o = Object::new();
    set(&o, "moves", &strings(&line.moves));
    let notes = js_sys::Array::new();
    for i in 0..line.moves.len() {
        notes.push(&match line.notes.get(i).filter(|n| !n.is_empty()) {
            None => JsValue::NULL,
            Some(n) => {
                let a = Object::new();
                if let Some(c) = &n.comment {
                    set(&a, "comment", &s(c));
                }
                if !n.props.is_empty() {
                    set(&a, "props", &props_to_js(&n.props));
                }
                if !n.variations.is_empty() {
                    let vs: js_sys::Array = n.variations.iter().map(|v| line_to_js(v, true)).collect();
                    set(&a, "variations", &vs.into());
                }
                a.into()
            }
        });
    }
    set(&o, "annotations", &notes.into());
    if with_comment && let Some(c) = &line.comment {
        set(&o, "comment", &s(c));
    }
    o.into()
}

/// The `HexRecord` object of the module documentation of `sgfParseGames`.
fn record_to_js(r: &HexRecord) -> JsValue {
    let o: Object = line_to_js(&r.line, false).into();
    let size = if r.width == r.height { r.width.to_string() } else { format!("{}x{}", r.width, r.height) };
    set(&o, "size", &s(size));
    set(&o, "props", &props_to_js(&r.props));
    set(&o, "setup", &match &r.setup {
        None => JsValue::NULL,
        Some(st) => {
            let x = Object::new();
            let cells = |c: &[Cell]| -> JsValue { c.iter().map(|c| s(c.to_string())).collect::<js_sys::Array>().into() };
            set(&x, "black", &cells(&st.black));
            set(&x, "white", &cells(&st.white));
            set(&x, "toMove", &s(st.to_move.name()));
            x.into()
        }
    });
    set(&o, "comment", &r.line.comment.as_deref().map_or(JsValue::NULL, s));
    set(&o, "result", &r.result.as_deref().map_or(JsValue::NULL, s));
    o.into()
}

fn get(o: &JsValue, k: &str) -> JsValue {
    Reflect::get(o, &JsValue::from_str(k)).unwrap_or(JsValue::UNDEFINED)
}

fn opt_string(o: &JsValue, k: &str) -> Result<Option<String>, JsValue> {
    let v = get(o, k);
    if v.is_undefined() || v.is_null() {
        return Ok(None);
    }
    v.as_string().map(Some).ok_or_else(|| bad_record(format!("{k} is not a string")))
}

fn string_list(v: &JsValue, what: &str) -> Result<Vec<String>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(vec![]);
    }
    if !js_sys::Array::is_array(v) {
        return Err(bad_record(format!("{what} is not an array")));
    }
    js_sys::Array::from(v).iter().map(|x| x.as_string().ok_or_else(|| bad_record(format!("{what} holds a non-string")))).collect()
}

fn props_from_js(v: &JsValue, what: &str) -> Result<Vec<(String, Vec<String>)>, JsValue> {
    if v.is_undefined() || v.is_null() {
        return Ok(vec![]);
    }
    if !v.is_object() {
        return Err(bad_record(format!("{what} is not an object")));
    }
    let mut out = Vec::new();
    for entry in Object::entries(&Object::from(v.clone())).iter() {
        let pair = js_sys::Array::from(&entry);
        let name = pair.get(0).as_string().unwrap_or_default();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(bad_record(format!("{what}: property name '{}' is not capital letters", crate::echo(&name))));
        }
        out.push((name.clone(), string_list(&pair.get(1), &format!("{what}.{name}"))?));
    }
    Ok(out)
}

fn line_from_js(v: &JsValue, depth: usize) -> Result<HexLine, JsValue> {
    if depth > 1000 {
        return Err(bad_record("variations nested deeper than 1000"));
    }
    if !v.is_object() {
        return Err(bad_record("a line is not an object"));
    }
    let moves = string_list(&get(v, "moves"), "moves")?;
    let mut notes = Vec::new();
    let a = get(v, "annotations");
    if js_sys::Array::is_array(&a) {
        for x in js_sys::Array::from(&a).iter() {
            if x.is_null() || x.is_undefined() {
                notes.push(HexNote::default());
                continue;
            }
            let vs = get(&x, "variations");
            let variations = if js_sys::Array::is_array(&vs) {
                js_sys::Array::from(&vs).iter().map(|l| line_from_js(&l, depth + 1)).collect::<Result<Vec<_>, _>>()?
            } else {
                vec![]
            };
            notes.push(HexNote { comment: opt_string(&x, "comment")?, props: props_from_js(&get(&x, "props"), "props")?, variations });
        }
    }
    while notes.last().is_some_and(HexNote::is_empty) {
        notes.pop();
    }
    notes.truncate(moves.len());
    Ok(HexLine { moves, notes, comment: opt_string(v, "comment")? })
}

/// Reads every game of an SGF collection `(;…)(;…)` (see the Rust `hex::sgf::parse_sgf_games`):
/// `[{ok: true, index, game: HexRecord} | {ok: false, index, offset, error: {code: "hex.sgf", params: {detail,
/// offset}, message}}]`, `offset` the byte offset of the game's `(` (the error's own offset is in its params).
/// HexRecord = `{size: "11" | "9x11" (columns x rows), props: {NAME: [values…]} (the root's properties in file
/// order, verbatim, except FF, GM, SZ, AB, AW, PL, C and RE), setup: {black: [cells], white: [cells], toMove:
/// "black"|"white"} | null, moves: ["c3", "swap-pieces", "swap-sides", "resign", …] (each by the side to
/// move), annotations: [null | {comment?, props?: {NAME: [values]}, variations?: [{moves, annotations,
/// comment?}]}] (one per move), comment: string | null (the root's C), result: string | null (RE as written)}`.
/// Never throws for any text.
#[wasm_bindgen(js_name = sgfParseGames)]
pub fn sgf_parse_games(text: &str) -> JsValue {
    let out = js_sys::Array::new();
    for g in crate::hex::sgf::parse_sgf_games(text) {
        let o = Object::new();
        set(&o, "ok", &JsValue::from_bool(g.game.is_ok()));
        set(&o, "index", &n(g.index as f64));
        match &g.game {
            Ok(r) => set(&o, "game", &record_to_js(r)),
            Err(e) => {
                set(&o, "offset", &n(g.offset as f64));
                set(&o, "error", &sgf_reason(e));
            }
        }
        out.push(&o);
    }
    out.into()
}

/// Writes a HexRecord (the `sgfParseGames` shape) as SGF text (see the Rust `hex::sgf::write_record`):
/// `sgfParseGames(sgfWriteGame(r))[0].game` deep-equals `r` for every record `sgfParseGames` gives. Throws
/// `sgf.bad_input {reason}` for a malformed argument (a bad size, cell or colour, property names not capital
/// letters) and `hex.sgf {detail}` for a move that cannot be played.
#[wasm_bindgen(js_name = sgfWriteGame)]
pub fn sgf_write_game(record: JsValue) -> Result<String, JsValue> {
    if !record.is_object() {
        return Err(bad_record("the argument is not an object"));
    }
    let size = opt_string(&record, "size")?.unwrap_or_else(|| "11".into());
    let (width, height) = crate::hex::sgf::parse_size(&size.replace(['x', 'X', '×'], ":"))
        .ok_or_else(|| bad_record(format!("size '{}' is not n or WxH with sides 1..19", crate::echo(&size))))?;
    let st = get(&record, "setup");
    let setup = if st.is_null() || st.is_undefined() {
        None
    } else {
        let cells = |k: &str| -> Result<Vec<Cell>, JsValue> {
            string_list(&get(&st, k), k)?
                .iter()
                .map(|c| Cell::parse(c).map_err(|_| bad_record(format!("setup.{k}: '{}' is not a cell", crate::echo(c)))))
                .collect()
        };
        let to_move = opt_string(&st, "toMove")?.unwrap_or_else(|| "black".into());
        let to_move = Color::parse(&to_move).ok_or_else(|| bad_record("setup.toMove is not black or white"))?;
        Some(HexSetup { black: cells("black")?, white: cells("white")?, to_move })
    };
    let mut line = line_from_js(&record, 0)?;
    line.comment = opt_string(&record, "comment")?;
    let r = HexRecord { width, height, props: props_from_js(&get(&record, "props"), "props")?, setup, line, result: opt_string(&record, "result")? };
    crate::hex::sgf::write_record(&r).map_err(|e| coded("hex.sgf", vec![("detail", s(e.to_string()))], &e.to_string()))
}
}
