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
        }
        self.ends.resize(if cells <= MOST_CELLS { 4 * cells } else { 0 }, None);
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

    /// Forgets where supposition `at` ended.
    pub fn forget(&mut self, at: usize) {
        if let Some(slot) = self.ends.get_mut(at) {
            *slot = None;
        }
    }
}
