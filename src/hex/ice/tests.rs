//! Brute-force checks of the move pruning ([`super::prune`]) on random small positions, and Benzene's
//! vulnerable and domination patterns (as facts, in our notation) recognised by it.

use super::perm::parse;
use crate::hex::Color;
use crate::hex::bitboard::brute::value;
use crate::hex::bitboard::{Masks, bits};
use std::collections::HashMap;

type Memo = HashMap<(u128, u128, u8), bool>;

/// A xorshift generator (fixed seed: the tests are reproducible).
fn rng(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// A random position of `m`'s board with at most 12 empty cells.
fn random_position(m: &Masks, n: usize, rnd: &mut impl FnMut() -> u64) -> [u128; 2] {
    let mut stones = [0u128; 2];
    let k = (n.saturating_sub(12) + (rnd() % 6) as usize).min(n - 1);
    for _ in 0..k {
        let cs: Vec<usize> = bits(m.all & !(stones[0] | stones[1])).collect();
        let i = cs[(rnd() % cs.len() as u64) as usize];
        stones[(rnd() % 2) as usize] |= 1 << i;
    }
    stones
}

fn joined(m: &Masks, stones: [u128; 2], c: Color) -> bool {
    let (e1, e2) = m.edges(c);
    let s = stones[c.index()];
    m.flood(e1 & s, s) & e2 != 0
}

/// Whether `side` (to move) wins `stones` by moving on `x`.
fn wins_by(m: &Masks, stones: [u128; 2], side: Color, x: usize, memo: &mut Memo) -> bool {
    let mut s = stones;
    s[side.index()] |= 1 << x;
    joined(m, s, side) || !value(m, s, side.opponent(), memo)
}

/// The pruning never loses a win: on random positions of 3×3 to 5×5 boards with at most 12 empty cells,
/// after the fill-in, whenever the side to move wins, some move it keeps wins (in the filled position and in
/// the original). The same holds once the side to move's stones fill any cells that are not reasons (the
/// proof-set claim of `prune.rs`). Each vulnerable cell's killer and each dominated cell's dominator do what
/// they claim, by brute force.
#[test]
fn pruning_keeps_a_winning_move_by_brute_force() {
    let mut rnd = rng(0x1CE_0000_5EED_0001);
    let (mut positions, mut vulnerable, mut dominated, mut all_pruned) = (0, 0, 0, 0);
    for (w, h) in [(3usize, 3usize), (4, 3), (3, 4), (4, 4), (5, 4), (4, 5), (5, 5)] {
        let m = Masks::new(w, h);
        let mut memo = Memo::new();
        for _ in 0..500 {
            let stones = random_position(&m, w * h, &mut rnd);
            for side in [Color::Black, Color::White] {
                let you = side.opponent();
                if joined(&m, stones, you) || joined(&m, stones, side) {
                    continue;
                }
                let f = m.fill(stones);
                let empty = m.all & !(f.stones[0] | f.stones[1]);
                let inf = m.inferior_moves(f.stones, side.index(), empty);
                let pruned = inf.pruned();
                assert_eq!(inf.vulnerable & inf.dominated, 0);
                assert_eq!(pruned & !empty, 0);
                assert_eq!(inf.reasons & !empty, 0);
                positions += 1;
                vulnerable += inf.vulnerable.count_ones();
                dominated += inf.dominated.count_ones();
                all_pruned += (pruned == empty && empty != 0) as u32;
                for &(x, y) in &inf.why {
                    let (x, y) = (x as usize, y as usize);
                    let mut a = f.stones;
                    if inf.vulnerable >> x & 1 == 1 {
                        // M x, O y: the same as O on both.
                        a[side.index()] |= 1 << x;
                        a[you.index()] |= 1 << y;
                        let mut b = f.stones;
                        b[you.index()] |= 1 << x | 1 << y;
                        assert_eq!(value(&m, a, side, &mut memo), value(&m, b, side, &mut memo), "{w}x{h} {stones:?} {side:?} x {x} killer {y}");
                    } else {
                        // M y is at least as good as M x.
                        assert!(!wins_by(&m, f.stones, side, x, &mut memo) || wins_by(&m, f.stones, side, y, &mut memo), "{w}x{h} {stones:?} {side:?} x {x} dominator {y}");
                    }
                }
                if value(&m, stones, side, &mut memo) && !joined(&m, f.stones, side) {
                    let kept = bits(empty & !pruned).find(|&x| wins_by(&m, f.stones, side, x, &mut memo));
                    let x = kept.unwrap_or_else(|| panic!("{w}x{h} {stones:?} {side:?}: no kept move wins ({inf:?})"));
                    assert!(wins_by(&m, stones, side, x, &mut memo));
                }
                // The proof-set claim: the side to move's stones on any cells other than the reasons.
                let free: Vec<usize> = bits(empty & !inf.reasons).collect();
                for _ in 0..3 {
                    let mut t = f.stones;
                    for &i in &free {
                        if rnd().is_multiple_of(3) {
                            t[side.index()] |= 1 << i;
                        }
                    }
                    let left = m.all & !(t[0] | t[1]);
                    if joined(&m, t, side) || left == 0 || !value(&m, t, side, &mut memo) {
                        continue;
                    }
                    assert!(
                        bits(left & !pruned).any(|x| wins_by(&m, t, side, x, &mut memo)),
                        "{w}x{h} {stones:?} {side:?} filled {t:?}: no kept move wins ({inf:?})"
                    );
                }
            }
        }
    }
    println!("{positions} positions, {vulnerable} vulnerable, {dominated} dominated, {all_pruned} with every move pruned");
    assert!(positions > 3000 && vulnerable > 1000 && dominated > 1000, "{positions} positions, {vulnerable} vulnerable, {dominated} dominated");
}

/// Places a pattern picture (the notation of `perm.rs`, with `M`/`O` for the side to move and the
/// opponent, `!` the killer or dominator) around d4 of an empty 7×7 board, for Black to move; returns the
/// stones, `*` and `!`.
fn place(picture: &str) -> ([u128; 2], usize, usize) {
    let p = parse(&picture.replace('M', "X").replace('!', "."));
    let bang = parse(&picture.replace(['M', 'O', '.'], " ").replace('!', "."));
    let at = |dq: i32, dr: i32| ((3 + dr) * 7 + 3 + dq) as usize;
    let mut stones = [0u128; 2];
    for &(dq, dr, ch) in &p {
        match ch {
            b'X' => stones[0] |= 1 << at(dq, dr),
            b'O' => stones[1] |= 1 << at(dq, dr),
            _ => {}
        }
    }
    assert_eq!(bang.len(), 1, "{picture}");
    (stones, at(0, 0), at(bang[0].0, bang[0].1))
}

/// Benzene's vulnerable patterns (`ice-patterns.txt`, type `v`, nos. 7 and 23), redrawn: the side to move
/// `M` on `*` is killed by `O` on `!` (four `O` stones in a row around `*`).
#[test]
fn benzene_vulnerable_patterns_are_found() {
    let m = Masks::new(7, 7);
    for p in [" O !\nO * O", " O O\nO * !"] {
        let (stones, x, y) = place(p);
        assert_eq!(m.dead(x, stones), None, "{p}");
        assert!(m.dead(x, [stones[0], stones[1] | 1 << y]).is_some(), "{p}");
        let inf = m.inferior_moves(stones, 0, 1 << x);
        assert_eq!(inf.vulnerable, 1 << x, "{p}: {inf:?}");
        // For the opponent the same cell is dominated by the killer (or vulnerable: a Black stone on the
        // lower right would kill it too).
        let inf = m.inferior_moves(stones, 1, 1 << x);
        assert_eq!(inf.pruned(), 1 << x, "{p}: {inf:?}");
    }
}

/// Benzene's domination patterns (`ice-patterns.txt`, type `!`, nos. 15, 31, 51 and 61), redrawn: `M` on `!`
/// makes `*` dead (four `M` stones in a row around it) or captured with the empty cell `.` (answering an
/// intrusion into one with the other), so `!` dominates `*`.
#[test]
fn benzene_domination_patterns_are_found() {
    let m = Masks::new(7, 7);
    for p in [" M !\nM * M", " M M\nM * !", "  !\n * .\nM M M", "  !\n M .\nM * M"] {
        let (stones, x, y) = place(p);
        assert_eq!(m.dead(x, stones), None, "{p}");
        let inf = m.inferior_moves(stones, 0, 1 << x);
        assert_eq!(inf.pruned(), 1 << x, "{p}: {inf:?}");
        // The pattern's own claim: with M on `!`, `*` is dead or one of a captured pair.
        let f = m.fill([stones[0] | 1 << y, stones[1]]);
        assert!(f.filled >> x & 1 == 1 && f.captured[1] >> x & 1 == 0, "{p}");
    }
}

/// On an empty board only border cells are left out (an acute corner is killed by the opponent's stone
/// next to it; a first-row cell is dominated by the second-row cell whose bridge to the edge it is part of),
/// and never a cell two rows or more from every side.
#[test]
fn on_an_empty_board_only_border_cells_are_left_out() {
    for n in [3usize, 5, 7, 9, 11] {
        let m = Masks::new(n, n);
        let border = m.edge[0] | m.edge[1] | m.edge[2] | m.edge[3];
        for mover in 0..2 {
            let inf = m.inferior_moves([0, 0], mover, m.all);
            assert_eq!(inf.pruned() & !border, 0, "{n}x{n} {mover}: {inf:?}");
            assert_eq!(inf.vulnerable, 1 << (n * n - 1) | 1, "{n}x{n} {mover}: {inf:?}");
            if n >= 5 {
                assert!(inf.dominated.count_ones() as usize >= n, "{n}x{n} {mover}: {inf:?}");
            }
        }
    }
}
