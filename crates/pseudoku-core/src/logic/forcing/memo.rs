//! What the nested searches found, kept by the board they searched.
//!
//! A nested forcing chain stalls on a board (the candidates its
//! propagation has left) and searches it for a chain of a lower level.
//! That search is a function of those candidates alone, and the same
//! boards come back again and again: a candidate true and its bivalue
//! partner false reach the same board, level 3 stalls where level 2 did
//! and then looks for the same chains first, and the next step of a
//! rating meets many of the boards of the one before. So each search's
//! step is kept with the nodes it took, and a search of a board already
//! searched charges those nodes again and gives the same step: a rating
//! with the memo is the same, node for node, as one without.
//!
//! It also keeps, for each assumption, the boards its chains stalled on
//! that had no chain (SE 7.0): a later board of the same assumption (the
//! next level, the next step of the rating) is most often one of those
//! with a few more candidates gone, and a chain on it can only start
//! where those few changed things (see `chains::find_after`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

use super::resume::{Kept, Resume};
use super::Budget;
use crate::logic::Step;

/// Which nested search ran on a board (see [`advanced`](super::advanced)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Search {
    /// Chains and cycles (SE 7.0).
    Chains,
    /// Static cell and house forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains (8.5).
    Dynamic,
    /// Dynamic forcing chains of level 2 (9.5).
    Level2,
}

/// What a nested search found on a board, and the nodes it took.
type Found = (Option<Step>, u64);

/// A hasher for boards (candidate masks), much cheaper than the default
/// one: the keys are the rater's own, so there is no flooding to resist.
#[derive(Default)]
struct BoardHasher(u64);

impl Hasher for BoardHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.write_u64(u64::from_le_bytes(w.try_into().expect("eight bytes")));
        }
        for &b in words.remainder() {
            self.write_u64(b as u64);
        }
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.write_u64(x as u64);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }

    fn finish(&self) -> u64 {
        // The high bits, well mixed, to the low ones the table indexes by.
        self.0 ^ self.0 >> 29
    }
}

/// The steps the nested searches of one rating found, by the board
/// (candidates per cell) they searched. Bounded: past [`Memo::CAPACITY`]
/// entries it starts again empty.
#[derive(Default)]
pub struct Memo {
    /// Keyed by the board's candidates followed by the search (as a
    /// number), built in `key` to look up.
    found: HashMap<Box<[u64]>, Found, BuildHasherDefault<BoardHasher>>,
    key: Vec<u64>,
    /// Per assumption (its literal): boards without a chain its chains
    /// stalled on, the latest last.
    chainless: HashMap<u32, Vec<Rc<[u64]>>, BuildHasherDefault<BoardHasher>>,
    /// The traces of the last nested search, for the next level to take
    /// up (see [`resume`](super::resume)).
    resume: Option<Resume>,
    /// Keeps nothing and searches every board in full (the tests' oracle).
    off: bool,
}

impl Memo {
    /// The most boards kept (a few kilobytes each at most).
    const CAPACITY: usize = 1 << 16;

    /// The most boards without a chain kept per assumption.
    const CHAINLESS: usize = 4;

    /// A memo that keeps nothing: every search runs in full, from scratch.
    #[cfg(test)]
    pub(super) fn off() -> Memo {
        Memo { off: true, ..Memo::default() }
    }

    pub(super) fn is_off(&self) -> bool {
        self.off
    }

    /// The traces the search of level `level - 1` on the board `cands` kept,
    /// if that was the last search; forgets whatever was kept either way.
    pub(super) fn take_traces<const W: usize>(&mut self, level: u8, cands: &[u64]) -> Option<Kept<W>> {
        self.resume.take()?.into_kept(level, cands)
    }

    /// Whether the last search kept its traces for the next level.
    #[cfg(test)]
    pub(super) fn keeps_traces(&self) -> bool {
        self.resume.is_some()
    }

    /// Keeps the traces of a search of `level` on the board `cands`.
    pub(super) fn keep_traces<const W: usize>(&mut self, level: u8, cands: &[u64], traces: Kept<W>) {
        if !self.off {
            self.resume = Some(Resume::new(level, cands, traces));
        }
    }

    /// A board without a chain that assumption `start` stalled on before,
    /// holding every candidate of `cands` (the latest such).
    pub(super) fn chainless_above(&self, start: u32, cands: &[u64]) -> Option<Rc<[u64]>> {
        let boards = self.chainless.get(&start)?;
        boards.iter().rev().find(|b| b.iter().zip(cands).all(|(&p, &c)| c & !p == 0)).cloned()
    }

    /// Notes that assumption `start` stalled on `cands`, a board without
    /// a chain.
    pub(super) fn note_chainless(&mut self, start: u32, cands: &[u64]) {
        let boards = self.chainless.entry(start).or_default();
        if boards.last().is_some_and(|b| **b == *cands) {
            return;
        }
        if boards.len() >= Memo::CHAINLESS {
            boards.remove(0);
        }
        boards.push(Rc::from(cands));
    }

    /// The step `search` finds on `cands`, from the memo or by `run`,
    /// charging `budget` the nodes it took either way. A search cut short
    /// by the budget is not kept.
    pub(super) fn search(
        &mut self,
        search: Search,
        cands: &[u64],
        budget: &mut Budget,
        run: impl FnOnce(&mut Budget) -> Option<Step>,
    ) -> Option<Step> {
        if self.off {
            return run(budget);
        }
        self.key.clear();
        self.key.extend_from_slice(cands);
        self.key.push(search as u64);
        if let Some((step, nodes)) = self.found.get(&self.key[..]) {
            budget.charge(*nodes);
            return if budget.is_out() { None } else { step.clone() };
        }
        let before = budget.left();
        let step = run(budget);
        if !budget.is_out() {
            if self.found.len() >= Memo::CAPACITY {
                self.found.clear();
                self.chainless.clear();
            }
            self.found.insert(self.key[..].into(), (step.clone(), before - budget.left()));
        }
        step
    }
}
