//! `duiyi` command line: `perft`, `combat`, `circle`, `hex`, `gtp` (Hex over GTP), `xqf` (an XQF game file as
//! PGN), and (with no arguments) the Xiangqi engine protocols on stdin.

use duiyi::args::{check_args, flag};
use duiyi::xiangqi::{Position, perft_divide};
use std::process::ExitCode;
use std::time::Instant;

fn usage() -> &'static str {
    "usage:\n  duiyi perft [--fen \"<FEN>\"] --depth N   perft divide; last line `nodes <N>` (stderr: time, nodes/s)\n  \
     duiyi judge [--fen \"<FEN>\"] --moves \"<m1> <m2> …\"   game state after the moves as JSON\n  \
     duiyi eval [--fen \"<FEN>\"] [--moves \"…\"]   static evaluation and its terms as JSON\n  \
     duiyi bench [--depth N] [--multipv K] [--ablation]   fixed-depth search signature; last line `nodes <N> nps <M>`\n  \
     duiyi bench --positions FILE [--multipv K] [--depth N]   MultiPV K against 1 per position (FEN lines)\n  \
     duiyi bench --ablation --fen F [--moves M] [--depth N] [--json]   the lab's ablation rows for one position\n  \
     duiyi bench --ablation --game hex --size N|WxH [--moves M] [--depth N] [--json]   the lab's Hex rows\n  \
     duiyi bench --tree --fen F [--moves M] --depth N [--json]   the lab's recorded search tree for one position\n  \
     duiyi ecco [--fen \"<FEN>\"] MOVE…   the ECCO opening of a game (ICCS moves): `B24 中文 / English`\n  \
     duiyi xqf FILE [--notation iccs|chinese|wxf]   an XQF game file (XQStudio, XQ Wizard) as PGN\n  \
     duiyi hex potentials --size N[xM] [--moves \"b:c3 w:d2 …\"|--sgf FILE]   Hex two-distance maps as JSON\n  \
     duiyi combat --model waterfall|round-table|hybrid …   attack-outcome distribution as JSON\n  \
     duiyi puzzles --game xiangqi|hex [--json]   every shipped puzzle, one per line\n  \
     duiyi puzzles check --game xiangqi|hex [--sample N] [--seed S]   re-checks the shipped set (docs/puzzles.md)\n  \
     duiyi puzzles mine --game xiangqi --pgn FILE … | --game hex --from FILES …   finds puzzles in games\n  \
     duiyi puzzles assemble --game xiangqi FILE… | merge --game hex FILE…   mined lines → the set's file\n  \
     duiyi circle --method seed|welzl [--seed N] < points   smallest enclosing circle as JSON\n  \
     duiyi gtp                                    Hex engine speaking GTP on stdin (HexGui, Benzene tools)\n  \
     duiyi                                        read engine-protocol commands on stdin (ucci | uci)"
}

