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

use std::collections::HashMap;

use super::Budget;
use crate::logic::Step;

/// Which nested search ran on a board (see [`advanced`](super::advanced)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Search {
    /// Chains and cycles (SE 7.0).
    Chains,
    /// Static cell and house forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains (8.5).
    Dynamic,
    /// Dynamic forcing chains of level 1 (9.0).
    Level1,
}

/// The steps the nested searches of one rating found, by the board
/// (candidates per cell) they searched. Bounded: past [`Memo::CAPACITY`]
/// entries it starts again empty.
#[derive(Default)]
pub struct Memo {
    found: HashMap<(Search, Box<[u64]>), (Option<Step>, u64)>,
    pub hits: [u64; 4],
    pub misses: [u64; 4],
    pub saved: u64,
}

impl Memo {
    /// The most boards kept (a few kilobytes each at most).
    const CAPACITY: usize = 1 << 16;

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
        // The key is built only to look up; a miss moves it into the map.
        let key = (search, Box::<[u64]>::from(cands));
        if let Some((step, nodes)) = self.found.get(&key) {
            self.hits[search as usize] += 1;
            self.saved += *nodes;
            budget.charge(*nodes);
            return if budget.is_out() { None } else { step.clone() };
        }
        let before = budget.left();
        self.misses[search as usize] += 1;
        let step = run(budget);
        if !budget.is_out() {
            if self.found.len() >= Memo::CAPACITY {
                self.found.clear();
            }
            self.found.insert(key, (step.clone(), before - budget.left()));
        }
        step
    }
}
