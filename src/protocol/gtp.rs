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
//!   move; `resign` when the game is already over. Time: `time_left COLOR SECONDS` (Benzene's form) gives that
//!   side a clock, managed as a UCI `go wtime/btime` (White's time is `wtime`); without one, each move gets
//!   `move_time` seconds (default [`DEFAULT_MOVE_TIME_S`]), set with `param_game move_time S`;
//! - `undo` (takes back a resignation first, else the last move), `showboard`, `final_score` (`B+`, `W+`, or
//!   `cannot score` while nobody has won, as Benzene), `loadsgf FILE [MOVE_NUMBER]` (the position before move
//!   MOVE_NUMBER, counting from 1), `param_game` (`[bool] allow_swap`, `[string] move_time`, `[list/queenbee/benzene]
//!   convention`, `[list/0/…/8] level` (the engine's `Level`), `level_seed` (write-only); `param_game NAME VALUE`
//!   sets one), `all_legal_moves [COLOR]`;
//! - analyze commands for HexGui's board (`pspairs`: ` cell value` pairs; unreachable and occupied cells are left
//!   out, except in the two-distance maps where an unreachable empty cell shows `-1`, as Benzene's `eval-twod`):
//!   `duiyi-twod north|south|west|east` (two-distance of every empty cell to that edge, Queenbee's definition or
//!   Benzene's per `convention`), `duiyi-potential COLOR` (the side's potential), `duiyi-total` (sum of both
//!   potentials), `duiyi-badness`, `duiyi-tension` (for the side to move), and `duiyi-eval` (a `string`: board
//!   potentials, attack mobility and Queenbee's eval).

use crate::engine::{Engine, GameMove};
use crate::hex::eval::Maps;
use crate::hex::two_distance::{Convention, INFINITY};
use crate::hex::{Color, Edge, HexError, MAX_SIDE, Move, Position};
use crate::search::limits::GoParams;
use std::io::{BufRead, Write};
use std::process::ExitCode;

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
    "all_legal_moves",
    "hexgui-analyze_commands",
    "duiyi-twod",
    "duiyi-potential",
    "duiyi-total",
    "duiyi-badness",
    "duiyi-tension",
    "duiyi-eval",
];

/// The analyze commands HexGui shows (type/label/command, as in GoGui's analyze-command files).
const ANALYZE_COMMANDS: &str = "param/Game Param/param_game
string/ShowBoard/showboard
string/Final Score/final_score
plist/All Legal Moves/all_legal_moves %c
pspairs/Two-Distance to North (Black)/duiyi-twod north
pspairs/Two-Distance to South (Black)/duiyi-twod south
pspairs/Two-Distance to West (White)/duiyi-twod west
pspairs/Two-Distance to East (White)/duiyi-twod east
pspairs/Potential/duiyi-potential %c
pspairs/Total Potential/duiyi-total
pspairs/Move Badness/duiyi-badness
pspairs/Move Tension/duiyi-tension
string/Queenbee Evaluation/duiyi-eval";

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
    /// Set when writing stdout failed: the session ends.
    pub out_failed: bool,
}

