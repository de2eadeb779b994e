//! `duiyi hex vc`: both sides' edge-to-edge virtual connections of a position and the must-play region they
//! leave the side to move, as JSON, for checking the VC engine from outside and for measuring its bounds.

use super::{VcBuilder, VcLimits};
use crate::hex::bitboard::{Bits, Masks, NARROW_CELLS, WideBits, bits};
use crate::hex::{Color, Position};
use crate::search::clock::now_ms;
use serde_json::{Value, json};

/// The bounds named on the command line: `plain` (before the templates), `default` (the tree's), `solver`
/// (the default with the greedy OR rule), `wide`, `root` (the playing engine's root).
pub(crate) fn limits_by_name(name: &str) -> Option<VcLimits> {
    match name {
        "plain" => Some(VcLimits::PLAIN),
        "default" => Some(VcLimits::DEFAULT),
        "solver" => Some(VcLimits::SOLVER),
        "wide" => Some(VcLimits::WIDE),
        "root" => Some(VcLimits::ROOT),
        _ => None,
    }
}

fn names<B: Bits>(pos: &Position, set: B) -> Vec<String> {
    let mut v: Vec<_> = bits(set).map(|i| pos.geometry().cell(i)).collect();
    crate::sort::sort_by_key(&mut v, |c| (c.row, c.col));
    v.into_iter().map(|c| c.to_string()).collect()
}

/// The report of `pos` with `limits`: per side `{"full": [cells] | null, "semis": [[cells]…], "steps", "ms"}`
/// and `"must_play"`, the cells outside which the side to move loses by the opponent's connections.
/// `None` for a finished game. Any board size (`u128` sets up to 128 cells, wide ones above). With `fill`, the
/// inferior cells are filled in first (dead and captured cells, permanently inferior ones: `Masks::fill`, as
/// the engine's analyses do) and the connections are those of the filled board.
pub(crate) fn report(pos: &Position, limits: VcLimits, fill: bool) -> Option<Value> {
    if pos.winner().is_some() {
        return None;
    }
    if pos.width() * pos.height() <= NARROW_CELLS { Some(report_in::<u128>(pos, limits, fill)) } else { Some(report_in::<WideBits>(pos, limits, fill)) }
}

fn report_in<B: Bits>(pos: &Position, limits: VcLimits, fill: bool) -> Value {
    let (w, h) = (pos.width(), pos.height());
    let m = Masks::<B>::new(w, h);
    let mut stones = [B::ZERO; 2];
    for i in 0..w * h {
        if let Some(c) = pos.stone_at(i) {
            stones[c.index()] |= B::bit(i);
        }
    }
    if fill {
        stones = m.fill_inferior(stones).0;
    }
    let empty = m.all & !(stones[0] | stones[1]);
    let mut vc = VcBuilder::<B>::new();
    vc.limits = limits;
    let mut sides = serde_json::Map::new();
    let mut must = empty;
    for color in [Color::Black, Color::White] {
        let t = now_ms();
        let r = vc.run(&m, stones[color.index()], empty, color);
        let ms = now_ms() - t;
        if color != pos.to_move() {
            must = r.must_play(empty);
        }
        sides.insert(
            color.name().to_string(),
            json!({
                "full": r.full.map(|c| names(pos, c)),
                "semis": r.semis.iter().map(|&c| names(pos, c)).collect::<Vec<_>>(),
                "steps": vc.steps,
                "ms": (ms * 100.0).round() / 100.0,
            }),
        );
    }
    let mut out = json!({ "to_move": pos.to_move().name(), "must_play": names(pos, must) });
    out.as_object_mut().unwrap().extend(sides);
    out
}
