//! `duiyi hex <subcommand>`: Hex from the command line, one line of JSON on stdout (errors: the reason, and
//! the binary exits with status 2).
//!
//! * `duiyi hex potentials --size N[xM] [--convention queenbee|benzene] [--sgf FILE | --moves "b:c3 w:d2 …"]
//!   [--swap]` — every map of the position as JSON:
//!   `{"two_distance": {"black": {"north": M, "south": M}, "white": {"west": M, "east": M}},
//!   "potential": {"black": M, "white": M}, "board_potential": {"black": n, "white": n},
//!   "attack_mobility": {"black": n, "white": n}, "badness": M, "tension": M, "to_move": "black"|"white",
//!   "eval": n}` where each `M` is a list of rows from row 1, each row a list of cells from column `a`, and
//!   `null` marks an occupied or unreachable cell (an infinite board potential is `null` too). `eval` is
//!   Queenbee's eval from the side to move's view; tension is for the side to move
//!   (see [`super::eval`]).
//!
//! * `duiyi hex review FILE.sgf | --size N --moves "…"` — the game review, a readable report (or `--json`), and
//!   `duiyi hex hint …` — the hint as JSON: see [`super::review_cli`].
//!
//! Positions: `--size N` (square) or `--size WxH` (columns × rows, as SGF's `SZ[w:h]`), default 11; `--sgf FILE`
//! loads a record (its size; `--size`, if also given, must agree); `--moves` are played after it, each `c3`
//! (the side to move), `b:c3` / `w:d2` (that side, which must be to move) or `swap-pieces`; `--swap` turns the
//! swap rule on (off otherwise).
//!
//! New subcommands are added in [`run`]'s table; [`Args`] and [`position_from_args`] are shared by them.

pub use super::cli_args::{Args, parse_size, position_from_args};
use super::eval::Maps;
use super::two_distance::Convention;
use super::{Color, Edge};
use serde_json::{Value, json};

/// Help text of `duiyi hex`.
pub const USAGE: &str = "usage:\n  \
duiyi hex potentials --size N[xM] [--convention queenbee|benzene] [--sgf FILE | --moves \"b:c3 w:d2 ...\"] [--swap]\n    \
every two-distance map, potentials, badness, tension, board potentials, attack mobility and eval as JSON\n  \
duiyi hex solve --size N[xM] [--sgf FILE | --moves \"b:c3 w:d2 ...\"] [--swap] [--time-limit SECONDS] [--winner-only]\n    \
who wins with perfect play, and every winning move: {\"to_move\", \"winner\" (null: not proved in time), \"winning_moves\", \"complete\", \"nodes\", \"time_ms\"}\n  \
duiyi hex bench [--solve-limit SECONDS | --no-solve] [--openings a1,e3,...] [--search-ms MS]\n    \
the 36 6x6 openings (or those listed) solved (result, nodes, time of each), search nodes/s and depth in 1 s on 11x11, map timings; last line 'nodes N nps M'\n  \
duiyi hex genmove --size N[xM] [--sgf FILE | --moves \"b:c3 w:d2 ...\"] [--swap] (--nodes N | --movetime MS) [--eval playouts|queenbee] [--options Name=value,...]\n    \
the engine's move at a node limit (playouts for MCTS), as the browser worker searches it, or for --movetime MS (timed; with Threads the trees search in parallel): {\"bestmove\", \"ponder\", \"nodes\", \"depth\", \"score\", \"eval\", \"time_ms\", \"nps\", \"iterations\": [[playouts, ms], ...]}\n  \
duiyi hex review FILE.sgf | --size N[xM] --moves \"...\" [--swap] [--playouts N] [--solve-ms MS] [--solve-nodes N] [--solve-total-ms MS] [--json]\n    \
the game reviewed: evaluation and board potentials of every position, the solver-proved losing move with a proved winning alternative, heuristic mistakes (a report; --json for the whole review)\n  \
duiyi hex hint --size N[xM] [--sgf FILE | --moves \"...\"] [--swap] [--ms MS]\n    \
the hint for the side to move: {\"move\", \"proved\", \"area\", \"nodes\", \"time_ms\"}\n  \
duiyi hex vc --size N[xM] [--sgf FILE | --moves \"...\"] [--swap] [--limits plain|default|solver|wide|root] [--fulls N] [--semis N] [--edge-semis N] [--or-depth N] [--cell-pair N] [--or-greedy] [--fill]\n    \
both sides' edge-to-edge virtual connections and the side to move's must-play region: {\"to_move\", \"must_play\", \"black\": {\"full\", \"semis\", \"steps\", \"ms\"}, \"white\": ...}; --fill: on the board with its inferior cells filled in\n";

