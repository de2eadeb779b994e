//! The solver with the inferior cell analysis (`src/hex/ice/`: fill-in of dead, captured and permanently
//! inferior cells; vulnerable and dominated moves left out with their reasons in the proof sets) against
//! plain minimax: the winner and the full set of winning moves of every 4×4 position with one stone of each
//! colour, and of random 5×5 positions.

use duiyi::hex::solver::{SolveLimits, solve};
use duiyi::hex::{Color, Move, Position};
use std::collections::HashMap;

/// Does the side to move win? Plain minimax with a memo by position key.
fn brute(pos: &mut Position, memo: &mut HashMap<u64, bool>) -> bool {
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
        let r = brute(pos, memo);
        pos.undo();
        if !r {
            win = true;
            break;
        }
    }
    memo.insert(pos.key(), win);
    win
}

/// Solves `p` and compares the winner and the winning moves with minimax.
fn check(p: &Position, memo: &mut HashMap<u64, bool>) -> bool {
    let to_move = p.to_move();
    let want = brute(&mut p.clone(), memo);
    let r = solve(p, SolveLimits::default()).unwrap();
    assert!(r.complete, "{p}");
    assert_eq!(r.winner, Some(if want { to_move } else { to_move.opponent() }), "{to_move:?} to move\n{p}");
    let mut wins = Vec::new();
    for j in p.empty_cells().collect::<Vec<_>>() {
        let mut q = p.clone();
        q.place_unchecked(j, to_move);
        if q.winner() == Some(to_move) || !brute(&mut q, memo) {
            wins.push(Move::Place(q.geometry().cell(j)));
        }
    }
    assert_eq!(r.winning_moves, wins, "{to_move:?} to move\n{p}");
    want
}

#[test]
fn every_4x4_position_with_two_stones_agrees_with_minimax() {
    let mut memo = HashMap::new();
    let mut count = 0;
    for b in 0..16 {
        for w in 0..16 {
            if b == w {
                continue;
            }
            for to_move in [Color::Black, Color::White] {
                let mut p = Position::square(4).unwrap();
                p.place_unchecked(b, Color::Black);
                p.place_unchecked(w, Color::White);
                p.set_to_move(to_move);
                check(&p, &mut memo);
                count += 1;
            }
        }
    }
    assert_eq!(count, 480);
}

#[test]
fn random_5x5_positions_agree_with_minimax() {
    let mut seed = 0x1CE5_5EED_0000_0505u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut memo = HashMap::new();
    let mut outcomes = [0usize; 2];
    for _ in 0..150 {
        let mut pos = Position::square(5).unwrap();
        // 11 to 15 stones: 10 to 14 empty cells.
        let stones = 11 + (rnd() % 5) as usize;
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
            outcomes[check(&p, &mut memo) as usize] += 1;
        }
    }
    assert!(outcomes[0] > 40 && outcomes[1] > 40, "{outcomes:?}");
}
