//! What Hex theory proves about a position before any search: the **inferior cells** (dead, captured,
//! permanently inferior, and the vulnerable and dominated moves of the side to move; see [`super::ice`]), the
//! **virtual connections** between a side's edges found by the VC engine
//! ([`super::vc`]) and the **must-play region** (the side to move must play inside every carrier of the
//! opponent's edge-to-edge semi-connections, or lose; van Rijswijck; Hayward et al. 2003, "Solving 7×7 Hex").
//!
//! The playing search ([`super::mcts`]) searches only the [`Knowledge::candidates`]; the page and GTP draw
//! the region and the carriers ("why this move"). Every rule is sound: a cell left out is never the only
//! good move, and a verdict is a proof.

use super::bitboard::{Bits, NARROW_CELLS, WideBits, bits};
use super::solver::{Analysis, Board, MAX_SOLVER_CELLS, Solver};
use super::vc::VcLimits;
use super::{Cell, Color, Position};
use serde::Serialize;

/// The static verdict for the side to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Verdict {
    /// The side to move has won already: a virtual connection (full, or semi with the key its to play)
    /// between its edges; `carrier` is the set of empty cells it needs.
    Win { carrier: Vec<Cell> },
    /// The side to move has lost: the opponent has a full virtual connection, or every cell is outside some
    /// opponent semi-connection; `carrier` is the opponent's cells of the proof.
    Loss { carrier: Vec<Cell> },
    /// Not decided statically.
    Open,
}

/// The knowledge of one position (cells in `Cell` form, each list sorted by row then column).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Knowledge {
    /// The side to move.
    pub to_move: Color,
    /// The verdict.
    pub verdict: Verdict,
    /// Dead cells: a stone there never changes the winner.
    pub dead: Vec<Cell>,
    /// Captured cells, `[Black's, White's]`: the owner answers an intrusion into one cell of a pair with the
    /// other one.
    pub captured: [Vec<Cell>; 2],
    /// Permanently inferior cells, `[Black's, White's]`: the owner may fill them with its stone (Benzene's
    /// patterns; their carriers are left empty).
    pub permanently_inferior: [Vec<Cell>; 2],
    /// Vulnerable moves of the side to move, as `[cell, killer]`: the opponent's answer on the killer makes
    /// the stone dead. Left out of the candidates.
    pub vulnerable: Vec<[Cell; 2]>,
    /// Dominated moves of the side to move, as `[cell, dominator]`: a stone on the dominator is at least as
    /// good (it makes the cell dead or captured). Left out of the candidates.
    pub dominated: Vec<[Cell; 2]>,
    /// The must-play region: the cells outside which every move of the side to move loses (all empty cells
    /// not filled when the opponent threatens nothing; empty when the verdict is a loss).
    pub must_play: Vec<Cell>,
    /// The opponent's cells that cut the region down: the union of the carriers (keys included) of its
    /// threats (edge-to-edge semi-connections).
    pub threats: Vec<Cell>,
    /// The moves worth searching: the must-play region without the inferior cells (filled, vulnerable or
    /// dominated); every empty cell when the position is lost (some move must still be played).
    pub candidates: Vec<Cell>,
}

impl Knowledge {
    /// Whether the side to move must play in a region smaller than the board (the opponent threatens to
    /// win).
    pub fn is_forced(&self, empty_cells: usize) -> bool {
        matches!(self.verdict, Verdict::Open) && self.must_play.len() < empty_cells
    }
}

fn cells<B: Bits>(pos: &Position, set: B) -> Vec<Cell> {
    let mut v: Vec<Cell> = bits(set).map(|i| pos.geometry().cell(i)).collect();
    crate::sort::sort_by_key(&mut v, |c| (c.row, c.col));
    v
}

/// The knowledge of `pos` for its side to move, on any board up to 19×19 ([`MAX_SOLVER_CELLS`]). `None` when
/// the game is over. The VC engine runs with the tree's bounds (`VcLimits::DEFAULT`, without the solver's
/// greedy OR rule): the page's Connections overlay, GTP's resignation and the Hex puzzle set ("the VC engine
/// does not decide the start", "the line ends in a connection it sees", `src/puzzles/hex/`) are defined by
/// them.
pub fn analyse(pos: &Position) -> Option<Knowledge> {
    let n = pos.width() * pos.height();
    if n > MAX_SOLVER_CELLS || pos.winner().is_some() {
        return None;
    }
    Some(if n <= NARROW_CELLS { analyse_in::<u128>(pos) } else { analyse_in::<WideBits>(pos) })
}

