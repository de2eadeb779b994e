//! The Hex solver against known results: the puzzles of `tests/data/hex.json` (from Benzene's regression
//! suite) and brute-force minimax on small boards.

use duiyi::hex::solver::{SolveLimits, solve};
use duiyi::hex::{Cell, Color, Move, Position};
use serde_json::Value;
use std::collections::HashMap;

fn data() -> Value {
    serde_json::from_str(include_str!("data/hex.json")).unwrap()
}

/// The position of a puzzle's SGF: `SZ`, setup stones `AB`/`AW` and moves `B`/`W`, all placed as stones
/// (a record may start with White, so moves are not replayed as a game).
fn sgf_position(sgf: &str, to_move: Color) -> Position {
    let size: usize = sgf.split("SZ[").nth(1).unwrap().split(']').next().unwrap().parse().unwrap();
    let mut pos = Position::square(size).unwrap();
    let mut color = None;
    let mut rest = sgf;
    while let Some(open) = rest.find('[') {
        let head = &rest[..open];
        let ident: String = head.chars().rev().take_while(|c| c.is_ascii_uppercase()).collect::<String>().chars().rev().collect();
        if !ident.is_empty() {
            color = match ident.as_str() {
                "AB" | "B" => Some(Color::Black),
                "AW" | "W" => Some(Color::White),
                _ => None,
            };
        }
        let close = rest[open..].find(']').unwrap() + open;
        let value = &rest[open + 1..close];
        if let Some(c) = color {
            pos.add_stone(Cell::parse(value).unwrap(), c).unwrap();
        }
        rest = &rest[close + 1..];
    }
    pos.set_to_move(to_move);
    pos
}


/// Does the side to move win? Plain minimax with a memo.
fn brute_memo(pos: &mut Position, memo: &mut HashMap<u64, bool>) -> bool {
    if let Some(w) = pos.winner() {
        return w == pos.to_move();
    }
    if let Some(&r) = memo.get(&pos.key()) {
        return r;
    }
    let me = pos.to_move();
    let mut win = false;
    for i in pos.empty_cells().collect::<Vec<_>>() {
        pos.place_unchecked(i, me);
        let r = brute_memo(pos, memo);
        pos.undo();
        if !r {
            win = true;
            break;
        }
    }
    memo.insert(pos.key(), win);
    win
}

fn cell_moves(names: &[&str]) -> Vec<Move> {
    names.iter().map(|s| Move::parse(s).unwrap()).collect()
}

fn check_puzzle(p: &Value) {
    let name = p["name"].as_str().unwrap();
    let to_move = Color::parse(p["to_move"].as_str().unwrap()).unwrap();
    let pos = sgf_position(p["sgf"].as_str().unwrap(), to_move);
    let r = solve(&pos, SolveLimits::default()).unwrap();
    assert!(r.complete, "{name}");
    if let Some(w) = p["winner"].as_str() {
        assert_eq!(r.winner, Color::parse(w), "{name}");
    }
    if let Some(moves) = p["winning_moves"].as_array() {
        let want: Vec<&str> = moves.iter().map(|m| m.as_str().unwrap()).collect();
        assert_eq!(r.winning_moves, cell_moves(&want), "{name}");
        assert_eq!(r.winner, Some(to_move), "{name}");
    }
}

fn puzzles() -> Vec<Value> {
    data()["puzzles"]["list"].as_array().unwrap().clone()
}

/// Every puzzle up to 5x5, winner and full set of winning moves (well under a second each).
#[test]
fn solves_the_puzzles_up_to_5x5() {
    let small: Vec<Value> = puzzles().into_iter().filter(|p| !p["name"].as_str().unwrap().starts_with("6x6")).collect();
    assert_eq!(small.len(), 6);
    small.iter().for_each(check_puzzle);
}

/// The 6x6 puzzle (Hayward 01: White to move, d3 the only winning move, every other move refuted): under a
/// second in the test profile since the inferior-cell fill-in (2026-12-02; about 7 s of CPU before, when it
/// was left out of CI). The 36 openings of 6x6 are `duiyi hex bench`'s figures.
#[test]
fn solves_the_6x6_puzzle_with_its_winning_move() {
    puzzles().iter().filter(|p| p["name"].as_str().unwrap().starts_with("6x6")).for_each(check_puzzle);
}

