//! Engine protocols on stdin/stdout: UCCI 3.0 ([`ucci`]) and UCI as Pikafish speaks it ([`uci`]) for Xiangqi,
//! GTP ([`gtp`], `duiyi gtp`) for Hex.
//!
//! The first command picks the protocol, as Fairy-Stockfish does: `ucci` → UCCI 3.0 (the spec is
//! `xqbase/eleeye:PROTOCOL/cchess_ucci.htm`, 2004, revised 2007; ElephantEye's `eleeye/ucci.cpp` is the reference
//! implementation), `uci` → UCI with Xiangqi squares `a0`…`i9` (ranks 0–9, as Pikafish `src/uci.cpp`).
//!
//! # How commands reach a running search
//! A reader thread turns stdin into lines on a channel and, after each line, raises an interrupt flag the
//! search polls every ~1000 nodes ([`Engine::set_interrupt`], the native path of docs/architecture.md §4). While a search
//! runs, the main loop calls [`Engine::step`] with an unbounded slice: it returns after each completed iteration
//! (its `info` is printed at once), at the search's limits, or as soon as a line arrives; the loop then drains
//! the pending lines with `try_recv`, so `stop`, `ponderhit` and `isready` are answered within a millisecond or
//! so even during a deep search. With no time slicing, a search that receives no input is exactly reproducible
//! (same nodes, same `bestmove`). When no search runs, or a `go ponder` / `go infinite` search holds its
//! `bestmove` ([`Step::Waiting`]), the loop blocks on the channel and uses no CPU. stdout is flushed after every
//! line.
//!
//! # Rules common to both protocols (documented choices)
//! - Exactly one `bestmove` (UCCI: or `nobestmove`) per `go`. A `go ponder` or `go infinite` search holds its
//!   answer until `stop` (or, for ponder, `ponderhit` and the `go`'s own limits).
//! - A command that needs an idle engine (`go`, `position`, `banmoves`, `setoption`, `ucinewgame`) arriving while
//!   a search runs: during a bounded search (a depth, nodes or time limit — it ends by itself) it is queued,
//!   together with every later line, and the queue runs in order after that search's `bestmove` (as Stockfish's
//!   `go` waits for the previous search; `stop`, `ponderhit`, `isready` and `quit` still act at once while
//!   nothing is queued); during a `go infinite`, a limitless `go` or a not-yet-hit `go ponder` search (which
//!   would never end) it first stops that search, whose `bestmove` is printed after an `info string` saying
//!   so. Either way every `go` gets its one `bestmove` and commands run in the order they came.
//! - Unknown or malformed lines get an `info string` saying why; the engine state is unchanged by a refused
//!   command. A `go` always gets its answer: out-of-range limits are clamped with an `info string`.
//! - `quit` stops a running search (its `bestmove` is printed), then exits (UCCI prints `bye` first).
//! - End of input is `quit`, except that a bounded search (depth, nodes or time) is first allowed to finish, so
//!   `printf 'uci\nposition startpos\ngo depth 6\n' | duiyi` prints its `bestmove`; a ponder or infinite search is
//!   stopped.

pub mod gtp;
pub mod gtp_analyze;
mod gtp_args;
pub mod ucci;
pub mod uci;

use crate::engine::{Engine, GameMove, Info, Setup, Step};
use crate::search::limits::MAX_DEPTH;
use crate::xiangqi::Move;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, TryRecvError};

/// The largest `Threads` the protocols announce (and UCCI's `threads 0` picks): the machine's cores
/// (`std::thread::available_parallelism`, 1 where it cannot be told), within `search::limits::max_threads`
/// (1 in WebAssembly).
pub(crate) fn core_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get()).min(crate::search::limits::max_threads())
}

/// Reads stdin on a thread of its own, line by line (each with its newline; invalid UTF-8 becomes U+FFFD, never
/// the end of the session), and gives each to `on_input` as `Some(line)`, then `None` at the end of input or
/// once `on_input` returned `false`. Shared by the UCI/UCCI and GTP loops.
pub(crate) fn spawn_stdin_reader(mut on_input: impl FnMut(Option<String>) -> bool + Send + 'static) {
    std::thread::spawn(move || {
        let mut input = std::io::stdin().lock();
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match input.read_until(b'\n', &mut buf) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if !on_input(Some(String::from_utf8_lossy(&buf).into_owned())) {
                        break;
                    }
                }
            }
        }
        on_input(None);
    });
}

