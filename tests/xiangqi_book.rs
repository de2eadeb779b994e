//! The opening book (`src/xiangqi/book.txt`, built by `tools/book/build.sh`): every move legal, mirrored
//! positions found, used only when `OwnBook` is on and only in the opening, and deterministic with `BookSeed`.

use duiyi::engine::{Engine, GameMove, Setup};
use duiyi::search::GoParams;
use duiyi::xiangqi::{Position, book};
use std::collections::HashSet;

fn position(key: &str) -> Position {
    Position::from_fen(&format!("{key} - - 0 1")).unwrap()
}

#[test]
fn the_book_has_its_positions_and_every_move_is_legal_there_and_in_the_mirror_image() {
    assert!(book::len() >= 200, "{}", book::len());
    for (key, moves) in book::entries() {
        let pos = position(key);
        let legal: HashSet<String> = pos.legal_moves().as_slice().iter().map(|m| m.to_string()).collect();
        let mut parts = key.split(' ');
        let (placement, side) = (parts.next().unwrap(), parts.next().unwrap());
        let mirror = position(&format!("{} {side}", book::mirror_placement(placement)));
        let mirror_legal: HashSet<String> = mirror.legal_moves().as_slice().iter().map(|m| m.to_string()).collect();
        for (m, w) in moves {
            assert!(*w > 0);
            assert!(legal.contains(m), "{key}: {m} is not legal");
            assert!(mirror_legal.contains(&book::mirror_move(m)), "{key}: mirror of {m}");
        }
        // Probing either image gives every move (mirrored back for the mirror image).
        assert_eq!(book::moves(&pos).len(), moves.len(), "{key}");
        let mut from_mirror: Vec<String> = book::moves(&mirror).iter().map(|(m, _)| book::mirror_move(&m.to_string())).collect();
        let mut stored: Vec<String> = moves.iter().map(|(m, _)| m.clone()).collect();
        from_mirror.sort();
        stored.sort();
        assert_eq!(from_mirror, stored, "{key}");
    }
}

#[test]
fn the_start_position_is_in_the_book_with_several_moves() {
    let moves = book::moves(&Position::startpos());
    assert!(moves.len() >= 2, "{moves:?}");
}

#[test]
fn the_book_is_not_used_after_the_opening() {
    // The start position's placement with a move number of 9 (ply 16): out of the book.
    let pos = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 9").unwrap();
    assert!(book::moves(&pos).is_empty());
}

/// Plays `plies` moves of self-play from the start, each the engine's answer to `go depth 1`; returns the moves
/// and how many came from the book (a book answer has no `info`).
fn self_play(engine: &mut Engine, plies: usize) -> (Vec<String>, usize) {
    let mut moves: Vec<String> = Vec::new();
    let mut from_book = 0;
    for _ in 0..plies {
        let refs: Vec<&str> = moves.iter().map(String::as_str).collect();
        engine.set_position(Setup::Xiangqi("startpos"), &refs).unwrap();
        let (infos, best, _) = engine.search_blocking(GoParams { depth: Some(1), ..Default::default() }).unwrap();
        let Some(GameMove::Xiangqi(m)) = best else { panic!("no move") };
        if infos.is_empty() {
            from_book += 1;
        }
        moves.push(m.to_string());
    }
    (moves, from_book)
}

#[test]
fn the_book_is_used_when_on_and_not_when_off() {
    let mut off = Engine::new();
    let (_, n) = self_play(&mut off, 6);
    assert_eq!(n, 0, "OwnBook is off by default");
    let mut on = Engine::new();
    on.set_option("OwnBook", "true").unwrap();
    let (moves, n) = self_play(&mut on, 6);
    assert!(n >= 4, "{n} book moves in {moves:?}");
    // Every book answer is one of the book's moves for that position.
    let mut pos = Position::startpos();
    let m0 = &moves[0];
    assert!(book::moves(&pos).iter().any(|(m, _)| m.to_string() == *m0));
    pos.try_play(m0).unwrap();
    on.set_option("usebook", "false").unwrap();
    let (_, n) = self_play(&mut on, 2);
    assert_eq!(n, 0);
    assert!(on.set_option("OwnBook", "maybe").is_err());
    assert!(on.set_option("BookSeed", "-1").is_err());
}

#[test]
fn a_seed_replays_the_same_opening_and_seeds_vary_it() {
    let line = |seed: u64| {
        let mut e = Engine::new();
        e.set_option("OwnBook", "true").unwrap();
        e.set_option("BookSeed", &seed.to_string()).unwrap();
        self_play(&mut e, 8).0
    };
    assert_eq!(line(7), line(7));
    let distinct: HashSet<Vec<String>> = (0..8).map(line).collect();
    assert!(distinct.len() >= 3, "{distinct:?}");
}

#[test]
fn a_mirrored_book_position_gets_the_mirrored_move() {
    // Find a book position that is not its own mirror image; set up the mirror image through the engine.
    let (key, moves) = book::entries().find(|(k, _)| {
        let p = k.split(' ').next().unwrap();
        book::mirror_placement(p) != p
    }).unwrap();
    let mut parts = key.split(' ');
    let (placement, side) = (parts.next().unwrap(), parts.next().unwrap());
    let fen = format!("{} {side} - - 0 1", book::mirror_placement(placement));
    let mut e = Engine::new();
    e.set_option("OwnBook", "true").unwrap();
    e.set_position(Setup::Xiangqi(&fen), &[]).unwrap();
    let (infos, best, _) = e.search_blocking(GoParams { depth: Some(1), ..Default::default() }).unwrap();
    assert!(infos.is_empty());
    let Some(GameMove::Xiangqi(m)) = best else { panic!() };
    let expected: Vec<String> = moves.iter().map(|(m, _)| book::mirror_move(m)).collect();
    assert!(expected.contains(&m.to_string()), "{m} not in {expected:?}");
}