/// Reads GTP commands from stdin until `quit` or EOF.
pub fn run_stdio() -> ExitCode {
    let stdin = std::io::stdin();
    let mut s = Session::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        if s.handle(&line) == Flow::Quit || s.out_failed {
            break;
        }
    }
    if s.out_failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn parse_color(arg: Option<&str>) -> Result<Color, String> {
    let a = arg.ok_or("missing color (b or w)")?;
    match a.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(format!("invalid color '{a}' (expected b or w)")),
    }
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
            out_failed: false,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
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

    fn maps(&self) -> Maps {
        Maps::compute(&self.pos, self.convention)
    }

    /// ` cell value` pairs of a per-cell map, skipping cells where `value` is `None`.
    fn pspairs(&self, values: impl Fn(usize) -> Option<String>) -> String {
        let g = self.pos.geometry();
        let mut s = String::new();
        for i in 0..g.cells() {
            if let Some(v) = values(i) {
                s.push_str(&format!(" {} {v}", g.cell(i)));
            }
        }
        s.trim_start().to_string()
    }

    fn run(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        let nargs = |min: usize, max: usize| -> Result<(), String> {
            if args.len() < min || args.len() > max {
                let want = if min == max { format!("{min}") } else { format!("{min} to {max}") };
                return Err(format!("{cmd}: expected {want} argument(s), got {}", args.len()));
            }
            Ok(())
        };
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
            "duiyi-twod" => {
                nargs(1, 1)?;
                let edge = match args[0].to_ascii_lowercase().as_str() {
                    "north" | "n" => Edge::North,
                    "south" | "s" => Edge::South,
                    "west" | "w" => Edge::West,
                    "east" | "e" => Edge::East,
                    other => return Err(format!("duiyi-twod: unknown edge '{other}' (expected north, south, west or east)")),
                };
                let m = self.maps();
                let map = &m.two_distance[edge.index()];
                Ok(self.pspairs(|i| {
                    (m.stones[i] == 0).then(|| if map[i] == INFINITY { "-1".into() } else { map[i].to_string() })
                }))
            }
            "duiyi-potential" => {
                nargs(1, 1)?;
                let c = parse_color(Some(args[0]))?;
                let m = self.maps();
                Ok(self.finite_pairs(&m.potential[c.index()]))
            }
            "duiyi-total" => {
                nargs(0, 0)?;
                let m = self.maps();
                Ok(self.finite_pairs(&m.total))
            }
            "duiyi-badness" => {
                nargs(0, 0)?;
                let m = self.maps();
                Ok(self.finite_pairs(&m.badness))
            }
            "duiyi-tension" => {
                nargs(0, 0)?;
                let m = self.maps();
                Ok(self.pspairs(|i| m.tension[i].map(|t| t.to_string())))
            }
            "duiyi-eval" => {
                nargs(0, 0)?;
                let m = self.maps();
                let bp = |c: Color| {
                    let v = m.board_potential[c.index()];
                    if v == INFINITY { "inf".to_string() } else { v.to_string() }
                };
                Ok(format!(
                    "to_move {} board_potential black {} white {} attack_mobility black {} white {} eval {} eval_black {} convention {}",
                    m.to_move,
                    bp(Color::Black),
                    bp(Color::White),
                    m.attack_mobility[0],
                    m.attack_mobility[1],
                    m.eval,
                    m.eval_black,
                    m.convention.name()
                ))
            }
            _ => Err(format!("unknown command '{cmd}'")),
        }
    }

    fn finite_pairs(&self, map: &[u16]) -> String {
        self.pspairs(|i| (map[i] != INFINITY).then(|| map[i].to_string()))
    }

    fn param_game(&mut self, args: &[&str]) -> Result<String, String> {
        match args {
            [] => Ok(format!(
                "\n[bool] allow_swap {}\n[string] move_time {}\n[list/queenbee/benzene] convention {}\n[list/0/1/2/3/4/5/6/7/8] level {}",
                self.swap as u8,
                self.move_time_s,
                self.convention.name(),
                self.engine.level()
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
                    // The engine's `Level` (0 = full strength, 1–8: `crate::levels`) and `LevelSeed`.
                    "level" => self.engine.set_option("Level", value).map_err(|e| format!("param_game level: {e}"))?,
                    "level_seed" => self.engine.set_option("LevelSeed", value).map_err(|e| format!("param_game level_seed: {e}"))?,
                    other => {
                        return Err(format!(
                            "param_game: unknown parameter '{other}' (allow_swap, move_time, convention, level, level_seed)"
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

    /// `genmove COLOR`: the engine's move for `color`, played on the board.
    fn genmove(&mut self, color: Color) -> Result<String, String> {
        if self.winner().is_some() {
            return Ok("resign".into());
        }
        if color != self.pos.to_move() {
            return Err(format!("{color} cannot move: it is {}'s turn", self.pos.to_move()));
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
        let (_, best, _) = self.engine.search_blocking(params).map_err(|e| e.to_string())?;
        let mv = match best {
            Some(GameMove::Hex(m)) => m,
            // No move from the search although nobody has won: any legal move (the board is never full here).
            _ => *self.pos.legal_moves().first().ok_or_else(|| HexError::GameOver { winner: color.opponent() }.to_string())?,
        };
        self.pos.try_play_as(color, mv).map_err(|e| format!("engine move {mv}: {e}"))?;
        Ok(mv.to_string())
    }
}
