//! Queenbee's two-distance evaluation: the seed's worked figures, Benzene's `eval-twod` numbers cell by cell,
//! hand-checked boards, the eval's sign, symmetry and infinity.

use duiyi::hex::eval::{Maps, evaluate, evaluate_with, infinite_stand_in};
use duiyi::hex::two_distance::{distance, two_distance};
use duiyi::hex::{Cell, Color, Convention, Edge, INFINITY, Position};
use serde_json::Value;

/// `tests/data/hex.json`, naming the path if it cannot be read.
fn data() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/hex.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path} is not JSON: {e}"))
}

fn idx(pos: &Position, s: &str) -> usize {
    pos.geometry().index(Cell::parse(s).unwrap())
}

/// A map as rows with `None` for INFINITY.
fn rows(pos: &Position, map: &[u16]) -> Vec<Vec<Option<u16>>> {
    map.chunks(pos.width()).map(|r| r.iter().map(|&v| (v != INFINITY).then_some(v)).collect()).collect()
}

/// Benzene's printed rows: -1 = infinite (None here too), null = occupied (None).
fn json_rows(v: &Value) -> Vec<Vec<Option<u16>>> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_array().unwrap().iter().map(|c| c.as_i64().filter(|&x| x >= 0).map(|x| x as u16)).collect())
        .collect()
}

fn potential(pos: &Position, color: Color, conv: Convention) -> Vec<u16> {
    Maps::compute_with(pos, conv, false).potential[color.index()].clone()
}

#[test]
fn seed_figure_5_1_on_the_empty_5x5_board() {
    let data = data();
    let facts = &data["seed_two_distance_facts"];
    assert_eq!(facts["edge"], "north");
    assert_eq!(facts["color"], "black");
    let pos = Position::square(facts["size"].as_u64().unwrap() as usize).unwrap();
    let two = two_distance(&pos, Edge::North, Convention::Queenbee);
    for (cell, want) in facts["two_distance"].as_object().unwrap() {
        assert_eq!(two[idx(&pos, cell)], want.as_u64().unwrap() as u16, "two-distance of {cell}");
    }
    let one = distance(&pos, Edge::North, Convention::Queenbee);
    for (cell, want) in facts["ordinary_distance"].as_object().unwrap() {
        assert_eq!(one[idx(&pos, cell)], want.as_u64().unwrap() as u16, "ordinary distance of {cell}");
    }
}

#[test]
fn benzene_eval_twod_numbers_cell_by_cell() {
    let data = data();
    let bz = &data["benzene_eval_twod"];
    let conv = Convention::Benzene;
    let p5 = Position::square(5).unwrap();
    assert_eq!(rows(&p5, &potential(&p5, Color::Black, conv)), json_rows(&bz["empty_5x5_black"]));
    assert_eq!(bz["empty_5x5_white_same_as_black"], true);
    assert_eq!(rows(&p5, &potential(&p5, Color::White, conv)), json_rows(&bz["empty_5x5_black"]));
    let p3 = Position::square(3).unwrap();
    assert_eq!(rows(&p3, &potential(&p3, Color::Black, conv)), json_rows(&bz["empty_3x3_black"]));
    let mut c3 = Position::square(5).unwrap();
    c3.play_str("c3").unwrap();
    let after = &bz["after_b_c3_5x5"];
    assert_eq!(rows(&c3, &potential(&c3, Color::Black, conv)), json_rows(&after["black"]), "Black after b c3");
    assert_eq!(rows(&c3, &potential(&c3, Color::White, conv)), json_rows(&after["white"]), "White after b c3");
}

/// The cells of `map` by name.
fn at(pos: &Position, map: &[u16], cells: &[&str]) -> Vec<u16> {
    cells.iter().map(|c| map[idx(pos, c)]).collect()
}

