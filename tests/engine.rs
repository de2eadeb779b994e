//! One `Engine` for both games: the game is a parameter of the position (`Setup`), moves cross the boundary as
//! `GameMove`, a refused command changes neither the position nor the game, and Xiangqi and Hex searches run
//! through the same sliced driver (go / step / stop / ponderhit) one after the other.

use duiyi::engine::{Engine, EngineError, Game, GameMove, Setup, Step, parse_hex_size};
use duiyi::hex;
use duiyi::search::GoParams;

#[test]
fn setup_specs_parse_with_reasons() {
    assert_eq!(Setup::parse("xiangqi", "startpos").unwrap(), Setup::Xiangqi("startpos"));
    assert_eq!(Setup::parse("HEX", "11x11 swap").unwrap(), Setup::Hex { width: 11, height: 11, swap: true });
    assert_eq!(Setup::parse("hex", "7").unwrap(), Setup::Hex { width: 7, height: 7, swap: false });
    assert_eq!(Setup::parse("hex", "").unwrap(), Setup::Hex { width: 11, height: 11, swap: false });
    assert_eq!(Setup::parse("hex", "4x9 noswap").unwrap(), Setup::Hex { width: 4, height: 9, swap: false });
    assert_eq!(parse_hex_size("5:3").unwrap(), (5, 3), "SGF's SZ[w:h] form");
    for (game, spec, why) in [("go", "19", "unknown game"), ("hex", "11y11", "expected N or WxH"), ("hex", "11 pie", "unknown word"), ("hex", "3x4x5", "expected N or WxH")] {
        let e = Setup::parse(game, spec).unwrap_err();
        assert!(e.to_string().contains(why), "{game} {spec}: {e}");
    }
    assert_eq!(Game::parse("Xiangqi").unwrap(), Game::Xiangqi);
    assert_eq!(Game::Hex.name(), "hex");
}

#[test]
fn the_game_follows_the_position_and_refusals_change_nothing() {
    let mut e = Engine::new();
    assert_eq!(e.game(), Game::Xiangqi);
    assert!(e.hex_position().is_none());
    e.set_position(Setup::Hex { width: 5, height: 5, swap: true }, &["c3", "swap-pieces", "a1"]).unwrap();
    assert_eq!(e.game(), Game::Hex);
    let pos = e.hex_position().unwrap().clone();
    assert_eq!(pos.ply(), 3);
    assert_eq!(pos.to_move(), hex::Color::White);
    // A bad size, a move on an occupied cell, a move off the board: refused, position and game unchanged.
    assert!(matches!(e.set_position(Setup::Hex { width: 20, height: 5, swap: false }, &[]), Err(EngineError::HexBoard(_))));
    let err = e.set_position(Setup::Hex { width: 5, height: 5, swap: false }, &["c3", "c3"]).unwrap_err();
    assert!(matches!(err, EngineError::HexMove { index: 2, .. }), "{err:?}");
    assert!(err.to_string().contains("moves[2]") && err.to_string().contains("occupied"), "{err}");
    assert!(matches!(e.set_position(Setup::Hex { width: 5, height: 5, swap: false }, &["f1"]), Err(EngineError::HexMove { index: 1, .. })));
    assert!(matches!(e.set_position(Setup::Xiangqi("not a fen"), &[]), Err(EngineError::Fen(_))));
    assert_eq!(e.game(), Game::Hex);
    assert_eq!(e.hex_position().unwrap(), &pos);
    // Back to Xiangqi; the Hex position is kept for later.
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2"]).unwrap();
    assert_eq!(e.game(), Game::Xiangqi);
    assert_eq!(e.xiangqi_position().moves_played().len(), 1);
    assert_eq!(e.hex_position().unwrap(), &pos);
}

