//! GTP for Hex (`duiyi gtp`), as HexGui and Benzene speak it (GTP 2; HexGui's `hexgui-analyze_commands`).
//!
//! Framing (GTP 2 §2.5–2.6): a command is `[id] name [args…]`; the answer is `=[id] result` or
//! `?[id] message`, followed by one empty line. Comments (`#…`) and empty lines are ignored; control characters
//! other than tab and newline are dropped. A bad command never ends the session: it is answered by `? …`
//! naming the reason, and the game is unchanged.
//!
//! Commands:
//! - `name`, `version`, `protocol_version` (2), `list_commands`, `known_command NAME`, `quit`;
//! - `boardsize N [M]` (N columns × M rows, each 1..=19; a new empty game), `clear_board`;
//! - `play b|w CELL|swap-pieces|resign` (a move out of turn, on an occupied cell or off the board is refused);
//! - `genmove b|w`: searches with the [`Engine`] (the same sliced driver as the browser worker) and plays its
//!   move. It answers `resign` when the game is already over, and, unless `param_game resign_proved_loss 0`,
//!   when the position is proved lost for that side ([`knowledge::analyse`] gives [`Verdict::Loss`]: the
//!   opponent has a virtual connection nothing can break; or the search proves it: a negative mate score,
//!   e.g. from the playout search's solver); that resignation is recorded as `play COLOR
//!   resign` would be (`final_score` names the winner, `undo` takes it back). Time: `time_left COLOR SECONDS`
//!   (Benzene's form; `time_left [COLOR]` shows the clocks) gives that side a clock, managed as a UCI
//!   `go wtime/btime` (White's time is `wtime`; with 0 s left the move gets a few milliseconds); without one,
//!   each move gets `move_time` seconds (default [`DEFAULT_MOVE_TIME_S`]), set with `param_game move_time S`;
//! - `gogui-interrupt` (GoGui's convention, which HexGui follows too): listed to say that the line
//!   `# interrupt`, written to stdin while a command runs, interrupts it. During a `genmove` the search stops
//!   at once and `genmove` answers its best move so far; at any other time the line is an ignored comment. The
//!   command itself answers `=` and does nothing. (stdin is read by a thread, so the line is seen while the
//!   search runs; other lines wait their turn: GTP commands run one after another.)
//! - `undo` (takes back a resignation first, else the last move), `showboard`, `final_score` (`B+`, `W+`, or
//!   `cannot score` while nobody has won, as Benzene), `loadsgf FILE [MOVE_NUMBER]` (the position before move
//!   MOVE_NUMBER, counting from 1), `param_game` (`[bool] allow_swap`, `[string] move_time`, `[list/queenbee/benzene]
//!   convention`, `[list/0/…/8] level` (the engine's `Level`), `[bool] resign_proved_loss` (default 1),
//!   `[list/playouts/queenbee] hex_eval` (the engine's `HexEval`: Monte Carlo tree search, the default, or
//!   Queenbee's alpha-beta),
//!   `level_seed` (write-only); `param_game NAME VALUE` sets one), `all_legal_moves [COLOR]`;
//! - the analyze commands of HexGui's menu (`hexgui-analyze_commands`; see [`super::gtp_analyze`]): the
//!   evaluation maps `duiyi-twod north|south|west|east`, `duiyi-potential COLOR`, `duiyi-total`,
//!   `duiyi-badness`, `duiyi-tension`, `duiyi-eval`, and the position's static knowledge `duiyi-mustplay`
//!   (plist), `duiyi-threats` (plist), `duiyi-inferior` (pspairs: `dead`, `B`, `W`), `duiyi-verdict` (string)
//!   and `duiyi-knowledge` (string: JSON).

