//! Transposition table with separate lower and upper bounds (the Fruit/Toga scheme described in the seed
//! article on strong Xiangqi engines): an entry keeps the best lower bound and the best upper bound found for a
//! position, each with the depth it was searched to, so fail-high and fail-low results of the same position
//! do not overwrite each other. Buckets of four entries; replacement prefers deep entries of the current search
//! (depth-preferred with aging).

use super::score::{Bound, Score};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

/// One slot, unpacked: what [`Slot`] stores in two words.
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

/// Entries per bucket.
const BUCKET: usize = 4;

impl Entry {
    /// Whether the slot holds anything (a stored entry always has a bound depth or a move).
    #[inline]
    fn generation_used(&self) -> bool {
        self.mv != 0 || self.lower_depth != NO_DEPTH || self.upper_depth != NO_DEPTH
    }

    /// The data word: move, both bounds and both depths (a depth stored plus 128, so that zero is
    /// [`NO_DEPTH`] and a zeroed table is empty).
    #[inline]
    fn data(&self) -> u64 {
        self.mv as u64
            | (self.lower as u16 as u64) << 16
            | (self.upper as u16 as u64) << 32
            | ((self.lower_depth as i32 + 128) as u64) << 48
            | ((self.upper_depth as i32 + 128) as u64) << 56
    }

    /// The key word: the key's low 32 bits and the generation.
    #[inline]
    fn meta(&self) -> u64 {
        self.key as u64 | (self.generation as u64) << 32
    }

    #[inline]
    fn unpack(meta: u64, data: u64) -> Entry {
        Entry {
            key: meta as u32,
            generation: (meta >> 32) as u8,
            mv: data as u16,
            lower: (data >> 16) as u16 as i16,
            upper: (data >> 32) as u16 as i16,
            lower_depth: (((data >> 48) & 0xff) as i32 - 128) as i8,
            upper_depth: (((data >> 56) & 0xff) as i32 - 128) as i8,
        }
    }
}

/// One slot as shared memory: 16 bytes, two words written and read without locks, the key word stored XORed
/// with the data word (Hyatt & Mann 2002, "A lockless transposition-table implementation for parallel search").
/// A slot torn by two threads writing at once reads as another position's (its key does not match), so a
/// probe never returns a mixture; with one thread the table behaves exactly as a plain array.
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Relaxed);
        Entry::unpack(self.check.load(Relaxed) ^ data, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.data();
        self.data.store(data, Relaxed);
        self.check.store(e.meta() ^ data, Relaxed);
    }
}

/// Depth recorded for "no bound here".
const NO_DEPTH: i8 = -128;

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

/// A hash table of search results keyed by Zobrist key; size set in MiB. Every method takes `&self`: the
/// table is shared by the threads of a parallel search (`Arc<TranspositionTable>`, Lazy SMP) with relaxed
/// atomic loads and stores (plain moves on x86-64 and in wasm), checked per slot (see [`Slot`]).
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    mask: usize,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `mib` MiB (rounded down to a power of two number of buckets; at least 1 bucket).
    pub fn new(mib: usize) -> Self {
        let bytes = mib.max(1) * 1024 * 1024;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Slot>())).max(1);
        let buckets = 1usize << (usize::BITS - 1 - buckets.leading_zeros());
        let slots = (0..buckets * BUCKET).map(|_| Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) }).collect();
        TranspositionTable { slots, mask: buckets - 1, generation: AtomicU8::new(0) }
    }

    /// Size in MiB.
    pub fn size_mib(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>() / (1024 * 1024)
    }

    /// Empties the table.
    pub fn clear(&self) {
        for slot in self.slots.iter() {
            slot.check.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        self.generation.store(self.generation.load(Relaxed).wrapping_add(1), Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key >> 32) as usize & self.mask) * BUCKET
    }

    /// The slot of `key` in its bucket and its entry, if stored.
    #[inline]
    fn find(&self, key: u64) -> Option<(usize, Entry)> {
        let b = self.bucket(key);
        (b..b + BUCKET).map(|i| (i, self.slots[i].load())).find(|(_, e)| e.key == key as u32 && e.generation_used())
    }

    /// Looks `key` up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Probe> {
        let (_, e) = self.find(key)?;
        Some(Probe {
            mv: e.mv,
            lower: (e.lower_depth != NO_DEPTH).then_some((e.lower as Score, e.lower_depth as i32)),
            upper: (e.upper_depth != NO_DEPTH).then_some((e.upper as Score, e.upper_depth as i32)),
        })
    }

    /// Records `mv` as the best move of `key` without touching its bounds (used to write the PV back).
    pub fn store_move(&self, key: u64, mv: u16) {
        if let Some((i, mut e)) = self.find(key) {
            e.mv = mv;
            e.generation = self.generation.load(Relaxed);
            self.slots[i].save(&e);
        } else {
            self.store(key, 0, Bound::Lower, 0, mv);
            if let Some((i, mut e)) = self.find(key) {
                e.lower_depth = NO_DEPTH;
                self.slots[i].save(&e);
            }
        }
    }

    /// Stores a result: `score` (node-relative) is a `bound` at `depth` plies; `mv` the best move (0 = keep).
    pub fn store(&self, key: u64, depth: i32, bound: Bound, score: Score, mv: u16) {
        let depth = depth.clamp(0, 127) as i8;
        let score = score.clamp(i16::MIN as Score + 1, i16::MAX as Score) as i16;
        let generation = self.generation.load(Relaxed);
        let (slot, mut e) = match self.find(key) {
            Some(found) => found,
            None => {
                // Replace the least valuable: oldest generation first, then shallowest.
                let b = self.bucket(key);
                let mut victim = b;
                let mut worst = i32::MAX;
                for i in b..b + BUCKET {
                    let e = self.slots[i].load();
                    let d = e.lower_depth.max(e.upper_depth) as i32;
                    let age = generation.wrapping_sub(e.generation) as i32;
                    let value = if !e.generation_used() { i32::MIN } else { d - 8 * age };
                    if value < worst {
                        worst = value;
                        victim = i;
                    }
                }
                let fresh = Entry {
                    key: key as u32,
                    mv: 0,
                    lower: 0,
                    upper: 0,
                    lower_depth: NO_DEPTH,
                    upper_depth: NO_DEPTH,
                    generation,
                };
                (victim, fresh)
            }
        };
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
        self.slots[slot].save(&e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_and_upper_bounds_are_kept_separately() {
        let tt = TranspositionTable::new(1);
        tt.store(42 << 32 | 7, 5, Bound::Lower, 30, 99);
        tt.store(42 << 32 | 7, 3, Bound::Upper, 80, 0);
        let p = tt.probe(42 << 32 | 7).unwrap();
        assert_eq!(p.lower, Some((30, 5)));
        assert_eq!(p.upper, Some((80, 3)));
        assert_eq!(p.mv, 99);
    }

    #[test]
    fn size_follows_the_hash_option() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        assert_eq!(TranspositionTable::new(16).size_mib(), 16);
    }
}