/// Reads commands from stdin; the first command (`ucci` or `uci`) picks the protocol. Returns at `quit` or EOF
/// (failure only when stdout cannot be written).
pub fn run_stdio() -> ExitCode {
    let (tx, rx) = mpsc::channel::<String>();
    // Raised by the reader after each line it queues: the search polls it every ~1000 nodes and returns.
    let interrupt = Arc::new(AtomicBool::new(false));
    // UCCI batch mode: commands wait until the search ends, so they do not interrupt it.
    let batch = Arc::new(AtomicBool::new(false));
    // Queuing a line and raising the flag happen under this lock, and so do draining the queue and lowering the
    // flag: the flag is never left raised for a line that was already taken, so a search with no new input is
    // never interrupted (and stays exactly reproducible).
    let queue_lock = Arc::new(std::sync::Mutex::new(()));
    let (reader_interrupt, reader_batch, reader_lock) = (interrupt.clone(), batch.clone(), queue_lock.clone());
    let mut tx = Some(tx);
    spawn_stdin_reader(move |line| {
        let _guard = reader_lock.lock().unwrap_or_else(|e| e.into_inner());
        match line {
            Some(line) => {
                if tx.as_ref().is_none_or(|t| t.send(line).is_err()) {
                    return false;
                }
                // Sent first, raised second: a search that sees the flag finds the line on the channel.
                if !reader_batch.load(Ordering::Relaxed) {
                    reader_interrupt.store(true, Ordering::Relaxed);
                }
                true
            }
            // End of input interrupts too (the main loop then finds the channel closed).
            None => {
                tx = None;
                reader_interrupt.store(true, Ordering::Relaxed);
                false
            }
        }
    });
    let stdout = std::io::stdout();
    let mut session = Session::new(stdout.lock());
    session.set_interrupt(interrupt.clone());
    loop {
        if session.out_failed {
            return ExitCode::FAILURE;
        }
        if session.needs_step() {
            // Lower the flag and take what is queued, under the queue lock: a line arriving from here on raises
            // it again, and no line already taken leaves it raised.
            let guard = queue_lock.lock().unwrap_or_else(|e| e.into_inner());
            interrupt.store(false, Ordering::Relaxed);
            if !session.batch {
                loop {
                    match rx.try_recv() {
                        Ok(line) => {
                            if session.handle_line(&line) == Flow::Quit {
                                return session.exit_code();
                            }
                        }
                        Err(TryRecvError::Empty) => break,
                        Err(TryRecvError::Disconnected) => {
                            session.end_of_input();
                            return session.exit_code();
                        }
                    }
                }
            }
            batch.store(session.batch, Ordering::Relaxed);
            drop(guard);
            if session.needs_step() {
                session.pump(f64::INFINITY);
                if session.run_pending() == Flow::Quit {
                    return session.exit_code();
                }
            }
        } else {
            match rx.recv() {
                Ok(line) => {
                    if session.handle_line(&line) == Flow::Quit {
                        return session.exit_code();
                    }
                    batch.store(session.batch, Ordering::Relaxed);
                }
                Err(_) => {
                    session.end_of_input();
                    return session.exit_code();
                }
            }
        }
    }
}

/// Which protocol the session speaks (picked by the first command).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Ucci,
    Uci,
}

/// Whether the session goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One protocol session: the engine, the output, the chosen protocol and its settings, and the state of the
/// current `go`. Lines go in through [`handle_line`](Self::handle_line); [`pump`](Self::pump) runs a slice.
pub struct Session<W: Write> {
    engine: Engine,
    out: W,
    out_failed: bool,
    proto: Option<Protocol>,
    /// The current search is `go infinite` (held until `stop`).
    infinite: bool,
    /// The current search has a depth, nodes or time limit (so it ends by itself once its clock runs).
    bounded: bool,
    /// The engine answered [`Step::Waiting`]: do not step until a command arrives.
    waiting: bool,
    /// UCCI `go draw` / `ponderhit draw`: the opponent offers a draw for this move.
    draw_offered: bool,
    /// Score of the last `info` of the current search: centipawns or mate moves.
    last_score: Option<(Option<i32>, Option<i32>)>,
    /// UCCI `usemillisec`: `go time` in milliseconds (else seconds, the UCCI default).
    millisec: bool,
    /// UCCI `batch`: read no command while thinking.
    batch: bool,
    /// UCCI `debug`: echo each command as an `info string`.
    debug: bool,
    /// UCCI `banmoves` of the current position (cleared by the next `position`).
    banned: Vec<Move>,
    /// Lines queued behind a bounded search, run in order after its `bestmove`.
    pending: VecDeque<String>,
    /// The engine's interrupt flag (raised by the stdin reader), lowered again at end of input.
    interrupt: Option<Arc<AtomicBool>>,
}

