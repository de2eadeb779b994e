//! Shared by the property tests (`tests/fuzz_*.rs`) and the fuzz bench (`benches/fuzz.rs`): seed corpora of valid
//! inputs, mutations of them (byte flips, insertions, deletions, splices, dictionary tokens), and one checker per
//! parser. A checker returns `Err(reason)` when a property fails (an error without a specific reason, a value that
//! does not format back to itself, …); a panic inside a parser propagates (proptest reports it, the bench catches
//! it with `catch_unwind`).
//!
//! Properties common to every parser: any input (random bytes, random text over the parser's alphabet, mutated
//! valid inputs) gives `Ok` or an error whose `Display` is one line, specific (at least [`MIN_REASON`] characters,
//! not a bare "error"/"invalid"), and bounded ([`MAX_REASON`] characters, however long the input); a parsed value
//! formats back to an equal value.

#![allow(dead_code)] // each test file uses part of it

use duiyi::combat::cli;
use duiyi::combat::report::{SheetSpec, parse_model};
use duiyi::protocol::{Flow, Session};
use duiyi::xiangqi::{Move, Position, START_FEN, Square};
use rand_core::{Rng, SeedableRng};
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::sync::OnceLock;

/// Shortest acceptable error message (the shortest specific one is e.g. `hit is NaN`: the attribute and the problem).
pub const MIN_REASON: usize = 10;
/// Longest acceptable error message: inputs are echoed cut short, never whole.
pub const MAX_REASON: usize = 400;

