//! Candidate sets: one bit per symbol, in the narrowest machine word that fits.
//!
//! The solver is generic over [`Mask`] and is instantiated once per width
//! (`u16` up to 16 symbols, …, [`Wide`] up to 256), so a 9×9 search moves
//! 2-byte words while a 100×100 one still works.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of symbol indices `0..BITS`.
pub trait Mask:
    Copy
    + Eq
    + Default
    + core::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + Send
    + Sync
    + 'static
{
    const BITS: usize;
    const ZERO: Self;
    /// The set `{0, …, n-1}`.
    fn full(n: usize) -> Self;
    /// The set `{i}`.
    fn bit(i: usize) -> Self;
    fn count(self) -> u32;
    /// The smallest member. Meaningless on the empty set.
    fn lowest(self) -> usize;
    #[inline]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// True when the set has exactly one member.
    fn is_single(self) -> bool;
    /// The set without its smallest member.
    fn without_lowest(self) -> Self;
    #[inline]
    fn contains(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_zero()
    }
    /// Whether the set has `k` members or fewer; cheaper than [`Mask::count`]
    /// for a small `k` on targets without a popcount instruction.
    #[inline]
    fn at_most(self, k: u32) -> bool {
        let mut m = self;
        for _ in 0..k {
            m = m.without_lowest();
        }
        m.is_zero()
    }
    /// The `k`-th smallest member (`k < count`).
    #[inline]
    fn nth(self, k: u32) -> usize {
        let mut m = self;
        for _ in 0..k {
            m = m.without_lowest();
        }
        m.lowest()
    }
}

macro_rules! impl_mask {
    ($t:ty) => {
        impl Mask for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            #[inline]
            fn full(n: usize) -> Self {
                if n >= <Self as Mask>::BITS {
                    <$t>::MAX
                } else {
                    ((1 as $t) << n) - 1
                }
            }
            #[inline]
            fn bit(i: usize) -> Self {
                (1 as $t) << i
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn is_single(self) -> bool {
                self != 0 && self & (self - 1) == 0
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    };
}

impl_mask!(u16);
impl_mask!(u32);
impl_mask!(u64);
impl_mask!(u128);

/// A 256-bit set for 129 to 256 symbols.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wide([u64; 4]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline]
    fn bitand(self, o: Wide) -> Wide {
        Wide(core::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}
impl BitOr for Wide {
    type Output = Wide;
    #[inline]
    fn bitor(self, o: Wide) -> Wide {
        Wide(core::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}
impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide(self.0.map(|w| !w))
    }
}
impl BitAndAssign for Wide {
    #[inline]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}
impl BitOrAssign for Wide {
    #[inline]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl Mask for Wide {
    const BITS: usize = 256;
    const ZERO: Self = Wide([0; 4]);
    fn full(n: usize) -> Self {
        Wide(core::array::from_fn(|i| {
            let lo = i * 64;
            if n >= lo + 64 {
                u64::MAX
            } else if n <= lo {
                0
            } else {
                (1u64 << (n - lo)) - 1
            }
        }))
    }
    #[inline]
    fn bit(i: usize) -> Self {
        let mut w = [0; 4];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> usize {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        256
    }
    #[inline]
    fn is_single(self) -> bool {
        self.count() == 1
    }
    #[inline]
    fn without_lowest(self) -> Self {
        let mut w = self.0;
        for x in w.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                break;
            }
        }
        Wide(w)
    }
}

/// Iterates over the members of a mask, smallest first.
#[derive(Clone, Copy)]
pub struct Members<M: Mask>(pub M);

impl<M: Mask> Iterator for Members<M> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0.is_zero() {
            None
        } else {
            let i = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(i)
        }
    }
}

/// The indices of the set bits of `words`, 64 a word, lowest first: how
/// every multi-word bitset of the engine (the rater's cell sets, the
/// Pseudoku search's) lists its members.
#[inline]
pub(crate) fn set_bits(words: impl IntoIterator<Item = u64>) -> impl Iterator<Item = usize> {
    words.into_iter().enumerate().flat_map(|(i, mut w)| {
        core::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(i * 64 + b)
        })
    })
}

/// True when `words` hold two set bits or more, without counting them (the
/// default x86-64 target counts bits in software): how the multi-word
/// bitsets ask "several" in their innermost walks.
#[inline]
pub(crate) fn two_or_more(words: &[u64]) -> bool {
    let mut seen = false;
    for &w in words {
        if w != 0 {
            if seen || w & (w - 1) != 0 {
                return true;
            }
            seen = true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<M: Mask>(n: usize) {
        let f = M::full(n);
        assert_eq!(f.count() as usize, n);
        assert_eq!(Members(f).collect::<Vec<_>>(), (0..n).collect::<Vec<_>>());
        for i in 0..n {
            assert!(M::bit(i).is_single());
            assert_eq!(M::bit(i).lowest(), i);
            assert_eq!(f.nth(i as u32), i);
            assert!(f.at_most(n as u32) && !f.at_most(i as u32));
        }
        assert!(!f.is_single() || n == 1);
    }

    #[test]
    fn every_width_behaves_alike() {
        check::<u16>(9);
        check::<u16>(16);
        check::<u32>(25);
        check::<u64>(64);
        check::<u128>(100);
        check::<Wide>(144);
        check::<Wide>(256);
        check::<Wide>(65);
    }

    #[test]
    fn set_bits_lists_every_word_lowest_first() {
        let words = [0b101, 1 << 63, 0, 1];
        assert_eq!(set_bits(words).collect::<Vec<_>>(), [0, 2, 127, 192]);
        assert_eq!(set_bits([0u64; 3]).count(), 0);
    }
}
