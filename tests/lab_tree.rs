//! The teaching lab's search tree explorer (`duiyi::xiangqi::tree`, `duiyi bench --tree`): recording does not
//! change the search; the recorded tree's node counts add up to the search's; a sliced recording (exact slices,
//! as the worker runs it) equals an unsliced one; the recorded root value and best move are the search's, and
//! match the lab's native ablation figures in tests/data/lab-ablation.json.

use duiyi::xiangqi::search::{RunOutcome, SearchOptions, Searcher};
use duiyi::xiangqi::tree::{BETA_CUT, HORIZON, PASS};
use duiyi::xiangqi::tree_search::{self, RecordedTree, position_after, record_tree};

const MIDDLEGAME: &str = "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1";

fn record(fen: &str, moves: &[&str], depth: u32, slice_ms: f64) -> RecordedTree {
    record_tree(position_after(fen, moves).unwrap(), depth, SearchOptions::default(), tree_search::LAB_MAX_PLY, tree_search::LAB_MAX_NODES, slice_ms)
}

/// The same search without a recorder: (nodes, score, best move).
fn plain(fen: &str, moves: &[&str], depth: u32) -> (u64, i32, String) {
    let mut s = Searcher::new(16);
    s.start(position_after(fen, moves).unwrap());
    loop {
        match s.run(f64::INFINITY, u64::MAX) {
            RunOutcome::IterationDone if s.root.last.as_ref().unwrap().depth >= depth => break,
            RunOutcome::NoMoves => panic!("no moves"),
            _ => {}
        }
    }
    let last = s.root.last.clone().unwrap();
    (s.nodes, last.score, last.pv[0].to_string())
}

#[test]
fn recorder_on_and_off_give_the_same_search() {
    for (fen, moves, depth) in [("startpos", vec![], 4), (MIDDLEGAME, vec![], 3), ("startpos", vec!["h2e2", "h9g7"], 4)] {
        let rec = record(fen, &moves, depth, 0.0);
        let (nodes, score, best) = plain(fen, &moves, depth);
        assert_eq!(rec.search_nodes, nodes, "{fen} {moves:?} depth {depth}");
        assert_eq!(rec.score, score);
        assert_eq!(rec.best.unwrap().to_string(), best);
        assert_eq!(rec.depth, depth);
    }
}

#[test]
fn tree_node_counts_add_up() {
    for (fen, depth) in [("startpos", 4), (MIDDLEGAME, 4)] {
        let rec = record(fen, &[], depth, 0.0);
        let t = &rec.tree;
        assert_eq!(t.dropped, 0);
        assert_eq!(t.total_nodes(), rec.search_nodes, "{fen}: the passes' nodes are the search's");
        let mut child_sum = vec![0u64; t.nodes.len()];
        for n in &t.nodes {
            if n.parent >= 0 {
                child_sum[n.parent as usize] += n.nodes;
            }
        }
        for (i, n) in t.nodes.iter().enumerate() {
            assert!(n.ply as usize <= tree_search::LAB_MAX_PLY);
            assert!(n.end as usize > i, "node {i} ends after it starts");
            if n.flags & PASS != 0 {
                assert_eq!(n.nodes, child_sum[i], "pass {i}");
            } else if (n.ply as usize) < tree_search::LAB_MAX_PLY && n.flags & HORIZON == 0 {
                // A searched node counts itself plus its children (all listed above the ply cap).
                assert_eq!(n.nodes, 1 + child_sum[i], "{fen}: node {i} {n:?}");
            }
            if n.flags & BETA_CUT != 0 {
                assert!(n.value >= n.beta, "a beta cut-off node fails high: {n:?}");
            }
        }
        // The last pass is the final iteration: its best value is the search's score.
        let last_pass = t.nodes.iter().rev().find(|n| n.flags & PASS != 0).unwrap();
        assert_eq!(last_pass.depth as u32, depth);
        assert_eq!(last_pass.value, rec.score);
    }
}