/// The error-message property: one line, specific, bounded.
pub fn reason_ok(what: &str, input: &str, msg: &str) -> Result<(), String> {
    let n = msg.chars().count();
    let generic = ["error", "invalid", "bad input", "parse error", "failed"];
    if n < MIN_REASON || generic.contains(&msg.trim().to_ascii_lowercase().as_str()) {
        return Err(format!("{what}: unspecific error {msg:?} for input {input:?}"));
    }
    if n > MAX_REASON {
        return Err(format!("{what}: error message of {n} characters for an input of {} (not cut): {:?}…", input.len(), msg.chars().take(80).collect::<String>()));
    }
    if msg.contains(['\n', '\r']) {
        return Err(format!("{what}: error message spans lines: {msg:?}"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations

/// One edit of a byte string. Positions are reduced modulo the current length (+1 for insertions), so any value
/// is valid and proptest can shrink them freely.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Flip one bit of a byte.
    Flip { at: u32, bit: u8 },
    /// Insert a byte.
    Insert { at: u32, byte: u8 },
    /// Delete up to `len` bytes.
    Delete { at: u32, len: u8 },
    /// Keep the prefix up to `at`, then append another seed's suffix from `from` (crossover).
    Splice { at: u32, seed: u32, from: u32 },
    /// Insert a token of the parser's dictionary.
    Token { at: u32, token: u32 },
    /// Copy a piece of the input over another place (duplicates structure: `/9/9`, repeated lines).
    Repeat { at: u32, from: u32, len: u8 },
}

/// Applies `muts` to `seed`; `corpus` gives the splice partners, `dict` the tokens.
pub fn mutate(seed: &str, corpus: &[String], dict: &[&str], muts: &[Mutation]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for m in muts {
        let len = b.len();
        match *m {
            Mutation::Flip { at, bit } => {
                if len > 0 {
                    b[at as usize % len] ^= 1 << (bit % 8);
                }
            }
            Mutation::Insert { at, byte } => b.insert(at as usize % (len + 1), byte),
            Mutation::Delete { at, len: n } => {
                if len > 0 {
                    let at = at as usize % len;
                    let end = (at + n as usize).min(len);
                    b.drain(at..end);
                }
            }
            Mutation::Splice { at, seed, from } => {
                if !corpus.is_empty() {
                    let other = corpus[seed as usize % corpus.len()].as_bytes();
                    let at = at as usize % (len + 1);
                    let from = from as usize % (other.len() + 1);
                    b.truncate(at);
                    b.extend_from_slice(&other[from..]);
                }
            }
            Mutation::Token { at, token } => {
                if !dict.is_empty() {
                    let t = dict[token as usize % dict.len()].as_bytes();
                    let at = at as usize % (len + 1);
                    b.splice(at..at, t.iter().copied());
                }
            }
            Mutation::Repeat { at, from, len: n } => {
                if len > 0 {
                    let from = from as usize % len;
                    let end = (from + n as usize).min(len);
                    let piece = b[from..end].to_vec();
                    let at = at as usize % (len + 1);
                    b.splice(at..at, piece);
                }
            }
        }
        if b.len() > 4096 {
            b.truncate(4096);
        }
    }
    // Parsers take `&str`; the protocol reader does the same lossy conversion.
    String::from_utf8_lossy(&b).into_owned()
}

/// A random mutation (for the bench; proptest builds its own with a strategy).
pub fn random_mutation(rng: &mut impl Rng) -> Mutation {
    let at = rng.next_u32();
    match rng.next_u32() % 6 {
        0 => Mutation::Flip { at, bit: rng.next_u32() as u8 },
        1 => Mutation::Insert { at, byte: rng.next_u32() as u8 },
        2 => Mutation::Delete { at, len: (rng.next_u32() % 8) as u8 },
        3 => Mutation::Splice { at, seed: rng.next_u32(), from: rng.next_u32() },
        4 => Mutation::Token { at, token: rng.next_u32() },
        _ => Mutation::Repeat { at, from: rng.next_u32(), len: (rng.next_u32() % 16) as u8 },
    }
}

/// Random text over `alphabet` (plus, rarely, any character), up to `max` characters.
pub fn random_text(rng: &mut impl Rng, alphabet: &[char], max: usize) -> String {
    let n = rng.next_u32() as usize % (max + 1);
    (0..n)
        .map(|_| {
            if rng.next_u32().is_multiple_of(16) {
                char::from_u32(rng.next_u32() % 0x3_0000).unwrap_or('\u{fffd}')
            } else {
                alphabet[rng.next_u32() as usize % alphabet.len()]
            }
        })
        .collect()
}

/// Random bytes as text (lossy UTF-8), up to `max` bytes.
pub fn random_bytes(rng: &mut impl Rng, max: usize) -> String {
    let n = rng.next_u32() as usize % (max + 1);
    let b: Vec<u8> = (0..n).map(|_| rng.next_u32() as u8).collect();
    String::from_utf8_lossy(&b).into_owned()
}

// ---------------------------------------------------------------------------------------------------------------
// Positions

/// Positions of `games` random games from the start (uniform legal moves, Pcg64 seeded with `seed`), every
/// `every`-th ply, games ending at `max_plies` or when the side to move has no legal move.
pub fn random_game_positions(seed: u64, games: usize, max_plies: usize, every: usize) -> Vec<Position> {
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::startpos();
        for ply in 0..max_plies {
            if ply % every == 0 {
                out.push(pos.clone());
            }
            let legal = pos.legal_moves();
            if legal.is_empty() {
                out.push(pos.clone());
                break;
            }
            let m = legal.as_slice()[rng.next_u32() as usize % legal.len()];
            pos.play_unchecked(m);
        }
    }
    out
}

/// A fixed set of positions for the move parsers: 40 random games, every 7th ply (about 400 positions).
pub fn positions() -> &'static [Position] {
    static P: OnceLock<Vec<Position>> = OnceLock::new();
    P.get_or_init(|| random_game_positions(0x5EED_0001, 40, 200, 7))
}

/// The FEN of a position with its history dropped (what `Position::from_fen(pos.fen())` gives back).
pub fn reset(pos: &Position) -> Position {
    Position::from_fen(&pos.fen()).expect("a position's own FEN parses")
}

// ---------------------------------------------------------------------------------------------------------------
// FEN

pub const FEN_ALPHABET: &[char] = &[
    'r', 'n', 'b', 'a', 'k', 'c', 'p', 'R', 'N', 'B', 'A', 'K', 'C', 'P', 'e', 'h', 'E', 'H', '1', '2', '3', '4', '5',
    '6', '7', '8', '9', '0', '/', ' ', 'w', 'b', '-', '帅',
];
pub const FEN_DICT: &[&str] =
    &["/", "9", "/9/", " w ", " b ", " - - 0 1", "k", "K", "1", "4", "p1p1p", "P1P1P", "  ", "-", "99999999999", "é", "\u{0}"];

/// Valid FENs: the start, and positions of random games.
pub fn fen_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        let mut v = vec![START_FEN.to_string(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".into()];
        v.push("3k5/9/9/9/9/9/9/9/9/4K4 b - - 12 40".into());
        v.push("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r".into());
        v.extend(random_game_positions(0xFE11, 20, 120, 11).iter().map(|p| p.fen()));
        v
    })
}