#[test]
fn one_by_one_and_two_by_two_by_hand() {
    for conv in [Convention::Queenbee, Convention::Benzene] {
        let p1 = Position::square(1).unwrap();
        let m = Maps::compute(&p1, conv);
        for e in Edge::ALL {
            assert_eq!(m.two_distance[e.index()], vec![1], "{e:?}");
        }
        assert_eq!(m.board_potential, [2, 2]);
        assert_eq!(m.attack_mobility, [1, 1]);
        assert_eq!(m.eval, 0);

        // 2×2: north a1 b1 = 1, a2 = 2 (a1, b1), b2 = 1 + second of {b1 = 1, a2 = 2} = 3.
        let p2 = Position::square(2).unwrap();
        let m = Maps::compute(&p2, conv);
        let cells = ["a1", "b1", "a2", "b2"];
        assert_eq!(at(&p2, &m.two_distance[Edge::North.index()], &cells), [1, 1, 2, 3]);
        assert_eq!(at(&p2, &m.two_distance[Edge::South.index()], &cells), [3, 2, 1, 1]);
        assert_eq!(at(&p2, &m.two_distance[Edge::West.index()], &cells), [1, 2, 1, 3]);
        assert_eq!(at(&p2, &m.two_distance[Edge::East.index()], &cells), [3, 1, 2, 1]);
        assert_eq!(at(&p2, &m.potential[0], &cells), [4, 3, 3, 4]);
        assert_eq!(at(&p2, &m.potential[1], &cells), [4, 3, 3, 4]);
        assert_eq!(m.board_potential, [3, 3]);
        assert_eq!(m.attack_mobility, [2, 2]);
        assert_eq!(at(&p2, &m.badness, &cells), [2, 0, 0, 2]);
        assert_eq!(m.eval, 0);
    }
}

#[test]
fn rectangular_three_by_two_by_hand() {
    // 3 columns × 2 rows: Black's edges are 3 cells long and 2 rows apart; White's 2 cells long, 3 apart.
    let pos = Position::new(3, 2).unwrap();
    let m = Maps::compute(&pos, Convention::Queenbee);
    let cells = ["a1", "b1", "c1", "a2", "b2", "c2"];
    // c2 = 1 + second of {c1 = 1, b2 = 2, a2 = 2 (through SOUTH)} = 3.
    assert_eq!(at(&pos, &m.two_distance[Edge::North.index()], &cells), [1, 1, 1, 2, 2, 3]);
    assert_eq!(at(&pos, &m.two_distance[Edge::West.index()], &cells), [1, 2, 4, 1, 3, 5]);
    assert_eq!(at(&pos, &m.two_distance[Edge::East.index()], &cells), [5, 3, 1, 4, 2, 1]);
    assert_eq!(at(&pos, &m.potential[Color::Black.index()], &cells), [4, 3, 3, 3, 3, 4]);
    assert_eq!(at(&pos, &m.potential[Color::White.index()], &cells), [6, 5, 5, 5, 5, 6]);
    assert_eq!(m.board_potential, [3, 5]);
    assert_eq!(m.attack_mobility, [4, 4]);
    assert_eq!(m.eval_black, 200); // Black's edges are nearer: M × (5 − 3)
    assert_eq!(m.eval, 200); // Black to move
}

