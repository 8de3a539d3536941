//! Searches that cannot find a chain, told apart before they start.
//!
//! A search from a literal `x` finds a chain exactly when everything `x`
//! implies holds some literal together with its opposite (the two halves
//! of the chain meet there). And whatever a literal `y` implies, every
//! literal that implies `y` implies as well: so when all that `x` implies
//! is free of such a pair, so is all that each of those literals implies,
//! and none of their searches can find a chain. Following a few literals
//! to the end thus rules out most searches of a board that has no chain,
//! which would otherwise each run to the end of all they imply.
//!
//! A nested chain searches a board that a forcing chain took candidates
//! from, and the board it took them from had no chain (the rater looks
//! for nested chains only then). Every link of the new board is a link of
//! the old one, but for the strong links that the removals made (a cell
//! or a house left with two places). So what a literal implies without
//! reaching such a link is part of what it implied on the old board, free
//! of pairs: only the literals that reach a new strong link can start a
//! chain. Links come in contrapositive pairs (`p ⇒ q` and `¬q ⇒ ¬p`), so
//! those literals are the opposites of all that the new links' heads
//! imply together ([`Clean::after`]), one search for the whole board.
//!
//! What is known for the mixed links (X and Y) holds for X-chains too,
//! whose links are among them ([`Clean::learn`]): the rater looks for
//! mixed chains first to tell whether a board has any chain.

use super::{bits, expand, Mode};
use crate::logic::links::{absorb, two_bits, Cells, Grid};

/// The board a nested chain's board came from (a superset of its
/// candidates), when that board had no chain.
#[derive(Clone, Copy)]
pub(crate) struct Prior<'p, const W: usize> {
    pub cands: &'p [u64],
    pub places: &'p [Cells<W>],
}

/// The literals known to imply no literal together with its opposite.
pub(super) struct Clean<const W: usize> {
    /// Per symbol: the cells where the candidate true (`on`), or false
    /// (`off`), is such a literal.
    on: Vec<Cells<W>>,
    off: Vec<Cells<W>>,
    /// Scratch of [`follow`](Self::follow), empty between calls: what the
    /// literal implies, true and false, and the last layer and the next
    /// one of the search.
    seen_on: Vec<Cells<W>>,
    seen_off: Vec<Cells<W>>,
    layer: Vec<Cells<W>>,
    next: Vec<Cells<W>>,
}

impl<const W: usize> Clean<W> {
    pub fn new(n: usize) -> Clean<W> {
        let sets = vec![Cells::EMPTY; n];
        Clean {
            on: sets.clone(),
            off: sets.clone(),
            seen_on: sets.clone(),
            seen_off: sets.clone(),
            layer: sets.clone(),
            next: sets,
        }
    }

    /// The literals of `g` known to imply no pair for `mode`, given the
    /// board it came from, `prior` (candidates per cell and places per
    /// symbol, a superset of `g`'s), which has no chain: every literal
    /// but those that reach a strong link `prior` did not have (see the
    /// module's doc). Without `prior`, none.
    pub fn after(g: &Grid<W>, mode: Mode, prior: Option<Prior<W>>) -> Clean<W> {
        let n = g.n;
        let mut clean = Clean::new(n);
        let Some(prior) = prior else { return clean };
        // The heads of the new strong links (their tails' opposites),
        // followed together: all are true.
        let mut layer = 0u64;
        if mode.house {
            for house in g.house_cells.iter() {
                for d in 0..n {
                    let pair = house.and(&g.places[d]);
                    if pair.is_pair() && !house.and(&prior.places[d]).is_pair() {
                        clean.layer[d].union_with(&pair);
                        layer |= 1 << d;
                    }
                }
            }
        }
        if mode.cell {
            for (c, &m) in g.cands.iter().enumerate() {
                if two_bits(m) && !two_bits(prior.cands[c]) {
                    for d in bits(m) {
                        clean.layer[d].insert(c);
                        layer |= 1 << d;
                    }
                }
            }
        }
        for d in bits(layer) {
            clean.seen_on[d] = clean.layer[d];
        }
        let mut on = true;
        while layer != 0 {
            let sets = bits(layer).map(|d| (d, clean.layer[d]));
            let touched = expand(g, mode.links(), on, sets, &mut clean.next);
            for d in bits(layer) {
                clean.layer[d] = Cells::EMPTY;
            }
            on = !on;
            let seen = if on { &mut clean.seen_on } else { &mut clean.seen_off };
            let sets = &mut clean.layer;
            layer = absorb(&mut clean.next, seen, touched, |d, new| sets[d] = new);
        }
        // A literal reaches a new link when its opposite was reached.
        for d in 0..n {
            clean.on[d] = g.places[d].minus(&clean.seen_off[d]);
            clean.off[d] = g.places[d].minus(&clean.seen_on[d]);
            clean.seen_on[d] = Cells::EMPTY;
            clean.seen_off[d] = Cells::EMPTY;
        }
        clean
    }

