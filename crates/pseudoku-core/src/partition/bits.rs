//! Fixed-size cell sets for the partition search.
//!
//! A `Bits<W>` holds up to `64 × W` cells; bit `i` is cell `i` (row-major).
//! The search picks `W` from the grid size (see `engine::engine`), so a 9×9 grid
//! works on two words and a 16×16 grid on four. There is deliberately no
//! `Not`: bits past the last cell must stay clear, so complements are always
//! taken relative to another set with [`Bits::andnot`].

use core::ops::{BitAnd, BitOr};

#[derive(Clone, Copy, Debug, Eq)]
pub(crate) struct Bits<const W: usize>(pub(crate) [u64; W]);

impl<const W: usize> PartialEq for Bits<W> {
    /// Word by word in registers: the derived comparison reads the words
    /// back from memory as vectors right after they were written one by
    /// one, which stalls store forwarding in the search's tightest loops.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        let mut diff = 0;
        for i in 0..W {
            diff |= self.0[i] ^ other.0[i];
        }
        diff == 0
    }
}

impl<const W: usize> Bits<W> {
    pub(crate) const EMPTY: Self = Bits([0; W]);

    /// The first `count` cells.
    pub(crate) fn first_n(count: usize) -> Self {
        let mut b = Self::EMPTY;
        for i in 0..count {
            b.insert(i);
        }
        b
    }

    #[inline]
    pub(crate) fn single(i: usize) -> Self {
        let mut b = Self::EMPTY;
        b.insert(i);
        b
    }

    #[inline]
    pub(crate) fn insert(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }

    #[inline]
    pub(crate) fn remove(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }

    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }

    #[inline]
    pub(crate) fn with(mut self, i: usize) -> Self {
        self.insert(i);
        self
    }

    #[inline]
    pub(crate) fn without(mut self, i: usize) -> Self {
        self.remove(i);
        self
    }

    /// `self \ other`.
    #[inline]
    pub(crate) fn andnot(self, other: Self) -> Self {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(other.0) {
            *o &= !b;
        }
        Bits(out)
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().fold(0, |acc, &w| acc | w) == 0
    }

    #[inline]
    pub(crate) fn intersects(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).fold(0, |acc, (a, b)| acc | (a & b)) != 0
    }

    /// True when every cell of `self` is in `other`.
    #[inline]
    pub(crate) fn is_subset(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).fold(0, |acc, (a, b)| acc | (a & !b)) == 0
    }

    /// True when `self` holds exactly one cell.
    #[inline]
    pub(crate) fn is_single(&self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        seen
    }

    #[inline]
    pub(crate) fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The number of cells in `self ∩ other`.
    #[inline]
    pub(crate) fn count_and(&self, other: &Self) -> usize {
        self.0.iter().zip(other.0.iter()).map(|(a, b)| (a & b).count_ones() as usize).sum()
    }

    /// The lowest cell, if any.
    #[inline]
    pub(crate) fn first(&self) -> Option<usize> {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return Some(i * 64 + w.trailing_zeros() as usize);
            }
        }
        None
    }

    /// Every cell moved `k` places up in index (`0 < k < 64`); cells pushed
    /// past the last word are lost.
    #[inline]
    pub(crate) fn shl(self, k: u32) -> Self {
        debug_assert!(k > 0 && k < 64);
        let mut out = [0u64; W];
        for w in (0..W).rev() {
            let mut v = self.0[w] << k;
            if w > 0 {
                v |= self.0[w - 1] >> (64 - k);
            }
            out[w] = v;
        }
        Bits(out)
    }

    /// Every cell moved `k` places down in index (`0 < k < 64`).
    #[inline]
    pub(crate) fn shr(self, k: u32) -> Self {
        debug_assert!(k > 0 && k < 64);
        let mut out = [0u64; W];
        for (w, o) in out.iter_mut().enumerate() {
            let mut v = self.0[w] >> k;
            if w + 1 < W {
                v |= self.0[w + 1] << (64 - k);
            }
            *o = v;
        }
        Bits(out)
    }

    /// The cells in increasing order.
    pub(crate) fn iter(self) -> impl Iterator<Item = usize> {
        crate::bits::set_bits(self.0)
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitand(self, other: Self) -> Self {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(other.0) {
            *o &= b;
        }
        Bits(out)
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitor(self, other: Self) -> Self {
        let mut out = self.0;
        for (o, b) in out.iter_mut().zip(other.0) {
            *o |= b;
        }
        Bits(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_cross_words() {
        let b = Bits::<2>::single(60);
        assert_eq!(b.shl(9).iter().collect::<Vec<_>>(), vec![69]);
        assert_eq!(b.shl(9).shr(9), b);
        assert_eq!(Bits::<2>::single(127).shl(1), Bits::EMPTY);
        assert_eq!(Bits::<2>::single(0).shr(1), Bits::EMPTY);
    }

    #[test]
    fn set_operations() {
        let a = Bits::<4>::first_n(100);
        let b = Bits::<4>::single(99).with(200);
        assert_eq!(a.count(), 100);
        assert_eq!(a.count_and(&b), 1);
        assert_eq!(b.andnot(a).iter().collect::<Vec<_>>(), vec![200]);
        assert!(Bits::<4>::single(99).is_subset(&a));
        assert!(!b.is_subset(&a));
        assert_eq!((a & b).first(), Some(99));
        assert_eq!((a | b).count(), 101);
        assert!(!a.without(99).intersects(&b));
    }
}
