//! Regions known to have been shapes ([`Known`]), so that a listing sure to
//! stop past its cap is not made.
//!
//! A shape of a group is a set of `N` cells that holds the group, every
//! symbol once, is connected, is a union of whole groups with no border
//! inside, and leaves a rest that can still be regions ([`View::is_shape`]
//! checks all of it on any board, the first three once and for all). The
//! listing of `shapes.rs` meets every shape of a group unless it stops first.
//! So when more than `cap` regions kept from earlier listings are shapes of a
//! group on the board at hand, its listing with that cap would stop (past its
//! cap of shapes, or of nodes before): nothing is concluded either way, and
//! it is not made. Such a skip is charged the nodes at which the listings
//! that found those regions met them (the last of them), as a listing
//! meeting them in that order would have; node counts so differ from those
//! of listing everything, the steps do not (a test checks it).

use super::cells::View;
use crate::partition::bits::Bits;

/// Regions kept per cell.
pub(crate) const KEEP: usize = 8;

/// Regions that were shapes on some board of one solve, by the lowest cell
/// of the group whose listing met them, with the node it met each at.
pub(crate) struct Known<const W: usize> {
    by_cell: Vec<Vec<(u64, Bits<W>)>>,
}

impl<const W: usize> Default for Known<W> {
    fn default() -> Known<W> {
        Known { by_cell: Vec::new() }
    }
}

impl<const W: usize> Known<W> {
    /// When more than `cap` of the regions kept for `first` are shapes of
    /// `group` (whose lowest cell is `first`) on the board of `v`: the nodes
    /// a listing would be charged for meeting them (the latest node any of
    /// the first `cap + 1` was met at).
    pub fn enough(&self, v: &View<W>, first: usize, group: Bits<W>, cap: u32) -> Option<u64> {
        let kept = self.by_cell.get(first)?;
        if kept.len() <= cap as usize {
            return None;
        }
        let mut fit = 0u32;
        for (checked, &(_, set)) in kept.iter().enumerate() {
            if v.is_shape(set, group) {
                fit += 1;
                if fit > cap {
                    return Some(checked as u64 + 1);
                }
            }
        }
        None
    }

    /// The regions kept for `first`, newest first.
    #[cfg(test)]
    pub fn regions(&self, first: usize) -> &[(u64, Bits<W>)] {
        self.by_cell.get(first).map_or(&[], |k| k.as_slice())
    }

    /// Keeps the shapes a listing of the group whose lowest cell is `first`
    /// met (with their nodes), before those kept already, up to [`KEEP`].
    pub fn keep(&mut self, first: usize, found: &[(u64, Bits<W>)]) {
        if found.is_empty() {
            return;
        }
        if self.by_cell.len() <= first {
            self.by_cell.resize_with(first + 1, Vec::new);
        }
        let kept = &mut self.by_cell[first];
        let old = core::mem::take(kept);
        kept.extend(found.iter().take(KEEP).copied());
        for entry in old {
            if kept.len() == KEEP {
                break;
            }
            if !kept.iter().any(|&(_, s)| s == entry.1) {
                kept.push(entry);
            }
        }
    }
}