/// FEN: never panics; an error starts with `FEN:` and names its reason; a parsed position's FEN parses to the
/// same position (same FEN, same Zobrist key, same legal moves).
pub fn check_fen(s: &str) -> Result<(), String> {
    match Position::from_fen(s) {
        Ok(pos) => {
            let fen = pos.fen();
            let again = Position::from_fen(&fen).map_err(|e| format!("FEN {s:?} parsed, but its own FEN {fen:?} fails: {e}"))?;
            if again.fen() != fen || again.key() != pos.key() {
                return Err(format!("FEN round trip changed {fen:?} into {:?}", again.fen()));
            }
            let (a, b) = (pos.legal_moves(), again.legal_moves());
            if a.as_slice() != b.as_slice() {
                return Err(format!("FEN round trip changed the legal moves of {fen:?}"));
            }
            Ok(())
        }
        Err(e) => {
            let msg = e.to_string();
            if !msg.starts_with("FEN: ") {
                return Err(format!("FEN error without the 'FEN: ' prefix: {msg:?}"));
            }
            reason_ok("FEN", s, &msg)
        }
    }
}

// ---------------------------------------------------------------------------------------------------------------
// ICCS and Chinese moves

pub const ICCS_ALPHABET: &[char] =
    &['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'A', 'E', 'I', '0', '1', '2', '5', '8', '9', '-', ' ', 'z'];
pub const ICCS_DICT: &[&str] = &["-", "e0", "h2", "e2", "i9", "a0", " ", "０", "\t", "--", "99"];

/// Legal moves of the positions, in ICCS, plus the `H2-E2` form.
pub fn iccs_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        let mut v = Vec::new();
        for p in positions().iter().take(40) {
            for m in p.legal_moves().as_slice().iter().take(6) {
                let s = m.to_string();
                v.push(format!("{}-{}", s[..2].to_ascii_uppercase(), s[2..].to_ascii_uppercase()));
                v.push(s);
            }
        }
        v
    })
}

/// ICCS in position `pos`: `Move::parse_iccs` reads back its own output; `parse_move` accepts exactly the legal
/// moves (a syntactically valid move is accepted iff it is in `legal_moves`), and its errors name their reason.
pub fn check_iccs(pos: &Position, s: &str) -> Result<(), String> {
    let syntax = Move::parse_iccs(s);
    if let Some(m) = syntax
        && Move::parse_iccs(&m.to_string()) != Some(m)
    {
        return Err(format!("ICCS {s:?} -> {m} does not read back"));
    }
    let legal = pos.legal_moves();
    match pos.parse_move(s) {
        Ok(m) => {
            if Some(m) != syntax {
                return Err(format!("parse_move({s:?}) = {m} but parse_iccs gives {syntax:?}"));
            }
            if !legal.as_slice().contains(&m) {
                return Err(format!("parse_move accepted {m}, not legal in {}", pos.fen()));
            }
            Ok(())
        }
        Err(e) => {
            if let Some(m) = syntax
                && legal.as_slice().contains(&m)
            {
                return Err(format!("parse_move refused the legal move {m} in {}: {e}", pos.fen()));
            }
            reason_ok("ICCS", s, &e.to_string())
        }
    }
}

pub const CHINESE_ALPHABET: &[char] = &[
    '帅', '将', '仕', '士', '相', '象', '马', '馬', '车', '車', '炮', '砲', '兵', '卒', '前', '中', '后', '進', '进', '退',
    '平', '一', '二', '三', '四', '五', '六', '七', '八', '九', '１', '５', '９', '1', '5', '0', ' ',
];
pub const CHINESE_DICT: &[&str] = &["前", "后", "中", "进", "退", "平", "一", "九", "１", "车", "兵", "卒", " ", "10", "前前"];

