//! Tests of the wide cell sets in the engines: on boards of at most 128 cells the wide code must give exactly
//! what the `u128` code gives (masks, dilation, fill-in, inferior moves, VC engine, the solver's analysis);
//! above 128 cells dilation must follow the board's geometry, and the Monte Carlo search must play on every
//! size up to 19×19.

use super::bitboard::{Bits, Masks, WideBits, bits};
use super::bitset::Wide;
use super::mcts::{Mcts, MctsOutcome};
use super::solver::{Analysis, Board, Solver};
use super::vc::{VcBuilder, VcLimits};
use super::{Color, Move, Position};

fn widen(x: u128) -> WideBits {
    Wide([x as u64, (x >> 64) as u64, 0, 0, 0, 0])
}

fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

/// Random stones on a `w × h` board: `k` stones, alternately Black and White.
fn random_stones(w: usize, h: usize, k: usize, rnd: &mut impl FnMut() -> u64) -> [u128; 2] {
    let mut s = [0u128; 2];
    for j in 0..k.min(w * h) {
        let empty: Vec<usize> = (0..w * h).filter(|&i| (s[0] | s[1]) >> i & 1 == 0).collect();
        let i = empty[(rnd() % empty.len() as u64) as usize];
        s[j % 2] |= 1 << i;
    }
    s
}

#[test]
fn wide_masks_equal_the_u128_ones() {
    for (w, h) in [(1, 1), (2, 2), (5, 5), (4, 7), (9, 9), (11, 11), (16, 8), (13, 9)] {
        let a = Masks::<u128>::new(w, h);
        let b = Masks::<WideBits>::new(w, h);
        assert_eq!(widen(a.all), b.all);
        assert_eq!(widen(a.not_first_col), b.not_first_col);
        assert_eq!(widen(a.not_last_col), b.not_last_col);
        assert_eq!(a.edge.map(widen), b.edge);
        assert_eq!(a.order, b.order);
        assert_eq!(a.ring, b.ring);
        for c in 0..2 {
            for e in 0..2 {
                let za: Vec<_> = a.ziggurats[c][e].iter().map(|&(s, m)| (s, widen(m))).collect();
                assert_eq!(za, b.ziggurats[c][e]);
            }
        }
    }
}

