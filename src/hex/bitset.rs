//! Cell sets of the Hex engines: one bit per cell, index `row * width + col` as in
//! [`Geometry`](super::Geometry).
//!
//! The bitboard code ([`super::bitboard`]), the solver, the VC engine, the inferior-cell analysis and the
//! Monte Carlo search are generic over [`Bits`], which has two implementations:
//! - `u128`: boards of up to [`NARROW_CELLS`] cells (up to 11×11), the type those modules always used, so
//!   these boards run the very same machine code as before;
//! - [`Wide`]`<6>`: 384 bits in six `u64` words, for every board up to 19×19 (361 cells).
//!
//! The engines pick one at run time by the board's cell count ([`NARROW_CELLS`]); each is compiled once per
//! type (monomorphised), so the narrow boards pay nothing for the wide ones.
//!
//! **Why a trait rather than one wide type, or `Vec<bool>`-like sets:** the playouts and the VC engine spend
//! their time in a few bit operations per cell set; `u128` does each in two machine words, a 384-bit set in
//! six. One wide type for every board would triple that work on 9×9 and 11×11; a heap-allocated set would
//! allocate in the innermost loops. With the trait, boards of up to 128 cells keep the `u128` code (same
//! moves, visit counts and speed, checked before and after the change) and only larger boards pay for the
//! wider words. The cost is code size: the generic engines are compiled twice (the WebAssembly module grew
//! by about 12% gzipped).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// Largest board (cells) on `u128` sets; larger ones use [`WideBits`].
pub(crate) const NARROW_CELLS: usize = 128;

/// Largest board (cells) of the wide sets, [`WideBits`]`::BITS`: more than 19×19.
pub(crate) const MAX_CELLS: usize = 384;

/// A fixed-size set of cell indices `0..Self::BITS`: the bit operations the Hex engines use.
///
/// `!x` flips every bit, those past the board's last cell too: callers mask with the board's
/// [`Masks::all`](super::bitboard::Masks) where it matters, as they always did with `u128`. Shifts move bits
/// across the whole set (bits shifted out are lost, zeros come in), as `u128`'s do; a shift must be below
/// [`Bits::BITS`].
pub(crate) trait Bits:
    Copy
    + Eq
    + Default
    + Debug
    + Hash
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// Number of bits (the largest board, in cells, these sets hold).
    const BITS: usize;
    /// The empty set.
    const ZERO: Self;
    /// A cell index as stored in the Monte Carlo tree and the playouts: `u8` for `u128` (as before), `u16`
    /// for the wide sets.
    type Cell: Copy + Default + Debug + Eq + Into<usize> + Send + Sync + 'static;
    /// The index `i` (`< BITS`) as a [`Bits::Cell`].
    fn cell(i: usize) -> Self::Cell;
    /// The set `{i}` (`i < BITS`).
    fn bit(i: usize) -> Self;
    /// The set `{0, …, n − 1}` (`n ≤ BITS`).
    fn low(n: usize) -> Self;
    /// Whether `i` is in the set (`i < BITS`).
    fn has(self, i: usize) -> bool;
    /// Whether the set is empty.
    fn is_zero(self) -> bool;
    /// Number of elements.
    fn count_ones(self) -> u32;
    /// The smallest element (`BITS` when empty).
    fn trailing_zeros(self) -> u32;
    /// The set of the smallest element only (`x & x.wrapping_neg()` for an integer; empty when empty).
    fn lowest(self) -> Self;
    /// The set without its smallest element (`x & (x − 1)` for an integer).
    fn clear_lowest(self) -> Self;
    /// The set of an `n`-cell board turned by 180°: `i` goes to `n − 1 − i` (elements `≥ n` must be absent).
    fn reverse_low(self, n: usize) -> Self;
    /// The 64-bit words, lowest first (for hashing).
    fn words(self) -> impl Iterator<Item = u64>;
}

