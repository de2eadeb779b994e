//! UCI as Pikafish speaks it (Stockfish/Pikafish `src/uci.cpp`), with Xiangqi squares `a0`…`i9` (ranks 0–9, the
//! same ICCS coordinates UCCI uses).
//!
//! Commands: `uci` → `id …`, `option name …`, `uciok`; `isready` → `readyok`; `setoption name <X> [value <Y>]`;
//! `ucinewgame` (clears the hash); `position startpos|fen <FEN> [moves …]`; `go [wtime T] [btime T] [winc I]
//! [binc I] [movestogo M] [movetime T] [depth D] [nodes N] [infinite] [ponder] [searchmoves m …]` (times in
//! milliseconds; `mate` and `perft` are answered with `info string`); `ponderhit`; `stop`; `quit`; `d` (the FEN
//! as an `info string`); `debug`/`register` are accepted and ignored.
//!
//! Replies: `info depth D seldepth S multipv K score cp N|mate M nodes N nps N time T pv …` (K: the rank, 1–5, option `MultiPV`),
//! `bestmove M [ponder P]`, `bestmove (none)` when there is no legal move. `stop` when idle is ignored.

use super::{Flow, MAX_GO_DEPTH, Session, parse_count, parse_time};
use crate::engine::{DEFAULT_HASH_MIB, GameMove, Info, MAX_HASH_MIB};
use crate::search::limits::GoParams;
use crate::xiangqi::Move;
use std::io::Write;

/// The engine's technique switches (check options, default on).
const TECHNIQUES: [&str; 9] = ["NullMove", "LMR", "Killers", "History", "Aspiration", "CheckExtension", "TTCutoffs", "QsearchChecks", "Futility"];

/// Words that end a `searchmoves` list.
const GO_KEYWORDS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "infinite",
    "ponder",
    "mate",
    "perft",
];

