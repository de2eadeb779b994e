//! The engine protocols (UCCI 3.0 and UCI, `crate::protocol`) for a JavaScript host: `tools/wasm-engine.mjs`
//! runs this module under Node as a stdin/stdout engine, so any match runner or GUI can play the wasm build.
//!
//! It is the native binary's [`Session`] (the same command parsing, replies, queueing and end-of-input rules,
//! documented in `crate::protocol`), writing into a byte buffer instead of stdout. Each method returns the text
//! the call produced: zero or more complete lines, each ending in `\n` (an empty string when there were none),
//! for the host to print as they are.
//!
//! The host's loop, which replaces the native reader thread and interrupt flag (docs/architecture.md §4):
//! - each input line → [`handleLine`](ProtocolSession::handle_line);
//! - while [`needsStep`](ProtocolSession::needs_step) → [`pump`](ProtocolSession::pump) one slice (10–20 ms),
//!   then return to the event loop, so `stop`, `ponderhit` and `isready` arriving mid-search are read between
//!   slices; in UCCI `batch` mode ([`isBatch`](ProtocolSession::is_batch)) lines arriving while
//!   `needsStep` are held back until it is false;
//! - at end of input → [`endOfInput`](ProtocolSession::end_of_input) slice by slice until
//!   [`closed`](ProtocolSession::closed);
//! - after `quit` ([`closed`](ProtocolSession::closed) turns true) the host prints the output and exits.
//!
//! Nothing here throws: a malformed line is answered with an `info string` by the protocol itself, as natively.
//! Slicing does not change a Xiangqi search: each slice resumes exactly where the last one stopped
//! (src/xiangqi/search/node.rs), so a search here counts exactly the native binary's nodes and gives its best
//! move, whatever the slice length (`setoption name ExactSlices`, still accepted, is a no-op; the Hex alpha-beta
//! searcher resumes exactly too).

use crate::protocol::{Flow, Session, SharedOutput as Buffer};
use wasm_bindgen::prelude::*;

/// Slice used when `pump` / `endOfInput` get a slice that is not a positive number (NaN, 0, negative).
const DEFAULT_SLICE_MS: f64 = 10.0;

/// A slice length in ms: a positive number (`Infinity` searches to the next completed iteration, as the native
/// loop does), else [`DEFAULT_SLICE_MS`].
fn slice(slice_ms: f64) -> f64 {
    if slice_ms > 0.0 { slice_ms } else { DEFAULT_SLICE_MS }
}

/// One UCCI/UCI engine session: text lines in, text lines out (see the module docs). The first command
/// (`ucci` or `uci`) picks the protocol. Holds one engine (16 MiB hash by default; `Hash` / `hashsize` change
/// it).
#[wasm_bindgen(js_name = ProtocolSession)]
pub struct ProtocolSession {
    session: Session<Buffer>,
    out: Buffer,
    closed: bool,
}

#[wasm_bindgen(js_class = ProtocolSession)]
impl ProtocolSession {
    /// A session before the protocol is chosen (at the Xiangqi start position).
    #[wasm_bindgen(constructor)]
    pub fn new() -> ProtocolSession {
        let out = Buffer::default();
        ProtocolSession { session: Session::new(out.clone()), out, closed: false }
    }

    /// Handles one input line (with or without its line end; blank lines are ignored) and returns the lines it
    /// produced. A command that needs an idle engine (`go`, `position`, …) arriving during a bounded search is
    /// queued and runs after that search's `bestmove` (from a later `pump`); during an infinite or ponder
    /// search it stops that search first. Unknown or malformed lines are answered with `info string …`. After
    /// `quit` ([`closed`](Self::closed)) the session ignores further lines and returns `""`.
    #[wasm_bindgen(js_name = handleLine)]
    pub fn handle_line(&mut self, line: &str) -> String {
        if !self.closed && self.session.handle_line(line) == Flow::Quit {
            self.closed = true;
        }
        self.out.take()
    }

    /// Searches for at most `sliceMs` milliseconds (one slice; a non-positive or NaN value means 10 ms) and
    /// returns what it printed: the `info` of each iteration completed, the `bestmove` when the search ends, and
    /// the replies of the lines that were queued behind it and now ran (which may `quit`). Returns `""` when no
    /// search needs a step.
    pub fn pump(&mut self, slice_ms: f64) -> String {
        if !self.closed && self.session.needs_step() {
            self.session.pump(slice(slice_ms));
            if self.session.run_pending() == Flow::Quit {
                self.closed = true;
            }
        }
        self.out.take()
    }

    /// Whether a search needs [`pump`](Self::pump) calls: it runs and is not holding its `bestmove` (a
    /// `go ponder` / `go infinite` search that reached its limits waits for `stop` or `ponderhit` and needs
    /// none). False once closed.
    #[wasm_bindgen(js_name = needsStep)]
    pub fn needs_step(&self) -> bool {
        !self.closed && self.session.needs_step()
    }

    /// Whether a search is running (stepping or holding its `bestmove`) or lines are queued behind one.
    #[wasm_bindgen(js_name = isBusy)]
    pub fn is_busy(&self) -> bool {
        !self.closed && self.session.is_busy()
    }

    /// Whether UCCI `batch` mode is on (`setoption batch true`): the host then holds back lines that arrive
    /// while [`needsStep`](Self::needs_step) is true and hands them over once it is false.
    #[wasm_bindgen(js_name = isBatch)]
    pub fn is_batch(&self) -> bool {
        self.session.is_batch()
    }

    /// End of input, one slice at a time (a non-positive or NaN `sliceMs` means 10 ms): a bounded search
    /// (depth, nodes or time) is searched to its end and the lines queued behind it run; a ponder or infinite
    /// search is stopped; every `go` gets its `bestmove`. Call until [`closed`](Self::closed) is true; returns
    /// the lines each slice produced. The native binary does the same at EOF (`printf 'uci\nposition
    /// startpos\ngo depth 6\n' | duiyi` prints a `bestmove`).
    #[wasm_bindgen(js_name = endOfInput)]
    pub fn end_of_input(&mut self, slice_ms: f64) -> String {
        if !self.closed && !self.session.end_of_input_step(slice(slice_ms)) {
            self.closed = true;
        }
        self.out.take()
    }

    /// Whether the session has ended: after `quit` (its replies, e.g. UCCI's `bye`, were returned by the
    /// call that ran it), or once [`endOfInput`](Self::end_of_input) has nothing left to do.
    #[wasm_bindgen(getter)]
    pub fn closed(&self) -> bool {
        self.closed
    }
}

impl Default for ProtocolSession {
    fn default() -> Self {
        Self::new()
    }
}
