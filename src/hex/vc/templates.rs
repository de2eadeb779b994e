//! **Edge templates**: a stone (or an empty cell the owner may take) on the 2nd, 3rd or 4th row from one of
//! its edges, with a set of empty cells (the carrier) inside which the owner joins it to the edge whatever the
//! opponent does, the opponent moving first. Known by these names in the Hex literature (HexWiki, "Edge
//! template"; Anshelevich 2002; Henderson, Arneson & Hayward 2009 on Benzene's VC engine, which starts from
//! such patterns): the 2nd-row bridge to the edge (template II), the ziggurat (IIIa) and the 4th-row
//! template IVa.
//!
//! The shapes below are ours: each was found by brute force (the owner's connection game played out inside a
//! candidate region, then cells removed one at a time while the connection still held) and every one is
//! re-checked by brute force in the tests, minimal included. They are written for the NORTH edge as
//! `(column offset, row)` pairs with the template's stone at `(0, ROW)`, rows counted from the edge (row 0
//! touches it); the other edges and the mirror images come by symmetry ([`all_templates`]).

/// One NORTH-edge template: the row of its stone and its carrier cells, relative to the stone's column.
use crate::hex::bitboard::Bits;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Shape {
    /// The stone's row (0 = touching the edge): 1, 2 or 3. Cells may lie one row past it (on the stone's side
    /// away from the edge), beside the stone.
    pub row: i32,
    /// The carrier's cells `(column offset, row)`.
    pub cells: &'static [(i32, i32)],
}

/// The templates, one of each mirror pair (the mirror image is added by [`mirror`]).
pub(crate) const SHAPES: &[Shape] = &[
    // II: the bridge to the edge.
    Shape { row: 1, cells: &[(0, 0), (1, 0)] },
    // IIIa: the ziggurat.
    Shape { row: 2, cells: &[(-1, 0), (0, 0), (1, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (-1, 2)] },
    // A wider 3rd-row template (10 cells), minimal too.
    Shape { row: 2, cells: &[(-1, 0), (-1, 1), (-1, 2), (0, 0), (0, 1), (1, 1), (1, 2), (2, 0), (2, 1), (3, 0)] },
    // IVa: the 4th-row template (19 cells).
    Shape {
        row: 3,
        cells: &[
            (-1, 0), (-1, 1), (-1, 2), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1),
            (2, 2), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (5, 0),
        ],
    },
    // A wider 4th-row template (22 cells).
    Shape {
        row: 3,
        cells: &[
            (-2, 0), (-2, 1), (-2, 2), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (0, 0), (0, 1), (0, 2), (1, 0), (1, 2),
            (1, 3), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2), (4, 0), (4, 1), (5, 0),
        ],
    },
    // A 4th-row template for a stone three columns from the obtuse corner's side, where the two above do not
    // fit (31 cells; `find_side` with `K` = 3, issue 33): it reaches round the stone, one row past it. Benzene's
    // VC engine builds the same carrier by its H-search. Nearer the side no 4th-row template exists in the
    // region `find_side` searches.
    Shape {
        row: 3,
        cells: &[
            (-5, 0), (-5, 1), (-5, 2), (-4, 0), (-4, 1), (-4, 2), (-4, 3), (-3, 0), (-3, 1), (-3, 2), (-3, 3),
            (-3, 4), (-2, 0), (-2, 1), (-2, 2), (-2, 3), (-2, 4), (-1, 0), (-1, 1), (-1, 2), (-1, 3), (-1, 4),
            (0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (3, 0),
        ],
    },
];

/// The mirror image of a NORTH template about its stone's column: the reflection `(c, r) → (−c − (r − row),
/// r)` keeps the NORTH edge and maps neighbours to neighbours.
pub(crate) fn mirror(row: i32, cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    cells.iter().map(|&(c, r)| (-c - (r - row), r)).collect()
}

/// A template placed on a board: (its edge's index in `Edge::ALL`, the stone's cell index, the carrier).
pub(crate) type Placed<B> = (usize, u16, B);

