//! `duiyi hex vc`: both sides' edge-to-edge virtual connections of a position and the must-play region they
//! leave the side to move, as JSON, for checking the VC engine from outside and for measuring its bounds.

use super::{VcBuilder, VcLimits};
use crate::hex::bitboard::{Masks, bits};
use crate::hex::{Color, Position};
use crate::search::clock::now_ms;
use serde_json::{Value, json};

/// The bounds named on the command line: `plain` (before the templates), `default` (the tree's and the
/// solver's), `wide`, `root` (the playing engine's root).
pub(crate) fn limits_by_name(name: &str) -> Option<VcLimits> {
    match name {
        "plain" => Some(VcLimits::PLAIN),
        "default" => Some(VcLimits::DEFAULT),
        "wide" => Some(VcLimits::WIDE),
        "root" => Some(VcLimits::ROOT),
        _ => None,
    }
}

fn names(pos: &Position, set: u128) -> Vec<String> {
    let mut v: Vec<_> = bits(set).map(|i| pos.geometry().cell(i)).collect();
    v.sort_by_key(|c| (c.row, c.col));
    v.into_iter().map(|c| c.to_string()).collect()
}

/// The report of `pos` with `limits`: per side `{"full": [cells] | null, "semis": [[cells]…], "steps", "ms"}`
/// and `"must_play"`, the cells outside which the side to move loses by the opponent's connections.
/// `None` for boards over 128 cells or a finished game.
pub(crate) fn report(pos: &Position, limits: VcLimits) -> Option<Value> {
    let (w, h) = (pos.width(), pos.height());
    if w * h > 128 || pos.winner().is_some() {
        return None;
    }
    let m = Masks::new(w, h);
    let mut stones = [0u128; 2];
    for i in 0..w * h {
        if let Some(c) = pos.stone_at(i) {
            stones[c.index()] |= 1u128 << i;
        }
    }
    let empty = m.all & !(stones[0] | stones[1]);
    let mut vc = VcBuilder::new();
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
    Some(out)
}