fn perft_cmd(args: &[String]) -> Result<(), String> {
    check_args("perft", args, &["--fen", "--depth"], &[])?;
    let fen = flag(args, "--fen");
    let depth: u32 = flag(args, "--depth")
        .ok_or("perft: --depth N is required")?
        .parse()
        .map_err(|_| "perft: --depth must be a non-negative integer".to_string())?;
    if depth > 12 {
        return Err("perft: --depth must be at most 12".into());
    }
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| e.to_string())?,
        None => Position::startpos(),
    };
    let t = Instant::now();
    let mut total = 0;
    if depth == 0 {
        total = 1;
    } else {
        for (m, n) in perft_divide(&mut pos, depth) {
            println!("{m}: {n}");
            total += n;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!("time {:.3} s, {:.0} nodes/s", secs, total as f64 / secs.max(1e-9));
    println!("nodes {total}");
    Ok(())
}

/// `duiyi judge --fen "<FEN>" --moves "<m1> <m2> …"`: plays the moves and prints the game state as JSON,
/// `{"result": "red" | "black" | "draw" | null, "reason": "…"}`. An illegal move is an error naming it.
fn judge_cmd(args: &[String]) -> Result<(), String> {
    check_args("judge", args, &["--fen", "--moves"], &[])?;
    let fen = flag(args, "--fen").unwrap_or("startpos");
    let moves = flag(args, "--moves").unwrap_or("");
    let mut pos = if fen.trim() == "startpos" {
        Position::startpos()
    } else {
        Position::from_fen(fen).map_err(|e| e.to_string())?
    };
    let mut verdict = None;
    for (i, m) in moves.split_whitespace().enumerate() {
        if let Some(v) = pos.game_verdict() {
            return Err(format!("judge: move {} ({m}) comes after the end of the game: {}", i + 1, v.reason));
        }
        pos.try_play(m).map_err(|e| format!("judge: move {}: {e}", i + 1))?;
    }
    if let Some(v) = pos.game_verdict() {
        verdict = Some(v);
    }
    let out = match verdict {
        Some(v) => serde_json::json!({ "result": v.result, "reason": v.reason, "code": v.code, "side": v.side }),
        None => serde_json::json!({ "result": null, "reason": format!("the game goes on; {} to move", pos.side_to_move().name()) }),
    };
    println!("{out}");
    Ok(())
}

/// `duiyi bench --ablation --game hex --size N|WxH [--moves M] [--depth N] [--json]`: the teaching lab's Hex
/// rows ([`duiyi::bench::hex_ablation_on`]) for one position, as a table or one JSON object.
fn hex_ablation_cmd(args: &[String], depth: u32) -> Result<(), String> {
    if !args.iter().any(|a| a == "--ablation") {
        return Err("bench: --game hex needs --ablation (one position, every technique switch)".into());
    }
    if flag(args, "--fen").is_some() {
        return Err("bench: --fen is for Xiangqi; a Hex position is --size and --moves".into());
    }
    let size = flag(args, "--size").ok_or("bench: --game hex needs --size N or WxH")?;
    let moves: Vec<&str> = flag(args, "--moves").unwrap_or("").split_whitespace().collect();
    let rows = duiyi::bench::hex_ablation_on(size, &moves, depth).map_err(|e| format!("bench: {e}"))?;
    if args.iter().any(|a| a == "--json") {
        let rows: Vec<_> = rows
            .iter()
            .map(|r| {
                let options: serde_json::Map<String, serde_json::Value> =
                    duiyi::bench::hex_option_switches(&r.options).into_iter().map(|(k, v)| (k.to_string(), v)).collect();
                serde_json::json!({ "name": r.name, "options": options, "nodes": r.nodes, "best": r.best,
                    "cp": r.cp, "mate": r.mate, "depth": r.depth, "ms": (r.ms * 10.0).round() / 10.0 })
            })
            .collect();
        println!("{}", serde_json::json!({ "game": "hex", "size": size, "moves": moves, "depth": depth, "rows": rows }));
    } else {
        println!("| configuration | nodes to depth {depth} | best | score | time (ms) | nodes/s |");
        println!("|---|---:|---|---:|---:|---:|");
        for r in rows {
            let score = r.mate.map_or_else(|| r.cp.map_or("-".into(), |c| c.to_string()), |m| format!("win in {m}"));
            let nps = r.nodes as f64 / (r.ms / 1000.0).max(1e-9);
            println!("| {} | {} | {} | {score} | {:.1} | {:.0} |", r.name, r.nodes, r.best.as_deref().unwrap_or("(none)"), r.ms, nps);
        }
    }
    Ok(())
}

/// `duiyi bench [--depth N] [--multipv K] [--ablation]`: fixed-depth search of the bench positions. Last line
/// `nodes <N> nps <M>` (with `--multipv K`, K lines per iteration: the cost of MultiPV); with `--ablation`, a
/// table of nodes and time with each technique switched off.
fn bench_cmd(args: &[String]) -> Result<(), String> {
    check_args("bench", args, &["--depth", "--fen", "--moves", "--game", "--size", "--multipv", "--positions"], &["--ablation", "--json", "--tree"])?;
    if args.iter().any(|a| a == "--tree") {
        return tree_cmd(args);
    }
    use duiyi::bench::{BENCH_DEPTH, ablations, run_bench};
    let depth: u32 = match flag(args, "--depth") {
        Some(d) => d.parse().map_err(|_| "bench: --depth must be a number".to_string())?,
        None => BENCH_DEPTH,
    };
    if !(1..=30).contains(&depth) {
        return Err("bench: --depth must be 1..30".into());
    }
    match flag(args, "--game") {
        None | Some("xiangqi") => {
            if flag(args, "--size").is_some() {
                return Err("bench: --size needs --game hex".into());
            }
        }
        Some("hex") => return hex_ablation_cmd(args, depth),
        Some(other) => return Err(format!("bench: unknown game '{other}' (expected xiangqi or hex)")),
    }
    if flag(args, "--positions").is_some() && (flag(args, "--fen").is_some() || args.iter().any(|a| a == "--ablation")) {
        return Err("bench: --positions excludes --fen and --ablation".into());
    }
    if let Some(fen) = flag(args, "--fen") {
        if !args.iter().any(|a| a == "--ablation") {
            return Err("bench: --fen needs --ablation (one position, every technique switch)".into());
        }
        let moves: Vec<&str> = flag(args, "--moves").unwrap_or("").split_whitespace().collect();
        let rows = duiyi::bench::ablation_on(fen, &moves, depth).map_err(|e| format!("bench: {e}"))?;
        if args.iter().any(|a| a == "--json") {
            let rows: Vec<_> = rows
                .iter()
                .map(|r| {
                    let options: serde_json::Map<String, serde_json::Value> = duiyi::bench::option_switches(&r.options)
                        .into_iter()
                        .map(|(k, v)| (k.to_string(), v.into()))
                        .collect();
                    serde_json::json!({ "name": r.name, "options": options, "nodes": r.nodes, "best": r.best,
                        "cp": r.cp, "mate": r.mate, "depth": r.depth, "ms": (r.ms * 10.0).round() / 10.0 })
                })
                .collect();
            println!("{}", serde_json::json!({ "fen": fen, "moves": moves, "depth": depth, "rows": rows }));
        } else {
            println!("| configuration | nodes to depth {depth} | best | score | time (ms) | nodes/s |");
            println!("|---|---:|---|---:|---:|---:|");
            for r in rows {
                let score = r.mate.map_or_else(|| r.cp.map_or("-".into(), |c| c.to_string()), |m| format!("mate {m}"));
                let nps = r.nodes as f64 / (r.ms / 1000.0).max(1e-9);
                println!("| {} | {} | {} | {score} | {:.1} | {:.0} |", r.name, r.nodes, r.best.as_deref().unwrap_or("(none)"), r.ms, nps);
            }
        }
        return Ok(());
    }
    if args.iter().any(|a| a == "--ablation") {
        let rows = ablations();
        println!("| technique switched off | nodes to depth {depth} | time (s) | nodes vs all on | time vs all on |");
        println!("|---|---:|---:|---:|---:|");
        let mut base: Option<(u64, f64)> = None;
        for (name, options) in rows {
            let r = run_bench(depth, options);
            let (bn, bt) = *base.get_or_insert((r.nodes, r.seconds));
            println!(
                "| {name} | {} | {:.2} | {:.2}x | {:.2}x |",
                r.nodes,
                r.seconds,
                r.nodes as f64 / bn as f64,
                r.seconds / bt
            );
        }
        return Ok(());
    }
    let multipv = match flag(args, "--multipv") {
        Some(k) => duiyi::search::multipv::parse_multipv(k).map_err(|e| format!("bench: --multipv: {e}"))?,
        None => 1,
    };
    if let Some(file) = flag(args, "--positions") {
        return positions_cmd(file, depth, if flag(args, "--multipv").is_some() { multipv } else { 3 });
    }
    let r = duiyi::bench::run_bench_multipv(depth, duiyi::xiangqi::search::SearchOptions::default(), multipv);
    for (i, best, nodes) in &r.per_position {
        println!("position {:2}: bestmove {best} nodes {nodes}", i + 1);
    }
    eprintln!("time {:.2} s", r.seconds);
    println!("nodes {} nps {}", r.nodes, r.nps());
    Ok(())
}

/// `duiyi bench --positions FILE [--multipv K] [--depth N]`: each position of FILE (a FEN or `startpos` a line,
/// optionally `moves …`; `#` comments) searched to the depth with MultiPV 1 and with K (default 3), back to back.
/// One line per position `position <i> line <l>: nodes <n1> <nK> cpu <s1> <sK> best <m1> <mK>`, then the totals
/// and their ratio (docs/benchmarks.md "MultiPV"; `tools/multipv_cost.py` repeats it and adds intervals).
fn positions_cmd(file: &str, depth: u32, multipv: usize) -> Result<(), String> {
    use duiyi::bench::positions::{compare_multipv, parse_positions};
    let text = std::fs::read_to_string(file).map_err(|e| format!("bench: --positions {file}: {e}"))?;
    let positions = parse_positions(&text).map_err(|e| format!("bench: --positions {file}: {e}"))?;
    let (mut n1, mut nk, mut c1, mut ck) = (0u64, 0u64, 0f64, 0f64);
    compare_multipv(&positions, depth, multipv, |i, one, k| {
        println!(
            "position {} line {}: nodes {} {} cpu {:.4} {:.4} best {} {}",
            i + 1,
            positions[i].line,
            one.nodes,
            k.nodes,
            one.cpu,
            k.cpu,
            one.best,
            k.best
        );
        (n1, nk, c1, ck) = (n1 + one.nodes, nk + k.nodes, c1 + one.cpu, ck + k.cpu);
    })
    .map_err(|e| format!("bench: --positions {file}: {e}"))?;
    println!(
        "total depth {depth} multipv 1 vs {multipv}: nodes {n1} {nk} ({:.3}x) cpu {c1:.3} {ck:.3} ({:.3}x)",
        nk as f64 / n1.max(1) as f64,
        ck / c1.max(1e-9)
    );
    Ok(())
}

/// `duiyi bench --tree --fen F [--moves M] --depth N [--json]`: the search tree the lab's explorer records
/// (all techniques on, fresh 16 MiB engine, nodes to 4 plies, at most 20,000 listed). Prints the summary
/// (search nodes, tree nodes, best move, score); with `--json` one object with the summary and `flat` (the
/// listed nodes, `stride` numbers each, see `duiyi::xiangqi::tree_search::FLAT_FIELDS`).
fn tree_cmd(args: &[String]) -> Result<(), String> {
    use duiyi::xiangqi::tree_search;
    if args.iter().any(|a| a == "--ablation") {
        return Err("bench: --tree and --ablation exclude each other".into());
    }
    let fen = flag(args, "--fen").ok_or("bench: --tree needs --fen (a FEN or startpos)")?;
    let depth: u32 = flag(args, "--depth").ok_or("bench: --tree needs --depth")?.parse().map_err(|_| "bench: --depth must be a number".to_string())?;
    if !(1..=tree_search::LAB_MAX_DEPTH).contains(&depth) {
        return Err(format!("bench: --tree --depth must be 1..{}", tree_search::LAB_MAX_DEPTH));
    }
    let moves: Vec<&str> = flag(args, "--moves").unwrap_or("").split_whitespace().collect();
    let pos = tree_search::position_after(fen, &moves).map_err(|e| format!("bench: {e}"))?;
    let rec = tree_search::record_tree(pos, depth, duiyi::xiangqi::search::SearchOptions::default(), tree_search::LAB_MAX_PLY, tree_search::LAB_MAX_NODES, 0.0);
    let mut out = rec.summary_json();
    if args.iter().any(|a| a == "--json") {
        out["fen"] = fen.into();
        out["moves"] = moves.into();
        out["flat"] = rec.flat().into();
        println!("{out}");
    } else {
        println!(
            "depth {} best {} score {} listed {} dropped {}",
            rec.depth,
            rec.best.map_or("(none)".into(), |m| m.to_string()),
            rec.score,
            rec.tree.nodes.len(),
            rec.tree.dropped
        );
        println!("tree nodes {} search nodes {}", rec.tree.total_nodes(), rec.search_nodes);
    }
    Ok(())
}

/// `duiyi eval [--fen "<FEN>"] [--moves "…"]`: the static evaluation and its terms as JSON (centipawns, Red's view).
fn eval_cmd(args: &[String]) -> Result<(), String> {
    check_args("eval", args, &["--fen", "--moves"], &[])?;
    let fen = flag(args, "--fen").unwrap_or("startpos");
    let mut pos = if fen.trim() == "startpos" { Position::startpos() } else { Position::from_fen(fen).map_err(|e| e.to_string())? };
    for (i, m) in flag(args, "--moves").unwrap_or("").split_whitespace().enumerate() {
        pos.try_play(m).map_err(|e| format!("eval: move {}: {e}", i + 1))?;
    }
    let terms = pos.dynamic_breakdown();
    let red_view = if pos.side_to_move() == duiyi::xiangqi::Color::Red { pos.evaluate() } else { -pos.evaluate() };
    let out = serde_json::json!({
        "fen": pos.fen(),
        "phase": pos.phase(),
        "material_and_squares": pos.tapered_pst(),
        "terms": terms,
        "total_red_view": red_view,
    });
    println!("{out}");
    Ok(())
}

/// `duiyi xqf FILE [--notation iccs|chinese|wxf]`: the game of an XQF file, with its variations and comments,
/// printed as PGN (ICCS moves by default). A file that cannot be read or is not a good XQF file is an error.
fn xqf_cmd(args: &[String]) -> Result<(), String> {
    use duiyi::xiangqi::pgn::{PgnFormat, write_pgn_tree};
    let Some((file, rest)) = args.split_first().filter(|(f, _)| !f.starts_with("--")) else {
        return Err("xqf: give the file: duiyi xqf FILE [--notation iccs|chinese|wxf]".into());
    };
    check_args("xqf", rest, &["--notation"], &[])?;
    let notation = flag(rest, "--notation").unwrap_or("iccs");
    let format = PgnFormat::parse(notation).ok_or_else(|| format!("xqf: unknown notation '{notation}' (iccs, chinese or wxf)"))?;
    let bytes = std::fs::read(file).map_err(|e| format!("xqf: cannot read {file}: {e}"))?;
    let game = duiyi::xiangqi::xqf::parse_xqf(&bytes).map_err(|e| format!("xqf: {file}: {e}"))?;
    let text = write_pgn_tree(&game, format).map_err(|e| format!("xqf: {file}: {e}"))?;
    print!("{text}");
    Ok(())
}

/// `duiyi ecco [--fen "<FEN>"] MOVE…` (moves as separate words or one quoted list): prints `CODE 中文 / English`,
/// or `none` when the game does not start from the opening position or has no move.
fn ecco_cmd(args: &[String]) -> Result<(), String> {
    let mut fen = "startpos";
    let mut moves: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--fen" {
            fen = args.get(i + 1).ok_or("ecco: --fen needs a value")?;
            i += 2;
        } else {
            moves.extend(args[i].split_whitespace());
            i += 1;
        }
    }
    match duiyi::xiangqi::ecco::classify(fen, &moves).map_err(|e| e.to_string())? {
        Some(o) => println!("{} {} / {}", o.code, o.zh, o.en),
        None => println!("none"),
    }
    Ok(())
}