/// Runs `duiyi hex <subcommand> …`; returns the line to print on stdout, or the reason for stderr.
///
/// # Errors
/// An unknown subcommand or bad arguments, with the reason.
pub fn run(args: &[String]) -> Result<String, String> {
    match args.first().map(String::as_str) {
        Some("potentials") => potentials(&args[1..]),
        Some("solve") => solve_cmd(&args[1..]),
        Some("bench") => bench_cmd(&args[1..]),
        Some("genmove") => genmove_cmd(&args[1..]),
        Some("review") => super::review_cli::review_cmd(&args[1..]),
        Some("hint") => super::review_cli::hint_cmd(&args[1..]),
        Some("vc") => vc_cmd(&args[1..]),
        Some("help" | "--help" | "-h") => Ok(USAGE.trim_end().to_string()),
        Some(other) => Err(format!("hex: unknown subcommand '{other}'\n{USAGE}")),
        None => Err(format!("hex: a subcommand is needed\n{USAGE}")),
    }
}

/// `duiyi hex genmove`: the engine's move at a node limit (see [`USAGE`]); the same `Engine` and sliced
/// driver as the browser worker, so the wasm build gives the same answer (tests/browser/hex-native-wasm). With
/// `--movetime MS` instead, a timed search (not reproducible; several `Threads` search in parallel only then):
/// `nodes` and `nps` are those of its last completed iteration, every thread's playouts counted; `iterations`
/// lists every iteration reported as `[playouts, ms since go]`.
fn genmove_cmd(args: &[String]) -> Result<String, String> {
    let a = Args::parse("genmove", args, &["--size", "--sgf", "--moves", "--nodes", "--movetime", "--eval", "--options"], &["--swap"])?;
    let pos = position_from_args(&a)?;
    let whole = |name: &str, v: &str| -> Result<u64, String> {
        match v.parse::<u64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(format!("genmove: {name} must be a whole number of at least 1")),
        }
    };
    let params = match (a.value("--nodes"), a.value("--movetime")) {
        (Some(n), None) => crate::search::limits::GoParams { nodes: Some(whole("--nodes", n)?), ..Default::default() },
        (None, Some(ms)) => crate::search::limits::GoParams { movetime: Some(whole("--movetime", ms)? as f64), ..Default::default() },
        _ => return Err("genmove: --nodes N or --movetime MS is needed (a search bounded by nodes gives the same move everywhere)".into()),
    };
    let eval = a.value("--eval").unwrap_or("playouts");
    let mut engine = crate::engine::Engine::new();
    engine.set_hex_position(pos).map_err(|e| e.to_string())?;
    engine.set_option("HexEval", eval).map_err(|e| format!("genmove: --eval {eval}: {e}"))?;
    // Engine options as `Name=value,Name=value` (the UCI/GTP names, e.g. MctsHsearchCells=2).
    for kv in a.value("--options").unwrap_or("").split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').ok_or_else(|| format!("genmove: --options {kv}: expected Name=value"))?;
        engine.set_option(k, v).map_err(|e| format!("genmove: --options {k}: {e}"))?;
    }
    engine.go(params).map_err(|e| format!("genmove: {e}"))?;
    let mut last = None;
    // Every iteration reported: [playouts, ms since go] (the time to a playout count measures threads).
    let mut iterations: Vec<(u64, u64)> = Vec::new();
    let start = crate::search::clock::now_ms();
    loop {
        match engine.step(1000.0) {
            crate::engine::Step::Done { infos, bestmove, ponder } => {
                iterations.extend(infos.iter().map(|i| (i.nodes, i.time_ms)));
                last = infos.into_iter().last().or(last);
                let (depth, nodes, score) = last.as_ref().map_or((0, 0, None), |i| (i.depth, i.nodes, i.cp.or(i.mate.map(|m| m * 100_000))));
                let ms = crate::search::clock::now_ms() - start;
                // nodes per second of the last iteration: its playouts over its own time (a timed search goes on
                // past it).
                let iteration_ms = last.as_ref().map_or(ms, |i| i.time_ms as f64);
                return Ok(json!({
                    "bestmove": bestmove.map(|m| m.to_string()),
                    "ponder": ponder.map(|m| m.to_string()),
                    "nodes": nodes, "depth": depth, "score": score, "eval": eval,
                    "time_ms": ms.round(), "nps": if iteration_ms > 0.0 { (nodes as f64 / iteration_ms * 1000.0).round() } else { 0.0 },
                    "iterations": iterations,
                })
                .to_string());
            }
            crate::engine::Step::Searching(infos) | crate::engine::Step::Waiting(infos) => {
                iterations.extend(infos.iter().map(|i| (i.nodes, i.time_ms)));
                last = infos.into_iter().last().or(last);
            }
            crate::engine::Step::Idle => return Err("genmove: the search did not start".into()),
        }
    }
}