/// Prints `id`, `option`s and `uciok`.
pub(super) fn announce<W: Write>(s: &mut Session<W>) {
    s.say(&format!("id name duiyi {}", env!("CARGO_PKG_VERSION")));
    s.say("id author duiyi developers");
    s.say("");
    s.say(&format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"));
    s.say("option name Clear Hash type button");
    s.say(&format!("option name Threads type spin default 1 min 1 max {}", crate::protocol::core_threads()));
    s.say("option name Ponder type check default false");
    s.say(&format!("option name MultiPV type spin default 1 min 1 max {}", crate::search::multipv::MAX_MULTIPV));
    s.say(&format!("option name PonderCandidates type spin default 1 min 1 max {}", crate::engine::MAX_PONDER_CANDIDATES));
    s.say("option name OwnBook type check default false");
    s.say("option name BookSeed type spin default 0 min 0 max 2147483647");
    s.say("option name Level type spin default 0 min 0 max 8");
    s.say("option name LevelSeed type spin default 0 min 0 max 4294967295");
    s.say(&format!("option name TargetMoveTime type spin default 0 min 0 max {}", crate::engine::MAX_TARGET_MOVE_MS));
    for t in TECHNIQUES {
        s.say(&format!("option name {t} type check default true"));
    }
    s.say("uciok");
}

/// Handles one UCI command (`cmd` lower-cased, `rest` the arguments).
pub(super) fn handle<W: Write>(s: &mut Session<W>, cmd: &str, rest: &str) -> Flow {
    match cmd {
        "uci" => announce(s),
        "isready" => s.say("readyok"),
        "setoption" => {
            s.make_idle("setoption");
            setoption(s, rest);
        }
        "ucinewgame" => {
            s.make_idle("ucinewgame");
            let _ = s.engine.set_option("Clear Hash", "");
        }
        "position" => {
            s.make_idle("position");
            s.position(rest);
        }
        "go" => {
            s.make_idle("go");
            go(s, rest);
        }
        "ponderhit" => {
            if s.engine.is_pondering() {
                let _ = s.engine.ponderhit();
            } else if s.engine.is_searching() {
                s.info_string("ponderhit: the running search is not a ponder search; ignored");
            } else {
                s.info_string("ponderhit: no search is running; ignored");
            }
        }
        "stop" => s.stop_search(),
        "quit" => {
            s.stop_search();
            return Flow::Quit;
        }
        "d" => {
            let fen = s.engine.xiangqi_position().fen();
            s.info_string(&format!("fen {fen}"));
        }
        "debug" | "register" => {}
        _ => s.info_string(&format!("unknown command '{}'", crate::echo(cmd))),
    }
    Flow::Continue
}

/// `setoption name <X> [value <Y>]` (names case-insensitive and may hold spaces, e.g. `Clear Hash`).
fn setoption<W: Write>(s: &mut Session<W>, rest: &str) {
    let lower = rest.to_ascii_lowercase();
    let Some(after_name) = lower.strip_prefix("name ").map(|_| &rest[5..]) else {
        s.info_string("setoption: expected 'setoption name <name> [value <value>]'");
        return;
    };
    let (name, value) = match after_name.to_ascii_lowercase().find(" value ") {
        Some(i) => (after_name[..i].trim(), after_name[i + " value ".len()..].trim()),
        None => (after_name.trim().trim_end_matches(" value").trim(), ""),
    };
    match name.to_ascii_lowercase().as_str() {
        "ponder" => {
            if !matches!(value.to_ascii_lowercase().as_str(), "true" | "false") {
                s.info_string(&format!("setoption Ponder: expected true or false, got '{}'", crate::echo(value)));
            }
        }
        "uci_variant" => {
            if !value.eq_ignore_ascii_case("xiangqi") {
                s.info_string(&format!("setoption UCI_Variant: only xiangqi is played, not '{}'", crate::echo(value)));
            }
        }
        _ => {
            if let Err(e) = s.engine.set_option(name, value) {
                s.info_string(&e.to_string());
            }
        }
    }
}

/// `go …` (see the module docs).
fn go<W: Write>(s: &mut Session<W>, rest: &str) {
    let mut p = GoParams::default();
    let mut notes: Vec<String> = Vec::new();
    let mut searchmoves: Option<Vec<Move>> = None;
    let tokens: Vec<&str> = rest.split_whitespace().collect();
    let mut i = 0;
    while i < tokens.len() {
        let key = tokens[i].to_ascii_lowercase();
        let value = tokens.get(i + 1).copied();
        let mut used = 1;
        let r: Result<(), String> = match key.as_str() {
            "infinite" => {
                p.infinite = true;
                Ok(())
            }
            "ponder" => {
                p.ponder = true;
                Ok(())
            }
            "wtime" | "btime" | "winc" | "binc" | "movetime" => {
                used = 2;
                parse_time(&key, value).map(|(t, n)| {
                    notes.extend(n);
                    match key.as_str() {
                        "wtime" => p.wtime = Some(t),
                        "btime" => p.btime = Some(t),
                        "winc" => p.winc = Some(t),
                        "binc" => p.binc = Some(t),
                        _ => p.movetime = Some(t),
                    }
                })
            }
            "movestogo" => {
                used = 2;
                parse_count("movestogo", value, 1, 999).map(|(m, n)| {
                    notes.extend(n);
                    p.movestogo = Some(m as u32);
                })
            }
            "depth" => {
                used = 2;
                parse_count("depth", value, 1, MAX_GO_DEPTH).map(|(d, n)| {
                    notes.extend(n);
                    p.depth = Some(d as u32);
                })
            }
            "nodes" => {
                used = 2;
                parse_count("nodes", value, 1, u64::MAX).map(|(n, note)| {
                    notes.extend(note);
                    p.nodes = Some(n);
                })
            }
            "mate" => {
                // No dedicated mate search: a full-width search of 2N-1 plies (plus extensions) finds a mate in N.
                used = 2;
                parse_count("mate", value, 1, 30).map(|(n, note)| {
                    notes.extend(note);
                    p.depth = Some((2 * n - 1).max(1) as u32);
                })
            }
            "perft" => {
                used = 2;
                Err(format!("'{key}' is not supported (use `duiyi perft`)"))
            }
            "searchmoves" => {
                let mut list = Vec::new();
                while let Some(t) = tokens.get(i + used) {
                    if GO_KEYWORDS.contains(&t.to_ascii_lowercase().as_str()) {
                        break;
                    }
                    match s.engine.xiangqi_position().parse_move(t) {
                        Ok(m) => list.push(m),
                        Err(e) => notes.push(format!("searchmoves: {e}; ignored")),
                    }
                    used += 1;
                }
                searchmoves = Some(list);
                Ok(())
            }
            other => Err(format!("unknown parameter '{}'", crate::echo(other))),
        };
        if let Err(e) = r {
            notes.push(format!("{e}; ignored"));
        }
        i += used;
    }
    // `searchmoves` restricts the root to its moves: everything else is excluded.
    let mut excluded = Vec::new();
    if let Some(list) = searchmoves {
        if list.is_empty() {
            notes.push("searchmoves: no legal move listed; searching all moves".into());
        } else {
            let legal = s.engine.xiangqi_position().legal_moves();
            excluded = legal.as_slice().iter().copied().filter(|m| !list.contains(m)).collect();
        }
    }
    let rejected = notes.iter().any(|n| n.ends_with("ignored"));
    for n in notes {
        s.info_string(&format!("go: {n}"));
    }
    super::fallback_limit(s, &mut p, rejected);
    s.start_go(p, &excluded);
}

/// `info depth D seldepth S multipv K score cp N|mate M nodes N nps N time T pv …` (K: the line's rank).
pub(super) fn info_line(info: &Info) -> String {
    let score = match (info.cp, info.mate) {
        (_, Some(m)) => format!("mate {m}"),
        (Some(cp), None) => format!("cp {cp}"),
        (None, None) => "cp 0".into(),
    };
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {score} nodes {} nps {} time {}",
        info.depth,
        info.seldepth,
        info.multipv.max(1),
        info.nodes,
        info.nps,
        info.time_ms
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&info.pv.join(" "));
    }
    line
}

/// `bestmove M [ponder P]`, or `bestmove (none)` with no legal move.
pub(super) fn bestmove_line(bestmove: Option<GameMove>, ponder: Option<GameMove>) -> String {
    match (bestmove, ponder) {
        (None, _) => "bestmove (none)".into(),
        (Some(m), Some(p)) => format!("bestmove {m} ponder {p}"),
        (Some(m), None) => format!("bestmove {m}"),
    }
}