#[test]
fn agrees_with_brute_force_on_every_3x3_and_4x4_opening() {
    for n in [3usize, 4] {
        // Plain minimax with a memo by Zobrist key (no pruning knowledge), shared by the board's positions.
        let mut memo = HashMap::new();
        let mut brute = |p: &mut Position| brute_memo(p, &mut memo);
        // The 180° rotation maps opening i to n*n - 1 - i with the same result: half the openings suffice.
        for i in 0..(n * n).div_ceil(2) {
            let mut pos = Position::square(n).unwrap();
            pos.place_unchecked(i, Color::Black);
            let want = brute(&mut pos.clone());
            let r = solve(&pos, SolveLimits::default()).unwrap();
            let winner = if want { Color::White } else { Color::Black };
            assert_eq!(r.winner, Some(winner), "{n}x{n} opening {i}");
            // Winning replies of White, by brute force.
            let mut brute_wins = Vec::new();
            for j in pos.empty_cells().collect::<Vec<_>>() {
                let mut q = pos.clone();
                q.place_unchecked(j, Color::White);
                if !brute(&mut q) {
                    brute_wins.push(Move::Place(q.geometry().cell(j)));
                }
            }
            assert_eq!(r.winning_moves, brute_wins, "{n}x{n} opening {i}");
        }
    }
}


/// Random middle-game positions of small boards (both sides to move, up to 14 empty cells): the winner and the
/// full set of winning moves match plain minimax. This exercises what the openings alone do not reach: proof
/// sets pruning refuted siblings, progressive widening, the must-play region and H-search in crowded positions.
#[test]
fn agrees_with_brute_force_on_random_positions() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut checked = [0usize; 2];
    for (w, h) in [(4usize, 4usize), (5, 4), (4, 5), (5, 5)] {
        let mut memo = HashMap::new();
        let cells = w * h;
        for _ in 0..40 {
            let mut pos = Position::new(w, h).unwrap();
            let stones = cells.saturating_sub(14) + (rnd() % 5) as usize;
            for k in 0..stones {
                let empty: Vec<usize> = pos.empty_cells().collect();
                let i = empty[(rnd() % empty.len() as u64) as usize];
                pos.place_unchecked(i, if k % 2 == 0 { Color::Black } else { Color::White });
            }
            for to_move in [Color::Black, Color::White] {
                let mut p = pos.clone();
                p.set_to_move(to_move);
                if p.winner().is_some() {
                    continue;
                }
                let want = brute_memo(&mut p.clone(), &mut memo);
                let r = solve(&p, SolveLimits::default()).unwrap();
                assert!(r.complete);
                let winner = if want { to_move } else { to_move.opponent() };
                assert_eq!(r.winner, Some(winner), "{w}x{h} {to_move:?} to move\n{p:?}");
                let mut brute_wins = Vec::new();
                for j in p.empty_cells().collect::<Vec<_>>() {
                    let mut q = p.clone();
                    q.place_unchecked(j, to_move);
                    if q.winner() == Some(to_move) || !brute_memo(&mut q, &mut memo) {
                        brute_wins.push(Move::Place(q.geometry().cell(j)));
                    }
                }
                assert_eq!(r.winning_moves, brute_wins, "{w}x{h} {to_move:?} to move\n{p:?}");
                checked[want as usize] += 1;
            }
        }
    }
    // Both outcomes well represented.
    assert!(checked[0] > 40 && checked[1] > 40, "{checked:?}");
}

/// A 9×9 position from a game the engine lost against Wolve at 1 s a move (2026-12-06, the `9bcf437`-era match
/// of docs/benchmarks.md "Hex strength against Benzene", opening b2, after 23 moves): White to move wins
/// (Benzene's DFPN proves it in under a second; the game's f7 loses). Ordering moves by the circuit's current
/// (`src/hex/resistance.rs`) the solver proves it in about 5,100 nodes; ordered by the change of the
/// shortest-path distances it needed 299,064.
#[test]
fn proves_a_9x9_game_position_within_a_small_node_budget() {
    let mut pos = Position::square(9).unwrap();
    for m in "b2 c7 e6 e5 f5 f4 g4 g3 i2 h3 i3 i1 d5 d6 h2 h1 g2 h4 i4 g1 f2 d2 e2".split_whitespace() {
        pos.play_str(m).unwrap();
    }
    assert_eq!(pos.to_move(), Color::White);
    let limits = SolveLimits { nodes: Some(20_000), all_winning_moves: false, ..SolveLimits::default() };
    let r = solve(&pos, limits).unwrap();
    assert_eq!(r.winner, Some(Color::White), "{r:?}");
    assert!(!r.winning_moves.contains(&Move::Place(Cell::parse("f7").unwrap())));
}