/// A per-cell map as JSON rows, `null` for [`INFINITY`](super::INFINITY).
fn rows_json(m: &Maps, map: &[u16]) -> Value {
    json!(m.rows(map))
}

/// `null` for an infinite board potential.
fn opt(v: u16) -> Value {
    if v == super::INFINITY { Value::Null } else { json!(v) }
}

/// The JSON of `duiyi hex potentials` for maps `m` (shape in the module documentation).
pub fn maps_json(m: &Maps) -> Value {
    let (b, w) = (Color::Black.index(), Color::White.index());
    json!({
        "two_distance": {
            "black": {
                "north": rows_json(m, &m.two_distance[Edge::North.index()]),
                "south": rows_json(m, &m.two_distance[Edge::South.index()]),
            },
            "white": {
                "west": rows_json(m, &m.two_distance[Edge::West.index()]),
                "east": rows_json(m, &m.two_distance[Edge::East.index()]),
            },
        },
        "potential": { "black": rows_json(m, &m.potential[b]), "white": rows_json(m, &m.potential[w]) },
        "board_potential": { "black": opt(m.board_potential[b]), "white": opt(m.board_potential[w]) },
        "attack_mobility": { "black": m.attack_mobility[b], "white": m.attack_mobility[w] },
        "badness": rows_json(m, &m.badness),
        "tension": m.tension_rows(),
        "to_move": m.to_move.name(),
        "eval": m.eval,
    })
}

fn potentials(args: &[String]) -> Result<String, String> {
    let a = Args::parse("potentials", args, &["--size", "--convention", "--sgf", "--moves"], &["--swap"])?;
    let conv = match a.value("--convention") {
        None => Convention::Queenbee,
        Some(c) => Convention::parse(c)
            .ok_or_else(|| format!("hex potentials: --convention {c}: expected queenbee or benzene"))?,
    };
    let pos = position_from_args(&a).map_err(|e| format!("hex potentials: {e}"))?;
    Ok(maps_json(&Maps::compute(&pos, conv)).to_string())
}

