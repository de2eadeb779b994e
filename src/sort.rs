//! One small stable sort for the whole crate. The standard library's stable sort (driftsort) is fast but large:
//! each call site instantiates about 5 KB of WebAssembly, and the crate's two dozen sites made 115 KB of the
//! browser's module (a seventh of its code; measured 2026-12-05 from the function names of the wasm build).
//! These sorts are on short lists (moves, cells, candidate replies: tens, at most a few hundred entries), where
//! an insertion sort is as fast and a merge sort of an index list keeps the rare long one at O(n log n).
//!
//! Same results as `slice::sort_by` (both stable: equal elements keep their order), so a search that sorts
//! with it visits the same nodes.

use std::cmp::Ordering;

/// Lists up to this long are sorted by insertion (stable, in place, no allocation).
const INSERTION_MAX: usize = 24;

/// Sorts `v` stably by `cmp` (as [`slice::sort_by`]). O(n²) moves up to [`INSERTION_MAX`] elements, O(n log n)
/// comparisons and one index list of `n` entries above.
pub fn sort_by<T, F: FnMut(&T, &T) -> Ordering>(v: &mut [T], mut cmp: F) {
    let n = v.len();
    if n <= INSERTION_MAX {
        for i in 1..n {
            let mut j = i;
            while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
        return;
    }
    // a bottom-up merge sort of the positions, then the elements moved into place along the permutation's cycles
    let mut order: Vec<usize> = (0..n).collect();
    let mut buf: Vec<usize> = vec![0; n];
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut a, mut b, mut k) = (start, mid, start);
            while a < mid && b < end {
                // take from the right run only when strictly smaller: stable
                if cmp(&v[order[b]], &v[order[a]]) == Ordering::Less {
                    buf[k] = order[b];
                    b += 1;
                } else {
                    buf[k] = order[a];
                    a += 1;
                }
                k += 1;
            }
            buf[k..k + (mid - a)].copy_from_slice(&order[a..mid]);
            k += mid - a;
            buf[k..k + (end - b)].copy_from_slice(&order[b..end]);
            start = end;
        }
        std::mem::swap(&mut order, &mut buf);
        width *= 2;
    }
    // position i must receive the element now at order[i]
    for i in 0..n {
        if order[i] == usize::MAX {
            continue;
        }
        let mut j = i;
        loop {
            let from = order[j];
            order[j] = usize::MAX;
            if from == i {
                break;
            }
            v.swap(j, from);
            j = from;
        }
    }
}

/// Sorts `v` stably by the key `key` (as [`slice::sort_by_key`]).
pub fn sort_by_key<T, K: Ord, F: FnMut(&T) -> K>(v: &mut [T], mut key: F) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (no dependency for a test of a sort).
    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    fn agrees_with_the_standard_stable_sort() {
        let mut seed = 7;
        for n in [0, 1, 2, 3, 5, 23, 24, 25, 31, 32, 33, 64, 100, 361, 1000] {
            for _ in 0..20 {
                // few distinct keys, so stability is tested: (key, original position)
                let v: Vec<(u64, usize)> = (0..n).map(|i| (lcg(&mut seed) % 7, i)).collect();
                let mut ours = v.clone();
                let mut std = v.clone();
                sort_by_key(&mut ours, |p| p.0);
                std.sort_by_key(|p| p.0);
                assert_eq!(ours, std, "n = {n}");
                let mut desc = v.clone();
                let mut std_desc = v.clone();
                sort_by(&mut desc, |a, b| b.0.cmp(&a.0));
                std_desc.sort_by(|a, b| b.0.cmp(&a.0));
                assert_eq!(desc, std_desc, "n = {n}, descending");
            }
        }
        // elements that are not Copy
        let mut words: Vec<String> = (0..50).map(|i| format!("w{}", (i * 37) % 50)).collect();
        let mut want = words.clone();
        sort_by(&mut words, |a, b| a.cmp(b));
        want.sort();
        assert_eq!(words, want);
    }
}