impl Bits for u128 {
    const BITS: usize = 128;
    const ZERO: Self = 0;
    type Cell = u8;
    #[inline(always)]
    fn cell(i: usize) -> u8 {
        i as u8
    }
    #[inline(always)]
    fn bit(i: usize) -> Self {
        1u128 << i
    }
    #[inline(always)]
    fn low(n: usize) -> Self {
        if n >= 128 { u128::MAX } else { (1u128 << n) - 1 }
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self >> i & 1 == 1
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == 0
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        u128::count_ones(self)
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    #[inline(always)]
    fn lowest(self) -> Self {
        self & self.wrapping_neg()
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
    #[inline(always)]
    fn reverse_low(self, n: usize) -> Self {
        if n == 0 { 0 } else { self.reverse_bits() >> (128 - n) }
    }
    fn words(self) -> impl Iterator<Item = u64> {
        [self as u64, (self >> 64) as u64].into_iter()
    }
}

/// A set of `64 · N` bits in `N` words, lowest word first.
#[derive(Clone, Copy, Hash)]
pub(crate) struct Wide<const N: usize>(pub(crate) [u64; N]);

/// Word by word, without branches: the derived comparison of the array compiled to a `memcmp` call, which
/// took about 40% of a 13×13 search's time (the playouts' flood fills compare sets until they stop growing).
impl<const N: usize> PartialEq for Wide<N> {
    #[inline(always)]
    fn eq(&self, o: &Self) -> bool {
        let mut d = 0;
        for i in 0..N {
            d |= self.0[i] ^ o.0[i];
        }
        d == 0
    }
}

impl<const N: usize> Eq for Wide<N> {}

/// The wide sets the engines use: 384 bits, every board up to 19×19.
pub(crate) type WideBits = Wide<6>;

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Wide([0; N])
    }
}

impl<const N: usize> Debug for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide{:?}", bits_of(*self).collect::<Vec<_>>())
    }
}

/// The elements of `x`, lowest first (a copy of `bitboard::bits`, kept here so this file stands alone).
fn bits_of<B: Bits>(mut x: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if x.is_zero() {
            None
        } else {
            let i = x.trailing_zeros() as usize;
            x = x.clear_lowest();
            Some(i)
        }
    })
}

macro_rules! wide_binop {
    ($tr:ident, $f:ident, $atr:ident, $af:ident, $op:tt) => {
        impl<const N: usize> $tr for Wide<N> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, o: Self) -> Self {
                let mut r = [0u64; N];
                for i in 0..N {
                    r[i] = self.0[i] $op o.0[i];
                }
                Wide(r)
            }
        }
        impl<const N: usize> $atr for Wide<N> {
            #[inline(always)]
            fn $af(&mut self, o: Self) {
                for i in 0..N {
                    self.0[i] = self.0[i] $op o.0[i];
                }
            }
        }
    };
}
wide_binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl<const N: usize> BitXor for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        let mut r = [0u64; N];
        for i in 0..N {
            r[i] = self.0[i] ^ o.0[i];
        }
        Wide(r)
    }
}

impl<const N: usize> Not for Wide<N> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        let mut r = [0u64; N];
        for i in 0..N {
            r[i] = !self.0[i];
        }
        Wide(r)
    }
}

impl<const N: usize> Shl<u32> for Wide<N> {
    type Output = Self;
    /// Towards higher indices.
    #[inline(always)]
    fn shl(self, s: u32) -> Self {
        let (q, r) = ((s / 64) as usize, s % 64);
        let mut out = [0u64; N];
        for i in q..N {
            let lo = self.0[i - q];
            out[i] = if r == 0 { lo } else { lo << r | if i > q { self.0[i - q - 1] >> (64 - r) } else { 0 } };
        }
        Wide(out)
    }
}

impl<const N: usize> Shr<u32> for Wide<N> {
    type Output = Self;
    /// Towards lower indices.
    #[inline(always)]
    fn shr(self, s: u32) -> Self {
        let (q, r) = ((s / 64) as usize, s % 64);
        let mut out = [0u64; N];
        for i in 0..N.saturating_sub(q) {
            let hi = self.0[i + q];
            out[i] = if r == 0 { hi } else { hi >> r | if i + q + 1 < N { self.0[i + q + 1] << (64 - r) } else { 0 } };
        }
        Wide(out)
    }
}

