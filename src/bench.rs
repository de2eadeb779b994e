//! `duiyi bench`: the Xiangqi bench, run through the [`Engine`] as every front end runs it (so it lives above
//! the engine, not inside the game): a fixed-depth search over varied positions. The node total is a signature of the search's
//! behaviour (it changes only when the search changes); nodes per second is the speed figure. The ablation
//! table switches each search technique off in turn and reports nodes and time to reach the same depth. The teaching
//! lab's rows: [`ablation_on`] (Xiangqi) and [`hex_ablation_on`] (the Hex searcher, `duiyi bench --ablation --game hex`).

use crate::engine::{Engine, Setup};
use crate::xiangqi::Position;
use crate::xiangqi::search::SearchOptions;
use crate::hex::search::SearchOptions as HexSearchOptions;
use crate::search::GoParams;
use std::time::Instant;

pub mod positions;

/// Bench positions: openings from the start position (move lists), middlegames from perft suites, positions from
/// real games (the mate set's sources), and positions reached by random play (the legal-move set).
pub const BENCH_POSITIONS: &[(&str, &str)] = &[
    ("startpos", ""),
    ("startpos", "h2e2 h9g7"),                         // 中炮对屏风马 (central cannon vs screen horses)
    ("startpos", "h2e2 h7e7"),                         // 顺炮 (same-direction cannons)
    ("startpos", "c3c4 g6g5"),                         // 仙人指路对卒底炮 family
    ("startpos", "c0e2 h9g7 h0g2 i9h9"),               // 飞相局
    ("startpos", "b2e2 b9c7 b0c2 a9b9 a0b0 h9g7"),     // 中炮 with rooks out
    ("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1", ""),
    ("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1", ""),
    ("5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1", ""),
    ("CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1", ""),
    ("1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1", ""),
    ("3aka1c1/4n4/4b4/5R2p/1r7/2B3P2/p7P/4C3B/4A4/3AK4 w - - 0 1", ""),
    ("2ba1k3/4a4/4b4/p5P1p/9/2P3P2/8P/1r2C2R1/3RK4/r4ABc1 w - - 0 1", ""),
    ("3Rkab2/9/4bc3/p8/4c4/7r1/PC1n4P/N3B4/4A4/2BAKC3 b - - 0 1", ""),
    ("4kab2/4a4/4b4/p3p4/8p/3R1N1N1/P3P3P/1r6B/cc1pA4/3A1K3 b - - 0 1", ""),
    ("1rbkca3/n8/3a2C1c/p1p1N3p/4C1p2/9/P1P5P/4B4/4A4/3RKAB2 w - - 0 1", ""),
    ("2bk1ab2/4aR3/4n2r1/4C3p/2pNp1p2/9/cr4n1P/4C1N1B/4A4/2BA1K3 w - - 0 1", ""),
    ("3aka3/7r1/P7n/1cpn5/2b3b1N/1cB1p1P2/2C1P4/3KB2C1/4A2p1/2R2A3 b - - 26 56", ""),
    ("2baka2r/4n4/4b4/p3p2c1/4P4/PpP6/6r1N/B7B/4AC3/R2A1KR2 b - - 2 39", ""),
    ("rn2kabr1/4a4/b7n/2p1p1p2/1C6p/p8/P1P1P1c1P/4B2C1/R3K4/1NBA1A1R1 b - - 7 14", ""),
    ("2ra1ab2/3Ck4/b1nc2n1r/p1p6/2C1p1p1p/2B5P/P1P1P1P2/2NK5/1c7/4RABNR w - - 38 23", ""),
    ("r1ba1a3/4kn3/2n1bc1R1/2p6/p1P1p1p1r/6B2/P3P1Pp1/2N4cC/3K5/R1BA1A3 b - - 17 29", ""),
    ("1c1akCb1r/4a4/2n1b4/6p2/2pr2C2/2P1P1c1p/p5P1P/3NB4/R6R1/2BAK2N1 b - - 23 45", ""),
    ("3k5/9/9/9/4p4/9/9/4C4/4A4/3AK4 w - - 0 1", ""),  // cannon and advisors against a pawn
];

/// Default bench depth (plies).
pub const BENCH_DEPTH: u32 = 8;

/// Result of one bench run.
#[derive(Clone, Debug)]
pub struct BenchResult {
    /// `(position index, best move, nodes)` per position.
    pub per_position: Vec<(usize, String, u64)>,
    pub nodes: u64,
    pub seconds: f64,
}