/// [`analyse`] on cell sets `B` (at least as many bits as cells).
fn analyse_in<B: Bits>(pos: &Position) -> Knowledge {
    let mut solver = Solver::<B>::analyser(pos.width(), pos.height());
    solver.set_hsearch_limits(VcLimits::DEFAULT);
    let board = Board::from_position(pos);
    let stones = board.stones();
    let fill = solver.masks().fill(stones);
    let filled = fill.filled;
    let empty = solver.masks().all & !(stones[0] | stones[1]);
    // The whole must-play region (the analysis would leave the inferior moves out of it), and the inferior
    // moves in it, shown apart.
    solver.use_prune = false;
    let analysis = solver.analyse(&board);
    let (verdict, must, threats) = match analysis {
        Analysis::Win(proof) => (Verdict::Win { carrier: cells(pos, proof & empty) }, empty & !filled, B::ZERO),
        Analysis::Loss(proof) => (Verdict::Loss { carrier: cells(pos, proof & empty) }, B::ZERO, proof & empty),
        Analysis::Moves(region, mp) => (Verdict::Open, region, mp & empty),
    };
    let inferior = match verdict {
        Verdict::Open => solver.masks().inferior_moves(fill.stones, pos.to_move().index(), must & !filled),
        _ => Default::default(),
    };
    let pairs = |set: B| -> Vec<[Cell; 2]> {
        let mut v: Vec<[Cell; 2]> = inferior
            .why
            .iter()
            .filter(|&&(x, _)| set.has(x as usize))
            .map(|&(x, y)| [pos.geometry().cell(x as usize), pos.geometry().cell(y as usize)])
            .collect();
        crate::sort::sort_by_key(&mut v, |p| (p[0].row, p[0].col));
        v
    };
    let keep = must & !filled & !inferior.pruned();
    let candidates = match verdict {
        Verdict::Loss { .. } => empty,
        _ if !keep.is_zero() => keep,
        _ if !(must & !filled).is_zero() => must & !filled,
        _ => empty,
    };
    Knowledge {
        to_move: pos.to_move(),
        verdict,
        dead: cells(pos, fill.dead()),
        captured: [cells(pos, fill.captured[0]), cells(pos, fill.captured[1])],
        permanently_inferior: [cells(pos, fill.perm[0]), cells(pos, fill.perm[1])],
        vulnerable: pairs(inferior.vulnerable),
        dominated: pairs(inferior.dominated),
        must_play: cells(pos, must),
        threats: cells(pos, threats),
        candidates: cells(pos, candidates),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opponent_bridge_to_both_edges_is_a_loss_and_a_lone_threat_forces_the_region() {
        // Black (to move: White) has b2 bridging to both of its edges on 3×3? Use a 4×4 where Black's stones
        // b2 and c3 form a bridge chain: b2 touches row 1 by a bridge (a1/b1), c3 reaches row 4 (c4/b4).
        let pos = Position::from_rows(&["....", ".B..", "..B.", "...."], Some(Color::White)).unwrap();
        let k = analyse(&pos).unwrap();
        assert!(matches!(k.verdict, Verdict::Loss { .. }), "{k:?}");
        assert!(k.must_play.is_empty());
        assert_eq!(k.candidates.len(), 14);
        // The same with Black to move is a win.
        let pos = Position::from_rows(&["....", ".B..", "..B.", "...."], Some(Color::Black)).unwrap();
        assert!(matches!(analyse(&pos).unwrap().verdict, Verdict::Win { .. }));
    }

    #[test]
    fn the_empty_board_is_open_and_on_5x5_the_centre_wins_by_two_ziggurats() {
        let pos = Position::square(9).unwrap();
        let k = analyse(&pos).unwrap();
        assert_eq!(k.verdict, Verdict::Open);
        assert!(k.dead.is_empty() && k.threats.is_empty());
        assert_eq!(k.must_play.len(), 81);
        // The inferior moves are border cells: the two acute corners (vulnerable: the opponent's stone next
        // to one kills it) and cells of the outer ring dominated by a neighbour.
        assert_eq!(k.vulnerable.len(), 2, "{k:?}");
        assert!(!k.dominated.is_empty());
        assert_eq!(k.candidates.len(), 81 - k.vulnerable.len() - k.dominated.len());
        let on_border = |c: &Cell| c.row == 0 || c.col == 0 || c.row == 8 || c.col == 8;
        assert!(k.vulnerable.iter().chain(&k.dominated).all(|p| on_border(&p[0])), "{k:?}");
        // On 5×5 a stone on c3 joins its edges by two ziggurats (edge templates IIIa): the VC engine finds the
        // semi-connection with key c3, so the side to move has won statically, and the carrier holds c3.
        let k = analyse(&Position::square(5).unwrap()).unwrap();
        let Verdict::Win { carrier } = &k.verdict else { panic!("{k:?}") };
        assert!(carrier.contains(&Cell::parse("c3").unwrap()) && !carrier.contains(&Cell::parse("a1").unwrap()), "{k:?}");
        // With a Black stone on a1 (a weak first move), White to move: White's c3 wins the same way.
        let pos = Position::from_rows(&["B....", ".....", ".....", ".....", "....."], Some(Color::White)).unwrap();
        assert!(matches!(analyse(&pos).unwrap().verdict, Verdict::Win { .. }));
    }

    #[test]
    fn a_threat_cuts_the_region_and_candidates_stay_inside_it() {
        // 5×5, White to move; Black's c2 is joined by a bridge to the north edge and a ladder-free path south
        // needs one more stone: a semi-connection whose carrier is the region.
        let pos = Position::from_rows(&[".....", "..B..", ".....", "..B..", "....."], Some(Color::White)).unwrap();
        let k = analyse(&pos).unwrap();
        let n_empty = 23;
        if let Verdict::Open = k.verdict {
            assert!(k.is_forced(n_empty), "{k:?}");
            for c in &k.candidates {
                assert!(k.must_play.contains(c));
            }
        } else {
            assert!(matches!(k.verdict, Verdict::Loss { .. }), "{k:?}");
        }
    }

    #[test]
    fn large_boards_have_knowledge_and_finished_ones_none() {
        // 13×13 and 19×19 (wide cell sets): an open position, the whole board the region, the cells along
        // the edges dominated.
        for n in [13, 19] {
            let k = analyse(&Position::square(n).unwrap()).unwrap();
            assert_eq!(k.verdict, Verdict::Open);
            assert_eq!(k.must_play.len(), n * n);
            assert!(k.candidates.len() > n * n / 2 && k.candidates.len() < n * n, "{}", k.candidates.len());
        }
        let pos = Position::from_rows(&["B.", "B."], Some(Color::White)).unwrap();
        assert!(analyse(&pos).is_none());
    }
}