#[test]
fn sliced_recording_equals_unsliced() {
    // Slices of 0.05 ms interrupt the search many times (from the second iteration on).
    for (fen, depth) in [("startpos", 4), (MIDDLEGAME, 4)] {
        let a = record(fen, &[], depth, 0.0);
        let b = record(fen, &[], depth, 0.05);
        assert_eq!(a.search_nodes, b.search_nodes, "{fen}");
        assert_eq!(a.tree.nodes, b.tree.nodes, "{fen}");
        assert_eq!(a.flat(), b.flat());
    }
}

#[test]
fn tree_matches_the_labs_native_figures() {
    let data: serde_json::Value = serde_json::from_str(include_str!("data/lab-ablation.json")).unwrap();
    for case in data["cases"].as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        let moves: Vec<&str> = case["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let depth = case["depth"].as_u64().unwrap() as u32;
        let all = case["rows"].as_array().unwrap().iter().find(|r| r["name"] == "all").unwrap();
        let rec = record(fen, &moves, depth, 0.0);
        assert_eq!(rec.tree.total_nodes(), all["nodes"].as_u64().unwrap(), "{fen} {moves:?}");
        assert_eq!(rec.best.unwrap().to_string(), all["best"].as_str().unwrap());
        assert_eq!(rec.score as i64, all["cp"].as_i64().unwrap());
    }
}

#[test]
fn cli_tree_json() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_duiyi"))
        .args(["bench", "--tree", "--fen", "startpos", "--moves", "h2e2 h9g7", "--depth", "3", "--json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let listed = v["listed"].as_u64().unwrap() as usize;
    assert_eq!(v["flat"].as_array().unwrap().len(), listed * tree_search::FLAT_STRIDE);
    assert_eq!(v["search_nodes"], v["tree_nodes"]);
    let rec = record("startpos", &["h2e2", "h9g7"], 3, 0.0);
    assert_eq!(v["search_nodes"].as_u64().unwrap(), rec.search_nodes);
    let flat: Vec<i32> = v["flat"].as_array().unwrap().iter().map(|x| x.as_i64().unwrap() as i32).collect();
    assert_eq!(flat, rec.flat());
    for bad in [vec!["bench", "--tree", "--fen", "startpos", "--depth", "9"], vec!["bench", "--tree", "--depth", "2"],
        vec!["bench", "--tree", "--fen", "startpos", "--moves", "a0a5", "--depth", "2"]]
    {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_duiyi")).args(&bad).output().unwrap();
        assert!(!out.status.success(), "{bad:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("bench"), "{bad:?}");
    }
}

/// The checksum of tests/data/lab-tree.json (see its `_about`).
fn checksum(flat: &[i32]) -> i64 {
    const P: i64 = 1_000_000_007;
    flat.iter().enumerate().fold(0, |acc, (k, &x)| (acc + (x as i64).rem_euclid(P) * ((k % 1000) as i64 + 1)) % P)
}

#[test]
fn committed_trees_are_the_native_search() {
    let data: serde_json::Value = serde_json::from_str(include_str!("data/lab-tree.json")).unwrap();
    for case in data["cases"].as_array().unwrap() {
        let fen = case["fen"].as_str().unwrap();
        let moves: Vec<&str> = case["moves"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
        let depth = case["depth"].as_u64().unwrap() as u32;
        let rec = record(fen, &moves, depth, 0.0);
        assert_eq!(rec.search_nodes, case["search_nodes"].as_u64().unwrap(), "{fen}");
        assert_eq!(rec.tree.total_nodes(), case["tree_nodes"].as_u64().unwrap());
        assert_eq!(rec.tree.nodes.len() as u64, case["listed"].as_u64().unwrap());
        assert_eq!(rec.best.unwrap().to_string(), case["best"].as_str().unwrap());
        assert_eq!(rec.score as i64, case["score"].as_i64().unwrap());
        let flat = rec.flat();
        let first: Vec<i32> = case["first_nodes"].as_array().unwrap().iter().map(|x| x.as_i64().unwrap() as i32).collect();
        assert_eq!(&flat[..first.len()], &first[..]);
        assert_eq!(checksum(&flat), case["flat_checksum"].as_i64().unwrap());
    }
}
