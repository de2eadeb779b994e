//! Hex evaluation timings (native): `cargo bench --bench hex_eval`.
//!
//! * all maps (tension included) of a 19×19 middle-game position (`benches/hex-19x19-middlegame.sgf`, 90
//!   stones) — the target is ≤ 1 ms in wasm (see `benches/hex-wasm.mjs` for the wasm figure);
//! * the same without tension (four two-distance computations), and `evaluate`;
//! * what-if (the maps after one more stone) for every empty cell of an 11×11 position — target ≤ 50 ms.
//!
//! Prints one line per measurement: mean time per call over a fixed number of calls.

use duiyi::hex::eval::{Maps, evaluate};
use duiyi::hex::{Convention, Position, sgf};
use std::hint::black_box;
use std::time::Instant;

fn time<T>(label: &str, calls: u32, mut f: impl FnMut() -> T) -> f64 {
    // `cargo bench --bench hex_eval -- <text>` runs only the measurements whose label contains <text>.
    let filter: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    if !filter.is_empty() && !filter.iter().any(|f| label.contains(f.as_str())) {
        return 0.0;
    }
    black_box(f()); // warm-up
    let t = Instant::now();
    for _ in 0..calls {
        black_box(f());
    }
    let per = t.elapsed().as_secs_f64() / calls as f64;
    println!("{label:<58} {:>10.3} ms  ({calls} calls)", per * 1e3);
    per
}

fn main() {
    let text = include_str!("hex-19x19-middlegame.sgf");
    let big = sgf::load(text).expect("bench position loads").position;
    assert_eq!(big.winner(), None);
    let empties = big.empty_count();
    println!("19x19 middle game: {} stones, {empties} empty cells", 361 - empties);
    time("19x19 all maps (tension included), queenbee", 50, || Maps::compute(&big, Convention::Queenbee));
    time("19x19 all maps (tension included), benzene", 50, || Maps::compute(&big, Convention::Benzene));
    time("19x19 maps without tension", 2000, || Maps::compute_with(&big, Convention::Queenbee, false));
    time("19x19 evaluate", 5000, || evaluate(&big));

    // 11×11 with 20 stones from the middle of the same game's moves, for the what-if sweep.
    let mut small = Position::square(11).unwrap();
    for m in ["f6", "e7", "g5", "d8", "h4", "f4", "e5", "g7", "c7", "i5", "d6", "h6", "b9", "j3", "e9", "g3", "c5", "i7", "f8", "e3"] {
        small.play_str(m).unwrap();
    }
    let cells: Vec<_> = small.empty_cells().map(|i| small.geometry().cell(i)).collect();
    println!("11x11: {} empty cells", cells.len());
    time("11x11 what-if for every empty cell (no tension)", 200, || {
        cells.iter().map(|&c| Maps::what_if(&small, c, Convention::Queenbee, false).unwrap().eval).sum::<i32>()
    });
    time("11x11 what-if for every empty cell (tension included)", 5, || {
        cells.iter().map(|&c| Maps::what_if(&small, c, Convention::Queenbee, true).unwrap().eval).sum::<i32>()
    });
    time("11x11 all maps (tension included)", 500, || Maps::compute(&small, Convention::Queenbee));
    time("11x11 evaluate", 20000, || evaluate(&small));
}