    /// Per symbol, the cells whose candidate true is known to imply no pair
    /// (after [`after`](Self::after): reaches no new strong link).
    pub fn into_on(self) -> Vec<Cells<W>> {
        self.on
    }

    /// Takes in what `wider` knows, for a mode whose links are among
    /// `wider`'s: a literal whose wider following meets no pair meets none
    /// with fewer links, nor (reaching no new strong link of the wider mode)
    /// a new link of this one.
    pub fn learn(&mut self, wider: &Clean<W>) {
        for (known, more) in self.on.iter_mut().zip(&wider.on) {
            known.union_with(more);
        }
        for (known, more) in self.off.iter_mut().zip(&wider.off) {
            known.union_with(more);
        }
    }

    /// Whether candidate `cand` (`cell * N + symbol`), true when `on`, is
    /// known to imply no literal with its opposite.
    pub fn has(&self, n: usize, cand: usize, on: bool) -> bool {
        let sets = if on { &self.on } else { &self.off };
        sets[cand % n].has(cand / n)
    }

    /// Follows candidate `cand` true (`on`) or false through every link of
    /// `mode` to all it implies. Stops at the first literal implied with its
    /// opposite and returns false; else marks all it implied as known and
    /// returns true.
    pub fn follow(&mut self, g: &Grid<W>, mode: Mode, cand: usize, on: bool) -> bool {
        let n = g.n;
        let (c, d) = (cand / n, cand % n);
        // The symbols whose sets are not empty, in the layer and in what
        // was seen true and false.
        let mut layer = 1u64 << d;
        let (mut seen_on, mut seen_off) = (0u64, 0u64);
        self.layer[d].insert(c);
        if on {
            self.seen_on[d].insert(c);
            seen_on |= 1 << d;
        } else {
            self.seen_off[d].insert(c);
            seen_off |= 1 << d;
        }
        let mut on = on;
        let clean = loop {
            let sets = bits(layer).map(|d| (d, self.layer[d]));
            let touched = expand(g, mode.links(), on, sets, &mut self.next);
            for d in bits(layer) {
                self.layer[d] = Cells::EMPTY;
            }
            on = !on;
            let (seen, mask, opposite) = if on {
                (&mut self.seen_on, &mut seen_on, &self.seen_off)
            } else {
                (&mut self.seen_off, &mut seen_off, &self.seen_on)
            };
            let mut met = false;
            let sets = &mut self.layer;
            layer = absorb(&mut self.next, seen, touched, |d, new| {
                met |= new.intersects(&opposite[d]);
                sets[d] = new;
            });
            *mask |= layer;
            if met {
                break false;
            }
            if layer == 0 {
                break true;
            }
        };
        for d in bits(layer) {
            self.layer[d] = Cells::EMPTY;
        }
        for d in bits(seen_on) {
            if clean {
                self.on[d].union_with(&self.seen_on[d]);
            }
            self.seen_on[d] = Cells::EMPTY;
        }
        for d in bits(seen_off) {
            if clean {
                self.off[d].union_with(&self.seen_off[d]);
            }
            self.seen_off[d] = Cells::EMPTY;
        }
        clean
    }
}