use super::gtp_analyze::{self, ANALYZE_COMMANDS};
use super::gtp_args::{check_args, parse_color};
use crate::engine::{Engine, GameMove, Step};
use crate::hex::knowledge::{self, Verdict};
use crate::hex::two_distance::Convention;
use crate::hex::{Color, HexError, MAX_SIDE, Move, Position};
use crate::search::limits::GoParams;
use std::collections::VecDeque;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// Seconds per move for `genmove` when no `time_left` clock is known.
pub const DEFAULT_MOVE_TIME_S: f64 = 1.0;
/// Board side of a new session (`boardsize` changes it).
pub const DEFAULT_SIZE: usize = 11;

/// Every command this engine knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "loadsgf",
    "time_left",
    "param_game",
    "param_mcts",
    "all_legal_moves",
    "gogui-interrupt",
    "hexgui-analyze_commands",
    "duiyi-twod",
    "duiyi-potential",
    "duiyi-total",
    "duiyi-badness",
    "duiyi-tension",
    "duiyi-eval",
    "duiyi-mustplay",
    "duiyi-threats",
    "duiyi-inferior",
    "duiyi-verdict",
    "duiyi-knowledge",
];

/// Whether the session goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// One GTP session: the game, the engine that plays it and the settings, writing answers to `out`.
pub struct Session<W: Write> {
    out: W,
    engine: Engine,
    pos: Position,
    /// The side that resigned (`play c resign`), which ends the game.
    resigned: Option<Color>,
    swap: bool,
    move_time_s: f64,
    /// Remaining time per side from `time_left` (seconds), indexed by [`Color::index`].
    clock_s: [Option<f64>; 2],
    convention: Convention,
    /// `param_game resign_proved_loss`: `genmove` resigns a position proved lost.
    resign_proved_loss: bool,
    /// `param_game hex_eval`: the engine's `HexEval` (`playouts` or `queenbee`).
    hex_eval: &'static str,
    /// The input read by [`run_stdio`]'s thread, when the session runs on stdin (`None` for a session fed by
    /// [`handle`](Session::handle) alone: nothing can interrupt its `genmove`).
    input: Option<Input>,
    /// Set when writing stdout failed: the session ends.
    pub out_failed: bool,
}

/// The stdin side of a session: the lines a reader thread sends, the lines taken from the channel during a
/// `genmove` (to run after it, in order), and the flag the reader raises at each `# interrupt` line, which
/// makes the engine's search return within about a thousand nodes ([`Engine::set_interrupt`]).
struct Input {
    lines: Receiver<String>,
    pending: VecDeque<String>,
    interrupt: Arc<AtomicBool>,
}

/// Whether `line` is GoGui's interrupt comment `# interrupt` (spaces around the word allowed, any case).
pub fn is_interrupt_line(line: &str) -> bool {
    line.trim().strip_prefix('#').is_some_and(|rest| rest.trim().eq_ignore_ascii_case("interrupt"))
}

