//! The `Level` option (levels 1–8 of `duiyi::levels`) and draw offers, through the generic `Engine`.

use duiyi::engine::{Engine, GameMove, Setup, accepts_draw};
use duiyi::levels::{LEVELS, spec};
use duiyi::search::GoParams;
use duiyi::xiangqi::Position;

mod common;

fn level_engine(level: u8, seed: u64) -> Engine {
    let mut e = Engine::new();
    e.set_option("Level", &level.to_string()).unwrap();
    e.set_option("LevelSeed", &seed.to_string()).unwrap();
    e
}

/// Positions of the real game of tests/data/xiangqi_games.json, every 8th ply.
fn game_positions() -> Vec<Position> {
    let v = common::data("xiangqi_games.json");
    let mut p = Position::startpos();
    let mut out = Vec::new();
    for (i, m) in v["games"][0]["moves"].as_array().unwrap().iter().enumerate() {
        if i % 8 == 0 {
            out.push(p.clone());
        }
        p.try_play(m.as_str().unwrap()).unwrap();
    }
    out
}

fn best(e: &mut Engine, pos: &Position, params: GoParams) -> (GameMove, Vec<duiyi::engine::Info>) {
    e.set_xiangqi_position(pos.clone()).unwrap();
    let (infos, bm, _) = e.search_blocking(params).unwrap();
    (bm.unwrap(), infos)
}

#[test]
fn levels_table_is_monotone_and_options_are_checked() {
    for w in LEVELS.windows(2) {
        assert!(w[0].depth <= w[1].depth && w[0].nodes < w[1].nodes, "{w:?}");
        assert!(w[0].margin > w[1].margin && w[0].chance > w[1].chance, "{w:?}");
    }
    assert!(spec(0).is_none() && spec(9).is_none());
    let mut e = Engine::new();
    assert!(e.set_option("Level", "9").is_err());
    assert!(e.set_option("Level", "x").is_err());
    assert!(e.set_option("LevelSeed", "-1").is_err());
    e.set_option("level", "8").unwrap();
    assert_eq!(e.level(), 8);
}

#[test]
fn a_level_caps_depth_and_nodes() {
    for level in [1u8, 3, 5] {
        let s = spec(level).unwrap();
        let mut e = level_engine(level, 1);
        let (_, infos) = best(&mut e, &Position::startpos(), GoParams { depth: Some(30), ..Default::default() });
        let last = infos.last().unwrap();
        assert!(last.depth <= s.depth, "level {level}: depth {}", last.depth);
        // The node limit is checked every ~1000 nodes.
        assert!(last.nodes <= s.nodes + 2048, "level {level}: {} nodes", last.nodes);
    }
    // A go's own lower limit stands.
    let mut e = level_engine(8, 1);
    let (_, infos) = best(&mut e, &Position::startpos(), GoParams { depth: Some(2), ..Default::default() });
    assert_eq!(infos.last().unwrap().depth, 2);
}

/// The same seed replays the same moves; another seed plays differently somewhere; level 1 deviates from its
/// best move in about half of the positions (chance 0.5), at most by its margin.
#[test]
fn weaker_moves_are_seeded_and_within_the_margin() {
    let positions = game_positions();
    let s = spec(1).unwrap();
    let run = |seed: u64| -> Vec<String> {
        let mut e = level_engine(1, seed);
        positions.iter().map(|p| best(&mut e, p, GoParams::default()).0.to_string()).collect()
    };
    let a = run(7);
    assert_eq!(a, run(7), "same seed, same moves");
    assert_ne!(a, run(8), "another seed, other moves");
    // Compare with the full-strength move at the level's depth, and check each deviation's score.
    let mut full = Engine::new();
    let mut deviations = 0;
    for (p, m) in positions.iter().zip(&a) {
        let (b, infos) = best(&mut full, p, GoParams { depth: Some(s.depth), ..Default::default() });
        let best_score = infos.last().unwrap().cp.unwrap_or(0);
        if b.to_string() != *m {
            deviations += 1;
            // The chosen move alone, searched to the same depth: within the margin of the best.
            let others: Vec<GameMove> = p
                .legal_moves()
                .as_slice()
                .iter()
                .filter(|x| x.to_string() != *m)
                .map(|&x| GameMove::Xiangqi(x))
                .collect();
            full.set_xiangqi_position(p.clone()).unwrap();
            full.set_banned(&others);
            let (infos, only, _) = full.search_blocking(GoParams { depth: Some(s.depth), ..Default::default() }).unwrap();
            assert_eq!(only.unwrap().to_string(), *m);
            let sc = infos.last().unwrap();
            assert!(sc.mate.is_none_or(|x| x > 0), "{m} walks into a mate");
            assert!(best_score - sc.cp.unwrap_or(best_score) <= s.margin, "{m}: {sc:?} vs best {best_score}");
        }
    }
    let n = positions.len();
    assert!(deviations >= 1 && deviations < n, "{deviations} deviations in {n} positions");
}