impl<W: Write> Session<W> {
    /// A session writing to `out`, before the protocol is chosen.
    pub fn new(out: W) -> Self {
        Session {
            engine: Engine::new(),
            out,
            out_failed: false,
            proto: None,
            infinite: false,
            bounded: false,
            waiting: false,
            draw_offered: false,
            last_score: None,
            millisec: false,
            batch: false,
            debug: false,
            banned: Vec::new(),
            pending: VecDeque::new(),
            interrupt: None,
        }
    }

    /// Installs the flag the input reader raises when a line arrives (see [`Engine::set_interrupt`]).
    pub fn set_interrupt(&mut self, flag: Arc<AtomicBool>) {
        self.engine.set_interrupt(flag.clone());
        self.interrupt = Some(flag);
    }

    fn exit_code(&self) -> ExitCode {
        if self.out_failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
    }

    /// Writes one line and flushes (UCCI §2: every reply line is flushed).
    fn say(&mut self, line: &str) {
        if self.out_failed {
            return;
        }
        if writeln!(self.out, "{line}").and_then(|_| self.out.flush()).is_err() {
            self.out_failed = true;
        }
    }

    fn info_string(&mut self, text: &str) {
        // One line per message, whatever the text holds.
        let text = text.replace(['\r', '\n'], " ");
        self.say(&format!("info string {text}"));
    }

    /// Whether a search is running (stepping or holding its `bestmove`) or lines wait behind one: a host that
    /// wants to finish without blocking sends `stop` until this is false.
    pub fn is_busy(&self) -> bool {
        self.engine.is_searching() || !self.pending.is_empty()
    }

    /// Whether [`pump`](Self::pump) has work to do.
    pub fn needs_step(&self) -> bool {
        self.engine.is_searching() && !self.waiting
    }

    /// Runs one search slice of at most `slice_ms` and prints what it produced.
    pub fn pump(&mut self, slice_ms: f64) {
        let step = self.engine.step(slice_ms);
        self.report(step);
    }

    fn report(&mut self, step: Step) {
        match step {
            Step::Idle => self.waiting = false,
            Step::Searching(infos) => self.print_infos(&infos),
            Step::Waiting(infos) => {
                self.print_infos(&infos);
                self.waiting = true;
            }
            Step::Done { infos, bestmove, ponder } => {
                self.print_infos(&infos);
                self.print_bestmove(bestmove, ponder);
                self.infinite = false;
                self.waiting = false;
                self.draw_offered = false;
            }
        }
    }

    fn print_infos(&mut self, infos: &[Info]) {
        let multi = self.engine.multipv() > 1;
        for info in infos {
            if info.multipv <= 1 {
                self.last_score = Some((info.cp, info.mate));
            }
            let line = match self.proto {
                Some(Protocol::Uci) => uci::info_line(info),
                _ => ucci::info_line(info, multi),
            };
            self.say(&line);
        }
    }

    fn print_bestmove(&mut self, bestmove: Option<GameMove>, ponder: Option<GameMove>) {
        let line = match self.proto {
            Some(Protocol::Uci) => uci::bestmove_line(bestmove, ponder),
            _ => ucci::bestmove_line(bestmove, ponder, self.draw_offered && self.engine.draw_answer() == Some(true)),
        };
        self.say(&line);
    }


    /// Stops a running search and prints its `bestmove` at once. No effect when idle.
    fn stop_search(&mut self) {
        if !self.engine.is_searching() {
            return;
        }
        self.engine.stop();
        while self.engine.is_searching() {
            let step = self.engine.step(0.0);
            self.report(step);
        }
    }

    /// Before a command that needs an idle engine: stop a running search (printing its `bestmove`).
    fn make_idle(&mut self, command: &str) {
        if self.engine.is_searching() {
            self.info_string(&format!("'{command}' while searching: stopping the search first"));
            self.stop_search();
        }
    }