/// Every template of `SHAPES` and their mirror images, for every edge of a `w × h` board, as
/// [`Placed`] triples, keeping those that fit on the board.
/// SOUTH comes by the 180° rotation, WEST by transposing (the transpose keeps adjacency), EAST by both.
pub(crate) fn all_templates<B: Bits>(w: usize, h: usize) -> Vec<Placed<B>> {
    use crate::hex::Edge;
    let (wi, hi) = (w as i32, h as i32);
    let mut out = Vec::new();
    let mut shapes: Vec<(i32, Vec<(i32, i32)>)> = Vec::new();
    for s in SHAPES {
        let m = mirror(s.row, s.cells);
        let mut a: Vec<(i32, i32)> = s.cells.to_vec();
        let mut b = m.clone();
        crate::sort::sort_by(&mut a, |x, y| x.cmp(y));
        crate::sort::sort_by(&mut b, |x, y| x.cmp(y));
        shapes.push((s.row, s.cells.to_vec()));
        if a != b {
            shapes.push((s.row, m));
        }
    }
    // (edge, the NORTH board's width and height, map from the NORTH board's (c, r) to this board's)
    type Map = Box<dyn Fn(i32, i32) -> (i32, i32)>;
    let maps: [(Edge, i32, i32, Map); 4] = [
        (Edge::North, wi, hi, Box::new(|c, r| (c, r))),
        (Edge::South, wi, hi, Box::new(move |c, r| (wi - 1 - c, hi - 1 - r))),
        (Edge::West, hi, wi, Box::new(|c, r| (r, c))),
        (Edge::East, hi, wi, Box::new(move |c, r| (wi - 1 - r, hi - 1 - c))),
    ];
    for (edge, bw, bh, map) in maps {
        for (row, cells) in &shapes {
            if *row >= bh {
                continue;
            }
            for c in 0..bw {
                let fits = cells.iter().all(|&(dc, r)| (0..bw).contains(&(c + dc)) && r < bh);
                if !fits {
                    continue;
                }
                let bit = |x: i32, y: i32| {
                    let (x, y) = map(x, y);
                    B::bit(y as usize * w + x as usize)
                };
                let carrier = cells.iter().fold(B::ZERO, |m, &(dc, r)| m | bit(c + dc, r));
                let (sx, sy) = map(c, *row);
                out.push((edge.index(), (sy as usize * w + sx as usize) as u16, carrier));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex::bitboard::{Masks, bits};
    use std::collections::HashMap;

    /// Whether the owner joins `seed` to `edge` playing only inside `carrier` (its stones `own`), the
    /// opponent moving first unless `owner_to_move`; memoised on (own, carrier, mover).
    pub(super) fn holds(
        m: &Masks,
        seed: u128,
        own: u128,
        carrier: u128,
        edge: u128,
        owner_to_move: bool,
        memo: &mut HashMap<(u128, u128, bool), bool>,
    ) -> bool {
        if m.flood(seed, own) & edge != 0 {
            return true;
        }
        if carrier == 0 {
            return false;
        }
        let key = (own, carrier, owner_to_move);
        if let Some(&r) = memo.get(&key) {
            return r;
        }
        let r = if owner_to_move {
            // Cells next to the seed's group first: the owner's good replies are usually there.
            let near = m.dilate(m.flood(seed, own)) & carrier;
            bits(near).chain(bits(carrier & !near)).any(|i| holds(m, seed, own | 1 << i, carrier & !(1u128 << i), edge, false, memo))
        } else {
            bits(carrier).all(|i| holds(m, seed, own, carrier & !(1u128 << i), edge, true, memo))
        };
        memo.insert(key, r);
        r
    }

    /// Every template on every edge of a few boards holds against any intrusion, and is minimal: without any
    /// one of its cells the opponent cuts it (checked where the template is away from the board's sides).
    #[test]
    fn every_edge_template_holds_and_is_minimal_by_brute_force() {
        for (w, h) in [(9, 9), (8, 6), (6, 8)] {
            let m = Masks::new(w, h);
            let ts = all_templates::<u128>(w, h);
            let mut per_edge = [0; 4];
            for &(e, stone, carrier) in &ts {
                if carrier.count_ones() > 10 {
                    // The 4th-row templates: by the solver, below.
                    per_edge[e] += 1;
                    continue;
                }
                let mut memo = HashMap::new();
                assert_eq!(carrier >> stone & 1, 0);
                let edge = m.edge[e];
                assert!(holds(&m, 1 << stone, 1 << stone, carrier, edge, false, &mut memo), "{w}x{h} edge {e} stone {stone}");
                let sides = (0..4).filter(|&f| f != e).fold(0u128, |a, f| a | m.edge[f]);
                if carrier & sides == 0 {
                    for i in bits(carrier) {
                        let mut memo = HashMap::new();
                        assert!(
                            !holds(&m, 1 << stone, 1 << stone, carrier & !(1u128 << i), edge, false, &mut memo),
                            "{w}x{h} edge {e} stone {stone}: not minimal without {i}"
                        );
                    }
                }
                per_edge[e] += 1;
            }
            assert!(per_edge.iter().all(|&n| n > 0), "{per_edge:?}");
        }
    }

    /// The templates of more than 10 cells (and their mirror images) hold and are minimal on the NORTH edge, by
    /// the DFPN solver (a brute-force game tree over 11–22 cells is too large); the other edges are the same
    /// shapes moved by the symmetries the smaller templates check above.
    #[test]
    fn the_larger_templates_hold_and_are_minimal_by_the_solver() {
        for s in SHAPES.iter().filter(|s| s.cells.len() > 10) {
            for cells in [s.cells.to_vec(), mirror(s.row, s.cells)] {
                let lo = cells.iter().map(|&(c, _)| c).min().unwrap().min(0);
                let hi = cells.iter().map(|&(c, _)| c).max().unwrap().max(0);
                let sc = 1 - lo;
                let w = (sc + hi + 2) as usize;
                let abs: Vec<(usize, usize)> = cells.iter().map(|&(c, r)| ((sc + c) as usize, r as usize)).collect();
                let row = s.row as usize;
                assert!(holds_by_solver(w, row, sc as usize, &abs), "{cells:?}");
                // Without a cell, the column stays where it was (the cell left out becomes White).
                let col = column_of(sc as usize, row, &abs);
                for i in 0..abs.len() {
                    let mut less = abs.clone();
                    less.remove(i);
                    assert!(!holds_with_column(w, row, sc as usize, &less, col), "{cells:?} without {:?}", cells[i]);
                }
            }
        }
    }

    /// Whether the NORTH template with its stone at `(sc, row)` of a `w`-wide board holds with carrier
    /// `carrier` (cells as (column, row)): the DFPN solver ([`crate::hex::solver::solve`]) on a board where
    /// the carrier is the only empty area, the stone is joined to SOUTH (two rows past it) by a column of Black
    /// stones through one of its neighbours past its row, and every
    /// other cell is White, White to move; Black wins exactly when the template holds.
    fn holds_by_solver(w: usize, row: usize, sc: usize, carrier: &[(usize, usize)]) -> bool {
        holds_with_column(w, row, sc, carrier, column_of(sc, row, carrier))
    }

    /// The column of [`holds_by_solver`]'s Black stones past the stone's row: under the stone unless the
    /// carrier uses that cell, else one to the left.
    fn column_of(sc: usize, row: usize, carrier: &[(usize, usize)]) -> usize {
        let col = if carrier.contains(&(sc, row + 1)) { sc - 1 } else { sc };
        assert!(!carrier.contains(&(col, row + 1)), "the carrier surrounds the stone's side away from the edge");
        col
    }

    /// [`holds_by_solver`] with the column past the stone's row in column `col` (`sc` or `sc - 1`).
    fn holds_with_column(w: usize, row: usize, sc: usize, carrier: &[(usize, usize)], col: usize) -> bool {
        use crate::hex::{Color, Position, solver};
        // Two rows past the stone: carrier cells one row past it must not touch SOUTH. The column leaves the
        // stone through `col` (one of its two neighbours past its row).
        let h = row + 3;
        let mut rows: Vec<Vec<char>> = vec![vec!['W'; w]; h];
        rows[row][sc] = 'B';
        for r in row + 1..h {
            rows[r][col] = 'B';
        }
        for &(c, r) in carrier {
            rows[r][c] = '.';
        }
        let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
        let refs: Vec<&str> = rows.iter().map(|s| s.as_str()).collect();
        let pos = Position::from_rows(&refs, Some(Color::White)).unwrap();
        let limits = solver::SolveLimits { all_winning_moves: false, ..Default::default() };
        solver::solve(&pos, limits).unwrap().winner == Some(Color::Black)
    }

    /// The finder of the shapes near the board's sides (run by hand: `HEX_FIND=row,K,orders[,L] cargo test
    /// --release templates::tests::find_side -- --ignored --nocapture`): as [`find`], from a region cut at
    /// column offset `K` to the right (the cells past it off the board) and widened to the left, so that a
    /// template fits a stone `K` columns from the side (the obtuse corner's side on the NORTH edge); with `L`,
    /// cut `L` columns to the left instead (the acute corner's side) and widened to the right. It stops with
    /// "region" when no template fits inside the region at all.
    // Ignored: a search tool run by hand, as `find` (minutes of solver time, prints shapes; its one check is that
    // the region holds). The 31-cell template it found is checked by the tests above.
    #[test]
    #[ignore]
    fn find_side() {
        let spec = std::env::var("HEX_FIND").unwrap_or_else(|_| "3,3,12".into());
        let v: Vec<i32> = spec.split(',').map(|x| x.parse().unwrap()).collect();
        let (row, k, orders) = (v[0] as usize, v[1], v[2] as usize);
        // An optional fourth number cuts the region `L` columns left of the stone (the acute corner's side) and
        // widens it to the right instead.
        let (left, right) = match v.get(3) {
            Some(&l) => (l, 6),
            None => (row as i32 + 4, 3),
        };
        let sc = 8usize;
        let w = sc + k as usize + 1;
        let mut region: Vec<(usize, usize)> = Vec::new();
        for r in 0..=row + 1 {
            for c in 0..w {
                let (dc, dr) = (c as i32 - sc as i32, row as i32 - r as i32);
                // Below the stone's row only to its left (the solver's board has Black's column under it).
                let below_ok = r <= row || dc < 0;
                if (r, c) != (row, sc) && below_ok && dc >= -left && dc <= (dr + right).min(k) {
                    region.push((c, r));
                }
            }
        }
        // No template at all inside the region: the region itself does not hold.
        assert!(holds_by_solver(w, row, sc, &region), "region");
        for rel in minimal_carriers(w, row, sc, &region, orders, 0x9E37_79B9_7F4A_7C15u64 ^ (k as u64) << 32) {
            println!("row {row} K {k} size {}: {rel:?}", rel.len());
        }
    }

    /// The finder the shapes came from (run by hand: `cargo test --release templates::tests::find -- --ignored
    /// --nocapture`): greedy removal from a wide region in many orders (each check by the DFPN solver),
    /// minimal carriers printed once each.
    // Ignored: a search tool run by hand (minutes of solver time, prints shapes, asserts nothing); the shapes it
    // found are checked by the tests above.
    #[test]
    #[ignore]
    fn find() {
        let w = 13usize;
        for row in [2usize, 3] {
            let sc = 5usize;
            let mut region: Vec<(usize, usize)> = Vec::new();
            for r in 0..=row {
                for c in 0..w {
                    let (dc, dr) = (c as i32 - sc as i32, row as i32 - r as i32);
                    // The cone below the stone, widened by three cells each side.
                    if (r, c) != (row, sc) && dc >= -3 && dc <= dr + 3 {
                        region.push((c, r));
                    }
                }
            }
            assert!(holds_by_solver(w, row, sc, &region), "region");
            for rel in minimal_carriers(w, row, sc, &region, 40, 0x9E37_79B9_7F4A_7C15u64) {
                println!("row {row} size {}: {rel:?}", rel.len());
            }
        }
    }

    /// The finders' search: from `region` (a carrier that holds for the stone at `(sc, row)` of a `w`-wide
    /// board), `orders` greedy removals in random orders (xorshift from `seed`), each keeping a cell only when
    /// the connection fails without it (by [`holds_by_solver`]); the distinct minimal carriers found, as
    /// `(column offset, row)` cells sorted.
    fn minimal_carriers(
        w: usize,
        row: usize,
        sc: usize,
        region: &[(usize, usize)],
        orders: usize,
        mut seed: u64,
    ) -> Vec<Vec<(i32, i32)>> {
        let mut seen: Vec<Vec<(i32, i32)>> = Vec::new();
        for _ in 0..orders {
            let mut order: Vec<usize> = (0..region.len()).collect();
            for i in (1..order.len()).rev() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                order.swap(i, (seed % (i as u64 + 1)) as usize);
            }
            let mut keep = vec![true; region.len()];
            let kept = |keep: &[bool]| -> Vec<(usize, usize)> {
                region.iter().zip(keep).filter(|(_, k)| **k).map(|(x, _)| *x).collect()
            };
            for i in order {
                keep[i] = false;
                if !holds_by_solver(w, row, sc, &kept(&keep)) {
                    keep[i] = true;
                }
            }
            let mut rel: Vec<(i32, i32)> = kept(&keep).iter().map(|&(x, y)| (x as i32 - sc as i32, y as i32)).collect();
            rel.sort();
            if !seen.contains(&rel) {
                seen.push(rel);
            }
        }
        seen
    }
}
