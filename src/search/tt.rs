//! Transposition table with separate lower and upper bounds (the Fruit/Toga scheme described in the seed
//! article on strong Xiangqi engines): an entry keeps the best lower bound and the best upper bound found for a
//! position, each with the depth it was searched to, so fail-high and fail-low results of the same position
//! do not overwrite each other. Buckets of four entries; replacement prefers deep entries of the current search
//! (depth-preferred with aging).

use super::score::{Bound, Score};

/// One slot: 16 bytes.
#[derive(Clone, Copy)]
struct Entry {
    /// Low 32 bits of the Zobrist key (the bucket index uses the high bits).
    key: u32,
    mv: u16,
    lower: i16,
    upper: i16,
    lower_depth: i8,
    upper_depth: i8,
    generation: u8,
}

const BUCKET: usize = 4;

impl Entry {
    /// Whether the slot holds anything (a stored entry always has a bound depth or a move).
    #[inline]
    fn generation_used(&self) -> bool {
        self.mv != 0 || self.lower_depth != NO_DEPTH || self.upper_depth != NO_DEPTH
    }
}
/// Depth recorded for "no bound here".
const NO_DEPTH: i8 = -128;
const EMPTY_ENTRY: Entry =
    Entry { key: 0, mv: 0, lower: 0, upper: 0, lower_depth: NO_DEPTH, upper_depth: NO_DEPTH, generation: 0 };

/// What a probe found.
#[derive(Clone, Copy, Debug)]
pub struct Probe {
    /// Best move stored (0 = none), as the game's packed move.
    pub mv: u16,
    /// Lower bound (node-relative mate scores) and the depth it holds for; depth `None` when absent.
    pub lower: Option<(Score, i32)>,
    /// Upper bound and its depth.
    pub upper: Option<(Score, i32)>,
}

/// A hash table of search results keyed by Zobrist key; size set in MiB.
pub struct TranspositionTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (rounded down to a power of two number of buckets; at least 1 bucket).
    pub fn new(mib: usize) -> Self {
        let bytes = mib.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Entry>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        TranspositionTable { entries: vec![EMPTY_ENTRY; buckets * BUCKET], mask: buckets - 1, generation: 0 }
    }

    /// Size in MiB.
    pub fn size_mib(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = EMPTY_ENTRY);
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * BUCKET
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Probe> {
        let b = self.bucket(key);
        let e = self.entries[b..b + BUCKET].iter().find(|e| e.key == key as u32 && e.generation_used())?;
        Some(Probe {
            mv: e.mv,
            lower: (e.lower_depth != NO_DEPTH).then_some((e.lower as Score, e.lower_depth as i32)),
            upper: (e.upper_depth != NO_DEPTH).then_some((e.upper as Score, e.upper_depth as i32)),
        })
    }

    /// Records `mv` as the best move of `key` without touching its bounds (used to write the PV back).
    pub fn store_move(&mut self, key: u64, mv: u16) {
        let b = self.bucket(key);
        if let Some(i) = (b..b + BUCKET).find(|&i| self.entries[i].key == key as u32 && self.entries[i].generation_used()) {
            let e = &mut self.entries[i];
            e.mv = mv;
            e.generation = self.generation;
        } else {
            self.store(key, 0, Bound::Lower, 0, mv);
            let b = self.bucket(key);
            if let Some(e) = self.entries[b..b + BUCKET].iter_mut().find(|e| e.key == key as u32 && e.generation_used()) {
                e.lower_depth = NO_DEPTH;
            }
        }
    }

    /// Stores a result: `score` (node-relative) is a `bound` at `depth` plies; `mv` the best move (0 = keep).
    pub fn store(&mut self, key: u64, depth: i32, bound: Bound, score: Score, mv: u16) {
        let depth = depth.clamp(0, 127) as i8;
        let score = score.clamp(i16::MIN as Score + 1, i16::MAX as Score) as i16;
        let b = self.bucket(key);
        let generation = self.generation;
        let slot = match self.entries[b..b + BUCKET].iter().position(|e| e.key == key as u32 && e.generation_used()) {
            Some(i) => {
                b + i
            }
            None => {
                // Replace the least valuable: oldest generation first, then shallowest.
                let mut victim = b;
                let mut worst = i32::MAX;
                for i in b..b + BUCKET {
                    let e = &self.entries[i];
                    let d = e.lower_depth.max(e.upper_depth) as i32;
                    let age = generation.wrapping_sub(e.generation) as i32;
                    let value = if !e.generation_used() { i32::MIN } else { d - 8 * age };
                    if value < worst {
                        worst = value;
                        victim = i;
                    }
                }
                self.entries[victim] = Entry {
                    key: key as u32,
                    mv: 0,
                    lower: 0,
                    upper: 0,
                    lower_depth: NO_DEPTH,
                    upper_depth: NO_DEPTH,
                    generation,
                };
                victim
            }
        };
        let e = &mut self.entries[slot];
        e.generation = generation;
        if mv != 0 {
            e.mv = mv;
        }
        if matches!(bound, Bound::Lower | Bound::Exact) && depth >= e.lower_depth {
            e.lower = score;
            e.lower_depth = depth;
        }
        if matches!(bound, Bound::Upper | Bound::Exact) && depth >= e.upper_depth {
            e.upper = score;
            e.upper_depth = depth;
        }
        // Keep the bounds consistent: a new bound that contradicts the old one replaces it.
        if e.lower_depth != NO_DEPTH && e.upper_depth != NO_DEPTH && e.lower > e.upper {
            match bound {
                Bound::Lower => e.upper_depth = NO_DEPTH,
                Bound::Upper => e.lower_depth = NO_DEPTH,
                Bound::Exact => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_and_upper_bounds_are_kept_separately() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42 << 32 | 7, 5, Bound::Lower, 30, 99);
        tt.store(42 << 32 | 7, 3, Bound::Upper, 80, 0);
        let p = tt.probe(42 << 32 | 7).unwrap();
        assert_eq!(p.lower, Some((30, 5)));
        assert_eq!(p.upper, Some((80, 3)));
        assert_eq!(p.mv, 99);
    }

    #[test]
    fn size_follows_the_hash_option() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(TranspositionTable::new(16).size_mib(), 16);
    }
}