#[test]
fn own_groups_join_their_liberties_and_carry_the_edge() {
    for conv in [Convention::Queenbee, Convention::Benzene] {
        // A lone Black stone on c2 makes its liberties mutual neighbours: b3 and c3 see c1 and d1 (both 1).
        let pos = Position::from_rows(&[".....", "..B..", ".....", ".....", "....."], Some(Color::White)).unwrap();
        let north = two_distance(&pos, Edge::North, conv);
        assert_eq!(at(&pos, &north, &["b2", "d2", "b3", "c3"]), [2, 2, 2, 2], "{conv:?}");
        assert_eq!(north[idx(&pos, "c2")], INFINITY, "occupied");
        // A chain c1–c2 touches NORTH: its liberties are at distance 1; b4 sees b3 and c3.
        let pos = Position::from_rows(&["..B..", "..B..", ".....", ".....", "....."], Some(Color::Black)).unwrap();
        let north = two_distance(&pos, Edge::North, conv);
        assert_eq!(at(&pos, &north, &["b2", "d2", "b3", "c3", "b4"]), [1, 1, 1, 1, 2], "{conv:?}");
        // White stones on b2 and c2 block Black's routes through them.
        let pos = Position::from_rows(&[".....", ".WW..", ".....", ".....", "....."], Some(Color::Black)).unwrap();
        let north = two_distance(&pos, Edge::North, conv);
        // a2 = 2 (a1, b1), d2 = 2 (d1, e1), e2 = 3 (e1 and d2), d3 = 1 + second of {d2 = 2, e2 = 3, c3, …} = 4.
        assert_eq!(at(&pos, &north, &["a2", "d2", "e2", "d3"]), [2, 2, 3, 4], "{conv:?}");
        // White's own edges: the stones touch neither, their liberties join (a1 and a3 see each other).
        let west = two_distance(&pos, Edge::West, conv);
        assert_eq!(at(&pos, &west, &["a1", "a2", "a3", "d2", "d1"]), [1, 1, 1, 2, 2], "{conv:?}");
    }
}

#[test]
fn the_seed_rule_and_benzene_differ_along_the_other_edge() {
    let pos = Position::square(5).unwrap();
    let q = two_distance(&pos, Edge::North, Convention::Queenbee);
    let b = two_distance(&pos, Edge::North, Convention::Benzene);
    // Without neighbourhood along SOUTH: c5 = 1 + second of {c4 = 5, d4 = 6, b5 = 6} = 7, d5 = 8, e5 = 9.
    assert_eq!(at(&pos, &b, &["a5", "b5", "c5", "d5", "e5"]), [5, 6, 7, 8, 9]);
    assert_eq!(at(&pos, &q, &["a5", "b5", "c5", "d5", "e5"]), [5, 6, 6, 7, 7]);
    // Everything above row 5 is the same.
    assert_eq!(q[..20], b[..20]);
}

#[test]
fn unreachable_edges_are_infinite_not_a_crash_and_not_a_loss_by_themselves() {
    // White a2 b2 on 3×3: Black's NORTH is reachable from row 3 only through c2, one route: infinite.
    let pos = Position::from_rows(&["...", "WW.", "..."], Some(Color::Black)).unwrap();
    assert_eq!(pos.winner(), None);
    let m = Maps::compute(&pos, Convention::Queenbee);
    let black = Color::Black.index();
    assert!(m.potential[black].iter().all(|&p| p == INFINITY));
    assert_eq!(m.board_potential[black], INFINITY);
    assert_eq!(m.attack_mobility[black], 0);
    assert!(m.best_cells[black].is_empty());
    // White: c1 and c2 touch EAST and the a2–b2 group (on WEST): 1 + 1.
    assert_eq!(m.board_potential[Color::White.index()], 2);
    assert_eq!(m.attack_mobility[Color::White.index()], 2);
    assert_eq!(m.best_cells[Color::White.index()], vec![idx(&pos, "c1"), idx(&pos, "c2")]);
    assert_eq!(infinite_stand_in(9), 19);
    assert_eq!(m.eval, 100 * (2 - 19) - 2);
    assert_eq!(evaluate(&pos), m.eval);
    assert!(m.tension.iter().enumerate().all(|(i, t)| t.is_some() == (m.stones[i] == 0)));
    // Both sides blocked everywhere is 0, not a crash: a full board.
    let full = Position::from_rows(&["BW", "BW"], Some(Color::White)).unwrap();
    let m = Maps::compute(&full, Convention::Queenbee);
    assert_eq!(m.board_potential, [INFINITY, INFINITY]);
    assert_eq!(m.attack_mobility, [0, 0]);
    assert_eq!(m.eval, 0);
    assert!(m.tension.iter().all(Option::is_none));
    assert!(m.badness.iter().all(|&b| b == INFINITY));
}

