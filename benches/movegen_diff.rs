//! Differential bench of move generation against Fairy-Stockfish (not run in CI): the legal moves of ≥ 100,000
//! positions, ours (`Position::legal_moves`) against Fairy-Stockfish's `go perft 1` divide, as sets.
//!
//! ```sh
//! cargo bench --bench movegen_diff                          # 100,000 positions, seed 1
//! cargo bench --bench movegen_diff -- --positions 300000 --seed 7
//! FSF_BIN=/path/to/stockfish cargo bench --bench movegen_diff
//! ```
//!
//! Fairy-Stockfish is built outside the repository, as `benches/peers.sh` says, and named by `$FSF_BIN`;
//! without it the bench prints how to build it and exits 0. It is driven over UCI: `setoption name UCI_Variant value xiangqi`, then per position `position fen
//! <FEN>` and `go perft 1`, whose lines `<move>: 1` list its legal moves. Its squares have ranks 1–10; ICCS ranks
//! are 0–9, so one is subtracted (`b3b10` → `b2b9`).
//!
//! Positions (deduplicated by FEN, seeded Pcg64, reproducible):
//! * **random games** from the start: uniform legal moves, or captures first half the time (to reach endgames
//!   and sparse boards), up to 300 plies or the end of the game;
//! * **real games**: the 126 positions of `tests/data/xiangqi_mates.json` (mates from World Championship and
//!   other real games) and the 20 openings of `benches/openings.txt`, each followed by random continuations.
//!
//! Rule differences: `perft 1` from a FEN carries no game history, so repetition rules (Fairy-Stockfish's and
//! ours, which differ) play no part; both generate checkmate and stalemate as no moves (stalemate loses in
//! Xiangqi). Every position is given by our own FEN, so our FEN writer is exercised on every position too.
//!
//! Prints: positions compared per source, mismatches (each with its FEN, the moves only we generate and the moves
//! only Fairy-Stockfish generates; target 0), positions per second of the whole comparison, and of our generator
//! alone. Exits 1 on a mismatch.

use duiyi::xiangqi::Position;
use rand_core::{Rng, SeedableRng};
use std::collections::{BTreeSet, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let mut want = 100_000usize;
    let mut seed = 1u64;
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).map(String::as_str);
        match args[i].as_str() {
            "--positions" => want = v.and_then(|v| v.parse().ok()).expect("--positions needs a number"),
            "--seed" => seed = v.and_then(|v| v.parse().ok()).expect("--seed needs a number"),
            other => panic!("unknown argument {other} (use --positions N, --seed S)"),
        }
        i += 2;
    }
    let fsf_bin = std::env::var("FSF_BIN").unwrap_or_default();
    if fsf_bin.is_empty() || !std::path::Path::new(&fsf_bin).exists() {
        println!("Fairy-Stockfish not found (FSF_BIN={fsf_bin:?}). Build it outside this repository, e.g.:");
        println!("  git clone https://github.com/fairy-stockfish/Fairy-Stockfish ../peers/fairy-stockfish");
        println!("  (cd ../peers/fairy-stockfish/src && make -j2 build ARCH=x86-64-modern largeboards=yes nnue=no)");
        println!("  FSF_BIN=$PWD/../peers/fairy-stockfish/src/stockfish cargo bench --bench movegen_diff");
        println!("Skipping the differential bench.");
        return;
    }

    let t = Instant::now();
    let sources = positions(want, seed);
    let total: usize = sources.iter().map(|(_, v)| v.len()).sum();
    println!(
        "# movegen_diff: {total} distinct positions (seed {seed}), generated in {:.1} s; FSF {fsf_bin}",
        t.elapsed().as_secs_f64()
    );

    // Our generator alone.
    let t = Instant::now();
    let mut moves = 0usize;
    for (_, list) in &sources {
        for p in list {
            moves += p.legal_moves().len();
        }
    }
    let ours_secs = t.elapsed().as_secs_f64();
    println!("duiyi legal_moves alone: {:.0} positions/s ({moves} moves)", total as f64 / ours_secs);

    let mut fsf = Fsf::start(&fsf_bin);
    println!("# {}", fsf.id);
    let t = Instant::now();
    let mut mismatches = 0usize;
    for (name, list) in &sources {
        let (mut n, mut bad, mut sum_moves, mut no_moves) = (0usize, 0usize, 0usize, 0usize);
        for p in list {
            let fen = p.fen();
            let ours: BTreeSet<String> = p.legal_moves().as_slice().iter().map(|m| m.to_string()).collect();
            let theirs = fsf.legal_moves(&fen);
            n += 1;
            sum_moves += ours.len();
            no_moves += ours.is_empty() as usize;
            if ours != theirs {
                bad += 1;
                if mismatches + bad <= 10 {
                    let only_ours: Vec<_> = ours.difference(&theirs).collect();
                    let only_fsf: Vec<_> = theirs.difference(&ours).collect();
                    println!("  !! mismatch {fen}: only duiyi {only_ours:?}, only FSF {only_fsf:?}");
                }
            }
        }
        mismatches += bad;
        println!(
            "{name:<36} positions {n:>7}  moves/position {:>5.1}  no legal move {no_moves:>5}  mismatches {bad}",
            sum_moves as f64 / n.max(1) as f64
        );
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "compared {total} positions in {secs:.1} s: {:.0} positions/s (FSF round trips included); mismatches {mismatches} (target 0)",
        total as f64 / secs
    );
    fsf.quit();
    if mismatches > 0 {
        std::process::exit(1);
    }
}

/// A Fairy-Stockfish process speaking UCI.
struct Fsf {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    out: BufReader<std::process::ChildStdout>,
    id: String,
}