/// Prints `text` to stdout; a reader that stops early (`| head`) ends the output quietly, without a panic.
fn print_piped(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(|s| s.as_str()) {
        Some("perft") => perft_cmd(&args[1..]),
        Some("judge") => judge_cmd(&args[1..]),
        Some("bench") => bench_cmd(&args[1..]),
        Some("eval") => eval_cmd(&args[1..]),
        Some("xqf") => xqf_cmd(&args[1..]),
        Some("ecco") => ecco_cmd(&args[1..]),
        Some("hex") => duiyi::hex::cli::run(&args[1..]).map(|out| println!("{out}")),
        Some("combat") => return ExitCode::from(duiyi::combat::cli::run(&args[1..]) as u8),
        Some("circle") => return ExitCode::from(duiyi::geometry::cli::run(&args[1..]) as u8),
        Some("puzzles") => duiyi::puzzles::run(&args[1..]).map(|out| print_piped(&out)),
        Some("gtp") if args.len() == 1 => return duiyi::protocol::gtp::run_stdio(),
        Some("gtp") => Err("gtp: takes no arguments (settings are GTP commands: boardsize, param_game, time_left)".into()),
        Some("-h") | Some("--help") | Some("help") => {
            println!("{}", usage());
            Ok(())
        }
        Some(other) => Err(format!("unknown command '{other}'\n{}", usage())),
        None => return duiyi::protocol::run_stdio(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