#[test]
fn eval_sign_lower_own_potential_and_more_own_mobility_are_better() {
    use duiyi::hex::eval::eval_black;
    // Same board potentials, more Black cells at it: good for Black.
    assert!(eval_black([5, 5], [3, 1], 25) > 0);
    // A lower board potential outweighs any mobility (M = 100).
    assert!(eval_black([4, 5], [1, 60], 25) > 0);
    assert_eq!(eval_black([4, 5], [1, 60], 25), 100 - 59);
    // A real position: Black takes the centre of 5×5; White to move sees a worse position.
    let mut pos = Position::square(5).unwrap();
    assert_eq!(evaluate(&pos), 0);
    pos.play_str("c3").unwrap();
    let m = Maps::compute(&pos, Convention::Queenbee);
    assert!(m.board_potential[0] < m.board_potential[1], "{:?}", m.board_potential);
    assert!(m.eval_black > 0);
    assert_eq!(evaluate(&pos), -m.eval_black);
    assert_eq!(evaluate_with(&pos, Convention::Benzene), Maps::compute(&pos, Convention::Benzene).eval);
    // Benzene's printed numbers after b c3: Black 5 at six cells, White 7 at eight cells.
    let bz = Maps::compute(&pos, Convention::Benzene);
    assert_eq!(bz.board_potential, [5, 7]);
    assert_eq!(bz.attack_mobility, [6, 8]);
    assert_eq!(bz.eval_black, 100 * (7 - 5) + (6 - 8));
}

/// A small deterministic generator (64-bit LCG, Knuth's MMIX constants).
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// The position mirrored in the long diagonal with colours swapped: (col, row) → (row, col), Black ↔ White.
fn mirrored(pos: &Position) -> Position {
    let mut m = Position::new(pos.height(), pos.width()).unwrap();
    for i in 0..pos.geometry().cells() {
        if let Some(c) = pos.stone_at(i) {
            let cell = pos.geometry().cell(i);
            m.add_stone(Cell::new(cell.row, cell.col), c.opponent()).unwrap();
        }
    }
    m.set_to_move(pos.to_move().opponent());
    m
}

#[test]
fn white_maps_are_black_maps_transposed_on_the_mirrored_position() {
    let mut rng = Lcg(7);
    for (w, h, stones) in [(5, 5, 6), (6, 6, 12), (4, 7, 9), (7, 3, 8), (9, 9, 30)] {
        for conv in [Convention::Queenbee, Convention::Benzene] {
            let mut pos = Position::new(w, h).unwrap();
            let mut placed = 0;
            while placed < stones {
                let cell = Cell::new(rng.below(w) as u8, rng.below(h) as u8);
                if pos.stone(cell).is_none() {
                    pos.add_stone(cell, if placed % 2 == 0 { Color::Black } else { Color::White }).unwrap();
                    placed += 1;
                }
            }
            let mir = mirrored(&pos);
            let (a, b) = (Maps::compute(&pos, conv), Maps::compute(&mir, conv));
            let t = |i: usize| {
                let c = pos.geometry().cell(i);
                mir.geometry().index(Cell::new(c.row, c.col))
            };
            for i in 0..pos.geometry().cells() {
                for (e, f) in [(Edge::North, Edge::West), (Edge::South, Edge::East)] {
                    assert_eq!(a.two_distance[e.index()][i], b.two_distance[f.index()][t(i)]);
                    assert_eq!(a.two_distance[f.index()][i], b.two_distance[e.index()][t(i)]);
                }
                assert_eq!(a.potential[0][i], b.potential[1][t(i)]);
                assert_eq!(a.badness[i], b.badness[t(i)]);
                assert_eq!(a.tension[i], b.tension[t(i)], "tension {w}x{h} {conv:?}");
            }
            assert_eq!(a.board_potential, [b.board_potential[1], b.board_potential[0]]);
            assert_eq!(a.attack_mobility, [b.attack_mobility[1], b.attack_mobility[0]]);
            assert_eq!(a.eval, b.eval);
            assert_eq!(a.eval_black, -b.eval_black);
        }
    }
}

