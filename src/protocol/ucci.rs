//! UCCI 3.0 as ElephantEye speaks it (`xqbase/eleeye:PROTOCOL/cchess_ucci.htm`, 2004, revised 2007;
//! reference implementation `eleeye/ucci.cpp` and `eleeye/eleeye.cpp`).
//!
//! Commands (spec §5): `ucci` → `id …`, `option …`, `ucciok`; `isready` → `readyok`; `setoption <name> [<value>]`
//! (no `name`/`value` keywords; a UCI-style `setoption name X value Y` is tolerated); `position {fen <FEN> |
//! startpos} [moves …]`; `banmoves <moves>` (cleared by the next `position`); `go [ponder | draw] {depth N |
//! nodes N | time T [movestogo M | increment I] [opptime T [oppmovestogo M | oppincrement I]] | infinite}`;
//! `ponderhit [draw]`; `stop`; `probe …` (answered `info string`, not supported); `quit` → `bye`.
//!
//! Replies: `info depth D seldepth S score N nodes N nps N time T pv …` (score in centipawns; a mate in `n` moves
//! is shown as ElephantEye does, `±(30000 − plies)`), `bestmove M [ponder P] [draw]`, `nobestmove` (no legal
//! move, `go depth 0`, or `stop` when idle — spec §3 note 6).
//!
//! Times: `go time` / `increment` are in **seconds** unless `setoption usemillisec true` was sent (spec §5.10;
//! GUIs send it whenever the engine lists `option usemillisec`, which it does). `time` alone, with neither
//! `movestogo` nor `increment`, is treated as sudden death. `opptime` and friends are accepted and ignored.
//! `go draw` / `ponderhit draw` (a draw offer) is accepted with `bestmove … draw` by the engine's rule
//! ([`crate::engine::DRAW_ACCEPT_LOSING_CP`]: losing, or a level score from move 30 on), declined with a plain
//! `bestmove`.
//! `go ponder` holds its `bestmove` until `ponderhit` (the `go`'s clock starts then) or `stop`.

use super::{Flow, MAX_GO_DEPTH, Session, parse_count, parse_time};
use crate::engine::{DEFAULT_HASH_MIB, GameMove, Info, MAX_HASH_MIB};
use crate::search::limits::GoParams;
use crate::search::score::MATE;
use std::io::Write;

/// The engine's technique switches, under their UCCI (one lower-case word) names.
const TECHNIQUES: [&str; 7] = ["nullmove", "lmr", "killers", "history", "aspiration", "checkextension", "ttcutoffs"];

/// Prints the boot-state replies: `id`, `option`s, `ucciok`.
pub(super) fn announce<W: Write>(s: &mut Session<W>) {
    s.say(&format!("id name duiyi {}", env!("CARGO_PKG_VERSION")));
    s.say("id copyright duiyi developers, MIT licence");
    s.say("id author duiyi developers");
    s.say("id user unknown");
    s.say("option usemillisec type check default false");
    s.say("option batch type check default false");
    s.say("option debug type check default false");
    s.say("option ponder type check default false");
    s.say("option usehash type check default true");
    s.say(&format!("option hashsize type spin min 0 max {MAX_HASH_MIB} default {DEFAULT_HASH_MIB}"));
    s.say(&format!("option threads type spin min 0 max {} default 1", crate::protocol::core_threads()));
    s.say("option pruning type combo var none var small var medium var large default large");
    for t in TECHNIQUES {
        s.say(&format!("option {t} type check default true"));
    }
    s.say(&format!("option multipv type spin min 1 max {} default 1", crate::search::multipv::MAX_MULTIPV));
    s.say(&format!("option pondercandidates type spin min 1 max {} default 1", crate::engine::MAX_PONDER_CANDIDATES));
    s.say("option usebook type check default false");
    s.say("option bookseed type spin min 0 max 2147483647 default 0");
    s.say("option level type spin min 0 max 8 default 0");
    s.say("option levelseed type spin min 0 max 4294967295 default 0");
    s.say(&format!("option targetmovetime type spin min 0 max {} default 0", crate::engine::MAX_TARGET_MOVE_MS));
    s.say("option newgame type button");
    s.say("ucciok");
}