/// `duiyi hex solve`: see [`super::solver::solve`].
fn solve_cmd(args: &[String]) -> Result<String, String> {
    let a = Args::parse("solve", args, &["--size", "--sgf", "--moves", "--time-limit"], &["--swap", "--winner-only"])?;
    let time_ms = match a.value("--time-limit") {
        None => None,
        Some(t) => match t.parse::<f64>() {
            Ok(s) if s.is_finite() && s > 0.0 => Some(s * 1000.0),
            _ => return Err(format!("hex solve: --time-limit {t}: expected a positive number of seconds")),
        },
    };
    let pos = position_from_args(&a).map_err(|e| format!("hex solve: {e}"))?;
    // --winner-only: stop at the first winning move (who wins, and one move that does).
    let limits = super::solver::SolveLimits { time_ms, all_winning_moves: !a.switch("--winner-only"), ..Default::default() };
    let r = super::solver::solve(&pos, limits).map_err(|e| format!("hex solve: {e}"))?;
    Ok(json!({
        "to_move": pos.to_move().name(),
        "winner": r.winner.map(|w| w.name()),
        "winning_moves": r.winning_moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "complete": r.complete,
        "nodes": r.nodes,
        "time_ms": r.time_ms.round() as u64,
    })
    .to_string())
}

/// `duiyi hex vc`: both sides' edge-to-edge virtual connections and the must-play region (see [`USAGE`]).
fn vc_cmd(args: &[String]) -> Result<String, String> {
    let knobs = ["--fulls", "--semis", "--edge-semis", "--or-depth", "--cell-pair"];
    let mut valued = vec!["--size", "--sgf", "--moves", "--limits"];
    valued.extend(knobs);
    let a = Args::parse("vc", args, &valued, &["--swap", "--fill", "--or-greedy"])?;
    let name = a.value("--limits").unwrap_or("default");
    let mut limits = super::vc::report::limits_by_name(name)
        .ok_or_else(|| format!("hex vc: --limits {name}: expected plain, default, solver, wide or root"))?;
    for k in knobs {
        if let Some(v) = a.value(k) {
            let n: usize = v.parse().ok().filter(|&n| (1..=128).contains(&n)).ok_or_else(|| format!("hex vc: {k} {v}: expected 1 to 128"))?;
            match k {
                "--fulls" => limits.fulls = n.min(64),
                "--semis" => limits.semis = n.min(64),
                "--edge-semis" => limits.edge_semis = n,
                "--or-depth" => limits.or_depth = n.min(8),
                _ => limits.cell_pair_carrier = n as u32,
            }
        }
    }
    limits.or_greedy |= a.switch("--or-greedy");
    let pos = position_from_args(&a).map_err(|e| format!("hex vc: {e}"))?;
    super::vc::report::report(&pos, limits, a.switch("--fill"))
        .map(|v| v.to_string())
        .ok_or_else(|| "hex vc: the game is over".to_string())
}

/// `duiyi hex bench`: see [`super::bench`].
fn bench_cmd(args: &[String]) -> Result<String, String> {
    let a = Args::parse("bench", args, &["--solve-limit", "--search-ms", "--openings"], &["--no-solve"])?;
    let mut o = super::bench::BenchOptions::default();
    if let Some(t) = a.value("--solve-limit") {
        let s: f64 = t.parse().ok().filter(|s: &f64| s.is_finite() && *s > 0.0)
            .ok_or_else(|| format!("hex bench: --solve-limit {t}: expected a positive number of seconds"))?;
        o.solve_ms = Some(s * 1000.0);
    }
    if let Some(list) = a.value("--openings") {
        o.openings = 0;
        for name in list.split(',') {
            o.openings |= super::bench::opening_bit(name.trim())
                .ok_or_else(|| format!("hex bench: --openings {list}: {name} is not a 6x6 cell a1..f6"))?;
        }
    }
    if a.switch("--no-solve") {
        o.solve_ms = None;
    }
    if let Some(t) = a.value("--search-ms") {
        o.search_ms = t.parse().ok().filter(|s: &f64| s.is_finite() && *s > 0.0)
            .ok_or_else(|| format!("hex bench: --search-ms {t}: expected a positive number of milliseconds"))?;
    }
    Ok(super::bench::run(o))
}