impl Fsf {
    fn start(bin: &str) -> Fsf {
        let mut child = Command::new(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {bin}: {e}"));
        let stdin = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let mut f = Fsf { child, stdin, out, id: String::new() };
        f.send("uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Threads value 1\nisready");
        loop {
            let l = f.line();
            if let Some(id) = l.strip_prefix("id name ") {
                f.id = id.to_string();
            }
            if l == "readyok" {
                break;
            }
        }
        f
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").and_then(|_| self.stdin.flush()).expect("write to Fairy-Stockfish");
    }

    fn line(&mut self) -> String {
        let mut s = String::new();
        if self.out.read_line(&mut s).expect("read from Fairy-Stockfish") == 0 {
            panic!("Fairy-Stockfish closed its output");
        }
        s.trim_end().to_string()
    }

    /// Legal moves of `fen` in ICCS, from `go perft 1` (ranks 1–10 converted to 0–9).
    fn legal_moves(&mut self, fen: &str) -> BTreeSet<String> {
        self.send(&format!("position fen {fen}\ngo perft 1"));
        let mut moves = BTreeSet::new();
        loop {
            let l = self.line();
            if l.starts_with("Nodes searched") {
                let n: usize = l.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or(usize::MAX);
                assert_eq!(n, moves.len(), "FSF perft 1 count vs its list for {fen}");
                return moves;
            }
            if let Some((mv, _)) = l.split_once(": ") {
                moves.insert(to_iccs(mv).unwrap_or_else(|| panic!("FSF move {mv:?} for {fen}")));
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// `b3b10` (files a–i, ranks 1–10) → `b2b9`.
fn to_iccs(mv: &str) -> Option<String> {
    let b = mv.as_bytes();
    let split = |s: &[u8]| -> Option<(char, u32, usize)> {
        let f = *s.first()? as char;
        let digits = s[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let r: u32 = std::str::from_utf8(&s[1..1 + digits]).ok()?.parse().ok()?;
        Some((f, r, 1 + digits))
    };
    let (f1, r1, n1) = split(b)?;
    let (f2, r2, n2) = split(&b[n1..])?;
    if n1 + n2 != b.len() || !(1..=10).contains(&r1) || !(1..=10).contains(&r2) {
        return None;
    }
    Some(format!("{f1}{}{f2}{}", r1 - 1, r2 - 1))
}

/// The positions to compare, by source, deduplicated across sources.
fn positions(want: usize, seed: u64) -> Vec<(String, Vec<Position>)> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut keep = |p: &Position, list: &mut Vec<Position>| {
        let fen = p.fen();
        let key = fen.split(' ').take(2).collect::<Vec<_>>().join(" ");
        if seen.insert(key) {
            list.push(Position::from_fen(&fen).expect("our own FEN parses"));
        }
    };
    // Real games: the mate positions and the openings, each with random continuations.
    let root = env!("CARGO_MANIFEST_DIR");
    let mates_path = format!("{root}/tests/data/xiangqi_mates.json");
    let mates: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(&mates_path).unwrap_or_else(|e| panic!("{mates_path}: {e}")),
    )
    .unwrap_or_else(|e| panic!("{mates_path}: {e}"));
    let openings_path = format!("{root}/benches/openings.txt");
    let openings = std::fs::read_to_string(&openings_path).unwrap_or_else(|e| panic!("{openings_path}: {e}"));
    let mut real_starts: Vec<Position> = Vec::new();
    for m in mates["positions"].as_array().expect("positions") {
        real_starts.push(Position::from_fen(m["fen"].as_str().expect("fen")).expect("mate FEN"));
    }
    let n_mates = real_starts.len();
    for line in openings.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let mut p = Position::startpos();
        for mv in line.split_whitespace() {
            p.try_play(mv).unwrap_or_else(|e| panic!("openings.txt {line}: {e}"));
        }
        real_starts.push(p);
    }
    let mut real = Vec::new();
    let real_quota = want * 3 / 10;
    let mut round = 0;
    while real.len() < real_quota && round < 1000 {
        for start in &real_starts {
            if real.len() >= real_quota {
                break;
            }
            let mut p = start.clone();
            keep(&p, &mut real);
            for _ in 0..40 {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                p.play_unchecked(legal.as_slice()[rng.next_u32() as usize % legal.len()]);
                keep(&p, &mut real);
            }
        }
        round += 1;
    }
    // Random games from the start: uniform, or captures first half the time.
    let mut uniform = Vec::new();
    let mut captures = Vec::new();
    let mut game = 0usize;
    while uniform.len() + captures.len() + real.len() < want {
        let capture_first = game % 2 == 1;
        game += 1;
        let mut p = Position::startpos();
        for _ in 0..300 {
            let list = if capture_first { &mut captures } else { &mut uniform };
            keep(&p, list);
            let legal = p.legal_moves();
            if legal.is_empty() {
                break;
            }
            let caps: Vec<_> = legal.as_slice().iter().copied().filter(|m| p.piece_at(m.to()).is_some()).collect();
            let m = if capture_first && !caps.is_empty() && rng.next_u32() % 2 == 0 {
                caps[rng.next_u32() as usize % caps.len()]
            } else {
                legal.as_slice()[rng.next_u32() as usize % legal.len()]
            };
            p.play_unchecked(m);
        }
    }
    vec![
        (format!("real games ({n_mates} mates + {} openings) + playouts", real_starts.len() - n_mates), real),
        (format!("random games, uniform ({} games)", game.div_ceil(2)), uniform),
        (format!("random games, captures first ({} games)", game / 2), captures),
    ]
}