impl BenchResult {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.seconds.max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` with `options`, a fresh 16 MiB TT per position.
pub fn run_bench(depth: u32, options: SearchOptions) -> BenchResult {
    let start = Instant::now();
    let mut r = run_bench_untimed(depth, options);
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// [`run_bench`] with `multipv` lines (1–5; `duiyi bench --multipv K`): the cost of MultiPV in nodes and time
/// to the same depth (docs/benchmarks.md). With 1 it is [`run_bench`].
pub fn run_bench_multipv(depth: u32, options: SearchOptions, multipv: usize) -> BenchResult {
    let start = Instant::now();
    let mut r = bench_positions(depth, options, multipv);
    r.seconds = start.elapsed().as_secs_f64();
    r
}

/// [`run_bench`] without the wall clock (`seconds` is 0): usable where `std::time::Instant` is not (wasm).
pub fn run_bench_untimed(depth: u32, options: SearchOptions) -> BenchResult {
    bench_positions(depth, options, 1)
}

/// Every bench position searched to `depth` with `options` and `multipv` lines, a fresh engine each.
fn bench_positions(depth: u32, options: SearchOptions, multipv: usize) -> BenchResult {
    let mut per = Vec::new();
    let mut total = 0;
    for (i, (fen, moves)) in BENCH_POSITIONS.iter().enumerate() {
        let mut e = Engine::new();
        e.set_search_options(options);
        if multipv > 1 {
            e.set_option("MultiPV", &multipv.to_string()).expect("MultiPV 1..5");
        }
        let moves: Vec<&str> = moves.split_whitespace().collect();
        e.set_position(Setup::Xiangqi(fen), &moves).expect("bench position is valid");
        let (infos, best, _) = e.search_blocking(GoParams { depth: Some(depth), ..Default::default() }).expect("bench go");
        let nodes = infos.last().map_or(0, |i| i.nodes);
        total += nodes;
        per.push((i, best.map_or("(none)".to_string(), |m| m.to_string()), nodes));
    }
    BenchResult { per_position: per, nodes: total, seconds: 0.0 }
}

/// The techniques the ablation switches off one at a time: (name, options with it off).
pub fn ablations() -> Vec<(&'static str, SearchOptions)> {
    let all = SearchOptions::default();
    vec![
        ("all on", all),
        ("no null move", SearchOptions { null_move: false, ..all }),
        ("no LMR", SearchOptions { lmr: false, ..all }),
        ("no killers", SearchOptions { killers: false, ..all }),
        ("no history", SearchOptions { history: false, ..all }),
        ("no aspiration", SearchOptions { aspiration: false, ..all }),
        ("no check extension", SearchOptions { check_extension: false, ..all }),
        ("no TT cut-offs", SearchOptions { tt_cutoffs: false, ..all }),
        ("no qsearch checks", SearchOptions { qsearch_checks: false, ..all }),
        ("no futility / bad-capture pruning", SearchOptions { futility: false, ..all }),
    ]
}

/// Deepest depth at which the lab and `duiyi bench --ablation --fen …` run the plain-minimax row (its node
/// count grows as the branching factor to the depth: about 40⁴ ≈ 2.6 million leaves at depth 4).
pub const MINIMAX_MAX_DEPTH: u32 = 4;

/// Deepest depth of the alpha-beta-only row (no move ordering, no pruning beyond the cut-offs: about 2.5 × 10⁵
/// nodes at depth 5 from an opening and roughly six times more per ply).
pub const ALPHABETA_ONLY_MAX_DEPTH: u32 = 6;

/// The configurations of the teaching lab's ablation table, for one position at `depth`: everything on, then
/// each technique off in turn, then alpha-beta with every other technique off, quiescence included (the
/// textbook fixed-depth alpha-beta, static evaluation at the leaves; at depth ≤ [`ALPHABETA_ONLY_MAX_DEPTH`]) and
/// — at depth ≤ [`MINIMAX_MAX_DEPTH`] —
/// plain minimax with the same settings, so the last two differ only in the cut-offs. `(name, options)`; the names are the
/// row keys the page (`www/views/lab-configs.js`) and the browser test share.
pub fn lab_ablations(depth: u32) -> Vec<(&'static str, SearchOptions)> {
    let all = SearchOptions::default();
    let bare = SearchOptions {
        null_move: false,
        lmr: false,
        killers: false,
        history: false,
        aspiration: false,
        check_extension: false,
        tt_cutoffs: false,
        qsearch_checks: false,
        futility: false,
        alpha_beta: true,
        pvs: false,
        null_verify: false,
        root_ordering: false,
        quiescence: false,
    };
    let mut rows = vec![
        ("all", all),
        ("no-pvs", SearchOptions { pvs: false, ..all }),
        ("no-tt", SearchOptions { tt_cutoffs: false, ..all }),
        ("no-null", SearchOptions { null_move: false, ..all }),
        ("no-null-verify", SearchOptions { null_verify: false, ..all }),
        ("no-qsearch", SearchOptions { quiescence: false, ..all }),
        ("no-qsearch-checks", SearchOptions { qsearch_checks: false, ..all }),
        ("no-lmr", SearchOptions { lmr: false, ..all }),
        ("no-history", SearchOptions { history: false, ..all }),
        ("no-killers", SearchOptions { killers: false, ..all }),
        ("no-aspiration", SearchOptions { aspiration: false, ..all }),
        ("no-root-ordering", SearchOptions { root_ordering: false, ..all }),
        ("no-futility", SearchOptions { futility: false, ..all }),
        ("no-check-extension", SearchOptions { check_extension: false, ..all }),
    ];
    if depth <= ALPHABETA_ONLY_MAX_DEPTH {
        rows.push(("alphabeta-only", bare));
    }
    if depth <= MINIMAX_MAX_DEPTH {
        rows.push(("minimax", SearchOptions { alpha_beta: false, ..bare }));
    }
    rows
}

/// The switches of `o` by their engine option names (`setoption name <name> value <bool>`, lower case), in a
/// fixed order: what the page sends to the worker for one lab row.
pub fn option_switches(o: &SearchOptions) -> Vec<(&'static str, bool)> {
    vec![
        ("nullmove", o.null_move),
        ("lmr", o.lmr),
        ("killers", o.killers),
        ("history", o.history),
        ("aspiration", o.aspiration),
        ("checkextension", o.check_extension),
        ("ttcutoffs", o.tt_cutoffs),
        ("qsearchchecks", o.qsearch_checks),
        ("futility", o.futility),
        ("alphabeta", o.alpha_beta),
        ("pvs", o.pvs),
        ("nullverify", o.null_verify),
        ("rootordering", o.root_ordering),
        ("quiescence", o.quiescence),
    ]
}

/// One row of a single-position ablation: the last iteration of a fixed-depth search.
#[derive(Clone, Debug)]
pub struct AblationRow {
    /// The row key (`"all"`, `"no-pvs"`, …, `"minimax"`; see [`lab_ablations`]).
    pub name: &'static str,
    /// The switches the row was searched with.
    pub options: SearchOptions,
    /// Nodes of the whole iterative-deepening search (interior and quiescence nodes).
    pub nodes: u64,
    /// Best move (ICCS), `None` without a legal move.
    pub best: Option<String>,
    /// Score of the last iteration in centipawns (side to move's view); `None` for a mate score.
    pub cp: Option<i32>,
    /// Mate in moves, when the score is a mate.
    pub mate: Option<i32>,
    /// Depth of the last completed iteration (the requested depth).
    pub depth: u32,
    /// Wall time of the search (milliseconds).
    pub ms: f64,
}

/// Searches `fen` + `moves` to `depth` once per configuration of [`lab_ablations`], each in a fresh engine
/// (16 MiB TT, empty history), exactly as the lab's worker does. Errors: a bad FEN or move (the engine's
/// reason).
pub fn ablation_on(fen: &str, moves: &[&str], depth: u32) -> Result<Vec<AblationRow>, String> {
    let mut out = Vec::new();
    for (name, options) in lab_ablations(depth) {
        let mut e = Engine::new();
        e.set_search_options(options);
        e.set_position(Setup::Xiangqi(fen), moves).map_err(|e| e.to_string())?;
        let start = Instant::now();
        let (infos, best, _) =
            e.search_blocking(GoParams { depth: Some(depth), ..Default::default() }).map_err(|e| e.to_string())?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let last = infos.last();
        out.push(AblationRow {
            name,
            options,
            nodes: last.map_or(0, |i| i.nodes),
            best: best.map(|m| m.to_string()),
            cp: last.and_then(|i| i.cp),
            mate: last.and_then(|i| i.mate),
            depth: last.map_or(0, |i| i.depth),
            ms,
        });
    }
    Ok(out)
}

/// Checks that every bench position parses (used by tests).
pub fn bench_positions_are_valid() -> bool {
    BENCH_POSITIONS.iter().all(|(fen, moves)| {
        let mut p = if *fen == "startpos" { Position::startpos() } else { match Position::from_fen(fen) { Ok(p) => p, Err(_) => return false } };
        moves.split_whitespace().all(|m| p.try_play(m).is_ok())
    })
}

/// The Hex rows of the teaching lab: the real Hex searcher ([`crate::hex::search`], Queenbee's alpha-beta after
/// van Rijswijck 2000) with each technique off in turn — `"all"` (the defaults: beam 8 + 2 per ply, badness
/// ordering, TT cut-offs, the exact threat rules), `"no-ordering"` (cells in index order instead of by move
/// badness; the beam then keeps the first cells of that order), `"no-beam"` (full width), `"no-tt"` (no
/// transposition-table cut-offs), `"no-threats"` (no win-in-one / must-block rules), and a narrower
/// (`"beam-narrow"`, 4 + 1 per ply) and a wider (`"beam-wide"`, 16 + 4 per ply) beam. `(name, options)`; the
/// names are the row keys the page (`www/views/lab-configs.js` `HEX_CONFIGS`) and the browser test share.
pub fn hex_lab_ablations() -> Vec<(&'static str, HexSearchOptions)> {
    let all = HexSearchOptions::default();
    vec![
        ("all", all),
        ("no-ordering", HexSearchOptions { ordering: false, ..all }),
        ("no-beam", HexSearchOptions { beam: false, ..all }),
        ("no-tt", HexSearchOptions { tt_cutoffs: false, ..all }),
        ("no-threats", HexSearchOptions { threats: false, ..all }),
        ("beam-narrow", HexSearchOptions { beam_base: 4, beam_per_ply: 1, ..all }),
        ("beam-wide", HexSearchOptions { beam_base: 16, beam_per_ply: 4, ..all }),
    ]
}

/// The Hex switches of `o` by their engine option names (`setoption name <name> value <v>`, lower case), in a
/// fixed order: `beam`, `beambase`, `beamperply`, `ordering`, `ttcutoffs`, `threats` (booleans as
/// `true`/`false`, widths as whole numbers). What the page sends to the worker for one Hex lab row.
pub fn hex_option_switches(o: &HexSearchOptions) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("beam", o.beam.into()),
        ("beambase", o.beam_base.into()),
        ("beamperply", o.beam_per_ply.into()),
        ("ordering", o.ordering.into()),
        ("ttcutoffs", o.tt_cutoffs.into()),
        ("threats", o.threats.into()),
    ]
}

/// One Hex row of the lab: the last iteration of a fixed-depth search.
#[derive(Clone, Debug)]
pub struct HexAblationRow {
    /// The row key (see [`hex_lab_ablations`]).
    pub name: &'static str,
    /// The switches the row was searched with.
    pub options: HexSearchOptions,
    /// Nodes of the whole iterative-deepening search.
    pub nodes: u64,
    /// Best move (a cell such as `c3`, or `swap-pieces`), `None` without a legal move.
    pub best: Option<String>,
    /// Score in Queenbee's evaluation units (100 per unit of board potential, side to move's view); `None`
    /// for a proved win or loss.
    pub cp: Option<i32>,
    /// Moves to a proved win (negative: loss), when the score is one.
    pub mate: Option<i32>,
    /// Depth of the last completed iteration (the requested depth).
    pub depth: u32,
    /// Wall time of the search (milliseconds).
    pub ms: f64,
}

/// Searches the Hex position `size` (`N` or `WxH`, no swap rule) + `moves` (cells, `swap-pieces`) to `depth`
/// once per configuration of [`hex_lab_ablations`], each in a fresh engine (16 MiB TT) with the switches set by
/// their option names, exactly as the lab's worker does. Errors: a bad size or move (the engine's reason).
pub fn hex_ablation_on(size: &str, moves: &[&str], depth: u32) -> Result<Vec<HexAblationRow>, String> {
    let setup = Setup::parse("hex", size).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for (name, options) in hex_lab_ablations() {
        let mut e = Engine::new();
        e.set_position(setup, moves).map_err(|e| e.to_string())?;
        // The lab teaches Queenbee's alpha-beta, whatever the playing engine's default is.
        e.set_option("HexEval", "queenbee").map_err(|e| e.to_string())?;
        for (opt, value) in hex_option_switches(&options) {
            let v = match value {
                serde_json::Value::Bool(b) => b.to_string(),
                other => other.to_string(),
            };
            e.set_option(opt, &v).map_err(|e| e.to_string())?;
        }
        let start = Instant::now();
        let (infos, best, _) =
            e.search_blocking(GoParams { depth: Some(depth), ..Default::default() }).map_err(|e| e.to_string())?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let last = infos.last();
        out.push(HexAblationRow {
            name,
            options,
            nodes: last.map_or(0, |i| i.nodes),
            best: best.map(|m| m.to_string()),
            cp: last.and_then(|i| i.cp),
            mate: last.and_then(|i| i.mate),
            depth: last.map_or(0, |i| i.depth),
            ms,
        });
    }
    Ok(out)
}