/// Handles one UCCI command (`cmd` lower-cased, `rest` the arguments).
pub(super) fn handle<W: Write>(s: &mut Session<W>, cmd: &str, rest: &str) -> Flow {
    match cmd {
        "ucci" => announce(s),
        "isready" => s.say("readyok"),
        "setoption" => {
            s.make_idle("setoption");
            setoption(s, rest);
        }
        "position" => {
            s.make_idle("position");
            s.banned.clear();
            s.position(rest);
        }
        "banmoves" => {
            s.make_idle("banmoves");
            banmoves(s, rest);
        }
        "go" => {
            s.make_idle("go");
            go(s, rest);
        }
        "ponderhit" => {
            let draw = rest.split_whitespace().any(|t| t.eq_ignore_ascii_case("draw"));
            if s.engine.is_pondering() {
                if draw {
                    s.draw_offered = true;
                    s.engine.offer_draw();
                }
                let _ = s.engine.ponderhit();
            } else if s.engine.is_searching() {
                s.info_string("ponderhit: the running search is not a ponder search; ignored");
            } else {
                s.info_string("ponderhit: no search is running; ignored");
            }
        }
        "stop" => {
            if s.engine.is_searching() {
                s.stop_search();
            } else {
                s.say("nobestmove");
            }
        }
        "probe" => s.info_string("probe is not supported (no pophash)"),
        "quit" => {
            s.stop_search();
            s.say("bye");
            return Flow::Quit;
        }
        "d" | "fen" => {
            let fen = s.engine.xiangqi_position().fen();
            s.info_string(&format!("fen {fen}"));
        }
        _ => s.info_string(&format!("unknown command '{}'", crate::echo(cmd))),
    }
    Flow::Continue
}

fn parse_flag(value: &str) -> Option<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" => Some(true),
        "false" | "off" => Some(false),
        _ => None,
    }
}

/// `setoption <name> [<value>]`.
fn setoption<W: Write>(s: &mut Session<W>, rest: &str) {
    let (mut name, mut value) = super::split_command(rest);
    if name == "name" {
        // Tolerate the UCI form `setoption name X value Y`.
        let v_at = value.to_ascii_lowercase().find(" value ");
        let (n, v) = match v_at {
            Some(i) => (&value[..i], value[i + " value ".len()..].trim()),
            None => (value, ""),
        };
        name = n.trim().to_ascii_lowercase();
        value = v;
    }
    if name.is_empty() {
        s.info_string("setoption: expected 'setoption <name> [<value>]'");
        return;
    }
    let flag = |s: &mut Session<W>| {
        let f = parse_flag(value);
        if f.is_none() {
            s.info_string(&format!("setoption {name}: expected true or false, got '{}'", crate::echo(value)));
        }
        f
    };
    match name.as_str() {
        "usemillisec" => {
            if let Some(f) = flag(s) {
                s.millisec = f;
            }
        }
        "batch" => {
            if let Some(f) = flag(s) {
                s.batch = f;
            }
        }
        "debug" => {
            if let Some(f) = flag(s) {
                s.debug = f;
            }
        }
        // `ponder` only changes the time strategy (spec §5.3 (4)); pondering itself is `go ponder`.
        "ponder" => {
            let _ = flag(s);
        }
        "usehash" => {
            if let Some(f) = flag(s) {
                let _ = s.engine.set_option("TTCutoffs", if f { "true" } else { "false" });
            }
        }
        "hashsize" => {
            // 0 lets the engine choose (spec §5.3 (10)).
            let v = if value.trim() == "0" { DEFAULT_HASH_MIB.to_string() } else { value.to_string() };
            if let Err(e) = s.engine.set_option("Hash", &v) {
                s.info_string(&e.to_string());
            }
        }
        "threads" => {
            // 0 lets the engine choose (as `hashsize`): one thread per core.
            let v = if value.trim() == "0" { crate::protocol::core_threads().to_string() } else { value.to_string() };
            if let Err(e) = s.engine.set_option("Threads", &v) {
                s.info_string(&e.to_string());
            }
        }
        "pruning" => {
            let on = match value.trim().to_ascii_lowercase().as_str() {
                "none" => false,
                "small" | "medium" | "large" => true,
                _ => {
                    s.info_string(&format!("setoption pruning: expected none, small, medium or large, got '{}'", crate::echo(value)));
                    return;
                }
            };
            let v = if on { "true" } else { "false" };
            let _ = s.engine.set_option("NullMove", v);
            let _ = s.engine.set_option("LMR", v);
        }
        "newgame" => {
            let _ = s.engine.set_option("Clear Hash", "");
        }
        "promotion" => {
            if flag(s) == Some(true) {
                s.info_string("setoption promotion: advisor/elephant promotion is not supported");
            }
        }
        // Standard UCCI options this engine does not list; setting them is not an error (spec §5.7).
        "usebook" | "bookseed" => {
            if let Err(e) = s.engine.set_option(&name, value) {
                s.info_string(&e.to_string());
            }
        }
        "useegtb" | "bookfiles" | "egtbpaths" | "evalapi" | "idle" | "knowledge" | "randomness"
        | "style" => {}
        "level" | "levelseed" | "multipv" | "pondercandidates" => {
            if let Err(e) = s.engine.set_option(name.as_str(), value) {
                s.info_string(&e.to_string());
            }
        }
        t if TECHNIQUES.contains(&t) => {
            if let Err(e) = s.engine.set_option(t, value) {
                s.info_string(&e.to_string());
            }
        }
        other => s.info_string(&format!("setoption: unknown option '{}'", crate::echo(other))),
    }
}