#[test]
fn what_if_equals_the_maps_after_the_move_and_tension_is_the_board_potential_swing() {
    let mut pos = Position::square(6).unwrap();
    for mv in ["c3", "d4", "b5"] {
        pos.play_str(mv).unwrap();
    }
    let m = Maps::compute(&pos, Convention::Queenbee);
    let me = pos.to_move();
    let (mi, oi) = (me.index(), me.opponent().index());
    for i in pos.empty_cells().collect::<Vec<_>>() {
        let cell = pos.geometry().cell(i);
        let w = Maps::what_if(&pos, cell, Convention::Queenbee, false).unwrap();
        let mut after = pos.clone();
        after.try_play(duiyi::hex::Move::Place(cell)).unwrap();
        assert_eq!(w, Maps::compute_with(&after, Convention::Queenbee, false), "what-if {cell}");
        let swing = (w.board_potential[oi] as i32 - w.board_potential[mi] as i32)
            - (m.board_potential[oi] as i32 - m.board_potential[mi] as i32);
        assert_eq!(m.tension[i], Some(swing), "tension at {cell}");
    }
    assert!(Maps::what_if(&pos, Cell::parse("c3").unwrap(), Convention::Queenbee, false).is_err());
    assert!(Maps::what_if(&pos, Cell::parse("g1").unwrap(), Convention::Queenbee, false).is_err());
}

#[test]
fn tension_shortcuts_agree_with_recomputing_every_move() {
    // Tension skips recomputation where it can prove the board potentials unchanged; check every cell of
    // random middle games against the full maps after the move, for both conventions and both sides to move.
    let mut rng = Lcg(2024);
    for (size, stones) in [(5, 6), (7, 10), (9, 24), (9, 40), (11, 30), (11, 60)] {
        for conv in [Convention::Queenbee, Convention::Benzene] {
            let mut pos = Position::square(size).unwrap();
            let mut placed = 0;
            while placed < stones {
                let cell = Cell::new(rng.below(size) as u8, rng.below(size) as u8);
                if pos.stone(cell).is_none() {
                    pos.add_stone(cell, if placed % 2 == 0 { Color::Black } else { Color::White }).unwrap();
                    placed += 1;
                }
            }
            for side in [Color::Black, Color::White] {
                pos.set_to_move(side);
                let m = Maps::compute(&pos, conv);
                let (me, opp) = (side.index(), side.opponent().index());
                let n = pos.geometry().cells() as i32;
                let fin = |p: u16| if p == INFINITY { 2 * n + 1 } else { p as i32 };
                for i in pos.empty_cells().collect::<Vec<_>>() {
                    let w = Maps::what_if(&pos, pos.geometry().cell(i), conv, false).unwrap();
                    let swing = (fin(w.board_potential[opp]) - fin(w.board_potential[me]))
                        - (fin(m.board_potential[opp]) - fin(m.board_potential[me]));
                    assert_eq!(m.tension[i], Some(swing), "{size}x{size} {conv:?} {side} at {}", pos.geometry().cell(i));
                }
            }
        }
    }
}

