//! The opening sets the strength matches use: `benches/real-openings.txt` (the first plies of master games, made
//! by `tools/tune/real_openings.py`) and the random second-check set `benches/strength-openings.txt`. Every line
//! is legal, leaves a game in progress, and (for the real set) is quiet, 10–12 plies long, named by family and
//! distinct from every other line and its mirror image.

use duiyi::xiangqi::{Position, book};
use std::collections::{HashMap, HashSet};

fn lines(path: &str) -> Vec<(Vec<String>, String)> {
    let full = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    text.lines()
        .filter_map(|l| {
            let (moves, comment) = l.split_once('#').unwrap_or((l, ""));
            let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
            (!moves.is_empty()).then(|| (moves, comment.trim().to_string()))
        })
        .collect()
}

fn play(moves: &[String]) -> Position {
    let mut p = Position::startpos();
    for (i, m) in moves.iter().enumerate() {
        assert!(p.game_verdict().is_none(), "{moves:?}: the game ended before move {}", i + 1);
        p.try_play(m).unwrap_or_else(|e| panic!("{moves:?}: move {} ({m}): {e}", i + 1));
    }
    assert!(p.game_verdict().is_none(), "{moves:?}: the game is over");
    p
}

#[test]
fn the_real_set_has_200_distinct_quiet_named_openings_of_10_to_12_plies() {
    let set = lines("benches/real-openings.txt");
    assert!(set.len() >= 200, "{} openings", set.len());
    let mut seen = HashSet::new();
    let mut families: HashMap<String, usize> = HashMap::new();
    for (moves, comment) in &set {
        assert!((10..=12).contains(&moves.len()), "{moves:?}: {} plies", moves.len());
        let p = play(moves);
        assert!(!p.in_check(), "{moves:?}: ends in check");
        let fen = p.fen();
        let mut parts = fen.split(' ');
        let (placement, side) = (parts.next().unwrap().to_string(), parts.next().unwrap().to_string());
        let mirror = book::mirror_placement(&placement);
        assert!(seen.insert((placement.clone(), side.clone())), "{moves:?}: a repeat");
        assert!(!seen.contains(&(mirror.clone(), side.clone())) || mirror == placement, "{moves:?}: a mirror image");
        let family = comment.split('|').next().unwrap().trim().to_string();
        assert!(matches!(family.chars().next(), Some('A'..='E')), "{moves:?}: family {family:?}");
        *families.entry(family).or_default() += 1;
    }
    // Every ECCO group is there, and the commonest defence, 中炮对屏风马, is the largest family.
    for g in ['A', 'B', 'C', 'D', 'E'] {
        assert!(families.keys().any(|f| f.starts_with(g)), "no family of group {g}: {families:?}");
    }
    let largest = families.iter().max_by_key(|(_, n)| **n).unwrap().0;
    assert!(largest.contains("屏风马"), "{families:?}");
}

#[test]
fn the_random_second_check_set_is_legal() {
    let set = lines("benches/strength-openings.txt");
    assert_eq!(set.len(), 400);
    for (moves, _) in &set {
        play(moves);
    }
}