/// Reads GTP commands from stdin until `quit` or EOF. A thread reads stdin, so that a `# interrupt` line can
/// stop a running `genmove` (see the module docs); invalid UTF-8 becomes U+FFFD, never the end of the session.
pub fn run_stdio() -> ExitCode {
    let (tx, rx) = mpsc::channel::<String>();
    let interrupt = Arc::new(AtomicBool::new(false));
    let flag = interrupt.clone();
    super::spawn_stdin_reader(move |line| {
        let Some(line) = line else { return false };
        let interrupts = is_interrupt_line(&line);
        if tx.send(line).is_err() {
            return false;
        }
        // Sent first, raised second: a search that sees the flag finds the line on the channel.
        if interrupts {
            flag.store(true, Ordering::Relaxed);
        }
        true
    });
    let mut s = Session::new(std::io::stdout().lock());
    s.engine.set_interrupt(interrupt.clone());
    s.input = Some(Input { lines: rx, pending: VecDeque::new(), interrupt });
    while let Some(line) = s.next_line() {
        if s.handle(&line) == Flow::Quit || s.out_failed {
            break;
        }
    }
    if s.out_failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn parse_bool(v: &str) -> Result<bool, String> {
    match v.to_ascii_lowercase().as_str() {
        "1" | "true" | "on" => Ok(true),
        "0" | "false" | "off" => Ok(false),
        _ => Err(format!("expected 0 or 1, got '{v}'")),
    }
}

impl<W: Write> Session<W> {
    /// A session with an empty 11×11 board, the swap rule off.
    pub fn new(out: W) -> Self {
        let pos = Position::square(DEFAULT_SIZE).expect("the default size is valid");
        Session {
            out,
            engine: Engine::new(),
            pos,
            resigned: None,
            swap: false,
            move_time_s: DEFAULT_MOVE_TIME_S,
            clock_s: [None, None],
            convention: Convention::default(),
            resign_proved_loss: true,
            hex_eval: "playouts",
            input: None,
            out_failed: false,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// The next input line of a session on stdin: one taken during a `genmove` first, else the next from the
    /// reader (`None` at the end of input, or without an input).
    fn next_line(&mut self) -> Option<String> {
        let input = self.input.as_mut()?;
        input.pending.pop_front().or_else(|| input.lines.recv().ok())
    }

    /// Lowers the interrupt flag, then moves the lines that arrived meanwhile to `pending`: whether one of them
    /// is `# interrupt`. (The reader sends a line before raising the flag, so lowering first loses none.)
    fn interrupt_arrived(&mut self) -> bool {
        let Some(input) = self.input.as_mut() else { return false };
        input.interrupt.store(false, Ordering::Relaxed);
        let mut found = false;
        loop {
            match input.lines.try_recv() {
                Ok(line) => {
                    found |= is_interrupt_line(&line);
                    input.pending.push_back(line);
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return found,
            }
        }
    }

    /// Handles one input line: writes its answer (none for an empty or comment line).
    pub fn handle(&mut self, raw: &str) -> Flow {
        let line: String = raw.chars().filter(|c| !c.is_control() || *c == '\t').collect();
        let line = line.split('#').next().unwrap_or("").replace('\t', " ");
        let mut words = line.split_whitespace().peekable();
        let id = match words.peek() {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => words.next().map(str::to_string),
            _ => None,
        };
        let Some(cmd) = words.next() else {
            if let Some(id) = id {
                self.answer(&id, Err("missing command".into()));
            }
            return Flow::Continue;
        };
        let args: Vec<&str> = words.collect();
        let cmd = cmd.to_string();
        let id = id.unwrap_or_default();
        let result = self.run(&cmd, &args);
        self.answer(&id, result);
        if cmd == "quit" { Flow::Quit } else { Flow::Continue }
    }

    fn answer(&mut self, id: &str, result: Result<String, String>) {
        let text = match result {
            Ok(r) if r.is_empty() => format!("={id}\n\n"),
            Ok(r) if r.starts_with('\n') => format!("={id}{r}\n\n"),
            Ok(r) => format!("={id} {r}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        if self.out.write_all(text.as_bytes()).and_then(|_| self.out.flush()).is_err() {
            self.out_failed = true;
        }
    }

    fn new_game(&mut self, width: usize, height: usize) -> Result<(), String> {
        let mut pos = Position::new(width, height).map_err(|e| format!("unacceptable size: {e}"))?;
        pos.set_swap_rule(self.swap);
        self.pos = pos;
        self.resigned = None;
        Ok(())
    }

    fn winner(&self) -> Option<Color> {
        self.resigned.map(Color::opponent).or_else(|| self.pos.winner())
    }

    fn run(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        let nargs = |min: usize, max: usize| check_args(cmd, args, min, max);
        if let Some(result) = gtp_analyze::run(cmd, args, &self.pos, self.convention) {
            return result;
        }
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("duiyi".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                nargs(1, 1)?;
                Ok(COMMANDS.contains(&args[0]).to_string())
            }
            "list_commands" => Ok(format!("\n{}", COMMANDS.join("\n"))),
            "quit" => Ok(String::new()),
            "hexgui-analyze_commands" => Ok(format!("\n{ANALYZE_COMMANDS}")),
            "gogui-interrupt" => {
                nargs(0, 0)?;
                Ok(String::new())
            }
            "boardsize" => {
                nargs(1, 2)?;
                let side = |a: &str| -> Result<usize, String> {
                    let n: usize = a.parse().map_err(|_| format!("boardsize: '{a}' is not a whole number"))?;
                    if !(1..=MAX_SIDE).contains(&n) {
                        return Err(format!("unacceptable size: {n} (each side must be 1..{MAX_SIDE})"));
                    }
                    Ok(n)
                };
                let w = side(args[0])?;
                let h = match args.get(1) {
                    Some(a) => side(a)?,
                    None => w,
                };
                self.new_game(w, h)?;
                Ok(String::new())
            }
            "clear_board" => {
                nargs(0, 0)?;
                self.new_game(self.pos.width(), self.pos.height())?;
                Ok(String::new())
            }
            "play" => {
                nargs(2, 2)?;
                let color = parse_color(Some(args[0]))?;
                if let Some(w) = self.winner() {
                    return Err(format!("the game is over: {w} has won"));
                }
                if args[1].eq_ignore_ascii_case("resign") {
                    self.resigned = Some(color);
                    return Ok(String::new());
                }
                let mv = Move::parse(args[1]).map_err(|e| format!("illegal move: {e}"))?;
                self.pos.try_play_as(color, mv).map_err(|e| format!("illegal move: {e}"))?;
                Ok(String::new())
            }
            "genmove" => {
                nargs(1, 1)?;
                let color = parse_color(Some(args[0]))?;
                self.genmove(color)
            }
            "undo" => {
                nargs(0, 0)?;
                if self.resigned.take().is_some() {
                    return Ok(String::new());
                }
                self.pos.undo().map(|_| String::new()).ok_or_else(|| "cannot undo: no move to take back".into())
            }
            "showboard" => Ok(format!("\n{}", self.pos.to_string().trim_end())),
            "final_score" => Ok(match self.winner() {
                Some(Color::Black) => "B+".into(),
                Some(Color::White) => "W+".into(),
                None => "cannot score".into(),
            }),
            "loadsgf" => {
                nargs(1, 2)?;
                self.loadsgf(args[0], args.get(1).copied())
            }
            "time_left" => {
                nargs(0, 2)?;
                let show = |c: Option<f64>| c.map_or("unset".to_string(), |t| format!("{t}"));
                match args.len() {
                    0 => Ok(format!("Black: {}, White: {}", show(self.clock_s[0]), show(self.clock_s[1]))),
                    1 => Ok(show(self.clock_s[parse_color(Some(args[0]))?.index()])),
                    _ => {
                        let c = parse_color(Some(args[0]))?;
                        let t: f64 = args[1].parse().map_err(|_| format!("time_left: '{}' is not a number of seconds", args[1]))?;
                        if !t.is_finite() {
                            return Err(format!("time_left: '{}' is not a finite number of seconds", args[1]));
                        }
                        self.clock_s[c.index()] = Some(t.max(0.0));
                        Ok(String::new())
                    }
                }
            }
            "param_game" => self.param_game(args),
            "param_mcts" => self.param_mcts(args),
            "all_legal_moves" => {
                nargs(0, 1)?;
                if let Some(c) = args.first() {
                    parse_color(Some(c))?;
                }
                if self.winner().is_some() {
                    return Ok(String::new());
                }
                Ok(self.pos.legal_moves().iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" "))
            }
            _ => Err(format!("unknown command '{cmd}'")),
        }
    }

    /// `param_mcts`: the playout search's parameters (engine options `Mcts…`, see `hex::driver::Player`):
    /// with no argument the list, with `NAME VALUE` one set (`threads`: the engine's `Threads`, root-parallel
    /// trees as MoHex's `num_threads`; `knowledge`, `expand`, `exploration`, `rave_k`,
    /// `bridges`, `hsearch_cells`, `wide_root`, `root_children`, `solver_empties`, `solver_share`, `solver_rate`,
    /// `priors`, `prior_bias`, `tree_parallel`, `solver_thread`).
    fn param_mcts(&mut self, args: &[&str]) -> Result<String, String> {
        const NAMES: [(&str, &str); 16] = [
            ("threads", "Threads"),
            ("knowledge", "MctsKnowledge"),
            ("expand", "MctsExpand"),
            ("exploration", "MctsExploration"),
            ("rave_k", "MctsRaveK"),
            ("bridges", "MctsBridges"),
            ("hsearch_cells", "MctsHsearchCells"),
            ("wide_root", "MctsWideRoot"),
            ("root_children", "MctsRootChildren"),
            ("solver_empties", "MctsSolverEmpties"),
            ("solver_share", "MctsSolverShare"),
            ("solver_rate", "MctsSolverRate"),
            ("priors", "MctsPriors"),
            ("prior_bias", "MctsPriorBias"),
            ("tree_parallel", "MctsTreeParallel"),
            ("solver_thread", "MctsSolverThread"),
        ];
        match args {
            [] => {
                let o = self.engine.hex_mcts_options();
                Ok(format!(
                    "\n[string] threads {}\n[string] knowledge {}\n[string] expand {}\n[string] exploration {}\n[string] rave_k {}\n[bool] bridges {}\n[string] hsearch_cells {}\n[bool] wide_root {}\n[bool] root_children {}\n[string] solver_empties {}\n[string] solver_share {}\n[string] solver_rate {}\n[bool] priors {}\n[string] prior_bias {}\n[bool] tree_parallel {}\n[bool] solver_thread {}",
                    self.engine.threads(),
                    o.knowledge_after,
                    o.expand_after,
                    o.exploration,
                    o.rave_k,
                    o.bridge_playouts as u8,
                    o.hsearch_cells,
                    o.wide_root as u8,
                    o.root_children as u8,
                    o.solver_empties,
                    o.solver_share,
                    o.solver_rate,
                    o.priors as u8,
                    o.prior_bias,
                    o.tree_parallel as u8,
                    o.solver_thread as u8
                ))
            }
            [name, value] => {
                let option = NAMES.iter().find(|(n, _)| n == name).map(|(_, o)| *o).ok_or_else(|| {
                    format!("param_mcts: unknown parameter '{name}' (threads, knowledge, expand, exploration, rave_k, bridges, hsearch_cells, wide_root, root_children, solver_empties, solver_share, solver_rate, priors, prior_bias, tree_parallel, solver_thread)")
                })?;
                let value = match *value {
                    "0" if matches!(*name, "bridges" | "wide_root" | "root_children" | "priors" | "tree_parallel" | "solver_thread") => "false",
                    "1" if matches!(*name, "bridges" | "wide_root" | "root_children" | "priors" | "tree_parallel" | "solver_thread") => "true",
                    v => v,
                };
                self.engine.set_option(option, value).map_err(|e| format!("param_mcts {name}: {e}"))?;
                Ok(String::new())
            }
            _ => Err("param_mcts: expected no argument or NAME VALUE".into()),
        }
    }

    fn param_game(&mut self, args: &[&str]) -> Result<String, String> {
        match args {
            [] => Ok(format!(
                "\n[bool] allow_swap {}\n[string] move_time {}\n[list/queenbee/benzene] convention {}\n[list/0/1/2/3/4/5/6/7/8] level {}\n[bool] resign_proved_loss {}\n[list/playouts/queenbee] hex_eval {}",
                self.swap as u8,
                self.move_time_s,
                self.convention.name(),
                self.engine.level(),
                self.resign_proved_loss as u8,
                self.hex_eval
            )),
            [name, value] => {
                match *name {
                    "allow_swap" => {
                        self.swap = parse_bool(value).map_err(|e| format!("param_game allow_swap: {e}"))?;
                        self.pos.set_swap_rule(self.swap);
                    }
                    "move_time" => {
                        let t: f64 = value.parse().map_err(|_| format!("param_game move_time: '{value}' is not a number of seconds"))?;
                        if !(t.is_finite() && t > 0.0 && t <= 86_400.0) {
                            return Err(format!("param_game move_time: {value} must be more than 0 and at most 86400 seconds"));
                        }
                        self.move_time_s = t;
                    }
                    "convention" => {
                        self.convention = Convention::parse(value)
                            .ok_or_else(|| format!("param_game convention: '{value}' (expected queenbee or benzene)"))?;
                    }
                    "hex_eval" => {
                        let e = crate::hex::driver::HexEval::parse(value)
                            .ok_or_else(|| format!("param_game hex_eval: '{value}' (expected playouts or queenbee)"))?;
                        self.engine.set_option("HexEval", value).map_err(|e| format!("param_game hex_eval: {e}"))?;
                        self.hex_eval = match e {
                            crate::hex::driver::HexEval::Playouts => "playouts",
                            crate::hex::driver::HexEval::Queenbee => "queenbee",
                        };
                    }
                    "resign_proved_loss" => {
                        self.resign_proved_loss = parse_bool(value).map_err(|e| format!("param_game resign_proved_loss: {e}"))?;
                    }
                    // The engine's `Level` (0 = full strength, 1–8: `crate::levels`) and `LevelSeed`.
                    "level" => self.engine.set_option("Level", value).map_err(|e| format!("param_game level: {e}"))?,
                    "level_seed" => self.engine.set_option("LevelSeed", value).map_err(|e| format!("param_game level_seed: {e}"))?,
                    other => {
                        return Err(format!(
                            "param_game: unknown parameter '{other}' (allow_swap, move_time, convention, level, level_seed, resign_proved_loss, hex_eval)"
                        ));
                    }
                }
                Ok(String::new())
            }
            _ => Err("param_game: expected no argument or NAME VALUE".into()),
        }
    }

    fn loadsgf(&mut self, file: &str, move_number: Option<&str>) -> Result<String, String> {
        let text = std::fs::read_to_string(file).map_err(|e| format!("cannot load file '{file}': {e}"))?;
        let game = crate::hex::sgf::load(&text).map_err(|e| format!("loadsgf: {e}"))?;
        let mut pos = game.position;
        let mut resigned = game.resigned;
        if let Some(n) = move_number {
            let n: usize = n.parse().map_err(|_| format!("loadsgf: move number '{n}' is not a whole number"))?;
            if n == 0 {
                return Err("loadsgf: move numbers start at 1".into());
            }
            // The position before move n: moves 1..n-1 played.
            if pos.ply() >= n {
                resigned = None;
                while pos.ply() >= n {
                    pos.undo();
                }
            }
        }
        self.swap = pos.swap_rule();
        self.pos = pos;
        self.resigned = resigned;
        Ok(String::new())
    }

    /// `genmove COLOR`: the engine's move for `color`, played on the board; `resign` on a finished game or (with
    /// `resign_proved_loss`) a proved loss. A `# interrupt` line stops the search: its best move so far.
    fn genmove(&mut self, color: Color) -> Result<String, String> {
        if self.winner().is_some() {
            return Ok("resign".into());
        }
        if color != self.pos.to_move() {
            return Err(format!("{color} cannot move: it is {}'s turn", self.pos.to_move()));
        }
        if self.resign_proved_loss
            && knowledge::analyse(&self.pos).is_some_and(|k| matches!(k.verdict, Verdict::Loss { .. }))
        {
            self.resigned = Some(color);
            return Ok("resign".into());
        }
        let params = match self.clock_s[color.index()] {
            Some(t) => {
                let ms = t * 1000.0;
                match color {
                    Color::White => GoParams { wtime: Some(ms), ..Default::default() },
                    Color::Black => GoParams { btime: Some(ms), ..Default::default() },
                }
            }
            None => GoParams { movetime: Some(self.move_time_s * 1000.0), ..Default::default() },
        };
        self.engine.set_hex_position(self.pos.clone()).map_err(|e| e.to_string())?;
        self.engine.go(params).map_err(|e| e.to_string())?;
        // Not time-sliced: `step` returns after each iteration, at the search's limits, or when the reader
        // raised the interrupt flag; an interrupt then stops the search, whose next step is `Done`.
        let mut proved_loss = false;
        let best = loop {
            if self.interrupt_arrived() {
                self.engine.stop();
            }
            match self.engine.step(f64::INFINITY) {
                Step::Searching(infos) | Step::Waiting(infos) => {
                    proved_loss |= infos.iter().any(|i| i.mate.is_some_and(|m| m < 0));
                }
                Step::Done { bestmove, infos, .. } => {
                    proved_loss |= infos.iter().any(|i| i.mate.is_some_and(|m| m < 0));
                    break bestmove;
                }
                Step::Idle => break None,
            }
        };
        // The search proved the loss (the playout search's solver, or alpha-beta's mate score).
        if self.resign_proved_loss && proved_loss {
            self.resigned = Some(color);
            return Ok("resign".into());
        }
        let legal = self.pos.legal_moves();
        let mv = match best {
            Some(GameMove::Hex(m)) if legal.contains(&m) => m,
            // No move from the search (stopped before its first iteration) although nobody has won: the first
            // candidate of the position's knowledge, else the first legal move (the board is never full here).
            _ => knowledge::analyse(&self.pos)
                .and_then(|k| k.candidates.first().map(|&c| Move::Place(c)))
                .filter(|m| legal.contains(m))
                .or_else(|| legal.first().copied())
                .ok_or_else(|| HexError::GameOver { winner: color.opponent() }.to_string())?,
        };
        self.pos.try_play_as(color, mv).map_err(|e| format!("engine move {mv}: {e}"))?;
        Ok(mv.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `lines` through a session without stdin and returns its output.
    fn session_output(lines: &[&str]) -> String {
        let mut s = Session::new(Vec::new());
        for l in lines {
            s.handle(l);
        }
        String::from_utf8(s.out).unwrap()
    }

    #[test]
    fn the_interrupt_comment_is_recognised_in_its_usual_spellings_only() {
        for yes in ["# interrupt", "# interrupt\n", "#interrupt", "  #  INTERRUPT \r\n"] {
            assert!(is_interrupt_line(yes), "{yes:?}");
        }
        for no in ["interrupt", "# interrupted", "# stop", "genmove b # interrupt", "#"] {
            assert!(!is_interrupt_line(no), "{no:?}");
        }
        // Without stdin, the comment is answered by nothing and interrupts nothing.
        assert_eq!(session_output(&["# interrupt", "1 gogui-interrupt"]), "=1\n\n");
    }

    #[test]
    fn a_proved_loss_is_resigned_and_recorded_unless_the_parameter_is_off() {
        let moves = ["play b b2", "play w a5", "play b c3", "play w e1", "play b d4"];
        let mut lines = vec!["boardsize 5"];
        lines.extend(moves);
        lines.extend(["1 genmove w", "2 final_score", "3 undo", "param_game resign_proved_loss 0", "param_game move_time 0.05", "4 genmove w"]);
        let out = session_output(&lines);
        assert!(out.contains("=1 resign\n\n=2 B+\n\n=3\n\n"), "{out}");
        let after = out.split("=4 ").nth(1).expect("genmove answered");
        let mv = after.trim_end();
        assert!(mv != "resign" && crate::hex::Cell::parse(mv).is_ok(), "{out}");
    }
}
