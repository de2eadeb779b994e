//! MultiPV bookkeeping shared by the alpha-beta searchers (Xiangqi, Hex): the option's range and the `k`
//! best scores of a root pass.
//!
//! **Method** (one root pass with a lowered alpha; docs/engine.md "MultiPV"): a root move is searched with
//! the window `(max(aspiration alpha, k-th best score so far), beta)`. While fewer than `k` moves have been
//! searched the k-th best is −∞, so the first `k` moves get exact scores; a later move that beats the current
//! k-th best gets an exact score (a re-search when its null-window probe fails high) and displaces it; every
//! other move's score is an upper bound at most the k-th best. At the end of the pass the `k` best scores are
//! exact, each with its principal variation. With `k = 1` this is the plain PVS root: the window's alpha is
//! the best score so far. Stockfish's alternative (one full aspiration search per line, excluding the lines
//! already found) searches the root `k` times; this one searches it once.

use super::score::{INFINITE, Score};

/// The most lines a search reports (the UCI option's `max`).
pub const MAX_MULTIPV: usize = 5;

/// Parses a MultiPV value: a whole number 1–[`MAX_MULTIPV`].
///
/// # Errors
/// `"expected a whole number 1..5"` (as text, for the engine's option and go errors).
pub fn parse_multipv(value: &str) -> Result<usize, String> {
    match value.trim().parse::<usize>() {
        Ok(k) if (1..=MAX_MULTIPV).contains(&k) => Ok(k),
        _ => Err(format!("expected a whole number 1..{MAX_MULTIPV}")),
    }
}

/// The `k` best `(score, root move index)` pairs of a root pass, best first; ties keep the order of arrival
/// (the earlier move ranks first, as the single-PV search keeps the first of equal scores).
#[derive(Clone, Debug)]
pub struct TopK {
    k: usize,
    entries: Vec<(Score, usize)>,
}

impl TopK {
    /// An empty list keeping the `k` (at least 1) best.
    pub fn new(k: usize) -> Self {
        TopK { k: k.max(1), entries: Vec::with_capacity(k.max(1)) }
    }

    /// How many it keeps.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The score a move must beat to enter: the k-th best, or −[`INFINITE`] while fewer than `k` are known.
    /// With `k = 1` it is the best score so far.
    pub fn threshold(&self) -> Score {
        if self.entries.len() < self.k { -INFINITE } else { self.entries[self.k - 1].0 }
    }

    /// Offers the score of root move `index`: kept when it beats [`threshold`](Self::threshold) (or the list is
    /// not full), the k-th dropped when full. Returns whether it was kept.
    pub fn insert(&mut self, score: Score, index: usize) -> bool {
        if self.entries.len() >= self.k && score <= self.threshold() {
            return false;
        }
        let at = self.entries.iter().position(|&(s, _)| s < score).unwrap_or(self.entries.len());
        self.entries.insert(at, (score, index));
        self.entries.truncate(self.k);
        true
    }

    /// The kept `(score, index)` pairs, best first.
    pub fn entries(&self) -> &[(Score, usize)] {
        &self.entries
    }

    /// The lowest kept score (−[`INFINITE`] when empty): the k-th line's score once the pass is complete.
    pub fn lowest(&self) -> Score {
        self.entries.last().map_or(-INFINITE, |e| e.0)
    }

    /// Forgets every entry (a new pass).
    pub fn clear(&mut self) {
        self.entries.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_k_best_in_order_ties_first_come() {
        let mut t = TopK::new(3);
        assert_eq!(t.threshold(), -INFINITE);
        for (s, i) in [(10, 0), (30, 1), (20, 2), (30, 3), (5, 4), (25, 5)] {
            t.insert(s, i);
        }
        assert_eq!(t.entries(), &[(30, 1), (30, 3), (25, 5)]);
        assert_eq!(t.threshold(), 25);
        assert!(!t.insert(25, 6));
    }

    #[test]
    fn parses_the_option_range() {
        assert_eq!(parse_multipv(" 3 "), Ok(3));
        assert!(parse_multipv("0").is_err());
        assert!(parse_multipv("6").is_err());
        assert!(parse_multipv("x").is_err());
    }
}
