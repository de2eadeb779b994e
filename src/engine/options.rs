//! The engine's options (`setoption`): the table, the opening book, levels, the pace, MultiPV, pondering on
//! several replies, and each game's technique switches.

use super::{BookState, Engine, EngineError, Game, HexSearcher, MAX_HASH_MIB, MAX_TARGET_MOVE_MS, Slot};
use super::ponder::MAX_PONDER_CANDIDATES;
use crate::hex;
use crate::levels;
use crate::search::driver::SlicedSearch;

impl Engine {
    /// Sets an option. For every game: `Hash` (TT size in MiB, 1–[`MAX_HASH_MIB`]) and `Clear Hash` (empties
    /// the TTs); `Threads` (1–[`crate::search::limits::max_threads`]: 256 natively, 1 in WebAssembly; the Xiangqi
    /// search's Lazy SMP, `xiangqi::search::smp`, and the Hex Monte Carlo search's root parallelism,
    /// `hex::mcts::parallel`; Hex's alpha-beta stays on one thread). Technique switches (`true`/`false`) of either game, whatever the current game is — Xiangqi:
    /// `NullMove`, `LMR`, `Killers`, `History`, `Aspiration`, `CheckExtension`, `TTCutoffs`, `QsearchChecks`,
    /// `Futility`; Hex: those of `hex::search::SearchOptions`. Xiangqi opening book: `OwnBook` (alias `usebook`,
    /// `true`/`false`, default `false`) and `BookSeed` (the seed, 0–2^64−1, of the book's weighted random choice;
    /// setting it restarts the generator). `Level` (0 = full strength, 1–8 the handicaps of
    /// [`crate::levels::LEVELS`], for every game) and `LevelSeed` (a whole number: the seed of the levels' random
    /// choices; setting it restarts their stream). `PonderCandidates` (1–[`MAX_PONDER_CANDIDATES`], default 1):
    /// the replies a `go ponder` thinks about (`super::ponder`).
    ///
    /// # Errors
    /// Unknown name, or a value out of range (the reason is given); `Hash` during a search.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let bad = |reason: &str| EngineError::OptionValue { name: name.into(), value: value.into(), reason: reason.into() };
        match name.trim().to_ascii_lowercase().replace(' ', "").as_str() {
            "hash" | "hashsize" => {
                let mib: usize = value.trim().parse().map_err(|_| bad("expected a whole number of MiB"))?;
                if !(1..=MAX_HASH_MIB).contains(&mib) {
                    return Err(bad(&format!("must be 1..{MAX_HASH_MIB} MiB")));
                }
                if self.is_searching() {
                    return Err(EngineError::Busy);
                }
                if mib != self.hash_mib {
                    self.xiangqi.searcher.resize_hash(mib);
                    if let Some(h) = self.hex.as_mut() {
                        h.searcher.resize_hash(mib);
                    }
                    self.hash_mib = mib;
                }
                Ok(())
            }
            // Threads: the Xiangqi search's Lazy SMP (`xiangqi::search::smp`), the Hex Monte Carlo search's root
            // parallelism (`hex::mcts::parallel`).
            "threads" => {
                let max = crate::search::limits::max_threads();
                let n: usize = value.trim().parse().map_err(|_| bad(&format!("expected a whole number 1..{max}")))?;
                if !(1..=max).contains(&n) {
                    return Err(bad(&format!("must be 1..{max}")));
                }
                if self.is_searching() {
                    return Err(EngineError::Busy);
                }
                self.threads = n;
                self.xiangqi.searcher.set_threads(n);
                if let Some(h) = self.hex.as_mut() {
                    h.searcher.set_threads(n);
                }
                Ok(())
            }
            // The opening book (UCI `OwnBook`, UCCI `usebook`) and the seed of its weighted random choice.
            "ownbook" | "usebook" => {
                self.book.on = crate::search::driver::parse_flag(value).map_err(|r| bad(&r))?;
                Ok(())
            }
            "bookseed" => {
                let seed: u64 = value.trim().parse().map_err(|_| bad("expected a whole number 0..2^64-1"))?;
                let on = self.book.on;
                self.book = BookState::new(seed);
                self.book.on = on;
                Ok(())
            }
            "level" => {
                let l: u8 = value.trim().parse().map_err(|_| bad("expected a whole number 0..8"))?;
                if l > levels::MAX_LEVEL {
                    return Err(bad("must be 0 (full strength) .. 8"));
                }
                self.level = l;
                Ok(())
            }
            "levelseed" => {
                self.level_seed = value.trim().parse().map_err(|_| bad("expected a whole number 0..2^64-1"))?;
                self.searches = 0;
                Ok(())
            }
            "targetmovetime" => {
                let ms: u32 = value.trim().parse().map_err(|_| bad("expected a whole number of ms"))?;
                if ms > MAX_TARGET_MOVE_MS {
                    return Err(bad(&format!("must be 0 (none) .. {MAX_TARGET_MOVE_MS} ms")));
                }
                self.target_move_ms = (ms > 0).then_some(ms as f64);
                Ok(())
            }
            "multipv" => {
                self.multipv = crate::search::multipv::parse_multipv(value).map_err(|r| bad(&r))?;
                Ok(())
            }
            "pondercandidates" => {
                let k: usize = value.trim().parse().map_err(|_| bad(&format!("expected a whole number 1..{MAX_PONDER_CANDIDATES}")))?;
                if !(1..=MAX_PONDER_CANDIDATES).contains(&k) {
                    return Err(bad(&format!("must be 1..{MAX_PONDER_CANDIDATES}")));
                }
                self.ponder_candidates = k;
                Ok(())
            }
            "clearhash" => {
                self.xiangqi.searcher.clear_hash();
                if let Some(h) = self.hex.as_mut() {
                    h.searcher.clear_hash();
                }
                Ok(())
            }
            _ => {
                // The current game's switches first, then the other game's.
                let mut tried = Vec::new();
                if self.game == Game::Hex {
                    tried.push(self.hex.as_mut().and_then(|h| h.searcher.set_option(name, value)));
                }
                tried.push(self.xiangqi.searcher.set_option(name, value));
                let key = crate::search::driver::option_key(name);
                if self.game == Game::Xiangqi && (self.hex.is_some() || HexSearcher::option_names().contains(&key.as_str())) {
                    let threads = self.threads;
                    let hex = self.hex.get_or_insert_with(|| {
                        let mut slot: Slot<HexSearcher> = Slot::new(hex::Position::square(11).expect("11x11 is a valid board"), self.hash_mib, self.interrupt.clone());
                        slot.searcher.set_threads(threads);
                        slot
                    });
                    tried.push(hex.searcher.set_option(name, value));
                }
                match tried.into_iter().flatten().next() {
                    Some(r) => r.map_err(|reason| bad(&reason)),
                    None => Err(EngineError::UnknownOption(name.to_string())),
                }
            }
        }
    }

}
