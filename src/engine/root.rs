//! What a `go` asks of the root, beyond its limits: MultiPV (the `k` best root moves, each with its score and
//! PV, reported as `info … multipv r`) and `searchmoves` (the root restricted to the moves listed), resolved
//! for the current game into the searcher's terms.
//!
//! `searchmoves` is the complement of UCCI `banmoves` (`Engine::set_banned`): the listed moves are checked legal
//! in the root position and every other legal move is excluded for that search only.

use super::{Engine, EngineError, Game};
use crate::search::multipv::MAX_MULTIPV;
use crate::{hex, xiangqi};

/// The MultiPV of a `go`: its own `multipv` (checked 1..=[`MAX_MULTIPV`] by `GoParams::validate`) or else the
/// engine's `MultiPV` option.
pub(super) fn multipv_of(go: Option<u32>, option: usize) -> usize {
    go.map_or(option, |k| k as usize).clamp(1, MAX_MULTIPV)
}

/// The error for `searchmoves[index]` (1-based) `text`.
fn refused(index: usize, text: &str, reason: impl ToString) -> EngineError {
    EngineError::SearchMoves { index, mv: crate::echo(text), reason: reason.to_string() }
}

/// The Xiangqi root moves a `searchmoves` list (ICCS) excludes: every legal move not listed.
///
/// # Errors
/// [`EngineError::SearchMoves`] for an empty list or a move that does not parse or is illegal at `pos` (with its
/// 1-based index and the reason).
pub(super) fn xiangqi_excluded(pos: &xiangqi::Position, list: &[String]) -> Result<Vec<xiangqi::Move>, EngineError> {
    if list.is_empty() {
        return Err(refused(0, "", "the list is empty (give at least one move, or leave searchmoves out)"));
    }
    let mut keep = Vec::with_capacity(list.len());
    for (i, text) in list.iter().enumerate() {
        keep.push(pos.parse_move(text).map_err(|e| refused(i + 1, text, e))?);
    }
    Ok(pos.legal_moves().as_slice().iter().copied().filter(|m| !keep.contains(m)).collect())
}

/// The Hex root moves a `searchmoves` list (cells such as `c3`, or `swap-pieces`) excludes: every legal move not
/// listed.
///
/// # Errors
/// As [`xiangqi_excluded`].
pub(super) fn hex_excluded(pos: &hex::Position, list: &[String]) -> Result<Vec<hex::Move>, EngineError> {
    if list.is_empty() {
        return Err(refused(0, "", "the list is empty (give at least one move, or leave searchmoves out)"));
    }
    let mut keep = Vec::with_capacity(list.len());
    for (i, text) in list.iter().enumerate() {
        let mv = hex::Move::parse(text).map_err(|e| refused(i + 1, text, e))?;
        pos.check(mv).map_err(|e| refused(i + 1, text, e))?;
        keep.push(mv);
    }
    Ok(pos.legal_moves().into_iter().filter(|m| !keep.contains(m)).collect())
}

impl Engine {
    /// Sets the current game's `go_excluded` from a `go`'s `searchmoves` (cleared without one).
    ///
    /// # Errors
    /// [`EngineError::SearchMoves`] (see `xiangqi_excluded`); the slots are then unchanged.
    pub(super) fn restrict_root(&mut self, searchmoves: Option<&[String]>) -> Result<(), EngineError> {
        match self.game {
            #[cfg(feature = "xiangqi-search")]
            Game::Xiangqi => {
                self.xiangqi.go_excluded = match searchmoves {
                    Some(list) => xiangqi_excluded(&self.xiangqi.root, list)?,
                    None => Vec::new(),
                };
            }
            #[cfg(feature = "hex-search")]
            Game::Hex => {
                if let Some(h) = self.hex.as_mut() {
                    h.go_excluded = match searchmoves {
                        Some(list) => hex_excluded(&h.root, list)?,
                        None => Vec::new(),
                    };
                }
            }
            // a game this build leaves out is never the engine's game (`absent.rs`)
            #[allow(unreachable_patterns)]
            _ => {}
        }
        Ok(())
    }

    /// The `MultiPV` option (1–5).
    pub fn multipv(&self) -> usize {
        self.multipv
    }
}