#[test]
fn game_moves_print_in_each_games_notation() {
    let x = duiyi::xiangqi::Position::startpos().parse_move("h2e2").unwrap();
    assert_eq!(GameMove::from(x).to_string(), "h2e2");
    assert_eq!(GameMove::from(hex::Move::parse("k11").unwrap()).to_string(), "k11");
    assert_eq!(GameMove::Hex(hex::Move::Swap).to_string(), "swap-pieces");
}

#[test]
fn options_apply_to_every_game() {
    let mut e = Engine::new();
    e.set_option("Hash", "4").unwrap();
    e.set_option("NullMove", "false").unwrap();
    // Hex switches are known while Xiangqi is the game.
    e.set_option("Beam", "false").unwrap();
    e.set_option("Convention", "benzene").unwrap();
    assert!(matches!(e.set_option("BeamBase", "0"), Err(EngineError::OptionValue { .. })));
    assert!(matches!(e.set_option("Convention", "mohex"), Err(EngineError::OptionValue { .. })));
    e.set_position(Setup::Hex { width: 5, height: 5, swap: false }, &[]).unwrap();
    // A Xiangqi switch is still known while Hex is the game.
    e.set_option("NullMove", "true").unwrap();
    e.set_option("Clear Hash", "").unwrap();
    assert!(matches!(e.set_option("Bogus", "1"), Err(EngineError::UnknownOption(_))));
    assert!(matches!(e.set_option("LMR", "maybe"), Err(EngineError::OptionValue { .. })));
}