impl<const N: usize> Bits for Wide<N> {
    const BITS: usize = 64 * N;
    const ZERO: Self = Wide([0; N]);
    type Cell = u16;
    #[inline(always)]
    fn cell(i: usize) -> u16 {
        i as u16
    }
    #[inline(always)]
    fn bit(i: usize) -> Self {
        let mut r = [0u64; N];
        r[i / 64] = 1u64 << (i % 64);
        Wide(r)
    }
    fn low(n: usize) -> Self {
        let mut r = [0u64; N];
        for (i, w) in r.iter_mut().enumerate() {
            let lo = 64 * i;
            *w = if n >= lo + 64 {
                u64::MAX
            } else if n > lo {
                (1u64 << (n - lo)) - 1
            } else {
                0
            };
        }
        Wide(r)
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        let mut d = 0;
        for i in 0..N {
            d |= self.0[i];
        }
        d == 0
    }
    #[inline(always)]
    fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return 64 * i as u32 + w.trailing_zeros();
            }
        }
        64 * N as u32
    }
    #[inline(always)]
    fn lowest(self) -> Self {
        let mut r = [0u64; N];
        for i in 0..N {
            if self.0[i] != 0 {
                r[i] = self.0[i] & self.0[i].wrapping_neg();
                break;
            }
        }
        Wide(r)
    }
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        let mut r = self.0;
        for w in r.iter_mut() {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        Wide(r)
    }
    fn reverse_low(self, n: usize) -> Self {
        if n == 0 {
            return Self::ZERO;
        }
        let mut r = [0u64; N];
        for i in 0..N {
            r[N - 1 - i] = self.0[i].reverse_bits();
        }
        Wide(r) >> (64 * N - n) as u32
    }
    fn words(self) -> impl Iterator<Item = u64> {
        self.0.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reference set: one `bool` per bit.
    #[derive(Clone, Debug, PartialEq)]
    struct Ref(Vec<bool>);

    impl Ref {
        fn of<const N: usize>(x: Wide<N>) -> Ref {
            Ref((0..64 * N).map(|i| x.has(i)).collect())
        }
        fn to<const N: usize>(&self) -> Wide<N> {
            let mut r = Wide::<N>::ZERO;
            for (i, &b) in self.0.iter().enumerate() {
                if b {
                    r |= Wide::bit(i);
                }
            }
            r
        }
    }

    fn random<const N: usize>(rnd: &mut impl FnMut() -> u64) -> Wide<N> {
        // Sparse, dense and single-word sets alike.
        let mut r = [0u64; N];
        let kind = rnd() % 4;
        for w in r.iter_mut() {
            *w = match kind {
                0 => rnd() & rnd() & rnd(),
                1 => rnd(),
                2 => rnd() | rnd(),
                _ => 0,
            };
        }
        if kind == 3 {
            r[(rnd() % N as u64) as usize] = rnd();
        }
        Wide(r)
    }

    fn rng() -> impl FnMut() -> u64 {
        let mut seed = 0xB175_E7u64 ^ 0x9E37_79B9_7F4A_7C15;
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    fn check_ops<const N: usize>() {
        let mut rnd = rng();
        let bits = 64 * N;
        for _ in 0..2000 {
            let (a, b) = (random::<N>(&mut rnd), random::<N>(&mut rnd));
            let (ra, rb) = (Ref::of(a), Ref::of(b));
            let zip = |f: fn(bool, bool) -> bool| Ref(ra.0.iter().zip(&rb.0).map(|(&x, &y)| f(x, y)).collect());
            assert_eq!(Ref::of(a & b), zip(|x, y| x & y));
            assert_eq!(Ref::of(a | b), zip(|x, y| x | y));
            assert_eq!(Ref::of(a ^ b), zip(|x, y| x ^ y));
            assert_eq!(Ref::of(!a), Ref(ra.0.iter().map(|&x| !x).collect()));
            let (mut c, mut d) = (a, a);
            c &= b;
            d |= b;
            assert_eq!((c, d), (a & b, a | b));
            assert_eq!(a.count_ones() as usize, ra.0.iter().filter(|&&x| x).count());
            assert_eq!(a.is_zero(), !ra.0.contains(&true));
            let first = ra.0.iter().position(|&x| x);
            assert_eq!(a.trailing_zeros() as usize, first.unwrap_or(bits));
            let mut low = Ref(vec![false; bits]);
            let mut rest = ra.clone();
            if let Some(i) = first {
                low.0[i] = true;
                rest.0[i] = false;
            }
            assert_eq!(Ref::of(a.lowest()), low);
            assert_eq!(Ref::of(a.clear_lowest()), rest);
            assert_eq!(bits_of(a).collect::<Vec<_>>(), (0..bits).filter(|&i| ra.0[i]).collect::<Vec<_>>());
            for s in [0u32, 1, 2, 5, 10, 11, 13, 18, 19, 63, 64, 65, 100, 127, 128, 200, bits as u32 - 1] {
                if s as usize >= bits {
                    continue;
                }
                let s_ = s as usize;
                let shl = Ref((0..bits).map(|i| i >= s_ && ra.0[i - s_]).collect());
                let shr = Ref((0..bits).map(|i| i + s_ < bits && ra.0[i + s_]).collect());
                assert_eq!(Ref::of(a << s), shl, "<< {s}");
                assert_eq!(Ref::of(a >> s), shr, ">> {s}");
            }
            for n in [1usize, 5, 64, 100, 121, 128, 169, 200, 256, 361, bits] {
                if n > bits {
                    continue;
                }
                let l = Wide::<N>::low(n);
                assert_eq!(Ref::of(l), Ref((0..bits).map(|i| i < n).collect()));
                let x = a & l;
                let rx = Ref::of(x);
                assert_eq!(Ref::of(x.reverse_low(n)), Ref((0..bits).map(|i| i < n && rx.0[n - 1 - i]).collect()), "rotate {n}");
            }
            assert_eq!(ra.to::<N>(), a);
        }
        for i in 0..bits {
            let b = Wide::<N>::bit(i);
            assert_eq!(b.count_ones(), 1);
            assert!(b.has(i) && (i == 0 || !b.has(i - 1)));
            assert_eq!(b.trailing_zeros() as usize, i);
        }
    }

    #[test]
    fn wide_operations_match_a_bool_reference() {
        check_ops::<6>();
        check_ops::<3>();
        check_ops::<2>();
    }

    /// `Wide<2>` and `u128` are the same 128 bits: every operation agrees.
    #[test]
    fn two_words_agree_with_u128() {
        let mut rnd = rng();
        let to_u = |w: Wide<2>| w.0[0] as u128 | (w.0[1] as u128) << 64;
        for _ in 0..5000 {
            let (a, b) = (random::<2>(&mut rnd), random::<2>(&mut rnd));
            let (x, y) = (to_u(a), to_u(b));
            assert_eq!(to_u(a & b), x & y);
            assert_eq!(to_u(a | b), x | y);
            assert_eq!(to_u(!a), !x);
            assert_eq!(to_u(a.lowest()), x.lowest());
            assert_eq!(to_u(a.clear_lowest()), x.clear_lowest());
            assert_eq!(a.count_ones(), Bits::count_ones(x));
            assert_eq!(a.trailing_zeros(), Bits::trailing_zeros(x));
            let s = (rnd() % 128) as u32;
            assert_eq!(to_u(a << s), x << s);
            assert_eq!(to_u(a >> s), x >> s);
            let n = 1 + (rnd() % 128) as usize;
            assert_eq!(to_u(Wide::<2>::low(n)), <u128 as Bits>::low(n));
            let m = <u128 as Bits>::low(n);
            assert_eq!(to_u((a & Wide::low(n)).reverse_low(n)), (x & m).reverse_low(n));
            assert_eq!(a.words().collect::<Vec<_>>(), x.words().collect::<Vec<_>>());
        }
    }
}
