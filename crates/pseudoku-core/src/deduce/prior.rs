//! What suppositions led to on earlier boards of the same solve path
//! ([`Prior`]), so that one followed again starts from where it got to.
//!
//! A supposition that broke nothing on board `B` ended on `T`, everything
//! the technique's propagation decides from `B` and the supposition. On a
//! later board `B′ ⊇ B` (the path only adds marks), the same supposition
//! decides at least `T` again (the techniques are monotone): so its
//! propagation may start from `B′` with `T`'s marks added, and a mark of `T`
//! against `B′` is a contradiction at once. When `T` already holds all of
//! `B′`, nothing more follows and the supposition breaks nothing again.

use super::board::{Board, Mark};

/// The ends of the suppositions of one technique, on boards up to `on`.
#[derive(Default)]
pub(crate) struct Prior {
    /// The board of the last run, which later boards must contain.
    on: Vec<Mark>,
    /// The marks a supposition ended on, at `2·slot` for a join and
    /// `2·slot + 1` for a border.
    ends: Vec<Option<Vec<Mark>>>,
    /// What the missing-symbol rule read and charged on that end, group by
    /// group, when it was kept (`settle.rs` uses it).
    walks: Vec<Option<Walks>>,
}

/// The missing-symbol rule's run on one board, group by group (each by its
/// lowest cell): the cells it read ([`crate::deduce::areas::Walk::read`],
/// as `words` words) and the nodes it charged.
#[derive(Clone, Default)]
pub(crate) struct Walks {
    pub words: usize,
    /// Per cell: the charge of the group whose lowest cell it is, or
    /// [`NO_WALK`].
    pub charge: Vec<u32>,
    /// Per cell: `words` words of cells read.
    pub read: Vec<u64>,
}

/// No group of the rule's run has this lowest cell.
pub(crate) const NO_WALK: u32 = u32::MAX;

impl Walks {
    /// Ready for a run on `cells` cells in `words` words, nothing kept.
    pub fn start(&mut self, cells: usize, words: usize) {
        self.words = words;
        self.charge.clear();
        self.charge.resize(cells, NO_WALK);
        self.read.resize(cells * words, 0);
    }

    /// Keeps what the rule did with the group whose lowest cell is `first`.
    pub fn put(&mut self, first: usize, charge: u64, read: &[u64]) {
        self.charge[first] = u32::try_from(charge).unwrap_or(NO_WALK - 1);
        self.read[first * self.words..(first + 1) * self.words].copy_from_slice(read);
    }

    /// The cells read for the group whose lowest cell is `first`.
    pub fn read_of(&self, first: usize) -> &[u64] {
        &self.read[first * self.words..(first + 1) * self.words]
    }
}

/// The index of a supposition.
#[inline]
pub(crate) fn index(slot: usize, mark: Mark) -> usize {
    2 * slot + usize::from(mark == Mark::Border)
}

/// What a recorded end says of a supposition on the board at hand.
pub(crate) enum Start {
    /// Nothing recorded: follow it from the board.
    Fresh,
    /// Recorded, and it holds the whole board: it breaks nothing.
    Same,
    /// Recorded: follow it from the board with these marks added.
    From,
}

/// Grids larger than this (in cells) keep no priors: a record per
/// supposition of a whole board's marks grows with the square of the cells.
const MOST_CELLS: usize = 256;

impl Prior {
    /// Ready for a run on `b`: records made on boards that `b` does not
    /// contain are dropped.
    pub fn begin(&mut self, b: &Board) {
        let cells = b.size() * b.size();
        if !self.fits(b) {
            self.ends.clear();
            self.walks.clear();
        }
        self.ends.resize(if cells <= MOST_CELLS { 4 * cells } else { 0 }, None);
        self.walks.resize(self.ends.len(), None);
        self.on.clear();
        self.on.extend((0..2 * cells).map(|s| b.mark_at(s)));
    }

    /// True when the board of the last run is contained in `b` (so every
    /// record is a start on `b`).
    pub fn fits(&self, b: &Board) -> bool {
        self.on.len() == 2 * b.size() * b.size()
            && b.slots().all(|s| self.on[s] == Mark::Open || self.on[s] == b.mark_at(s))
    }

    /// True when supposition `at` has a record.
    pub fn has(&self, at: usize) -> bool {
        matches!(self.ends.get(at), Some(Some(_)))
    }

    /// How supposition `at` (an [`index`]) starts on `trial`, a copy of the
    /// board with the supposition marked; adds the recorded marks to
    /// `trial` (groups not recomputed). `Err` when a recorded mark is
    /// against the board.
    pub fn start(&self, at: usize, trial: &mut Board) -> Result<Start, super::board::Contradiction> {
        let Some(Some(end)) = self.ends.get(at) else { return Ok(Start::Fresh) };
        // Slots off the grid are open in every record.
        for (s, &m) in end.iter().enumerate() {
            if m != Mark::Open {
                trial.set(s, m)?;
            }
        }
        // The board with the supposition all in the record: it is the record.
        Ok(if end.iter().enumerate().all(|(s, &m)| trial.mark_at(s) == m) { Start::Same } else { Start::From })
    }

    /// Records where supposition `at` ended.
    pub fn record(&mut self, at: usize, end: &Board) {
        if let Some(slot) = self.ends.get_mut(at) {
            let marks = slot.get_or_insert_with(Vec::new);
            marks.clear();
            marks.extend((0..2 * end.size() * end.size()).map(|s| end.mark_at(s)));
        }
    }

    /// Keeps (or, with `None`, drops) what the missing-symbol rule did on
    /// the end of supposition `at` just recorded.
    pub fn record_walks(&mut self, at: usize, walks: Option<&Walks>) {
        if let Some(slot) = self.walks.get_mut(at) {
            match (walks, slot.as_mut()) {
                (None, _) => *slot = None,
                (Some(w), Some(kept)) => kept.clone_from(w),
                (Some(w), None) => *slot = Some(w.clone()),
            }
        }
    }

    /// The end of supposition `at` and what the missing-symbol rule did on
    /// it, when both were kept.
    pub fn end_with_walks(&self, at: usize) -> Option<(&[Mark], &Walks)> {
        match (self.ends.get(at), self.walks.get(at)) {
            (Some(Some(end)), Some(Some(walks))) => Some((end, walks)),
            _ => None,
        }
    }

    /// Forgets where supposition `at` ended.
    pub fn forget(&mut self, at: usize) {
        if let Some(slot) = self.ends.get_mut(at) {
            *slot = None;
        }
        if let Some(slot) = self.walks.get_mut(at) {
            *slot = None;
        }
    }
}