/// Runs a `go` on the current position to its `bestmove` in 2 ms slices.
fn sliced(e: &mut Engine, params: GoParams) -> (Option<GameMove>, usize) {
    e.go(params).unwrap();
    let mut steps = 0;
    loop {
        steps += 1;
        match e.step(2.0) {
            Step::Done { bestmove, .. } => return (bestmove, steps),
            Step::Searching(_) => {}
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn hex_and_xiangqi_searches_share_the_sliced_driver() {
    let mut e = Engine::new();
    let (m, _) = sliced(&mut e, GoParams { depth: Some(4), ..Default::default() });
    assert!(matches!(m, Some(GameMove::Xiangqi(_))), "{m:?}");

    // Hex 7×7: a search by depth, then an infinite one stopped, then a ponder search hit.
    e.set_position(Setup::Hex { width: 7, height: 7, swap: false }, &["d4"]).unwrap();
    let (m, _) = sliced(&mut e, GoParams { depth: Some(3), ..Default::default() });
    let Some(GameMove::Hex(hex::Move::Place(c))) = m else { panic!("a Hex cell: {m:?}") };
    assert_ne!(c.to_string(), "d4");
    e.go(GoParams { infinite: true, ..Default::default() }).unwrap();
    for _ in 0..5 {
        assert!(matches!(e.step(2.0), Step::Searching(_) | Step::Waiting(_)));
    }
    assert!(matches!(e.go(GoParams::default()), Err(EngineError::Busy)));
    assert!(matches!(e.set_position(Setup::Xiangqi("startpos"), &[]), Err(EngineError::Busy)));
    e.stop();
    assert!(matches!(e.step(2.0), Step::Done { bestmove: Some(GameMove::Hex(_)), .. }));
    assert_eq!(e.step(2.0), Step::Idle);

    e.go(GoParams { depth: Some(2), ponder: true, ..Default::default() }).unwrap();
    assert!(e.is_pondering());
    let mut held = false;
    for _ in 0..2000 {
        match e.step(2.0) {
            Step::Waiting(_) => {
                held = true;
                break;
            }
            Step::Searching(_) => {}
            other => panic!("a ponder search holds its bestmove: {other:?}"),
        }
    }
    assert!(held);
    e.ponderhit().unwrap();
    assert!(matches!(e.step(2.0), Step::Done { bestmove: Some(GameMove::Hex(_)), .. }));

    // A finished Hex game has no move.
    e.set_position(Setup::Hex { width: 2, height: 2, swap: false }, &["a2", "a1", "b1"]).unwrap();
    assert_eq!(e.hex_position().unwrap().winner(), Some(hex::Color::Black));
    let (m, _) = sliced(&mut e, GoParams { depth: Some(2), ..Default::default() });
    assert_eq!(m, None);

    // And Xiangqi again on the same engine.
    e.set_position(Setup::Xiangqi("startpos"), &["h2e2"]).unwrap();
    let (infos, m, _) = e.search_blocking(GoParams { depth: Some(3), ..Default::default() }).unwrap();
    assert!(matches!(m, Some(GameMove::Xiangqi(_))), "{m:?}");
    assert!(infos.iter().all(|i| i.pv.iter().all(|mv| mv.len() == 4)), "ICCS pv");
}

#[test]
fn hex_bestmove_avoids_banned_moves() {
    let mut e = Engine::new();
    e.set_position(Setup::Hex { width: 3, height: 3, swap: false }, &[]).unwrap();
    let all: Vec<GameMove> = e.hex_position().unwrap().legal_moves().into_iter().map(GameMove::from).collect();
    let keep = all[4];
    let banned: Vec<GameMove> = all.iter().copied().filter(|&m| m != keep).collect();
    e.set_banned(&banned);
    let (_, m, _) = e.search_blocking(GoParams { depth: Some(2), ..Default::default() }).unwrap();
    assert_eq!(m, Some(keep));
}

/// Hex setup stones (SGF `AB`/`AW` and `PL`) in the spec: placed before the moves, not moves themselves, and
/// the side to move after them as given; bad stones are refused with the reason and change nothing.
#[test]
fn hex_setup_stones_in_the_spec() {
    let spec = Setup::parse("hex", "7x7 black=d4,c5 white=e3 tomove=white").unwrap();
    assert_eq!(
        spec,
        Setup::HexStones { width: 7, height: 7, swap: false, black: "d4,c5", white: "e3", to_move: hex::Color::White }
    );
    assert_eq!(spec.game(), Game::Hex);
    assert_eq!(Setup::parse("hex", "5 tomove=black").unwrap(), Setup::HexStones { width: 5, height: 5, swap: false, black: "", white: "", to_move: hex::Color::Black });
    for (bad, why) in [("7 black=d4,zz", "setup stone 'zz'"), ("7 tomove=red", "tomove=red"), ("7 black=", "")] {
        match Setup::parse("hex", bad) {
            Err(e) => assert!(e.to_string().contains(why), "{bad}: {e}"),
            Ok(s) => assert!(why.is_empty() && matches!(s, Setup::HexStones { black: "", .. }), "{bad}: {s:?}"),
        }
    }
    let mut e = Engine::new();
    e.set_position(spec, &["b6"]).unwrap();
    let pos = e.hex_position().unwrap().clone();
    assert_eq!(pos.ply(), 1, "setup stones are not moves");
    assert_eq!(pos.stone(hex::Cell::parse("d4").unwrap()), Some(hex::Color::Black));
    assert_eq!(pos.stone(hex::Cell::parse("e3").unwrap()), Some(hex::Color::White));
    assert_eq!(pos.stone(hex::Cell::parse("b6").unwrap()), Some(hex::Color::White), "White moved first");
    assert_eq!(pos.to_move(), hex::Color::Black);
    // a stone off the board or on another: refused, the position kept
    for bad in ["7 black=h8", "7 black=d4 white=d4"] {
        let err = e.set_position(Setup::parse("hex", bad).unwrap(), &[]).unwrap_err();
        assert!(matches!(err, EngineError::HexBoard(_)), "{bad}: {err:?}");
    }
    assert_eq!(e.hex_position().unwrap(), &pos);
    // a search from a setup position answers with an empty cell
    e.set_position(Setup::parse("hex", "5 black=c3 white=c2,b4 tomove=black").unwrap(), &[]).unwrap();
    let (mv, _) = sliced(&mut e, GoParams { depth: Some(2), ..Default::default() });
    let Some(GameMove::Hex(hex::Move::Place(c))) = mv else { panic!("a cell: {mv:?}") };
    assert!(!["c3", "c2", "b4"].contains(&c.to_string().as_str()));
}

#[test]
fn a_ponder_hit_answers_at_once_when_the_pondering_is_enough() {
    // Red takes a free rook (no mate in sight): the best move holds from the first iterations, so after a ponderhit the time spent
    // pondering counts as thinking done. 3 s on the clock plans about 90 ms; 300 ms of pondering is plenty, so
    // the first step after the ponderhit answers, even when the hit comes in the middle of an iteration.
    let mut e = Engine::new();
    e.set_position(Setup::Xiangqi("r2aka3/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"), &[]).unwrap();
    e.go(GoParams { wtime: Some(3000.0), btime: Some(3000.0), ponder: true, ..Default::default() }).unwrap();
    assert!(e.is_pondering() && e.budget().is_none(), "no budget while pondering");
    let t0 = std::time::Instant::now();
    while t0.elapsed().as_millis() < 300 {
        match e.step(2.0) {
            Step::Searching(_) | Step::Waiting(_) => {}
            other => panic!("a ponder search holds its bestmove: {other:?}"),
        }
    }
    e.ponderhit().unwrap();
    let b = e.budget().expect("a clock gives a budget after the ponderhit");
    assert!(b.soft < 100.0 && b.hard <= 2.5 * b.soft + 1e-9, "{b:?}");
    match e.step(2.0) {
        Step::Done { bestmove: Some(m), .. } => assert_eq!(m.to_string(), "a0a9"),
        other => panic!("answers at once: {other:?}"),
    }
}

/// Runs a `go nodes N` on the current position in one long step; returns the bestmove and the last info's
/// (depth, cp, mate, nodes, pv).
fn by_nodes(e: &mut Engine, nodes: u64) -> (Option<GameMove>, Vec<(u32, Option<i32>, Option<i32>, u64, Vec<String>)>) {
    e.go(GoParams { nodes: Some(nodes), ..Default::default() }).unwrap();
    let mut seen = Vec::new();
    loop {
        match e.step(600_000.0) {
            Step::Done { infos, bestmove, .. } => {
                seen.extend(infos.into_iter().map(|i| (i.depth, i.cp, i.mate, i.nodes, i.pv)));
                return (bestmove, seen);
            }
            Step::Searching(infos) => seen.extend(infos.into_iter().map(|i| (i.depth, i.cp, i.mate, i.nodes, i.pv))),
            other => panic!("{other:?}"),
        }
    }
}

/// `Clear Hash` makes the next search the one a new engine runs, node for node (table and move-ordering
/// statistics both forgotten): the game review clears before each position, so a review split over several
/// workers, or resumed after a reload, gives the same analyses as one run from the start.
#[test]
fn clear_hash_makes_a_search_independent_of_the_ones_before() {
    let middlegame = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 1";
    let mut fresh = Engine::new();
    fresh.set_position(Setup::Xiangqi(middlegame), &["e3e4"]).unwrap();
    let expected = by_nodes(&mut fresh, 60_000);

    let mut used = Engine::new();
    used.set_position(Setup::Xiangqi("startpos"), &["h2e2", "h9g7"]).unwrap();
    by_nodes(&mut used, 60_000);
    used.set_position(Setup::Xiangqi(middlegame), &[]).unwrap();
    by_nodes(&mut used, 60_000);
    used.set_position(Setup::Xiangqi(middlegame), &["e3e4"]).unwrap();
    let unclear = by_nodes(&mut used, 60_000);
    assert_ne!(unclear.1, expected.1, "without Clear Hash the earlier searches change this one (else this test shows nothing)");

    used.set_position(Setup::Xiangqi("startpos"), &["b2e2"]).unwrap();
    by_nodes(&mut used, 60_000);
    used.set_option("Clear Hash", "").unwrap();
    used.set_position(Setup::Xiangqi(middlegame), &["e3e4"]).unwrap();
    assert_eq!(by_nodes(&mut used, 60_000), expected);
}