    /// Whether the running search ends by itself: it has a limit, is not `go infinite`, and is not a ponder
    /// search awaiting `ponderhit`.
    fn search_is_bounded(&self) -> bool {
        self.engine.is_searching() && self.bounded && !self.infinite && !self.engine.is_pondering()
    }

    /// Runs the queued lines in order; stops at a line that needs an idle engine while a bounded search runs.
    /// Returns [`Flow::Quit`] when a queued `quit` ran.
    pub fn run_pending(&mut self) -> Flow {
        while !self.out_failed {
            let Some(line) = self.pending.front() else { break };
            if needs_idle(&split_command(line).0) && self.search_is_bounded() {
                break;
            }
            let line = self.pending.pop_front().expect("front exists");
            if self.dispatch(&line) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// End of input: a bounded search finishes (and the lines queued behind it run), a ponder or infinite one
    /// is stopped; every `bestmove` is printed.
    pub fn end_of_input(&mut self) {
        // No more input can arrive: searches must not be interrupted any more. A fresh flag, because the reader
        // may still raise the old one as it exits.
        if self.interrupt.is_some() {
            self.set_interrupt(Arc::new(AtomicBool::new(false)));
        }
        while self.end_of_input_step(f64::INFINITY) {}
    }

    /// One step of [`end_of_input`](Self::end_of_input) for a host that must return to its event loop between
    /// slices (the wasm session under Node, `src/wasm/protocol.rs`): runs the queued lines, then searches a
    /// bounded search for at most `slice_ms` or stops an unbounded one. Returns `true` while work remains (call
    /// again), `false` once every search has answered, a queued `quit` ran, or stdout failed. Calling it until
    /// it returns `false` does what `end_of_input` does (no interrupt flag is lowered here: a host with one
    /// calls `end_of_input`).
    pub fn end_of_input_step(&mut self, slice_ms: f64) -> bool {
        if self.out_failed || (!self.engine.is_searching() && self.pending.is_empty()) {
            return false;
        }
        if !self.pending.is_empty() && self.run_pending() == Flow::Quit {
            return false;
        }
        if self.engine.is_searching() {
            if self.search_is_bounded() && !self.waiting {
                self.pump(slice_ms);
            } else {
                self.stop_search();
            }
        }
        true
    }

    /// Whether UCCI `batch` mode is on: a host must then hold back the lines that arrive while a search runs
    /// and hand them over only when [`needs_step`](Self::needs_step) is false (the native loop does not read
    /// its channel meanwhile).
    pub fn is_batch(&self) -> bool {
        self.batch
    }

    /// Handles one input line (queueing it behind a bounded search when it needs an idle engine).
    pub fn handle_line(&mut self, line: &str) -> Flow {
        let line = line.trim();
        if line.is_empty() {
            return Flow::Continue;
        }
        if self.debug {
            self.info_string(&format!("received: {line}"));
        }
        // Commands that need an idle engine wait behind a bounded search (and behind each other, in order);
        // the others — `stop`, `isready`, `ponderhit`, `quit` — are answered at once even then.
        let waits = self.proto.is_some() && needs_idle(&split_command(line).0);
        if waits && (!self.pending.is_empty() || self.search_is_bounded()) {
            self.pending.push_back(line.to_string());
            return self.run_pending();
        }
        if self.dispatch(line) == Flow::Quit {
            return Flow::Quit;
        }
        // A `stop` may have ended the search that queued commands were waiting for.
        self.run_pending()
    }

    /// Runs one command now.
    fn dispatch(&mut self, line: &str) -> Flow {
        // A command always resumes stepping: `ponderhit`, `stop` and the rest change what `step` answers.
        self.waiting = false;
        let (cmd, rest) = split_command(line);
        match self.proto {
            Some(Protocol::Ucci) => ucci::handle(self, &cmd, rest),
            Some(Protocol::Uci) => uci::handle(self, &cmd, rest),
            None => match cmd.as_str() {
                "ucci" => {
                    self.proto = Some(Protocol::Ucci);
                    ucci::announce(self);
                    Flow::Continue
                }
                "uci" => {
                    self.proto = Some(Protocol::Uci);
                    uci::announce(self);
                    Flow::Continue
                }
                "quit" => Flow::Quit,
                _ => {
                    self.info_string(&format!("unknown command '{}': send 'ucci' (UCCI 3.0) or 'uci' (UCI) first", crate::echo(&cmd)));
                    Flow::Continue
                }
            },
        }
    }

    /// `position {fen <FEN> | startpos} [moves …]` (same in both protocols). A bad FEN leaves the position
    /// unchanged; an illegal move keeps the moves before it (as ElephantEye's `BuildPos` and Stockfish do).
    fn position(&mut self, rest: &str) {
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        let moves_at = tokens.iter().position(|t| t.eq_ignore_ascii_case("moves"));
        let (head, moves) = match moves_at {
            Some(i) => (&tokens[..i], &tokens[i + 1..]),
            None => (&tokens[..], &tokens[tokens.len()..]),
        };
        let fen = match head.first().map(|t| t.to_ascii_lowercase()) {
            Some(t) if t == "startpos" && head.len() == 1 => "startpos".to_string(),
            Some(t) if t == "fen" && head.len() > 1 => head[1..].join(" "),
            _ => {
                self.info_string("position: expected 'position startpos [moves …]' or 'position fen <FEN> [moves …]'");
                return;
            }
        };
        match self.engine.set_position(Setup::Xiangqi(&fen), moves) {
            Ok(()) => {}
            Err(crate::engine::EngineError::Move { index, error }) => {
                let kept = &moves[..index - 1];
                let _ = self.engine.set_position(Setup::Xiangqi(&fen), kept);
                self.info_string(&format!(
                    "position: {error}; kept the {} move(s) before it and ignored the rest",
                    kept.len()
                ));
            }
            Err(e) => self.info_string(&format!("position: {e}; the position is unchanged")),
        }
    }

    /// Starts a search (both protocols): clears the per-go state; a refused `go` still gets its answer.
    fn start_go(&mut self, params: crate::search::limits::GoParams, banned: &[Move]) {
        self.infinite = params.infinite;
        let red = self.engine.xiangqi_position().side_to_move() == crate::xiangqi::Color::Red;
        self.bounded = params.depth.is_some() || params.nodes.is_some() || params.budget(red, 1, None).is_some();
        self.waiting = false;
        self.last_score = None;
        let banned: Vec<GameMove> = banned.iter().map(|&m| m.into()).collect();
        self.engine.set_banned(&banned);
        if let Err(e) = self.engine.go(params) {
            self.info_string(&format!("go: {e}"));
            self.print_bestmove(None, None);
            self.draw_offered = false;
            self.infinite = false;
        }
    }
}

/// Whether a command needs an idle engine (it is queued behind a bounded search, or stops an unbounded one).
/// A `go` that had a parameter rejected and has no limit left would search forever while its sender waits for a
/// `bestmove`: it searches one ply instead (and says so).
fn fallback_limit<W: Write>(s: &mut Session<W>, p: &mut crate::search::limits::GoParams, rejected: bool) {
    let unlimited = p.depth.is_none()
        && p.nodes.is_none()
        && p.movetime.is_none()
        && p.wtime.is_none()
        && p.btime.is_none()
        && !p.infinite
        && !p.ponder;
    if rejected && unlimited {
        s.info_string("go: no valid limit left after the rejected parameters; searching depth 1");
        p.depth = Some(1);
    }
}

fn needs_idle(cmd: &str) -> bool {
    matches!(cmd, "go" | "position" | "banmoves" | "setoption" | "ucinewgame")
}

/// The command word (lower-cased) and the rest of the line.
fn split_command(line: &str) -> (String, &str) {
    let line = line.trim_start();
    let end = line.find(char::is_whitespace).unwrap_or(line.len());
    (line[..end].to_ascii_lowercase(), line[end..].trim())
}

/// Parses a non-negative whole number, clamping to `min..=max`; `Err` with the reason.
fn parse_count(name: &str, value: Option<&str>, min: u64, max: u64) -> Result<(u64, Option<String>), String> {
    let v = value.ok_or_else(|| format!("'{name}' needs a number"))?;
    let n: i64 = v.parse().map_err(|_| format!("'{name}' needs a whole number, got '{}'", crate::echo(v)))?;
    let clamped = (n.max(0) as u64).clamp(min, max);
    let note = (clamped as i64 != n).then(|| format!("{name} {n} is out of range {min}..{max}: using {clamped}"));
    Ok((clamped, note))
}

/// Parses a time (any non-negative number; negatives, which some GUIs send after a flag fall, become 0).
fn parse_time(name: &str, value: Option<&str>) -> Result<(f64, Option<String>), String> {
    let v = value.ok_or_else(|| format!("'{name}' needs a number"))?;
    let t: f64 = v.parse().map_err(|_| format!("'{name}' needs a number, got '{}'", crate::echo(v)))?;
    if !t.is_finite() {
        return Err(format!("'{name}' needs a finite number, got '{}'", crate::echo(v)));
    }
    let note = (t < 0.0).then(|| format!("{name} {v} is negative: using 0"));
    Ok((t.max(0.0), note))
}

/// Deepest `go depth` accepted (deeper requests are clamped).
const MAX_GO_DEPTH: u64 = MAX_DEPTH as u64;

/// A [`Session`] output kept in memory and shared: the session writes into one handle while its owner reads
/// through a clone (the wasm `ProtocolSession`, tests). Single-threaded (`Rc`); the protocol writes only UTF-8.
#[derive(Clone, Default)]
pub struct SharedOutput(std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Write for SharedOutput {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl SharedOutput {
    /// Everything written so far, as text (kept).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.0.borrow()).into_owned()
    }

    /// Everything written since the last `take`, as text (removed from the buffer).
    pub fn take(&self) -> String {
        let bytes = std::mem::take(&mut *self.0.borrow_mut());
        String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Buf = SharedOutput;

    impl SharedOutput {
        fn lines(&self) -> Vec<String> {
            self.text().lines().map(str::to_string).collect()
        }
    }

    /// A session after `lines`, and its output buffer.
    fn session(lines: &[&str]) -> (Session<Buf>, Buf) {
        let buf = Buf::default();
        let mut s = Session::new(buf.clone());
        for l in lines {
            assert_eq!(s.handle_line(l), Flow::Continue);
        }
        (s, buf)
    }

    /// The output without the timing fields (`nps`, `time`), which differ from run to run.
    fn untimed(lines: Vec<String>) -> Vec<String> {
        lines
            .into_iter()
            .map(|l| {
                let t: Vec<&str> = l.split(' ').collect();
                let mut out = Vec::new();
                let mut i = 0;
                while i < t.len() {
                    if l.starts_with("info depth") && (t[i] == "nps" || t[i] == "time") {
                        i += 2;
                    } else {
                        out.push(t[i]);
                        i += 1;
                    }
                }
                out.join(" ")
            })
            .collect()
    }

    #[test]
    fn end_of_input_in_slices_equals_end_of_input_with_exact_slices() {
        let go = ["uci", "setoption name ExactSlices value true", "position startpos moves h2e2", "go depth 5"];
        let (mut whole, whole_out) = session(&go);
        whole.end_of_input();
        let (mut sliced, sliced_out) = session(&go);
        let mut slices = 0;
        while sliced.end_of_input_step(0.5) {
            slices += 1;
            assert!(slices < 100_000, "end_of_input_step never finished");
        }
        assert!(slices > 2, "the search ran in several slices ({slices})");
        let (a, b) = (untimed(whole_out.lines()), untimed(sliced_out.lines()));
        assert_eq!(a, b);
        assert_eq!(b.iter().filter(|l| l.starts_with("bestmove ")).count(), 1, "{b:?}");
        assert!(b.iter().any(|l| l.starts_with("info depth 5 ")), "{b:?}");
        assert!(!sliced.is_busy());
    }

    #[test]
    fn end_of_input_step_stops_an_infinite_search_and_runs_the_queued_lines() {
        let (mut s, out) = session(&["ucci", "position startpos", "go infinite"]);
        s.pump(1.0);
        while s.end_of_input_step(1.0) {}
        let lines = out.lines();
        assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove ")).count(), 1, "{lines:?}");
        assert!(!s.is_busy());

        // A bounded search with a `position` and a `go` queued behind it: both searches answer, in order.
        let (mut s, out) = session(&["uci", "position startpos", "go depth 3"]);
        assert_eq!(s.handle_line("position startpos moves h2e2"), Flow::Continue);
        assert_eq!(s.handle_line("go depth 2"), Flow::Continue);
        assert!(s.is_busy());
        while s.end_of_input_step(1.0) {}
        let lines = out.lines();
        let answers: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove ")).collect();
        assert_eq!(answers.len(), 2, "{lines:?}");
        assert!(!s.is_busy());
    }

    #[test]
    fn batch_mode_is_reported() {
        let (s, _) = session(&["ucci"]);
        assert!(!s.is_batch());
        let (s, _) = session(&["ucci", "setoption batch true"]);
        assert!(s.is_batch());
    }
}