/// A rook hangs: no level at any seed lets it go (any move that does loses more than any margin). Each chosen
/// move is checked by a full-strength search of the position after it: Red keeps its extra rook.
#[test]
fn no_level_leaves_a_free_rook() {
    // The red rook a0 can take the unprotected black rook a5.
    let pos = Position::from_fen("3k5/9/9/9/r8/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let mut judge = Engine::new();
    for level in 1..=8u8 {
        for seed in 0..6u64 {
            let mut e = level_engine(level, seed);
            let (m, _) = best(&mut e, &pos, GoParams::default());
            let mut after = pos.clone();
            after.try_play(&m.to_string()).unwrap();
            let (_, infos) = best(&mut judge, &after, GoParams { depth: Some(6), ..Default::default() });
            let sc = infos.last().unwrap();
            assert!(sc.mate.is_some_and(|x| x < 0) || sc.cp.is_some_and(|cp| cp <= -400), "level {level} seed {seed}: {m} gives {sc:?}");
        }
    }
}

/// A mate in one is always played (no deviation from a mate score), at every level that sees it.
#[test]
fn a_found_mate_is_played() {
    let data = common::data("xiangqi_mates.json");
    let mates: Vec<_> = data["positions"].as_array().unwrap().iter().filter(|p| p["mate_in"] == 1).take(4).collect();
    assert!(!mates.is_empty());
    for p in mates {
        let pos = Position::from_fen(p["fen"].as_str().unwrap()).unwrap();
        for seed in 0..8u64 {
            let mut e = level_engine(2, seed);
            let (m, infos) = best(&mut e, &pos, GoParams::default());
            assert_eq!(infos.last().unwrap().mate, Some(1), "{}", p["fen"]);
            let mut after = pos.clone();
            after.try_play(&m.to_string()).unwrap();
            assert!(!after.has_legal_move(), "{} seed {seed}: {m} does not mate", p["fen"]);
        }
    }
}

#[test]
fn hex_levels_cap_the_search_too() {
    let mut e = level_engine(2, 3);
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &["d4"]).unwrap();
    let (infos, bm, _) = e.search_blocking(GoParams { depth: Some(10), ..Default::default() }).unwrap();
    assert!(matches!(bm, Some(GameMove::Hex(_))));
    assert!(infos.last().unwrap().depth <= spec(2).unwrap().depth);
}

/// The draw rule: losing accepts at once; a level score only from move 30; a found mate never.
#[test]
fn draw_offer_rule() {
    assert!(accepts_draw(-150, 1));
    assert!(!accepts_draw(0, 1));
    assert!(accepts_draw(0, 30));
    assert!(accepts_draw(20, 45));
    assert!(!accepts_draw(21, 45));
    assert!(!accepts_draw(duiyi::search::score::MATE - 5, 60));
    assert!(accepts_draw(-(duiyi::search::score::MATE - 5), 1));
    // Through the engine: go with draw, the answer after the search.
    let mut e = Engine::new();
    e.set_position(Setup::Xiangqi("3k5/9/9/9/9/9/9/9/R8/4K4 b - - 0 1"), &[]).unwrap();
    e.search_blocking(GoParams { depth: Some(3), draw: true, ..Default::default() }).unwrap();
    assert_eq!(e.draw_answer(), Some(true), "a rook down");
    e.set_position(Setup::Xiangqi("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1"), &[]).unwrap();
    e.search_blocking(GoParams { depth: Some(3), draw: true, ..Default::default() }).unwrap();
    assert_eq!(e.draw_answer(), Some(false), "a rook up");
    e.search_blocking(GoParams { depth: Some(3), ..Default::default() }).unwrap();
    assert_eq!(e.draw_answer(), None, "no offer");
}
