//! The missing-symbol rule's last run at each depth of suppositions
//! ([`Runs`]), so that a run on a board close to it does again only the
//! groups near what changed.
//!
//! A group the rule found nothing for on board `R` is found nothing for on
//! any board `B` where the group and the groups of every cell it read
//! ([`crate::deduce::areas::Walk::read`]) are those of `R`, and charges the
//! same nodes (the argument of `settle.rs`, which holds whatever marks `B`
//! adds or lacks: a group with no cell on an edge whose mark differs is the
//! same group on both boards, with the same edges around it). A run inside
//! a supposition starts from a board close to the one a run at the depth
//! below saw (the supposition's own board), and a propagation's next run
//! from the board its last run saw; so each run goes on from the record,
//! of its depth or below, whose board differs least.

use super::board::{Board, Mark};
use super::prior::Walks;
use crate::partition::bits::Bits;

/// One run: the marks of its board and, per group found nothing for (by its
/// lowest cell), what it read and charged.
#[derive(Default)]
struct Run {
    marks: Vec<Mark>,
    walks: Walks,
}

/// The groups of `b` with a cell on an edge whose mark is not that of
/// `marks`, and their cells.
pub(crate) fn changed_since<const W: usize>(b: &Board, marks: &[Mark]) -> (Bits<W>, Bits<W>) {
    let mut touched = Bits::<W>::EMPTY;
    for s in b.slots() {
        if marks[s] != b.mark_at(s) {
            let (x, y) = b.ends(s);
            touched.insert(b.group_of(x));
            touched.insert(b.group_of(y));
        }
    }
    let mut changed = Bits::<W>::EMPTY;
    for g in touched.iter() {
        for &c in b.cells_of(g) {
            changed.insert(c as usize);
        }
    }
    (touched, changed)
}

/// The last run at each depth.
#[derive(Default)]
pub(crate) struct Runs {
    runs: Vec<Run>,
    /// A buffer for the run being made.
    pub next: Walks,
}

/// A record a run goes on from: which, and where its board differs from
/// the board at hand.
pub(crate) struct From<const W: usize> {
    at: usize,
    /// The groups of the board at hand with a cell on an edge whose mark
    /// differs, and their cells.
    touched: Bits<W>,
    changed: Bits<W>,
}

impl Runs {
    /// The record of depth `depth` or below whose board differs least from
    /// `b` (in as many words as `W`), if any.
    pub fn closest<const W: usize>(&self, b: &Board, depth: usize) -> Option<From<W>> {
        let cells = b.size() * b.size();
        let mut best: Option<(usize, usize)> = None;
        for (at, run) in self.runs.iter().enumerate().take(depth + 1) {
            if run.marks.len() != 2 * cells || run.walks.words != W {
                continue;
            }
            let differ = b.slots().filter(|&s| run.marks[s] != b.mark_at(s)).count();
            if best.is_none_or(|(_, d)| differ < d) {
                best = Some((at, differ));
            }
        }
        let (at, _) = best?;
        let (touched, changed) = changed_since(b, &self.runs[at].marks);
        Some(From { at, touched, changed })
    }

    /// What group `g` of the board at hand, whose lowest cell is `first`,
    /// charged on the record's board when the rule found nothing for it
    /// there and reads the same here, with what it read.
    #[inline]
    pub fn same<const W: usize>(&self, from: &From<W>, g: usize, first: usize) -> Option<(u64, Bits<W>)> {
        let walks = &self.runs[from.at].walks;
        let charge = *walks.charge.get(first)?;
        if charge == super::prior::NO_WALK || from.touched.contains(g) {
            return None;
        }
        let mut read = Bits::<W>::EMPTY;
        read.0.copy_from_slice(walks.read_of(first));
        (!read.intersects(&from.changed)).then_some((u64::from(charge), read))
    }

    /// Keeps the run in `self.next`, made on `b`, as the last of depth
    /// `depth` (its buffer becomes the next one's).
    pub fn keep(&mut self, depth: usize, b: &Board) {
        if self.runs.len() <= depth {
            self.runs.resize_with(depth + 1, Run::default);
        }
        let run = &mut self.runs[depth];
        run.marks.clear();
        run.marks.extend_from_slice(b.marks());
        core::mem::swap(&mut run.walks, &mut self.next);
    }
}
