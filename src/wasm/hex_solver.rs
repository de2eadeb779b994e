//! The Hex root prover for the browser's solver worker (issue 37): the browser has no threads sharing memory,
//! so where the native engine runs the root's DFPN solver in a thread beside its tree
//! (`hex::mcts::solver_thread`), the page runs it in a worker beside the play worker
//! (`www/hex-review-worker.js` `proveRoot`, `www/views/hex-solver-helper.js`) and sends what it proves to the
//! play worker, whose engine marks it in its tree (`Engine::hexRootFacts`).
//!
//! Facts, as JavaScript reads them after a `step`: `decided()` (the prover has nothing more to find: the root
//! lost, or a win known), `rootLost()` (the side to move loses whatever it plays), `wins()` and `losses()` (the
//! root moves proved to win and to lose, cells as `c3`). Plain values, no serde: this module is on the play
//! path, whose size counts (issue 35).

use super::hex_review::{bad, read_game};
use crate::hex::mcts::{Mcts, OwnedRootProver, RootFacts};
use crate::hex::{Cell, Position};
use wasm_bindgen::prelude::*;

/// The prover's table (MiB): as large as the native solver thread's.
const TT_MIB: usize = 32;

/// Proves the root of a Hex position step by step (see the module documentation).
#[wasm_bindgen(js_name = HexRootProver)]
pub struct HexRootProver {
    inner: OwnedRootProver,
    pos: Position,
}

#[wasm_bindgen(js_class = HexRootProver)]
impl HexRootProver {
    /// A prover of `game`'s position (the game object of `HexReview`). Throws a coded error (`hex.review_game`)
    /// for a bad game, or one the engine's Monte Carlo search does not take (a swap decision pending) or that
    /// is over.
    #[wasm_bindgen(constructor)]
    pub fn new(game: JsValue) -> Result<HexRootProver, JsValue> {
        let (pos, _) = read_game(game)?;
        if pos.winner().is_some() {
            return Err(bad("the game is over: there is nothing to prove"));
        }
        if !Mcts::supports(&pos) {
            return Err(bad("a swap decision is pending: the engine decides it without the solver"));
        }
        Ok(HexRootProver { inner: OwnedRootProver::new(&pos, &[], TT_MIB), pos })
    }

    /// Works for about `ms` milliseconds (at least 1; nothing once decided); returns whether the facts changed.
    pub fn step(&mut self, ms: f64) -> bool {
        let ms = if ms.is_finite() { ms.max(1.0) } else { 20.0 };
        !self.inner.decided() && self.inner.slice(ms)
    }

    /// Whether the root is decided: lost, or a winning move known.
    pub fn decided(&self) -> bool {
        self.inner.decided()
    }

    /// Whether the side to move loses whatever it plays.
    #[wasm_bindgen(js_name = rootLost)]
    pub fn root_lost(&self) -> bool {
        self.inner.facts().root_lost
    }

    /// The root moves proved to win (cells).
    pub fn wins(&self) -> Vec<String> {
        self.cells(true)
    }

    /// The root moves proved to lose (cells).
    pub fn losses(&self) -> Vec<String> {
        self.cells(false)
    }

    fn cells(&self, wins: bool) -> Vec<String> {
        let g = self.pos.geometry();
        self.inner.facts().moves.iter().filter(|m| m.1 == wins).map(|m| g.cell(m.0).to_string()).collect()
    }
}

/// The facts `rootLost`, `wins`, `losses` (cells) of a [`HexRootProver`] read back for `pos` (cells checked on
/// its board).
pub(super) fn facts_of(pos: &Position, root_lost: bool, wins: &[String], losses: &[String]) -> Result<RootFacts, JsValue> {
    let g = pos.geometry();
    let index = |c: &String| -> Result<usize, JsValue> {
        let cell = Cell::parse(c).map_err(|e| bad(e.to_string()))?;
        if cell.col as usize >= pos.width() || cell.row as usize >= pos.height() {
            return Err(bad(format!("{c} is not on the board")));
        }
        Ok(g.index(cell))
    };
    let mut moves = Vec::with_capacity(wins.len() + losses.len());
    for c in wins {
        moves.push((index(c)?, true));
    }
    for c in losses {
        moves.push((index(c)?, false));
    }
    Ok(RootFacts { root_lost, moves })
}