/// Dilation and flood fill on wide boards, square and not, against the board's geometry.
#[test]
fn wide_dilate_follows_the_geometry() {
    let mut rnd = rng(0xD11A7E);
    for (w, h) in [(12, 12), (13, 13), (19, 19), (19, 7), (7, 19), (12, 11), (11, 12), (19, 1), (1, 19), (17, 13)] {
        let pos = Position::new(w, h).unwrap();
        let g = pos.geometry();
        let m = Masks::<WideBits>::new(w, h);
        for i in 0..w * h {
            let mut want = WideBits::bit(i);
            for j in g.neighbours(i) {
                want |= WideBits::bit(j);
            }
            assert_eq!(m.dilate(WideBits::bit(i)), want, "{w}x{h} cell {i}");
        }
        // Random sets: the union of the single cells' dilations; flood fill against a breadth-first search.
        for _ in 0..50 {
            let mut s = WideBits::ZERO;
            let mut within = WideBits::ZERO;
            for i in 0..w * h {
                if rnd() % 7 == 0 {
                    s |= WideBits::bit(i);
                }
                if rnd() % 2 == 0 {
                    within |= WideBits::bit(i);
                }
            }
            let want = bits(s).fold(WideBits::ZERO, |acc, i| acc | m.dilate(WideBits::bit(i)));
            assert_eq!(m.dilate(s), want, "{w}x{h}");
            let mut seen = vec![false; w * h];
            let mut stack: Vec<usize> = bits(s & within).collect();
            for &i in &stack {
                seen[i] = true;
            }
            while let Some(i) = stack.pop() {
                for j in g.neighbours(i) {
                    if !seen[j] && within.has(j) {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
            let reach = (0..w * h).filter(|&i| seen[i]).fold(WideBits::ZERO, |a, i| a | WideBits::bit(i));
            assert_eq!(m.flood(s, within), reach, "{w}x{h}");
        }
    }
}

/// The fill-in, the inferior moves, the VC engine and the solver's analysis give the same answers on wide sets
/// as on `u128` ones, on random positions of boards up to 11×11 (the code is the same; only the storage of the
/// VC engine's lists differs).
#[test]
fn wide_engines_agree_with_the_u128_ones() {
    let mut rnd = rng(0x5AFE_0F_71DE);
    let mut checked = 0;
    for (w, h) in [(5, 5), (7, 6), (9, 9), (11, 11)] {
        let (ma, mb) = (Masks::<u128>::new(w, h), Masks::<WideBits>::new(w, h));
        let (mut va, mut vb) = (VcBuilder::<u128>::new(), VcBuilder::<WideBits>::new());
        let (mut sa, mut sb) = (Solver::<u128>::analyser(w, h), Solver::<WideBits>::analyser(w, h));
        for limits in [VcLimits::DEFAULT, VcLimits::ROOT] {
            va.limits = limits;
            vb.limits = limits;
            for _ in 0..12 {
                let k = (rnd() % (w * h * 2 / 3) as u64) as usize;
                let s = random_stones(w, h, k, &mut rnd);
                let t = s.map(widen);
                let fa = ma.fill(s);
                let fb = mb.fill(t);
                assert_eq!(fa.stones.map(widen), fb.stones);
                assert_eq!(widen(fa.filled), fb.filled);
                assert_eq!(fa.captured.map(widen), fb.captured);
                for mover in 0..2 {
                    let ia = ma.inferior_moves(fa.stones, mover, ma.all);
                    let ib = mb.inferior_moves(fb.stones, mover, mb.all);
                    assert_eq!((widen(ia.vulnerable), widen(ia.dominated), widen(ia.reasons)), (ib.vulnerable, ib.dominated, ib.reasons));
                    assert_eq!(ia.why, ib.why);
                }
                let (ea, eb) = (ma.all & !(s[0] | s[1]), mb.all & !(t[0] | t[1]));
                for color in [Color::Black, Color::White] {
                    let ra = va.run(&ma, s[color.index()], ea, color);
                    let rb = vb.run(&mb, t[color.index()], eb, color);
                    assert_eq!(ra.full.map(widen), rb.full, "{w}x{h} {s:?} {color:?}");
                    assert_eq!(ra.semis.iter().map(|&c| widen(c)).collect::<Vec<_>>(), rb.semis);
                    assert_eq!(va.steps, vb.steps);
                    let aa = sa.analyse(&Board::new(s, color));
                    let ab = sb.analyse(&Board::new(t, color));
                    let same = match (aa, ab) {
                        (Analysis::Win(x), Analysis::Win(y)) | (Analysis::Loss(x), Analysis::Loss(y)) => widen(x) == y,
                        (Analysis::Moves(x, p), Analysis::Moves(y, q)) => widen(x) == y && widen(p) == q,
                        _ => false,
                    };
                    assert!(same, "{w}x{h} {s:?} {color:?}: {aa:?} vs {ab:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

/// A position of `size × size` from rows of `B`, `W` and `.`, with `to_move`.
fn board(rows: &[String], to_move: Color) -> Position {
    let refs: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
    Position::from_rows(&refs, Some(to_move)).unwrap()
}

fn search(pos: &Position, playouts: u64) -> Mcts {
    let mut m = Mcts::new(16);
    m.start(pos.clone());
    while m.run(f64::INFINITY, playouts) == MctsOutcome::IterationDone
        && m.last_iteration().unwrap().depth < crate::search::limits::MAX_DEPTH
    {}
    m
}

#[test]
fn mcts_plays_legal_moves_on_large_boards() {
    for (w, h, moves) in [(12, 12, "f6 g7"), (13, 13, "g7"), (13, 13, "g7 f8 h5 e9 d4"), (19, 19, "j10 k9"), (14, 9, ""), (19, 11, "a1")] {
        let mut pos = Position::new(w, h).unwrap();
        for mv in moves.split_whitespace() {
            pos.play_str(mv).unwrap();
        }
        assert!(Mcts::supports(&pos), "{w}x{h}");
        let m = search(&pos, 3000);
        assert_eq!(m.is_wide(), w * h > 128);
        let best = m.best_move().unwrap();
        assert!(pos.legal_moves().contains(&best), "{w}x{h}: {best}");
        assert!(m.nodes() >= 1000 || m.last_iteration().unwrap().depth == crate::search::limits::MAX_DEPTH);
        // Deterministic, as on small boards.
        assert_eq!(search(&pos, 3000).best_move(), Some(best));
    }
}

/// 13×13: Black's column g is complete but for g7 (White elsewhere). Black to move plays g7; White to move
/// must block there.
#[test]
fn mcts_completes_and_blocks_a_connection_on_13x13() {
    let mut rows: Vec<Vec<char>> = vec![vec!['.'; 13]; 13];
    for (r, row) in rows.iter_mut().enumerate() {
        if r != 6 {
            row[6] = 'B';
        }
        if r % 2 == 0 && r != 6 {
            row[2] = 'W';
            row[10] = 'W';
        }
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    for side in [Color::Black, Color::White] {
        let pos = board(&rows, side);
        let m = search(&pos, 2000);
        assert_eq!(m.best_move(), Some(Move::Place(crate::hex::Cell::parse("g7").unwrap())), "{side:?}");
    }
}

/// 13×13: a chain of Black bridges from the top edge to the bottom edge (a virtual connection found by the
/// VC engine on wide sets): with White to move the knowledge says White has lost; with Black to move the search
/// proves the root won.
#[test]
fn a_virtual_connection_proves_a_13x13_position() {
    // Stones (c, r) = (9 − r/2, r) on the even rows: (c, r) and (c − 1, r + 2) share the empty cells
    // (c − 1, r + 1) and (c, r + 1), a bridge; the first stone is on the top row, the last on the bottom one.
    let mut rows: Vec<Vec<char>> = vec![vec!['.'; 13]; 13];
    for r in (0..13).step_by(2) {
        rows[r][9 - r / 2] = 'B';
    }
    // White stones out of the way.
    for r in 0..6 {
        rows[r][12] = 'W';
    }
    let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
    let pos = board(&rows, Color::White);
    let k = crate::hex::knowledge::analyse(&pos).unwrap();
    assert!(matches!(k.verdict, crate::hex::knowledge::Verdict::Loss { .. }), "{k:?}");
    // Black to move: the root is won statically, and the search proves it (a child lost for White).
    let pos = board(&rows, Color::Black);
    let m = search(&pos, 2000);
    let last = m.last_iteration().unwrap();
    assert!(last.score > 0 && crate::search::score::is_mate(last.score), "{last:?}");
    assert!(m.is_wide());
}

/// The engine's Hex player (the page's worker, GTP) searches boards over 128 cells with the Monte Carlo search,
/// not alpha-beta, and plays a legal move.
#[test]
fn the_engine_plays_large_boards_with_the_playout_search() {
    use crate::search::driver::{RunOutcome, SlicedSearch};
    for (w, h) in [(12, 12), (13, 13), (19, 19)] {
        let mut pos = Position::new(w, h).unwrap();
        pos.play_str("c3").unwrap();
        let mut p = crate::hex::driver::Player::with_hash(16);
        p.start(pos.clone());
        assert!(p.using_mcts(), "{w}x{h}");
        while p.run(f64::INFINITY, 2000) == RunOutcome::IterationDone {}
        let best = p.best_move().unwrap();
        assert!(pos.legal_moves().contains(&best), "{w}x{h}: {best}");
    }
}
