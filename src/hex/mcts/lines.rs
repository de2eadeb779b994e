//! MultiPV for the playout search: the `k` best root moves with their scores and lines, read from the tree
//! (no extra playouts; docs/engine.md "MultiPV and searchmoves").

use super::Tree;
use crate::hex::bitboard::Bits;
use crate::hex::Move;
use crate::search::score::{MATE, Score};

impl<B: Bits> Tree<B> {
    /// MultiPV: the `k` best root moves as `(score, line)`, best first — the move [`best_move`](Self::best_move)
    /// plays, then the other root children by visits (proved losses last, pruned children never), each scored
    /// by its mean result (a mate score when proved) with its most-visited line below. Children never visited
    /// are left out, so there may be fewer than `k`.
    pub fn lines(&self, k: usize) -> Vec<(Score, Vec<Move>)> {
        let Some(best) = self.best_child(0) else { return Vec::new() };
        let mut kids: Vec<usize> = self
            .children(0)
            .filter(|&c| c != best && !self.nodes[c].pruned() && (self.nodes[c].visits() > 0 || self.nodes[c].proof() != 0))
            .collect();
        crate::sort::sort_by_key(&mut kids, |&c| {
            let n = &self.nodes[c];
            std::cmp::Reverse((n.proof() == -1, n.proof() != 1, n.visits(), n.wins()))
        });
        std::iter::once(best)
            .chain(kids)
            .take(k.max(1))
            .map(|c| {
                let mut line = vec![self.cell_move(self.nodes[c].cell())];
                line.extend(self.line_from(c));
                let plies = line.len() as Score;
                let score = match self.nodes[c].proof() {
                    -1 => MATE - plies,
                    1 => -(MATE - plies),
                    _ => self.win_rate_score(c),
                };
                (score, line)
            })
            .collect()
    }
}