/// `banmoves <moves>`: moves of the current position the next searches must not play.
fn banmoves<W: Write>(s: &mut Session<W>, rest: &str) {
    let mut list = Vec::new();
    for t in rest.split_whitespace() {
        match s.engine.xiangqi_position().parse_move(t) {
            Ok(m) => list.push(m),
            Err(e) => s.info_string(&format!("banmoves: {e}; ignored")),
        }
    }
    s.banned = list;
}

/// `go [ponder | draw] {depth N | nodes N | time T [movestogo M | increment I] [opptime …] | infinite}`.
fn go<W: Write>(s: &mut Session<W>, rest: &str) {
    let unit = if s.millisec { 1.0 } else { 1000.0 };
    let mut p = GoParams::default();
    let mut draw = false;
    let mut depth_zero = false;
    let mut notes: Vec<String> = Vec::new();
    let mut it = rest.split_whitespace();
    while let Some(tok) = it.next() {
        let key = tok.to_ascii_lowercase();
        let r: Result<(), String> = match key.as_str() {
            "ponder" => {
                p.ponder = true;
                Ok(())
            }
            "draw" => {
                draw = true;
                Ok(())
            }
            "infinite" => {
                p.infinite = true;
                Ok(())
            }
            "depth" => {
                let v = it.next();
                if v.is_some_and(|v| v.eq_ignore_ascii_case("infinite")) {
                    p.infinite = true;
                    Ok(())
                } else {
                    parse_count("depth", v, 0, MAX_GO_DEPTH).map(|(d, n)| {
                        notes.extend(n);
                        if d == 0 {
                            depth_zero = true;
                        } else {
                            p.depth = Some(d as u32);
                        }
                    })
                }
            }
            "nodes" => parse_count("nodes", it.next(), 1, u64::MAX).map(|(n, note)| {
                notes.extend(note);
                p.nodes = Some(n);
            }),
            "time" => parse_time("time", it.next()).map(|(t, n)| {
                notes.extend(n);
                p.wtime = Some(t * unit);
                p.btime = Some(t * unit);
            }),
            "increment" => parse_time("increment", it.next()).map(|(t, n)| {
                notes.extend(n);
                p.winc = Some(t * unit);
                p.binc = Some(t * unit);
            }),
            "movestogo" => parse_count("movestogo", it.next(), 1, 999).map(|(m, n)| {
                notes.extend(n);
                p.movestogo = Some(m as u32);
            }),
            "opptime" | "oppmovestogo" | "oppincrement" => {
                it.next();
                Ok(())
            }
            other => Err(format!("unknown parameter '{}'", crate::echo(other))),
        };
        if let Err(e) = r {
            notes.push(format!("{e}; ignored"));
        }
    }
    let rejected = notes.iter().any(|n| n.ends_with("ignored"));
    for n in notes {
        s.info_string(&format!("go: {n}"));
    }
    if !depth_zero {
        super::fallback_limit(s, &mut p, rejected);
    }
    if depth_zero && p.depth.is_none() && !p.infinite {
        // Spec §5.10 (1): depth 0 lists the static score and answers `nobestmove`.
        let eval = s.engine.xiangqi_position().evaluate();
        s.say(&format!("info depth 0 score {eval}"));
        s.say("nobestmove");
        return;
    }
    s.draw_offered = draw;
    p.draw = draw;
    let banned = std::mem::take(&mut s.banned);
    s.start_go(p, &banned);
    s.banned = banned;
}

/// The UCCI score: centipawns, or a mate shown as ElephantEye shows it, `±(MATE − plies)`.
fn score(info: &Info) -> i32 {
    match (info.cp, info.mate) {
        (_, Some(m)) if m > 0 => MATE - (2 * m - 1),
        (_, Some(m)) => -(MATE - 2 * m.abs()),
        (Some(cp), None) => cp,
        (None, None) => 0,
    }
}

/// `info depth D seldepth S [multipv K] score N nodes N nps N time T pv …`; `multipv K` (the line's rank)
/// when `multi` (the `multipv` option above 1), so the single-line output stays ElephantEye's.
pub(super) fn info_line(info: &Info, multi: bool) -> String {
    let rank = if multi { format!(" multipv {}", info.multipv.max(1)) } else { String::new() };
    let mut line = format!(
        "info depth {} seldepth {}{rank} score {} nodes {} nps {} time {}",
        info.depth,
        info.seldepth,
        score(info),
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

/// `bestmove M [ponder P] [draw]`, or `nobestmove`.
pub(super) fn bestmove_line(bestmove: Option<GameMove>, ponder: Option<GameMove>, draw: bool) -> String {
    let Some(m) = bestmove else { return "nobestmove".into() };
    let mut line = format!("bestmove {m}");
    if let Some(p) = ponder {
        line.push_str(&format!(" ponder {p}"));
    }
    if draw {
        line.push_str(" draw");
    }
    line
}