/// Chinese notation of legal moves of the positions.
pub fn chinese_corpus() -> &'static [String] {
    static C: OnceLock<Vec<String>> = OnceLock::new();
    C.get_or_init(|| {
        let mut v = Vec::new();
        for p in positions().iter().take(40) {
            for m in p.legal_moves().as_slice().iter().take(6) {
                v.push(p.chinese(*m).expect("legal move has a notation"));
            }
        }
        v
    })
}

/// Chinese notation in position `pos`: an accepted move is legal and its own notation reads back to it; errors
/// name their reason.
pub fn check_chinese(pos: &Position, s: &str) -> Result<(), String> {
    match pos.parse_chinese(s) {
        Ok(m) => {
            if !pos.legal_moves().as_slice().contains(&m) {
                return Err(format!("parse_chinese({s:?}) = {m}, not legal in {}", pos.fen()));
            }
            let text = pos.chinese(m).ok_or_else(|| format!("no notation for the legal move {m}"))?;
            match pos.parse_chinese(&text) {
                Ok(back) if back == m => Ok(()),
                other => Err(format!("{m} is written {text:?}, which reads back as {other:?} in {}", pos.fen())),
            }
        }
        Err(e) => reason_ok("Chinese move", s, &e.to_string()),
    }
}

/// Round trip on every legal move of `pos`: ICCS (`h2e2` and `H2-E2`) and Chinese notation parse back to the move,
/// and no two legal moves share a Chinese notation.
pub fn check_move_round_trips(pos: &Position) -> Result<(), String> {
    let legal = pos.legal_moves();
    let mut seen = std::collections::HashMap::new();
    for &m in legal.as_slice() {
        let s = m.to_string();
        let upper = format!("{}-{}", s[..2].to_ascii_uppercase(), s[2..].to_ascii_uppercase());
        for t in [&s, &upper] {
            match pos.parse_move(t) {
                Ok(back) if back == m => {}
                other => return Err(format!("ICCS {t:?} of the legal move {m} reads back as {other:?} in {}", pos.fen())),
            }
        }
        let zh = pos.chinese(m).ok_or_else(|| format!("no Chinese notation for the legal move {m}"))?;
        if let Some(other) = seen.insert(zh.clone(), m) {
            return Err(format!("{other} and {m} are both written {zh:?} in {}", pos.fen()));
        }
        match pos.parse_chinese(&zh) {
            Ok(back) if back == m => {}
            other => return Err(format!("{zh:?} ({m}) reads back as {other:?} in {}", pos.fen())),
        }
    }
    Ok(())
}

