//! The root children's statistics of one tree ([`RootStat`]) and the move several trees choose together
//! ([`merge_best`]): the root-parallel helpers (`parallel.rs`) and the solver thread (`solver_thread.rs`) each
//! hand their root's statistics to the main tree this way.

use crate::hex::Move;

/// One root child's statistics in one tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootStat {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u64,
    /// Of those, won by the side that plays it.
    pub wins: u64,
    /// Its node's proof: −1 the move wins (the opponent, to move there, loses), 1 it loses, 0 unknown.
    pub proof: i8,
    /// Pruned at the root (inferior, outside the must-play region, or excluded): chosen only when nothing
    /// else is left.
    pub pruned: bool,
    /// Excluded by the engine (`banmoves`, `searchmoves`): never chosen.
    pub excluded: bool,
}

/// The move the trees choose together, or `None` when no tree has a root child left: a move proved to win in any
/// tree is played, a move proved to lose in any tree is not, otherwise the most visited one. A
/// move pruned in any tree is left out unless nothing else is left; one excluded in any tree, always.
pub fn merge_best(trees: &[Vec<RootStat>]) -> Option<Move> {
    let mut total: Vec<RootStat> = Vec::new();
    for stats in trees {
        for s in stats {
            match total.iter_mut().find(|t| t.mv == s.mv) {
                Some(t) => {
                    t.visits += s.visits;
                    t.wins += s.wins;
                    t.pruned |= s.pruned;
                    t.excluded |= s.excluded;
                    // A proof found in one tree holds in all (proofs are exact).
                    if t.proof == 0 {
                        t.proof = s.proof;
                    }
                }
                None => total.push(*s),
            }
        }
    }
    total.retain(|t| !t.excluded);
    if let Some(win) = total.iter().find(|t| !t.pruned && t.proof == -1) {
        return Some(win.mv);
    }
    total.iter().max_by_key(|t| (!t.pruned, t.proof != 1, t.visits, t.wins)).map(|t| t.mv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(cell: &str, visits: u64, wins: u64, proof: i8, pruned: bool) -> RootStat {
        RootStat { mv: Move::parse(cell).unwrap(), visits, wins, proof, pruned, excluded: false }
    }

    #[test]
    fn the_trees_vote_by_playouts_and_proofs_decide() {
        let a = vec![stat("a1", 100, 60, 0, false), stat("b2", 80, 50, 0, false)];
        let b = vec![stat("a1", 10, 5, 0, false), stat("b2", 90, 55, 0, false)];
        assert_eq!(merge_best(&[a.clone(), b.clone()]), Some(Move::parse("b2").unwrap()), "170 playouts against 110");
        assert_eq!(merge_best(&[a.clone()]), Some(Move::parse("a1").unwrap()));
        // A win proved in one tree is played; a loss proved in one is not.
        let c = vec![stat("c3", 1, 0, -1, false)];
        assert_eq!(merge_best(&[a.clone(), b.clone(), c]), Some(Move::parse("c3").unwrap()));
        let d = vec![stat("b2", 1, 0, 1, false)];
        assert_eq!(merge_best(&[a.clone(), b, d]), Some(Move::parse("a1").unwrap()));
        // Pruned in one tree: left out while another move is there.
        let e = vec![stat("a1", 0, 0, 0, true)];
        assert_eq!(merge_best(&[a.clone(), e]), Some(Move::parse("b2").unwrap()));
        // Excluded in one tree: never, even against a pruned move.
        let f = vec![RootStat { excluded: true, ..stat("b2", 0, 0, 0, false) }, stat("a1", 0, 0, 0, true)];
        assert_eq!(merge_best(&[a, f]), Some(Move::parse("a1").unwrap()));
        assert_eq!(merge_best(&[]), None);
    }
}