#[test]
fn dense_won_and_rectangular_positions_never_panic_and_tension_stays_exact() {
    // Boards from 1×1 to 8×3, filled up to full (many of them already won by one side), both conventions.
    let mut rng = Lcg(99);
    for (w, h) in [(1, 1), (2, 1), (1, 3), (2, 2), (3, 3), (4, 2), (2, 5), (5, 5), (8, 3), (3, 8), (6, 6)] {
        for fill in [0.0, 0.3, 0.6, 0.9, 1.0] {
            let mut pos = Position::new(w, h).unwrap();
            let target = ((w * h) as f64 * fill).round() as usize;
            let mut placed = 0;
            while placed < target {
                let cell = Cell::new(rng.below(w) as u8, rng.below(h) as u8);
                if pos.stone(cell).is_none() {
                    pos.add_stone(cell, if rng.below(2) == 0 { Color::Black } else { Color::White }).unwrap();
                    placed += 1;
                }
            }
            for conv in [Convention::Queenbee, Convention::Benzene] {
                let m = Maps::compute(&pos, conv);
                assert_eq!(m.eval, evaluate_with(&pos, conv));
                let n = (w * h) as i32;
                let fin = |p: u16| if p == INFINITY { 2 * n + 1 } else { p as i32 };
                let (me, opp) = (pos.to_move().index(), pos.to_move().opponent().index());
                for i in pos.empty_cells().collect::<Vec<_>>() {
                    let after = Maps::what_if(&pos, pos.geometry().cell(i), conv, true).unwrap();
                    let swing = (fin(after.board_potential[opp]) - fin(after.board_potential[me]))
                        - (fin(m.board_potential[opp]) - fin(m.board_potential[me]));
                    assert_eq!(m.tension[i], Some(swing), "{w}x{h} fill {fill} {conv:?} at {}", pos.geometry().cell(i));
                }
            }
        }
    }
}

#[test]
fn tension_stays_exact_on_large_and_rectangular_middle_games() {
    // The incremental tension (lowered distances restored cell by cell between trial stones, the lowest
    // potential read from the changed cells) against the full maps after each move, on boards where many
    // trial stones run one after the other over the same prepared structures: 13×13, 19×19, 9×11 and 14×10
    // middle games with groups (stones placed next to each other), both conventions.
    let mut rng = Lcg(7);
    for (w, h, stones) in [(13, 13, 50), (19, 19, 90), (9, 11, 30), (14, 10, 45)] {
        let mut pos = Position::new(w, h).unwrap();
        let mut placed = 0;
        let mut last = Cell::new((w / 2) as u8, (h / 2) as u8);
        while placed < stones {
            // half of the stones next to the previous one, so that groups form
            let cell = if rng.below(2) == 0 {
                let (dc, dr) = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)][rng.below(6)];
                let (c, r) = (last.col as i32 + dc, last.row as i32 + dr);
                if c < 0 || r < 0 || c >= w as i32 || r >= h as i32 {
                    continue;
                }
                Cell::new(c as u8, r as u8)
            } else {
                Cell::new(rng.below(w) as u8, rng.below(h) as u8)
            };
            if pos.stone(cell).is_none() {
                pos.add_stone(cell, if rng.below(2) == 0 { Color::Black } else { Color::White }).unwrap();
                placed += 1;
                last = cell;
            }
        }
        for conv in [Convention::Queenbee, Convention::Benzene] {
            for side in [Color::Black, Color::White] {
                pos.set_to_move(side);
                let m = Maps::compute(&pos, conv);
                let (me, opp) = (side.index(), side.opponent().index());
                let n = pos.geometry().cells() as i32;
                let fin = |p: u16| if p == INFINITY { 2 * n + 1 } else { p as i32 };
                for i in pos.empty_cells().collect::<Vec<_>>() {
                    let after = Maps::what_if(&pos, pos.geometry().cell(i), conv, false).unwrap();
                    let swing = (fin(after.board_potential[opp]) - fin(after.board_potential[me]))
                        - (fin(m.board_potential[opp]) - fin(m.board_potential[me]));
                    assert_eq!(m.tension[i], Some(swing), "{w}x{h} {conv:?} {side} at {}", pos.geometry().cell(i));
                }
            }
        }
    }
}