/// `parse_move` on all 90 × 90 origin/destination pairs of `pos` accepts exactly `legal_moves`.
pub fn check_all_pairs(pos: &Position) -> Result<(), String> {
    let legal = pos.legal_moves();
    for from in Square::all() {
        for to in Square::all() {
            let text = format!("{from}{to}");
            let ok = pos.parse_move(&text).is_ok();
            let is_legal = from != to && legal.as_slice().contains(&Move::new(from, to));
            if ok != is_legal {
                return Err(format!("parse_move({text}) is {ok}, legal_moves says {is_legal}, in {}", pos.fen()));
            }
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Protocols

/// An output sink the test can read after the session wrote to it.
#[derive(Clone, Default)]
pub struct SharedBuf(pub Rc<RefCell<Vec<u8>>>);

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub const UCCI_SEEDS: &[&str] = &[
    "ucci\nisready\nposition startpos moves h2e2 h9g7\ngo depth 3\nstop\nquit",
    "ucci\nsetoption usemillisec true\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2\ngo time 300 increment 0\nisready",
    "ucci\nsetoption hashsize 8\nsetoption batch true\nbanmoves h2e2 b2e2\ngo ponder draw nodes 3000\nponderhit draw\nstop",
    "ucci\ngo depth 0\ngo infinite\nposition startpos\nprobe h2e2\nsetoption name pruning value small\nstop\nfen",
    "ucci\nsetoption debug true\ngo time 2 movestogo 5 opptime 3 oppmovestogo 5\nsetoption newgame\nbanmoves\ngo depth infinite\nquit",
    "ucci\nposition fen 3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1\ngo depth 2\nsetoption nullmove false\nsetoption threads 2\nd",
];
pub const UCI_SEEDS: &[&str] = &[
    "uci\nisready\nucinewgame\nposition startpos moves h2e2 h9g7\ngo depth 3\nstop\nquit",
    "uci\nsetoption name Hash value 8\nposition fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2 h7e7\ngo wtime 500 btime 500 winc 10 binc 10 movestogo 20",
    "uci\nsetoption name Clear Hash\nposition startpos\ngo ponder movetime 50\nponderhit\nisready\nstop\nd",
    "uci\ngo infinite searchmoves h2e2 b2e2 depth 2\nstop\ngo mate 2\ngo perft 2\nsetoption name LMR value false\nsetoption name UCI_Variant value xiangqi",
    "uci\nposition fen 3k5/9/9/9/9/9/9/9/9/4K4 b\ngo nodes 5000\nsetoption name MultiPV value 2\ndebug on\nregister later",
];
pub const PROTOCOL_DICT: &[&str] = &[
    "\n", "go ", "go depth 2\n", "stop\n", "isready\n", "ponderhit\n", "position startpos moves ", " moves ", "fen ",
    " infinite", " ponder", " depth ", " nodes ", " time ", " movetime ", " wtime -5", " 1e308", " NaN", " -1",
    " 18446744073709551616", "setoption ", " name ", " value ", "banmoves ", " searchmoves ", "quit\n", "\r\n",
    "h2e2", "a0a1", "\u{0}", "\u{fffd}", "ucci\n", "uci\n",
];
pub const PROTOCOL_ALPHABET: &[char] = &[
    'g', 'o', ' ', '\n', 'd', 'e', 'p', 't', 'h', '1', '2', '0', 's', 'u', 'c', 'i', 'n', 'f', 'm', 'v', 'a', 'b', 'r', 'k',
    'w', '-', '.', '9',
];

/// Lines as the stdin reader would hand them over.
pub fn lines_of(text: &str) -> Vec<String> {
    text.split('\n').map(str::to_string).collect()
}

/// Keeps a fuzzed session cheap: a `Hash`/`hashsize` value above 64 MiB becomes 64 (a 1 GiB table is valid input,
/// but allocating it in every case would only slow the fuzzing down).
pub fn tame_line(line: &str) -> String {
    if !line.to_ascii_lowercase().contains("hash") {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len());
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            let big = digits.len() > 2 || digits.parse::<u32>().is_ok_and(|n| n > 64);
            out.push_str(if big { "64" } else { digits });
            digits.clear();
        }
    };
    for c in line.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// The command word as the session reads it.
fn command_word(line: &str) -> String {
    let t = line.trim();
    let end = t.find(char::is_whitespace).unwrap_or(t.len());
    t[..end].to_ascii_lowercase()
}

/// Drives a [`Session`] with `lines` (each searching at most a few ms), then sends `stop` until it is idle.
/// Properties: no panic; the session becomes idle; every output line is a protocol reply (`id`, `option`,
/// `uciok`/`ucciok`, `readyok`, `info …`, `bestmove …`, `nobestmove`, `bye`, or UCI's empty line after `id`);
/// every `info string` has a reason; UCI answers each `go` with exactly one `bestmove` (UCCI with at least one
/// `bestmove`/`nobestmove`: it also answers `stop` when idle). Returns the output.
pub fn check_session(lines: &[String]) -> Result<Vec<String>, String> {
    let buf = SharedBuf::default();
    let mut s = Session::new(buf.clone());
    let mut quit = false;
    let mut proto: Option<String> = None;
    let (mut gos, mut quit_seen) = (0usize, false);
    for raw in lines {
        let line = tame_line(raw);
        let word = command_word(&line);
        match proto.as_deref() {
            None if word == "uci" || word == "ucci" => proto = Some(word.clone()),
            None if word == "quit" => quit_seen = true,
            Some(_) if word == "go" => gos += 1,
            Some(_) if word == "quit" => quit_seen = true,
            _ => {}
        }
        if s.handle_line(&line) == Flow::Quit {
            quit = true;
            break;
        }
        if s.needs_step() {
            s.pump(0.5);
            if s.run_pending() == Flow::Quit {
                quit = true;
                break;
            }
        }
    }
    let mut rounds = 0;
    while !quit && s.is_busy() {
        rounds += 1;
        if rounds > 10_000 {
            return Err(format!("the session is still busy after {rounds} stops"));
        }
        if s.needs_step() {
            s.pump(0.2);
            if s.run_pending() == Flow::Quit {
                break;
            }
        }
        if s.is_busy() && s.handle_line("stop") == Flow::Quit {
            break;
        }
    }
    let text = String::from_utf8(buf.0.borrow().clone()).map_err(|e| format!("output is not UTF-8: {e}"))?;
    let out: Vec<String> = text.lines().map(str::to_string).collect();
    let mut answers = 0;
    for l in &out {
        let ok = l.is_empty()
            || ["id ", "option ", "info ", "bestmove "].iter().any(|p| l.starts_with(p))
            || ["uciok", "ucciok", "readyok", "nobestmove", "bye"].contains(&l.as_str());
        if !ok {
            return Err(format!("unexpected output line {l:?}"));
        }
        if let Some(reason) = l.strip_prefix("info string ") {
            // UCCI `debug` echoes each command whole: that is its purpose, not a reason.
            if !reason.starts_with("received: ") {
                reason_ok("info string", "", reason)?;
            }
        } else if l.starts_with("info string") {
            return Err(format!("info string without a reason: {l:?}"));
        }
        if l.starts_with("bestmove ") || l == "nobestmove" {
            answers += 1;
        }
    }
    if !quit_seen {
        match proto.as_deref() {
            Some("uci") if answers != gos => {
                return Err(format!("UCI: {gos} go commands but {answers} bestmove lines"));
            }
            Some("ucci") if answers < gos => {
                return Err(format!("UCCI: {gos} go commands but {answers} bestmove/nobestmove lines"));
            }
            _ => {}
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------------------------
// Combat

pub const SHEET_JSON_SEEDS: &[&str] = &[
    r#"{"hit":0.9,"crit":0.25,"dodge":0.2,"parry":0.15,"block":0.3}"#,
    r#"{"hit":1,"crit":0.4,"crit_multiplier":2.5,"glance":0.1,"glance_multiplier":0.76,"damage":100,"aps":1.5}"#,
    r#"{"dodge":0.5,"parry":0.3,"block":0.3,"block_amount":50,"crush":0.15,"crush_multiplier":1.5,"damage_reduction":0.2,"hp":1000}"#,
    r#"{"block_fraction":0.5,"hp":null}"#,
    "{}",
];
pub const SHEET_QUERY_SEEDS: &[&str] = &[
    "hit=0.9&crit=0.25&dodge=0.2&parry=0.15&block=0.3",
    "#combat?hit=1&crit=0.4&dodge=0.3&parry=0&block=0&crit_multiplier=2.5&swings=10000&seed=0x2a",
    "?dodge=0.5&parry=0.3&block=0.3&block-amount=50&damage=100&hp=1000&waterfall_order=miss%2Bdodge,parry",
    "glance=0.1&glance_multiplier=0.76&crush=0.15&crush-multiplier=1.5&damage_reduction=0.2&aps=1.5",
];
pub const SHEET_DICT: &[&str] = &[
    "&", "=", "\"", ":", ",", "{", "}", "null", "1e400", "-0", "NaN", "inf", "-1", "%2B", "%", "+", "hit", "block_amount",
    "crit_multiplier", "0.5", "1.0000000000000002", "\"hit\":", "&hit=", "-",
];
pub const SHEET_ALPHABET: &[char] = &[
    '{', '}', '"', ':', ',', '&', '=', 'h', 'i', 't', 'c', 'r', '_', '-', '0', '1', '.', '5', 'e', 'n', 'a', '%', '+', ' ',
];

/// `from_json`: errors name their reason; a parsed sheet writes back (JSON and query) to an equal sheet, and its
/// validation (`matchup`) gives a named reason or a matchup.
pub fn check_sheet_json(s: &str) -> Result<(), String> {
    match SheetSpec::from_json(s) {
        Ok(spec) => {
            let json = spec.to_json();
            let back = SheetSpec::from_json(&json).map_err(|e| format!("sheet {json} does not read back: {e}"))?;
            if !same_sheet(&back, &spec) {
                return Err(format!("JSON round trip {s:?} -> {json} -> {back:?}"));
            }
            check_sheet_query_round_trip(&spec)?;
            check_matchup(&spec, s)
        }
        Err(e) => reason_ok("sheet JSON", s, &e.to_string()),
    }
}

/// `from_query`: as [`check_sheet_json`], for the page's query form.
pub fn check_sheet_query(s: &str) -> Result<(), String> {
    match SheetSpec::from_query(s) {
        Ok(spec) => {
            check_sheet_query_round_trip(&spec)?;
            check_matchup(&spec, s)
        }
        Err(e) => reason_ok("sheet query", s, &e.to_string()),
    }
}

/// `to_query` then `from_query` gives the same sheet (NaN included).
pub fn check_sheet_query_round_trip(spec: &SheetSpec) -> Result<(), String> {
    let q = spec.to_query();
    let back = SheetSpec::from_query(&q).map_err(|e| format!("query {q:?} of {spec:?} does not read back: {e}"))?;
    if !same_sheet(&back, spec) {
        return Err(format!("query round trip {spec:?} -> {q:?} -> {back:?}"));
    }
    Ok(())
}

/// Equal sheets, NaN equal to NaN (bit-exact otherwise, so -0 and 0 differ only in sign, which `==` ignores).
pub fn same_sheet(a: &SheetSpec, b: &SheetSpec) -> bool {
    let (ja, jb) = (a.to_query(), b.to_query());
    ja == jb
}

fn check_matchup(spec: &SheetSpec, input: &str) -> Result<(), String> {
    match spec.matchup() {
        Ok(_) => Ok(()),
        Err(e) => reason_ok("sheet validation", input, &e.to_string()),
    }
}

pub const ORDER_SEEDS: &[&str] =
    &["miss,dodge,parry,block,crit", "miss+dodge,parry,block,crit", "crush,crit,block", "", "glance,miss+dodge+parry"];
pub const ORDER_DICT: &[&str] = &[",", "+", "miss", "dodge", "normal", "hit", " ", ",,", "crit", "crush", "glance"];
pub const MODELS: [&str; 4] = ["waterfall", "round-table", "hybrid", "wat"];

/// Roll orders: `parse_model(model, order)` gives a named reason or a model whose order text reads back to it.
pub fn check_order(model: &str, order: &str) -> Result<(), String> {
    match parse_model(model, Some(order)) {
        Ok(m) => {
            let text = m.order();
            let back = parse_model(model, Some(&text)).map_err(|e| format!("order {text:?} does not read back: {e}"))?;
            if back.order() != text {
                return Err(format!("order round trip {order:?} -> {text:?} -> {:?}", back.order()));
            }
            Ok(())
        }
        Err(e) => reason_ok("order", order, &e.to_string()),
    }
}

pub const CLI_SEEDS: &[&str] = &[
    "--model waterfall --hit 0.9 --crit 0.25 --dodge 0.2 --parry 0.15 --block 0.3",
    "--model round-table --order miss,dodge,parry,block,crit --hit=1 --crit=0.4 --samples 1000 --seed 7",
    "--model hybrid --sheet hit=0.9&crit=0.25 --block-amount 50 --damage 100 --hp 1000 --aps 1.5",
    "prd --p 0.25 --bag-size 20 --samples 100 --seed 0x2a",
    "--model=waterfall --order miss+dodge,parry --glance 0.1 --crush 0.15 --armor 0.2",
];
pub const CLI_DICT: &[&str] = &[
    " --", "--model ", " --hit ", " --samples ", " --seed ", " --order ", " --sheet ", "=", " prd", " --p ", " 1e400",
    " -1", " NaN", " 0x", " --bag-size ", " ", "  ",
];

/// Keeps a fuzzed command cheap: `--samples` and `--bag-size` values above 10⁴ become 10⁴ (valid input, but a
/// billion swings per case would only slow the fuzzing down).
pub fn tame_args(args: &[String]) -> Vec<String> {
    let cap = |v: &str| -> String {
        match v.trim().parse::<f64>() {
            Ok(x) if x > 1e4 => "10000".into(),
            _ => v.to_string(),
        }
    };
    let mut out = Vec::with_capacity(args.len());
    let mut big_next = false;
    for a in args {
        if big_next {
            out.push(cap(a));
            big_next = false;
            continue;
        }
        let heavy = |name: &str| name == "--samples" || name == "--bag-size";
        match a.split_once('=') {
            Some((n, v)) if heavy(n) => out.push(format!("{n}={}", cap(v))),
            _ => {
                big_next = heavy(a);
                out.push(a.clone());
            }
        }
    }
    out
}

/// `duiyi combat` arguments: one line of JSON, or a named reason.
pub fn check_cli(args: &[String]) -> Result<(), String> {
    let args = tame_args(args);
    if args.first().is_some_and(|a| a == "bench") || args.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(());
    }
    match cli::output(&args) {
        Ok(line) => {
            if line.contains('\n') {
                return Err(format!("combat output spans lines for {args:?}"));
            }
            serde_json::from_str::<serde_json::Value>(&line).map_err(|e| format!("combat output is not JSON ({e}): {line}"))?;
            Ok(())
        }
        Err(e) => reason_ok("combat args", &args.join(" "), &e.to_string()),
    }
}

/// Splits a mutated command line into arguments (white space separates, as a shell would without quotes).
pub fn args_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_string).collect()
}

// ---------------------------------------------------------------------------------------------------------------
// proptest set-up

use proptest::prelude::*;
use proptest::test_runner::{Config as ProptestConfig, RngAlgorithm, RngSeed};

/// The fixed seed of every property test, so `cargo test` is reproducible: the same cases every run.
/// `PROPTEST_RNG_SEED=<u64>` picks another seed and `PROPTEST_CASES=<n>` another count (to fuzz longer by hand).
pub const SEED: u64 = 0x00D0_1F1A_2026;

/// A deterministic configuration with `cases` cases (unless `PROPTEST_CASES` is set), ChaCha seeded with
/// [`SEED`] (unless `PROPTEST_RNG_SEED` is set), and no regression files.
pub fn config(cases: u32) -> ProptestConfig {
    let mut c = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        c.cases = cases;
    }
    if c.rng_seed == RngSeed::Random {
        c.rng_seed = RngSeed::Fixed(SEED);
    }
    c.rng_algorithm = RngAlgorithm::ChaCha;
    c.failure_persistence = None;
    c.max_shrink_iters = 2_000;
    c
}

/// One mutation, any values.
pub fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<u32>(), any::<u8>()).prop_map(|(at, bit)| Mutation::Flip { at, bit }),
        (any::<u32>(), any::<u8>()).prop_map(|(at, byte)| Mutation::Insert { at, byte }),
        (any::<u32>(), 0u8..8).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<u32>(), any::<u32>(), any::<u32>()).prop_map(|(at, seed, from)| Mutation::Splice { at, seed, from }),
        (any::<u32>(), any::<u32>()).prop_map(|(at, token)| Mutation::Token { at, token }),
        (any::<u32>(), any::<u32>(), 0u8..16).prop_map(|(at, from, len)| Mutation::Repeat { at, from, len }),
    ]
}

/// A seed of `corpus` with 1–8 mutations applied.
pub fn mutated(corpus: &'static [String], dict: &'static [&'static str]) -> impl Strategy<Value = String> {
    (0..corpus.len(), prop::collection::vec(mutation(), 1..8))
        .prop_map(move |(i, muts)| mutate(&corpus[i], corpus, dict, &muts))
}

/// Text over `alphabet` (any character now and then), up to `max` characters.
pub fn text_over(alphabet: &'static [char], max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(prop_oneof![9 => prop::sample::select(alphabet), 1 => any::<char>()], 0..max)
        .prop_map(|v| v.into_iter().collect())
}

/// Any bytes, read as lossy UTF-8.
pub fn bytes_text(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..max).prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// A `&'static [String]` from string literals (for [`mutated`]).
pub fn leak(seeds: &[&str]) -> &'static [String] {
    Box::leak(seeds.iter().map(|s| s.to_string()).collect::<Vec<_>>().into_boxed_slice())
}
