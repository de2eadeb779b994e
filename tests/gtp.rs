//! GTP sessions with the built `duiyi gtp` (GTP 2 framing: `=[id] …` / `?[id] …` and a blank line; HexGui's
//! `hexgui-analyze_commands`, Benzene's `param_game`, `time_left`, `final_score`): a full game won by the
//! engine's `genmove` against scripted `play`s, refused commands that leave the game unchanged, board-size
//! bounds, the swap rule, undo, loadsgf, the analyze maps checked against the library's `Maps` and the knowledge
//! commands against `knowledge::analyse`, GoGui's `# interrupt` during a long `genmove`, the resignation of a
//! proved loss, and `time_left` clocks.

use duiyi::hex::eval::Maps;
use duiyi::hex::knowledge::{self, Verdict};
use duiyi::hex::two_distance::{Convention, INFINITY};
use duiyi::hex::{Cell, Edge, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long one answer may take (a genmove searches for `move_time`; this only catches hangs).
const WAIT: Duration = Duration::from_secs(30);

struct Gtp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// One answer: whether it was a success (`=`), its id, and its text (lines after the first joined by `\n`).
#[derive(Debug)]
struct Answer {
    ok: bool,
    id: String,
    text: String,
}

impl Gtp {
    fn start() -> Gtp {
        let mut child = Command::new(env!("CARGO_BIN_EXE_duiyi"))
            .arg("gtp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start duiyi gtp");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Gtp { stdin: child.stdin.take(), child, lines: rx }
    }

    fn send(&mut self, cmd: &str) -> Answer {
        self.write(&format!("{cmd}\n"));
        self.answer(cmd, WAIT)
    }

    /// Writes raw text to the engine's stdin (a command without waiting for its answer, a comment line).
    fn write(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
    }

    /// Reads the answer to `cmd` (already sent), waiting at most `wait` for its first line.
    fn answer(&mut self, cmd: &str, wait: Duration) -> Answer {
        let first = self.lines.recv_timeout(wait).unwrap_or_else(|_| panic!("no answer to '{cmd}' within {wait:?}"));
        let ok = match first.chars().next() {
            Some('=') => true,
            Some('?') => false,
            _ => panic!("'{cmd}': answer must start with = or ?, got {first:?}"),
        };
        let head = &first[1..];
        let id: String = head.chars().take_while(|c| c.is_ascii_digit()).collect();
        let mut text = head[id.len()..].trim().to_string();
        loop {
            let l = self.lines.recv_timeout(WAIT).unwrap_or_else(|_| panic!("'{cmd}': answer not ended by a blank line"));
            if l.is_empty() {
                break;
            }
            if !text.is_empty() {
                text.push('\n');
            }
            text.push_str(&l);
        }
        Answer { ok, id, text }
    }

    fn ok(&mut self, cmd: &str) -> String {
        let a = self.send(cmd);
        assert!(a.ok, "'{cmd}' failed: {}", a.text);
        a.text
    }

    fn refused(&mut self, cmd: &str) -> String {
        let a = self.send(cmd);
        assert!(!a.ok, "'{cmd}' should be refused, got = {}", a.text);
        assert!(!a.text.is_empty(), "'{cmd}': a refusal names its reason");
        a.text
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn identity_commands_and_ids() {
    let mut g = Gtp::start();
    let a = g.send("7 name");
    assert_eq!((a.ok, a.id.as_str(), a.text.as_str()), (true, "7", "duiyi"));
    assert_eq!(g.ok("protocol_version"), "2");
    assert_eq!(g.ok("version"), env!("CARGO_PKG_VERSION"));
    let list = g.ok("list_commands");
    for c in ["boardsize", "clear_board", "play", "genmove", "undo", "showboard", "loadsgf", "final_score", "hexgui-analyze_commands"] {
        assert!(list.lines().any(|l| l == c), "list_commands lacks {c}: {list}");
        assert_eq!(g.ok(&format!("known_command {c}")), "true");
    }
    assert_eq!(g.ok("known_command frobnicate"), "false");
    let a = g.send("12 frobnicate");
    assert!(!a.ok && a.id == "12" && a.text.contains("unknown command"), "{a:?}");
    // Comments and empty lines get no answer; the next command is answered in order.
    g.stdin.as_mut().unwrap().write_all(b"# a comment\n\n").unwrap();
    assert_eq!(g.ok("name"), "duiyi");
    let a = g.send("99 quit");
    assert!(a.ok && a.id == "99");
    assert_eq!(g.child.wait().unwrap().code(), Some(0));
}

#[test]
fn board_size_bounds() {
    let mut g = Gtp::start();
    for bad in ["boardsize 0", "boardsize 20", "boardsize 11 20", "boardsize abc", "boardsize", "boardsize 3 3 3"] {
        g.refused(bad);
    }
    g.ok("boardsize 1");
    g.ok("boardsize 19");
    g.ok("boardsize 4 3");
    let board = g.ok("showboard");
    assert!(board.contains("a b c d") && !board.contains(" e"), "{board}");
    assert_eq!(board.lines().filter(|l| l.trim_start().starts_with(char::is_numeric)).count(), 3, "{board}");
    // 1×1: Black's first stone touches all four edges and wins.
    g.ok("boardsize 1");
    g.ok("play b a1");
    assert_eq!(g.ok("final_score"), "B+");
    assert_eq!(g.ok("genmove w"), "resign");
}

#[test]
fn bad_commands_are_refused_and_change_nothing() {
    let mut g = Gtp::start();
    g.ok("boardsize 5");
    g.ok("play b c3");
    let before = g.ok("showboard");
    for bad in [
        "play b c3",          // out of turn (White is to move)
        "play w c3",          // occupied
        "play w f1",          // off the 5×5 board
        "play w a0",          // not a cell
        "play x a1",          // not a colour
        "play w",             // missing argument
        "play w swap-pieces", // the swap rule is off
        "genmove b",          // not Black's turn
        "genmove",            // missing colour
        "undo 3",             // extra argument
        "duiyi-twod up",      // not an edge
        "param_game move_time -1",
        "param_game bogus 1",
        "time_left w forever",
        "loadsgf /nonexistent/game.sgf",
    ] {
        g.refused(bad);
    }
    assert_eq!(g.ok("showboard"), before, "refused commands leave the board as it was");
    assert_eq!(g.ok("name"), "duiyi", "the session goes on");
}

#[test]
fn swap_rule_and_undo() {
    let mut g = Gtp::start();
    g.ok("boardsize 5");
    g.ok("param_game allow_swap 1");
    assert!(g.ok("param_game").contains("[bool] allow_swap 1"));
    g.ok("play b c2");
    g.ok("play w swap-pieces");
    // Black's c2 became White's b3 (reflected across the long diagonal), and Black moves next.
    let board = g.ok("showboard");
    let rows: Vec<&str> = board.lines().collect();
    assert!(rows.iter().any(|l| l.trim_start().starts_with("3") && l.contains('W')), "{board}");
    assert!(!board.contains('B'), "{board}");
    g.refused("play w a1");
    g.ok("play b a1");
    g.refused("play w swap-pieces"); // only as White's first answer
    g.ok("undo");
    g.ok("undo");
    let board = g.ok("showboard");
    assert!(board.contains('B') && !board.contains('W'), "undo restored Black's c2: {board}");
    g.ok("undo");
    g.refused("undo"); // nothing left
    // Swap off again: swap-pieces is refused.
    g.ok("param_game allow_swap 0");
    g.ok("clear_board");
    g.ok("play b c2");
    g.refused("play w swap-pieces");
    // A resignation ends the game and is taken back by undo.
    g.ok("play w resign");
    assert_eq!(g.ok("final_score"), "B+");
    g.refused("play w a1");
    g.ok("undo");
    assert_eq!(g.ok("final_score"), "cannot score");
    g.ok("play w a1");
}

#[test]
fn engine_wins_a_full_game_by_genmove_against_scripted_plays() {
    let mut g = Gtp::start();
    g.ok("boardsize 5");
    g.ok("param_game move_time 0.2");
    // Black plays the first free cell of row 1, then row 2, …: it never joins NORTH to SOUTH sensibly.
    let mut plies = 0;
    let script: Vec<String> = (1..=5).flat_map(|r| (b'a'..=b'e').map(move |c| format!("{}{r}", c as char))).collect();
    let mut next = script.iter();
    while g.ok("final_score") == "cannot score" {
        let cell = loop {
            let c = next.next().expect("cells left");
            let a = g.send(&format!("play b {c}"));
            if a.ok {
                break c.clone();
            }
        };
        plies += 1;
        assert!(!cell.is_empty());
        if g.ok("final_score") != "cannot score" {
            break;
        }
        let mv = g.ok("genmove w");
        assert!(Cell::parse(&mv).is_ok(), "genmove answers a cell: {mv}");
        plies += 1;
        assert!(plies <= 25, "the game ends on a full board at the latest");
    }
    assert_eq!(g.ok("final_score"), "W+", "{}", g.ok("showboard"));
    assert_eq!(g.ok("genmove b"), "resign", "nothing to play after the game is over");
}

#[test]
fn genmove_on_both_sides_finishes_a_game_with_a_consistent_winner() {
    let mut g = Gtp::start();
    g.ok("boardsize 4");
    g.ok("param_game move_time 0.1");
    let mut pos = Position::square(4).unwrap();
    let mut color = "b";
    while pos.winner().is_none() {
        let mv = g.ok(&format!("genmove {color}"));
        if mv == "resign" {
            // A position proved lost is resigned (`param_game resign_proved_loss`, on by default).
            break;
        }
        pos.play_str(&mv).unwrap_or_else(|e| panic!("genmove {color} answered an illegal move {mv}: {e}"));
        color = if color == "b" { "w" } else { "b" };
    }
    let winner = pos.winner().unwrap_or(if color == "b" { duiyi::hex::Color::White } else { duiyi::hex::Color::Black });
    let want = if winner == duiyi::hex::Color::Black { "B+" } else { "W+" };
    assert_eq!(g.ok("final_score"), want);
    // Both sides play well on 4×4: Black, who moves first without swap, wins (first-player win, HexWiki).
    assert_eq!(want, "B+", "{}", g.ok("showboard"));
}

#[test]
fn time_left_gives_genmove_a_clock() {
    let mut g = Gtp::start();
    g.ok("boardsize 7");
    g.ok("time_left b 3");
    assert_eq!(g.ok("time_left b"), "3");
    let t = std::time::Instant::now();
    let mv = g.ok("genmove b");
    assert!(Cell::parse(&mv).is_ok(), "{mv}");
    // Sudden death over 30 moves: about a tenth of a second for this move, far below the 3 s left.
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
}

#[test]
fn loadsgf_whole_record_and_up_to_a_move() {
    let dir = std::env::temp_dir().join(format!("duiyi-gtp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    std::fs::write(&file, "(;FF[4]GM[11]SZ[5];B[c3];W[b4];B[d2];W[c2])").unwrap();
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;FF[4]GM[1]SZ[5];B[c3])").unwrap();
    let mut g = Gtp::start();
    g.ok(&format!("loadsgf {}", file.display()));
    let board = g.ok("showboard");
    assert_eq!(board.matches('B').count(), 2, "{board}");
    assert_eq!(board.matches('W').count(), 2, "{board}");
    g.ok("play b a1"); // Black is to move after four moves
    // Before move 3: c3 and b4 only, Black to move.
    g.ok(&format!("loadsgf {} 3", file.display()));
    let board = g.ok("showboard");
    assert_eq!((board.matches('B').count(), board.matches('W').count()), (1, 1), "{board}");
    g.refused("play w a1");
    g.ok("play b d2");
    let before = g.ok("showboard");
    let why = g.refused(&format!("loadsgf {}", bad.display()));
    assert!(why.contains("loadsgf"), "{why}");
    assert_eq!(g.ok("showboard"), before, "a bad record leaves the game unchanged");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `cell value` pairs of a pspairs answer.
fn pairs(text: &str) -> Vec<(Cell, i64)> {
    let t: Vec<&str> = text.split_whitespace().collect();
    assert!(t.len().is_multiple_of(2), "{text}");
    t.chunks(2).map(|p| (Cell::parse(p[0]).unwrap(), p[1].parse().unwrap())).collect()
}

#[test]
fn analyze_commands_draw_the_librarys_maps() {
    let mut g = Gtp::start();
    let list = g.ok("hexgui-analyze_commands");
    for line in list.lines() {
        let parts: Vec<&str> = line.split('/').collect();
        assert_eq!(parts.len(), 3, "type/label/command: {line}");
        let cmd = parts[2].split_whitespace().next().unwrap();
        assert_eq!(g.ok(&format!("known_command {cmd}")), "true", "{line}");
    }
    assert!(list.contains("pspairs/") && list.contains("duiyi-twod north") && list.contains("duiyi-badness"));
    g.ok("boardsize 5");
    for m in ["b c3", "w b4", "b d2"] {
        g.ok(&format!("play {m}"));
    }
    let mut pos = Position::square(5).unwrap();
    for m in ["c3", "b4", "d2"] {
        pos.play_str(m).unwrap();
    }
    let maps = Maps::compute(&pos, Convention::Queenbee);
    let w = 5;
    let idx = |c: Cell| c.row as usize * w + c.col as usize;
    for (name, edge) in [("north", Edge::North), ("south", Edge::South), ("west", Edge::West), ("east", Edge::East)] {
        let got = pairs(&g.ok(&format!("duiyi-twod {name}")));
        assert_eq!(got.len(), 22, "every empty cell: {got:?}");
        for (c, v) in got {
            let want = maps.two_distance[edge.index()][idx(c)];
            assert_eq!(v, if want == INFINITY { -1 } else { want as i64 }, "{name} {c}");
        }
    }
    for (arg, color) in [("b", 0), ("w", 1)] {
        for (c, v) in pairs(&g.ok(&format!("duiyi-potential {arg}"))) {
            assert_eq!(v, maps.potential[color][idx(c)] as i64, "potential {arg} {c}");
        }
    }
    let bad = pairs(&g.ok("duiyi-badness"));
    assert!(bad.iter().any(|&(_, v)| v == 0), "the best cells have badness 0: {bad:?}");
    for (c, v) in bad {
        assert_eq!(v, maps.badness[idx(c)] as i64, "badness {c}");
    }
    for (c, v) in pairs(&g.ok("duiyi-tension")) {
        assert_eq!(Some(v as i32), maps.tension[idx(c)], "tension {c}");
    }
    let eval = g.ok("duiyi-eval");
    assert!(eval.contains(&format!("eval {} ", maps.eval)), "{eval}");
    // The Benzene convention changes the maps as `eval-twod` would.
    g.ok("param_game convention benzene");
    let benz = Maps::compute(&pos, Convention::Benzene);
    for (c, v) in pairs(&g.ok("duiyi-twod north")) {
        let want = benz.two_distance[0][idx(c)];
        assert_eq!(v, if want == INFINITY { -1 } else { want as i64 }, "benzene north {c}");
    }
}

/// The engine's `Level` over GTP (`param_game level N`, `level_seed S`): shown by `param_game`, checked, and a
/// levelled `genmove` still answers a legal cell.
#[test]
fn param_game_level() {
    let mut g = Gtp::start();
    g.ok("boardsize 7");
    g.ok("param_game level 2");
    g.ok("param_game level_seed 5");
    assert!(g.ok("param_game").contains("level 2"));
    g.refused("param_game level 9");
    g.refused("param_game level_seed x");
    g.ok("play b d4");
    let reply = g.ok("genmove w");
    assert!(reply.len() >= 2 && reply != "resign", "{reply}");
}

/// A generous bound for answers that must come "at once" or "within the clock" on a loaded machine: far below
/// the 30–60 s a search would take if the interrupt or the clock were ignored.
const PROMPT: Duration = Duration::from_secs(20);

/// Plays `moves` (`b c3` …) over GTP and on a mirror position, which it returns.
fn setup(g: &mut Gtp, size: usize, moves: &[&str]) -> Position {
    g.ok(&format!("boardsize {size}"));
    let mut pos = Position::square(size).unwrap();
    for m in moves {
        g.ok(&format!("play {m}"));
        pos.play_str(m.split_whitespace().nth(1).unwrap()).unwrap();
    }
    pos
}

/// Asserts that `mv` is a legal cell in `pos` (and plays it there).
fn assert_legal(pos: &mut Position, mv: &str) {
    assert!(Cell::parse(mv).is_ok(), "a cell, not {mv:?}");
    pos.play_str(mv).unwrap_or_else(|e| panic!("illegal move {mv}: {e}"));
}

#[test]
fn gogui_interrupt_stops_a_long_genmove_with_its_best_move_so_far() {
    let mut g = Gtp::start();
    assert!(g.ok("list_commands").lines().any(|l| l == "gogui-interrupt"));
    assert_eq!(g.ok("known_command gogui-interrupt"), "true");
    assert_eq!(g.ok("gogui-interrupt"), "");
    let mut pos = setup(&mut g, 9, &["b e5"]);
    g.ok("param_game move_time 60");
    // Interrupted while searching.
    let t = Instant::now();
    g.write("genmove w\n");
    std::thread::sleep(Duration::from_millis(500));
    g.write("# interrupt\n");
    let a = g.answer("genmove w", PROMPT);
    assert!(a.ok, "{a:?}");
    assert_legal(&mut pos, &a.text);
    assert!(t.elapsed() < PROMPT, "{:?}", t.elapsed());
    // Interrupted before the search got going (the line right behind the command): still a legal move.
    let t = Instant::now();
    g.write("genmove b\n# interrupt\n");
    let a = g.answer("genmove b", PROMPT);
    assert!(a.ok, "{a:?}");
    assert_legal(&mut pos, &a.text);
    assert!(t.elapsed() < PROMPT, "{:?}", t.elapsed());
    // The board holds both moves, commands go on in order, and an interrupt while idle is an ignored comment.
    let board = g.ok("showboard");
    assert_eq!((board.matches('B').count(), board.matches('W').count()), (2, 1), "{board}");
    g.write("# interrupt\n");
    assert_eq!(g.ok("name"), "duiyi");
    g.ok("param_game move_time 0.2");
    assert_legal(&mut pos, &g.ok("genmove w"));
}

#[test]
fn genmove_resigns_a_proved_loss_unless_told_not_to() {
    // 5×5: Black's b2, c3, d4 are joined by bridges to each other and by edge templates to rows 1 and 5, a
    // full virtual connection; White (a5, e1) is to move and has lost.
    let moves = ["b b2", "w a5", "b c3", "w e1", "b d4"];
    let mut g = Gtp::start();
    let pos = setup(&mut g, 5, &moves);
    assert!(matches!(knowledge::analyse(&pos).unwrap().verdict, Verdict::Loss { .. }));
    assert!(g.ok("param_game").contains("[bool] resign_proved_loss 1"));
    g.ok("param_game move_time 0.2");
    assert_eq!(g.ok("genmove w"), "resign");
    // The resignation is recorded: Black has won, and undo takes it back.
    assert_eq!(g.ok("final_score"), "B+");
    g.ok("undo");
    assert_eq!(g.ok("final_score"), "cannot score");
    // With the parameter off, the search's move is played.
    g.ok("param_game resign_proved_loss 0");
    assert!(g.ok("param_game").contains("[bool] resign_proved_loss 0"));
    let mut mirror = pos.clone();
    assert_legal(&mut mirror, &g.ok("genmove w"));
    g.refused("param_game resign_proved_loss maybe");
    // An open position (Black a1 on 5×5) is played, not resigned, with the parameter on.
    g.ok("param_game resign_proved_loss 1");
    let mut open = setup(&mut g, 5, &["b a1"]);
    assert_legal(&mut open, &g.ok("genmove w"));
}

#[test]
fn time_left_is_the_clock_genmove_uses() {
    let mut g = Gtp::start();
    let mut pos = setup(&mut g, 9, &["b e5"]);
    // A long move time, so a genmove that ignored the clock would take 30 s.
    g.ok("param_game move_time 30");
    g.ok("time_left w 2");
    assert_eq!(g.ok("time_left w"), "2");
    let t = Instant::now();
    g.write("genmove w\n");
    let a = g.answer("genmove w", PROMPT);
    assert!(a.ok, "{a:?}");
    assert_legal(&mut pos, &a.text);
    assert!(t.elapsed() < PROMPT, "the 2 s clock was not used: {:?}", t.elapsed());
    // No time left: a move all the same, at once.
    g.ok("play b d4");
    pos.play_str("d4").unwrap();
    g.ok("time_left w 0");
    let t = Instant::now();
    g.write("genmove w\n");
    let a = g.answer("genmove w", PROMPT);
    assert!(a.ok, "{a:?}");
    assert_legal(&mut pos, &a.text);
    assert!(t.elapsed() < PROMPT, "{:?}", t.elapsed());
    assert_eq!(g.ok("time_left"), "Black: unset, White: 0");
}

/// The cells of a `plist` answer.
fn plist(text: &str) -> Vec<Cell> {
    text.split_whitespace().map(|c| Cell::parse(c).unwrap_or_else(|e| panic!("{c:?} in {text:?}: {e}"))).collect()
}

#[test]
fn knowledge_analyze_commands_show_what_knowledge_analyse_finds() {
    let mut g = Gtp::start();
    let list = g.ok("hexgui-analyze_commands");
    for want in [
        "plist/Must-Play Region/duiyi-mustplay",
        "plist/Opponent Threats/duiyi-threats",
        "pspairs/Inferior Cells/duiyi-inferior",
        "string/Verdict/duiyi-verdict",
        "string/Knowledge (JSON)/duiyi-knowledge",
    ] {
        assert!(list.lines().any(|l| l == want), "{want} in {list}");
    }
    // Three positions: White to move after Black's b2 (open, but Black's threats already cut White's region;
    // the empty 5×5 board is a static win for the side to move since the VC engine's edge templates: c3 joins
    // both edges by two ziggurats), a proved loss for White, and a win for Black to move (with dead and
    // captured cells).
    let cases: [&[&str]; 3] = [&["b b2"], &["b b2", "w a5", "b c3", "w e1", "b d4"], &["b b2", "w a5", "b c3", "w e1"]];
    let mut kinds = Vec::new();
    let mut seen_inferior = [false; 3];
    for moves in cases {
        let pos = setup(&mut g, 5, moves);
        let k = knowledge::analyse(&pos).unwrap();
        assert_eq!(plist(&g.ok("duiyi-mustplay")), k.must_play, "{moves:?}");
        assert_eq!(plist(&g.ok("duiyi-threats")), k.threats, "{moves:?}");
        // Inferior cells: `cell label` pairs, dead or captured by B / W, each as the library says.
        let inferior = g.ok("duiyi-inferior");
        let words: Vec<&str> = inferior.split_whitespace().collect();
        assert!(words.len().is_multiple_of(2), "{inferior}");
        let mut n = 0;
        for p in words.chunks(2) {
            let c = Cell::parse(p[0]).unwrap();
            let set = match p[1] {
                "dead" => &k.dead,
                "B" => &k.captured[0],
                "W" => &k.captured[1],
                other => panic!("unknown label {other} in {inferior}"),
            };
            assert!(set.contains(&c), "{c} {} in {k:?}", p[1]);
            n += 1;
        }
        assert_eq!(n, k.dead.len() + k.captured[0].len() + k.captured[1].len(), "{inferior} vs {k:?}");
        seen_inferior[0] |= !k.dead.is_empty();
        seen_inferior[1] |= !k.captured[0].is_empty();
        seen_inferior[2] |= !k.captured[1].is_empty();
        let verdict = g.ok("duiyi-verdict");
        kinds.push(verdict.split(':').next().unwrap().to_string());
        let carrier_of = |text: &str| plist(text.split_once(": carrier").unwrap().1);
        match &k.verdict {
            Verdict::Open => assert_eq!(verdict, "open"),
            Verdict::Win { carrier } => {
                assert!(verdict.starts_with(&format!("win for {}: carrier", k.to_move)), "{verdict}");
                assert_eq!(&carrier_of(&verdict), carrier);
            }
            Verdict::Loss { carrier } => {
                assert!(verdict.starts_with(&format!("loss for {}: carrier", k.to_move)), "{verdict}");
                assert_eq!(&carrier_of(&verdict), carrier);
            }
        }
        let json: serde_json::Value = serde_json::from_str(&g.ok("duiyi-knowledge")).expect("duiyi-knowledge is JSON");
        assert_eq!(json, serde_json::to_value(&k).unwrap(), "{moves:?}");
    }
    // The cases show every verdict, a forced region, and all three labels of the inferior cells.
    assert_eq!(kinds, ["open", "loss for white", "win for black"]);
    assert_eq!(seen_inferior, [true; 3]);
    setup(&mut g, 5, &["b b2"]);
    let region = plist(&g.ok("duiyi-mustplay"));
    assert!(region.len() < 25 && region.contains(&Cell::parse("c3").unwrap()), "{region:?}");
    assert!(!g.ok("duiyi-threats").is_empty());
    // A finished game has no knowledge; a board over 128 cells is refused with the reason.
    setup(&mut g, 2, &["b a1", "w b1", "b a2"]);
    assert_eq!(g.ok("duiyi-verdict"), "over: black has won");
    assert_eq!(g.ok("duiyi-mustplay"), "");
    assert_eq!(g.ok("duiyi-knowledge"), "null");
    g.ok("boardsize 13");
    let why = g.refused("duiyi-mustplay");
    assert!(why.contains("128"), "{why}");
    g.refused("duiyi-verdict extra");
}

/// `param_game hex_eval` switches the playing search (both play a legal move), and `param_mcts` lists and sets
/// the playout search's parameters; a bad name or value is refused with the reason and changes nothing.
#[test]
fn hex_eval_and_param_mcts() {
    let mut g = Gtp::start();
    g.ok("boardsize 7");
    g.ok("param_game move_time 0.2");
    g.ok("param_game resign_proved_loss 0");
    assert!(g.ok("param_game").contains("hex_eval playouts"), "the default search");
    let list = g.ok("param_mcts");
    for name in ["knowledge 256", "expand 2", "exploration 0.02", "rave_k 1000", "bridges 1", "hsearch_cells 0", "solver_empties 64", "solver_share 0.33", "solver_rate 45"] {
        assert!(list.contains(name), "{name} in {list}");
    }
    g.ok("param_mcts knowledge 20");
    g.ok("param_mcts bridges 0");
    g.ok("param_mcts solver_rate 50");
    g.ok("param_mcts threads 2");
    assert!(g.ok("param_mcts").contains("threads 2"), "MoHex's num_threads: root-parallel trees");
    let list = g.ok("param_mcts");
    assert!(list.contains("knowledge 20") && list.contains("bridges 0") && list.contains("solver_rate 50"), "{list}");
    for bad in ["param_mcts rave_k 0", "param_mcts solver_rate 1001", "param_mcts frobnicate 1", "param_mcts knowledge", "param_game hex_eval minimax"] {
        let a = g.send(bad);
        assert!(!a.ok, "{bad}: {a:?}");
    }
    assert!(g.ok("param_mcts").contains("knowledge 20"), "a refused value changes nothing");
    let cell = g.ok("genmove b");
    assert!(Cell::parse(&cell).is_ok(), "playouts: {cell}");
    g.ok("param_game hex_eval queenbee");
    assert!(g.ok("param_game").contains("hex_eval queenbee"));
    let cell = g.ok("genmove w");
    assert!(Cell::parse(&cell).is_ok(), "queenbee: {cell}");
}
